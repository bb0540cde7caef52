"""The lite edition's build (tools/build_lite.py) without a browser: the Pyodide lock it writes lists
exactly the wheels shipped, with their real sha256 and only dependencies that apply on emscripten
and are shipped; the site's pages link to the notebooks."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
from tools import build_lite, build_site  # noqa: E402


def wheel(folder: Path, name: str, requires: list[str]) -> Path:
    path = folder / f"{name}-1.0-py3-none-any.whl"
    build_site.write_wheel(path, name, "1.0", {f"{name.lower()}/__init__.py": b"x = 1\n"}, "test")
    if requires:      # add Requires-Dist lines to the METADATA write_wheel made
        import zipfile

        with zipfile.ZipFile(path) as z:
            files = {n: z.read(n) for n in z.namelist()}
        meta = next(n for n in files if n.endswith("METADATA"))
        files[meta] += "".join(f"Requires-Dist: {r}\n" for r in requires).encode()
        with zipfile.ZipFile(path, "w") as z:
            for n, data in files.items():
                z.writestr(n, data)
    return path


def test_the_lock_lists_exactly_the_shipped_wheels(tmp_path):
    shipped = [
        wheel(tmp_path, "Top_Pkg", ["dep.one>=1", "pexpect; sys_platform != 'emscripten'", "not-shipped",
                                    "extra-only; extra == 'test'"]),
        wheel(tmp_path, "dep.one", []),
        wheel(tmp_path, "pexpect", []),
    ]
    names = build_lite.write_lock(tmp_path, shipped, {"python": "3.14.2"})
    lock = json.loads((tmp_path / "pyodide-lock.json").read_text())
    assert names == sorted(lock["packages"]) == ["dep-one", "pexpect", "top-pkg"]
    top = lock["packages"]["top-pkg"]
    # dep.one applies and is shipped; pexpect is not for emscripten; the others are not shipped.
    assert top["depends"] == ["dep-one"]
    assert top["imports"] == ["top_pkg"]
    for entry in lock["packages"].values():
        f = tmp_path / entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(f.read_bytes()).hexdigest()
    assert lock["info"] == {"python": "3.14.2"}


def test_the_locks_dependencies_follow_the_python_of_the_sites_pyodide(tmp_path):
    """A wheel's dependency markers are evaluated for the Python the site's Pyodide lock names (its
    ``info.python``), not for a version written in the build."""
    shipped = [wheel(tmp_path, "top", ["new-only; python_version >= '3.15'", "old-only; python_full_version < '3.14'"]),
               wheel(tmp_path, "new-only", []), wheel(tmp_path, "old-only", [])]
    for python, depends in (("3.14.2", []), ("3.15.0", ["new-only"]), ("3.13.1", ["old-only"])):
        build_lite.write_lock(tmp_path, shipped, {"python": python, "arch": "wasm32"})
        assert json.loads((tmp_path / "pyodide-lock.json").read_text())["packages"]["top"]["depends"] == depends


@given(st.text(alphabet="abcXYZ019-_.", min_size=1, max_size=20).filter(lambda s: s[0].isalnum() and s[-1].isalnum()))
def test_canonical_names_are_pep503(name):
    c = build_lite.canonical(name)
    assert c == build_lite.canonical(c) == c.lower()
    assert not re.search(r"[-_.]{2,}|[_.]", c)


def test_pinned_files_carry_hashes():
    for name in ("requirements-build.txt", "requirements-pyodide.txt"):
        lines = [x for x in (ROOT / "lite" / name).read_text().splitlines() if x and not x.startswith("#")]
        assert lines
        assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][^ ]* --hash=sha256:[0-9a-f]{64}", x) for x in lines), name


def test_the_site_pages_link_to_the_notebooks():
    # The bar's Notebooks link opens the lab (on a narrow screen, first the page saying the notebooks are for a
    # larger screen, which links to the lab too).
    # The link names the notebook in the page's language: notebooks/ja/ on a Japanese page.
    bar = (ROOT / "site" / "js" / "site.js").read_text()
    link = re.search(r'const FIRST_NOTEBOOK = lang === "ja" \? "([^"]+)" : "([^"]+)";', bar)
    assert link and "const LAB = `lab/lab/index.html?path=${FIRST_NOTEBOOK}`;" in bar, \
        "the site's bar has no link to the lite edition"
    ja, en = link.groups()
    assert en == build_lite.lab_path(ROOT / "notebooks" / en)
    assert ja == build_lite.lab_path(ROOT / "notebooks" / "ja" / en)      # the same notebook, in Japanese
    page = (ROOT / "site" / "notebooks.html").read_text()
    # On a phone: the same notebook in JupyterLite's Notebook app (one document, the whole width).
    assert f'href="lab/notebooks/index.html?path={en}"' in page
    assert json.loads((ROOT / "lite" / "jupyter_lite_config.json").read_text())["LiteBuildConfig"]["apps"] == \
        ["lab", "notebooks"]


def test_every_lab_notebook_has_a_file_name_of_its_own():
    """JupyterLab names a notebook's session by its file name and JupyterLite's session client hands a new
    session a running one of the same name: the lab's notebooks (tools/build_lite.py lab_path) have file
    names no two share, so no notebook is given another's session, with the app as shipped."""
    paths = [build_lite.lab_path(nb) for nb in build_lite.notebook_files()]
    names = [p.rpartition("/")[2] for p in paths]
    assert len(set(names)) == len(names) == len(paths) > 9, names
    assert build_lite.lab_path(ROOT / "notebooks" / "ja" / "01-start-here.ipynb") == "ja/01-start-here.ja.ipynb"
    assert build_lite.lab_path(ROOT / "notebooks" / "01-start-here.ipynb") == "01-start-here.ipynb"


def test_the_lab_notebooks_name_the_labs_kernel():
    """The notebooks the lab ships ask for its kernel (``python``), so JupyterLab starts it without a
    "Select Kernel" question; a stored picture is shipped once (as the HTML JupyterLab renders); nothing
    else of the notebook changes."""
    nb = ROOT / "notebooks" / "06-power-bond.ipynb"
    repo = json.loads(nb.read_text(encoding="utf-8"))
    lab = json.loads(build_lite.lite_notebook(nb.read_text(encoding="utf-8")))
    twins = 0
    assert lab["metadata"]["kernelspec"] == build_lite.LAB_KERNELSPEC
    assert [c["source"] for c in lab["cells"]] == [c["source"] for c in repo["cells"]]
    for mine, theirs in zip(lab["cells"], repo["cells"], strict=True):
        for out, was in zip(mine.get("outputs", ()), theirs.get("outputs", ()), strict=True):
            data, before = out.get("data", {}), was.get("data", {})
            # a picture once: an SVG output whose HTML embeds the same SVG keeps the HTML only
            twin = "image/svg+xml" in before and 'src="data:image/svg+xml;base64,' in "".join(before.get("text/html", ""))
            twins += twin
            assert data == ({k: v for k, v in before.items() if k != "image/svg+xml"} if twin else before)
    assert twins > 0
    assert {k: v for k, v in lab["metadata"].items() if k != "kernelspec"} == \
        {k: v for k, v in repo["metadata"].items() if k != "kernelspec"}
    overrides = json.loads((ROOT / "lite" / "overrides.json").read_text())
    tracker = next(v for k, v in overrides.items() if k.endswith("/notebook-extension:tracker"))
    assert tracker["autoStartDefaultKernel"] is True


def test_one_pyodide_for_pages_and_lab(tmp_path):
    """The lab loads the site's Pyodide: package.json pins the version the kernel is built for."""
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    schema = tmp_path / build_lite.KERNEL_SCHEMA
    schema.parent.mkdir(parents=True)
    schema.write_text(json.dumps({"properties": {"pyodideUrl": {
        "default": f"https://cdn.jsdelivr.net/pyodide/v{pinned}/full/pyodide.mjs"}}}))
    assert build_lite.kernel_pyodide_version(tmp_path / "bin" / "python") == pinned
    with pytest.raises(build_lite.BuildError, match="built for 0.1.2"):
        build_lite.site_pyodide("0.1.2")


def test_a_rewritten_wheel_has_a_matching_record(tmp_path):
    import zipfile

    src = tmp_path / "src.whl"
    build_site.write_wheel(src, "Big", "1.0", {"big/__init__.py": b"x = 1\n", "big/mod.py": b"y = 2\n"}, "t")
    with zipfile.ZipFile(src) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    entries = [(n + "c", b"pyc") if n == "big/mod.py" else (n, d) for n, d in entries]
    out = tmp_path / "out.whl"
    build_lite.write_entries(out, entries)
    with zipfile.ZipFile(out) as z:
        names = z.namelist()
        record = z.read("Big-1.0.dist-info/RECORD").decode()
    assert "big/mod.pyc" in names and "big/mod.py" not in names
    assert "big/mod.py," not in record and "big/mod.pyc,sha256=" in record and "big/__init__.py,sha256=" in record
    again = tmp_path / "again.whl"
    build_lite.write_entries(again, entries)
    assert again.read_bytes() == out.read_bytes()


def test_no_jedi_in_the_lab(tmp_path):
    """jedi and parso are not shipped (the kernel asks for neither: both places are changed, or the build
    stops), and the kernel's start is compiled: tools/build_lite.py no_jedi_*, compiled."""
    pinned = (ROOT / "lite" / "requirements-pyodide.txt").read_text()
    assert not re.search(r"^(jedi|parso)==", pinned, re.M)
    assert "jedi" not in build_lite.KERNEL_TO_LOAD_NO_JEDI and \
        build_lite.KERNEL_TO_LOAD.replace('"jedi",', "") == build_lite.KERNEL_TO_LOAD_NO_JEDI
    static = tmp_path / build_lite.KERNEL_SCRIPTS
    static.mkdir(parents=True)
    worker = f"async initKernel(e){{for(let e of{build_lite.KERNEL_TO_LOAD})x(e)}}"
    (static / "comlink.worker.js").write_text(worker)
    (static / "remoteEntry.js").write_text("no kernel here")
    assert build_lite.no_jedi_in_worker(tmp_path) == [static / "comlink.worker.js"]
    assert (static / "comlink.worker.js").read_text() == worker.replace(build_lite.KERNEL_TO_LOAD,
                                                                        build_lite.KERNEL_TO_LOAD_NO_JEDI)
    with pytest.raises(build_lite.BuildError, match="update KERNEL_TO_LOAD"):
        build_lite.no_jedi_in_worker(tmp_path)          # patched already, or another kernel: the build stops
    whl = tmp_path / "pyodide_kernel-1.0-py3-none-any.whl"
    interp = b"class Interpreter:\n    def __init__(self):\n        " + build_lite.USE_JEDI
    build_site.write_wheel(whl, "pyodide_kernel", "1.0", {"pyodide_kernel/interpreter.py": interp}, "t")
    build_lite.no_jedi_in_kernel(whl)
    import zipfile

    with zipfile.ZipFile(whl) as z:
        assert z.read("pyodide_kernel/interpreter.py") == interp.replace(build_lite.USE_JEDI, build_lite.NO_JEDI)
    with pytest.raises(build_lite.BuildError, match="update USE_JEDI"):
        build_lite.no_jedi_in_kernel(whl)


def test_the_labs_ipython_imports_its_terminal_only_for_embed(tmp_path):
    """IPython's package as the lab ships it: embed() imports the terminal (and prompt_toolkit) when called,
    not when IPython is imported; a changed IPython stops the build (tools/build_lite.py lazy_embed)."""
    import zipfile

    init = b"from .core.getipython import get_ipython\n" + build_lite.IPYTHON_EMBED + b"from .core import release\n"
    whl = tmp_path / "ipython-1.0-py3-none-any.whl"
    build_site.write_wheel(whl, "ipython", "1.0", {"IPython/__init__.py": init}, "t")
    build_lite.lazy_embed(whl)
    with zipfile.ZipFile(whl) as z:
        lazy = z.read("IPython/__init__.py")
    assert build_lite.IPYTHON_EMBED not in lazy
    namespace = {}
    exec(compile(lazy.replace(b"from .core", b"# from .core"), "IPython/__init__.py", "exec"), namespace)
    assert callable(namespace["embed"]) and "terminal" not in str(namespace.keys())
    with pytest.raises(build_lite.BuildError, match="update IPYTHON_EMBED"):
        build_lite.lazy_embed(whl)


def test_the_labs_piplite_imports_micropip_when_it_installs(tmp_path, monkeypatch):
    """piplite as the lab ships it: importing it imports neither micropip nor unittest.mock; its install
    does, and then runs micropip's install with piplite's index look-up patched in; a changed piplite
    stops the build (tools/build_lite.py lazy_micropip)."""
    import asyncio
    import sys
    import types
    import zipfile

    source = (b'"""piplite"""\n\nimport asyncio\n' + build_lite.PIPLITE_IMPORTS
              + b"\n\nasync def _query_package(name):\n    return name\n\n\nasync def _install(requirements):\n"
              + build_lite.PIPLITE_INSTALL
              + b'    with patch("micropip.package_index.query_package", _query_package):\n'
              + b"        return await micropip.install(requirements=requirements)\n")
    whl = tmp_path / "piplite-1.0-py3-none-any.whl"
    build_site.write_wheel(whl, "piplite", "1.0", {"piplite/piplite.py": source}, "t")
    build_lite.lazy_micropip(whl)
    with zipfile.ZipFile(whl) as z:
        lazy = z.read("piplite/piplite.py")
    calls = []
    index = types.ModuleType("micropip.package_index")
    index.CompatibilityLayer, index.ProjectInfo = object, object
    index.query_package = None

    async def install(requirements):
        calls.append((requirements, index.query_package))
        return "installed"

    micropip = types.ModuleType("micropip")
    micropip.install, micropip.package_index = install, index
    for name in ("micropip", "micropip.package_index", "unittest.mock"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    module = types.ModuleType("piplite_lab")
    exec(compile(lazy, "piplite/piplite.py", "exec"), module.__dict__)
    assert "micropip" not in sys.modules and "unittest.mock" not in sys.modules and "micropip" not in vars(module)
    monkeypatch.setitem(sys.modules, "micropip", micropip)
    monkeypatch.setitem(sys.modules, "micropip.package_index", index)
    assert asyncio.run(module._install("a-package")) == "installed"
    assert calls == [("a-package", module._query_package)]          # piplite's look-up, patched in
    assert index.query_package is None                                # and taken out again
    with pytest.raises(build_lite.BuildError, match="update PIPLITE_IMPORTS"):
        build_lite.lazy_micropip(whl)


# What would need the extensions the lab leaves out (build_lite.LEFT_OUT_EXTENSIONS): mermaid or vega
# output, a ```mermaid block or $math$ in a markdown cell, a terminal.
NEEDS_LEFT_OUT = re.compile(r"application/vnd\.vega|application/vnd\.vegalite|text/vnd\.mermaid|```mermaid"
                            r"|\$[^$\s][^$]*\$|\\\(|\\\[|text/latex|terminals/")


def test_no_notebook_needs_what_the_lab_leaves_out():
    """Every shipped notebook's cells and outputs are free of mermaid, vega, LaTeX and terminals, so the
    extensions left out of the lab (and their chunks) are never asked for."""
    found = []
    for nb in build_lite.notebook_files():
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            texts = ["".join(cell["source"])] if cell["cell_type"] == "markdown" else []
            for out in cell.get("outputs", []):
                texts += list(out.get("data", {}))          # the output's mime types
            found += [f"{nb.name}: {m.group(0)}" for t in texts for m in [NEEDS_LEFT_OUT.search(t)] if m]
    assert build_lite.notebook_files() and not found, found
    assert sorted(name.split("/")[1] for name in build_lite.LEFT_OUT_EXTENSIONS) == \
        ["mermaid-extension", "terminal-extension", "vega5-extension"]


def test_left_out_chunks_are_removed_and_a_changed_app_stops_the_build(tmp_path):
    """Each chunk left out must be there holding its marker; it is removed. A chunk that is not the
    pinned app's (missing, or without its marker) stops the build with what to look at."""
    build = tmp_path / "build"
    build.mkdir()
    chunks = {n: m for c in build_lite.LEFT_OUT_EXTENSIONS.values() for n, m in c.items()}
    for name, marker in chunks.items():
        (build / name).write_text(f"x{marker}y", encoding="utf-8")
    (build / "jlab_core.js").write_text("kept")
    assert build_lite.left_out_extensions(tmp_path) == sum(len(m) + 2 for m in chunks.values())
    assert [p.name for p in build.iterdir()] == ["jlab_core.js"]
    for name in chunks:
        (build / name).write_text("something else", encoding="utf-8")
    with pytest.raises(build_lite.BuildError, match="update LEFT_OUT_EXTENSIONS"):
        build_lite.left_out_extensions(tmp_path)


def test_upgrading_md_lists_every_change_the_build_makes_to_third_party_files():
    """docs/upgrading.md's table names every change the build makes to a third-party file (by its
    constant) and every use of Pyodide's private API (site/js/snapshot.js)."""
    doc = (ROOT / "docs" / "upgrading.md").read_text(encoding="utf-8")
    for name in build_lite.THIRD_PARTY_CHANGES:
        assert hasattr(build_lite, name) and f"`{name}`" in doc, name
    assert hasattr(build_site, "INFLATE_FILE") and "`INFLATE_FILE`" in doc
    private = (ROOT / "site" / "js" / "snapshot.js").read_text(encoding="utf-8")
    for use in ("_loadSnapshot", "_makeSnapshot", "makeMemorySnapshot", "fsInit", "globalThis.fetch"):
        assert use in private and use in doc, use
