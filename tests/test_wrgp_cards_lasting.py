"""Lasting and continuous effects are applied, not just listed (WRGP-H7), and a step that
relies on a clause the kit does not play is refused naming the card, the clause and why."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_wrgp_cards_text import at, refused

from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.scenario import run_scenario, scenario_from_text
from rulings_lib.wrgp.engine import WrgpMatch


def handover(m: WrgpMatch, team: str) -> None:
    m.lose(team)
    m.end_turn()


# ---------------------------------------------------------------------- Sekka's Light
def test_sekkas_light_binds_its_user_from_its_activation_for_the_rest_of_the_duel():
    m = at()
    m.activate("A", "雪花の光")
    err = refused(lambda: m.activate("A", "Ookazi"))
    assert err.rule == "WRGP-H7" and "Sekka's Light" in str(err)
    m.chain([{"by": "B", "card": "Sparks"}])            # its text binds "you": never the opponent
    handover(m, "A")                                     # WRGP-H7: the next duelist is bound too
    m.phase("main1")
    assert refused(lambda: m.activate("A", "Ookazi")).rule == "WRGP-H7"
    assert m.state()["restrictions"][0]["team"] == "A"


def test_sekkas_light_condition_and_its_own_name():
    m = at()
    m.place("A", "Dian Keto", "gy")
    assert refused(lambda: m.activate("A", "Sekka's Light")).code == "wrgp.reject.spell_trap_in_gy"
    m = at()
    m.activate("A", "Sekka's Light")
    assert refused(lambda: m.activate("A", "Sekka's Light")).code == "wrgp.reject.once_per_turn"


# ---------------------------------------------------------------------- Sales Ban
def test_sales_ban_opponent_this_turn_user_for_the_rest_of_the_duel():
    m = at()
    m.activate("A", "Sales Ban", declare="火の粉")      # the declared card, any spelling of it
    assert refused(lambda: m.chain([{"by": "B", "card": "Sparks"}])).rule == "WRGP-H7"
    assert refused(lambda: m.chain([{"by": "A", "card": "Sparks"}])).rule == "WRGP-H7"
    m.end_turn()
    m.phase("main1")
    m.chain([{"by": "B", "card": "Sparks"}])            # the opponent's part ended with the turn
    m.end_turn()
    m.phase("main1")
    assert refused(lambda: m.chain([{"by": "A", "card": "Sparks"}])).rule == "WRGP-H7"


def test_sales_ban_needs_its_declared_name_and_continuing_without_one_refuses_what_it_cannot_tell():
    with pytest.raises(ArgumentError, match="declare"):
        at().activate("A", "Sales Ban")
    m = at()
    m.continuing("A", "Sales Ban")
    with pytest.raises(ArgumentError, match="declare"):
        m.activate("A", "Ookazi")
    m = at()
    m.continuing("A", "Sales Ban", declare="Sparks")
    m.activate("A", "Ookazi")
    assert refused(lambda: m.chain([{"by": "A", "card": "Sparks"}])).rule == "WRGP-H7"


# ---------------------------------------------------------------------- Relay Soul
def test_relay_soul_no_damage_while_its_monster_is_face_up_then_a_loss_when_it_leaves():
    m = at(lp={"A": 8000, "B": 1000})
    m.activate("B", "魂のリレー", summon="Dark Magician")
    m.damage("A", to="opponent", amount=3000)
    m.damage("A", to="opponent", amount=800, card="Ookazi")
    m.phase("battle")
    with pytest.raises(IllegalAction, match="Dark Magician"):
        m.attack("A", damage=2000)                      # (no direct attack past Relay Soul's monster)
    assert m.lp["B"] == 1000 and m.out == []
    m.destroy("A", "Dark Magician")                     # "your opponent wins": WRGP-F8, B's duelist loses
    assert m.out == ["B1"] and m.state()["lp"]["B"] == 0


def test_relay_soul_carries_over_the_handover():
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("B", "Relay Soul", summon="Dark Magician")
    m.lose("B")
    m.end_turn()                                         # B2 takes over Dark Magician and the effect
    m.phase("main1")
    m.damage("A", to="opponent", amount=8000)
    assert m.lp["B"] == 8000 and m.out == ["B1"]


def test_relay_soul_without_its_monster_refuses_damage_it_cannot_tell():
    m = at()
    m.activate("B", "Relay Soul")
    with pytest.raises(ArgumentError, match="summon"):
        m.damage("A", to="opponent", amount=100)


# ---------------------------------------------------------------------- Jinzo, Skill Drain, Gate Blocker
def test_jinzo_face_up_no_trap_for_anyone_until_it_leaves():
    m = at()
    m.place("B", "Jinzo", "monster")
    for team in "AB":
        err = refused(lambda team=team: m.chain([{"by": team, "card": "Sparks"}]))
        assert err.rule == "STD-CARDS" and "Jinzo" in str(err)
    m.activate("A", "Ookazi")                            # a Spell is not a Trap
    m.destroy("A", "Jinzo")
    m.chain([{"by": "B", "card": "Sparks"}])


def test_jinzo_and_skill_drain_together_are_refused_not_guessed():
    m = at(phase="draw")
    m.place("A", "Jinzo", "monster")
    m.place("B", "Skill Drain", "spell_trap")
    with pytest.raises(ArgumentError, match="Skill Drain"):
        m.chain([{"by": "B", "card": "Sparks"}])


def test_skill_drain_negates_gate_blocker_and_a_face_up_monsters_effect():
    m = at(phase="draw", lp={"A": 8000, "B": 8000})
    m.place("A", "Gate Blocker", "monster")
    m.place("B", "Skill Drain", "spell_trap")
    m.phase("standby")
    assert m.spc == {"A": 2, "B": 2}                     # Gate Blocker's effect is negated
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("A", "Skill Drain")                       # a Continuous Trap stays on the field
    assert m.cards["Skill Drain"].zone == "spell_trap" and m.lp["A"] == 7000
    with pytest.raises(ArgumentError, match="Skill Drain"):
        m.activate("A", "Scrap Golem")                   # the kit does not know where Scrap Golem is
    m.place("A", "Scrap Golem", "monster")
    m.activate("A", "Scrap Golem")                       # face-up on the field: activated, negated
    assert "wrgp.event.negated_on_field" in [e.code for e in m.events]


def test_gate_blocker_negates_the_opponents_field_spell_not_its_own():
    # A controls Gate Blocker and attacks directly with a DARK monster: A's own Mystic Plasma Zone adds
    # its 500, B's is negated (an attack past B's Gate Blocker could not be direct at all).
    m = at(lp={"A": 8000, "B": 8000})
    m.place("A", "Gate Blocker", "monster")
    m.place("A", "Mystic Plasma Zone", "field")
    m.place("A", "Dark Magician", "monster")
    m.phase("battle")
    m.attack("A", with_="Dark Magician")
    assert m.lp["B"] == 8000 - 3000                      # DARK: 2500 + 500
    m = at(lp={"A": 8000, "B": 8000})
    m.place("A", "Gate Blocker", "monster")
    m.place("B", "Mystic Plasma Zone", "field")
    m.place("A", "Dark Magician", "monster")
    m.phase("battle")
    m.attack("A", with_="Dark Magician")
    assert m.lp["B"] == 8000 - 2500


# ---------------------------------------------------------------------- Prohibition, Toll, Axe of Despair
def test_prohibition_while_face_up_the_declared_card_is_neither_activated_nor_attacks():
    m = at(lp={"A": 8000, "B": 8000})
    m.place("A", "Dark Magician", "monster")
    m.activate("A", "禁止令", declare="Ookazi")
    assert refused(lambda: m.activate("A", "Ookazi")).rule == "STD-CARDS"
    m.destroy("B", "Prohibition")
    m.activate("A", "Ookazi")
    m = at(lp={"A": 8000, "B": 8000})
    m.place("A", "Dark Magician", "monster")
    m.activate("A", "Prohibition", declare="ブラック・マジシャン")
    m.phase("battle")
    assert refused(lambda: m.attack("A", with_="Dark Magician")).code == "wrgp.reject.attack_forbidden"


@settings(max_examples=30, deadline=None)
@given(lp=st.integers(1, 3000), damage=st.integers(0, 3000), owner=st.sampled_from("AB"))
def test_toll_each_attack_costs_its_attacker_500(lp, damage, owner):
    m = at(lp={"A": lp, "B": 8000})
    m.place(owner, "Toll", "spell_trap")
    m.phase("battle")
    if lp < 500:
        assert refused(lambda: m.attack("A", damage=damage)).rule == "STD-LP"
        return
    m.attack("A", damage=damage)
    assert m.lp["A"] == lp - 500
    assert (m.out == ["A1"]) == (lp == 500)
    assert m.lp["B"] == (8000 if lp == 500 else 8000 - damage)


def test_axe_of_despair_on_the_field_refuses_an_attack_whose_atk_it_may_change():
    m = at()
    m.place("A", "Axe of Despair", "spell_trap")
    m.place("A", "Dark Magician", "monster")
    m.phase("battle")
    with pytest.raises(ArgumentError, match="1000 ATK"):
        m.attack("A", with_="Dark Magician")
    m.attack("A", damage=3500)


# ---------------------------------------------------------------------- destruction, summons, draws
def test_raigeki_heavy_storm_and_harpies_destroy_the_tracked_cards_of_their_text():
    m = at()
    m.place("B", "Dark Magician", "monster")
    m.place("A", "Blue-Eyes White Dragon", "monster")
    m.activate("A", "Raigeki")
    assert m.cards["Dark Magician"].zone == "gy" and m.cards["Blue-Eyes White Dragon"].zone == "monster"
    m = at()
    m.place("B", "Toll", "spell_trap")
    m.place("A", "Mystic Plasma Zone", "field")
    m.activate("A", "Harpie's Feather Duster")
    assert m.cards["Toll"].zone == "gy" and m.cards["Mystic Plasma Zone"].zone == "field"
    m.activate("A", "Heavy Storm")
    assert m.cards["Mystic Plasma Zone"].zone == "gy"


def test_monster_reborn_summons_from_a_graveyard():
    m = at()
    m.place("B", "Dark Magician", "gy")
    m.activate("A", "Monster Reborn", summon="Dark Magician")
    assert (m.cards["Dark Magician"].zone, m.cards["Dark Magician"].holder, m.cards["Dark Magician"].owner) == \
        ("monster", "A1", "B1")
    with pytest.raises(ArgumentError, match="Graveyard"):
        at().activate("A", "Monster Reborn", summon="Dark Magician")


def test_solemn_judgment_destroys_the_set_card_it_negates():
    m = at(lp={"A": 8000, "B": 8000})
    m.place("B", "Sparks", "spell_trap", face_up=False)
    m.placed_before_start()
    m.chain([{"by": "B", "card": "Sparks"}, {"by": "A", "card": "Solemn Judgment"}])
    assert m.cards["Sparks"].zone == "gy" and m.lp == {"A": 4000, "B": 8000}     # half its LP: the cost


# ---------------------------------------------------------------------- clauses the kit does not play
def test_unplayed_clauses_are_refused_naming_the_card_the_clause_and_why():
    with pytest.raises(ArgumentError) as err:
        at().chain([{"by": "A", "card": "Mirror Force"}])
    assert "Mirror Force" in str(err.value) and "declares an attack" in str(err.value)
    assert "攻撃宣言" in err.value.render("ja")
    m = at()
    m.place("A", "Dark Magician", "monster")
    with pytest.raises(ArgumentError, match="face-up monster its controller controls"):
        m.activate("A", "Destruction Ring")              # which monster it destroys: not told
    m = at()
    m.place("A", "Quillbolt Hedgehog", "monster")
    with pytest.raises(ArgumentError, match="banished"):
        m.destroy("B", "Quillbolt Hedgehog")
    m = at()
    m.place("A", "Vennominaga", "monster")
    m.phase("battle")
    with pytest.raises(ArgumentError, match="Reptile"):
        m.attack("A", with_="Vennominaga")


def test_gorz_activates_only_right_after_damage_from_the_opponent_with_no_card_on_the_field():
    m = at(lp={"A": 8000, "B": 8000})
    m.chain([{"by": "A", "card": "Sparks"}])
    m.activate("B", "Gorz")
    m = at(lp={"A": 8000, "B": 8000})
    m.place("B", "Toll", "spell_trap")
    m.chain([{"by": "A", "card": "Sparks"}])
    assert refused(lambda: m.activate("B", "Gorz")).code == "wrgp.reject.not_its_moment_damaged"
    m = at(lp={"A": 8000, "B": 8000})
    m.chain([{"by": "A", "card": "Sparks"}])
    m.phase("battle")
    assert refused(lambda: m.activate("B", "Gorz")).code == "wrgp.reject.not_its_moment_damaged"


def test_a_scenario_step_relying_on_an_unplayed_clause_exits_2_naming_it(tmp_path):
    text = ("format: wrgp\nsetup:\n  at: {turn: 3, player: A, phase: main1}\n"
            "steps:\n  - chain: [{by: A, card: Junk Synchron}]\n")
    with pytest.raises(Exception) as err:
        run_scenario(scenario_from_text(text, "unplayed.yaml"))
    assert "Normal Summon" in str(err.value)


def test_a_cards_effect_given_by_hand_is_refused_where_its_activation_is():
    m = at()
    m.activate("A", "Sekka's Light")
    assert refused(lambda: m.damage("A", to="opponent", amount=800, card="Ookazi")).rule == "WRGP-H7"
    m.damage("A", to="opponent", amount=800)             # an effect that names no card: not told apart
    m = at()
    m.place("B", "Jinzo", "monster")
    assert refused(lambda: m.damage("B", to="opponent", amount=200, card="Sparks")).rule == "STD-CARDS"
    m.gain("A", to="self", amount=1000, card="Dian Keto")   # a Spell: Jinzo forbids Traps only


def test_a_face_up_restriction_is_asked_about_its_negation_only_when_it_would_apply():
    m = at(phase="draw")
    m.place("A", "Jinzo", "monster")
    m.place("B", "Skill Drain", "spell_trap")
    m.phase("main1")
    m.activate("A", "Ookazi")                            # a Spell: neither Jinzo nor Skill Drain matters


def test_vennominaga_is_unaffected_a_clause_not_played_refuses_what_would_act_on_it():
    for destroy in (lambda m: m.destroy("A", "Vennominaga"), lambda m: m.activate("A", "Raigeki"),
                    lambda m: m.speed_world("A", remove=10, destroy=["Vennominaga"])):
        m = at(turn=7, spc={"A": 12})
        m.place("B", "Vennominaga", "monster")
        with pytest.raises(ArgumentError, match="unaffected"):
            destroy(m)


# ---------------------------------------------------------------------- rulings cards
def test_rulings_cards_says_per_card_what_is_played_and_what_is_not(capsys):
    import json

    from rulings_lib.cli import main

    assert main(["cards", "--lang", "ja"]) == 0
    text = capsys.readouterr().out
    sekka = text[text.index("雪花の光 /"):].split("\n\n")[0]
    assert "処理する: 発動の制限" in sekka and "「雪花の光」以外の魔法・罠カードの効果" in sekka
    assert "処理しない: ②：墓地のこのカードを除外し" in sekka
    assert main(["cards", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    mirror = next(c for c in data["formats"][0]["cards"] if c["id"] == "mirror-force")
    unplayed = [x for x in mirror["clauses"] if not x["played"]]
    assert unplayed[0]["key"] == "activation" and set(unplayed[0]["why"]) == {"en", "ja"}


@settings(max_examples=25, deadline=None)
@given(user=st.sampled_from("AB"), losses=st.integers(0, 2), card=st.sampled_from(["Sparks", "Mystical Space Typhoon"]))
def test_a_lasting_restriction_binds_its_team_whoever_plays_for_it(user, losses, card):
    """WRGP-H7, whatever the team, the number of handovers and the card: Sekka's Light's restriction binds
    every later duelist of its user's team, and never the other team."""
    m = WrgpMatch(turn=3, player=user, phase="main1", duelist={"A": 1, "B": 1}) if user == "A" else \
        WrgpMatch(turn=4, player="B", phase="main1")
    m.activate(user, "Sekka's Light")
    for _ in range(losses):
        m.lose(user)
        m.end_turn()
        m.phase("main1")
    foe = "B" if user == "A" else "A"
    assert refused(lambda: m.chain([{"by": user, "card": card}])).rule == "WRGP-H7"
    m.chain([{"by": foe, "card": card}])
