"""Names the kit does not know (a card described by hand under a name close to a known one plays as
described and names the card it resembles) and the tag deck check (Digivice 01's replacement cards
under TAG-K2, St-319/320 one card name): worked examples and properties."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulings_lib.cards import card, catalogue, in_words, lookalike, resembles
from rulings_lib.errors import ArgumentError
from rulings_lib.wrgp.engine import WrgpMatch

WRGP = "wrgp.yaml"
RING = "破壊輪"        # Ring of Destruction: a real card, not the catalogue's 破壊指輪 (Destruction Ring)


def _match(**lp):
    return WrgpMatch(turn=3, player="A", phase="main1", lp=lp or {"A": 3000, "B": 1500})


def _resembling(m):
    return [e for e in m.events if e.code == "wrgp.event.described_resembles"]


# ------------------------------------------------------------------------------------------- names the kit does not know
def test_ring_of_destruction_with_numbers_plays_as_described_and_names_the_card_it_resembles():
    m = _match()
    m.chain([{"by": "A", "card": RING, "damage": {"to": "both", "amount": 1500}}])
    assert m.lp == {"A": 1500, "B": 0} and m.out == ["B1"]
    (ev,) = _resembling(m)
    assert ev.rule == "STD-CARDS" and ev.args["card"] == RING
    assert ev.code == "wrgp.event.described_resembles" and ev.args["like"] == "Destruction Ring"
    assert "「破壊指輪」に似ている" in in_words(ev.code, ev.args, "ja", WRGP)
    assert m.state()["resembles"] == {RING: "Destruction Ring"}


@pytest.mark.parametrize("verb, kwargs", [
    ("damage", {"by": "A", "to": "opponent", "amount": 500}),
    ("gain", {"by": "A", "to": "self", "amount": 500}),
    ("pay", {"by": "A", "amount": 500}),
])
def test_each_step_with_an_amount_plays_a_near_name_as_described(verb, kwargs):
    m = _match()
    getattr(m, verb)(card=RING, **kwargs)
    assert m.state()["resembles"] == {RING: "Destruction Ring"} and len(_resembling(m)) == 1


def test_a_near_name_without_numbers_is_still_did_you_mean():
    # activate: the kit needs the card's text; a chain link with neither damage nor gain likewise.
    with pytest.raises(ArgumentError, match="did you mean 'Destruction Ring'"):
        _match().activate("A", RING)
    with pytest.raises(ArgumentError, match="did you mean 'Destruction Ring'"):
        _match().chain([{"by": "A", "card": RING}])


def test_a_look_alike_name_stays_refused_even_with_numbers():
    fake = "\u041e\u043ekazi"      # Cyrillic О and о: looks like Ookazi
    assert lookalike(fake) is not None
    with pytest.raises(ArgumentError, match="look-alike"):
        _match().chain([{"by": "A", "card": fake, "damage": {"to": "opponent", "amount": 800}}])
    with pytest.raises(ArgumentError, match="look-alike"):
        _match().damage("A", to="opponent", amount=800, card=fake)


def test_an_unrelated_unknown_name_says_nothing_about_resemblance():
    m = _match()
    m.chain([{"by": "A", "card": "My Own Burn Card", "damage": {"to": "opponent", "amount": 100}}])
    assert not _resembling(m) and m.state()["resembles"] == {}


def test_a_tag_card_named_close_to_a_known_one_is_still_did_you_mean():
    # The tag's card: {by, number} takes a name, but gives no numbers: a near name stays refused.
    from rulings_lib.cards import lookup

    with pytest.raises(ArgumentError, match="did you mean"):
        lookup("number", "Chnage Up!", "tag.yaml", unknown=True)


def _near_names():
    """Names close to a catalogue card's (one letter dropped, doubled or changed) that are none of its."""
    names = [n for c in catalogue(WRGP) for n in (c.en,) if len(n) >= 6]
    return st.tuples(st.sampled_from(names), st.integers(0, 40), st.sampled_from(["drop", "double", "swap"]))


def _mutate(name: str, i: int, how: str) -> str:
    i %= len(name) - 1
    if how == "drop":
        return name[:i] + name[i + 1:]
    if how == "double":
        return name[:i] + name[i] + name[i:]
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_near_names(), st.sampled_from(["opponent", "self", "both"]), st.sampled_from(["damage", "gain"]),
       st.integers(0, 4000))
def test_property_a_near_name_with_numbers_plays_as_an_unrelated_name_plus_a_resemblance_note(
        near, to, what, amount):
    name = _mutate(*near)
    assume(card(name, WRGP) is None and lookalike(name) is None and resembles(name, WRGP) is not None)
    played = {}
    for shown in (name, "Zq Unrelated Card"):
        m = _match()
        m.chain([{"by": "A", "card": shown, what: {"to": to, "amount": amount}}])
        played[shown] = m
    a, b = played[name], played["Zq Unrelated Card"]
    assert (a.lp, a.out, sorted(a.at_zero), a.handover, a.spc) == (b.lp, b.out, sorted(b.at_zero), b.handover, b.spc)
    own = [e for e in a.events if e.code != "wrgp.event.described_resembles"]
    assert [(e.rule, e.code) for e in own] == [(e.rule, e.code) for e in b.events]
    (note,) = _resembling(a)
    assert note.args["card"] == name and a.state()["resembles"] == {name: resembles(name, WRGP).en}
    assert b.state()["resembles"] == {}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(_near_names())
def test_property_a_near_name_without_numbers_is_refused_with_did_you_mean(near):
    name = _mutate(*near)
    assume(card(name, WRGP) is None and lookalike(name) is None and resembles(name, WRGP) is not None)
    with pytest.raises(ArgumentError, match="did you mean"):
        _match().activate("A", name)


# ------------------------------------------------------------------------------------------- the tag deck check: Digivice 01, St-319/320
from rulings_lib.tag.deckcheck import Deck, check_decks, kit_card_name  # noqa: E402

_FILL = "3 Bx-902\n3 Bo-164\n3 Bx-904\n3 St-89\n3 St-296\n3 Bo-356\n3 St-321\n3 Bx-908\n"


def _deck(text: str) -> Deck:
    return Deck.from_text(text, "mine.txt")


def test_st_319_and_320_are_one_card_name_without_a_catalogue_file():
    report = check_decks([_deck(_FILL + "2 St-319\n2 St-320\n2 Bo-302\n")])
    copies = [v for v in report.violations if v.check == "copies"]
    assert len(copies) == 1 and copies[0].count == 4 and copies[0].numbers == ("St-319", "St-320")
    assert copies[0].card == "チェンジアップ！"
    assert check_decks([_deck(_FILL + "2 St-319\n1 St-320\n3 Bo-302\n")]).legal      # 3 in all: legal


def test_the_kits_tag_catalogue_names_st_319_and_st_320_alike():
    tag = catalogue("tag.yaml")
    by_number = {c.number: c for c in tag}
    assert by_number["St-319"].name == by_number["St-320"].name == {"en": "Change Up!", "ja": "チェンジアップ！"}
    assert by_number["St-320"].same_name == "st-319"
    assert card("チェンジアップ！", "tag.yaml").number == "St-319"        # the name finds the first printing
    assert kit_card_name("St-319") == kit_card_name("st-320") == "チェンジアップ！"
    assert kit_card_name("St-1") is None


def test_digivice_01s_replacement_cards_are_checked_against_tag_k2():
    deck = _deck(_FILL + "2 St-319\n1 St-320\n2 Bo-302\nBo-20v\n入替用のカード:\n3 St-1\n1 Re-12\n1 Dx-3\n")
    k2 = [v for v in check_decks([deck]).violations if v.rule == "TAG-K2"]
    assert [v.card for v in k2] == ["Re-12", "Dx-3"]
    assert all("replacement card" in v.message.render("en") for v in k2)


def test_a_catalogue_file_still_decides_the_names():
    from rulings_lib.tag.deckcheck import Catalogue

    cat = Catalogue.from_text("number,name,level\nSt-319,A,\nSt-320,B,\n", "cat.csv")
    report = check_decks([_deck(_FILL + "2 St-319\n2 St-320\n2 Bo-302\n")], cat)
    assert not [v for v in report.violations if v.check == "copies"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3))
def test_property_copies_of_st_319_and_st_320_count_together(a, b):
    rest = 6 - a - b      # 24 + 6: a deck of 30 (Bo-302 fills, at most 3 of it)
    text = _FILL + (f"{a} St-319\n" if a else "") + (f"{b} St-320\n" if b else "") + \
        (f"{min(rest, 3)} Bo-302\n" if rest > 0 else "") + (f"{rest - 3} Bx-901\n" if rest > 3 else "")
    report = check_decks([_deck(text)])
    copies = [v for v in report.violations if v.check == "copies" and v.card == "チェンジアップ！"]
    assert bool(copies) == (a + b > 3)
    if copies:
        assert copies[0].count == a + b
