"""Properties of the WRGP-S2 team check: the verdict never depends on the order of the decks or of
the lines within a deck; files and URLs round-trip."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.decks import Banlist, CardDB, Deck, check_team, parse_lflist, parse_ydk, parse_ydke
from rulings_lib.decks.ydk import SECTIONS

# A small pool with alternate artworks (2 -> 1, 3 -> 2 -> 1) and a loop (21 <-> 22).
CARDS = CardDB.from_rows([(1, "One", 0), (2, "One", 1), (3, "One", 2), (5, "Five", 0), (6, "Six", 0),
                          (7, "Seven", 0), (8, "Eight", 0), (21, "Loop", 22), (22, "Loop", 21)], "pool.cdb")
POOL = [1, 2, 3, 5, 6, 7, 8, 21, 22, 99]  # 99 is not in the database

banlists = st.builds(
    lambda limits, whitelist: Banlist("L", limits, whitelist),
    st.dictionaries(st.sampled_from(POOL), st.integers(0, 3), max_size=6),
    st.integers(0, 4).map(lambda n: n == 0))  # a $whitelist list now and then


@st.composite
def decks(draw, number):
    """A deck: a few pool cards in each section, made up with filler to sizes around the limits
    (main 38-61, extra and side 0-16)."""
    pool = st.lists(st.sampled_from(POOL), max_size=3)
    filler = iter(range(1000 * number, 1000 * number + 999))
    sections = []
    for low, high in ((38, 61), (0, 16), (0, 16)):
        cards = draw(pool)
        size = draw(st.integers(low, high))
        sections.append(tuple(cards + [next(filler) for _ in range(max(0, size - len(cards)))]))
    return Deck(*sections, source=f"deck{number}.ydk")


teams = st.tuples(decks(1), decks(2), decks(3))


def verdict(report):
    """What must not depend on order: legality, the card violations, the sizes found wrong."""
    cards = sorted((v.kind, v.card, v.count, v.limit) for v in report.violations if v.kind != "deck-size")
    sizes = sorted((v.section, v.count) for v in report.of_kind("deck-size"))
    return report.legal, cards, sizes


def shuffled_ydk(deck: Deck, rnd, crlf: bool) -> str:
    """The deck as a .ydk text with the sections in any order, the cards in any order within them,
    and comments and blank lines sprinkled in."""
    blocks = []
    for name, header in (("main", "#main"), ("extra", "#extra"), ("side", "!side")):
        lines = [str(code).zfill(rnd.choice([0, 8, 9])) for code in deck.section(name)]
        lines += rnd.choice([[], ["# a comment"], ["", "#  Card name"]])
        rnd.shuffle(lines)
        blocks.append([header, *lines])
    rnd.shuffle(blocks)
    text = ["#created by hypothesis"] + [line for block in blocks for line in block]
    return ("\r\n" if crlf else "\n").join(text) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(team=teams, banlist=banlists, order=st.permutations([0, 1, 2]), rnd=st.randoms(use_true_random=False),
       crlf=st.booleans(), with_cards=st.booleans())
def test_verdict_does_not_depend_on_order(team, banlist, order, rnd, crlf, with_cards):
    cards = CARDS if with_cards else None
    base = check_team(list(team), banlist, cards=cards)
    texts = [shuffled_ydk(team[i], rnd, crlf) for i in order]
    reordered = [parse_ydk(text, f"shuffled{n}.ydk") for n, text in enumerate(texts, 1)]
    again = check_team(reordered, banlist, cards=cards)
    assert verdict(again) == verdict(base)
    assert again.legal == (not again.violations)


@settings(max_examples=100, deadline=None)
@given(team=teams, crlf=st.booleans())
def test_ydk_and_ydke_round_trip(team, crlf):
    for deck in team:
        for again in (parse_ydk(deck.to_ydk("\r\n" if crlf else "\n")), parse_ydke(deck.to_ydke())):
            assert all(again.section(s) == deck.section(s) for s in SECTIONS)


@settings(max_examples=100, deadline=None)
@given(limits=st.dictionaries(st.integers(1, 2**32 - 1), st.integers(0, 3), max_size=20), whitelist=st.booleans(),
       crlf=st.booleans())
def test_lflist_round_trip(limits, whitelist, crlf):
    lines = ["#[L]", "!L"] + (["$whitelist"] if whitelist else [])
    lines += [f"{code} {n} --card {code}" for code, n in limits.items()]
    (parsed,) = parse_lflist(("\r\n" if crlf else "\n").join(lines), "l.conf")
    assert parsed.limits == limits and parsed.whitelist == whitelist
