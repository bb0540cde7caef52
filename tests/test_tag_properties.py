"""Property tests: random battle sequences (legal and illegal steps) keep the tag engine's invariants."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.errors import IllegalAction, ScenarioError
from rulings_lib.scenario import Scenario, Step, run_scenario
from rulings_lib.tag import tables as T
from rulings_lib.tag.engine import TagMatch
from rulings_lib.tag.scenario import STEPS, apply

TAGS = ("red", "blue")
PLAYERS = [f"{t}-{x}" for t in TAGS for x in "AB"]
PLAYER = st.sampled_from(PLAYERS)
POWER = st.sampled_from([0, 100, 300, 300, 500, 800])
LOST = st.sampled_from([0, 10, 30, 50, 100, 150])
START = 100

ENTRY = st.fixed_dictionaries({"power": POWER, "lost": LOST})
TABLE_ENTRY = st.fixed_dictionaries({
    "power": POWER,
    "level": st.sampled_from([3, 4, "perfect", "ultimate", "ultimate-class"]),
    "lost_table": st.fixed_dictionaries({"III": LOST, "IV": LOST, "perfect": LOST, "ultimate": LOST}),
})
FIGHTER = st.one_of(ENTRY, ENTRY, TABLE_ENTRY)
PAIR = st.fixed_dictionaries({"red": FIGHTER, "blue": FIGHTER})
# Any subset of letters (so a missing or an extra letter is tried), or the 1-vs-1 shape.
LETTER_BATTLE = st.dictionaries(st.sampled_from(["A", "B"]), PAIR, min_size=1, max_size=2)


def step_strategy():
    return st.one_of(
        st.tuples(st.just("battle"), LETTER_BATTLE),
        st.tuples(st.just("battle"), LETTER_BATTLE),
        st.tuples(st.just("battle"), LETTER_BATTLE),
        st.tuples(st.just("battle"), PAIR),
        st.tuples(st.just("rematch"), st.fixed_dictionaries({"by": PLAYER})),
        st.tuples(st.just("truce"), st.fixed_dictionaries({"by": PLAYER})),
        st.tuples(st.just("reshuffle"), st.fixed_dictionaries({"by": PLAYER})),
        st.tuples(st.just("call_off"), st.fixed_dictionaries({"by": PLAYER})),
        st.tuples(st.just("act"), st.fixed_dictionaries({"by": PLAYER, "phase": st.sampled_from(T.PHASE_KEYS)})),
        st.tuples(st.just("use"), st.fixed_dictionaries({"by": PLAYER, "kind": st.sampled_from(list(T.USE_KINDS))})),
        st.tuples(st.just("target"), st.fixed_dictionaries(
            {"by": PLAYER, "effect": st.sampled_from(list(T.EFFECT_KINDS)), "on": PLAYER})),
        st.tuples(st.just("card"), st.fixed_dictionaries(
            {"by": PLAYER, "number": st.sampled_from(["St-104", "St-220", "St-296", "St-321", "St-240", "Bo-1"])})),
    )


GAME_KEYS = ("finished", "winner", "mode", "turn", "first", "second", "points", "out", "order", "events",
             "seats", "battle_order", "battles")


def check_invariants(m: TagMatch, prev: dict, verb: str) -> None:
    s = m.state()
    left = [p for p in PLAYERS if p not in s["out"]]
    for p in PLAYERS:
        assert 0 <= s["points"][p] <= START                                # points within 0..start
        assert (s["points"][p] == 0) == (p in s["out"])                   # out exactly at 0
    assert len(set(s["out"])) == len(s["out"])
    empty = [t for t in TAGS if not any(p.startswith(t + "-") for p in left)]
    assert s["finished"] == bool(empty)                                   # ends exactly when a tag has no player
    assert len(empty) <= 1
    assert (s["winner"] is not None) == s["finished"]
    if s["finished"]:
        assert s["winner"] != empty[0] and m.outcome().winner == s["winner"]
    # exactly one of the three states: tag battle, 1-vs-1, finished
    states = [not s["finished"] and s["mode"] == "tag", not s["finished"] and s["mode"] == "1v1", s["finished"]]
    assert states.count(True) == 1
    if not s["finished"]:
        one_v_one = (len(left) == 2 and left[0][-1] != left[1][-1] and left[0].split("-")[0] != left[1].split("-")[0])
        assert (s["mode"] == "1v1") == one_v_one
        for order in s["order"].values():
            assert sorted(order) == sorted(left)
    assert {s["first"], s["second"]} == set(TAGS)
    if verb != "rematch":
        assert s["out"][: len(prev["out"])] == prev["out"]               # out only grows (except a rewind)
        assert s["turn"] >= prev["turn"]
        for p in PLAYERS:
            assert s["points"][p] <= prev["points"][p]                    # gauges only drop (except a rewind)


UNDONE = ("finished", "winner", "mode", "turn", "first", "second", "points", "out", "order", "seats")


def play(m: TagMatch, steps) -> None:
    before_battle = None
    for verb, args in steps:
        before = m.state()
        n_rej, step_before = len(m.rejected), m.step
        try:
            apply(m, verb, args)
        except IllegalAction as exc:
            after = m.state()
            assert {k: after[k] for k in GAME_KEYS} == {k: before[k] for k in GAME_KEYS}, exc   # changes nothing
            # A rejected call changes nothing at all: the whole outcome, the rejected list and the step counter.
            assert after == before and len(m.rejected) == n_rej and m.step == step_before, exc
            assert exc.rule in T.RULES
            continue
        except (KeyError, ValueError):     # a scenario error (partial letter, missing level): nothing to check
            continue
        assert len(m.rejected) == n_rej
        rewind = verb == "rematch" or (verb == "card" and args["number"] == "St-104")
        check_invariants(m, before, "rematch" if rewind else verb)
        if rewind:    # TAG-R5 reading rewind-undoes-the-turn: exactly the state before the battle
            after = m.state()
            assert {k: after[k] for k in UNDONE} == {k: before_battle[k] for k in UNDONE}
        before_battle = before if verb == "battle" else None


def start_strategy():
    gauge = st.sampled_from([0, 10, 30, 60, 100])
    return st.fixed_dictionaries({p: gauge for p in PLAYERS}).filter(
        lambda g: all(any(g[f"{t}-{x}"] for x in "AB") for t in TAGS))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TAGS), start_strategy(), st.lists(step_strategy(), max_size=40))
def test_random_sequences_keep_invariants(first, gauges, steps):
    m = TagMatch(TAGS, first, START, gauges=gauges)
    check_invariants(m, m.state(), "setup")
    play(m, steps)


@settings(max_examples=300, deadline=None)
@given(st.lists(step_strategy(), max_size=25))
def test_only_scenario_errors_escape_the_runner(steps):
    parsed = []
    for i, (verb, args) in enumerate(steps, 1):
        parsed.append(Step(i, verb, STEPS[verb].parse(args, "<random>", i, f"steps[{i}].{verb}"), i, args))
    sc = Scenario("<random>", "digimon-tag", "random", [], {}, parsed, {})
    try:
        result = run_scenario(sc)
    except ScenarioError as exc:
        # Only malformed battles (an entry or a level missing): one line naming what was expected.
        assert "battle: spec." in exc.message and ": expected " in exc.message, exc.message
        return
    assert result.outcome["format"] == "digimon-tag"
    assert all(r["step"] <= len(steps) for r in result.outcome["rejected"])


def test_thousands_of_random_matches_end_properly():
    """2000 seeded random matches of well-formed battles, played to the end."""
    rng = random.Random(1999)
    finished = one_v_one = 0
    for _ in range(2000):
        m = TagMatch(TAGS, rng.choice(TAGS))
        for _ in range(200):
            before = m.state()
            r = rng.random()
            verb = "battle" if r < 0.8 else "rematch" if r < 0.9 else "truce"
            try:
                if r < 0.8:
                    pair = lambda: {t: {"power": rng.choice([100, 300, 500]), "lost": rng.choice([10, 20, 40])}  # noqa: E731
                                    for t in TAGS}
                    if m.mode == "1v1":
                        m.battle(pair())
                    else:
                        letters = [x for x in "AB" if all(f"{t}-{x}" not in m.out for t in TAGS)]
                        m.battle({x: pair() for x in letters})
                    one_v_one += m.mode == "1v1"
                elif r < 0.9:
                    m.rematch(rng.choice(PLAYERS))
                else:
                    m.truce(rng.choice(PLAYERS))
            except IllegalAction:
                continue
            check_invariants(m, before, verb)
            if m.is_finished():
                break
        finished += m.is_finished()
    assert finished > 1900 and one_v_one > 100
