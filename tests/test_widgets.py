"""The widgets, driven headlessly: set values, click buttons, read what they show.

The rulings they show must be the engine's (rulings_lib.wrgp); the match file must replay to the
same state and refuse a file it cannot use without losing the match on screen.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings_lib import IllegalAction, WrgpMatch
from rulings_lib.scenario import builtin_scenarios, run_scenario
from rulings_lib.widgets import (
    MatchFileError,
    MatchTracker,
    RecordedMatch,
    ScenarioStepper,
    SpeedWorldCalculator,
    TagTurnHelper,
    check,
    explain_speed_world,
    is_correct,
    play,
    speed_world_options,
    state_after,
    tag_turn,
    transcript_until,
)
from rulings_lib.widgets.tracker import next_phase_action
from rulings_lib.wrgp import tables as T


# --------------------------------------------------------------------------- Speed World calculator
@pytest.mark.parametrize("a", [1, 2, 3])
@pytest.mark.parametrize("b", [1, 2, 3])
def test_speed_world_options_follow_the_tables(a, b):
    for spc in range(T.SPC_MAX + 1):
        opts = {o.cost: o for o in speed_world_options(a, b, spc)}
        assert sorted(opts) == [4, 7, 10]
        for cost, o in opts.items():
            assert o.size == T.speed_world_size(cost, a, b)
            assert o.usable == (spc >= cost)
            if not o.usable:
                assert o.rule == "WRGP-SW5" and "your team" in o.reason


def test_speed_world_sizes_of_the_source_formula():
    opts = {o.cost: o for o in speed_world_options(3, 1, 12)}
    assert (opts[4].size, opts[7].size, opts[10].size) == (4800, 3, 3)
    behind = {o.cost: o for o in speed_world_options(1, 3, 12)}
    assert behind[4].size == 800 and "exactly 800" in behind[4].why
    level = {o.cost: o for o in speed_world_options(2, 2, 12)}
    assert (level[4].size, level[7].size, level[10].size) == (1600, 1, 1)


def test_calculator_recomputes_when_a_slider_moves():
    calc = SpeedWorldCalculator(a=1, b=1, spc=4)
    assert [o.usable for o in calc.options] == [True, False, False]
    assert "1600" in calc.result.value and "<b>0</b>" in calc.summary.value
    calc.a.value = 3
    assert "<b>2</b>" in calc.summary.value and "4800" in calc.result.value
    calc.spc.value = 10
    assert [o.usable for o in calc.options] == [True, True, True]
    calc.b.value = 3
    assert calc.options[0].size == 1600
    calc.a.value = 1
    assert calc.options[0].size == 800 and "exactly 800" in calc.result.value


def test_calculator_shows_a_short_text_outside_jupyter():
    data = SpeedWorldCalculator()._repr_mimebundle_()
    assert data["text/plain"].startswith("[Speed World calculator")
    assert "application/vnd.jupyter.widget-view+json" in data


def test_explain_speed_world_text():
    text = explain_speed_world(2, 1, 7)
    assert text.splitlines()[0].startswith("a = 2") and "X = max(0, 2 - 1) = 1" in text
    assert " 7 SPC: draw 2 cards (1 + X = 2) -- usable" in text
    assert "10 SPC: destroy up to 2 cards on the field (1 + X = 2) -- not usable [WRGP-SW5]" in text


def test_speed_world_positions_must_be_real():
    with pytest.raises(ValueError):
        speed_world_options(0, 1, 4)


# --------------------------------------------------------------------------- scenario stepper
def test_stepper_steps_forward_and_back():
    s = ScenarioStepper(start="power-bond-handover")
    assert s.step == 0 and s.back.disabled and not s.forward.disabled
    assert "After the setup" in s.state.value
    for _ in range(3):
        s.forward.click()
    assert s.step == 3
    assert "B1 (1st) in the duel, 0 LP" in s.state.value and "lost: handover" in s.state.value   # the one summary
    assert "[WRGP-H3]" in s.transcript.value and "[WRGP-D3]" not in s.transcript.value
    s.slider.value = s.slider.max
    assert s.forward.disabled and "[WRGP-D3]" in s.transcript.value
    s.forward.click()                       # at the end: nothing moves
    assert s.step == s.slider.max
    s.back.click()
    assert s.step == s.slider.max - 1


def test_stepper_draws_the_path_so_far():
    pytest.importorskip("rulings_lib.diagrams")
    s = ScenarioStepper(start="power-bond-handover")
    first = s.diagram.value
    assert "<svg" in first and "max-height" in first
    s.forward.click()
    assert "<svg" in s.diagram.value and s.diagram.value != first
    assert ScenarioStepper(start="power-bond-handover", diagram=False).diagram.value == ""


def test_stepper_picks_another_scenario_from_step_zero():
    s = ScenarioStepper(start="power-bond-handover", step=4)
    assert s.step == 4
    s.picker.value = "sparks-chain-strike"
    assert s.step == 0 and s.slider.max == 2
    assert "Sparks and Chain Strike" in s.title.value
    s.forward.click()
    assert "[WRGP-D2]" in s.transcript.value


def test_stepper_views_match_the_full_run():
    for path in builtin_scenarios("wrgp"):
        result = play(path)
        n = len(result.scenario.steps)
        full = run_scenario(result.scenario).transcript()
        assert full.startswith(transcript_until(result, n))
        assert result.snapshots[n].state() == result.outcome
        assert state_after(result, 0).startswith("After the setup:")


def test_stepper_steps_through_a_tag_battle_scenario_too():
    s = ScenarioStepper(start="split-result-swaps")
    s.forward.click()
    assert "Turn 2, tag battle: blue first, red second" in s.state.value
    assert "[TAG-N2]" in s.transcript.value


def test_play_by_name_and_unknown_name():
    assert play("destruction-ring-draw").outcome["out"] == ["B1"]
    with pytest.raises(KeyError):
        play("no-such-scenario")


# --------------------------------------------------------------------------- match tracker
def test_tracker_plays_a_handover_through_the_engine():
    t = MatchTracker()
    for _ in range(4):                      # turn 1: draw -> standby -> main1 -> (no battle) end -> turn 2
        t.buttons["next_phase"].click()
    assert t.match.turn == 2 and t.match.player == "B" and t.match.spc == {"A": 2, "B": 2}
    t.buttons["standby"].click()            # B's Standby Phase: both gain 2
    assert t.match.spc == {"A": 4, "B": 4}
    t.buttons["next_phase"].click()         # main1
    t.buttons["next_phase"].click()         # battle
    assert t.match.phase_key == "battle"
    t.team.value, t.amount.value = "A", 8000
    t.buttons["battle_damage"].click()
    assert t.match.out == ["A1"] and t.match.handover == ["A"]
    assert "[WRGP-H3]" in t.feedback.value and "A1 (1st) in the duel, 0 LP" in t.status.value
    t.team.value = "B"
    t.buttons["sw4"].click()                # WRGP-H2: no Speed World during the run-on
    assert "rejected [WRGP-H2]" in t.feedback.value
    t.buttons["end_turn"].click()
    assert t.match.duelist("A") == "A2" and t.match.player == "A" and t.match.lp["A"] == 8000
    assert "Duelists still to come: team A 1, team B 2" in t.status.value


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tracker_activates_a_card_by_name_from_the_verb_table(lang, tmp_path):
    """The tracker's "activate a card" control is the verb table's `activate` (one field per parameter,
    in its order and words), offers the catalogue's names in the reader's language, shows only the
    choices a known card asks for, and plays the card through the engine (Power Bond: Cyber End Dragon
    on the field at 8000; a handover hands it on, WRGP-H4); saved and loaded, it replays the same."""
    from rulings_lib.formats import FORMATS
    from rulings_lib.wrgp.verbs import VERB_TABLE

    card = FORMATS["wrgp"].catalogue().card

    t = MatchTracker(lang=lang, path=str(tmp_path / "m.json"))
    assert list(t.card_fields) == [p.name for p in VERB_TABLE["activate"].params]
    assert t.card_fields["card"].description == VERB_TABLE["activate"].describe("wrgp", {}, lang)["params"][1]["label"]
    bond, ced, ring = (card(n).label(lang) for n in ("Power Bond", "Cyber End Dragon", "Destruction Ring"))
    assert {bond, ring} <= set(t.card_fields["card"].options) and ced not in t.card_fields["card"].options
    assert t.card_fields["summon"].options == (ced,)
    for _ in range(2):
        t.buttons["next_phase"].click()     # turn 1: standby, main1
    t.card_fields["card"].value = "パワーボンド" if lang == "en" else "power bond"    # either language, any spelling
    shown = {n for n, f in t.card_fields.items() if f.layout.display != "none"}
    assert shown == {"by", "card", "summon"}                      # Power Bond asks for its Fusion Monster only
    t.card_fields["summon"].value = ced
    t.activate_button.click()
    assert t.match.state()["cards"] == {ced: {"zone": "extra_monster", "player": "A1", "owner": "A1"}}
    assert "[WRGP-H7]" in t.feedback.value and "4000 -&gt; 8000" in t.feedback.value and bond in t.feedback.value
    other = card("Power Bond").label("ja" if lang == "en" else "en")
    assert other not in t.feedback.value and other not in t.status.value
    assert t.record.actions[-1]["args"] == {"by": "A", "card": t.card_fields["card"].value, "summon": ced}
    t.card_fields["card"].value = "Power Bnod"                     # close to a known name: did you mean
    t.activate_button.click()
    assert bond in t.feedback.value and len(t.record.actions) == 3
    t.team.value = "A"
    t.buttons["loss"].click()
    t.buttons["end_turn"].click()                                 # A2 inherits the monster (WRGP-H4)
    assert t.match.state()["cards"][ced]["player"] == "A2"
    t.buttons["save"].click()
    again = MatchTracker(lang=lang, path=t.path.value)
    again.buttons["load"].click()
    assert again.match.state() == t.match.state()


def test_tracker_baton_touch_loss_pay_gain_and_undo():
    t = MatchTracker()
    t.record = RecordedMatch(turn=5, player="A", phase="draw", spc={"A": 8, "B": 8})
    t.refresh()
    t.team.value = "B"
    t.buttons["baton_touch"].click()
    assert "rejected [WRGP-H9]" in t.feedback.value
    t.team.value = "A"
    t.buttons["baton_touch"].click()
    assert t.match.duelist("A") == "A2" and t.match.spc["A"] == 8   # a swap gives no counters
    t.amount.value = 500
    t.buttons["pay"].click()
    t.buttons["gain"].click()
    assert t.match.lp["A"] == 8000
    t.amount.value = 9000
    t.buttons["pay"].click()
    assert "rejected [STD-LP]" in t.feedback.value
    n = len(t.record.actions)
    t.buttons["undo"].click()
    assert len(t.record.actions) == n - 1 and t.match.lp["A"] == 8000
    assert "took back: Pay LP" in t.feedback.value          # the verb table's label, not the verb's key
    t.team.value = "B"
    t.buttons["loss"].click()
    assert t.match.out == ["A1", "B1"] and t.match.spc["B"] == 8 + 2   # a=1 < b=2: only 2
    t.buttons["next_phase"].click()
    t.buttons["next_phase"].click()
    t.team.value = "A"
    t.buttons["sw7"].click()
    assert "rejected [WRGP-H2]" in t.feedback.value


def test_tracker_speed_world_buttons():
    t = MatchTracker()
    t.record = RecordedMatch(turn=5, player="A", phase="main1", duelist={"A": 3, "B": 1}, spc={"A": 12, "B": 0})
    t.team.value = "A"
    t.buttons["sw4"].click()
    assert t.match.lp["B"] == 8000 - 4800
    t.buttons["sw7"].click()
    assert "draws 3 card(s)" in t.feedback.value
    t.buttons["sw10"].click()
    assert "rejected [WRGP-SW5]" in t.feedback.value and t.match.spc["A"] == 1


def test_tracker_new_match_and_bad_amount():
    t = MatchTracker()
    t.lineup.value, t.start_lp.value, t.first.value = 2, 4000, "B"
    t.buttons["new"].click()
    assert (t.match.lineup, t.match.start_lp, t.match.player) == (2, 4000, "B")
    assert t.buttons["undo"].disabled
    t.buttons["undo"].click()
    assert "nothing to take back" in t.feedback.value


def test_next_phase_asks_the_engine():
    m = WrgpMatch()
    m.phase("main1")
    assert next_phase_action(m) == ("phase", ("end",))       # WRGP-F5: turn 1 has no Battle Phase
    m = WrgpMatch(turn=2, player="B", phase="main1")
    assert next_phase_action(m) == ("phase", ("battle",))
    m = WrgpMatch(turn=2, player="B", phase="end")
    assert next_phase_action(m) == ("end_turn", ())


def test_tracker_saves_and_loads(tmp_path):
    path = tmp_path / "match.json"
    t = MatchTracker(path=str(path))
    t.buttons["next_phase"].click()
    t.buttons["next_phase"].click()
    t.team.value, t.amount.value = "B", 8000
    t.buttons["effect_damage"].click()
    t.buttons["sw4"].click()                 # rejected, remembered
    t.buttons["save"].click()
    assert "saved 4 actions" in t.feedback.value
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]      # no temporary file left
    other = MatchTracker(path=str(path))
    other.buttons["load"].click()
    assert "loaded 4 actions" in other.feedback.value
    assert other.match.state() == t.match.state()


@pytest.mark.parametrize("content, words", [
    ("{not json", "the JSON is broken"),
    ("[1, 2]", "not a saved match"),
    ('{"format": "rulings-kit/wrgp-match", "version": 99}', "another version"),
    ('{"format": "rulings-kit/wrgp-match", "version": 1, "setup": {"lineup": 0}, "actions": []}',
     "setup is not usable"),
    ('{"format": "rulings-kit/wrgp-match", "version": 1, "setup": {}, "actions": [{"verb": "__init__"}]}',
     "is not a match action"),
    ('{"format": "rulings-kit/wrgp-match", "version": 1, "setup": {}, '
     '"actions": [{"verb": "damage", "args": {"by": "Z", "to": "both", "amount": 1}}]}', "unusable arguments"),
    ('{"format": "rulings-kit/wrgp-match", "version": 1, "setup": {}, '
     '"actions": [{"verb": "pay", "args": {"by": "A", "amount": 100, "colour": 1}}]}', "unusable arguments"),
    ('{"format": "rulings-kit/wrgp-match", "version": 1, "setup": {}, '
     '"actions": [{"verb": "attack", "args": {"by": "A", "damage": 100}, "accepted": true}]}',
     "the rules reject it on replay: [STD-TIMING]"),
])
def test_a_corrupt_file_is_reported_and_loses_nothing(tmp_path, content, words):
    path = tmp_path / "match.json"
    path.write_text(content, encoding="utf-8")
    t = MatchTracker(path=str(path))
    t.buttons["next_phase"].click()
    before = t.match.state()
    t.buttons["load"].click()
    assert "not loaded, the match on screen is unchanged" in t.feedback.value
    assert words.replace('"', "&quot;") in t.feedback.value.replace("&#x27;", "'")
    assert t.match.state() == before and len(t.record.actions) == 1
    assert path.read_text(encoding="utf-8") == content                # the file is left alone too


def test_missing_file_folder_and_binary_file(tmp_path):
    t = MatchTracker(path=str(tmp_path / "nope.json"))
    t.buttons["load"].click()
    assert "no such file" in t.feedback.value
    t.path.value = str(tmp_path)
    t.buttons["load"].click()
    assert "folder" in t.feedback.value
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    t.path.value = str(tmp_path / "bin.json")
    t.buttons["load"].click()
    assert "not UTF-8" in t.feedback.value
    t.path.value = str(tmp_path / "no" / "such" / "dir" / "m.json")
    t.buttons["save"].click()
    assert "not saved" in t.feedback.value


def test_record_rejects_unknown_verbs_and_keeps_state_on_bad_input():
    rec = RecordedMatch()
    with pytest.raises(ValueError):
        rec.do("copy")
    before = rec.match.state()
    with pytest.raises(ValueError):
        rec.do("damage", by="C", to="both", amount=1)
    assert rec.match.state() == before and rec.actions == []
    with pytest.raises(IllegalAction):
        rec.do("attack", by="A", damage=1)
    assert rec.actions[-1]["accepted"] is False and rec.match.rejected


def test_record_file_is_readable_json():
    rec = RecordedMatch(lineup=2)
    rec.do("phase", "main1")
    rec.do("damage", "A", "opponent", 8000)
    data = json.loads(rec.to_json())
    assert data["setup"] == {"lineup": 2}
    assert data["actions"][1] == {"verb": "damage", "args": {"by": "A", "to": "opponent", "amount": 8000},
                                  "accepted": True}


VERB_PLAN = st.lists(st.tuples(st.floats(0, 1), st.sampled_from(["A", "B"]), st.integers(0, 3)),
                     max_size=60)


@settings(max_examples=60, deadline=None)
@given(VERB_PLAN, st.integers(1, 3))
def test_replay_reaches_the_same_state(plan, lineup):
    rec = RecordedMatch(lineup=lineup)
    for r, team, k in plan:
        amount = (0, 1000, 4000, 8000)[k]
        if r < 0.25:
            rec.try_do("end_turn")
        elif r < 0.4:
            rec.try_do("phase", T.PHASE_KEYS[(k * 2 + (team == "B")) % len(T.PHASE_KEYS)])
        elif r < 0.55:
            rec.try_do("damage", team, ("opponent", "self", "both")[k % 3], amount)
        elif r < 0.65:
            rec.try_do("attack", team, amount)
        elif r < 0.75:
            rec.try_do("speed_world", team, (4, 7, 10)[k % 3])
        elif r < 0.85:
            rec.try_do("chain", [{"by": team, "damage": {"to": "opponent", "amount": amount}},
                                 {"by": T.other(team), "damage": {"to": "opponent", "per_link": 400}}])
        elif r < 0.92:
            rec.try_do("baton_touch", team)
        else:
            rec.try_do("gain", team, "self", amount)
    again = RecordedMatch.from_json(rec.to_json())
    assert again.match.state() == rec.match.state()
    if rec.actions:
        undone = rec.copy()
        undone.undo()
        replayed = RecordedMatch.from_dict({**rec.to_dict(), "actions": rec.actions[:-1]})
        assert undone.match.state() == replayed.match.state()


def test_match_file_error_is_an_input_error():
    with pytest.raises(MatchFileError) as exc:
        RecordedMatch.from_json("{", "x.json")
    assert str(exc.value).startswith("x.json:1: not a saved match")


# --------------------------------------------------------------------------- tag battle turn helper
def test_tag_turn_split_result_swaps_first():
    t = tag_turn({"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400}, {"blue-A": 20, "red-B": 30}, "red")
    assert t.lost == {"red-B": 30, "blue-A": 20} and t.first == "blue" and t.rule == "TAG-N2"
    assert t.battles[0] == "letter A battle: red-A 500 vs blue-A 300: red-A wins"


@pytest.mark.parametrize("powers, first, rule, nxt", [
    ({"red-A": 500, "blue-A": 300, "red-B": 500, "blue-B": 300}, "blue", "TAG-N1", "red"),
    ({"red-A": 300, "blue-A": 300, "red-B": 200, "blue-B": 400}, "red", "TAG-N3", "blue"),
    ({"red-A": 300, "blue-A": 300, "red-B": 400, "blue-B": 400}, "red", "TAG-N4", "blue"),
])
def test_tag_turn_next_turn_rules(powers, first, rule, nxt):
    t = tag_turn(powers, first=first)
    assert (t.rule, t.first) == (rule, nxt)


def test_tag_turn_outs_one_vs_one_and_the_end():
    points = {"red-A": 40, "red-B": 10, "blue-A": 10, "blue-B": 30}
    t = tag_turn({"red-A": 600, "blue-A": 300, "red-B": 200, "blue-B": 400}, {"blue-A": 30, "red-B": 20},
                 "red", points)
    assert t.out == ("blue-A", "red-B") and t.to_one_vs_one and t.mode == "1v1"
    assert "finish 1-vs-1 [TAG-E3]" in t.text()
    last = tag_turn({"red-A": 300, "blue-B": 500}, {"red-A": 50}, "blue",
                    {"red-A": 40, "red-B": 0, "blue-A": 0, "blue-B": 30})
    assert last.winner == "blue" and last.first is None and "match over: blue wins" in last.text()
    assert last.points["red-A"] == 0 and last.lost == {"red-A": 40}
    single = tag_turn({"red-A": 300, "blue-A": 200}, {"blue-A": 10}, "blue", {"red-B": 0})
    assert (single.rule, single.first) == ("TAG-N5", "red") and len(single.battles) == 1


def test_tag_helper_recomputes_and_reports_what_cannot_be_played():
    h = TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
                      lost={"blue-A": 20, "red-B": 30})
    assert "next turn: blue goes first [TAG-N2]" in h.result.value
    h.power["red-B"].value = 500
    assert "next turn: red goes first [TAG-N1]" in h.result.value
    for p in ("red-A", "red-B"):
        h.points[p].value = 0
    assert "cannot play this turn" in h.result.value and h.turn is None
    h.points["red-B"].value = 100
    assert "TAG-N5" in h.result.value
    assert h._repr_mimebundle_()["text/plain"].startswith("[tag battle turn helper")


# --------------------------------------------------------------------------- exercises
def test_check_prints_correct_or_the_engines_ruling(capsys):
    assert check(" b ", "B") is None
    check("A", "B", "the side damaged last loses")
    out = capsys.readouterr().out.splitlines()
    assert out == ["correct", "not quite — the engine says 'B': the side damaged last loses"]
    assert is_correct(["B1", "A1"], ("b1", "a1")) and not is_correct(["A1"], ["B1"])


# --------------------------------------------------------------------------- the match drawn
def test_stepper_shows_the_picture_after_each_step():
    from rulings_lib.draw import svg

    s = ScenarioStepper(start="battle-interrupted")
    assert '<svg xmlns="http://www.w3.org/2000/svg" role="img"' in s.picture.value
    assert "Turn 3 · team A&#x27;s turn (A1)" in s.picture.value
    s.step_forward()
    assert "lost: handover" in s.picture.value
    assert svg(s.result.snapshots[1], title=f"{s.result.scenario.title}: After step 1 of 3") in s.picture.value
    s.slider.value = 3
    assert "lost: handover" not in s.picture.value and "B2" in s.picture.value


def test_tracker_draws_the_live_match():
    t = MatchTracker()
    assert "Team A" in t.picture.value and "▲ in the duel" in t.picture.value
    t.on_next_phase()
    t.on_next_phase()
    t.team.value, t.amount.value = "B", 8000
    t.on_effect_damage()
    assert "lost: handover" in t.picture.value and "Handover pending: B1 lost." in t.picture.value


def test_tag_helper_draws_the_turn():
    h = TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
                      lost={"blue-A": 100, "red-B": 30})
    assert "out (TAG-E1)" in h.picture.value and "TAG-N2" in h.picture.value
    for p in ("red-A", "red-B"):
        h.points[p].value = 0
    assert h.picture.value == ""


def test_check_waits_for_an_answer_without_giving_the_ruling_away(capsys):
    check(..., "B2", "the team that handed over plays next")
    assert capsys.readouterr().out == ("waiting for your answer: replace the ... above with it, then run this "
                                       "cell again\n")


def test_tracker_takes_back_in_the_readers_words():
    """"took back" names the verb with the verb table's label in the reader's language (one
    vocabulary: the same words as the verbs' forms), never the engine's key."""
    from rulings_lib.i18n import render

    t = MatchTracker(lang="ja")
    t.buttons["next_phase"].click()
    t.buttons["undo"].click()
    assert render("verbs.wrgp.phase.label", {}, "ja") in t.feedback.value
    assert "phase" not in t.feedback.value


def test_tracker_says_why_a_card_cannot_be_used_in_the_readers_language():
    """An unknown card's refusal (a coded ArgumentError) reads in Japanese in the Jupyter tracker,
    as on the page (record.unusable_in serves both)."""
    from rulings_lib.i18n import render

    t = MatchTracker(lang="ja")
    t.card_fields["card"].value = "まったく知らないカード"
    before = len(t.record.actions)
    t.on_activate()
    assert len(t.record.actions) == before                      # nothing played
    hint = render("input.arg.card_unknown", {}, "ja")
    assert hint.split("（")[0][:8] in t.feedback.value or "カタログ" in t.feedback.value, t.feedback.value
    assert "a card of the catalogue" not in t.feedback.value
