"""The WRGP half of the scenario format: setup keys, step verbs, outcome keys.

The verbs here are the engine's verbs (:class:`~rulings_lib.wrgp.engine.WrgpMatch`): a scenario
step ``attack: {by: A, damage: 8000}`` is the call ``match.attack(by="A", damage=8000)``.
"""

from __future__ import annotations

from ..errors import ArgumentError, ScenarioError
from ..i18n import Msg
from ..schema import Bool, Choice, DeckPath, DictOf, Int, ListOf, MapOf, Schema, Text, scenario_key
from . import tables as T
from .engine import MAX_LP, WrgpMatch, check_link, named_card

FORMAT = "wrgp"
RULE_IDS = {**T.RULES, **T.STANDARD_RULES}

TEAM = Choice("A", "B")
TO = Choice("A", "B", "self", "opponent", "both")
AMOUNT = Int(0, 1_000_000)
CARD = Text(200)



class Checked(Schema):
    """``inner``'s shape, then the engine's own argument check (``WrgpMatch.VERBS``): what the API
    refuses with an ArgumentError a scenario file refuses at its line, with the same words."""

    def __init__(self, inner: Schema, check):
        self.inner, self.check = inner, check
        self.expected = inner.expected

    def parse(self, value, file, line, where):
        value = self.inner.parse(value, file, line, where)
        try:
            self.check(where, value, None)
        except ArgumentError as exc:
            raise ScenarioError(file, line, exc.as_msg()) from None
        return value


def _delayed(param, value, match):
    if "per_link" in value:
        raise ArgumentError(f"{param}.per_link", Msg("input.arg.wrgp.no_per_link"), value["per_link"])
    if "amount" not in value:
        raise ArgumentError(f"{param}.amount", Msg("input.arg.wrgp.delayed_amount"), None)


_effect = MapOf({"to": TO, "amount": AMOUNT, "per_link": AMOUNT}, required=("to",), name="an effect")
_link = Checked(MapOf({"by": TEAM, "card": CARD, "damage": _effect, "gain": _effect,
                       "kind": Choice(*T.ACTION_KINDS), "speed": Choice(*T.SPELL_SPEEDS), "summon": CARD,
                       "declare": CARD},
                      required=("by",), name="a chain link"), check_link)


def _activate(param, value, match):
    """``activate: {by, card, ...}``: a card of the catalogue, its choices, as a one-link chain."""
    named_card(f"{param}.card", value["card"], numbers=False)
    link = {k: v for k, v in value.items()}
    from ..cards import card as _card
    if "special_victory" not in _card(value["card"]).effect:
        check_link(param, link, None)


def _attack(param, value, match):
    if "damage" not in value and "with" not in value:
        raise ArgumentError(f"{param}.damage", "the battle damage (damage: N) or the attacking monster (with: NAME)",
                            None)

# verb -> schema of its value. Every verb is a method of WrgpMatch taking these keys.
STEPS = {
    "phase": Choice(*T.PHASE_KEYS),
    "end_turn": MapOf({}, name="an empty mapping"),
    "attack": Checked(MapOf({"by": TEAM, "damage": AMOUNT, "to": Choice("opponent", "self"), "with": CARD},
                            required=("by",)), _attack),
    # Addition (cards): a card of the catalogue played by name, as a chain of one link.
    "activate": Checked(MapOf({"by": TEAM, "card": CARD, "summon": CARD, "declare": CARD}, required=("by", "card")),
                        _activate),
    "damage": MapOf({"by": TEAM, "to": TO, "amount": AMOUNT, "card": CARD}, required=("by", "to", "amount")),
    "gain": MapOf({"by": TEAM, "to": TO, "amount": AMOUNT, "card": CARD}, required=("by", "to", "amount")),
    "gain_loop": MapOf({"by": TEAM, "to": TO, "amount": AMOUNT, "times": Int(1, 1_000_000), "card": CARD},
                       required=("by", "to", "amount", "times")),
    "pay": MapOf({"by": TEAM, "amount": AMOUNT, "as": Choice("cost", "effect"), "card": CARD},
                 required=("by", "amount")),
    "chain": ListOf(_link, min_len=1, max_len=100),
    "at_end_phase": MapOf({"by": TEAM, "card": CARD, "damage": Checked(_effect, _delayed)},
                          required=("by", "card", "damage")),
    "speed_world": MapOf({"by": TEAM, "remove": Choice(4, 7, 10), "destroy": ListOf(CARD, max_len=20)},
                         required=("by", "remove")),
    "baton_touch": TEAM,
    "act": MapOf({"by": TEAM, "action": Choice(*T.ACTION_KINDS)}, required=("by", "action")),
    "once_per_duel": MapOf({"by": TEAM, "card": CARD}, required=("by", "card")),
    "special_victory": MapOf({"by": TEAM, "card": CARD}, required=("by", "card")),
    "lose": TEAM,
    # Additions: cards and zones (WRGP-H4..H7), Speed World placement (WRGP-SW1, SW2, SW6..SW8).
    "place": MapOf({"by": TEAM, "card": CARD, "zone": Choice(*T.ZONES), "face_up": Bool()},
                   required=("by", "card", "zone")),
    "move": MapOf({"card": CARD, "to": Choice(*T.DESTINATIONS_TO_HOLDER, *T.DESTINATIONS_TO_OWNER), "by": TEAM},
                  required=("card", "to")),
    "destroy": MapOf({"by": TEAM, "card": CARD}, required=("by", "card")),
    "take_control": MapOf({"by": TEAM, "card": CARD}, required=("by", "card")),
    "continuing": MapOf({"by": TEAM, "card": CARD}, required=("by", "card")),
    "target_speed_world": MapOf({"by": TEAM, "card": CARD, "scope": Choice(*T.SPEED_WORLD_SCOPES)},
                                required=("by", "card", "scope")),
    "counter_cleaner": MapOf({"by": TEAM}, required=("by",)),
    # Addition: a team deck check (WRGP-S2) inside a scenario, so the FAQ can demonstrate it.
    "check_team": MapOf({"team": TEAM, "decks": ListOf(DeckPath(500), min_len=1, max_len=10), "banlist": DeckPath(500),
                         "list": Text(200), "cards": DeckPath(500)}, required=("team", "decks", "banlist")),
}

_at = MapOf({
    "turn": Int(1, 10_000),
    "player": TEAM,
    "phase": Choice(*T.PHASE_KEYS),
    "duelist": DictOf(TEAM, Int(1, 100)),
    "lp": DictOf(TEAM, Int(0, MAX_LP)),
    "spc": DictOf(TEAM, Int(0, T.SPC_MAX)),
    "at_zero": ListOf(TEAM, max_len=2),
}, name="a match moment")
_card_setup = MapOf({"card": CARD, "by": TEAM, "zone": Choice(*T.ZONES), "face_up": Bool()},
                    required=("card", "by", "zone"), name="a card")
class _Databases(Schema):
    """``cards_db:``: an EDOPro database (or a folder of them), or a list of them, relative to the scenario."""

    expected = "a card database path (cards.cdb or a folder of .cdb files), or a list of them"

    def parse(self, value, file, line, where):
        if isinstance(value, list):
            return ListOf(DeckPath(500), min_len=1, max_len=20).parse(value, file, line, where)
        return [DeckPath(500).parse(value, file, line, where)]


SETUP = MapOf({
    "lineup": Int(1, 100),
    "start_lp": Int(1, 1_000_000),
    "first": TEAM,
    "at": _at,
    "cards": ListOf(_card_setup, max_len=200),
    "cards_db": _Databases(),
}, name="the setup")

OUTCOME_KEYS = ("format", "finished", "winner", "turn", "duelist", "lp", "spc", "handover", "out",
                "rejected", "events", "drawn", "at_zero", "once_per_duel", "effects", "cards", "deck_checks")


_SETUP_TOP = ("lineup", "start_lp", "first")


def check_setup(setup: dict, fail) -> None:
    """Is the setup a moment the rules can reach? The engine's constructor decides (one place);
    ``fail(key, message)`` reports its refusal at the setup key's line."""
    try:
        new_match(setup)
    except _SetupError as exc:
        fail(exc.key, exc.message)


class _SetupError(Exception):
    def __init__(self, key: str, message: str):
        self.key, self.message = key, message


def new_match(setup: dict) -> WrgpMatch:
    at = setup.get("at", {})
    try:
        m = WrgpMatch(
            lineup=setup.get("lineup", 3), start_lp=setup.get("start_lp", 8000), first=setup.get("first", "A"),
            turn=at.get("turn", 1), player=at.get("player"), phase=at.get("phase", "draw"),
            duelist=at.get("duelist"), lp=at.get("lp"), spc=at.get("spc"), at_zero=at.get("at_zero", ()),
        )
    except ArgumentError as exc:
        key = exc.param if exc.param in _SETUP_TOP else "at"
        raise _SetupError(key, exc.as_msg(scenario_key(exc.param, "setup." if key != "at" else "setup.at."))) from None
    if setup.get("cards_db"):
        m.use_card_databases([str(p) for p in setup["cards_db"]])
    for i, c in enumerate(setup.get("cards", []), 1):
        try:
            m.place(c["by"], c["card"], c["zone"], c.get("face_up", True))
        except ArgumentError as exc:
            raise _SetupError("cards", exc.as_msg(scenario_key(exc.param, f"setup.cards[{i}]."))) from None
    m.step = 0
    m.events = [e._replace(step=0) for e in m.events]
    return m


def apply(match: WrgpMatch, verb: str, args, memo: dict | None = None) -> None:
    """Play one scenario step on the match (raises IllegalAction when the rules forbid it).

    ``memo`` (one per run) keeps each team check's result: the same decks, banlist and catalogue
    named again are not read again."""
    if verb == "phase":
        match.phase(args)
    elif verb == "end_turn":
        match.end_turn()
    elif verb in ("baton_touch", "lose"):
        getattr(match, verb)(args)
    elif verb == "chain":
        match.chain(args)
    elif verb == "check_team":
        from ..decks import load_deck
        from ..decks.wrgp_team import _load_banlist, check_team

        memo = {} if memo is None else memo

        def once(key, read):
            if key not in memo:
                memo[key] = read()
            return memo[key]

        key = ("check_team", tuple(args["decks"]), args["banlist"], args.get("list"), args.get("cards"))
        if key not in memo:
            decks = [once(("deck", d), lambda d=d: load_deck(d)) for d in args["decks"]]
            banlist = once(("banlist", args["banlist"], args.get("list")),
                           lambda: _load_banlist(args["banlist"], args.get("list")))
            report = check_team(decks, banlist, None, args.get("cards"))
            keep = ("rule", "kind", "card", "name", "count", "limit", "deck", "section")
            memo[key] = (report.legal, [{k: v[k] for k in keep if k in v} for v in report.to_json()["violations"]])
        legal, violations = memo[key]
        match.record_deck_check(args["team"], legal, [dict(v) for v in violations])
    elif verb == "at_end_phase":
        eff = args["damage"]
        match.at_end_phase(args["by"], args["card"], eff["to"], eff["amount"])
    elif verb == "attack":
        match.attack(args["by"], args.get("damage"), args.get("to", "opponent"), args.get("with"))
    elif verb == "pay":
        match.pay(args["by"], args["amount"], args.get("as", "cost"), args.get("card"))
    else:
        getattr(match, verb)(**args)


def describe(outcome: dict) -> list[str]:
    """The final state, for people."""
    t = outcome["turn"]
    lines = []
    if outcome["finished"]:
        lines.append(f"Match over: team {outcome['winner']} wins.")
    phase = T.PHASE_NAMES[t["phase"]]
    if t["phase"] == "draw":
        phase += " (after the draw)" if outcome["drawn"] else " (before the draw)"
    lines.append(f"Turn {t['number']}, team {t['player']}'s turn, {phase}")
    for team in T.TEAMS:
        who = f"{team}{outcome['duelist'][team]}"
        notes = []
        if team in outcome["handover"]:
            notes.append("lost, handover pending")
        if who in outcome["at_zero"]:
            notes.append("stays in at 0 LP")
        extra = f"  [{'; '.join(notes)}]" if notes else ""
        lines.append(f"Team {team}: {who} in the duel, LP {outcome['lp'][team]}, SPC {outcome['spc'][team]}{extra}")
    lines.append("Out: " + (", ".join(outcome["out"]) if outcome["out"] else "nobody"))
    if outcome["cards"]:
        cards = ", ".join(f"{n} ({c['player']} {c['zone'].replace('_', ' ')}, owner {c['owner']})"
                          for n, c in outcome["cards"].items())
        lines.append(f"Cards: {cards}")
    if outcome["effects"]:
        lines.append("Lasting effects: " + ", ".join(outcome["effects"]))
    return lines

