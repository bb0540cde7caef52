"""A restriction in force (Sekka's Light, Sales Ban's declared name, WRGP-H7) binds every step that
activates a card, the `once_per_duel` and `special_victory` steps too (WRGP-F6, WRGP-F8: a special
victory is a trigger effect), not only `activate` and `chain`: forbidden, or refused when the kit
cannot tell."""

from __future__ import annotations

import pytest

from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.wrgp.engine import WrgpMatch


def at() -> WrgpMatch:
    return WrgpMatch(turn=3, phase="main1")


@pytest.mark.parametrize(("verb", "card"), [("once_per_duel", "Spore"), ("special_victory", "Exodia the Forbidden One")])
def test_a_declared_name_forbids_the_step_for_the_opponent_this_turn(verb, card):
    m = at()
    m.activate("A", "Sales Ban", declare=card)
    with pytest.raises(IllegalAction) as err:
        getattr(m, verb)("B", card)
    assert err.value.rule == "WRGP-H7"
    free = at()
    getattr(free, verb)("B", card)          # without the restriction the same step plays


def test_a_card_the_kit_cannot_classify_is_refused_under_sekkas_light():
    m = at()
    m.activate("A", "Sekka's Light")
    with pytest.raises(ArgumentError, match="Sekka's Light"):
        m.once_per_duel("A", "Made-up Spell")
    m.once_per_duel("B", "Made-up Spell")   # Sekka's Light binds its user's team only
