"""The lab's kernel: a second notebook opened in the lab starts its kernel
without asking "Select Kernel", and the kernel runs on the site's one Pyodide and draws with the site's
one viz.js (nothing is fetched from a Pyodide or a viz.js of the lab's own).

One page, two notebooks opened as a user opens them (no kernel named by the test), one cell run.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

APP_READY = """() => { const app = window.jupyterapp;
    return !!app && app.commands.hasCommand('docmanager:open'); }"""

# Open a notebook as the file browser does (no kernel named); then wait for its kernel to be up, or
# for a dialog (the "Select Kernel" question) to show.
OPEN = """async (path) => {
    const w = await window.jupyterapp.commands.execute('docmanager:open', {path});
    window.__lab = w;
    await w.context.ready;
    return true;
}"""

KERNEL_IDLE_OR_DIALOG = """() => { if (document.querySelector('.jp-Dialog')) return true;
    const k = window.__lab?.sessionContext?.session?.kernel;
    return !!k && k.status === 'idle' && k.connectionStatus === 'connected'; }"""

DIAGRAM = """async () => {
    const k = window.__lab.sessionContext.session.kernel;
    const code = 'from rulings_lib.diagrams import rendering\\n' +
                 'svg = rendering.render("digraph { a -> b }", "svg").decode()\\n' +
                 'print(rendering.renderer(), "<g id=\\\\"node" in svg)';
    let text = '';
    const future = k.requestExecute({code});
    future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') text += msg.content.text;
                                if (msg.header.msg_type === 'error') text += msg.content.evalue; };
    await future.done;
    return text.trim();
}"""


COMPLETE = """async (code) => {
    const k = window.__lab.sessionContext.session.kernel;
    const reply = await k.requestComplete({code, cursor_pos: code.length});
    return reply.content.matches;
}"""

ERROR = """async () => {
    const k = window.__lab.sessionContext.session.kernel;
    let error = null;
    const future = k.requestExecute({code: 'import IPython\\nIPython.core.getipython.get_ipython().ev("1/0")'});
    future.onIOPub = (msg) => { if (msg.header.msg_type === 'error') error = [msg.content.ename, msg.content.evalue]; };
    await future.done;
    return error;
}"""


def test_a_second_notebook_starts_its_kernel_without_asking(lite):
    page = lite.page
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(f"{lite.base}/lab/lab/index.html")
    page.wait_for_function(APP_READY, timeout=90_000)
    page.evaluate("async () => { await window.jupyterapp.restored; return true; }")
    for path in ("01-start-here.ipynb", "ja/01-start-here.ja.ipynb"):       # the second one is the case
        page.evaluate(OPEN, path)
        page.wait_for_function(KERNEL_IDLE_OR_DIALOG, timeout=150_000, polling=250)
        assert page.locator(".jp-Dialog").count() == 0, f"opening {path} asked: {page.locator('.jp-Dialog').inner_text()}"
        name = page.evaluate("() => window.__lab.sessionContext.session.kernel.name")
        assert name == "python"
    assert page.evaluate(DIAGRAM) == "viz.js True"
    # Without jedi (not shipped) IPython still completes, and a traceback through the kernel's compiled
    # modules (shipped without source) still names the error.
    assert "web" in page.evaluate(COMPLETE, "from rulings_lib import we")
    ename, evalue = page.evaluate(ERROR)                   # (the kernel's ename: "<class 'ZeroDivisionError'>")
    assert "ZeroDivisionError" in ename and evalue == "division by zero"
    paths = [u.removeprefix(lite.base) for u in asked]
    # One Pyodide and one viz.js for the whole site: the lab's kernel loads the site's.
    assert "/pyodide/pyodide.asm.wasm" in paths
    assert "/vendor/viz.js" in paths
    assert not [p for p in paths if p.startswith("/lab/") and ("pyodide.asm" in p or p.endswith("viz.js"))]
    # The kit's wheels come from the site's wheels/ too (the lab's lock names them there).
    assert any(p.startswith("/wheels/rulings_lib-") for p in paths)
    assert lite.outside == []
    assert lite.page_errors == []


def test_a_phone_gets_the_notebook_the_whole_width(lite):
    """On a 390 px phone the site links to JupyterLite's Notebook app (site/notebooks.html): the notebook
    takes the screen's width (the lab left it 60 px), and its kernel is the lab's, asked for by name."""
    page = lite.page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(f"{lite.base}/notebooks.html")
        page.locator("#anyway").click()
        page.wait_for_url("**/lab/notebooks/index.html?path=01-start-here.ipynb")
        cell = page.locator(".jp-Notebook .jp-Cell").first
        cell.wait_for(timeout=90_000)
        width = page.evaluate("document.querySelector('.jp-Notebook').getBoundingClientRect().width")
        assert width >= 340, f"the notebook is {width} px wide on a 390 px screen"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        # The toolbar's Run button is on the screen (the lab's Run menu did not answer taps).
        run = page.locator(".jp-NotebookPanel-toolbar [data-command='notebook:run-cell-and-select-next']").first
        run.wait_for(timeout=30_000)
        box = run.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert page.locator(".jp-Dialog").count() == 0
    finally:
        page.set_viewport_size({"width": 1280, "height": 1400})
