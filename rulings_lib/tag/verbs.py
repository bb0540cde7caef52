"""The tag battle verbs, declared once (see :mod:`rulings_lib.verbs`): each step of a
``digimon-tag`` scenario and each verb of :class:`~rulings_lib.tag.engine.TagMatch`, with its
parameters, the rules it plays and an example step line. The engine's ``VERBS``, the scenario
schema and ``rulings verbs`` are made from :data:`VERB_TABLE`; labels and help are in the words
catalogue (``rulings_lib/i18n/verbs.*.json``).

The checks that need the match (a player of this match, a battle's tags) are the engine's, named
here by reference so that the engine module can import this one without a cycle.
"""

from __future__ import annotations

from ..errors import ScenarioError
from ..i18n import Msg
from ..i18n.terms import TAG_ACTION, TAG_LEVEL, TAG_PHASE
from ..schema import DictOf, Int, Schema, Text, _show
from ..verbs import Param, Verb, VerbTable
from . import tables as T

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# The limits of play and of setups: one declaration.
MAX_AMOUNT = 1_000_000          # powers, lost points, gauges
MAX_TURN = 1_000_000
MAX_PLAYER = 80


def _engine_check(name: str) -> Callable[[str, Any, Any], Any]:
    """The engine's argument check ``name``, reached through the match (``match._arg``): the checks
    that need the match's players and tags are the engine's."""
    def check(param: str, value: Any, match: Any) -> Any:
        return match._arg(name, param, value)
    check.__name__ = name
    return check


def _player(name: str = "by", **kw: Any) -> Param:
    optional = not kw.get("required", True)
    return Param(name, "player", max_len=MAX_PLAYER, api_check=_engine_check("_ON" if optional else "_BY"), **kw)


def _phase(**kw: Any) -> Param:
    return Param("phase", "choice", choices=T.PHASE_KEYS, terms=TAG_PHASE, allowed=Msg("input.arg.tag.phase", phases=", ".join(T.PHASE_KEYS)), **kw)


BY = _player()
P_AMOUNT = Param("amount", "int", min=0, max=MAX_AMOUNT)




class _OrNull(Schema):
    """``inner``, or null (what the outcome prints for a key with no value: the same as leaving it out)."""

    def __init__(self, inner: Schema):
        self.inner, self.expected = inner, inner.expected

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        return None if value is None else self.inner.parse(value, file, line, where)


def _nullable(param: Param) -> Param:
    return Param(param.name, param.type, required=False, default=param.default, min=param.min, max=param.max,
                 choices=param.choices, max_len=param.max_len, api_check=param.api_check, terms=param.terms,
                 allowed=param.allowed, schema=_OrNull(param.to_schema()))


class _Data(Schema):
    """Plain data as an outcome holds it (mappings with text keys, lists, text, whole numbers,
    true/false, null), at most a few levels deep and a few hundred values: the engine checks what it means."""

    expected = Msg("input.arg.tag.after_battle")

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        budget = [500]

        def plain(v: object, depth: int) -> bool:
            budget[0] -= 1
            if budget[0] < 0 or depth > 6:
                return False
            if isinstance(v, dict):
                return all(isinstance(k, str) and len(k) <= 80 and plain(x, depth + 1) for k, x in v.items())
            if isinstance(v, list):
                return all(plain(x, depth + 1) for x in v)
            return v is None or isinstance(v, bool | str | int) and (not isinstance(v, str) or len(v) <= 200)

        if not isinstance(value, dict) or not plain(value, 0):
            self.fail(value, file, line, where)
        return value


class _Level(Schema):
    expected = Msg("input.arg.tag.level")

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        try:
            return T.level_key(value)
        except ValueError:
            self.fail(value, file, line, where)


LEVEL = _Level()
TAG_NAME = Text(40)


ENTRY = Param("entry", "record", name_msg="a battle entry", params=(
    Param("power", "int", min=0, max=MAX_AMOUNT),
    Param("lost", "int", min=0, max=MAX_AMOUNT, required=False),
    Param("lost_table", "team_map", required=False, value=P_AMOUNT, schema=DictOf(LEVEL, Int(0, MAX_AMOUNT))),
    Param("level", "choice", choices=("3", "4", "perfect", "ultimate", "ultimate-class"), required=False,
          schema=LEVEL, terms=TAG_LEVEL),
    Param("card", "card", max_len=200, required=False)))


class _Battle(Schema):
    """``{A: {TAG: entry, TAG: entry}, B: {...}}`` (tag battle) or ``{TAG: entry, TAG: entry}`` (1-vs-1)."""

    expected = Msg("input.arg.tag.battle")

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if not isinstance(value, dict) or not value:
            self.fail(value, file, line, where)
        entry = ENTRY.to_schema()
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
                out[key] = DictOf(TAG_NAME, entry).parse(val, file, kline, f"{where}.{key}")
            else:
                out[key] = entry.parse(val, file, kline, f"{where}.{key}")
        return out


def _renamed(message: Any, path: str, name: str) -> Any:
    """A finding's message with the deck's path shown as its file name: a message (a code and its
    arguments) keeps its code, so that it is still worded in any language."""
    if isinstance(message, Msg):
        return Msg(message.code, {k: _renamed(v, path, name) for k, v in message.args.items()})
    return message.replace(path, name) if isinstance(message, str) else message


def _check_deck(match: Any, value: Any, memo: dict[Any, Any] | None = None) -> None:
    """A deck check (TAG-K1..K3) inside a scenario: the decks are read and checked, and the verdict
    recorded (``record_deck_check``), each finding naming the deck by its file name. ``memo`` (one
    per run) keeps each check's result: the same decks named again are not read again."""
    from pathlib import Path

    from .deckcheck import check_deck

    key = ("check_deck", tuple(value["decks"]), value.get("cards"))
    memo = {} if memo is None else memo
    if key not in memo:
        memo[key] = check_deck(*value["decks"], cards=value.get("cards")).as_dict()
    report = memo[key]
    keep = ("rule", "check", "card", "count", "limit", "line", "message")

    def short(f: dict[str, Any]) -> dict[str, Any]:   # the deck's file name, not a machine path
        d = {k: f[k] for k in keep if k in f}
        if "deck" in f:
            d["deck"] = Path(f["deck"]).name
        if "message" in d and "deck" in f:
            d["message"] = _renamed(d["message"], f["deck"], Path(f["deck"]).name)
        return d

    match.record_deck_check(report["legal"], [short(f) for f in report["violations"]],
                            [short(f) for f in report["warnings"]])


VERBS = (
    Verb("battle", "scalar", (Param("battle", "team_map", choices=T.LETTERS, value=ENTRY, api="spec",
                                    schema=_Battle(), api_check=_engine_check("_arg_battle")),),
         rules=("TAG-P5", "TAG-N1", "TAG-N2", "TAG-N3", "TAG-N4", "TAG-N5", "TAG-E1", "TAG-E3", "TAG-E4"),
         example="battle: {A: {red: {power: 7000}, blue: {power: 5000}}, B: {red: {power: 3000}, blue: {power: 4000}}}"),
    Verb("rematch", "record", (BY,), rules=("TAG-R5",), example="rematch: {by: red-A}", name_msg="a mapping"),
    Verb("truce", "record", (BY, _phase(required=False)), rules=("TAG-R5",), example="truce: {by: blue-A}",
         name_msg="a truce"),
    Verb("target", "record", (BY, Param("effect", "choice", choices=tuple(T.EFFECT_KINDS)),
                              _player("on", required=False),
                              Param("meets_requirements", "bool", required=False, default=True)),
         rules=("TAG-R1", "TAG-R2", "TAG-R4", "TAG-E2"), example="target: {by: red-A, effect: contact, on: red-B}",
         name_msg="a target check"),
    Verb("act", "record", (BY, _phase(), Param("kind", "choice", choices=T.ACTION_KINDS, required=False, terms=TAG_ACTION,
                                               allowed=Msg("input.arg.tag.action_kind",
                                                           kinds=", ".join(T.ACTION_KINDS)))),
         rules=("TAG-P1", "TAG-P2", "TAG-P3", "TAG-P4", "TAG-P5"), example="act: {by: red-A, phase: preparation}",
         name_msg="an action"),
    Verb("pass", "record", (BY, _phase()), method="pass_", rules=("TAG-P1", "TAG-P2", "TAG-P4", "TAG-P5"),
         example="pass: {by: red-A, phase: battle}", name_msg="a pass"),
    Verb("evolve", "record", (BY,), rules=("TAG-P2",), example="evolve: {by: red-A}", name_msg="a mapping"),
    Verb("call_off", "record", (BY,), rules=("TAG-P2",), example="call_off: {by: blue-A}", name_msg="a mapping"),
    Verb("use", "record", (BY, Param("kind", "choice", choices=tuple(T.USE_KINDS))), rules=("TAG-E2",),
         example="use: {by: red-A, kind: evolution}", name_msg="a use"),
    Verb("card", "record", (BY, Param("number", "text", max_len=40), Param("effect", "int", min=1, max=9, required=False),
                            _player("on", required=False), _phase(required=False)),
         rules=("TAG-R3", "TAG-R5"), example="card: {by: red-A, number: St-319}", name_msg="a card use"),
    Verb("reshuffle", "record", (BY,), rules=("TAG-K3",), example="reshuffle: {by: red-A}", name_msg="a mapping"),
    Verb("check_deck", "record", (Param("decks", "list", min_items=1, max_items=2,
                                        item=Param("deck", "text", max_len=500, file=True)),
                                  Param("cards", "text", max_len=500, file=True, required=False)),
         rules=("TAG-K1", "TAG-K2", "TAG-K3"), call=_check_deck, step_only=True,
         example="check_deck: {decks: [red-a.txt]}", name_msg="a deck check"),
    # The verdict of a deck check, recorded (what `check_deck` plays); an API verb only.
    Verb("record_deck_check", "record", (Param("legal", "bool"),
                                         Param("violations", "list", item=Param("finding", "text"),
                                               api_check=_engine_check("_arg_findings")),
                                         Param("warnings", "list", item=Param("finding", "text"),
                                               api_check=_engine_check("_arg_findings"))),
         rules=("TAG-K1",), api_only=True),
)

# One battle of the last battle step, as the outcome's `battles` gives it (TAG-P5).
BATTLE_RESULT = Param("battle", "record", params=(
    _nullable(Param("letter", "choice", choices=T.LETTERS, required=False)),
    Param("players", "team_map", value=_player("player"), max_len=40),
    Param("powers", "team_map", value=Param("power", "int", min=0, max=MAX_AMOUNT), max_len=40),
    _nullable(Param("winner", "text", max_len=40, required=False)),
    _nullable(_player("loser", required=False)),
    Param("lost", "int", min=0, max=MAX_AMOUNT)))

SETUP = (
    Param("tags", "list", item=Param("tag", "text", max_len=40), min_items=2, max_items=2, required=False,
          default=["red", "blue"]),
    Param("first", "text", max_len=40, required=False),
    Param("points", "int", min=1, max=T.START_POINTS, required=False, default=T.START_POINTS),
)
AT = (
    Param("turn", "int", min=1, max=MAX_TURN, required=False, default=1),
    Param("points", "team_map", value=P_AMOUNT, max_len=MAX_PLAYER, required=False),
    Param("out", "list", item=Param("player", "player", max_len=MAX_PLAYER), max_items=4, required=False),
    Param("letters", "team_map", value=Param("letter", "choice", choices=T.LETTERS), max_len=MAX_PLAYER,
          required=False),
    # A moment inside the turn (as the outcome's `progress` gives it): the phase reached, its step,
    # the seat that acted last in it and whether it passed, and the battle phase's turn (TAG-P1..P5).
    # A key the outcome prints as null is one not given.
    Param("progress", "record", required=False, name_msg=Msg("input.arg.tag.progress"), params=(
        _nullable(_phase(required=False)),
        _nullable(Param("step", "int", min=0, max=5, required=False)),
        _nullable(Param("seat", "choice", choices=T.SEATS, required=False)),
        Param("passed", "bool", required=False, default=False),
        Param("done", "bool", required=False, default=False),
        Param("battle", "record", required=False, name_msg=Msg("input.arg.tag.progress_battle"), params=(
            _nullable(Param("tag", "text", max_len=40, required=False)),
            _nullable(_player("actor", required=False)),
            Param("uses", "int", min=0, max=MAX_AMOUNT, required=False, default=0),
            Param("passes", "int", min=0, max=2, required=False, default=0),
            Param("turn", "int", min=1, max=MAX_AMOUNT, required=False, default=1))))),
    # The last battle step's results (the outcome's `battles`), and what the moment right after a
    # battle holds (`after_battle`): the moment before it, for a rewind (TAG-R5), or the Net Oceans
    # rebuilt since (TAG-P5). The engine checks them against each other (TagMatch.from_state).
    Param("battles", "list", required=False, max_items=len(T.LETTERS), item=BATTLE_RESULT),
    Param("after_battle", "record", required=False, name_msg=Msg("input.arg.tag.after_battle"), params=(
        Param("rewind", "record", required=False, params=(), schema=_OrNull(_Data())),
        Param("rebuilt", "list", required=False, max_items=4, item=_player("player")))),
)

VERB_TABLE = VerbTable.of(T.FORMAT, VERBS, SETUP, AT, T.RULES)
