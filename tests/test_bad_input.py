"""Bad scenario files: exit 2, one line `FILE:LINE: what was expected` on stderr, no traceback."""

import subprocess
import sys

import pytest
from input_errors import assert_input_error

from rulings_lib.cli import main

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
                      "no card named 'Ghost'"),
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
