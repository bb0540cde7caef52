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
  through :class:`~rulings_lib.record.RecordedMatch`, the game record, so the same rules and rejections);
* the tag battle turn helper: :func:`tag_turn_answer` (:func:`rulings_lib.tag.turn.tag_turn`).

The match picture comes from ``_repr_svg_`` (``rulings_lib.draw``) where this version of the kit
has it, else the state in words. Nothing here imports Jupyter, ipywidgets or a Graphviz renderer:
the path diagram travels as DOT and the page draws it (``@viz-js/viz``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .errors import IllegalAction, InputError, as_message
from .i18n import LANGS, Msg, render
from .scenario import builtin_scenarios, format_module, load_scenario, run_scenario, scenario_from_text
from .wrgp.tracking import ACTION_BUTTONS, LIMITS, TRACKED, refusal_in, still_to_come, unusable_in, verb_label

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .record import RecordedMatch
    from .scenario import RunResult

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


def shipped() -> list[dict[str, Any]]:
    """Every shipped scenario: id, format, title, rule ids and its text (the playground's list)."""
    out = []
    for path in builtin_scenarios():
        sc = load_scenario(path)
        out.append({"id": shipped_id(path), "format": sc.format, "title": sc.title,
                    "titles": {lang: sc.title_in(lang) for lang in LANGS}, "rules": sc.rules,
                    "text": path.read_text(encoding="utf-8")})
    return out


def _lang(lang: object) -> str:
    return lang if lang in LANGS else "en"


def _picture(obj: object, lang: str = "en", phone: bool = False) -> str | None:
    """The match picture (SVG) in ``lang``; ``phone``: its phone layout (360 wide, shown at 1:1 on
    a 390 px screen, so no text under 12 CSS px). None where the kit cannot draw one."""
    from .draw import svg

    scenario = getattr(obj, "scenario", None)     # a scenario result: its match, under its title
    kwargs = {"title": scenario.title_in(lang)} if scenario is not None else {}
    if phone:
        kwargs["layout"] = "phone"
    picture = svg(getattr(obj, "match", obj), lang, **kwargs)
    if picture and "<svg" in picture:
        return picture[picture.index("<svg"):]  # type: ignore[no-any-return]  # an SVG's text
    return None


def _path_dot(result: RunResult, lang: str = "en") -> str | None:
    """The scenario path diagram as DOT (the page renders it). None without the graphviz package."""
    try:
        from .diagrams import scenario_path
    except ImportError:
        return None
    return scenario_path(result, lang=lang).source


def _state_lines(fmt: object, outcome: dict[str, Any], lang: str) -> list[str]:
    """The state in words: the one summary, the same facts in either language."""
    from .draw import summary

    return summary(outcome, lang)  # type: ignore[no-any-return]  # the summary's lines


def answer(result: RunResult, lang: str = "en", phone: bool = False) -> dict[str, Any]:
    """A run as the playground shows it, in ``lang``. The verdict is the page's (site/js/verdict.js),
    worded from ``outcome`` with the kit's catalogue, so an outcome computed anywhere reads the same."""
    lang = _lang(lang)
    fmt = format_module(result.scenario.format)
    return {
        "title": result.scenario.title_in(lang),
        "format": result.scenario.format,
        "rules": result.scenario.rules,
        "lang": lang,
        "passed": result.passed,
        "transcript": result.transcript(lang),
        "checks": _checks(result),
        "rejected": result.outcome["rejected"],
        "state": _state_lines(fmt, result.outcome, lang),
        "picture": _picture(result, lang, phone),
        "dot": _path_dot(result, lang),
        "outcome": result.outcome,
    }


def _checks(result: RunResult) -> list[dict[str, Any]]:
    return [{"key": c.key, "ok": c.ok, "expected": c.expected, "actual": c.actual, "line": c.line}
            for c in result.checks]


def first_answer(result: RunResult) -> dict[str, Any]:
    """The part of :func:`answer` the playground shows at first paint, before Python is up: the
    outcome (worded by the page's verdict.js in the reader's language), the checks and whether they
    passed. The same in every language; the build writes one per shipped scenario
    (``data/answers/<id>.json``, :func:`rulings_lib.webdata.answers`)."""
    return {"passed": result.passed, "checks": _checks(result), "outcome": result.outcome}


_WHERE = re.compile(r"^(?:steps\[(\d+)\]\.([a-z_]+)|(setup))((?:\.[A-Za-z0-9_]+)*)")


def _field_of(params: dict[str, Any] | None) -> dict[str, Any] | None:
    """The builder's field an error is about: ``{"step": N or null, "path": "steps.VERB.PARAM"
    or "setup.at.turn"}`` from the ``where`` it names (``steps[1].activate.card``), else None."""
    for value in (params or {}).values():
        where = value if isinstance(value, str) else None
        if isinstance(value, Msg):
            found = _field_of(value.args)
            if found:
                return found
        m = _WHERE.match(where or "")
        if m:
            step, verb, setup, rest = m.groups()
            path = ("setup" if setup else f"steps.{verb}") + rest
            return {"step": int(step) if step else None, "path": path}
    return None


def _input_error(exc: InputError, lang: str = "en") -> dict[str, Any]:
    """An unusable question: its line, what was expected in ``lang`` (as ``rulings run --lang`` words
    it), and the builder's field it is about, when it names one."""
    message = Msg(exc.code, exc.params).render(_lang(lang)) if exc.code else exc.message
    field = _field_of(exc.params)
    return {"error": {"line": exc.line or 1, "message": message, **({"field": field} if field else {})}}


def run_text(text: str, source: str | None = None, lang: str = "en", phone: bool = False) -> dict[str, Any]:
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
        return _input_error(exc, lang)
    return answer(result, lang, phone)


def run_shipped(id: str, lang: str = "en", phone: bool = False) -> dict[str, Any]:
    try:
        result = run_scenario(load_scenario(shipped_path(id)))
    except KeyError as exc:
        return {"error": {"line": 1, "message": exc.args[0]}}
    return answer(result, lang, phone)


def read_question(text: str) -> dict[str, Any]:
    """A scenario's text as plain data (``format``, ``title``, ``setup``, ``steps``...), for the
    question builder to load back; ``{"error": ...}`` when it is not a usable scenario."""
    from .yamlsrc import load_text

    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return {"error": {"line": 1, "message": "expected the scenario as text"}}
    try:
        scenario_from_text(text, str(SCRATCH))
        data = load_text(text, str(SCRATCH))
    except InputError as exc:
        return _input_error(exc)
    return {"question": json.loads(json.dumps(data, default=str))}


def run_all() -> dict[str, Any]:
    """Every shipped scenario's outcome, by id (what ``rulings run --json`` prints for each)."""
    return {shipped_id(p): run_scenario(load_scenario(p)).outcome for p in builtin_scenarios()}


# ------------------------------------------------------------------------------ match tracker
# The trackers' buttons, shared with the Jupyter tracker (rulings_lib/wrgp/tracking.py): button ->
# the Action it plays for the chosen team and amount. tests/site/test_web.py presses every button of
# both trackers on the same matches and compares what they did.
TRACKER_BUTTONS = ACTION_BUTTONS


def tracker_format() -> str:
    """The format the page's tracker records (the Jupyter tracker's too: :data:`rulings_lib.wrgp.tracking.TRACKED`);
    the page reads it from its verb table (:func:`rulings_lib.webdata.verbs`), never naming a format."""
    from .wrgp.tracking import TRACKED

    return TRACKED


class WebTracker:
    """The WRGP match tracker of the page: a :class:`RecordedMatch` and the last feedback line.
    The page keeps ``record`` (the match file: setup + actions) in the browser's storage, and
    ``previous`` (the match a "New match" replaced, so that Undo can bring it back)."""

    def __init__(self, record: RecordedMatch | None = None, lang: str = "en", phone: bool = False) -> None:
        from .record import RecordedMatch

        self.record = record or RecordedMatch()
        self.previous: RecordedMatch | None = None   # the match before the last "New match"
        self.lang = _lang(lang)
        self.phone = bool(phone)
        self.feedback = ("", "")

    def say(self, code: str, tone: str = "", **args: object) -> None:
        self.feedback = (render(code, args, self.lang), tone)

    def view(self) -> dict[str, Any]:
        from .draw import summary
        from .wrgp import tables as T

        m = self.record.match
        state = m.state()
        lines = summary(m, self.lang)
        left = {t: m.lineup - m.pos[t] for t in T.TEAMS}
        lines.append(still_to_come(m, self.lang))
        turn = state["turn"]
        # The board marks a duelist who has lost (the handover pending, the run-on) as the engine's
        # verdict says it: the page words it, it decides nothing.
        board = {"turn": turn["number"], "player": turn["player"], "phase": turn["phase"],
                 "phase_name": render(f"wrgp.phase.{turn['phase']}", {}, self.lang),
                 "teams": [{"team": t, "duelist": f"{t}{m.pos[t]}", "lp": m.lp[t], "spc": m.spc[t],
                            "left": left[t], "lost": t in state["handover"],
                            "at_zero": f"{t}{m.pos[t]}" in state["at_zero"]} for t in T.TEAMS],

                 "finished": m.is_finished(), "winner": state.get("winner")}
        return {"status": lines, "board": board, "lang": self.lang, "verdict": state["verdict"],
                "feedback": {"text": self.feedback[0], "tone": self.feedback[1]},
                "can_undo": any(a.get("accepted", True) for a in self.record.actions) or self.previous is not None,
                "record": self.record.to_dict(),
                "previous": self.previous.to_dict() if self.previous is not None else None,
                "picture": _picture(m, self.lang, self.phone), "setup": {"lineup": m.lineup, "start_lp": m.start_lp, "first": m.first},
                "limits": _limits(),
                "finished": m.is_finished()}

    def press(self, button: str, team: str = "A", amount: int = 0) -> dict[str, Any]:
        buttons = TRACKER_BUTTONS
        if button not in buttons:
            self.say("site.tracker.no_button", "no", button=str(button))
            return self.view()
        before = len(self.record.match.events)
        try:
            rejection = self.record.play(buttons[button](self.record.match, team, amount))
        except (TypeError, ValueError) as exc:          # unusable input: nothing changed
            self.say("widgets.tracker.not_applied", "no", why=unusable_in(exc, self.lang))
            return self.view()
        return self._played(before, rejection)

    def activate(self, values: dict[str, Any] | None = None) -> dict[str, Any]:
        """The "activate a card" control: the verb table's ``activate`` with the fields the page
        filled in (by, card, summon, declare), as the Jupyter tracker's (tracking.card_action)."""
        from .wrgp.tracking import card_action

        before = len(self.record.match.events)
        try:
            rejection = self.record.play(card_action(values or {}))
        except (TypeError, ValueError) as exc:          # unusable input (an unknown card): nothing changed
            self.say("widgets.tracker.not_applied", "no", why=unusable_in(exc, self.lang))
            return self.view()
        return self._played(before, rejection)

    def _played(self, before: int, rejection: IllegalAction | None) -> dict[str, Any]:
        """What an action did (its events, cards named in the reader's language) or why it was refused."""
        from .cards import in_words
        from .wrgp.tables import CARDS  # the tracker plays WRGP: its catalogue's names first

        self.previous = None                            # Undo now takes back this action, not a New match
        if rejection is not None:
            self.say("widgets.tracker.rejected", "no", rule=rejection.rule, reason=refusal_in(rejection, self.lang))
        else:
            new = self.record.match.state()["events"][before:]
            self.feedback = ("\n".join(f"[{e['rule']}] {in_words(e['code'], e.get('args'), self.lang, CARDS)}"
                                        for e in new) or render("widgets.tracker.done", {}, self.lang), "ok")
        return self.view()

    def undo(self) -> dict[str, Any]:
        """Take back the last action the rules accepted (with the refusals after it: a refusal
        changed nothing), or, right after a "New match", bring the match it replaced back."""
        actions = self.record.actions
        if not any(a.get("accepted", True) for a in actions):
            if self.previous is not None:
                self.record, self.previous = self.previous, None
                self.say("site.tracker.undo_new", "ok", n=len(self.record.actions))
                return self.view()
            self.say("widgets.tracker.nothing_back")
            return self.view()
        while actions and not actions[-1].get("accepted", True):
            self.record.undo()
            actions = self.record.actions
        last = self.record.undo()
        self.say("widgets.tracker.took_back", "", verb=verb_label(last["verb"], self.lang) if last else "")
        return self.view()

    def new(self, lineup: int = 3, start_lp: int = 8000, first: str = "A") -> dict[str, Any]:
        from .record import RecordedMatch

        try:
            record = RecordedMatch(lineup=lineup, start_lp=start_lp, first=first)
        except (TypeError, ValueError) as exc:
            self.say("widgets.tracker.cannot_start", "no", why=unusable_in(exc, self.lang))
            return self.view()
        self.previous, self.record = self.record, record
        m = record.match
        self.say("widgets.tracker.new_match", "ok", lineup=m.lineup, lp=m.start_lp, first=m.first)
        return self.view()

    def load(self, text: str, file: str = "the file") -> dict[str, Any]:
        """Replace the match by a saved one; a file that cannot be used leaves the match as it was."""
        from .record import RecordedMatch

        try:
            record = RecordedMatch.from_json(text, file, TRACKED)
        except InputError as exc:
            message = Msg(exc.code, exc.params).render(self.lang) if exc.code else exc.message
            self.say("widgets.tracker.not_loaded", "no", why=message)
            return {**self.view(), "refused": message}
        self.record = record
        self.say("widgets.tracker.loaded", "ok", n=len(record.actions), path=file)
        return self.view()

    def export(self) -> str:
        return self.record.to_json()


def _limits() -> dict[str, dict[str, int | None]]:
    """The ranges of the tracker's number inputs (the verb table's setup parameters)."""
    return LIMITS


_tracker: WebTracker | None = None


def tracker(op: str, lang: str = "en", phone: bool = False, **kwargs: Any) -> dict[str, Any]:
    """The page's tracker: ``open`` (with the stored match and the one a New match replaced, if
    any), ``press``, ``activate`` (a card by name), ``undo``, ``new``, ``load`` (an imported file), ``export``."""
    global _tracker
    if op == "open":
        _tracker = WebTracker(lang=lang, phone=phone)
        saved = kwargs.get("saved")
        if saved:
            out = _tracker.load(saved, render("site.tracker.kept_file", {}, _tracker.lang))
            if out.get("refused"):
                _tracker.say("site.tracker.kept_unusable", "no", why=out["refused"])
                return {**_tracker.view(), "refused": out["refused"]}
            _tracker.say("site.tracker.restored", "ok", n=len(_tracker.record.actions))
            previous = kwargs.get("previous")
            if previous:
                from .record import RecordedMatch

                try:
                    _tracker.previous = RecordedMatch.from_json(previous, "previous", TRACKED)
                except InputError:
                    _tracker.previous = None
        return _tracker.view()
    if _tracker is None:
        _tracker = WebTracker(lang=lang, phone=phone)
    _tracker.lang, _tracker.phone = _lang(lang), bool(phone)
    if op == "export":
        return {"json": _tracker.export()}
    if op in ("press", "activate", "undo", "new", "load"):
        return getattr(_tracker, op)(**kwargs)  # type: ignore[no-any-return]  # each operation answers the page's view
    raise KeyError(f"no tracker operation {op!r}")


# ------------------------------------------------------------------------------ tag turn helper
_TAG_FIELD = re.compile(r"^spec\.([A-Z])\.([a-z]+)\.(power|lost)\b")


def _tag_error(exc: Exception, lang: str) -> str:
    """A refused turn in words: the engine's parameter path (``spec.A.red.power``) said as the
    player and the box of the page (red-A's attack power)."""
    param = getattr(exc, "param", None)
    if param:
        m = _TAG_FIELD.match(param)
        if m:
            letter, tag, field = m.groups()
            return render("site.tag.bad_field", {"player": f"{tag}-{letter}",
                                                 "field": render(f"site.tag.field.{field}", {}, lang),
                                                 "allowed": exc.allowed}, lang)  # type: ignore[attr-defined]
        return render("site.tag.bad_value", {"param": param, "allowed": exc.allowed}, lang)  # type: ignore[attr-defined]
    return render("site.tag.cannot", {"why": as_message(exc)}, lang)


def tag_turn_answer(powers: dict[str, Any], lost: dict[str, Any] | None = None, first: str = "red",
                    points: dict[str, Any] | None = None, lang: str = "en") -> dict[str, Any]:
    """One tag battle turn, as the Jupyter turn helper shows it (TAG-P5, TAG-N1..N5, TAG-E1..E4),
    in ``lang``. Lost points given for a player who did not lose a battle are said to be unused
    (TAG-P5 ③: only a battle's loser loses points), not silently dropped."""
    from .errors import ArgumentError
    from .tag.turn import tag_turn

    lang = _lang(lang)
    try:
        turn = tag_turn(powers, lost or {}, first, points or {})
    except IllegalAction as exc:
        return {"error": render("site.tag.cannot", {"why": f"[{exc.rule}] {exc.render(lang)}"}, lang)}
    except ArgumentError as exc:
        return {"error": _tag_error(exc, lang)}
    except ValueError as exc:
        return {"error": render("site.tag.cannot", {"why": as_message(exc)}, lang)}
    unused = [p for p, n in sorted((lost or {}).items()) if isinstance(n, int) and n > 0 and p not in turn.lost
              and (points or {}).get(p, 100) > 0]
    notes = [render("site.tag.unused_lost", {"player": p, "n": lost[p]}, lang) for p in unused]  # type: ignore[index]
    return {"text": turn.text(lang), "notes": notes, "first": turn.first, "rule": turn.rule, "winner": turn.winner,
            "lost": turn.lost, "points": turn.points, "out": list(turn.out), "events": [list(e) for e in turn.events]}


# ------------------------------------------------------------------------------ the one entry point
CALLS: dict[str, Callable[..., Any]] = {
    "shipped": shipped,
    "run_text": run_text,
    "run_shipped": run_shipped,
    "read_question": read_question,
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
