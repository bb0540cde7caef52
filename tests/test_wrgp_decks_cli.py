"""`rulings wrgp check-team` (WRGP-S2): exit 0 legal, 1 illegal, 2 unusable input.

A code-2 error is one line `FILE:LINE: what was expected` on stderr (no LINE where the file has
no lines), nothing on stdout, never a traceback.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from rulings_lib.cli import main
from rulings_lib.decks import Deck, read_ydk, samples
from rulings_lib.decks.cdb import write_cdb

SAMPLE_ARGS = ["--banlist", str(samples.BANLIST)]
LEGAL = [str(p) for p in samples.team("legal")]
ILLEGAL = [str(p) for p in samples.team("illegal")]


def run(capsys, *argv):
    code = main(["wrgp", "check-team", *map(str, argv)])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def rulings_command() -> list[str]:
    script = Path(sys.executable).with_name("rulings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulings_lib.cli"]


def test_legal_team_exit_0(capsys):
    code, out, err = run(capsys, *LEGAL, *SAMPLE_ARGS, "--cards", samples.CARDS)
    assert code == 0 and err == ""
    assert out.startswith("WRGP-S2 team deck check: LEGAL")


def test_illegal_team_exit_1_text(capsys):
    code, out, err = run(capsys, *ILLEGAL, *SAMPLE_ARGS, "--cards", samples.CARDS)
    assert code == 1 and err == ""
    assert "Pot of Greed (55144522), forbidden" in out and "Dark Magician (46986414)" in out


def test_illegal_team_json(capsys):
    code, out, _ = run(capsys, *ILLEGAL, *SAMPLE_ARGS, "--cards", samples.CARDS, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False
    assert [(v["kind"], v.get("card"), v["count"]) for v in data["violations"]] == [
        ("copies", 12580477, 2), ("copies", 46986414, 4), ("copies", 55144522, 1), ("deck-size", None, 39)]
    size = data["violations"][-1]
    assert (size["deck"], size["section"], size["count"]) == (3, "main", 39)
    code, out, _ = run(capsys, *LEGAL, *SAMPLE_ARGS, "--json")
    assert code == 0 and json.loads(out)["legal"] is True and json.loads(out)["violations"] == []


def test_output_is_deterministic(capsys):
    first = run(capsys, *ILLEGAL, *SAMPLE_ARGS, "--cards", samples.CARDS, "--json")
    assert run(capsys, *ILLEGAL, *SAMPLE_ARGS, "--cards", samples.CARDS, "--json") == first


def test_list_option(capsys):
    code, out, _ = run(capsys, *LEGAL, *SAMPLE_ARGS, "--list", "Sample WRGP 2022 whitelist", "--json")
    assert code == 1 and {v["kind"] for v in json.loads(out)["violations"]} == {"whitelist"}
    code, _, _ = run(capsys, *LEGAL, *SAMPLE_ARGS, "--list", "Sample WRGP 2022 whitelist", "--cards", samples.CARDS)
    assert code == 0


def test_ydke_urls_as_decks(capsys):
    urls = [read_ydk(path).to_ydke() for path in samples.team("legal")]
    code, out, _ = run(capsys, urls[0], LEGAL[1], urls[2], *SAMPLE_ARGS, "--json")
    assert code == 0
    assert json.loads(out)["decks"][0]["file"].startswith("ydke://")


def _cdb_with(path: Path, script: str) -> Path:
    con = sqlite3.connect(path)
    con.executescript(script)
    con.commit()
    con.close()
    return path


def good_deck(tmp_path: Path, n: int) -> Path:
    f = tmp_path / f"good{n}.ydk"
    f.write_text(Deck(tuple(80_000_000 + 100 * n + i for i in range(40))).to_ydk())
    return f


BAD_DECKS = {
    # name: (bytes of deck 2, line or None, fragment)
    "letters": (b"#main\n46986414\n4698641x\n", 3, "expected a passcode (ASCII digits 0-9)"),
    "empty": (b"", 1, "empty file"),
    "comments-only": (b"#created by nobody\n", 1, "no section header"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", 3, "binary file"),
    "not-utf8": (b"#main\n46986414\n# caf\xe9\n", 3, "not UTF-8 text"),
    "crlf-letters": (b"#main\r\n46986414\r\n\r\nabc\r\n", 4, "got 'abc'"),
    "code": (b"#main\n__import__('os').system('touch pwned')\n", 2, "expected a passcode"),
    "huge-passcode": (b"#main\n99999999999999999999\n", 2, "out of range"),
    "unknown-section": (b"#main\n!extra\n", 2, "unknown section '!extra'"),
}


@pytest.mark.parametrize("name", sorted(BAD_DECKS))
def test_bad_deck_exit_2(name, tmp_path, capsys):
    content, line, fragment = BAD_DECKS[name]
    bad = tmp_path / f"{name}.ydk"
    bad.write_bytes(content)
    code, out, err = run(capsys, good_deck(tmp_path, 1), bad, good_deck(tmp_path, 3), *SAMPLE_ARGS)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{bad}:{line}: " if line else f"{bad}: "), err
    assert fragment in err, err


def bad_input_cases(tmp_path: Path) -> dict[str, tuple[list, str, str]]:
    """name: (extra argv after the three decks, expected start of stderr, fragment)."""
    d = tmp_path
    (d / "empty.conf").write_bytes(b"")
    (d / "binary.conf").write_bytes(bytes(range(256)))
    (d / "count.conf").write_text("!A\n55144522 0 --ok\n55144522 9 --no\n")
    (d / "letters.conf").write_text("!A\r\n5514452z 0\r\n")
    (d / "junk.cdb").write_bytes(b"this is not a database\n" * 10)
    (d / "empty.cdb").write_bytes(b"")
    (d / "ydk.cdb").write_bytes(samples.team("legal")[0].read_bytes())
    _cdb_with(d / "notables.cdb", "CREATE TABLE cards(id integer, name text);")
    _cdb_with(d / "nocolumn.cdb", "CREATE TABLE datas(id integer);CREATE TABLE texts(id integer, name text);")
    (d / "truncated.cdb").write_bytes(samples.CARDS.read_bytes()[:100])
    b = str(samples.BANLIST)
    return {
        "missing-banlist": (["--banlist", d / "nope.conf"], f"{d / 'nope.conf'}: no such file", "lflist.conf"),
        "empty-banlist": (["--banlist", d / "empty.conf"], f"{d / 'empty.conf'}:1: empty file", "lflist.conf"),
        "binary-banlist": (["--banlist", d / "binary.conf"], f"{d / 'binary.conf'}:1: binary file", ""),
        "directory-banlist": (["--banlist", d], f"{d}: is a directory", ""),
        "unknown-list": (["--banlist", b, "--list", "2099.01"], f"{b}: no list named '2099.01'",
                         "'Sample WRGP 2022', 'Sample WRGP 2022 whitelist'"),
        "missing-cdb": (["--banlist", b, "--cards", d / "nope.cdb"], f"{d / 'nope.cdb'}: no such file", "cards.cdb"),
        "junk-cdb": (["--banlist", b, "--cards", d / "junk.cdb"], f"{d / 'junk.cdb'}: not an SQLite database", ""),
        "empty-cdb": (["--banlist", b, "--cards", d / "empty.cdb"], f"{d / 'empty.cdb'}: empty file", ""),
        "ydk-as-cdb": (["--banlist", b, "--cards", d / "ydk.cdb"], f"{d / 'ydk.cdb'}: not an SQLite", ""),
        "cdb-without-tables": (["--banlist", b, "--cards", d / "notables.cdb"],
                               f"{d / 'notables.cdb'}: no table datas or texts", "cards.cdb"),
        "cdb-without-column": (["--banlist", b, "--cards", d / "nocolumn.cdb"],
                               f"{d / 'nocolumn.cdb'}: table datas has no column alias", ""),
        "truncated-cdb": (["--banlist", b, "--cards", d / "truncated.cdb"], f"{d / 'truncated.cdb'}: ", "database"),
        "cdb-as-banlist": (["--banlist", samples.CARDS], f"{samples.CARDS}:1: binary file", ""),
    }


BAD_INPUT_NAMES = ["missing-banlist", "empty-banlist", "binary-banlist",
                   "directory-banlist", "unknown-list", "missing-cdb", "junk-cdb", "empty-cdb", "ydk-as-cdb",
                   "cdb-without-tables", "cdb-without-column", "truncated-cdb", "cdb-as-banlist"]


@pytest.mark.parametrize("name", BAD_INPUT_NAMES)
def test_bad_banlist_or_cdb_exit_2(name, tmp_path, capsys):
    argv, start, fragment = bad_input_cases(tmp_path)[name]
    code, out, err = run(capsys, *LEGAL, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(start), err
    assert fragment in err, err


def test_missing_deck_file(tmp_path, capsys):
    code, out, err = run(capsys, LEGAL[0], tmp_path / "nope.ydk", LEGAL[2], *SAMPLE_ARGS)
    assert (code, out) == (2, "")
    assert err == f"{tmp_path / 'nope.ydk'}: no such file (expected a .ydk deck file (#main, #extra, !side and one " \
                  "passcode a line))\n"


def test_directory_as_deck(tmp_path, capsys):
    code, _, err = run(capsys, LEGAL[0], tmp_path, LEGAL[2], *SAMPLE_ARGS)
    assert code == 2 and err.startswith(f"{tmp_path}: is a directory")


def test_bad_ydke_url(capsys):
    code, out, err = run(capsys, LEGAL[0], "ydke://not base64!!!", LEGAL[2], *SAMPLE_ARGS)
    assert (code, out) == (2, "")
    assert err == "ydke://not base64!!!: the main part is not base64\n"


def test_unreadable_file(tmp_path, capsys, monkeypatch):
    # Root reads every file whatever its mode, so the OS refusal is simulated for this one path.
    f = tmp_path / "secret.ydk"
    f.write_text("#main\n")
    import rulings_lib.files as files_module
    real_open = files_module.os.open

    def refuse(path, *a, **k):
        if str(path) == str(f):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *a, **k)

    monkeypatch.setattr(files_module.os, "open", refuse)
    code, _, err = run(capsys, LEGAL[0], f, LEGAL[2], *SAMPLE_ARGS)
    assert code == 2 and "cannot read the file (permission denied)" in err and "Traceback" not in err


def test_banlist_lines_edopro_skips_are_warnings(tmp_path, capsys):
    f = tmp_path / "count.conf"
    f.write_text("!A\n--SS05 Bakura\n55144522 0 --ok\n55144522 9 --no\n5514452z 0\n")
    code, out, err = run(capsys, *LEGAL, "--banlist", f, "--json")
    report = json.loads(out)
    assert code == 0 and err == ""
    assert [w.split(": ", 1)[0] for w in report["warnings"][:3]] == [f"{f}:2", f"{f}:4", f"{f}:5"]


def test_subprocess_bad_inputs_and_nothing_is_executed(tmp_path):
    marker = tmp_path / "pwned"
    evil = tmp_path / "evil.ydk"
    evil.write_text(f"#main\n__import__('os').system('touch {marker}')\n")
    cases = [
        ([LEGAL[0], evil, LEGAL[2], *SAMPLE_ARGS], f"{evil}:2: expected a passcode"),
        ([*LEGAL, *SAMPLE_ARGS, "--cards", evil], f"{evil}: not an SQLite database"),
        ([*LEGAL, *SAMPLE_ARGS, "--list", "nope"], f"{samples.BANLIST}: no list named 'nope'"),
        ([LEGAL[0], tmp_path / "missing.ydk", LEGAL[2], *SAMPLE_ARGS], f"{tmp_path / 'missing.ydk'}: no such file"),
    ]
    for argv, start in cases:
        proc = subprocess.run([*rulings_command(), "wrgp", "check-team", *map(str, argv)],
                              capture_output=True, text=True, check=False)
        assert proc.returncode == 2, proc.stderr
        assert proc.stdout == "" and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        assert proc.stderr.startswith(start), proc.stderr
    assert not marker.exists()


def test_subprocess_exit_codes_and_json():
    base = [*rulings_command(), "wrgp", "check-team"]
    legal = subprocess.run([*base, *LEGAL, *SAMPLE_ARGS, "--cards", str(samples.CARDS)],
                           capture_output=True, text=True, check=False)
    assert legal.returncode == 0 and legal.stderr == ""
    illegal = subprocess.run([*base, *ILLEGAL, *SAMPLE_ARGS, "--json"], capture_output=True, text=True, check=False)
    assert illegal.returncode == 1 and json.loads(illegal.stdout)["legal"] is False


def test_subprocess_non_utf8_terminal(tmp_path):
    """A name the terminal's encoding cannot show is escaped, not a crash."""
    cdb = tmp_path / "ja.cdb"
    write_cdb(cdb, [{"id": 55144522, "name": "強欲な壺", "type": 2, "alias": 0}])
    env = dict(os.environ, PYTHONIOENCODING="ascii", LC_ALL="C")
    proc = subprocess.run([*rulings_command(), "wrgp", "check-team", *ILLEGAL, *SAMPLE_ARGS, "--cards", str(cdb)],
                          capture_output=True, text=True, check=False, env=env)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "\\u5f37\\u6b32\\u306a\\u58fa (55144522)" in proc.stdout
