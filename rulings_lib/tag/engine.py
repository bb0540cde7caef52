"""The tag battle engine: one 2-vs-2 match of the Digimon Card Game (regulation Ver-T,1.0).

Python-chess style: create a :class:`TagMatch`, act on it with verbs (``battle``, ``rematch``,
``truce``, ``target``, ``act``, ``call_off``, ``use``, ``card``, ``reshuffle``), ask it questions
(``is_finished()``, ``outcome()``, ``order(phase)``, ``check_target(...)``, ``card_rule(...)``,
``is_legal(...)``), ``copy()`` it. A verb the rules forbid right now raises
:class:`~rulings_lib.errors.IllegalAction` carrying the rule id and leaves the match exactly as
it was. Every change leaves an :class:`Event` citing the rule that made it.

Players are named ``TAG-LETTER``: with tags ``red`` and ``blue`` they are ``red-A``, ``red-B``,
``blue-A``, ``blue-B``. Letters are given at the start (TAG-S2) and change only when Change Up! swaps two
partners (TAG-R3); the seats (``first-A`` ...) follow who goes first this turn.

>>> m = TagMatch(("red", "blue"))
>>> m.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 20}},
...           "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}})
>>> m.first, m.turn, m.points["blue-A"], m.points["red-B"]
('blue', 2, 80, 70)
>>> m.order("battle_start")
['red-A', 'blue-A', 'red-B', 'blue-B']

Each rule is enforced in one place, and that place names the rule id in a comment
(search for ``# TAG-``). Seat orders are read from :data:`.tables.PHASES`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .. import args as A
from ..errors import ArgumentError, IllegalAction, MatchOver
from ..events import Event, Outcome
from ..i18n import Msg
from ..i18n.terms import (
    TAG_ACTION,
    TAG_CARD_TEXT,
    TAG_CONDITION,
    TAG_EFFECT,
    TAG_LEVEL,
    TAG_PHASE,
    TAG_PRINCIPLE,
    TAG_SEAT,
    and_list,
    joined,
    term,
)
from ..match import Match, plain_copy, query
from ..values import Value
from . import tables as T
from .tables import LETTERS, PHASE_INDEX, PHASES, SEATS
from .verbs import MAX_AMOUNT, MAX_TURN, VERB_TABLE

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from ..verbs import Param

    # The answers of one listing of legal actions: (player, phase, step or "pass") -> their moment?
    _Memo = dict[tuple[str, str, int | str], bool]

BATTLE = PHASE_INDEX["battle"]
BATTLE_START = PHASE_INDEX["battle_start"]
EVOLUTION = PHASE_INDEX["evolution"]
PREPARATION = PHASE_INDEX["preparation"]
POINT_CALCULATION = PHASE_INDEX["point_calculation"]
_TAG_RE = re.compile(r"^\w[\w.]*$")
_PASSED = 9                 # in a moment's order: a seat's moment after its pass (beyond every step number)
_END = 10                   # in a moment's order: after everyone passed the turn's last phase


class BattleTurn(Value, frozen=True):
    """TAG-P4 ② (reading battle-phase-alternation): where the battle phase's alternation stands.
    The second tag has its first turn; in a turn one person of the tag acts; two turns in a row
    that are passes (one of each tag) bring step ③."""

    tag: str                    # the tag whose turn of the battle phase it is
    actor: str | None = None    # who acts for it in this turn (one person at a time), None: nobody yet
    uses: int = 0               # uses in this turn so far
    passes: int = 0             # turns in a row that were passes
    number: int = 1             # which turn of the battle phase this is (1: the first)

    @property
    def over(self) -> bool:
        """Two passes in a row: step ③, the final attack powers are read; nobody uses anything more."""
        return self.passes >= 2

    def as_dict(self) -> dict[str, Any]:
        return {"tag": self.tag, "actor": self.actor, "uses": self.uses, "passes": self.passes, "turn": self.number}


class Progress(Value, frozen=True):
    """How far this turn has come (TAG-P1..P5): the phase reached, the step reached in it, the seat
    that acted last in it (its position in the phase's seat order) and whether that seat has passed,
    whether every seat has passed the turn's last phase, and the battle phase's alternation. A
    value: the engine replaces it, never changes it."""

    battle: BattleTurn          # the battle phase's alternation (its start value outside the battle phase)
    phase: str | None = None    # None: no phase reached yet this turn
    step: int | None = None     # the step reached (the phase's step numbers)
    seat: int | None = None     # position in the phase's seat order of the seat that acted last
    passed: bool = False        # that seat has passed: its part (or its part of the round) is over
    done: bool = False          # every seat has passed the turn's last phase

    @property
    def index(self) -> int:
        """The phase reached, as its place in the turn (-1: none yet)."""
        return -1 if self.phase is None else PHASE_INDEX[self.phase]

    def moment(self) -> tuple[int, ...]:
        """The moment within the phase, ordered as the phase runs: a seat-ordered phase by seat
        then step (TAG-P1..P3), a phase in rounds by step then seat (TAG-P5), a pass after every
        step of its seat, and the end after everything."""
        if self.done:
            return (_END,)
        if self.phase is not None and T.SEAT_ROUNDS.get(self.phase) == "round":
            key: tuple[int, ...] = () if self.step is None else (self.step,)
            if self.seat is not None:
                key += (self.seat, _PASSED) if self.passed else (self.seat,)
            return key
        if self.seat is None:
            return () if self.step is None else (self.step,)
        # (A seat that acted and has not passed has its step: _seat_turn, _given_progress.)
        return (self.seat, _PASSED if self.passed else self.step)  # type: ignore[return-value]

    def as_dict(self, seats: list[str | None]) -> dict[str, Any]:
        """The outcome's ``progress`` (``seats``: the phase's seat order, to name the seat)."""
        return {"phase": self.phase, "step": self.step,
                "seat": None if self.seat is None else seats[self.seat], "passed": self.passed,
                "done": self.done, "battle": self.battle.as_dict()}


class UnknownPlayer(ArgumentError, KeyError):
    """A call names a player or tag that is not in the match (a malformed call, not a rules question)."""

    def __init__(self, param: str, allowed: str, value: object = None, what: str = "player") -> None:
        super().__init__(param, allowed, value)
        try:
            shown = repr(value)[:60]
        except (ValueError, RecursionError):
            shown = f"<{type(value).__name__}>"
        self.what, self.shown_value = what, shown
        self.args = (f"{param}: unknown {what} {shown} (expected {allowed})",)

    def as_msg(self, where: str | None = None) -> Msg:
        """The error as a message: an unknown player or tag, and who or what the match has."""
        code = "input.arg.tag.unknown_tag" if self.what == "tag" else "input.arg.tag.unknown_player"
        return Msg(code, param=self.param if where is None else where,
                   value=self.shown_value, allowed=self.allowed)

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]  # type: ignore[no-any-return]  # the message __init__ set


def _whole(param: str, value: object, lo: int = 0, hi: int = MAX_AMOUNT) -> int:
    return A.whole(lo, hi)(param, value, None)  # type: ignore[no-any-return]  # the int it accepted


class Fighter(Value, frozen=True):
    """One player's side of a battle: attack power and how their lost points are found.

    ``lost`` gives the lost points directly; ``lost_table`` (level -> points) reads them at the
    same-letter opponent's ``level`` (TAG-P5 ③). ``level`` is this player's Digimon's level.
    Malformed values raise :class:`~rulings_lib.errors.ArgumentError`.
    """

    power: int
    lost: int | None = None
    lost_table: dict[str, int] | None = None
    level: str | None = None
    card: str | None = None

    def __post_init__(self) -> None:
        _whole("power", self.power)
        if self.lost is not None:
            _whole("lost", self.lost)
        if self.lost is not None and self.lost_table is not None:
            raise ArgumentError("lost_table", Msg("input.arg.tag.lost_or_table"), self.lost_table)
        if self.lost_table is not None:
            if not isinstance(self.lost_table, Mapping) or len(self.lost_table) > len(T.LEVELS) + 1:
                raise ArgumentError("lost_table", Msg("input.arg.tag.lost_table"), self.lost_table)
            table = {}
            for k, v in self.lost_table.items():
                table[_level("lost_table key", k, table=True)] = _whole(f"lost_table[{k!r}]", v)
            object.__setattr__(self, "lost_table", table)
        if self.level is not None:
            object.__setattr__(self, "level", _level("level", self.level))
        if self.card is not None:
            A.text(200)("card", self.card, None)

    @classmethod
    def of(cls, value: object, where: str = "entry") -> Fighter:
        if isinstance(value, Fighter):
            return value
        if not isinstance(value, Mapping):
            raise ArgumentError(where, Msg("input.arg.tag.entry"), value)
        unknown = [k for k in value if k not in ("power", "lost", "lost_table", "level", "card")]
        if unknown:
            raise ArgumentError(f"{where}.{unknown[0]}", Msg("input.arg.tag.entry_key"),
                                value[unknown[0]])
        if "power" not in value:
            raise ArgumentError(f"{where}.power", Msg("input.arg.tag.power"), None)
        try:
            return cls(**value)
        except ArgumentError as exc:
            raise ArgumentError(f"{where}.{exc.param}", exc.allowed, exc.value) from None


def _level(param: str, value: object, table: bool = False) -> str:
    if isinstance(value, float) or not isinstance(value, int | str):
        raise ArgumentError(param, Msg("input.arg.tag.level"), value)
    try:
        return T.table_level(value) if table else T.level_key(value)
    except ValueError:
        raise ArgumentError(param, Msg("input.arg.tag.level"), value) from None


class BattleResult(Value, frozen=True):
    """One battle of a turn: ``letter`` (None in 1-vs-1), each tag's power, the winner (None: draw)."""

    letter: str | None
    players: dict[str, str]    # tag -> player
    powers: dict[str, int]     # tag -> attack power
    winner: str | None     # tag
    loser: str | None      # player
    lost: int
    why: str               # where the lost points come from

    def as_dict(self) -> dict[str, Any]:
        return {"letter": self.letter, "players": dict(self.players), "powers": dict(self.powers),
                "winner": self.winner, "loser": self.loser, "lost": self.lost}


class TargetRuling(Value, frozen=True):
    """May ``by`` aim an effect of ``effect`` kind at ``on``? Who does it affect, under which rule."""

    allowed: bool
    rule: str
    affected: tuple[str, ...]
    text: str

    def __bool__(self) -> bool:
        return self.allowed


# ---------------------------------------------------------------------- argument checks (the boundary)
def _arg_player(optional: bool = False) -> A.Check:
    """A player of this match (``red-A`` ...), by name."""
    def check(param: str, value: Any, match: TagMatch) -> str | None:
        if value is None and optional:
            return None
        return match._player(value, param)
    return check


def _arg_battle(param: str, value: object, match: TagMatch) -> tuple[str, dict[str, dict[str, Fighter]]]:
    """A battle step: ``{A: {TAG: entry, TAG: entry}, B: {...}}`` (tag battle) or ``{TAG: entry,
    TAG: entry}`` (1-vs-1). Returns ``(shape, {letter or "": {tag: Fighter}})``. Everything that
    makes the call malformed is found here: the rules (TAG-E1, TAG-E3) are the verb's."""
    if not isinstance(value, Mapping) or not value or len(value) > 2:
        raise ArgumentError(param, Msg("input.arg.tag.battle"), value)
    keys = list(value)
    if all(isinstance(k, str) and k in LETTERS for k in keys):
        shape, pairs = "tag", {}
        for letter in keys:
            pairs[letter] = _arg_pair(f"{param}.{letter}", value[letter], match, letter)
    elif all(isinstance(k, str) and k in match.tags for k in keys):
        shape, pairs = "1v1", {"": _arg_pair(param, value, match)}
    else:
        bad = next(k for k in keys if not (isinstance(k, str) and (k in LETTERS or k in match.tags)))
        raise UnknownPlayer(param, Msg("input.arg.tag.letters_or_tags", tags=and_list(match.tags)), bad, "tag")
    for key, pair in pairs.items():
        where = f"{param}.{key}" if key else param
        t1, t2 = match.tags
        if len(pair) < 2 or pair[t1].power == pair[t2].power:
            continue
        win, lose = (t1, t2) if pair[t1].power > pair[t2].power else (t2, t1)
        table = pair[lose].lost_table
        if table is not None:
            # TAG-P5 ③: the loser's table is read at the level of the winner's Digimon.
            if pair[win].level is None:
                raise ArgumentError(f"{where}.{win}.level", Msg("input.arg.tag.winner_level", win=win, lose=lose), None)
            if T.table_level(pair[win].level) not in table:
                raise ArgumentError(f"{where}.{lose}.lost_table", Msg("input.arg.tag.table_entry", win=win,
                                    level=T.LEVEL_NAMES[T.table_level(pair[win].level)]), table)
    return shape, pairs


def _arg_pair(param: str, value: object, match: TagMatch, letter: str | None = None) -> dict[str, Fighter]:
    if not isinstance(value, Mapping) or not value:
        raise ArgumentError(param, Msg("input.arg.tag.pair", tags=", ".join(match.tags)), value)
    for k in value:
        if not (isinstance(k, str) and k in match.tags):
            raise UnknownPlayer(param, Msg("input.arg.tag.a_tag", tags=", ".join(match.tags)), k, "tag")
    missing = [t for t in match.tags if t not in value]
    # A letter whose player is out has no battle (TAG-E1): the verb rejects it, whatever is given.
    both_in = letter is None or all(match._holder[(t, letter)] not in match.out for t in match.tags)
    if missing and both_in:
        raise ArgumentError(f"{param}.{missing[0]}", Msg("input.arg.tag.both_tags", tag=missing[0]), None)
    return {t: Fighter.of(value[t], f"{param}.{t}") for t in match.tags if t in value}


_FINDING_TEXT = 1000      # a finding's message or card name; a deck check's are one line


def _finding_value(value: object) -> bool:
    """A finding's other values are plain: text, a whole number (a count, a line) or None."""
    if value is None:
        return True
    if isinstance(value, str):
        return len(value) <= _FINDING_TEXT
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**12


def _arg_findings(param: str, value: object, match: TagMatch) -> list[dict[str, Any]]:
    """Deck-check findings: a list of mappings, each with a TAG-K* ``rule`` and a ``message``, its
    other values plain (text, whole numbers or None), so that state() can always be written out."""
    if not isinstance(value, list | tuple) or len(value) > 10_000:
        raise ArgumentError(param, Msg("input.arg.tag.findings"), value)
    out = []
    for i, f in enumerate(value):
        rule = f.get("rule") if isinstance(f, Mapping) else None
        if not isinstance(f, Mapping) or not isinstance(rule, str) or rule not in T.RULES \
                or not isinstance(f.get("message"), str) or not all(isinstance(k, str) for k in f) \
                or not all(_finding_value(v) for v in f.values()):
            raise ArgumentError(f"{param}[{i}]", Msg("input.arg.tag.finding"), f)
        out.append(dict(f))
    return out


def _plain_finding(f: dict[str, Any]) -> dict[str, Any]:
    return {k: str.__str__(v) if isinstance(v, Msg) else v for k, v in f.items()}


_PHASE = A.choice(*T.PHASE_KEYS, name=Msg("input.arg.tag.phase", phases=", ".join(T.PHASE_KEYS)))
_KIND = A.choice(*T.ACTION_KINDS, name=Msg("input.arg.tag.action_kind", kinds=", ".join(T.ACTION_KINDS)))
_BY = _arg_player()
_ON = _arg_player(optional=True)


_ARG_CHECKS = {"_BY": _BY, "_ON": _ON, "_arg_battle": _arg_battle, "_arg_findings": _arg_findings}


class TagMatch(Match):
    """One tag battle match. ``tags`` are the two tag names; the first listed goes first unless
    ``first`` says otherwise. ``turn``/``gauges``/``out``/``letters`` start from a mid-match moment
    (``letters``: player -> letter, after a Change Up!, TAG-R3)."""

    # The public verbs, each checked at the boundary and run as a transaction (Match).
    FORMAT = T.FORMAT
    VERB_TABLE = VERB_TABLE
    VERBS: dict[str, dict[str, A.Check]] = VERB_TABLE.api_checks()

    def __init__(self, tags: Sequence[str] = ("red", "blue"), first: str | None = None,
                 points: int = T.START_POINTS, *,
                 turn: int = 1, gauges: dict[str, int] | None = None, out: Sequence[str] = (),
                 letters: dict[str, str] | None = None, progress: dict[str, Any] | None = None,
                 battles: Sequence[Mapping[str, Any]] | None = None,
                 after_battle: dict[str, Any] | None = None) -> None:
        if not isinstance(tags, list | tuple) or len(tags) != 2:
            raise ArgumentError("tags", Msg("input.arg.tag.two_tags"), tags)
        for t in tags:
            if not isinstance(t, str) or not 0 < len(t) <= 40 or t in LETTERS or not _TAG_RE.match(t):
                raise ArgumentError("tags", Msg("input.arg.tag.tag_name"), t)
        if tags[0] == tags[1]:
            raise ArgumentError("tags", Msg("input.arg.tag.different"), list(tags))
        self.tags: tuple[str, str] = tuple(tags)
        if first is not None and (not isinstance(first, str) or first not in self.tags):
            raise ArgumentError("first", Msg("input.arg.tag.first", tags=", ".join(self.tags)), first)
        self.first = self.tags[0] if first is None else first
        self.start_points = _whole("points", points, 1, T.START_POINTS)   # TAG-S1: a gauge starts at 100 at most
        names = self.players()
        self._names = frozenset(names)
        after = self._given_after_battle(after_battle)
        if after.get("rewind") is not None:
            # Right after a battle, with its rewind still possible (TAG-R5): the moment before it, and the battle.
            self._after_rewindable_battle(after["rewind"], battles, turn, gauges, out, letters, progress)
            return
        self.turn = _whole("turn", turn, 1, MAX_TURN)
        # TAG-S2: letters A and B (a Change Up! swaps them within a tag, TAG-R3).
        if letters is not None and not isinstance(letters, Mapping):
            raise ArgumentError("letters", Msg("input.arg.tag.letters_map"), letters)
        given = {self._player(p, "letters"): A.choice(*LETTERS)(f"letters[{p!r}]", v, self)
                 for p, v in (letters or {}).items()}
        self._set_letters({p: given.get(p, p[-1]) for p in names})
        for t in self.tags:
            if sorted(self.letters[p] for p in names if self._tag_of(p) == t) != list(LETTERS):
                raise ArgumentError("letters", Msg("input.arg.tag.letters_each", tag=t),
                                    {p: self.letters[p] for p in names if self._tag_of(p) == t})
        # TAG-S1: every point gauge starts at 100 (or the setting).
        self.points: dict[str, int] = {p: self.start_points for p in names}
        if gauges is not None and not isinstance(gauges, Mapping):
            raise ArgumentError("gauges", Msg("input.arg.tag.gauges"), gauges)
        for p, v in (gauges or {}).items():
            self.points[self._player(p, "gauges")] = _whole(f"gauges[{p!r}]", v, 0, self.start_points)
        if not isinstance(out, list | tuple) or len(out) > 4:
            raise ArgumentError("out", Msg("input.arg.tag.out_list"), out)
        out_given = [self._player(p, "out") for p in out]
        if len(set(out_given)) != len(out_given):
            raise ArgumentError("out", Msg("input.arg.tag.out_once"), list(out))
        for p in out_given:
            if self.points[p] != 0 and p in (gauges or {}):
                raise ArgumentError("out", Msg("input.arg.tag.out_at_zero", player=p, points=self.points[p]), p)
            self.points[p] = 0
        # TAG-E1: a player at 0 is out.
        self.out: list[str] = list(dict.fromkeys(out_given + [p for p in names if self.points[p] == 0]))
        for t in self.tags:
            if not self.in_game_of(t):
                raise ArgumentError("out", Msg("input.arg.tag.one_left", tag=t), list(self.out))
        if self.turn == 1:
            # TAG-S1/TAG-E1: at the start of the match's first turn no battle has been fought: every gauge is at
            # its starting points and so nobody is out (a player goes out only when a battle takes their gauge to
            # 0). (Which player holds which letter is the seating, TAG-S2, and may be given.)
            if self.out:
                raise ArgumentError("out", Msg("input.arg.tag.none_out_turn_1"), list(self.out))
            moved = {p: v for p, v in self.points.items() if v != self.start_points}
            if moved:
                raise ArgumentError("gauges", Msg("input.arg.tag.full_gauges_turn_1", points=self.start_points), moved)
        self.mode = "1v1" if self._is_one_vs_one() else "tag"
        self.winner: str | None = None
        self.termination: Outcome | None = None
        self.battles: list[BattleResult] = []     # this turn's battles (the last battle step)
        self.deck_check: dict[str, Any] | None = None   # TAG-K1..K3 verdict (scenario step check_deck)
        self.events: list[Event] = []
        self.rejected: list[dict[str, Any]] = []
        self.step = 0
        self._last: str | None = None             # the last accepted verb
        self._undo: dict[str, Any] | None = None  # the state before the last battle (TAG-R5)
        self._reshuffled: tuple[str, ...] = ()
        self._new_turn()
        if progress is not None:
            self._progress = self._given_progress(progress)
        if battles is not None:
            self.battles = self._given_battles(battles)
        if after.get("rebuilt"):
            # TAG-P5: Net Oceans rebuilt right after this turn's battle (and more may be, by the others).
            if not self.battles:
                raise ArgumentError("after_battle", Msg("input.arg.tag.after_battle"), dict(after_battle))  # type: ignore[arg-type]
            self._last, self._reshuffled = "reshuffle", after["rebuilt"]
        self._setup_events()

    # ------------------------------------------------------------------ players and seats
    @query()
    def players(self) -> list[str]:
        """All four players, tag by tag: ``['red-A', 'red-B', 'blue-A', 'blue-B']``. A player's name
        keeps the letter they started with; :meth:`letter_of` gives the letter they hold now."""
        return [f"{t}-{letter}" for t in self.tags for letter in LETTERS]

    @property
    def second(self) -> str:
        return self.tags[1] if self.first == self.tags[0] else self.tags[0]

    @query()
    def other_tag(self, tag: str) -> str:
        self._tag(tag)
        return self.tags[1] if tag == self.tags[0] else self.tags[0]

    @query()
    def tag_of(self, player: str) -> str:
        return self._tag_of(self._player(player))

    @query()
    def letter_of(self, player: str) -> str:
        """The letter ``player`` holds now (TAG-S2; a Change Up! swaps it, TAG-R3)."""
        return self.letters[self._player(player)]

    @query()
    def player(self, tag: str, letter: str) -> str:
        """The player of ``tag`` who holds ``letter`` now."""
        A.choice(*LETTERS)("letter", letter, self)
        return self._holder[(self._tag(tag), letter)]

    @query()
    def partner(self, player: str) -> str:
        p = self._player(player)
        return f"{self._tag_of(p)}-{'B' if p[-1] == 'A' else 'A'}"

    @query()
    def opponent(self, player: str) -> str:
        """The player in front: the same letter of the other tag (in 1-vs-1, the other player left)."""
        p = self._player(player)
        if self.mode == "1v1" and p not in self.out:
            return next(q for q in self.in_game_players() if q != p)
        return self._opponent(p)

    @query()
    def in_game(self, player: str) -> bool:
        return self._player(player) not in self.out

    @query()
    def is_out(self, player: str) -> bool:
        return self._player(player) in self.out

    @query()
    def in_game_players(self) -> list[str]:
        return [p for p in self.players() if p not in self.out]

    @query()
    def in_game_of(self, tag: str) -> list[str]:
        self._tag(tag)
        return [p for p in self.players() if self._tag_of(p) == tag and p not in self.out]

    @query()
    def seats(self) -> dict[str, str | None]:
        """Seat -> player for this turn (None for a seat whose player is out). In 1-vs-1 the two
        players take the A seats (reading one-vs-one-seats)."""
        side_tag = {"first": self.first, "second": self.second}
        if self.mode == "1v1":
            by_tag = {self._tag_of(p): p for p in self.in_game_players()}
            return {s: (by_tag.get(side_tag[T.seat_parts(s)[0]]) if T.seat_parts(s)[1] == "A" else None)
                    for s in SEATS}
        seats = {}
        for s in SEATS:
            side, letter = T.seat_parts(s)
            p = self._holder[(side_tag[side], letter)]
            seats[s] = None if p in self.out else p
        return seats

    @query()
    def seat_of(self, player: str) -> str | None:
        p = self._player(player)
        return next((s for s, q in self.seats().items() if q == p), None)

    @query()
    def order(self, phase: str) -> list[str]:
        """The players still in the game in the acting order of ``phase`` this turn (TAG-P1..P5)."""
        seats = self.seats()
        # (The seats kept are those with a player.)
        return [seats[s] for s in T.phase(_PHASE("phase", phase, self)).order if seats[s]]  # type: ignore[misc]

    @query()
    def orders(self) -> dict[str, list[str]]:
        """The outcome's ``order``: each seat-ordered phase's acting order for the coming turn."""
        return {k: self.order(k) for k in T.ORDERED_PHASES}

    # ------------------------------------------------------------------ queries
    @query()
    def is_finished(self) -> bool:
        return self.winner is not None

    @query()
    def outcome(self) -> Outcome | None:
        return self.termination

    @query()
    def is_one_vs_one(self) -> bool:
        return self.mode == "1v1"

    @staticmethod
    @query()
    def card_rule(key: str) -> T.CardRule | None:
        """The tag regulation's ruling on a card (``"St-296"``) or ability (``"aerial"``), TAG-R3 etc."""
        return T.card_rule(A.text(40)("key", key, None))

    @staticmethod
    @query()
    def next_turn_rule(winners: list[str | None]) -> tuple[T.NextTurnRule, str | None]:
        if not isinstance(winners, list | tuple) or len(winners) not in (1, 2) or \
                not all(w is None or (isinstance(w, str) and len(w) <= 40) for w in winners):
            raise ArgumentError("winners", Msg("input.arg.tag.winners"), winners)
        return T.next_turn_rule(list(winners))

    @query()
    def check_target(self, by: str, effect: str, on: str | None = None,
                     meets_requirements: bool = True) -> TargetRuling:
        """May ``by`` aim an effect of kind ``effect`` (see :data:`.tables.EFFECT_KINDS`) at ``on``?
        Nothing changes. TAG-R1, R2 and R4 are decided here, and only here."""
        by = self._player(by, "by")
        A.choice(*T.EFFECT_KINDS)("effect", effect, self)
        A.flag()("meets_requirements", meets_requirements, self)
        rule, principle = T.EFFECT_KINDS[effect]
        principle = term(TAG_PRINCIPLE, effect, principle)
        if on is not None:
            on = self._player(on, "on")
        elif effect != "all":
            raise ArgumentError("on", Msg("input.arg.tag.on_needed", effect=effect), None)
        if by in self.out:
            return TargetRuling(False, "TAG-E1", (), Msg("tag.reject.player_out", p=by))
        if effect == "all":
            # TAG-R4: "all ..." means all four players (those still in the game).
            if on is not None and on in self.out:
                return TargetRuling(False, "TAG-E1", (), Msg("tag.reject.target_out", player=on))
            everyone = tuple(self.in_game_players())
            return TargetRuling(True, rule, everyone, Msg("tag.event.effect_reaches_all", principle=principle, by=by,
                                                          players=list(everyone)))
        if on in self.out:
            return TargetRuling(False, "TAG-E1", (), Msg("tag.reject.target_out", player=on))
        same_tag = self._tag_of(on) == self._tag_of(by)  # type: ignore[arg-type]
        if effect in ("projection", "both_sides", "flush", "opponent"):
            # TAG-R1 / TAG-R4: one named opponent, either player of the other tag.
            if same_tag:
                who = Msg("tag.target.themselves") if on == by else Msg("tag.target.their_partner", player=on)
                return TargetRuling(False, rule, (), Msg("tag.reject.not_an_opponent", principle=principle, by=by, who=who))
            affected = (by, on) if effect == "both_sides" else (on,)
            where = "" if on == self.opponent(by) else Msg("tag.target.not_in_front")
            what = {"projection": Msg("tag.target.projection", on=on),
                    "both_sides": Msg("tag.target.both_sides", by=by, on=on),
                    "flush": Msg("tag.target.flush", on=on),
                    "opponent": Msg("tag.target.opponent", on=on)}[effect]
            return TargetRuling(True, rule, affected, Msg("tag.event.opponent_named", by=by, on=on, what=what, where=where))  # type: ignore[arg-type]
        # TAG-R2: contact-type effects and support Digimon.
        if on == by:
            return TargetRuling(True, rule, (on,), Msg("tag.event.effect_on_own_digimon", by=by, effect=effect))
        if same_tag:
            if effect == "support" and meets_requirements:
                return TargetRuling(True, rule, (on,), Msg("tag.event.support_on_partner", principle=principle, by=by, on=on))  # type: ignore[arg-type]
            why = (Msg("tag.target.support_not_met", on=on) if effect == "support"
                   else Msg("tag.target.contact_partner"))
            return TargetRuling(False, rule, (), Msg("tag.reject.not_on_partner", by=by, on=on, why=why))
        return TargetRuling(True, rule, (on,), Msg("tag.event.effect_on_opponent", by=by, effect=term(TAG_EFFECT, effect), on=on))  # type: ignore[arg-type]

    @query()
    def may_use(self, by: str, kind: str) -> tuple[bool, str, str]:
        """TAG-E2: may ``by`` use an effect of ``kind`` (:data:`.tables.USE_KINDS`)? -> (allowed, rule, why)."""
        by = self._player(by, "by")
        A.choice(*T.USE_KINDS)("kind", kind, self)
        label = {"evolution": Msg("tag.use.evolution"), "projection": Msg("tag.use.projection"),
                 "opponent_condition": Msg("tag.use.opponent_condition")}[kind]
        if by in self.out:
            return False, "TAG-E1", Msg("tag.reject.player_out", p=by)
        if self.mode == "1v1":
            return True, "TAG-E3", Msg("tag.event.effect_under_normal_regulation", by=by, label=label)
        foe = self._opponent(by)
        if foe not in self.out:
            return True, "TAG-E2", Msg("tag.event.effect_facing_opponent", by=by, foe=foe, label=label)
        # TAG-E2: evolution and projection-type options yes; "if the opponent's ... is ..." no.
        if not T.USE_KINDS[kind]:
            return False, "TAG-E2", Msg("tag.reject.opponent_condition_unmet", by=by, foe=foe)
        return True, "TAG-E2", Msg("tag.event.effect_while_opponent_out", by=by, foe=foe, label=label)

    def _fields(self) -> dict[str, Any]:
        """The match's fields, every mutable one copied, except the append-only logs ``events`` and
        ``rejected`` (a transaction keeps those by length). Lean (it runs on every verb): letters,
        the turn's progress and the undo snapshot are immutable values that are replaced, never
        changed in place, so they are shared."""
        d = self.__dict__.copy()
        d.pop("_event_cache", None)     # each match keeps its own (see Match._event_dicts)
        d["points"] = self.points.copy()
        d["out"] = self.out.copy()
        d["battles"] = self.battles.copy()
        if self.deck_check is not None:
            d["deck_check"] = plain_copy(self.deck_check)
        return d

    def _arg(self, name: str, param: str, value: object) -> Any:
        """The engine's argument check ``name`` (the verb table names it: rulings_lib/tag/verbs.py)."""
        return _ARG_CHECKS[name](param, value, self)

    # ------------------------------------------------------------------ the action grammar (Match.legal_actions)
    LEFT_OUT = {
        "check_deck": "reads deck files (a scenario step)",
        "record_deck_check": "records a deck check's verdict, not a move of play",
    }
    # The optional parameters the grammar enumerates (the others are left out: their defaults). ``card.phase``
    # is left out (a truce by card, St-220, in the phase the turn is in: ``truce`` names its phase).
    OPTIONAL = {"truce": ("phase",), "target": ("on", "meets_requirements"), "act": ("kind",),
                "card": ("effect", "on")}
    # A battle's lost points, besides the loser's points now (the loss that takes them to exactly 0).
    LOST = 10

    def _domain(self, verb: str, param: Param) -> tuple[Any, ...]:
        if param.type == "player":
            return tuple(self.players())
        if verb == "battle":
            return self._battle_specs()
        if verb == "card" and param.name == "number":
            return tuple(T.CARD_RULES)
        if verb == "card" and param.name == "effect":      # the effects the card rulings name (St-321's 2nd)
            return tuple(sorted({r.effect for r in T.CARD_RULES.values() if r.effect}))
        # A verb the table gained without a domain here or a LEFT_OUT entry (tests/test_legal_actions.py lists
        # the whole table, so a test fails first).
        raise LookupError(f"the grammar has no values for {verb}.{param.name}: give it some here, or name "
                          f"{verb} in LEFT_OUT with why")

    def _battle_specs(self) -> tuple[dict[str, Any], ...]:
        """The battles of the grammar: by letters (both, A alone, B alone) and 1-vs-1 (by tags). Each battle
        one of: the first tag's Digimon wins (powers 1 and 0), the second's, or a draw (0 and 0); both
        entries' ``lost`` is :attr:`LOST`, or for a win the loser's points now (to reach 0, TAG-E1)."""
        t1, t2 = self.tags

        def pairs(loser_of: Callable[..., str]) -> list[dict[str, dict[str, int]]]:
            out = []
            for win, lose in ((t1, t2), (t2, t1)):
                for lost in sorted({self.LOST, self.points[loser_of(lose)]}):
                    out.append({win: {"power": 1, "lost": lost}, lose: {"power": 0, "lost": lost}})
            out.append({t1: {"power": 0, "lost": self.LOST}, t2: {"power": 0, "lost": self.LOST}})
            return [{t1: p[t1], t2: p[t2]} for p in out]

        by_letter = {x: pairs(lambda tag, x=x: self._holder[(tag, x)]) for x in LETTERS}
        specs: list[dict[str, Any]] = [{"A": a, "B": b} for a in by_letter["A"] for b in by_letter["B"]]
        specs += [{x: p} for x in LETTERS for p in by_letter[x]]
        left = {self._tag_of(p): p for p in self.in_game_players()}
        specs += pairs(lambda tag: left.get(tag) or self.player(tag, "A"))
        return tuple(specs)

    def _allower(self) -> Callable[[str, Any], bool]:
        memo: _Memo = {}
        return lambda verb, value: self._allows(verb, value, memo)

    def _allows(self, verb: str, value: Any, memo: _Memo | None = None) -> bool:
        """The grammar's actions the rules allow now (:meth:`Match.legal_actions`). The grammar holds every verb
        of the table but those :attr:`LEFT_OUT` (deck files and verdicts): ``battle`` (see
        :meth:`_battle_specs`), and for each of the four players ``rematch``, ``truce`` (in each phase or the
        turn's), ``target`` (each effect kind, on each player or nobody named, requirements met or not),
        ``act`` (in each phase, each kind or none), ``pass`` (each phase), ``evolve``, ``call_off``, ``use``
        (each kind), ``card`` (each card or ability the regulation rules on, :data:`.tables.CARD_RULES`, its
        ruled effect or none, on each player or nobody named) and ``reshuffle``. Another card number plays as
        a card without a ruling: free text, left out.

        Decided from the rules: the match's end (TAG-S2; a rewind right after the deciding battle, TAG-R5),
        players out (TAG-E1), the battle's shape (TAG-E1, TAG-E3), rewinds and rebuilt Net Oceans (TAG-R5,
        TAG-P5), targets and uses (TAG-R1, R2, R4, E2: :meth:`check_target`, :meth:`may_use`), the card
        rulings (TAG-R3, R1), the phase order and which kinds belong to which phase (TAG-P1..P5); whether it
        is a seat's moment in its phase's seat order or the battle phase's alternation (TAG-P1..P5), the
        engine's ``_move``, is tried on a copy (once per player, phase and step in one listing: ``memo``).

        >>> from rulings_lib.verbs import Action
        >>> m = TagMatch()
        >>> len(m.legal_actions()), len(m.action_grammar())
        (593, 972)
        >>> a = Action("rematch", {"by": "red-A"})      # TAG-R5: right after a battle only
        >>> a in m.action_grammar(), a in m.legal_actions()
        (True, False)
        """
        if self.winner is not None and not (self._last == "battle" and (
                verb == "rematch" or verb == "card" and value["number"] == "St-104")):
            return False        # TAG-S2 (a rewind right after the deciding battle: reading rewind-before-the-match-ends)
        return _ALLOWS[verb](self, value, {} if memo is None else memo)

    def _allows_battle(self, spec: dict[str, Any], memo: _Memo) -> bool:
        if self.turn >= MAX_TURN:
            return self._tried("battle", spec)      # the kit's limit on turns
        if self.mode == "1v1":
            return not (spec.keys() & set(LETTERS))     # TAG-E3: after the switch a battle names the tags
        if not spec.keys() <= set(LETTERS):
            return False                                # TAG-E3: before it, the letters
        # TAG-E1: each letter with both its players in the game battles, and only those.
        return all((x in spec) == all(self._holder[(t, x)] not in self.out for t in self.tags) for x in LETTERS)

    def _allows_rematch(self, value: dict[str, Any], memo: _Memo) -> bool:
        by = value["by"]
        if self._last != "battle" or self._undo is None or by in self._undo["out"]:
            return False        # TAG-R5: right after a battle; TAG-E1: not by a player out before it
        return any(r.loser == by for r in self.battles)     # TAG-R5: by a loser of this turn's battle

    def _seat_moment(self, by: str, phase: str, kind: str, memo: _Memo) -> bool:
        """Is it ``by``'s moment for ``kind`` in ``phase``? Decided first by the rules that need no seat order:
        in the game (TAG-E1), the phase not over (TAG-P1..P5), a kind of that phase (TAG-P2 ①: evolving and
        calling off), a call-off by the second tag (TAG-P2 ①); then the seat order (TAG-P1..P3, P5) or the
        battle phase's alternation (TAG-P4), the engine's ``_move`` tried on a copy. Kinds of one step are
        one moment (``memo``: the answers of one listing)."""
        steps = T.ACTION_STEPS[phase]
        if not (by not in self.out and PHASE_INDEX[phase] >= self._progress.index
                and (kind == "pass" or kind in steps) and (kind != "call_off" or self._tag_of(by) == self.second)):
            return False
        key = (by, phase, "pass" if kind == "pass" else steps[kind])
        if key not in memo:
            trial = self.copy()
            try:
                trial._move(by, phase, kind)
                memo[key] = True
            except IllegalAction:
                memo[key] = False
        return memo[key]

    def _allows_truce(self, value: dict[str, Any], memo: _Memo) -> bool:
        ci = self._progress.index
        phase = value.get("phase") or T.PHASE_KEYS[max(ci, PREPARATION)]
        if self.turn >= MAX_TURN:
            return self._tried("truce", value)      # the kit's limit on turns
        # TAG-R5 reading truce-timing: before battle start, in a truce phase, at an option card's moment there.
        return phase in T.TRUCE_PHASES and ci < BATTLE_START and self._seat_moment(value["by"], phase, "option", memo)

    def _allows_act(self, value: dict[str, Any], memo: _Memo) -> bool:
        return self._seat_moment(value["by"], value["phase"], value.get("kind") or "use", memo)

    def _allows_pass(self, value: dict[str, Any], memo: _Memo) -> bool:
        return self._seat_moment(value["by"], value["phase"], "pass", memo)

    def _allows_evolve(self, value: dict[str, Any], memo: _Memo) -> bool:
        return self._seat_moment(value["by"], "evolution", "evolve", memo)

    def _allows_call_off(self, value: dict[str, Any], memo: _Memo) -> bool:
        return self._seat_moment(value["by"], "evolution", "call_off", memo)

    def _allows_target(self, value: dict[str, Any], memo: _Memo) -> bool:
        if value.get("on") is None and value["effect"] != "all":
            return False        # an effect aimed at one player names them (a malformed call otherwise)
        return self.check_target(value["by"], value["effect"], value.get("on"),
                                 value.get("meets_requirements", True)).allowed

    def _allows_use(self, value: dict[str, Any], memo: _Memo) -> bool:
        return self.may_use(value["by"], value["kind"])[0]

    def _allows_card(self, value: dict[str, Any], memo: _Memo) -> bool:
        by, key = value["by"], value["number"]
        rule = T.CARD_RULES[key]
        if key == "St-104":
            return self._allows_rematch(value, memo)
        if by in self.out:
            return False        # TAG-E1
        if key == "St-220":
            return self._allows_truce({"by": by}, memo)
        if rule.rule == "TAG-R3" and self.mode == "1v1":
            return True         # TAG-E3: the normal 1-vs-1 regulation
        if key in T.CHANGE_UP:
            tag = self._tag_of(value.get("on") or by)
            return f"{tag}-A" not in self.out and f"{tag}-B" not in self.out    # TAG-E1: a pair to swap
        if rule.rule == "TAG-R1":
            on = value.get("on")
            return on is None or self.check_target(by, "flush", on).allowed
        if rule.effect is not None:
            return value.get("effect") != rule.effect       # TAG-R3: the ruled effect cannot be used
        return rule.allowed                                 # TAG-R3: the named exceptions

    def _allows_reshuffle(self, value: dict[str, Any], memo: _Memo) -> bool:
        by = value["by"]
        # TAG-P5: right after a battle (or another rebuild), by a player in the game, once.
        return self._last in ("battle", "reshuffle") and by not in self.out and by not in self._reshuffled

    def _draw(self, lang: str = "en") -> str:
        from ..draw.tag import tag_svg

        return tag_svg(self, lang)

    # ------------------------------------------------------------------ the position as a setup
    _SETUP_NAMES = {"_undo": "after_battle", "_last": "after_battle", "_reshuffled": "after_battle"}

    def _position(self) -> dict[str, Any]:
        """The position: the fields but the history. The last verb counts only as "right after a battle" or
        "right after a rebuilt Net Ocean" (TAG-R5, TAG-P5), the moment before the battle only right after it,
        and a battle's result by what it decided (its words are the transcript's)."""
        fields = super()._position()
        last = self._last if self._last in ("battle", "reshuffle") else None
        fields["_last"] = last
        undo = self._undo if last == "battle" else None
        if undo is not None:
            undo = {k: v for k, v in undo.items() if k not in self._HISTORY}
            undo["battles"] = [b.as_dict() for b in undo.get("battles", ())]
        fields["_undo"] = undo
        fields["battles"] = [b.as_dict() for b in self.battles]
        return fields

    def _setup(self) -> dict[str, Any]:
        """The setup keys for this position (TagMatch.from_state's: the outcome's moment)."""
        # (the moment only: no events worded; query's functools.wraps keeps the function as __wrapped__)
        return setup_from_state(TagMatch.state.__wrapped__(self))  # type: ignore[attr-defined]

    def _moment(self) -> str:
        pts = ", ".join(f"{p}={v}" for p, v in self.points.items())
        state = f" winner={self.winner}" if self.winner else ""
        now = self._progress        # within the turn: the phase and step reached (none yet: nothing shown)
        where = f" phase={now.phase}" + (f" step={now.step}" if now.step else "") if now.phase else ""
        return f"turn={self.turn}{where} first={self.first} mode={self.mode} points=({pts}) out={self.out}{state}"

    @query()
    def state(self) -> dict[str, Any]:
        """The scenario outcome (the JSON object of ``rulings run --json``)."""
        return {
            "format": T.FORMAT,
            "finished": self.winner is not None,
            "winner": self.winner,
            "mode": self.mode,
            "turn": self.turn,
            "first": self.first,
            "second": self.second,
            "points": dict(self.points),
            "out": list(self.out),
            "order": self.orders(),
            "rejected": [dict(r) for r in self.rejected],
            "events": None,   # filled in by Match.state: the events with code and args (cached)
            # Additions to the contract's keys:
            "seats": self.seats(),
            "battle_order": self.order("battle"),
            "battles": [b.as_dict() for b in self.battles],
            "deck_check": plain_copy(self.deck_check),
            "letters": dict(self.letters),
            "progress": self._progress_dict(),
            # What else the rules look at (a setup takes them back: TagMatch.from_state): the tags in
            # order and the starting gauge (TAG-S1), and right after a battle what a rewind (TAG-R5)
            # or a Net Ocean rebuilt then (TAG-P5) needs.
            "tags": list(self.tags),
            "start_points": self.start_points,
            "after_battle": self._after_battle_dict(),
        }

    def _progress_dict(self) -> dict[str, Any]:
        phase = self._progress.phase
        return self._progress.as_dict([self.seat_of(p) for p in self.order(phase)] if phase in T.ORDERED_PHASES
                                      else [])

    def _after_battle_dict(self) -> dict[str, Any] | None:
        """Right after a battle: the moment before it, which a rewind goes back to (TAG-R5), and the
        players who have rebuilt their Net Ocean since (TAG-P5). None at any other moment."""
        if self._last == "battle" and self._undo is not None:
            before = TagMatch.__new__(TagMatch)
            before.__dict__.update(self._undo)
            return {"rewind": {"turn": before.turn, "first": before.first, "points": dict(before.points),
                               "out": list(before.out), "letters": dict(before.letters),
                               "progress": before._progress_dict(),
                               "battles": [b.as_dict() for b in before.battles]},
                    "rebuilt": []}
        if self._last == "reshuffle":
            return {"rewind": None, "rebuilt": list(self._reshuffled)}
        return None

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> TagMatch:
        """A match that starts at the moment ``state`` (a :meth:`state`, or its JSON read back) and
        plays on exactly as the match it came from. Malformed or unreachable: ArgumentError."""
        if not isinstance(state, Mapping) or state.get("format") != T.FORMAT:
            raise ArgumentError("state", Msg("input.arg.tag.state"), state)
        return cls(state.get("tags", ("red", "blue")), state.get("first"), state.get("start_points", T.START_POINTS),
                   **{k: state[k] for k in ("turn", "out", "letters", "progress", "battles", "after_battle")
                      if k in state},
                   gauges=state.get("points"))

    # ------------------------------------------------------------------ plumbing
    def _begin(self, rewind: bool = False) -> None:
        self.step += 1
        # TAG-S2: the game goes on until both players of one tag are out; nothing happens after.
        # (A rewind right after the deciding battle may still undo it: reading rewind-before-the-match-ends.)
        if self.winner is not None and not (rewind and self._last == "battle"):
            raise MatchOver.coded("TAG-S2", "tag.reject.match_over", {"winner": self.winner})

    def _done(self, verb: str) -> None:
        self._last = verb
        if verb not in ("battle", "reshuffle"):
            self._reshuffled = ()

    def _tag(self, tag: str, param: str = "tag") -> str:
        if not isinstance(tag, str) or tag not in self.tags:
            raise UnknownPlayer(param, Msg("input.arg.tag.a_tag", tags=", ".join(self.tags)), tag, "tag")
        return tag

    def _player(self, name: str, param: str = "player") -> str:
        if not isinstance(name, str) or name not in self._names:
            raise UnknownPlayer(param, Msg("input.arg.tag.a_player", players=", ".join(self.players())), name)
        return name

    @staticmethod
    def _tag_of(player: str) -> str:
        return player.rsplit("-", 1)[0]

    def _set_letters(self, letters: dict[str, str]) -> None:
        self.letters = letters
        self._holder = {(self._tag_of(p), x): p for p, x in letters.items()}

    def _opponent(self, p: str) -> str:
        """The same-letter player of the other tag (TAG-S2; letters as they stand now)."""
        t = self._tag_of(p)
        return self._holder[(self.tags[1] if t == self.tags[0] else self.tags[0], self.letters[p])]

    def _require_in_game(self, player: str) -> str:
        p = self._player(player, "by")
        if p in self.out:
            # TAG-E1: a player who is out takes no further part.
            self._fail("TAG-E1", "tag.reject.player_out", p=p)
        return p

    def _is_one_vs_one(self) -> bool:
        left = self.in_game_players()
        return (len(left) == 2 and self.letters[left[0]] != self.letters[left[1]]
                and self._tag_of(left[0]) != self._tag_of(left[1]))

    def _new_turn(self) -> None:
        """Reset the turn's progress: no phase reached yet, the battle phase's first turn to come."""
        # TAG-P4 ② reading battle-phase-alternation: the second tag has the battle phase's first turn.
        self._progress = Progress(BattleTurn(self.second))

    # TAG-R5's rewind: the Match base's one snapshot, keeping the log and the step counter.
    _REWIND_KEEPS = ("step", "_last", "_undo")

    def _given_progress(self, value: object) -> Progress:
        """A moment inside the turn (``progress``, as ``state()`` gives it; a setup's
        ``at.progress``): checked against this turn's phases, steps and seat orders (TAG-P1..P5)."""
        if not isinstance(value, Mapping):
            raise ArgumentError("progress", Msg("input.arg.tag.progress"), value)
        for k in value:
            if k not in ("phase", "step", "seat", "passed", "done", "battle"):
                raise ArgumentError(f"progress.{k}", Msg("input.arg.tag.progress"), value[k])
        # As state() prints it: a key that is None is one not given (and the battle phase's start
        # value stands outside the battle phase, where state() shows it too).
        value = {k: v for k, v in value.items() if v is not None}
        if value.get("phase") != "battle" and "battle" in value and \
                self._given_battle(value["battle"], "battle") == BattleTurn(self.second):
            value.pop("battle")
        phase = value.get("phase")
        if phase is not None:
            phase = _PHASE("progress.phase", phase, self)
        passed = A.flag()("progress.passed", value.get("passed", False), self)
        done = A.flag()("progress.done", value.get("done", False), self)
        battle = self._given_battle(value.get("battle"), phase)
        step = value.get("step")
        if phase == "battle" and (step is not None or battle != BattleTurn(self.second)):
            step = 3 if battle.over else 2      # TAG-P4: step ② while the turns alternate, ③ after two passes
        # (A phase of None, none given, is no key of the tables: their default.)
        steps = sorted({v for v in T.ACTION_STEPS.get(phase, {}).values() if v}  # type: ignore[arg-type]
                       | ({2} if phase == "evolution" else set()) | ({3} if phase == "battle" else set()))
        if value.get("step") is not None:
            A.choice(*steps, name=Msg("input.arg.tag.progress_step", phase=phase or "-",
                                      steps=", ".join(map(str, steps)) or "-"))("progress.step", value["step"], self)
        seat = value.get("seat")
        pos = None
        if seat is not None:
            order = self.order(phase) if phase in T.ORDERED_PHASES else []
            seats: list[str] = [self.seat_of(p) for p in order]  # type: ignore[misc]  # a player in an order has a seat
            pos = A.choice(*seats, name=Msg("input.arg.tag.progress_seat", phase=phase or "-",
                                            seats=", ".join(seats) or "-"))("progress.seat", seat, self)
            pos = seats.index(pos)
        rounds = T.SEAT_ROUNDS.get(phase) == "round"  # type: ignore[arg-type]  # (None: the default, as above)
        if (done and phase != PHASES[-1].key) or (passed and pos is None) or \
                (pos is not None and step is None and (rounds or not passed)) or \
                (phase == "battle" and value.get("step") not in (None, step)):
            raise ArgumentError("progress", Msg("input.arg.tag.progress_moment"), dict(value))
        if not rounds and passed:
            step = None
        return Progress(battle, phase, step, pos, passed, done)

    def _given_battle(self, value: object, phase: str | None) -> BattleTurn:
        if value is None:
            return BattleTurn(self.second)
        allowed = Msg("input.arg.tag.progress_battle")
        if phase != "battle" or not isinstance(value, Mapping) or \
                not set(value) <= {"tag", "actor", "uses", "passes", "turn"}:
            raise ArgumentError("progress.battle", allowed, value)
        value = {k: v for k, v in value.items() if v is not None}
        tag = self._tag(value.get("tag", self.second), "progress.battle.tag")
        actor = value.get("actor")
        if actor is not None:
            actor = self._player(actor, "progress.battle.actor")
            if self._tag_of(actor) != tag or actor in self.out:
                raise ArgumentError("progress.battle.actor", allowed, actor)
        uses = _whole("progress.battle.uses", value.get("uses", 0), 0, MAX_AMOUNT)
        passes = _whole("progress.battle.passes", value.get("passes", 0), 0, 2)
        number = _whole("progress.battle.turn", value.get("turn", 1), 1, MAX_AMOUNT)
        if (uses and actor is None) or (passes and uses) or passes >= number or \
                ((tag == self.second) != (number % 2 == 1)):
            # TAG-P4 ②: the second tag has the odd turns; a pass leaves the turn unused; a use has its actor.
            raise ArgumentError("progress.battle", allowed, dict(value))
        return BattleTurn(tag, actor, uses, passes, number)

    def _given_battles(self, value: object, param: str = "battles") -> list[BattleResult]:
        """The last battle step's results, as state() gives them (``battles``): at most one battle a
        letter (none in 1-vs-1), each between the two tags' players, the higher power winning
        (TAG-P5 ①; equal powers draw, reading equal-power-is-draw) and only the loser losing points."""
        allowed = Msg("input.arg.tag.battles", tags=", ".join(self.tags))
        if not isinstance(value, list | tuple) or len(value) > len(LETTERS):
            raise ArgumentError(param, allowed, value)
        out: list[BattleResult] = []
        for i, b in enumerate(value):
            where = f"{param}[{i}]"
            if not isinstance(b, Mapping) or set(b) != {"letter", "players", "powers", "winner", "loser", "lost"} \
                    or not isinstance(b["players"], Mapping) or not isinstance(b["powers"], Mapping) \
                    or set(b["players"]) != set(self.tags) or set(b["powers"]) != set(self.tags):
                raise ArgumentError(where, allowed, b)
            players = {t: self._player(b["players"][t], f"{where}.players") for t in self.tags}
            powers = {t: _whole(f"{where}.powers", b["powers"][t]) for t in self.tags}
            lost = _whole(f"{where}.lost", b["lost"])
            t1, t2 = self.tags
            win = None if powers[t1] == powers[t2] else t1 if powers[t1] > powers[t2] else t2
            loser = None if win is None else players[self.other_tag(win)]
            # (A battle without a letter is 1-vs-1's: the only one of its step.)
            if b["letter"] not in (*LETTERS, None) or any(self._tag_of(players[t]) != t for t in self.tags) \
                    or b["winner"] != win or b["loser"] != loser or (win is None and lost) \
                    or (b["letter"] is None and len(value) != 1) or b["letter"] in [x.letter for x in out]:
                raise ArgumentError(where, allowed, b)
            out.append(BattleResult(b["letter"], players, powers, win, loser, lost, ""))
        return out

    def _given_after_battle(self, value: object) -> dict[str, Any]:
        """``after_battle`` as state() gives it: ``{rewind: MOMENT | None, rebuilt: [PLAYER, ...]}``."""
        if value is None:
            return {}
        allowed = Msg("input.arg.tag.after_battle")
        if not isinstance(value, Mapping) or not set(value) <= {"rewind", "rebuilt"}:
            raise ArgumentError("after_battle", allowed, value)
        rebuilt = value.get("rebuilt") or []
        if not isinstance(rebuilt, list | tuple) or len(rebuilt) > 4 or len(set(map(repr, rebuilt))) != len(rebuilt):
            raise ArgumentError("after_battle.rebuilt", allowed, rebuilt)
        rebuilt = tuple(self._player(p, "after_battle.rebuilt") for p in rebuilt)
        rewind = value.get("rewind")
        if rewind is not None and (not isinstance(rewind, Mapping) or rebuilt or not set(rewind) <= {
                "turn", "first", "points", "out", "letters", "progress", "battles"}):
            # A rebuilt Net Ocean is a step after the battle: the rewind (right after it) is gone.
            raise ArgumentError("after_battle.rewind", allowed, rewind)
        return {"rewind": rewind, "rebuilt": rebuilt}

    def _after_rewindable_battle(self, rewind: Mapping[str, Any], battles: Sequence[Mapping[str, Any]] | None,
                                 turn: int,
                                 gauges: dict[str, int] | None, out: Sequence[str], letters: dict[str, str] | None,
                                 progress: dict[str, Any] | None) -> None:
        """Set up right after a battle whose rewind is still possible (TAG-R5): the match at the
        moment before it (``rewind``) plays that battle (``battles``), and the moment given must be
        the one it reaches. (So a battle that ended the match can be set up too, with its rewind.)"""
        where = "after_battle.rewind"
        try:
            before = TagMatch(self.tags, rewind.get("first"), self.start_points, turn=rewind.get("turn", 1),
                              gauges=rewind.get("points"), out=rewind.get("out", ()), letters=rewind.get("letters"),
                              progress=rewind.get("progress"), battles=rewind.get("battles"))
        except ArgumentError as exc:
            raise ArgumentError(f"{where}.{exc.param}", exc.allowed, exc.value) from None
        fought = before._given_battles(battles if battles is not None else [])
        if not fought:
            raise ArgumentError("battles", Msg("input.arg.tag.after_battle"), battles)
        pairs = {r.letter: {t: {"power": r.powers[t], "lost": r.lost if r.players[t] == r.loser else 0}
                            for t in self.tags} for r in fought}
        try:
            before.battle(pairs[None] if None in pairs else pairs)
        except (IllegalAction, MatchOver):
            raise ArgumentError("battles", Msg("input.arg.tag.after_battle"), battles) from None
        given = {"turn": turn, "first": self.first, "points": {**before.points, **(gauges or {})}, "out": list(out),
                 "letters": {**before.letters, **(letters or {})},
                 "battles": [b.as_dict() for b in fought]}
        reached = {"turn": before.turn, "first": before.first, "points": before.points, "out": before.out,
                   "letters": before.letters, "battles": [b.as_dict() for b in before.battles]}
        if given != reached or (progress is not None and before._given_progress(progress) != before._progress):
            raise ArgumentError("after_battle", Msg("input.arg.tag.after_battle"),
                                {k: v for k, v in given.items() if v != reached[k]})
        fields = before._fields()
        for k in ("_moves", "_event_cache", "_own", "_log", "rejected", "step"):
            fields.pop(k, None)
        self.__dict__.update(fields)
        self._log, self.rejected, self.step = [], [], 0
        self._setup_events()

    def _setup_events(self) -> None:
        # TAG-S1: stand-by.
        self._ev("TAG-S1", "tag.event.stand_by", points=self.start_points)
        # TAG-S2: start, the letters (they stay when first and second swap; only Change Up! exchanges them, TAG-R3).
        a = and_list(self._holder[(t, "A")] for t in self.tags)
        b = and_list(self._holder[(t, "B")] for t in self.tags)
        swapped = [p for p in self.players() if self.letters[p] != p[-1]]
        note = (Msg("tag.note.other_letter_since_change_up", players=and_list(swapped)) if swapped
                else Msg("tag.note.whole_match"))
        self._ev("TAG-S2", "tag.event.match_begins", first=self.first, a=a, b=b, note=note)
        if self.turn > 1 or self.out or any(v != self.start_points for v in self.points.values()):
            gauges = [Msg("tag.player_value", player=p, value=v) for p, v in self.points.items() if p not in self.out]
            gone = Msg("tag.note.out", players=list(self.out)) if self.out else ""
            self._ev("TAG-E1" if self.out else "TAG-S2", "tag.event.gauges_at_setup", turn=self.turn,
                     gauges=gauges, gone=gone)
        if self.mode == "1v1":
            self._ev("TAG-E3", "tag.event.one_vs_one_at_setup", players=and_list(self.in_game_players()))
        else:
            for p in self.in_game_players():
                if self._opponent(p) in self.out:
                    self._ev("TAG-E2", "tag.event.opponent_out_at_setup", p=p, opponent=self._opponent(p))
        seats = [Msg("tag.seat_player", seat=term(TAG_SEAT, s), player=p) for s, p in self.seats().items() if p]
        self._ev("TAG-S2", "tag.event.seats_taken", turn=self.turn, seats=seats)

    # ------------------------------------------------------------------ verbs: the battle
    def battle(self, spec: Mapping[Any, Any]) -> None:
        """This turn's battles. Tag battle: ``{"A": {TAG: entry, TAG: entry}, "B": {...}}`` (a letter
        means the players who hold it now); 1-vs-1: ``{TAG: entry, TAG: entry}``. An entry is a
        :class:`Fighter` or a mapping with ``power`` and ``lost`` or ``lost_table`` (+ ``level``).
        Ends the turn and decides who goes first next."""
        self._begin()
        shape: str
        given: dict[str, dict[str, Fighter]]
        shape, given = spec        # checked and normalised at the boundary (_arg_battle)
        if shape != self.mode:
            # TAG-E3: after the switch to 1-vs-1 a battle names the two tags; before it, the letters.
            if self.mode == "1v1":
                self._fail("TAG-E3", "tag.reject.battle_by_tag_now", players=joined(self.in_game_players(), "common.vs"))
            self._fail("TAG-E3", "tag.reject.battle_by_letter")

        pairs: list[tuple[str | None, dict[str, str], dict[str, Fighter]]] = []
        if shape == "tag":
            for letter in LETTERS:
                who = {t: self._holder[(t, letter)] for t in self.tags}
                left = [p for p in who.values() if p not in self.out]
                if len(left) == 2 and letter not in given:
                    # TAG-E1 (and the contract): each letter with two players in the game battles.
                    self._fail("TAG-E1", "tag.reject.letter_battle_missing", letter=letter, players=and_list(left))
                if len(left) < 2 and letter in given:
                    # TAG-E1: a player who is out takes no further part, so their letter has no battle.
                    gone = [p for p in who.values() if p in self.out]
                    self._fail("TAG-E1", "tag.reject.letter_has_no_battle", players=and_list(gone), letter=letter,
                               count=len(gone))
                if letter in given:
                    pairs.append((letter, who, given[letter]))
        else:
            who = {self._tag_of(p): p for p in self.in_game_players()}
            pairs.append((None, who, given[""]))

        results = [self._decide(letter, who, entries) for letter, who, entries in pairs]

        # Everything is checked: now the state changes.
        self._undo = self._fields_snapshot(*self._REWIND_KEEPS)
        self._reshuffled = ()
        order = {p: i for i, p in enumerate(self.order("battle"))}
        reads = sorted(((who[t], e.power) for _, who, es in pairs for t, e in es.items()), key=lambda x: order[x[0]])
        # TAG-P4: attack powers are read starting with second-A (reading battle-powers-read-in-battle-start-order).
        self._ev("TAG-P4", "tag.event.powers_read", powers=[Msg("tag.player_value", player=p, value=v) for p, v in reads],
                 note=Msg("tag.note.reading_paren", id="battle-powers-read-in-battle-start-order") if len(reads) > 2
                 else "")
        for r in results:
            a, b = (r.players[t] for t in self.tags)
            pa, pb = (r.powers[t] for t in self.tags)
            what = Msg("tag.note.letter_battle", letter=r.letter) if r.letter else Msg("tag.note.one_vs_one_battle")
            swapped = [p for p in (a, b) if r.letter and self.letters[p] != p[-1]]
            since = (Msg("tag.note.letter_since_change_up", players=and_list(swapped), letter=r.letter,
                         count=len(swapped)) if swapped else "")
            if r.winner is None:
                # TAG-P5 reading equal-power-is-draw.
                self._ev("TAG-P5", "tag.event.battle_drawn", what=what, a=a, pa=pa, b=b, pb=pb, since=since)
            else:
                self._ev("TAG-P5", "tag.event.battle_won", what=what, a=a, pa=pa, b=b, pb=pb, winner=r.players[r.winner], since=since)
        # TAG-P5 ③: losers reduce their gauges, in the seat order first-A, second-A, first-B, second-B.
        losers = {r.loser: r for r in results if r.loser}
        newly_out = []
        for p in self.order("point_calculation"):
            if p not in losers:
                continue
            r = losers[p]
            before = self.points[p]
            self.points[p] = max(0, before - r.lost)   # points never drop below 0
            floor = Msg("tag.note.gauge_floor") if before - r.lost < 0 else ""
            self._ev("TAG-P5", "tag.event.points_lost", p=p, lost=r.lost, why=r.why, before=before, after=self.points[p], floor=floor)
            if self.points[p] == 0:
                newly_out.append(p)
        for r in results:
            if r.loser and r.loser not in newly_out:
                lv = pairs_level(pairs, r.loser)
                keep = Msg("tag.battle.keeps_level_3") if lv == "3" else Msg("tag.battle.to_dark_area")
                self._ev("TAG-P5", "tag.event.beaten_digimon", loser=r.loser, keep=keep)
        self.battles = results
        self._settle(newly_out)
        if self.winner is None:
            self._next_turn([r.winner for r in results], one_vs_one=shape == "1v1")
        else:
            self._new_turn()          # the match is over: no turn is under way
        self._done("battle")

    def _decide(self, letter: str | None, who: dict[str, str], entries: dict[str, Fighter]) -> BattleResult:
        t1, t2 = self.tags
        f1, f2 = entries[t1], entries[t2]
        powers = {t1: f1.power, t2: f2.power}
        if f1.power == f2.power:
            return BattleResult(letter, dict(who), powers, None, None, 0, "draw")
        win, lose = (t1, t2) if f1.power > f2.power else (t2, t1)
        loser, winner_entry, loser_entry = who[lose], entries[win], entries[lose]
        if loser_entry.lost_table is not None:
            # TAG-P5 ③: the loser's own lost points at the level of the same-letter opponent's Digimon
            # (the boundary, _arg_battle, made sure the level and the table's entry are there).
            col = T.table_level(winner_entry.level)
            lost = loser_entry.lost_table[col]
            note = (Msg("tag.why.ultimate_class", player=who[win]) if winner_entry.level == T.ULTIMATE_CLASS
                    else Msg("tag.why.digimon_is", player=who[win], level=term(TAG_LEVEL, col)))
            why = Msg("tag.why.lost_table", level=term(TAG_LEVEL, col), note=note)
        else:
            lost = loser_entry.lost or 0
            why = Msg("tag.why.lost_points")
        return BattleResult(letter, dict(who), powers, win, loser, lost, why)
    def _settle(self, newly_out: list[str]) -> None:
        """Players out, the end of the match, the switch to 1-vs-1 (TAG-E1..E4)."""
        if len(newly_out) > 1:
            # TAG-P5 reading simultaneous-outs-in-seat-order.
            self._ev("TAG-P5", "tag.event.simultaneous_outs", players=and_list(newly_out))
        for p in newly_out:
            self.out.append(p)
            # TAG-E1: a player whose point gauge reaches 0 is out.
            self._ev("TAG-E1", "tag.event.player_out", p=p)
        if not newly_out:
            return
        for t in self.tags:
            if not self.in_game_of(t):
                win = self.other_tag(t)
                left = self.in_game_of(win)
                self.winner = win
                if len(left) == 2:
                    # TAG-E4, settled by TAG-S2 (same-tag-survivors-win): the game goes on until a tag is out.
                    text = Msg("tag.event.same_tag_survivors_win", players=and_list(left), tag=win)
                    self.termination = Outcome.of(win, "TAG-E4", text)
                else:
                    # TAG-S2: the game goes on until both players of one tag are out.
                    text = Msg("tag.event.match_won", tag=t, winner=win)
                    self.termination = Outcome.of(win, "TAG-S2", text)
                self._ev(self.termination.termination, text)
                return
        if self.mode == "tag" and self._is_one_vs_one():
            # TAG-E3: one A and one B of different tags: they face each other, normal 1-vs-1 regulation.
            self.mode = "1v1"
            a, b = self.in_game_players()
            self._ev("TAG-E3", "tag.event.one_vs_one_begins", a=a, b=b)
            return
        if self.mode == "tag":
            for p in newly_out:
                foe = self._opponent(p)
                if foe not in self.out:
                    # TAG-E2: a player whose opponent is out carries on.
                    self._ev("TAG-E2", "tag.event.opponent_out", foe=foe, p=p)

    def _next_turn(self, winners: list[str | None], one_vs_one: bool = False, rule_note: str = "") -> None:
        """End the turn: decide who goes first next turn (TAG-N1..N5), reset the turn's progress."""
        old_first = self.first
        if winners:
            row, win = T.next_turn_rule(winners)
            # TAG-N1..N5: the NEXT_TURN table decides.
            self.first = win if row.result == "winner-first" else self.second  # type: ignore[assignment]
            rule = row.rule
            note = term(TAG_CONDITION, (row.rule, row.result), row.condition)
            if row.rule == "TAG-N5":
                note = Msg("tag.note.with_reading", text=note,
                           id="one-vs-one-first-follows-n5" if one_vs_one else "single-battle-decides")
        else:
            # TAG-R5 reading truce-swaps-first: no battle result, first and second swap as in TAG-N4.
            self.first = self.second
            rule = "TAG-N4"
            note = rule_note
        if self.turn >= MAX_TURN:
            # The kit's limit on turns, the same one `setup.at.turn` takes; nothing changes.
            raise ArgumentError("turn", Msg("input.arg.turn_limit", most=MAX_TURN), self.turn)
        self.turn += 1
        self._new_turn()
        how = Msg("tag.next_turn.stays_first") if self.first == old_first else Msg("tag.next_turn.goes_first_now")
        self._ev(rule, "tag.event.turn_begins", turn=self.turn, first=self.first, how=how, second=self.second, note=note)

    def rematch(self, by: str) -> None:
        """St-104-style rewind right after a battle: allowed if ``by`` lost that battle (TAG-R5)."""
        self._begin(rewind=True)
        self._rematch(by, "St-104")
        self._done("rematch")

    def _rematch(self, by: str, card: str) -> None:
        right_after = self._last == "battle" and self._undo is not None
        if by in (self._undo["out"] if right_after else self.out):  # type: ignore[index]
            # TAG-E1: a player who was out before this turn's battle takes no further part (St-104 is used in
            # the point calculation's step ② for option cards, before ③ reduces the gauges: its user is not
            # out yet if this battle's loss is what brought them to 0).
            self._fail("TAG-E1", "tag.reject.player_out", p=by)
        if not right_after:
            # TAG-R5: a rewind undoes this turn's battle, so it comes right after one.
            self._fail("TAG-R5", "tag.reject.rematch_right_after_battle", card=card)
        lost = next((r for r in self.battles if r.loser == by), None)
        if lost is None:
            mine = next((r for r in self.battles if by in r.players.values()), None)
            why = Msg("tag.why.did_not_battle") if mine is None else (
                Msg("tag.why.drew") if mine.winner is None else Msg("tag.why.won"))
            # TAG-R5: only a user who lost this turn's battle may rewind it.
            self._fail("TAG-R5", "tag.reject.rematch_loser_only", by=by, why=why)
        partner_won = any(r.winner == self._tag_of(by) for r in self.battles)
        self._fields_restore(self._undo)  # type: ignore[arg-type]
        self._undo = None
        even = Msg("tag.note.even_though_won", partner=self.partner(by)) if partner_won else ""
        self._ev("TAG-R5", "tag.event.turn_rewound", card=card, by=by, even=even)

    def truce(self, by: str, phase: str | None = None) -> None:
        """St-220: all players skip this turn's battle start and battle phase; no battle result, first
        and second swap. Only before the battle phase: in ``by``'s preparation phase (step 5) or the
        evolution phase (``phase``; default: the phase the turn is in), reading truce-timing."""
        self._begin()
        self._truce(by, "St-220", phase)
        self._done("truce")

    def _truce(self, by: str, card: str, phase: str | None) -> None:
        by = self._require_in_game(by)
        ci = self._progress.index
        if phase is None:
            phase = T.PHASE_KEYS[max(ci, PREPARATION)]
        if phase not in T.TRUCE_PHASES or ci >= BATTLE_START:
            now = term(TAG_PHASE, PHASES[max(ci, PHASE_INDEX[phase])].key)
            # TAG-R5 reading truce-timing: only before the battle phase.
            self._fail("TAG-R5", "tag.reject.truce_too_late", card=card, now=now)
        # Its moment is an option card's in that phase (TAG-P1 ⑤ in seat order; TAG-P2 any seat's ①–②).
        self._move(by, phase, "option")
        everyone = Msg("tag.truce.all_four") if len(self.in_game_players()) == 4 else Msg("tag.truce.all_players")
        self.battles = []
        self._undo = None
        self._ev("TAG-R5", "tag.event.truce_skips_battle", card=card, by=by, phase=term(TAG_PHASE, phase), everyone=everyone)
        self._next_turn([], rule_note=Msg("tag.note.truce_no_result"))

    # ------------------------------------------------------------------ verbs: within a turn
    def act(self, by: str, phase: str, kind: str | None = None) -> None:
        """``by`` acts in ``phase`` of this turn. ``kind`` (:data:`.tables.ACTION_KINDS`): ``option``,
        ``ability``, ``evolve`` or ``call_off`` (evolution phase, step 1), ``pass``; none: an option
        card or ability. The phase's order decides whether it is their moment: seat orders
        (TAG-P1..P3, TAG-P5's two rounds) and the battle phase's alternation (TAG-P4)."""
        self._begin()
        self._act(by, phase, kind or "use")
        self._done("act")

    def pass_(self, by: str, phase: str) -> None:
        """``by`` passes in ``phase`` (the scenario verb ``pass``): ends their part of a seat-ordered
        step (in the evolution phase: no more evolving, calling off or abilities), or takes a
        battle-phase turn with no use (TAG-P4, reading battle-phase-alternation)."""
        self._begin()
        self._act(by, phase, "pass")
        self._done("pass")

    def evolve(self, by: str) -> None:
        """``by`` evolves their prepared Digimon: step 1 of their part of the evolution phase (TAG-P2)."""
        self._begin()
        self._act(by, "evolution", "evolve")
        self._done("evolve")

    def call_off(self, by: str) -> None:
        """``by`` calls off their evolution: step 1 of the evolution phase, second tag only (TAG-P2 ①)."""
        self._begin()
        self._act(by, "evolution", "call_off")
        self._done("call_off")

    def _act(self, by: str, phase: str, kind: str) -> None:
        by = self._require_in_game(by)
        ph = T.phase(phase)
        step, note = self._move(by, phase, kind)
        where = Msg("tag.note.in_step", step=step) if step else ""
        self._ev(ph.rule, "tag.event.player_acts", by=by, seat=term(TAG_SEAT, self.seat_of(by)), action=term(TAG_ACTION, kind),
                 phase=term(TAG_PHASE, ph.key), where=where, note=note)

    def _move(self, by: str, phase: str, kind: str) -> tuple[int, str]:
        """Is it ``by``'s moment for ``kind`` in ``phase``? Fails with the phase's rule if not;
        otherwise moves the turn's progress on. Returns (step number, why it is their moment)."""
        ph = T.phase(phase)
        i = PHASE_INDEX[phase]
        now = self._progress
        ci, cm = now.index, now.moment()
        steps = T.ACTION_STEPS[phase]
        label = term(TAG_ACTION, kind)
        if kind != "pass" and kind not in steps:
            # TAG-P2 ①: evolving and calling an evolution off belong to the evolution phase.
            self._fail("TAG-P2", "tag.reject.evolution_step_1_only", by=by, phase=term(TAG_PHASE, ph.key), label=label)
        if i < ci:
            # TAG-P1..P5: the phases of a turn come in order.
            self._fail(ph.rule, "tag.reject.phase_over", current=term(TAG_PHASE, PHASES[ci].key),
                       phase=term(TAG_PHASE, ph.key))
        if kind == "call_off" and self._tag_of(by) != self.second:
            # TAG-P2 ①: only a player of the second tag may call the evolution off.
            self._fail("TAG-P2", "tag.reject.call_off_second_tag_only", second=self.second, by=by, first=self.first)
        if phase == "battle":
            return 2, self._battle_turn(by, kind, ci == BATTLE)
        order = self.order(phase)
        if steps.get(kind) == 0:
            # TAG-P2 reading evolution-in-seat-order: option cards by any player during any seat's ①–②.
            if i != ci:
                self._progress = Progress(BattleTurn(self.second), phase)
            return 0, Msg("tag.note.options_any_seat")
        return self._seat_turn(by, ph, kind, order, cm if i == ci else None)

    def _seat_turn(self, by: str, ph: T.Phase, kind: str, order: list[str],
                   cm: tuple[int, ...] | None) -> tuple[int, str]:
        """TAG-P1, P2, P3, P5: the seats in order. ``cm``: the moment reached in this phase (None: not begun)."""
        pos = order.index(by)
        rounds = T.SEAT_ROUNDS[ph.key] == "round"
        steps = T.ACTION_STEPS[ph.key]
        first_round = min(v for v in steps.values() if v)
        if kind == "pass":
            step = (cm[0] if cm else first_round) if rounds else 0
            key = (step, pos, _PASSED) if rounds else (pos, _PASSED)
            late = cm is not None and (key <= cm or cm == (_END,))    # after the end nothing is left to pass
        else:
            step = steps[kind]
            key = (step, pos) if rounds else (pos, step)
            late = cm is not None and key < cm
        if late:
            # TAG-P1 / P2 / P3 / P5: the phase's seat order (TAG-P5: two separate rounds, ② and ④).
            # (Late only once the phase has begun: cm is set.)
            self._fail(ph.rule, self._too_late(by, ph, kind, order, pos, step, cm, rounds))  # type: ignore[arg-type]
        evo = ph.key == "evolution"
        seq = list(order)
        if kind == "pass":
            last = pos == len(order) - 1
            if rounds:
                later = [v for v in sorted(set(steps.values())) if v > step]
                if last:    # the round is over: the next round, or the next phase
                    self._progress = (Progress(BattleTurn(self.second), ph.key, later[0]) if later
                                      else self._after(ph.key))
                else:
                    self._progress = Progress(BattleTurn(self.second), ph.key, step, pos, passed=True)
                return step, Msg("tag.note.done_with_step", by=by, step=step, order=seq)
            self._progress = (self._after(ph.key) if last
                              else Progress(BattleTurn(self.second), ph.key, None, pos, passed=True))
            if evo:
                return 0, Msg("tag.note.evolution_over", by=by)
            return 0, Msg("tag.note.part_over", by=by, order=seq)
        # Step ① of the evolution phase is one decision: evolve or call off, then step ②.
        self._progress = Progress(BattleTurn(self.second), ph.key, 2 if kind in ("evolve", "call_off") else step, pos)
        if evo:
            what = Msg("tag.note.second_may_call_off") if kind == "call_off" else ""
            return step, Msg("tag.note.evolution_seats", what=what, order=seq)
        if rounds:
            what = {2: Msg("tag.note.options"), 4: Msg("tag.note.abilities")}.get(step, Msg("tag.note.uses"))
            return step, Msg("tag.note.round_order", what=what, order=seq)
        return step, Msg("tag.note.order", order=seq)

    def _after(self, phase: str) -> Progress:
        """The turn's progress once every seat has passed ``phase``: the next phase has been reached."""
        i = PHASE_INDEX[phase]
        battle = BattleTurn(self.second)
        return Progress(battle, PHASES[i + 1].key) if i + 1 < len(PHASES) else Progress(battle, phase, done=True)

    def _too_late(self, by: str, ph: T.Phase, kind: str, order: list[str], pos: int, step: int,
                  cm: tuple[int, ...], rounds: bool) -> str:
        label = term(TAG_ACTION, kind)
        phase = term(TAG_PHASE, ph.key)
        if cm[0] == _END:
            return Msg("tag.reject.everyone_passed", phase=phase)
        if rounds:
            cur_step, cur_pos = cm[0], (cm[1] if len(cm) > 1 else -1)
        else:
            cur_pos, cur_step = cm[0], cm[1]
        if rounds and cur_step > step:
            return Msg("tag.reject.step_over", step=step, phase=phase, current=cur_step, by=by, action=label)
        if cur_pos > pos:
            return Msg("tag.reject.later_seat_acted", phase=phase, order=list(order), by=by, acted=order[cur_pos])
        if len(cm) > (2 if rounds else 1) and cm[-1] == _PASSED:
            extra = Msg("tag.note.reading_paren", id="evolution-in-seat-order") if ph.key == "evolution" else ""
            return Msg("tag.reject.already_passed", by=by, phase=phase, note=extra)
        return Msg("tag.reject.past_step", by=by, step=step, phase=phase)

    def _battle_turn(self, by: str, kind: str, begun: bool) -> str:
        """TAG-P4 ② reading battle-phase-alternation: whose turn it is, and who acts in it."""
        bt = self._progress.battle
        if begun and bt.over:
            # TAG-P4 ③: after two passes in a row nobody uses anything more.
            self._fail("TAG-P4", "tag.reject.two_passes_in_a_row")
        tag, actor, uses, passes, turns = bt.tag, bt.actor, bt.uses, bt.passes, bt.number - 1
        mine = self._tag_of(by)
        other = self.other_tag(mine)
        if mine != tag:
            if not uses:
                # TAG-P4 ②: the second tag has the first turn, then the tags alternate.
                why = (Msg("tag.bp.second_first", tag=tag) if turns == 0 else Msg("tag.bp.tags_turn", tag=tag))
                self._fail("TAG-P4", "tag.reject.not_tags_battle_turn", why=why, by=by, mine=mine)
            tag, actor, uses, turns = mine, None, 0, turns + 1     # the other tag's turn ended with its uses
            passes = 0
        if actor is not None and actor != by:
            # TAG-P4 ②: only one person acts at a time; the partner may act on the tag's next turn.
            self._fail("TAG-P4", "tag.reject.partner_acting", actor=actor, tag=tag, by=by)
        nth = Msg("tag.bp.nth", n=turns + 1)
        if kind != "pass":
            self._battle_at(BattleTurn(tag, by, uses + 1, 0, turns + 1))
            return Msg("tag.event.battle_turn_taken", nth=nth, tag=tag, by=by)
        if uses:
            self._battle_at(BattleTurn(other, None, 0, 0, turns + 2))
            return Msg("tag.event.battle_turn_ends", by=by, tag=tag, nth=nth, other=other)
        self._battle_at(BattleTurn(other, None, 0, passes + 1, turns + 2))
        if passes + 1 >= 2:
            return Msg("tag.event.final_powers_due", nth=nth, other=other)
        return Msg("tag.event.battle_turn_passed", nth=nth, tag=tag, other=other)

    def _battle_at(self, bt: BattleTurn) -> None:
        """The battle phase reached, at step ② (③ once two passes in a row are over), TAG-P4."""
        self._progress = Progress(bt, "battle", 3 if bt.over else 2)

    def use(self, by: str, kind: str) -> None:
        """``by`` uses an effect of ``kind`` (evolution, projection, opponent_condition), TAG-E2."""
        self._begin()
        ok, rule, why = self.may_use(by, kind)
        if not ok:
            self._fail(rule, why)
        self._ev(rule, why)
        self._done("use")

    def record_deck_check(self, legal: bool, violations: list[dict[str, Any]],
                          warnings: list[dict[str, Any]]) -> None:
        """Record the verdict of a TAG-K1..K3 deck check (computed by :mod:`rulings_lib.tag.deckcheck`)."""
        self._begin()
        # The state holds plain text (the English); the events keep each message's code, for any language.
        self.deck_check = {"legal": legal, "violations": [_plain_finding(f) for f in violations],
                           "warnings": [_plain_finding(f) for f in warnings]}
        if legal:
            self._ev("TAG-K1", "tag.event.deck_check_passes")
        for f in violations + warnings:
            code = "tag.event.deck_violation" if f in violations else "tag.event.deck_note"
            self._ev(f["rule"], code, message=f["message"])
        self._done("record_deck_check")

    def target(self, by: str, effect: str, on: str | None = None, meets_requirements: bool = True) -> None:
        """Check who an effect may affect under TAG-R1/R2/R4 (accepted or rejected; nothing else changes)."""
        self._begin()
        ruling = self.check_target(by, effect, on, meets_requirements)
        if not ruling.allowed:
            self._fail(ruling.rule, ruling.text)
        self._ev(ruling.rule, ruling.text)
        self._done("target")

    def card(self, by: str, number: str, effect: int | None = None, on: str | None = None,
             phase: str | None = None) -> None:
        """``by`` uses card ``number`` (or its ``effect``-th effect): the tag regulation's card rulings
        (TAG-R3, and St-104 / St-220 under TAG-R5, flushes under TAG-R1). The rewind, the truce
        (``phase`` as for :meth:`truce`) and Change Up! (St-319/320: the partners of ``by``'s tag, or
        of ``on``'s, exchange letters) change the match; the rest is accepted or rejected. ``number``
        may also be the card's name in either language (the catalogue, ``rulings cards``)."""
        number = self._card_number(number)
        rule = T.card_rule(number)
        key = rule.key if rule else number
        self._begin(rewind=key == "St-104")
        if key == "St-104":
            self._rematch(by, "St-104")
            self._done("rematch")
            return
        by = self._require_in_game(by)
        if key == "St-220":
            self._truce(by, "St-220", phase)
            self._done("truce")
            return
        # A card by its number and name; an ability (aerial, 空中) by its name in the reader's language.
        label = (Msg("tag.card.ability", name={"en": rule.key, "ja": rule.name}) if rule and T.card_number(key) is None
                 else Msg("tag.card.named", number=number, name=rule.english) if rule else number)
        if effect:
            label = Msg("tag.card.effect_n", label=label, n=effect)
        text = term(TAG_CARD_TEXT, key, rule.text) if rule else ""
        if rule is None:
            self._ev("TAG-R3", "tag.event.card_without_tag_ruling", by=by, label=label)
        elif rule.rule == "TAG-R3" and self.mode == "1v1":
            self._ev("TAG-E3", "tag.event.card_under_normal_regulation", by=by, label=label)
        elif key in T.CHANGE_UP:
            self._change_up(by, label, on)
        elif rule.rule == "TAG-R1":
            if on is not None:
                ruling = self.check_target(by, "flush", on)
                if not ruling.allowed:
                    self._fail(ruling.rule, ruling.text)
                self._ev("TAG-R1", "tag.event.card_flushes", label=label, text=ruling.text)
            else:
                self._ev("TAG-R1", "tag.event.card_used", by=by, label=label, text=text)
        elif rule.effect is not None:
            # TAG-R3: a ruling on one effect of the card (St-321's second effect).
            if effect == rule.effect:
                self._fail(rule.rule, "tag.reject.card_not_allowed", by=by, label=label, text=text)
            self._ev(rule.rule, "tag.event.card_effect_allowed", by=by, label=label, text=text)
        elif not rule.allowed:
            # TAG-R3: the named exceptions.
            self._fail(rule.rule, "tag.reject.card_not_allowed", by=by, label=label, text=text)
        else:
            self._ev(rule.rule, "tag.event.card_used", by=by, label=label, text=text)
        self._done("card")

    @staticmethod
    def _card_number(number: str) -> str:
        """The card a ``card`` step names: a card number in any width, case or dash (``ＳＴ－３１９``
        is St-319), a ruling's key (``aerial``), or a card's name in either language (the catalogue,
        ``rulings cards``). A name close to a known one (``Chnage Up!``) is refused with what it may
        mean: played as a card without a tag ruling, it would be a confident wrong answer."""
        printed = T.card_number(number)
        if printed is not None:
            return printed
        if T.card_rule(number):
            return number
        from ..cards import lookup  # read on first use

        named = lookup("number", number, T.CARDS, unknown=True)
        return named.number if named is not None and named.number else number

    def _change_up(self, by: str, label: str, on: str | None) -> None:
        tag = self._tag_of(on if on is not None else by)
        a, b = f"{tag}-A", f"{tag}-B"
        gone = [p for p in (a, b) if p in self.out]
        if gone:
            # TAG-E1: a player who is out takes no further part, so there is no one to swap with.
            self._fail("TAG-E1", "tag.reject.no_pair_to_swap", player=gone[0], label=label)
        # TAG-R3 reading change-up-lasts-the-game: the partners exchange letters (and so seats and
        # opponents) from now on, for the rest of the game.
        self._set_letters({**self.letters, a: self.letters[b], b: self.letters[a]})
        now = joined(Msg("tag.note.letter_now", player=p, letter=self.letters[p], opponent=self._opponent(p),
                         seat=term(TAG_SEAT, self.seat_of(p))) for p in (a, b))
        self._ev("TAG-R3", "tag.event.letters_exchanged", by=by, label=label, a=a, b=b, now=now)
        for p in (a, b):
            if self._opponent(p) in self.out:
                # TAG-E2: a player whose opponent is out carries on.
                self._ev("TAG-E2", "tag.event.new_opponent_out", p=p, opponent=self._opponent(p))

    def reshuffle(self, by: str) -> None:
        """Right after a battle: ``by``'s Net Ocean is empty, so they send their Digimon (except
        Level 3) to the Dark Area and shuffle it into a new Net Ocean (TAG-P5)."""
        self._begin()
        if self._last not in ("battle", "reshuffle"):
            # TAG-P5: the empty Net Ocean is dealt with at the end of the point calculation.
            self._fail("TAG-P5", "tag.reject.rebuild_right_after_battle")
        self._require_in_game(by)
        if by in self._reshuffled:
            self._fail("TAG-P5", "tag.reject.already_rebuilt", by=by)
        self._reshuffled = (*self._reshuffled, by)
        self._ev("TAG-P5", "tag.event.net_ocean_rebuilt", by=by)
        self._done("reshuffle")


def pairs_level(pairs: list[tuple[str | None, dict[str, str], dict[str, Fighter]]], player: str) -> str | None:
    """The level given for ``player``'s Digimon in a battle step, if any."""
    for _, who, entries in pairs:
        for t, p in who.items():
            if p == player:
                return entries[t].level
    return None


# Match.legal_actions, digimon-tag: each verb of the grammar decided by TagMatch._allows.
_ALLOWS: dict[str, Callable[[TagMatch, Any, _Memo], bool]] = {
    name[len("_allows_"):]: fn for name, fn in vars(TagMatch).items() if name.startswith("_allows_")}


def setup_from_state(state: dict[str, Any]) -> dict[str, Any]:
    """The scenario setup that starts at the moment ``state`` (a match's outcome): a match set up
    from it plays on exactly as the one it came from (TagMatch.from_state)."""
    keys = ("turn", "points", "out", "letters", "progress", "battles", "after_battle")
    return {"tags": list(state["tags"]), "first": state["first"], "points": state["start_points"],
            "at": {k: state[k] for k in keys if k in state}}
