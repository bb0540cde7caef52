"""Within a turn: TAG-P2's seat order, TAG-P4's alternation, TAG-P5's two rounds, the truce's
timing (TAG-R5), Change Up! (TAG-R3); and the API boundary of TagMatch (ArgumentError)."""

import math

import pytest

from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.readings import reading
from rulings_lib.tag import TagMatch, UnknownPlayer
from rulings_lib.tag import tables as T


def rejected(m, verb, *args, **kwargs) -> str:
    """The rule id of the IllegalAction the call raises; the match must not change."""
    before, step = m.state(), m.step
    with pytest.raises(IllegalAction) as exc:
        getattr(m, verb)(*args, **kwargs)
    assert m.state() == before and m.step == step
    return exc.value.rule


SPLIT = {"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 20}},
         "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}}


# ---------------------------------------------------------------------------------- TAG-P5
def test_p5_options_and_abilities_are_two_rounds():
    m = TagMatch()                     # red first: red-A, blue-A, red-B, blue-B
    m.act("red-B", "point_calculation", "option")
    assert rejected(m, "act", "red-A", "point_calculation", "option") == "TAG-P5"
    m.act("red-A", "point_calculation", "ability")      # step 4 starts again from first-A
    assert rejected(m, "act", "blue-B", "point_calculation", "option") == "TAG-P5"   # step 2 is over
    m.act("blue-B", "point_calculation", "ability")
    assert rejected(m, "act", "blue-A", "point_calculation", "ability") == "TAG-P5"


def test_p5_passes_end_the_options_round():
    m = TagMatch()
    for p in m.order("point_calculation"):
        m.pass_(p, "point_calculation")
    assert rejected(m, "act", "blue-B", "point_calculation", "option") == "TAG-P5"
    m.act("red-A", "point_calculation", "ability")


# ---------------------------------------------------------------------------------- TAG-P4
def test_p4_first_tag_may_act_once_the_second_tag_passed():
    m = TagMatch()
    assert rejected(m, "act", "red-A", "battle") == "TAG-P4"
    m.pass_("blue-B", "battle")
    m.act("red-A", "battle", "option")
    assert m.events[-1].args["note"].code == "tag.event.battle_turn_taken"   # (battle-phase-alternation)


def test_p4_one_person_a_turn_and_alternation():
    m = TagMatch()
    m.act("blue-A", "battle", "option")
    m.act("blue-A", "battle", "ability")                  # several uses in one turn
    assert rejected(m, "act", "blue-B", "battle") == "TAG-P4"   # one person at a time
    m.act("red-B", "battle")                              # red's turn (blue's ended with its uses)
    assert rejected(m, "act", "red-A", "battle") == "TAG-P4"
    m.act("blue-B", "battle")                             # the partner who did not act, next turn


def test_p4_two_passes_in_a_row_end_the_uses():
    m = TagMatch()
    m.pass_("blue-A", "battle")
    m.pass_("red-B", "battle")                            # both tags passed first: step 3 at once
    for p in m.players():
        assert rejected(m, "act", p, "battle") == "TAG-P4"
        assert rejected(m, "pass_", p, "battle") == "TAG-P4"
    m.battle(SPLIT)
    m.pass_("red-A", "battle")                            # a new turn: red is second now


def test_p4_a_turn_with_uses_is_not_a_pass():
    m = TagMatch()
    m.act("blue-A", "battle")
    m.pass_("blue-A", "battle")                           # ends blue's turn
    m.pass_("red-A", "battle")                            # one pass
    m.act("blue-B", "battle")                             # still open
    m.pass_("red-B", "battle")
    m.pass_("blue-A", "battle")                           # two in a row
    assert rejected(m, "act", "red-A", "battle") == "TAG-P4"


def test_p4_four_acts_in_a_row_by_one_tag_are_not_all_accepted():
    m = TagMatch()
    m.act("blue-A", "battle")
    assert rejected(m, "act", "blue-B", "battle") == "TAG-P4"


# ---------------------------------------------------------------------------------- TAG-P2
def test_p2_seat_order_is_enforced():
    m = TagMatch()
    m.evolve("blue-B")                                    # second-B: the earlier seats' turns are over
    assert rejected(m, "evolve", "red-A") == "TAG-P2"
    assert rejected(m, "act", "blue-A", "evolution", "ability") == "TAG-P2"
    m.act("red-A", "evolution", "option")                 # options: any player, any seat's steps 1-2


def test_p2_each_seat_evolves_then_abilities_until_it_passes():
    m = TagMatch()
    m.evolve("red-A")
    assert rejected(m, "evolve", "red-A") == "TAG-P2"     # step 1 is one decision
    m.act("red-A", "evolution", "ability")
    m.act("red-A", "evolution", "ability")
    m.pass_("red-A", "evolution")
    assert rejected(m, "act", "red-A", "evolution", "ability") == "TAG-P2"
    m.call_off("blue-A")
    assert rejected(m, "evolve", "blue-A") == "TAG-P2"
    assert rejected(m, "call_off", "red-B") == "TAG-P2"   # first tag
    assert rejected(m, "act", "red-B", "battle", "evolve") == "TAG-P2"


def test_p2_all_passed_ends_the_phase():
    m = TagMatch()
    for p in m.order("evolution"):
        m.pass_(p, "evolution")
    assert rejected(m, "act", "red-A", "evolution", "option") == "TAG-P2"
    m.act("blue-A", "battle_start")


def test_p2_act_without_kind_is_still_an_option():
    m = TagMatch()
    m.act("red-B", "evolution")
    m.act("red-A", "evolution")
    assert m.events[-1].rule == "TAG-P2"


# ---------------------------------------------------------------------------------- TAG-R3
def test_change_up_swaps_letters_for_the_rest_of_the_game():
    m = TagMatch()
    m.card("red-A", "St-320")
    assert m.letters == {"red-A": "B", "red-B": "A", "blue-A": "A", "blue-B": "B"}
    assert m.opponent("red-A") == "blue-B" and m.opponent("blue-A") == "red-B"
    assert m.seats()["first-A"] == "red-B" and m.player("red", "A") == "red-B"
    assert m.events[-1].code == "tag.event.letters_exchanged"     # (change-up-lasts-the-game)
    m.battle(SPLIT)
    assert m.points == {"red-A": 70, "red-B": 100, "blue-A": 80, "blue-B": 100}   # red-A lost letter B's battle
    assert m.battles[0].players == {"red": "red-B", "blue": "blue-A"}
    assert m.state()["letters"]["red-A"] == "B"                                     # still next turn
    m.card("red-B", "St-319")                                                       # and back
    assert m.letters["red-A"] == "A"


def test_change_up_reads_lost_points_at_the_new_opponents_level():
    m = TagMatch()
    m.card("blue-B", "St-319")                        # blue-A is letter B now, facing red-B
    table = {3: 10, 4: 20, "perfect": 30, "ultimate": 40}
    m.battle({"A": {"red": {"power": 100, "lost_table": table, "level": 3}, "blue": {"power": 500, "level": 4}},
              "B": {"red": {"power": 900, "level": "perfect"}, "blue": {"power": 100, "lost_table": table,
                                                                        "level": "ultimate"}}})
    assert m.points["red-A"] == 80 and m.points["blue-A"] == 70


def test_change_up_with_an_out_partner_and_setup_letters():
    m = TagMatch(turn=2, out=["red-A"])
    assert rejected(m, "card", "red-B", "St-319") == "TAG-E1"
    m = TagMatch(letters={"red-A": "B", "red-B": "A"})
    assert m.opponent("red-B") == "blue-A" and m.events[1].args["note"].code == "tag.note.other_letter_since_change_up"
    with pytest.raises(ArgumentError):
        TagMatch(letters={"red-A": "B"})
    assert reading("change-up-lasts-the-game").rule == "TAG-R3"


def test_change_up_is_mirror_of_the_other_tag():
    m = TagMatch()
    m.card("red-A", "St-319", on="blue-B")            # names the other tag: its players swap
    assert m.letters["blue-A"] == "B" and m.letters["red-A"] == "A"


# ---------------------------------------------------------------------------------- TAG-R5
@pytest.mark.parametrize("phase", ["battle_start", "battle", "point_calculation"])
def test_truce_from_battle_start_on_is_rejected(phase):
    m = TagMatch()
    assert rejected(m, "truce", "blue-A", phase) == "TAG-R5"
    m.act("blue-A", phase)
    assert rejected(m, "truce", "blue-A") == "TAG-R5"
    assert rejected(m, "card", "blue-A", "St-220") == "TAG-R5"
    assert rejected(m, "truce", "blue-A", "evolution") == "TAG-R5"


def test_truce_in_preparation_follows_the_seat_order_and_in_evolution_any_seat():
    m = TagMatch()
    m.act("red-B", "preparation")
    assert rejected(m, "truce", "red-A", "preparation") == "TAG-P1"
    m.copy().truce("blue-B", "preparation")
    m.evolve("blue-B")
    m.truce("red-A", "evolution")
    assert (m.turn, m.first, m.battles) == (2, "blue", [])
    assert set(m.points.values()) == {100}
    assert "tag.event.truce_skips_battle" in [e.code for e in m.events]     # (truce-timing)


# ---------------------------------------------------------------------------------- the API boundary
BAD_CALLS = [
    lambda: TagMatch(None), lambda: TagMatch("rb"), lambda: TagMatch(("red", 5)), lambda: TagMatch(("A", "x")),
    lambda: TagMatch(points=math.nan), lambda: TagMatch(points=1.5), lambda: TagMatch(turn=0),
    lambda: TagMatch(first=["red"]), lambda: TagMatch(gauges={"red-A": math.inf}), lambda: TagMatch(out="red-A"),
    lambda: TagMatch(out=["red-A", "red-A"]), lambda: TagMatch(letters={"red-A": "C"}),
    lambda: TagMatch(gauges=[1]), lambda: TagMatch(points=10 ** 5000),
    lambda: TagMatch().card("red-A", None), lambda: TagMatch().card("red-A", "St-1", effect=1.0),
    lambda: TagMatch().truce("green-A"), lambda: TagMatch().truce(None), lambda: TagMatch().act("red-A", "lunch"),
    lambda: TagMatch().act("red-A", "battle", kind="dance"), lambda: TagMatch().battle(None),
    lambda: TagMatch().battle({"A": {"red": {"power": math.nan}, "blue": {"power": 1}}, "B": {}}),
    lambda: TagMatch().battle({"A": {"red": {"power": 1.5}, "blue": {"power": 1}}}),
    lambda: TagMatch().battle({"C": {}}), lambda: TagMatch().battle({"A": [1, 2]}),
    lambda: TagMatch().battle({"A": {"red": {"power": 1, "extra": 1}, "blue": {"power": 1}}}),
    lambda: TagMatch().battle({"A": {"red": {"power": 5}, "blue": {"power": 1, "lost_table": {3: 1}}},
                               "B": {"red": {"power": 1}, "blue": {"power": 1}}}),
    lambda: TagMatch().use("red-A", "magic"), lambda: TagMatch().target("red-A", "projection"),
    lambda: TagMatch().target("red-A", "all", meets_requirements="yes"),
    lambda: TagMatch().record_deck_check("yes", [], []), lambda: TagMatch().record_deck_check(True, [{}], []),
    lambda: TagMatch().order("lunch"), lambda: TagMatch().check_target("red-A", None),
    lambda: TagMatch().may_use("red-A", None), lambda: TagMatch().partner(None), lambda: TagMatch().opponent(3),
    lambda: TagMatch().seat_of("x"), lambda: TagMatch().player("red", "C"), lambda: TagMatch().tag_of(None),
    lambda: TagMatch().letter_of([]), lambda: TagMatch().other_tag("green"), lambda: TagMatch().in_game_of(None),
    lambda: TagMatch.card_rule(None), lambda: TagMatch.next_turn_rule("red"), lambda: TagMatch().is_legal("nonsense"),
    lambda: TagMatch().is_legal("act", "red-A", None), lambda: TagMatch().act("red-A"),
    lambda: TagMatch().act("red-A", "battle", "option", "extra"), lambda: TagMatch().rematch(by=None, when=1),
]


@pytest.mark.parametrize("call", BAD_CALLS, ids=range(len(BAD_CALLS)))
def test_malformed_calls_raise_argument_error(call):
    with pytest.raises(ArgumentError) as exc:
        call()
    assert isinstance(exc.value, ValueError) and "expected " in str(exc.value) and exc.value.param


def test_unknown_player_is_an_argument_error_naming_the_parameter():
    m = TagMatch()
    with pytest.raises(UnknownPlayer) as exc:
        m.truce("green-A")
    assert exc.value.param == "by" and isinstance(exc.value, ArgumentError) and "red-A" in str(exc.value)


def test_a_malformed_call_changes_nothing_not_even_the_step_counter():
    m = TagMatch()
    m.act("red-A", "preparation")
    before, step, n = m.state(), m.step, len(m.events)
    for call in (lambda: m.act("red-A", None), lambda: m.battle({"A": 1}), lambda: m.card("red-A", "St-220", phase=3)):
        with pytest.raises(ArgumentError):
            call()
    assert m.state() == before and m.step == step and len(m.events) == n


def test_tables_name_every_action_kind():
    assert set(T.ACTION_LABELS) == set(T.ACTION_KINDS)
    for phase, kinds in T.ACTION_STEPS.items():
        assert phase in T.PHASE_KEYS and set(kinds) <= set(T.ACTION_KINDS)
        assert all(k in (0,) or k in {s.number for s in T.phase(phase).steps} for k in kinds.values())
