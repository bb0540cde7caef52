"""Smoke test in a real browser: JupyterLab opens the notebooks, runs every cell, draws the widgets,
and a widget answers when it is moved.

Each test runs on a copy of notebooks/ of its own (see conftest.py), so nothing in the checkout is
touched. The screenshots land in build/browser/.
"""

from __future__ import annotations

import nbformat
import pytest

pytestmark = pytest.mark.browser

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"        # the notebook on show

# Every code cell has an execution count in the notebook's model. (Read from the model, not from the
# prompts on the page: a collapsed solution cell -- source hidden -- shows no prompt.)
EXECUTION_COUNTS = """() => {
    const w = window.jupyterapp.shell.currentWidget;
    const cells = w && w.content && w.content.model ? w.content.model.cells : null;
    if (!cells) return null;
    const counts = [];
    for (let i = 0; i < cells.length; i++) {
        const c = cells.get(i);
        if (c.type === 'code') counts.push(c.executionCount);
    }
    return counts;
}"""

ALL_RUN = """([n]) => {
    const counts = (""" + EXECUTION_COUNTS + """)();
    return counts !== null && counts.length === n && counts.every(c => typeof c === 'number' && c > 0);
}"""

# Lab's own "Run All Cells" command; its promise settles when every cell has run (true: no error).
RUN_ALL = """() => {
    window.__ranAll = undefined;
    window.jupyterapp.commands.execute('notebook:run-all-cells')
        .then(ok => { window.__ranAll = ok === false ? 'a cell failed' : 'ok'; },
              err => { window.__ranAll = 'error: ' + err; });
}"""


def open_and_run_all(page, lab, open_notebook, notebook: str):
    """Open ``notebook`` (kernel connected and idle, widget manager ready: see conftest.py), run all
    its cells with Lab's command and wait until it reports them run; the panel."""
    path = open_notebook(notebook)
    nb = nbformat.read(lab.root / path, as_version=4)
    cells = sum(1 for c in nb.cells if c.cell_type == "code")
    panel = page.locator(PANEL)
    page.evaluate(RUN_ALL)
    try:
        page.wait_for_function("() => window.__ranAll !== undefined", timeout=lab.timeout * 1000, polling=200)
        outcome = page.evaluate("() => window.__ranAll")
        assert outcome == "ok", outcome
        page.wait_for_function(ALL_RUN, arg=[cells], timeout=lab.timeout * 1000)
    except Exception as exc:
        lab.shot(page, f"failed-{notebook}.png")
        counts = page.evaluate(EXECUTION_COUNTS)
        raise AssertionError(f"not every cell of {notebook} ran ({exc}): execution counts {counts}\n"
                             f"{lab.log_tail()}") from None
    return panel


def assert_no_widget_errors(panel) -> None:
    assert "Error displaying widget" not in panel.inner_text()
    assert panel.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0


def test_speed_world_calculator_answers_in_the_browser(page, lab, open_notebook):
    panel = open_and_run_all(page, lab, open_notebook, "03-speed-world.ipynb")
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
    lab.shot(calc, "lab-03-speed-world-calculator.png")
    lab.shot(page, "lab-03-speed-world.png")


def test_scenario_stepper_and_match_tracker_answer_in_the_browser(page, lab, open_notebook):
    panel = open_and_run_all(page, lab, open_notebook, "04-handover.ipynb")
    assert_no_widget_errors(panel)
    stepper = panel.locator(".rulings-kit-stepper")
    stepper.scroll_into_view_if_needed()
    state = stepper.locator(".rulings-kit-stepper-state")
    assert "After the setup" in state.inner_text()
    stepper.get_by_role("button", name="forward ▶").click()
    page.wait_for_function("el => el.innerText.includes('After step 1 of 3')", arg=state.element_handle())
    assert "handover pending" in state.inner_text().lower()
    assert stepper.locator("svg").count() >= 1                # the path drawn so far
    lab.shot(stepper, "lab-04-scenario-stepper.png")

    tracker = panel.locator(".rulings-kit-tracker").first
    tracker.scroll_into_view_if_needed()
    status = tracker.locator(".rulings-kit-tracker-status")
    assert "Draw Phase (before the draw)" in status.inner_text()
    tracker.get_by_role("button", name="next phase").click()
    page.wait_for_function("el => el.innerText.includes('Standby Phase')", arg=status.element_handle())
    assert "2 Speed Counters" in status.inner_text()
    tracker.get_by_role("button", name="baton touch").click()    # the first player, on turn 1: WRGP-H9
    feedback = tracker.locator(".widget-html").filter(has_text="rejected")
    feedback.wait_for()
    assert "WRGP-H9" in feedback.inner_text()
    lab.shot(tracker, "lab-04-match-tracker.png")


def test_tag_turn_helper_answers_in_the_browser(page, lab, open_notebook):
    panel = open_and_run_all(page, lab, open_notebook, "08-digimon-tag.ipynb")
    assert_no_widget_errors(panel)
    helper = panel.locator(".rulings-kit-tag-helper")
    helper.scroll_into_view_if_needed()
    result = helper.locator(".rulings-kit-tag-result")
    assert "next turn: blue goes first [TAG-N2]" in result.inner_text()
    power = helper.locator(".widget-hbox").filter(has_text="red-B").locator("input").first
    power.fill("500")                                   # red-B now wins too: red won both battles
    power.press("Enter")
    page.wait_for_function("el => el.innerText.includes('[TAG-N1]')", arg=result.element_handle())
    assert "next turn: red goes first [TAG-N1]" in result.inner_text()
    lab.shot(helper, "lab-08-tag-turn-helper.png")
