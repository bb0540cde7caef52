"""The WRGP verbs, declared once (see :mod:`rulings_lib.verbs`): each step of a scenario and each
verb of :class:`~rulings_lib.wrgp.engine.WrgpMatch`, with its parameters, the rules it plays and
an example step line. The engine's argument checks, the scenario schema, the trackers' controls
and ``rulings verbs`` are made from :data:`VERB_TABLE`; labels and help are in the words
catalogue (``rulings_lib/i18n/verbs.*.json``).
"""

from __future__ import annotations

import re

from .. import args as A
from ..errors import ArgumentError
from ..i18n import Msg
from ..i18n.glossary import word as term
from ..i18n.terms import CARD_KIND, DECK_SECTION, WRGP_ACTION, WRGP_PHASE, WRGP_SCOPE, WRGP_ZONE
from ..schema import DeckPath, ListOf, Schema
from ..verbs import Param, Verb, VerbTable, card_check
from . import tables as T

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, NoReturn

    from ..cards import Card, Catalogue
    from .engine import WrgpMatch

# The limits of play and of setups: one declaration (a moment of play may be given back as a setup).
MAX_AMOUNT = 1_000_000          # damage, gain, payment of one step
MAX_LP = 1_000_000_000          # LP of a moment of play (gains may add up)
MAX_LINEUP = 100
MAX_TURN = 10_000
SPEED_WORLD_NAMES = (T.SPEED_WORLD, "Speed World")


class UnknownCard(ArgumentError):
    """A call names a card that is not in the match (or, for ``place``, one that already is)."""

    def __init__(self, param: str, value: Any, placed: bool = False) -> None:
        allowed = Msg("input.arg.wrgp.card_new" if placed else "input.arg.wrgp.card_placed")
        super().__init__(param, allowed, value)
        shown = repr(value)[:60]
        self.args = (f"{param}: a card named {shown} is already in the match; give each card its own name" if placed
                     else f"{param}: no card named {shown} in this match (place it first)",)


# A copy of a card is named by its name and its number in the match: ``Cyber End Dragon #2``.
# The first copy keeps the name as written (``#1`` names it too); a later copy's key in ``cards`` (and in the
# outcome) is its name as written and `` #N``, N counted per card identity (any spelling of one card).
_COPY = re.compile(r"^(.*\S)\s*#(\d{1,4})$")


def copy_of(name: Any) -> tuple[str, int | None]:
    """A step's card name split into the card and the copy it names (``X #2`` -> ``("X", 2)``; ``X`` -> (X, None))."""
    if isinstance(name, str):
        m = _COPY.match(name)
        if m and int(m.group(2)) >= 1:
            return m.group(1), int(m.group(2))
    return name, None


_SPEED_BY = {"speed": "input.arg.wrgp.speed_by_speed", "card": "input.arg.wrgp.speed_by_card",
             "kind": "input.arg.wrgp.speed_by_kind"}

# ---------------------------------------------------------------------- argument checks (the API boundary)
TEAM = A.choice(*T.TEAMS, name="a team: 'A' or 'B'")
TO = A.choice("A", "B", "self", "opponent", "both", name="'A', 'B', 'self', 'opponent' or 'both'")
AMOUNT = A.whole(0, MAX_AMOUNT)
CARD = card_check(200)


def is_speed_world(name: Any) -> bool:
    """Does ``name`` (any spelling: Speed World, スピードワールド ...) name the format's Speed World?"""
    return isinstance(name, str) and (name in SPEED_WORLD_NAMES or card_identity(name) == card_identity(T.SPEED_WORLD))


def card_identity(name: str) -> str:
    """The one identity every lookup of a card in a match goes through: the same for every
    spelling the catalogue accepts of one card, catalogue or database (:func:`rulings_lib.cards.identity`)."""
    from ..cards import identity  # the catalogue is read on first use

    return identity(name)


def _known_card(speed_world_ok: bool = False) -> A.Check:
    def check(param: str, value: Any, match: Any) -> Any:
        value = CARD(param, value, match)
        if match.card_key(value) is None and not (speed_world_ok and is_speed_world(value)):
            raise UnknownCard(param, value)
        return value
    return check


def _new_card(param: str, value: Any, match: Any) -> Any:
    """A card ``place`` puts in the match: a new card, or another copy of one already in it
    (the engine numbers it ``NAME #N``), but not a name that only looks like another card's."""
    value = CARD(param, value, match)
    from ..cards import describe_char, difference, skeleton

    base = copy_of(value)[0]
    ident = card_identity(base)
    # Two cards of a match that only look alike (Dark Magician, and one with a Cyrillic а) would be
    # two cards a reader cannot tell apart: the second is refused naming the first.
    key = skeleton(base)
    other = next((c.written for c in match.cards.values()
                  if key and skeleton(c.written) == key and card_identity(c.written) != ident), None)
    if other is not None:
        pos, ch = difference(value, [other])
        raise ArgumentError(param, Msg("input.arg.card_lookalike", card={"en": repr(other), "ja": f"「{other}」"},
                                       pos=pos, char=describe_char(ch)), value)
    return value


_EFFECT = A.record({"to": TO, "amount": AMOUNT, "per_link": AMOUNT}, required=("to",), name="an effect")
_LINK = A.record({"by": TEAM, "card": CARD, "damage": _EFFECT, "gain": _EFFECT,
                  "kind": A.choice(*T.ACTION_KINDS), "speed": A.choice(*T.SPELL_SPEEDS),
                  "summon": CARD, "declare": CARD},
                 required=("by",), name="a chain link")


# ---------------------------------------------------------------------- named cards (rulings_lib.cards)
def _cards() -> Catalogue:
    """The WRGP card catalogue (its format's file, ``tables.CARDS``)."""
    from ..cards import catalogue  # the catalogue is read on first use: `import rulings_lib` stays light

    return catalogue(T.CARDS)


def named_card(param: str, name: Any, *, numbers: bool, unknown: bool = False) -> Card | None:
    """The catalogue card ``name`` names, or None: a name the catalogue does not know, allowed with
    explicit ``numbers`` (also one close to a known name: a card described by hand plays as described,
    :func:`resembles`), or with ``unknown`` when it is close to no known name. ArgumentError for a close
    unknown name without numbers ("did you mean") or an unknown one allowed by neither. A copy of a
    catalogue card named by its number in a match (``Sparks #2``) is that card."""
    if name is None:
        return None
    base, n = copy_of(name)
    if n is not None and _cards().card(name) is None:
        found = _cards().card(base)
        if found is not None:
            return found
    return _cards().lookup(param, name, numbers=numbers, unknown=unknown)


def resembles(name: object) -> Card | None:
    """The catalogue card a name the catalogue does not know is close to, or None."""
    from ..cards import resembles as close  # the catalogue is read on first use

    return close(name, T.CARDS) if isinstance(name, str) else None


_WHAT = {"damage": {"en": "damage", "ja": "ダメージ"}, "gain": {"en": "gain", "ja": "回復"}}


def contradiction(param: str, card: Card | None, what: str, effect: dict[str, Any], by: str | None = None,
                  n: int | None = None, in_chain: bool = False) -> None:
    """Refuse explicit numbers that contradict what ``card`` does at that moment, and accept those that agree
    (ArgumentError naming the card and wording its rule): ``what`` is ``damage``, ``gain``,
    ``cost``, ``paid_by_effect``, ``delayed``, ``scope`` or a key of the card's effect (``lasting``,
    ``once_per_duel``, ``special_victory``); ``effect`` the step's own numbers. ``n`` is the chain link number
    of a link (``in_chain``): a card that deals N × its chain link number agrees with an ``amount`` of N × n;
    a link whose number is not known yet (``n`` None, a link checked on its own) leaves that to the chain."""
    if card is None:
        return
    eff = card.effect
    names = {"en": card.en, "ja": f"「{card.label('ja')}」"}

    def no(code: str, **args: Any) -> NoReturn:
        raise ArgumentError(param, Msg("input.arg.wrgp.card_does", card=names, does=card.does,
                                       detail=Msg(code, **args)), effect)

    if what in ("damage", "gain"):
        mine = eff.get(what)
        if mine is None:
            no("input.arg.wrgp.card.no_effect", what=_WHAT[what])
        to = effect.get("to")
        if to in T.TEAMS and by is not None:
            to = "self" if to == by else "opponent"
        if to != mine["to"]:
            no("input.arg.wrgp.card.goes_to", what=_WHAT[what], mine=mine["to"], to=to)
        amount, per_link = effect.get("amount"), effect.get("per_link")
        if mine.get("per_link") is not None:
            if per_link is not None and per_link != mine["per_link"]:
                no("input.arg.wrgp.card.per_link", mine=mine["per_link"], given=per_link)
            if amount is not None:
                if n is not None and amount != mine["per_link"] * n:
                    no("input.arg.wrgp.card.per_link_at", card=names, per=mine["per_link"], total=mine["per_link"] * n, n=n, given=amount)
                if n is None and not in_chain:
                    no("input.arg.wrgp.card.per_link_outside", card=names, per=mine["per_link"])
        else:
            if per_link is not None:
                no("input.arg.wrgp.card.amount_not_per_link", mine=mine["amount"], given=per_link)
            if amount is not None and amount != mine["amount"]:
                no("input.arg.wrgp.card.amount", mine=mine["amount"], given=amount)
    elif what == "cost":
        cost = eff.get("cost") or {}
        if cost.get("half"):
            mine = effect.get("lp", 0) // 2      # "half your LP": of the LP one has now
            if mine != effect.get("amount"):
                no("input.arg.wrgp.card.cost_half", mine=mine, given=effect.get("amount"))
        elif cost.get("pay") is None:
            no("input.arg.wrgp.card.no_cost", given=effect.get("amount"))
        elif cost["pay"] != effect.get("amount"):
            no("input.arg.wrgp.card.cost", mine=cost["pay"], given=effect.get("amount"))
    elif what == "paid_by_effect":
        # A card whose LP cost the catalogue knows is paid as that cost, of that amount.
        cost = eff.get("cost") or {}
        if eff.get("none"):
            no("input.arg.wrgp.card.no_lp")
        if cost.get("half"):
            mine = effect.get("lp", 0) // 2
            if mine != effect.get("amount"):
                no("input.arg.wrgp.card.cost_half", mine=mine, given=effect.get("amount"))
            no("input.arg.wrgp.card.cost_not_effect", amount=mine)
        if cost.get("pay") is not None:
            if cost["pay"] != effect.get("amount"):
                no("input.arg.wrgp.card.cost", mine=cost["pay"], given=effect.get("amount"))
            no("input.arg.wrgp.card.cost_not_effect", amount=cost["pay"])
    elif what == "delayed":
        if "fusion_boost" not in eff:
            no("input.arg.wrgp.card.no_delayed")
        to = effect.get("to")
        if to in T.TEAMS and by is not None:
            to = "self" if to == by else "opponent"
        if to != "self":
            # Power Bond: its End Phase damage is its controller's own (the boosted ATK's gain).
            no("input.arg.wrgp.card.delayed_to", to=to)
    elif what == "scope":
        if "scopes" in eff and effect.get("scope") not in eff["scopes"]:
            no("input.arg.wrgp.card.scope", scopes=", ".join(eff["scopes"]) or "-", scope=effect.get("scope"))
    elif what not in eff:
        no("input.arg.wrgp.card.not_a", what=what.replace("_", " "))


def monster_atk(param: str, name: Any, match: Any, key: str | None = None) -> tuple[str, int, bool, object]:
    """A monster's name, current ATK, whether that ATK was changed in this match, and its card. The
    monster is found by its :func:`card_identity`, whatever spelling names it, catalogue or database; an
    ATK changed in this match is that of the copy ``key`` (the match's key of it: Power Bond
    doubles the ATK of the monster it summoned, not of every copy of its name)."""
    boosted = match.monsters.get(key) if match is not None and key is not None else None
    found = _cards().card(name) if isinstance(name, str) else None
    db = match.card_db_monster(name) if match is not None else None
    label = found.en if found is not None else (db["name"] if db else name)
    if boosted is not None:
        return label, boosted, True, found
    stats = (found.monster if found is not None else None) or db
    if not stats or stats.get("atk") is None:
        if found is None:
            named_card(param, name, numbers=False)   # "did you mean"
        raise ArgumentError(param, "a monster whose ATK the kit knows (a catalogue monster, one from "
                                   "--cards / setup.cards_db, or one summoned in this match)", name)
    return label, stats["atk"], False, found


# The keys of a step that are a card's choices (``choices`` in its catalogue entry, `rulings cards`).
CHOICE_KEYS = ("summon", "declare")


def check_choices(where: Callable[[str], str], card: Card | None, given: dict[str, Any]) -> None:
    """Refuse a choice the card does not ask for: every choice a step gives must be one
    of ``card``'s (its catalogue ``choices``; a card described by hand asks for none), or the kit would
    play the step as if it were not there. ``where(key)`` is the parameter's name for ``key``."""
    takes = [c["name"] for c in card.choices] if card is not None else []
    for key in CHOICE_KEYS:
        if given.get(key) is None or key in takes:
            continue
        if card is None:
            raise ArgumentError(where(key), Msg("input.arg.wrgp.choice_by_hand", key=key), given[key])
        names = {"en": repr(card.en), "ja": f"「{card.label('ja')}」"}
        if takes:
            raise ArgumentError(where(key), Msg("input.arg.wrgp.choice_not_taken", key=key, card=names,
                                                takes=[f"{k}:" for k in takes]), given[key])
        raise ArgumentError(where(key), Msg("input.arg.wrgp.choice_none", key=key, card=names), given[key])


def _link_card(param: str, link: dict[str, Any], explicit: bool, n: int | None = None,
               numbers: bool = False) -> Card | None:
    """The catalogue card of a chain link (its number ``n`` if known), its explicit numbers checked
    against it. A name the catalogue does not know is a link described by hand (``explicit``); close to
    a known name, only when the link gives its effect in numbers (``numbers``: ``damage`` or ``gain``)."""
    card = named_card(f"{param}.card", link.get("card"), numbers=explicit and numbers, unknown=explicit)
    check_choices(lambda key: f"{param}.{key}", card, link)
    if card is None:
        return None
    for u in card.unplayed_for("activation"):
        # Its every activation relies on a clause the kit does not play: refused, naming it.
        raise ArgumentError(f"{param}.card", Msg("input.arg.wrgp.clause_not_played", card={
            "en": card.en, "ja": f"「{card.label('ja')}」"}, clause=u["clause"], why=u["why"]), link.get("card"))
    if card.speed is None:
        raise ArgumentError(f"{param}.card", f"a card with an effect to activate ({card.en} is a "
                            f"{card.kind} without one; use place: to put it on the field)", link.get("card"))
    for what in ("damage", "gain"):
        if what in link:
            contradiction(f"{param}.{what}", card, what, link[what], link.get("by"), n=n, in_chain=True)
    if link.get("kind") and link["kind"] != card.action_kind:
        raise ArgumentError(f"{param}.kind", f"the kind of {card.en}'s activation ({card.action_kind})",
                            link["kind"])
    if "fusion_boost" in card.effect and link.get("summon") is None:
        raise ArgumentError(f"{param}.summon", f"the Machine Fusion Monster {card.en} summons (summon: NAME)", None)
    for choice in card.choices:
        if choice.get("required") and link.get(choice["name"]) is None:
            # A choice the card's text needs (Monster Reborn's monster): never played as if it were not there.
            raise ArgumentError(f"{param}.{choice['name']}", Msg("input.arg.wrgp.choice_required", key=choice["name"],
                                card={"en": card.en, "ja": f"「{card.label('ja')}」"}), None)
    return card


def check_link(param: str, value: Any, match: Any, n: int | None = None) -> dict[str, Any]:
    """One chain link, normalised to ``{by, card, kind, speed, effect, to, amount, per_link}`` (``speed``: the
    link's Spell Speed, STD-TIMING, from its ``speed``, its card or its kind: :func:`tables.link_speed`). A
    link naming a card of the catalogue takes its effect, Spell Speed and kind from the card (its explicit
    numbers checked against it); ``def`` is that card, ``summon``/``declare`` the choices it asks for."""
    link = _LINK(param, value, match)
    effects = [k for k in ("damage", "gain") if k in link]
    if len(effects) == 2:
        raise ArgumentError(param, Msg("input.arg.wrgp.one_effect"), value)
    # A link naming a card the catalogue does not know (and not close to one) is a link described by
    # hand: its effect is what the link gives (none: an effect the kit does not track, like a negation).
    found = _link_card(param, link, explicit=True, n=n, numbers=bool(effects))
    card, kind, speed = link.get("card"), link.get("kind"), link.get("speed")
    # STD-TIMING: one link has one Spell Speed; its speed, its card's and its kind's must agree.
    said = {"speed": speed, "card": found.speed if found is not None else T.card_speed(card),
            "kind": None if found is not None else T.KIND_SPEEDS.get(kind)}
    if kind == "trigger_effect" and speed is not None:
        said["kind"] = None     # a trigger effect may be a quick one (Spell Speed 2)
    given = {k: v for k, v in said.items() if v is not None}
    if len(set(given.values())) > 1:
        raise ArgumentError(f"{param}.speed", Msg("input.arg.wrgp.one_speed", said=[
            Msg(_SPEED_BY[k], speed=v) for k, v in given.items()]), value)
    if found is not None:
        kind = kind or found.action_kind
    out = {"by": link["by"], "card": found.en if found is not None else card, "kind": kind,
           "speed": found.speed if found is not None else T.link_speed(card, kind, speed),
           "trigger": kind == "trigger_effect", "effect": None, "to": None, "amount": None, "per_link": None,
           "def": found, "summon": link.get("summon"), "declare": link.get("declare"), "shown": card}
    if found is not None:
        for what in ("damage", "gain"):
            if what in found.effect:
                e = found.effect[what]
                out.update(effect=what, to=e["to"], amount=e.get("amount"), per_link=e.get("per_link"))
    if effects:
        what = effects[0]
        eff = link[what]
        if ("amount" in eff) == ("per_link" in eff):
            raise ArgumentError(f"{param}.{what}", Msg("input.arg.wrgp.amount_or_per_link"), eff)
        out.update(effect=what, to=eff["to"], amount=eff.get("amount"), per_link=eff.get("per_link"))
    return out


def _activate(param: str, value: Any, match: Any) -> None:
    """``activate: {by, card, ...}``: a card of the catalogue (no numbers to describe an unknown one),
    its choices checked as a one-link chain's (a special-victory card makes no chain link, WRGP-F8)."""
    found = named_card(f"{param}.card", value["card"], numbers=False)
    if "special_victory" not in found.effect:  # type: ignore[union-attr]  # (numbers=False: an unknown name raises)
        link_targets(f"{param}.card", [check_link(param, value, match, n=1)], single=True)


def _attack(param: str, value: Any, match: Any) -> None:
    """``attack``: the battle damage (``damage``) or the attacking monster (``with``), one at least."""
    if value.get("damage") is None and value.get("with") is None and value.get("with_") is None:
        raise ArgumentError(f"{param}.damage", Msg("input.arg.wrgp.damage_or_with"), None)


def check_links(param: str, value: Any, match: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list | tuple) or not 1 <= len(value) <= 100:
        raise ArgumentError(param, Msg("input.arg.wrgp.links"), value)
    return link_targets(param, [check_link(f"{param}[{i}]", v, match, n=i + 1) for i, v in enumerate(value)])


_NEGATED = {"destruction": {"en": "an effect that would destroy", "ja": "破壊する効果"},
             "attack": {"en": "an attack", "ja": "攻撃"}}


def link_targets(param: str, links: list[dict[str, Any]], single: bool = False) -> list[dict[str, Any]]:
    """What each negating link of a chain negates, set as its ``negates`` (a link number).
    A card that negates an activation (Solemn Judgment, ``negate: spell_trap_activation``) answers the
    activation it responds to: the link just before it; there is no argument to name another, since such
    a card is activated in response to that activation. Refused rather than guessed: as chain link 1 (it
    answers nothing the kit plays: a summon is not a chain link), when the link it answers is not a
    Spell or Trap card's activation, or is described by hand (the kit cannot tell what it is); and a card
    whose negation the kit does not play (of a destruction, of an attack)."""
    from ..cards import NEGATES_PLAYED

    for n, link in enumerate(links, 1):
        found = link.get("def")
        what = found.effect.get("negate") if found is not None else None
        if what is None:
            continue
        card = {"en": found.en, "ja": f"「{found.label('ja')}」"}  # type: ignore[union-attr]
        where = param if single else f"{param}[{n - 1}].card"
        if what not in NEGATES_PLAYED:
            raise ArgumentError(where, Msg("input.arg.wrgp.negation_not_played", card=card, what=_NEGATED[what]),
                                link.get("shown"))
        if n == 1:
            raise ArgumentError(where, Msg("input.arg.wrgp.negation_answers_none", card=card), link.get("shown"))
        target = links[n - 2].get("def")
        if target is None:
            raise ArgumentError(where, Msg("input.arg.wrgp.negation_target_unknown", card=card, n=n - 1),
                                links[n - 2].get("shown"))
        if target.is_monster:
            raise ArgumentError(where, Msg("input.arg.wrgp.negation_not_its_target", card=card, n=n - 1,
                                           target={"en": target.en, "ja": f"「{target.label('ja')}」"}),
                                links[n - 2].get("shown"))
        link["negates"] = n - 1
    return links


def _delayed(param: str, value: Any, match: Any) -> None:
    if "per_link" in value:
        raise ArgumentError(f"{param}.per_link", Msg("input.arg.wrgp.no_per_link"), value["per_link"])
    if "amount" not in value:
        raise ArgumentError(f"{param}.amount", Msg("input.arg.wrgp.delayed_amount"), None)


# Each key as rulings_lib.decks reports it (TeamReport.to_dict): a passcode is a whole number, a
# deck its place in the lineup, a section one of the three. Anything else (a dict for a card, an
# object for a deck) is refused here, so that state() always holds plain, serialisable values.
_VIOLATION_KEYS = {"rule": A.choice("WRGP-S2"), "kind": A.choice("copies", "whitelist", "deck-size"),
                   "card": A.whole(0, 10**10), "name": A.text(200, optional=True),
                   "count": A.whole(0, 10**6), "limit": A.whole(0, 3), "deck": A.whole(1, MAX_LINEUP),
                   "section": A.choice(*DECK_SECTION)}


def check_violations(param: str, value: Any, match: Any) -> list[dict[str, Any]]:
    """WRGP-S2 verdicts as :mod:`rulings_lib.decks` gives them: a deck-size or a copy-limit violation."""
    items: list[dict[str, Any]] = A.list_of(A.record(_VIOLATION_KEYS, required=("kind", "count"), name="a violation"))(param, value, match)
    for i, v in enumerate(items):
        need = ("deck", "section") if v["kind"] == "deck-size" else ("limit",)
        for key in need:
            if key not in v:
                raise ArgumentError(f"{param}[{i}].{key}", f"a value (a {v['kind']} violation needs {key})", None)
        if v["kind"] != "deck-size" and v.get("name") is None and "card" not in v:
            raise ArgumentError(f"{param}[{i}]", "a violation naming its card (card or name)", v)
    return items


def _team_map(values: A.Check, what: str) -> A.Check:
    return A.optional(A.mapping_of(TEAM, values, f"a mapping from team ('A', 'B') to {what}"))


def _teams(param: str, value: Any, match: Any) -> list[str]:
    if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
        raise ArgumentError(param, "a list of teams ('A', 'B')", value)
    teams = sorted(TEAM(f"{param}[{i}]", t, match) for i, t in enumerate(value))
    if len(set(teams)) != len(teams):
        raise ArgumentError(param, "a list of different teams", value)
    return teams


def _duelists(param: str, value: Any, match: Any) -> list[str]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ArgumentError(param, "a list of duelists ('A1', 'B2' ...)", value)
    for i, d in enumerate(value):
        if not isinstance(d, str) or len(d) < 2 or d[0] not in T.TEAMS or not d[1:].isdigit() or d[1] == "0":
            raise ArgumentError(f"{param}[{i}]", "a duelist such as 'A1' or 'B2'", d)
    if len(set(value)) != len(value):
        raise ArgumentError(param, "a list of different duelists", value)
    return list(value)


# ---------------------------------------------------------------------- the parameters
def _team(name: str = "by", **kw: Any) -> Param:
    return Param(name, "team", choices=T.TEAMS, allowed="a team: 'A' or 'B'", **kw)


BY = _team()
P_TO = Param("to", "choice", choices=("A", "B", "self", "opponent", "both"),
             allowed="'A', 'B', 'self', 'opponent' or 'both'")
# A new damage step's form starts at the opponent: ``to`` stays required (a file that leaves
# it out is refused as before, the format unchanged); a required param's ``default`` is only what a
# form starts with (docs/contracts.md).
P_TO_DAMAGE = Param("to", "choice", choices=P_TO.choices, allowed=P_TO.allowed, default="opponent")
P_AMOUNT = Param("amount", "int", min=0, max=MAX_AMOUNT)
P_CARD = Param("card", "card", max_len=200)
P_CARD_OPT = Param("card", "card", max_len=200, required=False)
P_EFFECT = Param("effect", "record", required=False, name_msg="an effect", params=(
    P_TO, Param("amount", "int", min=0, max=MAX_AMOUNT, required=False),
    Param("per_link", "int", min=0, max=MAX_AMOUNT, required=False)))
# The choices a named card asks for (``rulings cards``: Power Bond's ``summon``, a card's declared name).
P_SUMMON = Param("summon", "card", max_len=200, required=False)
P_DECLARE = Param("declare", "card", max_len=200, required=False)
# A monster's battle position and a card's kind, for `place`: the kinds are the catalogue's.
P_POSITION = Param("position", "choice", choices=("attack", "defense"), required=False)
P_KIND = Param("kind", "choice", choices=tuple(CARD_KIND), required=False, terms=CARD_KIND)
P_LINK = Param("link", "record", name_msg="a chain link", check=check_link, params=(
    BY, P_CARD_OPT,
    Param("damage", "record", required=False, name_msg="an effect", params=P_EFFECT.params),
    Param("gain", "record", required=False, name_msg="an effect", params=P_EFFECT.params),
    Param("kind", "choice", choices=T.ACTION_KINDS, required=False, terms=WRGP_ACTION),
    Param("speed", "choice", choices=tuple(T.SPELL_SPEEDS), required=False),
    P_SUMMON, P_DECLARE))


def _check_team(match: WrgpMatch, value: dict[str, Any], memo: dict[Any, Any] | None = None) -> None:
    """A WRGP-S2 team deck check inside a scenario: the decks are read and checked, and the verdict
    recorded (``record_deck_check``). ``memo`` (one per run) keeps each check's result: the same
    decks, banlist and catalogue named again are not read again."""
    from ..decks import load_deck
    from ..decks.wrgp_team import _load_banlist, check_team

    memo = {} if memo is None else memo

    def once(key: tuple[Any, ...], read: Callable[[], Any]) -> Any:

        if key not in memo:
            memo[key] = read()
        return memo[key]

    key = ("check_team", tuple(value["decks"]), value["banlist"], value.get("list"), value.get("cards"))
    if key not in memo:
        decks = [once(("deck", d), lambda d=d: load_deck(d)) for d in value["decks"]]  # type: ignore[misc]  # (a lambda with a default)
        banlist = once(("banlist", value["banlist"], value.get("list")),
                       lambda: _load_banlist(value["banlist"], value.get("list")))
        report = check_team(decks, banlist, None, value.get("cards"))
        keep = ("rule", "kind", "card", "name", "count", "limit", "deck", "section")
        memo[key] = (report.legal, [{k: x[k] for k in keep if k in x} for x in report.to_dict()["violations"]])
    legal, violations = memo[key]
    match.record_deck_check(value["team"], legal, [dict(x) for x in violations])


VERBS = (
    Verb("phase", "scalar", (Param("phase", "choice", choices=T.PHASE_KEYS, api="name", terms=WRGP_PHASE,
                                   allowed="one of " + ", ".join(repr(k) for k in T.PHASE_KEYS)),),
         rules=("STD-TURN", "WRGP-F5", "WRGP-SW3"), example="phase: main1"),
    Verb("end_turn", "empty", rules=("STD-TURN", "WRGP-H1", "WRGP-F2"), example="end_turn: {}"),
    Verb("attack", "record", (BY, Param("damage", "int", min=0, max=MAX_AMOUNT, required=False),
                              Param("to", "choice", choices=("opponent", "self"), required=False,
                                    default="opponent", allowed="'opponent' or 'self'"),
                              Param("with", "card", max_len=200, required=False, api="with_")),
         rules=("STD-TIMING", "WRGP-F1", "WRGP-F9", "WRGP-H3"), check=_attack,
         example="attack: {by: A, damage: 2500}"),
    # A card of the catalogue played by name, as a chain of one link (rulings_lib/cards, `rulings cards`).
    Verb("activate", "record", (BY, P_CARD, P_SUMMON, P_DECLARE), check=_activate,
         rules=("STD-TIMING", "WRGP-D1", "WRGP-D2", "WRGP-F6", "WRGP-H2"),
         example="activate: {by: B, card: Destruction Ring}"),
    Verb("damage", "record", (BY, P_TO_DAMAGE, P_AMOUNT, P_CARD_OPT), rules=("WRGP-F1", "WRGP-F10", "WRGP-D1"),
         example="damage: {by: B, to: both, amount: 1000}"),
    Verb("gain", "record", (BY, P_TO, P_AMOUNT, P_CARD_OPT), rules=("WRGP-F10", "WRGP-H8"),
         example="gain: {by: A, to: self, amount: 500}"),
    Verb("gain_loop", "record", (BY, P_TO, P_AMOUNT, Param("times", "int", min=1, max=MAX_AMOUNT), P_CARD_OPT),
         rules=("WRGP-F7",), example="gain_loop: {by: A, to: both, amount: 500, times: 3}"),
    Verb("pay", "record", (BY, P_AMOUNT, Param("as", "choice", choices=("cost", "effect"), required=False,
                                               default="cost", api="as_",
                                               allowed="'cost' or 'effect'"), P_CARD_OPT),
         rules=("STD-LP", "WRGP-F1"), example="pay: {by: A, amount: 1000}"),
    Verb("chain", "list", (Param("links", "list", item=P_LINK, min_items=1, max_items=100,
                                 api_check=check_links, check=check_links),),
         rules=("WRGP-D1", "WRGP-D2", "WRGP-H2"),
         example="chain: [{by: A, damage: {to: opponent, amount: 1000}}, {by: B, gain: {to: self, amount: 500}}]"),
    Verb("at_end_phase", "record", (BY, P_CARD, Param("damage", "record", name_msg="an effect", check=_delayed, params=(
        P_TO, Param("amount", "int", min=0, max=MAX_AMOUNT, required=False, api_check=AMOUNT),
        Param("per_link", "int", min=0, max=MAX_AMOUNT, required=False, internal=True)))),
         flatten="damage", rules=("WRGP-H7", "WRGP-F1"),
         example="at_end_phase: {by: A, card: Power Bond, damage: {to: self, amount: 4000}}"),
    Verb("speed_world", "record", (BY, Param("remove", "choice", choices=tuple(T.SPEED_WORLD_EFFECTS)),
                                   Param("destroy", "list", required=False, max_items=20, item=P_CARD,
                                         api_check=A.optional(A.list_of(_known_card(speed_world_ok=True),
                                                                        max_len=20)))),
         rules=("WRGP-SW5", "WRGP-SW7"), example="speed_world: {by: A, remove: 4}"),
    Verb("baton_touch", "scalar", (_team("team"),), rules=("WRGP-H9",), example="baton_touch: A"),
    Verb("act", "record", (BY, Param("action", "choice", choices=T.ACTION_KINDS, terms=WRGP_ACTION)),
         rules=("STD-TIMING", "WRGP-H2"), example="act: {by: B, action: spell_speed_1}"),
    Verb("once_per_duel", "record", (BY, P_CARD), rules=("WRGP-F6",),
         example="once_per_duel: {by: A, card: Pot of Duality}"),
    Verb("special_victory", "record", (BY, P_CARD), rules=("WRGP-F8",),
         example="special_victory: {by: A, card: Exodia the Forbidden One}"),
    Verb("lose", "scalar", (_team("team"), Param("why", "text", max_len=200, required=False,
                                                 default="another reason", api_only=True)),
         rules=("WRGP-F9", "WRGP-H8"), example="lose: B"),
    Verb("place", "record", (BY, Param("card", "card", max_len=200, api_check=_new_card),
                             Param("zone", "choice", choices=T.ZONES, terms=WRGP_ZONE),
                             Param("face_up", "bool", required=False, default=True), P_POSITION, P_KIND),
         rules=("WRGP-H4", "WRGP-SW2", "WRGP-SW8"), example="place: {by: A, card: Dark Magician, zone: monster}"),
    Verb("move", "record", (Param("card", "card", max_len=200, api_check=_known_card()),
                            Param("to", "choice", choices=(*T.DESTINATIONS_TO_HOLDER, *T.DESTINATIONS_TO_OWNER),
                                  terms=WRGP_ZONE),
                            _team(required=False)),
         rules=("WRGP-H5", "WRGP-H6"), example="move: {card: Dark Magician, to: hand}"),
    Verb("destroy", "record", (BY, Param("card", "card", max_len=200, api_check=_known_card(speed_world_ok=True))),
         rules=("WRGP-SW1", "WRGP-H5", "STD-CARDS"), example="destroy: {by: B, card: Dark Magician}"),
    Verb("take_control", "record", (BY, Param("card", "card", max_len=200, api_check=_known_card())),
         rules=("WRGP-H6", "STD-CARDS"), example="take_control: {by: B, card: Dark Magician}"),
    Verb("continuing", "record", (BY, P_CARD, P_DECLARE), rules=("WRGP-H7",),
         example="continuing: {by: A, card: Sales Ban, declare: Ookazi}"),
    Verb("target_speed_world", "record", (BY, P_CARD, Param("scope", "choice", choices=tuple(T.SPEED_WORLD_SCOPES), terms=WRGP_SCOPE)),
         rules=("WRGP-SW6",), example="target_speed_world: {by: A, card: Harpie's Feather Duster, scope: opponent_field}"),
    Verb("counter_cleaner", "record", (BY,), rules=("WRGP-SW8",), example="counter_cleaner: {by: A}"),
    Verb("check_team", "record", (_team("team"),
                                  Param("decks", "list", min_items=1, max_items=10,
                                        item=Param("deck", "text", max_len=500, file="ydke")),
                                  Param("banlist", "text", max_len=500, file=True),
                                  Param("list", "text", max_len=200, required=False),
                                  Param("cards", "text", max_len=500, file=True, required=False)),
         rules=("WRGP-S2",), call=_check_team, step_only=True,
         example="check_team: {team: A, decks: [a.ydk, b.ydk, c.ydk], banlist: lflist.conf}"),
    # The verdict of a team deck check, recorded (what `check_team` plays); an API verb only.
    Verb("record_deck_check", "record", (_team("team"), Param("legal", "bool"),
                                         Param("violations", "list", item=Param("violation", "text"),
                                               api_check=check_violations)),
         rules=("WRGP-S2",), api_only=True),
)

class _Databases(Schema):
    """``cards_db:``: an EDOPro database (or a folder of them), or a list of them, relative to the scenario."""

    expected = Msg("input.schema.cards_db")

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if isinstance(value, list):
            return ListOf(DeckPath(500), min_len=1, max_len=20).parse(value, file, line, where)
        return [DeckPath(500).parse(value, file, line, where)]


# The setup (the constructor's keywords): `setup:` keys, then `setup.at:` keys (a moment of play).
P_SETUP_CARD = Param("card", "record", name_msg="a card", params=(
    P_CARD, BY, Param("zone", "choice", choices=T.ZONES, terms=WRGP_ZONE), Param("face_up", "bool", required=False, default=True),
    P_POSITION, P_KIND))
SETUP = (
    Param("lineup", "int", min=1, max=MAX_LINEUP, required=False, default=3),
    Param("start_lp", "int", min=1, max=MAX_AMOUNT, required=False, default=8000),
    _team("first", required=False, default="A"),
    Param("cards", "list", item=P_SETUP_CARD, max_items=200, required=False),
    # A user's EDOPro card databases (files or folders of .cdb, relative to the scenario; later ones
    # override earlier ones for the same passcode): monsters' ATK, level and type (`rulings run --cards`).
    Param("cards_db", "list", item=Param("cdb", "text", max_len=500, file=True), min_items=1, max_items=20,
          required=False, schema=_Databases()),
)
AT = (
    Param("turn", "int", min=1, max=MAX_TURN, required=False, default=1),
    _team("player", required=False),
    Param("phase", "choice", choices=T.PHASE_KEYS, required=False, default="draw", terms=WRGP_PHASE,
          allowed="one of " + ", ".join(repr(k) for k in T.PHASE_KEYS)),
    Param("duelist", "team_map", choices=T.TEAMS, value=Param("position", "int", min=1, max=MAX_LINEUP),
          required=False, api_check=_team_map(A.whole(1, MAX_LINEUP), "a lineup position")),
    Param("lp", "team_map", choices=T.TEAMS, value=Param("lp", "int", min=0, max=MAX_LP), required=False,
          api_check=_team_map(A.whole(0, MAX_LP), f"LP (0 to {MAX_LP})")),
    Param("spc", "team_map", choices=T.TEAMS, value=Param("spc", "int", min=0, max=T.SPC_MAX), required=False,
          api_check=_team_map(A.whole(0, T.SPC_MAX), f"{term('speed_counters')} (0 to {T.SPC_MAX})")),
    Param("at_zero", "list", item=_team("team"), max_items=2, required=False, api_check=_teams),
    # The duelists who have left the duel so far (lost or swapped out, WRGP-F1, WRGP-H9), in the order they
    # left: left out, none are listed (a moment's positions say who has left, not in which order).
    Param("out", "list", item=Param("duelist", "text", max_len=4), max_items=2 * MAX_LINEUP, required=False,
          api_check=_duelists),
)

VERB_TABLE = VerbTable.of(T.FORMAT, VERBS, SETUP, AT, {**T.RULES, **T.STANDARD_RULES})

# The constructor's parameters (checked in ``__init__``, which is not a verb).
SETUP_CHECKS: dict[str, A.Check] = {p.name: p.to_check() for p in SETUP + AT if p.name not in ("cards", "cards_db")}
