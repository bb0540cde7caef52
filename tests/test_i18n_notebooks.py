"""The Japanese editions of all nine notebooks (notebooks/ja/): paired with their text forms,
run top to bottom with every ruling stored, and re-checked by nbval like the English ones (in
tests/test_notebooks.py, whose nbval runs are one per edition)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import jupytext
import nbformat
import pytest

from rulings_lib.i18n import LANGS, render

ROOT = Path(__file__).resolve().parents[1]
# A widget's stored output is the catalogue's one-line placeholder, in either language.
WIDGET_MARKS = [render("widgets.placeholder", {"name": "@"}, lang).split("@", 1)[1] for lang in LANGS]
JA = ROOT / "notebooks" / "ja"
EDITIONS = tuple(sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))     # every notebook

_spec = importlib.util.spec_from_file_location("_nb_checks", ROOT / "tests" / "test_notebooks.py")
nbchecks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(nbchecks)


def test_the_japanese_editions_are_there_and_each_has_its_english_original():
    assert len(EDITIONS) == 9
    assert sorted(p.stem for p in JA.glob("*.ipynb")) == list(EDITIONS)
    assert sorted(p.stem for p in (JA / "py").glob("*.py")) == list(EDITIONS)
    for name in EDITIONS:
        assert (ROOT / "notebooks" / f"{name}.ipynb").exists()


@pytest.mark.parametrize("name", EDITIONS)
def test_each_japanese_notebook_is_in_sync_run_and_checkable(name):
    path = JA / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert nbchecks.cells_of(jupytext.read(JA / "py" / f"{name}.py")) == nbchecks.cells_of(nb)
    assert nbchecks.problems(nb) == []
    assert nb.metadata["kernelspec"]["name"] == nbchecks.refresh.KERNEL
    for cell in nb.cells:
        if cell.cell_type == "code":
            shows_widget = any(mark in str(o) for o in cell.outputs for mark in WIDGET_MARKS)
            assert shows_widget == ("nbval-ignore-output" in cell.metadata.get("tags", []))


@pytest.mark.parametrize("name", EDITIONS)
def test_the_japanese_notebooks_speak_japanese(name):
    nb = nbformat.read(JA / f"{name}.ipynb", as_version=4)
    prose = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    outputs = " ".join(str(o) for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "です" in prose or "ます" in prose
    # the engine's words in the stored rulings are the Japanese catalogue's
    assert any(word in outputs for word in ("手順", "引き継ぎ", "ポイントゲージ", "先攻", "正解", "解答"))
    for english in ("takes over from", "loses (reached 0 LP)", "Final state:", "waiting for your answer",
                    "Waiting for your prediction", "Now:", "refused ["):
        assert english not in outputs, english


