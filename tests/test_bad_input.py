"""Bad scenario files: exit 2, one line `FILE:LINE: what was expected` on stderr, no traceback."""

import json
import os
import sqlite3
import stat
import subprocess
import sys

import pytest
from input_errors import assert_input_error, assert_one_line_error, run_cli

from rulings_lib.cli import main
from rulings_lib.decks import samples
from rulings_lib.record import MatchFileError, RecordedMatch

CASES = {
    "malformed-yaml": ("format: wrgp\nsteps: [\n  - phase: main1\n", 3, "bad YAML"),
    "empty": ("", 1, "empty file"),
    "only-comment": ("# nothing here\n", 1, "empty file"),
    "not-a-mapping": ("- 1\n- 2\n", 1, "expected a mapping"),
    "unknown-top-key": ("format: wrgp\nstepz: []\n", 2, "unknown key 'stepz'"),
    "missing-format": ("steps: []\n", 1, "missing key 'format'"),
    "unknown-format": ("format: chess\n", 1, "format: expected one of"),
    "unknown-verb": ("format: wrgp\nsteps:\n  - phase: main1\n  - summon_dragon: {by: A}\n", 4, "unknown verb"),
    "unknown-step-key": ("format: wrgp\nsteps:\n  - attack: {by: A, damage: 100, twice: true}\n", 3,
                         "unknown key 'twice'"),
    "wrong-type": ("format: wrgp\nsteps:\n  - attack: {by: A, damage: lots}\n", 3, "expected a whole number"),
    "bool-is-not-int": ("format: wrgp\nsteps:\n  - attack: {by: A, damage: true}\n", 3, "expected a whole number"),
    "unknown-team": ("format: wrgp\nsteps:\n  - lose: C\n", 3, "expected one of A, B"),
    "remove-5": ("format: wrgp\nsteps:\n  - speed_world: {by: A, remove: 5}\n", 3, "expected one of 4, 7, 10"),
    "position-4-of-3": ("format: wrgp\nsetup:\n  at:\n    duelist: {A: 4}\n", 3, "outside a lineup of 3"),
    "negative-amount": ("format: wrgp\nsteps:\n  - damage: {by: A, to: both, amount: -5}\n", 3, "from 0 to 1000000"),
    "absurd-amount": ("format: wrgp\nsteps:\n  - gain: {by: A, to: self, amount: 99999999999999}\n", 3,
                      "from 0 to 1000000"),
    "spc-13": ("format: wrgp\nsetup:\n  at:\n    spc: {A: 13}\n", 4, "from 0 to 12"),
    "python-tag": ("format: wrgp\nsteps:\n  - !!python/object/apply:os.system ['touch /tmp/pwned']\n", 3,
                   "unsupported YAML tag"),
    "python-name": ("format: !!python/name:os.system wrgp\n", 1, "unsupported YAML tag"),
    "two-verbs": ("format: wrgp\nsteps:\n  - {phase: main1, end_turn: {}}\n", 3, "one verb"),
    "unknown-rule": ("format: wrgp\nrules: [WRGP-Z9]\n", 2, "unknown rule id"),
    "unknown-expect": ("format: wrgp\nexpect:\n  score: 3\n", 3, "unknown outcome key"),
    "duplicate-key": ("format: wrgp\nformat: wrgp\n", 2, "duplicate key"),
    "unplaced-card": ("format: wrgp\nsteps:\n  - phase: main1\n  - destroy: {by: A, card: Ghost}\n", 4,
                      "the name of a card in this match (place it first), got 'Ghost'"),
    "steps-not-list": ("format: wrgp\nsteps: {phase: main1}\n", 2, "expected a list"),
    "bad-phase": ("format: wrgp\nsteps:\n  - phase: lunch\n", 3, "expected one of draw"),
    "multi-doc": ("format: wrgp\n---\nformat: wrgp\n", 3, "one YAML document"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_scenario_exit_2_with_file_and_line(name, tmp_path, capsys):
    text, line, fragment = CASES[name]
    assert_input_error(tmp_path, capsys, name, text, line, fragment)


def test_binary_file(tmp_path, capsys):
    f = tmp_path / "junk.yaml"
    f.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert main(["run", str(f)]) == 2
    assert capsys.readouterr().err.startswith(f"{f}:3: binary file")  # the line of the first NUL byte


def test_not_utf8(tmp_path, capsys):
    f = tmp_path / "latin.yaml"
    f.write_bytes(b"format: wrgp\ntitle: caf\xe9\n")
    assert main(["run", str(f)]) == 2
    assert capsys.readouterr().err.startswith(f"{f}:2: not UTF-8")


def test_missing_file(tmp_path, capsys):
    assert main(["run", str(tmp_path / "nope.yaml")]) == 2
    assert "nope.yaml: no such file" in capsys.readouterr().err


def test_nothing_is_executed(tmp_path):
    marker = tmp_path / "pwned"
    f = tmp_path / "evil.yaml"
    f.write_text(f"format: wrgp\ntitle: !!python/object/apply:os.system ['touch {marker}']\n")
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "run", str(f)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and not marker.exists()
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_check_reports_invalid_and_goes_on(tmp_path, capsys):
    (tmp_path / "a-bad.yaml").write_text("format: wrgp\nsteps:\n  - fly: {}\n")
    (tmp_path / "b-good.yaml").write_text("format: wrgp\nsteps:\n  - phase: main1\nexpect:\n  out: []\n")
    assert main(["check", str(tmp_path)]) == 2
    cap = capsys.readouterr()
    assert "a-bad.yaml:3: steps[1]: unknown verb 'fly'" in cap.err
    assert "2 scenarios: 1 passed, 0 failed, 1 invalid" in cap.out


def test_billion_laughs_is_refused(tmp_path, capsys):
    lines = ["format: wrgp", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    f = tmp_path / "lol.yaml"
    f.write_text("\n".join(lines) + "\n")
    assert main(["run", str(f)]) == 2
    assert "too large" in capsys.readouterr().err


# ------------------------------------------------------------------ files, CLI, tracker

GOOD = "format: wrgp\nsteps:\n  - phase: main1\nexpect:\n  out: []\n"


@pytest.mark.parametrize("value, shown", [("[wrgp]", "a list"), ("{a: 1}", "a mapping"), ("3", "3")])
def test_format_of_another_type(value, shown, tmp_path, capsys):
    assert_input_error(tmp_path, capsys, "fmt", f"format: {value}\n", 1, f"format: expected one of wrgp, "
                                                                           f"digimon-tag, got {shown}")


def test_check_reports_each_bad_format_and_runs_the_rest(tmp_path, capsys):
    (tmp_path / "a.yaml").write_text("format: [wrgp]\n")
    (tmp_path / "b.yaml").write_text("format: {x: 1}\n")
    (tmp_path / "c.yaml").write_text(GOOD)
    code, out, err = run_cli(capsys, "check", tmp_path)
    assert code == 2 and err.count("\n") == 2 and "a.yaml:1:" in err and "b.yaml:1:" in err
    assert "3 scenarios: 1 passed, 0 failed, 2 invalid" in out


@pytest.mark.parametrize("key", ["setup", "expect", "steps"])
def test_false_is_not_empty(key, tmp_path, capsys):
    assert_input_error(tmp_path, capsys, key, f"format: wrgp\n{key}: false\n", 2, f"{key}")


@pytest.mark.parametrize("text, line, fragment", [
    ("format: wrgp\nsetup:\n  start_lp: 2:13:20\n", 3, "got '2:13:20'"),     # YAML 1.1 sexagesimal
    ("format: wrgp\nsetup:\n  lineup: 0x3\n", 3, "got '0x3'"),
    ("format: wrgp\nsetup:\n  lineup: 0o7\n", 3, "got '0o7'"),
    ("format: wrgp\nsetup:\n  start_lp: 8_000\n", 3, "got '8_000'"),
    ("format: wrgp\nsetup:\n  start_lp: .inf\n", 3, "got '.inf'"),
    ("format: wrgp\nsetup:\n  start_lp: .nan\n", 3, "got '.nan'"),
    ("format: wrgp\nsetup:\n  start_lp: 1" + "0" * 5000 + "\n", 3, "number too long"),
    ("format: wrgp\nsteps:\n  - place: {by: A, card: X, zone: monster, face_up: yes}\n", 3, "got 'yes'"),
    ("format: wrgp\nsteps:\n  - place: {by: A, card: X, zone: monster, face_up: off}\n", 3, "got 'off'"),
])
def test_yaml_1_1_oddities_are_text_with_their_line(text, line, fragment, tmp_path, capsys):
    assert_input_error(tmp_path, capsys, "odd", text, line, fragment)


def test_yaml_1_2_numbers_and_booleans_still_read(tmp_path, capsys):
    f = tmp_path / "ok.yaml"
    f.write_text("format: wrgp\nsetup:\n  start_lp: +4000\nsteps:\n  - place: {by: A, card: X, zone: monster, "
                 "face_up: False}\nexpect:\n  lp: {A: 4000, B: 4000}\n")
    assert main(["run", str(f)]) == 0


def test_control_character_reported_at_its_line_in_one_line(tmp_path, capsys):
    assert_input_error(tmp_path, capsys, "ctl", "format: wrgp\n\n\n\n\ntitle: a\x07b\n", 6, "control character U+0007")


def test_scenario_cap_is_checked_before_parsing(tmp_path, capsys):
    f = tmp_path / "big.yaml"
    f.write_text("format: wrgp\nsteps:\n" + "  - phase: main1\n" * 200_000)   # 3.4 MB
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, "file too large (over 2 MB)")


def test_special_files_are_refused_unread(tmp_path, capsys):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")
    for path, kind in ((fifo, "a FIFO"), (link, "a device"), ("/dev/urandom", "a device")):
        code, _, err = run_cli(capsys, "run", path)
        assert_one_line_error(code, err, path, f"not a regular file ({kind})")
    for argv in (["wrgp", "check-team", fifo, *samples.team("legal")[1:], "--banlist", samples.BANLIST],
                 ["wrgp", "check-team", *samples.team("legal"), "--banlist", link],
                 ["wrgp", "check-team", *samples.team("legal"), "--banlist", samples.BANLIST, "--cards", fifo]):
        code, _, err = run_cli(capsys, *argv)
        assert code == 2 and "not a regular file" in err and err.count("\n") == 1


def test_long_and_newline_file_names(tmp_path, capsys):
    long = tmp_path / ("x" * 300 + ".yaml")
    code, out, err = run_cli(capsys, "check", long)
    assert code == 2 and "file name too long" in err and err.count("\n") == 1
    odd = tmp_path / "two\nlines.yaml"
    odd.write_text("format: wrgp\nsteps: 3\n")
    code, _, err = run_cli(capsys, "run", odd)
    assert_one_line_error(code, err, "two\\nlines.yaml:2", "steps: expected a list")


def test_unreadable_folder_is_permission_denied(tmp_path, capsys, monkeypatch):
    # Root lists every folder whatever its mode, so the OS refusal is simulated for this one folder.
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text(GOOD)
    real = os.scandir

    def refuse(path):
        if str(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", refuse)
    code, out, err = run_cli(capsys, "check", tmp_path)
    assert code == 2 and f"{locked}: cannot list the folder (permission denied)" in err
    assert "1 scenarios: 1 passed, 0 failed, 1 invalid" in out
    code, out, err = run_cli(capsys, "check", locked)
    assert code == 2 and "permission denied" in err and "no scenario files" not in err


@pytest.mark.parametrize("argv", [["wrgp", "check-team", *map(str, samples.team("legal")), "--banlist",
                                   str(samples.BANLIST), "--cards", ""], ["run", ""],
                                  ["tag", "check-deck", "x.txt", "--cards", " "]])
def test_empty_file_names_are_refused(argv, capsys):
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and "an empty file name" in err and err.count("\n") == 1


# ---- deck paths named by a scenario step
def _deck_step(path):
    return (f"format: wrgp\nsteps:\n  - phase: main1\n  - check_team:\n      team: A\n      decks: [{path}]\n"
            f"      banlist: lflist.conf\n")


@pytest.mark.parametrize("path, fragment", [("/etc/passwd", "an absolute path is refused"),
                                            ("../outside.ydk", "leaves the scenario's folder"),
                                            ("~/deck.ydk", "an absolute path is refused")])
def test_scenario_deck_paths_stay_in_the_folder(path, fragment, tmp_path, capsys):
    (tmp_path / "outside.ydk").write_text("#main\nsecret-line\n")
    sub = tmp_path / "sc"
    sub.mkdir()
    f = sub / "deck.yaml"
    f.write_text(_deck_step(path))
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:6:", fragment)
    assert "secret-line" not in err and "root:" not in err


def test_scenario_deck_path_through_a_link_out_is_refused(tmp_path, capsys):
    sub = tmp_path / "sc"
    sub.mkdir()
    (sub / "deck.ydk").symlink_to("/etc/passwd")
    f = sub / "s.yaml"
    f.write_text(_deck_step("deck.ydk"))
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:6:", "leaves the scenario's folder")


def test_error_in_a_named_deck_names_scenario_line_and_deck(tmp_path, capsys):
    (tmp_path / "bad.ydk").write_text("#main\n123\nnope\n")
    (tmp_path / "lflist.conf").write_text("!A\n")
    f = tmp_path / "s.yaml"
    f.write_text(_deck_step("bad.ydk"))
    code, _, err = run_cli(capsys, "run", f)
    # The deck as the step wrote it, never the machine's absolute path.
    assert_one_line_error(code, err, f"{f}:4: steps[2].check_team: ", "check_team: bad.ydk:3: expected a passcode")
    assert str(tmp_path / "bad.ydk") not in err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_error_in_a_named_deck_in_a_folder_names_the_path_as_written(tmp_path, capsys, monkeypatch, lang):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a.ydk").write_text("#main\n123\nnope\n")
    (tmp_path / "lflist.conf").write_text("!A\n")
    (tmp_path / "s.yaml").write_text(_deck_step("decks/a.ydk"))
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "run", "s.yaml", "--lang", lang)
    assert_one_line_error(code, err, "s.yaml:4: steps[2].check_team: decks/a.ydk:3: ")
    assert str(tmp_path) not in err


def test_a_fifo_named_by_a_scenario_is_refused(tmp_path, capsys):
    os.mkfifo(tmp_path / "deck.ydk")
    (tmp_path / "lflist.conf").write_text("!A\n")
    f = tmp_path / "s.yaml"
    f.write_text(_deck_step("deck.ydk"))
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:4:", "not a regular file (a FIFO)")


# ---- numbers in deck files
@pytest.mark.parametrize("line, fragment", [("9" * 5000, "out of range"), ("4698641²", "ASCII digits"),
                                            ("４６９８６４１４", "ASCII digits")])
def test_ydk_numbers(line, fragment, tmp_path, capsys):
    f = tmp_path / "d.ydk"
    f.write_text(f"#main\n{line}\n")
    code, _, err = run_cli(capsys, "wrgp", "check-team", f, *samples.team("legal")[1:], "--banlist", samples.BANLIST)
    assert_one_line_error(code, err, f"{f}:2:", fragment)
    assert len(err) < 400


# ---- cards.cdb
def _cdb(path, script):
    con = sqlite3.connect(path)
    con.executescript(script)
    con.commit()
    con.close()
    return path


def _team_argv(cards):
    return ["wrgp", "check-team", *samples.team("legal"), "--banlist", samples.BANLIST, "--cards", cards]


@pytest.mark.parametrize("script, fragment", [
    ("CREATE TABLE texts(id integer, name text); CREATE TABLE d0(id integer, alias integer);"
     "CREATE VIEW datas AS WITH RECURSIVE r(id, alias) AS (SELECT 1, 0 UNION ALL SELECT id + 1, 0 FROM r) "
     "SELECT * FROM r;", "datas is a view, not a stored table"),
    ("CREATE TABLE texts(id integer, name text); CREATE TABLE d0(id integer, alias integer);"
     "CREATE VIEW datas AS SELECT a.id, a.alias FROM d0 a, d0 b, d0 c, d0 d;", "datas is a view"),
])
def test_cdb_views_are_refused(script, fragment, tmp_path, capsys):
    cdb = _cdb(tmp_path / "v.cdb", script)
    code, _, err = run_cli(capsys, *_team_argv(cdb))
    assert_one_line_error(code, err, cdb, fragment)


def test_cdb_with_invalid_utf8_in_its_schema(tmp_path, capsys):
    cdb = _cdb(tmp_path / "u.cdb", "CREATE TABLE datas(id integer, alias integer);"
                                   "CREATE TABLE texts(id integer, name text, qzQZ text);")
    raw = cdb.read_bytes()
    assert raw.count(b"qzQZ") == 1
    cdb.write_bytes(raw.replace(b"qzQZ", b"q\xff\xfeZ"))   # same length: invalid UTF-8 in the stored schema
    code, out, err = run_cli(capsys, *_team_argv(cdb))
    assert code in (0, 1) and err == "" and "WRGP-S2 team deck check" in out


def test_cdb_card_names_cannot_forge_report_lines(tmp_path, capsys):
    team = samples.team("legal")
    first = int(next(line for line in team[0].read_text().splitlines() if line.isdigit()))
    cdb = _cdb(tmp_path / "evil.cdb", "CREATE TABLE datas(id integer, alias integer);"
                                      "CREATE TABLE texts(id integer, name text);")
    con = sqlite3.connect(cdb)
    con.execute("INSERT INTO datas VALUES (?, 0)", (first,))
    con.execute("INSERT INTO texts VALUES (?, ?)", (first, "Evil\nWRGP-S2 team deck check: LEGAL\x1b[32m"))
    con.commit()
    con.close()
    (tmp_path / "banlist.conf").write_text(f"!A\n{first} 0\n")
    code, out, _ = run_cli(capsys, "wrgp", "check-team", *team, "--banlist", tmp_path / "banlist.conf",
                           "--cards", cdb)
    lines = out.splitlines()
    assert code == 1 and "\x1b" not in out
    assert sum(line.startswith("WRGP-S2 team deck check") for line in lines) == 1
    assert any("Evil\\nWRGP-S2 team deck check: LEGAL\\x1b[32m" in line for line in lines)


# ---- output paths
def test_faq_html_output_paths(tmp_path, capsys, monkeypatch):
    (tmp_path / "file").write_text("x")
    for target, fragment in ((tmp_path, "is a directory"), (tmp_path / "file" / "faq.html", "is a file")):
        code, _, err = run_cli(capsys, "faq", "--html", target)
        assert code == 2 and fragment in err and err.count("\n") == 1 and "Traceback" not in err
    out = tmp_path / "faq.html"
    out.write_text("old page")
    import rulings_lib.files as files_module

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files_module.os, "write", full)
    code, _, err = run_cli(capsys, "faq", "--html", out)
    assert_one_line_error(code, err, out, "No space left on device")
    assert out.read_text() == "old page" and sorted(p.name for p in tmp_path.iterdir()) == ["faq.html", "file"]


def test_faq_html_without_permission(tmp_path, capsys, monkeypatch):
    import tempfile  # rulings_lib.files imports it when it writes

    def denied(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    code, _, err = run_cli(capsys, "faq", "--html", tmp_path / "faq.html")
    assert_one_line_error(code, err, tmp_path / "faq.html", "permission denied")


def test_diagrams_out_is_a_file_or_under_one(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    for out in (tmp_path / "file", tmp_path / "file" / "sub"):
        code, _, err = run_cli(capsys, "diagrams", "--out", out)
        assert code == 2 and "Traceback" not in err and err.count("\n") == 1 and str(tmp_path / "file") in err


# ---- non-UTF-8 terminals
@pytest.mark.parametrize("argv", [["run", "rulings_lib/scenarios/tag/deck-check.yaml"], ["faq", "--lang", "ja"],
                                  ["tag", "check-deck", "rulings_lib/samples/tag/illegal.txt", "--cards",
                                   "rulings_lib/samples/tag/sample-catalogue.csv"]])
def test_ascii_terminal(argv):
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", *argv], capture_output=True, check=False,
                          env=env, cwd=os.path.dirname(os.path.dirname(__file__)))
    assert proc.returncode in (0, 1), proc.stderr
    assert b"Traceback" not in proc.stderr and b"\\u" in proc.stdout


# ---- match tracker files
def _match_text(**setup):
    rec = RecordedMatch()
    rec.do("phase", "main1")
    rec.do("damage", by="A", to="opponent", amount=1000, card="Card")
    data = rec.to_dict()
    data["setup"].update(setup)
    return json.dumps(data)


@pytest.mark.parametrize("text, fragment", [
    (_match_text(player="C"), "setup.player"),
    (_match_text(turn="x"), "setup.turn"),
    (_match_text(spc={"A": 1.5}), "whole number"),
    (_match_text().replace('"format"', '"setup": {"start_lp": NaN}, "format"', 1), "NaN"),
    (_match_text().replace('"format"', '"setup": {"lineup": Infinity}, "format"', 1), "Infinity"),
    (_match_text().replace('"Card"', '"\\ud800"'), "lone surrogate"),
    (_match_text().replace('"version": 1', '"version": true'), "another version"),
    (_match_text().replace('"version": 1', '"version": [1]'), "another version"),
    (_match_text().replace('"actions": [', '"actions": [' + "[" * 3000 + "]" * 3000 + ",", 1), "nested"),
    (_match_text().replace('"amount": 1000', '"amount": ' + "9" * 5000), "digit number"),
    (_match_text().replace('"amount": 1000', '"amount": "x"'), "unusable arguments"),
    ("[]", "not a saved match"),
])
def test_tracker_files_are_checked_whole(text, fragment, tmp_path):
    f = tmp_path / "m.json"
    f.write_text(text, encoding="utf-8", errors="surrogatepass")
    with pytest.raises(MatchFileError) as err:
        RecordedMatch.load(f)
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_tracker_refuses_special_files(tmp_path):
    os.mkfifo(tmp_path / "m.json")
    for path in (tmp_path / "m.json", "/dev/zero"):
        with pytest.raises(MatchFileError, match="not a regular file"):
            RecordedMatch.load(path)
    assert stat.S_ISFIFO(os.stat(tmp_path / "m.json").st_mode)
