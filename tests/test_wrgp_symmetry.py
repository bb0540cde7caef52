"""Properties of play: mirror symmetry, one link is one step, every reached moment can be set up
(and only reachable ones), a rejected step changes nothing."""

import collections
import itertools
import json
import random
import re

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.errors import ArgumentError, IllegalAction, NotExportable, ScenarioError
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario, scenario_from_text
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch
from rulings_lib.wrgp.scenario import apply, new_match

SWAP = {"A": "B", "B": "A"}
_NAME = re.compile(r"\b([AB])(\d*)\b")


def mirror(value):
    """Swap the team letters everywhere: keys, values, duelist names (A2 <-> B2), in texts too."""
    if isinstance(value, dict):
        return {mirror(k): mirror(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(mirror(v) for v in value)
    if isinstance(value, str):
        return _NAME.sub(lambda m: SWAP[m.group(1)] + m.group(2), value)
    return value


def comparable(outcome: dict) -> dict:
    """The outcome with the events of each step as a sorted list (both teams gaining counters in the
    same Standby Phase are listed A first: an order of presentation, not of the rules)."""
    out = dict(outcome)
    by_step: dict = {}
    for e in outcome["events"]:
        by_step.setdefault(e["step"], []).append((e["rule"], e["text"]))
    out["events"] = {k: sorted(v) for k, v in by_step.items()}
    if "verdict" in out:        # its claims (the engine's verdict): who is out, who is next, what is inherited
        out["verdict"] = out["verdict"]["claims"]
    return out


def mirrored_scenario(sc):
    m = load_scenario(sc.path)
    m.setup = mirror(sc.setup)
    m.setup.setdefault("first", "B")    # A went first by default
    if "first" in sc.setup:
        m.setup["first"] = SWAP[sc.setup["first"]]
    for step in m.steps:
        step.args = mirror(step.args)
    return m


@pytest.mark.parametrize("path", builtin_scenarios("wrgp"), ids=lambda p: p.stem)
def test_every_shipped_scenario_is_mirror_symmetric(path):
    sc = load_scenario(path)
    original = run_scenario(sc).outcome
    swapped = run_scenario(mirrored_scenario(sc)).outcome
    assert comparable(swapped) == comparable(mirror(original))


# ---------------------------------------------------------------- random matches
TEAMS = "AB"
TOS = ["A", "B", "self", "opponent", "both"]


def random_step(rng: random.Random, m: WrgpMatch):
    by = rng.choice(TEAMS)
    r = rng.random()
    amount = rng.choice([0, 200, 500, 1000, 3000, 8000])
    if r < 0.18:
        return "end_turn", {}
    if r < 0.3:
        return "phase", rng.choice(T.PHASE_KEYS)
    if r < 0.45:
        return "damage", {"by": by, "to": rng.choice(TOS), "amount": amount}
    if r < 0.55:
        return "attack", {"by": by, "damage": amount, "to": rng.choice(["opponent", "self"])}
    if r < 0.68:
        links = []
        for _ in range(rng.randint(1, 3)):
            link = {"by": rng.choice(TEAMS)}
            kind = rng.random()
            if kind < 0.6:
                link["damage"] = {"to": rng.choice(TOS), "amount": rng.choice([200, 1000, 3000])}
            elif kind < 0.7:
                link["damage"] = {"to": rng.choice(TOS), "per_link": 400}
            elif kind < 0.9:
                link["gain"] = {"to": rng.choice(TOS), "amount": 500}
            links.append(link)
        return "chain", links
    if r < 0.74:
        return "pay", {"by": by, "amount": rng.choice([0, 500, 1000]), "as": rng.choice(["cost", "effect"])}
    if r < 0.8:
        return "speed_world", {"by": by, "remove": rng.choice([4, 7, 10])}
    if r < 0.84:
        return "gain", {"by": by, "to": rng.choice(TOS), "amount": 500}
    if r < 0.87:
        return "baton_touch", by
    if r < 0.9:
        return "lose", by
    if r < 0.93:
        return "special_victory", {"by": by, "card": "Exodia"}
    if r < 0.96:
        # Power Bond's End Phase damage is its controller's own (another target is refused)
        return "at_end_phase", {"by": by, "card": "Power Bond", "damage": {"to": rng.choice(("self", by)), "amount": 4000}}
    return "act", {"by": by, "action": rng.choice(T.ACTION_KINDS)}


def play_random(rng: random.Random, setup: dict, n: int):
    """Play ``n`` random steps; yields (match, verb, args) before each step (the match as it is then)."""
    m = new_match(setup)
    steps = []
    for i in range(n):
        verb, args = random_step(rng, m)
        steps.append((verb, args))
        m.step = i
        try:
            apply(m, verb, args)
        except IllegalAction as err:
            m.record_rejection(i + 1, err)
        if m.is_finished():
            break
    return m, steps


def replay(setup: dict, steps) -> WrgpMatch:
    m = new_match(setup)
    for i, (verb, args) in enumerate(steps):
        m.step = i
        try:
            apply(m, verb, args)
        except IllegalAction as err:
            m.record_rejection(i + 1, err)
    return m


def test_thousands_of_random_matches_are_mirror_symmetric():
    rng = random.Random(10)
    losses = 0
    for _ in range(2000):
        setup = {"lineup": rng.randint(1, 3), "first": rng.choice(TEAMS), "start_lp": rng.choice([1000, 4000, 8000])}
        m, steps = play_random(rng, setup, rng.randint(1, 30))
        swapped = replay(mirror(setup), [(v, mirror(a)) for v, a in steps])
        assert comparable(swapped.state()) == comparable(mirror(m.state())), steps
        losses += bool(m.out)
    assert losses > 500      # the matches do reach losses, draws and handovers


# ---------------------------------------------------------------- one link is one step
def _game(m: WrgpMatch) -> dict:
    s = m.state()
    del s["events"]
    s["verdict"] = s["verdict"]["claims"]     # its words quote the log; its claims are the game's
    return s


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(TEAMS), st.sampled_from(TOS),
       st.sampled_from([0, 100, 999, 1000, 8000]), st.sampled_from(["damage", "gain"]))
def test_a_one_link_chain_is_the_same_as_the_plain_step(seed, by, to, amount, what):
    rng = random.Random(seed)
    m, _ = play_random(rng, {"lineup": 3}, rng.randint(0, 25))
    plain, chained = m.copy(), m.copy()
    results = []
    for match, call in ((plain, lambda x: getattr(x, what)(by, to, amount, card="Card")),
                        (chained, lambda x: x.chain([{"by": by, "card": "Card", what: {"to": to, "amount": amount}}]))):
        try:
            call(match)
            results.append(None)
        except IllegalAction as err:
            results.append(err.rule)
    assert results[0] == results[1]
    assert _game(plain) == _game(chained)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.one_of(
    st.fixed_dictionaries({"by": st.sampled_from(TEAMS), "gain": st.fixed_dictionaries(
        {"to": st.sampled_from(TOS), "amount": st.sampled_from([0, 300, 1000])})}),
    st.fixed_dictionaries({"by": st.sampled_from(TEAMS), "card": st.just("Mystical Space Typhoon")})),
    min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_the_order_of_links_that_do_not_damage_does_not_matter(seed, links, shuffler):
    rng = random.Random(seed)
    m, _ = play_random(rng, {"lineup": 3}, rng.randint(0, 25))
    if m.is_finished():
        return
    other = list(links)
    shuffler.shuffle(other)

    def played(chain):
        """The game after the chain, or the rule that refuses it (a Mystical Space Typhoon in the opponent's
        turn needs a Set card from an earlier turn of its team: refused in either order)."""
        after = m.copy()
        try:
            after.chain(chain)
        except IllegalAction as exc:
            return exc.rule
        return _game(after)

    assert played(links) == played(other)


# ---------------------------------------------------------------- every reached moment can be set up
def test_every_reached_moment_can_be_set_up_and_reproduces_it():
    """Match.setup() (a position as a FEN): at every moment of random play, either the setup starts a match
    equal to this one -- and, written as YAML and run as a scenario, one with the same outcome -- or the
    position holds what no setup key expresses, and the error names it."""
    rng = random.Random(2022)
    checked = run = 0
    refused = collections.Counter()
    keys = ("turn", "duelist", "lp", "spc", "out", "at_zero", "handover", "drawn", "finished", "restrictions")
    for _ in range(450):
        m = new_match({"lineup": rng.randint(1, 3), "first": rng.choice(TEAMS), "start_lp": rng.choice([4000, 8000])})
        for _ in range(40):
            try:
                setup = m.setup()
            except NotExportable as exc:
                assert exc.what and all(isinstance(w, str) and w for w in exc.what), exc
                refused[exc.what[0]] += 1
            else:
                assert WrgpMatch.from_setup(setup) == m, setup
                if checked % 5 == 0:
                    text = yaml.safe_dump({"format": "wrgp", "setup": setup}, allow_unicode=True)
                    again, now = run_scenario(scenario_from_text(text)).outcome, m.state()
                    assert {k: again[k] for k in keys} == {k: now[k] for k in keys}, text
                    run += 1
                checked += 1
            verb, args = random_step(rng, m)
            try:
                apply(m, verb, args)
            except IllegalAction:
                pass
            if m.is_finished():
                break
    # Most moments are set up (duelists who left included); the others are a handover under way, a damage
    # just taken (Gorz's moment), a delayed effect, a team's later first turn, or turn 1 after a step.
    assert checked > 3000 and run > 600, (checked, refused)
    assert {"handover", "just_damaged_by_opponent", "at"} <= set(refused), refused


def test_a_setup_names_the_duelists_who_have_left_in_order():
    m = WrgpMatch(lineup=3)
    m.phase("main1")
    m.lose("A")
    m.end_turn()                          # the handover completes: A2 in, and A's turn again (WRGP-F2)
    m.baton_touch("A")                    # A2 swaps out for A3 in the Draw Phase (WRGP-H9)
    assert m.setup()["at"]["out"] == ["A1", "A2"]
    assert WrgpMatch.from_setup(m.setup()) == m
    with pytest.raises(ScenarioError, match=r"setup.at.out: expected the duelists who have left.*A1, A2"):
        WrgpMatch.from_setup({**m.setup(), "at": {**m.setup()["at"], "out": ["A1"]}})


def test_cards_placed_are_set_up_again_and_a_card_set_this_turn_is_named():
    m = WrgpMatch.from_setup({"cards": [{"by": "A", "card": "Dark Magician", "zone": "monster"},
                                        {"by": "B", "card": "Mirror Force", "zone": "spell_trap", "face_up": False}]})
    m.phase("main1")
    m.place("A", "Dark Magician", "hand")             # a second copy: a card of its own (Dark Magician #2)
    assert [c["card"] for c in m.setup()["cards"]] == ["Dark Magician", "Mirror Force", "Dark Magician #2"]
    assert WrgpMatch.from_setup(m.setup()) == m
    m.place("A", "Pot of Greed", "spell_trap", False)   # Set this turn: not activatable until the next (STD-TIMING)
    with pytest.raises(NotExportable) as exc:
        m.setup()
    assert exc.value.what == ["cards"]


def test_a_position_no_setup_holds_is_named_not_exported():
    m = WrgpMatch(lineup=2)
    m.phase("main1")
    m.lose("A")                           # A1 lost: the handover is under way until the turn ends (WRGP-H1)
    with pytest.raises(NotExportable, match="no setup key holds its handover") as exc:
        m.setup()
    assert exc.value.what == ["handover"] and "handover" in exc.value.render("ja")
    m.end_turn()
    assert WrgpMatch.from_setup(m.setup()) == m


UNREACHABLE = [
    {"at": {"turn": 1, "phase": "battle"}},
    {"at": {"turn": 1, "phase": "main2"}},
    {"first": "B", "at": {"turn": 1, "player": "A"}},
    {"at": {"turn": 1, "duelist": {"A": 2}}},
    {"at": {"turn": 1, "phase": "draw", "spc": {"B": 2}}},
    {"at": {"turn": 1, "phase": "main1", "spc": {"A": 4}}},
    {"at": {"turn": 3, "lp": {"A": 0}}},
    {"at": {"turn": 3, "lp": {"A": 0, "B": 0}}},
    {"at": {"turn": 4, "duelist": {"A": 2, "B": 2}, "at_zero": ["A", "B"]}},
    {"at": {"turn": 4, "at_zero": ["B"]}},
    {"at": {"turn": 1, "at_zero": ["A"]}},
    {"at": {"turn": 4, "duelist": {"A": 2}, "at_zero": ["B"], "lp": {"B": 10}}},
    {"lineup": 2, "at": {"turn": 4, "duelist": {"B": 3}}},
    {"at": {"turn": 4, "spc": {"A": 13}}},
    {"at": {"turn": 0}},
    # unreachable moments: counters, turn order and LP the rules cannot have reached yet
    {"at": {"turn": 2, "player": "B", "phase": "main1", "spc": {"A": 12, "B": 12}}},
    {"at": {"turn": 2, "player": "B", "duelist": {"A": 2}}},
    {"at": {"turn": 1, "lp": {"A": 7000}}},
    {"start_lp": 4000, "at": {"turn": 1, "lp": {"B": 8000}}},
    {"at": {"turn": 3, "player": "A", "phase": "main1", "spc": {"A": 7}}},
    {"at": {"turn": 5, "duelist": {"A": 2}, "at_zero": ["A"]}},
    # look-alike names: a name that only looks like another card's (a Cyrillic а); copies of one card are cards of
    # their own (NAME #2), and the next copy's number is the only one a setup may give
    {"cards": [{"card": "Dark Magician", "by": "A", "zone": "monster"},
               {"card": "D\u0430rk Magician", "by": "B", "zone": "hand"}]},
    {"cards": [{"card": "X", "by": "A", "zone": "monster"}, {"card": "X #3", "by": "B", "zone": "hand"}]},
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(UNREACHABLE), st.sampled_from(TEAMS), st.booleans())
def test_unreachable_setups_are_refused(bad, first, mirrored):
    setup = mirror(bad) if mirrored else json.loads(json.dumps(bad))
    if "first" not in setup and setup.get("at", {}).get("turn") != 1:
        setup["first"] = first
    text = "format: wrgp\nsetup:\n  " + "\n  ".join(f"{k}: {json.dumps(v)}" for k, v in setup.items()) + "\n"
    with pytest.raises(ScenarioError) as exc:
        scenario_from_text(text, "bad.yaml")
    assert exc.value.file == "bad.yaml" and exc.value.line >= 3 and "\n" not in exc.value.message


# ---------------------------------------------------------------- a rejected step changes nothing
def test_a_rejected_step_changes_nothing_not_even_the_numbering():
    rng = random.Random(7)
    rejected = 0
    for _ in range(300):
        m = new_match({"lineup": rng.randint(1, 3)})
        for _ in range(30):
            verb, args = random_step(rng, m)
            before, step, n = m.state(), m.step, len(m.events)
            try:
                apply(m, verb, args)
            except (IllegalAction, ArgumentError):
                assert m.state() == before and m.step == step and len(m.events) == n
                rejected += 1
            if m.is_finished():
                break
    assert rejected > 1000


def test_mirror_helper_swaps_names_only():
    assert mirror({"A": ["A1", "team B"], "x": "Ab"}) == {"B": ["B1", "team A"], "x": "Ab"}
    assert list(itertools.islice(mirror(("A", "B")), 2)) == ["B", "A"]
