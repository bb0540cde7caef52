"""The notebooks in the JupyterLite edition: every notebook of the repository opens in
one JupyterLite page, runs all its cells on Pyodide with no error, draws its diagrams (viz.js in
the browser), its widgets answer when moved, the tracker saves to and loads from JupyterLite's own
file system, and the rulings printed are the ones stored by CPython (the same engine on both).

One page, the notebooks in sequence, and one kernel per folder (a Pyodide kernel takes ~10-30 s to
start on 2 cores): the English notebooks share one, the Japanese ones in ja/ another, and every
notebook has a session of its own (the lab ships ja/NAME.ipynb as ja/NAME.ja.ipynb). Before
each notebook the kernel's namespace is reset (``%reset -f``), so a notebook cannot lean on another's
variables. Timings go to build/lite/report.json.
"""

from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
from tools import build_lite  # noqa: E402

ARTIFACTS = ROOT / "build" / "lite"

pytestmark = pytest.mark.browser

NB_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(p.relative_to(NB_DIR).as_posix() for p in NB_DIR.glob("*.ipynb"))
NOTEBOOKS += sorted(p.relative_to(NB_DIR).as_posix() for p in NB_DIR.glob("ja/*.ipynb"))
# The notebooks that draw a phase diagram or a scenario path with Graphviz (rulings_lib.diagrams).
WITH_DIAGRAMS = {"01-start-here.ipynb", "02-wrgp-match.ipynb", "03-speed-world.ipynb", "04-handover.ipynb",
                 "05-draws-and-chains.ipynb", "06-power-bond.ipynb", "08-digimon-tag.ipynb"}
RULE_ID = re.compile(r"\b(?:WRGP|TAG|STD)-[A-Z]*\d")
RESULTS: dict[str, list] = {}        # notebook -> each code cell's outputs, as the browser has them
REPORT: dict = {}

APP_READY = """() => { const app = window.jupyterapp;
    return !!app && app.commands.hasCommand('docmanager:open') && app.commands.hasCommand('notebook:run-all-cells'); }"""

OPEN = """async ([path, kernelId]) => {
    const app = window.jupyterapp;
    const args = kernelId ? {path, kernel: {id: kernelId, name: 'python'}} : {path};
    const w = await app.commands.execute('docmanager:open', args);
    await w.context.ready;
    await w.sessionContext.ready;
    // The notebooks opened before stay open: closing one would take the widget manager of the
    // shared kernel with it (the next notebook's widgets would not show).
    window.__rulingsNotebook = w;
    app.shell.activateById(w.id);
    return w.content.widgets.filter(c => c.model.type === 'code').length;
}"""

KERNEL_IDLE = """() => {
    const k = window.__rulingsNotebook?.sessionContext?.session?.kernel;
    return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}"""

RESET_AND_CLEAR = """async () => {
    const app = window.jupyterapp, w = window.__rulingsNotebook;
    const kernel = w.sessionContext.session.kernel;
    await kernel.requestExecute({code: '%reset -f', silent: true, store_history: false}).done;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    for (const c of w.content.widgets) if (c.model.type === 'code') c.model.executionCount = null;
    return kernel.id;
}"""

# The notebook's session: its path and kernel (each notebook of the lab has a file name of its own, so a
# session of its own: tools/build_lite.py lab_path).
SESSION = """() => { const s = window.__rulingsNotebook.sessionContext.session;
    return [s.path, s.kernel.id]; }"""

RUN_ALL = "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }"

FIRST_OUTPUT = """() => window.__rulingsNotebook.content.widgets.some(c => c.model.type === 'code'
    && /(WRGP|TAG|STD)-[A-Z]*[0-9]/.test(JSON.stringify(c.model.outputs.toJSON())))"""

# Every code cell has run, or one raised (run-all stops there; the test then reports the error).
ALL_RAN = """() => {
    const w = window.__rulingsNotebook;
    const cells = w.content.widgets.filter(c => c.model.type === 'code');
    const k = w.sessionContext.session.kernel;
    const failed = cells.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error'));
    return k.status === 'idle' && (failed || cells.every(c => c.model.executionCount !== null));
}"""

OUTPUTS = """() => window.__rulingsNotebook.content.widgets.filter(c => c.model.type === 'code')
                 .map(c => c.model.outputs.toJSON())"""

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def shot(target, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(ARTIFACTS / name))


def text_of(outputs: list) -> str:
    """The text a cell printed or returned (stdout, stderr, text/plain: also a picture's or a result's
    text form beside its HTML, not a widget's, whose text names its live model), as one string."""
    parts = []
    for o in outputs:
        if o["output_type"] == "stream":
            parts.append("".join(o["text"]) if isinstance(o["text"], list) else o["text"])
        elif "data" in o and "text/plain" in o["data"] and \
                "application/vnd.jupyter.widget-view+json" not in o["data"]:
            t = o["data"]["text/plain"]
            parts.append("".join(t) if isinstance(t, list) else t)
    return "".join(parts)


def run_notebook(lite, notebook: str) -> list:
    page = lite.page
    t0 = time.monotonic()
    if not RESULTS:
        page.goto(f"{lite.base}/lab/lab/index.html")
        page.wait_for_function(APP_READY, timeout=90_000)
        page.evaluate("async () => { await window.jupyterapp.restored; return true; }")
    # One kernel per folder (a JupyterLite kernel works in its notebook's folder): the notebooks of a
    # folder share it, the Japanese ones in ja/ get their own.
    folder = notebook.rpartition("/")[0]
    kernels = REPORT.setdefault("kernels", {})
    in_lab = build_lite.lab_path(NB_DIR / notebook)
    page.evaluate(OPEN, [in_lab, kernels.get(folder)])
    page.wait_for_function(KERNEL_IDLE, timeout=150_000, polling=250)
    t_idle = time.monotonic()
    path, kernel_id = page.evaluate(SESSION)
    assert path == in_lab, f"{in_lab} was given the session of {path}"
    if folder in kernels:
        assert kernel_id == kernels[folder], f"{notebook} did not join its folder's kernel"
    else:
        assert kernel_id not in kernels.values(), f"{notebook} was given another folder's kernel"
    kernels[folder] = page.evaluate(RESET_AND_CLEAR)
    page.evaluate(f"() => {{ ({RUN_ALL})(); return true; }}")
    if not RESULTS:
        page.wait_for_function(FIRST_OUTPUT, timeout=120_000, polling=100)
        REPORT["first_ruling_seconds_from_opening"] = round(time.monotonic() - REPORT["opened"], 1)
    page.wait_for_function(ALL_RAN, timeout=150_000, polling=250)
    outputs = page.evaluate(OUTPUTS)
    REPORT.setdefault("notebooks", {})[notebook] = {"kernel_wait": round(t_idle - t0, 1),
                                                    "run": round(time.monotonic() - t_idle, 1)}
    RESULTS[notebook] = outputs
    return outputs


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_jupyterlite(lite, notebook):
    REPORT.setdefault("opened", time.monotonic())
    try:
        outputs = run_notebook(lite, notebook)
    except Exception:
        shot(lite.page, f"failed-{notebook.replace('/', '-')}.png")
        raise
    panel = lite.page.locator(PANEL)
    errors = [(i, o.get("ename"), o.get("evalue")) for i, cell in enumerate(outputs) for o in cell
              if o["output_type"] == "error"]
    assert errors == [], f"{notebook}: cells raised {errors}"
    stderr = [(i, text_of([o])) for i, cell in enumerate(outputs) for o in cell
              if o["output_type"] == "stream" and o["name"] == "stderr"]
    assert stderr == [], f"{notebook}: stderr in cells {stderr}"
    assert "Error displaying widget" not in panel.inner_text()
    everything = json.dumps(outputs)
    assert "needs Graphviz" not in everything and "viz.js" not in everything     # no renderer hint instead
    if notebook.removeprefix("ja/") in WITH_DIAGRAMS:
        drawn = [o["data"]["image/svg+xml"] for cell in outputs for o in cell
                 if "image/svg+xml" in o.get("data", {}) and 'class="graph"' in o["data"]["image/svg+xml"]]
        assert drawn, f"{notebook}: no diagram drawn"
        assert all("<g id=\"node" in svg or 'class="node"' in svg for svg in drawn)
        # (JupyterLab renders a diagram's HTML, the same SVG as an embedded image, before its SVG output)
        shown = ".jp-RenderedSVG svg, .jp-RenderedSVG img, .jp-RenderedHTMLCommon img[src^='data:image/svg+xml']"
        assert panel.locator(shown).count() >= len(drawn)
    shot(lite.page, f"lite-{notebook.replace('/', '-')}.png")
    widget_check = WIDGET_CHECKS.get(notebook.removeprefix("ja/"))
    if widget_check and not notebook.startswith("ja/"):
        widget_check(lite.page, panel)


# ---------------------------------------------------------------- widgets moved in the browser
def speed_world(page, panel):
    calc = panel.locator(".rulings-kit-speed-world")
    calc.scroll_into_view_if_needed()
    calc.locator(".widget-slider .noUi-handle").first.wait_for()
    assert "4800" in calc.inner_text()                       # a = 3, b = 1: X = 2
    handle = calc.locator(".widget-slider .noUi-handle").first
    handle.focus()
    handle.press("ArrowLeft")                                # a = 2: X = 1, the damage effect deals 3200
    page.wait_for_function("el => el.innerText.includes('3200')", arg=calc.element_handle())
    assert "4800" not in calc.inner_text()
    shot(calc, "lite-03-speed-world-calculator.png")


def handover(page, panel):
    stepper = panel.locator(".rulings-kit-stepper")
    stepper.scroll_into_view_if_needed()
    assert "After the setup" in stepper.inner_text()
    stepper.get_by_role("button", name="forward ▶").click()
    page.wait_for_function("el => el.innerText.includes('After step 1 of 3')", arg=stepper.element_handle())
    assert stepper.locator("svg .graph, svg g.graph").count() >= 1    # the path so far, laid out by viz.js
    shot(stepper, "lite-04-scenario-stepper.png")
    # The tracker saves to and loads from JupyterLite's file system (the browser's storage).
    tracker = panel.locator(".rulings-kit-tracker").first
    tracker.scroll_into_view_if_needed()
    status = tracker.locator(".widget-html").nth(1)
    tracker.get_by_role("button", name="next phase").click()
    page.wait_for_function("el => el.innerText.includes('Standby Phase')", arg=status.element_handle())
    name = tracker.locator(".rulings-kit-file input[type='text']")   # the file name, not a card field
    name.fill("lite-match.json")
    name.press("Enter")
    tracker.get_by_role("button", name="save").click()
    tracker.locator(".widget-html").filter(has_text="saved 1 actions to").wait_for()
    saved = page.evaluate("""async () => {
        for (let i = 0; i < 50; i++) {
            try { return await window.jupyterapp.serviceManager.contents.get('lite-match.json', {content: true}); }
            catch (e) { await new Promise(r => setTimeout(r, 100)); }
        }
        return null; }""")
    assert saved is not None, "the saved match is not in JupyterLite's contents"
    body = base64.b64decode(saved["content"]) if saved["format"] == "base64" else saved["content"]
    record = json.loads(body) if isinstance(body, (str, bytes)) else body
    assert record["format"] == "rulings-kit/wrgp-match"
    assert [a["verb"] for a in record["actions"]] == ["phase"]
    tracker.get_by_role("button", name="new").click()
    page.wait_for_function("el => el.innerText.includes('Draw Phase')", arg=status.element_handle())
    tracker.get_by_role("button", name="load").click()
    tracker.locator(".widget-html").filter(has_text="loaded 1 actions from lite-match.json").wait_for()
    page.wait_for_function("el => el.innerText.includes('Standby Phase')", arg=status.element_handle())
    shot(tracker, "lite-04-match-tracker.png")


def tag_helper(page, panel):
    helper = panel.locator(".rulings-kit-tag-helper")
    helper.scroll_into_view_if_needed()
    result = helper.locator(".widget-html").nth(-2)
    assert "next turn: blue goes first [TAG-N2]" in helper.inner_text()
    power = helper.locator(".widget-hbox").filter(has_text="red-B").locator("input").first
    power.fill("500")                                        # red-B now wins too: red won both battles
    power.press("Enter")
    page.wait_for_function("el => el.innerText.includes('[TAG-N1]')", arg=helper.element_handle())
    assert "next turn: red goes first [TAG-N1]" in helper.inner_text()
    assert result.count() == 1
    shot(helper, "lite-08-tag-turn-helper.png")


WIDGET_CHECKS = {"03-speed-world.ipynb": speed_world, "04-handover.ipynb": handover, "08-digimon-tag.ipynb": tag_helper}


# ---------------------------------------------------------------- after all notebooks
def test_the_rulings_are_the_ones_cpython_stored():
    """Every cell whose stored (CPython) output is text citing a rule id prints the same in Pyodide."""
    assert set(RESULTS) == set(NOTEBOOKS), "the notebooks did not all run"
    compared, differ = 0, []
    for notebook, outputs in RESULTS.items():
        stored = json.loads((NB_DIR / notebook).read_text(encoding="utf-8"))
        cells = [c for c in stored["cells"] if c["cell_type"] == "code"]
        assert len(cells) == len(outputs)
        for i, (cell, got) in enumerate(zip(cells, outputs, strict=True)):
            want = text_of(cell["outputs"])
            if not RULE_ID.search(want):
                continue
            compared += 1
            if text_of(got) != want:
                differ.append(f"{notebook} cell {i}:\n--- CPython\n{want[:600]}\n--- Pyodide\n{text_of(got)[:600]}")
    assert compared >= 30, f"only {compared} ruling cells compared"
    assert differ == [], "\n".join(differ)
    REPORT["ruling_cells_compared"] = compared


def test_nothing_but_127_0_0_1_was_asked_and_no_page_error(lite):
    assert RESULTS, "no notebook ran"
    assert lite.outside == [], f"requests to other hosts: {sorted(set(lite.outside))[:10]}"
    assert lite.page_errors == [], f"uncaught errors in the page: {lite.page_errors[:5]}"
    # Both kernels' Python restored from the pages' snapshot, the kernel's modules imported before its
    # drive was mounted (site/js/lab-python.js).
    assert lite.python_warnings == [], lite.python_warnings[:3]


def test_the_app_is_shipped_as_jupyterlite_built_it(lite_site):
    """No text of JupyterLite's own bundle is rewritten by the build: each notebook's session is its own
    because the lab's notebooks have file names of their own (tools/build_lite.py lab_path), and the lab
    holds each notebook under that name."""
    contents = json.loads((lite_site / "lab" / "api" / "contents" / "ja" / "all.json").read_text())
    names = {item["name"] for item in contents["content"]}
    assert names == {build_lite.lab_path(nb).rpartition("/")[2] for nb in build_lite.notebook_files()
                     if nb.parent.name == "ja"}
    import tarfile

    (app,) = build_lite.TOOLS.glob("lib/python*/site-packages/jupyterlite_core/jupyterlite-app-*.tgz")
    scripts = {p.name: p for p in (lite_site / "lab" / "build").glob("*.js")}
    assert len(scripts) > 100
    compared = []
    with tarfile.open(app, "r|gz") as tar:           # (read as a stream: a fifth of a second)
        for member in tar:
            name = member.name.removeprefix("package/build/")
            if member.isfile() and name in scripts:
                assert tar.extractfile(member).read() == scripts[name].read_bytes(), f"{name} was changed"
                compared.append(name)
    assert sorted(compared) == sorted(scripts)


def test_the_lab_ships_no_jedi_and_its_start_compiled(lite_site):
    """As shipped: no jedi or parso in the lab's lock or wheels, the kernel's worker asks for neither, and
    the modules of the kernel's start are bytecode of the lab's own CPython (tools/build_lite.py)."""
    import zipfile

    lab = lite_site / "lab"
    lock = json.loads((lab / build_lite.PACKAGES / "pyodide-lock.json").read_text())
    assert not {"jedi", "parso"} & set(lock["packages"])
    assert not list((lab / build_lite.PACKAGES).glob("*jedi*")) and not list((lab / build_lite.PACKAGES).glob("parso*"))
    scripts = [js.read_text(encoding="utf-8") for js in (lab / build_lite.KERNEL_SCRIPTS).glob("*.js")]
    assert sum(t.count(build_lite.KERNEL_TO_LOAD_NO_JEDI) for t in scripts) >= 1
    assert not any(build_lite.KERNEL_TO_LOAD in t for t in scripts)
    (ipython,) = (lab / build_lite.PACKAGES).glob("ipython-*.whl")
    (kernel,) = (lab / build_lite.PACKAGES).glob("pyodide_kernel-*.whl")
    with zipfile.ZipFile(ipython) as z:
        names = set(z.namelist())
        magic = z.read("IPython/__init__.pyc")[:4]
    assert "IPython/core/interactiveshell.pyc" in names and "IPython/core/interactiveshell.py" not in names
    with zipfile.ZipFile(kernel) as z:
        assert z.read("pyodide_kernel/interpreter.pyc")[:4] == magic
        assert "pyodide_kernel/interpreter.py" not in z.namelist()


def test_report_times_and_size(lite_site):
    lab = lite_site / "lab"
    REPORT["lab_bytes"] = sum(p.stat().st_size for p in lab.rglob("*") if p.is_file())
    REPORT["source_maps"] = len(list(lab.rglob("*.map")))
    REPORT.pop("kernel_id", None)
    REPORT.pop("opened", None)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "report.json").write_text(json.dumps(REPORT, indent=1) + "\n")
    assert REPORT["source_maps"] == 0
    assert "first_ruling_seconds_from_opening" in REPORT
