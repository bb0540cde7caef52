"""Unit tests of the WRGP engine, one or more per rule id (shared/spec/wrgp-rules.md)."""

import pytest

from rulings_lib import IllegalAction, MatchOver, WrgpMatch, reading, readings
from rulings_lib.errors import ArgumentError
from rulings_lib.wrgp import tables as T


def at(**kw) -> WrgpMatch:
    """A mid-match moment late enough for any counters (WRGP-SW3), the turn player's by turn order (WRGP-F2)."""
    first = kw.get("first", "A")
    kw.setdefault("turn", 13 if kw.get("player", first) == first else 14)
    kw.setdefault("phase", "main1")
    return WrgpMatch(**kw)


def rules_of(m: WrgpMatch) -> set[str]:
    return {e.rule for e in m.events}


def rejected_by(rule, fn, *args, **kwargs):
    with pytest.raises(IllegalAction) as exc:
        fn(*args, **kwargs)
    assert exc.value.rule == rule, exc.value
    return exc.value


# --- setup: WRGP-S1, S3, S4 -------------------------------------------------------------------
def test_s1_lineup_is_a_setting():
    m = WrgpMatch(lineup=1)
    m.phase("main1")
    m.damage("A", "opponent", 8000)
    assert m.is_finished() and m.winner == "A"
    with pytest.raises(ArgumentError, match="lineup"):
        WrgpMatch(lineup=0)
    with pytest.raises(ArgumentError, match="WRGP-S1"):
        WrgpMatch(lineup=3, duelist={"A": 4})


def test_s3_positions_follow_the_lineup_order():
    m = at(player="B")
    m.lose("A")
    m.end_turn()
    assert m.duelist("A") == "A2"
    m.lose("A")
    m.end_turn()
    assert m.duelist("A") == "A3" and m.out == ["A1", "A2"]


def test_s4_match_starts_with_first_duelists_and_no_counters():
    m = WrgpMatch()
    assert (m.turn, m.player, m.phase_key) == (1, "A", "draw")
    assert m.pos == {"A": 1, "B": 1} and m.lp == {"A": 8000, "B": 8000} and m.spc == {"A": 0, "B": 0}
    assert WrgpMatch(first="B").player == "B"


# --- match flow: WRGP-F1..F10 ------------------------------------------------------------------
def test_f1_loss_begins_handover_and_loser_keeps_position():
    m = at(lp={"B": 100})
    m.damage("A", "opponent", 100)
    assert m.handover == ["B"] and m.out == ["B1"] and m.pos["B"] == 1 and m.lp["B"] == 0
    assert "WRGP-F1" in rules_of(m)


def test_f2_resume_with_team_that_handed_over_even_in_own_turn():
    m = at(player="A")
    m.pay("A", 8000)
    m.end_turn()
    assert (m.turn, m.player, m.duelist("A")) == (14, "A", "A2")


def test_f2_opponent_loses_then_that_team_plays():
    m = at(player="A")
    m.damage("A", "opponent", 8000)
    m.end_turn()
    assert m.player == "B" and m.duelist("B") == "B2"


def test_f3_resumed_turn_has_draw_and_battle():
    m = WrgpMatch()
    m.phase("main1")
    m.lose("A")
    m.end_turn()
    m.phase("battle")  # turn 2 has a Battle Phase
    assert m.drawn and m.phase_key == "battle"
    assert any(e.rule == "WRGP-F3" and e.code == "wrgp.event.normal_draw" for e in m.events)


def test_f4_last_loss_ends_match_and_further_steps_are_rejected():
    m = at(duelist={"A": 1, "B": 3})
    m.damage("A", "opponent", 8000)
    assert m.is_finished() and m.winner == "A" and m.handover == []
    assert m.outcome().termination == "WRGP-F4"
    with pytest.raises(MatchOver) as exc:
        m.end_turn()
    assert exc.value.rule == "WRGP-F4"


def test_f5_first_turn_has_no_draw_no_battle():
    m = WrgpMatch()
    rejected_by("WRGP-F5", m.phase, "battle")
    rejected_by("WRGP-F5", m.phase, "main2")
    m.phase("main1")
    assert any(e.rule == "WRGP-F5" and e.code == "wrgp.event.first_turn_no_draw" for e in m.events)
    m.end_turn()
    m.phase("battle")
    assert m.turn == 2 and m.phase_key == "battle"


def test_f6_once_per_duel_is_per_team():
    m = at()
    m.once_per_duel("A", "Spore")
    rejected_by("WRGP-F6", m.once_per_duel, "A", "Spore")
    m.once_per_duel("B", "Spore")
    m.lose("A")
    m.end_turn()
    rejected_by("WRGP-F6", m.once_per_duel, "A", "Spore")


def test_f7_lp_loop_gains_once_per_player():
    m = at(lp={"A": 100, "B": 100})
    m.gain_loop("A", "both", 1000, times=50)
    assert m.lp == {"A": 1100, "B": 1100}


def test_f8_special_victory_makes_one_duelist_lose():
    m = at()
    m.special_victory("A", "Exodia")
    assert not m.is_finished() and m.out == ["B1"] and m.lp["B"] == 0
    m2 = at(duelist={"B": 3})
    m2.special_victory("A", "Exodia")
    assert m2.winner == "A"  # only because B3 was B's last duelist (WRGP-F4)


def test_f9_deliberate_loss_allowed():
    m = at()
    m.damage("A", "self", 9000)
    assert m.out == ["A1"]
    m2 = at()
    m2.lose("A", "Self-Destruct Button")
    assert m2.out == ["A1"] and "WRGP-F9" in rules_of(m2)


def test_f10_lp_floor_and_fresh_lp():
    m = at(start_lp=4000, lp={"B": 10})
    m.damage("A", "opponent", 99999)
    assert m.lp["B"] == 0
    m.end_turn()
    assert m.lp["B"] == 4000


# --- handover: WRGP-H1..H9 ---------------------------------------------------------------------
def test_h1_run_on_passes_every_phase():
    m = at(lp={"B": 100})
    m.damage("A", "opponent", 100)
    m.end_turn()
    runs = [e.args["phase"]["code"] for e in m.events if e.rule == "WRGP-H1" and e.code == "wrgp.event.run_on_phase_begins"]
    assert runs == ["wrgp.phase.battle", "wrgp.phase.main2", "wrgp.phase.end"]


@pytest.mark.parametrize("kind", sorted(T.HANDOVER_ALLOWED))
def test_h2_run_on_table(kind):
    m = at(lp={"B": 100})
    m.damage("A", "opponent", 100)
    m.phase("main2")
    if kind == "attack":
        assert not m.is_legal("attack", "A", 100)
        return
    if kind == "speed_world":
        m.spc["A"] = 12
        assert m.is_legal("speed_world", "A", 4) is T.HANDOVER_ALLOWED[kind]
        return
    assert m.is_legal("act", "A", kind) is T.HANDOVER_ALLOWED[kind]
    assert m.is_legal("act", "B", kind) is T.HANDOVER_ALLOWED[kind]


def test_h2_standard_timing_outside_handover():
    m = at()
    m.act("A", "summon")
    rejected_by("STD-TIMING", m.act, "B", "summon")
    m.act("B", "spell_speed_2")


def test_h3_loss_in_battle_interrupts():
    m = at(phase="battle", lp={"B": 100})
    m.attack("A", 500)
    assert "WRGP-H3" in rules_of(m)
    rejected_by("WRGP-H2", m.attack, "A", 500)   # reading no-attack-in-run-on


def test_h4_h5_h6_zones():
    m = at(player="B")
    m.place("A", "Monster", "monster", kind="Effect Monster")
    m.place("A", "Pendulum", "pendulum")
    m.place("A", "Trap", "spell_trap", face_up=False)
    m.place("A", "InHand", "hand")
    m.place("A", "InGY", "gy")
    m.lose("A")
    m.end_turn()
    assert m.cards["Monster"].holder == "A2" and m.cards["Monster"].owner == "A1"
    assert m.cards["InHand"].holder == "A1" and m.cards["InGY"].holder == "A1"
    m.destroy("B", "Monster")
    assert (m.cards["Monster"].zone, m.cards["Monster"].holder) == ("gy", "A2")        # WRGP-H5
    m.move("Pendulum", "extra_face_up")
    assert (m.cards["Pendulum"].zone, m.cards["Pendulum"].holder) == ("extra", "A2")   # WRGP-H5
    m.move("Trap", "hand")
    assert (m.cards["Trap"].zone, m.cards["Trap"].holder) == ("hand", "A1")            # WRGP-H6
    assert {"WRGP-H4", "WRGP-H5", "WRGP-H6"} <= rules_of(m)


def test_h6_non_handed_over_card_goes_to_own_hand():
    m = at()
    m.place("A", "Mine", "monster", kind="Effect Monster")
    m.move("Mine", "hand")
    assert m.cards["Mine"].holder == "A1"
    assert m.events[-1].rule == "STD-CARDS"


def test_h7_effects_carry_over():
    m = at()
    m.continuing("A", "Relay Soul")
    m.lose("A")
    m.end_turn()
    assert any(e.rule == "WRGP-H7" and e.code == "wrgp.event.effect_carries_over" and e.args["card"] == "Relay Soul"
               for e in m.events)


def test_h8_gain_does_not_undo_loss():
    m = at(lp={"B": 100})
    m.damage("A", "opponent", 100)
    m.gain("B", "self", 5000)
    assert m.handover == ["B"] and m.lp["B"] == 5000
    rejected_by("WRGP-H8", m.lose, "B")
    m.end_turn()
    assert m.duelist("B") == "B2" and m.lp["B"] == 8000


def test_h9_baton_touch_rules():
    m = at(phase="draw", spc={"A": 4, "B": 4})
    rejected_by("WRGP-H9", m.baton_touch, "B")
    m.place("A", "Field", "monster")
    m.baton_touch("A")
    assert m.duelist("A") == "A2" and m.out == ["A1"] and m.spc == {"A": 4, "B": 4}
    assert m.player == "A" and m.phase_key == "draw" and not m.drawn
    assert m.cards["Field"].holder == "A2"
    m.phase("standby")
    rejected_by("WRGP-H9", m.baton_touch, "A")
    rejected_by("WRGP-H9", WrgpMatch().baton_touch, "A")
    rejected_by("WRGP-H9", at(phase="draw", duelist={"A": 3}).baton_touch, "A")


# --- draws: WRGP-D1..D3 ------------------------------------------------------------------------
def test_d1_card_controller_treated_as_winner():
    m = at(lp={"A": 1000, "B": 1000})
    m.damage("A", "both", 1000, card="Destruction Ring")
    assert m.out == ["B1"] and m.at_zero == {"A"}
    m.end_turn()
    assert m.player == "B" and m.lp["A"] == 0
    # the survivor loses at the next damage or payment
    m2 = m.copy()
    m2.pay("A", 100, as_="effect")            # an effect that makes them pay: a loss (reading no-cost-at-0)
    assert m2.out[-1] == "A1"
    rejected_by("STD-LP", m.copy().pay, "A", 100)   # a cost at 0 LP cannot be paid
    m.phase("main1")
    m.damage("B", "opponent", 1)
    assert m.out == ["B1", "A1"]


def test_d1_controller_by_b():
    m = at(lp={"A": 500, "B": 500})
    m.damage("B", "both", 700)
    assert m.out == ["A1"] and m.at_zero == {"B"}
    assert reading("draw-survivor-stays-at-0").rule == "WRGP-D1"


def test_d2_damaged_last_loses():
    m = at(lp={"A": 200, "B": 200})
    m.chain([
        {"by": "A", "card": "Sparks", "damage": {"to": "opponent", "amount": 200}},
        {"by": "B", "card": "Chain Strike", "damage": {"to": "opponent", "per_link": 400}},
    ])
    assert m.out == ["B1"] and m.at_zero == {"A"}
    # reversed activation order (in B's turn: Sparks is Spell Speed 1): now A is damaged last
    m2 = at(player="B", lp={"A": 200, "B": 200})
    m2.chain([
        {"by": "B", "card": "Sparks", "damage": {"to": "opponent", "amount": 200}},
        {"by": "A", "card": "Chain Strike", "damage": {"to": "opponent", "per_link": 400}},
    ])
    assert m2.out == ["A1"]


def test_d2_chain_strike_counts_its_link_number():
    m = at()
    m.chain([
        {"by": "A", "card": "x", "damage": {"to": "self", "amount": 0}},
        {"by": "A", "card": "y", "damage": {"to": "self", "amount": 0}},
        {"by": "B", "card": "Chain Strike", "damage": {"to": "opponent", "per_link": 400}},
    ])
    assert m.lp["A"] == 8000 - 1200


def test_d2_losses_settled_after_whole_chain_and_zero_stays_lost():
    # Reading zero-in-chain-stays-lost (WRGP-D2, WRGP-H8): the chain resolves to its end (the gain is
    # added), but A reached 0 at link 2 and the later gain does not undo the loss.
    m = at(lp={"A": 1000})
    m.chain([
        {"by": "A", "card": "gain", "gain": {"to": "self", "amount": 500}},
        {"by": "B", "card": "burn", "damage": {"to": "opponent", "amount": 1000}},
    ])
    assert m.out == ["A1"] and m.lp["A"] == 500 and m.handover == ["A"]


def test_d3_second_loss_during_handover():
    m = at(lp={"A": 4000, "B": 4000})
    m.at_end_phase("A", "Power Bond", "self", 4000)
    m.phase("battle")
    m.attack("A", 8000)
    m.end_turn()
    assert m.out == ["B1", "A1"] and m.player == "A" and m.pos == {"A": 2, "B": 2}
    assert "WRGP-D3" in rules_of(m)


# --- Speed World: WRGP-SW1..SW8 ----------------------------------------------------------------
def test_sw1_cannot_be_destroyed():
    m = at(spc={"A": 10})
    rejected_by("WRGP-SW1", m.destroy, "A", "Speed World")
    rejected_by("WRGP-SW1", m.speed_world, "A", 10, destroy=["Speed World"])
    assert m.spc["A"] == 10


def test_sw2_field_spell_does_not_replace_speed_world():
    m = at()
    m.place("A", "Mystic Plasma Zone", "field")
    assert "WRGP-SW2" in rules_of(m)
    m.end_turn()
    m.phase("standby")
    assert m.spc == {"A": 2, "B": 2}


def test_sw3_standby_counters_capped():
    m = at(phase="draw", spc={"A": 11, "B": 0})
    m.phase("standby")
    assert m.spc == {"A": 12, "B": 2}


@pytest.mark.parametrize("a,b,gain", [(1, 1, 4), (2, 1, 4), (1, 2, 2), (3, 1, 4), (1, 3, 2)])
def test_sw4_loss_counters(a, b, gain):
    m = at(player="B", duelist={"A": a, "B": b})
    m.damage("B", "opponent", 8000)
    assert m.spc["A"] == gain
    assert T.loss_counters(a, b) == gain


def test_sw4_no_counters_for_baton_touch():
    m = at(phase="draw")
    m.baton_touch("A")
    assert m.spc == {"A": 0, "B": 0}


@pytest.mark.parametrize("a,b,dmg,draw", [(1, 1, 1600, 1), (2, 1, 3200, 2), (3, 1, 4800, 3), (1, 2, 800, 1),
                                          (2, 3, 800, 1), (3, 2, 3200, 2)])
def test_sw5_sizes(a, b, dmg, draw):
    assert T.speed_world_size(4, a, b) == dmg
    assert T.speed_world_size(7, a, b) == draw
    assert T.speed_world_size(10, a, b) == draw
    m = at(duelist={"A": a, "B": b}, spc={"A": 12})
    m.speed_world("A", 4)
    assert m.lp["B"] == 8000 - dmg and m.spc["A"] == 8


def test_sw5_timing_and_counters():
    m = at(spc={"A": 3, "B": 12})
    rejected_by("WRGP-SW5", m.speed_world, "A", 4)
    rejected_by("WRGP-SW5", m.speed_world, "B", 4)
    m.spc["A"] = 12
    m.phase("battle")
    rejected_by("WRGP-SW5", m.speed_world, "A", 4)
    m.phase("main2")
    m.speed_world("A", 4)
    m.speed_world("A", 4)   # any number of times while counters last
    m.speed_world("A", 4)
    assert m.spc["A"] == 0


def test_sw5_destroy_limit():
    m = at(spc={"A": 10})
    m.place("B", "X", "monster")
    m.place("B", "Y", "monster")
    rejected_by("WRGP-SW5", m.speed_world, "A", 10, destroy=["X", "Y"])  # X = 0: up to 1 card


@pytest.mark.parametrize("scope", sorted(T.SPEED_WORLD_SCOPES))
def test_sw6_scopes(scope):
    m = at()
    assert m.is_legal("target_speed_world", "A", "some card", scope) is T.SPEED_WORLD_SCOPES[scope][0]


def test_sw7_effect_is_spell_of_remover():
    m = at(spc={"A": 10})
    m.place("B", "Stardust Dragon", "extra_monster")
    m.speed_world("A", 10, destroy=["Stardust Dragon"])
    c = m.cards["Stardust Dragon"]
    assert (c.zone, c.destroyed_by, c.destroyed_with) == ("gy", "A1", "spell")
    assert "WRGP-SW7" in rules_of(m)


def test_sw8_counter_cleaner_and_gate_blocker():
    m = at(spc={"A": 7, "B": 5})
    rejected_by("STD-TIMING", m.counter_cleaner, "B")   # a Normal Spell: only in B's own Main Phase
    m.counter_cleaner("A")
    assert m.spc == {"A": 0, "B": 0}
    m.place("B", "Gate Blocker", "monster")
    m.end_turn()
    m.phase("standby")
    assert m.spc == {"A": 0, "B": 2}
    m.phase("main1")
    m.damage("B", "opponent", 8000)   # A's loss counters are blocked too
    assert m.spc["A"] == 0
    m2 = at(spc={"B": 4})
    m2.place("A", "Gate Blocker", "monster")
    m2.end_turn()
    m2.phase("main1")
    m2.speed_world("B", 4)            # the Field Spell negation part does not apply
    assert m2.lp["A"] == 6400


# --- API ---------------------------------------------------------------------------------------
def test_rejected_actions_leave_state_unchanged():
    m = at(spc={"A": 2})
    before = m.state()
    with pytest.raises(IllegalAction):
        m.speed_world("A", 4)
    after = m.state()
    assert after == before and m.step == 0          # nothing changes, the step counter included


def test_illegal_action_is_value_error_with_rule():
    m = WrgpMatch()
    with pytest.raises(ValueError) as exc:
        m.phase("battle")
    assert exc.value.rule == "WRGP-F5" and "first turn" in exc.value.reason


def test_copy_is_independent_and_repr_stable():
    m = at()
    c = m.copy()
    c.damage("A", "opponent", 8000)
    assert m.out == [] and c.out == ["B1"]
    assert "0x" not in repr(m) and repr(m).startswith("<WrgpMatch wrgp turn=13 player=A phase=main1")


def test_readings_are_listed_with_ids_names_text():
    items = readings("wrgp")
    ids = {r.id for r in items}
    assert {"draw-survivor-stays-at-0", "match-ends-at-last-loss", "speed-world-is-ignition-spell",
            "loss-counters-at-the-moment", "baton-touch-inherits-field", "lineup-size-setting",
            "lp-floor-and-start", "zero-in-chain-stays-lost", "chain-last-damaged-loses", "second-loss-both-out"} <= ids
    for r in items:
        assert r.rule in T.RULES and r.title and r.text.endswith(".")


def test_legal_actions_follow_the_rules():
    from rulings_lib.verbs import Action

    def act(text):
        return Action.parse(text, WrgpMatch)

    m = WrgpMatch()
    acts = m.legal_actions()
    assert act("phase: battle") not in acts and act("baton_touch: A") not in acts   # WRGP-F5, H9
    assert act("act: {by: A, action: summon}") not in acts          # not in the Draw Phase
    m.end_turn()
    assert act("baton_touch: B") in m.legal_actions()  # turn 2, before the draw
    m.phase("main1")
    m.spc["B"] = 4
    acts = m.legal_actions()
    assert act("speed_world: {by: B, remove: 4}") in acts and act("speed_world: {by: B, remove: 7}") not in acts
    assert act("act: {by: B, action: summon}") in acts and act("act: {by: A, action: summon}") not in acts
    m.damage("B", "opponent", 8000)
    acts = m.legal_actions()
    assert act("act: {by: B, action: summon}") not in acts and act("act: {by: A, action: trigger_effect}") in acts   # WRGP-H2
    assert m.rejected == []   # asking changes nothing
