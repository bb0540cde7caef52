"""The tag-battle half of the scenario format (``format: digimon-tag``): setup keys, step verbs,
outcome keys.

The verbs are the engine's verbs (:class:`~rulings_lib.tag.engine.TagMatch`): a scenario step
``truce: {by: red-A}`` is the call ``match.truce(by="red-A")``; ``battle: {...}`` is
``match.battle({...})``.
"""

from __future__ import annotations

import re

from ..errors import ArgumentError
from ..i18n import Msg
from ..schema import MapOf, Text, scenario_key
from . import tables as T
from .engine import TagMatch
from .verbs import AT, LEVEL, MAX_PLAYER, TAG_NAME, VERB_TABLE
from .verbs import ENTRY as ENTRY_PARAM
from .verbs import SETUP as SETUP_PARAMS

FORMAT = T.FORMAT
RULE_IDS = dict(T.RULES)

PLAYER = Text(MAX_PLAYER)
_TAG_RE = re.compile(r"^\w[\w.]*$")
ENTRY = ENTRY_PARAM.to_schema()
BATTLE = VERB_TABLE["battle"].schema()
__all__ = ["LEVEL", "TAG_NAME", "PLAYER"]

# verb -> schema of its value, from the verb table (rulings_lib/tag/verbs.py).
STEPS = VERB_TABLE.schemas()

SETUP = MapOf({**{p.name: p.to_schema() for p in SETUP_PARAMS},
               "at": MapOf({p.name: p.to_schema() for p in AT}, name="a match moment")}, name="the setup")

OUTCOME_KEYS = ("format", "finished", "winner", "mode", "turn", "first", "second", "points", "out", "order",
                "rejected", "events", "seats", "battle_order", "battles", "deck_check", "letters")

DEFAULT_TAGS = ("red", "blue")


def check_setup(setup: dict, fail) -> None:
    """Cross-field checks ``fail(key, message)`` reports as scenario errors."""
    tags = tuple(setup.get("tags", DEFAULT_TAGS))
    for t in tags:
        if t in T.LETTERS or not _TAG_RE.match(t):
            fail("tags", Msg("input.tag.setup.tag_name", tag=repr(t)))
    if tags[0] == tags[1]:
        fail("tags", Msg("input.tag.setup.same_tags", tag=repr(tags[0])))
    if "first" in setup and setup["first"] not in tags:
        fail("first", Msg("input.tag.setup.first", tags=", ".join(tags), got=repr(setup["first"])))
    try:
        new_match(setup)
    except ArgumentError as exc:
        # Named by the file's own keys: `setup.at.points.red-A`, not the API's `gauges['red-A']`.
        head = exc.param.partition("[")[0]
        top = head in ("tags", "first", "points")
        fail(head if top else "at", exc.as_msg(scenario_key(exc.param, "setup." if top else "setup.at.",
                                                            {"gauges": "points"})))


def new_match(setup: dict) -> TagMatch:
    at = setup.get("at", {})
    return TagMatch(tuple(setup.get("tags", DEFAULT_TAGS)), setup.get("first"), setup.get("points", T.START_POINTS),
                    turn=at.get("turn", 1), gauges=at.get("points"), out=at.get("out", ()),
                    letters=at.get("letters"))


def apply(match: TagMatch, verb: str, args) -> None:
    """Play one scenario step on the match (raises IllegalAction when the rules forbid it): the
    verb table's one dispatch path."""
    VERB_TABLE[verb].play(match, args)


def describe(outcome: dict) -> list[str]:
    """The final state, for people."""
    lines = []
    if outcome["finished"]:
        lines.append(f"Match over: {outcome['winner']} wins.")
    mode = "1-vs-1 (TAG-E3)" if outcome["mode"] == "1v1" else "tag battle"
    lines.append(f"Turn {outcome['turn']}, {mode}: {outcome['first']} first, {outcome['second']} second")
    seat = {p: s for s, p in outcome.get("seats", {}).items() if p}
    letters = outcome.get("letters", {})
    for p, v in outcome["points"].items():
        where = "out" if p in outcome["out"] else seat.get(p, "")
        if letters.get(p, p[-1:]) != p[-1:]:     # TAG-R3: a Change Up! swapped the letters
            where += f" (letter {letters[p]} since a Change Up!)"
        lines.append(f"  {p:<12} {v:>4} points  {where}")
    lines.append("Out: " + (", ".join(outcome["out"]) if outcome["out"] else "nobody"))
    if not outcome["finished"]:
        for key, order in outcome["order"].items():
            lines.append(f"{T.phase(key).name}: {', '.join(order)}")
    return lines
