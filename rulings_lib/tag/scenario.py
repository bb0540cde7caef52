"""The tag-battle half of the scenario format (``format: digimon-tag``): setup keys, step verbs,
outcome keys.

The verbs are the engine's verbs (:class:`~rulings_lib.tag.engine.TagMatch`): a scenario step
``truce: {by: red-A}`` is the call ``match.truce(by="red-A")``; ``battle: {...}`` is
``match.battle({...})``.
"""

from __future__ import annotations

import re

from ..errors import ArgumentError, ScenarioError
from ..i18n import Msg
from ..schema import Bool, Choice, DeckPath, DictOf, Int, ListOf, MapOf, Schema, Text, _show, scenario_key
from . import tables as T
from .engine import TagMatch

FORMAT = T.FORMAT
RULE_IDS = dict(T.RULES)

PLAYER = Text(80)
TAG_NAME = Text(40)
AMOUNT = Int(0, 1_000_000)
_TAG_RE = re.compile(r"^\w[\w.]*$")


class _Level(Schema):
    expected = "a Digimon level: 3, 4, perfect, ultimate or ultimate-class"

    def parse(self, value, file, line, where):
        try:
            return T.level_key(value)
        except ValueError:
            self.fail(value, file, line, where)


LEVEL = _Level()
ENTRY = MapOf({"power": AMOUNT, "lost": AMOUNT, "lost_table": DictOf(LEVEL, AMOUNT), "level": LEVEL,
               "card": Text(200)}, required=("power",), name="a battle entry")


class _Battle(Schema):
    """``{A: {TAG: entry, TAG: entry}, B: {...}}`` (tag battle) or ``{TAG: entry, TAG: entry}`` (1-vs-1)."""

    expected = "a mapping of letters (A, B) to {TAG: entry}, or of the two tags to entries (1-vs-1)"

    def parse(self, value, file, line, where):
        if not isinstance(value, dict) or not value:
            self.fail(value, file, line, where)
        lines = getattr(value, "lines", {})
        letters = [k for k in value if k in T.LETTERS]
        if letters and len(letters) != len(value):
            other = next(k for k in value if k not in T.LETTERS)
            raise ScenarioError(file, lines.get(other, line), Msg("input.tag.battle.mixed", where=where, key=repr(other)))
        out = {}
        for key, val in value.items():
            kline = lines.get(key, line)
            if not isinstance(key, str):
                raise ScenarioError(file, kline, Msg("input.schema.expected", where=where,
                                                     expected=Msg("input.tag.battle.key"), got=_show(key)))
            if letters:
                out[key] = DictOf(TAG_NAME, ENTRY).parse(val, file, kline, f"{where}.{key}")
            else:
                out[key] = ENTRY.parse(val, file, kline, f"{where}.{key}")
        return out


BY = MapOf({"by": PLAYER}, required=("by",), name="a mapping")

# verb -> schema of its value. Every verb is a method of TagMatch taking these keys.
STEPS = {
    "battle": _Battle(),
    "rematch": BY,
    "truce": MapOf({"by": PLAYER, "phase": Choice(*T.PHASE_KEYS)}, required=("by",), name="a truce"),
    "target": MapOf({"by": PLAYER, "effect": Choice(*T.EFFECT_KINDS), "on": PLAYER, "meets_requirements": Bool()},
                    required=("by", "effect"), name="a target check"),
    # Additions: moments within a turn (TAG-P1..P5), TAG-E2 uses, TAG-R3 cards, TAG-P5's Net Ocean.
    "act": MapOf({"by": PLAYER, "phase": Choice(*T.PHASE_KEYS), "kind": Choice(*T.ACTION_KINDS)},
                 required=("by", "phase"), name="an action"),
    "pass": MapOf({"by": PLAYER, "phase": Choice(*T.PHASE_KEYS)}, required=("by", "phase"), name="a pass"),
    "evolve": BY,
    "call_off": BY,
    "use": MapOf({"by": PLAYER, "kind": Choice(*T.USE_KINDS)}, required=("by", "kind"), name="a use"),
    "card": MapOf({"by": PLAYER, "number": Text(40), "effect": Int(1, 9), "on": PLAYER,
                   "phase": Choice(*T.PHASE_KEYS)},
                  required=("by", "number"), name="a card use"),
    "reshuffle": BY,
    # Addition: a deck check (TAG-K1..K3) inside a scenario, so the FAQ can demonstrate it.
    "check_deck": MapOf({"decks": ListOf(DeckPath(500), min_len=1, max_len=2), "cards": DeckPath(500)},
                        required=("decks",), name="a deck check"),
}

_at = MapOf({
    "turn": Int(1, 10_000),
    "points": DictOf(PLAYER, AMOUNT),
    "out": ListOf(PLAYER, max_len=4),
    "letters": DictOf(PLAYER, Choice(*T.LETTERS)),
}, name="a match moment")
SETUP = MapOf({
    "tags": ListOf(TAG_NAME, min_len=2, max_len=2),
    "first": TAG_NAME,
    "points": Int(1, T.START_POINTS),
    "at": _at,
}, name="the setup")

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


def apply(match: TagMatch, verb: str, args, memo: dict | None = None) -> None:
    """Play one scenario step on the match (raises IllegalAction when the rules forbid it).

    ``memo`` (one per run) keeps each deck check's result: the same decks named again are not
    read again."""
    if verb == "battle":
        match.battle(args)
    elif verb == "check_deck":
        from pathlib import Path

        from .deckcheck import check_deck

        key = ("check_deck", tuple(args["decks"]), args.get("cards"))
        memo = {} if memo is None else memo
        if key not in memo:
            memo[key] = check_deck(*args["decks"], cards=args.get("cards")).as_dict()
        report = memo[key]
        keep = ("rule", "check", "card", "count", "limit", "line", "message")

        def short(f):   # the deck's file name, not a machine path
            d = {k: f[k] for k in keep if k in f}
            if "deck" in f:
                d["deck"] = Path(f["deck"]).name
            if "message" in d and "deck" in f:
                d["message"] = d["message"].replace(f["deck"], Path(f["deck"]).name)
            return d

        match.record_deck_check(report["legal"], [short(f) for f in report["violations"]],
                                [short(f) for f in report["warnings"]])
    elif verb == "pass":                 # `pass` is a Python keyword: the method is pass_
        match.pass_(**args)
    else:
        getattr(match, verb)(**args)


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
