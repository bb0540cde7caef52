"""Rules fidelity: one-player chains (reading one-player-chain-is-d1), owners' piles
(STD-CARDS, WRGP-H5), the chain rule of Spell Speeds (STD-TIMING), Counter Cleaner's timing, outcome vs
transcript, and the envelope of reachable setups (rulings_lib/wrgp/reach.py)."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_wrgp_symmetry import random_step

from rulings_lib.errors import ArgumentError, IllegalAction, ScenarioError
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario, scenario_from_text
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch
from rulings_lib.wrgp.scenario import apply, new_match

TEAMS = ("A", "B")
other = T.other


def reached(seed: int, lineup: int = 3, first: str = "A", steps: int = 40, start_lp: int = 8000) -> WrgpMatch:
    """A match after random legal play (rejected steps skipped), not finished if it can be helped."""
    rng = random.Random(seed)
    m = WrgpMatch(lineup=lineup, first=first, start_lp=start_lp)
    for _ in range(rng.randint(0, steps)):
        verb, args = random_step(rng, m)
        before = m.copy()
        try:
            apply(m, verb, args)
        except IllegalAction:
            continue
        if m.is_finished():
            return before
    return m


# ---------------------------------------------------------------- 1. one-player chains (WRGP-D1)
LINK_EFFECT = st.one_of(
    st.fixed_dictionaries({"damage": st.fixed_dictionaries({"to": st.sampled_from(["self", "opponent", "both"]),
                                                            "amount": st.sampled_from([300, 500, 1000, 4000])})}),
    st.fixed_dictionaries({"damage": st.fixed_dictionaries({"to": st.sampled_from(["self", "opponent"]),
                                                            "per_link": st.just(400)})}),
    st.fixed_dictionaries({"gain": st.fixed_dictionaries({"to": st.sampled_from(["self", "opponent"]),
                                                          "amount": st.just(500)})}),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEAMS), st.sampled_from(TEAMS), st.lists(LINK_EFFECT, min_size=2, max_size=6),
       st.sampled_from([500, 1000, 2000]), st.sampled_from([500, 1000, 2000]), st.integers(3, 6))
def test_a_chain_built_by_one_player_alone_is_d1(first, builder, effects, lp_a, lp_b, turn):
    player = first if turn % 2 else other(first)
    m = WrgpMatch(first=first, turn=turn, player=player, phase="main1", lp={"A": lp_a, "B": lp_b})
    m.chain([{"by": builder, **e} for e in effects])     # every link Spell Speed 2 (the default)
    both_hit_to_zero = len(m.out) == 1 and m.at_zero
    if both_hit_to_zero:
        # Reading one-player-chain-is-d1: the builder's duelist is treated as the winner and stays in at 0,
        # whichever link brought whom to 0 last; the duel resumes with the other team (WRGP-F2).
        assert m.out == [f"{other(builder)}1"] and m.at_zero == {builder}
        assert m.events[-1].rule in ("WRGP-H1", "WRGP-H3")
        assert any(e.rule == "WRGP-D1" for e in m.events) and not any(e.rule == "WRGP-D2" and e.code ==
                                                                      "wrgp.event.both_at_0_after_chain" for e in m.events)
        m.end_turn()
        assert m.player == other(builder) and m.duelist(other(builder)) == f"{other(builder)}2"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TEAMS), st.integers(2, 6), st.sampled_from([200, 1000]))
def test_with_a_link_of_each_player_wrgp_d2_still_decides(first, n, amount):
    """Both at ``amount``; the other team's single link (link 1) hits the builder; the builder's last
    link hits the other: built by both, the side damaged last (the other team's, link 1) loses."""
    m = WrgpMatch(first=first, turn=3, player=first, phase="main1", lp={"A": amount, "B": amount})
    builder = first
    links = [{"by": other(builder), "damage": {"to": "opponent", "amount": amount}}]
    links += [{"by": builder, "card": f"c{i}"} for i in range(n - 2)]
    links.append({"by": builder, "damage": {"to": "opponent", "amount": amount}})
    m.chain(links)
    # resolution: the builder's last link hits the other team first, link 1 hits the builder last
    assert m.out == [f"{builder}1"] and m.at_zero == {other(builder)}
    assert any(e.code == "wrgp.event.both_at_0_after_chain" for e in m.events)


# ---------------------------------------------------------------- 2. owners' piles (STD-CARDS, WRGP-H5)
CARDS = ("c1", "c2", "c3", "c4")


def card_step(rng: random.Random):
    by = rng.choice(TEAMS)
    r = rng.random()
    if r < 0.25:
        return "take_control", {"by": by, "card": rng.choice(CARDS)}
    if r < 0.4:
        return "destroy", {"by": by, "card": rng.choice(CARDS)}
    if r < 0.55:
        return "move", {"card": rng.choice(CARDS), "to": rng.choice(["gy", "banished", "extra_face_up", "hand",
                                                                    "deck", "extra"])}
    if r < 0.7:
        return "damage", {"by": by, "to": rng.choice(["self", "opponent"]), "amount": 8000}
    if r < 0.78:
        return "baton_touch", by
    if r < 0.9:
        return "end_turn", {}
    return "phase", rng.choice(["standby", "main1"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.sampled_from(TEAMS))
def test_a_card_leaving_the_field_goes_to_its_owners_pile_unless_handed_over(seed, first):
    """A model kept by the test from what it sees: a card's pile is its owner's; a field card that
    changes hands without a take_control step was handed over in a relay (WRGP-H4) and becomes the new
    duelist's (WRGP-H5). Every card sent to a GY, banishment or face-up Extra Deck goes to that pile;
    to the hand, Deck or face-down Extra Deck, to its owner's (WRGP-H6)."""
    rng = random.Random(seed)
    m = WrgpMatch(lineup=4, first=first, turn=5, player=first, phase="main1")
    pile = {}
    for i, c in enumerate(CARDS):
        team = TEAMS[i % 2]
        m.place(team, c, rng.choice(["monster", "extra_monster", "spell_trap", "pendulum"]))
        pile[c] = m.duelist(team)
    for _ in range(40):
        verb, args = card_step(rng)
        before = m.state()["cards"]
        try:
            apply(m, verb, args)
        except (IllegalAction, ArgumentError):
            continue
        if m.is_finished():
            break
        after = m.state()["cards"]
        for c, now in after.items():
            was = before[c]
            if was["zone"] in T.FIELD_ZONES and now["zone"] in T.FIELD_ZONES and was["player"] != now["player"]:
                if verb != "take_control":
                    pile[c] = now["player"]          # handed over in a relay (WRGP-H4/H5)
            if was["zone"] in T.FIELD_ZONES and now["zone"] not in T.FIELD_ZONES:
                to_pile = now["zone"] in ("gy", "banished") or (now["zone"] == "extra" and now.get("face_up", True))
                assert now["player"] == (pile[c] if to_pile else now["owner"]), (c, was, now, pile[c])


def test_taken_card_destroyed_after_its_owner_lost_goes_to_the_owners_graveyard():
    for first in TEAMS:
        taker = other(first)
        m = WrgpMatch(first=first, turn=3, player=first, phase="main1")
        m.place(first, "Junk Synchron", "monster")
        m.take_control(taker, "Junk Synchron")
        m.damage(taker, "opponent", 8000)       # the owner loses; the card is on the taker's field
        m.end_turn()
        m.phase("main1")
        m.destroy(first, "Junk Synchron")
        assert m.state()["cards"]["Junk Synchron"]["player"] == f"{first}1"


# ---------------------------------------------------------------- 3. Spell Speeds (STD-TIMING)
def legal_speeds(speeds: list[int]) -> bool:
    return all(s >= max(2, prev) for prev, s in itertools.pairwise(speeds))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.lists(st.tuples(st.sampled_from(TEAMS), st.sampled_from([1, 2, 3])),
                                         min_size=1, max_size=5))
def test_a_chain_is_accepted_exactly_when_its_spell_speeds_allow(seed, links):
    m = reached(seed)
    if m.is_finished():
        return
    chain = [{"by": by, "speed": s, "damage": {"to": "opponent", "amount": 100}} for by, s in links]
    speeds = [s for _, s in links]
    by1 = links[0][0]
    opens = speeds[0] > 1 or (not m.handover and m.player == by1 and m.phase_key in T.MAIN_PHASES)
    before = m.state()
    try:
        m.chain(chain)
    except IllegalAction as err:
        assert not (opens and legal_speeds(speeds))
        assert err.rule in ("STD-TIMING", "WRGP-H2")
        assert m.state() == before              # a refused chain changes nothing
        return
    assert opens and legal_speeds(speeds)


def test_kinds_and_known_cards_give_the_speed_and_a_contradiction_is_refused():
    m = WrgpMatch(turn=3, phase="main1")
    with pytest.raises(IllegalAction) as err:
        m.chain([{"by": "A", "kind": "spell_speed_3"}, {"by": "B", "kind": "spell_speed_2"}])
    assert err.value.rule == "STD-TIMING"
    with pytest.raises(IllegalAction):
        m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "kind": "ignition_effect"}])
    with pytest.raises(IllegalAction):
        m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "昼夜の大火事"}])   # Ookazi, Normal Spell
    m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Solemn Judgment"}, {"by": "A", "speed": 3}])
    # trigger effects that trigger together open a chain together
    m.chain([{"by": "A", "kind": "trigger_effect"}, {"by": "B", "kind": "trigger_effect"}])
    with pytest.raises(IllegalAction):
        m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "kind": "trigger_effect"}])
    with pytest.raises(ArgumentError):
        m.chain([{"by": "A", "card": "Ookazi", "speed": 2}])
    with pytest.raises(ArgumentError):
        m.chain([{"by": "A", "kind": "spell_speed_1", "speed": 3}])
    # a Spell Speed 1 link 1 keeps STD-TIMING: not in the opponent's turn
    with pytest.raises(IllegalAction) as err:
        m.chain([{"by": "B", "speed": 1}])
    assert err.value.rule == "STD-TIMING"


def test_a_speed_that_disagrees_is_refused_in_a_scenario_at_its_line():
    text = ("format: wrgp\nsetup:\n  at: {turn: 3, phase: main1}\nsteps:\n  - chain:\n"
            "      - {by: A, card: Ookazi, speed: 3}\n")
    with pytest.raises(ScenarioError) as exc:
        scenario_from_text(text, "s.yaml")
    assert exc.value.line == 6 and "Spell Speed" in exc.value.message


# ---------------------------------------------------------------- 4. Counter Cleaner's timing
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.sampled_from(TEAMS))
def test_counter_cleaner_only_in_its_users_own_main_phase_outside_a_run_on(seed, by):
    m = reached(seed)
    if m.is_finished():
        return
    allowed = not m.handover and m.player == by and m.phase_key in T.MAIN_PHASES
    assert m.is_legal("counter_cleaner", by) == allowed
    if allowed:
        seen = len(m.events)
        m.counter_cleaner(by)
        after = [(e.code, e.args) for e in m.events[seen:]]
        assert any(code == "wrgp.event.counters_cleared" for code, _ in after)
        # WRGP-SW8 clears both teams' counters; but its 500 LP cost may take its user to 0 (STD-LP): then
        # its user's duelist loses and that team gains counters by WRGP-SW4 after the clearing.
        gained = [a["after"] for code, a in after if code == "wrgp.event.counters_gained" and a["team"] == by]
        assert m.spc == {**{"A": 0, "B": 0}, by: gained[-1] if gained else 0}
        assert bool(gained) == any(code == "wrgp.event.duelist_loses" for code, _ in after)
    else:
        with pytest.raises(IllegalAction) as err:
            m.counter_cleaner(by)
        assert err.value.rule == ("WRGP-H2" if m.handover else "STD-TIMING")


# ---------------------------------------------------------------- 5. outcome vs transcript
DRAW_CODES = ("wrgp.event.normal_draw", "wrgp.event.run_on_draw")


def check_transcript(outcome: dict, start: WrgpMatch) -> None:
    """What the outcome says agrees with what its transcript (events) says, replayed from the start."""
    events = outcome["events"]
    lp = {f"{t}{start.pos[t]}": start.lp[t] for t in TEAMS}
    spc = dict(start.spc)
    out, winner = [], None
    turn, player = start.turn, start.player
    drawn = start.drawn
    for e in events:
        code, a = e["code"], e["args"]
        if code == "wrgp.event.turn_begins":
            turn, player, drawn = a["turn"], a["nxt"], False
        elif code in DRAW_CODES:
            drawn = True
        elif code == "wrgp.event.first_turn_no_draw":
            assert turn == 1
        elif code == "wrgp.event.special_victory":
            victim = (a["foe"], lp[a["foe"]])
            lp[a["foe"]] = 0                     # WRGP-F8: the foe's LP become 0 ...
        elif code == "wrgp.event.special_victory_after_loss":
            lp[victim[0]] = victim[1]            # ... unless the foe had already lost: nothing more happens
        elif code == "wrgp.event.duelist_loses":
            out.append(a["who"])
        elif code == "wrgp.event.match_won":
            winner = a["winner"]
        elif code in ("wrgp.event.damage_taken", "wrgp.event.lp_gained"):
            lp[a["duelist"]] = a["after"]
        elif code in ("wrgp.event.cost_paid", "wrgp.event.lp_paid_by_effect"):
            lp[a["who"]] = a["after"]
        elif code == "wrgp.event.activation_cost_paid":  # a card's cost (Counter Cleaner's too)
            lp[a["duelist"]] = a["after"]
        elif code == "wrgp.event.handover_completes":
            lp[a["new"]] = a["lp"]
        elif code == "wrgp.event.baton_touch":
            out.append(a["old"])                 # swapped out (WRGP-H9): out of the duel, not a loss
            lp[a["new"]] = start.start_lp
        elif code in ("wrgp.event.counters_gained",):
            spc[a["team"]] = a["after"]
        elif code == "wrgp.event.counters_removed":
            spc[a["by"]] = a["after"]
        elif code == "wrgp.event.counters_cleared":
            spc = {"A": 0, "B": 0}
    assert outcome["drawn"] == drawn
    assert outcome["turn"]["number"] == turn and outcome["turn"]["player"] == player
    assert outcome["out"] == out and outcome["winner"] == winner and outcome["finished"] == (winner is not None)
    assert outcome["spc"] == spc
    for t in TEAMS:
        assert outcome["lp"][t] == lp[f"{t}{outcome['duelist'][t]}"]


@pytest.mark.parametrize("path", builtin_scenarios("wrgp"), ids=lambda p: p.stem)
def test_every_shipped_scenario_s_outcome_agrees_with_its_transcript(path):
    sc = load_scenario(path)
    check_transcript(run_scenario(sc).outcome, new_match(sc.setup))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.sampled_from(TEAMS), st.integers(1, 3), st.sampled_from([1000, 4000, 8000]))
def test_random_matches_outcome_agrees_with_transcript(seed, first, lineup, start_lp):
    rng = random.Random(seed)
    m = WrgpMatch(lineup=lineup, first=first, start_lp=start_lp)
    start = m.copy()
    for _ in range(rng.randint(0, 60)):
        verb, args = random_step(rng, m)
        try:
            apply(m, verb, args)
        except IllegalAction:
            pass
        check_transcript(m.state(), start)
        if m.is_finished():
            break


def test_the_first_turn_never_has_drawn():
    for first in TEAMS:
        m = WrgpMatch(first=first)
        for phase in ("standby", "main1", "end"):
            m.phase(phase)
            assert m.state()["drawn"] is False
        assert WrgpMatch(first=first, phase="main1").drawn is False
        m.end_turn()
        m.phase("standby")
        assert m.drawn is True


# ---------------------------------------------------------------- 6. the envelope of setups
def histories(first: str, turns: int, lineup: int):
    """Every (turn, player, positions, past_draw) legal play reaches in a phase, by brute
    force over the turns: batons by the turn player in its Draw Phase (not on turn 1), then the turn
    ends with no loss, a loss of A, of B, or of both (either team last). Kept apart from reach.py."""
    seen = set()
    states = {(first, 1, 1)}
    for turn in range(1, turns + 1):
        nxt = set()
        for player, pa, pb in states:
            seen.add((turn, player, pa, pb, False))
            swaps = [0] if turn == 1 else range(lineup)
            for k in swaps:
                pos = {"A": pa, "B": pb}
                pos[player] += k
                if pos[player] > lineup:
                    continue
                seen.add((turn, player, pos["A"], pos["B"], True))
                seen.add((turn, player, pos["A"], pos["B"], False))   # swapped in this Draw Phase, before the draw
                for lost in ((), ("A",), ("B",), ("A", "B")):
                    p2 = dict(pos)
                    if any(p2[t] >= lineup for t in lost):
                        continue                     # a last duelist's loss ends the match
                    for t in lost:
                        p2[t] += 1
                    for nxt_player in (lost if lost else (other(player),)):
                        nxt.add((nxt_player, p2["A"], p2["B"]))
        states = nxt
    return seen


def accepted(**kw) -> bool:
    try:
        WrgpMatch(**kw)
    except ArgumentError:
        return False
    return True


@pytest.mark.parametrize("first", TEAMS)
@pytest.mark.parametrize("lineup", [1, 2, 3, 4])
def test_turn_order_and_positions_are_accepted_exactly_when_some_play_reaches_them(first, lineup):
    turns = 7
    reach = histories(first, turns, lineup)
    for turn, player, pa, pb, past in itertools.product(range(1, turns + 1), TEAMS, range(1, lineup + 1),
                                                        range(1, lineup + 1), (False, True)):
        phase = "main1" if past else "draw"
        ok = accepted(lineup=lineup, first=first, turn=turn, player=player, phase=phase, duelist={"A": pa, "B": pb})
        assert ok == ((turn, player, pa, pb, past) in reach), (turn, player, pa, pb, phase)


def test_unreachable_setups_are_refused_mirrored_and_with_other_lp():
    for first in TEAMS:
        o = other(first)
        assert not accepted(first=first, turn=2, player=o, phase="main1", spc={"A": 12, "B": 12})
        assert not accepted(first=first, turn=2, player=o, duelist={first: 2, o: 1})
        assert accepted(first=first, turn=2, player=first, duelist={first: 2, o: 1})
        for lp in (1, 7999, 8001, 4000):
            assert not accepted(first=first, lp={first: lp})
            assert not accepted(first=first, start_lp=4000, lp={o: lp if lp != 4000 else 3999})
            assert accepted(first=first, phase="standby", lp={first: lp})     # something may have happened
        assert accepted(first=first, start_lp=4000, lp={"A": 4000, "B": 4000})


def raw_bound(kw: dict, team: str) -> int:
    """An upper bound stated straight from WRGP-SW3/SW4: 2 a Standby Phase, at most 4 for each position
    moved on (a loss; a baton touch gives none)."""
    standbys = kw["turn"] - 1 + (kw["phase"] != "draw")
    return 2 * standbys + 4 * (kw["duelist"][team] - 1)


def moment_kw(m: WrgpMatch) -> dict:
    s = m.state()
    return {"lineup": m.lineup, "start_lp": m.start_lp, "first": m.first, "turn": s["turn"]["number"],
            "player": s["turn"]["player"], "phase": s["turn"]["phase"], "duelist": dict(s["duelist"]),
            "lp": dict(s["lp"]), "spc": dict(s["spc"]), "at_zero": [d[0] for d in s["at_zero"]]}


def perturbations(kw: dict):
    """Moments just outside the envelope, each refused whatever else holds."""
    for t in TEAMS:
        raw = raw_bound(kw, t)
        for s in (raw + 1, raw + 2, max(1, raw - 5)):
            if s <= 12 and (s > raw or (s % 2 and s + 7 > raw)):
                yield "spc", {**kw, "spc": {**kw["spc"], t: s}}
    if kw["duelist"] == {"A": 1, "B": 1}:
        # nobody lost or swapped: the teams took turns (STD-TURN, WRGP-F2)
        yield "player", {**kw, "player": other(kw["player"])}
    if kw["turn"] == 1:
        if kw["phase"] == "draw":
            yield "lp", {**kw, "lp": {**kw["lp"], "A": kw["start_lp"] - 1}}
        yield "duelist", {**kw, "duelist": {**kw["duelist"], kw["first"]: 2}}
    if kw["turn"] == 2 and kw["duelist"][kw["first"]] == 2 and kw["duelist"][other(kw["first"])] == 1:
        yield "player", {**kw, "player": other(kw["first"])}     # after the first team's loss, its turn
    for t in TEAMS:
        if kw["turn"] > 1 and kw["duelist"][other(t)] == 1 and t not in kw["at_zero"]:
            yield "at_zero", {**kw, "at_zero": [t], "lp": {**kw["lp"], t: 0}}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.integers(1, 4), st.sampled_from(TEAMS), st.integers(0, 80))
def test_every_reached_moment_can_be_set_up_and_its_perturbations_cannot(seed, lineup, first, steps):
    rng = random.Random(seed)
    m = WrgpMatch(lineup=lineup, first=first)
    for _ in range(steps):
        verb, args = random_step(rng, m)
        if rng.random() < 0.05:
            verb, args = "counter_cleaner", {"by": rng.choice(TEAMS)}
        before = m.copy()
        try:
            apply(m, verb, args)
        except IllegalAction:
            pass
        if m.is_finished():
            m = before
            break
    if m.handover or (m.turn == 1 and m.phase_key == "draw"):
        return   # a pending handover is no starting moment; turn 1's Draw Phase only at its start (WRGP-F10)
    kw = moment_kw(m)
    again = WrgpMatch(**kw)
    assert (again.pos, again.lp, again.spc, again.turn, again.player, again.phase_key, again.drawn,
            again.at_zero) == (m.pos, m.lp, m.spc, m.turn, m.player, m.phase_key, m.drawn, m.at_zero)
    for param, bad in perturbations(kw):
        with pytest.raises(ArgumentError) as exc:
            WrgpMatch(**bad)
        assert exc.value.param == param, (param, bad, exc.value)


@pytest.mark.parametrize("turn, phase, spc, ok", [
    (1, "draw", 2, False), (1, "standby", 2, True), (1, "main1", 4, False), (2, "draw", 4, False),
    (2, "main1", 4, True), (2, "main1", 6, False), (3, "main1", 6, True), (3, "main1", 5, False),
    (5, "main1", 10, True), (5, "main1", 3, True), (5, "main1", 5, False), (6, "main1", 12, True),
    (9, "main1", 11, True), (8, "main1", 11, False), (10, "draw", 11, True)])
def test_speed_counters_per_standby_phase(turn, phase, spc, ok):
    """Nobody lost: 2 a Standby Phase each (WRGP-SW3); an odd count needs 7 removed from at least 8."""
    player = "A" if turn % 2 else "B"
    assert accepted(turn=turn, player=player, phase=phase, spc={"A": spc}) == ok


def test_loss_counters_and_the_cap():
    # A1 lost in turn 1 (4 counters with a >= b, WRGP-SW4) on top of turn 1's and turn 2's Standby Phases
    assert accepted(turn=2, player="A", phase="main1", duelist={"A": 2}, spc={"A": 8, "B": 4})
    assert not accepted(turn=2, player="A", phase="main1", duelist={"A": 2}, spc={"A": 10})
    assert not accepted(turn=2, player="A", phase="main1", duelist={"A": 2}, spc={"B": 6})
    # reading counter-cap-12: never above 12, losses included
    assert not accepted(turn=40, player="A", phase="main1", duelist={"A": 3, "B": 3}, spc={"A": 13})


def test_a_long_match_is_checked_quickly():
    # the history repeats: a high turn number costs no more than a low one
    assert accepted(lineup=100, turn=10_000, player="B", phase="main1", duelist={"A": 100, "B": 100},
                    spc={"A": 12, "B": 11})


def test_unreachable_setups_in_a_scenario_are_refused_at_the_at_line():
    for at in ('{turn: 2, player: B, phase: main1, spc: {A: 12, B: 12}}', '{turn: 2, player: B, duelist: {A: 2}}',
               '{turn: 1, lp: {A: 7000}}', '{turn: 3, player: B}'):
        text = f"format: wrgp\nsetup:\n  at: {at}\n"
        with pytest.raises(ScenarioError) as exc:
            scenario_from_text(text, "bad.yaml")
        assert exc.value.line == 3, at
