"""TAG-K1..K3: the deck check of the tag battle regulation, for one player's deck or a tag's two.

A deck file has one entry a line, ``COUNT NUMBER`` or ``NUMBER`` (count 1), optionally followed by
the card's name; ``#`` starts a comment; blank lines are ignored. A catalogue is a CSV file whose
header row has at least ``number,name,level`` (``level``: ``3``, ``4``, ``perfect``, ``ultimate``
or empty for option cards); optional columns ``lost_3``, ``lost_4``, ``lost_perfect``,
``lost_ultimate`` hold a Digimon's lost points. More columns are allowed.

>>> deck = Deck.from_text("30 St-1 Agumon", "mine.txt")
>>> report = check_decks([deck])
>>> report.legal, [v.rule for v in report.violations], [w.rule for w in report.warnings]
(False, ['TAG-K1'], ['TAG-K1'])

Copies are counted by name where the catalogue names the card (so reprints under other numbers
count together), else by number. Without a catalogue the Level 3 requirement cannot be checked:
that is a warning, not a violation.
"""

from __future__ import annotations

import csv
import html
import io
import json
import unicodedata
from pathlib import Path

from .. import files
from ..errors import InputError, one_line
from ..i18n import Msg, render
from ..values import Value, field
from . import tables as T

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import argparse
    import os
    from typing import Any

DECK_SIZE = 30                    # TAG-K1
COPY_LIMIT = 3                    # TAG-K1, per player
TAG_COPY_LIMIT = 2 * COPY_LIMIT   # TAG-K1: "a tag may hold 6 between them"
ALLOWED_PREFIXES = ("Bo", "St", "Bx", "Sx")   # TAG-K2
DIGIVICE_01 = "Bo-20v"            # TAG-K3
DIGIVICE_POOL = 30                # TAG-K3: at most 30 replacement cards (reading digivice-pool-30)
# A deck file lists Digivice 01's replacement cards (入替用のカード) after a line of its own that says so:
# they are set out beside the deck, not part of it (TAG-K3). The header in the rulebook's own words
# (「入替用のカードを出しておくこと」), and the other ways of writing them (送り仮名, with or without
# のカード); a header is read in any width and case, without spaces, its colon optional.
POOL_HEADERS_SHOWN = ("入替用のカード:", "入替用:", "入れ替え用:", "replacements:")
POOL_HEADERS = frozenset(
    [f"{stem}{tail}" for stem in ("入替用", "入替え用", "入れ替え用", "入れ替用")
     for tail in ("", "のカード", "カード")]
    + ["replacements", "replacementcards", "replacement", "replacementcard"])
# What a line that was meant as a header looks like: it ends with a colon, or it speaks of replacing.
HEADERISH = ("入替", "入れ替", "replac")
CATALOGUE_LEVELS = ("3", "4", "perfect", "ultimate", "")
LOST_COLUMNS = {f"lost_{lv}": lv for lv in T.LEVELS}

# A card number: a short prefix of letters, a hyphen, digits and an optional letter suffix
# ("St-104", "Bo-20v", "Bo-1f"). Other prefixes are well-formed but not allowed (TAG-K2).
# ASCII only: a full-width "Ｓｔ-１０４" in a deck file is not a card number (say so rather than guess).
NUMBER_RE = T.NUMBER_RE


def _key(number: str) -> str:
    return number.casefold()


def is_allowed_number(number: str) -> bool:
    """TAG-K2: only ``Bo-``, ``St-``, ``Bx-``, ``Sx-`` numbers."""
    prefix = number.split("-", 1)[0]
    return prefix.casefold() in {p.casefold() for p in ALLOWED_PREFIXES}


MAX_DECK_BYTES = 1024 * 1024          # a 30-card deck list is well under a kilobyte
MAX_CATALOGUE_BYTES = 16 * 1024 * 1024   # a catalogue of every card ever printed is well under this


def _read_text(path: str | os.PathLike[str], cap: int, expected: object) -> str:
    """A regular UTF-8 text file of at most ``cap`` bytes (see :mod:`rulings_lib.files`)."""
    return files.read_text(path, cap, expected)


def _count(text: str) -> int | None:
    """A count: ASCII digits only (``３`` and ``²`` are not counts), at most 6 of them."""
    return files.ascii_number(text, 6)


# ---------------------------------------------------------------------------------------- decks
class DeckEntry(Value, frozen=True):
    number: str
    count: int
    line: int
    name: str = ""


class Deck(Value):
    """One player's deck, as read from a deck file."""

    name: str
    entries: list[DeckEntry] = field(default_factory=list)
    pool: list[DeckEntry] | None = None     # Digivice 01's replacement cards (None: the file lists none)

    @property
    def size(self) -> int:
        return sum(e.count for e in self.entries)

    @property
    def pool_size(self) -> int:
        return sum(e.count for e in self.pool or ())

    def counts(self) -> dict[str, int]:
        """Copies per card number (lines with the same number add up)."""
        out: dict[str, int] = {}
        first: dict[str, str] = {}
        for e in self.entries:
            num = first.setdefault(_key(e.number), e.number)
            out[num] = out.get(num, 0) + e.count
        return out

    @classmethod
    def from_text(cls, text: str, name: str = "<deck>") -> Deck:
        entries: list[DeckEntry] = []
        pool: list[DeckEntry] | None = None
        # Lines end at "\n" only (a "\r" before it is trimmed with the other spaces), as in the other
        # readers: str.splitlines() would also end a line at a form feed, VT, U+0085 or U+2028, and
        # a comment's tail after one would be read as cards.
        for n, raw in enumerate(text.split("\n"), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            header = "".join(unicodedata.normalize("NFKC", line).casefold().split())
            if header.removesuffix(":") in POOL_HEADERS:
                if pool is None:                  # the cards that follow are the replacement cards
                    pool, entries = [], entries
                continue
            parts = line.split(None, 2)
            if parts[0].isdigit():                # any digits: ASCII ones are a count, others refused
                count = _count(parts[0])
                if count is None:
                    raise InputError(name, n, Msg("tagdeck.deck.count_digits", got=repr(parts[0][:20])))
                if len(parts) < 2 or not NUMBER_RE.match(parts[1]):
                    raise InputError(name, n, Msg("tagdeck.deck.count_number", got=repr(line[:60])))
                if not 1 <= count <= 99:
                    raise InputError(name, n, Msg("tagdeck.deck.count_range", got=count))
                number, rest = parts[1], parts[2] if len(parts) > 2 else ""
            elif NUMBER_RE.match(parts[0]):
                count, number = 1, parts[0]
                rest = line.split(None, 1)[1] if len(parts) > 1 else ""
            elif header.endswith(":") or any(w in header for w in HEADERISH):
                # Meant as a header, but not one this reader knows: say which ones it knows.
                raise InputError(name, n, Msg("tagdeck.deck.unknown_header", got=repr(line[:60]),
                                              headers=", ".join(f"`{h}`" for h in POOL_HEADERS_SHOWN)))
            else:
                raise InputError(name, n, Msg("tagdeck.deck.bad_line", got=repr(line[:60])))
            (entries if pool is None else pool).append(DeckEntry(number, count, n, rest.strip()))
        return cls(name, entries, pool)


EXPECTED_DECK = Msg("tagdeck.expected.deck")
EXPECTED_CATALOGUE = Msg("tagdeck.expected.catalogue")


def read_deck(path: str | os.PathLike[str]) -> Deck:
    return Deck.from_text(_read_text(path, MAX_DECK_BYTES, EXPECTED_DECK), str(path))


# ------------------------------------------------------------------------------------ catalogue
class CatalogueCard(Value, frozen=True):
    number: str
    name: str
    level: str            # "3", "4", "perfect", "ultimate" or "" (option cards)
    lost: dict[str, int]  # level -> lost points, where the catalogue gives them
    line: int = 0

    def lost_table(self) -> dict[str, int]:
        """The card's lost points as a battle entry's ``lost_table`` (TAG-P5 ③)."""
        return dict(self.lost)


class Catalogue:
    """Card number -> :class:`CatalogueCard` (name, level, lost points)."""

    def __init__(self, cards: list[CatalogueCard], name: str = "<catalogue>"):
        self.name = name
        self._cards = {_key(c.number): c for c in cards}

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, number: str) -> bool:
        return _key(number) in self._cards

    def get(self, number: str) -> CatalogueCard | None:
        return self._cards.get(_key(number))

    def __getitem__(self, number: str) -> CatalogueCard:
        card = self.get(number)
        if card is None:
            raise KeyError(f"{number} is not in the catalogue {self.name}")
        return card

    def lost_table(self, number: str) -> dict[str, int]:
        return self[number].lost_table()

    def __repr__(self) -> str:
        return f"<Catalogue {self.name}: {len(self)} cards>"

    @classmethod
    def from_text(cls, text: str, name: str = "<catalogue>") -> Catalogue:
        reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        try:
            header = next(reader, None)
            while header is not None and not any(h.strip() for h in header):
                header = next(reader, None)
            if header is None:
                raise InputError(name, 1, Msg("tagdeck.catalogue.empty"))
            cols = [h.strip().casefold() for h in header]
            missing = [c for c in ("number", "name", "level") if c not in cols]
            if missing:
                raise InputError(name, reader.line_num, Msg("tagdeck.catalogue.columns", missing=", ".join(missing)))
            idx = {c: i for i, c in enumerate(cols)}
            cards: list[CatalogueCard] = []
            seen: dict[str, int] = {}
            for row in reader:
                n = reader.line_num
                if not any(cell.strip() for cell in row):
                    continue
                if len(row) != len(cols):
                    raise InputError(name, n, Msg("tagdeck.catalogue.fields", n=len(cols), got=len(row)))
                number = row[idx["number"]].strip()
                cname = row[idx["name"]].strip()
                level = row[idx["level"]].strip().casefold()
                if not NUMBER_RE.match(number):
                    raise InputError(name, n, Msg("tagdeck.catalogue.number", got=repr(number[:40])))
                if not cname:
                    raise InputError(name, n, Msg("tagdeck.catalogue.no_name", number=number))
                if level not in CATALOGUE_LEVELS:
                    raise InputError(name, n, Msg("tagdeck.catalogue.level", got=repr(level[:40])))
                if _key(number) in seen:
                    raise InputError(name, n, Msg("tagdeck.catalogue.duplicate", number=number, line=seen[_key(number)]))
                seen[_key(number)] = n
                lost = {}
                for col, lv in LOST_COLUMNS.items():
                    if col in idx and row[idx[col]].strip():
                        cell = row[idx[col]].strip()
                        value = _count(cell)
                        if value is None:
                            raise InputError(name, n, Msg("tagdeck.catalogue.lost", column=col, got=repr(cell[:20])))
                        lost[lv] = value
                cards.append(CatalogueCard(number, cname, level, lost, n))
        except csv.Error as exc:
            raise InputError(name, reader.line_num, Msg("tagdeck.catalogue.csv", why=str(exc))) from None
        return cls(cards, name)


def read_catalogue(path: str | os.PathLike[str]) -> Catalogue:
    return Catalogue.from_text(_read_text(path, MAX_CATALOGUE_BYTES, EXPECTED_CATALOGUE), str(path))


def sample_catalogue() -> Catalogue:
    """The small SAMPLE catalogue shipped in ``rulings_lib/samples/tag`` (illustrative, not complete)."""
    return read_catalogue(SAMPLES / "sample-catalogue.csv")


SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "tag"


# --------------------------------------------------------------------------------------- report
class Finding(Value, frozen=True):
    """One violation or warning: the rule id, a sentence, and details for the JSON form."""

    rule: str
    message: str
    deck: str | None = None
    check: str | None = None
    card: str | None = None
    count: int | None = None
    limit: int | None = None
    line: int | None = None
    numbers: tuple[str, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, object] = {"rule": self.rule}
        for k in ("check", "deck", "card", "count", "limit", "line"):
            v = getattr(self, k)
            if v is not None:
                d[k] = v
        if self.numbers is not None:
            d["numbers"] = list(self.numbers)
        d["message"] = self.message
        return d


class DeckSummary(Value, frozen=True):
    deck: str
    size: int
    level3: int | None   # Level 3 Digimon cards found (None: no catalogue to tell)


class DeckReport(Value):
    """The result of a deck check: legal or not, the violations and warnings (each with a rule id)."""

    decks: list[DeckSummary]
    violations: list[Finding]
    warnings: list[Finding]
    notes: list[Finding] = field(default_factory=list)   # advice (TAG-K4), not in the JSON

    @property
    def legal(self) -> bool:
        return not self.violations

    def __bool__(self) -> bool:
        return self.legal

    def as_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "violations": [v.as_dict() for v in self.violations],
                "warnings": [w.as_dict() for w in self.warnings]}

    to_dict = as_dict      # the same pair as the WRGP report's: to_dict() a dict, to_json() JSON text

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), ensure_ascii=False, indent=2)

    def text(self, lang: str = "en") -> str:
        """The report people read, in ``lang`` (``en`` or ``ja``)."""
        def t(code: str, **args: object) -> str:
            return render(code, args, lang)

        def said(f: Finding) -> str:
            return f.message.render(lang) if isinstance(f.message, Msg) else f.message

        lines = []
        for d in self.decks:
            lv = "" if d.level3 is None else t("tagdeck.report.level3", n=d.level3)
            mine = [v for v in self.violations if v.deck == d.deck]
            verdict = t("tagdeck.report.legal") if not mine else t("tagdeck.report.violations", n=len(mine))
            lines.append(t("tagdeck.report.deck", deck=d.deck, size=d.size, level3=lv, verdict=verdict))
            for v in mine:
                lines.append(f"  {v.rule}  {said(v)}")
        shared = [v for v in self.violations if v.deck is None]
        for v in shared:
            lines.append(f"  {v.rule}  {said(v)}")
        if self.warnings:
            lines.append(t("tagdeck.report.warnings"))
            lines.extend(f"  {w.rule}  {(w.deck + ': ') if w.deck else ''}{said(w)}" for w in self.warnings)
        if self.notes:
            lines.append(t("tagdeck.report.advice"))
            lines.extend(f"  {n.rule}  {said(n)}" for n in self.notes)
        n = len(self.violations)
        lines.append(t("tagdeck.report.result_legal") if self.legal else
                     t("tagdeck.report.result_illegal_one" if n == 1 else "tagdeck.report.result_illegal", n=n))
        # File names and catalogue names reach these lines: escape control characters in each, so
        # that no name can end a line early or forge one ("Result: LEGAL").
        return "\n".join(one_line(line) for line in lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (f"<DeckReport {len(self.decks)} deck(s): {'legal' if self.legal else 'illegal'}, "
                f"{len(self.violations)} violation(s), {len(self.warnings)} warning(s)>")

    def _repr_html_(self) -> str:  # Jupyter: a table of findings
        e = html.escape
        verdict = "legal" if self.legal else f"illegal: {len(self.violations)} violation(s)"
        rows = "".join(f"<tr><td>{kind}</td><td>{e(f.rule)}</td><td>{e(f.deck or '')}</td><td>{e(f.message)}</td></tr>"
                       for kind, items in (("violation", self.violations), ("warning", self.warnings),
                                           ("advice", self.notes)) for f in items)
        sizes = ", ".join(f"{e(d.deck)}: {d.size} cards" for d in self.decks)
        return (f"<div><b>Deck check ({e(sizes)}): {verdict}</b>"
                f"<table><tr><th></th><th>rule</th><th>deck</th><th>what</th></tr>{rows}</table></div>")


def kit_card_name(number: str) -> str | None:
    """The card name the kit's own tag catalogue (``rulings_lib/cards/tag.yaml``) gives a card number, as
    the regulation prints it (``St-319`` and ``St-320``: チェンジアップ！, one name under two numbers:
    「St-319/320 チェンジアップ！」), or None for a number it does not name."""
    return _kit_names().get(_key(number))


def _kit_names() -> dict[str, str]:
    from ..cards import catalogue  # read on first use: `import rulings_lib` stays light

    cat = catalogue(T.CARDS)
    return {_key(c.number): (cat.by_id[c.same_name] if c.same_name else c).label("ja") for c in cat if c.number}


def _check_one(deck: Deck, catalogue: Catalogue | None, violations: list[Finding], warnings: list[Finding],
               notes: list[Finding] | None = None) -> DeckSummary:
    # TAG-K1: 30 cards per player.
    if deck.size != DECK_SIZE:
        violations.append(Finding("TAG-K1", Msg("tagdeck.finding.size", n=deck.size, size=DECK_SIZE), deck.name,
                                  "size", count=deck.size, limit=DECK_SIZE))
    # TAG-K2: only Bo-, St-, Bx-, Sx- numbers may be used: the deck's cards, and Digivice 01's
    # replacement cards, which come into play (TAG-K3). (TAG-K1's 30 cards, Level 3 and copies are the
    # deck's, デック: the replacement cards are set out beside it, reading digivice-pool-30.)
    for code, entries in (("tagdeck.finding.number", deck.entries), ("tagdeck.finding.pool_number", deck.pool or ())):
        for e in (e for e in entries if not is_allowed_number(e.number)):
            violations.append(Finding("TAG-K2", Msg(code, line=e.line, number=e.number),
                                      deck.name, "number", card=e.number, count=e.count, line=e.line))
    # TAG-K1: at most 3 copies of a name per player; by catalogue name, else by number. Without a catalogue
    # file, a number the kit's own tag catalogue names goes by that name (St-319 and St-320 are one card
    # name, チェンジアップ！: the regulation writes 「St-319/320 チェンジアップ！」).
    groups: dict[str, list[Any]] = {}
    for number, count in deck.counts().items():
        card = catalogue.get(number) if catalogue else None
        label = card.name if card else ((kit_card_name(number) if catalogue is None else None) or number)
        groups.setdefault(label, []).append((number, count))
    for label, items in groups.items():
        total = sum(c for _, c in items)
        if total > COPY_LIMIT:
            nums = tuple(n for n, _ in items)
            also = Msg("tagdeck.finding.numbers", numbers=", ".join(nums)) if len(nums) > 1 or nums[0] != label else ""
            violations.append(Finding("TAG-K1", Msg("tagdeck.finding.copies", n=total, card=label, also=also, limit=COPY_LIMIT),
                                      deck.name, "copies", card=label, count=total,
                                      limit=COPY_LIMIT, numbers=nums))
    # TAG-K1: at least one Level 3 Digimon (needs the catalogue).
    level3 = None
    if catalogue is not None:
        counts = deck.counts()
        unknown = [n for n in counts if n not in catalogue]
        level3 = sum(c for n, c in counts.items() if n in catalogue and catalogue[n].level == "3")
        if unknown:
            warnings.append(Finding("TAG-K1", Msg("tagdeck.finding.not_catalogued", numbers=", ".join(unknown)),
                                    deck.name, "catalogue", numbers=tuple(unknown)))
        if level3 == 0:
            if any(is_allowed_number(n) for n in unknown):   # an unusable card (TAG-K2) cannot be the one
                warnings.append(Finding("TAG-K1", Msg("tagdeck.finding.level3_maybe"), deck.name, "level-3"))
            else:
                violations.append(Finding("TAG-K1", Msg("tagdeck.finding.level3"), deck.name,
                                          "level-3", count=0))
    # TAG-K3: Digivice 01 needs its replacement cards ready, at most 30 of them (reading digivice-pool-30);
    # they are not part of the deck, which stays 30 (TAG-K1 counts the deck alone).
    digivice = next((e for e in deck.entries if _key(e.number) == _key(DIGIVICE_01)), None)
    if digivice is not None and deck.pool is None:
        warnings.append(Finding("TAG-K3", Msg("tagdeck.finding.digivice", line=digivice.line, card=DIGIVICE_01,
                                              size=DECK_SIZE, cap=DIGIVICE_POOL),
                                deck.name, "digivice", card=DIGIVICE_01, line=digivice.line))
    elif digivice is not None and deck.pool_size > DIGIVICE_POOL:
        violations.append(Finding("TAG-K3", Msg("tagdeck.finding.digivice_pool_over", card=DIGIVICE_01,
                                                n=deck.pool_size, cap=DIGIVICE_POOL, size=DECK_SIZE),
                                  deck.name, "digivice-pool", card=DIGIVICE_01, count=deck.pool_size,
                                  limit=DIGIVICE_POOL))
    elif digivice is not None and notes is not None:
        notes.append(Finding("TAG-K3", Msg("tagdeck.finding.digivice_pool", card=DIGIVICE_01, n=deck.pool_size,
                                           cap=DIGIVICE_POOL, size=DECK_SIZE),
                             deck.name, "digivice-pool", card=DIGIVICE_01, count=deck.pool_size, limit=DIGIVICE_POOL))
    elif deck.pool:
        warnings.append(Finding("TAG-K3", Msg("tagdeck.finding.pool_without_digivice", card=DIGIVICE_01,
                                              line=deck.pool[0].line),
                                deck.name, "digivice-pool", count=deck.pool_size, line=deck.pool[0].line))
    return DeckSummary(deck.name, deck.size, level3)


def check_decks(decks: list[Deck], catalogue: Catalogue | None = None) -> DeckReport:
    """TAG-K1..K3 on one player's deck or a tag's two decks."""
    if not 1 <= len(decks) <= 2:
        raise ValueError("a deck check takes one deck or a tag's two decks")
    violations: list[Finding] = []
    warnings: list[Finding] = []
    notes: list[Finding] = []
    summaries = [_check_one(d, catalogue, violations, warnings, notes) for d in decks]
    if catalogue is None:
        warnings.append(Finding("TAG-K1", Msg("tagdeck.finding.no_catalogue"), check="level-3"))
    if len(decks) == 2:
        notes.append(Finding("TAG-K1", Msg("tagdeck.finding.tag_copies", limit=TAG_COPY_LIMIT, each=COPY_LIMIT)))
        notes.append(Finding("TAG-K4", Msg("tagdeck.finding.sleeves")))
    return DeckReport(summaries, violations, warnings, notes)


def check_deck(*paths: str | os.PathLike[str], cards: str | os.PathLike[str] | None = None) -> DeckReport:
    """Read one or two deck files (and a catalogue CSV) and check them. Raises InputError for unusable input."""
    if not 1 <= len(paths) <= 2:
        raise InputError(str(paths[2]) if len(paths) > 2 else "<decks>", None,
                         Msg("tagdeck.deck.how_many", n=len(paths)))
    if cards is not None and not str(cards).strip():
        raise InputError("--cards", None, Msg("tagdeck.deck.empty_cards"))
    catalogue = read_catalogue(cards) if cards is not None else None
    return check_decks([read_deck(p) for p in paths], catalogue)


def cli_check_deck(args: argparse.Namespace) -> int:
    """``rulings tag check-deck DECK [DECK] [--cards CATALOGUE.csv] [--json]``: 0 legal, 1 illegal."""
    from ..i18n import default_lang

    report = check_deck(*args.decks, cards=args.cards)
    if args.json:
        print(report.to_json())
    else:
        print(report.text(default_lang(getattr(args, "lang", None))))
    return 0 if report.legal else 1
