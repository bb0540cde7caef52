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
from .engine import TagMatch, setup_from_state
from .verbs import AT, LEVEL, MAX_PLAYER, TAG_NAME, VERB_TABLE
from .verbs import ENTRY as ENTRY_PARAM
from .verbs import SETUP as SETUP_PARAMS

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

FORMAT = T.FORMAT
RULE_IDS = dict(T.RULES)

PLAYER = Text(MAX_PLAYER)
_TAG_RE = re.compile(r"^\w[\w.]*$")
ENTRY = ENTRY_PARAM.to_schema()
BATTLE = VERB_TABLE["battle"].schema()
__all__ = ["LEVEL", "TAG_NAME", "PLAYER", "setup_from_state"]

# verb -> schema of its value, from the verb table (rulings_lib/tag/verbs.py).
STEPS = VERB_TABLE.schemas()

SETUP = MapOf({**{p.name: p.to_schema() for p in SETUP_PARAMS},
               "at": MapOf({p.name: p.to_schema() for p in AT}, name="a match moment")}, name="the setup")

OUTCOME_KEYS = ("format", "finished", "winner", "mode", "turn", "first", "second", "points", "out", "order",
                "rejected", "events", "seats", "battle_order", "battles", "deck_check", "letters", "progress",
                "tags", "start_points", "after_battle")

DEFAULT_TAGS = ("red", "blue")


def check_setup(setup: dict[str, Any], fail: Callable[..., Any]) -> None:
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


def new_match(setup: dict[str, Any]) -> TagMatch:
    at = setup.get("at", {})
    return TagMatch(tuple(setup.get("tags", DEFAULT_TAGS)), setup.get("first"), setup.get("points", T.START_POINTS),
                    turn=at.get("turn", 1), gauges=at.get("points"), out=at.get("out", ()),
                    letters=at.get("letters"), progress=at.get("progress"), battles=at.get("battles"),
                    after_battle=at.get("after_battle"))


def apply(match: TagMatch, verb: str, args: object) -> None:
    """Play one scenario step on the match (raises IllegalAction when the rules forbid it): the
    verb table's one dispatch path."""
    VERB_TABLE[verb].play(match, args)
