"""The WrgpMatch API boundary: malformed calls raise ArgumentError, forbidden ones IllegalAction,
nothing else escapes, and a raising call changes nothing. Plus bad scenario inputs
(exit 2 with the line)."""

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib import IllegalAction, WrgpMatch
from rulings_lib.cli import main
from rulings_lib.errors import ArgumentError, ScenarioError
from rulings_lib.scenario import scenario_from_text
from rulings_lib.wrgp.engine import UnknownCard


def at(**kw) -> WrgpMatch:
    kw.setdefault("turn", 3)
    kw.setdefault("phase", "main1")
    return WrgpMatch(**kw)


# ---------------------------------------------------------------- worked examples of malformed calls
@pytest.mark.parametrize("call, param", [
    (lambda m: m.duelist("C"), "team"),
    (lambda m: m.x(None), "team"),
    (lambda m: m.available_speed_world(3), "team"),
    (lambda m: m.is_handover_pending("Z"), "team"),
    (lambda m: m.is_out(["A1"]), "duelist"),
    (lambda m: m.chain([{"card": "X"}]), "links[0].by"),
    (lambda m: m.chain([]), "links"),
    (lambda m: m.chain([{"by": "A", "damage": {"to": "opponent", "amount": 1}, "gain": {"to": "self", "amount": 1}}]),
     "links[0]"),
    (lambda m: m.chain([{"by": "A", "damage": {"to": "opponent", "amount": 1, "per_link": 2}}]), "links[0].damage"),
    (lambda m: m.chain([{"by": "A", "damage": {"to": "opponent"}}]), "links[0].damage"),
    (lambda m: m.is_legal("nonsense"), "verb"),
    (lambda m: m.is_legal("damage", "A", "opponent", math.nan), "amount"),
    (lambda m: m.gain_loop("A", "self", 100, times=1.5), "times"),
    (lambda m: m.damage("A", "opponent", -1), "amount"),
    (lambda m: m.damage("A", "sideways", 1), "to"),
    (lambda m: m.damage("A", "opponent", True), "amount"),
    (lambda m: m.phase("lunch"), "name"),
    (lambda m: m.pay("A", 100, as_="loan"), "as_"),
    (lambda m: m.attack("A", 100, to="both"), "to"),
    (lambda m: m.speed_world("A", 5), "remove"),
    (lambda m: m.destroy("A", "Ghost"), "card"),
    (lambda m: m.move("Ghost", "gy"), "card"),
    (lambda m: m.act("A", "dance"), "action"),
    (lambda m: m.record_deck_check("A", True, [{"kind": "copies"}]), "violations[0].count"),
    (lambda m: m.lose("A", ""), "why"),
    (lambda m: m.damage("A", "opponent", 1, 2, 3), "damage"),
    (lambda m: m.damage("A", "opponent", 1, colour="red"), "colour"),
])
def test_malformed_calls_raise_argument_error_and_change_nothing(call, param):
    m = at()
    m.place("A", "c1", "monster")
    before, step = m.state(), m.step
    with pytest.raises(ArgumentError) as exc:
        call(m)
    assert exc.value.param == param, exc.value
    assert m.state() == before and m.step == step


@pytest.mark.parametrize("kwargs, param", [
    ({"phase": "lunch"}, "phase"), ({"start_lp": 0}, "start_lp"), ({"lineup": 2.5}, "lineup"),
    ({"turn": -5}, "turn"), ({"lp": {"C": 5}}, "lp key"), ({"lp": {"A": math.nan}}, "lp['A']"),
    ({"first": "C"}, "first"), ({"spc": {"A": 13}}, "spc['A']"), ({"duelist": {"A": 4}}, "duelist"),
    ({"player": 1}, "player"), ({"at_zero": "A"}, "at_zero"), ({"lp": [1, 2]}, "lp"),
    # unreachable moments (a setup the rules cannot have reached)
    ({"phase": "battle"}, "phase"), ({"phase": "main2"}, "phase"),
    ({"player": "B"}, "player"), ({"duelist": {"B": 2}}, "duelist"), ({"phase": "main1", "spc": {"A": 4}}, "spc"),
    ({"spc": {"A": 2}}, "spc"),
    ({"turn": 3, "lp": {"A": 0, "B": 0}}, "lp"), ({"turn": 3, "lp": {"B": 0}}, "lp"),
    ({"turn": 3, "duelist": {"A": 2, "B": 2}, "at_zero": ["A", "B"]}, "at_zero"),
    ({"turn": 3, "at_zero": ["A"]}, "at_zero"), ({"at_zero": ["A"], "duelist": {"B": 2}}, "duelist"),
    ({"turn": 3, "duelist": {"B": 2}, "at_zero": ["A"], "lp": {"A": 100}}, "lp"),
])
def test_constructor_refuses_malformed_and_unreachable(kwargs, param):
    with pytest.raises(ArgumentError) as exc:
        WrgpMatch(**kwargs)
    assert exc.value.param == param, exc.value


def test_a_declared_survivor_is_accepted():
    m = WrgpMatch(turn=4, player="A", phase="main1", duelist={"B": 2}, at_zero=["A"])
    assert m.lp["A"] == 0 and m.state()["at_zero"] == ["A1"] and m.drawn
    m.damage("B", "opponent", 1)                                  # the survivor loses on the next damage
    assert m.out == ["A1"]


def test_unknown_card_is_an_argument_error():
    assert issubclass(UnknownCard, ArgumentError)
    m = at()
    m.place("A", "c1", "monster")
    with pytest.raises(UnknownCard, match="place it first"):
        m.move("c2", "gy")
    m.place("B", "c1", "monster")                   # another copy of c1: "c1 #2"
    with pytest.raises(ArgumentError, match="next copy"):
        m.place("B", "c1 #5", "monster")


def test_is_legal_answers_rules_questions_only():
    m = WrgpMatch()
    assert m.is_legal("phase", "main1") and not m.is_legal("phase", "battle")
    assert m.step == 0 and m.events == []


# ---------------------------------------------------------------- fuzz: arbitrary arguments
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 20_000), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=6), st.sampled_from(["A", "B", "self", "opponent", "both", "main1", "battle", "end", "c1",
                                          "cost", "effect", "monster", "gy", "hand", "summon", "own_field"]),
    st.sampled_from([4, 7, 10, 0, 500, 8000]),
    st.lists(st.sampled_from(["A", "B", "c1", 1]), max_size=3),
    st.dictionaries(st.sampled_from(["by", "to", "amount", "per_link", "damage", "gain", "card", "kind", "A", "B"]),
                    st.one_of(st.sampled_from(["A", "B", "opponent", 100, None]),
                              st.fixed_dictionaries({"to": st.sampled_from(["A", "both", 3])})), max_size=4),
)
VERB_NAMES = sorted(WrgpMatch.VERBS) + ["duelist", "x", "available_speed_world", "is_handover_pending", "is_out",
                                        "is_legal"]
START = [dict(turn=3, phase="main1"), dict(turn=3, phase="battle", lp={"B": 500}), dict(),
         dict(turn=5, player="B", phase="draw", duelist={"A": 2}, at_zero=["B"])]


@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(START), st.sampled_from(VERB_NAMES), st.lists(VALUES, max_size=4),
       st.dictionaries(st.sampled_from(["by", "to", "amount", "card", "team", "times", "as_", "name", "links",
                                        "zone", "remove", "destroy", "legal", "violations", "why", "scope", "face_up",
                                        "action", "damage", "bogus"]), VALUES, max_size=3))
def test_api_fuzz_only_typed_errors_and_nothing_changes(start, verb, args, kwargs):
    m = WrgpMatch(**start)
    m.place("A", "c1", "monster")
    before, step, n_events = m.state(), m.step, len(m.events)
    try:
        getattr(m, verb)(*args, **kwargs)
    except (ArgumentError, IllegalAction):
        assert m.state() == before and m.step == step and len(m.events) == n_events
    else:
        m.state()          # whatever was accepted leaves a match that still describes itself


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["lineup", "start_lp", "first", "turn", "player", "phase", "duelist", "lp",
                                        "spc", "at_zero"]), VALUES, max_size=4))
def test_constructor_fuzz_only_argument_errors(kwargs):
    try:
        m = WrgpMatch(**kwargs)
    except ArgumentError:
        return
    s = m.state()
    assert all(0 <= v <= 12 for v in s["spc"].values()) and all(v > 0 for t, v in s["lp"].items()
                                                                if f"{t}{s['duelist'][t]}" not in s["at_zero"])


# ---------------------------------------------------------------- scenario inputs (exit 2 with the line)
BAD = {
    "end-phase-per-link": ("steps:\n  - at_end_phase: {by: A, card: X, damage: {to: opponent, per_link: 400}}\n",
                           3, "per_link"),
    "end-phase-no-amount": ("steps:\n  - at_end_phase: {by: A, card: X, damage: {to: opponent}}\n", 3,
                            "amount"),
    "link-no-amount": ("steps:\n  - chain:\n    - {by: A, card: X, damage: {to: opponent}}\n", 4,
                       "either amount (N) or per_link"),
    "link-amount-and-per-link": ("steps:\n  - chain:\n    - {by: A, damage: {to: both, amount: 1, per_link: 2}}\n",
                                 4, "exactly one of them"),
    "link-damage-and-gain": ("steps:\n  - chain:\n    - {by: A, damage: {to: both, amount: 1}, "
                             "gain: {to: self, amount: 5}}\n", 4, "not both"),
    "same-card-twice": ("setup:\n  cards:\n    - {card: X, by: A, zone: monster}\n    - {card: 'X #3', by: B, zone: gy}\n",
                        3, "next copy"),
    "turn-1-battle": ("setup:\n  at: {turn: 1, player: A, phase: battle}\n", 3, "WRGP-F5"),
    "both-at-0": ("setup:\n  lineup: 3\n  at:\n    turn: 3\n    lp: {A: 0, B: 0}\nsteps:\n  - chain: [{by: A}]\n", 4,
                  "at_zero"),
    "two-survivors": ("setup:\n  at: {turn: 3, duelist: {A: 2, B: 2}, at_zero: [A, B]}\n", 3, "at most one team"),
    "survivor-turn-1": ("setup:\n  at: {phase: main1, at_zero: [A]}\n", 3, "opponent lost"),
    "turn-1-lp": ("setup:\n  at: {lp: {B: 7000}}\n", 3, "very start of turn 1"),
    "turn-2-counters": ("setup:\n  at: {turn: 2, player: B, phase: main1, spc: {A: 12, B: 12}}\n", 3,
                        "Speed Counters"),
    "turn-2-order": ("setup:\n  at: {turn: 2, player: B, duelist: {A: 2}}\n", 3, "WRGP-F2"),
    "turn-1-second-player": ("setup:\n  first: B\n  at: {player: A}\n", 4, "goes first"),
    "turn-1-counters": ("setup:\n  at: {phase: draw, spc: {B: 2}}\n", 3, "Speed Counters"),
    "pay-as-what": ("steps:\n  - pay: {by: A, amount: 1, as: loan}\n", 3, "one of cost, effect"),
    "attack-to-both": ("steps:\n  - attack: {by: A, damage: 1, to: both}\n", 3, "one of opponent, self"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_wrgp_scenarios_exit_2_with_line(name, tmp_path, capsys):
    body, line, words = BAD[name]
    f = tmp_path / f"{name}.yaml"
    f.write_text("format: wrgp\n" + body)
    assert main(["run", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{f}:{line}: ") and "\n" not in err and "Traceback" not in err, err
    assert words in err, err


def test_same_words_in_the_api_and_the_file():
    with pytest.raises(ScenarioError) as file_err:
        scenario_from_text("format: wrgp\nsetup:\n  at: {turn: 1, phase: main2}\n")
    with pytest.raises(ArgumentError) as api_err:
        WrgpMatch(turn=1, phase="main2")
    assert str(api_err.value) in file_err.value.message


def test_signatures_read_from_the_code_agree_with_inspect():
    # The verbs' and queries' parameters are read from their code objects (no `inspect` at start-up):
    # the same names, required ones, positional count and plainness as inspect.signature says.
    import inspect

    from rulings_lib import TagMatch
    from rulings_lib.match import _Params

    for cls in (WrgpMatch, TagMatch):
        wrapped = {name: fn.__wrapped__ for name, fn in vars(cls).items()
                   if getattr(fn, "__wrapped_verb__", False) or name in ("__init__", "duelist", "x", "is_out")}
        assert set(cls.VERBS) <= set(wrapped)          # the verbs, the constructor and queries
        for name, fn in wrapped.items():
            params = list(inspect.signature(fn).parameters.values())
            if params[:1] == [] or params[0].name != "self":    # a static query (card_rule): bound by inspect
                continue
            params = params[1:]
            got = _Params(fn)
            assert got.names == tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)), name
            assert got.required == {p.name for p in params if p.default is p.empty
                                    and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}, name
            assert got.n_positional == sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params), name
            assert got.plain == all(p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) for p in params), name
