"""The scenario stepper: pick a scenario, step forward and back, see the transcript so far, the
state after that step in words and as a picture (:mod:`rulings_lib.draw`), and (where the
diagrams are installed) the scenario's path drawn beside the picture.

The steps are played once by :func:`~rulings_lib.scenario.run_scenario` with snapshots; stepping
only shows snapshot ``n`` (the match after step ``n``), so the widget adds no rules of its own.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..extras import require
from ..scenario import RunResult, builtin_scenarios, load_scenario, run_scenario
from ..values import replace
from ._base import KitWidget, lang_toggle, pre, say

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

    from ..diagrams.diagram import Diagram

w = require("ipywidgets", "ScenarioStepper")   # the [kit] extra: a missing one is named, never a bare ImportError


def play(scenario: Any) -> RunResult:
    """Run a scenario (a path, a built-in scenario's name such as ``"power-bond-handover"``, or a
    loaded :class:`~rulings_lib.scenario.Scenario`), keeping the match after every step."""
    if isinstance(scenario, str | Path) and not Path(scenario).suffix:
        from ..examples import find  # the shipped examples by name, as `rulings run NAME` finds them

        found = find(str(scenario))
        if found is None:
            raise KeyError(f"no built-in scenario named {scenario!r}")
        scenario = found
    if isinstance(scenario, str | Path):
        scenario = load_scenario(scenario)
    return run_scenario(scenario, keep_snapshots=True)


def transcript_until(result: RunResult, n: int, lang: str = "en") -> str:
    """The numbered transcript of steps 1..n (the same lines ``rulings run`` prints), in ``lang``."""
    from ..i18n import render

    n = max(0, min(n, len(result.scenario.steps)))
    sc = replace(result.scenario, steps=result.scenario.steps[:n], expect={})
    snap = result.snapshots[n]
    part = RunResult(sc, snap, snap.state(), [])
    final = "\n\n" + render("common.transcript.final_state", {}, lang) + "\n"
    return part.transcript(lang).split(final)[0]


def _head(result: RunResult, n: int, lang: str) -> str:
    return say("widgets.stepper.after_setup", lang) if n == 0 else \
        say("widgets.stepper.after_step", lang, n=n, total=len(result.scenario.steps))


def state_after(result: RunResult, n: int, lang: str = "en") -> str:
    """The state after step ``n`` (0 = the setup), in words, in ``lang``."""
    outcome = result.snapshots[n].state()
    from ..draw import summary

    lines = summary(outcome, lang)     # the one state in words, in either language
    return "\n".join([_head(result, n, lang) + ":"] + ["  " + s for s in lines])


def picture_after(result: RunResult, n: int, lang: str = "en") -> str:
    """The state after step ``n`` drawn (SVG text): the same picture as ``rulings run --svg-steps``."""
    from ..draw import svg

    return svg(result.snapshots[n], lang, title=f"{result.scenario.title_in(lang)}: {_head(result, n, lang)}")  # type: ignore[no-any-return]


def path_diagram(result: RunResult, n: int, lang: str = "en") -> Diagram | None:
    """The scenario's path through the turn diagram up to step ``n``, labelled in ``lang``, or None
    when the diagrams (rulings_lib.diagrams, Graphviz) are not available."""
    try:
        from ..diagrams import scenario_path
    except ImportError:
        return None
    try:
        return scenario_path(result, upto=n, lang=lang)
    except Exception:  # noqa: BLE001 -- a picture must never break the stepper
        return None


def _svg(diagram: Diagram | None) -> str:
    """The diagram as inline SVG, scaled down to the widget's width."""
    if diagram is None:
        return ""
    try:
        svg = diagram._repr_svg_()
    except Exception:  # noqa: BLE001
        return ""
    if not svg:
        return ""
    start = svg.find("<svg")
    return svg[start:].replace("<svg", '<svg style="max-width: 100%; height: auto"', 1) if start >= 0 else ""


class ScenarioStepper(KitWidget):
    """A dropdown of scenarios, back/forward buttons and a step slider; transcript, state, diagram."""

    name_code = "widgets.name.stepper"
    css_class = "rulings-kit-stepper"

    def __init__(self, scenarios: Any = None, start: str | None = None, step: int = 0, diagram: bool = True,
                 lang: str = "en") -> None:
        paths = [Path(p) for p in (scenarios if scenarios is not None else builtin_scenarios())]
        if not paths:
            raise ValueError("no scenarios to step through")
        self.paths = {p.stem: p for p in paths}
        self.with_diagram = diagram
        self.lang_widget = lang_toggle(lang)
        self.picker = w.Dropdown(options=list(self.paths), value=start or paths[0].stem,
                                 layout=w.Layout(width="460px"))
        self.back = w.Button(layout=w.Layout(width="90px"))
        self.forward = w.Button(layout=w.Layout(width="90px"))
        self.slider = w.IntSlider(value=0, min=0, max=0, layout=w.Layout(width="420px"))
        self.title = w.HTML()
        self.transcript = w.HTML()
        self.state = w.HTML()
        self.state.add_class("rulings-kit-stepper-state")      # a hook for the browser tests
        self.diagram = w.HTML()
        self.picture = w.HTML(layout=w.Layout(width="480px", flex="0 0 auto"))
        self.result: RunResult | None = None
        super().__init__([self.lang_widget, self.picker, w.HBox([self.back, self.forward, self.slider]), self.title,
                          w.HBox([self.picture, self.diagram], layout=w.Layout(align_items="flex-start")),
                          self.state, self.transcript])
        self.picker.observe(self.load, names="value")
        self.slider.observe(self.show, names="value")
        self.back.on_click(self.step_back)
        self.forward.on_click(self.step_forward)
        self.lang_widget.observe(self.relabel, names="value")
        self._label()
        self.load()
        self.slider.value = max(0, min(step, self.slider.max))

    @property
    def step(self) -> int:
        return self.slider.value  # type: ignore[no-any-return]

    def _label(self) -> None:
        lang = self.lang
        self.picker.description = say("widgets.stepper.scenario", lang)
        self.back.description = say("widgets.stepper.back", lang)
        self.forward.description = say("widgets.stepper.forward", lang)
        self.slider.description = say("widgets.stepper.step", lang)
        if self.result is not None:
            sc = self.result.scenario
            self.title.value = say("widgets.stepper.title", lang, title=escape(sc.title_in(lang)),
                                   rules=", ".join(sc.rules) or "—", n=len(sc.steps), file=escape(Path(sc.path).name))

    def relabel(self, change: object = None) -> None:
        """The language switched: every label, the transcript, the state and the picture again."""
        self._label()
        self.show()

    def load(self, change: object = None) -> None:
        self.result = play(self.paths[self.picker.value])
        sc = self.result.scenario
        self._label()
        redraw = self.slider.value == 0
        self.slider.max = len(sc.steps)
        self.slider.value = 0
        if redraw:            # the slider did not move, so `show` was not called by it
            self.show()

    def show(self, change: object = None) -> None:
        n = self.slider.value
        self.back.disabled = n == 0
        self.forward.disabled = n >= self.slider.max
        lang = self.lang
        self.transcript.value = pre(transcript_until(self.result, n, lang))  # type: ignore[arg-type]
        self.state.value = pre(state_after(self.result, n, lang))  # type: ignore[arg-type]
        from ..draw import html_picture

        self.picture.value = html_picture(picture_after(self.result, n, lang), width=480)  # type: ignore[arg-type]
        svg = _svg(path_diagram(self.result, n, lang)) if self.with_diagram else ""  # type: ignore[arg-type]
        self.diagram.value = (f'<div style="max-height: 820px; overflow: auto; border: 1px solid #ddd">{svg}</div>'
                              if svg else "")

    def step_back(self, button: object = None) -> None:
        self.slider.value = max(0, self.slider.value - 1)

    def step_forward(self, button: object = None) -> None:
        self.slider.value = min(self.slider.max, self.slider.value + 1)
