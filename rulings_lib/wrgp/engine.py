"""The WRGP relay engine: one 3-vs-3 match played as one Duel (WRGP rules ver.2022).

Python-chess style: create a :class:`WrgpMatch`, act on it with verbs (``attack``, ``damage``,
``chain``, ``phase``, ``end_turn``, ``speed_world``, ``baton_touch`` ...), ask it questions
(``is_finished()``, ``is_legal(...)``, ``outcome()``), ``copy()`` it. A verb the rules forbid
right now raises :class:`~rulings_lib.errors.IllegalAction` carrying the rule id, and leaves the
match exactly as it was. Every change leaves an :class:`Event` citing the rule that made it.

>>> m = WrgpMatch()
>>> m.phase("main1")
>>> m.damage("A", to="opponent", amount=8000)
>>> m.out
['B1']
>>> m.handover
['B']

Each rule is enforced in one place, and that place names the rule id in a comment
(search for ``# WRGP-``).
"""

from __future__ import annotations

from .. import args as A
from ..errors import ArgumentError, MatchOver
from ..events import Event, Outcome
from ..i18n import Msg
from ..i18n.terms import (
    CARD_KIND,
    DECK_SECTION,
    WRGP_ACTION,
    WRGP_PHASE,
    WRGP_SCOPE,
    WRGP_ZONE,
)
from ..match import Match, _new_event, plain_copy, query
from . import reach
from . import tables as T
from .cite import draw_rule
from .tables import PHASE_INDEX, PHASE_KEYS, other
from .verbs import (  # noqa: F401 (the argument checks, declared with the verbs; kept importable here)
    AMOUNT,
    CARD,
    MAX_AMOUNT,
    MAX_LINEUP,
    MAX_LP,
    MAX_TURN,
    SETUP_CHECKS,
    TEAM,
    TO,
    VERB_TABLE,
    UnknownCard,
    _cards,
    card_identity,
    check_choices,
    check_link,
    check_links,
    check_violations,
    contradiction,
    copy_of,
    is_speed_world,
    link_targets,
    monster_atk,
    named_card,
    resembles,
)

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, Literal, NoReturn, overload

    from ..cards import Card as CatalogueCard
    from ..cards.cdb import CardStats
    from ..verbs import Param

END = PHASE_INDEX["end"]
DRAW = PHASE_INDEX["draw"]
STANDBY = PHASE_INDEX["standby"]
BATTLE = PHASE_INDEX["battle"]
MAIN2 = PHASE_INDEX["main2"]
MAIN_IDX = frozenset({PHASE_INDEX["main1"], MAIN2})
_FIRST_TURN_SKIPS = frozenset(PHASE_INDEX[k] for k in T.FIRST_TURN_SKIPS)   # WRGP-F5
# The kinds of card that stay face-up on the field once they resolve (STD-CARDS); other Spells and Traps go to
# their user's Graveyard.
_STAYS = ("Continuous Spell", "Continuous Trap", "Field Spell", "Equip Spell")
# A restriction's words (the catalogue's `forbid` entries): what it forbids, and until when.
_WHAT = {"spell_trap": "wrgp.what.spell_trap", "trap": "wrgp.what.trap"}
_UNTIL = {"duel": "wrgp.until.duel", "turn": "wrgp.until.turn", "face_up": "wrgp.until.face_up"}


def _said(code: str) -> dict[str, Any]:
    return {"code": code, "args": {}}


def _walk(first_turn: bool, start: int, target: int) -> tuple[int, ...]:
    """The phases entered going from phase ``start`` to the beginning of ``target``, from the phase
    table; -1 marks the Battle Phase skipped on the match's first turn (WRGP-F5), which is an event."""
    out: list[int] = []
    i = start
    while i < target:
        i += 1
        if first_turn:
            while i in _FIRST_TURN_SKIPS:
                if i == BATTLE:
                    out.append(-1)
                i += 1
        out.append(i)
    return tuple(out)


# Every walk a turn can take, precomputed: _WALKS[first turn?][from][to].
_WALKS = tuple(tuple(tuple(_walk(first, a, b) for b in range(len(PHASE_KEYS))) for a in range(len(PHASE_KEYS)))
               for first in (False, True))


# An event's arguments are data: a message inside one (a phase's name, why something happened) is its
# code and arguments in the outcome's JSON form, worded only when someone reads the event.
def _say(code: str, **args: Any) -> dict[str, Any]:
    """A message as data, ``{"code": ..., "args": {...}}`` (rendered by rulings_lib.i18n when read)."""
    return {"code": code, "args": args}


_TERMS: dict[str, dict[str, Any]] = {}     # code -> its message as data (terms have no arguments: made once)


def _term(table: dict[str, str], key: str, fallback: str | dict[str, Any] | None = None) -> str | dict[str, Any]:
    """``term()`` as data: the table's word for ``key`` (``fallback``, else the key, when it has none)."""
    code = table.get(key)
    if code is None:
        return fallback if fallback is not None else key
    said = _TERMS.get(code)
    if said is None:
        said = _TERMS[code] = {"code": code, "args": {}}
    return said


_PHASE_TERMS = tuple(_term(WRGP_PHASE, k) for k in PHASE_KEYS)   # by phase index
_IN_PHASE = tuple(_say("wrgp.when.in_phase", phase=p) for p in _PHASE_TERMS)   # "in the Main Phase 1", ...
_RUN_ON = _say("wrgp.when.run_on")
_STANDBY = _say("wrgp.why.standby")
_TEAM_EFFECT = {t: _say("wrgp.source.team_effect", team=t) for t in T.TEAMS}   # "team A's effect", as data
_MAX_SPC = _say("wrgp.note.max_spc", max=T.SPC_MAX)
_LP_FLOOR = _say("wrgp.note.lp_floor")


def _and(items: Iterable[str | dict[str, Any]]) -> str | dict[str, Any]:
    """``A1``, ``A1 and B1``, ... as data (``and_list``'s ``common.and`` messages)."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = {"code": "common.and", "args": {"a": out, "b": item}}
    return out



MONSTER_ZONES = ("monster", "extra_monster")
# The kinds of monster kept in the Extra Deck (STD-CARDS), in the catalogue's words for kinds.
EXTRA_DECK_KINDS = frozenset({"Fusion Monster", "Synchro Monster", "Xyz Monster", "Link Monster"})


class Card:
    """A card of the match, one instance per copy: its key (``name``: the name as written, with
    `` #N`` for a later copy), the name it was written with (``written``), its copy number, its original
    owner, the duelist whose zone it is in, the zone, its face and battle position, its kind when a step
    gave one."""

    __slots__ = ("name", "owner", "holder", "pile", "zone", "face_up", "destroyed_by", "destroyed_with", "set_turn",
                 "written", "n", "kind", "position")
    name: str
    written: str
    n: int
    kind: str | None
    owner: str
    holder: str
    pile: str
    zone: str
    face_up: bool
    position: str | None
    destroyed_by: str | None
    destroyed_with: str | None
    set_turn: int | None

    def __init__(self, name: str, owner: str, holder: str, zone: str, face_up: bool = True, pile: str | None = None,
                 set_turn: int | None = None, written: str | None = None, n: int = 1, kind: str | None = None,
                 position: str | None = None) -> None:
        self.name = name
        self.written = name if written is None else written
        self.n = n                  # its copy number in the match, per card identity (1 for the first)
        self.kind = kind            # the kind a step declared (place: kind), or None (the catalogue's, a database's)
        self.owner = owner          # the duelist who brought it (its original owner)
        self.holder = holder        # the duelist whose zone it is in (controller while on the field)
        # The duelist whose Graveyard, face-up Extra Deck or banishment it goes to: its owner, whoever
        # controls it (STD-CARDS), unless it was handed over in a relay: then the new duelist's (WRGP-H5).
        self.pile = owner if pile is None else pile
        self.zone = zone
        self.face_up = face_up
        # A monster's battle position in a Monster Zone: face-down is Defense Position; face-up Attack
        # Position unless a step said defense. None outside a Monster Zone.
        self.position = position if zone in MONSTER_ZONES else None
        if self.position is None and zone in MONSTER_ZONES:
            self.position = "attack" if face_up else "defense"
        self.destroyed_by = None
        self.destroyed_with = None
        # The turn it was Set in (face-down in a Spell & Trap Zone); 0: Set before the scenario's first
        # moment (its setup placed it Set). A Trap can be activated from the next turn on (STD-TIMING).
        self.set_turn = set_turn

    def copy(self) -> Card:
        c = Card(self.name, self.owner, self.holder, self.zone, self.face_up, self.pile, self.set_turn, self.written,
                 self.n, self.kind, self.position)
        c.destroyed_by, c.destroyed_with = self.destroyed_by, self.destroyed_with
        return c

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"zone": self.zone, "player": self.holder, "owner": self.owner}
        if not self.face_up:
            d["face_up"] = False
        if self.face_up and self.position == "defense":
            d["position"] = "defense"
        if self.kind:
            d["kind"] = self.kind
        if self.destroyed_by:
            d["destroyed_by"] = self.destroyed_by
            d["destroyed_with"] = self.destroyed_with
        return d


if TYPE_CHECKING:
    # A face-up card of the match and its catalogue entry (WrgpMatch._live_on_field).
    Live = tuple[Card, CatalogueCard]
    # A damage or cost that may meet a loss condition: (effect, controller, card, team, met) (WrgpMatch._settle).
    Hit = tuple[int, str, str | dict[str, Any], str, bool]
    # A restriction on activations that applies now: (source card, team it binds, forbid entry, declared name,
    # rule, the face-up card and its entry or None) (WrgpMatch._restrictions_now).
    Restriction = tuple[str, str, dict[str, Any], str | None, str, Live | None]


class WrgpMatch(Match):
    """One WRGP match. Teams are ``"A"`` and ``"B"``; duelists are ``"A1"``, ``"B2"``, ..."""

    # The public verbs, each checked at the boundary and run as a transaction (Match):
    # {verb: {parameter: check}}. A malformed call raises ArgumentError before the verb runs.
    FORMAT = T.FORMAT
    VERB_TABLE = VERB_TABLE
    VERBS: dict[str, dict[str, Any]] = VERB_TABLE.api_checks()
    # The fields changed in place, each only through Match._w (copy on write), and how to copy them.
    _MUTABLE = {
        "pos": dict.copy, "lp": dict.copy, "spc": dict.copy, "monsters": dict.copy, "deck_checks": dict.copy,
        "first_turns": dict.copy, "attacked": list.copy,
        "handover": list.copy, "out": list.copy, "delayed": list.copy, "effects": list.copy,
        "at_zero": set.copy, "resembling": dict.copy, "restrictions": list.copy, "declared": dict.copy,
        "relay": list.copy, "turn_used": list.copy, "hurt": dict.copy, "spent": list.copy,
        "once": lambda once: {t: v.copy() for t, v in once.items()},
        "cards": lambda cards: {k: c.copy() for k, c in cards.items()},
    }
    # The fields' types (set in __init__, read and put back by _snapshot/_put_back).
    start_lp: int
    first: str
    turn: int
    player: str
    phase_i: int
    drawn: bool
    pos: dict[str, int]
    lp: dict[str, int]
    spc: dict[str, int]
    cards_db: CardStats | None
    at_zero: set[str]
    handover: list[str]
    out: list[str]
    last_loser: str | None
    once: dict[str, list[str]]
    delayed: list[tuple[str, str, tuple[str, ...], int]]
    effects: list[tuple[str, str]]
    cards: dict[str, Card]
    monsters: dict[str, int]
    deck_checks: dict[str, dict[str, Any]]
    first_turns: dict[str, int]
    attacked: list[str]
    resembling: dict[str, str]
    restrictions: list[tuple[str, str, dict[str, Any], str | None, int]]
    declared: dict[str, str]
    relay: list[tuple[str, str, str | None]]
    turn_used: list[tuple[str, str, int]]
    hurt: dict[str, int]
    spent: list[tuple[str, str]]
    winner: str | None
    termination: Outcome | None
    events: list[Event]
    rejected: list[dict[str, Any]]

    # Every field (all __init__ sets but the logs): what a transaction's snapshot holds (Match._snapshot).
    _FIELDS = ("lineup", "start_lp", "first", "turn", "player", "phase_i", "drawn", "pos", "at_zero", "lp", "spc",
               "handover", "out", "last_loser", "once", "delayed", "effects", "cards", "monsters", "cards_db",
               "deck_checks", "winner", "termination", "step", "first_turns", "attacked", "resembling",
               "restrictions", "declared", "relay", "turn_used", "hurt", "spent")

    # A transaction's snapshot (Match._snapshot): the fields _FIELDS names, in its order, read and put
    # back attribute by attribute, written out (a tuple of attribute reads is three times as fast as
    # operator.attrgetter here; tests/test_wrgp_properties.py checks the two lists agree).
    def _snapshot(self) -> tuple[Any, ...]:
        return (self.lineup, self.start_lp, self.first, self.turn, self.player, self.phase_i, self.drawn, self.pos,
                self.at_zero, self.lp, self.spc, self.handover, self.out, self.last_loser, self.once, self.delayed,
                self.effects, self.cards, self.monsters, self.cards_db, self.deck_checks, self.winner,
                self.termination, self.step, self.first_turns, self.attacked, self.resembling, self.restrictions,
                self.declared, self.relay, self.turn_used, self.hurt, self.spent)

    def _put_back(self, fields: tuple[Any, ...]) -> None:
        (self.lineup, self.start_lp, self.first, self.turn, self.player, self.phase_i, self.drawn, self.pos,
         self.at_zero, self.lp, self.spc, self.handover, self.out, self.last_loser, self.once, self.delayed,
         self.effects, self.cards, self.monsters, self.cards_db, self.deck_checks, self.winner,
         self.termination, self.step, self.first_turns, self.attacked, self.resembling, self.restrictions,
         self.declared, self.relay, self.turn_used, self.hurt, self.spent) = fields

    def __init__(self, lineup: int = 3, start_lp: int = 8000, first: str = "A", *,
                 turn: int = 1, player: str | None = None, phase: str = "draw",
                 duelist: dict[str, int] | None = None, lp: dict[str, int] | None = None,
                 spc: dict[str, int] | None = None, at_zero: Iterable[str] = (), out: Iterable[str] = ()) -> None:
        given = dict(lineup=lineup, start_lp=start_lp, first=first, turn=turn, player=player, phase=phase,
                     duelist=duelist, lp=lp, spc=spc, at_zero=at_zero, out=out)
        v: dict[str, Any] = {k: SETUP_CHECKS[k](k, val, None) for k, val in given.items()}
        self.lineup = v["lineup"]
        self.start_lp = v["start_lp"]
        self.first = v["first"]
        self.turn = v["turn"]
        self.player = v["player"] or self.first
        self.phase_i = PHASE_INDEX[v["phase"]]
        # A moment named by its phase starts at that phase's beginning: the draw is made once the
        # Draw Phase is over (scenario-format: `draw` is before the draw).
        # WRGP-F5: the match's first turn has no draw, so it never has ``drawn``.
        self.drawn = self.phase_i > DRAW and self.turn > 1
        # WRGP-S4: the two 1st duelists start (or the positions given for a mid-match moment).
        self.pos = {"A": 1, "B": 1, **(v["duelist"] or {})}
        self.at_zero = set(v["at_zero"])   # survivors staying at 0 LP (reading draw-survivor-stays-at-0)
        self.lp = {t: 0 if t in self.at_zero else self.start_lp for t in T.TEAMS}
        self.lp.update(v["lp"] or {})
        self.spc = {"A": 0, "B": 0, **(v["spc"] or {})}
        # The duelists who have left so far, in order (WRGP-F1, WRGP-H9): a moment given without them lists none.
        self.out = list(v["out"])
        self._check_moment()
        self.handover = []           # teams whose handover has begun, in order of loss
        self.last_loser = None
        self.once = {"A": [], "B": []}
        self.delayed = []          # (team, card, targets, amount) for this turn's End Phase
        self.effects = []  # continuing effects (team, card), WRGP-H7
        self.cards = {}
        # a monster's copy (its key in `cards`) -> its ATK changed in this match (Power Bond)
        self.monsters = {}
        self.cards_db = None                    # a user's card databases (rulings_lib.cards.cdb.CardStats)
        self.deck_checks = {}  # team -> WRGP-S2 verdict (scenario step check_team)
        # team -> the number of its first turn (STD-TIMING: a card Set in it can be activated from the next
        # turn on). A match started later than turn 1 has a history the kit does not know: the other team's
        # first turn is taken as turn 2, the earliest it can be (unknown at turn 2 if the first team plays it).
        self.first_turns = {self.first: 1}
        if self.turn > 2 or (self.turn == 2 and self.player != self.first):
            self.first_turns[other(self.first)] = 2
        self.attacked = []           # the monsters (card keys) that attacked in this turn
        # A card described by hand under a name close to a catalogue card's: the name as
        # written -> the catalogue card it resembles (its English name). It plays as described.
        self.resembling = {}
        # Lasting restrictions on a team (WRGP-H7): (team, card, forbid entry, declared name, turn).
        self.restrictions = []
        self.declared = {}      # a face-up card (Prohibition) -> the card name it declared
        self.relay = []            # (team, card, monster key or None): Relay Soul's monster
        self.turn_used = []        # (team, card id, turn): a once-per-turn card activated
        self.hurt = {}          # team -> the step in which the opponent last dealt it damage
        self.spent = []            # (duelist, card): a Spell/Trap activated here, in its Graveyard
        self.winner = None
        self.termination = None
        self.events = []
        self.rejected = []
        self.step = 0

    def _check_moment(self) -> None:
        """Is the moment of play given to the constructor one the rules can reach? (ArgumentError if not)"""
        def bad(param: str, allowed: str, value: object) -> NoReturn:
            raise ArgumentError(param, allowed, value)

        for t in T.TEAMS:
            if self.pos[t] > self.lineup:
                # WRGP-S1: positions within the lineup.
                bad("duelist", Msg("input.arg.wrgp.positions", lineup=self.lineup, pos=self.pos[t]), self.pos)
        if self.turn == 1:
            # WRGP-F5: the match's first turn has no Battle Phase and so no Main Phase 2.
            if PHASE_KEYS[self.phase_i] in T.FIRST_TURN_SKIPS:
                bad("phase", Msg("input.arg.wrgp.first_turn_phase"), PHASE_KEYS[self.phase_i])
            # WRGP-S4: turn 1 is the first team's, played by the two 1st duelists.
            if self.player != self.first:
                bad("player", Msg("input.arg.wrgp.first_player", first=self.first), self.player)
            if self.pos != {"A": 1, "B": 1}:
                bad("duelist", Msg("input.arg.wrgp.first_positions"), self.pos)
            if self.phase_i == DRAW:
                # At the very start of the match nothing has happened yet (WRGP-F10: the starting LP).
                for t in T.TEAMS:
                    if self.lp[t] != self.start_lp:
                        bad("lp", Msg("input.arg.wrgp.start_lp", lp=self.start_lp), self.lp)
        if len(self.at_zero) > 1:
            # Reading draw-survivor-stays-at-0: one duelist survives a draw; the other lost.
            bad("at_zero", Msg("input.arg.wrgp.one_survivor"), sorted(self.at_zero))
        self._check_history()
        if self.out:
            # WRGP-F1, WRGP-H9: the duelists who have left are those before each team's duelist now, each once.
            left = sorted(f"{t}{i}" for t in T.TEAMS for i in range(1, self.pos[t]))
            if sorted(self.out) != left:
                bad("out", Msg("input.arg.wrgp.out_positions", duelists=", ".join(left) or "-"), self.out)
        for t in T.TEAMS:
            if t in self.at_zero:
                if self.lp[t] != 0:
                    bad("lp", Msg("input.arg.wrgp.survivor_lp", team=t), self.lp)
                if self.turn == 1 or self.pos[other(t)] < 2:
                    # The duelist the survivor drew with has lost and been replaced (WRGP-F1).
                    bad("at_zero", Msg("input.arg.wrgp.survivor_opponent", other=other(t)), sorted(self.at_zero))
            elif self.lp[t] == 0:
                # WRGP-F1: a duelist at 0 LP has lost, unless declared a draw survivor (reading
                # draw-survivor-stays-at-0); a pending handover cannot be a starting moment.
                bad("lp", Msg("input.arg.wrgp.lp_above_zero", team=t), self.lp)

    def _check_history(self) -> None:
        """Is there a history that reaches these positions, this turn player and these counters? The envelope
        is derived from the rules in :mod:`.reach` (WRGP-F2 turn order, losses and baton touches, WRGP-SW3/SW4)."""
        need = {t: self.pos[t] - 1 for t in T.TEAMS}
        # The current turn player may already have swapped: a baton touch comes in the Draw Phase, before
        # the draw, so also a moment named by `draw` may follow one (WRGP-H9).
        past_draw = True
        found = reach.loss_histories(self.first, self.turn, self.player, past_draw, need)
        if not found:
            if reach.loss_histories(self.first, self.turn, other(self.player), past_draw, need):
                # WRGP-F2: the duel resumes with the team that handed over; otherwise the turns alternate.
                raise ArgumentError("player", Msg("input.arg.wrgp.turn_order", other=other(self.player), turn=self.turn,
                                                  team=self.player), self.player)
            raise ArgumentError("duelist", Msg("input.arg.wrgp.reached_positions", turn=self.turn), self.pos)
        for t in self.at_zero:
            # Reading draw-survivor-stays-at-0: the duelist the survivor drew with has lost (not swapped out).
            found = {h for h in found if h[T.TEAMS.index(other(t))] >= 1}
            if not found:
                raise ArgumentError("at_zero", Msg("input.arg.wrgp.survivor_lost", other=other(t), turn=self.turn),
                                    sorted(self.at_zero))
        standbys = reach.standby_phases(self.turn, self.phase_i)
        if not any(all(reach.counters_reachable(self.spc[t], reach.most_gained(standbys, h[i]))
                       for i, t in enumerate(T.TEAMS)) for h in found):
            most = {t: max(reach.most_gained(standbys, h[i]) for h in found) for i, t in enumerate(T.TEAMS)}
            team = next((t for t in T.TEAMS if not reach.counters_reachable(self.spc[t], most[t])), "A")
            lost = max(h[T.TEAMS.index(team)] for h in found)
            cap = min(T.SPC_MAX, most[team])
            raise ArgumentError("spc", Msg("input.arg.wrgp.reached_spc", cap=cap, team=team, standbys=standbys,
                                               lost=lost, most=T.SPC_MAX), self.spc)

    # ------------------------------------------------------------------ queries
    @query(team=TEAM)
    def duelist(self, team: str) -> str:
        """The duelist of ``team`` now in the duel, e.g. ``"A2"``."""
        return f"{team}{self.pos[team]}"

    def _who(self, team: str) -> str:
        return f"{team}{self.pos[team]}"

    def use_card_databases(self, paths: list[str]) -> None:
        """Read monsters' ATK, level and type from EDOPro databases (files or folders, read as EDOPro
        reads them: a later database replaces an earlier one's card with the same passcode)."""
        from ..cards.cdb import read_databases

        self.cards_db = read_databases(paths)
        replaced = sorted({(old, new) for _, old, new in self.cards_db.overrides})
        self._ev("STD-CARDS", "wrgp.event.card_databases_read", files=list(self.cards_db.sources),
                 cards=len(self.cards_db.by_code))
        for old, new in replaced:
            n = sum(1 for _, o, w in self.cards_db.overrides if (o, w) == (old, new))
            self._ev("STD-CARDS", "wrgp.event.card_database_overrides", new=new, old=old, n=n)

    def card_key(self, name: object) -> str | None:
        """The key in ``cards`` of the card ``name`` names, whatever spelling names it (one
        :func:`card_identity` for every lookup): the copy ``NAME #N`` names, else the first copy of the card;
        None if it is not in the match. A step that acts on one copy picks it with :meth:`_instance`."""
        if not isinstance(name, str):
            return None
        if name in self.cards:
            return name
        copies = self._copies(name)
        return copies[0].name if copies else None

    def _copies(self, name: object) -> list[Card]:
        """The copies a step's card name names: the one copy ``NAME #N`` (or a later copy's
        key) names, else every copy of the card (any spelling of it), first copy first."""
        if not isinstance(name, str):
            return []
        c = self.cards.get(name)
        if c is not None and c.n > 1:
            return [c]
        base, n = copy_of(name)
        ident = card_identity(base)
        same = sorted((c for c in self.cards.values() if card_identity(c.written) == ident), key=lambda c: c.n)
        return [c for c in same if c.n == n] if n is not None else same

    if TYPE_CHECKING:
        @overload
        def _instance(self, param: str, name: str, fits: Any = None, missing_ok: Literal[False] = False) -> Card: ...
        @overload
        def _instance(self, param: str, name: str, fits: Any = None, missing_ok: bool = False) -> Card | None: ...

    def _instance(self, param: str, name: str, fits: Callable[[Card], bool] | None = None,
                  missing_ok: bool = False) -> Card | None:
        """The one copy a step's card name means. ``NAME #N`` names copy N. A plain name of a
        card with several copies means the copy ``fits`` allows (on the field for ``destroy`` ...); if
        several do and they are alike for the rules (the same owner, holder, zone, face, position, ATK,
        Set turn, attack this turn), the first of them, said in an event (STD-CARDS); if they differ, the
        step is refused asking which (ArgumentError: no guess). None copies fit: the first copy, for the
        step's own refusal (not on the field ...)."""
        copies = self._copies(name)
        if not copies:
            if missing_ok:
                return None
            raise UnknownCard(param, name)
        if len(copies) == 1:
            return copies[0]
        fit = [c for c in copies if fits(c)] if fits is not None else copies
        if not fit:
            return copies[0]
        if len(fit) == 1:
            return fit[0]
        first = self._alike(fit[0])
        if all(self._alike(c) == first for c in fit[1:]):
            # STD-CARDS: copies the rules cannot tell apart: whichever is taken, the match is the same.
            self._ev("STD-CARDS", "wrgp.event.copy_taken", card=_numbered(fit[0]), name=fit[0].written, n=len(fit))
            return fit[0]
        raise ArgumentError(param, Msg("input.arg.wrgp.which_copy", card=_named_in(fit[0].written),
                                       copies=[_named_in(_numbered(c)) for c in fit]), name)

    def _alike(self, c: Card) -> tuple[object, ...]:
        """What the rules see of a copy (all but its name): two copies with the same are interchangeable."""
        return (c.owner, c.holder, c.pile, c.zone, c.face_up, c.position, c.kind,
                c.set_turn is not None and c.set_turn >= self.turn, c.destroyed_by, c.destroyed_with,
                self.monsters.get(c.name), c.name in self.attacked)

    def _next_copy(self, name: str) -> int:
        """The number the next copy of the card ``name`` gets in this match (1 for the first)."""
        ident = card_identity(name)
        return 1 + sum(1 for c in self.cards.values() if card_identity(c.written) == ident)

    def card_db_monster(self, name: object) -> dict[str, Any] | None:
        """A monster's stats from the user's card databases (``--cards``, ``setup.cards_db``), or None."""
        if self.cards_db is None or not isinstance(name, str):
            return None
        return self.cards_db.monster(name)

    if TYPE_CHECKING:
        @overload
        def _named(self, param: str, name: str, what: str, effect: dict[str, Any], by: str | None = None) -> str: ...
        @overload
        def _named(self, param: str, name: str | None, what: str, effect: dict[str, Any],
                   by: str | None = None) -> str | None: ...

    def _named(self, param: str, name: str | None, what: str, effect: dict[str, Any],
               by: str | None = None) -> str | None:
        """A step that names a card and gives its effect by hand: the catalogue's name for a known
        card (explicit numbers that contradict it are an ArgumentError naming the card), the name as
        given for a card the catalogue does not know (unless close to a known one: "did you mean")."""
        if name is None or is_speed_world(name):
            return name
        numbers = what in ("damage", "gain", "cost", "paid_by_effect", "delayed")   # the step gives an amount
        found: CatalogueCard | None = named_card(param, name, numbers=numbers, unknown=True)
        if found is None:
            self._described(name)
            return name
        contradiction(param, found, what, effect, by)
        return found.en

    def _described(self, name: str) -> None:
        """A card described by hand under a name the catalogue does not know: if the name is close to a
        catalogue card's, say so. It plays as described: 破壊輪 (Ring of Destruction) is
        a different real card from 破壊指輪 (Destruction Ring)."""
        like = resembles(name)
        if like is None:
            return
        if name not in self.resembling:
            self._w("resembling")[name] = like.en
        self._ev("STD-CARDS", "wrgp.event.described_resembles", card=name, like=like.en)

    @property
    def phase_key(self) -> str:
        return PHASE_KEYS[self.phase_i]

    @query()
    def is_finished(self) -> bool:
        return self.winner is not None

    @query(team=A.optional(TEAM))
    def is_handover_pending(self, team: str | None = None) -> bool:
        return bool(self.handover) if team is None else team in self.handover

    @query(duelist=A.text(20))
    def is_out(self, duelist: str) -> bool:
        return duelist in self.out

    @query()
    def outcome(self) -> Outcome | None:
        return self.termination

    @query(team=TEAM)
    def x(self, team: str) -> int:
        """Speed World's X for ``team``: max(0, a - b)."""
        return T.speed_world_x(self.pos[team], self.pos[other(team)])

    @query(team=TEAM)
    def available_speed_world(self, team: str) -> list[int]:
        """Costs of the Speed World effects ``team`` could pay for now (counters only)."""
        return [c for c in T.SPEED_WORLD_EFFECTS if self.spc[team] >= c]

    # ------------------------------------------------------------------ the action grammar (Match.legal_actions)
    # The verbs of the table the grammar leaves out, and why: each names a card by free text (the catalogue's
    # cards in any spelling, or a card described by hand), a file, or a whole verdict or chain.
    LEFT_OUT = {
        "activate": "names a card by free text (the catalogue's in any spelling, or one it does not know) and "
                    "the cards its choices name (summon, declare), free text too",
        "chain": "a list of links of any length, each an effect or a card by free text",
        "at_end_phase": "names its card by free text",
        "once_per_duel": "names its card by free text",
        "special_victory": "names its card by free text",
        "place": "puts a new card, named by free text, in the match (a setup's move, not a move of play)",
        "continuing": "names its card (and a declared card) by free text",
        "target_speed_world": "names its card by free text",
        "check_team": "reads deck files (a scenario step)",
        "record_deck_check": "records a deck check's verdict, not a move of play",
    }
    # The optional parameters the grammar enumerates: an attack's target (to: self, a suicide attack, WRGP-F9) and
    # whether an LP payment is a cost or an effect's (STD-LP). The others are left out: ``card`` (the source's
    # name, free text), ``attack.with`` (a monster's ATK is the catalogue's and the field's: the grammar names
    # the damage), ``move.by``, ``speed_world.destroy`` (a list of cards: it destroys none), ``lose.why``.
    OPTIONAL = {"attack": ("to",), "pay": ("as",)}
    # The LP amounts of the grammar, besides each team's LP now (the amount that takes it to exactly 0, when one
    # step may deal that much: MAX_AMOUNT): none,
    # and 1000 (a hit a duelist above 1000 LP survives, a gain: the LP in between are reached).
    AMOUNTS = (0, 1000)
    # ``gain_loop.times``: a loop gains once per player whatever its count (WRGP-F7); 2 stands for any.
    LOOP_TIMES = (2,)

    def _domain(self, verb: str, param: Param) -> tuple[int | str, ...]:
        if param.type == "int":
            if param.name == "times":
                return self.LOOP_TIMES
            return tuple(sorted({*self.AMOUNTS, *(lp for lp in self.lp.values() if lp <= MAX_AMOUNT)}))
        if param.type == "card":      # move, destroy, take_control: the cards the match tracks
            return tuple(self.cards)
        # A verb the table gained without a domain here or a LEFT_OUT entry (tests/test_legal_actions.py lists
        # the whole table, so a test fails first).
        raise LookupError(f"the grammar has no values for {verb}.{param.name}: give it some here, or name "
                          f"{verb} in LEFT_OUT with why")

    def _plain(self) -> bool:
        """A position whose losses and counters no card decides: no card tracked (Gate Blocker, Toll, a
        monster in the way ...), no restriction, no Relay Soul."""
        return not (self.cards or self.restrictions or self.relay)

    def _allows(self, verb: str, value: Any) -> bool:
        """The grammar's actions the rules allow now (:meth:`Match.legal_actions`). The grammar holds every verb
        of the table but those :attr:`LEFT_OUT` (cards named by free text, chains, files, verdicts): ``phase``
        (each phase), ``end_turn``, ``attack`` (by each team, each amount, at the opponent or itself),
        ``damage``, ``gain``, ``gain_loop`` (by each team, to each target, each amount), ``pay`` (each amount, as
        a cost or an effect's), ``speed_world`` (each cost), ``baton_touch``, ``act`` (each kind), ``lose``,
        ``counter_cleaner``, each by either team, and ``move`` (to each place), ``destroy`` and
        ``take_control`` of each card the match tracks. An amount is one of :attr:`AMOUNTS` or a team's LP now
        (so that 0 LP is reachable); a parameter the grammar leaves out (:attr:`OPTIONAL`) takes its default.

        Decided from the rules: the match's end (WRGP-F4), the phase order (STD-TURN, WRGP-F5), who may act
        when (STD-TIMING, the run-on's table WRGP-H2), Speed Counters (WRGP-SW5), baton touches (WRGP-H9), LP
        costs (STD-LP) and the kit's LP limit. Where a card the match tracks could decide (its text: Gate
        Blocker's counters, Toll's attack cost, a monster in the way, Relay Soul, a card unaffected by
        effects), and for card moves, the action is tried on a copy (the engine's own code decides).

        >>> m = WrgpMatch(lineup=1, start_lp=1000, phase="end")
        >>> len(m.legal_actions()), len(m.action_grammar())
        (81, 109)
        >>> m.legal_actions()[:2]
        [Action('end_turn: {}'), Action('damage: {by: A, to: A, amount: 0}')]
        """
        if self.winner is not None:
            return False        # WRGP-F4: nothing happens after the match ends
        if verb in _BY_CARDS or not self._plain() and verb in _CARD_SENSITIVE:
            return self._tried(verb, value)
        return _ALLOWS[verb](self, value)

    def _allows_phase(self, name: str) -> bool:
        i = PHASE_INDEX[name]
        return not self._skipped(i) and i > self.phase_i     # WRGP-F5; STD-TURN: phases only go forward

    def _allows_end_turn(self, value: object) -> bool:
        return self.turn < MAX_TURN                         # the kit's limit on turns

    def _allowed_kind(self, by: str, kind: str) -> bool:
        """:meth:`_timing`'s answer, without refusing: WRGP-H2 in a run-on, else STD-TIMING."""
        if self.handover:
            return T.HANDOVER_ALLOWED[kind]
        if kind == "attack":
            return by == self.player and self.phase_i == BATTLE
        return T.STANDARD_TIMING.get(kind) != "own_main" or (by == self.player and self.phase_i in MAIN_IDX)

    def _allows_attack(self, value: dict[str, Any]) -> bool:
        # STD-TIMING (a direct attack while the opponent controls no monster: none is tracked here).
        return self._allowed_kind(value["by"], "attack")

    def _gains_fit(self, value: dict[str, Any]) -> bool:
        # The kit's limit on LP (MAX_LP): a gain past it is not played.
        return all(self.lp[t] + value["amount"] <= MAX_LP for t in self._targets(value["by"], value["to"]))

    def _allows_pay(self, value: dict[str, Any]) -> bool:
        # STD-LP: a cost is paid in full from the LP one has; an effect takes what there is.
        return value.get("as", "cost") != "cost" or value["amount"] <= self.lp[value["by"]]  # type: ignore[no-any-return]  # amount: an int

    def _allows_speed_world(self, value: dict[str, Any]) -> bool:
        by = value["by"]
        # WRGP-H2, WRGP-SW5: own Main Phase (reading speed-world-is-ignition-spell), the counters there.
        return (self._allowed_kind(by, "speed_world") and by == self.player and self.phase_i in MAIN_IDX
                and self.spc[by] >= value["remove"])

    def _allows_baton_touch(self, team: str) -> bool:
        # WRGP-H9: own Draw Phase before the draw, not the match's first turn, not after a loss, a duelist left.
        return (team == self.player and self.phase_i == DRAW and not self.drawn and self.turn != 1
                and team not in self.handover and self.pos[team] < self.lineup)

    def _allows_act(self, value: dict[str, Any]) -> bool:
        return self._allowed_kind(value["by"], value["action"])

    def _allows_lose(self, team: str) -> bool:
        return team not in self.handover                    # WRGP-H8: a loss is not determined twice

    def _allows_counter_cleaner(self, value: dict[str, Any]) -> bool:
        by = value["by"]
        cost = _cards().card(T.COUNTER_CLEANER).effect["cost"]["pay"]  # type: ignore[union-attr]  # a catalogue card
        # A Normal Spell (Spell Speed 1): own Main Phase, never in a run-on (STD-TIMING, WRGP-H2); its LP cost
        # paid in full (STD-LP).
        return self._allowed_kind(by, "spell_speed_1") and self.lp[by] >= cost

    def _draw(self, lang: str = "en") -> str:
        from ..draw.wrgp import wrgp_svg

        return wrgp_svg(self, lang)

    # ------------------------------------------------------------------ the position as a setup
    # setup(): a field no setup key holds, by the outcome's name for it (state()).
    _SETUP_NAMES = {"once": "once_per_duel", "resembling": "resembles", "hurt": "just_damaged_by_opponent",
                    "pos": "duelist", "phase_i": "phase"}

    def _position(self) -> dict[str, Any]:
        """The position: the fields but the history. ``hurt`` keeps the step of the opponent's last damage to
        a team, which the rules read only as "in the step just played" (STD-TIMING, Gorz's moment): as such."""
        fields = super()._position()
        fields["hurt"] = sorted(t for t, step in self.hurt.items() if step == self.step)
        return fields

    def _setup(self) -> dict[str, Any]:
        """The setup keys for this position (scenario-format ``setup``, with ``at``): the moment, the
        duelists who have left and the cards placed. A finished match or a handover under way names itself."""
        from ..errors import NotExportable

        if self.winner is not None:
            raise NotExportable(["winner"], self.FORMAT)
        if self.handover:
            raise NotExportable(["handover"], self.FORMAT)
        setup: dict[str, Any] = {"lineup": self.lineup, "start_lp": self.start_lp, "first": self.first,
                       "at": {"turn": self.turn, "player": self.player, "phase": self.phase_key,
                              "duelist": dict(self.pos), "lp": dict(self.lp), "spc": dict(self.spc)}}
        if self.at_zero:
            setup["at"]["at_zero"] = sorted(self.at_zero)
        if self.out:
            setup["at"]["out"] = list(self.out)
        cards = []
        for key, c in self.cards.items():
            card: dict[str, Any] = {"by": c.holder[0], "card": key, "zone": c.zone}
            if not c.face_up:
                card["face_up"] = False
            if c.position is not None and c.position != ("attack" if c.face_up else "defense"):
                card["position"] = c.position
            if c.kind is not None:
                card["kind"] = c.kind
            cards.append(card)
        if cards:
            setup["cards"] = cards
        return setup

    def _moment(self) -> str:
        """``turn=3 player=B phase=main1 duelist=... lp=... spc=... out=...`` (and the winner, once there is one)."""
        won = f" winner={self.winner}" if self.winner else ""
        return (f"turn={self.turn} player={self.player} phase={self.phase_key} "
                f"duelist={self.pos} lp={self.lp} spc={self.spc} out={self.out}{won}")

    def state(self) -> dict[str, Any]:
        """The scenario outcome (the JSON object of ``rulings run --json``)."""
        return {
            "format": T.FORMAT,
            "finished": self.winner is not None,
            "winner": self.winner,
            "turn": {"number": self.turn, "player": self.player, "phase": self.phase_key},
            "duelist": dict(self.pos),
            "lp": dict(self.lp),
            "spc": dict(self.spc),
            "handover": list(self.handover),
            "out": list(self.out),
            "rejected": [dict(r) for r in self.rejected],
            "events": None,   # filled in by Match.state: the events with code and args (cached)
            # Additions to the contract's keys:
            "drawn": self.drawn,
            "at_zero": sorted(self._who(t) for t in self.at_zero),
            "once_per_duel": {t: list(v) for t, v in self.once.items()},
            "effects": [card for _, card in self.effects],
            "cards": {name: c.as_dict() for name, c in self.cards.items()},
            "deck_checks": plain_copy(self.deck_checks),
            "resembles": dict(self.resembling),
            # The lasting restrictions on each team now (WRGP-H7).
            "restrictions": [{"team": team, "card": card, "what": f["what"], "who": f["who"], "until": f["until"],
                              **({"declared": declared} if declared is not None else {})}
                             for team, card, f, declared, turn in self.restrictions
                             if f["until"] == "duel" or turn == self.turn],
        }

    # ------------------------------------------------------------------ plumbing
    def _begin(self) -> None:
        self.step += 1
        if self.winner is not None:  # WRGP-F4: nothing happens after the match ends
            raise MatchOver.coded("WRGP-F4", "wrgp.reject.match_over", {"winner": self.winner})

    def _targets(self, by: str, to: str) -> tuple[str, ...]:
        if to == "both":
            return (by, other(by))   # the controller's side first: no order by team letter
        if to == "self":
            return (by,)
        if to == "opponent":
            return (other(by),)
        if to in T.TEAMS:
            return (to,)
        raise ArgumentError("to", Msg("input.arg.wrgp.to"), to)

    def _timing(self, by: str, kind: str) -> str:
        """Is an action of ``kind`` by ``by`` allowed now? Returns the rule that allows it."""
        if self.handover:
            # WRGP-H2: during a handover's automatic advance only what the table allows
            # (attacks: reading no-attack-in-run-on).
            if not T.HANDOVER_ALLOWED[kind]:
                losers = _and(self._who(t) for t in self.handover)
                note = _say("wrgp.note.no_attack_in_run_on") if kind == "attack" else ""
                self._fail("WRGP-H2", "wrgp.reject.not_in_run_on", losers=losers, action=_term(WRGP_ACTION, kind),
                           note=note)
            return "WRGP-H2"
        if kind == "attack":
            # STD-TIMING: attacks only in one's own Battle Phase.
            if by != self.player or self.phase_i != BATTLE:
                self._fail("STD-TIMING", "wrgp.reject.attack_timing", by=by)
            return "STD-TIMING"
        if T.STANDARD_TIMING.get(kind) == "own_main":
            # STD-TIMING: the standard timing, outside a handover.
            if by != self.player or self.phase_i not in MAIN_IDX:
                self._fail("STD-TIMING", "wrgp.reject.main_phase_only", by=by, action=_term(WRGP_ACTION, kind))
        return "STD-TIMING"

    # ------------------------------------------------------------------ LP and losses
    def _hit(self, team: str, amount: int, source: str | dict[str, Any], dealer: str | None = None) -> bool | None:
        """Take ``amount`` damage (LP floor 0) from ``dealer``'s card or monster. Returns None if it was no
        damage (amount 0, or a card's effect prevents it), else whether it met a loss condition: LP from above
        0 to 0, or any damage to a draw survivor at 0."""
        if amount <= 0:
            return None
        if self.relay and self._no_damage(team, source):
            return None
        if dealer is not None and dealer != team:
            self._w("hurt")[team] = self.step
        before = self.lp[team]
        note: dict[str, Any] | str
        if before < amount:     # WRGP-F10: LP never drop below 0
            after, rule, note = 0, "WRGP-F10", _LP_FLOOR
        else:
            after, rule, note = before - amount, "STD-LP", ""
        self._w("lp")[team] = after
        self._log.append(_new_event(Event, (self.step, rule, "wrgp.event.damage_taken", {   # (the _ev, inline)
            "duelist": f"{team}{self.pos[team]}", "amount": amount, "source": source, "before": before,
            "after": after, "note": note})))
        if team in self.handover:
            self._ev("WRGP-H8", "wrgp.event.hit_after_loss", duelist=self._who(team))
            return False
        return self.lp[team] == 0 and (before > 0 or team in self.at_zero)

    def _gain_lp(self, team: str, amount: int, source: str | dict[str, Any]) -> None:
        before = self.lp[team]
        if before + amount > MAX_LP:
            # The kit's limit on LP, the same one `setup.at.lp` takes (every moment play reaches
            # can be given back as a setup); the call changes nothing.
            raise ArgumentError("amount", Msg("input.arg.lp_limit", most=MAX_LP), amount)
        self._w("lp")[team] = before + amount
        self._ev("STD-LP", "wrgp.event.lp_gained", duelist=self._who(team), amount=amount, source=source, before=before, after=self.lp[team])
        if team in self.handover:
            # WRGP-H8: a loss cannot be undone (reading gain-after-loss-does-not-save).
            self._ev("WRGP-H8", "wrgp.event.gain_after_loss", duelist=self._who(team))
        elif team in self.at_zero and self.lp[team] > 0:
            self._w("at_zero").discard(team)

    def _settle(self, hits: list[Hit], chain: bool = False, builders: frozenset[str] = frozenset()) -> None:
        """Decide the losses after one effect outside a chain, or after a whole chain (WRGP-D2, reading
        zero-in-chain-stays-lost). ``hits`` are ``(effect, controller, card, team, met)`` in the order
        they happened; ``effect`` tells one effect (a chain link) from another, ``met`` says whether that
        damage met a loss condition (see :meth:`_hit`); ``builders`` are the teams that activated the
        chain's links (WRGP-D2 is for a chain built by both).

        A duelist who met a loss condition at any link has lost, whatever LP a later-resolving link gives
        back (WRGP-H8); if both did, WRGP-D2 picks the side damaged last (reading chain-last-damaged-loses)
        unless that last damage hit both at once, or one player built the chain: WRGP-D1."""
        reached: dict[str, int] = {}      # team -> index in hits of the last damage that met a loss condition
        for i, (_, _, _, team, met) in enumerate(hits):
            if met:
                reached[team] = i
        cands = [t for t in T.TEAMS if t in reached and t not in self.handover]
        if not cands:
            return
        if len(cands) == 1:
            team = cands[0]
            self._still_lost(team, hits[reached[team]][0], chain)
            self._lose(team, _say("wrgp.why.damage_at_0") if team in self.at_zero else _say("wrgp.why.reached_0"))
            return
        last = hits[-1]                   # the last damage of the effect or the chain (both are candidates)
        hit_by_last = {h[3] for h in hits if h[0] == last[0]}
        survivor_at_0 = bool(self.at_zero & set(cands))
        one_player = chain and len(builders) == 1
        both_by = hits[reached["A"]] if hits[reached["A"]][0] == hits[reached["B"]][0] else None
        note: dict[str, Any] | str
        if one_player and both_by is None:
            # WRGP-D1 (reading one-player-chain-is-d1): WRGP-D2 is for a chain built by both players; a chain
            # whose every link one player activated is a draw caused by that player's cards: that player's
            # duelist is treated as the winner, whichever link brought whom to 0 last.
            survivor = next(iter(builders))
            loser = other(survivor)
            notes = [_say("wrgp.note.reading", id="one-player-chain-is-d1")]
            if survivor_at_0:
                notes.append(_say("wrgp.note.reading", id="draw-again-same-rule"))
            note = _say("wrgp.note.readings", readings=notes)
            self._ev("WRGP-D1", "wrgp.event.both_at_0_in_one_player_chain", team=survivor, survivor=self._who(survivor),
                     loser=self._who(loser), note=note)
        elif one_player or len(hit_by_last) == 2:
            # WRGP-D1: one card effect hit both at once: its controller is treated as the winner. On its own
            # (the rule's own case), as a chain's only link or a link of a chain of one player's links that
            # brought both to 0 (reading one-card-both-is-d1), or as the last damage of a chain built by both
            # players (reading chain-last-damaged-loses); a survivor at 0 hit again together with the other is
            # the same case (reading draw-again-same-rule). Never the team letter.
            _, survivor, card, _, _ = both_by if one_player else last     # type: ignore[misc]  # one_player: both_by is set
            loser = other(survivor)
            notes = [_say("wrgp.note.reading", id="one-card-both-is-d1" if one_player else "chain-last-damaged-loses")] \
                if chain else []
            if survivor_at_0:
                notes.append(_say("wrgp.note.reading", id="draw-again-same-rule"))
            note = _say("wrgp.note.readings", readings=notes) if notes else ""
            code = "wrgp.event.both_at_0_by_one_card" if one_player or not chain else "wrgp.event.chain_last_damage_hit_both"
            self._ev("WRGP-D1", code, card=card, team=survivor, survivor=self._who(survivor), loser=self._who(loser),
                     note=note)
        else:
            # WRGP-D2: both reached 0 in a chain built by both players: the side that took damage last in
            # the reverse-order resolution loses, also when it was already at 0 (an earlier-resolving link
            # had brought both to 0 at once, reading chain-last-damaged-loses). Never the team letter.
            loser = last[3]
            survivor = other(loser)
            why = _say("wrgp.why.damaged_last", duelist=self._who(loser))
            note = "" if last[4] else _say("wrgp.note.reading_paren", id="chain-last-damaged-loses")
            self._ev("WRGP-D2", "wrgp.event.both_at_0_after_chain", why=why, loser=self._who(loser),
                     survivor=self._who(survivor), note=note)
        self._still_lost(loser, hits[reached[loser]][0], chain)
        if self.lp[survivor] == 0:
            # Reading draw-survivor-stays-at-0 (WRGP-D1).
            self._w("at_zero").add(survivor)
            self._ev("WRGP-D1", "wrgp.event.survivor_stays_at_0", survivor=self._who(survivor))
        else:
            # Reading zero-in-chain-stays-lost: the one who is not the loser stays in at the LP they have
            # when the chain is over (a later-resolving link gave them LP back).
            self._ev("WRGP-D2", "wrgp.event.survivor_stays_in", survivor=self._who(survivor), lp=self.lp[survivor])
        self._lose(loser, _say("wrgp.why.reached_0"))

    def _still_lost(self, team: str, link: int, chain: bool) -> None:
        """WRGP-H8 (reading zero-in-chain-stays-lost): a duelist who reached 0 at a chain link and was given
        LP back by a later-resolving link has still lost."""
        if chain and self.lp[team] > 0:
            self._ev("WRGP-H8", "wrgp.event.zero_in_chain_stays_lost", duelist=self._who(team), n=link,
                     lp=self.lp[team])

    def _lose(self, team: str, why: str | dict[str, Any]) -> None:
        """A duelist's loss is determined: counters, then the end of the match or a handover."""
        who = self._who(team)
        self._w("out").append(who)
        self._w("at_zero").discard(team)
        # WRGP-F1: a duelist's loss starts the handover.
        self._ev("WRGP-F1", "wrgp.event.duelist_loses", who=who, why=why)
        # WRGP-SW4: 2 SPC, +2 if a >= b, positions at the moment of the loss (reading).
        a, b = self.pos[team], self.pos[other(team)]
        gain = T.loss_counters(a, b)
        self._add_spc(team, gain, "WRGP-SW4", _say("wrgp.why.lost_at_position", duelist=who, a=a, b=b,
                                                  compare="a >= b" if a >= b else "a < b"))
        if self.pos[team] >= self.lineup:
            # WRGP-F4: the team that defeated every opposing duelist wins (reading match-ends-at-last-loss).
            self.winner = other(team)
            text = Msg("wrgp.event.match_won", team=team, winner=self.winner)
            self.termination = Outcome.of(self.winner, "WRGP-F4", text)
            self._ev("WRGP-F4", "wrgp.event.match_won", team=team, winner=self.winner)
            return
        if self.handover:
            # WRGP-D3: another loss while a handover is in progress counts; both duelists are out.
            self._ev("WRGP-D3", "wrgp.event.loss_during_handover", who=who, duelists=', '.join(self._who(t) for t in self.handover), team=team)
        self._w("handover").append(team)
        self.last_loser = team
        if self.phase_i == BATTLE:
            # WRGP-H3: a loss during battle interrupts the battle.
            self._ev("WRGP-H3", "wrgp.event.battle_interrupted")
        self._ev("WRGP-H1", "wrgp.event.handover_begins", duelist=self._who(team))

    def _add_spc(self, team: str, amount: int, rule: str, why: str | dict[str, Any]) -> None:
        blocker = self._gate_blocker_against(team) if self.cards else None
        if blocker:
            # WRGP-SW8: Gate Blocker's "counters cannot be placed" part applies: no counters at all, neither
            # in the Standby Phase nor for a loss (reading gate-blocker-stops-loss-counters).
            self._ev("WRGP-SW8", "wrgp.event.counters_blocked", team=team, why=why, blocker=blocker)
            return
        before = self.spc[team]
        self._w("spc")[team] = min(T.SPC_MAX, before + amount)  # WRGP-SW3: at most 12 per team
        capped = _MAX_SPC if before + amount > T.SPC_MAX else ""
        self._ev(rule, "wrgp.event.counters_gained", team=team, amount=amount, why=why, before=before, after=self.spc[team], capped=capped)

    def _gate_blocker_against(self, team: str) -> str | None:
        foe = other(team)
        for c in self.cards.values():
            if (_is_card(c.written, "gate-blocker") and c.face_up and c.zone in ("monster", "extra_monster")
                    and c.holder.startswith(foe)):
                found = _cards().card(c.written)
                if found is not None and self._negated(c, found) is not None:
                    # Its effect is negated (Skill Drain): counters can be placed.
                    continue
                return c.holder
        return None

    # ------------------------------------------------------------------ turn structure
    def _enter(self, i: int) -> None:
        self.phase_i = i
        if self.handover:
            self._ev("WRGP-H1", "wrgp.event.run_on_phase_begins", phase=_PHASE_TERMS[i])
            if i == BATTLE:
                # WRGP-H2 (reading no-attack-in-run-on): the Battle Phase starts and ends, no attack is declared.
                self._ev("WRGP-H2", "wrgp.event.run_on_battle_phase")
        else:
            self._log.append(_new_event(Event, (self.step, "STD-TURN", "wrgp.event.phase_begins", {   # (the _ev, inline)
                "duelist": f"{self.player}{self.pos[self.player]}", "phase": _PHASE_TERMS[i]})))
        if i == STANDBY:
            # WRGP-SW3: in every Standby Phase both teams gain 2 SPC (max 12).
            self._standby_counters()
        elif i == END:
            self._end_phase()

    def _leave_draw(self) -> None:
        """The Draw Phase is over: the turn player's normal draw (none on the match's first turn)."""
        if self.turn == 1:
            # WRGP-F5: the match's first turn has no draw (the outcome's `drawn` stays false).
            self._ev("WRGP-F5", "wrgp.event.first_turn_no_draw")
            return
        self.drawn = True
        if self.handover:
            # WRGP-H2 (reading run-on-keeps-mandatory-draw): the normal draw must be carried out,
            # also by a turn player who has lost; no phase is skipped.
            self._ev("WRGP-H2", "wrgp.event.run_on_draw", duelist=self._who(self.player))
        else:
            self._ev(draw_rule(self._log), "wrgp.event.normal_draw", duelist=self._who(self.player))

    def _skipped(self, i: int) -> bool:
        # WRGP-F5: the match's first turn has no Battle Phase (and so no Main Phase 2).
        return self.turn == 1 and i in _FIRST_TURN_SKIPS

    def _advance_to(self, target: int) -> None:
        i = self.phase_i
        if i >= target or self.winner is not None:
            return
        if i == DRAW and not self.drawn:
            if self.turn > 1 and not self.handover:     # (the common case of _leave_draw, inline)
                self.drawn = True
                self._log.append(_new_event(Event, (self.step, draw_rule(self._log), "wrgp.event.normal_draw", {
                    "duelist": f"{self.player}{self.pos[self.player]}"})))
            else:
                self._leave_draw()
        if self.handover:
            self._run_on_to(i, target)
            return
        # Outside a run-on the walk is the table's (_WALKS): each phase's beginning is an event of the
        # same duelist; the Standby Phase's counters and the End Phase's delayed effects are the
        # phases' own work, and only the End Phase (the last) can end the match or start a handover.
        events = self._log
        step = self.step
        duelist = f"{self.player}{self.pos[self.player]}"
        for j in _WALKS[self.turn == 1][i][target]:
            if j < 0:
                # WRGP-F5: the match's first turn has no Battle Phase (and so no Main Phase 2).
                events.append(_new_event(Event, (step, "WRGP-F5", "wrgp.event.battle_phase_skipped", {})))
                continue
            self.phase_i = j
            events.append(_new_event(Event, (step, "STD-TURN", "wrgp.event.phase_begins", {
                "duelist": duelist, "phase": _PHASE_TERMS[j]})))
            if j == STANDBY:
                self._standby_counters()
            elif j == END:
                self._end_phase()

    def _run_on_to(self, i: int, target: int) -> None:
        """The phases of a handover's run-on, one by one (WRGP-H1)."""
        first_turn = self.turn == 1
        while i < target and self.winner is None:
            i += 1
            if first_turn:
                while i in _FIRST_TURN_SKIPS:
                    if i == BATTLE:
                        self._ev("WRGP-F5", "wrgp.event.battle_phase_skipped")
                    i += 1
            self._enter(i)
            i = self.phase_i

    def _standby_counters(self) -> None:
        """WRGP-SW3: in every Standby Phase both teams gain 2 SPC (max 12), team A's first."""
        if self.cards:      # a Gate Blocker may stop either team's (WRGP-SW8): each team as _add_spc does it
            self._add_spc("A", T.STANDBY_SPC, "WRGP-SW3", _STANDBY)
            self._add_spc("B", T.STANDBY_SPC, "WRGP-SW3", _STANDBY)
            return
        spc = self._w("spc")
        events = self._log
        step = self.step
        for team in T.TEAMS:
            before = spc[team]
            after = spc[team] = min(T.SPC_MAX, before + T.STANDBY_SPC)    # WRGP-SW3: at most 12 per team
            events.append(_new_event(Event, (step, "WRGP-SW3", "wrgp.event.counters_gained", {
                "team": team, "amount": T.STANDBY_SPC, "why": _STANDBY, "before": before, "after": after,
                "capped": _MAX_SPC if before + T.STANDBY_SPC > T.SPC_MAX else ""})))   # (_add_spc's event)

    def _end_phase(self) -> None:
        """The End Phase begins: this turn's delayed effects apply (WRGP-H7)."""
        due, self.delayed = self.delayed, []
        for team, card, targets, amount in due:
            # WRGP-H7: effects already activated still apply, also during a handover.
            self._ev("WRGP-H7", "wrgp.event.delayed_effect_applies", card=card, team=team)
            hits = [(0, team, card, t, self._hit(t, amount, card, team)) for t in targets]
            self._settle([h for h in hits if h[4] is not None])  # type: ignore[misc]  # met is not None: a bool
            if self.winner:
                return

    def phase(self, name: str) -> None:
        """Advance this turn phase by phase to the start of ``name``."""
        self._begin()
        i = PHASE_INDEX[name]
        if self._skipped(i):
            # WRGP-F5: the match's first turn has no Battle Phase.
            self._fail("WRGP-F5", "wrgp.reject.first_turn_has_no_phase", phase=_term(WRGP_PHASE, name))
        if i <= self.phase_i:
            # STD-TURN: phases only go forward.
            self._fail("STD-TURN", "wrgp.reject.phase_passed", phase=_term(WRGP_PHASE, self.phase_key))
        self._advance_to(i)

    def end_turn(self) -> None:
        """Finish the turn (remaining phases, End Phase effects), complete handovers, start the next turn."""
        self._begin()
        self._advance_to(END)
        if self.winner:
            return
        handed = self.handover
        if handed:
            for team in handed:
                old = self._who(team)
                self._w("pos")[team] += 1
                self._w("lp")[team] = self.start_lp  # WRGP-F10: a duelist coming in starts with the starting LP
                self._w("at_zero").discard(team)
                new = self._who(team)
                self._ev("WRGP-F1", "wrgp.event.handover_completes", new=new, old=old, lp=self.start_lp)
                self._transfer(old, new)
            self.handover = []
            # WRGP-F2 / WRGP-D3: the duel resumes with the team that handed over (the last loser).
            nxt: str = self.last_loser  # type: ignore[assignment]  # a handover under way: its last loser is set
            self._ev("WRGP-F2", "wrgp.event.duel_resumes", nxt=nxt, duelist=self._who(nxt))
        else:
            nxt = other(self.player)
        if self.turn >= MAX_TURN:
            # The kit's limit on turns, the same one `setup.at.turn` takes; nothing changes.
            raise ArgumentError("end_turn", Msg("input.arg.turn_limit", most=MAX_TURN), self.turn)
        self.turn += 1
        self.player = nxt
        self.phase_i = DRAW
        self.drawn = False
        self.last_loser = None
        if nxt not in self.first_turns:
            self._w("first_turns")[nxt] = self.turn
        if self.attacked:
            self.attacked = []
        self._log.append(_new_event(Event, (self.step, "STD-TURN", "wrgp.event.turn_begins", {   # (the _ev, inline)
            "turn": self.turn, "duelist": f"{nxt}{self.pos[nxt]}", "nxt": nxt})))

    def _transfer(self, old: str, new: str) -> None:
        """Hand the field of ``old`` to ``new`` (WRGP-H4) and carry effects over (WRGP-H7)."""
        kept, left = [], []
        for c in self._w("cards").values():
            if c.holder != old:
                continue
            if c.zone in T.FIELD_ZONES:
                # WRGP-H5: a handed-over card becomes the new duelist's (its Graveyard, face-up Extra Deck).
                c.holder = c.pile = new
                kept.append(c.name)
            else:
                zone = "extra_face_up" if c.zone == "extra" and c.face_up else c.zone    # a face-up Pendulum Monster
                left.append(_say("wrgp.card_in_zone", card=c.name, zone=_term(WRGP_ZONE, zone)))
        # WRGP-H4: field cards are handed over; hand, GY and banished cards are not. (Lists: each card is
        # named in the reader's language, the list joined in it.)
        if kept:
            self._ev("WRGP-H4", "wrgp.event.field_inherited", new=new, cards=kept)
        else:
            self._ev("WRGP-H4", "wrgp.event.empty_field_inherited", new=new)
        if left:
            self._ev("WRGP-H4", "wrgp.event.cards_not_handed_over", old=old, cards=left)
        team = new[0]
        for t, card in self.effects:
            if t == team:
                # WRGP-H7: effects already activated and applied carry over.
                self._ev("WRGP-H7", "wrgp.event.effect_carries_over", card=card, team=team)

    # ------------------------------------------------------------------ verbs: LP
    def attack(self, by: str, damage: int | None = None, to: str = "opponent", with_: str | None = None) -> None:
        """``by``'s monster attacks and deals ``damage`` battle damage, to the opponent (a direct attack)
        or, ``to="self"``, to the attacking duelist (a suicide attack, WRGP-F9). ``with_`` names the
        monster, which must be face-up in Attack Position on ``by``'s duelist's field and not have attacked
        in this turn (STD-TIMING): the damage of a direct attack is then its current ATK (Power Bond's
        doubled Cyber End Dragon deals 8000; of several copies, the one that can attack). The
        damage of a suicide attack is the difference against the monster it attacks, which the verb does
        not name: it must be given (``damage``). A direct attack is refused while the opponent controls a
        monster the match tracks (STD-TIMING)."""
        self._begin()
        if with_ is None and damage is None:
            raise ArgumentError("damage", Msg("input.arg.wrgp.damage_or_with"), None)
        atk = None
        who = self._who(by)
        inst = None
        if with_ is not None:
            inst = self._instance("with", with_, fits=lambda c: self._can_attack(c, who), missing_ok=True)
        if with_ is not None and to == "self":
            if damage is None:
                # The battle damage to the attacker is the difference against the monster it attacks (never
                # its own ATK); the verb does not name that monster, so the kit cannot work it out.
                named_card("with", with_, numbers=False, unknown=True)   # "did you mean", a look-alike name
                raise ArgumentError("damage", Msg("input.arg.wrgp.suicide_damage"), None)
        elif with_ is not None:
            monster, atk, changed, found = monster_atk("with", inst.written if inst is not None else with_, self,
                                                       key=inst.name if inst is not None else None)
            boosted = self._battle_atk(by, with_, atk, found)     # type: ignore[arg-type]  # found: a catalogue card or None
            changed, atk = changed or boosted != atk, boosted
            if damage is not None and damage != atk:
                raise ArgumentError("damage", f"{monster}'s ATK now ({atk})", damage)
            damage = atk
        self._timing(by, "attack")
        if with_ is not None:
            self._may_attack(by, with_)
            key = self._attacker(by, with_, inst)
            self._w("attacked").append(key)
            shown = key if inst.n > 1 else with_  # type: ignore[union-attr]  # a later copy by its key, "NAME #N"
            if atk is not None:
                self._ev("STD-TIMING", "wrgp.event.attack_with_monster", monster=shown, atk=atk,
                         note="" if changed else _say("wrgp.note.printed_atk"))
            else:
                self._ev("STD-TIMING", "wrgp.event.attack_with_monster_given", monster=shown, damage=damage)
        if self._attack_cost(by):     # Toll: paying the attack's cost took its attacker to 0
            return
        foe = other(by)
        if to == "self":
            # WRGP-F9: a deliberate loss by battle (a suicide attack) is allowed and ends like any other loss.
            self._ev("WRGP-F9", "wrgp.event.suicide_attack", duelist=self._who(by))
            target = by
        else:
            blockers = [c.name for c in self.cards.values()
                        if c.zone in MONSTER_ZONES and c.holder == self._who(foe)]
            if blockers:
                # STD-TIMING: a monster attacks directly only while the opponent controls no monster (face-up
                # or face-down); the monsters the match tracks are the opponent's field as far as it is known.
                self._fail("STD-TIMING", "wrgp.reject.direct_attack_blocked", duelist=self._who(foe), cards=blockers)
            self._ev("STD-TIMING", "wrgp.event.direct_attack", duelist=self._who(by))
            target = foe
        met = self._hit(target, damage, _say("wrgp.source.battle"), by)   # type: ignore[arg-type]  # damage is set
        self._settle([(0, by, _say("wrgp.source.battle"), target, met)] if met is not None else [])

    def _can_attack(self, c: Card, who: str) -> bool:
        """Can the copy ``c`` attack for ``who`` now (:meth:`_attacker`'s conditions)?"""
        return (c.zone in MONSTER_ZONES and c.holder == who and c.face_up and c.position != "defense"
                and c.name not in self.attacked)

    def _attacker(self, by: str, name: str, c: Card | None = None) -> str:
        """STD-TIMING: the monster that attacks is a monster of the match, face-up in Attack Position in a
        Monster Zone of ``by``'s duelist, that has not attacked in this Battle Phase (no catalogue card grants
        a second attack). Its key in ``cards`` (``c``: the copy the step named, :meth:`_instance`). (A face-down
        monster is in Defense Position; a face-up one in Attack Position unless ``place`` said defense.)"""
        if c is None:
            raise UnknownCard("with", name)
        key = c.name
        who = self._who(by)
        if c.zone not in MONSTER_ZONES:
            self._fail("STD-TIMING", "wrgp.reject.attacker_not_in_monster_zone", monster=key,
                       zone=_term(WRGP_ZONE, c.zone, c.zone))
        if c.holder != who:
            self._fail("STD-TIMING", "wrgp.reject.attacker_not_controlled", monster=key, who=who, holder=c.holder)
        if not c.face_up:
            self._fail("STD-TIMING", "wrgp.reject.attacker_face_down", monster=key)
        if c.position == "defense":
            self._fail("STD-TIMING", "wrgp.reject.attacker_in_defense", monster=key)
        if key in self.attacked:
            self._fail("STD-TIMING", "wrgp.reject.attacked_already", monster=key)
        return key

    def damage(self, by: str, to: str, amount: int, card: str | None = None) -> None:
        """Effect damage from ``by``'s card, applied at once (outside a chain)."""
        self._begin()
        if card is not None:
            card = self._named("card", card, "damage", {"to": to, "amount": amount}, by)
            if self.restrictions or self.cards:
                # The effect of a catalogue card its user could not activate now (Sekka's Light,
                # Jinzo ...); a card described by hand plays as described.
                self._forbidden_effect(by, card)
        src = card or _TEAM_EFFECT.get(by) or _say("wrgp.source.team_effect", team=by)
        hits = [(0, by, src, t, self._hit(t, amount, src, by)) for t in self._targets(by, to)]
        self._settle([h for h in hits if h[4] is not None])  # type: ignore[misc]  # met is not None: a bool

    def gain(self, by: str, to: str, amount: int, card: str | None = None) -> None:
        self._begin()
        if card is not None:
            card = self._named("card", card, "gain", {"to": to, "amount": amount}, by)
            if self.restrictions or self.cards:
                self._forbidden_effect(by, card)     # (as damage)
        for t in self._targets(by, to):
            self._gain_lp(t, amount, card or _TEAM_EFFECT.get(by) or _say("wrgp.source.team_effect", team=by))

    def gain_loop(self, by: str, to: str, amount: int, times: int, card: str | None = None) -> None:
        """A loop that would gain LP ``times`` times: each player gains once (WRGP-F7)."""
        self._begin()
        card = self._named("card", card, "gain", {"to": to, "amount": amount}, by)
        src = card or _say("wrgp.source.team_loop", team=by)
        for t in self._targets(by, to):
            # WRGP-F7: an LP-gaining loop is resolved once per player (reading lp-loop-once-per-player).
            self._ev("WRGP-F7", "wrgp.event.loop_gains_once", src=src, times=times, duelist=self._who(t))
            self._gain_lp(t, amount, src)

    def pay(self, by: str, amount: int, as_: str = "cost", card: str | None = None) -> None:
        """``by``'s duelist pays ``amount`` LP: as a cost (``as_="cost"``, the default), or because an
        effect makes them pay or lose LP (``as_="effect"``)."""
        self._begin()
        card = self._named("card", card, "cost" if as_ == "cost" else "paid_by_effect",
                           {"amount": amount, "lp": self.lp[by]}, by)
        if as_ == "cost":
            met = self._pay_cost(by, amount, card)
            self._settle([(0, by, card or _say("wrgp.source.a_cost"), by, met)] if met is not None else [])
            return
        who, before = self._who(by), self.lp[by]
        what = _say("wrgp.note.for_card", card=card) if card else ""
        # STD-LP: an effect that makes a player pay or lose LP takes what there is.
        self._w("lp")[by] = max(0, before - amount)
        self._ev("STD-LP", "wrgp.event.lp_paid_by_effect", who=who, amount=amount, what=what, before=before, after=self.lp[by])
        if by in self.handover and amount:
            self._ev("WRGP-H8", "wrgp.event.hit_after_loss", duelist=who)
            return
        met = amount > 0 and self.lp[by] == 0
        if met and by in self.at_zero:
            # Reading no-cost-at-0 / draw-survivor-stays-at-0: only an effect that makes the survivor pay
            # or lose more than 0 LP makes them lose.
            self._ev("WRGP-D1", "wrgp.event.survivor_made_to_pay", who=who, amount=amount)
        self._settle([(0, by, card or _say("wrgp.source.an_effect"), by, met)] if amount else [])

    def _pay_cost(self, by: str, amount: int, card: str | None = None, activation: bool = False) -> bool | None:
        """The one path of an LP cost (STD-LP), whoever pays it: the `pay` step, a card activated by name
        (its catalogue cost, as a chain link) and the `counter_cleaner` step. The cost must be payable in full
        from the LP one has: the survivor at 0 cannot pay more than 0 (reading no-cost-at-0), and a cost of
        0 ("half" of 0 LP) changes nothing. Returns None if nothing was paid, else whether paying it met a
        loss condition (LP from above 0 to 0), for the caller to settle: at once outside a chain, after the
        whole chain inside one (reading zero-in-chain-stays-lost) -- the same outcome either way."""
        who, before = self._who(by), self.lp[by]
        what = _say("wrgp.note.for_card", card=card) if card else ""
        if amount > before:
            # STD-LP: a cost must be payable in full from the LP one has; a survivor at 0 LP cannot pay
            # a cost above 0 (reading no-cost-at-0).
            note = _say("wrgp.note.reading_paren", id="no-cost-at-0") if by in self.at_zero else ""
            if activation:
                self._fail("STD-LP", "wrgp.reject.card_cost_unpayable", duelist=who, before=before, card=card,
                           amount=amount, note=note)
            self._fail("STD-LP", "wrgp.reject.cost_unpayable", who=who, before=before, amount=amount, what=what, note=note)
        if by in self.at_zero:
            # Reading no-cost-at-0: a cost of 0 ("half" of 0 LP) can be paid and changes nothing.
            self._ev("STD-LP", "wrgp.event.cost_paid_at_0", who=who, amount=amount, what=what)
            return None
        if activation and not amount:
            return None
        self._w("lp")[by] = before - amount
        if activation:
            self._ev("STD-LP", "wrgp.event.activation_cost_paid", duelist=who, amount=amount, card=card,
                     before=before, after=self.lp[by])
        else:
            self._ev("STD-LP", "wrgp.event.cost_paid", who=who, amount=amount, what=what, before=before, after=self.lp[by])
        return (self.lp[by] == 0) if amount else None

    def chain(self, links: list[dict[str, Any]]) -> None:
        """Resolve a chain. Each link: ``{"by": T, "card": NAME, "damage"|"gain": {"to": ..., "amount": N}}``
        (``"per_link": N`` instead of ``amount`` deals N x the link's number, like Chain Strike), and
        optionally ``"kind"`` (an action kind, checked for timing). A link may be just ``{"by": T,
        "card": NAME}`` of a card the catalogue knows (``rulings cards``): its effect, cost, Spell Speed
        and timing come from the card. Losses are settled after the whole chain; 0 LP at any link stays a
        loss (WRGP-D2, WRGP-H8)."""
        self._begin()
        self._chain(links)

    def activate(self, by: str, card: str, summon: str | None = None, declare: str | None = None) -> None:
        """``by`` activates a card of the catalogue by name, as a chain of one link: its effect, cost,
        Spell Speed, timing, once-per-Duel and lasting effects come from the card (``rulings cards``).
        Choices the card asks for are keyword arguments (Power Bond's ``summon``).

        >>> m = WrgpMatch(turn=3, phase="main1", lp={"A": 1000, "B": 1000})
        >>> m.activate("A", "破壊指輪")
        >>> m.out, m.at_zero
        (['B1'], {'A'})
        """
        self._begin()
        found = named_card("card", card, numbers=False)
        check_choices(str, found, {"summon": summon, "declare": declare})   # each named as the step's key
        if "special_victory" in found.effect:  # type: ignore[union-attr]  # (numbers=False: an unknown name raises)
            # WRGP-F8: its win condition is a trigger that cannot be chained to (no chain link).
            self._special_victory(by, found.en)  # type: ignore[union-attr]  # (as above)
            return
        link = check_link("card", {"by": by, "card": card, **({"summon": summon} if summon is not None else {}),
                                   **({"declare": declare} if declare is not None else {})}, self, n=1)
        link_targets("card", [link], single=True)   # a negation as chain link 1 answers nothing: refused
        self._chain([link])

    def _chain(self, links: list[dict[str, Any]]) -> None:
        self._ev("STD-TIMING", "wrgp.event.chain_resolves", links=len(links), count=len(links))
        self._check_speeds(links)
        plan = []
        paid: list[Hit] = []        # costs that took a duelist to 0, in the order they were paid
        for n, link in enumerate(links, 1):
            by = link["by"]
            found = link.get("def")
            if found is not None:
                name = found.en
                shown = link.get("shown") or name     # the name as the step wrote it (either language)
                low = found.effect.get("min_link")
                if low and n < low:
                    # STD-TIMING: the card's own condition (Chain Strike: chain link 2 or higher).
                    self._fail("STD-TIMING", "wrgp.reject.min_link", card=name, min=low, n=n)
                if found.effect.get("no_name_twice"):
                    # STD-TIMING: the card's own condition (Chain Strike): not if cards of one name
                    # have activated more than once in this chain (its earlier links, named by card identity; a
                    # link described by hand without a card name counts as a card of its own).
                    names = [card_identity(x["card"]) for x in links[:n - 1] if x.get("card")]
                    twice = next((x for x in links[:n - 1] if x.get("card")
                                  and names.count(card_identity(x["card"])) > 1), None)
                    if twice is not None:
                        self._fail("STD-TIMING", "wrgp.reject.same_name_twice_in_chain", card=shown, n=n,
                                   name=twice.get("shown") or twice["card"],
                                   count=names.count(card_identity(twice["card"])))
                if found.effect.get("when") == "own_standby" and (by != self.player or self.phase_i != STANDBY):
                    # STD-TIMING: the trigger effect's own moment (Sinister Serpent: its controller's Standby Phase).
                    self._fail("STD-TIMING", "wrgp.reject.own_standby_only", card=name, by=by)
                self._check_set(by, found, shown)
                # The restrictions that apply now, the card's own conditions, the clauses of
                # its text the kit does not play (refused when the step relies on one).
                self._check_forbidden(by, found, shown)
                self._check_clauses(n, by, found, shown)
                drained = self._drained(by, found, shown)
                if drained is not None:
                    link = {**link, "drained": drained}
                if "once_per_duel" in found.effect:
                    if self._used_once(by, name):
                        # WRGP-F6: the six-player match is one Duel, so once per Duel is once per team.
                        self._fail("WRGP-F6", "wrgp.reject.once_per_duel_used", by=by, card=name)
                    self._w("once")[by].append(name)
                    self._ev("WRGP-F6", "wrgp.event.once_per_duel_used", duelist=self._who(by), card=name, by=by)
                self._ev("STD-TIMING", "wrgp.event.card_activated", duelist=self._who(by), card=shown,
                         kind=_term(CARD_KIND, found.kind), n=n)
                if found.assumes:
                    self._ev("STD-CARDS", "wrgp.event.effect_assumed", what=dict(found.assumes))
                cost = self._card_cost(by, found)
                if cost is not None and self._pay_cost(by, cost, name, activation=True):
                    # A cost that took the LP to 0 met a loss condition at this link (STD-LP), settled with
                    # the chain's losses, as the `pay` step settles it outside a chain.
                    paid.append((n, by, shown, by, True))
                self._restrict(by, found, shown, link.get("declare"), "activation")
                if "fusion_boost" in found.effect:
                    monster, atk, key = self._fusion_target(found, link["summon"])
                    link = {**link, "fusion": (monster, atk, key)}
            elif self.restrictions or self.cards:
                self._check_forbidden(by, None, link.get("card"))   # a link described by hand
            amount = link["amount"] if link["per_link"] is None else link["per_link"] * n
            targets = self._targets(by, link["to"]) if link["effect"] else ()
            plan.append((n, by, link.get("shown") or link["card"] or _say("wrgp.source.link", n=n), link["effect"],
                         targets, amount, link))
        hits: list[Hit] = list(paid)
        negated: set[int] = set()
        for n, by, card, what, targets, amount, link in reversed(plan):
            if n in negated:
                # STD-CARDS: a negated activation does not resolve: no effect at all (its cost stays paid).
                self._ev("STD-CARDS", "wrgp.event.negated_link_does_not_resolve", n=n, card=card, by=by)
                self._destroy_negated(by, link)
                continue
            if link.get("drained"):
                # STD-CARDS: the effect of a face-up monster on the field is negated while a card like
                # Skill Drain applies: the link resolves without effect.
                self._ev("STD-CARDS", "wrgp.event.negated_on_field", n=n, card=card, source=link["drained"])
                continue
            self._ev("STD-TIMING", "wrgp.event.chain_link_resolves", n=n, card=card, by=by)
            if link.get("negates") is not None:
                # The card's text (Solemn Judgment): it negates the activation of the link it answers.
                target = link["negates"]
                negated.add(target)
                self._ev("STD-CARDS", "wrgp.event.link_negated", card=card, n=target, target=plan[target - 1][2])
            if link.get("def") is None and link["effect"] is not None:
                self._described(link.get("card"))
            for t in targets:
                if what == "damage":
                    met = self._hit(t, amount, card, by)
                    if met is not None:
                        hits.append((n, by, card, t, met))
                else:
                    self._gain_lp(t, amount, card)
            found = link.get("def")
            if found is not None:
                self._resolve_card(by, found, link)
        for step in plan:
            n, by, link = step[0], step[1], step[6]
            found = link.get("def")
            if found is not None and not found.is_monster and (n in negated or found.kind not in _STAYS):
                self._w("spent").append((self._who(by), found.en))   # to its user's Graveyard once resolved
        self._settle(hits, chain=True, builders=frozenset(p[1] for p in plan))

    def _destroy_negated(self, by: str, link: dict[str, Any]) -> None:
        """A negated Spell or Trap card face-up on the field is destroyed (Solemn Judgment's text: "negate
        ... and destroy it"), when the match tracks it there."""
        found = link.get("def")
        if found is None or found.is_monster:
            return
        key = self.card_key(link.get("shown") or "") or self.card_key(found.en)
        c = self.cards.get(key) if key is not None else None
        if c is not None and c.zone in T.FIELD_ZONES and c.face_up and c.holder == self._who(by):
            c = self._w("cards")[key]
            c.destroyed_by, c.destroyed_with = None, "effect"
            self._send(c, "gy", _say("wrgp.why.negated_and_destroyed"))

    def _card_cost(self, by: str, found: CatalogueCard) -> int | None:
        """A catalogue card's LP cost now (``effect.cost``: ``pay`` N, or ``half`` the LP one has), or None."""
        cost: dict[str, int] = found.effect.get("cost") or {}
        if cost.get("half"):
            return self.lp[by] // 2
        return cost.get("pay")

    def _check_set(self, by: str, found: CatalogueCard, shown: str) -> None:
        """STD-TIMING: a Trap (and a Quick-Play Spell in the opponent's turn, which only a Set one can be) is
        activated from its Set, and only from the turn after the one it was Set in. A Set copy of it on
        ``by``'s field (``place`` face-down in the Spell & Trap Zone; its setup's, or one handed over,
        WRGP-H4, counts as Set earlier) is flipped face-up; without one, ``by``'s team needs a turn of its
        own that has ended (on turn 1 nobody has one; the second team none before its first turn ends)."""
        trap = found.kind.endswith("Trap")
        if not trap and not (found.kind == "Quick-Play Spell" and by != self.player):
            return
        kind = _term(CARD_KIND, found.kind)
        who = self._who(by)

        def is_set(c: Card) -> bool:
            return c.holder == who and c.zone == "spell_trap" and not c.face_up

        # Of several Set copies, one Set before this turn: those are alike for the rules.
        c = self._instance("card", shown, fits=lambda c: is_set(c) and not (c.set_turn is not None
                                                                            and c.set_turn >= self.turn),
                           missing_ok=True)
        if c is not None and not is_set(c):     # none Set earlier: a copy Set in this turn, if any (refused)
            c = next((x for x in self._copies(shown) if is_set(x)), c)
        if c is not None and is_set(c):
            key = c.name
            if c.set_turn is not None and c.set_turn >= self.turn:
                self._fail("STD-TIMING", "wrgp.reject.set_this_turn", card=found.en, kind=kind, turn=self.turn)
            c = self._w("cards")[key]
            c.face_up = True
            self._ev("STD-TIMING", "wrgp.event.set_card_flipped", card=key, who=c.holder)
            return
        first = self.first_turns.get(by)
        if first is None or self.turn <= first:
            self._fail("STD-TIMING", "wrgp.reject.not_set_earlier", card=found.en, kind=kind, by=by)

    def _check_speeds(self, links: list[dict[str, Any]]) -> None:
        """STD-TIMING: each link's timing, and the chain rule of Spell Speeds (the one place it is checked)."""
        for n, link in enumerate(links, 1):
            by, speed = link["by"], link["speed"]
            # Trigger effects that trigger at the same moment are built into one chain (standard rules).
            together = link["trigger"] and all(prev["trigger"] for prev in links[:n - 1])
            if n > 1 and not together:
                answered = links[n - 2]["speed"]
                if speed < max(2, answered):
                    # STD-TIMING: a link answering another needs Spell Speed 2 or more, and at least that link's.
                    card = link["card"] or _say("wrgp.source.team_effect", team=by)
                    self._fail("STD-TIMING", "wrgp.reject.chain_speed" if speed >= 2 else "wrgp.reject.spell_speed_1_answers",
                               n=n, card=card, speed=speed, prev=n - 1, prev_speed=answered)
            # STD-TIMING / WRGP-H2: a Spell Speed 1 link opens a chain only in its user's own Main Phase with an
            # open game state, never in a handover's run-on; a link's kind is checked as in `act`.
            self._timing(by, link["kind"] or T.SPEED_KINDS[speed])

    def _fusion_target(self, found: CatalogueCard, summon: str) -> tuple[str, int, str]:
        """The Fusion Monster a fusion_boost card (Power Bond) summons, its original ATK, and the name the
        match tracks it by on the field: a catalogue monster's name in the language the step wrote it
        in (サイバーエンドドラゴン is tracked as サイバー・エンド・ドラゴン), a database's monster by its name there."""
        want = found.effect["fusion_boost"].get("type")
        monster = _cards().card(summon) if isinstance(summon, str) else None
        stats = monster.monster if monster is not None else self.card_db_monster(summon)
        if monster is None and stats is None:
            named_card("summon", summon, numbers=False)
            raise ArgumentError("summon", "a Fusion Monster the kit knows (the catalogue, or --cards / "
                                          "setup.cards_db)", summon)
        label = monster.en if monster is not None else stats["name"]   # type: ignore[index]  # stats, else refused
        if not stats or not stats.get("fusion") or (want and stats.get("type") != want) or stats.get("atk") is None:
            raise ArgumentError("summon", f"a {want} Fusion Monster with a known ATK for {found.en} ({label} "
                                          f"is not one)", summon)
        if monster is None:
            key = stats["name"]
        else:
            key = monster.label("ja") if any(ord(ch) > 0x2FF for ch in summon) else monster.en
        return label, stats["atk"], key

    def _resolve_card(self, by: str, found: CatalogueCard, link: dict[str, Any]) -> None:
        """What a catalogue card does when its chain link resolves, beyond damage and gain."""
        eff, name = found.effect, link.get("shown") or found.en
        if eff.get("none"):
            self._ev("STD-CARDS", "wrgp.event.card_resolves_without_lp", card=name)
        if eff.get("draws"):
            # The card's text: its user draws (an event: the kit does not track hands or Decks).
            self._ev("STD-CARDS", "wrgp.event.cards_drawn", duelist=self._who(by), n=eff["draws"], card=name)
        if "destroys" in eff:
            self._destroy_all(by, found, name, link)
        if "summons" in eff:
            key = self._summon(by, found, name, link.get("summon"))
            if "no_damage" in eff:
                # Relay Soul: its user takes no damage while that monster is face-up (WRGP-H7: on the team).
                self._w("relay").append((by, found.en, key))
        self._restrict(by, found, name, link.get("declare"), "resolution")
        self._stays_on_field(by, found, name)
        if "forbid" in eff and any(f["until"] == "face_up" for f in eff["forbid"]):
            key = self.card_key(name) or self.card_key(found.en)
            if key is not None:
                self._w("declared")[key] = link.get("declare")
        if eff.get("clear_counters"):
            self._clear_counters(by)
        if eff.get("lasting"):
            # WRGP-H7: effects already activated and applied carry over a handover.
            self._w("effects").append((by, found.en))
            self._ev("WRGP-H7", "wrgp.event.lasting_effect_applies", card=name, by=by)
        if "fusion" in link:
            monster, atk, written = link["fusion"]
            # Another copy of a monster already in the match is a card of its own: NAME #N.
            n = self._next_copy(written)
            key = written if n == 1 else f"{written} #{n}"
            # Its ATK gain is this copy's, not every copy's of its name.
            self._w("monsters")[key] = atk * 2
            # The Fusion Monster is on its controller's field (WRGP-H4: handed over with it in a relay). Since
            # the April 2020 rules a Fusion Monster may be summoned to a Main Monster Zone too; the kit puts
            # it in the Extra Monster Zone (either is on the field: the same for every WRGP rule).
            who = self._who(by)
            self._w("cards")[key] = Card(key, who, who, "extra_monster", written=written, n=n)
            # WRGP-H7: the delayed End Phase damage applies also during a handover.
            self._w("delayed").append((by, name, (by,), atk))
            self._ev("WRGP-H7", "wrgp.event.fusion_summoned", card=name, duelist=who, monster=key,
                     atk=atk, boosted=atk * 2)
            self._ev("STD-CARDS", "wrgp.event.card_placed", card=key, who=who, zone=_term(WRGP_ZONE, "extra_monster"))

    def at_end_phase(self, by: str, card: str, to: str, amount: int) -> None:
        """A delayed effect: ``card`` deals ``amount`` damage in this turn's End Phase (Power Bond)."""
        self._begin()
        card = self._named("card", card, "delayed", {"to": to, "amount": amount}, by)
        targets = self._targets(by, to)
        if self.phase_i == END:
            self._fail("STD-TURN", "wrgp.reject.end_phase_begun")
        self._w("delayed").append((by, card, targets, amount))
        names = _and(self._who(t) for t in targets)
        self._ev("WRGP-H7", "wrgp.event.delayed_damage_set", card=card, by=by, amount=amount, names=names)

    def special_victory(self, by: str, card: str) -> None:
        """``by``'s special-victory condition is met: one opposing duelist loses instead (WRGP-F8)."""
        self._begin()
        card = self._named("card", card, "special_victory", {})
        if self.restrictions or self.cards:
            # WRGP-F8 makes it a trigger effect: an activation a restriction in force may forbid.
            self._check_forbidden(by, _cards().card(card), card)
        self._special_victory(by, card)

    def _special_victory(self, by: str, card: str) -> None:
        foe = other(by)
        # WRGP-F8: a trigger effect that cannot be chained to: one opposing duelist's LP become 0.
        self._ev("WRGP-F8", "wrgp.event.special_victory", card=card, duelist=self._who(by), foe=self._who(foe))
        if foe in self.handover:
            self._ev("WRGP-H8", "wrgp.event.special_victory_after_loss", foe=self._who(foe))
            return
        self._w("lp")[foe] = 0
        self._lose(foe, _say("wrgp.why.special_victory", card=card))

    def lose(self, team: str, why: str | dict[str, Any] = "another reason") -> None:
        """``team``'s duelist loses for another reason (deck out, surrender by card play)."""
        self._begin()
        if team in self.handover:
            # WRGP-H8: a loss, once determined, stands; it does not happen twice.
            self._fail("WRGP-H8", "wrgp.reject.already_lost", duelist=self._who(team))
        # WRGP-F9: deliberate losses by card play are allowed.
        if why == "another reason":   # the verb's default, in the catalogue's words
            why = _say("wrgp.why.another_reason")
        self._ev("WRGP-F1" if why == _say("wrgp.why.another_reason") else "WRGP-F9", "wrgp.event.loss_declared",
                 duelist=self._who(team), why=why)
        self._lose(team, why)

    # ------------------------------------------------------------------ verbs: timing
    def act(self, by: str, action: str) -> None:
        """``by`` tries an action of a kind whose legality depends on timing (nothing else changes)."""
        self._begin()
        rule = self._timing(by, action)
        when = _RUN_ON if self.handover else _IN_PHASE[self.phase_i]
        self._ev(rule, "wrgp.event.action_allowed", by=by, action=_term(WRGP_ACTION, action), when=when)

    def once_per_duel(self, by: str, card: str) -> None:
        """``by`` uses a "once per Duel" card; the whole match is one Duel (WRGP-F6)."""
        self._begin()
        card = self._named("card", card, "once_per_duel", {}, by)
        if self.restrictions or self.cards:
            # Its activation under a restriction in force (Sekka's Light, Sales Ban's declared name, Jinzo ...):
            # refused as an activation is, or refused when the kit cannot tell whether it is forbidden.
            self._check_forbidden(by, _cards().card(card), card)
        if self._used_once(by, card):
            # WRGP-F6: the six-player match is one Duel, so once per Duel is once per team.
            self._fail("WRGP-F6", "wrgp.reject.once_per_duel_used", by=by, card=card)
        self._w("once")[by].append(card)
        self._ev("WRGP-F6", "wrgp.event.once_per_duel_used", duelist=self._who(by), card=card, by=by)

    def baton_touch(self, team: str) -> None:
        """``team``'s duelist swaps out voluntarily (WRGP-H9)."""
        self._begin()
        # WRGP-H9: only in one's own Draw Phase before the draw, not on the match's first turn, not a loss.
        if team != self.player or self.phase_i != DRAW or self.drawn:
            self._fail("WRGP-H9", "wrgp.reject.baton_touch_timing")
        if self.turn == 1:
            self._fail("WRGP-H9", "wrgp.reject.baton_touch_first_turn")
        if team in self.handover:
            self._fail("WRGP-H9", "wrgp.reject.baton_touch_after_loss", duelist=self._who(team))
        if self.pos[team] >= self.lineup:
            self._fail("WRGP-H9", "wrgp.reject.no_duelist_left", team=team)
        old = self._who(team)
        self._w("out").append(old)
        self._w("pos")[team] += 1
        self._w("lp")[team] = self.start_lp  # WRGP-F10 reading: the incoming duelist starts with the starting LP
        self._w("at_zero").discard(team)
        new = self._who(team)
        self._ev("WRGP-H9", "wrgp.event.baton_touch", new=new, old=old)
        self._transfer(old, new)

    # ------------------------------------------------------------------ verbs: Speed World
    def speed_world(self, by: str, remove: int, destroy: list[str] | None = None) -> None:
        """``by``'s team removes ``remove`` SPC (4, 7 or 10) for a Speed World effect (WRGP-SW5)."""
        self._begin()
        self._timing(by, "speed_world")
        if by != self.player or self.phase_i not in MAIN_IDX:
            # WRGP-SW5 (reading speed-world-is-ignition-spell): own Main Phase only.
            self._fail("WRGP-SW5", "wrgp.reject.speed_world_timing", by=by)
        if self.spc[by] < remove:
            # WRGP-SW5: the counters must be there to remove.
            self._fail("WRGP-SW5", "wrgp.reject.not_enough_counters", by=by, after=self.spc[by], remove=remove)
        eff = T.SPEED_WORLD_EFFECTS[remove]
        a, b = self.pos[by], self.pos[other(by)]
        size = T.speed_world_size(remove, a, b)
        victims: list[Card] = []
        if eff.kind == "destroy":
            for name in destroy or []:
                if is_speed_world(name):
                    # WRGP-SW1: Speed World never leaves the field and is unaffected by card effects.
                    self._fail("WRGP-SW1", "wrgp.reject.speed_world_unaffected")
                # Of several copies, one on the field and not named already.
                card = self._instance("destroy", name, fits=lambda c: c.zone in T.FIELD_ZONES and c not in victims)
                if card.zone not in T.FIELD_ZONES or card in victims:
                    self._fail("STD-CARDS", "wrgp.reject.not_on_field", card=card.name)
                self._affected(card)    # a Spell Card's effect (WRGP-SW7) on a card unaffected by it
                victims.append(card)
            if len(victims) > size:
                self._fail("WRGP-SW5", "wrgp.reject.too_many_to_destroy", x=T.speed_world_x(a, b), size=size)
        who = self._who(by)
        before = self.spc[by]
        self._w("spc")[by] -= remove
        self._ev("WRGP-SW5", "wrgp.event.counters_removed", by=by, remove=remove, before=before, after=self.spc[by], a=a, b=b, x=T.speed_world_x(a, b))
        # WRGP-SW7: the effect is a Spell Card effect of the duelist who removed the counters.
        self._ev("WRGP-SW7", "wrgp.event.speed_world_is_spell_effect", who=who)
        if eff.kind == "damage":
            why = _say("wrgp.why.sw_behind") if a < b else _say("wrgp.why.sw_damage", x=T.speed_world_x(a, b))
            self._ev("WRGP-SW5", "wrgp.event.speed_world_damage", size=size, why=why)
            foe = other(by)
            met = self._hit(foe, size, _say("wrgp.source.speed_world"), by)
            self._settle([(0, by, _say("wrgp.source.speed_world"), foe, met)] if met is not None else [])
        elif eff.kind == "draw":
            self._ev("WRGP-SW5", "wrgp.event.speed_world_draw", who=who, size=size)
        else:
            self._ev("WRGP-SW5", "wrgp.event.speed_world_destroy", who=who, size=size)
            for card in victims:
                card = self._w("cards")[card.name]
                card.destroyed_by, card.destroyed_with = who, "spell"
                self._send(card, "gy", _say("wrgp.why.destroyed_by_spell", duelist=who))

    def target_speed_world(self, by: str, card: str, scope: str) -> None:
        """Can ``card`` (of ``by``), which targets or counts within ``scope``, reach Speed World? (WRGP-SW6)"""
        self._begin()
        card = self._named("card", card, "scope", {"scope": scope}, by)
        why: str | dict[str, Any]
        ok, why = T.SPEED_WORLD_SCOPES[scope]
        why = _term(WRGP_SCOPE, scope, why)
        # WRGP-SW6: Speed World is in a separate place, in neither player's field.
        if not ok:
            self._fail("WRGP-SW6", "wrgp.reject.speed_world_out_of_reach", card=card, why=why)
        self._ev("WRGP-SW6", "wrgp.event.speed_world_in_reach", card=card, why=why)

    def counter_cleaner(self, by: str) -> None:
        """Counter Cleaner on Speed World: its counters are removed (WRGP-SW8). It is a Normal Spell, Spell
        Speed 1: only in its user's own Main Phase with an open game state (STD-TIMING), never in a
        handover's run-on (WRGP-H2)."""
        # Played as the card it is: a one-link chain of Counter Cleaner, its 500 LP cost paid on
        # the one cost path (refused for the survivor at 0, reading no-cost-at-0), its timing checked.
        self.activate(by, T.COUNTER_CLEANER)

    def _clear_counters(self, by: str) -> None:
        before = dict(self.spc)
        spc = self._w("spc")
        for t in T.TEAMS:
            spc[t] = 0
        # WRGP-SW8 and the card's text: every counter on the field is removed (both teams').
        self._ev("WRGP-SW8", "wrgp.event.counters_cleared", by=by, before=before[by], foe_team=other(by), foe_before=before[other(by)])

    def record_deck_check(self, team: str, legal: bool, violations: list[dict[str, Any]]) -> None:
        """Record the verdict of a WRGP-S2 team deck check (computed by :mod:`rulings_lib.decks`)."""
        self._begin()
        self._w("deck_checks")[team] = {"legal": legal, "violations": list(violations)}
        if legal:
            self._ev("WRGP-S2", "wrgp.event.team_decks_legal", team=team)
        for v in violations:
            if v["kind"] == "deck-size":
                self._ev("WRGP-S2", "wrgp.event.deck_check_size", team=team, deck=v["deck"], count=v["count"],
                         section=_term(DECK_SECTION, v["section"]))
            else:
                # One code; "1 copy" or "3 copies" is the catalogue's choice, by the count (rulings_lib.i18n).
                self._ev("WRGP-S2", "wrgp.event.deck_check_copies", team=team, count=v["count"],
                         card=v.get("name") or v["card"], limit=v["limit"])

    # ------------------------------------------------------------------ verbs: cards and zones
    def _used_once(self, by: str, card: str) -> bool:
        """Has ``by``'s team used the "once per Duel" card ``card`` (any spelling of it)?"""
        ident = card_identity(card)
        return any(card_identity(used) == ident for used in self.once[by])

    def place(self, by: str, card: str, zone: str, face_up: bool = True, position: str | None = None,
              kind: str | None = None) -> None:
        """Put a card of ``by``'s current duelist in ``zone`` (to set up a moment of play). Another copy of a
        card already in the match is a card of its own, ``NAME #N``; ``position`` is a monster's
        battle position (face-down: Defense Position), ``kind`` the kind of a card the kit does not know
        (the catalogue's kinds; a catalogue card's own kind is its)."""
        self._begin()
        who = self._who(by)
        base, asked = copy_of(card)
        n = self._next_copy(base)
        if asked is not None and asked != n:
            raise ArgumentError("card", Msg("input.arg.wrgp.next_copy", card=_named_in(base), n=n), card)
        if position is not None:
            if zone not in MONSTER_ZONES:
                raise ArgumentError("position", Msg("input.arg.wrgp.position_zone"), position)
            if position == "attack" and not face_up:
                # A face-down monster is in Defense Position.
                raise ArgumentError("position", Msg("input.arg.wrgp.face_down_defense"), position)
        if kind is not None:
            known = self._known_kind(base)
            if known is not None and known != kind:
                raise ArgumentError("kind", Msg("input.arg.wrgp.kind_is", card=_named_in(base),
                                                kind=_term(CARD_KIND, known)), kind)
        key = base if n == 1 else f"{base} #{n}"
        if zone == "field":
            for c in self.cards.values():
                if c.zone == "field" and c.holder == who:
                    self._send(c, "gy", _say("wrgp.why.replaced_field_spell"))
        self._w("cards")[key] = Card(key, who, who, zone, face_up, written=base, n=n, kind=kind, position=position,
                                     set_turn=self.turn if zone == "spell_trap" and not face_up else None)
        card = key
        self._ev("STD-CARDS", "wrgp.event.card_placed", card=card, who=who, zone=_term(WRGP_ZONE, zone, zone.replace("_", " ")))
        if zone == "field":
            # WRGP-SW2: Speed World stays applied when another Field Spell is activated.
            self._ev("WRGP-SW2", "wrgp.event.field_spell_placed", card=card, who=who)
        if _is_card(base, "gate-blocker") and zone in ("monster", "extra_monster") and face_up:
            # WRGP-SW8: only Gate Blocker's "counters cannot be placed" part applies to Speed World.
            self._ev("WRGP-SW8", "wrgp.event.gate_blocker_placed", foe_team=other(by))

    def placed_before_start(self) -> None:
        """The cards placed so far were placed by the setup: a Set one counts as Set before the scenario's
        first moment (a match given mid-duel, or a card a handover brought, WRGP-H4)."""
        for key, c in self.cards.items():
            if c.set_turn is not None:
                self._w("cards")[key].set_turn = 0

    def _known_kind(self, name: object) -> str | None:
        """The kind of a catalogue card (its entry's ``kind``), or None."""
        found = _cards().card(name) if isinstance(name, str) else None
        return found.kind if found is not None else None

    def _deck_kind(self, c: Card) -> tuple[bool | None, bool | None]:
        """(Is ``c`` a Pendulum Monster?, is it an Extra Deck monster -- Fusion, Synchro, Xyz, Link?), None for
        what the kit does not know: from the kind a step gave, the catalogue's kind, a user's card database
        (its card type), else where the card is (a card in a Spell & Trap Zone or the Field Zone is a Spell
        or Trap; one in a Pendulum Zone a Pendulum Monster; one in the hand or the Deck is no Extra Deck card)."""
        kind = c.kind or self._known_kind(c.written)
        if kind is not None:
            return kind == "Pendulum Monster", kind in EXTRA_DECK_KINDS
        db = self.card_db_monster(c.written)
        if db is not None and "pendulum" in db:
            return db["pendulum"], db["extra"]
        if c.zone in ("spell_trap", "field"):
            return False, False
        return (True if c.zone == "pendulum" else None), (False if c.zone in ("hand", "deck") else None)

    def _where_it_goes(self, c: Card, dest: str) -> tuple[str, dict[str, Any] | str]:
        """Where a card sent to ``dest`` goes by its kind, and the note that says why: a Pendulum
        Monster sent from the field to the Graveyard goes face-up to the Extra Deck (its owner's, or after a
        handover the new duelist's, WRGP-H5); a Fusion, Synchro, Xyz or Link Monster returned to the hand or
        the Deck goes face-down to its original owner's Extra Deck (STD-CARDS, WRGP-H6). A card whose kind
        the kit does not know, where its kind decides, is refused naming it (no guess); a move only a card
        of another kind can make (a Main Deck monster face-down to the Extra Deck) is refused (STD-CARDS)."""
        pendulum, extra = self._deck_kind(c)
        if dest == "gy" and c.zone in T.FIELD_ZONES:
            if pendulum is None:
                raise ArgumentError("card", Msg("input.arg.wrgp.kind_unknown", card=_named_in(c.name), zone=_term(WRGP_ZONE, "gy"),
                                                instead=_term(WRGP_ZONE, "extra_face_up"),
                                                kinds=_term(CARD_KIND, "Pendulum Monster")), c.name)
            if pendulum:
                return "extra_face_up", _say("wrgp.note.pendulum_to_extra")
        elif dest in ("hand", "deck"):
            if extra is None:
                raise ArgumentError("card", Msg("input.arg.wrgp.kind_unknown", card=_named_in(c.name), zone=_term(WRGP_ZONE, dest),
                                                instead=_term(WRGP_ZONE, "extra"), kinds=_say("wrgp.extra_deck_kinds")),
                                    c.name)
            if extra:
                return "extra", _say("wrgp.note.extra_deck_monster", dest=_term(WRGP_ZONE, dest))
        elif dest == "extra" and extra is False:
            # STD-CARDS: only a Fusion, Synchro, Xyz or Link Monster is kept face-down in the Extra Deck.
            self._fail("STD-CARDS", "wrgp.reject.not_extra_deck_monster", card=c.name)
        elif dest == "extra_face_up" and pendulum is False:
            # STD-CARDS: only a Pendulum Monster goes face-up to the Extra Deck.
            self._fail("STD-CARDS", "wrgp.reject.not_pendulum", card=c.name)
        return dest, ""

    def _send(self, card: Card, dest: str, why: str | dict[str, Any]) -> None:
        """Move a card, sending it to the right player's zone (WRGP-H5/H6), where its kind sends it."""
        card = self._w("cards")[card.name]      # the transaction's own copy of it
        self._leaving(card, dest)
        was_on_field = card.zone in T.FIELD_ZONES
        dest, kind_note = self._where_it_goes(card, dest)
        if dest in T.DESTINATIONS_TO_HOLDER:
            zone = T.DESTINATIONS_TO_HOLDER[dest]
            # STD-CARDS: to its owner's pile, whoever controls it; WRGP-H5: a card handed over in a relay
            # has become the new duelist's, so it goes to that duelist's GY / face-up Extra Deck / banishment.
            to = card.pile
            rule = "WRGP-H5" if card.pile != card.owner else "STD-CARDS"
            card.face_up = True
        else:
            zone = T.DESTINATIONS_TO_OWNER[dest]
            to = card.owner
            # WRGP-H6: to the hand, the Deck or face-down to the Extra Deck: back to the original owner.
            rule = "WRGP-H6" if card.holder != card.owner else "STD-CARDS"
            card.face_up = dest != "extra"
        moved_from = card.holder
        card.holder, card.zone = to, zone
        card.set_turn = None
        card.position = None
        if self.monsters and zone not in T.FIELD_ZONES and card.name in self.monsters:
            # STD-CARDS: a monster that leaves the field loses the ATK changes it had (Power Bond's doubling):
            # this copy's, not every copy of its name.
            del self._w("monsters")[card.name]
        note = _say("wrgp.note.original_owner", card=card.name, owner=card.owner) if rule != "STD-CARDS" else ""
        if rule == "STD-CARDS" and moved_from != to and zone in T.DESTINATIONS_TO_HOLDER.values():
            # STD-CARDS: a card whose control was taken goes back to its owner's pile, not its controller's.
            note = _say("wrgp.note.owners_pile", controller=moved_from, owner=to)
        if rule == "WRGP-H6" and not _took_over_from(moved_from, card.owner):
            # Reading owner-is-who-brought-it: the original owner is the duelist from whose deck the card
            # started, also after several handovers and for a card whose control was taken.
            note = _say("wrgp.note.owner_brought_it", card=card.name, owner=card.owner)
        if kind_note:
            note = _say("wrgp.note.pair", a=kind_note, b=note) if note else kind_note
        self._ev(rule, "wrgp.event.card_moved", card=card.name, to=to, dest=_term(WRGP_ZONE, dest, dest.replace("_", " ")), why=why, note=note)
        if was_on_field and self.relay:
            self._left_field(card)      # Relay Soul's monster left the field (WRGP-F8)

    def move(self, card: str, to: str, by: str | None = None) -> None:
        """Send a card to ``gy``, ``banished``, ``extra_face_up`` (the holder's) or ``hand``, ``deck``,
        ``extra`` (face-down; the original owner's); where its kind sends it. Of several
        copies, the one not already there (:meth:`_instance`)."""
        self._begin()
        zone = {**T.DESTINATIONS_TO_HOLDER, **T.DESTINATIONS_TO_OWNER}[to]
        c = self._instance("card", card, fits=lambda c: c.zone != zone)
        self._send(c, to, _say("wrgp.why.moved_by", team=by) if by else _say("wrgp.why.moved"))

    def destroy(self, by: str, card: str) -> None:
        """``by`` destroys a card on the field (Speed World cannot be, WRGP-SW1); of several copies, one on the
        field (:meth:`_instance`)."""
        self._begin()
        if is_speed_world(card):
            # WRGP-SW1: Speed World never leaves the field and is unaffected by card effects.
            self._fail("WRGP-SW1", "wrgp.reject.speed_world_not_destroyed")
        c = self._instance("card", card, fits=lambda c: c.zone in T.FIELD_ZONES)
        if c.zone not in T.FIELD_ZONES:
            self._fail("STD-CARDS", "wrgp.reject.not_on_field", card=c.name)
        self._affected(c)       # a card unaffected by other cards' effects (a clause not played)
        c = self._w("cards")[c.name]
        c.destroyed_by, c.destroyed_with = self._who(by), "effect"
        self._send(c, "gy", _say("wrgp.why.destroyed_by", duelist=self._who(by)))

    def continuing(self, by: str, card: str, declare: str | None = None) -> None:
        """``by``'s card applies a lasting effect or restriction (it carries over, WRGP-H7): a catalogue card's
        restrictions bind the team from now on (``declare``: the card name it declared), and Relay Soul's
        no-damage clause applies (its monster unnamed: damage to the team is refused, the kit cannot tell)."""
        self._begin()
        found = named_card("card", card, numbers=False, unknown=True)
        check_choices(str, found, {"declare": declare})
        card = self._named("card", card, "lasting", {}, by)
        self._w("effects").append((by, card))
        self._ev("WRGP-H7", "wrgp.event.continuing_effect_applies", card=card, by=by)
        if found is not None:
            self._restrict(by, found, card, declare, "activation")
            self._restrict(by, found, card, declare, "resolution")
            if "no_damage" in found.effect:
                self._w("relay").append((by, found.en, None))

    def take_control(self, by: str, card: str) -> None:
        """``by``'s current duelist takes control of a card on the field; its original owner stays the
        duelist who brought it (reading owner-is-who-brought-it, WRGP-H6)."""
        self._begin()
        who = self._who(by)
        c = self._instance("card", card, fits=lambda c: c.zone in T.FIELD_ZONES and c.holder != who)
        if c.zone not in T.FIELD_ZONES:
            self._fail("STD-CARDS", "wrgp.reject.not_on_field", card=c.name)
        if c.holder == who:
            self._fail("STD-CARDS", "wrgp.reject.already_in_control", who=who, card=c.name)
        c = self._w("cards")[c.name]
        before, c.holder = c.holder, who
        self._ev("STD-CARDS", "wrgp.event.control_taken", who=who, card=c.name, before=before, owner=c.owner)


    # ------------------------------------------------------------------ lasting and continuous clauses
    # A card's text is data the engine plays per clause (rulings_lib/cards/wrgp.yaml's header): its restrictions
    # (`forbid`) while they apply, the negations of face-up cards (`negates_on_field`), Relay Soul's monster
    # (`no_damage`, `lose_when_leaves`), Toll's attack cost, Field Spells' ATK boosts; a clause it does not play
    # (`unplayed`) refuses the step that relies on it, naming the card, the clause and why.
    def _live_on_field(self, key: str) -> list[Live]:
        """The face-up cards on the field (tracked in this match) whose catalogue effect has ``key``, each in
        the zone its effect applies from (a monster's in a Monster Zone, a Field Spell's in a Field Zone, a
        Continuous/Equip card's in the Spell & Trap Zone): [(card, catalogue card)]."""
        out: list[Live] = []
        for c in self.cards.values():
            if not c.face_up or c.zone not in T.FIELD_ZONES:
                continue
            found = _cards().card(c.written)
            if found is None or key not in found.effect:
                continue
            zone = ("monster", "extra_monster") if found.is_monster else \
                ("field",) if found.kind == "Field Spell" else ("spell_trap",)
            if c.zone in zone:
                out.append((c, found))
        return out

    def _negations(self) -> tuple[list[Live], list[Live]]:
        """The face-up cards that negate Traps on the field (Jinzo) and face-up monsters' effects (Skill
        Drain), each not itself negated. Both face-up at once: which negates the other depends on which
        applied first, which the kit does not track: refused (ArgumentError) when a step relies on it."""
        traps = [x for x in self._live_on_field("negates_on_field") if x[1].effect["negates_on_field"] == "trap"]
        monsters = [x for x in self._live_on_field("negates_on_field") if x[1].effect["negates_on_field"] == "monster"]
        if traps and monsters:
            raise ArgumentError("card", Msg("input.arg.wrgp.negations_loop", a=traps[0][0].name,
                                            b=monsters[0][0].name), traps[0][0].name)
        return traps, monsters

    def _negated(self, c: Card, found: CatalogueCard) -> str | None:
        """The card that negates the effect of ``c`` (face-up on the field) now, or None."""
        if found.is_monster or found.kind.endswith("Trap") or found.kind == "Field Spell":
            traps, monsters = self._negations()
            if found.is_monster and monsters:
                return monsters[0][0].name
            if found.kind.endswith("Trap") and traps:
                return traps[0][0].name
            if found.kind == "Field Spell":
                for g, gf in self._live_on_field("negates_on_field"):
                    if gf.effect["negates_on_field"] == "opponent_field_spell" and g.holder[0] != c.holder[0] \
                            and self._negated(g, gf) is None:
                        return g.name
        return None

    def _applying(self, key: str) -> list[Live]:
        """The face-up cards whose continuous ``key`` clause applies now (not negated)."""
        return [(c, f) for c, f in self._live_on_field(key) if self._negated(c, f) is None]

    def _restrictions_now(self) -> list[Restriction]:
        """Every restriction on activations that applies now: (source card, team it binds, forbid entry,
        declared name, rule) -- those on a team (until the end of the Duel or of this turn, WRGP-H7) and
        those of face-up cards (while they stay, STD-CARDS)."""
        out: list[Restriction] = []
        for team, card, f, declared, turn in self.restrictions:
            if f["until"] == "duel" or turn == self.turn:
                out.extend((card, t, f, declared, "WRGP-H7", None) for t in self._bound(team, f["who"]))
        if self.cards:
            # (Whether a face-up card's effect is negated is asked only when the restriction would apply.)
            for c, found in self._live_on_field("forbid"):
                for f in found.effect["forbid"]:
                    out.extend((c.name, t, f, self.declared.get(c.name), "STD-CARDS", (c, found))
                               for t in self._bound(c.holder[0], f["who"]))
        return out

    @staticmethod
    def _bound(team: str, who: str) -> tuple[str, ...]:
        return (team,) if who == "self" else (other(team),) if who == "opponent" else tuple(T.TEAMS)

    def _check_forbidden(self, by: str, found: CatalogueCard | None, shown: str | None) -> None:
        """Refuse an activation a restriction forbids (the restriction's card and rule cited), and one the kit
        cannot tell apart under a restriction (a link described by hand, a declaration not given)."""
        for source, team, f, declared, rule, face_up in self._restrictions_now():
            if team != by:
                continue
            what = f["what"]
            if what == "declared":
                if declared is None:
                    raise ArgumentError("declare", Msg("input.arg.wrgp.declared_unknown", source=source, team=team),
                                        None)
                if not shown:
                    raise ArgumentError("card", Msg("input.arg.wrgp.restriction_unknown", source=source, team=team,
                                                    what=_say("wrgp.what.declared", name=declared)), shown)
                hit = card_identity(shown) == card_identity(declared) or (
                    found is not None and card_identity(found.en) == card_identity(declared))
            else:
                if found is None:
                    raise ArgumentError("card", Msg("input.arg.wrgp.restriction_unknown", source=source, team=team,
                                                    what=_said(_WHAT[what])), shown)
                hit = (not found.is_monster) if what == "spell_trap" else found.kind.endswith("Trap")
                if f.get("except_own") and card_identity(found.en) == card_identity(source):
                    hit = False
            if hit and (face_up is None or self._negated(*face_up) is None):
                self._fail(rule, "wrgp.reject.forbidden", card=shown or found.en,  # type: ignore[union-attr]  # shown or found, else refused above
                           by=by, source=source,
                           what=self._what(f, declared, source), until=_said(_UNTIL[f["until"]]))

    @staticmethod
    def _what(f: dict[str, Any], declared: str | None, source: str) -> dict[str, Any]:
        """What a restriction forbids, as data: "Spell or Trap effects but Sekka's Light's", "cards named X"."""
        if f["what"] == "declared":
            return _say("wrgp.what.declared", name=declared)
        if f.get("except_own"):
            return _say("wrgp.what.spell_trap_but", card=source)
        return _said(_WHAT[f["what"]])

    def _forbidden_effect(self, by: str, card: str) -> None:
        """A catalogue card's effect given by hand (``damage``, ``gain`` naming it) is refused where a
        restriction forbids its activation."""
        found = named_card("card", card, numbers=True)
        if found is not None:
            self._check_forbidden(by, found, card)

    def _restrict(self, by: str, found: CatalogueCard, name: str, declared: str | None, start: str) -> None:
        """Its restrictions that bind a team (until the end of the Duel or of this turn), from its activation
        or its resolution (``start``), recorded: they carry over a handover (WRGP-H7)."""
        for f in found.effect.get("forbid", ()):
            if f["until"] == "face_up" or f.get("from", "resolution") != start:
                continue
            # (A declaration not given, by `continuing`: the activations it would forbid are refused, the kit
            # cannot tell them, _check_forbidden.)
            self._w("restrictions").append((by, found.en, f, declared, self.turn))
            what = self._what(f, declared, found.en)
            for t in self._bound(by, f["who"]):
                self._ev("WRGP-H7", "wrgp.event.restriction_applies", card=name, team=t, what=what,
                         until=_said(_UNTIL[f["until"]]),
                         note=_said("wrgp.note.carries_over") if f["until"] == "duel" else "")

    def _check_clauses(self, n: int, by: str, found: CatalogueCard, shown: str) -> None:
        """A catalogue card's conditions and the clauses it does not play, at its activation (chain link ``n``)."""
        # (A clause every activation relies on is refused with the link, verbs._link_card.)
        names = {"en": found.en, "ja": f"「{found.label('ja')}」"}
        for u in found.unplayed_for("tracked"):
            hit = self._in_scope(u["scope"], by, found, shown)
            if hit:
                raise ArgumentError("card", Msg("input.arg.wrgp.clause_not_played_tracked", card=names,
                                                clause=u["clause"], why=u["why"], cards=hit), shown)
            if not found.assumes:       # (a card whose `assumes` names it says so already: effect_assumed)
                self._ev("STD-CARDS", "wrgp.event.clause_not_played", card=shown, clause=u["clause"])
        if found.effect.get("once_per_turn"):
            if (by, found.id, self.turn) in self.turn_used:
                # STD-TIMING: "a card of this name can only be activated once per turn".
                self._fail("STD-TIMING", "wrgp.reject.once_per_turn", card=shown, by=by)
            self._w("turn_used").append((by, found.id, self.turn))
        when = found.effect.get("when")
        who = self._who(by)
        if when == "damaged_no_cards":
            mine = [c.name for c in self.cards.values() if c.holder == who and c.zone in T.FIELD_ZONES]
            if self.hurt.get(by) != self.step - 1 or mine:
                # STD-TIMING: the trigger's own moment (Gorz): right after its controller took damage from the
                # opponent while controlling no card on the field.
                self._fail("STD-TIMING", "wrgp.reject.not_its_moment_damaged", card=shown, by=by,
                           cards=_say("wrgp.note.controls_cards", cards=mine) if mine else "")
        elif when == "no_spell_trap_in_gy":
            # Its Graveyard as the match knows it: the cards placed there, and the Spells and Traps this duelist
            # activated in the match that went there once resolved (or negated).
            there = [c.written for c in self.cards.values() if c.holder == who and c.zone == "gy"]
            there += [card for d, card in self.spent if d == who and card not in there]
            kinds = {name: _cards().card(name) for name in there}
            unknown = [name for name, k in kinds.items() if k is None]
            if unknown:
                raise ArgumentError("card", Msg("input.arg.wrgp.gy_card_unknown", card=names, cards=unknown), shown)
            spells = [name for name, k in kinds.items() if not k.is_monster]  # type: ignore[union-attr]  # each known
            if spells:
                # STD-TIMING: the card's own condition (Sekka's Light): no Spell or Trap in its user's Graveyard.
                self._fail("STD-TIMING", "wrgp.reject.spell_trap_in_gy", card=shown, duelist=who, cards=spells)

    def _in_scope(self, scope: str, by: str, found: CatalogueCard, shown: str) -> list[str]:
        """The tracked cards an unplayed ``tracked`` clause would act on (its ``scope``)."""
        who = self._who(by)
        out = []
        for c in self.cards.values():
            f = _cards().card(c.written)
            on_field = c.zone in T.FIELD_ZONES
            if scope == "self":
                ok = f is not None and f.id == found.id
            elif scope == "own_monsters":
                ok = on_field and c.holder == who and c.zone in ("monster", "extra_monster") and c.face_up
            elif scope in ("spell_traps", "face_up_spell_traps"):
                ok = on_field and c.zone in ("spell_trap", "field", "pendulum") and (
                    c.face_up or scope == "spell_traps")
            elif scope == "field_spells":
                ok = on_field and c.zone == "field"
            elif scope == "own_hand":
                ok = c.holder == who and c.zone == "hand"
            else:   # own_gy
                ok = c.holder == who and c.zone == "gy"
            if ok:
                out.append(c.name)
        return out

    def _drained(self, by: str, found: CatalogueCard, shown: str) -> str | None:
        """A monster effect activated while face-up monsters' effects are negated (Skill Drain): the negating
        card if the monster is face-up on the field (its activation is negated); None if it is tracked
        elsewhere (the hand, the Graveyard: not negated); refused if the kit does not know where it is."""
        if not found.is_monster or not self.cards:
            return None
        _, monsters = self._negations()
        live = [c for c, f in monsters if self._negated(c, f) is None]
        if not live:
            return None
        key = self.card_key(shown) or self.card_key(found.en)
        if key is None:
            raise ArgumentError("card", Msg("input.arg.wrgp.drain_where", source=live[0].name, card=shown), shown)
        c = self.cards[key]
        return live[0].name if c.zone in ("monster", "extra_monster") and c.face_up else None

    def _no_damage(self, team: str, source: str | dict[str, Any]) -> bool:
        """Relay Soul: its user takes no damage while the monster it summoned is face-up (WRGP-H7: on the team,
        also after a handover). Refused when that monster was not named (the kit cannot tell)."""
        for t, card, key in self.relay:
            if t != team:
                continue
            if key is None:
                raise ArgumentError("summon", Msg("input.arg.wrgp.relay_monster_unknown", card=card, team=team), None)
            c = self.cards.get(key)
            if c is not None and c.face_up and c.zone in ("monster", "extra_monster") and c.holder[0] == team:
                self._ev("WRGP-H7", "wrgp.event.no_damage", duelist=self._who(team), source=source, card=card,
                         monster=key)
                return True
        return False

    def _left_field(self, c: Card) -> None:
        """A card left the field: the monster of a Relay Soul makes its user's opponent win, which in WRGP is a
        special victory: its user's duelist loses (WRGP-F8)."""
        for entry in list(self.relay):
            team, card, key = entry
            if key is not None and key == c.name:
                self._w("relay").remove(entry)
                self._ev("WRGP-F8", "wrgp.event.relay_monster_left", monster=key, card=card, team=team)
                if self.winner is None:
                    self._special_victory(other(team), card)

    def _leaving(self, c: Card, dest: str) -> None:
        """A card sent from the field anywhere but the banishment whose text says otherwise (Quillbolt
        Hedgehog, banished when it leaves the field after its summon), a clause the kit does not play: refused."""
        if c.zone not in T.FIELD_ZONES or dest == "banished":
            return
        found = _cards().card(c.written)
        for u in found.unplayed_for("leaves") if found is not None else ():
            raise ArgumentError("card", Msg("input.arg.wrgp.clause_not_played", card={
                "en": found.en, "ja": f"「{found.label('ja')}」"}, clause=u["clause"], why=u["why"]), c.name)  # type: ignore[union-attr]  # in the loop: found is set

    def _affected(self, c: Card) -> None:
        """A card's effect acts on ``c`` (destroys or moves it): refused if its text says it is unaffected
        and the kit does not play that clause (Vennominaga)."""
        found = _cards().card(c.written)
        for u in found.unplayed_for("affected") if found is not None else ():
            raise ArgumentError("card", Msg("input.arg.wrgp.clause_not_played", card={
                "en": found.en, "ja": f"「{found.label('ja')}」"}, clause=u["clause"], why=u["why"]), c.name)  # type: ignore[union-attr]  # in the loop: found is set

    def _summon(self, by: str, found: CatalogueCard, name: str, monster: str | None) -> str | None:
        """The monster a card Special Summons (``summons``: from the hand or a Graveyard) onto its user's field:
        the tracked card moved there, or (from the hand) a new one. Its key in ``cards``."""
        if monster is None:
            return None
        where = found.effect["summons"]
        who = self._who(by)
        key = self.card_key(monster)
        if key is None:
            if where == "gy":
                raise ArgumentError("summon", Msg("input.arg.wrgp.summon_untracked_gy", card=found.en), monster)
            key = monster
            self._w("cards")[key] = Card(key, who, who, "monster")
        else:
            c = self.cards[key]
            ok = c.zone == "gy" if where == "gy" else (c.zone == "hand" and c.holder == who)
            if not ok:
                raise ArgumentError("summon", Msg("input.arg.wrgp.summon_not_there", card=found.en, monster=key,
                                                  zone=_term(WRGP_ZONE, c.zone, c.zone),
                                                  where=_term(WRGP_ZONE, where, where)), monster)
            c = self._w("cards")[key]
            c.holder, c.zone, c.face_up = who, "monster", True
        self._ev("STD-CARDS", "wrgp.event.summoned_by_card", card=name, who=who, monster=key,
                 zone=_term(WRGP_ZONE, where, where))
        return key

    def _stays_on_field(self, by: str, found: CatalogueCard, name: str) -> None:
        """A Continuous, Field or Equip card stays face-up on its user's field after it resolves (tracked from
        then on: its continuous clauses apply while it stays), unless a copy of it is already there."""
        if found.kind not in _STAYS:
            return
        who = self._who(by)
        key = self.card_key(name) or self.card_key(found.en)
        if key is not None and self.cards[key].zone in T.FIELD_ZONES:
            return
        zone = "field" if found.kind == "Field Spell" else "spell_trap"
        if zone == "field":
            for c in list(self.cards.values()):
                if c.zone == "field" and c.holder == who:
                    self._send(c, "gy", _say("wrgp.why.replaced_field_spell"))
        key = key or name
        self._w("cards")[key] = Card(key, who, who, zone)
        self._ev("STD-CARDS", "wrgp.event.card_stays_on_field", card=key, who=who,
                 zone=_term(WRGP_ZONE, zone, zone))

    def _destroy_all(self, by: str, found: CatalogueCard, name: str, link: dict[str, Any]) -> None:
        """``destroys``: every tracked card of its kind is destroyed (Raigeki, Harpie's Feather Duster, Heavy
        Storm); Speed World is in neither field (WRGP-SW6)."""
        scope, who, foe = found.effect["destroys"], self._who(by), self._who(other(by))
        own = self.card_key(link.get("shown") or "") if link.get("shown") else None
        zones = ("monster", "extra_monster") if scope == "opponent_monsters" else ("spell_trap", "field", "pendulum")
        hit = [c for c in self.cards.values() if c.zone in zones and c.name != own
               and (scope == "spell_traps" or c.holder == foe)]
        if not hit:
            self._ev("STD-CARDS", "wrgp.event.destroys_none", card=name)
        for c in hit:
            self._affected(c)
            c = self._w("cards")[c.name]
            c.destroyed_by, c.destroyed_with = who, "effect"
            self._send(c, "gy", _say("wrgp.why.destroyed_by_card", card=name, duelist=who))

    def _battle_atk(self, by: str, with_: str, atk: int, found: CatalogueCard | None) -> int:
        """The ATK of a monster that attacks, with what the field changes: Field Spells' boosts of its
        attribute (not when negated: Gate Blocker), and refusals of what the kit does not play (an Equip
        Spell's boost it cannot place, a monster whose ATK its text makes another number)."""
        if found is not None:
            for u in found.unplayed_for("attack_with"):
                raise ArgumentError("with", Msg("input.arg.wrgp.clause_not_played", card={
                    "en": found.en, "ja": f"「{found.label('ja')}」"}, clause=u["clause"], why=u["why"]), with_)
        if not self.cards:
            return atk
        for c in self.cards.values():
            f = _cards().card(c.written) if c.face_up and c.zone in T.FIELD_ZONES else None
            for u in f.unplayed_for("attack") if f is not None else ():
                raise ArgumentError("with", Msg("input.arg.wrgp.clause_not_played", card={
                    "en": f.en, "ja": f"「{f.label('ja')}」"}, clause=u["clause"], why=u["why"]), with_)  # type: ignore[union-attr]
        for c, f in self._live_on_field("field_boost"):
            blocker = self._negated(c, f)
            boost = f.effect["field_boost"]
            stats = (found.monster if found is not None else None) or self.card_db_monster(with_) or {}
            attribute = stats.get("attribute")
            if attribute is None:
                raise ArgumentError("with", Msg("input.arg.wrgp.attribute_unknown", source=c.name,
                                                attribute=boost["attribute"]), with_)
            if attribute != boost["attribute"]:
                continue
            if blocker is not None:
                self._ev("STD-CARDS", "wrgp.event.field_spell_negated", card=c.name, blocker=blocker)
                continue
            atk += boost["atk"]
            self._ev("STD-CARDS", "wrgp.event.field_boost", card=c.name, monster=with_, attribute=attribute,
                     amount=boost["atk"], atk=atk)
        return atk

    def _may_attack(self, by: str, with_: str) -> None:
        """A monster of a name a face-up card forbids to attack (Prohibition) cannot attack (STD-CARDS)."""
        for source, team, f, declared, rule, face_up in self._restrictions_now() if self.cards else ():
            if not f.get("attacks") or team != by or (face_up is not None and self._negated(*face_up) is not None):
                continue
            if declared is None:
                raise ArgumentError("declare", Msg("input.arg.wrgp.declared_unknown", source=source, team=team), None)
            if card_identity(with_) == card_identity(declared):
                self._fail(rule, "wrgp.reject.attack_forbidden", monster=with_, source=source)

    def _attack_cost(self, by: str) -> bool:
        """Toll: while it is face-up, each attack costs its attacker its LP (paid on declaring the attack,
        STD-LP). True if paying it met a loss condition (the attack does not go on)."""
        for c, f in self._applying("attack_cost") if self.cards else ():
            amount = f.effect["attack_cost"]
            self._ev("STD-CARDS", "wrgp.event.attack_cost", card=c.name, duelist=self._who(by), amount=amount)
            met = self._pay_cost(by, amount, c.name)
            if met:
                self._settle([(0, by, c.name, by, True)])
                return True
        return False


def _numbered(c: Card) -> str:
    """A copy's name with its number, also the first's (``Dark Magician #1``): the plain name means any copy."""
    return c.name if c.n > 1 else f"{c.name} #1"


def _named_in(name: str) -> dict[str, str]:
    """A card's name in a refusal, as each language writes it (a catalogue card by its name there)."""
    from ..cards import in_text

    return {"en": in_text(name, "en", T.CARDS), "ja": in_text(name, "ja", T.CARDS, card=True)}


def _is_card(name: str, card_id: str) -> bool:
    """Is ``name`` (any spelling) the catalogue card ``card_id``?"""
    if name == T.GATE_BLOCKER and card_id == "gate-blocker":
        return True
    found = _cards().card(name)
    return found is not None and found.id == card_id


def _took_over_from(holder: str, owner: str) -> bool:
    """Did ``holder`` take over directly from ``owner`` (one handover or baton touch, same team)?"""
    return holder[0] == owner[0] and int(holder[1:]) == int(owner[1:]) + 1


# Match.legal_actions, WRGP: each verb of the grammar decided from the rules (WrgpMatch._allows), those that move
# or take a card tried on a copy, and those a tracked card could decide tried on a copy where cards are tracked.
_ALLOWS: dict[str, Callable[[WrgpMatch, Any], bool]] = {
    "phase": WrgpMatch._allows_phase, "end_turn": WrgpMatch._allows_end_turn, "attack": WrgpMatch._allows_attack,
    "damage": lambda m, v: True, "gain": WrgpMatch._gains_fit, "gain_loop": WrgpMatch._gains_fit,
    "pay": WrgpMatch._allows_pay, "speed_world": WrgpMatch._allows_speed_world,
    "baton_touch": WrgpMatch._allows_baton_touch, "act": WrgpMatch._allows_act, "lose": WrgpMatch._allows_lose,
    "counter_cleaner": WrgpMatch._allows_counter_cleaner,
}
_BY_CARDS = frozenset({"move", "destroy", "take_control"})
_CARD_SENSITIVE = frozenset({"phase", "end_turn", "attack", "damage", "pay", "speed_world", "lose",
                             "counter_cleaner"})
