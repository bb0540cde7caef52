"""Named cards play their printed text: a card's LP cost is settled as a payment (STD-LP), negation,
Chain Strike's own condition, and numbers written out (refuse what contradicts the card, accept what
agrees)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_wrgp_cards_text import at, refused

from rulings_lib.cards import catalogue
from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.wrgp.engine import WrgpMatch

CARDS = list(catalogue("wrgp.yaml"))
PAID_COSTS = [c for c in CARDS if (c.effect.get("cost") or {}).get("pay")]



def outcome(m: WrgpMatch) -> tuple:
    return (list(m.out), dict(m.lp), list(m.handover), set(m.at_zero), m.turn, m.player, m.winner)


# ---------------------------------------------------------------------- a cost that takes the LP to 0
def test_the_catalogue_s_lp_costs_are_the_printed_ones():
    assert {c.en for c in PAID_COSTS} == {"Counter Cleaner", "Twister", "Skill Drain"}
    assert [c.en for c in CARDS if (c.effect.get("cost") or {}).get("half")] == ["Solemn Judgment"]


@pytest.mark.parametrize("name", ["Counter Cleaner", "Twister", "Skill Drain"])
def test_a_cost_to_0_by_name_is_a_loss_and_the_right_team_plays_next(name):
    cost = next(c for c in PAID_COSTS if c.en == name).effect["cost"]["pay"]
    m = at(lp={"A": cost, "B": 8000})
    m.activate("A", name)
    assert m.out == ["A1"] and m.handover == ["A"] and m.lp["A"] == 0
    m.end_turn()
    assert (m.turn, m.player, m.pos["A"], m.lp["A"]) == (4, "A", 2, 8000)   # WRGP-F2: the losing team plays next


def test_the_counter_cleaner_step_pays_the_500_lp_cost():
    m = at(lp={"A": 3000, "B": 8000}, spc={"A": 4, "B": 6})
    m.counter_cleaner("A")
    assert m.lp["A"] == 2500 and m.spc == {"A": 0, "B": 0}
    m = at(lp={"A": 500, "B": 8000})
    m.counter_cleaner("A")
    assert m.out == ["A1"]


def test_the_counter_cleaner_step_is_refused_for_the_survivor_at_0():
    m = at(turn=4, duelist={"B": 2}, lp={"A": 0, "B": 8000}, at_zero=["A"], player="A")
    err = refused(lambda: m.counter_cleaner("A"))
    assert err.rule == "STD-LP" and "no-cost-at-0" in str(err)
    assert refused(lambda: m.activate("A", "Counter Cleaner")).rule == "STD-LP"
    assert m.lp["A"] == 0 and m.out == []


@settings(max_examples=60, deadline=None)
@given(card=st.sampled_from(PAID_COSTS), lp=st.integers(0, 3000), foe=st.integers(1, 8000),
       lineup=st.integers(2, 3))
def test_property_a_cost_by_name_and_by_pay_give_the_same_outcome(card, lp, foe, lineup):
    """For every catalogue card with an LP cost: activating it by name settles its cost as the plain `pay`
    step of that cost does (a loss at 0, refused if unpayable), and the match goes on alike."""
    cost = card.effect["cost"]["pay"]
    runs = []
    for how in ("name", "pay"):
        # lp 0: the survivor of a draw (reading draw-survivor-stays-at-0), whose opponent's 1st lost
        survivor = {"turn": 4, "player": "A", "duelist": {"B": 2}, "at_zero": ["A"]} if lp == 0 else {}
        m = at(lp={"A": lp, "B": foe}, lineup=lineup, **survivor)
        try:
            m.activate("A", card.en) if how == "name" else m.pay("A", cost, card=card.en)
        except IllegalAction as err:
            runs.append(("refused", err.rule))
            continue
        if m.winner is None:
            m.end_turn()
        runs.append(outcome(m))
    assert runs[0] == runs[1]
    assert (runs[0][0] == "refused") == (cost > lp)
    if cost == lp:
        assert runs[0][0] == ["A1"]


@settings(max_examples=40, deadline=None)
@given(lp=st.integers(1, 10**6))
def test_property_half_your_lp_never_takes_the_lp_to_0(lp):
    m = at(lp={"A": lp, "B": 8000})
    m.pay("A", lp // 2, card="Solemn Judgment")
    assert m.lp["A"] == lp - lp // 2 > 0 and m.out == []


# ---------------------------------------------------------------------- negation
NEGATABLE = [c for c in CARDS if not c.is_monster and c.speed in (1, 2) and not c.choices and c.id != "speed-world-wrgp"
             and not c.effect.get("min_link") and c.effect.get("negate") is None and "special_victory" not in c.effect
             and not c.unplayed_for("activation")]   # (a card whose activation the kit does not play is refused)


def test_the_catalogue_s_negations_are_played_or_refused():
    negates = {c.en: c.effect["negate"] for c in CARDS if c.effect.get("negate")}
    assert negates == {"Solemn Judgment": "spell_trap_activation", "Stardust Dragon": "destruction",
                       "Number 39: Utopia": "attack", "Scrap-Iron Scarecrow": "attack"}


def test_a_negated_ookazi_deals_nothing():
    m = at(lp={"A": 4000, "B": 4000})
    m.chain([{"by": "A", "card": "Ookazi"}, {"by": "B", "card": "Solemn Judgment"}])
    assert m.lp == {"A": 4000, "B": 2000} and m.out == []


def test_the_survivor_at_0_who_negates_ookazi_does_not_lose_and_pays_half_of_0():
    m = at(turn=5, duelist={"A": 2}, lp={"A": 8000, "B": 0}, at_zero=["B"])
    m.chain([{"by": "A", "card": "昼夜の大火事"}, {"by": "B", "card": "神の宣告"}])
    assert m.out == [] and m.lp == {"A": 8000, "B": 0} and m.at_zero == {"B"}
    m.activate("A", "Ookazi")
    assert m.out == ["B1"]


def test_a_negated_destruction_ring_causes_no_draw():
    m = at(lp={"A": 1000, "B": 1000})
    m.chain([{"by": "B", "card": "Destruction Ring"}, {"by": "A", "card": "Solemn Judgment"}])
    assert m.out == [] and m.lp == {"A": 500, "B": 1000} and m.at_zero == set()


def test_a_negated_negation_lets_its_target_resolve():
    m = at(lp={"A": 4000, "B": 4000})
    m.chain([{"by": "A", "card": "Ookazi"}, {"by": "B", "card": "Solemn Judgment"},
             {"by": "A", "card": "Solemn Judgment"}])
    assert m.lp == {"A": 2000, "B": 2000 - 800}


def test_a_negation_whose_target_the_kit_cannot_tell_is_refused():
    m = at(lp={"A": 4000, "B": 4000})
    with pytest.raises(ArgumentError, match="chain link 1 it answers none"):
        m.activate("B", "Solemn Judgment")                     # as link 1: a summon is not played
    with pytest.raises(ArgumentError, match="does not guess"):
        m.chain([{"by": "A", "damage": {"to": "opponent", "amount": 500}}, {"by": "B", "card": "Solemn Judgment"}])
    with pytest.raises(ArgumentError, match="monster's effect"):
        m.chain([{"by": "A", "card": "Gorz the Emissary of Darkness"},
                 {"by": "B", "card": "Solemn Judgment"}])
    for name in ("Stardust Dragon", "Number 39: Utopia", "Scrap-Iron Scarecrow"):
        with pytest.raises(ArgumentError, match="does not play"):
            m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": name}])
    assert m.lp == {"A": 4000, "B": 4000} and m.out == []


@settings(max_examples=60, deadline=None)
@given(card=st.sampled_from(NEGATABLE), a=st.integers(1, 9000), b=st.integers(1, 9000),
       spc=st.sampled_from([0, 2, 4, 6]))
def test_property_a_negated_link_changes_nothing_but_what_its_negation_says(card, a, b, spc):
    """For every catalogue Spell or Trap a chain can open: answered by Solemn Judgment, it changes nothing
    but its own cost (paid on activation): no damage, no gain, no counters removed, no lasting effect, no
    loss; Solemn Judgment's controller pays half their LP."""
    m = at(lp={"A": a, "B": b}, spc={"A": spc, "B": spc})
    cost = (card.effect.get("cost") or {}).get("pay") or 0
    if cost > a:
        return
    m.chain([{"by": "A", "card": card.en}, {"by": "B", "card": "Solemn Judgment"}])
    assert m.lp == {"A": a - cost, "B": b - b // 2}
    assert m.out == [] and m.spc == {"A": spc, "B": spc} and m.effects == [] and m.delayed == []


# ---------------------------------------------------------------------- Chain Strike's own condition
def test_chain_strike_is_refused_after_one_name_activated_twice():
    m = at(lp={"A": 8000, "B": 8000})
    err = refused(lambda: m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "火の粉"},
                                   {"by": "A", "card": "Chain Strike"}]))
    assert err.rule == "STD-TIMING" and "Sparks" in str(err) and "link 3" in str(err)
    assert m.lp == {"A": 8000, "B": 8000}
    m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Chain Strike"}, {"by": "A", "card": "Chain Strike"}])
    assert m.lp == {"A": 7200, "B": 6600}
    assert refused(lambda: m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Chain Strike"},
                                    {"by": "A", "card": "Chain Strike"}, {"by": "B", "card": "連鎖爆撃"}])).rule == "STD-TIMING"


LINK_CARDS = ["Sparks", "Destruction Ring", "Chain Strike", "Mystical Space Typhoon"]


@settings(max_examples=80, deadline=None)
@given(chain=st.lists(st.tuples(st.sampled_from("AB"), st.sampled_from(LINK_CARDS)), min_size=2, max_size=6))
def test_property_chain_strike_is_accepted_exactly_when_no_name_came_twice_before_it(chain):
    """For every chain of these Spell Speed 2 cards: it is refused exactly when a Chain Strike is link 1 or
    follows a card name that came twice or more among the links before it."""
    def bad(k, name):
        before = [c for _, c in chain[:k]]
        return name == "Chain Strike" and (k == 0 or any(before.count(c) > 1 for c in before))

    m = at(lp={"A": 100_000, "B": 100_000})
    try:
        m.chain([{"by": by, "card": card} for by, card in chain])
        ok = True
    except IllegalAction:
        ok = False
    assert ok == (not any(bad(k, c) for k, (_, c) in enumerate(chain)))


# ---------------------------------------------------------------------- contradictions
def test_chain_strike_s_explicit_amount_that_agrees_is_accepted():
    m = at(lp={"A": 8000, "B": 8000})
    m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Chain Strike", "damage": {"to": "opponent", "amount": 800}}])
    assert m.lp == {"A": 7200, "B": 7800}


def test_chain_strike_s_explicit_amount_that_contradicts_words_the_card_s_rule():
    m = at(lp={"A": 8000, "B": 8000})
    with pytest.raises(ArgumentError, match=r"Chain Strike deals 400 × its chain link number: 800 as link 2, not 400"):
        m.chain([{"by": "A", "card": "Sparks"},
                 {"by": "B", "card": "Chain Strike", "damage": {"to": "opponent", "amount": 400}}])
    with pytest.raises(ArgumentError, match="a step outside a chain has none"):
        m.damage("B", "opponent", 800, card="Chain Strike")
    assert m.lp == {"A": 8000, "B": 8000}


def test_power_bond_s_end_phase_damage_at_the_opponent_is_refused():
    m = at(lp={"A": 8000, "B": 8000})
    for to in ("opponent", "B", "both"):
        with pytest.raises(ArgumentError, match=r"its End Phase damage goes to its controller \(self\)"):
            m.at_end_phase("A", "Power Bond", to, 4000)
    m.at_end_phase("A", "Power Bond", "A", 4000)
    m.end_turn()
    assert m.lp == {"A": 4000, "B": 8000}


def test_the_messages_are_in_both_catalogues():
    from rulings_lib.i18n import Msg

    m = at(lp={"A": 8000, "B": 8000})
    with pytest.raises(ArgumentError) as err:
        m.at_end_phase("A", "Power Bond", "opponent", 4000)
    msg = err.value.as_msg()
    assert isinstance(msg, Msg)
    assert "パワー・ボンド" in msg.render("ja") and "self" in msg.render("ja")


@settings(max_examples=80, deadline=None)
@given(before=st.lists(st.tuples(st.sampled_from("AB"), st.sampled_from(["Sparks", "Destruction Ring",
                                                                         "Mystical Space Typhoon"])),
                       min_size=1, max_size=4, unique_by=lambda x: x[1]),
       amount=st.one_of(st.integers(0, 4000), st.sampled_from([400, 800, 1200, 1600, 2000])), by=st.sampled_from("AB"))
def test_property_an_explicit_amount_is_accepted_exactly_when_it_agrees(before, amount, by):
    """For a Chain Strike at any link n: an explicit amount is accepted exactly when it is 400 × n, and then
    the chain plays as without it."""
    n = len(before) + 1
    links = [{"by": b, "card": c} for b, c in before]
    plain, given = at(lp={"A": 100_000, "B": 100_000}), at(lp={"A": 100_000, "B": 100_000})
    plain.chain(links + [{"by": by, "card": "Chain Strike"}])
    try:
        given.chain(links + [{"by": by, "card": "Chain Strike", "damage": {"to": "opponent", "amount": amount}}])
    except ArgumentError as err:
        assert amount != 400 * n and f"{400 * n} as link {n}" in str(err)
        return
    assert amount == 400 * n and given.lp == plain.lp
