"""Fuzzing the files a scenario reads: card databases whose columns SQLite would compute
(generated columns, computed defaults, views) or whose numbers and names leave the game's range;
links inside a scenario's folder (a ``cards_db`` folder's ``.cdb`` links, chains, loops); and the
catalogue's old cache paths.

Each property asserts what must hold for every input: the exit status is 0, 1 or 2 (never 3, never
a traceback), an exit-2 message is one line naming the file, a database that would have SQLite
compute its values is refused, what is read is within its bounds, and a scenario opens no file
outside its folder. Short and derandomized as tests/test_fuzz.py is (``RULINGS_FUZZ=long``: more).
Nothing is timed: a hostile database is refused for its shape.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path

import pytest
from file_helpers import reads, time_bound
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.cli import main
from rulings_lib.decks import samples

LONG = os.environ.get("RULINGS_FUZZ") == "long"
PROFILE = settings(max_examples=400 if LONG else 30, deadline=None, derandomize=not LONG, database=None,
                   suppress_health_check=list(HealthCheck))
TEAM = [str(p) for p in samples.team("legal")]
ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def workdir():
    with tempfile.TemporaryDirectory(prefix="rulings-fuzz3-") as tmp:
        yield Path(tmp)


def cli(*argv) -> tuple[int, str, str]:
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def assert_ended_well(code: int, err: str, names) -> None:
    assert code in (0, 1, 2), err
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1, err
        assert any(str(n) in err for n in names), err


# ------------------------------------------------------------------ databases SQLite would compute
# A column of datas/texts as written: ("plain", type) or a computed one. ``big`` expressions would make
# a huge value when read (never at insert: they are VIRTUAL, or defaults of columns always given).
BIG = ["printf('%.*c', 20000000, 'x')", "zeroblob(50000000)", "hex(zeroblob(20000000))",
       "replace(hex(zeroblob(3000)), '0', hex(zeroblob(3000)))", "9223372036854775807", "id * 4611686018427387904"]
COLUMN = st.one_of(
    st.tuples(st.just("plain"), st.sampled_from(["", "integer", "text", "blob"])),
    st.tuples(st.just("virtual"), st.sampled_from(BIG + ["upper('a')", "1"])),
    st.tuples(st.just("stored"), st.sampled_from(["upper('a')", "1", "id * 2"])),
    st.tuples(st.just("default"), st.sampled_from(["0", "''", "NULL", "'x'", "-2", "x'00'"])),
    st.tuples(st.just("computed default"), st.sampled_from([f"({b})" for b in BIG[:4]] + ["(1 + 1)"])),
)
DATAS_COLS = ("id", "ot", "alias", "setcode", "type", "atk", "def", "level", "race", "attribute", "category")
READ = {"datas": {"id", "alias", "type", "atk", "def", "level", "race"}, "texts": {"id", "name"}}
NUMBER = st.one_of(st.integers(-2, 5000), st.integers(-(2 ** 63), 2 ** 63 - 1), st.sampled_from([2 ** 62, -1, 10 ** 6,
                                                                                             10 ** 6 + 1]))
NAME = st.one_of(st.text(max_size=30), st.integers(400, 2000).map(lambda n: "n" * n), st.none(),
                 st.binary(max_size=10))
ROW = st.fixed_dictionaries({"id": st.integers(1, 10 ** 9), "type": st.sampled_from([0x21, 0x41, 0x11, 0x2, 0x0]),
                             "atk": NUMBER, "def": NUMBER, "level": NUMBER, "race": NUMBER, "alias": NUMBER,
                             "name": NAME})


@st.composite
def databases(draw):
    schema = {}
    for table, cols in (("datas", DATAS_COLS), ("texts", ("id", "name", "desc"))):
        schema[table] = {c: ("plain", "integer primary key") if c == "id" else draw(COLUMN) for c in cols}
    view = draw(st.sampled_from([None, None, None, "datas", "texts"]))
    rows = draw(st.lists(ROW, max_size=6, unique_by=lambda r: r["id"]))
    return schema, view, rows


def _column_sql(name: str, spec) -> str:
    kind, what = spec
    if kind == "plain":
        return f"{name} {what}".strip()
    if kind in ("virtual", "stored"):
        return f"{name} AS ({what}) {kind.upper()}"
    return f"{name} DEFAULT {what}"


def write_database(path: Path, schema, view, rows) -> None:
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous=OFF")
    try:
        for table, cols in schema.items():
            real = f"{table}_rows" if view == table else table
            con.execute(f"CREATE TABLE {real}({', '.join(_column_sql(c, s) for c, s in cols.items())})")
            given = [c for c, s in cols.items() if s[0] not in ("virtual", "stored")]
            for row in rows:
                values = [row.get(c, 0) if c != "desc" else "" for c in given]
                con.execute(f"INSERT OR IGNORE INTO {real}({', '.join(given)}) VALUES ({', '.join('?' * len(given))})",
                            values)
            if view == table:
                con.execute(f"CREATE VIEW {table} AS SELECT * FROM {real}")
        con.commit()
    finally:
        con.close()


def computes(schema, view) -> bool:
    """Would reading the columns the kit reads have SQLite compute a value?"""
    if view:
        return True
    for table, cols in schema.items():
        if any(s[0] in ("virtual", "stored") for s in cols.values()):   # refused, stored or not
            return True
        if any(s[0] == "computed default" for c, s in cols.items() if c in READ[table]):
            return True
    return False


@PROFILE
@given(databases())
def test_fuzz_databases_sqlite_would_compute_are_refused_and_the_rest_bounded(db):
    schema, view, rows = db
    with workdir() as tmp:
        path = tmp / "cards.cdb"
        write_database(path, schema, view, rows)
        assert path.stat().st_size < 1024 * 1024
        scen = tmp / "w.yaml"
        scen.write_text("format: wrgp\nsteps: []\n", encoding="utf-8")
        code, _, err = cli("run", scen, "--cards", path)
        assert_ended_well(code, err, [path])
        if computes(schema, view):
            assert code == 2 and "refused" in err, err
        code2, _, err2 = cli("wrgp", "check-team", *TEAM, "--banlist", samples.BANLIST, "--cards", path)
        assert_ended_well(code2, err2, [path])
        if computes(schema, view):
            assert code2 == 2, err2
        from rulings_lib.cards.cdb import MAX_STAT, read_databases
        from rulings_lib.decks.cdb import MAX_NAME
        from rulings_lib.errors import InputError

        try:
            stats = read_databases([path])
        except InputError as exc:
            assert code == 2 and str(exc).startswith(str(path))
            return
        assert code == 0, err
        for card in stats.by_code.values():
            for key in ("atk", "def"):
                assert card[key] is None or 0 <= card[key] <= MAX_STAT
            assert len(card["name"]) <= MAX_NAME
        assert not list(tmp.glob("cards.cdb-*"))           # nothing written beside it


# ------------------------------------------------------------------ links in and around a scenario's folder
# A layout: the scenario's folder holds dbs/ with entries; each entry is a real database, or a link to
# one of the targets (inside the folder, outside it, a link to a link, dangling, a loop, a folder).
TARGETS = ["inside", "outside", "hop-out-in", "hop-in-out", "dangling", "loop", "folder-inside", "folder-outside",
           "fifo-inside", "parent"]
LAYOUT = st.tuples(st.lists(st.sampled_from(["real", *TARGETS]), min_size=0, max_size=5),
                   st.sampled_from(["dbs", "dbs/", "./dbs", "dbs/../dbs", "[dbs]", "[dbs/e0.cdb]", "[dbs, dbs]"]))


def build_layout(tmp: Path, entries) -> Path:
    from test_card_databases_links_and_cache import make_cdb

    scen = tmp / "scen"
    (scen / "dbs").mkdir(parents=True)
    make_cdb(tmp / "outside.db", [(2, "Outside Monster", 0x21, 1500)])
    make_cdb(scen / "inside.db", [(1, "Inside Monster", 0x21, 1000)])
    (tmp / "folder-out").mkdir()
    (scen / "folder-in").mkdir()
    os.mkfifo(scen / "fifo")
    for i, kind in enumerate(entries):
        e = scen / "dbs" / f"e{i}.cdb"
        if kind == "real":
            make_cdb(e, [(10 + i, f"Real {i}", 0x21, 100 * i)])
            continue
        target = {"inside": scen / "inside.db", "outside": tmp / "outside.db", "dangling": scen / "nothing",
                  "folder-inside": scen / "folder-in", "folder-outside": tmp / "folder-out", "fifo-inside": scen / "fifo",
                  "parent": scen, "loop": e}.get(kind)
        if kind == "hop-out-in":
            target = tmp / f"hop{i}"
            target.symlink_to(scen / "inside.db")
        elif kind == "hop-in-out":
            target = scen / f"hop{i}"
            target.symlink_to(tmp / "outside.db")
        e.symlink_to(target)
    return scen


@PROFILE
@given(LAYOUT)
def test_fuzz_a_scenario_reads_no_database_outside_its_folder(layout):
    entries, written = layout
    with workdir() as tmp:
        scen = build_layout(tmp, entries)
        f = scen / "s.yaml"
        f.write_text(f"format: wrgp\nsetup:\n  cards_db: {written}\nsteps: []\n", encoding="utf-8")
        with reads() as seen:
            code, out, err = cli("run", f)
        assert_ended_well(code, err, [f])
        if code == 2:
            assert err.startswith(f"{f}:3: "), err
        outside = [p for p in seen if Path(p).resolve().is_relative_to(tmp.resolve())
                   and not Path(p).resolve().is_relative_to(scen.resolve())]
        assert outside == [], outside
        assert "Outside Monster" not in out
        leaves = any(k in ("outside", "hop-in-out", "folder-outside") for k in entries)
        if leaves and "e0.cdb" not in written:
            assert code == 2, out


# ------------------------------------------------------------------ the catalogue's old cache paths
JUNK = st.one_of(st.binary(max_size=200), st.sampled_from([b"[]", b"{}", b"null", b'{"format": "wrgp", "cards": 3}',
                                                           b'{"format": "wrgp", "kinds": {}, "cards": []}']))


@PROFILE
@given(JUNK, st.sampled_from(["json", "fifo", "folder", "link"]), st.integers(0, 10 ** 6))
def test_fuzz_nothing_at_the_old_cache_paths_changes_the_catalogue(junk, kind, salt):
    """Whatever lies where the catalogue's cache was kept, the catalogue is what its YAML says, and
    an edit keeping the file's size and time is seen."""
    from rulings_lib import cards
    from rulings_lib.i18n.glossary import resolve
    from rulings_lib.yamlsrc import load_file

    with workdir() as tmp:
        path = tmp / "wrgp.yaml"
        path.write_bytes((cards.HERE / "wrgp.yaml").read_bytes())
        st_ = path.stat()
        cache = tmp / "__pycache__" / f"wrgp.{st_.st_size}-{st_.st_mtime_ns}.json"
        cache.parent.mkdir()
        if kind == "json":
            cache.write_bytes(junk)
        elif kind == "fifo":
            os.mkfifo(cache)
        elif kind == "folder":
            cache.mkdir()
        else:
            cache.symlink_to("/dev/zero")
        want = cards._parse(resolve(load_file(path)), "x")
        with time_bound(120.0, wall=True):     # a FIFO read would wait for ever, using no CPU
            assert cards._parse(cards._read(path), "x") == want
        # an edit of the same size, the time kept
        text = path.read_text(encoding="utf-8")
        word = f"{salt:07d}"
        edited = text.replace("Deals 200 damage to the opponent.", f"Deals {word[:3]} damage to the opponent.", 1)
        path.write_text(edited, encoding="utf-8")
        os.utime(path, ns=(st_.st_atime_ns, st_.st_mtime_ns))
        assert path.stat().st_size == st_.st_size
        assert cards._parse(cards._read(path), "x") == cards._parse(resolve(load_file(path)), "x")
        assert not [p for p in cache.parent.iterdir() if p != cache]      # nothing written there


@pytest.mark.parametrize("scenario", ["wrgp/power-bond-handover.yaml"])
def test_fuzz_cache_env_never_leads_to_a_write(tmp_path, monkeypatch, scenario):
    """With XDG_CACHE_HOME and HOME pointing at an empty folder, a run writes nothing there either."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    code, _, err = cli("run", ROOT / "rulings_lib" / "scenarios" / scenario)
    assert code == 0, err
    assert not (tmp_path / "cache").exists() and not (tmp_path / "home").exists()
