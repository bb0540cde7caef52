"""Property tests: random legal and illegal step sequences keep the engine's invariants."""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kept_events import check_kept_events

from rulings_lib.errors import ArgumentError, IllegalAction, ScenarioError
from rulings_lib.scenario import Scenario, Step, run_scenario
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch
from rulings_lib.wrgp.scenario import STEPS, apply

TEAM = st.sampled_from(["A", "B"])
TO = st.sampled_from(["A", "B", "self", "opponent", "both"])
AMOUNT = st.sampled_from([0, 100, 500, 1000, 2000, 4000, 8000, 9000])
CARDS = ["c1", "c2", "c3", "Gate Blocker"]


def step_strategy():
    link = st.fixed_dictionaries({"by": TEAM, "damage": st.fixed_dictionaries({"to": TO, "amount": AMOUNT})})
    return st.one_of(
        st.tuples(st.just("phase"), st.sampled_from(T.PHASE_KEYS)),
        st.tuples(st.just("end_turn"), st.just({})),
        st.tuples(st.just("end_turn"), st.just({})),
        st.tuples(st.just("attack"), st.fixed_dictionaries({"by": TEAM, "damage": AMOUNT})),
        st.tuples(st.just("damage"), st.fixed_dictionaries({"by": TEAM, "to": TO, "amount": AMOUNT})),
        st.tuples(st.just("gain"), st.fixed_dictionaries({"by": TEAM, "to": TO, "amount": AMOUNT})),
        st.tuples(st.just("pay"), st.fixed_dictionaries({"by": TEAM, "amount": AMOUNT})),
        st.tuples(st.just("chain"), st.lists(link, min_size=1, max_size=3)),
        st.tuples(st.just("speed_world"), st.fixed_dictionaries({"by": TEAM, "remove": st.sampled_from([4, 7, 10])})),
        st.tuples(st.just("baton_touch"), TEAM),
        st.tuples(st.just("lose"), TEAM),
        st.tuples(st.just("act"), st.fixed_dictionaries({"by": TEAM, "action": st.sampled_from(T.ACTION_KINDS)})),
        st.tuples(st.just("once_per_duel"), st.fixed_dictionaries({"by": TEAM, "card": st.just("Spore")})),
        st.tuples(st.just("special_victory"), st.fixed_dictionaries({"by": TEAM, "card": st.just("Exodia")})),
        st.tuples(st.just("at_end_phase"), st.fixed_dictionaries(
            {"by": TEAM, "card": st.just("Power Bond"),
             # Power Bond's End Phase damage is its controller's own (another target is refused)
             "damage": st.fixed_dictionaries({"to": st.just("self"), "amount": AMOUNT})})),
        st.tuples(st.just("place"), st.fixed_dictionaries(
            {"by": TEAM, "card": st.sampled_from(CARDS), "zone": st.sampled_from(T.ZONES)})),
        st.tuples(st.just("destroy"), st.fixed_dictionaries({"by": TEAM, "card": st.sampled_from(CARDS)})),
        st.tuples(st.just("counter_cleaner"), st.fixed_dictionaries({"by": TEAM})),
    )


GAME_KEYS = ("finished", "winner", "turn", "duelist", "lp", "spc", "handover", "out", "events", "drawn",
             "at_zero", "once_per_duel", "effects", "cards")


def check_invariants(m: WrgpMatch, prev: dict) -> None:
    s = m.state()
    for t in T.TEAMS:
        assert 0 <= s["spc"][t] <= T.SPC_MAX
        assert s["lp"][t] >= 0
        assert prev["duelist"][t] <= s["duelist"][t] <= m.lineup       # never back, never past the lineup
        lost = [d for d in s["out"] if d[0] == t]
        assert len(lost) == s["duelist"][t] - 1 + (t in s["handover"] or (s["finished"] and s["winner"] != t
                                                                          and f"{t}{m.lineup}" in s["out"]))
    assert s["out"][: len(prev["out"])] == prev["out"]                  # out only grows
    last_gone = [t for t in T.TEAMS if f"{t}{m.lineup}" in s["out"]]
    assert s["finished"] == bool(last_gone)                             # finished exactly when a team is empty
    if s["finished"]:
        assert s["winner"] == T.other(last_gone[0]) and len(last_gone) == 1


def play(m: WrgpMatch, steps) -> None:
    for verb, args in steps:
        before = m.state()
        n_rej, step_before = len(m.rejected), m.step
        try:
            apply(m, verb, args)
        except IllegalAction as exc:
            after = m.state()
            assert {k: after[k] for k in GAME_KEYS} == {k: before[k] for k in GAME_KEYS}, exc
            # A rejected call changes nothing at all: the whole outcome, the rejected list and the step counter.
            assert after == before and len(m.rejected) == n_rej and m.step == step_before, exc
            continue
        except ArgumentError:     # a card that was never placed (or placed twice): a malformed call
            assert m.state() == before and len(m.rejected) == n_rej and m.step == step_before
            continue
        check_invariants(m, before)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 4), st.lists(step_strategy(), max_size=40))
def test_random_sequences_keep_invariants(lineup, steps):
    play(WrgpMatch(lineup=lineup), steps)


@settings(max_examples=300, deadline=None)
@given(st.lists(step_strategy(), max_size=25))
def test_only_scenario_errors_escape_the_runner(steps):
    parsed = []
    for i, (verb, args) in enumerate(steps, 1):
        parsed.append(Step(i, verb, STEPS[verb].parse(args, "<random>", i, f"steps[{i}].{verb}"), i, args))
    sc = Scenario("<random>", "wrgp", "random", [], {}, parsed, {})
    try:
        result = run_scenario(sc)
    except ScenarioError as exc:
        assert any(w in exc.message for w in ("a card in this match (place it first)", "not yet in this match",
                                              "already in the match"))
        return
    assert result.outcome["format"] == "wrgp"


# Random matches per seeded test: 1500 in ./dev test, 6000 in `make fuzz` (RULINGS_FUZZ=long).
MATCHES = 6000 if os.environ.get("RULINGS_FUZZ") == "long" else 1500


# In parts of the same size, each with its own seed, so that the test workers share them.
PARTS = 3


@pytest.mark.parametrize("part", range(PARTS))
def test_thousands_of_random_matches(part):
    """1500 seeded random matches (in 3 parts) played to the end or 300 steps (more under ``make fuzz``)."""
    rng = random.Random(2022 + part)
    kinds = list(T.ACTION_KINDS)
    finished = 0
    matches = MATCHES // PARTS
    for _ in range(matches):
        m = WrgpMatch(lineup=rng.randint(1, 3))
        for _ in range(300):
            before = m.state() if rng.random() < 0.05 else None
            r = rng.random()
            by = rng.choice("AB")
            try:
                if r < 0.25:
                    m.end_turn()
                elif r < 0.4:
                    m.phase(rng.choice(T.PHASE_KEYS))
                elif r < 0.55:
                    m.damage(by, rng.choice(["opponent", "self", "both"]), rng.choice([500, 1000, 3000]))
                elif r < 0.65:
                    m.attack(by, rng.choice([1000, 2500]))
                elif r < 0.75:
                    m.speed_world(by, rng.choice([4, 7, 10]))
                elif r < 0.85:
                    m.act(by, rng.choice(kinds))
                elif r < 0.9:
                    m.baton_touch(by)
                elif r < 0.95:
                    m.gain(by, "self", 500)
                else:
                    m.chain([{"by": by, "damage": {"to": "opponent", "amount": 1000}},
                             {"by": T.other(by), "damage": {"to": "opponent", "amount": 1000}}])
            except IllegalAction:
                if m.is_finished():
                    break
                continue
            if before is not None:
                check_invariants(m, before)
        finished += m.is_finished()
    assert finished > matches // 3   # random play does reach the end of matches


# ---------------------------------------------------------------- copy on write
# A transaction's snapshot is a plain copy of the match's fields: sound only if no verb changes a
# field's container in place without Match._w. The audit checks that after every call.
CARD_STEPS = [
    ("place", {"by": "A", "card": "c1", "zone": "monster"}), ("place", {"by": "B", "card": "c2", "zone": "field"}),
    ("place", {"by": "A", "card": "c3", "zone": "hand"}), ("place", {"by": "B", "card": "c4", "zone": "field"}),
    ("take_control", {"by": "B", "card": "c1"}), ("move", {"card": "c3", "to": "gy"}),
    ("destroy", {"by": "A", "card": "c4"}), ("destroy", {"by": "A", "card": "c4"}),
    ("damage", {"by": "A", "to": "B", "amount": 8000}), ("end_turn", {}),
    ("place", {"by": "B", "card": "c5", "zone": "spell_trap"}), ("baton_touch", "B"), ("phase", "main1"),
    ("speed_world", {"by": "B", "remove": 4}), ("continuing", {"by": "A", "card": "Sales Ban"}),
    ("once_per_duel", {"by": "A", "card": "Spore"}), ("once_per_duel", {"by": "A", "card": "Spore"}),
    ("at_end_phase", {"by": "B", "card": "Power Bond", "damage": {"to": "self", "amount": 100}}),
    ("counter_cleaner", {"by": "B"}), ("end_turn", {}), ("lose", "A"), ("lose", "A"),
]


def audited(fn):
    WrgpMatch._audit = True
    try:
        fn()
    finally:
        WrgpMatch._audit = False


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 4), st.lists(step_strategy(), max_size=30))
def test_no_verb_changes_a_snapshot_in_place(lineup, steps):
    audited(lambda: play(WrgpMatch(lineup=lineup), steps))


def test_card_verbs_change_no_snapshot_in_place():
    def run():
        m = WrgpMatch(turn=3, phase="main1")
        for verb, args in CARD_STEPS:
            try:
                apply(m, verb, args)
            except (IllegalAction, ArgumentError):
                pass
        assert m.out and m.cards["c1"].holder != m.cards["c1"].owner
    audited(run)


def test_the_audit_catches_a_change_in_place():
    class Careless(WrgpMatch):
        def heal(self, by: str) -> None:
            self.lp[by] = 8000          # in place, without self._w("lp"): a snapshot would see it

        VERBS = {"heal": {}}

    m = Careless()
    m.damage("A", "opponent", 500)
    Careless._audit = True
    try:
        with pytest.raises(AssertionError, match="changed lp in place"):
            m.heal("B")
    finally:
        Careless._audit = False


def test_a_snapshot_holds_every_field():
    # A transaction's snapshot is the fields WrgpMatch._FIELDS names (Match._snapshot): a field the
    # constructor sets and the list leaves out would not be put back when a verb raises.
    m = WrgpMatch(turn=3, phase="main1")
    m.place("A", "Gate Blocker", "monster")
    assert set(vars(m)) - {"_log", "rejected", "_own"} == set(WrgpMatch._FIELDS)
    before = m._snapshot()
    with pytest.raises(ArgumentError):
        m.gain("A", "self", 10**9)          # raises after the verb began (the step counter moved)
    assert m._snapshot() == before and len(m.events) == len(m._log)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 4), st.lists(step_strategy(), max_size=30))
def test_a_kept_events_list_only_ever_holds_events(lineup, steps):
    # ``ev = m.events`` kept in a notebook, then more moves (accepted, refused, pushed and popped):
    # every element of the kept list is an Event at every moment, never a bare record.
    check_kept_events(WrgpMatch(lineup=lineup), steps, apply, (IllegalAction, ArgumentError, ScenarioError))
