"""A second copy of a card plays its text as the first does (STD-CARDS; card copies and the lasting
clauses together): each copy is looked up in the catalogue by the name it was written with, not by its
key ``NAME #2``."""

from __future__ import annotations

import pytest

from rulings_lib.errors import IllegalAction
from rulings_lib.wrgp.engine import WrgpMatch


def at(**kw) -> WrgpMatch:
    kw.setdefault("turn", 3)
    kw.setdefault("phase", "main1")
    return WrgpMatch(**kw)


@pytest.mark.parametrize("name", ["Jinzo", "人造人間－サイコ・ショッカー"])
def test_a_second_jinzo_forbids_traps_when_the_first_is_gone(name):
    m = at()
    m.place("B", "Jinzo", "monster")
    m.place("B", name, "monster")
    assert f"{name} #2" in m.state()["cards"]       # the copy keeps the name it was written with
    m.destroy("A", "Jinzo #1")
    with pytest.raises(IllegalAction) as err:
        m.chain([{"by": "A", "card": "Sparks"}])
    assert err.value.rule == "STD-CARDS"
    m.destroy("A", "Jinzo #2")
    m.chain([{"by": "A", "card": "Sparks"}])


def test_a_second_gate_blocker_still_stops_the_counters():
    m = at(phase="draw", lp={"A": 8000, "B": 8000})
    m.place("A", "Gate Blocker", "monster")
    m.place("A", "ゲート・ブロッカー", "monster")
    m.destroy("B", "Gate Blocker #1")
    m.phase("standby")
    assert m.spc["B"] == 0 and m.spc["A"] == 2
