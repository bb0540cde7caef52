"""The files a scenario reads: ``ydke://`` values as decks never paths, database links that may not
leave the scenario's folder, card databases bounded by their shape (no computed values, ATK within the
game's range), the catalogue's old cache paths never read or written, and ``--cards`` (refused on a tag
scenario, databases given again, an unusable one named by its line). One worked example per cause, each
failing before its fix. Nothing here is timed: a hostile database is refused for its shape, at once.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from file_helpers import reads
from input_errors import assert_one_line_error, run_cli

from rulings_lib.decks import samples

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "rulings_lib"
TAG_SAMPLES = PKG / "samples" / "tag"
TEAM = [str(p) for p in samples.team("legal")]
SECRET = "SECRET-LINE-OUTSIDE-THE-SCENARIO"

DATAS = ("id integer primary key, ot integer, alias integer, setcode integer, type integer, atk integer, "
         "def integer, level integer, race integer, attribute integer, category integer")
TEXTS = "id integer primary key, name text, desc text"
EFFECT_MONSTER, FUSION_MONSTER, MACHINE = 0x21, 0x41, 0x20


def read_outside(seen, folder: Path, top: Path) -> list[str]:
    """The files opened under ``top`` but not (every link followed) inside ``folder``."""
    out = []
    for p in seen:
        real = Path(p).resolve()
        if real.is_relative_to(top.resolve()) and not real.is_relative_to(folder.resolve()):
            out.append(p)
    return out


def make_cdb(path, rows=((1, "Test Monster", EFFECT_MONSTER, 1000),), datas=DATAS, texts=TEXTS, extra=""):
    """A database with the tables as written (``datas``/``texts`` column lists) and ``rows`` of
    (passcode, name, type, atk); a column that is generated is not inserted into; ``extra``: SQL run after."""
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous=OFF")
    con.executescript(f"CREATE TABLE datas({datas}); CREATE TABLE texts({texts});")
    stored = {r[1] for r in con.execute("PRAGMA table_xinfo(datas)") if r[6] == 0}
    named = {r[1] for r in con.execute("PRAGMA table_xinfo(texts)") if r[6] == 0}
    for code, name, kind, atk in rows:
        values = {"id": code, "alias": 0, "type": kind, "atk": atk, "def": 0, "level": 4, "race": MACHINE}
        cols = [c for c in values if c in stored]
        con.execute(f"INSERT INTO datas({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                    [values[c] for c in cols])
        if "name" in named:
            con.execute("INSERT INTO texts(id, name) VALUES (?, ?)", (code, name))
        else:
            con.execute("INSERT INTO texts(id) VALUES (?)", (code,))
    con.executescript(extra)
    con.commit()
    con.close()
    return path


def scenario(folder: Path, text: str, name: str = "s.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    f = folder / name
    f.write_text(text, encoding="utf-8")
    return f


# ------------------------------------------------------------------ files outside a scenario's folder
@pytest.fixture
def ydke_folder(tmp_path, monkeypatch):
    """A folder named ``ydke:`` in the current folder, holding a link to (and a copy of) a file outside
    the scenario's folder: ``ydke://x.txt`` read as a path is ``ydke:/x.txt``, that file."""
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    (tmp_path / "ydke:").mkdir()
    (tmp_path / "ydke:" / "x.txt").symlink_to(secret)
    (tmp_path / "ydke:" / "y.txt").write_text(SECRET + "\n", encoding="utf-8")
    (tmp_path / "ydke:" / "x.cdb").symlink_to(make_cdb(tmp_path / "outside.cdb"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("value", ["ydke://x.txt", "YDKE://x.txt", " ydke://y.txt", "\u3000Ydke://x.txt\t"])
@pytest.mark.parametrize("step", [
    "format: digimon-tag\nsteps:\n  - check_deck: {decks: [%s]}\n",
    "format: digimon-tag\nsteps:\n  - check_deck: {decks: [deck.txt], cards: %s}\n",
    "format: wrgp\nsteps:\n  - check_team: {team: A, decks: [a.ydk], banlist: %s}\n",
    "format: wrgp\nsteps:\n  - check_team: {team: A, decks: [a.ydk], banlist: l.conf, cards: %s}\n",
    "format: wrgp\nsetup:\n  cards_db: %s\nsteps: []\n",
])
def test_a_ydke_value_is_a_deck_never_a_path(ydke_folder, capsys, step, value):
    """Where a file is named, a ``ydke://`` value (any case, any white space around it) is refused at
    its line: never looked up as the path ``ydke:/…`` (which here leads out of the scenario's folder)."""
    f = scenario(ydke_folder / "scen", step % json.dumps(value))
    with reads() as seen:
        code, out, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, "ydke://")
    assert err.startswith(f"{f}:3: ") and SECRET not in out + err, err
    assert read_outside(seen, f.parent, ydke_folder) == []


@pytest.mark.parametrize("value", ["ydke://x.txt", "YDKE://x.cdb", "ydke://x.cdb"])
def test_a_ydke_value_given_where_a_file_is_read_is_never_opened(ydke_folder, capsys, value):
    """The readers refuse a deck URL as a file too (the command line, the API): nothing is read."""
    w = scenario(ydke_folder / "w", "format: wrgp\nsteps: []\n")
    with reads() as seen:
        code, out, err = run_cli(capsys, "tag", "check-deck", value)
        assert_one_line_error(code, err, value.strip(), "ydke://")
        assert SECRET not in out + err
        code, out, err = run_cli(capsys, "run", w, "--cards", value)
        assert_one_line_error(code, err, value.strip(), "ydke://")
        assert "card databases read" not in out
    assert read_outside(seen, w.parent, ydke_folder) == []


def test_a_ydke_deck_of_check_team_is_still_a_deck(ydke_folder, capsys):
    """Where a deck is asked for, a ``ydke://`` value is the deck it spells (read as one, never a path)."""
    from rulings_lib.decks.ydk import read_ydk

    decks = [read_ydk(p).to_ydke() for p in TEAM]
    folder = ydke_folder / "team"
    folder.mkdir()
    (folder / "lflist.conf").write_bytes(samples.BANLIST.read_bytes())
    step = {"check_team": {"team": "A", "decks": decks, "banlist": "lflist.conf"}}
    f = scenario(folder, "format: wrgp\nsteps:\n  - " + json.dumps(step) + "\n"
                 "expect: {deck_checks: {A: {legal: true, violations: []}}}\n")
    assert run_cli(capsys, "run", f)[0] == 0
    bad = scenario(folder, "format: wrgp\nsteps:\n  - check_team: {team: A, decks: [\"ydke://x.txt\"], "
                   "banlist: lflist.conf}\n", "bad.yaml")
    code, out, err = run_cli(capsys, "run", bad)
    assert code == 2 and SECRET not in out + err and "base64" in err, err


def test_a_cdb_link_in_a_cards_db_folder_may_not_leave_the_scenario(tmp_path, capsys):
    """``setup.cards_db: FOLDER``: a ``.cdb`` in it that links outside the scenario's folder is refused
    (exit 2, naming it as the scenario would); one linking inside is read; ``--cards`` (the user's
    own choice) may name any file."""
    outside = make_cdb(tmp_path / "outside.cdb", [(7, "Outside Monster", EFFECT_MONSTER, 1200)])
    folder = tmp_path / "scen"
    (folder / "dbs").mkdir(parents=True)
    (folder / "dbs" / "cards.cdb").symlink_to(outside)
    f = scenario(folder, "format: wrgp\nsetup:\n  lineup: 3\n  cards_db: dbs\nsteps: []\n")
    code, out, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:4: setup.cards_db: dbs/cards.cdb: ", "outside the scenario's folder")
    assert str(outside) not in err
    (folder / "dbs" / "cards.cdb").unlink()
    (folder / "dbs" / "cards.cdb").symlink_to(make_cdb(folder / "inside.cdb.bak"))   # a link inside: fine
    assert run_cli(capsys, "run", f)[0] == 0
    plain = scenario(tmp_path / "plain", "format: wrgp\nsteps: []\n")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "x.cdb").symlink_to(outside)
    code, out, err = run_cli(capsys, "run", plain, "--cards", tmp_path / "mine")
    assert code == 0 and "1 monsters" in out, err


def test_a_link_chain_leaving_and_coming_back_is_judged_by_where_it_ends(tmp_path, capsys):
    """Links are followed to their end: a link out of the folder to a link back in is read; the
    other way round is refused."""
    folder = tmp_path / "scen"
    (folder / "dbs").mkdir(parents=True)
    real = make_cdb(folder / "real.db")
    (tmp_path / "hop").symlink_to(real)
    (folder / "dbs" / "a.cdb").symlink_to(tmp_path / "hop")
    f = scenario(folder, "format: wrgp\nsetup: {cards_db: [dbs]}\nsteps: []\n")
    assert run_cli(capsys, "run", f)[0] == 0
    (folder / "hop.cdb").symlink_to(make_cdb(tmp_path / "out.db"))
    (folder / "dbs" / "a.cdb").unlink()
    (folder / "dbs" / "a.cdb").symlink_to(folder / "hop.cdb")
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:2: setup.cards_db: dbs/a.cdb: ", "outside")


# ------------------------------------------------------------------ 3 and 9. what a card database may hold
HOSTILE = {
    "generated name": dict(texts="id integer primary key, name AS (printf('%.*c', 100000000, 'x')), desc"),
    "stored generated name": dict(texts="id integer primary key, n, name AS (upper(n)) STORED, desc"),
    "generated ATK": dict(datas=DATAS.replace("atk integer", "a0 integer, atk AS (a0 * 1000000000000)")),
    "generated alias": dict(datas=DATAS.replace("alias integer", "alias AS (zeroblob(50000000))")),
    "computed default": dict(texts="id integer primary key, name text DEFAULT (printf('%.*c', 900000, 'x')), desc"),
    "view": dict(texts="id integer primary key, name, desc",
                 extra="ALTER TABLE texts RENAME TO t; CREATE VIEW texts AS SELECT id, zeroblob(1000000000) AS name, "
                       "desc FROM t;"),
}


@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_a_database_whose_values_would_be_computed_is_refused_by_its_shape(tmp_path, capsys, shape):
    """A generated column, a computed default or a view can make a 100 MB name from a few KB: refused
    (exit 2, one line naming the file and the column or table) before a row is read, by every reader."""
    db = make_cdb(tmp_path / "cards.cdb", **HOSTILE[shape])
    assert db.stat().st_size < 64 * 1024
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, _, err = run_cli(capsys, "run", w, "--cards", db)
    assert_one_line_error(code, err, db, "refused")
    code, _, err = run_cli(capsys, "wrgp", "check-team", *TEAM, "--banlist", samples.BANLIST, "--cards", db)
    assert_one_line_error(code, err, db, "refused")


def test_a_default_computed_for_rows_stored_before_the_column_is_refused(tmp_path, capsys):
    """Rows stored before ``name`` was in the table get its default when read: a default that is an
    expression (written into the schema) is computed for each of them. Refused by its shape."""
    db = make_cdb(tmp_path / "cards.cdb", texts="id integer primary key, desc")
    con = sqlite3.connect(db)
    con.execute("PRAGMA writable_schema=ON")
    con.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE texts(id integer primary key, desc, name text DEFAULT "
                "(printf(''%.*c'', 100000000, ''x'')))' WHERE name = 'texts'")
    con.commit()
    con.close()
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, _, err = run_cli(capsys, "run", w, "--cards", db)
    assert_one_line_error(code, err, db, "default")


def test_a_database_is_read_without_writing_beside_it(tmp_path, capsys):
    """A database in WAL mode opened only read-only makes -shm and -wal files beside it: it is opened
    immutable, nothing is written; one whose changes are still in a -wal file is refused (they would
    not be read)."""
    db = make_cdb(tmp_path / "cards.cdb", extra="PRAGMA journal_mode=WAL;")
    assert not list(tmp_path.glob("cards.cdb-*"))
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, out, err = run_cli(capsys, "run", w, "--cards", db)
    assert code == 0 and "1 monsters" in out, err
    assert not list(tmp_path.glob("cards.cdb-*"))
    (tmp_path / "cards.cdb-wal").write_bytes(b"\0" * 32)
    code, _, err = run_cli(capsys, "run", w, "--cards", db)
    assert_one_line_error(code, err, db, "-wal")


def test_sqlite_makes_no_value_past_the_bound(tmp_path):
    """What SQLite is asked to make is bounded by SQLite itself (SQLITE_LIMIT_LENGTH): a value past it
    is an error, never built."""
    from rulings_lib.decks.cdb import MAX_VALUE_BYTES, read_only
    from rulings_lib.errors import InputError

    db = make_cdb(tmp_path / "cards.cdb")
    with pytest.raises(InputError, match="larger than"), read_only(db) as con:
        con.execute(f"SELECT zeroblob({MAX_VALUE_BYTES + 1})").fetchall()


def test_a_name_past_the_bound_is_refused_naming_the_card(tmp_path, capsys):
    from rulings_lib.decks.cdb import MAX_NAME

    db = make_cdb(tmp_path / "cards.cdb", [(55144522, "x" * (MAX_NAME + 1), EFFECT_MONSTER, 100)])
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, _, err = run_cli(capsys, "run", w, "--cards", db)
    assert_one_line_error(code, err, db, "55144522")
    deck = tmp_path / "a.ydk"
    deck.write_text("#main\n55144522\n#extra\n!side\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "wrgp", "check-team", deck, deck, deck, "--banlist", samples.BANLIST, "--cards", db)
    assert_one_line_error(code, err, db, "55144522")


@pytest.mark.parametrize("atk", [2 ** 62, 2 ** 63 - 1, 1_000_001])
def test_a_database_atk_past_the_games_range_is_refused_not_dealt(tmp_path, capsys, atk):
    """A Machine Fusion Monster of ATK 2^62 summoned by Power Bond would deal 2^63 damage: the database
    is refused (exit 2, naming the card), the scenario never played."""
    folder = tmp_path / "scen"
    folder.mkdir()
    make_cdb(folder / "cards.cdb", [(74157028, "Huge Dragon", FUSION_MONSTER, atk)])
    f = scenario(folder, "format: wrgp\nsetup:\n  cards_db: cards.cdb\n  at: {turn: 3, phase: main1}\n"
                 "steps:\n  - activate: {by: A, card: Power Bond, summon: Huge Dragon}\n"
                 "  - phase: battle\n  - attack: {by: A, with: Huge Dragon}\n")
    code, out, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:3: setup.cards_db: cards.cdb: card 74157028: ATK {atk} ", "range")
    assert out == ""


def test_atk_within_the_range_and_a_question_mark_still_read(tmp_path):
    from rulings_lib.cards.cdb import MAX_STAT, read_databases

    db = make_cdb(tmp_path / "cards.cdb", [(1, "Top", EFFECT_MONSTER, MAX_STAT), (2, "Unknown", EFFECT_MONSTER, -2)])
    stats = read_databases([db])
    assert stats.monster("Top")["atk"] == MAX_STAT and stats.monster("Unknown")["atk"] is None


# ------------------------------------------------------------------ the catalogue's cache
def _files(top: Path) -> dict[str, int]:
    """Every file under ``top`` but Python's own bytecode, with its modification time."""
    return {str(p.relative_to(top)): p.stat().st_mtime_ns for p in top.rglob("*")
            if p.is_file() and p.suffix != ".pyc"}


def test_running_a_scenario_writes_nothing_into_the_package(tmp_path):
    """``rulings run`` (in a fresh process, on a fresh copy of the kit as installed, bytecode off as the
    user asked) leaves the package's files as they were: no cache beside the catalogue, none deleted."""
    import shutil

    kit = tmp_path / "site-packages"
    shutil.copytree(PKG, kit / "rulings_lib", ignore=shutil.ignore_patterns("__pycache__"))
    before = _files(kit)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(kit)}
    for scen in ("wrgp/power-bond-handover.yaml", "tag/both-draws-swap.yaml"):
        proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "run", str(kit / "rulings_lib" / "scenarios" / scen)],
                              capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120, check=False)
        assert proc.returncode == 0, proc.stderr
        assert "site-packages" in subprocess.run(
            [sys.executable, "-c", "import rulings_lib; print(rulings_lib.__file__)"], capture_output=True, text=True,
            cwd=tmp_path, env=env, timeout=120, check=False).stdout
    assert _files(kit) == before


def _copy_catalogue(tmp_path) -> Path:
    from rulings_lib import cards

    path = tmp_path / "wrgp.yaml"
    path.write_bytes((cards.HERE / "wrgp.yaml").read_bytes())
    return path


@pytest.mark.parametrize("hostile", ["[]", "{}", "garbage", '{"format": 1}'])
def test_nothing_at_a_cache_path_is_read(tmp_path, hostile):
    """Whatever lies where a cache was kept (``__pycache__/wrgp.SIZE-MTIME.json``), the catalogue is
    its YAML (with the rulebooks' terms spelled by the glossary): a ``[]`` there made every command an
    internal error."""
    from rulings_lib import cards
    from rulings_lib.i18n.glossary import resolve
    from rulings_lib.yamlsrc import load_file

    path = _copy_catalogue(tmp_path)
    st = path.stat()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / f"wrgp.{st.st_size}-{st.st_mtime_ns}.json").write_text(hostile, encoding="utf-8")
    assert cards._parse(cards._read(path), "x") == cards._parse(resolve(load_file(path)), "x")


def test_a_fifo_at_a_cache_path_never_hangs_a_command(tmp_path):
    """A FIFO where a cache was kept hung every command (reading it waits for a writer). In a child
    process with a generous guard against the hang."""
    path = _copy_catalogue(tmp_path)
    st = path.stat()
    (tmp_path / "__pycache__").mkdir()
    os.mkfifo(tmp_path / "__pycache__" / f"wrgp.{st.st_size}-{st.st_mtime_ns}.json")
    code = ("import sys; from pathlib import Path; from rulings_lib import cards; "
            "print(len(cards._parse(cards._read(Path(sys.argv[1])), 'x')))")
    try:
        proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT,
                              timeout=60, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("reading the catalogue hung on a FIFO")
    assert proc.returncode == 0 and int(proc.stdout) > 10, proc.stderr


def test_an_edit_of_the_same_size_and_time_is_seen(tmp_path):
    """An edit that keeps the file's size and modification time is read (a cache keyed by them played
    the old card)."""
    from rulings_lib import cards

    path = _copy_catalogue(tmp_path)
    first = cards._parse(cards._read(path), "x")
    st = path.stat()
    text = path.read_text(encoding="utf-8")
    assert "Deals 200 damage to the opponent." in text
    path.write_text(text.replace("Deals 200 damage to the opponent.", "Deals 300 damage to the opponent."),
                    encoding="utf-8")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size
    again = cards._parse(cards._read(path), "x")
    assert any("Deals 300 damage" in c.does["en"] for c in again)
    assert not any("Deals 300 damage" in c.does["en"] for c in first)


# ------------------------------------------------------------------ --cards on a tag scenario
@pytest.mark.parametrize("exists", [True, False])
def test_cards_on_a_tag_scenario_is_refused_not_ignored(tmp_path, capsys, exists):
    db = make_cdb(tmp_path / "cards.cdb") if exists else tmp_path / "missing.cdb"
    f = scenario(tmp_path / "tag", "format: digimon-tag\nsteps: []\n")
    code, out, err = run_cli(capsys, "run", f, "--cards", db)
    assert_one_line_error(code, err, f, "--cards")
    assert "wrgp" in err and out == ""


# ------------------------------------------------------------------ what a later database replaces
def _override_events(out: str) -> list[dict]:
    return [e for e in json.loads(out)["events"] if e.get("code") == "wrgp.event.card_database_overrides"]


def test_the_same_database_given_again_replaces_nothing(tmp_path, capsys):
    db = make_cdb(tmp_path / "cards.cdb", [(1, "One", EFFECT_MONSTER, 1000), (2, "Two", EFFECT_MONSTER, 2000)])
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, out, err = run_cli(capsys, "run", w, "--json", "--cards", db, "--cards", db, "--cards", db)
    assert code == 0, err
    assert _override_events(out) == []


def test_a_later_database_replaces_the_cards_it_changes_each_counted_once(tmp_path, capsys):
    a = make_cdb(tmp_path / "a.cdb", [(1, "One", EFFECT_MONSTER, 1000), (2, "Two", EFFECT_MONSTER, 2000)])
    b = make_cdb(tmp_path / "b.cdb", [(1, "One", EFFECT_MONSTER, 1100), (2, "Two", EFFECT_MONSTER, 2000)])
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, out, err = run_cli(capsys, "run", w, "--json", "--cards", a, "--cards", b, "--cards", a, "--cards", b)
    assert code == 0, err
    assert sorted((e["args"]["old"], e["args"]["new"], e["args"]["n"]) for e in _override_events(out)) == \
        [(str(a), str(b), 1), (str(b), str(a), 1)]


# ------------------------------------------------------------------ messages that name what is wrong
def test_an_unusable_cards_db_is_named_by_the_scenario_and_its_line(tmp_path, capsys):
    folder = tmp_path / "scen"
    folder.mkdir()
    (folder / "cards.cdb").write_text("not sqlite", encoding="utf-8")
    f = scenario(folder, "format: wrgp\ntitle: t\nsetup:\n  lineup: 3\n  cards_db:\n    - cards.cdb\nsteps: []\n")
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:6: setup.cards_db: cards.cdb: ", "not an SQLite database")
    assert str(folder / "cards.cdb") not in err


def test_cards_on_a_folder_without_databases_says_so(tmp_path, capsys):
    empty = tmp_path / "no-databases"
    empty.mkdir()
    (empty / "readme.txt").write_text("x", encoding="utf-8")
    w = scenario(tmp_path / "w", "format: wrgp\nsteps: []\n")
    code, _, err = run_cli(capsys, "run", w, "--cards", empty)
    assert_one_line_error(code, err, empty, "no .cdb file")
    f = scenario(tmp_path / "s", "format: wrgp\nsetup: {cards_db: dbs}\nsteps: []\n")
    (tmp_path / "s" / "dbs").mkdir()
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:2: setup.cards_db: dbs: ", "no .cdb file")
