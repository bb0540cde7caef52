"""The kit as the browser edition's pages see it (the static site: ``./dev site``, ``site/``).

The pages run the real engines on Pyodide in a Web Worker; every button and every Run goes through
:func:`call`, one JSON request in and one JSON answer out, so the page holds no rules of its own:

>>> import json
>>> answer = json.loads(call("run_shipped", '{"id": "wrgp/power-bond-handover"}'))
>>> answer["passed"], answer["outcome"]["out"]
(True, ['B1', 'A1'])

* scenarios: :func:`shipped`, :func:`run_text` (a scenario written in the page; an unusable one is
  ``{"error": {"line", "message"}}``, never a traceback), :func:`run_all` (every shipped scenario's
  outcome: the browser's differential test against ``rulings run --json``);
* the WRGP match tracker: :class:`WebTracker` (the same actions as the Jupyter tracker's buttons,
  through :class:`~rulings_lib.widgets.record.RecordedMatch`, so the same rules and rejections);
* the tag battle turn helper: :func:`tag_turn_answer` (:func:`rulings_lib.tag.turn.tag_turn`).

The match picture comes from ``_repr_svg_`` (``rulings_lib.draw``) where this version of the kit
has it, else the state in words. Nothing here imports Jupyter, ipywidgets or a Graphviz renderer:
the path diagram travels as DOT and the page draws it (``@viz-js/viz``).
"""

from __future__ import annotations

import json
from pathlib import Path

from .errors import IllegalAction, InputError
from .scenario import builtin_scenarios, format_module, load_scenario, run_scenario, scenario_from_text
from .widgets.record import ACTION_BUTTONS, LIMITS

SCENARIO_DIR = Path(__file__).parent / "scenarios"
# A scenario written in the page is read as if it sat beside the shipped ones, so deck paths
# (``check_team``, ``check_deck``) resolve the same way (both format folders are one level down).
SCRATCH = SCENARIO_DIR / "wrgp" / "playground.yaml"
MAX_TEXT = 200_000            # characters of scenario text the page may send


# ------------------------------------------------------------------------------ scenarios
def shipped_id(path: Path) -> str:
    """``wrgp/power-bond-handover`` for ``rulings_lib/scenarios/wrgp/power-bond-handover.yaml``."""
    return path.relative_to(SCENARIO_DIR).with_suffix("").as_posix()


def shipped_path(scenario_id: str) -> Path:
    for path in builtin_scenarios():
        if shipped_id(path) == scenario_id:
            return path
    raise KeyError(f"no shipped scenario {scenario_id!r}")


def shipped() -> list[dict]:
    """Every shipped scenario: id, format, title, rule ids and its text (the playground's list)."""
    out = []
    for path in builtin_scenarios():
        sc = load_scenario(path)
        out.append({"id": shipped_id(path), "format": sc.format, "title": sc.title, "rules": sc.rules,
                    "text": path.read_text(encoding="utf-8")})
    return out


def _picture(obj) -> str | None:
    """The match picture (SVG) where the kit can draw one, else None (the page shows words)."""
    draw = getattr(obj, "_repr_svg_", None)
    if draw is None:
        return None
    svg = draw()
    if svg and "<svg" in svg:
        return svg[svg.index("<svg"):]
    return None


def _path_dot(result) -> str | None:
    """The scenario path diagram as DOT (the page renders it). None without the graphviz package."""
    try:
        from .diagrams import scenario_path
    except ImportError:
        return None
    return scenario_path(result).source


def answer(result) -> dict:
    """A run as the playground shows it."""
    fmt = format_module(result.scenario.format)
    return {
        "title": result.scenario.title,
        "format": result.scenario.format,
        "rules": result.scenario.rules,
        "passed": result.passed,
        "transcript": result.transcript(),
        "checks": [{"key": c.key, "ok": c.ok, "expected": c.expected, "actual": c.actual, "line": c.line}
                   for c in result.checks],
        "rejected": result.outcome["rejected"],
        "state": fmt.describe(result.outcome),
        "picture": _picture(result),
        "dot": _path_dot(result),
        "outcome": result.outcome,
    }


def _input_error(exc: InputError) -> dict:
    return {"error": {"line": exc.line or 1, "message": exc.message}}


def run_text(text: str, source: str | None = None) -> dict:
    """Play a scenario written (or edited) in the page. ``source``: the shipped scenario it came
    from, if any (deck paths resolve beside it)."""
    if not isinstance(text, str):
        return {"error": {"line": 1, "message": "expected the scenario as text"}}
    if len(text) > MAX_TEXT:
        return {"error": {"line": 1, "message": f"the scenario is too long ({len(text)} characters, "
                                                f"at most {MAX_TEXT})"}}
    try:
        name = str(shipped_path(source)) if source else str(SCRATCH)
    except KeyError:
        name = str(SCRATCH)
    try:
        result = run_scenario(scenario_from_text(text, name))
    except InputError as exc:
        return _input_error(exc)
    return answer(result)


def run_shipped(id: str) -> dict:
    try:
        result = run_scenario(load_scenario(shipped_path(id)))
    except KeyError as exc:
        return {"error": {"line": 1, "message": exc.args[0]}}
    return answer(result)


def run_all() -> dict:
    """Every shipped scenario's outcome, by id (what ``rulings run --json`` prints for each)."""
    return {shipped_id(p): run_scenario(load_scenario(p)).outcome for p in builtin_scenarios()}


# ------------------------------------------------------------------------------ match tracker
# The trackers' buttons, shared with the Jupyter tracker (rulings_lib/widgets/record.py): button ->
# the Action it plays for the chosen team and amount. tests/site/test_web.py presses every button of
# both trackers on the same matches and compares what they did.
TRACKER_BUTTONS = ACTION_BUTTONS


class WebTracker:
    """The WRGP match tracker of the page: a :class:`RecordedMatch` and the last feedback line.
    The page keeps ``record`` (the match file: setup + actions) in the browser's storage."""

    def __init__(self, record=None):
        from .widgets.record import RecordedMatch

        self.record = record or RecordedMatch()
        self.feedback = ("", "")

    def view(self) -> dict:
        from .wrgp import tables as T
        from .wrgp.scenario import describe

        m = self.record.match
        lines = describe(m.state())
        left = {t: m.lineup - m.pos[t] for t in T.TEAMS}
        lines.append("Duelists still to come: " + ", ".join(f"team {t} {left[t]}" for t in T.TEAMS))
        return {"status": lines, "feedback": {"text": self.feedback[0], "tone": self.feedback[1]},
                "can_undo": bool(self.record.actions), "record": self.record.to_dict(),
                "picture": _picture(m), "setup": {"lineup": m.lineup, "start_lp": m.start_lp, "first": m.first},
                "limits": _limits(),
                "finished": m.is_finished()}

    def press(self, button: str, team: str = "A", amount: int = 0) -> dict:
        buttons = TRACKER_BUTTONS
        if button not in buttons:
            self.feedback = (f"not applied: no button {button!r}", "no")
            return self.view()
        before = len(self.record.match.events)
        try:
            rejection = self.record.play(buttons[button](self.record.match, team, amount))
        except (TypeError, ValueError) as exc:          # unusable input: nothing changed
            self.feedback = (f"not applied: {exc}", "no")
            return self.view()
        if rejection is not None:
            self.feedback = (f"rejected [{rejection.rule}]: {rejection.reason}", "no")
        else:
            new = self.record.match.events[before:]
            self.feedback = ("\n".join(f"[{e.rule}] {e.text}" for e in new) or "done", "ok")
        return self.view()

    def undo(self) -> dict:
        last = self.record.undo()
        self.feedback = (f"took back: {last['verb']}" if last else "nothing to take back", "")
        return self.view()

    def new(self, lineup: int = 3, start_lp: int = 8000, first: str = "A") -> dict:
        from .widgets.record import RecordedMatch

        try:
            record = RecordedMatch(lineup=lineup, start_lp=start_lp, first=first)
        except (TypeError, ValueError) as exc:
            self.feedback = (f"cannot start that match: {exc}", "no")
            return self.view()
        self.record = record
        m = record.match
        self.feedback = (f"new match: {m.lineup} duelists a team, {m.start_lp} LP, team {m.first} first", "ok")
        return self.view()

    def load(self, text: str, file: str = "the file") -> dict:
        """Replace the match by a saved one; a file that cannot be used leaves the match as it was."""
        from .widgets.record import RecordedMatch

        try:
            record = RecordedMatch.from_json(text, file)
        except InputError as exc:
            self.feedback = (f"not loaded, the match on screen is unchanged: {exc.message}", "no")
            return {**self.view(), "refused": exc.message}
        self.record = record
        self.feedback = (f"loaded {len(record.actions)} actions from {file}", "ok")
        return self.view()

    def export(self) -> str:
        return self.record.to_json()


def _limits() -> dict:
    """The ranges of the tracker's number inputs (the verb table's setup parameters)."""
    return LIMITS


_tracker: WebTracker | None = None


def tracker(op: str, **kwargs) -> dict:
    """The page's tracker: ``open`` (with the stored match, if any), ``press``, ``undo``, ``new``,
    ``load`` (an imported file), ``export``."""
    global _tracker
    if op == "open":
        _tracker = WebTracker()
        saved = kwargs.get("saved")
        if saved:
            out = _tracker.load(saved, "the match kept in this browser")
            if out.get("refused"):
                _tracker.feedback = (f"the match kept in this browser could not be used, so a new match is "
                                     f"shown ({out['refused']})", "no")
                return {**_tracker.view(), "refused": out["refused"]}
            _tracker.feedback = (f"match restored ({len(_tracker.record.actions)} actions)", "ok")
        return _tracker.view()
    if _tracker is None:
        _tracker = WebTracker()
    if op == "export":
        return {"json": _tracker.export()}
    if op in ("press", "undo", "new", "load"):
        return getattr(_tracker, op)(**kwargs)
    raise KeyError(f"no tracker operation {op!r}")


# ------------------------------------------------------------------------------ tag turn helper
def tag_turn_answer(powers: dict, lost: dict | None = None, first: str = "red", points: dict | None = None) -> dict:
    """One tag battle turn, as the Jupyter turn helper shows it (TAG-P5, TAG-N1..N5, TAG-E1..E4)."""
    from .tag.turn import tag_turn

    try:
        turn = tag_turn(powers, lost or {}, first, points or {})
    except IllegalAction as exc:
        return {"error": f"cannot play this turn: [{exc.rule}] {exc.reason}"}
    except ValueError as exc:
        return {"error": f"cannot play this turn: {exc}"}
    return {"text": turn.text(), "first": turn.first, "rule": turn.rule, "winner": turn.winner,
            "lost": turn.lost, "points": turn.points, "out": list(turn.out), "events": [list(e) for e in turn.events]}


# ------------------------------------------------------------------------------ the one entry point
CALLS = {
    "shipped": shipped,
    "run_text": run_text,
    "run_shipped": run_shipped,
    "run_all": run_all,
    "tracker": tracker,
    "tag_turn": tag_turn_answer,
}


def call(name: str, args_json: str = "{}") -> str:
    """The worker's one door into the kit: a function of :data:`CALLS` by name, keyword arguments
    as JSON, the answer as JSON (key order kept, so the outcome's JSON is ``rulings run --json``'s)."""
    if name not in CALLS:
        raise KeyError(f"no such call {name!r} (one of: {', '.join(CALLS)})")
    args = json.loads(args_json)
    return json.dumps(CALLS[name](**args), ensure_ascii=False)
