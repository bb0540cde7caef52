"""Every clause of every catalogue card is either played or refused.

The catalogue (rulings_lib/cards/wrgp.yaml) gives each card's clauses as data: each key of its ``effect``
is a clause the engine plays, each entry of its ``unplayed`` a clause it does not play, with the kind of
step that relies on it. For every card, this file builds, from that data alone, a step that exercises each
clause and checks that the engine's state or events change as the clause says, or that the step is refused
naming the clause. A clause added to the catalogue that the engine ignores has no exerciser here (or its
exerciser sees nothing change) and fails.
"""

from __future__ import annotations

import pytest

from rulings_lib.cards import EFFECT_KEYS, RELIES, catalogue
from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch

CARDS = [c for c in catalogue("wrgp.yaml") if c.id != "speed-world-wrgp"]   # Speed World: its own steps
BY_ID = {c.id: c for c in catalogue("wrgp.yaml")}
# A monster of each Attribute the catalogue knows (for a Field Spell's boost), one whose text changes nothing
# on the field and whose ATK is its printed ATK.
BY_ATTRIBUTE = {}
for _c in catalogue("wrgp.yaml"):
    if _c.monster and _c.monster.get("atk") is not None and not _c.monster.get("fusion") \
            and not _c.unplayed_for("attack_with") and not {"forbid", "negates_on_field", "blocks_counters"} & set(_c.effect):
        BY_ATTRIBUTE.setdefault(_c.monster["attribute"], _c)


def at(**kw) -> WrgpMatch:
    kw.setdefault("turn", 3)
    kw.setdefault("phase", "main1")
    return WrgpMatch(**kw)


def codes(m: WrgpMatch, since: int = 0) -> list[str]:
    return [e.code for e in m.events[since:]]


def choices(c, m: WrgpMatch) -> dict:
    """The choices the card asks for, made up from the catalogue (a fusion monster of its type, a monster
    placed where it summons from, a declared card name)."""
    out = {}
    for ch in c.choices:
        if ch["name"] == "summon" and "fusion_boost" in c.effect:
            want = c.effect["fusion_boost"]["type"]
            out["summon"] = next(x.en for x in CARDS if x.monster and x.monster.get("fusion")
                                 and x.monster["type"] == want)
        elif ch["name"] == "summon":
            if c.effect.get("summons") == "gy":
                m.place("B", "Dark Magician", "gy")
            out["summon"] = "Dark Magician"
        elif ch["name"] == "declare":
            out["declare"] = "Sparks"
    return out


def activate(c, m: WrgpMatch | None = None, by: str = "A", **extra) -> WrgpMatch:
    """Activate the card at a moment its timing allows (its own moment for a trigger with a condition)."""
    when = c.effect.get("when")
    if m is None:
        m = at(phase="standby" if when == "own_standby" else "main1")
    if when == "damaged_no_cards":
        m.damage("B" if by == "A" else "A", to="opponent", amount=100)
    kw = {**choices(c, m), **extra}
    if c.effect.get("min_link"):
        links = [{"by": "B" if by == "A" else "A", "card": "Sparks"}] * (c.effect["min_link"] - 1)
        m.chain([*links, {"by": by, "card": c.en, **kw}])
    else:
        m.activate(by, c.en, **kw)
    return m


def refused_naming(call, clause: dict) -> ArgumentError:
    with pytest.raises(ArgumentError) as err:
        call()
    assert clause["en"] in str(err.value) and clause["ja"] in err.value.render("ja"), err.value
    return err.value


# ---------------------------------------------------------------------- the played clauses, one exerciser each
def _damage(c):
    m = at(lp={"A": 8000, "B": 8000})
    before = dict(m.lp)
    m = activate(c, m)
    e = c.effect["damage"]
    amount = e.get("amount") or e["per_link"] * c.effect.get("min_link", 1)
    hit = {"self": ["A"], "opponent": ["B"], "both": ["A", "B"]}[e["to"]]
    for t in hit:
        assert before[t] - m.lp[t] >= amount, (c.id, t)     # (and its user's cost, if it has one)
    assert "wrgp.event.damage_taken" in codes(m)


def _gain(c):
    m = at(lp={"A": 4000, "B": 4000})
    activate(c, m)
    e = c.effect["gain"]
    for t in {"self": ["A"], "opponent": ["B"], "both": ["A", "B"]}[e["to"]]:
        assert m.lp[t] == 4000 + e["amount"], c.id


def _cost(c):
    m = at(lp={"A": 6000, "B": 8000})
    if c.effect.get("negate"):
        m.chain([{"by": "B", "card": "Sparks"}, {"by": "A", "card": c.en}])
        paid = 6000 - m.lp["A"]
    else:
        activate(c, m)
        paid = 6000 - m.lp["A"] - (c.effect.get("damage", {}).get("amount", 0)
                                   if c.effect.get("damage", {}).get("to") in ("self", "both") else 0)
    cost = c.effect["cost"]
    assert paid == (3000 if cost.get("half") else cost["pay"]), c.id
    assert "wrgp.event.activation_cost_paid" in codes(m)


def _min_link(c):
    with pytest.raises(IllegalAction) as err:
        at().chain([{"by": "A", "card": c.en}])
    assert err.value.rule == "STD-TIMING" and c.en in str(err.value)


def _no_name_twice(c):
    with pytest.raises(IllegalAction) as err:
        at().chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Sparks"}, {"by": "A", "card": c.en}])
    assert err.value.code == "wrgp.reject.same_name_twice_in_chain"


def _clear_counters(c):
    m = at(turn=5, spc={"A": 6, "B": 4})
    activate(c, m)
    assert m.spc == {"A": 0, "B": 0}


def _blocks_counters(c):
    m = at(phase="draw")
    m.place("A", c.en, "monster")
    m.phase("standby")
    assert m.spc == {"A": 2, "B": 0}


def _fusion_boost(c):
    m = activate(c, at(lp={"A": 8000, "B": 8000}))
    monster = BY_ID[next(x.id for x in CARDS if x.monster and x.monster.get("fusion"))]
    assert list(m.monsters.values()) == [monster.monster["atk"] * 2]
    m.end_turn()
    assert m.lp["A"] == 8000 - monster.monster["atk"]


def _lasting(c):
    m = activate(c, at(lp={"A": 8000, "B": 8000}))
    assert c.en in m.state()["effects"]
    m.lose("A")
    m.end_turn()
    assert "wrgp.event.effect_carries_over" in codes(m)


def _once_per_duel(c):
    m = activate(c)
    with pytest.raises(IllegalAction) as err:
        activate(c, m)
    assert err.value.rule == "WRGP-F6"


def _special_victory(c):
    m = at()
    m.activate("A", c.en)
    assert m.out == ["B1"]


def _scopes(c):
    for scope in T.SPEED_WORLD_SCOPES:
        m = at()
        if scope not in c.effect["scopes"]:
            with pytest.raises(ArgumentError):
                m.target_speed_world("A", c.en, scope)
            continue
        try:
            m.target_speed_world("A", c.en, scope)
            assert T.SPEED_WORLD_SCOPES[scope][0]
        except IllegalAction as exc:
            assert exc.rule == "WRGP-SW6" and not T.SPEED_WORLD_SCOPES[scope][0]


def _none(c):
    if c.unplayed_for("activation") or c.speed is None:
        return          # its activation is refused as a whole (below) or it has none
    m = activate(c)
    assert "wrgp.event.card_resolves_without_lp" in codes(m) and m.lp == {"A": 8000, "B": 8000}


def _when(c):
    when = c.effect["when"]
    if when == "own_standby":
        with pytest.raises(IllegalAction):
            at().activate("A", c.en)
        activate(c)
    elif when == "damaged_no_cards":
        with pytest.raises(IllegalAction) as err:
            at().activate("A", c.en)                    # no damage just before
        assert err.value.code == "wrgp.reject.not_its_moment_damaged"
        activate(c)
    else:   # no_spell_trap_in_gy
        m = at()
        m.place("A", "Ookazi", "gy")
        with pytest.raises(IllegalAction) as err:
            m.activate("A", c.en, **choices(c, m))
        assert err.value.code == "wrgp.reject.spell_trap_in_gy"
        m = at()
        m.activate("A", "Ookazi")                        # it went to A's Graveyard once resolved
        with pytest.raises(IllegalAction):
            m.activate("A", c.en, **choices(c, m))
        activate(c)


def _negate(c):
    if c.effect["negate"] != "spell_trap_activation":
        with pytest.raises(ArgumentError):
            at().chain([{"by": "B", "card": "Sparks"}, {"by": "A", "card": c.en}])
        return
    m = at(lp={"A": 8000, "B": 8000})
    m.chain([{"by": "B", "card": "Sparks"}, {"by": "A", "card": c.en}])
    assert "wrgp.event.negated_link_does_not_resolve" in codes(m)
    assert not any(e.code == "wrgp.event.damage_taken" for e in m.events)


def _once_per_turn(c):
    m = activate(c)
    with pytest.raises(IllegalAction) as err:
        activate(c, m)
    assert err.value.code == "wrgp.reject.once_per_turn"


def _forbid(c):
    for f in c.effect["forbid"]:
        bound = {"self": ["A"], "opponent": ["B"], "both": ["A", "B"]}[f["who"]]
        m = at(lp={"A": 8000, "B": 8000})
        if c.is_monster:
            m.place("A", c.en, "monster")
        else:
            activate(c, m, declare="Sparks") if any(ch["name"] == "declare" for ch in c.choices) else activate(c, m)
        for team in bound:
            with pytest.raises(IllegalAction) as err:
                m.chain([{"by": team, "card": "Sparks"}])
            assert err.value.code == "wrgp.reject.forbidden" and c.en in str(err.value), (c.id, f)
        free = [t for t in T.TEAMS if t not in bound and not any(
            t in {"self": ["A"], "opponent": ["B"], "both": ["A", "B"]}[g["who"]] for g in c.effect["forbid"])]
        for team in free:
            m.chain([{"by": team, "card": "Sparks"}])       # it binds only whom its text says
        if f["until"] == "turn":
            m.end_turn()
            m.end_turn()
            m.phase("main1")
            m.chain([{"by": "B", "card": "Sparks"}])       # over with the turn
        elif f["until"] == "duel":
            m.lose(bound[0])
            m.end_turn()
            m.phase("main1")
            with pytest.raises(IllegalAction) as err:       # WRGP-H7: the next duelist is bound too
                m.chain([{"by": bound[0], "card": "Sparks"}])
            assert err.value.rule == "WRGP-H7"
        else:   # face_up: over when it leaves the field
            m.destroy("B", m.card_key(c.en))
            m.chain([{"by": bound[0], "card": "Sparks"}])
        if f.get("attacks"):
            m = at(turn=3, phase="main1")
            m.place("A", "Dark Magician", "monster")
            m.activate("A", c.en, declare="Dark Magician")
            m.phase("battle")
            with pytest.raises(IllegalAction) as err:
                m.attack("A", with_="Dark Magician")
            assert err.value.code == "wrgp.reject.attack_forbidden"


def _negates_on_field(c):
    what = c.effect["negates_on_field"]
    m = at(phase="draw", lp={"A": 8000, "B": 8000})
    if what == "trap":
        m.place("A", c.en, "monster")
        m.place("B", "Mirror Force", "spell_trap")
        found = BY_ID["mirror-force"]
        assert m._negated(m.cards["Mirror Force"], found) == c.en
    elif what == "monster":
        m.place("A", c.en, "spell_trap")
        m.place("B", "Gate Blocker", "monster")              # its counters clause is negated
        m.phase("standby")
        assert m.spc == {"A": 2, "B": 2}
    else:   # opponent_field_spell
        # (its controller's direct attack: a direct attack at its controller is not possible past it)
        dark = BY_ATTRIBUTE["DARK"]
        m.place("A", c.en, "monster")
        m.place("B", "Mystic Plasma Zone", "field")
        m.place("A", dark.en, "monster")
        m.phase("battle")
        m.attack("A", with_=dark.en)
        assert m.lp["B"] == 8000 - dark.monster["atk"]
        assert "wrgp.event.field_spell_negated" in codes(m)


def _summons(c):
    m = activate(c, at(lp={"A": 8000, "B": 8000}))
    assert m.cards["Dark Magician"].zone == "monster" and m.cards["Dark Magician"].holder == "A1"
    assert "wrgp.event.summoned_by_card" in codes(m)


def _no_damage(c):
    m = activate(c, at(lp={"A": 8000, "B": 8000}))
    m.damage("B", to="opponent", amount=1000)
    assert m.lp["A"] == 8000 and "wrgp.event.no_damage" in codes(m)
    m = at()
    m.continuing("A", c.en)                    # its monster not named: the kit cannot tell
    with pytest.raises(ArgumentError):
        m.damage("B", to="opponent", amount=1000)


def _lose_when_leaves(c):
    m = activate(c, at(lp={"A": 8000, "B": 8000}))
    m.destroy("B", "Dark Magician")
    assert m.out == ["A1"] and "wrgp.event.special_victory" in codes(m)


def _attack_cost(c):
    m = at(lp={"A": 8000, "B": 8000})
    m.place("B", c.en, "spell_trap")
    m.phase("battle")
    m.attack("A", damage=100)
    assert m.lp == {"A": 8000 - c.effect["attack_cost"], "B": 7900}
    m = at(lp={"A": c.effect["attack_cost"], "B": 8000})
    m.place("A", c.en, "spell_trap")
    m.phase("battle")
    m.attack("A", damage=100)
    assert m.out == ["A1"] and m.lp["B"] == 8000     # paying to 0 is a loss; the attack goes no further


def _field_boost(c):
    boost = c.effect["field_boost"]
    mon = BY_ATTRIBUTE[boost["attribute"]]
    other = next(x for a, x in BY_ATTRIBUTE.items() if a != boost["attribute"])
    m = at(lp={"A": 8000, "B": 8000})
    m.place("B", c.en, "field")
    m.place("A", mon.en, "monster")
    m.place("A", other.en, "monster")
    m.phase("battle")
    m.attack("A", with_=mon.en)
    assert m.lp["B"] == 8000 - mon.monster["atk"] - boost["atk"], c.id
    m.attack("A", with_=other.en)
    assert m.lp["B"] == 8000 - mon.monster["atk"] - boost["atk"] - other.monster["atk"]


def _destroys(c):
    scope = c.effect["destroys"]
    m = at(lp={"A": 8000, "B": 8000})
    zone = "monster" if scope == "opponent_monsters" else "spell_trap"
    name = "Dark Magician" if zone == "monster" else "Mirror Force"
    m.place("B", name, zone)
    m.place("A", "Blue-Eyes White Dragon" if zone == "monster" else "Toll", zone)
    activate(c, m)
    assert m.cards[name].zone == "gy"
    mine = m.cards["Blue-Eyes White Dragon" if zone == "monster" else "Toll"]
    assert (mine.zone == "gy") == (scope == "spell_traps")


def _draws(c):
    m = activate(c)
    assert any(e.code == "wrgp.event.cards_drawn" and e.args["n"] == c.effect["draws"] for e in m.events)


def _tag_only(c):
    raise AssertionError(f"{c.id}: a tag card's clause in the WRGP catalogue")


PLAYED = {"damage": _damage, "gain": _gain, "cost": _cost, "min_link": _min_link, "no_name_twice": _no_name_twice,
          "clear_counters": _clear_counters, "blocks_counters": _blocks_counters, "fusion_boost": _fusion_boost,
          "lasting": _lasting, "once_per_duel": _once_per_duel, "special_victory": _special_victory,
          "scopes": _scopes, "none": _none, "when": _when, "negate": _negate, "once_per_turn": _once_per_turn,
          "forbid": _forbid, "negates_on_field": _negates_on_field, "summons": _summons, "no_damage": _no_damage,
          "lose_when_leaves": _lose_when_leaves, "attack_cost": _attack_cost, "field_boost": _field_boost,
          "destroys": _destroys, "draws": _draws,
          "rewind": _tag_only, "truce": _tag_only, "change_up": _tag_only, "ruling": _tag_only}


def test_every_effect_key_has_an_exerciser():
    """A key added to the vocabulary needs a way to check that the engine plays it."""
    assert set(EFFECT_KEYS) == set(PLAYED)


CLAUSES = [(c.id, k) for c in CARDS for k in c.effect]


@pytest.mark.parametrize("card, key", CLAUSES)
def test_every_played_clause_changes_the_match_as_it_says(card, key):
    PLAYED[key](BY_ID[card])


# ---------------------------------------------------------------------- the clauses the kit does not play
def _relies_activation(c, u):
    refused_naming(lambda: activate(c), u["clause"])


def _relies_tracked(c, u):
    m = at(phase="standby" if c.effect.get("when") == "own_standby" else "main1")
    where = {"own_monsters": ("A", "Dark Magician", "monster"), "face_up_spell_traps": ("B", "Toll", "spell_trap"),
             "spell_traps": ("B", "Mirror Force", "spell_trap"), "field_spells": ("B", "Umiiruka", "field"),
             "own_hand": ("A", "Dark Magician", "hand"), "own_gy": ("A", "Dark Magician", "gy"),
             "self": ("A", c.en, "gy")}[u["scope"]]
    m.place(*where)
    refused_naming(lambda: activate(c, m), u["clause"])
    m = activate(c)                                       # none tracked: played, saying the clause is not
    assert any(e.code == "wrgp.event.clause_not_played" and e.args["clause"] == u["clause"] for e in m.events) \
        or (c.assumes and any(e.code == "wrgp.event.effect_assumed" for e in m.events))   # (its `assumes` says it)


def _relies_attack(c, u):
    m = at()
    m.place("B", c.en, "spell_trap")
    m.place("A", "Dark Magician", "monster")
    m.phase("battle")
    refused_naming(lambda: m.attack("A", with_="Dark Magician"), u["clause"])
    m.attack("A", damage=2500)                            # a damage given by hand does not rely on it


def _relies_attack_with(c, u):
    m = at()
    m.place("A", c.en, "monster")
    m.phase("battle")
    refused_naming(lambda: m.attack("A", with_=c.en), u["clause"])


def _relies_leaves(c, u):
    m = at()
    m.place("A", c.en, "monster")
    refused_naming(lambda: m.destroy("B", c.en), u["clause"])
    m.move(c.en, "banished")                              # the banishment is what its text says


def _relies_affected(c, u):
    m = at()
    m.place("B", c.en, "monster")
    refused_naming(lambda: m.destroy("A", c.en), u["clause"])
    if c.is_monster:
        refused_naming(lambda: m.activate("A", "Raigeki"), u["clause"])


def _relies_none(c, u):
    assert u["why"]["en"] and u["why"]["ja"] and u["clause"]["en"] and u["clause"]["ja"]


RELIED = {"activation": _relies_activation, "tracked": _relies_tracked, "attack": _relies_attack,
          "attack_with": _relies_attack_with, "leaves": _relies_leaves, "affected": _relies_affected,
          "none": _relies_none}


def test_every_kind_of_reliance_has_an_exerciser():
    assert set(RELIES) == set(RELIED)


UNPLAYED = [(c.id, i) for c in CARDS for i in range(len(c.unplayed))]


@pytest.mark.parametrize("card, i", UNPLAYED)
def test_every_unplayed_clause_refuses_the_step_that_relies_on_it(card, i):
    c = BY_ID[card]
    u = c.unplayed[i]
    RELIED[u["relies"]](c, u)


def test_rulings_cards_lists_every_clause_played_or_not():
    for c in CARDS:
        listed = c.as_json()["clauses"]
        assert [x["key"] for x in listed if x["played"]] == list(c.effect)
        assert len([x for x in listed if not x["played"]]) == len(c.unplayed)
        assert all(set(x["text"]) == {"en", "ja"} for x in listed)
