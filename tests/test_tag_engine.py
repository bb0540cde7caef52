"""The tag battle engine, rule by rule (TAG-S*, P*, N*, E*, R*), and its tables."""


import pytest

import rulings_lib
from rulings_lib.errors import IllegalAction, MatchOver
from rulings_lib.readings import reading, readings
from rulings_lib.tag import TagMatch
from rulings_lib.tag import tables as T
from rulings_lib.tag.engine import Fighter, Outcome, UnknownPlayer
from rulings_lib.values import replace


def fight(ra, ba, rb=None, bb=None, lost=10):
    """A battle step's mapping: red and blue powers per letter, each loser losing ``lost``."""
    spec = {}
    if ra is not None:
        spec["A"] = {"red": {"power": ra, "lost": lost}, "blue": {"power": ba, "lost": lost}}
    if rb is not None:
        spec["B"] = {"red": {"power": rb, "lost": lost}, "blue": {"power": bb, "lost": lost}}
    return spec


def rules_of(m, step=None):
    return [e.rule for e in m.events if step is None or e.step == step]


# ---------------------------------------------------------------------------------- tables
def test_phase_table_shape():
    assert [p.key for p in T.PHASES] == ["preparation", "evolution", "battle_start", "battle", "point_calculation"]
    assert [p.rule for p in T.PHASES] == ["TAG-P1", "TAG-P2", "TAG-P3", "TAG-P4", "TAG-P5"]
    assert list(T.Phase._FIELDS) == ["key", "name", "rule", "order", "order_note", "steps"]
    # A phase's Japanese name is the words catalogue's (tag.phase.*), not a second copy in the table.
    assert [p.japanese for p in T.PHASES] == ["準備フェイズ", "進化フェイズ", "バトル開始時", "バトルフェイズ",
                                              "ポイント計算フェイズ"]
    assert list(T.PhaseStep._FIELDS) == ["number", "text", "japanese"]
    assert T.phase("preparation").order == ("first-A", "second-A", "first-B", "second-B")
    assert T.phase("evolution").order == ("first-A", "second-A", "first-B", "second-B")
    assert T.phase("battle_start").order == ("second-A", "first-A", "second-B", "first-B")
    assert T.phase("battle").order[0] == "second-A"
    assert T.phase("point_calculation").order == ("first-A", "second-A", "first-B", "second-B")
    for p in T.PHASES:
        assert sorted(p.order) == sorted(T.SEATS)
        assert [s.number for s in p.steps] == list(range(1, len(p.steps) + 1))
        assert all(s.japanese for s in p.steps)
    assert len(T.phase("preparation").steps) == 6 and len(T.phase("point_calculation").steps) == 4
    with pytest.raises(AttributeError):
        T.PHASES[0].key = "x"


def test_next_turn_table_and_rules_table():
    assert [r.rule for r in T.NEXT_TURN] == ["TAG-N1", "TAG-N2", "TAG-N3", "TAG-N4", "TAG-N5", "TAG-N5"]
    assert {r.result for r in T.NEXT_TURN} == {"winner-first", "swap"}
    assert list(T.NextTurnRule._FIELDS) == ["rule", "condition", "result"]
    ids = set(T.RULES)
    expected = ({f"TAG-S{i}" for i in (1, 2)} | {f"TAG-P{i}" for i in range(1, 6)} | {f"TAG-N{i}" for i in range(1, 6)}
                | {f"TAG-E{i}" for i in range(1, 5)} | {f"TAG-K{i}" for i in range(1, 5)}
                | {f"TAG-R{i}" for i in range(1, 6)})
    assert ids == expected
    assert T.SEATS == ("first-A", "second-A", "first-B", "second-B")


@pytest.mark.parametrize("winners, rule, first", [
    (["red", "red"], "TAG-N1", "red"), (["red", "blue"], "TAG-N2", None), ([None, "blue"], "TAG-N3", "blue"),
    (["red", None], "TAG-N3", "red"), ([None, None], "TAG-N4", None), (["blue"], "TAG-N5", "blue"),
    ([None], "TAG-N5", None),
])
def test_next_turn_rule(winners, rule, first):
    row, win = T.next_turn_rule(winners)
    assert row.rule == rule and win == first


def test_readings_are_registered_and_named():
    ids = {r.id for r in readings("digimon-tag")}
    assert {"equal-power-is-draw", "simultaneous-outs-in-seat-order", "single-battle-decides",
            "one-vs-one-first-follows-n5", "rewind-undoes-the-turn",
            "truce-swaps-first"} <= ids
    assert reading("single-battle-decides").rule == "TAG-N5"
    assert reading("same-tag-survivors-win").rule == "TAG-E4" and reading("same-tag-survivors-win").is_settled
    assert "same-tag-survivors-win" not in ids        # settled by the rulebook's words (TAG-S2), not a Reading
    assert all(r.rule in T.RULES and r.format == "digimon-tag" for r in readings("digimon-tag"))


def test_engine_events_cite_the_readings_by_name():
    m = TagMatch(turn=2, gauges={"red-A": 10, "blue-B": 10}, first="blue")
    m.battle(fight(100, 100, 300, 300))
    assert "tag.event.battle_drawn" in [e.code for e in m.events]     # (its words cite equal-power-is-draw)
    m = TagMatch(turn=2, gauges={"blue-A": 10, "red-B": 10})
    m.battle(fight(500, 300, 200, 400))
    assert "tag.event.simultaneous_outs" in [e.code for e in m.events]      # (simultaneous-outs-in-seat-order)


def test_orders_are_computed_from_the_phase_table(monkeypatch):
    m = TagMatch()
    assert m.order("battle_start") == ["blue-A", "red-A", "blue-B", "red-B"]
    changed = tuple(replace(p, order=("first-B", "second-B", "first-A", "second-A"))
                    if p.key == "battle_start" else p for p in T.PHASES)
    monkeypatch.setattr(T, "PHASES", changed)
    assert m.order("battle_start") == ["red-B", "blue-B", "red-A", "blue-A"]
    assert m.state()["order"]["battle_start"] == ["red-B", "blue-B", "red-A", "blue-A"]


def test_lost_points_levels():
    table = {3: 10, 4: 20, "perfect": 30, "ultimate": 40}
    assert T.lost_points(table, 3) == 10
    assert T.lost_points(table, "IV") == 20
    assert T.lost_points(table, "完全体") == 30
    assert T.lost_points(table, "Ultimate-class") == 40
    assert T.lost_points(table, "究極体級") == 40
    with pytest.raises(ValueError):
        T.lost_points({3: 10}, "perfect")
    with pytest.raises(ValueError):
        T.level_key("V")


def test_package_exports_and_light_import():
    import rulings_lib.tag as tag
    assert tag.TagMatch is TagMatch
    assert rulings_lib.tag.card_rule("St-296").allowed is False


# ---------------------------------------------------------------------------------- TAG-S1, S2
def test_s1_start_gauges_and_stand_by_event():
    m = TagMatch(("red", "blue"))
    assert m.points == {"red-A": 100, "red-B": 100, "blue-A": 100, "blue-B": 100}
    assert TagMatch(points=50).points["blue-B"] == 50
    assert m.events[0].rule == "TAG-S1" and m.events[0].step == 0


def test_s2_letters_fixed_and_seats_follow_first():
    m = TagMatch(("red", "blue"), first="blue")
    assert m.first == "blue" and m.second == "red"
    assert m.seats() == {"first-A": "blue-A", "second-A": "red-A", "first-B": "blue-B", "second-B": "red-B"}
    m.battle(fight(500, 300, 200, 400))   # split: swap
    assert m.first == "red"
    assert m.seats() == {"first-A": "red-A", "second-A": "blue-A", "first-B": "red-B", "second-B": "blue-B"}
    assert m.opponent("red-A") == "blue-A" and m.partner("red-A") == "red-B"
    assert "TAG-S2" in rules_of(m, 0)


def test_s2_bad_tags():
    for tags in (("red",), ("red", "red"), ("A", "blue")):
        with pytest.raises(ValueError):
            TagMatch(tags)
    with pytest.raises(ValueError):
        TagMatch(("red", "blue"), first="green")


# ---------------------------------------------------------------------------------- TAG-P1..P5
def test_p1_preparation_order():
    m = TagMatch()
    m.act("red-A", "preparation")
    m.act("red-B", "preparation")
    with pytest.raises(IllegalAction) as exc:
        m.act("blue-A", "preparation")
    assert exc.value.rule == "TAG-P1"
    m.act("blue-B", "preparation")


def test_p2_evolution_call_off_only_second_tag():
    m = TagMatch()
    with pytest.raises(IllegalAction) as exc:
        m.call_off("red-A")
    assert exc.value.rule == "TAG-P2"
    m.call_off("blue-B")
    m.act("red-B", "evolution")
    m.act("red-A", "evolution")          # any order in the evolution phase
    m.act("red-A", "battle_start")
    with pytest.raises(IllegalAction) as exc:
        m.call_off("blue-A")
    assert exc.value.rule == "TAG-P2"


def test_p3_battle_start_order():
    m = TagMatch()
    m.act("blue-A", "battle_start")
    m.act("red-A", "battle_start")
    with pytest.raises(IllegalAction) as exc:
        m.act("blue-A", "battle_start")
    assert exc.value.rule == "TAG-P3"
    m.act("blue-B", "battle_start")


def test_p4_second_tag_opens_battle_phase_and_reading_order():
    m = TagMatch()
    assert m.order("battle") == ["blue-A", "red-A", "blue-B", "red-B"]
    with pytest.raises(IllegalAction) as exc:
        m.act("red-A", "battle")
    assert exc.value.rule == "TAG-P4"
    m.act("blue-B", "battle")
    m.act("red-A", "battle")
    m.battle(fight(500, 300, 200, 400))
    p4 = next(e for e in m.events if e.rule == "TAG-P4" and "attack powers" in e.text)
    assert p4.text.index("blue-A 300") < p4.text.index("red-A 500") < p4.text.index("blue-B 400")


def test_p5_points_draws_and_floor():
    m = TagMatch()
    m.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 20}},
              "B": {"red": {"power": 200, "lost": 130}, "blue": {"power": 400}}})
    assert m.points == {"red-A": 100, "red-B": 0, "blue-A": 80, "blue-B": 100}
    m = TagMatch()
    m.battle({"A": {"red": {"power": 300, "lost": 50}, "blue": {"power": 300, "lost": 50}},
              "B": {"red": {"power": 300, "lost": 50}, "blue": {"power": 300, "lost": 50}}})
    assert set(m.points.values()) == {100}


def test_p5_lost_table_at_opponent_level_and_ultimate_class():
    table = {3: 10, 4: 20, "perfect": 30, "ultimate": 40}
    m = TagMatch()
    m.battle({"A": {"red": {"power": 800, "level": "ultimate-class"},
                    "blue": {"power": 500, "lost_table": table, "level": "perfect"}},
              "B": {"red": {"power": 200, "lost_table": table, "level": 3},
                    "blue": {"power": 400, "level": 4}}})
    assert m.points["blue-A"] == 60 and m.points["red-B"] == 80
    assert any("Ultimate-class, read as Ultimate" in e.text for e in m.events)
    assert m.battles[0].why.startswith("their lost-points table at Ultimate")


def test_p5_lost_table_needs_opponent_level():
    m = TagMatch()
    with pytest.raises(ValueError, match="level"):
        m.battle({"A": {"red": {"power": 800}, "blue": {"power": 500, "lost_table": {3: 10}}},
                  "B": {"red": {"power": 1}, "blue": {"power": 1}}})
    with pytest.raises(ValueError, match="not both"):
        Fighter(100, lost=10, lost_table={3: 10})


def test_p5_simultaneous_outs_in_seat_order():
    # first red: seats first-A red-A, second-A blue-A, first-B red-B: blue-A before red-B.
    m = TagMatch(turn=2, gauges={"blue-A": 10, "red-B": 10})
    m.battle(fight(500, 300, 200, 400))
    assert m.out == ["blue-A", "red-B"]
    m = TagMatch(turn=2, first="blue", gauges={"red-A": 10, "blue-B": 10})
    m.battle(fight(300, 500, 200, 100))
    assert m.out == ["red-A", "blue-B"]


def test_p5_reshuffle_right_after_battle_once():
    m = TagMatch()
    with pytest.raises(IllegalAction) as exc:
        m.reshuffle("red-A")
    assert exc.value.rule == "TAG-P5"
    m.battle(fight(500, 300, 200, 400))
    m.reshuffle("red-A")
    m.reshuffle("blue-B")
    with pytest.raises(IllegalAction):
        m.reshuffle("red-A")


def test_p_phases_only_go_forward():
    m = TagMatch()
    m.act("red-A", "point_calculation")
    with pytest.raises(IllegalAction) as exc:
        m.act("red-A", "preparation")
    assert exc.value.rule == "TAG-P1"


# ---------------------------------------------------------------------------------- TAG-N1..N5
def test_n1_sweep():
    m = TagMatch()
    m.battle(fight(300, 500, 300, 500))
    assert (m.first, m.turn) == ("blue", 2)
    m.battle(fight(300, 500, 300, 500))
    assert m.first == "blue"
    assert rules_of(m)[-1] == "TAG-N1"


def test_n2_split_swaps():
    m = TagMatch()
    m.battle(fight(500, 300, 200, 400))
    assert m.first == "blue" and rules_of(m)[-1] == "TAG-N2"


def test_n3_draw_and_winner():
    m = TagMatch()
    m.battle(fight(300, 300, 500, 400))
    assert m.first == "red" and rules_of(m)[-1] == "TAG-N3"
    m.battle(fight(300, 300, 400, 500))
    assert m.first == "blue"


def test_n4_both_draws_swap():
    m = TagMatch()
    m.battle(fight(300, 300, 400, 400))
    assert m.first == "blue" and rules_of(m)[-1] == "TAG-N4"


def test_n5_single_battle():
    m = TagMatch(turn=2, first="blue", out=["red-A"])
    m.battle(fight(None, None, 500, 300))
    assert m.first == "red" and rules_of(m)[-1] == "TAG-N5"
    m.battle(fight(None, None, 300, 300))
    assert m.first == "blue"


# ---------------------------------------------------------------------------------- TAG-E1..E4
def test_e1_out_player_takes_no_part():
    m = TagMatch(turn=2, out=["blue-B"])
    assert m.points["blue-B"] == 0 and m.is_out("blue-B")
    with pytest.raises(IllegalAction) as exc:
        m.battle(fight(500, 300, 200, 400))
    assert exc.value.rule == "TAG-E1"
    with pytest.raises(IllegalAction) as exc:
        m.battle(fight(None, None, 200, 400))       # letter A has both players: must battle
    assert exc.value.rule == "TAG-E1"
    for verb, args in (("truce", ("blue-B",)), ("act", ("blue-B", "preparation")), ("use", ("blue-B", "evolution")),
                       ("target", ("blue-B", "all")), ("card", ("blue-B", "St-240"))):
        with pytest.raises(IllegalAction) as exc:
            getattr(m, verb)(*args)
        assert exc.value.rule == "TAG-E1", verb
    with pytest.raises(IllegalAction) as exc:
        m.target("red-A", "projection", "blue-B")
    assert exc.value.rule == "TAG-E1"
    assert m.rejected == [] and m.step == 0   # rejected calls change nothing, not even the step counter


@pytest.mark.parametrize("out, en", [
    (["blue-B"], "blue-B is out, so letter B has no battle"),
    (["red-B", "blue-B"], "red-B and blue-B are out, so letter B has no battle"),
])
def test_e1_letter_without_battle_is_one_code_whose_count_chooses_the_english_singular(out, en):
    m = TagMatch(turn=2, out=out)
    with pytest.raises(IllegalAction) as exc:
        m.battle(fight(500, 300, 200, 400))
    err = exc.value
    assert (err.rule, err.code, err.params["count"]) == ("TAG-E1", "tag.reject.letter_has_no_battle", len(out))
    assert err.reason == en
    assert err.render("ja") == f"{'と'.join(out)}はやられているので、Bのバトルはない"


def test_e1_gauge_zero_is_out():
    m = TagMatch(turn=2, gauges={"red-A": 20})
    m.battle(fight(100, 300, 500, 400, lost=30))
    assert m.out == ["red-A"] and m.points["red-A"] == 0
    assert "TAG-E1" in rules_of(m, 1)


def test_e2_player_whose_opponent_is_out_carries_on():
    m = TagMatch(turn=2, gauges={"red-A": 20})
    m.battle(fight(100, 300, 500, 400, lost=30))
    assert "TAG-E2" in rules_of(m, 1)
    m.use("blue-A", "evolution")
    m.use("blue-A", "projection")
    with pytest.raises(IllegalAction) as exc:
        m.use("blue-A", "opponent_condition")
    assert exc.value.rule == "TAG-E2"
    m.use("blue-B", "opponent_condition")
    assert m.may_use("blue-A", "opponent_condition")[0] is False


def test_e3_switch_to_one_vs_one():
    m = TagMatch(turn=2, gauges={"blue-A": 10, "red-B": 10})
    m.battle(fight(500, 300, 200, 400))
    assert m.mode == "1v1" and m.in_game_players() == ["red-A", "blue-B"]
    assert "TAG-E3" in rules_of(m, 1)
    with pytest.raises(IllegalAction) as exc:
        m.battle(fight(500, 300))
    assert exc.value.rule == "TAG-E3"
    m.battle({"red": {"power": 300, "lost": 10}, "blue": {"power": 500}})
    assert m.points["red-A"] == 90 and m.first == "blue"      # TAG-N5 in 1-vs-1
    assert m.seats()["first-A"] == "blue-B" and m.seats()["second-A"] == "red-A"
    assert m.opponent("red-A") == "blue-B"


def test_e3_tag_shape_required_before_the_switch():
    m = TagMatch()
    with pytest.raises(IllegalAction) as exc:
        m.battle({"red": {"power": 1}, "blue": {"power": 2}})
    assert exc.value.rule == "TAG-E3"


def test_e3_two_of_the_same_letter_stay_in_tag_mode():
    m = TagMatch(turn=2, gauges={"red-A": 10, "blue-A": 100})
    m.battle(fight(100, 300, 500, 400))
    m2 = TagMatch(turn=2, out=["red-A", "blue-A"])
    assert m2.mode == "tag" and m.mode == "tag"
    m2.battle(fight(None, None, 500, 400))


def test_e4_two_survivors_of_one_tag_win():
    m = TagMatch(turn=2, gauges={"red-A": 10, "red-B": 10})
    m.battle(fight(100, 300, 100, 300))
    assert m.is_finished() and m.winner == "blue"
    assert m.outcome() == Outcome("blue", "TAG-E4", m.outcome().text)
    with pytest.raises(MatchOver) as exc:
        m.truce("blue-A")
    assert exc.value.rule == "TAG-S2"


def test_tag_with_both_out_loses():
    m = TagMatch(turn=2, out=["red-A", "blue-B"], gauges={"red-B": 10})
    m.battle({"red": {"power": 100, "lost": 10}, "blue": {"power": 300}})
    assert m.winner == "blue" and m.outcome().termination == "TAG-S2"


# ---------------------------------------------------------------------------------- TAG-R1..R5
def test_r1_projection_one_named_opponent():
    m = TagMatch()
    assert m.check_target("red-A", "projection", "blue-B").affected == ("blue-B",)
    assert not m.check_target("red-A", "projection", "red-B")
    assert m.check_target("red-A", "both_sides", "blue-A").affected == ("red-A", "blue-A")
    assert m.check_target("red-A", "flush", "blue-B").affected == ("blue-B",)
    assert m.check_target("red-A", "flush", "red-A").rule == "TAG-R1"
    with pytest.raises(IllegalAction) as exc:
        m.target("red-A", "projection", "red-B")
    assert exc.value.rule == "TAG-R1"
    with pytest.raises(IllegalAction):
        m.card("red-A", "Bo-302", on="red-B")
    m.card("red-A", "Bo-356", on="blue-A")


def test_r2_contact_not_on_partner_except_support():
    m = TagMatch()
    r = m.check_target("red-A", "contact", "red-B")
    assert not r.allowed and r.rule == "TAG-R2"
    assert m.check_target("red-A", "contact", "blue-B").allowed
    assert m.check_target("red-A", "contact", "red-A").allowed
    assert m.check_target("red-A", "support", "red-B").allowed
    assert not m.check_target("red-A", "support", "red-B", meets_requirements=False)


def test_r3_card_rules():
    m = TagMatch()
    assert m.card_rule("St-296").allowed is False and m.card_rule("St-296").rule == "TAG-R3"
    assert m.card_rule("st-240").allowed is True
    assert m.card_rule("St-321").effect == 2
    assert m.card_rule("Bo-999") is None
    with pytest.raises(IllegalAction) as exc:
        m.card("red-A", "St-296")
    assert exc.value.rule == "TAG-R3"
    with pytest.raises(IllegalAction):
        m.card("red-A", "St-321", effect=2)
    with pytest.raises(IllegalAction):
        m.card("red-A", "aerial")
    m.card("red-A", "St-321", effect=1)
    m.card("red-A", "St-319")
    m.card("red-A", "Bo-999")


def test_r3_exceptions_end_at_one_vs_one():
    m = TagMatch(turn=2, out=["red-A", "blue-B"])
    m.card("red-B", "St-296")
    assert m.events[-1].rule == "TAG-E3"


def test_r4_either_opponent_and_all():
    m = TagMatch()
    r = m.check_target("red-A", "opponent", "blue-B")
    assert r.allowed and r.rule == "TAG-R4" and "either opponent" in r.text
    assert m.check_target("red-A", "all").affected == ("red-A", "red-B", "blue-A", "blue-B")
    m2 = TagMatch(turn=2, out=["blue-A"])
    assert m2.check_target("red-A", "all").affected == ("red-A", "red-B", "blue-B")


def test_r5_rematch_by_loser_undoes_everything():
    m = TagMatch(turn=2, gauges={"red-B": 30})
    before = m.state()
    m.battle(fight(500, 300, 200, 400, lost=30))
    assert m.out == ["red-B"] and m.turn == before["turn"] + 1
    with pytest.raises(IllegalAction):
        m.rematch("red-A")                    # won
    m.rematch("red-B")                        # lost, even though the partner won
    after = m.state()
    for key in ("points", "out", "turn", "first", "mode", "finished", "order"):
        assert after[key] == before[key], key
    with pytest.raises(IllegalAction):
        m.rematch("red-B")                    # not right after a battle any more


def test_r5_rematch_can_undo_the_deciding_battle():
    m = TagMatch(turn=2, out=["red-A"], gauges={"red-B": 10})
    m.battle(fight(None, None, 100, 300))
    assert m.is_finished()
    m.card("red-B", "St-104")
    assert not m.is_finished() and m.out == ["red-A"] and m.points["red-B"] == 10


def test_r5_truce_swaps_and_has_no_result():
    m = TagMatch()
    m.truce("blue-A")
    assert m.turn == 2 and m.first == "blue" and m.battles == []
    assert set(m.points.values()) == {100}
    with pytest.raises(IllegalAction):
        m.rematch("blue-A")
    m.card("red-A", "St-220")
    assert m.first == "red" and m.turn == 3
    m.act("red-A", "point_calculation")
    with pytest.raises(IllegalAction) as exc:
        m.truce("red-A")
    assert exc.value.rule == "TAG-R5"


# ---------------------------------------------------------------------------------- API style
def test_rejected_step_records_step_rule_reason_and_changes_nothing():
    m = TagMatch()
    m.step = 4
    before = m.state()
    with pytest.raises(IllegalAction) as exc:
        m.call_off("red-A")
    after = m.state()
    assert after == before and m.step == 4          # nothing changes, the step counter included
    m.record_rejection(5, exc.value)                # the scenario runner's record of the step
    assert m.rejected == [{"step": 5, "rule": "TAG-P2", "reason": exc.value.reason, "code": exc.value.code,
                           "args": exc.value.params}]


def test_copy_is_independent_and_is_legal_changes_nothing():
    m = TagMatch()
    c = m.copy()
    c.battle(fight(500, 300, 200, 400))
    assert m.turn == 1 and c.turn == 2 and m.events != c.events
    assert m.is_legal("call_off", "blue-A") and not m.is_legal("call_off", "red-A")
    assert m.rejected == [] and m.step == 0


def test_unknown_player_is_a_key_error_not_a_rejection():
    m = TagMatch()
    with pytest.raises(UnknownPlayer):
        m.truce("green-A")
    with pytest.raises(KeyError):
        m.battle({"A": {"green": {"power": 1}, "blue": {"power": 2}}})
    with pytest.raises(ValueError):
        m.battle({"A": {"red": {"power": -1}, "blue": {"power": 2}}, "B": {"red": {"power": 1}, "blue": {"power": 2}}})
    assert m.rejected == []


def test_repr_and_html():
    m = TagMatch()
    assert repr(m) == ("<TagMatch digimon-tag turn=1 first=red mode=tag points=(red-A=100, red-B=100, blue-A=100, "
                       "blue-B=100) out=[]>")
    m.act("blue-A", "preparation")     # the moment within the turn, once a phase is reached
    assert repr(m).startswith("<TagMatch digimon-tag turn=1 phase=preparation step=5 first=red ")
    # Jupyter shows the match drawn (Match._repr_svg_); no HTML form may take precedence.
    assert m._repr_svg_().startswith("<svg") and not hasattr(m, "_repr_html_")


def test_state_has_the_contract_keys():
    s = TagMatch().state()
    assert list(s)[:12] == ["format", "finished", "winner", "mode", "turn", "first", "second", "points", "out",
                            "order", "rejected", "events"]
    assert list(s["order"]) == ["preparation", "evolution", "battle_start", "point_calculation"]


def test_mid_match_setup_checks():
    with pytest.raises(ValueError):
        TagMatch(out=["red-A", "red-B"])
    with pytest.raises(ValueError):
        TagMatch(gauges={"red-A": 101})
    with pytest.raises(ValueError):
        TagMatch(gauges={"red-A": 50}, out=["red-A"])
    m = TagMatch(gauges={"red-A": 0}, turn=2)
    assert m.out == ["red-A"]
    # at the start of turn 1 no battle has been fought: nobody out, every gauge full (TAG-S1, TAG-E1)
    for kwargs in ({"gauges": {"red-A": 0}}, {"gauges": {"blue-B": 99}}, {"out": ["blue-A"]},
                   {"out": ["red-B"], "letters": {"red-A": "B", "red-B": "A"}}):
        for first in ("red", "blue"):
            with pytest.raises(ValueError):
                TagMatch(first=first, **kwargs)
            TagMatch(first=first, turn=2, **kwargs)
    TagMatch(letters={"red-A": "B", "red-B": "A"})     # the seating (TAG-S2) may be given at turn 1


