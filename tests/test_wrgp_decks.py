"""WRGP-S2 team deck check: the file formats (.ydk, ydke://, lflist.conf, cards.cdb) and the rule."""

from __future__ import annotations

import base64
import csv
import json
import sqlite3
import struct
import subprocess
import sys

import pytest

from rulings_lib.decks import (
    Banlist,
    CardDB,
    CopyLimitViolation,
    Deck,
    DeckSizeViolation,
    TeamReport,
    WhitelistViolation,
    check_team,
    load_banlist,
    load_deck,
    open_cdb,
    parse_lflist,
    parse_ydk,
    parse_ydke,
    read_lflist,
    read_ydk,
    samples,
    select_list,
)
from rulings_lib.decks import cdb as cdb_module
from rulings_lib.decks import wrgp_team as wrgp_team_module
from rulings_lib.errors import InputError

DM, DM_ALT = 46986414, 36996508           # Dark Magician and its alternate artwork
BEWD, BEWD_ALT1, BEWD_ALT2 = 89631139, 89631140, 89631141
POT, RAIGEKI, REBORN, MST = 55144522, 12580477, 83764718, 5318639


def filler(deck: int, n: int) -> tuple[int, ...]:
    """n distinct passcodes no other deck uses (so they never break a copy limit)."""
    return tuple(90_000_000 + deck * 1000 + i for i in range(n))


def team(*extra_main, sides=((), (), ()), extras=((), (), ()), main_size=40) -> list[Deck]:
    """Three decks of ``main_size`` main cards: the given cards plus filler."""
    decks = []
    for i in range(3):
        cards = tuple(extra_main[i]) if i < len(extra_main) else ()
        decks.append(Deck(cards + filler(i + 1, main_size - len(cards)), tuple(extras[i]), tuple(sides[i]),
                          f"deck{i + 1}.ydk"))
    return decks


def db(*rows) -> CardDB:
    return CardDB.from_rows(rows, "test.cdb")


SAMPLE_DB = None


def sample_db() -> CardDB:
    global SAMPLE_DB
    if SAMPLE_DB is None:
        SAMPLE_DB = open_cdb(samples.CARDS)
    return SAMPLE_DB


def key(report: TeamReport) -> list[tuple]:
    return [(v.kind, v.card, v.count, v.limit) for v in report.violations if not isinstance(v, DeckSizeViolation)]


# ---------------------------------------------------------------- .ydk files

def test_ydk_sections_comments_leading_zeros_and_blank_lines():
    text = ("#created by EDOPro\n#main\n# Dark Magician\n046986414\n\n46986414\n   \n"
            "#extra\n# Dark Paladin\n98502113\n!side\n05318639\n")
    deck = parse_ydk(text, "a.ydk")
    assert deck.main == (DM, DM) and deck.extra == (98502113,) and deck.side == (MST,)
    assert deck.source == "a.ydk"


def test_ydk_crlf_and_bom_and_headers_in_any_case():
    text = "\ufeff#created by YGOPro\r\n#MAIN\r\n46986414\r\n#Extra\r\n!Side\r\n12580477\r\n"
    deck = parse_ydk(text, "w.ydk")
    assert deck.main == (DM,) and deck.side == (RAIGEKI,) and deck.extra == ()


def test_ydk_crlf_file_on_disk(tmp_path):
    f = tmp_path / "win.ydk"
    f.write_bytes(b"\xef\xbb\xbf#created by someone\r\n#main\r\n46986414\r\n#extra\r\n!side\r\n")
    assert read_ydk(f).main == (DM,)


def test_ydk_cards_before_any_header_go_to_the_main_deck():
    assert parse_ydk("46986414\n#extra\n98502113\n").main == (DM,)


def test_ydk_sections_in_any_order_and_repeated():
    deck = parse_ydk("!side\n1\n#main\n2\n#extra\n3\n#main\n4\n")
    assert (deck.main, deck.extra, deck.side) == ((2, 4), (3,), (1,))


def test_ydk_only_headers_is_an_empty_deck_not_an_error():
    deck = parse_ydk("#main\n#extra\n!side\n")
    assert deck.sizes() == {"main": 0, "extra": 0, "side": 0}


@pytest.mark.parametrize("text, line, fragment", [
    ("#main\n4698641a\n", 2, "expected a passcode (ASCII digits 0-9)"),
    ("#main\n46986414\n\nDark Magician\n", 4, "got 'Dark Magician'"),
    ("#main\n46 986414\n", 2, "expected a passcode"),
    ("#main\n-46986414\n", 2, "expected a passcode"),
    ("#main\n!sidedeck\n", 2, "unknown section '!sidedeck'"),
    ("#main\n0\n", 2, "out of range"),
    ("#main\n4294967296\n", 2, "out of range"),
    ("#main\r\n1\r\n２\r\n", 3, "expected a passcode"),  # full-width digit
    ("", 1, "empty file"),
    ("\n\n", 1, "empty file"),
    ("#created by nobody\n# nothing else\n", 1, "no section header and no passcode"),
])
def test_ydk_bad_lines(text, line, fragment):
    with pytest.raises(InputError) as err:
        parse_ydk(text, "bad.ydk")
    assert err.value.line == line and err.value.file == "bad.ydk"
    assert fragment in str(err.value) and str(err.value).startswith(f"bad.ydk:{line}: ")
    assert "\n" not in str(err.value)


def test_ydk_round_trip():
    deck = Deck((DM, DM_ALT, 1), (98502113,), (MST, MST), "x")
    for newline in ("\n", "\r\n"):
        again = parse_ydk(deck.to_ydk(newline))
        assert (again.main, again.extra, again.side) == (deck.main, deck.extra, deck.side)


# ---------------------------------------------------------------- ydke:// URLs

def ydke(main=(), extra=(), side=()) -> str:
    def part(codes):
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()
    return f"ydke://{part(main)}!{part(extra)}!{part(side)}!"


def test_ydke_parse_and_round_trip():
    url = ydke((DM, DM, POT), (98502113,), (MST,))
    deck = parse_ydke(url)
    assert deck.main == (DM, DM, POT) and deck.extra == (98502113,) and deck.side == (MST,)
    assert deck.to_ydke() == url
    assert load_deck(url).main == deck.main
    assert load_deck("  " + url.upper()[:7] + url[7:] + "\n").main == deck.main  # prefix in any case, spaces


def test_ydke_without_trailing_bang_and_empty_sections():
    url = ydke((DM,))
    assert parse_ydke(url[:-1]).main == (DM,)
    assert parse_ydke("ydke://!!!").sizes() == {"main": 0, "extra": 0, "side": 0}


@pytest.mark.parametrize("url, fragment", [
    ("ydke://AAAA!", "three base64 parts"),
    ("ydke://a!b!c!d!e", "three base64 parts"),
    ("ydke://@@@@!!!", "main part is not base64"),
    ("ydke://!AAA=!!", "extra part"),           # 2 bytes
    ("ydke://!!AAAAAAA=!", "side part has 5 bytes"),
    ("ydke://AAAAAAAA!!!", "has 6 bytes, not whole 4-byte passcodes"),
    ("ydke://AAAAAA==AAAA!!!", "not base64"),
    ("ydke://AAAAAA!!!", "not base64"),          # padding missing
    ("ydke://AAAAAA==!!!", "main part holds passcode 0"),
    ("ydke://ÀÀÀÀ!!!", "not base64"),
])
def test_ydke_bad_urls(url, fragment):
    with pytest.raises(InputError) as err:
        parse_ydke(url)
    assert fragment in str(err.value)
    assert err.value.line is None and err.value.file.startswith("ydke://")


def test_ydke_label_is_short():
    url = ydke(tuple(range(1, 61)))
    with pytest.raises(InputError) as err:
        parse_ydke(url.replace("!", "?", 1))
    assert len(err.value.file) <= 32


def test_load_deck_rejects_other_types():
    with pytest.raises(TypeError):
        load_deck(42)


# ---------------------------------------------------------------- lflist.conf

LFLIST = """#[2024.04][Whitelist demo]
# a comment line
!2024.04
55144522 0 --Pot of Greed
12580477 1 --Raigeki
05318639 2 -- Mystical Space Typhoon
46986414 3
#semi
!Whitelist demo
$whitelist
46986414 3 --Dark Magician
12580477 1 #Raigeki
!2024.04
55144522 3 --a second list of the same name is never picked by name
"""


def test_lflist_several_lists():
    lists = parse_lflist(LFLIST, "l.conf")
    assert [b.name for b in lists] == ["2024.04", "Whitelist demo", "2024.04"]
    first = lists[0]
    assert first.limits == {POT: 0, RAIGEKI: 1, MST: 2, DM: 3} and not first.whitelist
    assert first.line == 3 and first.source == "l.conf"
    assert lists[1].whitelist and lists[1].limits == {DM: 3, RAIGEKI: 1}
    assert select_list(lists) is first
    assert select_list(lists, "Whitelist demo") is lists[1]
    assert select_list(lists, "2024.04") is first  # the first of that name


def test_lflist_crlf_and_later_line_wins():
    lists = parse_lflist("!A\r\n55144522 0\r\n55144522 1 --changed\r\n", "w.conf")
    assert lists[0].limits == {POT: 1}


def test_lflist_unknown_list_names_the_lists(tmp_path):
    f = tmp_path / "lflist.conf"
    f.write_text(LFLIST)
    with pytest.raises(InputError) as err:
        load_banlist(f, "2099.01")
    msg = str(err.value)
    assert msg.startswith(f"{f}: no list named '2099.01'")
    assert "'2024.04', 'Whitelist demo'" in msg


@pytest.mark.parametrize("text, line, fragment", [
    ("", 1, "empty file"),
    ("# only comments\n", 1, "no '!Name' list"),
    ("55144522 0\n--SS05 Bakura\n", 1, "no '!Name' list"),
])
def test_lflist_bad_files(text, line, fragment):
    with pytest.raises(InputError) as err:
        parse_lflist(text, "bad.conf")
    assert err.value.line == line
    assert fragment in str(err.value) and str(err.value).startswith(f"bad.conf:{line}: ")


# Lines EDOPro's LoadLFListSingle reads or skips (read from its source: the passcode is what
# std::stoul reads before the first space, the count what std::stol reads from that space over
# '-' and digits, the rest is ignored; passcode 0 and unreadable lines are skipped). Each is
# read the same way here, with a warning `FILE:LINE` where a line is skipped or read oddly.
EDOPRO_LINES = [
    # (card line after "!A", limits read, warning fragment or None)
    ("55144522 0 --Pot of Greed", {POT: 0}, None),
    ("55144522 0 Pot of Greed", {POT: 0}, None),               # any text after the count
    ("55144522 1\t--tab before the comment", {POT: 1}, None),
    ("--SS05 Bakura", {}, "skipped '--SS05 Bakura': no passcode"),
    ("--- Forbidden ---", {}, "skipped '--- Forbidden ---'"),
    ("1 -1", {1: 0}, "count -1: EDOPro allows no copy"),
    ("55144522 -1", {POT: 0}, "read as forbidden"),
    ("55144522 4 --Pot", {POT: 3}, "count 4: more than 3 allows 3"),
    ("55144522 x", {}, "no count after the passcode"),
    ("55144522", {}, "no space between a passcode and a count"),
    ("55144522\t0", {}, "no space between"),
    ("55144522  0", {}, "no count after the passcode"),          # two spaces: stol reads " " and fails
    ("5514452a 0", {5514452: 0}, "read as passcode 5514452, count 0"),
    ("+55144522 2", {POT: 2}, "read as passcode 55144522, count 2"),
    ("55144522 1-2 --range?", {POT: 1}, "read as passcode 55144522, count 1"),
    ("0 1", {}, "passcode 0"),
    ("-5 1", {}, "out of range"),
    ("99999999999 1", {}, "out of range"),
    ("9" * 5000 + " 1", {}, "out of range"),
    ("55144522 " + "9" * 5000, {}, "no count"),
    ("$blacklist", {}, "skipped '$blacklist'"),
    ("$whitelisted", {}, None),                                # EDOPro: any line starting $whitelist
    ("  55144522 0", {}, "skipped"),                           # leading spaces: EDOPro skips the line
    ("55144522 ３", {}, "no count"),                           # full-width digits are not digits
    ("55144522 ²", {}, "no count"),
]


@pytest.mark.parametrize("line, limits, warning", EDOPRO_LINES)
def test_lflist_lines_read_as_edopro_reads_them(line, limits, warning):
    (banlist,) = parse_lflist(f"#[A]\n!A\n{line}\n", "edo.conf")
    assert banlist.limits == limits
    if warning is None:
        assert banlist.warnings == ()
    else:
        ((where, message),) = banlist.warnings
        assert where == 3 and warning in message, message
        (text,) = banlist.warning_texts()
        assert text.startswith("edo.conf:3: ") and "\n" not in text and len(text) < 300


def test_lflist_whitelist_line_and_nameless_list():
    assert parse_lflist("!A\n$whitelisted\n", "w.conf")[0].whitelist
    (nameless,) = parse_lflist("#c\n!\n55144522 0\n", "w.conf")
    assert nameless.name == "" and nameless.limits == {POT: 0}
    assert "no name" in nameless.warnings[0][1]
    (first,) = parse_lflist("$whitelist\n55144522 0\n!A\n", "w.conf")
    assert not first.whitelist and first.limits == {}
    assert [w[0] for w in first.warnings] == [1, 2]


def test_lflist_real_world_shapes_load():
    # Shapes from the lists EDOPro's maintainers publish (written by us, not copied).
    text = ("#[2024.04 TCG][Goat Format]\n!2024.04 TCG\n#Forbidden\n--SS05 Bakura\n55144522 0 --Pot of Greed\n"
            "12580477 1 --Raigeki\n\n!Goat Format\n$whitelist\n1 -1\n46986414 3 --Dark Magician\n"
            "89631139 3 -- Blue-Eyes\n")
    tcg, goat = parse_lflist(text, "real.conf")
    assert tcg.limits == {POT: 0, RAIGEKI: 1} and [w[0] for w in tcg.warnings] == [4]
    assert goat.whitelist and goat.limits == {1: 0, DM: 3, BEWD: 3} and [w[0] for w in goat.warnings] == [10]


def test_lflist_not_utf8_is_read_with_a_warning(tmp_path):
    f = tmp_path / "latin.conf"
    f.write_bytes(b"!A\n# caf\xe9\n55144522 0\n")
    (banlist,) = read_lflist(f)
    assert banlist.limits == {POT: 0} and banlist.warnings[0][0] == 2


def test_banlist_limit_and_repr():
    b = Banlist("A", {POT: 0})
    assert b.limit(POT) == 0 and b.limit(DM) is None
    assert repr(b) == "<Banlist 'A' from '<lflist>': 1 cards>"
    assert "0x" not in repr(b)


# ---------------------------------------------------------------- cards.cdb

def test_sample_cdb_matches_the_csv():
    """The committed cards.cdb holds exactly the rows of cards.csv (rebuild with build_cdb.py)."""
    with open(samples.CARDS_CSV, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    expected = sorted((int(r["passcode"]), r["name"], cdb_module.TYPE_CODES[r["type"]], int(r["alias"] or 0))
                      for r in rows)
    con = sqlite3.connect(f"file:{samples.CARDS}?mode=ro", uri=True)
    try:
        got = con.execute("SELECT d.id, t.name, d.type, d.alias FROM datas d JOIN texts t ON t.id = d.id "
                          "ORDER BY d.id").fetchall()
        assert con.execute("SELECT count(*) FROM datas").fetchone()[0] == len(expected)
        assert con.execute("SELECT count(*) FROM texts").fetchone()[0] == len(expected)
    finally:
        con.close()
    assert got == expected


def test_sample_csv_facts_are_consistent():
    with open(samples.CARDS_CSV, newline="", encoding="utf-8") as fh:
        rows = {int(r["passcode"]): r for r in csv.DictReader(fh)}
    for row in rows.values():
        assert len(row["passcode"]) == 8 and row["type"] in cdb_module.TYPE_CODES
        if row["alias"]:
            target = rows[int(row["alias"])]
            assert target["name"] == row["name"] and not target["alias"]  # an artwork, of an original
    assert rows[DM]["name"] == "Dark Magician" and rows[DM_ALT]["alias"] == str(DM)
    assert rows[BEWD_ALT1]["alias"] == rows[BEWD_ALT2]["alias"] == str(BEWD)


def test_build_cdb_is_deterministic(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_cdb", samples.DIR / "build_cdb.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    a, b = tmp_path / "a.cdb", tmp_path / "b.cdb"
    module.build(samples.CARDS_CSV, a)
    module.build(samples.CARDS_CSV, b)
    assert a.read_bytes() == b.read_bytes()
    assert open_cdb(a).names == sample_db().names and open_cdb(a).aliases == sample_db().aliases


def test_open_cdb_names_and_aliases():
    cards = sample_db()
    assert cards.name(DM) == cards.name(DM_ALT) == "Dark Magician"
    assert cards.target(DM_ALT) == DM and cards.target(DM) == DM
    assert cards.alternates(DM) == (DM_ALT, DM)
    assert cards.alternates(BEWD) == (BEWD, BEWD_ALT1, BEWD_ALT2)
    assert cards.alternates(POT) == (POT,)
    assert DM in cards and 1 not in cards and cards.name(1) is None
    assert repr(cards) == f"<CardDB {str(samples.CARDS)!r}: {len(cards)} cards, 3 aliases>"


def test_open_cdb_is_read_only(tmp_path):
    f = tmp_path / "ro.cdb"
    f.write_bytes(samples.CARDS.read_bytes())
    f.chmod(0o444)
    before = f.read_bytes()
    assert open_cdb(f).name(DM) == "Dark Magician"
    assert f.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ro.cdb"]  # no journal, no -wal left


def test_open_cdb_odd_path_characters(tmp_path):
    d = tmp_path / "a dir?#%"
    d.mkdir()
    f = d / "cards.cdb"
    f.write_bytes(samples.CARDS.read_bytes())
    assert open_cdb(f).name(POT) == "Pot of Greed"


def test_alias_chain_and_loop():
    cards = db((1, "One", 0), (2, "One", 1), (3, "One", 2), (10, "Loop", 11), (11, "Loop", 12), (12, "Loop", 10),
               (20, "Into loop", 11), (30, "Self", 30))
    assert cards.target(3) == 1 and cards.target(2) == 1
    assert cards.alternates(1) == (1, 2, 3)
    assert cards.target(20) == 10 and cards.target(12) == 10 and cards.target(11) == 10
    assert cards.loops() == [(10, 11, 12)]
    assert cards.target(30) == 30 and 30 not in cards.aliases
    assert cards.alternates(10) == (10, 11, 12, 20)


@pytest.mark.parametrize("content, fragment", [
    (b"", "empty file"),
    (b"#main\n46986414\n", "not an SQLite database"),
    (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "not an SQLite database"),
    (b"SQLite format 3\x00" + b"\xff" * 200, "card database"),
])
def test_open_cdb_not_a_database(tmp_path, content, fragment):
    f = tmp_path / "cards.cdb"
    f.write_bytes(content)
    with pytest.raises(InputError) as err:
        open_cdb(f)
    assert fragment in str(err.value) and str(err.value).startswith(f"{f}: ")


def _sqlite(path, script):
    con = sqlite3.connect(path)
    con.executescript(script)
    con.commit()
    con.close()


@pytest.mark.parametrize("script, fragment", [
    ("CREATE TABLE other(x);", "no table datas or texts"),
    ("CREATE TABLE datas(id integer, alias integer);", "no table texts"),
    ("CREATE TABLE datas(id integer);CREATE TABLE texts(id integer, name text);", "table datas has no column alias"),
    ("CREATE TABLE datas(id, alias);CREATE TABLE texts(id, desc);", "table texts has no column name"),
])
def test_open_cdb_missing_tables_or_columns(tmp_path, script, fragment):
    f = tmp_path / "cards.cdb"
    _sqlite(f, script)
    with pytest.raises(InputError) as err:
        open_cdb(f)
    assert fragment in str(err.value)


def test_open_cdb_odd_values_are_skipped(tmp_path):
    f = tmp_path / "cards.cdb"
    _sqlite(f, "CREATE TABLE DATAS(id, alias);CREATE TABLE Texts(id, name);"
               "INSERT INTO datas VALUES (1, 0), ('x', 1), (2, 'y'), (3, 1), (NULL, NULL);"
               "INSERT INTO texts VALUES (1, 'One'), (2, NULL), (3, 'One');")
    cards = open_cdb(f)
    assert cards.ids == {1, 2, 3} and cards.aliases == {3: 1} and cards.names == {1: "One", 3: "One"}


def test_open_cdb_missing_or_directory(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        open_cdb(tmp_path / "nope.cdb")
    with pytest.raises(InputError, match="is a directory"):
        open_cdb(tmp_path)


# ---------------------------------------------------------------- WRGP-S2: copy limits

def test_sample_teams():
    legal = check_team(samples.team("legal"), samples.BANLIST, cards=samples.CARDS)
    assert legal.legal and legal.violations == () and legal.warnings == ()
    assert check_team(samples.team("legal"), samples.BANLIST).legal
    illegal = check_team(samples.team("illegal"), samples.BANLIST, cards=samples.CARDS)
    assert key(illegal) == [("copies", RAIGEKI, 2, 1), ("copies", DM, 4, 3), ("copies", POT, 1, 0)]
    assert [(v.deck, v.section, v.count) for v in illegal.of_kind("deck-size")] == [(3, "main", 39)]
    # Without the card database the alternate artwork is a card of its own: the 4th Dark Magician is missed.
    blind = check_team(samples.team("illegal"), samples.BANLIST)
    assert key(blind) == [("copies", RAIGEKI, 2, 1), ("copies", POT, 1, 0)]
    assert "no card database" in blind.warnings[0]


def test_sample_whitelist_list():
    report = check_team(samples.team("legal"), samples.BANLIST, "Sample WRGP 2022 whitelist", samples.CARDS)
    assert report.legal and report.whitelist
    blind = check_team(samples.team("legal"), samples.BANLIST, "Sample WRGP 2022 whitelist")
    assert [(v.kind, v.card) for v in blind.violations] == [
        ("whitelist", DM_ALT), ("whitelist", BEWD_ALT1), ("whitelist", BEWD_ALT2)]


@pytest.mark.parametrize("status, limit", [(None, 3), (3, 3), (2, 2), (1, 1), (0, 0)])
def test_copy_limits_across_the_team(status, limit):
    banlist = Banlist("L", {} if status is None else {DM: status})
    for copies in range(0, 5):
        spread = [(DM,) * (copies // 2), (DM,) * (copies - copies // 2)]
        report = check_team(team(*spread), banlist)
        assert report.legal == (copies <= limit), (status, copies)
        if copies > limit:
            (v,) = report.violations
            assert isinstance(v, CopyLimitViolation)
            assert (v.card, v.count, v.limit, v.rule) == (DM, copies, limit, "WRGP-S2")
            assert v.status == {3: "unlimited", 2: "semi-limited", 1: "limited", 0: "forbidden"}[limit]


def test_side_and_extra_decks_count():
    banlist = Banlist("L", {MST: 2, 98502113: 1})
    report = check_team(team((MST,), (), (), sides=((MST,), (), (MST,)), extras=((98502113,), (98502113,), ())),
                        banlist)
    assert key(report) == [("copies", MST, 3, 2), ("copies", 98502113, 2, 1)]
    mst = report.violations[0]
    assert [(d.deck, d.main, d.extra, d.side) for d in mst.per_deck] == [(1, 1, 0, 1), (3, 0, 0, 1)]
    assert str(mst.per_deck[0]) == "deck 1: main 1, side 1"


def test_three_copies_in_one_deck_and_none_elsewhere_is_legal():
    assert check_team(team((DM, DM, DM)), Banlist("L")).legal


def test_alternate_artworks_count_as_one_name():
    cards = sample_db()
    decks = team((DM, DM), (DM_ALT,), (), sides=((), (), (DM_ALT,)))
    report = check_team(decks, Banlist("L"), cards=cards)
    (v,) = report.violations
    assert (v.card, v.name, v.count, v.limit) == (DM, "Dark Magician", 4, 3)
    assert v.passcodes == ((DM_ALT, 2), (DM, 2))
    assert check_team(decks, Banlist("L")).legal  # by passcode: 2 and 2


def test_status_of_the_alias_target_applies_to_the_artwork():
    cards = sample_db()
    report = check_team(team((BEWD_ALT1,), (BEWD_ALT2,)), Banlist("L", {BEWD: 1}), cards=cards)
    (v,) = report.violations
    assert (v.card, v.count, v.limit, v.status, v.listed_as) == (BEWD, 2, 1, "limited", (BEWD,))


def test_banlist_may_list_the_alternate_passcode():
    cards = sample_db()
    report = check_team(team((DM,), (DM,)), Banlist("L", {DM_ALT: 1}), cards=cards)
    (v,) = report.violations
    assert (v.card, v.count, v.limit, v.listed_as) == (DM, 2, 1, (DM_ALT,))
    assert "(listed as 36996508)" in str(v)


def test_the_strictest_of_several_listed_passcodes_applies():
    cards = sample_db()
    banlist = Banlist("L", {BEWD: 2, BEWD_ALT1: 1, BEWD_ALT2: 3})
    (v,) = check_team(team((BEWD, BEWD_ALT2)), banlist, cards=cards).violations
    assert (v.limit, v.listed_as) == (1, (BEWD_ALT1,))


def test_alias_chain_counts_as_one_card_and_loops_do_not_hang():
    cards = db((1, "One", 0), (2, "One", 1), (3, "One", 2), (10, "Loop", 11), (11, "Loop", 10))
    report = check_team(team((1, 2), (3, 3), (10, 11, 10, 11)), Banlist("L", {3: 2}), cards=cards)
    assert key(report) == [("copies", 1, 4, 2), ("copies", 10, 4, 3)]
    assert any("form a loop; counted as 00000010" in w for w in report.warnings)


def test_passcodes_missing_from_the_cdb_are_counted_alone_with_a_warning():
    cards = db((DM, "Dark Magician", 0))
    report = check_team(team((DM, 77777777)), Banlist("L"), cards=cards)
    assert report.legal
    assert "passcode 77777777 (deck 1 main) is not in test.cdb; counted as a card of its own" in report.warnings
    assert not any("no card database" in w for w in report.warnings)


# ---------------------------------------------------------------- WRGP-S2: $whitelist

def test_whitelist_allows_only_the_cards_it_names():
    banlist = Banlist("W", {DM: 3, POT: 0, RAIGEKI: 1}, whitelist=True)
    decks = [Deck((DM, DM, RAIGEKI) + (MST,) * 37, source="a"), Deck((MST,) * 40, source="b"),
             Deck((POT,) * 40, source="c")]
    report = check_team(decks, banlist)
    assert [(v.kind, v.card, v.count, v.limit) for v in report.violations] == [
        ("copies", POT, 40, 0), ("whitelist", MST, 77, 0)]
    w = report.violations[1]
    assert isinstance(w, WhitelistViolation) and w.list_name == "W" and w.limit == 0
    assert w.to_dict()["status"] == "not on the whitelist"


def test_whitelist_accepts_an_artwork_of_a_listed_card_with_the_cdb():
    banlist = Banlist("W", {DM: 3}, whitelist=True)
    decks = team((DM_ALT,) * 40, (DM,) * 40, (DM,) * 40, main_size=40)
    with_db = check_team(decks, banlist, cards=sample_db())
    assert [(v.kind, v.card, v.count, v.limit) for v in with_db.violations] == [("copies", DM, 120, 3)]
    without = check_team(decks, banlist)
    assert [(v.kind, v.card, v.count) for v in without.violations] == [("copies", DM, 80), ("whitelist", DM_ALT, 40)]


def test_whitelist_listing_only_the_artwork_allows_the_original():
    banlist = Banlist("W", {DM_ALT: 2}, whitelist=True)
    decks = [Deck((DM,) + (DM_ALT,) * 39, source="a"), Deck(source="b"), Deck(source="c")]
    report = check_team(decks, banlist, cards=sample_db())
    assert key(report) == [("copies", DM, 40, 2)]
    assert not report.of_kind("whitelist") and len(report.of_kind("deck-size")) == 2


# ---------------------------------------------------------------- WRGP-S2: deck sizes

@pytest.mark.parametrize("section, size, legal", [
    ("main", 39, False), ("main", 40, True), ("main", 60, True), ("main", 61, False), ("main", 0, False),
    ("extra", 0, True), ("extra", 15, True), ("extra", 16, False),
    ("side", 0, True), ("side", 15, True), ("side", 16, False),
])
def test_each_deck_on_its_own(section, size, legal):
    sections = {"main": filler(1, 40), "extra": (), "side": ()}
    sections[section] = filler(1, size)
    decks = [Deck(**sections, source="one.ydk"), Deck(filler(2, 40), source="two.ydk"),
             Deck(filler(3, 40), source="three.ydk")]
    report = check_team(decks, Banlist("L"))
    assert report.legal == legal
    if not legal:
        (v,) = report.violations
        assert isinstance(v, DeckSizeViolation)
        assert (v.deck, v.file, v.section, v.count) == (1, "one.ydk", section, size)
        assert v.to_dict() == {"rule": "WRGP-S2", "kind": "deck-size", "deck": 1, "file": "one.ydk",
                               "section": section, "count": size, "min": 40 if section == "main" else 0,
                               "max": 60 if section == "main" else 15}


# ---------------------------------------------------------------- the report

def illegal_report() -> TeamReport:
    return check_team(samples.team("illegal"), samples.BANLIST, cards=samples.CARDS)


def test_report_order_is_fixed():
    report = illegal_report()
    kinds = [v.kind for v in report.violations]
    assert kinds == sorted(kinds, key=["copies", "whitelist", "deck-size"].index)
    cards = [v.card for v in report.of_kind("copies")]
    assert cards == sorted(cards)
    assert illegal_report().to_dict() == report.to_dict()


def test_report_json_shape():
    data = illegal_report().to_dict()
    json.dumps(data)
    assert data["legal"] is False and data["rule"] == "WRGP-S2"
    assert all(v["rule"] == "WRGP-S2" for v in data["violations"])
    dm = next(v for v in data["violations"] if v.get("card") == DM)
    assert dm == {
        "rule": "WRGP-S2", "kind": "copies", "card": DM, "name": "Dark Magician", "status": "unlimited",
        "count": 4, "limit": 3, "listed_as": [],
        "passcodes": [{"passcode": DM_ALT, "count": 1}, {"passcode": DM, "count": 3}],
        "per_deck": [
            {"deck": 1, "file": str(samples.team("illegal")[0]), "main": 3, "extra": 0, "side": 0},
            {"deck": 2, "file": str(samples.team("illegal")[1]), "main": 0, "extra": 0, "side": 1}],
    }
    size = next(v for v in data["violations"] if v["kind"] == "deck-size")
    assert {"deck", "section", "count"} <= set(size)
    assert data["banlist"] == {"file": str(samples.BANLIST), "list": "Sample WRGP 2022", "whitelist": False}
    assert [d["main"] for d in data["decks"]] == [40, 40, 39]


def test_report_text():
    text = str(illegal_report())
    assert text.startswith("WRGP-S2 team deck check: ILLEGAL (4 violations)")
    assert "Pot of Greed (55144522), forbidden: 1 copy, limit 0 - deck 1: main 1" in text
    assert ("Dark Magician (46986414), unlimited: 4 copies, limit 3 - deck 1: main 3; deck 2: side 1 "
            "(passcodes 36996508 x1, 46986414 x3)") in text
    assert "Raigeki (12580477), limited: 2 copies, limit 1 - deck 1: main 1; deck 3: side 1" in text
    assert "3-cyber.ydk): main deck has 39 cards, needs 40-60" in text
    assert text.index("Team copy limits (WRGP-S2") < text.index("Deck sizes (WRGP-S2")
    legal = str(check_team(samples.team("legal"), samples.BANLIST, cards=samples.CARDS))
    assert legal.startswith("WRGP-S2 team deck check: LEGAL (no violations)")


def test_report_passcodes_keep_leading_zeros_and_unknown_names():
    report = check_team(team((MST, MST, MST)), Banlist("L", {MST: 2}))
    assert str(report.violations[0]).startswith("05318639, semi-limited: 3 copies, limit 2")


def test_report_repr_is_stable():
    report = illegal_report()
    files = ", ".join(repr(str(p)) for p in samples.team("illegal"))
    assert repr(report) == f"<TeamReport WRGP-S2: illegal, 4 violations; list 'Sample WRGP 2022'; decks {files}>"
    assert "0x" not in repr(report) and repr(report) == repr(illegal_report())
    assert "0x" not in repr(Deck(source="a")) and repr(Deck((1,), source="a")) == "<Deck 'a': main 1, extra 0, side 0>"


def test_report_html_table_is_escaped():
    cards = db((DM, "<script>alert(1)</script> & Co", 0))
    report = check_team(team((DM,) * 4), Banlist("L"), cards=cards)
    page = report._repr_html_()
    assert "<table>" in page and page.count("<tr>") >= 5
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in page
    assert "WRGP-S2" in page and "ILLEGAL" in page
    assert "<table>" in check_team(team(), Banlist("L"))._repr_html_()


def test_check_team_inputs(tmp_path):
    ydk = tmp_path / "a.ydk"
    ydk.write_text(Deck(filler(1, 40)).to_ydk())
    lf = tmp_path / "lflist.conf"
    lf.write_text("!One\n!Two\n90002000 0\n")
    decks = [ydk, Deck(filler(2, 40)).to_ydke(), Deck(filler(3, 40), source="obj")]
    assert check_team(decks, lf).legal
    assert not check_team(decks, lf, "Two").legal
    assert not check_team(decks, read_lflist(lf), "Two").legal
    assert check_team([str(ydk)] * 1, lf).legal  # lineup size is a setting (WRGP-S1 reading)
    with pytest.raises(ValueError):
        check_team([], lf)
    with pytest.raises(TypeError):
        check_team(str(ydk), lf)
    with pytest.raises(ValueError):
        check_team(decks, Banlist("One"), list_name="Two")
    with pytest.raises(TypeError):
        check_team(decks, lf, cards=3)


def test_import_is_light_and_free_of_jupyter():
    code = ("import sys, rulings_lib.decks, rulings_lib.decks.wrgp_team; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('IPython', 'ipywidgets', 'ipykernel', 'jupyter_core', 'graphviz', 'sqlite3')]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_open_cdb_for_some_passcodes_only():
    cards = open_cdb(samples.CARDS, [DM_ALT, POT, 1])
    assert not cards.complete and cards.ids == {DM_ALT, DM, POT}
    assert cards.names == {DM_ALT: "Dark Magician", DM: "Dark Magician", POT: "Pot of Greed"}
    assert cards.alternates(BEWD) == (BEWD, BEWD_ALT1, BEWD_ALT2)  # every alias is read
    assert "cards read" in repr(cards)
    for name in ("legal", "illegal"):
        decks = samples.team(name)
        by_path = check_team(decks, samples.BANLIST, cards=samples.CARDS)
        whole = check_team(decks, samples.BANLIST, cards=sample_db())
        assert by_path.to_dict() == whole.to_dict()


def test_load_banlist_reads_only_the_list_it_uses(tmp_path):
    f = tmp_path / "lflist.conf"
    f.write_text("#[A][B][C]\n!A\n55144522 0\n!B\n12580477 1\n!C\nthis list is broken\n")
    assert load_banlist(f).limits == {POT: 0}
    assert load_banlist(f, "B").limits == {RAIGEKI: 1}
    assert load_banlist(f, "C").warnings[0][0] == 7       # a line EDOPro skips: skipped with a warning
    assert load_banlist(f).warnings == ()                   # only the list read is looked at
    with pytest.raises(InputError, match=r"no list named 'D'; the lists in this file: 'A', 'B', 'C'$"):
        load_banlist(f, "D")
    assert [b.warnings for b in read_lflist(f)] == [(), (), ((7, load_banlist(f, "C").warnings[0][1]),)]
    f.write_text("!A\n!A\n55144522 0\n")
    assert load_banlist(f, "A").limits == {}  # the first of that name


def test_kit_readings_are_named_and_listed():
    from rulings_lib.readings import readings
    from rulings_lib.wrgp.tables import RULES
    for r in wrgp_team_module.READINGS:
        assert r.rule == "WRGP-S2" in RULES and r.format == "wrgp" and r.source == "kit"
        assert r.title and r.text.endswith(".")
    assert {r.id for r in wrgp_team_module.READINGS} <= {r.id for r in readings()}
    assert "team-count-by-name" in {r.id for r in readings("wrgp")}
