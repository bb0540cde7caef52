"""In a real JupyterLab: a notebook opened as it is stored -- untrusted, as a fresh clone
is -- shows its pictures, not ``<Diagram ...>`` text; after Run All no exercise's answer is on the
page, and pressing "Show the answer" shows it.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from test_lab_smoke import PANEL, open_and_run_all

from rulings_lib.widgets.exercises import exercise

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def _keep_outputs(lab, monkeypatch):
    """Copies of the notebooks with their stored outputs (the fixture's copies have none)."""
    def copy_for(test: str, notebook: str) -> str:
        # (its own folder name: `from conftest import ...` finds another directory's conftest when the
        # whole suite runs)
        folder = lab.root / ("kept-" + hashlib.sha256(test.encode()).hexdigest()[:16])
        shutil.copytree(ROOT / "notebooks", folder,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "py", "jupytext.toml"))
        return f"{folder.name}/{notebook}"
    monkeypatch.setattr(lab, "copy_for", copy_for)


@pytest.mark.parametrize("notebook", ["06-power-bond.ipynb", "ja/04-handover.ipynb"])
def test_an_untrusted_notebook_shows_its_stored_pictures(page, lab, open_notebook, monkeypatch, notebook):
    _keep_outputs(lab, monkeypatch)
    open_notebook(notebook)
    panel = page.locator(PANEL)
    trusted = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.model.cells.get(0).trusted")
    assert trusted is False                                   # as a fresh clone opens
    pictures = panel.locator(".jp-OutputArea-output img")
    pictures.first.wait_for()
    assert pictures.count() >= 2                              # the diagrams and step pictures as embedded images
    assert "<Diagram " not in panel.inner_text()
    for i in range(pictures.count()):
        assert pictures.nth(i).evaluate("img => img.complete && img.naturalWidth > 0"), f"picture {i} is empty"
    lab.shot(page, f"lab-first-open-{notebook.replace('/', '-')}.png")


def test_after_run_all_no_answer_is_shown_until_the_button_is_pressed(page, lab, open_notebook):
    panel = open_and_run_all(page, lab, open_notebook, "01-start-here.ipynb")
    answers = [exercise(i).why() for i in ("wrgp-who-takes-over-from-a2", "wrgp-run-on-turn-player",
                                           "wrgp-own-turn-loss-next")]
    text = panel.inner_text()
    assert not any(a in text for a in answers)
    buttons = panel.get_by_role("button", name="Show the answer")
    assert buttons.count() == 3
    buttons.first.scroll_into_view_if_needed()
    buttons.first.click()
    page.wait_for_function("([el, a]) => el.innerText.includes(a)", arg=[panel.element_handle(), answers[0]])
    text = panel.inner_text()
    assert answers[0] in text and not any(a in text for a in answers[1:])
    lab.shot(page, "lab-01-answer-shown.png")
