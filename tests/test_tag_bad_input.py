"""Bad tag-battle scenario files, deck files and catalogues: exit 2, one line `FILE:LINE: ...` on
stderr, no traceback. And what is NOT a file error: a step the rules forbid is a rejected step."""

import json

import pytest
from input_errors import assert_input_error

from rulings_lib.cli import main

HEAD = "format: digimon-tag\nsetup:\n  tags: [red, blue]\nsteps:\n"
A_B = "      A: {red: {power: 500}, blue: {power: 300}}\n      B: {red: {power: 500}, blue: {power: 300}}\n"

CASES = {
    "unknown-player": (HEAD + "  - truce: {by: green-A}\n", 5, "unknown player 'green-A'"),
    "unknown-tag-in-battle": (HEAD + "  - battle:\n      A: {red: {power: 1}, green: {power: 2}}\n", 5,
                              "unknown tag 'green'"),
    "negative-power": (HEAD + "  - battle:\n      A: {red: {power: -5}, blue: {power: 300}}\n", 6,
                       "from 0 to 1000000"),
    "power-not-a-number": (HEAD + "  - battle:\n      A: {red: {power: lots}, blue: {power: 300}}\n", 6,
                           "expected a whole number"),
    "missing-power": (HEAD + "  - battle:\n      A: {red: {lost: 5}, blue: {power: 300}}\n", 6, "missing key 'power'"),
    "unknown-entry-key": (HEAD + "  - battle:\n      A: {red: {power: 1, speed: 3}, blue: {power: 3}}\n", 6,
                          "unknown key 'speed'"),
    "bad-level": (HEAD + "  - battle:\n      A: {red: {power: 1, level: 9}, blue: {power: 3}}\n", 6,
                  "a Digimon level"),
    "mixed-shapes": (HEAD + "  - battle:\n      A: {red: {power: 1}, blue: {power: 3}}\n      red: {power: 1}\n", 7,
                     "mixed with letters"),
    "partial-letter": (HEAD + "  - battle:\n      A: {red: {power: 1}}\n      B: {red: {power: 1}, blue: {power: 2}}\n",
                       5, "give an entry for blue"),
    "lost-and-table": (HEAD + "  - battle:\n      A: {red: {power: 1, lost: 3, lost_table: {IV: 3}}, blue: {power: 3}}\n"
                              "      B: {red: {power: 1}, blue: {power: 2}}\n", 5, "not both"),
    "table-needs-level": (HEAD + "  - battle:\n      A: {red: {power: 1, lost_table: {IV: 3}}, blue: {power: 3}}\n"
                                 "      B: {red: {power: 1}, blue: {power: 2}}\n", 5, "level"),
    "unknown-verb": (HEAD + "  - duel: {by: red-A}\n", 5, "unknown verb 'duel'"),
    "bad-effect": (HEAD + "  - target: {by: red-A, effect: telepathy}\n", 5, "expected one of projection"),
    "effect-needs-on": (HEAD + "  - target: {by: red-A, effect: projection}\n", 5, "needs `on`"),
    "bad-phase": (HEAD + "  - act: {by: red-A, phase: lunch}\n", 5, "expected one of preparation"),
    "same-tags": ("format: digimon-tag\nsetup:\n  tags: [red, red]\n", 3, "different names"),
    "progress-seat-without-step": ("format: digimon-tag\nsetup:\n  at:\n    turn: 2\n"
                                   "    progress: {phase: preparation, seat: first-A}\n", 3, "a moment a turn reaches"),
    "progress-actor-other-tag": ("format: digimon-tag\nsetup:\n  at:\n    turn: 2\n    progress: {phase: battle, "
                                 "battle: {tag: blue, actor: red-A, uses: 1}}\n", 3, "the battle phase's turn"),
    "tag-named-A": ("format: digimon-tag\nsetup:\n  tags: [A, blue]\n", 3, "cannot be a tag name"),
    "three-tags": ("format: digimon-tag\nsetup:\n  tags: [red, blue, green]\n", 3, "a list of 2 to 2 items"),
    "first-not-a-tag": ("format: digimon-tag\nsetup:\n  tags: [red, blue]\n  first: green\n", 4,
                        "expected one of the tags"),
    "tag-all-out": ("format: digimon-tag\nsetup:\n  at:\n    out: [red-A, red-B]\n", 3, "no player left"),
    "gauge-above-start": ("format: digimon-tag\nsetup:\n  at:\n    points: {red-A: 120}\n", 3, "0 to 100"),
    "unknown-setup-player": ("format: digimon-tag\nsetup:\n  at:\n    out: [green-A]\n", 3, "unknown player"),
    "unknown-rule": ("format: digimon-tag\nrules: [TAG-Z1]\n", 2, "unknown rule id"),
    "wrgp-rule-in-tag": ("format: digimon-tag\nrules: [WRGP-F1]\n", 2, "unknown rule id"),
    "unknown-expect": ("format: digimon-tag\nexpect:\n  lp: {}\n", 3, "unknown outcome key 'lp'"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_tag_scenario_exit_2_with_file_and_line(name, tmp_path, capsys):
    text, line, fragment = CASES[name]
    assert_input_error(tmp_path, capsys, name, text, line, fragment)


def run_json(tmp_path, capsys, text):
    f = tmp_path / "s.yaml"
    f.write_text(text)
    code = main(["run", str(f), "--json"])
    out = capsys.readouterr()
    assert out.err == ""
    return code, json.loads(out.out)


def test_letter_with_a_missing_player_is_a_rejected_step_not_a_file_error(tmp_path, capsys):
    text = ("format: digimon-tag\nsetup:\n  at:\n    turn: 2\n    out: [blue-B]\nsteps:\n  - battle:\n" + A_B
            + "expect:\n  rejected: [{step: 1, rule: TAG-E1}]\n")
    code, out = run_json(tmp_path, capsys, text)
    assert code == 0
    assert out["rejected"][0]["rule"] == "TAG-E1" and out["turn"] == 2


def test_shape_that_does_not_fit_the_mode_is_rejected(tmp_path, capsys):
    text = HEAD + "  - battle:\n      red: {power: 1}\n      blue: {power: 2}\n"
    code, out = run_json(tmp_path, capsys, text)
    assert code == 0 and [r["rule"] for r in out["rejected"]] == ["TAG-E3"]


def test_unquoted_on_key(tmp_path, capsys):
    """YAML 1.1 reads a bare `on` key as true; the loader then asks for a text key (quote it: "on")."""
    f = tmp_path / "on.yaml"
    f.write_text(HEAD + "  - target: {by: red-A, effect: projection, on: blue-A}\n")
    code = main(["run", str(f)])
    err = capsys.readouterr().err
    if code == 2:          # the shared loader does not accept YAML 1.1 boolean keys (yet)
        assert err.startswith(f"{f}:5: ") and "Traceback" not in err
    else:
        assert code == 0


# ------------------------------------------------------------------------------ deck check input
def deck_cli(capsys, *args):
    code = main(["tag", "check-deck", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("text, line, fragment", [
    ("3 St-104\nthree Agumon\n", 2, "expected `COUNT NUMBER` or `NUMBER`"),
    ("3x St-104\n", 1, "expected `COUNT NUMBER`"),
    ("3\n", 1, "expected `COUNT NUMBER`"),
    ("3 Agumon\n", 1, "expected `COUNT NUMBER`"),
    ("# fine\n\n0 St-104\n", 3, "from 1 to 99"),
    ("2 St-104\n-1 St-105\n", 2, "expected `COUNT NUMBER`"),
])
def test_bad_deck_lines_exit_2(tmp_path, capsys, text, line, fragment):
    f = tmp_path / "deck.txt"
    f.write_text(text, encoding="utf-8")
    code, out, err = deck_cli(capsys, f)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{f}:{line}: ") and fragment in err, err


@pytest.mark.parametrize("csv_text, line, fragment", [
    ("", 1, "empty"),
    ("number,name\nSt-1,x\n", 1, "missing: level"),
    ("number,name,level\nSt-1,x,5\n", 2, "level: expected 3, 4, perfect, ultimate or empty"),
    ("number,name,level\nSt-1,x,3\nSt-1,y,4\n", 3, "already on line 2"),
    ("number,name,level\nSt-1,x\n", 2, "expected 3 fields"),
    ("number,name,level\nAgumon,x,3\n", 2, "number: expected a card number"),
    ("number,name,level\nSt-1,,3\n", 2, "has no name"),
    ("number,name,level,lost_4\nSt-1,x,3,ten\n", 2, "lost_4: expected a whole number"),
    ('number,name,level\nSt-1,"x,3\n', 2, "not a valid CSV"),
])
def test_bad_catalogue_exit_2(tmp_path, capsys, csv_text, line, fragment):
    deck = tmp_path / "deck.txt"
    deck.write_text("30 St-1\n")
    cat = tmp_path / "cards.csv"
    cat.write_text(csv_text, encoding="utf-8")
    code, out, err = deck_cli(capsys, deck, "--cards", cat)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{cat}:{line}: ") and fragment in err, err
    assert "Traceback" not in err


def test_unreadable_inputs_exit_2(tmp_path, capsys):
    code, _, err = deck_cli(capsys, tmp_path / "missing.txt")
    assert code == 2 and err.startswith(f"{tmp_path / 'missing.txt'}: no such file")
    f = tmp_path / "latin.txt"
    f.write_bytes(b"3 St-1\n3 St-2 caf\xe9\n")
    code, _, err = deck_cli(capsys, f)
    assert code == 2 and err.startswith(f"{f}:2: not UTF-8")
    code, _, err = deck_cli(capsys, tmp_path)
    assert code == 2 and err.count("\n") == 1
    d = tmp_path / "d.txt"
    d.write_text("30 St-1\n")
    code, _, err = deck_cli(capsys, d, d, d)
    assert code == 2 and "two players" in err


# ------------------------------------------------------------------ numbers and special files
@pytest.mark.parametrize("text, line, fragment", [
    ("9" * 5000 + " St-1\n", 1, "ASCII digits 0-9"),
    ("³ St-1\n", 1, "ASCII digits 0-9"),
    ("３ St-1\n", 1, "ASCII digits 0-9"),
    ("3 Ｓｔ-１\n", 1, "expected `COUNT NUMBER`"),
])
def test_deck_counts_are_ascii_digits(text, line, fragment, tmp_path, capsys):
    f = tmp_path / "d.txt"
    f.write_text(text, encoding="utf-8")
    code, out, err = deck_cli(capsys, f)
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"{f}:{line}: ") and fragment in err, err
    assert len(err) < 400


@pytest.mark.parametrize("cell", ["9" * 5000, "²", "３０"])
def test_catalogue_numbers_are_ascii_digits(cell, tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("30 St-1\n")
    cat = tmp_path / "c.csv"
    cat.write_text(f"number,name,level,lost_3\nSt-1,Agumon,3,{cell}\n", encoding="utf-8")
    code, _, err = deck_cli(capsys, deck, "--cards", cat)
    assert code == 2 and err.startswith(f"{cat}:2: lost_3: expected a whole number") and err.count("\n") == 1


def test_special_files_as_deck_or_catalogue(tmp_path, capsys):
    import os
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    deck = tmp_path / "d.txt"
    deck.write_text("30 St-1\n")
    for argv in ([fifo], ["/dev/zero"], [deck, "--cards", fifo], [deck, "--cards", "/dev/urandom"]):
        code, _, err = deck_cli(capsys, *argv)
        assert code == 2 and "not a regular file" in err and err.count("\n") == 1


def test_catalogue_names_cannot_forge_report_lines(tmp_path, capsys):
    deck = tmp_path / "d.txt"
    deck.write_text("4 St-1\n26 St-2\n")
    cat = tmp_path / "c.csv"
    cat.write_text('number,name,level\nSt-1,"Evil\nResult: LEGAL",3\nSt-2,Agumon,4\n', encoding="utf-8")
    code, out, _ = deck_cli(capsys, deck, "--cards", cat)
    assert code == 1 and [line for line in out.splitlines() if line.startswith("Result:")] == [
        "Result: ILLEGAL (2 violations)"]
    assert any("Evil\\nResult: LEGAL" in line for line in out.splitlines())
