"""The notebooks are ruling fixtures: every stored output is an expected ruling that nbval re-checks.

* each notebook is paired with its text form (notebooks/py/NAME.py, jupytext percent format);
* each code cell was run, top to bottom in one kernel, and stored what it produces;
* stored outputs hold nothing that varies from run to run (addresses, paths, times, widget ids);
* every notebook names the standard ``python3`` kernel, so ``pytest --nbval notebooks/`` works as
  it is (and the notebooks open in Binder, VS Code, Colab), with no kernel of the kit's own;
* nbval re-runs every notebook in a fresh kernel and compares, with Python's bytecode caching on
  (as users have it: no ``__pycache__/`` may show in an output);
* and a deliberately wrong ruling on a copy makes nbval fail, so the comparison is real.

Refresh the stored outputs with ``.venv/bin/python -m tools.refresh_notebooks``.
"""

from __future__ import annotations

import ast
import compileall
import copy
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import jupytext
import nbformat
import pytest

from rulings_lib.i18n import LANGS, render

# A widget's stored output is the catalogue's one-line placeholder, in either language.
WIDGET_MARKS = [render("widgets.placeholder", {"name": "@"}, lang).split("@", 1)[1] for lang in LANGS]


ROOT = Path(__file__).resolve().parents[1]
NB_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NB_DIR.glob("*.ipynb"))
IDS = [p.stem for p in NOTEBOOKS]

from tools import refresh_notebooks as refresh  # noqa: E402 (tools/ is a package)

# A cell produces output if it prints, checks an answer or draws, or ends in a bare expression.
PRINTERS = {"print", "display", "check", "show_step"}
DISPLAYERS = {"explain", "explain_steps", "scenario_path", "wrgp_turn", "wrgp_handover", "wrgp_relay", "tag_turn", "tag_next_turn"}
VOLATILE = [
    (re.compile(r" at 0x[0-9a-fA-F]{6,}"), "a memory address"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}"), "a timestamp"),
    (re.compile(re.escape(str(ROOT))), "an absolute path of this checkout"),
    (re.compile(r"/tmp/|/home/|/Users/"), "an absolute path"),
    (re.compile(r"widget-view\+json"), "a widget view (its model id is random)"),
]


def nbval_command(*paths) -> list[str]:
    """`pytest --nbval PATHS`, as anyone would type it: each notebook runs on the kernel it names."""
    return [sys.executable, "-m", "pytest", "--nbval", *map(str, paths), "-p", "no:cacheprovider",
            "--nbval-cell-timeout", "300", "-o", "addopts=", "-q", "--no-header", "-rN"]


def caching_on_env() -> dict:
    """The notebooks' environment as users have it: Python writes ``__pycache__/`` beside modules."""
    env = refresh.kernel_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def produces_output(source: str) -> bool:
    """Does this cell's code certainly produce an output (so a stored empty output is a miss)?"""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PRINTERS:
            return True
    if not tree.body or not isinstance(tree.body[-1], ast.Expr) or source.rstrip().endswith(";"):
        return False
    value = tree.body[-1].value
    if isinstance(value, ast.Call):
        name = value.func.id if isinstance(value.func, ast.Name) else ""
        return name in DISPLAYERS or name[:1].isupper()     # a diagram, or a widget class
    return True


def problems(nb) -> list[str]:
    """Why a notebook's stored outputs cannot serve as expected rulings (empty list: they can)."""
    found = []
    code = [c for c in nb.cells if c.cell_type == "code"]
    for n, cell in enumerate(code, 1):
        where = f"code cell {n} ({cell.source.splitlines()[0][:50] if cell.source else 'empty'})"
        if cell.execution_count is None:
            found.append(f"{where}: never executed (nbval would pass it without checking anything)")
        elif cell.execution_count != n:
            found.append(f"{where}: execution count {cell.execution_count}, expected {n} "
                         f"(run the notebook top to bottom in a fresh kernel)")
        if produces_output(cell.source) and not cell.outputs:
            found.append(f"{where}: produces output but none is stored")
        for out in cell.outputs:
            if out.output_type == "error":
                found.append(f"{where}: stores an error ({out.ename})")
            if out.get("name") == "stderr":
                found.append(f"{where}: stores stderr output")
        # (a PNG's base64 data is left out: it may hold "/tmp/" by chance, and holds no text)
        blob = "".join(str({**o, "data": {k: v for k, v in o.get("data", {}).items() if k != "image/png"}})
                       for o in cell.outputs)
        for pattern, what in VOLATILE:
            if pattern.search(blob):
                found.append(f"{where}: an output holds {what}")
    return found


def cells_of(nb) -> list[tuple]:
    return [(c.cell_type, c.source.strip(), tuple(c.metadata.get("tags", ()))) for c in nb.cells]


# --------------------------------------------------------------------------------- static checks
def test_the_notebooks_are_numbered_in_reading_order():
    numbers = [int(p.stem[:2]) for p in NOTEBOOKS]
    assert numbers == list(range(1, len(numbers) + 1)), IDS
    assert len(NOTEBOOKS) >= 8


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_and_its_text_form_are_in_sync(path):
    text = refresh.text_path(path)
    assert text.exists(), f"{text.relative_to(ROOT)} is missing: run python -m tools.refresh_notebooks"
    nb = nbformat.read(path, as_version=4)
    assert cells_of(jupytext.read(text)) == cells_of(nb), (
        f"{path.name} and {text.relative_to(ROOT)} differ: save the notebook in JupyterLab (jupytext pairs "
        f"them) or run python -m tools.refresh_notebooks {path.stem}")


def test_every_text_form_has_its_notebook():
    orphans = [p.name for p in (NB_DIR / "py").glob("*.py") if not (NB_DIR / f"{p.stem}.ipynb").exists()]
    assert orphans == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_cell_was_run_and_stored_its_ruling(path):
    nb = nbformat.read(path, as_version=4)
    found = problems(nb)
    assert found == [], (f"{path.name}: " + "; ".join(found)
                         + f". Refresh the stored rulings on purpose: make notebooks (python -m tools.refresh_notebooks {path.stem})")
    assert nb.metadata["kernelspec"]["name"] == refresh.KERNEL


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_widget_cells_are_not_compared_and_rulings_are(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        shows_widget = any(mark in str(o) for o in cell.outputs for mark in WIDGET_MARKS)
        assert shows_widget == ("nbval-ignore-output" in tags), cell.source
        assert "nbval-skip" not in tags, "a skipped cell checks nothing"


def test_the_checks_catch_what_they_should():
    nb = nbformat.read(NB_DIR / "01-start-here.ipynb", as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.outputs]
    unrun = copy.deepcopy(nb)
    [c for c in unrun.cells if c.cell_type == "code"][0].execution_count = None
    assert any("never executed" in p for p in problems(unrun))
    emptied = copy.deepcopy(nb)
    [c for c in emptied.cells if c.cell_type == "code" and c.outputs][1].outputs = []
    assert any("none is stored" in p for p in problems(emptied))
    shuffled = copy.deepcopy(nb)
    cells = [c for c in shuffled.cells if c.cell_type == "code"]
    cells[0].execution_count, cells[1].execution_count = 2, 1
    assert any("top to bottom" in p for p in problems(shuffled))
    volatile = copy.deepcopy(nb)
    [c for c in volatile.cells if c.cell_type == "code" and c.outputs][0].outputs[0]["text"] += \
        "<object at 0x7f3a2b1c9d80>"
    assert any("memory address" in p for p in problems(volatile))
    assert code and produces_output("x = 1\nx") and not produces_output("m.phase('main1')")
    assert produces_output("SpeedWorldCalculator()") and produces_output("print(1)")


# --------------------------------------------------------------------------------- the kernel
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_notebook_names_the_standard_kernel(path):
    spec = json.loads(path.read_text(encoding="utf-8"))["metadata"]["kernelspec"]
    assert spec == {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}, (
        f"{path.name} names the kernel {spec.get('name')!r}: the notebooks run on the standard python3 "
        f"kernel (python -m tools.refresh_notebooks writes it)")


def test_the_kit_ships_no_kernel_of_its_own():
    specs = [str(p.relative_to(ROOT)) for p in ROOT.rglob("kernel.json")
             if not {".venv", "build", ".git"} & set(p.relative_to(ROOT).parts)]
    assert specs == []
    assert refresh.KERNEL == "python3" and refresh.KERNELSPEC["name"] == "python3"
    assert "kernelspec install" not in (ROOT / "dev").read_text()


_FD2_PROBE = r"""
import os
from rulings_lib.diagrams.rendering import _filtered_c_stderr
with _filtered_c_stderr():
    os.write(2, b'Fontconfig warning: "/etc/fonts/conf.d/05-x.conf", line 6: unknown element "x"\n')
    os.write(2, b'a real problem\n')
os.write(2, b'after\n')
"""


def test_graphvizs_c_level_fontconfig_noise_is_caught_where_it_is_written():
    """Written straight to file descriptor 2 (as C code does): the noise goes, anything else stays."""
    proc = subprocess.run([sys.executable, "-c", _FD2_PROBE], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b"a real problem\nafter\n"


def test_a_diagram_leaves_no_stderr_in_a_python3_kernel_cell():
    """A standard kernel captures descriptor 2 into the cell: a drawn diagram must bring no stderr.

    (nbval cannot show this: ipykernel captures descriptor 2 only outside pytest, and nbval's kernels
    start inside its tests. This kernel starts without PYTEST_CURRENT_TEST, as a user's does.)"""
    from jupyter_client.manager import start_new_kernel

    messages = []
    km, kc = start_new_kernel(kernel_name="python3", startup_timeout=120, env=refresh.kernel_env())
    try:
        reply = kc.execute_interactive(
            "from rulings_lib.diagrams import wrgp_turn\nprint(wrgp_turn()._repr_svg_().count('<svg'))",
            timeout=120, output_hook=messages.append)
        # The kernel forwards what reaches descriptor 2 from a thread: collect what is still coming.
        kc.execute_interactive("import sys, time; sys.stderr.flush(); time.sleep(0.5)", timeout=60,
                               output_hook=messages.append)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok"
    texts = [(m["content"]["name"], m["content"]["text"]) for m in messages if m["msg_type"] == "stream"]
    assert ("stdout", "1\n") in texts
    assert [t for name, t in texts if name == "stderr"] == []


def test_sample_listing_leaves_out_what_python_and_editors_add(tmp_path, monkeypatch):
    """Notebook 07 lists the sample folder; with bytecode caching on it holds __pycache__/ too."""
    from rulings_lib.decks import samples

    expected = samples.contents()
    assert expected.splitlines()[:2] == ["cards.cdb", "lflist.conf"]
    assert "team-legal/  1-dark-magician.ydk, 2-blue-eyes.ydk, 3-cyber.ydk" in expected
    copy_dir = tmp_path / "wrgp"
    shutil.copytree(samples.DIR, copy_dir, ignore=shutil.ignore_patterns("__pycache__"))
    (copy_dir / "__pycache__").mkdir()
    (copy_dir / "__pycache__" / "build_cdb.cpython-311.pyc").write_bytes(b"")
    (copy_dir / ".ipynb_checkpoints").mkdir()
    (copy_dir / "team-legal" / "__pycache__").mkdir()
    monkeypatch.setattr(samples, "DIR", copy_dir)
    assert samples.contents() == expected
    (copy_dir / "team-extra").mkdir()
    (copy_dir / "team-extra" / "1-x.ydk").write_text("#main\n")
    assert "team-extra/  1-x.ydk" in samples.contents()


# --------------------------------------------------------------------------------- nbval
# The two editions, each re-checked by one nbval run (one kernel after the other within it); the test
# workers run the two at the same time.
NB_EDITIONS = {"en": sorted(NB_DIR.glob("*.ipynb")), "ja": sorted((NB_DIR / "ja").glob("*.ipynb"))}


def test_every_notebook_is_in_an_edition_nbval_checks():
    assert sorted(NB_DIR.rglob("*.ipynb")) == sorted(p for paths in NB_EDITIONS.values() for p in paths)
    assert len(NB_EDITIONS["en"]) == len(NB_EDITIONS["ja"]) == 9


@pytest.mark.parametrize("edition", sorted(NB_EDITIONS))
def test_nbval_rechecks_every_stored_ruling(edition):
    # With caching on, as users have it; the sample folder holds a __pycache__/ (build_cdb.py is
    # imported by the deck tests), which no listing in a notebook may show.
    compileall.compile_dir(ROOT / "rulings_lib" / "samples", quiet=1)
    t0 = time.perf_counter()
    paths = NB_EDITIONS[edition]
    proc = subprocess.run(nbval_command(*paths), cwd=ROOT,
                          env=caching_on_env(), capture_output=True, text=True, timeout=1200)
    took = time.perf_counter() - t0
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    cells = sum(1 for p in paths for c in nbformat.read(p, as_version=4).cells if c.cell_type == "code")
    assert f"{cells} passed" in proc.stdout, proc.stdout[-2000:]
    print(f"nbval ({edition}): {len(paths)} notebooks, {cells} cells, {took:.1f} s")


def test_nbval_fails_on_a_wrong_ruling(tmp_path):
    """Break one expected ruling on a copy (B1 loses -> A1 loses) and make sure nbval says so."""
    nb = nbformat.read(NB_DIR / "05-draws-and-chains.ipynb", as_version=4)
    target = next(i for i, c in enumerate(nb.cells)
                  if c.cell_type == "code" and "sparks-chain-strike" in c.source)
    nb.cells = nb.cells[:target + 1]                   # what comes after is not needed
    out = nb.cells[target].outputs[0]
    text = "".join(out["data"]["text/plain"]) if "data" in out else "".join(out["text"])
    assert "B1 took damage last" in text and "B1 loses" in text
    wrong = text.replace("B1 took damage last", "A1 took damage last")      # the short transcript or a print
    if "data" in out:
        out["data"] = {k: "".join(v).replace("B1 took damage last", "A1 took damage last") for k, v in out["data"].items()}
    else:
        out["text"] = wrong
    broken = tmp_path / "05-wrong-ruling.ipynb"
    nbformat.write(nb, broken)
    proc = subprocess.run(nbval_command(broken) + ["--rootdir", str(tmp_path)], cwd=tmp_path,
                          env=refresh.kernel_env(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert "1 failed" in proc.stdout and "Cell outputs differ" in proc.stdout
    assert "A1 took damage last" in proc.stdout and "B1 took damage last" in proc.stdout
