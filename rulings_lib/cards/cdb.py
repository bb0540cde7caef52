"""Monsters' ATK, level and type from a user's EDOPro card databases (``cards.cdb``).

EDOPro keeps its cards in several databases (Project Ignis's BabelCDB ships ``cards.cdb``,
``cards-unofficial.cdb``, ``cards-rush.cdb``, ``prerelease-*.cdb`` ...) and loads every ``.cdb``
of its folders; a card read later replaces one read earlier with the same passcode. The kit
reads them the same way: the databases in the order given, a folder's ``.cdb`` files in name
order with ``cards.cdb`` first; :attr:`CardStats.overrides` says which passcodes a later database
replaced, and from which file.

Each database is opened as the deck check opens one (:func:`rulings_lib.decks.cdb.read_only`:
read-only, with a time limit, bad text read with U+FFFD); nothing in it is executed; a file that is
not a usable database is an :class:`~rulings_lib.errors.InputError` naming it (exit 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..decks.cdb import EXPECTED_CDB as EXPECTED
from ..decks.cdb import MAX_ROWS, database_files, read_only  # noqa: F401 (database_files: kept importable here)
from ..errors import InputError
from ..i18n import Msg
from . import fold

TYPE_MONSTER, TYPE_FUSION = 0x1, 0x40
# YGOPro's race bits (datas.race), by the words the catalogue uses.
RACES = {0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie", 0x20: "Machine",
         0x40: "Aqua", 0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast", 0x400: "Plant", 0x800: "Insect",
         0x1000: "Thunder", 0x2000: "Dragon", 0x4000: "Beast", 0x8000: "Beast-Warrior", 0x10000: "Dinosaur",
         0x20000: "Fish", 0x40000: "Sea Serpent", 0x80000: "Reptile", 0x100000: "Psychic",
         0x200000: "Divine-Beast", 0x400000: "Creator God", 0x800000: "Wyrm", 0x1000000: "Cyberse"}


@dataclass
class CardStats:
    """Monsters by passcode and by folded name, from one or more databases."""

    by_code: dict[int, dict] = field(default_factory=dict)
    by_name: dict[str, int] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    overrides: list[tuple[int, str, str]] = field(default_factory=list)   # (passcode, earlier file, later file)

    def monster(self, name: str) -> dict | None:
        code = self.by_name.get(fold(name))
        return self.by_code.get(code) if code is not None else None

    def add(self, rows, source: str) -> None:
        self.sources.append(source)
        for code, kind, atk, dfn, level, race, name in rows:
            if not isinstance(code, int) or not isinstance(name, str) or not isinstance(kind, int):
                continue
            if not kind & TYPE_MONSTER:
                continue
            old = self.by_code.get(code)
            if old is not None:
                self.overrides.append((code, old["source"], source))
                if self.by_name.get(fold(old["name"])) == code:
                    del self.by_name[fold(old["name"])]
            self.by_code[code] = {
                "name": name, "atk": atk if isinstance(atk, int) and atk >= 0 else None,
                "def": dfn if isinstance(dfn, int) and dfn >= 0 else None,
                "level": level & 0xFF if isinstance(level, int) else None,
                "type": RACES.get(race) if isinstance(race, int) else None,
                "fusion": bool(kind & TYPE_FUSION), "passcode": code, "source": source,
            }
            self.by_name[fold(name)] = code


def read_databases(paths) -> CardStats:
    """Read every database ``paths`` names (later ones override earlier ones, per passcode)."""
    stats = CardStats()
    for path in database_files(paths):
        stats.add(_rows(path), str(path))
    return stats


def _rows(path: Path) -> list[tuple]:
    """The monsters' rows of one database, opened as every ``cards.cdb`` is (:func:`read_only`)."""
    with read_only(path, EXPECTED) as con:
        kinds = {r[0].lower(): r[1] for r in con.execute("SELECT name, type FROM sqlite_master")
                 if isinstance(r[0], str)}
        if kinds.get("datas") != "table" or kinds.get("texts") != "table":
            raise InputError(str(path), None, Msg("decks.cdb.no_table", tables="datas and texts", expected=EXPECTED))
        return con.execute("SELECT d.id, d.type, d.atk, d.def, d.level, d.race, t.name FROM datas d "
                           f"JOIN texts t ON t.id = d.id LIMIT {MAX_ROWS}").fetchall()
