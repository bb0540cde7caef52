"""Digimon Card Game tag battle regulation Ver-T,1.0 as data: rule ids, seats, phases, who goes
first next turn, lost-point levels, card-specific rulings and the Readings.

This module is the one source of truth that the engine (:mod:`.engine`), the diagrams and the
notebooks read. Rule ids are those of ``shared/spec/digimon-tag-rules.md``; the Japanese
original is ``shared/seeds/digimon-tag-battle-ver-t1.0.ja.txt``.

>>> [p.key for p in PHASES]
['preparation', 'evolution', 'battle_start', 'battle', 'point_calculation']
>>> phase("battle_start").order
('second-A', 'first-A', 'second-B', 'first-B')
>>> lost_points({"3": 10, "4": 20, "perfect": 30, "ultimate": 40}, "ultimate-class")
40
"""

from __future__ import annotations

import re
import unicodedata

from ..i18n.glossary import word as term
from ..readings import Reading, register
from ..values import Value

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

FORMAT = "digimon-tag"
CARDS = "tag.yaml"       # its card catalogue, rulings_lib/cards/tag.yaml (the record's Format.cards)

# Every rule id of the tag battle reference, with a short title (the full text is in the spec).
RULES: dict[str, str] = {
    "TAG-S1": f"Stand-by: a face-down Level 3 Digimon, decks shuffled by an opponent, {term('point_gauge')} at 100",
    "TAG-S2": "Start: draw 6, the RPS winner's tag goes first, letters A and B (changed only by Change Up!, TAG-R3)",
    "TAG-P1": "Preparation phase: first-A, second-A, first-B, second-B, steps 1-6",
    "TAG-P2": "Evolution phase: evolve (only the second tag may call it off), then abilities",
    "TAG-P3": "Battle start: second-A, first-A, second-B, first-B",
    "TAG-P4": "Battle phase: powers read from second-A; the tags alternate, the second tag begins",
    "TAG-P5": "Point calculation: A vs A, B vs B; the loser loses points for the opponent's level",
    "TAG-N1": "One tag won both battles: it goes first next turn",
    "TAG-N2": "Each tag won one battle: first and second swap",
    "TAG-N3": "One battle was a draw: the other battle's winner goes first",
    "TAG-N4": "Both battles were draws: first and second swap",
    "TAG-N5": "Only one battle took place: it decides; a draw swaps",
    "TAG-E1": f"A player whose {term('point_gauge')} reaches 0 is out",
    "TAG-E2": "A player whose opponent is out carries on (no 'if the opponent's ...' effects)",
    "TAG-E3": "One A and one B of different tags left: they finish 1-vs-1",
    "TAG-E4": "Both remaining players of the same tag: that tag wins",
    "TAG-K1": "30 cards, at least one Level 3, at most 3 of a name per player",
    "TAG-K2": "Only Bo-, St-, Bx-, Sx- numbered cards",
    "TAG-K3": "Bo-20v (Digivice 01): replacement cards ready, the deck stays 30",
    "TAG-K4": "Sleeves advised, ideally unlike the partner's (advice, not checked)",
    "TAG-R1": "Projection-type effects affect one named opponent; flushes only their slots",
    "TAG-R2": "Contact-type effects cannot be used on one's partner (support Digimon excepted)",
    "TAG-R3": "Ultimate Battle level effects mostly work; named cards are exceptions",
    "TAG-R4": "'The opponent' is one named opponent; 'all' is all four players",
    "TAG-R5": "Rewinds (St-104) if the user lost; a truce (St-220) skips the battle phase",
}

# The rule ids that are about play (scenarios); TAG-K* are the deck check's.
PLAY_RULES: tuple[str, ...] = tuple(r for r in RULES if not r.startswith("TAG-K"))
DECK_RULES: tuple[str, ...] = tuple(r for r in RULES if r.startswith("TAG-K"))

LETTERS: tuple[str, ...] = ("A", "B")
SIDES: tuple[str, ...] = ("first", "second")
# TAG-S2: the four seats of a turn. "first-A" is the letter-A player of the tag that goes first.
SEATS: tuple[str, ...] = ("first-A", "second-A", "first-B", "second-B")
START_POINTS = 100  # TAG-S1
HAND_SIZE = 6       # TAG-S2, TAG-P1


def seat_name(side: str, letter: str) -> str:
    return f"{side}-{letter}"


def seat_parts(seat: str) -> tuple[str, str]:
    """``"second-A"`` -> ``("second", "A")``."""
    side, letter = seat.split("-")
    return side, letter


class PhaseStep(Value, frozen=True):
    number: int
    text: str
    japanese: str = ""


class Phase(Value, frozen=True):
    key: str
    name: str
    rule: str
    order: tuple[str, ...]   # seats, in the order in which the players act
    order_note: str
    steps: tuple[PhaseStep, ...]

    @property
    def japanese(self) -> str:
        """The phase's name in Japanese: the words catalogue's (tag.phase.*), the one place it is written."""
        from ..i18n import render
        from ..i18n.terms import TAG_PHASE

        return render(TAG_PHASE[self.key], {}, "ja")


# The turn, in order (TAG-P1..P5). Step texts follow the source; its damaged circled numbers
# are read as in the spec.
PHASES: tuple[Phase, ...] = (
    Phase(
        "preparation", "Preparation phase", "TAG-P1",
        ("first-A", "second-A", "first-B", "second-B"),
        "Each player in turn does steps 1-6: first-A, second-A, first-B, second-B.",
        (
            PhaseStep(1, "May discard unwanted cards from hand and slots to the Dark Area",
                      "手札とスロットの要らないカードをダークエリアに捨てることが出来る"),
            PhaseStep(2, "Draw from the Net Ocean up to 6 cards in hand",
                      "ネットの海から手札が６枚になるように引く"),
            PhaseStep(3, "May set a Level 3 Digimon face down on the current Digimon to swap it",
                      "交換するレベル３デジモンを今のデジモンに伏せておくことが出来る"),
            PhaseStep(4, "May place cards in the evolution box, power box and support box",
                      "進化ＢＯＸとパワーボックスと援護ＢＯＸにカードを置き、進化の準備が行える"),
            PhaseStep(5, "May use option cards and abilities", "オプションカード／能力の発動を行える"),
            PhaseStep(6, "May set option cards in slots", "オプションカードをスロットにセットできる"),
        ),
    ),
    Phase(
        "evolution", "Evolution phase", "TAG-P2",
        ("first-A", "second-A", "first-B", "second-B"),
        "Each player in turn: first-A, second-A, first-B, second-B (the source misprints the first "
        "item as first-A's preparation phase). Option cards and always-on abilities may be used at "
        "any time during steps 1-2.",
        (
            PhaseStep(1, "Evolve a prepared Digimon (only a player of the second tag may call it off)",
                      "準備していたデジモンがいれば進化させる(後攻側に限り進化を取りやめることが出来る)"),
            PhaseStep(2, "Use Digimon abilities", "デジモンの能力を使用できる"),
        ),
    ),
    Phase(
        "battle_start", "Battle start", "TAG-P3",
        ("second-A", "first-A", "second-B", "first-B"),
        "Second-A, first-A, second-B, first-B, each doing steps 1-2.",
        (
            PhaseStep(1, "Digimon that appear at battle start appear, then use their on-appearance effects",
                      "「バトル開始時に出現」するデジモンの出現→「出現と同時に発揮する効果」を使用"),
            PhaseStep(2, "Use at-battle-start effects and abilities",
                      "「バトル開始時に発動する効果・能力」の使用"),
        ),
    ),
    Phase(
        "battle", "Battle phase", "TAG-P4",
        ("second-A", "first-A", "second-B", "first-B"),
        "Attack powers are read starting with second-A (the source names only the first; the rest "
        "follow the battle-start order). Then the tags alternate, beginning with either player of "
        "the second tag; one person acts at a time.",
        (
            PhaseStep(1, "Starting with second-A, each player reads their attack power against the "
                         "battle type of the Digimon in front of them",
                      "【後攻Ａ】から先に目の前の人バトルタイプで攻撃力を確認し、全員の攻撃力を出す"),
            PhaseStep(2, "Beginning with either player of the second tag, the tags alternate using "
                         "option cards and abilities",
                      "【後攻側】のどちらか１人から交互にオプションカード／能力を使用できる"),
            PhaseStep(3, "When nobody uses anything more, the final attack powers are read",
                      "全員使用するオプションカードや能力がなくなったら、最終的な攻撃力を確認する"),
        ),
    ),
    Phase(
        "point_calculation", "Point calculation phase", "TAG-P5",
        ("first-A", "second-A", "first-B", "second-B"),
        "Options (step 2) and abilities (step 4) in the order first-A, second-A, first-B, second-B "
        "(the source misprints step 4 as a second step 2).",
        (
            PhaseStep(1, "Compare attack powers within each letter (A vs A, B vs B)",
                      "バトルフェイズの攻撃力を比べ、勝敗を決定する"),
            PhaseStep(2, "Option cards may be used in seat order",
                      "【先攻Ａ】＞【後攻Ａ】＞【先攻Ｂ】＞【後攻Ｂ】の順にオプションカードを使用できる"),
            PhaseStep(3, "Each loser reduces their gauge by their lost points for the same-letter "
                         "opponent's level",
                      "バトルに負けた人は、自分のロストポイントを見て、同じアルファベットの人のデジモン"
                      f"レベルが書かれた所のポイント分だけ自分の{term('point_gauge', 'ja')}を減らす"),
            PhaseStep(4, "Abilities may be used in seat order",
                      "【先攻Ａ】＞【後攻Ａ】＞【先攻Ｂ】＞【後攻Ｂ】の順に能力を使用できる"),
        ),
    ),
)
PHASE_KEYS: tuple[str, ...] = tuple(p.key for p in PHASES)
PHASE_INDEX: dict[str, int] = {k: i for i, k in enumerate(PHASE_KEYS)}

# Phases whose acting order is a fixed seat order, listed in the outcome's ``order`` key. In the
# battle phase the tags alternate freely after the powers are read (TAG-P4), so it is not one.
ORDERED_PHASES: tuple[str, ...] = ("preparation", "evolution", "battle_start", "point_calculation")
# What a player does within a phase (the `act` verb's ``kind``): option cards, Digimon abilities,
# evolving and calling it off (TAG-P2 ①), or passing (ending one's part of a seat-ordered step, or
# a battle-phase turn with no use, TAG-P4). ``use`` is "an option card or ability" (the kind of an
# `act` that names none).
ACTION_KINDS: tuple[str, ...] = ("use", "option", "ability", "evolve", "call_off", "pass")
ACTION_LABELS: dict[str, str] = {
    "use": "uses an option card or ability", "option": "uses an option card", "ability": "uses an ability",
    "evolve": "evolves their Digimon", "call_off": "calls off their evolution", "pass": "passes",
}
# The step of each phase in which an action kind is taken (the circled numbers of PhaseStep). 0:
# at any time during the phase's steps (TAG-P2: option cards during ①–②, reading
# evolution-in-seat-order). A kind a phase does not list cannot be taken in it.
ACTION_STEPS: dict[str, dict[str, int]] = {
    "preparation": {"use": 5, "option": 5, "ability": 5},
    "evolution": {"evolve": 1, "call_off": 1, "ability": 2, "use": 0, "option": 0},
    "battle_start": {"use": 2, "option": 2, "ability": 2},
    "battle": {"use": 2, "option": 2, "ability": 2},
    "point_calculation": {"use": 2, "option": 2, "ability": 4},
}
# How the seats take a seat-ordered phase: "seat" -- each seat does all its steps, then the next
# seat (TAG-P1, TAG-P2, TAG-P3); "round" -- each step is a round in seat order (TAG-P5: options in
# ②, then abilities in ④, two separate rounds).
SEAT_ROUNDS: dict[str, str] = {"preparation": "seat", "evolution": "seat", "battle_start": "seat",
                               "point_calculation": "round"}
# TAG-P4 ②: the tag that has the first turn of the battle phase's alternation.
BATTLE_OPENER = "second"
# TAG-R5 reading truce-timing: the phases in which St-220 may be used.
TRUCE_PHASES: tuple[str, ...] = ("preparation", "evolution")
# TAG-R3: the cards that swap the two players of a tag (Change Up!).
CHANGE_UP: frozenset[str] = frozenset({"St-319", "St-320"})


def phase(key: str) -> Phase:
    return PHASES[PHASE_INDEX[key]]


class NextTurnRule(Value, frozen=True):
    rule: str
    condition: str
    result: str   # "winner-first" | "swap"


# Who goes first next turn (TAG-N1..N5). TAG-N5 is a Reading with two cases.
NEXT_TURN: tuple[NextTurnRule, ...] = (
    NextTurnRule("TAG-N1", "one tag won both battles", "winner-first"),
    NextTurnRule("TAG-N2", "each tag won one battle", "swap"),
    NextTurnRule("TAG-N3", "one battle was a draw and the other had a winner", "winner-first"),
    NextTurnRule("TAG-N4", "both battles were draws", "swap"),
    NextTurnRule("TAG-N5", "only one battle took place and it had a winner", "winner-first"),
    NextTurnRule("TAG-N5", "only one battle took place and it was a draw", "swap"),
)


def next_turn_rule(winners: list[str | None]) -> tuple[NextTurnRule, str | None]:
    """Which NEXT_TURN row decides, from each battle's winning tag (``None`` for a draw), and the
    tag that goes first when the row says ``winner-first``.

    >>> next_turn_rule(["red", None])[0].rule
    'TAG-N3'
    """
    wins = [w for w in winners if w is not None]
    if len(winners) == 2:
        if len(wins) == 2:
            row = NEXT_TURN[0] if wins[0] == wins[1] else NEXT_TURN[1]
        else:
            row = NEXT_TURN[2] if wins else NEXT_TURN[3]
    elif len(winners) == 1:
        row = NEXT_TURN[4] if wins else NEXT_TURN[5]
    else:
        raise ValueError("a turn's battle result has one or two battles")
    return row, (wins[0] if row.result == "winner-first" else None)


# Digimon levels of the lost-points table (TAG-P5 ③), in the order printed on a card.
LEVELS: tuple[str, ...] = ("3", "4", "perfect", "ultimate")
LEVEL_NAMES: dict[str, str] = {"3": "Level 3", "4": "Level 4", "perfect": "Perfect", "ultimate": "Ultimate"}
# TAG-P5 ③: an opponent whose info says "Ultimate-class Digimon" counts as Ultimate.
ULTIMATE_CLASS = "ultimate-class"
_LEVEL_ALIASES = {
    "3": "3", "iii": "3", "レベル3": "3", "レベルiii": "3", "成長期": "3",
    "4": "4", "iv": "4", "レベル4": "4", "レベルiv": "4", "成熟期": "4",
    "perfect": "perfect", "完全体": "perfect",
    "ultimate": "ultimate", "究極体": "ultimate",
    "ultimate-class": ULTIMATE_CLASS, "ultimate class": ULTIMATE_CLASS, "究極体級": ULTIMATE_CLASS,
    "究極体級デジモン": ULTIMATE_CLASS,
}


def level_key(value: object) -> str:
    """A level as given (``3``, ``"IV"``, ``"Perfect"``, ``"究極体級"`` ...) -> ``"3"``, ``"4"``,
    ``"perfect"``, ``"ultimate"`` or ``"ultimate-class"``. Raises ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"not a Digimon level: {value!r}")
    key = _LEVEL_ALIASES.get(str(value).strip().lower())
    if key is None:
        raise ValueError(f"not a Digimon level: {value!r} (expected 3, 4, perfect, ultimate or ultimate-class)")
    return key


def table_level(level: object) -> str:
    """The column of a lost-points table that a loss to ``level`` reads (Ultimate-class -> ultimate)."""
    key = level_key(level)
    return "ultimate" if key == ULTIMATE_CLASS else key


def lost_points(table: dict[Any, int], opponent_level: object) -> int:
    """TAG-P5 ③: the points a loser loses, read from their own lost-points table at the level of
    the same-letter opponent's Digimon."""
    norm = {table_level(k): v for k, v in table.items()}
    col = table_level(opponent_level)
    if col not in norm:
        raise ValueError(f"the lost-points table has no {LEVEL_NAMES[col]} entry")
    return norm[col]


class CardRule(Value, frozen=True):
    """A card-specific ruling of the tag regulation (mostly TAG-R3)."""

    key: str               # card number ("St-296") or ability name ("aerial")
    name: str              # as printed (Japanese) where the source gives it
    english: str
    rule: str
    allowed: bool          # may the card (or the named effect) be used in a tag battle?
    text: str
    effect: int | None = None   # which effect of the card the ruling is about (None: the whole card)


CARD_RULES: dict[str, CardRule] = {r.key: r for r in (
    CardRule("St-240", "ホーリーエンジェモン", "Holy Angemon", "TAG-R3", True,
             "St-240-style special abilities work and affect every battling Digimon (all four)."),
    CardRule("St-296", "ヴェノムヴァンデモン", "Venom Vamdemon", "TAG-R3", False,
             "St-296-style 'battling / not battling' effects cannot be used: all four battle at once."),
    CardRule("St-321", "デジタルゲート！", "Digital Gate!", "TAG-R3", False,
             "The second effect of St-321 cannot be used (its other effect can).", effect=2),
    CardRule("St-319", "チェンジアップ！", "Change Up!", "TAG-R3", True,
             "Change Up! may swap the two players within a tag: they exchange letters for the rest of the game."),
    CardRule("St-320", "チェンジアップ！", "Change Up!", "TAG-R3", True,
             "Change Up! may swap the two players within a tag: they exchange letters for the rest of the game."),
    CardRule("aerial", "空中", "aerial (ability)", "TAG-R3", False,
             "Abilities such as 'aerial' may not swap players (only Change Up! may)."),
    CardRule("Bo-302", "究極のコネクション！！", "Ultimate Connection!!", "TAG-R1", True,
             "A flush-type ability: it flushes only the named opponent's slots."),
    CardRule("Bo-356", "インペリアルドラモン", "Imperialdramon", "TAG-R1", True,
             "A flush-type ability: it flushes only the named opponent's slots."),
    CardRule("St-104", "リターンマッチだ！", "Return Match!", "TAG-R5", True,
             "Rewinds the turn if the user lost this turn's battle, even if the partner won; everyone "
             "battles again (the `rematch` step)."),
    CardRule("St-220", "休戦協定の締結", "Conclusion of a Truce", "TAG-R5", True,
             "All four players skip the battle phase (the `truce` step)."),
    CardRule("Bo-20v", "デジヴァイス01", "Digivice 01", "TAG-K3", True,
             "Keep replacement cards ready; the deck limit stays 30."),
)}


# A card number: a short prefix of letters, a hyphen, digits and an optional letter suffix
# ("St-104", "Bo-20v", "Bo-1f").
NUMBER_RE = re.compile(r"^[A-Za-z]{1,4}-[0-9]{1,5}[A-Za-z]{0,3}$")
_LOOSE_NUMBER_RE = re.compile(r"^([A-Za-z]{1,4})-?([0-9]{1,5}[A-Za-z]{0,3})$")   # as typed: the hyphen may be left out
# What people type for the hyphen of a card number (after NFKC, which already makes "－" and "﹣" a
# hyphen): the dashes, the minus sign and the katakana prolonged sound mark (ー, ｰ) of a Japanese IME.
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\u02d7\u30fc\uff70"
                                             "\u2500\u2501\ufe63\uff0d"})


def card_number(text: object) -> str | None:
    """``text`` read as a card number, in its printed form (``"St-319"``), or None: any width, case
    and dash, or none (``"ＳＴ－３１９"``, ``"st‐319"``, ``"ST ー 319"``, ``"St319"`` all read ``"St-319"``)."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    dashed = text.translate(_DASHES)
    # ASCII or its full-width forms only (NFKC would also read "²" or "①" as a digit: not a number's spelling).
    if not all(c.isascii() or "\uff01" <= c <= "\uff5e" or c == "\u3000" for c in dashed):
        return None
    folded = "".join(unicodedata.normalize("NFKC", dashed).split())
    found = _LOOSE_NUMBER_RE.match(folded)
    if not found:
        return None
    prefix, rest = found.group(1), found.group(2)
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return f"{prefix[:1].upper()}{prefix[1:].lower()}-{digits}{rest[len(digits):].lower()}"


def card_rule(key: str) -> CardRule | None:
    """The tag regulation's ruling on a card number (``"St-296"``, in any width, case or dash) or
    ability (``"aerial"``)."""
    if key in CARD_RULES:
        return CARD_RULES[key]
    number = card_number(key)
    if number is not None:
        return CARD_RULES.get(number)
    low = key.strip().lower()
    return next((r for k, r in CARD_RULES.items() if k.lower() == low), None)


# What a `target` / `check_target` effect kind is, and the rule that governs it.
EFFECT_KINDS: dict[str, tuple[str, str]] = {
    "projection": ("TAG-R1", "a projection-type effect affects the one named opponent"),
    "both_sides": ("TAG-R1", "'both sides' means the user and one named opponent"),
    "flush": ("TAG-R1", "a flush-type ability flushes only the named opponent's slots"),
    "contact": ("TAG-R2", "a contact-type effect may be used on oneself or an opponent, not on one's partner"),
    "support": ("TAG-R2", "a support Digimon may be used on the partner's Digimon if the partner meets "
                          "its requirements"),
    "opponent": ("TAG-R4", "'the opponent' means one named opponent: either player of the other tag"),
    "all": ("TAG-R4", "'all ...' means all four players"),
}
# Kinds of use checked by TAG-E2 (a player whose opponent is out).
USE_KINDS: dict[str, bool] = {
    "evolution": True,
    "projection": True,
    "opponent_condition": False,   # effects of the form "if the opponent's ... is ..."
}


READINGS = (
    Reading("equal-power-is-draw", "TAG-P5", FORMAT, "Equal attack powers draw",
            "A battle whose attack powers are equal is a draw: nobody loses points."),
    Reading("simultaneous-outs-in-seat-order", "TAG-P5", FORMAT, "Several outs go in seat order",
            "When several players reach 0 in one point calculation they are out in the seat order of "
            "step 3: first-A, second-A, first-B, second-B."),
    Reading("single-battle-decides", "TAG-N5", FORMAT, "A single battle decides who goes first",
            "When only one battle took place (a letter has lost a player) its winner's tag goes first; "
            "if it was a draw, first and second swap."),
    Reading("same-tag-survivors-win", "TAG-E4", FORMAT, "Two survivors of one tag win",
            "If both remaining players are of the same tag, that tag wins.",
            settled_by="タッグ２人のライフがなくなるまでゲームを続ける (the game goes on until both players of a "
                       "tag are out, TAG-S2)"),
    Reading("one-vs-one-first-follows-n5", "TAG-E3", FORMAT, "1-vs-1: the single battle decides",
            "After the switch to 1-vs-1 who goes first next turn follows TAG-N5: the winner's tag; a "
            "draw swaps."),
    Reading("rewind-undoes-the-turn", "TAG-R5", FORMAT, "A rewind undoes the turn's battle entirely",
            "A rewind undoes that turn's battle results entirely: points, players out and who goes first."),
    Reading("truce-swaps-first", "TAG-R5", FORMAT, "After a truce first and second swap",
            "After a truce there is no battle result and first and second swap, as in TAG-N4."),
    Reading("battle-powers-read-in-battle-start-order", "TAG-P4", FORMAT,
            "Attack powers are read in the battle-start order",
            "The source names only second-A as the first to read their attack power; the kit reads the "
            "rest in the battle-start order: second-A, first-A, second-B, first-B.", source="kit"),
    Reading("one-vs-one-seats", "TAG-E3", FORMAT, "1-vs-1 players take the A seats",
            "After the switch to 1-vs-1 the two players face each other as one letter: the first tag's "
            "player acts as first-A and the other as second-A in every phase order.", source="kit"),
    Reading("tag-only-rules-end-at-one-vs-one", "TAG-E3", FORMAT,
            "Tag-only restrictions end at 1-vs-1",
            "Under the normal 1-vs-1 regulation the restrictions that exist because four play at once "
            "(TAG-R3's exceptions, TAG-E2) no longer apply.", source="kit"),
    Reading("rewind-before-the-match-ends", "TAG-R5", FORMAT, "A rewind can undo the deciding battle",
            "A rewind is used within the turn whose battle it undoes, so it may also undo the battle "
            "that would end the match; the match ends only when that turn's results stand.", source="kit"),
    Reading("evolution-in-seat-order", "TAG-P2", FORMAT, "The evolution phase goes seat by seat",
            "The seats take the evolution phase one after another (first-A, second-A, first-B, second-B): "
            "each evolves (or, second tag only, calls its evolution off), then uses Digimon abilities, and "
            "once it passes it can no longer evolve, call off or use an ability. Option cards may be used "
            "by any player during any seat's steps 1-2 (open question: the narrower reading is during "
            "one's own steps 1-2)."),
    Reading("battle-phase-alternation", "TAG-P4", FORMAT, "The battle phase goes in turns",
            "Step 2 of the battle phase goes in turns: a turn belongs to one player of a tag (the partners "
            "choose which) and holds any number of that player's uses, or none (a pass). The second tag has "
            "the first turn, then the tags alternate; step 3 comes when two turns in a row, one of each tag, "
            "are passes."),
    Reading("truce-timing", "TAG-R5", FORMAT, "A truce only before the battle phase",
            "St-220 may be used only before the battle phase: in one's preparation phase (step 5) or during "
            "the evolution phase; from battle start on it cannot be. Once used, battle start and the battle "
            "phase are skipped for all four and nothing is compared in the point calculation."),
    Reading("change-up-lasts-the-game", "TAG-R3", FORMAT, "Change Up! swaps letters for the rest of the game",
            "After Change Up! (St-319/320) the two partners exchange letters from that moment for the rest "
            "of the game: each battles the other letter's opponent and takes that letter's seat, keeping "
            f"their own Digimon, cards and {term('point_gauge')} (open question: the swap could also last one turn)."),
    Reading("out-player-cannot-be-targeted", "TAG-R4", FORMAT, "Only players in the game can be named",
            "A player who is out takes no further part (TAG-E1), so an effect cannot name them and 'all' "
            "means all players still in the game.", source="kit"),
    Reading("digivice-pool-30", "TAG-K3", FORMAT, "Digivice 01's replacement cards: at most 30",
            "The source's 上限は30枚 follows the sentence on Digivice 01's replacement cards, so it caps that "
            "pool at 30 cards; the deck itself is 30 cards by TAG-K1 and the replacement cards are not part "
            "of it."),
    Reading("out-when-the-gauge-reaches-0", "TAG-E1", FORMAT, "A player is out the moment their gauge is 0",
            f"A player is out from the moment their {term('point_gauge')} reaches 0, whatever brought it there (an option "
            "card before any battle included), not only after a point calculation: the regulation's やられたら "
            "speaks of a player who has lost, without saying when.", source="kit"),
)
register(*READINGS)
