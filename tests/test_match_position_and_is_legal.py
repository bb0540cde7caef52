"""A match's position and the legality of an Action, for both formats (python-chess's
``Board.__eq__`` and ``board.is_legal(move)``): two matches are equal when every field a move can
change is equal, however they got there (the step counter, the events, the refused steps and the
move stack are history); ``is_legal(action)`` says whether the Action would be accepted now,
changing nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tag_properties import step_strategy as tag_steps
from test_wrgp_properties import step_strategy as wrgp_steps

from rulings_lib.errors import ArgumentError, IllegalAction, ScenarioError
from rulings_lib.tag.engine import TagMatch
from rulings_lib.verbs import Action
from rulings_lib.wrgp.engine import WrgpMatch

FORMATS = {"wrgp": (WrgpMatch, wrgp_steps), "tag": (TagMatch, tag_steps)}
REFUSED = (IllegalAction, ArgumentError, ScenarioError)


def _action(verb, args):
    try:
        return Action(verb, args)
    except REFUSED:
        return None


def _play(m, steps) -> None:
    for verb, args in steps:
        a = _action(verb, args)
        if a is None:
            continue
        try:
            m.apply(a)
        except REFUSED:
            pass


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_copy_equals_its_match_and_the_same_moves_keep_them_equal(fmt, data):
    cls, steps = FORMATS[fmt]
    m = cls()
    _play(m, data.draw(st.lists(steps(), max_size=12)))
    twin = m.copy()
    assert twin == m
    more = data.draw(st.lists(steps(), max_size=8))
    _play(m, more)
    _play(twin, more)
    assert twin == m and m.state() == twin.state() | {"events": m.state()["events"], "rejected": m.state()["rejected"]}


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_is_legal_says_what_apply_does_and_changes_nothing(fmt, data):
    cls, steps = FORMATS[fmt]
    m = cls()
    _play(m, data.draw(st.lists(steps(), max_size=12)))
    for verb, args in data.draw(st.lists(steps(), min_size=1, max_size=6)):
        a = _action(verb, args)
        if a is None:
            continue
        before, events = m.copy(), len(m.events)
        try:
            legal = m.is_legal(a)
        except (ArgumentError, ScenarioError):
            continue                                    # malformed for this match: no verdict either way
        assert m == before and len(m.events) == events  # asking changes nothing
        try:
            m.apply(a)
            applied = True
        except IllegalAction:
            applied = False
        assert legal == applied, a
        if not applied:
            assert m == before                           # a refused move leaves the position as it was


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_push_then_pop_gives_the_same_position(fmt, data):
    cls, steps = FORMATS[fmt]
    m = cls()
    _play(m, data.draw(st.lists(steps(), max_size=10)))
    before = m.copy()
    pushed = 0
    for verb, args in data.draw(st.lists(steps(), min_size=1, max_size=6)):
        a = _action(verb, args)
        if a is None:
            continue
        try:
            m.push(a)
            pushed += 1
        except REFUSED:
            pass
    for _ in range(pushed):
        m.pop()
    assert m == before


def test_a_move_that_changes_the_position_makes_it_unequal():
    m = WrgpMatch(turn=3, phase="main1")
    before = m.copy()
    m.damage("A", "opponent", 500)
    assert m != before
    t = TagMatch()
    assert t == t.copy() and t != TagMatch(first="blue")
    assert (m == t) is False and m != "a match"


def test_every_listed_action_is_legal():
    m = WrgpMatch(turn=3, phase="draw")
    listed = m.legal_actions()
    assert listed and all(m.is_legal(a) for a in listed)
    t = TagMatch()
    assert all(t.is_legal(a) for a in t.legal_actions())


def test_is_legal_of_an_action_takes_nothing_else():
    with pytest.raises(ArgumentError):
        WrgpMatch().is_legal(Action("phase", "main1"), "extra")


def test_a_call_that_does_not_fit_shows_the_call_as_written():
    """A malformed call names its usage with each parameter's type as written in the code (the kit's
    annotations are text: never quoted) and no return type, for verbs and queries alike."""
    from rulings_lib import TagMatch, WrgpMatch
    from rulings_lib.errors import ArgumentError

    m = WrgpMatch()
    with pytest.raises(ArgumentError) as verb:
        m.damage("A", bogus=1)
    with pytest.raises(ArgumentError) as query:
        m.copy(1)
    with pytest.raises(ArgumentError) as tag:
        TagMatch().battle()
    assert "damage(by: str, to: str, amount: int, card: str | None = None)," in str(verb.value)
    assert "copy()," in str(query.value)
    assert "battle(spec: Mapping[Any, Any])," in str(tag.value)
    for err in (verb, query, tag):
        assert "'" not in str(err.value).split(", got")[0] and "->" not in str(err.value)
