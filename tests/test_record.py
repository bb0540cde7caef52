"""The game record (rulings_lib.record), for every format of the registry: a match saved as its setup
and the actions tried at the table, loaded by replaying them; undo without a replay; a file that
cannot be used refused whole, in one line naming the file and what was expected."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tag_properties import step_strategy as tag_steps
from test_wrgp_properties import step_strategy as wrgp_steps

from rulings_lib import record as R
from rulings_lib.errors import ArgumentError, InputError, ScenarioError
from rulings_lib.formats import FORMATS
from rulings_lib.record import MatchFileError, RecordedMatch, file_format
from rulings_lib.verbs import Action

TAG = "digimon-tag"
STEPS = {"wrgp": wrgp_steps, TAG: tag_steps}
SETUPS = {"wrgp": {"lineup": 2, "start_lp": 4000, "first": "B"}, TAG: {"tags": ["red", "blue"], "first": "blue"}}
BATTLE = {"A": {"red": {"power": 500, "lost": 30}, "blue": {"power": 300, "lost": 20}},
          "B": {"red": {"power": 300, "lost": 10}, "blue": {"power": 500, "lost": 40}}}


def test_every_format_of_the_registry_has_a_record():
    assert set(STEPS) == set(FORMATS)
    assert [file_format(f) for f in FORMATS] == ["rulings-kit/wrgp-match", "rulings-kit/digimon-tag-match"]


def _recorded(fmt: str, steps) -> RecordedMatch:
    rec = RecordedMatch(format=fmt, setup=SETUPS[fmt])
    for verb, args in steps:
        try:
            action = Action(verb, args)
        except (ArgumentError, ScenarioError):
            continue
        try:
            rec.play(action)
        except (ArgumentError, ScenarioError, InputError):    # malformed for this match: nothing recorded
            pass
    return rec


@pytest.mark.parametrize("fmt", STEPS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_saved_match_loads_as_it_was_and_undoes_to_its_earlier_moments(fmt, data, tmp_path_factory):
    rec = _recorded(fmt, data.draw(st.lists(STEPS[fmt](), max_size=15)))
    path = rec.save(tmp_path_factory.mktemp("m") / "match.json")
    loaded = RecordedMatch.load(path)
    assert loaded.format == fmt and loaded.actions == rec.actions and loaded.setup == rec.setup
    assert loaded.match == rec.match and loaded.match.state() == rec.match.state()
    assert loaded.to_json() == path.read_text(encoding="utf-8")
    k = data.draw(st.integers(0, len(rec.actions)))
    for _ in range(k):
        loaded.undo()
    earlier = RecordedMatch.from_dict({**rec.to_dict(), "actions": rec.actions[:len(rec.actions) - k]})
    assert loaded.match == earlier.match and loaded.actions == earlier.actions
    assert loaded.match.state() == earlier.match.state()


@pytest.mark.parametrize("fmt, verb, args", [
    ("wrgp", "end_turn", ()),
    (TAG, "battle", (BATTLE,)),
])
def test_a_saved_match_loads_without_copies_and_undoes_without_replay(fmt, verb, args, monkeypatch):
    rec = RecordedMatch(format=fmt, setup=SETUPS[fmt])
    for _ in range(40):
        rec.try_do(verb, *args)
    text = rec.to_json()
    cls = FORMATS[fmt].match
    monkeypatch.setattr(cls, "copy", lambda self: (_ for _ in ()).throw(AssertionError("a copy per action")))
    loaded = RecordedMatch.from_json(text)
    assert loaded.match.state() == rec.match.state()
    monkeypatch.setattr(R, "_replay", lambda *a: (_ for _ in ()).throw(AssertionError("a replay on undo")))
    for _ in range(5):
        loaded.undo()
    monkeypatch.undo()
    expect = RecordedMatch.from_dict({**rec.to_dict(), "actions": rec.actions[:-5]})
    assert loaded.match.state() == expect.match.state() and loaded.actions == expect.actions


# A file as the tracker saved it before the record moved to the core: read exactly as then.
WRGP_FILE = """{
 "format": "rulings-kit/wrgp-match",
 "version": 1,
 "setup": {"lineup": 2, "start_lp": 8000, "first": "A"},
 "actions": [
  {"verb": "phase", "args": {"name": "main1"}, "accepted": true},
  {"verb": "damage", "args": {"by": "A", "to": "opponent", "amount": 8000}, "accepted": true},
  {"verb": "phase", "args": {"name": "battle"}, "accepted": false}
 ]
}
"""


def test_a_wrgp_match_saved_before_reads_as_then():
    rec = RecordedMatch.from_json(WRGP_FILE, "old.json")
    assert rec.format == "wrgp" and rec.match.out == ["B1"] and len(rec.match.rejected) == 1
    assert rec.to_dict() == json.loads(WRGP_FILE)
    assert RecordedMatch(lineup=2).to_dict()["format"] == "rulings-kit/wrgp-match"   # keywords: a WRGP match


def _tag_file(**changes) -> str:
    rec = RecordedMatch(format=TAG, setup=SETUPS[TAG])
    rec.do("battle", BATTLE)
    return json.dumps({**rec.to_dict(), **changes})


@pytest.mark.parametrize("text, only, expected", [
    (_tag_file(format="rulings-kit/digimon-match"), None,
     'expected a JSON object with "format": "rulings-kit/wrgp-match" or "rulings-kit/digimon-tag-match"'),
    (_tag_file(), "wrgp", 'expected a JSON object with "format": "rulings-kit/wrgp-match"'),
    (WRGP_FILE, TAG, 'expected a JSON object with "format": "rulings-kit/digimon-tag-match"'),
    (_tag_file(setup={"tags": ["red", "red"]}), None, "the match setup is not usable: setup.tags: the two tags"),
    (_tag_file(setup={"tags": ["red", "blue"], "lineup": 3}), None, "unknown key 'lineup'"),
    (_tag_file(actions=[{"verb": "truce", "args": {"by": "green-A"}, "accepted": True}]), None,
     "action 1 (truce) has unusable arguments"),
    (_tag_file(actions=[{"verb": "rematch", "args": {"by": "red-A"}, "accepted": True}]), None,
     "action 1 (rematch) was accepted when saved, but the rules reject it on replay: [TAG-R5]"),
    (_tag_file(actions=[{"verb": "attack", "args": {}, "accepted": True}]), None, 'action 1: "attack" is not a match action'),
    (WRGP_FILE.replace('"lineup": 2', '"lineup": 0'), None, "setup.lineup: expected"),
])
def test_a_damaged_file_is_refused_in_one_line_naming_it_and_what_was_expected(text, only, expected, tmp_path):
    path = tmp_path / "damaged.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MatchFileError) as err:
        RecordedMatch.load(path, only)
    said = str(err.value)
    assert isinstance(err.value, InputError) and "\n" not in said     # the command line's exit-2 line
    assert said.startswith(f"{path}: ") and expected in said, said
    assert err.value.render("ja").startswith(f"{path}: ")
