"""The tag battle engine: one 2-vs-2 match of the Digimon Card Game (regulation Ver-T,1.0).

Python-chess style: create a :class:`TagMatch`, act on it with verbs (``battle``, ``rematch``,
``truce``, ``target``, ``act``, ``call_off``, ``use``, ``card``, ``reshuffle``), ask it questions
(``is_finished()``, ``outcome()``, ``order(phase)``, ``check_target(...)``, ``card_rule(...)``,
``is_legal(...)``), ``copy()`` it. A verb the rules forbid right now raises
:class:`~rulings_lib.errors.IllegalAction` carrying the rule id and leaves the match exactly as
it was. Every change leaves an :class:`Event` citing the rule that made it.

Players are named ``TAG-LETTER``: with tags ``red`` and ``blue`` they are ``red-A``, ``red-B``,
``blue-A``, ``blue-B``. Letters are fixed for the match (TAG-S2); the seats (``first-A`` ...)
follow who goes first this turn.

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

import html
from dataclasses import dataclass

from ..errors import IllegalAction, MatchOver, RulingsError
from ..events import Event, MatchQueries, Outcome
from . import tables as T
from .tables import LETTERS, PHASE_INDEX, PHASES, SEATS

BATTLE = PHASE_INDEX["battle"]
EVOLUTION = PHASE_INDEX["evolution"]



class UnknownPlayer(RulingsError, KeyError):
    """A step names a player or tag that is not in the match (a scenario error, not a rules question)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]



@dataclass(frozen=True)
class Fighter:
    """One player's side of a battle: attack power and how their lost points are found.

    ``lost`` gives the lost points directly; ``lost_table`` (level -> points) reads them at the
    same-letter opponent's ``level`` (TAG-P5 ③). ``level`` is this player's Digimon's level.
    """

    power: int
    lost: int | None = None
    lost_table: dict | None = None
    level: str | None = None
    card: str | None = None

    def __post_init__(self):
        if self.power is None:
            raise ValueError("a battle entry needs power")
        for name in ("power", "lost"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
                raise ValueError(f"{name} must be a whole number >= 0, not {v!r}")
        if self.lost is not None and self.lost_table is not None:
            raise ValueError("give lost or lost_table, not both")
        if self.lost_table is not None:
            table = {}
            for k, v in dict(self.lost_table).items():
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise ValueError(f"lost_table values must be whole numbers >= 0, not {v!r}")
                table[T.table_level(k)] = v
            object.__setattr__(self, "lost_table", table)
        if self.level is not None:
            object.__setattr__(self, "level", T.level_key(self.level))

    @classmethod
    def of(cls, value) -> Fighter:
        if isinstance(value, Fighter):
            return value
        if not isinstance(value, dict):
            raise ValueError(f"a battle entry is a mapping with power (and lost or lost_table), not {value!r}")
        unknown = set(value) - {"power", "lost", "lost_table", "level", "card"}
        if unknown:
            raise ValueError(f"unknown battle entry key {sorted(unknown)[0]!r}")
        if "power" not in value:
            raise ValueError("a battle entry needs power")
        return cls(**value)


@dataclass(frozen=True)
class BattleResult:
    """One battle of a turn: ``letter`` (None in 1-vs-1), each tag's power, the winner (None: draw)."""

    letter: str | None
    players: dict          # tag -> player
    powers: dict           # tag -> attack power
    winner: str | None     # tag
    loser: str | None      # player
    lost: int
    why: str               # where the lost points come from

    def as_dict(self) -> dict:
        return {"letter": self.letter, "players": dict(self.players), "powers": dict(self.powers),
                "winner": self.winner, "loser": self.loser, "lost": self.lost}


@dataclass(frozen=True)
class TargetRuling:
    """May ``by`` aim an effect of ``effect`` kind at ``on``? Who does it affect, under which rule."""

    allowed: bool
    rule: str
    affected: tuple[str, ...]
    text: str

    def __bool__(self) -> bool:
        return self.allowed


class TagMatch(MatchQueries):
    """One tag battle match. ``tags`` are the two tag names; the first listed goes first unless
    ``first`` says otherwise. ``gauges``/``out``/``turn`` start from a mid-match moment."""

    # The public verbs, each checked at the boundary and run as a transaction (MatchQueries).
    VERBS: dict[str, dict] = {
        "battle": {},
        "rematch": {},
        "truce": {},
        "act": {},
        "call_off": {},
        "use": {},
        "record_deck_check": {},
        "target": {},
        "card": {},
        "reshuffle": {},
    }


    def __init__(self, tags=("red", "blue"), first: str | None = None, points: int = T.START_POINTS, *,
                 turn: int = 1, gauges: dict | None = None, out=()):
        tags = tuple(tags)
        if len(tags) != 2 or tags[0] == tags[1]:
            raise ValueError("TAG-S2: a match has two tags with different names")
        for t in tags:
            if not isinstance(t, str) or not t or t in LETTERS:
                raise ValueError(f"a tag name must be text other than A or B, not {t!r}")
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise ValueError("the starting point gauge must be a whole number >= 1")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise ValueError("turn must be a whole number >= 1")
        self.tags: tuple[str, str] = tags
        self.first = tags[0] if first is None else first
        if self.first not in tags:
            raise ValueError(f"first must be one of the tags ({', '.join(tags)}), not {first!r}")
        self.start_points = points
        self.turn = turn
        # TAG-S1: every point gauge starts at 100 (or the setting).
        self.points: dict[str, int] = {p: points for p in self.players()}
        for p, v in (gauges or {}).items():
            self._player(p)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= points:
                raise ValueError(f"{p}'s point gauge must be 0 to {points}, not {v!r}")
            self.points[p] = v
        out_given = [self._player(p) for p in out]
        for p in out_given:
            if self.points[p] != 0 and p in (gauges or {}):
                raise ValueError(f"{p} is out, so their point gauge is 0 (TAG-E1), not {self.points[p]}")
            self.points[p] = 0
        # TAG-E1: a player at 0 is out.
        self.out: list[str] = list(dict.fromkeys(out_given + [p for p in self.players() if self.points[p] == 0]))
        for t in tags:
            if not self.in_game_of(t):
                raise ValueError(f"tag {t} has no player left: the match would already be over (TAG-S2)")
        self.mode = "1v1" if self._is_one_vs_one() else "tag"
        self.winner: str | None = None
        self.termination: Outcome | None = None
        self.battles: list[BattleResult] = []     # this turn's battles (the last battle step)
        self.deck_check: dict | None = None        # TAG-K1..K3 verdict (scenario step check_deck)
        self.events: list[Event] = []
        self.rejected: list[dict] = []
        self.step = 0
        self._last: str | None = None             # the last accepted verb
        self._undo: dict | None = None            # the state before the last battle (TAG-R5)
        self._reshuffled: list[str] = []
        self._cursor: tuple[int, int] = (-1, -1)  # (phase index, seat position) reached this turn
        self._opened = False                      # someone acted in this turn's battle phase
        self._setup_events()

    # ------------------------------------------------------------------ players and seats
    def players(self) -> list[str]:
        """All four players, tag by tag: ``['red-A', 'red-B', 'blue-A', 'blue-B']``."""
        return [f"{t}-{letter}" for t in self.tags for letter in LETTERS]

    @property
    def second(self) -> str:
        return self.tags[1] if self.first == self.tags[0] else self.tags[0]

    def other_tag(self, tag: str) -> str:
        self._tag(tag)
        return self.tags[1] if tag == self.tags[0] else self.tags[0]

    @staticmethod
    def tag_of(player: str) -> str:
        return player.rsplit("-", 1)[0]

    @staticmethod
    def letter_of(player: str) -> str:
        return player.rsplit("-", 1)[1]

    def player(self, tag: str, letter: str) -> str:
        return f"{self._tag(tag)}-{letter}"

    def partner(self, player: str) -> str:
        p = self._player(player)
        return f"{self.tag_of(p)}-{'B' if self.letter_of(p) == 'A' else 'A'}"

    def opponent(self, player: str) -> str:
        """The player in front: the same letter of the other tag (in 1-vs-1, the other player left)."""
        p = self._player(player)
        if self.mode == "1v1" and self.in_game(p):
            return next(q for q in self.in_game_players() if q != p)
        return f"{self.other_tag(self.tag_of(p))}-{self.letter_of(p)}"

    def in_game(self, player: str) -> bool:
        return self._player(player) not in self.out

    def is_out(self, player: str) -> bool:
        return self._player(player) in self.out

    def in_game_players(self) -> list[str]:
        return [p for p in self.players() if p not in self.out]

    def in_game_of(self, tag: str) -> list[str]:
        return [p for p in self.players() if self.tag_of(p) == tag and p not in self.out]

    def seats(self) -> dict[str, str | None]:
        """Seat -> player for this turn (None for a seat whose player is out). In 1-vs-1 the two
        players take the A seats (reading one-vs-one-seats)."""
        side_tag = {"first": self.first, "second": self.second}
        if self.mode == "1v1":
            by_tag = {self.tag_of(p): p for p in self.in_game_players()}
            return {s: (by_tag.get(side_tag[T.seat_parts(s)[0]]) if T.seat_parts(s)[1] == "A" else None)
                    for s in SEATS}
        seats = {}
        for s in SEATS:
            side, letter = T.seat_parts(s)
            p = f"{side_tag[side]}-{letter}"
            seats[s] = None if p in self.out else p
        return seats

    def seat_of(self, player: str) -> str | None:
        p = self._player(player)
        return next((s for s, q in self.seats().items() if q == p), None)

    def order(self, phase: str) -> list[str]:
        """The players still in the game in the acting order of ``phase`` this turn (TAG-P1..P5)."""
        seats = self.seats()
        return [seats[s] for s in T.phase(phase).order if seats[s]]

    def orders(self) -> dict[str, list[str]]:
        """The outcome's ``order``: each seat-ordered phase's acting order for the coming turn."""
        return {k: self.order(k) for k in T.ORDERED_PHASES}

    # ------------------------------------------------------------------ queries
    def is_finished(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        return self.termination

    def is_one_vs_one(self) -> bool:
        return self.mode == "1v1"

    @staticmethod
    def card_rule(key: str) -> T.CardRule | None:
        """The tag regulation's ruling on a card (``"St-296"``) or ability (``"aerial"``), TAG-R3 etc."""
        return T.card_rule(key)

    @staticmethod
    def next_turn_rule(winners: list[str | None]) -> tuple[T.NextTurnRule, str | None]:
        return T.next_turn_rule(winners)

    def check_target(self, by: str, effect: str, on: str | None = None,
                     meets_requirements: bool = True) -> TargetRuling:
        """May ``by`` aim an effect of kind ``effect`` (see :data:`.tables.EFFECT_KINDS`) at ``on``?
        Nothing changes. TAG-R1, R2 and R4 are decided here, and only here."""
        by = self._player(by)
        if effect not in T.EFFECT_KINDS:
            raise ValueError(f"effect must be one of {', '.join(T.EFFECT_KINDS)}, not {effect!r}")
        rule, principle = T.EFFECT_KINDS[effect]
        if on is not None:
            on = self._player(on)
        if by in self.out:
            return TargetRuling(False, "TAG-E1", (), f"{by} is out and takes no further part")
        if effect == "all":
            # TAG-R4: "all ..." means all four players (those still in the game).
            if on is not None and on in self.out:
                return TargetRuling(False, "TAG-E1", (), f"{on} is out: an effect cannot name them "
                                                         f"(reading out-player-cannot-be-targeted)")
            everyone = tuple(self.in_game_players())
            return TargetRuling(True, rule, everyone, f"{principle}: {by}'s effect affects {', '.join(everyone)}")
        if on is None:
            raise ValueError(f"an effect of kind {effect} needs `on`: the player it is aimed at")
        if on in self.out:
            return TargetRuling(False, "TAG-E1", (), f"{on} is out: an effect cannot name them "
                                                     f"(reading out-player-cannot-be-targeted)")
        same_tag = self.tag_of(on) == self.tag_of(by)
        if effect in ("projection", "both_sides", "flush", "opponent"):
            # TAG-R1 / TAG-R4: one named opponent, either player of the other tag.
            if same_tag:
                who = "themselves" if on == by else f"their partner {on}"
                return TargetRuling(False, rule, (), f"{principle}; {by} cannot name {who}")
            affected = (by, on) if effect == "both_sides" else (on,)
            where = "" if on == self.opponent(by) else " (not the player in front: either opponent may be named, TAG-R4)"
            what = {"projection": f"the projection-type effect affects only {on}",
                    "both_sides": f"'both sides' are {by} and {on}",
                    "flush": f"only {on}'s slots are flushed",
                    "opponent": f"'the opponent' is {on}"}[effect]
            return TargetRuling(True, rule, affected, f"{by} names {on}: {what}{where}")
        # TAG-R2: contact-type effects and support Digimon.
        if on == by:
            return TargetRuling(True, rule, (on,), f"{by} uses the {effect} effect on their own Digimon")
        if same_tag:
            if effect == "support" and meets_requirements:
                return TargetRuling(True, rule, (on,), f"{principle}: {by}'s support Digimon may be used on "
                                                        f"{on}'s Digimon, who meets its requirements")
            why = (f"{on} does not meet the support Digimon's requirements" if effect == "support"
                   else "a contact-type effect one uses cannot be used on one's partner")
            return TargetRuling(False, rule, (), f"{by} cannot use it on their partner {on}: {why}")
        return TargetRuling(True, rule, (on,), f"{by} uses the {effect} effect on the opponent {on} (TAG-R4: "
                                               f"either player of the other tag)")

    def may_use(self, by: str, kind: str) -> tuple[bool, str, str]:
        """TAG-E2: may ``by`` use an effect of ``kind`` (:data:`.tables.USE_KINDS`)? -> (allowed, rule, why)."""
        by = self._player(by)
        if kind not in T.USE_KINDS:
            raise ValueError(f"kind must be one of {', '.join(T.USE_KINDS)}, not {kind!r}")
        label = {"evolution": "evolution", "projection": "projection-type options",
                 "opponent_condition": "an \"if the opponent's ... is ...\" effect"}.get(kind, kind)
        if by in self.out:
            return False, "TAG-E1", f"{by} is out and takes no further part"
        if self.mode == "1v1":
            return True, "TAG-E3", (f"{by} plays the normal 1-vs-1 regulation and may use {label} "
                                    f"(reading tag-only-rules-end-at-one-vs-one)")
        foe = self.opponent(by)
        if foe not in self.out:
            return True, "TAG-E2", f"{by} faces {foe}, who is in the game: {label} may be used"
        # TAG-E2: evolution and projection-type options yes; "if the opponent's ... is ..." no.
        if not T.USE_KINDS[kind]:
            return False, "TAG-E2", (f"{by}'s opponent {foe} is out: effects of the form \"if the opponent's "
                                     f"... is ...\" cannot be used")
        return True, "TAG-E2", f"{by}'s opponent {foe} is out, but {by} carries on and may use {label}"

    def copy(self) -> TagMatch:
        new = TagMatch.__new__(TagMatch)
        new.__dict__.update(self.__dict__)
        new.points = dict(self.points)
        new.out = list(self.out)
        new.battles = list(self.battles)
        new.events = list(self.events)
        new.rejected = list(self.rejected)
        new._reshuffled = list(self._reshuffled)
        return new   # _undo holds immutable snapshots only; safe to share

    def __repr__(self) -> str:
        pts = ", ".join(f"{p}={v}" for p, v in self.points.items())
        state = f" winner={self.winner}" if self.winner else ""
        return (f"<TagMatch turn={self.turn} first={self.first} mode={self.mode} points=({pts}) "
                f"out={self.out}{state}>")

    def _repr_html_(self) -> str:  # Jupyter: the seats and gauges of the coming turn
        seat = {p: s for s, p in self.seats().items() if p}
        rows = []
        for p in self.players():
            status = "out" if p in self.out else seat.get(p, "")
            rows.append(f"<tr><td>{html.escape(p)}</td><td>{html.escape(status)}</td>"
                        f"<td style='text-align:right'>{self.points[p]}</td></tr>")
        head = (f"Match over: {html.escape(self.winner)} wins" if self.winner else
                f"Turn {self.turn} ({'1-vs-1' if self.mode == '1v1' else 'tag battle'}): "
                f"{html.escape(self.first)} first, {html.escape(self.second)} second")
        return (f"<table><caption>{head}</caption><tr><th>player</th><th>seat</th><th>points</th></tr>"
                + "".join(rows) + "</table>")

    def state(self) -> dict:
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
            "events": [{"step": e.step, "rule": e.rule, "text": e.text} for e in self.events],
            # Additions to the contract's keys:
            "seats": self.seats(),
            "battle_order": self.order("battle"),
            "battles": [b.as_dict() for b in self.battles],
            "deck_check": self.deck_check,
        }

    # ------------------------------------------------------------------ plumbing
    def _ev(self, rule: str, text: str) -> None:
        self.events.append(Event(self.step, rule, text))

    def _begin(self, rewind: bool = False) -> None:
        self.step += 1
        # TAG-S2: the game goes on until both players of one tag are out; nothing happens after.
        # (A rewind right after the deciding battle may still undo it: reading rewind-before-the-match-ends.)
        if self.winner is not None and not (rewind and self._last == "battle"):
            self._reject(MatchOver("TAG-S2", f"the match is over: {self.winner} has won"))

    def _done(self, verb: str) -> None:
        self._last = verb
        if verb not in ("battle", "reshuffle"):
            self._reshuffled = []

    def _reject(self, err: IllegalAction):
        # The call is a transaction (MatchQueries.VERBS): raising leaves the match as it was.
        raise err

    def _fail(self, rule: str, reason: str):
        self._reject(IllegalAction(rule, reason))

    def _tag(self, tag: str) -> str:
        if tag not in self.tags:
            raise UnknownPlayer(f"unknown tag {tag!r} (the tags are {', '.join(self.tags)})")
        return tag

    def _player(self, name: str) -> str:
        if not isinstance(name, str) or name not in self.players():
            raise UnknownPlayer(f"unknown player {name!r} (players: {', '.join(self.players())})")
        return name

    def _require_in_game(self, player: str) -> str:
        p = self._player(player)
        if p in self.out:
            # TAG-E1: a player who is out takes no further part.
            self._fail("TAG-E1", f"{p} is out and takes no further part")
        return p

    def _is_one_vs_one(self) -> bool:
        left = self.in_game_players()
        return (len(left) == 2 and self.letter_of(left[0]) != self.letter_of(left[1])
                and self.tag_of(left[0]) != self.tag_of(left[1]))

    def _snapshot(self) -> dict:
        return {"points": dict(self.points), "out": list(self.out), "mode": self.mode, "turn": self.turn,
                "first": self.first, "winner": self.winner, "termination": self.termination,
                "battles": list(self.battles), "cursor": self._cursor, "opened": self._opened}

    def _restore(self, snap: dict) -> None:
        self.points = dict(snap["points"])
        self.out = list(snap["out"])
        self.mode, self.turn, self.first = snap["mode"], snap["turn"], snap["first"]
        self.winner, self.termination = snap["winner"], snap["termination"]
        self.battles = list(snap["battles"])
        self._cursor, self._opened = snap["cursor"], snap["opened"]

    def _setup_events(self) -> None:
        # TAG-S1: stand-by.
        self._ev("TAG-S1", f"stand-by: each player sets a Level III Digimon face down, has their deck shuffled "
                           f"by an opponent and sets their point gauge at {self.start_points}")
        # TAG-S2: start, letters fixed for the match.
        a = " and ".join(self.player(t, "A") for t in self.tags)
        b = " and ".join(self.player(t, "B") for t in self.tags)
        self._ev("TAG-S2", f"{self.first} goes first; {a} are letter A, {b} letter B, for the whole match "
                           f"(A fights A, B fights B)")
        if self.turn > 1 or self.out or any(v != self.start_points for v in self.points.values()):
            gauges = ", ".join(f"{p} {v}" for p, v in self.points.items() if p not in self.out)
            gone = f"; out: {', '.join(self.out)}" if self.out else ""
            self._ev("TAG-E1" if self.out else "TAG-S2", f"turn {self.turn}: point gauges {gauges}{gone}")
        if self.mode == "1v1":
            self._ev("TAG-E3", f"{' and '.join(self.in_game_players())} are left: they play 1-vs-1")
        else:
            for p in self.in_game_players():
                if self.opponent(p) in self.out:
                    self._ev("TAG-E2", f"{p}'s opponent {self.opponent(p)} is out: {p} carries on with the "
                                       f"normal steps")
        seats = ", ".join(f"{s} {p}" for s, p in self.seats().items() if p)
        self._ev("TAG-S2", f"turn {self.turn} seats: {seats}")

    # ------------------------------------------------------------------ verbs: the battle
    def battle(self, spec: dict | None = None, /, **letters) -> None:
        """This turn's battles. Tag battle: ``{"A": {TAG: entry, TAG: entry}, "B": {...}}``; 1-vs-1:
        ``{TAG: entry, TAG: entry}``. An entry is a :class:`Fighter` or a mapping with ``power`` and
        ``lost`` or ``lost_table`` (+ ``level``). Ends the turn and decides who goes first next."""
        self._begin()
        spec = dict(spec or {}, **letters)
        if not spec:
            raise ValueError("a battle needs the battles of the letters (tag battle) or of the two tags (1-vs-1)")
        if all(k in LETTERS for k in spec):
            shape = "tag"
            given: dict[str, dict[str, Fighter]] = {}
            for letter, pair in spec.items():
                if not isinstance(pair, dict):
                    raise ValueError(f"battle.{letter}: expected a mapping from tag to entry")
                given[letter] = {self._tag(t): Fighter.of(e) for t, e in pair.items()}
        elif all(k in self.tags for k in spec):
            shape = "1v1"
            duel = {t: Fighter.of(e) for t, e in spec.items()}
        else:
            bad = next(k for k in spec if k not in LETTERS and k not in self.tags)
            raise UnknownPlayer(f"battle: {bad!r} is neither a letter (A, B) nor a tag ({', '.join(self.tags)})")

        if shape != self.mode:
            # TAG-E3: after the switch to 1-vs-1 a battle names the two tags; before it, the letters.
            if self.mode == "1v1":
                self._fail("TAG-E3", f"the match is 1-vs-1 now ({' vs '.join(self.in_game_players())}): "
                                     f"give the battle by tag, not by letter")
            self._fail("TAG-E3", "the match is a tag battle: give the battles by letter (A, B), not by tag")

        pairs: list[tuple[str | None, dict[str, str], dict[str, Fighter]]] = []
        if shape == "tag":
            for letter in LETTERS:
                who = {t: f"{t}-{letter}" for t in self.tags}
                left = [p for p in who.values() if p not in self.out]
                if len(left) == 2 and letter not in given:
                    # TAG-E1 (and the contract): each letter with two players in the game battles.
                    self._fail("TAG-E1", f"letter {letter} has both players in the game ({' and '.join(left)}): "
                                         f"their battle must be given")
                if len(left) < 2 and letter in given:
                    # TAG-E1: a player who is out takes no further part, so their letter has no battle.
                    gone = " and ".join(p for p in who.values() if p in self.out)
                    self._fail("TAG-E1", f"{gone} {'is' if ' and ' not in gone else 'are'} out, so letter "
                                         f"{letter} has no battle")
            for letter in LETTERS:
                if letter in given:
                    missing = [t for t in self.tags if t not in given[letter]]
                    if missing:
                        raise ValueError(f"battle.{letter}: give an entry for {missing[0]} too (both players of "
                                         f"letter {letter} are in the game)")
                    pairs.append((letter, {t: f"{t}-{letter}" for t in self.tags}, given[letter]))
        else:
            missing = [t for t in self.tags if t not in duel]
            if missing:
                raise ValueError(f"battle: give an entry for {missing[0]} too (1-vs-1 needs both tags)")
            who = {self.tag_of(p): p for p in self.in_game_players()}
            pairs.append((None, who, duel))

        results = [self._decide(letter, who, entries) for letter, who, entries in pairs]

        # Everything is checked: now the state changes.
        self._undo = self._snapshot()
        self._reshuffled = []
        order = {p: i for i, p in enumerate(self.order("battle"))}
        reads = sorted(((who[t], e.power) for _, who, es in pairs for t, e in es.items()), key=lambda x: order[x[0]])
        # TAG-P4: attack powers are read starting with second-A (reading battle-powers-read-in-battle-start-order).
        self._ev("TAG-P4", "attack powers, read from second-A: " + ", ".join(f"{p} {v}" for p, v in reads)
                 + (" (reading battle-powers-read-in-battle-start-order)" if len(reads) > 2 else ""))
        for r in results:
            a, b = (r.players[t] for t in self.tags)
            pa, pb = (r.powers[t] for t in self.tags)
            what = f"letter {r.letter} battle" if r.letter else "1-vs-1 battle"
            if r.winner is None:
                # TAG-P5 reading equal-power-is-draw.
                self._ev("TAG-P5", f"{what}: {a} {pa} vs {b} {pb}: equal powers, a draw; nobody loses points "
                                   f"(reading equal-power-is-draw)")
            else:
                self._ev("TAG-P5", f"{what}: {a} {pa} vs {b} {pb}: {r.players[r.winner]} wins")
        # TAG-P5 ③: losers reduce their gauges, in the seat order first-A, second-A, first-B, second-B.
        losers = {r.loser: r for r in results if r.loser}
        newly_out = []
        for p in self.order("point_calculation"):
            if p not in losers:
                continue
            r = losers[p]
            before = self.points[p]
            self.points[p] = max(0, before - r.lost)   # points never drop below 0
            floor = " (a gauge never drops below 0)" if before - r.lost < 0 else ""
            self._ev("TAG-P5", f"{p} loses {r.lost} points ({r.why}): {before} -> {self.points[p]}{floor}")
            if self.points[p] == 0:
                newly_out.append(p)
        for r in results:
            if r.loser and r.loser not in newly_out:
                lv = pairs_level(pairs, r.loser)
                keep = ("its Digimon is Level III and stays" if lv == "3"
                        else "sends its Digimon (except a Level III) to the Dark Area")
                self._ev("TAG-P5", f"{r.loser} lost the battle: {keep}")
        self.battles = results
        self._settle(newly_out)
        if self.winner is None:
            self._next_turn([r.winner for r in results], one_vs_one=shape == "1v1")
        self._done("battle")

    def _decide(self, letter, who: dict[str, str], entries: dict[str, Fighter]) -> BattleResult:
        t1, t2 = self.tags
        f1, f2 = entries[t1], entries[t2]
        powers = {t1: f1.power, t2: f2.power}
        if f1.power == f2.power:
            return BattleResult(letter, dict(who), powers, None, None, 0, "draw")
        win, lose = (t1, t2) if f1.power > f2.power else (t2, t1)
        loser, winner_entry, loser_entry = who[lose], entries[win], entries[lose]
        if loser_entry.lost_table is not None:
            # TAG-P5 ③: the loser's own lost points at the level of the same-letter opponent's Digimon.
            if winner_entry.level is None:
                raise ValueError(f"{loser}'s lost points come from their lost-points table, which needs the "
                                 f"level of {who[win]}'s Digimon (give {win}'s level)")
            col = T.table_level(winner_entry.level)
            if col not in loser_entry.lost_table:
                raise ValueError(f"{loser}'s lost-points table has no {T.LEVEL_NAMES[col]} entry")
            lost = loser_entry.lost_table[col]
            note = (f"{who[win]}'s Digimon is Ultimate-class, read as Ultimate"
                    if winner_entry.level == T.ULTIMATE_CLASS else f"{who[win]}'s Digimon is {T.LEVEL_NAMES[col]}")
            why = f"their lost-points table at {T.LEVEL_NAMES[col]}: {note}"
        else:
            lost = loser_entry.lost or 0
            why = "their lost points"
        return BattleResult(letter, dict(who), powers, win, loser, lost, why)

    def _settle(self, newly_out: list[str]) -> None:
        """Players out, the end of the match, the switch to 1-vs-1 (TAG-E1..E4)."""
        if len(newly_out) > 1:
            # TAG-P5 reading simultaneous-outs-in-seat-order.
            self._ev("TAG-P5", f"{' and '.join(newly_out)} reach 0 in the same point calculation: they are out in "
                               f"seat order (reading simultaneous-outs-in-seat-order)")
        for p in newly_out:
            self.out.append(p)
            # TAG-E1: a player whose point gauge reaches 0 is out.
            self._ev("TAG-E1", f"{p}'s point gauge is 0: {p} is out and takes no further part")
        if not newly_out:
            return
        for t in self.tags:
            if not self.in_game_of(t):
                win = self.other_tag(t)
                left = self.in_game_of(win)
                self.winner = win
                if len(left) == 2:
                    # TAG-E4 reading same-tag-survivors-win.
                    text = (f"both remaining players ({' and '.join(left)}) are of tag {win}: {win} wins "
                            f"(reading same-tag-survivors-win)")
                    self.termination = Outcome(win, "TAG-E4", text)
                else:
                    # TAG-S2: the game goes on until both players of one tag are out.
                    text = f"both players of tag {t} are out: {win} wins"
                    self.termination = Outcome(win, "TAG-S2", text)
                self._ev(self.termination.termination, text)
                return
        if self.mode == "tag" and self._is_one_vs_one():
            # TAG-E3: one A and one B of different tags: they face each other, normal 1-vs-1 regulation.
            self.mode = "1v1"
            a, b = self.in_game_players()
            self._ev("TAG-E3", f"{a} and {b} are left, one A and one B of different tags: they move to face each "
                               f"other and finish under the normal 1-vs-1 regulation")
            return
        if self.mode == "tag":
            for p in newly_out:
                foe = self.opponent(p)
                if foe not in self.out:
                    # TAG-E2: a player whose opponent is out carries on.
                    self._ev("TAG-E2", f"{foe}'s opponent {p} is out: {foe} carries on with the normal steps "
                                       f"(evolution and projection-type options, but no \"if the opponent's ... "
                                       f"is ...\" effects)")

    def _next_turn(self, winners: list[str | None], one_vs_one: bool = False, rule_note: str = "") -> None:
        """End the turn: decide who goes first next turn (TAG-N1..N5), reset the turn's progress."""
        old_first = self.first
        if winners:
            row, win = T.next_turn_rule(winners)
            # TAG-N1..N5: the NEXT_TURN table decides.
            self.first = win if row.result == "winner-first" else self.second
            rule = row.rule
            note = f"{row.condition}"
            if row.rule == "TAG-N5":
                note += (" (reading one-vs-one-first-follows-n5)" if one_vs_one
                         else " (reading single-battle-decides)")
        else:
            # TAG-R5 reading truce-swaps-first: no battle result, first and second swap as in TAG-N4.
            self.first = self.second
            rule = "TAG-N4"
            note = rule_note
        self.turn += 1
        self._cursor, self._opened = (-1, -1), False
        how = "stays first" if self.first == old_first else "goes first now"
        self._ev(rule, f"turn {self.turn}: {self.first} {how}, {self.second} second ({note})")

    def rematch(self, by: str) -> None:
        """St-104-style rewind right after a battle: allowed if ``by`` lost that battle (TAG-R5)."""
        self._begin(rewind=True)
        self._rematch(by, "St-104")
        self._done("rematch")

    def _rematch(self, by: str, card: str) -> None:
        by = self._player(by)
        if self._last != "battle" or self._undo is None:
            # TAG-R5: a rewind undoes this turn's battle, so it comes right after one.
            self._fail("TAG-R5", f"{card} rewinds this turn's battle: it can only be used right after a battle")
        lost = next((r for r in self.battles if r.loser == by), None)
        if lost is None:
            mine = next((r for r in self.battles if by in r.players.values()), None)
            why = "did not battle" if mine is None else ("drew" if mine.winner is None else "won")
            # TAG-R5: only a user who lost this turn's battle may rewind it.
            self._fail("TAG-R5", f"{by} {why} this turn, and only a player who lost the battle may rewind it")
        partner_won = any(r.winner == self.tag_of(by) for r in self.battles)
        self._restore(self._undo)
        self._undo = None
        even = f" even though {self.partner(by)} won," if partner_won else ""
        self._ev("TAG-R5", f"{card}: {by} lost this turn's battle,{even} so the turn is rewound: points, players out "
                           f"and who goes first are as before it, and everyone battles again "
                           f"(reading rewind-undoes-the-turn)")

    def truce(self, by: str) -> None:
        """St-220: all players skip this turn's battle phase; no battle result, first and second swap."""
        self._begin()
        self._truce(by, "St-220")
        self._done("truce")

    def _truce(self, by: str, card: str) -> None:
        by = self._require_in_game(by)
        if self._cursor[0] > BATTLE:
            # TAG-R5: the battle phase must still be ahead (or under way) to be skipped.
            self._fail("TAG-R5", f"{card} skips the battle phase, which is already over this turn")
        everyone = "all four" if len(self.in_game_players()) == 4 else "all players"
        self.battles = []
        self._undo = None
        self._ev("TAG-R5", f"{card} ({by}): {everyone} skip this turn's battle phase; there is no battle result")
        self._next_turn([], rule_note="no battle result after a truce (reading truce-swaps-first)")

    # ------------------------------------------------------------------ verbs: within a turn
    def act(self, by: str, phase: str) -> None:
        """``by`` uses an option card or ability in ``phase`` of this turn; the phase's seat order
        (TAG-P1..P5, read from PHASES) decides whether it is their moment."""
        self._begin()
        if phase not in PHASE_INDEX:
            raise ValueError(f"phase must be one of {', '.join(PHASE_INDEX)}, not {phase!r}")
        by = self._require_in_game(by)
        ph = T.phase(phase)
        i = PHASE_INDEX[phase]
        ci, cpos = self._cursor
        if i < ci:
            # TAG-P1..P5: the phases of a turn come in order.
            self._fail(ph.rule, f"the turn is already in the {PHASES[ci].name}: the {ph.name} is over")
        pos = -1
        if phase in T.FREE_PHASES:
            # TAG-P2 reading evolution-options-any-order.
            note = "options may be used at any time during steps 1-2 (reading evolution-options-any-order)"
        elif phase == "battle":
            if not (i == ci and self._opened) and self.tag_of(by) != self.second:
                # TAG-P4 ②: the alternation begins with either player of the second tag.
                self._fail("TAG-P4", f"the battle phase's options begin with a player of the second tag "
                                     f"({self.second}); {by} is of {self.first}")
            note = ("opens the alternation (the second tag begins)" if not (i == ci and self._opened)
                    else "the tags alternate, one person at a time")
        else:
            order = self.order(phase)
            pos = order.index(by)
            if i == ci and pos < cpos:
                # TAG-P1 / TAG-P3 / TAG-P5: the phase's seat order.
                self._fail(ph.rule, f"in the {ph.name} players act in the order {', '.join(order)}: {by} comes "
                                    f"before {order[cpos]}, who has already acted")
            note = "order " + ", ".join(order)
        self._cursor = (i, pos if i != ci else max(pos, cpos))
        if phase == "battle":
            self._opened = True
        seat = self.seat_of(by)
        self._ev(ph.rule, f"{by} ({seat}) uses an option or ability in the {ph.name}: {note}")
        self._done("act")

    def call_off(self, by: str) -> None:
        """``by`` calls off their evolution in the evolution phase: only the second tag may (TAG-P2 ①)."""
        self._begin()
        by = self._require_in_game(by)
        if self._cursor[0] > EVOLUTION:
            self._fail("TAG-P2", f"the evolution phase is over: the turn is in the {PHASES[self._cursor[0]].name}")
        if self.tag_of(by) != self.second:
            # TAG-P2 ①: only a player of the second tag may call the evolution off.
            self._fail("TAG-P2", f"only a player of the second tag ({self.second}) may call an evolution off; "
                                 f"{by} is of the first tag ({self.first})")
        if self._cursor[0] < EVOLUTION:
            self._cursor = (EVOLUTION, -1)
        self._ev("TAG-P2", f"{by} ({self.seat_of(by)}) calls off the evolution: a player of the second tag may")
        self._done("call_off")

    def use(self, by: str, kind: str) -> None:
        """``by`` uses an effect of ``kind`` (evolution, projection, opponent_condition), TAG-E2."""
        self._begin()
        self._player(by)
        ok, rule, why = self.may_use(by, kind)
        if not ok:
            self._fail(rule, why)
        self._ev(rule, why)
        self._done("use")

    def record_deck_check(self, legal: bool, violations: list[dict], warnings: list[dict]) -> None:
        """Record the verdict of a TAG-K1..K3 deck check (computed by :mod:`rulings_lib.tag.deckcheck`)."""
        self._begin()
        self.deck_check = {"legal": legal, "violations": list(violations), "warnings": list(warnings)}
        if legal:
            self._ev("TAG-K1", "the deck check passes: 30 cards, a Level 3 Digimon, at most 3 of a name, "
                               "only Bo-/St-/Bx-/Sx- cards")
        for f in violations + warnings:
            kind = "violation" if f in violations else "note"
            self._ev(f["rule"], f"deck {kind}: {f['message']}")

    def target(self, by: str, effect: str, on: str | None = None, meets_requirements: bool = True) -> None:
        """Check who an effect may affect under TAG-R1/R2/R4 (accepted or rejected; nothing else changes)."""
        self._begin()
        ruling = self.check_target(by, effect, on, meets_requirements)
        if not ruling.allowed:
            self._fail(ruling.rule, ruling.text)
        self._ev(ruling.rule, ruling.text)
        self._done("target")

    def card(self, by: str, number: str, effect: int | None = None, on: str | None = None) -> None:
        """``by`` uses card ``number`` (or its ``effect``-th effect): the tag regulation's card rulings
        (TAG-R3, and St-104 / St-220 under TAG-R5, flushes under TAG-R1). Only the rewind and the
        truce change the match; the rest is accepted or rejected."""
        rule = T.card_rule(number)
        key = rule.key if rule else number
        self._begin(rewind=key == "St-104")
        if key == "St-104":
            self._rematch(by, "St-104")
            self._done("rematch")
            return
        by = self._require_in_game(by)
        if key == "St-220":
            self._truce(by, "St-220")
            self._done("truce")
            return
        label = f"{number}" + (f" ({rule.english})" if rule else "") + (f", effect {effect}" if effect else "")
        if rule is None:
            self._ev("TAG-R3", f"{by} uses {label}: no tag-specific ruling, so it works as in a 1-vs-1 battle")
        elif rule.rule == "TAG-R3" and self.mode == "1v1":
            self._ev("TAG-E3", f"{by} uses {label}: the normal 1-vs-1 regulation applies now "
                               f"(reading tag-only-rules-end-at-one-vs-one)")
        elif rule.rule == "TAG-R1":
            if on is not None:
                ruling = self.check_target(by, "flush", on)
                if not ruling.allowed:
                    self._fail(ruling.rule, ruling.text)
                self._ev("TAG-R1", f"{label}: {ruling.text}")
            else:
                self._ev("TAG-R1", f"{by} uses {label}: {rule.text}")
        elif rule.effect is not None:
            # TAG-R3: a ruling on one effect of the card (St-321's second effect).
            if effect == rule.effect:
                self._fail(rule.rule, f"{by} cannot use {label}: {rule.text}")
            self._ev(rule.rule, f"{by} uses {label}: allowed ({rule.text})")
        elif not rule.allowed:
            # TAG-R3: the named exceptions.
            self._fail(rule.rule, f"{by} cannot use {label}: {rule.text}")
        else:
            self._ev(rule.rule, f"{by} uses {label}: {rule.text}")
        self._done("card")

    def reshuffle(self, by: str) -> None:
        """Right after a battle: ``by``'s Net Ocean is empty, so they send their Digimon (except
        Level III) to the Dark Area and shuffle it into a new Net Ocean (TAG-P5)."""
        self._begin()
        by = self._player(by)
        if self._last not in ("battle", "reshuffle"):
            # TAG-P5: the empty Net Ocean is dealt with at the end of the point calculation.
            self._fail("TAG-P5", "an empty Net Ocean is rebuilt at the end of the point calculation: "
                                 "right after a battle")
        self._require_in_game(by)
        if by in self._reshuffled:
            self._fail("TAG-P5", f"{by} has already rebuilt their Net Ocean this turn")
        self._reshuffled.append(by)
        self._ev("TAG-P5", f"{by}'s Net Ocean is empty: whatever the result, {by} sends their Digimon (except a "
                           f"Level III) to the Dark Area, then shuffles the Dark Area into a new Net Ocean "
                           f"(slots and hand stay)")
        self._done("reshuffle")


def pairs_level(pairs, player: str) -> str | None:
    """The level given for ``player``'s Digimon in a battle step, if any."""
    for _, who, entries in pairs:
        for t, p in who.items():
            if p == player:
                return entries[t].level
    return None
