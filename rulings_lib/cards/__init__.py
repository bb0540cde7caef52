"""The card catalogue: the cards the two rulebooks name, known by name in English or Japanese.

The catalogue is data (``wrgp.yaml``, ``tag.yaml`` beside this file), read on first use, so
``import rulings_lib`` stays light. Each file declares its format (``format: wrgp``); the format's
record names its file (``rulings_lib.formats.FORMATS[name].cards``, from the format's own tables),
and whoever asks for a catalogue passes that file: this module knows no format by name. A card's effect is written in the engines' own verbs (damage,
gain, an LP cost, lasting effects, once per Duel ...); the engines read it when a scenario or the
API names the card (``m.activate("B", "破壊指輪")``).

Names are matched after NFKC, ignoring case, spaces, punctuation (``・``, ``-``, ``'``, brackets)
and full/half width, in either language and under the rulebooks' own spellings (aliases):

>>> card("パワーボンド", "wrgp.yaml").id, card("POWER  BOND", "wrgp.yaml").id, card("ﾊﾟﾜｰ･ﾎﾞﾝﾄﾞ", "wrgp.yaml").id
('power-bond', 'power-bond', 'power-bond')
>>> card("Power Bnod", "wrgp.yaml") is None, suggest("Power Bnod", "wrgp.yaml")
(True, ['Power Bond'])
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from ..errors import ArgumentError, InputError
from ..i18n.glossary import word as term
from ..values import Value, field

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any, NoReturn

    from ..i18n import Msg

HERE = Path(__file__).parent
LANGS = ("en", "ja")
DEFAULT_LANG = "en"
EFFECT_KEYS = ("damage", "gain", "cost", "min_link", "clear_counters", "blocks_counters", "fusion_boost",
               "lasting", "once_per_duel", "special_victory", "scopes", "none", "rewind", "truce", "change_up",
               "ruling", "when", "negate", "no_name_twice", "once_per_turn", "forbid", "negates_on_field", "summons",
               "no_damage", "lose_when_leaves", "attack_cost", "field_boost", "destroys", "draws")
# When a trigger effect activates, or the condition of an activation (``effect.when``): ``own_standby``, its
# controller's Standby Phase; ``damaged_no_cards``, right after its controller took damage from the opponent
# while controlling no card on the field (Gorz); ``no_spell_trap_in_gy``, no Spell or Trap in its user's
# Graveyard (Sekka's Light).
WHEN = ("own_standby", "damaged_no_cards", "no_spell_trap_in_gy")
# A lasting or continuous restriction on activations (``effect.forbid``, the catalogue's header).
FORBID_WHAT = ("spell_trap", "trap", "declared")
FORBID_WHO = ("self", "opponent", "both")
FORBID_UNTIL = ("duel", "turn", "face_up")
NEGATES_ON_FIELD = ("trap", "monster", "opponent_field_spell")
SUMMONS_FROM = ("hand", "gy")
DESTROYS = ("opponent_monsters", "opponent_spell_traps", "spell_traps")
# A clause the kit does not play (``unplayed``): which step relies on it (and is refused), and for
# ``tracked`` the cards it would act on.
RELIES = ("activation", "tracked", "attack", "attack_with", "leaves", "affected", "none")
TRACKED_SCOPES = ("own_monsters", "face_up_spell_traps", "spell_traps", "field_spells", "own_hand", "own_gy", "self")
# Each effect key (a clause the engines play) in words, for `rulings cards` (cli.clause.*, with the key's value).
CLAUSE_CODES = {
    "damage": "cli.clause.damage", "gain": "cli.clause.gain", "cost": "cli.clause.cost",
    "min_link": "cli.clause.min_link", "clear_counters": "cli.clause.clear_counters",
    "blocks_counters": "cli.clause.blocks_counters", "fusion_boost": "cli.clause.fusion_boost",
    "lasting": "cli.clause.lasting", "once_per_duel": "cli.clause.once_per_duel",
    "special_victory": "cli.clause.special_victory", "scopes": "cli.clause.scopes", "none": "cli.clause.none",
    "rewind": "cli.clause.tag_rule", "truce": "cli.clause.tag_rule", "change_up": "cli.clause.tag_rule",
    "ruling": "cli.clause.tag_rule", "when": "cli.clause.when", "negate": "cli.clause.negate",
    "no_name_twice": "cli.clause.no_name_twice", "once_per_turn": "cli.clause.once_per_turn",
    "forbid": "cli.clause.forbid", "negates_on_field": "cli.clause.negates_on_field",
    "summons": "cli.clause.summons", "summons:hand": "cli.clause.summons_hand", "summons:gy": "cli.clause.summons_gy",
    "when:own_standby": "cli.clause.when_own_standby",
    "when:damaged_no_cards": "cli.clause.when_damaged_no_cards",
    "when:no_spell_trap_in_gy": "cli.clause.when_no_spell_trap_in_gy",
    "negates_on_field:trap": "cli.clause.negates_on_field_trap",
    "negates_on_field:monster": "cli.clause.negates_on_field_monster",
    "negates_on_field:opponent_field_spell": "cli.clause.negates_on_field_opponent_field_spell",
    "destroys:opponent_monsters": "cli.clause.destroys_opponent_monsters",
    "destroys:opponent_spell_traps": "cli.clause.destroys_opponent_spell_traps",
    "destroys:spell_traps": "cli.clause.destroys_spell_traps",
    "no_damage": "cli.clause.no_damage",
    "lose_when_leaves": "cli.clause.lose_when_leaves", "attack_cost": "cli.clause.attack_cost",
    "field_boost": "cli.clause.field_boost", "destroys": "cli.clause.destroys", "draws": "cli.clause.draws",
}
# What a card negates (``effect.negate``): ``spell_trap_activation``, the activation of the Spell or Trap
# card of the chain link it answers (played: that link does not resolve); ``destruction`` (an effect that
# would destroy) and ``attack``, which the kit does not play (a link naming such a card is refused).
NEGATES = ("spell_trap_activation", "destruction", "attack")
NEGATES_PLAYED = ("spell_trap_activation",)
# The type of a monster's effect the kit plays when a step names the card (``type`` in the catalogue), from
# its text, apart from its Spell Speed: ``procedure`` is a Special Summon procedure (no effect), ``none`` a
# monster with no effect. A Spell's or Trap's type is its kind's (SPELL_TRAP_TYPES).
MONSTER_TYPES = ("ignition", "trigger", "quick", "continuous", "procedure", "none")
SPELL_TRAP_TYPES = {"Normal Spell": "normal", "Quick-Play Spell": "quick-play", "Continuous Spell": "continuous",
                    "Field Spell": "field", "Equip Spell": "equip", "Ritual Spell": "ritual", "Normal Trap": "normal",
                    "Continuous Trap": "continuous", "Counter Trap": "counter"}
# STD-TIMING: the Spell Speed each type has (a quick effect 2, or 3 for the rare Counter-Trap-speed one).
MONSTER_TYPE_SPEEDS = {"ignition": (1,), "trigger": (1,), "quick": (2, 3), "continuous": (None,),
                       "procedure": (None,), "none": (None,)}


def type_speeds(kind: str, type_: str, is_monster: bool) -> tuple[int | None, ...]:
    """The Spell Speeds a card of ``kind`` whose effect is of ``type_`` can have (STD-TIMING)."""
    if is_monster:
        return MONSTER_TYPE_SPEEDS[type_]
    if kind.endswith("Trap"):
        return (3,) if type_ == "counter" else (2,)
    return (2,) if type_ == "quick-play" else (1,)


SCOPES = ("own_field", "opponent_field", "both_fields", "field_zone", "empty_field")
TO = ("self", "opponent", "both")


class Card(Value, frozen=True):
    """One card of the catalogue (see the comment at the top of ``wrgp.yaml`` for each field);
    ``is_monster``: its kind is one its catalogue's ``kinds.monster`` lists."""

    id: str
    format: str
    name: dict[str, str]
    kind: str
    does: dict[str, str]
    speed: int | None = None
    aliases: tuple[str, ...] = ()
    not_: tuple[str, ...] = ()
    number: str | None = None
    monster: dict[str, Any] | None = None
    effect: dict[str, Any] = field(default_factory=dict)
    choices: tuple[dict[str, Any], ...] = ()
    assumes: dict[str, str] | None = None
    rules: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    is_monster: bool = False
    type: str | None = None
    same_name: str | None = None
    unplayed: tuple[dict[str, Any], ...] = ()

    def clauses(self) -> list[dict[str, Any]]:
        """Every clause of its text: those the engine plays (``played``: its effect keys, each in words in
        both languages) and those it does not (``unplayed``: which step relies on it, the clause and why)."""
        from ..i18n import Msg

        out = [{"key": k, "played": True,
                "text": {lang: Msg(CLAUSE_CODES.get(f"{k}:{v}", CLAUSE_CODES[k]), value=_clause_words(k, v, self))
                         .render(lang) for lang in LANGS}}
               for k, v in self.effect.items()]
        out += [{"key": u["relies"], "played": False, **({"scope": u["scope"]} if u.get("scope") else {}),
                 "text": dict(u["clause"]), "why": dict(u["why"])} for u in self.unplayed]
        return out

    def unplayed_for(self, relies: str) -> list[dict[str, Any]]:
        """Its clauses the kit does not play that a step of kind ``relies`` relies on."""
        return [u for u in self.unplayed if u["relies"] == relies]

    @property
    def en(self) -> str:
        return self.name["en"]

    def label(self, lang: str = "en") -> str:
        return self.name.get(lang) or self.name["en"]

    @property
    def action_kind(self) -> str | None:
        """The WRGP action kind of its activation (STD-TIMING, WRGP-H2), from its effect's TYPE, never
        guessed from its Spell Speed: a monster's ignition effect, its trigger effect (both Spell Speed
        1), its quick effect (by its Spell Speed, 2); a Spell's or Trap's activation by its Spell Speed
        (a Spell Speed 1 one is a Spell Card: WRGP-H2's "Spell Speed 1 Spells")."""
        if self.speed is None:
            return None
        if self.is_monster:
            if self.type == "ignition":
                return "ignition_effect"
            if self.type == "trigger":
                return "trigger_effect"
        return f"spell_speed_{self.speed}"

    def names(self) -> list[str]:
        return [self.name["en"], self.name["ja"], *self.aliases]

    def as_json(self, lang: str = "en") -> dict[str, Any]:
        """The card as ``rulings cards --json`` lists it (docs/contracts.md)."""
        out = {"id": self.id, "name": dict(self.name), "aliases": list(self.aliases), "kind": self.kind,
               "type": self.type, "speed": self.speed, "does": dict(self.does), "choices": [_param(c, lang) for c in self.choices],
               "rules": list(self.rules), "faq": faq_entries(self), "sources": list(self.sources)}
        if self.number:
            out["number"] = self.number
        if self.monster:
            out["monster"] = dict(self.monster)
        if self.not_:
            out["not"] = list(self.not_)
        if self.same_name:
            out["same_name"] = self.same_name
        if self.assumes:
            out["assumes"] = dict(self.assumes)
        # What of its text the kit plays, clause by clause, and what it does not.
        out["clauses"] = self.clauses()
        return out


# A restriction's parts in words (`forbid`, the catalogue's header), for `rulings cards`.
_FORBID_WHO = {"self": "cli.forbid.who.self", "opponent": "cli.forbid.who.opponent", "both": "cli.forbid.who.both"}
_FORBID_WHAT = {"spell_trap": "wrgp.what.spell_trap", "trap": "wrgp.what.trap", "declared": "cli.forbid.declared"}
_FORBID_UNTIL = {"duel": "wrgp.until.duel", "turn": "wrgp.until.turn", "face_up": "wrgp.until.face_up"}


_LP_TO = {"self": "cli.lp_to.self", "opponent": "cli.lp_to.opponent", "both": "cli.lp_to.both"}


def _clause_words(key: str, value: Any, card: Card) -> str | list[Msg]:
    """An effect key's value in words where the kit has them (a restriction, an amount of LP), else as data."""
    from ..i18n import Msg

    if key == "forbid":
        return _forbid_words(value, card)
    if key in ("damage", "gain") and isinstance(value, dict) and value.get("to") in _LP_TO:
        if value.get("per_link") is not None:
            return Msg("cli.lp_per_link", to=Msg(_LP_TO[value["to"]]), amount=value["per_link"])
        return Msg("cli.lp_amount", to=Msg(_LP_TO[value["to"]]), amount=value.get("amount"))
    return _clause_value(value)


def _forbid_words(entries: list[dict[str, Any]], card: Card) -> list[Msg]:
    """Each restriction of a card's ``forbid`` as a message: who cannot activate what, until when."""
    from ..i18n import Msg

    out = []
    name = {"en": card.en, "ja": f"「{card.label('ja')}」"}
    for f in entries:
        what = Msg("wrgp.what.spell_trap_but", card=name) if f.get("except_own") else Msg(_FORBID_WHAT[f["what"]])
        out.append(Msg("cli.forbid.entry", who=Msg(_FORBID_WHO[f["who"]]), what=what,
                       until=Msg(_FORBID_UNTIL[f["until"]]),
                       attacks=Msg("cli.forbid.attacks") if f.get("attacks") else ""))
    return out


def _clause_value(value: object) -> str:
    """An effect key's value as `rulings cards` shows it: ``to: opponent, amount: 800``."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_clause_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(_clause_value(v) for v in value) or "-"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _param(choice: dict[str, Any], lang: str) -> dict[str, Any]:
    """A card's choice as a PARAM of docs/contracts.md (label and help in ``lang``)."""
    out = {k: v for k, v in choice.items() if k not in ("label", "help")}
    for k in ("label", "help"):
        if k in choice:
            out[k] = choice[k].get(lang) or choice[k]["en"]
    out.setdefault("required", False)
    out.setdefault("default", None)
    return out


# ---------------------------------------------------------------------- names
_DROP = {"P", "Z", "S"}     # punctuation, separators (spaces), symbols: ・ ･ - ' ! （ ） ...


def fold(name: str) -> str:
    """A name as matched: NFKC, case-folded, without spaces, punctuation or symbols.

    >>> fold("STRASSE") == fold("Straße") == fold("ＳＴＲＡẞＥ") == "strasse"
    True
    >>> fold("パワー・ボンド"), fold("ﾊﾟﾜｰ･ﾎﾞﾝﾄﾞ")
    ('パワーボンド', 'パワーボンド')
    """
    text = unicodedata.normalize("NFKC", str(name)).casefold()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] not in _DROP)


@functools.cache
def case_folds() -> dict[str, str]:
    """The characters whose case folding (:func:`fold`'s) is not their lower case, each with its
    folding (``ß``: ``ss``, ``ς``: ``σ``, Cherokee letters: upper case): the pages fold a name as
    ``NFKC``, then this table or else the character's lower case, then drop the same categories, so
    JavaScript (which has no case folding) folds as :func:`fold` does. Only characters NFKC leaves as
    they are: no others can follow NFKC.

    >>> case_folds()["ß"], case_folds()["ς"], "A" in case_folds()
    ('ss', 'σ', False)
    """
    out = {}
    for code in range(0x110000):
        ch = chr(code)
        if 0xD800 <= code < 0xE000 or ch.casefold() == ch.lower():
            continue
        if unicodedata.normalize("NFKC", ch) == ch:
            out[ch] = ch.casefold()
    return out


def identity(name: str) -> str:
    """Which card a name means, whatever its spelling: the same text for every accepted
    spelling of one card. A card of a catalogue is its id (``card:power-bond`` for パワーボンド and
    POWER BOND alike); any other name (a database's monster, a card described by hand) is its
    :func:`fold`, as a database's names are matched (``name:cybertwindragon``). A name whose fold is
    empty (only punctuation) is itself, NFKC and case-folded."""
    return _identity(str(name))


@functools.lru_cache(maxsize=4096)
def _identity(name: str) -> str:
    found = _known(name, None)
    if found is not None:
        return f"card:{found.format}:{found.id}"
    key = fold(name)
    return f"name:{key}" if key else "text:" + unicodedata.normalize("NFKC", name).casefold()


# ---------------------------------------------------------------------- names that only look like one
# A name is text a person reads: a character they cannot see, or a letter of another script that looks
# like a Latin (or kana) one, makes two names that look the same mean different cards. A name with an
# invisible character is refused saying which and where; a name that only looks like a card's (the same
# *skeleton*, as Unicode TR39 compares identifiers: each look-alike character mapped to its prototype) is
# refused naming the card it imitates. The table is the look-alikes card names meet (Cyrillic and Greek
# letters for Latin ones, kanji and hiragana for katakana, digits for letters); NFKC already maps the
# full-width and half-width forms.
_LOOKALIKES = {
    # Cyrillic capitals, then small letters
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K", "М": "M", "О": "O",
    "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "Ү": "Y", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "l", "З": "3",
    "а": "a", "в": "b", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k", "о": "o", "р": "p",
    "ѕ": "s", "т": "t", "у": "y", "х": "x", "ү": "y", "ԛ": "q", "ԝ": "w", "ԁ": "d", "ӏ": "l", "ь": "b",
    "ѡ": "w", "ɡ": "g", "ё": "ë", "ї": "ï",
    # Greek capitals, then small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    "α": "a", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y",
    "ϲ": "c", "ϳ": "j", "ε": "e", "η": "n",
    # Latin letters of other alphabets, and digits
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɩ": "i", "ʏ": "y", "ᴅ": "d", "0": "o", "1": "l",
    # kanji and hiragana that look like katakana; dashes are dropped (below), so ー and 一 alike
    "力": "カ", "口": "ロ", "工": "エ", "二": "ニ", "八": "ハ", "夕": "タ", "卜": "ト", "へ": "ヘ", "べ": "ベ",
    "ぺ": "ペ", "〇": "○",
}
_DASHES = frozenset("ー一ｰ─━―−‐‑‒–—")
# Default-ignorable characters that are not format characters (Cf): fillers, joiners, variation selectors.
_IGNORABLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0")
# Control, format (zero-width, bidi), surrogate, private-use, unassigned, line and paragraph separators.
_KIND = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _invisible_char(ch: str) -> bool:
    """Is ``ch`` a character a name cannot show: a control, format (zero-width, bidi), separator,
    surrogate, private-use or unassigned one, or a default-ignorable filler or variation selector?"""
    cat = unicodedata.category(ch)
    return (cat in _KIND or ch in _IGNORABLE or "\ufe00" <= ch <= "\ufe0f"
            or "\U000e0100" <= ch <= "\U000e01ef")


def describe_char(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: a character by its code point and Unicode name (a control
    character, which has no name, by its code point alone)."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"


def invisible(name: str) -> tuple[int, str] | None:
    """The first character of ``name`` no one can see (see :func:`_invisible_char`): its position
    (from 1) and the character; None if every character shows."""
    for i, ch in enumerate(name, 1):
        if _invisible_char(ch):
            return i, ch
    return None


def skeleton(name: str) -> str:
    """What a name looks like (Unicode TR39's skeleton, with the small table above): NFKC, each
    look-alike character mapped to its prototype, case-folded, without invisible characters, spaces,
    punctuation, symbols or dashes. Two names with one skeleton read alike.

    >>> skeleton("Ookazi") == skeleton("\u041e\u043ek\u0430z\u0456") == skeleton("OOKAZI")
    True
    """
    text = unicodedata.normalize("NFKC", str(name))
    text = "".join(_LOOKALIKES.get(ch, ch) for ch in text if not _invisible_char(ch)).casefold()
    return "".join(_LOOKALIKES.get(ch, ch) for ch in text
                   if unicodedata.category(ch)[0] not in _DROP and ch not in _DASHES)


def lookalike(name: str) -> tuple[Card, int, str] | None:
    """The catalogue card (of any catalogue) that ``name`` imitates without being one of its
    spellings, the position (from 1) of the first character that makes the difference, and that
    character; None for a card's own spelling or a name that does not look like a card's."""
    if not isinstance(name, str) or len(name) > 200 or _known(name, None) is not None:
        return None
    key = skeleton(name)
    if not key:
        return None
    for f in files():
        found = catalogue(f).by_skeleton().get(key)
        if found is not None:
            return (found, *difference(name, found.names()))
    return None


def difference(name: str, names: Iterable[str]) -> tuple[int, str]:
    """Where a look-alike ``name`` differs from the ``names`` it imitates: the position (from 1) of its
    first character none of them has (the Cyrillic О of "Оokazi"), and that character."""
    own = set(unicodedata.normalize("NFKC", "".join(names)).casefold())
    for i, ch in enumerate(name, 1):
        if not set(unicodedata.normalize("NFKC", ch).casefold()) <= own:
            return i, ch
    return 1, name[0]


def check_name(param: str, name: object) -> None:
    """Refuse (ArgumentError) a card name with a character no one can see (saying which, and where) or
    one that only looks like a catalogue card's name (naming the card it imitates). Any other value
    is left to the caller's own checks."""
    if not isinstance(name, str):
        return
    from ..i18n import Msg

    bad = invisible(name)
    if bad is not None:
        pos, ch = bad
        raise ArgumentError(param, Msg("input.arg.card_invisible", pos=pos, char=describe_char(ch)), name)
    found = lookalike(name)
    if found is not None:
        c, pos, ch = found
        names = {"en": repr(c.en), "ja": f"「{c.label('ja')}」"}
        raise ArgumentError(param, Msg("input.arg.card_lookalike", card=names, pos=pos, char=describe_char(ch)),
                            name)


class Catalogue:
    """The cards of one format, by folded name: those of ``file`` (beside this module), whose
    ``format`` the file declares."""

    def __init__(self, format: str, cards: list[Card], source: str) -> None:
        self.format, self.cards, self.source = format, cards, source
        self.file = Path(source).name
        self.by_key: dict[str, Card] = {}
        for c in cards:
            for n in c.names():
                key = fold(n)
                other = self.by_key.get(key)
                if other is not None and other is not c and c.same_name != other.id:
                    # One card name under two numbers (St-319/320 チェンジアップ！) is declared with
                    # ``same_name``; the name then finds the first printing.
                    raise InputError(source, None, f"the name {n!r} is given to both {other.id} and {c.id}")
                self.by_key.setdefault(key, c)
        self.by_id = {c.id: c for c in cards}

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, name: object) -> Card | None:
        """The card called ``name`` (any spelling), or None."""
        if not isinstance(name, str):
            return None
        return self.by_key.get(fold(name))

    def by_skeleton(self) -> dict[str, Card]:
        """Each name's :func:`skeleton` -> its card (the first card, should two names look alike)."""
        table = self.__dict__.get("_skeletons")
        if table is None:
            table = {}
            for c in self.cards:
                for n in c.names():
                    table.setdefault(skeleton(n), c)
            self._skeletons = table
        return table

    def lookup(self, param: str, name: object, *, numbers: bool = False, unknown: bool = False) -> Card | None:
        """:func:`lookup` in this catalogue."""
        return lookup(param, name, self.file, numbers=numbers, unknown=unknown)

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Known names close to an unknown ``name`` (its English names): a misspelling, or a known
        name with words added ("Sinister Serpent's burn")."""
        import difflib  # only for a name the catalogue does not know

        key = fold(name)
        if not key:
            return []
        found: list[Card] = []
        for k in difflib.get_close_matches(key, list(self.by_key), n=n, cutoff=0.8):
            found.append(self.by_key[k])
        if len(key) >= 5:
            for k, c in self.by_key.items():
                if len(k) >= 5 and (k in key or key in k) and c not in found:
                    found.append(c)
        for c in self.cards:    # a name the card is often confused with (Soul Relay for Relay Soul)
            if any(fold(x) == key for x in c.not_) and c not in found:
                found.insert(0, c)
        return [c.en for c in found[:n]]


@functools.cache
def files() -> tuple[str, ...]:
    """Every catalogue file beside this module (each format's record names its own)."""
    return tuple(sorted(p.name for p in HERE.glob("*.yaml")))


@functools.cache
def catalogue(file: str) -> Catalogue:
    """The catalogue in ``file`` (a format record's ``cards``: ``wrgp.yaml``, ``tag.yaml``), read once."""
    if file not in files():
        raise ArgumentError("cards", " or ".join(repr(f) for f in files()), file)
    path = HERE / file
    data = _read(path)
    return Catalogue(data["format"], _parse(data, str(path)), str(path))


def _read(path: Path) -> Any:
    """The catalogue file's data, parsed from its YAML each time a process first asks for it.

    Nothing is kept between runs: a cache written beside the package (as before) wrote
    where the user never asked, was read unchecked and keyed by size and time only. Parsing the
    YAML costs a few milliseconds of a ``rulings run`` (the README's start-up figure stays within
    its target), so the file is simply read: an edit, of any size, at any time, is always seen.
    A rulebook term in a card's words (``{term:speed_counters}``) is spelled by the glossary."""
    from ..i18n.glossary import resolve
    from ..yamlsrc import load_file

    return resolve(load_file(path), where=str(path))


def card(name: object, file: str) -> Card | None:
    """The card called ``name`` (any spelling) in the catalogue ``file``, or None."""
    return catalogue(file).card(name)


def suggest(name: str, file: str) -> list[str]:
    """Known names close to an unknown ``name`` (remembered: a step names the same card again and again)."""
    return list(_suggest(fold(name), file)) if isinstance(name, str) else []


@functools.lru_cache(maxsize=4096)
def _suggest(key: str, file: str) -> tuple[str, ...]:
    return tuple(catalogue(file).suggest(key))


def lookup(param: str, name: object, file: str, *, numbers: bool = False, unknown: bool = False) -> Card | None:
    """The card called ``name``, or None for a name the catalogue does not know that is allowed:

    - ``numbers``: the step gives the card's effect by hand, in numbers (an amount). Any name the
      catalogue does not know plays as described, also one close to a known name
      (破壊輪, Ring of Destruction, is a different real card from 破壊指輪, Destruction Ring);
      :func:`resembles` says which known card it is close to, for the transcript.
    - ``unknown``: a name the catalogue does not know is allowed, but one close to a known name is
      refused with "did you mean ..." (the step has no numbers: played as an unrelated card, it would
      be a confident wrong answer).

    Otherwise an unknown name is refused (ArgumentError), with "did you mean ..." when it is close to a
    known one. A name with an invisible character, or one that only looks like a card's (the same
    skeleton), is refused in every case (:func:`check_name`)."""
    found = card(name, file)
    if found is not None:
        return found
    check_name(param, name)     # an invisible character, or a look-alike of a card's name
    if numbers:
        return None
    from ..i18n import Msg

    close = suggest(name, file) if isinstance(name, str) else []
    if close:
        # Each close name in the reader's language (a text in both languages, quoted as each quotes).
        names = [{"en": repr(c.en), "ja": f"「{c.label('ja')}」"} for c in map(catalogue(file).card, close)]  # type: ignore[union-attr]
        raise ArgumentError(param, Msg("input.arg.card_close", names=names), name)
    if not unknown:
        raise ArgumentError(param, Msg("input.arg.card_unknown"), name)
    return None


def resembles(name: object, file: str) -> Card | None:
    """The catalogue card an unknown ``name`` is close to (the first "did you mean"), or None for a
    card's own name or a name close to none: a card described by hand under that name plays as
    described, and the transcript says which known card it resembles."""
    if not isinstance(name, str) or card(name, file) is not None:
        return None
    close = suggest(name, file)
    return catalogue(file).card(close[0]) if close else None


def local_name(name: str, lang: str = "en", file: str | None = None) -> str:
    """A name as the reader reads it: a card of the catalogue (``file``'s, else any catalogue's) by
    its name in ``lang``, whatever spelling wrote it (a copy of it, ``NAME #2``, with its number);
    anything else as written."""
    found = _known(name, file)
    if found is not None:
        return found.label(lang)
    found, n = _known_copy(name, file)
    return f"{found.label(lang)} #{n}" if found is not None else name


# A later copy of a card in a match is named ``NAME #N`` (rulings_lib.wrgp.verbs.copy_of).
_COPY_SUFFIX = re.compile(r"^(.*\S)\s*#(\d{1,4})$")


def _known_copy(name: object, file: str | None) -> tuple[Card | None, str]:
    """The catalogue card a copy's name ``NAME #N`` names, and N; (None, "") for any other name."""
    m = _COPY_SUFFIX.match(name) if isinstance(name, str) else None
    found = _known(m.group(1), file) if m else None
    return (found, m.group(2)) if found is not None else (None, "")  # type: ignore[union-attr]


def _known(name: object, file: str | None) -> Card | None:
    if not isinstance(name, str) or len(name) > 200:
        return None
    for f in (file,) if file in files() else files():
        found = catalogue(f).card(name)
        if found is not None:
            return found
    return None


# Message arguments that hold a card's name (or a list of names): ``card`` and ``cards``, the
# ``monster`` summoned or attacking, the ``source`` of damage or a gain when it is a card (a text;
# "battle" and "team A's effect" are messages). A made-up card a scenario names is a card there too.
CARD_ARGS = frozenset({"card", "cards", "monster", "source"})
# A card given by its number (St-220, Bo-20v) or passcode (46986414) is a number, not a name.
_NUMBER = re.compile(r"[A-Za-z]{1,4}-\d+[A-Za-z]?|\d+")


def quoted(name: str, lang: str = "en") -> str:
    """A card's name as running text writes it in ``lang``: in Japanese between 「」, as published
    rulings write a card's name (「パワー・ボンド」を発動); in English as it is. A name already in 「」
    is not quoted twice."""
    if lang != "ja" or not name or (name.startswith("「") and name.endswith("」")):
        return name
    return f"「{name}」"


def in_text(name: str, lang: str = "en", file: str | None = None, *, card: bool = False) -> str:
    """A name in a sentence for the reader: a catalogue card by its name in ``lang``, written as a
    card's name is (:func:`quoted`); with ``card`` (the name is a card's, made up or not) any name
    likewise, but not a card number. Anything else as written.

    >>> in_text("Power Bond", "ja"), in_text("Power Bond"), in_text("St-220", "ja", card=True)
    ('「パワー・ボンド」', 'Power Bond', 'St-220')
    """
    found = _known(name, file)
    if found is not None:
        return quoted(found.label(lang), lang)
    found, n = _known_copy(name, file)
    if found is not None:
        return f"{quoted(found.label(lang), lang)} #{n}"
    if card and isinstance(name, str) and not _NUMBER.fullmatch(name.strip()):
        return quoted(name, lang)
    return name


def local_args(value: Any, lang: str = "en", file: str | None = None, key: str | None = None) -> Any:
    """Event or refusal arguments with every card named as the reader reads it (:func:`in_text`):
    a catalogue card by its name in ``lang`` wherever it is, and in Japanese every card's name
    between 「」 (a catalogue card's wherever it is, any other under a :data:`CARD_ARGS` key);
    nested messages and lists included; a text given in both languages is left as it is. This is
    the one place that words card names in messages; the pages do the same (site/js/cards.js
    ``localArgs``), so a card is named alike in a transcript and in the browser."""
    from ..i18n import Msg

    if isinstance(value, Msg):
        return {"code": value.code, "args": local_args(value.args, lang, file)}
    if isinstance(value, str):
        return in_text(value, lang, file, card=key in CARD_ARGS)
    if isinstance(value, list | tuple):
        return [local_args(v, lang, file, key) for v in value]
    if isinstance(value, dict):
        if DEFAULT_LANG in value and set(value) <= set(LANGS):
            return value
        return {k: v if k == "code" else local_args(v, lang, file, k) for k, v in value.items()}
    return value


def in_words(code: str, args: dict[str, Any] | None, lang: str = "en", file: str | None = None) -> str:
    """A message (an event's, a refusal's) in ``lang``, its cards named as :func:`local_args` names them
    (those of the catalogue ``file`` first, a format record's ``cards``)."""
    from ..i18n import render

    return render(code, local_args(args or {}, lang, file), lang)


# ---------------------------------------------------------------------- reading the data file
def _parse(data: Any, source: str) -> list[Card]:
    """The cards of a catalogue file's data, of the format it declares."""
    lines = getattr(data, "lines", {})

    def bad(line: int | None, what: str) -> NoReturn:
        raise InputError(source, line, what)

    if not isinstance(data, dict) or not isinstance(data.get("format"), str) or not data["format"] \
            or not isinstance(data.get("cards"), list):
        bad(1, "a catalogue: format: NAME, kinds: {monster: [...], other: [...]}, cards: [...]")
    format = data["format"]
    # The kinds its cards may have, declared by the catalogue itself (the monsters' apart).
    declared = data.get("kinds")
    if not isinstance(declared, dict) or not set(declared) <= {"monster", "other"} or not all(
            isinstance(v, list) and all(isinstance(k, str) for k in v) for v in declared.values()):
        bad(lines.get("kinds", 1), "kinds: {monster: [kind, ...], other: [kind, ...]}")
    monster_kinds = tuple(declared.get("monster") or ())
    kinds = monster_kinds + tuple(declared.get("other") or ())
    out: list[Card] = []
    seen: set[str] = set()
    rows = data["cards"]
    row_lines = getattr(rows, "lines", [lines.get("cards", 1)] * len(rows))
    for i, raw in enumerate(rows):
        line = row_lines[i]
        if not isinstance(raw, dict):
            bad(line, "a card (a mapping)")
        unknown = set(raw) - {"id", "name", "kind", "does", "speed", "aliases", "not", "number", "monster",
                              "effect", "choices", "assumes", "rules", "sources", "type", "same_name", "unplayed"}
        if unknown:
            bad(line, f"known card keys, not {sorted(unknown)}")
        for key in ("id", "name", "kind", "does"):
            if key not in raw:
                bad(line, f"a card with {key}")
        if raw["id"] in seen:
            bad(line, f"a new id, not {raw['id']!r} again")
        seen.add(raw["id"])
        for key in ("name", "does"):
            if not isinstance(raw[key], dict) or set(raw[key]) != set(LANGS):
                bad(line, f"{raw['id']}: {key} in both languages (en, ja)")
        if raw["kind"] not in kinds:
            bad(line, f"{raw['id']}: a kind among {', '.join(kinds)}")
        speed = raw.get("speed")
        if speed not in (None, 1, 2, 3):
            bad(line, f"{raw['id']}: a {term('spell_speed').lower()} 1, 2, 3 or null")
        effect = dict(raw.get("effect") or {})
        is_monster = raw["kind"] in monster_kinds
        type_ = raw.get("type")
        if (is_monster and (speed is not None or "type" in raw)) or raw["kind"] in SPELL_TRAP_TYPES:
            # Its effect's type, apart from its Spell Speed and agreeing with it (STD-TIMING): a monster
            # with an effect to activate must say which type it is (never guessed from its speed).
            if is_monster:
                if type_ not in MONSTER_TYPES:
                    bad(line, f"{raw['id']}: type among {', '.join(MONSTER_TYPES)} (the type of its effect)")
            elif raw["kind"] in SPELL_TRAP_TYPES:
                want = SPELL_TRAP_TYPES[raw["kind"]]
                if type_ not in (None, want):
                    bad(line, f"{raw['id']}: type {want} (a {raw['kind']}'s), not {type_!r}")
                type_ = want
            allowed = type_speeds(raw["kind"], type_, is_monster) if type_ is not None else (speed,)
            if "special_victory" in effect and type_ == "trigger":
                allowed = (None,)       # WRGP-F8: a trigger effect that cannot be chained to (no chain link)
            if type_ is not None and speed not in allowed:
                bad(line, f"{raw['id']}: a {term('spell_speed').lower()} agreeing with its type {type_} "
                          f"({' or '.join(str(a) if a else 'null' for a in allowed)}), not {speed}")
        if effect.get("when") is not None and effect["when"] not in WHEN:
            bad(line, f"{raw['id']}: when among {', '.join(WHEN)}")
        if effect.get("negate") is not None and effect["negate"] not in NEGATES:
            bad(line, f"{raw['id']}: negate among {', '.join(NEGATES)}")
        for key in effect:
            if key not in EFFECT_KEYS:
                bad(line, f"{raw['id']}: effect keys among {', '.join(EFFECT_KEYS)}, not {key!r}")
        for what in ("damage", "gain"):
            if what in effect:
                e = effect[what]
                if not isinstance(e, dict) or e.get("to") not in TO or ("amount" in e) == ("per_link" in e):
                    bad(line, f"{raw['id']}: {what}: {{to: self|opponent|both, amount: N or per_link: N}}")
        if any(s not in SCOPES for s in effect.get("scopes", [])):
            bad(line, f"{raw['id']}: scopes among {', '.join(SCOPES)}")
        _check_clauses(raw, effect, lambda what, line=line, cid=raw["id"]: bad(line, f"{cid}: {what}"))
        if not raw.get("sources"):
            bad(line, f"{raw['id']}: sources (where its facts were checked)")
        same = raw.get("same_name")
        if same is not None:
            # Another printing of one card name (a tag deck counts them together, TAG-K1): an earlier
            # card's id, whose name this card has in both languages.
            first = next((c for c in out if c.id == same), None)
            if first is None or first.name != raw["name"]:
                bad(line, f"{raw['id']}: same_name: the id of an earlier card with the same name in both languages")
        out.append(Card(
            id=raw["id"], format=format, name=dict(raw["name"]), kind=raw["kind"], does=dict(raw["does"]),
            speed=speed, aliases=tuple(raw.get("aliases") or ()), not_=tuple(raw.get("not") or ()),
            number=raw.get("number"), monster=dict(raw["monster"]) if raw.get("monster") else None,
            effect=effect, choices=tuple(dict(c) for c in raw.get("choices") or ()),
            assumes=dict(raw["assumes"]) if raw.get("assumes") else None, rules=tuple(raw.get("rules") or ()),
            sources=tuple(raw["sources"]), is_monster=is_monster, type=type_, same_name=same,
            unplayed=tuple(dict(u) for u in raw.get("unplayed") or ()),
        ))
    return out


def _check_clauses(raw: dict[str, Any], effect: dict[str, Any], bad: Callable[..., NoReturn]) -> None:
    """The lasting, continuous and summoning clauses of a card's effect, and its unplayed clauses, in the
    catalogue header's vocabulary (``bad(what)`` refuses the file)."""
    for f in effect.get("forbid", []) if isinstance(effect.get("forbid", []), list) else [None]:
        if not isinstance(f, dict) or f.get("what") not in FORBID_WHAT or f.get("who") not in FORBID_WHO \
                or f.get("until") not in FORBID_UNTIL or set(f) - {"what", "who", "until", "except_own", "attacks", "from"}:
            bad(f"forbid: [{{what: {'|'.join(FORBID_WHAT)}, who: {'|'.join(FORBID_WHO)}, "
                f"until: {'|'.join(FORBID_UNTIL)}, except_own, attacks}}]")
    checks = {"negates_on_field": NEGATES_ON_FIELD, "summons": SUMMONS_FROM, "destroys": DESTROYS,
              "no_damage": ("summoned",), "lose_when_leaves": ("summoned",)}
    for key, allowed in checks.items():
        if key in effect and effect[key] not in allowed:
            bad(f"{key} among {', '.join(allowed)}")
    for key in ("attack_cost", "draws"):
        if key in effect and (not isinstance(effect[key], int) or effect[key] < 0):
            bad(f"{key}: a whole number")
    boost = effect.get("field_boost")
    if boost is not None and (not isinstance(boost, dict) or not isinstance(boost.get("attribute"), str)
                              or not isinstance(boost.get("atk"), int)):
        bad("field_boost: {attribute: NAME, atk: N}")
    if ("summons" in effect or "no_damage" in effect) and not any(c.get("name") == "summon"
                                                                  for c in raw.get("choices") or ()):
        bad("a summon choice (the monster it summons)")
    for u in raw.get("unplayed") or ():
        if not isinstance(u, dict) or u.get("relies") not in RELIES or set(u) - {"relies", "scope", "clause", "why"} \
                or any(not isinstance(u.get(k), dict) or set(u[k]) != set(LANGS) for k in ("clause", "why")) \
                or (u["relies"] == "tracked") != (u.get("scope") is not None) \
                or (u.get("scope") is not None and u["scope"] not in TRACKED_SCOPES):
            bad(f"unplayed: [{{relies: {'|'.join(RELIES)}, scope (tracked only: {'|'.join(TRACKED_SCOPES)}), "
                f"clause: {{en, ja}}, why: {{en, ja}}}}]")


# ---------------------------------------------------------------------- the FAQ entries naming a card
@functools.cache
def _faq_texts() -> dict[str, list[tuple[str, str]]]:
    """format -> [(entry id, its text in both languages, folded)]: each game's FAQ file, by the
    format it declares (``format: wrgp``; the notes on the tool declare none)."""
    from ..i18n.glossary import resolve
    from ..yamlsrc import load_file

    out: dict[str, list[tuple[str, str]]] = {}
    for path in sorted((HERE.parent / "faq").glob("*.yaml")):
        data = resolve(load_file(path), where=str(path))
        if not isinstance(data, dict) or not isinstance(data.get("format"), str):
            continue
        entries = out.setdefault(data["format"], [])
        sections = [sec for sec in data.get("sections") or [] if isinstance(sec, dict)]   # (faq/README.md)
        for entry in (e for sec in sections for e in sec.get("entries") or []):
            if isinstance(entry, dict) and "id" in entry:
                text = " ".join(str(v) for lang in LANGS for v in (entry.get(lang) or {}).values())
                scen = str(entry.get("scenario", ""))
                scen_path = HERE.parent / "scenarios" / scen
                if scen and scen_path.is_file():
                    text += " " + scen_path.read_text(encoding="utf-8")
                entries.append((entry["id"], fold(text)))
    return out


def faq_entries(c: Card) -> list[str]:
    """Ids of the FAQ entries whose text (or scenario) names the card."""
    keys = [fold(n) for n in c.names() if len(fold(n)) >= 3]
    return [eid for eid, text in _faq_texts().get(c.format, []) if any(k in text for k in keys)]


def listing(files_: list[str] | tuple[str, ...], lang: str = "en") -> dict[str, Any]:
    """``rulings cards --json``: the catalogue in each of ``files_`` (the formats' records name
    them, in the registry's order; docs/contracts.md)."""
    cats = [catalogue(f) for f in files_]
    return {"version": 1, "lang": lang,
            "formats": [{"format": c.format, "cards": [x.as_json(lang) for x in c]} for c in cats]}
