"""Named cards play their printed text: effect types apart from Spell Speed, an attack needs its
monster, and no Trap before it can have been Set."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings_lib.cards import MONSTER_TYPES, SPELL_TRAP_TYPES, catalogue, type_speeds
from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch

CARDS = list(catalogue("wrgp.yaml"))
MONSTERS = [c for c in CARDS if c.is_monster]
# (a card whose negation the kit does not play -- of a destruction, of an attack -- is refused
# as a chain link, tests/test_wrgp_costs_negation_and_contradictions.py; the properties here are about the cards it plays)
# (a card whose every activation relies on a clause the kit does not play -- Mirror Force's attack
# declaration, Junk Synchron's Normal Summon -- is refused as a whole, tests/test_wrgp_card_clauses.py)
ACTIVATED = [c for c in CARDS if c.speed is not None and c.id != "speed-world-wrgp"
             and c.effect.get("negate") in (None, "spell_trap_activation") and not c.unplayed_for("activation")]


def at(**kw) -> WrgpMatch:
    kw.setdefault("turn", 3)
    kw.setdefault("phase", "main1")
    return WrgpMatch(**kw)


def refused(call) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        call()
    return err.value


# ---------------------------------------------------------------------- effect types
def test_every_catalogue_card_has_a_type_that_agrees_with_its_spell_speed():
    for c in CARDS:
        if c.is_monster:
            assert c.type in MONSTER_TYPES, c.id
        else:
            assert c.type == SPELL_TRAP_TYPES[c.kind], c.id
        if "special_victory" in c.effect:
            assert c.type == "trigger" and c.speed is None, c.id     # WRGP-F8
        else:
            assert c.speed in type_speeds(c.kind, c.type, c.is_monster), c.id


def test_the_cards_whose_type_the_speed_guessed_wrong():
    by = {c.id: c for c in CARDS}
    assert by["sinister-serpent"].type == "trigger" and by["sinister-serpent"].action_kind == "trigger_effect"
    assert by["gorz"].type == "trigger" and by["gorz"].speed == 1 and by["gorz"].action_kind == "trigger_effect"
    assert by["spore"].action_kind == "ignition_effect"
    assert by["stardust-dragon"].type == "quick" and by["stardust-dragon"].action_kind == "spell_speed_2"


def test_sinister_serpent_in_its_own_standby_phase_and_in_the_run_on():
    at(phase="standby").activate("A", "Sinister Serpent")       # before: refused as an ignition effect
    m = at(phase="draw", lp={"B": 500})
    m.damage("A", to="opponent", amount=500)
    m.phase("standby")
    m.activate("A", "キラー・スネーク")                          # WRGP-H2: a monster trigger effect
    assert refused(lambda: at().activate("A", "Sinister Serpent")).rule == "STD-TIMING"
    assert refused(lambda: at(phase="standby").activate("B", "Sinister Serpent")).rule == "STD-TIMING"


def test_gorz_does_not_answer_sparks_but_opens_a_chain_of_its_own():
    m = at(lp={"A": 8000, "B": 8000})
    err = refused(lambda: m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Gorz"}]))
    assert err.rule == "STD-TIMING" and "trigger" in str(err)
    m.chain([{"by": "A", "card": "Sparks"}])
    m.activate("B", "冥府の使者ゴーズ")


def test_run_on_refusals_word_the_rulebooks_categories():
    m = at(lp={"B": 500})
    m.damage("A", to="opponent", amount=500)
    text = str(refused(lambda: m.activate("A", "Ookazi")))
    assert "Spell Speed 1 Spell Card" in text and "card or effect" not in text


@settings(max_examples=60, deadline=None)
@given(card=st.sampled_from([c for c in ACTIVATED if c.is_monster]), phase=st.sampled_from(["standby", "main2", "end"]))
def test_a_monster_effects_run_on_permission_follows_its_type_never_its_speed(card, phase):
    """For every catalogue monster with an effect to activate: during the run-on (WRGP-H2) a trigger
    effect is allowed, an ignition effect refused, a quick effect allowed (Spell Speed 2)."""
    m = at(phase="draw" if phase == "standby" else "main1", lp={"B": 500})
    m.damage("A", to="opponent", amount=500)
    m.phase(phase)
    if card.effect.get("when") == "damaged_no_cards":
        m.damage("B", to="opponent", amount=100)    # Gorz's own moment: right after damage from the opponent
    try:
        m.activate("A", card.en)
        ok, rule = True, None
    except IllegalAction as exc:
        ok, rule = False, exc.rule
    if card.type == "ignition":
        assert (ok, rule) == (False, "WRGP-H2")
    elif card.effect.get("when") == "own_standby":
        assert ok == (phase == "standby"), rule
    else:
        assert ok, rule
    assert T.HANDOVER_ALLOWED[card.action_kind] == (card.type != "ignition")


@settings(max_examples=60, deadline=None)
@given(first=st.sampled_from([c for c in ACTIVATED if c.speed == 2]),
       second=st.sampled_from([c for c in ACTIVATED if c.is_monster and c.type in ("trigger", "ignition")]))
def test_a_spell_speed_1_monster_effect_never_answers_a_link(first, second):
    m = at(lp={"A": 8000, "B": 8000})
    with pytest.raises(IllegalAction):
        m.chain([{"by": "A", "card": first.en}, {"by": "B", "card": second.en}])


# ---------------------------------------------------------------------- attacks
def battle(**kw) -> WrgpMatch:
    m = at(phase="battle", **kw)
    m.place("A", "Dark Magician", "monster")
    return m


def test_an_attack_needs_the_monster_face_up_on_its_duelists_field_once():
    m = battle()
    m.place("A", "Stardust Dragon", "gy")
    m.place("A", "Cyber Dragon", "monster", face_up=False)
    m.place("B", "Blue-Eyes White Dragon", "monster")
    for name in ("Stardust Dragon", "Cyber Dragon", "Blue-Eyes White Dragon"):
        assert refused(lambda n=name: m.attack("A", with_=n)).rule == "STD-TIMING"
    with pytest.raises(ArgumentError, match="place it first"):
        m.attack("A", with_="Jinzo")                    # not in the match: the kit does not know where it is
    m.destroy("A", "Blue-Eyes White Dragon")    # a direct attack needs the opponent without monsters (C)
    m.attack("A", with_="Dark Magician")
    assert m.lp["B"] == 8000 - 2500
    assert refused(lambda: m.attack("A", with_="ブラック・マジシャン")).rule == "STD-TIMING"
    assert m.lp["B"] == 8000 - 2500


def test_a_monster_attacks_again_in_its_next_battle_phase():
    m = battle()
    m.attack("A", with_="Dark Magician")
    m.end_turn()
    m.end_turn()
    m.phase("battle")
    m.attack("A", with_="Dark Magician")
    assert m.lp["B"] == 8000 - 5000


def test_a_suicide_attack_takes_the_difference_never_the_attackers_atk():
    with pytest.raises(ArgumentError, match="difference"):
        battle().attack("A", with_="Dark Magician", to="self")
    m = battle()
    m.attack("A", with_="Dark Magician", to="self", damage=500)
    assert m.lp["A"] == 7500


@settings(max_examples=40, deadline=None)
@given(zone=st.sampled_from(T.ZONES), face_up=st.booleans(), owner=st.sampled_from(T.TEAMS))
def test_only_a_face_up_monster_of_ones_own_monster_zone_attacks(zone, face_up, owner):
    m = at(phase="battle")
    m.place(owner, "Dark Magician", zone, face_up=face_up)
    can = zone in ("monster", "extra_monster") and face_up and owner == "A"
    try:
        m.attack("A", with_="Dark Magician")
        assert can and m.lp["B"] == 8000 - 2500
    except IllegalAction as exc:
        assert not can and exc.rule == "STD-TIMING" and m.lp["B"] == 8000


# ---------------------------------------------------------------------- Traps need an earlier Set
def test_nobody_activates_a_trap_on_turn_1():
    m = WrgpMatch()
    m.phase("main1")
    for team in T.TEAMS:
        assert refused(lambda t=team: m.activate(t, "Sparks")).rule == "STD-TIMING"


def test_team_b_none_before_its_first_turn_has_ended():
    m = WrgpMatch()
    m.phase("main1")
    m.place("A", "Sparks", "spell_trap", face_up=False)
    assert refused(lambda: m.activate("A", "Sparks")).rule == "STD-TIMING"       # Set in this turn
    m.end_turn()
    m.phase("main1")
    assert refused(lambda: m.activate("B", "Destruction Ring")).rule == "STD-TIMING"
    assert refused(lambda: m.chain([{"by": "A", "card": "Ookazi"}])).rule == "STD-TIMING"  # not A's turn (own Main Phase)
    m.activate("A", "Sparks")
    assert m.lp["B"] == 7800 and m.cards["Sparks"].face_up
    m.end_turn()
    m.phase("main1")
    m.activate("B", "Destruction Ring")


def test_a_quick_play_spell_from_the_hand_in_its_own_turn_only():
    m = WrgpMatch()
    m.phase("main1")
    m.activate("A", "Mystical Space Typhoon")
    assert refused(lambda: m.activate("B", "Mystical Space Typhoon")).rule == "STD-TIMING"


def test_a_setup_that_places_a_card_set_counts_it_as_set_earlier(tmp_path):
    from rulings_lib.scenario import run_scenario, scenario_from_text

    text = ("format: wrgp\nsetup:\n  cards:\n    - {card: Sparks, by: B, zone: spell_trap, face_up: false}\n"
            "steps:\n  - phase: main1\n  - activate: {by: B, card: Sparks}\nexpect: {lp: {A: 7800, B: 8000}}\n")
    result = run_scenario(scenario_from_text(text, "set.yaml"))
    assert result.passed, result


@settings(max_examples=60, deadline=None)
@given(turn=st.integers(1, 6), by=st.sampled_from(T.TEAMS),
       trap=st.sampled_from([c.en for c in ACTIVATED if c.kind.endswith("Trap") and not c.effect.get("cost")]))
def test_a_trap_needs_a_turn_of_its_team_that_has_ended(turn, by, trap):
    """Played from turn 1: a team's Trap can be activated only once one of its own turns has ended."""
    m = WrgpMatch(lp={"A": 8000, "B": 8000})
    for _ in range(turn - 1):
        m.end_turn()
    m.phase("main1")
    first = 1 if by == "A" else 2
    try:
        m.chain([{"by": by, "card": trap}])
        assert turn > first
    except IllegalAction as exc:
        assert exc.rule == "STD-TIMING" and turn <= first
