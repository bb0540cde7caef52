"""Monsters' ATK, level and type from a user's EDOPro card databases (``cards.cdb``).

EDOPro keeps its cards in several databases (Project Ignis's BabelCDB ships ``cards.cdb``,
``cards-unofficial.cdb``, ``cards-rush.cdb``, ``prerelease-*.cdb`` ...) and loads every ``.cdb``
of its folders; a card read later replaces one read earlier with the same passcode. The kit
reads them the same way: the databases in the order given, a folder's ``.cdb`` files in name
order with ``cards.cdb`` first; :attr:`CardStats.overrides` says which passcodes a later database
replaced, and from which file.

Each database is opened as the deck check opens one (:func:`rulings_lib.decks.cdb.read_only`:
read-only, with a time limit, bad text read with U+FFFD) and bounded as it is
(:func:`~rulings_lib.decks.cdb.stored_tables`: stored values only, no value over 1 MB, names of at
most 500 characters); nothing in it is executed; a file that is not a usable database is an
:class:`~rulings_lib.errors.InputError` naming it (exit 2). A monster's ATK and DEF must be within
the game's range (:data:`MAX_STAT`; a negative one is the card's ``?``, not known): a database ATK of
2^62 is refused, never dealt as damage.
"""

from __future__ import annotations

from pathlib import Path

from ..decks.cdb import EXPECTED_CDB as EXPECTED
from ..decks.cdb import MAX_ROWS, check_name, database_files, read_only, stored_tables
from ..errors import InputError
from ..i18n import Msg
from ..values import Value, field
from . import fold

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

TYPE_MONSTER, TYPE_FUSION = 0x1, 0x40
# YGOPro's type bits of the monsters kept in the Extra Deck (Synchro, Xyz, Link; Fusion above) and of a
# Pendulum Monster: where a card goes when it leaves the field depends on them (STD-CARDS).
TYPE_SYNCHRO, TYPE_XYZ, TYPE_PENDULUM, TYPE_LINK = 0x2000, 0x800000, 0x1000000, 0x4000000
TYPE_EXTRA = TYPE_FUSION | TYPE_SYNCHRO | TYPE_XYZ | TYPE_LINK
# The largest ATK or DEF a database may give a monster: the kit's largest amount of one step (the
# printed cards stay far below it; EDOPro writes a "?" as -2). Anything larger is refused.
MAX_STAT = 1_000_000
COLUMNS = {"datas": ("id", "type", "atk", "def", "level", "race"), "texts": ("id", "name")}
# YGOPro's race bits (datas.race), by the words the catalogue uses.
RACES = {0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie", 0x20: "Machine",
         0x40: "Aqua", 0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast", 0x400: "Plant", 0x800: "Insect",
         0x1000: "Thunder", 0x2000: "Dragon", 0x4000: "Beast", 0x8000: "Beast-Warrior", 0x10000: "Dinosaur",
         0x20000: "Fish", 0x40000: "Sea Serpent", 0x80000: "Reptile", 0x100000: "Psychic",
         0x200000: "Divine-Beast", 0x400000: "Creator God", 0x800000: "Wyrm", 0x1000000: "Cyberse"}


class CardStats(Value):
    """Monsters by passcode and by folded name, from one or more databases."""

    by_code: dict[int, dict[str, Any]] = field(default_factory=dict)
    by_name: dict[str, int] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    # (passcode, earlier file, later file): a card a later database gives otherwise than an earlier one
    # (the same card, read again as it was, replaces nothing)
    overrides: list[tuple[int, str, str]] = field(default_factory=list)
    _overridden: set[tuple[int, str, str]] = field(default_factory=set, repr=False, compare=False)

    def monster(self, name: str) -> dict[str, Any] | None:
        code = self.by_name.get(fold(name))
        return self.by_code.get(code) if code is not None else None

    def add(self, rows: Iterable[tuple[Any, ...]], source: str) -> None:
        self.sources.append(source)
        for code, kind, atk, dfn, level, race, name in rows:
            if not isinstance(code, int) or not isinstance(name, str) or not isinstance(kind, int):
                continue
            if not kind & TYPE_MONSTER:
                continue
            card = {
                "name": name, "atk": _stat(atk, code, "ATK", source), "def": _stat(dfn, code, "DEF", source),
                "level": level & 0xFF if isinstance(level, int) else None,
                "type": RACES.get(race) if isinstance(race, int) else None,
                "fusion": bool(kind & TYPE_FUSION), "passcode": code, "source": source,
                "extra": bool(kind & TYPE_EXTRA), "pendulum": bool(kind & TYPE_PENDULUM),
            }
            old = self.by_code.get(code)
            if old is not None:
                if {**old, "source": source} == card:
                    continue                      # the same card again (the same database given twice)
                key = (code, old["source"], source)
                if key not in self._overridden:      # each card once per pair of files
                    self._overridden.add(key)
                    self.overrides.append(key)
                if self.by_name.get(fold(old["name"])) == code:
                    del self.by_name[fold(old["name"])]
            self.by_code[code] = card
            self.by_name[fold(name)] = code


def _stat(value: object, code: int, what: str, source: str) -> int | None:
    """An ATK or DEF as read: None when not a number or negative (the card's ``?``); a number past
    :data:`MAX_STAT` is an InputError naming the card."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return None
    if value > MAX_STAT:
        raise InputError(source, None, Msg("decks.cdb.stat_range", passcode=str(code), what=what,
                                           value=str(value)[:24], max=f"{MAX_STAT:,}", expected=EXPECTED))
    return value


def read_databases(paths: Iterable[Any]) -> CardStats:
    """Read every database ``paths`` names (later ones override earlier ones, per passcode)."""
    stats = CardStats()
    for path in database_files(paths):
        stats.add(_rows(path), str(path))
    return stats


def _rows(path: Path) -> list[tuple[Any, ...]]:
    """The monsters' rows of one database, opened and bounded as every ``cards.cdb`` is
    (:func:`read_only`, :func:`stored_tables`), each name checked as it is read."""
    file = str(path)
    with read_only(path, EXPECTED) as con:
        tables = stored_tables(con, file, COLUMNS, EXPECTED)
        out = []
        for row in con.execute(f"SELECT d.id, d.type, d.atk, d.def, d.level, d.race, t.name FROM {tables['datas']} d "
                               f"JOIN {tables['texts']} t ON t.id = d.id LIMIT {MAX_ROWS}"):
            check_name(file, row[0], row[6])
            out.append(row)
        return out
