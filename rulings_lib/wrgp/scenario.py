"""The WRGP half of the scenario format: setup keys, step verbs, outcome keys.

The verbs here are the engine's verbs (:class:`~rulings_lib.wrgp.engine.WrgpMatch`): a scenario
step ``attack: {by: A, damage: 8000}`` is the call ``match.attack(by="A", damage=8000)``.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import ArgumentError, InputError, ScenarioError
from ..i18n import Msg
from ..schema import MapOf, scenario_key
from . import tables as T
from .engine import WrgpMatch
from .verbs import AT, VERB_TABLE
from .verbs import SETUP as SETUP_PARAMS

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

FORMAT = T.FORMAT
RULE_IDS = {**T.RULES, **T.STANDARD_RULES}

# verb -> schema of its value, from the verb table (rulings_lib/wrgp/verbs.py).
STEPS = VERB_TABLE.schemas()

SETUP = MapOf({**{p.name: p.to_schema() for p in SETUP_PARAMS[:3]},
               "at": MapOf({p.name: p.to_schema() for p in AT}, name="a match moment"),
               **{p.name: p.to_schema() for p in SETUP_PARAMS[3:]}}, name="the setup")

OUTCOME_KEYS = ("format", "finished", "winner", "turn", "duelist", "lp", "spc", "handover", "out",
                "rejected", "events", "drawn", "at_zero", "once_per_duel", "effects", "cards", "deck_checks",
                "resembles")


_SETUP_TOP = ("lineup", "start_lp", "first")

# A saved match's setup (rulings_lib.record): the constructor's keywords, as the first saved matches wrote
# them (the file format unchanged: no cards, draw survivors or duelists who have left).
RECORD_SETUP = tuple(p for p in SETUP_PARAMS + AT if p.name not in ("cards", "at_zero", "out"))


def check_setup(setup: dict[str, Any], fail: Callable[..., Any]) -> None:
    """Is the setup a moment the rules can reach? The engine's constructor decides (one place);
    ``fail(key, message)`` reports its refusal at the setup key's line."""
    try:
        new_match(setup)
    except _SetupError as exc:
        fail(exc.key, exc.message)


class _SetupError(Exception):
    def __init__(self, key: str, message: str):
        self.key, self.message = key, message


def new_match(setup: dict[str, Any]) -> WrgpMatch:
    at = setup.get("at", {})
    try:
        m = WrgpMatch(
            lineup=setup.get("lineup", 3), start_lp=setup.get("start_lp", 8000), first=setup.get("first", "A"),
            turn=at.get("turn", 1), player=at.get("player"), phase=at.get("phase", "draw"),
            duelist=at.get("duelist"), lp=at.get("lp"), spc=at.get("spc"), at_zero=at.get("at_zero", ()),
            out=at.get("out", ()),
        )
    except ArgumentError as exc:
        key = exc.param if exc.param in _SETUP_TOP else "at"
        raise _SetupError(key, exc.as_msg(scenario_key(exc.param, "setup." if key != "at" else "setup.at."))) from None
    if setup.get("cards_db"):
        _use_card_databases(m, setup["cards_db"])
    for i, c in enumerate(setup.get("cards", []), 1):
        try:
            m.place(c["by"], c["card"], c["zone"], c.get("face_up", True), c.get("position"), c.get("kind"))
        except ArgumentError as exc:
            raise _SetupError("cards", exc.as_msg(scenario_key(exc.param, f"setup.cards[{i}]."))) from None
    m.placed_before_start()
    m.step = 0
    m.events = [e._replace(step=0) for e in m.events]
    return m


def _use_card_databases(m: WrgpMatch, paths: list[Any]) -> None:
    """``setup.cards_db`` (and ``--cards``) read. The paths a scenario names keep where they come from
    (:class:`~rulings_lib.schema.WrittenPath`: held to the scenario's folder, links inside a folder
    included); a problem with one is the scenario's, at its line, naming the file as the scenario
    wrote it (``dbs/a.cdb``), not the machine's path. A path given on the command line is named as given."""
    try:
        m.use_card_databases(list(paths))
    except InputError as exc:
        for p in paths:
            written = getattr(p, "written", None)
            if written is None:
                continue
            if exc.file == str(p):
                shown = written
            elif Path(exc.file).parent == Path(p):       # a database in a folder the scenario names
                shown = f"{written.rstrip('/')}/{Path(exc.file).name}"
            else:
                continue
            where = f"{shown}:{exc.line}" if exc.line else shown
            message = Msg("input.located", where=where, message=exc.as_msg().args["message"])
            raise ScenarioError(p.file, p.line, Msg("input.in_step", where="setup.cards_db", message=message)) from None
        raise


def apply(match: WrgpMatch, verb: str, args: object) -> None:
    """Play one scenario step on the match (raises IllegalAction when the rules forbid it): the
    verb table's one dispatch path."""
    VERB_TABLE[verb].play(match, args)
