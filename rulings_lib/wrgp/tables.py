"""WRGP rules ver.2022 as data: rule ids, the turn's phases, what may be done when, Speed World.

This module is the one source of truth that the engine (:mod:`.engine`), the diagrams and the
notebooks read. Rule ids are those of ``shared/spec/wrgp-rules.md``.
"""

from __future__ import annotations

from ..i18n.glossary import word as term
from ..readings import Reading, register
from ..values import Value

FORMAT = "wrgp"
CARDS = "wrgp.yaml"      # its card catalogue, rulings_lib/cards/wrgp.yaml (the record's Format.cards)

# Every rule id of the WRGP reference, with a short title (the full text is in the spec).
RULES: dict[str, str] = {
    "WRGP-S1": "A team is 3 duelists (lineup size is a setting)",
    "WRGP-S2": "Three decks obey the Forbidden/Limited list as a team",
    "WRGP-S3": "The team fixes its lineup order before the match",
    "WRGP-S4": "The two 1st duelists start, with Speed World (WRGP) active",
    "WRGP-F1": "A duelist's loss starts the handover",
    "WRGP-F2": "The duel resumes with the turn of the team that handed over",
    "WRGP-F3": "The resumed turn is played as the second player (draw and Battle Phase)",
    "WRGP-F4": "The team that defeats every opposing duelist wins",
    "WRGP-F5": "Only the match's first turn has no draw and no Battle Phase",
    "WRGP-F6": "The whole match is one Duel: 'once per Duel' is once per team",
    "WRGP-F7": "An LP-gaining loop is resolved once per player",
    "WRGP-F8": "A special victory makes one opposing duelist lose instead",
    "WRGP-F9": "Deliberate losses by card play are allowed",
    "WRGP-F10": "LP never drop below 0; every duelist starts with the starting LP",
    "WRGP-H1": "After a loss the turn runs on to the End Phase without skipping phases",
    "WRGP-H2": "What may and may not be done during that run-on",
    "WRGP-H3": "A loss during battle interrupts the battle",
    "WRGP-H4": "Field cards are handed over; hand, GY and banished cards are not",
    "WRGP-H5": "Handed-over cards go to the new duelist's GY / face-up Extra Deck",
    "WRGP-H6": "Handed-over cards bound for hand, Deck or face-down Extra go to their original owner",
    "WRGP-H7": "Effects already applied carry over",
    "WRGP-H8": "A loss cannot be undone",
    "WRGP-H9": f"{term('baton_touch', capital=True)}: a voluntary swap in one's own Draw Phase, before the draw",
    "WRGP-D1": "A draw caused by a card: its controller is treated as the winner",
    "WRGP-D2": "Both at 0 after a chain: the side damaged last loses",
    "WRGP-D3": "A second loss during a handover counts; the duel resumes with that team",
    "WRGP-SW1": "Speed World never leaves the field and is unaffected by card effects",
    "WRGP-SW2": "Speed World stays applied when another Field Spell is activated",
    "WRGP-SW3": "Each Standby Phase both teams gain 2 SPC (max 12)",
    "WRGP-SW4": "A losing duelist's team gains 2 SPC, 2 more if a >= b",
    "WRGP-SW5": "Speed World effects: 4, 7 or 10 SPC",
    "WRGP-SW6": "Speed World is in a separate place, not in a Field Zone",
    "WRGP-SW7": "Its effect is a Spell Card effect of the player who removed the counters",
    "WRGP-SW8": "Counter Cleaner removes its counters; Gate Blocker only stops placing them",
}

# Standard Yu-Gi-Oh! rules the WRGP rules build on. They are cited like rule ids when a step
# is rejected for a reason that is not WRGP's own.
STANDARD_RULES: dict[str, str] = {
    "STD-TURN": "A turn's phases come in order: Draw, Standby, Main 1, Battle, Main 2, End",
    "STD-TIMING": f"Summons, sets, ignition effects and {term('spell_speed')} 1 only in one's own Main Phase; "
                  f"attacks only in one's own Battle Phase; a chain link needs {term('spell_speed')} 2 or more, "
                  "at least the speed of the link it answers",
    "STD-LP": "A cost cannot be paid with more LP than one has",
    "STD-CARDS": "Only a card that is on the field can be destroyed or handed over; a card leaving the "
                 "field goes to its owner's pile, whoever controls it (WRGP-H5 excepted)",
}

TEAMS = ("A", "B")


def other(team: str) -> str:
    return "B" if team == "A" else "A"


class Phase(Value, frozen=True):
    """A phase of the turn: its ``key``, English ``name``, the ``rules`` that act in it, a ``note``."""

    key: str
    name: str
    rules: tuple[str, ...]
    note: str

    @property
    def japanese(self) -> str:
        """The phase's name in Japanese: the words catalogue's (wrgp.phase.*), the one place it is written."""
        from ..i18n import render
        from ..i18n.terms import WRGP_PHASE

        return render(WRGP_PHASE[self.key], {}, "ja")

    def note_in(self, lang: str = "en") -> str:
        """The phase's ``note`` in ``lang`` (the diagrams catalogue's translation of it)."""
        from ..i18n import render

        return render(f"diagrams.wrgp.note.{self.key}", {}, lang)



def rule_title(rule_id: str, lang: str = "en") -> str:
    """A WRGP rule id's title (:data:`RULES`) in ``lang``: the catalogue's ``wrgp.rule.*``, whose
    English is the table's text word for word."""
    from ..i18n import render
    from ..i18n.terms import WRGP_RULE_TITLE

    return render(WRGP_RULE_TITLE[rule_id], {}, lang)


# The turn, in order. ``rules`` are the ids that act in that phase.
PHASES: tuple[Phase, ...] = (
    Phase("draw", "Draw Phase", ("WRGP-F5", "WRGP-H9"),
          f"{term('baton_touch', capital=True)} only before the draw; no draw on the match's first turn."),
    Phase("standby", "Standby Phase", ("WRGP-SW3",),
          f"Both teams gain 2 {term('speed_counters')} (max 12)."),
    Phase("main1", "Main Phase 1", ("WRGP-SW5",),
          f"Speed World effects may be used (Reading speed-world-is-ignition-spell: own Main Phase, {term('spell_speed')} 1)."),
    Phase("battle", "Battle Phase", ("WRGP-F5", "WRGP-H3"),
          "None on the match's first turn; a loss during battle interrupts it."),
    Phase("main2", "Main Phase 2", ("WRGP-SW5",),
          f"Speed World effects may be used (Reading speed-world-is-ignition-spell: own Main Phase, {term('spell_speed')} 1)."),
    Phase("end", "End Phase", ("WRGP-H1",),
          "Delayed effects apply; a pending handover completes when the turn ends."),
)
PHASE_KEYS: tuple[str, ...] = tuple(p.key for p in PHASES)
PHASE_INDEX: dict[str, int] = {k: i for i, k in enumerate(PHASE_KEYS)}
PHASE_NAMES: dict[str, str] = {p.key: p.name for p in PHASES}
MAIN_PHASES = frozenset({"main1", "main2"})
# WRGP-F5: the phases the match's first turn does not have (no Battle Phase, so no Main Phase 2).
FIRST_TURN_SKIPS: tuple[str, ...] = ("battle", "main2")


def turn_has_phase(turn: int, key: str) -> bool:
    """Does turn number ``turn`` of a match have the phase ``key``? (WRGP-F5: not the first turn's
    Battle Phase and Main Phase 2.) The drawing reads it; the engine's phase walks use the same table."""
    return not (turn == 1 and key in FIRST_TURN_SKIPS)

# Action kinds of the `act` step, and the standard timing that applies outside a handover:
# "own_main" = only in one's own Main Phase with an open game state; "any" = at any time.
ACTION_KINDS: tuple[str, ...] = (
    "ignition_effect", "trigger_effect", "spell_speed_1", "spell_speed_2", "spell_speed_3",
    "summon", "summon_by_effect", "set", "set_by_effect",
)
STANDARD_TIMING: dict[str, str] = {
    "ignition_effect": "own_main",
    "trigger_effect": "any",
    "spell_speed_1": "own_main",
    "spell_speed_2": "any",
    "spell_speed_3": "any",
    "summon": "own_main",
    "summon_by_effect": "any",
    "set": "own_main",
    "set_by_effect": "any",
}

# STD-TIMING: Spell Speeds of chain links. A link after the first needs Spell Speed 2 or more and at least
# the speed of the link it answers. A link's speed is, in this order: its own `speed`, its card's (the
# cards the kit names, below), its action kind's, else DEFAULT_LINK_SPEED.
SPELL_SPEEDS = (1, 2, 3)
KIND_SPEEDS: dict[str, int] = {
    "ignition_effect": 1, "trigger_effect": 1, "spell_speed_1": 1, "spell_speed_2": 2, "spell_speed_3": 3,
}
SPEED_KINDS: dict[int, str] = {1: "spell_speed_1", 2: "spell_speed_2", 3: "spell_speed_3"}
# A link that names no speed, no card the kit knows and no kind with a speed is taken as a card that can be
# chained at all: Spell Speed 2 (a Trap, a Quick-Play Spell, a quick effect). Write `speed: 1` for a Normal
# Spell or an ignition effect, `speed: 3` for a Counter Trap.
DEFAULT_LINK_SPEED = 2
# The Spell Speeds of the cards the kit's scenarios, notebooks and FAQ name in chains (English and Japanese
# names). The card catalogue (rulings_lib/cards) is to supply these for every card it knows: card_speed()
# is the one place that looks a card's speed up.
CARD_SPEEDS: dict[str, int] = {
    "Ookazi": 1, "昼夜の大火事": 1,
    "Dian Keto the Cure Master": 1, "治療の神 ディアン・ケト": 1,
    "Counter Cleaner": 1, "カウンター・クリーナー": 1, "カウンタークリーナー": 1,
    "Power Bond": 1, "パワー・ボンド": 1,
    "Heavy Storm": 1, "大嵐": 1,
    "Harpie's Feather Duster": 1, "ハーピィの羽根帚": 1,
    "Pot of Generosity": 1,
    "Destruction Ring": 2, "破壊指輪": 2,
    "Sparks": 2, "火の粉": 2,
    "Chain Strike": 2, "連鎖爆撃": 2,
    "Twister": 2, "サイクロン": 2,
    "Mystical Space Typhoon": 2,
    "Solemn Judgment": 3, "神の宣告": 3,
}


def card_speed(card: str | None) -> int | None:
    """The Spell Speed of a card the kit knows by name (None if it does not know the card): the card
    catalogue's (rulings_lib/cards, any spelling), else this table's."""
    if not card or not isinstance(card, str):
        return None
    from ..cards import card as catalogue_card  # read on first use

    found = catalogue_card(card, CARDS)
    if found is not None and found.speed is not None:
        return found.speed
    return CARD_SPEEDS.get(card)


def link_speed(card: str | None, kind: str | None, speed: int | None) -> int:
    """A chain link's Spell Speed (STD-TIMING): its own ``speed``, its card's, its kind's, else the default."""
    if speed is not None:
        return speed
    known = card_speed(card)
    if known is not None:
        return known
    return KIND_SPEEDS.get(kind, DEFAULT_LINK_SPEED) if kind else DEFAULT_LINK_SPEED


# WRGP-H2: during a handover's automatic advance, what is allowed (True) and what is not.
# Attack declarations and Speed World effects are listed too: the first is not done by a card
# effect, the second is a Spell Speed 1 ignition-type effect (WRGP-SW5 reading).
HANDOVER_ALLOWED: dict[str, bool] = {
    "ignition_effect": False,
    "trigger_effect": True,
    "spell_speed_1": False,
    "spell_speed_2": True,
    "spell_speed_3": True,
    "summon": False,
    "summon_by_effect": True,
    "set": False,
    "set_by_effect": True,
    "attack": False,
    "speed_world": False,
}

ACTION_LABELS: dict[str, str] = {
    "ignition_effect": "activate a monster's ignition effect",
    "trigger_effect": "activate a monster's trigger effect",
    "spell_speed_1": f"activate a {term('spell_speed')} 1 Spell Card",
    "spell_speed_2": f"activate a {term('spell_speed')} 2 card or effect",
    "spell_speed_3": f"activate a {term('spell_speed')} 3 card or effect",
    "summon": "summon a monster without a card effect",
    "summon_by_effect": "summon a monster by a card effect",
    "set": "set a card without a card effect",
    "set_by_effect": "set a card by a card effect",
    "attack": "declare an attack",
    "speed_world": "use a Speed World effect",
}

# Speed World (WRGP).
SPC_MAX = 12          # WRGP-SW3
STANDBY_SPC = 2       # WRGP-SW3
LOSS_SPC = 2          # WRGP-SW4
LOSS_SPC_BONUS = 2    # WRGP-SW4, when a >= b


class SpeedWorldEffect(Value, frozen=True):
    """A Speed World effect: its ``cost`` in counters, its ``kind`` ("damage" | "draw" |
    "destroy") and its ``text``."""

    cost: int
    kind: str
    text: str


SPEED_WORLD_EFFECTS: dict[int, SpeedWorldEffect] = {
    4: SpeedWorldEffect(4, "damage", "deal 1600 x (1 + X) damage to the opponent (exactly 800 if a < b)"),
    7: SpeedWorldEffect(7, "draw", "draw 1 + X cards"),
    10: SpeedWorldEffect(10, "destroy", "destroy up to 1 + X cards on the field"),
}
SPEED_WORLD_DAMAGE = 1600
SPEED_WORLD_DAMAGE_BEHIND = 800

SPEED_WORLD = "Speed World (WRGP)"


def speed_world_x(a: int, b: int) -> int:
    """X = max(0, a - b), a = own team's lineup position in the duel, b = the opponent's."""
    return max(0, a - b)


def speed_world_size(cost: int, a: int, b: int) -> int:
    """The size of a Speed World effect (damage, cards drawn, cards destroyed) -- WRGP-SW5."""
    eff = SPEED_WORLD_EFFECTS[cost]
    x = speed_world_x(a, b)
    if eff.kind == "damage":
        return SPEED_WORLD_DAMAGE_BEHIND if a < b else SPEED_WORLD_DAMAGE * (1 + x)
    return 1 + x


def loss_counters(a: int, b: int) -> int:
    """SPC a losing duelist's team gains (before the cap): 2, plus 2 if a >= b -- WRGP-SW4."""
    return LOSS_SPC + (LOSS_SPC_BONUS if a >= b else 0)


# Where a card with Speed World "in play" may reach it (WRGP-SW6): scope -> (allowed, why).
SPEED_WORLD_SCOPES: dict[str, tuple[bool, str]] = {
    "own_field": (False, "a card that targets or counts only its own side's field cannot reach Speed World, "
                         "which is in neither player's field"),
    "opponent_field": (False, "a card that targets or counts only the opponent's field cannot reach Speed World, "
                              "which is in neither player's field"),
    "both_fields": (True, "a card that targets or counts both fields (\"the field\") can reach Speed World"),
    "field_zone": (False, "Speed World is not in a Field Zone, so a condition that needs a card in the "
                          "Field Zone is not met by it"),
    "empty_field": (True, "Speed World is not on either player's field, so \"your field is empty\" can "
                          "still be true"),
}

# Field zones whose cards are handed over (WRGP-H4) and the zones that stay with the duelist.
FIELD_ZONES = ("monster", "extra_monster", "spell_trap", "field", "pendulum")
PRIVATE_ZONES = ("hand", "gy", "banished", "deck", "extra")
ZONES = FIELD_ZONES + PRIVATE_ZONES
# Where a card may be sent by `move`: to the new holder (WRGP-H5) or to the original owner (WRGP-H6).
DESTINATIONS_TO_HOLDER = {"gy": "gy", "extra_face_up": "extra", "banished": "banished"}
DESTINATIONS_TO_OWNER = {"hand": "hand", "deck": "deck", "extra": "extra"}

GATE_BLOCKER = "Gate Blocker"
COUNTER_CLEANER = "Counter Cleaner"


READINGS = (
    Reading("lineup-size-setting", "WRGP-S1", FORMAT, "Lineup size is a setting",
            "A team has 1 to N duelists (3 by default) and both teams have the same number."),
    Reading("team-count-by-name", "WRGP-S2", FORMAT, "Team copies counted by name over all sections",
            "Copies are counted across the main, extra and side decks of all three decks by card name, "
            "and each deck must also be legal on its own (main 40-60, extra 0-15, side 0-15)."),
    Reading("match-ends-at-last-loss", "WRGP-F4", FORMAT, "The match ends at the last loss",
            "When a team's last duelist loses the match ends at once, with no run-on to the End Phase "
            "and no handover."),
    Reading("lp-floor-and-start", "WRGP-F10", FORMAT, "LP floor 0, fresh LP for every duelist",
            f"LP never drop below 0 and every duelist, including one who comes in by handover or {term('baton_touch')}, "
            "starts with the starting LP (8000 unless set)."),
    Reading("no-attack-in-run-on", "WRGP-H2", FORMAT, "No attack is declared during the run-on",
            "Attacks are not among what WRGP-H2 allows and WRGP-H3 ends a battle at a loss: a Battle Phase passed "
            "through in the run-on starts and ends, but no attack is declared."),
    Reading("run-on-keeps-mandatory-draw", "WRGP-H2", FORMAT, "The normal draw is still made in the run-on",
            "If a duelist loses in the Draw Phase before the normal draw, the turn player still makes it (a process "
            "that must be carried out) and the run-on goes on through the Standby Phase to the End Phase."),
    Reading("owner-is-who-brought-it", "WRGP-H6", FORMAT, "The original owner is the duelist who brought the card",
            "A card bound for the hand, the Deck or face-down to the Extra Deck goes to the duelist from whose deck "
            "it started, also after several handovers and for an opposing card whose control was taken."),
    Reading("incoming-hand-five", "WRGP-H4", FORMAT, "The incoming duelist draws an opening hand of five",
            "The incoming duelist takes over with their own Deck, Extra Deck, Graveyard and banishment (none of the "
            "previous duelist's) and draws an opening hand of five from their own Deck as the handover completes, "
            "before the turn in which they play; an event may announce otherwise."),
    Reading("baton-touch-inherits-field", "WRGP-H9", FORMAT, f"{term('baton_touch', capital=True)} keeps the field and the turn",
            "The incoming duelist inherits the field as in a handover (WRGP-H4..H7) and goes on with the "
            "same turn from the Draw Phase draw."),
    Reading("draw-survivor-stays-at-0", "WRGP-D1", FORMAT, "The survivor of a draw stays at 0 LP",
            "The duelist treated as the winner of a draw (or the one who is not the loser under WRGP-D2, when they "
            "end the chain at 0) stays in the duel at 0 LP and loses as soon as they take damage again or must pay LP."),
    Reading("one-card-both-is-d1", "WRGP-D1", FORMAT, "One card bringing both to 0 outside a two-player chain is WRGP-D1",
            "When one card effect takes both duelists from above 0 to 0 at the same moment outside a chain built by both "
            "players -- on its own, as a chain's only link (a one-link chain is not built by both players) or in a chain "
            "of one player's links -- its controller is treated as the winner. The team letter never decides."),
    Reading("chain-last-damaged-loses", "WRGP-D2", FORMAT, "In a chain built by both players the side damaged last loses",
            "In a chain with at least one link of each player, WRGP-D2 decides as its text says: the side that took "
            "damage last in the reverse-order resolution loses, also when an earlier-resolving link had brought both "
            "to 0 at once and a later-resolving link then hit one of them at 0. Only when the chain's last damage hit "
            "both at once (one card) does WRGP-D1 decide: that card's controller is treated as the winner."),
    Reading("one-player-chain-is-d1", "WRGP-D1", FORMAT, "A chain built by one player alone is a WRGP-D1 draw",
            "WRGP-D2 is written for a chain built by both players' card effects. A chain whose links were all "
            "activated by one player, after which both duelists are at 0, is WRGP-D1: that player's duelist is "
            "treated as the winner (staying at 0), the other loses and the duel resumes with the other team, "
            "whichever link brought whom to 0 last."),
    Reading("draw-again-same-rule", "WRGP-D1", FORMAT, "A survivor at 0 and the other losing by one card: WRGP-D1 again",
            "If the survivor at 0 LP takes damage and the opposing duelist reaches 0 at the same moment by one card, "
            "that is again WRGP-D1: the card's controller is treated as the winner."),
    Reading("no-cost-at-0", "WRGP-D1", FORMAT, "A survivor at 0 LP cannot pay an LP cost",
            "The survivor at 0 LP cannot pay an LP cost above 0 (STD-LP); a cost of half their LP is 0 and changes "
            "nothing; only an effect that makes them pay or lose more than 0 LP makes them lose."),
    Reading("zero-in-chain-stays-lost", "WRGP-D2", FORMAT, "0 LP at any chain link is a loss a later gain cannot undo",
            "Losses met inside a chain are settled once the whole chain has resolved (outside a chain at once), but a "
            "duelist whose LP reached 0 at any link has met the loss condition, and a later-resolving link that gives "
            "LP back does not undo it (WRGP-H8). If one duelist reached 0 in the chain, that one loses; if both did, "
            "WRGP-D2 (or WRGP-D1) picks the loser and the other stays in at the LP they have when the chain is over."),
    Reading("second-loss-both-out", "WRGP-D3", FORMAT, "A loss during a handover puts both out",
            "By WRGP-H8 both duelists are out, both teams send in their next duelist, and the next turn "
            "belongs to the team of the duelist who lost last."),
    Reading("loss-counters-at-the-moment", "WRGP-SW4", FORMAT, "Loss counters use the positions at that moment",
            "a and b are the lineup positions of the duelists in the duel when the loss happens (a duelist "
            "whose handover is pending still counts), and the counters are added at once."),
    Reading("counter-cap-12", "WRGP-SW4", FORMAT, f"At most 12 {term('speed_counters')}, losses included",
            "The source writes (max 12) on WRGP-SW3 only; the kit caps a team's counters at 12 whatever adds "
            "them, the counters for a loss (WRGP-SW4) included."),
    Reading("speed-world-is-ignition-spell", "WRGP-SW5", FORMAT, f"Speed World effects are {term('spell_speed')} 1",
            "A Speed World effect is used like an ignition-type Spell effect: in one's own Main Phase with "
            "an open game state, any number of times while counters last, never during a handover's run-on."),
    Reading("lp-loop-once-per-player", "WRGP-F7", FORMAT, "An LP loop gives each player one iteration",
            "However many times a loop could repeat, each player it would give LP to gains from it once.",
            source="kit"),
    Reading("counter-cleaner-clears-both-teams", "WRGP-SW8", FORMAT, "Counter Cleaner empties Speed World",
            "Counter Cleaner removes all counters from one card, and Speed World is one card, so both teams' "
            f"{term('speed_counters')} drop to 0.", source="kit",
            settled_by="カウンタークリーナーの効果を受けカウンターは取り除かれます (WRGP-SW8), and the card's own "
                       "text: remove all counters on the field"),
    Reading("gate-blocker-stops-loss-counters", "WRGP-SW8", FORMAT, f"Gate Blocker stops every {term('speed_counter')}",
            f"While the opponent controls a face-up Gate Blocker a team gains no {term('speed_counters')} at all, neither in the "
            "Standby Phase (WRGP-SW3) nor for a loss (WRGP-SW4)."),
    Reading("gain-after-loss-does-not-save", "WRGP-H8", FORMAT, "LP gained after a loss are counted but void",
            "LP gained by a duelist whose loss is determined are added to their LP, but the loss stands and "
            "the handover goes on.", source="kit"),
    Reading("banished-handed-over-cards-follow-gy", "WRGP-H5", FORMAT, "Banished handed-over cards go to the new duelist",
            "A handed-over card that is banished goes to the new duelist's banishment, as a card sent to the "
            "GY goes to the new duelist's GY.", source="kit"),
    Reading("surrender-is-baton-touch", "WRGP-H9", FORMAT, f"The only surrender is the {term('baton_touch')}",
            f"The rulebook's surrender (サレンダーについて) is the {term('baton_touch')}, a swap for the team's next "
            "duelist: a team's last duelist has no one to swap in, so cannot surrender; conceding a whole match "
            "is not in the rulebook and is left to the organiser.", source="kit"),
)
# The team deck check's readings (WRGP-S2, rulings_lib/decks/wrgp_team.py): where the files leave
# the rule open, the check plays by these.
DECK_READINGS = (
    Reading("banlist-strictest-passcode", "WRGP-S2", FORMAT, "A card's status is the strictest of its passcodes",
            "With a card database, a card counts under the passcode its alias chain ends at; a banlist may "
            "name it by any of its passcodes, and where it names several with different counts the "
            "strictest count applies.", source="kit"),
    Reading("whitelist-any-passcode", "WRGP-S2", FORMAT, "A whitelist may name a card by any of its passcodes",
            "Under a $whitelist list a card is allowed when the list names it, the card it is an alternate "
            "artwork of, or another artwork of that card.", source="kit"),
    Reading("alias-loop-lowest-passcode", "WRGP-S2", FORMAT, "Cards whose aliases loop count as one card",
            "If the aliases in a card database form a loop, every card of the loop counts as the lowest "
            "passcode in it, and the report warns about the loop.", source="kit"),
)

register(*READINGS, *DECK_READINGS)
