"""WRGP-S2: a team's three decks against a Forbidden/Limited list, as a team.

WRGP-S2 (reading ``team-count-by-name``): copies are counted across the main, extra and side
decks of all three decks, by card name: at most 3 of a card, 2 of a semi-limited card, 1 of a
limited card, 0 of a forbidden one. Each deck must also be legal on its own: main 40-60,
extra 0-15, side 0-15. With an EDOPro ``$whitelist`` list, a card the list does not name is not
allowed at all.

Card names come from a YGOPro ``cards.cdb`` when one is given: a card whose ``alias`` points
to another (an alternate artwork) counts as that card, for the copy count and for its banlist
status. A banlist may list the card under any of its passcodes; where it lists several of them
with different counts, the strictest count applies. Without a card database every passcode
counts as its own card, and the report says so in a warning.

>>> from rulings_lib.decks import Banlist, CardDB, Deck, check_team
>>> cards = CardDB.from_rows([(46986414, "Dark Magician", 0), (36996508, "Dark Magician", 46986414)])
>>> filler = [tuple(range(100 * i + 1, 100 * i + 40)) for i in (1, 2, 3)]
>>> team = [Deck(main=(46986414,) + filler[0], source="a.ydk"),
...         Deck(main=(36996508,) + filler[1], source="b.ydk"),
...         Deck(main=(46986414,) + filler[2], side=(36996508,), source="c.ydk")]
>>> report = check_team(team, Banlist("demo", {46986414: 2}), cards=cards)
>>> report
<TeamReport WRGP-S2: illegal, 1 violation; list 'demo'; decks 'a.ydk', 'b.ydk', 'c.ydk'>
>>> print(report.violations[0])
Dark Magician (46986414), semi-limited: 4 copies, limit 2 - deck 1: main 1; deck 2: main 1; deck 3: main 1, side 1 (passcodes 36996508 x2, 46986414 x2)
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from ..errors import one_line
from ..i18n import Msg, render, text
from ..values import Value
from ..wrgp.tables import DECK_READINGS
from .cdb import CardDB, load_cards
from .lflist import STATUS, UNLIMITED, Banlist, load_banlist, select_list
from .ydk import SECTIONS, Deck, load_deck

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from ..decks.cdb import CardDB

RULE = "WRGP-S2"
READING = "team-count-by-name"
COPIES_PER_NAME = UNLIMITED  # WRGP-S2: at most 3 copies of a card name across the team
SIZE_LIMITS = {"main": (40, 60), "extra": (0, 15), "side": (0, 15)}  # WRGP-S2 Reading: each deck on its own

# Where the files leave WRGP-S2 open, the check plays by these (the rule's own Reading is
# ``team-count-by-name`` in rulings_lib.wrgp.tables). They are not put in the global registry
# here: importing this module must not change what `rulings readings` and the FAQ list.
READINGS = DECK_READINGS   # declared with the format's other readings (rulings_lib/wrgp/tables.py)

COPIES_TITLE = Msg("decks.team.copies_title")
WHITELIST_TITLE = Msg("decks.team.whitelist_title")
SIZES_TITLE = Msg("decks.team.sizes_title")
# The words of a report that depend on a value (English text as before; Japanese from the catalogue).
_STATUS = {"forbidden": "decks.status.forbidden", "limited": "decks.status.limited",
           "semi-limited": "decks.status.semi_limited", "unlimited": "decks.status.unlimited"}
_SECTION = {"main": "decks.section.main", "extra": "decks.section.extra", "side": "decks.section.side"}
_COUNTS = {"copy": ("decks.n.copy_one", "decks.n.copy_many"), "card": ("decks.n.card_one", "decks.n.card_many"),
           "violation": ("decks.n.violation_one", "decks.n.violation_many")}


def passcode_text(code: int) -> str:
    """A passcode as printed on cards: eight digits, leading zeros kept."""
    return f"{code:08d}"


def card_label(code: int, name: str | None) -> str:
    return f"{name} ({passcode_text(code)})" if name else passcode_text(code)


def _plural(n: int, word: str, words: str | None = None) -> Msg:
    one, many = _COUNTS[word]
    return Msg(one if n == 1 else many, n=n)


class DeckCopies(Value, frozen=True):
    """How many copies of one card a deck holds, by section."""

    deck: int
    file: str
    main: int = 0
    extra: int = 0
    side: int = 0

    @property
    def total(self) -> int:
        return self.main + self.extra + self.side

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "file": self.file, "main": self.main, "extra": self.extra, "side": self.side}

    def msg(self) -> Msg:
        parts = [Msg("decks.copies.part", section=Msg(_SECTION[name]), n=getattr(self, name))
                 for name in SECTIONS if getattr(self, name)]
        return Msg("decks.copies.deck", deck=self.deck, parts=parts)

    def __str__(self) -> str:
        return str(self.msg())


class _CardViolation:
    card: int
    name: str | None
    count: int
    limit: int
    per_deck: tuple[DeckCopies, ...]
    passcodes: tuple[tuple[int, int], ...]
    kind: ClassVar[str]
    if TYPE_CHECKING:
        def msg(self) -> Msg: ...

    @property
    def label(self) -> str:
        return card_label(self.card, self.name)

    def _where_msg(self) -> Msg:
        decks = None
        for d in self.per_deck:   # "deck 1: main 2; deck 2: side 1"
            decks = d.msg() if decks is None else Msg("decks.copies.then", a=decks, b=d.msg())
        if len(self.passcodes) > 1 or (self.passcodes and self.passcodes[0][0] != self.card):
            codes = [Msg("decks.copies.passcode", passcode=passcode_text(c), n=n) for c, n in self.passcodes]
            return Msg("decks.copies.with_passcodes", decks=decks, passcodes=codes)
        return decks  # type: ignore[return-value]  # (a violation names at least one deck)

    def _where(self) -> str:
        return str(self._where_msg())

    def text(self, lang: str = "en") -> str:
        return self.msg().render(lang)

    def __str__(self) -> str:
        return str(self.msg())

    def _json(self, status: str, **extra: Any) -> dict[str, Any]:
        return {
            "rule": RULE, "kind": self.kind, "card": self.card, "name": self.name, "status": status,
            "count": self.count, "limit": self.limit, **extra,
            "passcodes": [{"passcode": c, "count": n} for c, n in self.passcodes],
            "per_deck": [d.to_dict() for d in self.per_deck],
        }


class CopyLimitViolation(Value, _CardViolation, frozen=True):
    """WRGP-S2: the team holds more copies of a card than the list allows."""

    card: int                                # the passcode counted (the alias target where there is one)
    name: str | None
    count: int
    limit: int
    status: str                              # forbidden, limited, semi-limited or unlimited
    per_deck: tuple[DeckCopies, ...]
    passcodes: tuple[tuple[int, int], ...]   # (passcode in the decks, copies)
    listed_as: tuple[int, ...] = ()          # the passcodes the list names this card by
    rule: ClassVar[str] = RULE
    kind: ClassVar[str] = "copies"

    def to_dict(self) -> dict[str, Any]:
        return self._json(self.status, listed_as=list(self.listed_as))

    def msg(self) -> Msg:
        listed: Msg | str
        if self.listed_as and self.listed_as != (self.card,):
            listed = Msg("decks.copies.listed_as", passcodes=[passcode_text(c) for c in self.listed_as])
        else:
            listed = ""
        return Msg("decks.copies.violation", label=self.label, status=Msg(_STATUS[self.status]), listed=listed,
                   copies=_plural(self.count, "copy"), limit=self.limit, where=self._where_msg())


class WhitelistViolation(Value, _CardViolation, frozen=True):
    """WRGP-S2 with an EDOPro ``$whitelist`` list: the card is not on the list, so not allowed."""

    card: int
    name: str | None
    count: int
    per_deck: tuple[DeckCopies, ...]
    passcodes: tuple[tuple[int, int], ...]
    list_name: str
    limit: int = 0
    rule: ClassVar[str] = RULE
    kind: ClassVar[str] = "whitelist"

    def to_dict(self) -> dict[str, Any]:
        return self._json("not on the whitelist", list=self.list_name)

    def msg(self) -> Msg:
        return Msg("decks.whitelist.violation", label=self.label, list=repr(self.list_name),
                   copies=_plural(self.count, "copy"), where=self._where_msg())


class DeckSizeViolation(Value, frozen=True):
    """WRGP-S2 (Reading): one deck's section is outside its size on its own."""

    deck: int
    file: str
    section: str
    count: int
    min: int
    max: int
    rule: ClassVar[str] = RULE
    kind: ClassVar[str] = "deck-size"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": RULE, "kind": self.kind, "deck": self.deck, "file": self.file, "section": self.section,
                "count": self.count, "min": self.min, "max": self.max}

    def msg(self) -> Msg:
        return Msg("decks.size.violation", deck=self.deck, file=self.file, section=Msg(_SECTION[self.section]),
                   cards=_plural(self.count, "card"), min=self.min, max=self.max)

    def text(self, lang: str = "en") -> str:
        return self.msg().render(lang)

    def __str__(self) -> str:
        return str(self.msg())


Violation = CopyLimitViolation | WhitelistViolation | DeckSizeViolation


class DeckSummary(Value, frozen=True):
    deck: int
    file: str
    main: int
    extra: int
    side: int

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "file": self.file, "main": self.main, "extra": self.extra, "side": self.side}


class TeamReport(Value, frozen=True):
    """The verdict of WRGP-S2 on a team's decks: ``legal``, ``violations`` (in a fixed order) and
    ``warnings`` (things the check could not know, never a reason to fail)."""

    violations: tuple[Violation, ...]
    decks: tuple[DeckSummary, ...]
    list_name: str
    banlist_file: str
    whitelist: bool = False
    cards_file: str | None = None
    warnings: tuple[str, ...] = ()
    rule: ClassVar[str] = RULE

    @property
    def legal(self) -> bool:
        return not self.violations

    def of_kind(self, kind: str) -> list[Violation]:
        """The violations of one kind: ``copies``, ``whitelist`` or ``deck-size``."""
        return [v for v in self.violations if v.kind == kind]

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "warnings": list(self.warnings),
            "rule": RULE,
            "decks": [d.to_dict() for d in self.decks],
            "banlist": {"file": self.banlist_file, "list": self.list_name, "whitelist": self.whitelist},
            "cards": self.cards_file,
        }

    def to_json(self) -> str:
        """The report as JSON text: what ``rulings wrgp check-team ... --json`` prints (:meth:`to_dict`
        gives it as a dict)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2)

    def _verdict(self, lang: str = "en") -> str:
        if self.legal:
            return render("decks.team.legal", {}, lang)
        return render("decks.team.illegal", {"violations": _plural(len(self.violations), "violation")}, lang)

    def text(self, lang: str = "en") -> str:
        """The report people read, in ``lang`` (``en`` or ``ja``)."""
        def t(code: str, **args: object) -> str:
            return render(code, args, lang)

        banlist = "decks.team.banlist_whitelist" if self.whitelist else "decks.team.banlist"
        lines = [t("decks.team.head", verdict=self._verdict(lang)),
                 t(banlist, file=self.banlist_file, list=repr(self.list_name)),
                 t("decks.team.cards", file=self.cards_file) if self.cards_file else t("decks.team.no_cards")]
        for d in self.decks:
            lines.append(t("decks.team.deck", deck=d.deck, file=d.file, main=d.main, extra=d.extra, side=d.side))
        for kind, title in (("copies", COPIES_TITLE), ("whitelist", WHITELIST_TITLE), ("deck-size", SIZES_TITLE)):
            found = self.of_kind(kind)
            if found:
                lines += ["", title.render(lang)] + [f"  {v.msg().render(lang)}" for v in found]
        if self.warnings:
            lines += ["", t("decks.team.warnings")] + [f"  - {text(w, lang)}" for w in self.warnings]
        # Card names (from a cards.cdb), list names and file names reach these lines: escape their
        # control characters (ANSI escapes, newlines) so that no name can forge a report line.
        return "\n".join(one_line(line) for line in lines)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        files = ", ".join(repr(d.file) for d in self.decks)
        verdict = "legal" if self.legal else f"illegal, {_plural(len(self.violations), 'violation')}"
        return f"<TeamReport {RULE}: {verdict}; list {self.list_name!r}; decks {files}>"

    def _repr_html_(self) -> str:
        import html  # only notebooks draw the report

        e = html.escape
        colour = "#1a7f37" if self.legal else "#cf222e"
        out = [f'<div class="rulings-team-report"><p><b style="color:{colour}">WRGP-S2 team deck check: '
               f'{e(self._verdict())}</b><br>list {e(repr(self.list_name))} from <code>{e(self.banlist_file)}</code>'
               + (f'; cards from <code>{e(self.cards_file)}</code>' if self.cards_file else "") + "</p>"]
        out.append("<table><thead><tr><th>Deck</th><th>File</th><th>Main</th><th>Extra</th><th>Side</th></tr></thead>"
                   "<tbody>")
        for d in self.decks:
            out.append(f"<tr><td>{d.deck}</td><td><code>{e(d.file)}</code></td><td>{d.main}</td><td>{d.extra}</td>"
                       f"<td>{d.side}</td></tr>")
        out.append("</tbody></table>")
        if self.violations:
            out.append("<table><thead><tr><th>Rule</th><th>Check</th><th>Card</th><th>Passcode</th>"
                       "<th>Copies</th><th>Limit</th><th>Where</th></tr></thead><tbody>")
            for v in self.violations:
                if isinstance(v, DeckSizeViolation):
                    cells = [RULE, "deck size", "", "", str(v.count), f"{v.min}-{v.max}",
                             f"deck {v.deck} {v.section} ({v.file})"]
                else:
                    check = v.status if isinstance(v, CopyLimitViolation) else "not on the whitelist"
                    cells = [RULE, check, v.name or "", passcode_text(v.card), str(v.count), str(v.limit),
                             v._where()]
                out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>")
            out.append("</tbody></table>")
        if self.warnings:
            out.append("<ul>" + "".join(f"<li>{e(w)}</li>" for w in self.warnings) + "</ul>")
        out.append("</div>")
        return "".join(out)


def _load_banlist(banlist: Any, list_name: str | None) -> Banlist:
    if isinstance(banlist, Banlist):
        if list_name is not None and list_name != banlist.name:
            raise ValueError(f"list_name {list_name!r} given with the Banlist {banlist.name!r}")
        return banlist
    if isinstance(banlist, Sequence) and not isinstance(banlist, str) and all(
            isinstance(b, Banlist) for b in banlist):
        return select_list(banlist, list_name)
    return load_banlist(banlist, list_name)


def check_team(decks: Sequence[Any], banlist: Any, list_name: str | None = None, cards: Any = None) -> TeamReport:
    """WRGP-S2 on a team's decks.

    ``decks``: the team's decks (three in WRGP), each a :class:`Deck`, a ``ydke://`` URL or the
    path of a ``.ydk`` file. ``banlist``: a :class:`Banlist`, a list of them, or the path of an
    ``lflist.conf`` (the first list unless ``list_name``). ``cards``: a :class:`CardDB`, the path
    of a ``cards.cdb``, or None. An unusable file raises :class:`~rulings_lib.errors.InputError`.
    """
    if isinstance(decks, str | Deck) or not isinstance(decks, Sequence):
        raise TypeError("decks: expected a sequence of decks (Deck objects, .ydk paths or ydke:// URLs)")
    if not decks:
        raise ValueError("WRGP-S2: a team needs at least one deck")
    loaded = [load_deck(d) for d in decks]
    chosen = _load_banlist(banlist, list_name)
    db = load_cards(cards, {code for deck in loaded for _, code in deck.cards()})
    return evaluate(loaded, chosen, db)


def evaluate(decks: Sequence[Deck], banlist: Banlist, cards: CardDB | None = None) -> TeamReport:
    """WRGP-S2 on decks already read. The one place the rule is enforced."""
    counted = cards.target if cards is not None else (lambda code: code)
    by_section: dict[int, Counter[tuple[int, str]]] = {}   # card -> Counter[(deck, section)]
    by_passcode: dict[int, Counter[int]] = {}  # card -> Counter[passcode as written]
    unknown: dict[int, str] = {}
    violations: list[Violation] = []
    sizes: list[DeckSizeViolation] = []
    for number, deck in enumerate(decks, 1):
        for section in SECTIONS:
            codes = deck.section(section)
            low, high = SIZE_LIMITS[section]
            if not low <= len(codes) <= high:  # WRGP-S2 Reading: each deck legal on its own
                sizes.append(DeckSizeViolation(number, deck.source, section, len(codes), low, high))
            for code in codes:
                card = counted(code)
                by_section.setdefault(card, Counter())[number, section] += 1
                by_passcode.setdefault(card, Counter())[code] += 1
                if cards is not None and code not in cards and code not in unknown:
                    unknown[code] = Msg("decks.team.where", deck=number, section=Msg(_SECTION[section]))

    whitelisted: list[WhitelistViolation] = []
    for card in sorted(by_section):
        tally = by_section[card]
        count = sum(tally.values())
        per_deck = tuple(
            DeckCopies(n, decks[n - 1].source, *(tally[n, s] for s in SECTIONS))
            for n in range(1, len(decks) + 1) if any(tally[n, s] for s in SECTIONS))
        passcodes = tuple(sorted(by_passcode[card].items()))
        name = cards.name(card) if cards is not None else None
        # The list may name the card by any of its passcodes (an alternate artwork's included).
        group = {card} | set(by_passcode[card]) | (set(cards.alternates(card)) if cards is not None else set())
        listed = tuple(sorted(c for c in group if c in banlist.limits))
        if banlist.whitelist and not listed:  # WRGP-S2 with $whitelist: only the cards named are allowed
            whitelisted.append(WhitelistViolation(card, name, count, per_deck, passcodes, banlist.name))
            continue
        limit = min([COPIES_PER_NAME] + [banlist.limits[c] for c in listed])
        if count > limit:  # WRGP-S2: 3 per name, 2 semi-limited, 1 limited, 0 forbidden, as a team
            violations.append(CopyLimitViolation(card, name, count, limit, STATUS[limit], per_deck, passcodes,
                                                 tuple(c for c in listed if banlist.limits[c] == limit)))

    warnings: list[str] = list(banlist.warning_msgs())   # lines of the list skipped as EDOPro skips them
    if cards is None:
        warnings.append(Msg("decks.team.no_cards_warning"))
    else:
        for code in sorted(unknown):
            warnings.append(Msg("decks.team.unknown_passcode", passcode=passcode_text(code), where=unknown[code],
                                source=cards.source))
        for loop in cards.loops():
            warnings.append(Msg("decks.team.alias_loop", source=cards.source,
                                passcodes=[passcode_text(c) for c in loop], counted=passcode_text(loop[0])))
    summaries = tuple(DeckSummary(n, d.source, len(d.main), len(d.extra), len(d.side))
                      for n, d in enumerate(decks, 1))
    return TeamReport(tuple(violations + whitelisted + sizes), summaries, banlist.name, banlist.source,  # type: ignore[operator]
                      banlist.whitelist, cards.source if cards is not None else None, tuple(warnings))


def _write(text: str) -> None:
    """Print, replacing what the terminal's encoding cannot show instead of failing."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    print(text.encode(encoding, "backslashreplace").decode(encoding, "replace"))


def cli_check_team(args: argparse.Namespace) -> int:
    """``rulings wrgp check-team``: exit 0 legal, 1 illegal; unusable input raises InputError (exit 2)."""
    from ..i18n import default_lang

    report = check_team(args.decks, args.banlist, list_name=args.list_name, cards=args.cards)
    if args.json:
        _write(report.to_json())
    else:
        _write(report.text(default_lang(getattr(args, "lang", None))))
    return 0 if report.legal else 1
