"""Smoke test in a real browser: JupyterLab opens the notebooks, runs every cell, draws the widgets,
and a widget answers when it is moved.

Runs on a copy of notebooks/ (see conftest.py), so nothing in the checkout is touched. The
screenshots land in build/browser/.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "browser"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"        # the notebook on show

ALL_RUN = """([panel, n]) => {
    const root = document.querySelector(panel);
    if (!root) return false;
    const prompts = [...root.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent);
    return prompts.length === n && prompts.every(t => /\\[\\d+\\]/.test(t));
}"""


NONE_RUN = """(panel) => {
    const root = document.querySelector(panel);
    return !!root && [...root.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].every(p => !/\\d/.test(p.textContent));
}"""


def shot(page_or_locator, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page_or_locator.screenshot(path=str(ARTIFACTS / name))


def open_and_run_all(page, lab, notebook: str):
    """Open ``notebook``, run all its cells, wait until every code cell has run; the panel."""
    nb = nbformat.read(lab.root / notebook, as_version=4)
    cells = sum(1 for c in nb.cells if c.cell_type == "code")
    page.goto(lab.page_url(notebook))
    panel = page.locator(PANEL)
    panel.locator(".jp-Notebook").wait_for()
    idle = panel.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    idle.wait_for(timeout=90_000)
    # The stored outputs already carry execution counts: clear them first, so that "every cell has
    # a count" below means this run, not the stored one.
    # On a busy machine Lab may still be settling and drop the first menu click: try up to 3 times.
    for attempt in range(3):
        page.get_by_role("menuitem", name="Edit", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Clear Outputs of All Cells")).click()
        try:
            page.wait_for_function(NONE_RUN, arg=PANEL, timeout=40_000)
            break
        except PlaywrightTimeoutError:
            page.keyboard.press("Escape")
            if attempt == 2:
                shot(page, f"failed-clear-{notebook}.png")
                raise AssertionError(f"Lab did not clear the outputs of {notebook}\n{lab.log_tail()}") from None
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    try:
        page.wait_for_function(ALL_RUN, arg=[PANEL, cells], timeout=180_000)
        idle.wait_for(timeout=60_000)
    except Exception:
        shot(page, f"failed-{notebook}.png")
        prompts = panel.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
        raise AssertionError(f"not every cell of {notebook} ran: prompts {prompts}\n{lab.log_tail()}") from None
    return panel


def assert_no_widget_errors(panel) -> None:
    assert "Error displaying widget" not in panel.inner_text()
    assert panel.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0


def test_speed_world_calculator_answers_in_the_browser(page, lab):
    panel = open_and_run_all(page, lab, "03-speed-world.ipynb")
    assert_no_widget_errors(panel)
    calc = panel.locator(".rulings-kit-speed-world")
    calc.scroll_into_view_if_needed()
    result = calc.locator(".widget-html").last
    assert "4800" in result.inner_text()                    # a = 3, b = 1: X = 2
    handle = calc.locator(".widget-slider .noUi-handle").first   # the slider "a (your position)"
    handle.focus()
    handle.press("ArrowLeft")                               # a = 2: X = 1, the damage effect deals 3200
    page.wait_for_function("el => el.innerText.includes('3200')", arg=result.element_handle())
    assert "4800" not in result.inner_text()
    assert "= <b>1</b>" in calc.locator(".widget-html").nth(1).inner_html()
    shot(calc, "lab-03-speed-world-calculator.png")
    shot(page, "lab-03-speed-world.png")


def test_scenario_stepper_and_match_tracker_answer_in_the_browser(page, lab):
    panel = open_and_run_all(page, lab, "04-handover.ipynb")
    assert_no_widget_errors(panel)
    stepper = panel.locator(".rulings-kit-stepper")
    stepper.scroll_into_view_if_needed()
    state = stepper.locator(".widget-html").nth(1)
    assert "After the setup" in state.inner_text()
    stepper.get_by_role("button", name="forward ▶").click()
    page.wait_for_function("el => el.innerText.includes('After step 1 of 3')", arg=state.element_handle())
    assert "handover pending" in state.inner_text()
    assert stepper.locator("svg").count() >= 1                # the path drawn so far
    shot(stepper, "lab-04-scenario-stepper.png")

    tracker = panel.locator(".rulings-kit-tracker").first
    tracker.scroll_into_view_if_needed()
    status = tracker.locator(".widget-html").nth(1)
    assert "Draw Phase (before the draw)" in status.inner_text()
    tracker.get_by_role("button", name="next phase").click()
    page.wait_for_function("el => el.innerText.includes('Standby Phase')", arg=status.element_handle())
    assert "SPC 2" in status.inner_text()
    tracker.get_by_role("button", name="baton touch").click()    # the first player, on turn 1: WRGP-H9
    feedback = tracker.locator(".widget-html").filter(has_text="rejected")
    feedback.wait_for()
    assert "WRGP-H9" in feedback.inner_text()
    shot(tracker, "lab-04-match-tracker.png")


def test_tag_turn_helper_answers_in_the_browser(page, lab):
    panel = open_and_run_all(page, lab, "08-digimon-tag.ipynb")
    assert_no_widget_errors(panel)
    helper = panel.locator(".rulings-kit-tag-helper")
    helper.scroll_into_view_if_needed()
    result = helper.locator(".widget-html").last
    assert "next turn: blue goes first [TAG-N2]" in result.inner_text()
    power = helper.locator(".widget-hbox").filter(has_text="red-B").locator("input").first
    power.fill("500")                                   # red-B now wins too: red won both battles
    power.press("Enter")
    page.wait_for_function("el => el.innerText.includes('[TAG-N1]')", arg=result.element_handle())
    assert "next turn: red goes first [TAG-N1]" in result.inner_text()
    shot(helper, "lab-08-tag-turn-helper.png")
