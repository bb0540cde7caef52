"""YGOPro/EDOPro card databases (``cards.cdb``): card names and alternate-artwork aliases.

A ``cards.cdb`` is an SQLite file with a ``datas`` table (``id``, ``alias``, ``type``, …) and a
``texts`` table (``id``, ``name``, ``desc``, …). A card whose ``alias`` names another passcode is
an alternate artwork (or a reprint under another passcode) of that card: same name, and under
WRGP-S2 it counts as that card. Aliases are followed to the end of the chain; a chain that loops
is cut and the loop counted as its lowest passcode (with a warning).

The database is opened read-only and as immutable (``file:…?mode=ro&immutable=1``): nothing in it
is executed, and nothing is written beside it (a database in WAL mode opened only read-only makes
``-shm`` and ``-wal`` files). Only the ``id``, ``alias`` and ``name`` columns are read.

What a database may hold is bounded before its rows are read: its tables must be
stored ones, with no column whose values SQLite would compute (a view, a virtual table, a
generated column, a default that is not a plain value: any of them can make a 100 MB name from a
12 KB file); SQLite itself refuses any value or row over :data:`MAX_VALUE_BYTES`; and a card's name
is at most :data:`MAX_NAME` characters. What is outside these bounds is refused (exit 2), never
cut.

:func:`write_cdb` writes a small database of that shape (for the samples, tests and benchmark).
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from pathlib import Path

from ..errors import InputError
from ..files import check_regular
from ..i18n import Msg
from ..values import Value, field

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterator
    from typing import Any

SQLITE_MAGIC = b"SQLite format 3\x00"
EXPECTED_CDB = Msg("decks.expected.cdb")
REQUIRED = {"datas": ("id", "alias"), "texts": ("id", "name")}
MAX_SECONDS = 10          # a real cards.cdb (some 13,000 cards) is read in well under a second
MAX_ROWS = 1_000_000      # ... and holds far fewer rows
MAX_VALUE_BYTES = 1_000_000   # SQLite's limit on any value (and row) read: a real card's row is a few KB
MAX_NAME = 500            # characters of a card's name (the longest real ones are under 100)
# A column's default that is a plain value (a number, a short text or blob literal, NULL, TRUE or
# FALSE): SQLite gives it to a row stored before the column was added; anything else (an expression
# such as ``(printf(...))``) would be computed for each such row.
_PLAIN_DEFAULT = re.compile(r"(?i)null|true|false|[-+]?[0-9][0-9.e+-]{0,30}|'(?:[^']|''){0,200}'|x'[0-9a-f]{0,200}'")

# YGOPro's card type bits, by the words a catalogue uses.
TYPE_CODES = {
    "Normal Monster": 0x11,
    "Effect Monster": 0x21,
    "Flip Effect Monster": 0x200021,
    "Fusion Monster": 0x41,
    "Fusion Effect Monster": 0x61,
    "Ritual Effect Monster": 0xA1,
    "Normal Spell": 0x2,
    "Quick-Play Spell": 0x10002,
    "Continuous Spell": 0x20002,
    "Equip Spell": 0x40002,
    "Field Spell": 0x80002,
    "Ritual Spell": 0x82,
    "Normal Trap": 0x4,
    "Continuous Trap": 0x20004,
    "Counter Trap": 0x100004,
}


class CardDB(Value):
    """Names and aliases of a card database. ``aliases`` holds only non-zero, non-self aliases;
    ``ids`` the passcodes that exist (those read, where the database was read for a deck check)."""

    names: dict[int, str] = field(default_factory=dict)
    aliases: dict[int, int] = field(default_factory=dict)
    ids: frozenset[int] = frozenset()
    source: str = "<cards>"
    complete: bool = True  # False: names and ids were read only for some passcodes (see open_cdb)
    _targets: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    _cycles: dict[int, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    _groups: dict[int, tuple[int, ...]] | None = field(default=None, repr=False, compare=False)

    def __contains__(self, passcode: int) -> bool:
        return passcode in self.ids

    def __len__(self) -> int:
        return len(self.ids)

    def __repr__(self) -> str:
        part = "" if self.complete else " read"
        return f"<CardDB {self.source!r}: {len(self.ids)} cards{part}, {len(self.aliases)} aliases>"

    def name(self, passcode: int) -> str | None:
        """The card's name, else the name of the card it is an alias of, else None."""
        found = self.names.get(passcode)
        if found is None and passcode in self.aliases:
            found = self.names.get(self.target(passcode))
        return found

    def target(self, passcode: int) -> int:
        """The passcode this card counts as: the end of its alias chain (itself if it has no alias)."""
        cached = self._targets.get(passcode)
        if cached is not None:
            return cached
        chain: list[int] = []
        index: dict[int, int] = {}
        code = passcode
        while code in self.aliases and code not in self._targets:
            if code in index:  # a loop: every card of it counts as the lowest passcode in it
                loop = tuple(sorted(chain[index[code]:]))
                for member in loop:
                    self._cycles[member] = loop
                    self._targets[member] = loop[0]
                break
            index[code] = len(chain)
            chain.append(code)
            code = self.aliases[code]
        end = self._targets.get(code, code)
        for member in chain:
            self._targets.setdefault(member, end)
        return self._targets.get(passcode, passcode)

    def loops(self) -> list[tuple[int, ...]]:
        """The alias loops met so far by :meth:`target`, each as its sorted passcodes."""
        return sorted(set(self._cycles.values()))

    def alternates(self, target: int) -> tuple[int, ...]:
        """Every passcode that counts as ``target`` (``target`` itself included), ascending."""
        if self._groups is None:
            groups: dict[int, list[int]] = {}
            for code in self.aliases:
                groups.setdefault(self.target(code), []).append(code)
            self._groups = {t: tuple(sorted(set(codes) | {t})) for t, codes in groups.items()}
        return self._groups.get(target, (target,))

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[int, str, int]], source: str = "<cards>") -> CardDB:
        """Build from ``(passcode, name, alias)`` rows (alias 0 for none)."""
        names: dict[int, str] = {}
        aliases: dict[int, int] = {}
        for code, name, alias in rows:
            names[code] = name
            if alias and alias != code:
                aliases[code] = alias
        return cls(names, aliases, frozenset(names), source)


def _as_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _chunks(codes: list[int], size: int = 500) -> Iterator[list[int]]:
    for i in range(0, len(codes), size):
        yield codes[i:i + size]


@contextmanager
def read_only(path: str | os.PathLike[str], expected: object = EXPECTED_CDB) -> Iterator[sqlite3.Connection]:
    """An EDOPro ``cards.cdb`` opened for reading, the one way the kit opens one (the deck check and
    the monsters' stats, :mod:`rulings_lib.cards.cdb`): a regular file that starts as SQLite does,
    opened read-only and immutable (``file:…?mode=ro&immutable=1``: no file is written beside it, and
    one with changes still in a ``-wal`` file beside it is refused, not read without them), its text read as UTF-8 with U+FFFD for bad bytes, every
    query stopped after :data:`MAX_SECONDS`. Yields the connection; anything SQLite says against the
    file becomes an :class:`InputError` naming it (exit 2)."""
    import sqlite3  # only a run with --cards / setup.cards_db needs it

    file = str(path)
    p = Path(path)
    check_regular(path, expected)   # a FIFO, a device or a folder is never handed to SQLite
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):   # swapped for something else since the check
                raise InputError(file, None, Msg("files.not_regular", expected=expected))
            head = os.read(fd, len(SQLITE_MAGIC))
        finally:
            os.close(fd)
    except OSError as exc:
        raise InputError(file, None, Msg("files.cannot_read", why=exc.strerror or str(exc))) from None
    if not head:
        raise InputError(file, None, Msg("decks.empty_file", expected=expected))
    if head != SQLITE_MAGIC:
        raise InputError(file, None, Msg("decks.cdb.not_sqlite", expected=expected))
    try:
        pending = os.stat(p.with_name(p.name + "-wal")).st_size > 0
    except (OSError, ValueError):
        pending = False
    if pending:     # immutable: SQLite would read the file without them
        raise InputError(file, None, Msg("decks.cdb.pending_wal", expected=expected))
    uri = p.resolve().as_uri() + "?mode=ro&immutable=1"
    try:
        con = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise InputError(file, None, Msg("decks.cdb.cannot_open", why=str(exc))) from None
    # Text that is not UTF-8 (in a name, or in the schema itself) is read with U+FFFD, not a crash.
    con.text_factory = lambda raw: raw.decode("utf-8", "replace")
    # No value (nor row) larger than this is ever made: SQLite refuses it ("string or blob too big").
    con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    deadline = time.monotonic() + MAX_SECONDS
    # A query that runs too long (a trick database) is stopped: SQLite calls this every N steps.
    con.set_progress_handler(lambda: time.monotonic() > deadline, 10_000)
    try:
        yield con
    except sqlite3.OperationalError as exc:
        if "interrupted" in str(exc):
            raise InputError(file, None, Msg("decks.cdb.too_slow", seconds=MAX_SECONDS, expected=expected)) from None
        raise InputError(file, None, Msg("decks.cdb.cannot_read", why=str(exc))) from None
    except sqlite3.DataError as exc:
        if "too big" in str(exc):
            raise InputError(file, None, Msg("decks.cdb.too_big", max=f"{MAX_VALUE_BYTES:,}", expected=expected)) from None
        raise InputError(file, None, Msg("decks.cdb.cannot_read", why=str(exc))) from None
    except (sqlite3.Error, UnicodeDecodeError, OverflowError) as exc:
        raise InputError(file, None, Msg("decks.cdb.cannot_read", why=str(exc))) from None
    finally:
        con.close()


def stored_tables(con: sqlite3.Connection, file: str, needed: Mapping[str, Iterable[str]],
                  expected: object = EXPECTED_CDB) -> dict[str, str]:
    """Check that the tables ``needed`` (name -> the columns read from it) hold only stored values,
    before any row is read; their names as an SQL statement writes them (quoted, as the file spells them).

    Refused (an InputError, exit 2): a table missing, or one that is a view or a virtual table (its
    rows are computed: a recursive view runs without end); a column missing; a generated column
    (``name AS (printf('%.*c', 100000000, 'x'))``: each value computed when read); a column read whose
    default is not a plain value (computed for each row stored before the column was added)."""
    tables: dict[str, tuple[str, str, str]] = {}
    for kind, name, sql in con.execute("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view')"):
        if isinstance(name, str):
            tables.setdefault(name.lower(), (kind, name, sql if isinstance(sql, str) else ""))
    missing = [t for t in needed if t not in tables]
    if missing:
        raise InputError(file, None, Msg("decks.cdb.no_table", tables=" or ".join(missing), expected=expected))
    out = {}
    for table, columns in needed.items():
        kind, name, sql = tables[table]
        # Only stored rows are read: a view (or a virtual table) computes its rows, and a
        # recursive or cross-join view can run without end.
        if kind != "table" or sql.lstrip().upper().startswith("CREATE VIRTUAL"):
            what = Msg("decks.cdb.view") if kind == "view" else Msg("decks.cdb.virtual")
            raise InputError(file, None, Msg("decks.cdb.not_stored", table=table, what=what, expected=expected))
        quoted = '"' + name.replace('"', '""') + '"'
        # table_xinfo: (cid, name, type, notnull, default, pk, hidden); hidden 2 or 3: a generated column
        info = {row[1].lower(): row for row in con.execute(f"PRAGMA table_xinfo({quoted})") if isinstance(row[1], str)}
        lacking = [c for c in columns if c not in info]
        if lacking:
            raise InputError(file, None, Msg("decks.cdb.no_column", table=table, columns=", ".join(lacking),
                                             expected=expected))
        for column, row in info.items():
            if row[6] in (2, 3):
                raise InputError(file, None, Msg("decks.cdb.generated", table=table, column=column, expected=expected))
        for column in columns:
            default = info[column][4]
            if default is not None and not (isinstance(default, str) and _PLAIN_DEFAULT.fullmatch(default.strip())):
                raise InputError(file, None, Msg("decks.cdb.computed_default", table=table, column=column,
                                                 expected=expected))
        out[table] = quoted
    return out


def check_name(file: str, code: object, name: object) -> None:
    """A card's name within :data:`MAX_NAME` characters (else an InputError naming the card)."""
    if isinstance(name, str) and len(name) > MAX_NAME:
        raise InputError(file, None, Msg("decks.cdb.long_name", passcode=str(code)[:24], n=f"{len(name):,}",
                                         max=MAX_NAME, expected=EXPECTED_CDB))


def _names(file: str, rows: Iterable[tuple[Any, ...]]) -> list[tuple[int, str]]:
    """``(id, name)`` rows as read, each name checked as it comes (at most :data:`MAX_ROWS` + 1 rows)."""
    out = []
    for code, name in rows:
        check_name(file, code, name)
        out.append((code, name))
    return out


def open_cdb(path: str | os.PathLike[str], passcodes: Iterable[int] | None = None) -> CardDB:
    """Read the names and aliases of a ``cards.cdb``; an unusable file is an InputError (exit 2).

    Every alias is read. Names (and which passcodes exist) are read for every card, or, when
    ``passcodes`` is given, only for those and the cards they are aliases of: a deck check needs
    no more, and a full database has some 13,000 cards.
    """
    file = str(path)
    with read_only(path) as con:
        tables = stored_tables(con, file, REQUIRED)
        datas, texts = tables["datas"], tables["texts"]
        aliases: dict[int, int] = {}
        for code, alias in con.execute(f"SELECT id, alias FROM {datas} WHERE alias != 0 LIMIT {MAX_ROWS + 1}"):
            code, alias = _as_int(code), _as_int(alias)
            if code is not None and alias and alias != code:
                aliases[code] = alias
        if passcodes is None:
            id_rows = con.execute(f"SELECT id FROM {datas} LIMIT {MAX_ROWS + 1}").fetchall()
            name_rows = _names(file, con.execute(f"SELECT id, name FROM {texts} LIMIT {MAX_ROWS + 1}"))
            if len(id_rows) > MAX_ROWS or len(name_rows) > MAX_ROWS:
                raise InputError(file, None, Msg("decks.cdb.too_many", max=f"{MAX_ROWS:,}", expected=EXPECTED_CDB))
        else:
            links = CardDB(aliases=aliases)
            wanted = sorted({c for code in passcodes for c in (code, links.target(code))})
            id_rows, name_rows = [], []
            for chunk in _chunks(wanted):
                marks = ", ".join("?" * len(chunk))
                id_rows += con.execute(f"SELECT id FROM {datas} WHERE id IN ({marks})", chunk).fetchall()
                name_rows += _names(file, con.execute(f"SELECT id, name FROM {texts} WHERE id IN ({marks})", chunk))
    ids = frozenset(code for (code,) in id_rows if _as_int(code) is not None)
    names = {code: name for code, name in name_rows if _as_int(code) is not None and isinstance(name, str)}
    return CardDB(names, aliases, ids, file, complete=passcodes is None)


def database_files(paths: Iterable[Any]) -> list[Path]:
    """The databases named by ``paths`` (files or folders), in EDOPro's reading order.

    A path a scenario names (a :class:`~rulings_lib.schema.WrittenPath`, which knows the folders the
    scenario may read in: its ``roots``) is held to them whatever is inside it: a ``.cdb`` in a
    folder it names that is a link to a file elsewhere is refused. A path given by
    the user (``--cards``, the API) may name any file: that is the user's own choice.
    """
    out: list[Path] = []
    for spec in paths:
        if isinstance(spec, str) and spec.strip().lower().startswith("ydke://"):
            check_regular(spec, EXPECTED_CDB)     # a deck URL is never a path: refused, naming it
        p = Path(spec)
        if p.is_dir():
            found = sorted(p.glob("*.cdb"), key=lambda f: (f.name != "cards.cdb", f.name))
            if not found:
                raise InputError(str(p), None, Msg("decks.cdb.no_cdb_in_folder", expected=EXPECTED_CDB))
        else:
            found = [p]
        roots = getattr(spec, "roots", None)
        if roots:
            from ..schema import within

            for f in found:
                if within(f, roots) is False:     # None: a loop, which check_regular refuses
                    raise InputError(str(f), None, Msg("decks.cdb.link_leaves"))
        out.extend(found)
    return out


def load_cards(spec: object, passcodes: Iterable[int] | None = None) -> CardDB | None:
    """A :class:`CardDB` from a ``CardDB``, a path (read for ``passcodes``, see :func:`open_cdb`), or None."""
    if spec is None or isinstance(spec, CardDB):
        return spec
    if isinstance(spec, str | os.PathLike):
        return open_cdb(spec, passcodes)
    if isinstance(spec, list | tuple):
        # Several databases (or folders of them), read as EDOPro reads them: a later database's card
        # replaces an earlier one's with the same passcode (database_files).
        files = database_files(spec)
        if len(files) == 1:
            return open_cdb(files[0], passcodes)
        wanted = set(passcodes) if passcodes is not None else None
        merged = CardDB(source=", ".join(map(str, files)))
        ids: set[int] = set()
        for f in files:
            db = open_cdb(f, wanted)
            merged.names.update(db.names)
            for code in db.names:
                merged.aliases.pop(code, None)
            merged.aliases.update(db.aliases)
            ids |= db.ids
            merged.complete = merged.complete and db.complete
        merged.ids = frozenset(ids)
        return merged
    raise TypeError(f"expected a CardDB or the path of a cards.cdb, got {type(spec).__name__}")


def write_cdb(path: str | os.PathLike[str], cards: Iterable[Mapping[str, Any]]) -> None:
    """Write a YGOPro-shaped ``cards.cdb`` from rows with ``id``, ``name``, ``type``, ``alias``.

    Rows are written in passcode order into a fresh file, so the same rows give the same
    database. Other columns are 0 or empty: this is a catalogue of names, not of card text.
    """
    import sqlite3

    path = Path(path)
    rows = sorted(cards, key=lambda r: int(r["id"]))
    tmp = path.with_name(path.name + ".tmp")
    if tmp.exists():
        tmp.unlink()
    con = sqlite3.connect(tmp)
    try:
        con.executescript(
            "PRAGMA journal_mode=DELETE;"
            "CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, "
            "type integer, atk integer, def integer, level integer, race integer, attribute integer, "
            "category integer);"
            "CREATE TABLE texts(id integer primary key, name text, desc text"
            + "".join(f", str{i} text" for i in range(1, 17)) + ");")
        con.executemany("INSERT INTO datas VALUES (?, 3, ?, 0, ?, 0, 0, 0, 0, 0, 0)",
                        [(int(r["id"]), int(r.get("alias") or 0), int(r.get("type") or 0)) for r in rows])
        con.executemany("INSERT INTO texts VALUES (?, ?, ''" + ", ''" * 16 + ")",
                        [(int(r["id"]), str(r["name"])) for r in rows])
        con.commit()
    finally:
        con.close()
    os.replace(tmp, path)
