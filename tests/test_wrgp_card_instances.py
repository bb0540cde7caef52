"""Cards in a match are instances (copies, either language, which copy a step means), where
Pendulum and Extra Deck monsters go (STD-CARDS, WRGP-H5, WRGP-H6) and direct attacks while the opponent
controls a monster (STD-TIMING)."""

from __future__ import annotations

import json

import pytest
from file_helpers import FUSION_MONSTER, MACHINE, write_monsters
from hypothesis import given, settings
from hypothesis import strategies as st
from input_errors import assert_one_line_error, run_cli

from rulings_lib.cards import card, catalogue
from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.wrgp.engine import EXTRA_DECK_KINDS, WrgpMatch
from rulings_lib.wrgp.scenario import new_match

CED = card("Cyber End Dragon", "wrgp.yaml")
MONSTERS = [c for c in catalogue("wrgp.yaml") if c.is_monster]


def at(**kw) -> WrgpMatch:
    kw = {"turn": 3, "player": "A", "phase": "main1", **kw}
    return WrgpMatch(**kw)


def refused(call) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        call()
    return exc.value


def cards(m: WrgpMatch) -> dict:
    return m.state()["cards"]


# ---------------------------------------------------------------------- copies and names
def test_a_second_power_bond_summons_a_second_copy_with_its_own_doubled_atk():
    """The issue's case: a second, legal Power Bond summoning a second Cyber End Dragon was refused with advice
    that could not be followed ("give each card its own name"). Each summon is a copy of its own; the doubled ATK
    is each copy's, and the copy that leaves the field loses its own (STD-CARDS), not the other's."""
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("A", "パワー・ボンド", summon="サイバーエンドドラゴン")
    m.activate("A", "Power Bond", summon="Cyber End Dragon")
    assert cards(m) == {"サイバー・エンド・ドラゴン": {"zone": "extra_monster", "player": "A1", "owner": "A1"},
                        "Cyber End Dragon #2": {"zone": "extra_monster", "player": "A1", "owner": "A1"}}
    assert m.monsters == {"サイバー・エンド・ドラゴン": 8000, "Cyber End Dragon #2": 8000}
    m.destroy("B", "Cyber End Dragon #1")              # the first copy, named in the other language
    assert m.monsters == {"Cyber End Dragon #2": 8000}
    m.phase("battle")
    m.attack("A", with_="サイバー・エンド・ドラゴン")   # the one copy that can attack: the second, still 8000
    assert m.lp["B"] == 0 and m.out == ["B1"]


def test_power_bonds_atk_belongs_to_the_copy_it_summoned():
    """A copy placed with its printed ATK beside a copy Power Bond doubled: the plain name is refused (which
    one? their ATK differs, so it matters); each copy named by its number attacks for its own ATK."""
    m = at(lp={"A": 8000, "B": 20000})
    m.place("A", "Cyber End Dragon", "extra_monster")
    m.activate("A", "Power Bond", summon="Cyber End Dragon")
    m.phase("battle")
    before = m.state()
    with pytest.raises(ArgumentError, match="one copy of Cyber End Dragon"):
        m.attack("A", with_="Cyber End Dragon")
    assert m.state() == before
    m.attack("A", with_="Cyber End Dragon #2")
    assert m.lp["B"] == 20000 - 8000
    m.attack("A", with_="Cyber End Dragon")            # now only the first can attack: its printed 4000
    assert m.lp["B"] == 20000 - 8000 - CED.monster["atk"]


def test_a_card_summoned_in_one_language_is_named_in_the_other():
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("A", "パワー・ボンド", summon="サイバーエンドドラゴン")
    m.destroy("B", "Cyber End Dragon")
    assert cards(m)["サイバー・エンド・ドラゴン"]["zone"] == "gy"


def test_copies_alike_for_the_rules_are_taken_first_first_and_said_so():
    m = at()
    m.place("A", "Dark Magician", "monster")
    m.place("A", "ブラック・マジシャン", "monster")
    m.destroy("B", "Dark Magician")
    assert [e.code for e in m.events[-2:]] == ["wrgp.event.copy_taken", "wrgp.event.card_moved"]
    assert m.events[-2].rule == "STD-CARDS" and m.events[-2].args["card"] == "Dark Magician #1"
    assert cards(m)["Dark Magician"]["zone"] == "gy" and cards(m)["ブラック・マジシャン #2"]["zone"] == "monster"


def test_copies_the_rules_tell_apart_are_refused_asking_which():
    m = at()
    m.place("A", "Dark Magician", "monster")
    m.place("B", "Dark Magician", "monster")
    before = m.state()
    with pytest.raises(ArgumentError, match=r"one copy of Dark Magician meant: Dark Magician #1, Dark Magician #2"):
        m.destroy("A", "Dark Magician")
    assert m.state() == before
    m.destroy("A", "Dark Magician #2")
    assert cards(m)["Dark Magician #2"] == {"zone": "gy", "player": "B1", "owner": "B1", "destroyed_by": "A1",
                                            "destroyed_with": "effect"}
    m.destroy("A", "Dark Magician")                   # one copy on the field now: no question
    assert cards(m)["Dark Magician"]["zone"] == "gy"


def test_a_step_means_the_copy_it_can_act_on():
    m = at(phase="battle")
    m.place("A", "Dark Magician", "gy")
    m.place("A", "Dark Magician", "monster")
    m.place("B", "Stardust Dragon", "extra_monster")
    m.take_control("A", "Stardust Dragon")
    m.destroy("A", "Stardust Dragon")
    m.attack("A", with_="Dark Magician")              # the copy in the Graveyard cannot attack: the other does
    assert m.lp["B"] == 5500 and m.attacked == ["Dark Magician #2"]
    m.move("Dark Magician", "gy")                    # the copy not in the Graveyard yet
    assert cards(m)["Dark Magician #2"]["zone"] == "gy"


def test_speed_world_destroys_two_copies_named_twice():
    m = at(turn=9, spc={"A": 10, "B": 0}, duelist={"A": 2, "B": 1})   # X = 1: up to 2 cards
    m.place("B", "Jinzo", "monster")
    m.place("B", "Jinzo", "monster")
    m.speed_world("A", 10, destroy=["Jinzo", "Jinzo"])
    assert {k: c["zone"] for k, c in cards(m).items()} == {"Jinzo": "gy", "Jinzo #2": "gy"}


def test_a_copy_set_in_an_earlier_turn_is_the_one_activated():
    m = WrgpMatch(turn=3, player="A", phase="main1")
    m.place("A", "Sparks", "spell_trap", face_up=False)
    m.placed_before_start()
    m.place("A", "Sparks", "spell_trap", face_up=False)   # Set in this turn: cannot be activated yet
    m.activate("A", "Sparks")
    assert cards(m)["Sparks"] == {"zone": "spell_trap", "player": "A1", "owner": "A1"}
    assert cards(m)["Sparks #2"]["face_up"] is False
    assert refused(lambda: m.activate("A", "Sparks")).rule == "STD-TIMING"


def test_a_setup_gives_copies_and_only_the_next_number():
    m = new_match({"at": {"turn": 3, "phase": "main1"},
                   "cards": [{"card": "X", "by": "A", "zone": "monster", "kind": "Effect Monster"},
                             {"card": "X #2", "by": "B", "zone": "monster", "kind": "Effect Monster"}]})
    assert set(cards(m)) == {"X", "X #2"}
    with pytest.raises(ArgumentError, match="next copy of X"):
        m.place("A", "X #4", "hand")


def test_an_ambiguous_step_in_a_scenario_is_one_line_exit_2(tmp_path, capsys):
    scen = tmp_path / "copies.yaml"
    scen.write_text("format: wrgp\nsetup:\n  at: {turn: 3, phase: main1}\n  cards:\n"
                    "    - {card: Dark Magician, by: A, zone: monster}\n    - {card: Dark Magician, by: B, zone: monster}\n"
                    "steps:\n  - destroy: {by: A, card: Dark Magician}\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "run", scen)
    assert_one_line_error(code, err, "copies.yaml:8", "Dark Magician #2")


def setup_cards(state: dict) -> list[dict]:
    """A state's cards as a setup's `cards` (each held by its owner: what a setup can place)."""
    out = []
    for key, c in state["cards"].items():
        entry = {"card": key, "by": c["player"][0], "zone": c["zone"]}
        for k in ("face_up", "position", "kind"):
            if k in c:
                entry[k] = c[k]
        out.append(entry)
    return out


PLACED = st.tuples(st.sampled_from(["Dark Magician", "ブラック・マジシャン", "DARK MAGICIAN", "Sparks", "Token"]),
                   st.sampled_from("AB"), st.sampled_from(["monster", "extra_monster", "spell_trap", "gy", "hand"]),
                   st.booleans(), st.booleans())


@settings(max_examples=80, deadline=None)
@given(st.lists(PLACED, min_size=1, max_size=7))
def test_property_copies_round_trip_through_a_setup(placed):
    """Whatever copies a match holds (names in any spelling, owners, zones, faces, positions), its state's cards
    given back as a setup's cards make the same cards (the key NAME #N places the next copy)."""
    m = at()
    for name, by, zone, face_up, defense in placed:
        kw = {"kind": "Normal Monster"} if name == "Token" else {}
        if zone in ("monster", "extra_monster") and face_up and defense:
            kw["position"] = "defense"
        m.place(by, name, zone, face_up=face_up, **kw)
    state = json.loads(json.dumps(m.state(), ensure_ascii=False))
    again = new_match({"at": {"turn": 3, "phase": "main1"}, "cards": setup_cards(state)})
    assert again.state()["cards"] == state["cards"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("AB"), st.sampled_from(["monster", "gy", "spell_trap"]), st.booleans()),
                min_size=1, max_size=5),
       st.sampled_from(["Dark Magician", "ブラック・マジシャン", "dark magician"]))
def test_property_a_plain_name_acts_on_one_copy_or_asks_which(copies, spelling):
    """`destroy` naming a card with several copies: the one on the field if one is; the first of those on the
    field when they are alike for the rules; else refused (ArgumentError), the match as it was. Never two."""
    m = at()
    for by, zone, face_up in copies:
        m.place(by, "Dark Magician", zone, face_up=face_up)
    on_field = [c for c in m.cards.values() if c.zone in ("monster", "spell_trap")]
    before = m.state()
    try:
        m.destroy("A", spelling)
    except ArgumentError:
        assert len({m._alike(c) for c in on_field}) > 1 and m.state() == before
        return
    except IllegalAction:
        assert not on_field and m.state() == before
        return
    moved = [k for k, c in cards(m).items() if c != before["cards"][k]]
    assert len(moved) == 1 and m.cards[moved[0]] in [m.cards[c.name] for c in on_field]
    alike = {m_ for m_ in on_field if before["cards"][m_.name] == before["cards"][on_field[0].name]}
    if len(on_field) > 1:
        assert len(alike) == len(on_field) and moved[0] == on_field[0].name


# ---------------------------------------------------------------------- Pendulum and Extra Deck monsters
def test_a_pendulum_monster_destroyed_on_the_field_goes_face_up_to_the_extra_deck():
    m = at(turn=4, player="B")
    m.place("A", "Stargazer Magician", "monster")
    m.place("A", "Odd-Eyes Pendulum Dragon", "pendulum")
    m.destroy("B", "Stargazer Magician")
    assert cards(m)["Stargazer Magician"]["zone"] == "extra" and "face_up" not in cards(m)["Stargazer Magician"]
    ev = m.events[-1]
    assert ev.rule == "STD-CARDS" and ev.args["dest"]["code"] == "wrgp.zone.extra_face_up"
    assert ev.args["note"]["code"] == "wrgp.note.pendulum_to_extra"
    m.move("Odd-Eyes Pendulum Dragon", "gy")
    assert cards(m)["Odd-Eyes Pendulum Dragon"]["zone"] == "extra"


def test_after_a_handover_a_pendulum_monster_goes_to_the_new_duelists_extra_deck():
    """WRGP-H5's own clause (face-up Extra Deck), reached by a destroyed Pendulum Monster."""
    m = at(turn=4, player="B")
    m.place("A", "Stargazer Magician", "monster")
    m.lose("A")
    m.end_turn()
    m.phase("main1")
    m.destroy("B", "Stargazer Magician")
    assert cards(m)["Stargazer Magician"] == {"zone": "extra", "player": "A2", "owner": "A1",
                                              "destroyed_by": "B1", "destroyed_with": "effect"}
    assert m.events[-1].rule == "WRGP-H5"


@pytest.mark.parametrize("name", ["Stardust Dragon", "Number 39: Utopia", "Cyber End Dragon"])
@pytest.mark.parametrize("to", ["hand", "deck"])
def test_an_extra_deck_monster_returned_goes_to_its_owners_extra_deck_face_down(name, to):
    m = at()
    m.place("B", name, "monster")
    m.take_control("A", name)
    m.move(name, to, by="A")
    assert cards(m)[name] == {"zone": "extra", "player": "B1", "owner": "B1", "face_up": False}
    ev = m.events[-1]           # WRGP-H6: a card whose control was taken, back to its original owner's
    assert ev.rule == "WRGP-H6" and ev.args["dest"]["code"] == "wrgp.zone.extra"
    assert ev.args["note"]["args"]["a"]["code"] == "wrgp.note.extra_deck_monster"    # (and who brought it)


def test_a_handed_over_fusion_monster_returned_to_the_hand_goes_to_who_brought_it():
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("A", "Power Bond", summon="Cyber End Dragon")
    m.lose("A")
    m.end_turn()
    m.move("Cyber End Dragon", "hand", by="B")
    assert cards(m)["Cyber End Dragon"] == {"zone": "extra", "player": "A1", "owner": "A1", "face_up": False}
    assert m.events[-1].rule == "WRGP-H6" and m.monsters == {}


def test_a_main_deck_monster_does_not_go_to_the_extra_deck():
    m = at()
    m.place("A", "Dark Magician", "monster")
    assert refused(lambda: m.move("Dark Magician", "extra")).rule == "STD-CARDS"
    assert refused(lambda: m.move("Dark Magician", "extra_face_up")).rule == "STD-CARDS"
    m.place("A", "Stardust Dragon", "extra_monster")
    assert refused(lambda: m.move("Stardust Dragon", "extra_face_up")).rule == "STD-CARDS"


def test_a_card_of_unknown_kind_is_refused_where_its_kind_decides():
    m = at()
    m.place("A", "Mystery", "monster")
    for to in ("gy", "hand", "deck"):
        with pytest.raises(ArgumentError, match="does not know its kind"):
            m.move("Mystery", to)
    with pytest.raises(ArgumentError, match="does not know its kind"):
        m.destroy("B", "Mystery")
    m.move("Mystery", "banished")                       # the same for every kind
    m.place("A", "Made-up Trap", "spell_trap", face_up=False)
    m.destroy("B", "Made-up Trap")                      # a Spell or Trap: to the Graveyard
    m.place("A", "Told", "monster", kind="Synchro Monster")
    m.move("Told", "hand")
    assert {k: c["zone"] for k, c in cards(m).items()} == {"Mystery": "banished", "Made-up Trap": "gy",
                                                           "Told": "extra"}
    with pytest.raises(ArgumentError, match="Stardust Dragon is a Synchro Monster"):
        m.place("A", "Stardust Dragon", "monster", kind="Pendulum Monster")


def test_a_database_knows_the_kind(tmp_path):
    pendulum, synchro = 0x1000021, 0x2021
    write_monsters(tmp_path / "cards.cdb", [(1, "Made-up Pendulum", pendulum, 1000, 4, MACHINE),
                                            (2, "Made-up Synchro", synchro, 2000, 8, MACHINE),
                                            (3, "Made-up Fusion", FUSION_MONSTER, 2000, 8, MACHINE)])
    m = at()
    m.use_card_databases([str(tmp_path / "cards.cdb")])
    for name in ("Made-up Pendulum", "Made-up Synchro", "Made-up Fusion"):
        m.place("A", name, "monster")
    m.destroy("B", "Made-up Pendulum")
    m.move("Made-up Synchro", "deck")
    m.move("Made-up Fusion", "hand")
    assert {k: (c["zone"], c.get("face_up", True)) for k, c in cards(m).items()} == {
        "Made-up Pendulum": ("extra", True), "Made-up Synchro": ("extra", False), "Made-up Fusion": ("extra", False)}


@pytest.mark.parametrize("monster", MONSTERS, ids=lambda c: c.id)
@pytest.mark.parametrize("to", ["gy", "hand", "deck", "banished"])
def test_every_catalogue_monster_goes_where_its_kind_sends_it(monster, to):
    m = at()
    m.place("A", monster.en, "monster")
    if to != "banished" and monster.unplayed_for("leaves"):
        # Its text sends it elsewhere when it leaves the field (Quillbolt Hedgehog): a clause the kit
        # does not play, so the move is refused naming it rather than ruled as written.
        with pytest.raises(ArgumentError, match=monster.en):
            m.move(monster.en, to)
        return
    m.move(monster.en, to)
    where = cards(m)[monster.en]
    if to == "gy" and monster.kind == "Pendulum Monster":
        assert (where["zone"], where.get("face_up", True)) == ("extra", True)
    elif to in ("hand", "deck") and monster.kind in EXTRA_DECK_KINDS:
        assert (where["zone"], where.get("face_up", True)) == ("extra", False)
    else:
        assert where["zone"] == to


# ---------------------------------------------------------------------- direct attacks
@pytest.mark.parametrize("zone", ["monster", "extra_monster"])
@pytest.mark.parametrize("face_up", [True, False])
@pytest.mark.parametrize("named", [True, False])
def test_no_direct_attack_while_the_opponent_controls_a_monster(zone, face_up, named):
    m = at(phase="battle")
    m.place("A", "Dark Magician", "monster")
    m.place("B", "Stardust Dragon", zone, face_up=face_up)
    hit = {"with_": "Dark Magician"} if named else {"damage": 2500}
    err = refused(lambda: m.attack("A", **hit))
    assert err.rule == "STD-TIMING" and "Stardust Dragon" in str(err) and m.lp["B"] == 8000
    m.destroy("A", "Stardust Dragon")
    m.attack("A", **hit)
    assert m.lp["B"] == 5500


def test_cards_elsewhere_do_not_stop_a_direct_attack_and_a_suicide_attack_is_one_on_a_monster():
    m = at(phase="battle")
    m.place("A", "Dark Magician", "monster")
    m.place("B", "Sparks", "spell_trap", face_up=False)
    m.place("B", "Stardust Dragon", "gy")
    m.place("B", "Stargazer Magician", "pendulum")
    m.place("A", "Jinzo", "monster")                   # A's own monster does not block A's attack
    m.attack("A", with_="Dark Magician")
    assert m.lp["B"] == 5500
    m.place("B", "Blue-Eyes White Dragon", "monster")
    m.attack("A", with_="Jinzo", to="self", damage=600)   # into Blue-Eyes: allowed (WRGP-F9)
    assert m.lp["A"] == 7400


def test_a_monster_in_defense_position_cannot_attack():
    m = at(phase="battle")
    m.place("A", "Dark Magician", "monster", position="defense")
    assert refused(lambda: m.attack("A", with_="Dark Magician")).rule == "STD-TIMING"
    assert cards(m)["Dark Magician"]["position"] == "defense"
    with pytest.raises(ArgumentError, match="face-down monster is in Defense Position"):
        m.place("A", "Jinzo", "monster", face_up=False, position="attack")
    with pytest.raises(ArgumentError, match="battle position"):
        m.place("A", "Sparks", "spell_trap", position="defense")


def test_a_face_up_card_in_the_extra_deck_is_said_to_be_face_up():
    """A Pendulum Monster in the Extra Deck is face-up: the final state and the handover's list say so (they
    said "Extra Deck (face-down)" for every card there)."""
    from rulings_lib.draw.wrgp import summary

    m = at(turn=4, player="B")
    m.place("A", "Stargazer Magician", "monster")
    m.place("A", "Stardust Dragon", "monster")
    m.destroy("B", "Stargazer Magician")
    m.move("Stardust Dragon", "hand")
    m.lose("A")
    m.end_turn()
    text = "\n".join(summary(m.state(), "en"))
    assert "Stargazer Magician (A1 Extra Deck (face-up)" in text and "Stardust Dragon (A1 Extra Deck (face-down)" in text
    left = next(e for e in m.events if e.code == "wrgp.event.cards_not_handed_over")
    assert [c["args"]["zone"]["code"] for c in left.args["cards"]] == ["wrgp.zone.extra_face_up", "wrgp.zone.extra"]


# ---------------------------------------------------------------------- the scenarios, in English and Japanese
TWINS = ["cards-trigger-effects", "cards-attack-needs-the-monster", "cards-trap-set-earlier", "cards-two-copies",
         "cards-pendulum-and-extra-deck", "cards-direct-attack-blocked"]


@pytest.mark.parametrize("name", TWINS)
def test_the_scenarios_come_in_english_and_japanese_and_agree(name):
    from rulings_lib.cards import identity
    from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

    paths = {p.stem: p for p in builtin_scenarios()}
    en, ja = run_scenario(load_scenario(paths[name])), run_scenario(load_scenario(paths[f"{name}-ja"]))
    assert en.passed and ja.passed
    for key in ("out", "lp", "spc", "turn"):
        assert en.outcome[key] == ja.outcome[key], key
    assert [(r["step"], r["rule"]) for r in en.outcome["rejected"]] == [(r["step"], r["rule"]) for r in ja.outcome["rejected"]]

    def by_identity(cards_):
        return {(identity(k.rsplit(" #", 1)[0]), k.rsplit(" #", 1)[1] if " #" in k else "1"): v for k, v in cards_.items()}

    assert by_identity(en.outcome["cards"]) == by_identity(ja.outcome["cards"])


def test_a_set_copy_the_rules_tell_apart_is_activated_by_its_number():
    """Two Set Sparks of A's 2nd: one handed over from A's 1st (its original owner A1), one A's 2nd's own. Which
    one is flipped matters (where it goes later, WRGP-H6), so the plain name is refused asking which, and the
    copy named by its number is the one activated: the advice can be followed."""
    m = WrgpMatch(turn=3, player="A", phase="main1")
    m.place("A", "Sparks", "spell_trap", face_up=False)
    m.lose("A")
    m.end_turn()                                            # A's 2nd inherits the Set Sparks (WRGP-H4)
    m.phase("main1")
    m.place("A", "火の粉", "spell_trap", face_up=False)
    m.placed_before_start()                                 # both Set before this turn
    before = m.state()
    with pytest.raises(ArgumentError, match="Sparks #1, Sparks #2"):
        m.activate("A", "Sparks")
    assert m.state() == before
    m.activate("A", "火の粉 #2")
    assert cards(m)["火の粉 #2"] == {"zone": "spell_trap", "player": "A2", "owner": "A2"}
    assert cards(m)["Sparks"]["face_up"] is False and m.lp["B"] == 8000 - 200
    m.chain([{"by": "A", "card": "Sparks #1"}])
    assert "face_up" not in cards(m)["Sparks"] and m.lp["B"] == 8000 - 400
