"""The scenario files and the `rulings run` / `rulings check` contract (scenario-format.md)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulings_lib.cli import main
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.wrgp.tables import RULES

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "rulings_lib" / "scenarios"
WRGP_FILES = builtin_scenarios("wrgp")

CONTRACT_KEYS = {"format", "finished", "winner", "turn", "duelist", "lp", "spc", "handover", "out",
                 "rejected", "events"}


def test_rulings_check_passes_on_every_builtin_scenario(capsys):
    assert main(["check", str(SCEN)]) == 0
    out = capsys.readouterr().out
    assert " 0 failed, 0 invalid" in out


@pytest.mark.parametrize("path", WRGP_FILES, ids=lambda p: p.stem)
def test_each_wrgp_scenario_holds_and_states_expectations(path):
    sc = load_scenario(path)
    assert sc.expect, f"{path.name} has no expect:"
    assert sc.rules, f"{path.name} names no rule ids"
    result = run_scenario(sc)
    assert result.passed, result.transcript()


def test_every_play_rule_has_a_scenario():
    covered = {r for p in WRGP_FILES for r in load_scenario(p).rules}
    assert set(RULES) - covered == set()   # WRGP-S2 through the check_team step


def test_the_three_source_examples_exist():
    names = {p.stem for p in WRGP_FILES}
    assert {"destruction-ring-draw", "sparks-chain-strike", "power-bond-handover"} <= names


def test_run_json_is_one_object_with_contract_keys(capsys):
    assert main(["run", str(SCEN / "wrgp" / "power-bond-handover.yaml"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert CONTRACT_KEYS <= set(out)
    assert out["out"] == ["B1", "A1"] and out["turn"] == {"number": 4, "player": "A", "phase": "draw"}
    assert all(set(e) == {"step", "rule", "text", "code", "args"} for e in out["events"])
    assert all(set(r) == {"step", "rule", "reason", "code", "args"} for r in out["rejected"])


@pytest.mark.parametrize("name", ["wrgp/battle-interrupted.yaml", "tag/" + sorted(p.name for p in (SCEN / "tag").glob("*.yaml"))[0]])
def test_run_setup_prints_a_scenario_that_starts_where_this_one_ends(name, capsys, tmp_path):
    assert main(["run", str(SCEN / name), "--setup"]) == 0
    written = tmp_path / "there.yaml"
    written.write_text(capsys.readouterr().out, encoding="utf-8")
    ended = run_scenario(load_scenario(SCEN / name)).match
    assert run_scenario(load_scenario(written)).match == ended
    assert main(["run", str(written), "--setup"]) == 0 and capsys.readouterr().out == written.read_text(encoding="utf-8")


def test_run_setup_names_what_no_setup_holds_in_one_line(capsys):
    # A2 plays on with the monster A1 brought (WRGP-H4): a setup's cards are the current duelist's own.
    assert main(["run", str(SCEN / "wrgp" / "baton-touch.yaml"), "--setup", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "baton-touch.yaml: this wrgp position cannot be written as a setup" in err
    assert err.rstrip().endswith("no setup key holds its cards")


def test_run_transcript_is_numbered_with_rule_ids(capsys):
    main(["run", str(SCEN / "wrgp" / "sparks-chain-strike.yaml")])
    out = capsys.readouterr().out
    # the chain resolves by the standard rules; WRGP-D2 decides who loses
    assert "  1. step 1    [STD-TIMING]" in out and "  8. step 1    [WRGP-D2] both duelists" in out
    assert "Final state:" in out and "Expectations:" in out and "ok    out" in out


def test_failed_expectation_exits_1(tmp_path, capsys):
    f = tmp_path / "wrong.yaml"
    f.write_text("format: wrgp\nsetup:\n  at: {turn: 3, phase: main1}\nsteps:\n"
                 "  - damage: {by: A, to: opponent, amount: 8000}\nexpect:\n  out: [A1]\n")
    assert main(["run", str(f)]) == 1
    assert "FAIL  out" in capsys.readouterr().out
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{f}:7: expectation failed: out" in out


def test_rejected_compares_step_and_rule_only(tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text("format: wrgp\nsteps:\n  - phase: battle\nexpect:\n"
                 "  rejected: [{step: 1, rule: WRGP-F5, reason: anything at all}]\n")
    assert run_scenario(load_scenario(f)).passed
    f.write_text("format: wrgp\nsteps:\n  - phase: battle\nexpect:\n  rejected: [{step: 1, rule: WRGP-H2}]\n")
    assert not run_scenario(load_scenario(f)).passed


def test_defaults_without_at():
    f = SCEN / "wrgp" / "match-start.yaml"
    out = run_scenario(load_scenario(f)).outcome
    assert out["turn"]["number"] == 1 and out["duelist"] == {"A": 1, "B": 1}


def test_command_line_entry_point_runs():
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "run",
                           str(SCEN / "wrgp" / "destruction-ring-draw.yaml"), "--json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["out"] == ["B1"]


def test_title_per_language_is_an_extension(tmp_path):
    """`title:` is one text (as the format fixes) or {en, ja}: each transcript shows its language's."""
    from rulings_lib.scenario import ScenarioError, load_scenario, render_transcript, run_scenario

    f = tmp_path / "t.yaml"
    f.write_text('format: wrgp\ntitle: {en: "Two titles", ja: "二つの題"}\nsteps: []\n', encoding="utf-8")
    result = run_scenario(load_scenario(f))
    assert render_transcript(result, "en").startswith("Scenario: Two titles")
    assert "二つの題" in render_transcript(result, "ja").splitlines()[0]
    f.write_text('format: wrgp\ntitle: One title\nsteps: []\n', encoding="utf-8")
    sc = load_scenario(f)
    assert sc.title == sc.title_in("ja") == "One title"
    f.write_text('format: wrgp\ntitle: {ja: "題だけ"}\nsteps: []\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert e.value.line == 2 and "'en'" in str(e.value)


def test_every_shipped_scenario_has_a_japanese_title():
    import re

    from rulings_lib.scenario import builtin_scenarios, load_scenario

    for path in builtin_scenarios():
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", load_scenario(path).title_in("ja")), path
