"""``legal_actions()`` tested as python-chess tests move generation: perft counts from positions worked
out by hand (depth 1, and depth 2 by push/pop), and over positions random play reaches, the list against
a brute-force oracle over the format's finite grammar of actions (``action_grammar()``, each tried with
``is_legal``): every listed action applies, every action of the grammar that applies is listed, and
listing changes nothing. For the WRGP, swapping the teams swaps the list."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_match_position_and_is_legal import _play
from test_tag_properties import step_strategy as tag_steps
from test_wrgp_properties import step_strategy as wrgp_steps
from test_wrgp_symmetry import mirror

from rulings_lib.errors import ArgumentError, ScenarioError
from rulings_lib.tag.engine import TagMatch
from rulings_lib.wrgp.engine import WrgpMatch

FORMATS = {"wrgp": (WrgpMatch, wrgp_steps), "tag": (TagMatch, tag_steps)}


def perft(m, depth: int) -> int:
    """The number of action sequences of ``depth`` legal actions from ``m`` (python-chess's perft)."""
    if depth == 0:
        return 1
    n = 0
    for a in m.legal_actions():
        m.push(a)
        n += perft(m, depth - 1)
        m.pop()
    return n


def applies(m, action) -> bool:
    """The oracle: ``is_legal`` (a call the engine cannot play here, such as a card that is not in the
    match, does not apply)."""
    try:
        return m.is_legal(action)
    except (ArgumentError, ScenarioError):
        return False


# ---------------------------------------------------------------------- the grammar is the verb table's
@pytest.mark.parametrize("cls", [WrgpMatch, TagMatch], ids=["wrgp", "tag"])
def test_the_grammar_names_only_verbs_and_parameters_of_the_table(cls):
    table = cls.VERB_TABLE
    assert set(cls.LEFT_OUT) <= set(table) and all(cls.LEFT_OUT.values())
    assert set(cls.grammar_verbs()) | set(cls.LEFT_OUT) == set(table)
    assert not set(cls.grammar_verbs()) & set(cls.LEFT_OUT)
    for verb, params in cls.OPTIONAL.items():
        assert verb in cls.grammar_verbs()
        optional = {p.name for p in table[verb].params if not p.required}
        assert set(params) <= optional, verb
    m = cls()
    if cls is WrgpMatch:
        m.place("A", "c1", "monster")       # a card of the match: the domain of move, destroy, take_control
    grammar = m.action_grammar()
    assert len(set(grammar)) == len(grammar)                 # each action once
    assert {a.verb for a in grammar} == set(cls.grammar_verbs())


# ---------------------------------------------------------------------- perft, WRGP
# Amounts of the grammar (WrgpMatch.AMOUNTS and each team's LP): {0, 1000} plus the LP now. "Any-time" act
# kinds (STD-TIMING: trigger_effect, spell_speed_2, spell_speed_3, summon_by_effect, set_by_effect) are 5.
#
# W1: lineup 1, 1000 LP each, turn 1, A's End Phase. Amounts {0, 1000}: 2.
#   phase 0 (STD-TURN: the End Phase is the last) + end_turn 1 + attack 0 (STD-TIMING: not a Battle Phase)
#   + damage 2 by x 5 to x 2 amounts = 20 (WRGP-F10: damage always applies) + gain 20 + gain_loop 20
#   + pay: as a cost 2 x 2 (STD-LP: both amounts within 1000 LP) + as an effect 2 x 2 = 8
#   + speed_world 0 (WRGP-SW5: not a Main Phase) + baton_touch 0 (WRGP-H9: not a Draw Phase)
#   + act 5 x 2 = 10 + lose 2 + counter_cleaner 0 (STD-TIMING: a Normal Spell, not a Main Phase) = 81.
# Depth 2, by the first action:
#   end_turn -> turn 2, B's Draw Phase: phase 5 (turn 2 has its Battle Phase, WRGP-F5) + end_turn 1
#     + 20 + 20 + 20 + 8 + act 10 + lose 2 (baton_touch 0: lineup 1, no duelist left, WRGP-H9) = 86;
#   damage 0 (10 actions): nothing changes: 81 each = 810; damage 1000 (10): a team at 0 with lineup 1,
#     the match is over (WRGP-F1, F4): 0;
#   gain 0 (10): 81 each = 810; gain 1000 to one team (8): amounts {0, 1000, 2000}: 1 + 30 + 30 + 30
#     + pay (cost 3 + 2, effect 6) 11 + 10 + 2 = 114 each = 912; to both (2): pay cost 3 + 3 -> 115 each
#     = 230; gain 1952 in all; gain_loop the same (WRGP-F7: once per player) 1952;
#   pay 0 as a cost or an effect (4): nothing changes, 81 each = 324; pay 1000 (4): 0 LP, lineup 1: 0;
#   act (10): nothing changes, 810; lose (2): the match is over: 0.
#   86 + 810 + 1952 + 1952 + 324 + 810 = 5934.
W1 = {"lineup": 1, "start_lp": 1000, "phase": "end"}

# W2: lineup 2, turn 3, A's Main Phase 1, 8000 LP each, Speed Counters A 6, B 4. Amounts {0, 1000, 8000}: 3.
#   phase 3 (battle, main2, end) + end_turn 1 + attack 0 + damage 2 x 5 x 3 = 30 + gain 30 + gain_loop 30
#   + pay 6 + 6 = 12 + speed_world 1 (WRGP-SW5: A's own Main Phase, 6 counters: the 4-counter effect)
#   + act: A all 9 kinds (its own Main Phase) + B 5 = 14 + lose 2 + counter_cleaner 1 (A, 500 LP) = 124.
W2 = {"lineup": 2, "turn": 3, "phase": "main1", "spc": {"A": 6, "B": 4}}


def w3() -> WrgpMatch:
    """A run-on: lineup 2, turn 3, A's Main Phase 1, A dealt B 8000 (B1 lost: B at 0 LP, handing over).
    Amounts {0, 1000, 8000}: 3. phase 3 (WRGP-H1: the run-on runs on, no phase skipped) + end_turn 1
    + attack 0 (WRGP-H2, reading no-attack-in-run-on) + damage 30 + gain 30 + gain_loop 30 + pay: cost A 3,
    B 1 (STD-LP: 0 LP pays only 0), effect 6 = 10 + speed_world 0 (WRGP-H2) + act: the kinds the run-on
    allows (WRGP-H2: the 5 any-time kinds) x 2 teams = 10 + lose 1 (WRGP-H8: B's loss is determined)
    + counter_cleaner 0 (WRGP-H2: Spell Speed 1) = 115."""
    m = WrgpMatch(lineup=2, turn=3, phase="main1")
    m.damage("A", "opponent", 8000)
    return m


@pytest.mark.parametrize(("make", "depth", "count"), [
    (lambda: WrgpMatch(**W1), 1, 81),
    (lambda: WrgpMatch(**W1), 2, 5934),
    (lambda: WrgpMatch(**W2), 1, 124),
    (w3, 1, 115),
], ids=["w1-depth1", "w1-depth2", "w2-depth1", "run-on-depth1"])
def test_perft_wrgp(make, depth, count):
    assert perft(make(), depth) == count


# ---------------------------------------------------------------------- perft, digimon-tag
# T1: a new tag battle (red first, blue second, 100 points each, no phase reached).
#   battle: both letters battle (TAG-E1), by letters (TAG-E3): per letter red wins (lost 10 or the loser's
#     100), blue wins (10 or 100), a draw: 5; 5 x 5 = 25;
#   rematch 0, reshuffle 0 (TAG-R5, TAG-P5: no battle yet);
#   truce: the turn's phase (preparation), preparation, evolution (TAG-R5 reading truce-timing), each an
#     option card's moment for any seat as no seat has acted (TAG-P1; TAG-P2: any seat) : 3 x 4 = 12;
#   target, per player (TAG-R1, R2, R4; each with requirements met or not, x 2): nobody named: "all" 2;
#     projection, both_sides, flush, opponent on the 2 of the other tag: 4 x 2 x 2 = 16; contact on oneself
#     or the other tag 3 x 2 = 6; support on oneself or the other tag 6, on the partner when met 1: 7;
#     "all" on each of the 4 players 8: 39; x 4 = 156;
#   act (no kind, use, option, ability, pass; evolve and call-off only in the evolution phase, TAG-P2 ①,
#     call-off by the second tag): preparation 5 x 4 = 20, evolution 6 x 2 + 7 x 2 = 26, battle start 20,
#     battle 5 x 2 (TAG-P4 ②: the second tag has the first turn) = 10, point calculation 20: 96;
#   pass: 5 phases x 4 - red's 2 in the battle phase = 18; evolve 4; call_off 2 (blue, TAG-P2 ①);
#   use: 3 kinds x 4 (TAG-E2: every opponent in the game) = 12;
#   card (its ruled effect or none: x 2; on nobody or one of 4: x 5): St-240 10, St-296 0, St-321 5 (not its
#     2nd effect), St-319 10, St-320 10, aerial 0 (TAG-R3), Bo-302 and Bo-356 (TAG-R1: on nobody or the
#     other tag) 6 each, St-104 0 (TAG-R5), St-220 10 (a truce), Bo-20v 10: 67 a player, x 4 = 268.
#   25 + 12 + 156 + 96 + 18 + 4 + 2 + 12 + 268 = 593.
#
# T2: turn 2 of the battle phase, step 2, red's turn with red-A acting (one use so far).
#   battle 25; truce 0 and St-220 0 (TAG-R5: from battle start on); act and pass only in the battle phase
#   and point calculation (phases come in order): in the battle phase red-A (acting) and blue's two (red's
#   turn had a use: blue's turn may begin) 3 x 5, red-B 0 (TAG-P4 ②: one person at a time), point
#   calculation 4 x 5: act 35, pass 3 + 4 = 7; evolve 0, call_off 0; target 156; use 12; card 268 - 40 =
#   228. 25 + 35 + 7 + 156 + 12 + 228 = 463.
T2 = {"turn": 2, "progress": {"phase": "battle", "step": 2,
                              "battle": {"tag": "red", "actor": "red-A", "uses": 1, "passes": 0, "turn": 2}}}


def t3() -> TagMatch:
    """Right after red's last two players lost their battles (10 points each): blue has won.
    Depth 1: a rewind by a loser of this battle, right after it (TAG-R5, reading
    rewind-before-the-match-ends): rematch by red-A or red-B 2, St-104 by them x 2 effects x 5 on = 20;
    nothing else (TAG-S2): 22. Depth 2: every rewind gives back the turn before the battle (red at 10 points
    each): as T1 but the battles, where a red loser's lost points are 10 either way: per letter 2 + 1 + 1 =
    4, 16 in all: 593 - 25 + 16 = 584; 22 x 584 = 12848."""
    m = TagMatch(turn=2, gauges={"red-A": 10, "red-B": 10})
    lose = {"red": {"power": 0, "lost": 10}, "blue": {"power": 1, "lost": 10}}
    m.battle({"A": lose, "B": lose})
    assert m.winner == "blue"
    return m


@pytest.mark.parametrize(("make", "depth", "count"), [
    (TagMatch, 1, 593),
    (lambda: TagMatch(**T2), 1, 463),
    (t3, 1, 22),
    (t3, 2, 12848),
], ids=["new-depth1", "battle-phase-depth1", "deciding-battle-depth1", "deciding-battle-depth2"])
def test_perft_tag(make, depth, count):
    assert perft(make(), depth) == count


# ---------------------------------------------------------------------- listed iff it applies
def _reach(cls, steps, data, n: int):
    """A position random play reaches: steps of the format's property tests (legal or not, cards placed
    and moved), then a few legal actions, each of a verb drawn among those listed (so that the moments
    right after a battle, a rewind or a rebuilt Net Ocean come often)."""
    m = cls(lineup=data.draw(st.integers(1, 3))) if cls is WrgpMatch else cls()
    _play(m, data.draw(st.lists(steps(), max_size=n)))
    for _ in range(data.draw(st.integers(0, 4))):
        listed = m.legal_actions()
        if not listed:
            break
        verb = data.draw(st.sampled_from(sorted({a.verb for a in listed})))
        m.apply(data.draw(st.sampled_from([a for a in listed if a.verb == verb])))
    return m


@pytest.mark.parametrize(("fmt", "examples"), [("wrgp", 60), ("tag", 25)])
def test_listed_iff_it_applies_and_listing_changes_nothing(fmt, examples):
    cls, steps = FORMATS[fmt]

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data):
        m = _reach(cls, steps, data, 16)
        before, n_events, step = m.copy(), len(m.events), m.step
        listed = m.legal_actions()
        assert m == before and len(m.events) == n_events and m.step == step      # listing changes nothing
        grammar = m.action_grammar()
        assert set(listed) <= set(grammar)
        assert listed == [a for a in grammar if applies(m, a)]                  # listed iff it applies
        assert m == before and len(m.events) == n_events and m.step == step

    check()


# The moments of a turn that random play seldom stops at, each checked against the oracle as well.
WIN, LOSE = {"power": 1, "lost": 10}, {"power": 0, "lost": 10}


def _tag_moments():
    def battled(**setup):
        m = TagMatch(**setup)
        m.battle({"A": {"red": WIN, "blue": LOSE}, "B": {"red": LOSE, "blue": WIN}})
        return m

    def rebuilt():
        m = battled()
        m.reshuffle("red-A")            # TAG-P5: once each, right after the battle
        return m

    def one_vs_one():
        m = TagMatch(turn=2, gauges={"red-A": 10, "blue-B": 10})
        m.battle({"A": {"red": LOSE, "blue": WIN}, "B": {"red": WIN, "blue": LOSE}})
        assert m.is_one_vs_one()        # TAG-E3
        return m

    def truce():
        m = TagMatch()
        m.act("red-A", "preparation")
        m.truce("blue-A")               # TAG-R5 reading truce-timing
        return m

    def point_calculation():
        m = TagMatch(turn=2, progress={"phase": "point_calculation", "step": 2})
        m.act("red-A", "point_calculation", "option")
        m.pass_("blue-A", "point_calculation")
        return m

    def changed_up():
        m = TagMatch()
        m.card("red-A", "St-319")       # TAG-R3: red's partners exchange letters
        return m

    def battle_phase():
        return TagMatch(**T2)

    return [battled, rebuilt, one_vs_one, truce, point_calculation, changed_up, battle_phase, t3]


def _wrgp_moments():
    def fielded():
        m = WrgpMatch(turn=3, phase="battle")
        m.place("B", "Dark Magician", "monster")        # STD-TIMING: no direct attack past it
        m.place("A", "Gate Blocker", "monster")         # WRGP-SW8: B gains no counters
        m.place("A", "Toll", "spell_trap")              # an attack costs LP
        return m

    def relay():
        m = WrgpMatch(turn=3, phase="main1", lp={"A": 1000, "B": 1000})
        m.place("A", "Cyber Dragon", "monster")
        m.continuing("A", "Relay Soul")                 # no damage to A while its monster is there
        return m

    def before_the_draw():
        return WrgpMatch(lineup=3, turn=2, phase="draw", player="B")     # WRGP-H9: a baton touch

    return [fielded, relay, before_the_draw, w3]


@pytest.mark.parametrize("make", _tag_moments() + _wrgp_moments(),
                         ids=lambda f: getattr(f, "__name__", "moment"))
def test_listed_iff_it_applies_at_the_moments_of_a_turn(make):
    m = make()
    assert m.legal_actions() == [a for a in m.action_grammar() if applies(m, a)]


# ---------------------------------------------------------------------- mirror: swapping the teams
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_swapping_the_teams_swaps_the_list(data):
    lineup, first = data.draw(st.integers(1, 3)), data.draw(st.sampled_from("AB"))
    steps = data.draw(st.lists(wrgp_steps(), max_size=16))
    m = WrgpMatch(lineup=lineup, first=first)
    swapped = WrgpMatch(lineup=lineup, first=mirror(first))
    _play(m, steps)
    _play(swapped, [(verb, mirror(args)) for verb, args in steps])
    assert {mirror(str(a)) for a in m.legal_actions()} == {str(a) for a in swapped.legal_actions()}


def test_the_bench_times_legal_actions_for_every_format():
    from rulings_lib.bench import legal_actions_rate
    from rulings_lib.formats import FORMATS

    rates = legal_actions_rate(seconds=0, positions=3)
    assert set(rates) == set(FORMATS) and all(r > 0 for r in rates.values())
