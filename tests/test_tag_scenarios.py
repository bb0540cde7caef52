"""The tag-battle scenario files and the `digimon-tag` half of the scenario contract."""

import json
from pathlib import Path

import pytest

from rulings_lib.cli import main
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario, scenario_from_text
from rulings_lib.tag import scenario as fmt
from rulings_lib.tag.tables import PLAY_RULES, RULES

ROOT = Path(__file__).resolve().parents[1]
TAG_DIR = ROOT / "rulings_lib" / "scenarios" / "tag"
TAG_FILES = builtin_scenarios("digimon-tag")

CONTRACT_KEYS = ["format", "finished", "winner", "mode", "turn", "first", "second", "points", "out", "order",
                 "rejected", "events"]

SPEC_EXAMPLE = """\
format: digimon-tag
title: A split result swaps first and second
rules: [TAG-N2]
setup:
  tags: [red, blue]               # two tag names; the first listed plays first (unless `first`)
  first: red
  points: 100                     # starting point gauge (default 100)
steps:
  - battle:
      A: {red: {power: 500}, blue: {power: 300, lost: 20}}
      B: {red: {power: 200, lost: 30}, blue: {power: 400}}
expect:
  first: blue
"""


def test_rulings_check_passes_on_the_tag_scenarios(capsys):
    assert main(["check", str(TAG_DIR)]) == 0
    out = capsys.readouterr().out
    assert f"{len(TAG_FILES)} scenarios: {len(TAG_FILES)} passed, 0 failed, 0 invalid" in out


@pytest.mark.parametrize("path", TAG_FILES, ids=lambda p: p.stem)
def test_each_tag_scenario_holds_and_says_what_it_shows(path):
    sc = load_scenario(path)
    assert sc.format == "digimon-tag"
    assert sc.expect, f"{path.name} has no expect:"
    assert sc.rules and all(r in RULES for r in sc.rules)
    assert sc.title and sc.title != path.stem
    result = run_scenario(sc)
    assert result.passed, result.transcript()
    cited = {e["rule"] for e in result.outcome["events"]} | {r["rule"] for r in result.outcome["rejected"]}
    assert set(sc.rules) <= cited, f"{path.name}: rules named but never cited: {set(sc.rules) - cited}"


def test_every_play_rule_has_a_scenario():
    covered = {r for p in TAG_FILES for r in load_scenario(p).rules}
    assert set(PLAY_RULES) - covered == set()
    assert not any(r.startswith("TAG-K") for r in PLAY_RULES)


def test_spec_example_gives_the_spec_outcome():
    result = run_scenario(scenario_from_text(SPEC_EXAMPLE, "example.yaml"))
    assert result.passed
    out = result.outcome
    assert list(out)[:len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert {k: out[k] for k in CONTRACT_KEYS if k != "events"} == {
        "format": "digimon-tag", "finished": False, "winner": None, "mode": "tag", "turn": 2,
        "first": "blue", "second": "red",
        "points": {"red-A": 100, "red-B": 70, "blue-A": 80, "blue-B": 100},
        "out": [],
        "order": {
            "preparation": ["blue-A", "red-A", "blue-B", "red-B"],
            "evolution": ["blue-A", "red-A", "blue-B", "red-B"],
            "battle_start": ["red-A", "blue-A", "red-B", "blue-B"],
            "point_calculation": ["blue-A", "red-A", "blue-B", "red-B"],
        },
        "rejected": [],
    }
    assert all(set(e) == {"step", "rule", "text", "code", "args"} and e["rule"] in RULES for e in out["events"])


def test_run_json_is_one_object(capsys, tmp_path):
    f = tmp_path / "ex.yaml"
    f.write_text(SPEC_EXAMPLE)
    assert main(["run", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["first"] == "blue" and out["format"] == "digimon-tag"


def test_transcript_cites_rules_and_shows_the_final_state(capsys):
    assert main(["run", str(TAG_DIR / "one-vs-one.yaml")]) == 0
    text = capsys.readouterr().out
    assert "REJECTED [TAG-E3]" in text and "[TAG-S2] both players of tag blue are out: red wins" in text
    assert "Match over: red wins (TAG-S2)" in text          # the one state in words (draw.summary)


def test_failed_expectation_exit_1(tmp_path, capsys):
    f = tmp_path / "wrong.yaml"
    f.write_text(SPEC_EXAMPLE.replace("first: blue\n", "first: red\n").replace("  first: red\n  points",
                                                                                "  first: red\n  points", 1))
    text = f.read_text().rsplit("expect:", 1)
    f.write_text(text[0] + "expect:\n  first: red\n")
    assert main(["check", str(f)]) == 1
    assert "expectation failed: first" in capsys.readouterr().out


def test_format_module_protocol():
    assert fmt.FORMAT == "digimon-tag"
    assert set(fmt.RULE_IDS) == set(RULES)
    assert {"battle", "rematch", "truce", "target"} <= set(fmt.STEPS)
    assert list(fmt.OUTCOME_KEYS[:12]) == CONTRACT_KEYS
    m = fmt.new_match({"tags": ["gold", "silver"], "first": "silver"})
    fmt.apply(m, "battle", {"A": {"gold": {"power": 5}, "silver": {"power": 3, "lost": 5}},
                            "B": {"gold": {"power": 5}, "silver": {"power": 3, "lost": 5}}})
    assert m.first == "gold"
    from rulings_lib.draw import summary

    lines = summary(m.state())
    assert lines[0].startswith("Turn 2, tag battle: gold first")
