"""Losses in a chain under the two changed Readings (shared/spec/wrgp-rules.md,
WRGP-D1, WRGP-D2, WRGP-H8).

- ``chain-last-damaged-loses``: in a chain with a link of each player, WRGP-D2 decides by who took damage
  LAST in the reverse-order resolution, also when an earlier-resolving link had brought both to 0 at once;
  only when the chain's last damage hit both at once does WRGP-D1 decide, for that card's controller.
- ``zero-in-chain-stays-lost``: a duelist whose LP reached 0 at any link has met the loss condition; a
  later-resolving link that gives LP back does not undo it (WRGP-H8). Settled after the whole chain.
- ``one-card-both-is-d1`` (narrowed) and ``one-player-chain-is-d1``: outside a chain built by both players.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.readings import readings
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch

TEAMS = ("A", "B")
other = T.other
MIRROR = {"A": "B", "B": "A"}


def at(lp: dict, player: str = "A", **kw) -> WrgpMatch:
    return WrgpMatch(turn=3 if player == "A" else 4, player=player, phase="main1", lp=lp, **kw)


def codes(m: WrgpMatch) -> list[str]:
    return [e.code for e in m.events]


def event(m: WrgpMatch, code: str):
    found = [e for e in m.events if e.code == code]
    assert len(found) == 1, (code, [str(e) for e in m.events])
    return found[0]


def readings_cited(e) -> set[str]:
    """The Readings an event names in its arguments (``wrgp.note.reading`` / ``reading_paren``), however nested."""
    found, todo = set(), [e.args]
    while todo:
        x = todo.pop()
        if isinstance(x, dict):
            if x.get("code") in ("wrgp.note.reading", "wrgp.note.reading_paren"):
                found.add(x["args"]["id"])
            todo.extend(x.values())
        elif isinstance(x, list):
            todo.extend(x)
    return found


# ------------------------------------------------------------------ worked examples
def test_destruction_ring_as_link_2_then_sparks_hits_b_at_0_b_loses_by_d2():
    # (a) Ring (B's, link 2) brings both to 0 at once; Sparks (A's, link 1) then hits B at 0: B took damage
    # last. Under the old one-card-both-is-d1 it was WRGP-D1 for the Ring's controller (B) and A lost.
    m = at({"A": 1000, "B": 1000})
    m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Destruction Ring"}])
    assert m.out == ["B1"] and m.at_zero == {"A"} and m.handover == ["B"]
    d2 = event(m, "wrgp.event.both_at_0_after_chain")
    assert d2.rule == "WRGP-D2" and readings_cited(d2) == {"chain-last-damaged-loses"}
    assert "wrgp.event.both_at_0_by_one_card" not in codes(m)


def test_destruction_ring_as_link_1_is_the_chains_last_damage_to_both_d1():
    # (b) Chain Strike (B's, link 2) hits A for 800; Destruction Ring (A's, link 1) then brings both to 0 at
    # once: the chain's last damage hit both, so WRGP-D1 decides for that card: A is treated as the winner.
    m = at({"A": 1000, "B": 1000})
    m.chain([{"by": "A", "card": "Destruction Ring"}, {"by": "B", "card": "Chain Strike"}])
    assert m.out == ["B1"] and m.at_zero == {"A"}
    d1 = event(m, "wrgp.event.chain_last_damage_hit_both")
    assert d1.rule == "WRGP-D1" and readings_cited(d1) == {"chain-last-damaged-loses"}
    assert "wrgp.event.both_at_0_after_chain" not in codes(m)


def test_last_damage_hits_both_already_at_0_d1_for_that_card():
    # A at 200: Chain Strike (B, link 2) brings A to 0; Destruction Ring (A, link 1) hits both: A at 0 and
    # B from 1000 to 0. The old reading chose "the side it brought to 0"; now WRGP-D1: A's card, A wins.
    m = at({"A": 200, "B": 1000})
    m.chain([{"by": "A", "card": "Destruction Ring"}, {"by": "B", "card": "Chain Strike"}])
    assert m.out == ["B1"] and m.at_zero == {"A"}
    # The mirror: B's card is the last damage, B is treated as the winner.
    m = at({"A": 1000, "B": 200}, player="B")
    m.chain([{"by": "B", "card": "Destruction Ring"}, {"by": "A", "card": "Chain Strike"}])
    assert m.out == ["A1"] and m.at_zero == {"B"}


def test_dian_keto_resolving_after_chain_strike_does_not_undo_the_loss():
    # (c) A at 800: Dian Keto (A, link 1), Chain Strike (B, link 2): A reaches 0 at link 2, then gains 1000.
    # Under the old reading the gain saved A; now A has lost (WRGP-H8), at 1000 LP.
    m = at({"A": 800, "B": 8000})
    m.chain([{"by": "A", "card": "Dian Keto the Cure Master"}, {"by": "B", "card": "Chain Strike"}])
    assert m.out == ["A1"] and m.handover == ["A"] and m.lp["A"] == 1000 and not m.at_zero
    h8 = event(m, "wrgp.event.zero_in_chain_stays_lost")
    assert h8.rule == "WRGP-H8" and h8.args["n"] == 2     # (the code's words name zero-in-chain-stays-lost)
    # The gain came first in the resolution (a higher link): A never reached 0, nobody loses.
    m = at({"A": 800, "B": 8000})
    m.chain([{"by": "B", "card": "x", "damage": {"to": "opponent", "amount": 800}},
             {"by": "A", "card": "y", "gain": {"to": "self", "amount": 1000}}])
    assert m.out == [] and m.lp["A"] == 1000


def test_both_reached_0_the_survivor_stays_in_at_the_lp_the_chain_left():
    # Link 3 (A) brings B to 0, link 2 (B) brings A to 0, link 1 (B) gains B 500. Both reached 0; A took
    # damage last and loses; B is not the loser and stays in at 500 LP, not at 0.
    m = at({"A": 500, "B": 500})
    m.chain([{"by": "B", "card": "heal", "gain": {"to": "self", "amount": 500}},
             {"by": "B", "card": "burn", "damage": {"to": "opponent", "amount": 500}},
             {"by": "A", "card": "burn", "damage": {"to": "opponent", "amount": 500}}])
    assert m.out == ["A1"] and m.lp["B"] == 500 and not m.at_zero
    stays = event(m, "wrgp.event.survivor_stays_in")
    assert stays.args["lp"] == 500 and stays.args["survivor"] == "B1"    # (its words name zero-in-chain-stays-lost)
    assert "wrgp.event.survivor_stays_at_0" not in codes(m)


def test_one_link_chain_and_one_player_chains_stay_d1():
    m = at({"A": 1000, "B": 1000}, player="B")
    m.chain([{"by": "B", "card": "Destruction Ring"}])
    assert m.out == ["A1"] and m.at_zero == {"B"}
    assert readings_cited(event(m, "wrgp.event.both_at_0_by_one_card")) == {"one-card-both-is-d1"}
    # One player's chain: link 2 hits both to 0, link 1 then hits the builder at 0: still WRGP-D1, the
    # builder is treated as the winner (never WRGP-D2, which is for a chain built by both players).
    m = at({"A": 500, "B": 500})
    m.chain([{"by": "A", "card": "x", "damage": {"to": "self", "amount": 300}},
             {"by": "A", "card": "y", "damage": {"to": "both", "amount": 500}}])
    assert m.out == ["B1"] and m.at_zero == {"A"}
    assert readings_cited(event(m, "wrgp.event.both_at_0_by_one_card")) == {"one-card-both-is-d1"}
    assert "wrgp.event.both_at_0_after_chain" not in codes(m)


def test_the_readings_are_registered_and_listed():
    ids = {r.id for r in readings("wrgp")}
    assert {"chain-last-damaged-loses", "zero-in-chain-stays-lost", "one-card-both-is-d1",
            "one-player-chain-is-d1", "incoming-hand-five"} <= ids
    assert "chain-loss-checked-after-chain" not in ids       # replaced by zero-in-chain-stays-lost
    narrowed = next(r for r in readings("wrgp") if r.id == "one-card-both-is-d1")
    assert "outside a chain built by both players" in narrowed.text
    out = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "readings", "--format", "wrgp"],
                         capture_output=True, text=True, check=True).stdout
    assert "chain-last-damaged-loses  [WRGP-D2]" in out and "zero-in-chain-stays-lost  [WRGP-D2]" in out


def test_every_chain_scenario_cites_the_reading_that_decides_it():
    """A shipped scenario whose chain is decided by a new Reading names it in its transcript."""
    wanted = {
        "one-card-both-in-chain": "chain-last-damaged-loses",
        "cards-ring-link-2-then-sparks": "chain-last-damaged-loses",
        "cards-ring-last-damage": "chain-last-damaged-loses",
        "chain-last-hit-both": "chain-last-damaged-loses",
        "chain-gain-does-not-save": "zero-in-chain-stays-lost",
        "cards-dian-keto-after-zero": "zero-in-chain-stays-lost",
        "one-link-chain-is-d1": "one-card-both-is-d1",
    }
    found = {p.stem: p for p in builtin_scenarios() if p.stem.removesuffix("-ja") in wanted}
    assert {s.removesuffix("-ja") for s in found} == set(wanted)
    for stem, path in found.items():
        result = run_scenario(load_scenario(path))
        assert result.passed, stem
        decided = [e for e in result.match.events if e.rule in ("WRGP-D1", "WRGP-D2", "WRGP-H8")
                   and e.code != "wrgp.event.chain_resolves" and e.code != "wrgp.event.chain_link_resolves"]
        assert any(wanted[stem.removesuffix("-ja")] in e.text for e in decided), stem


# ------------------------------------------------------------------ the property
LINK = st.one_of(
    st.fixed_dictionaries({"by": st.sampled_from(TEAMS), "damage": st.fixed_dictionaries({
        "to": st.sampled_from(["self", "opponent", "both"]), "amount": st.sampled_from([200, 500, 800, 1000])})}),
    st.fixed_dictionaries({"by": st.sampled_from(TEAMS), "gain": st.fixed_dictionaries({
        "to": st.sampled_from(["self", "opponent"]), "amount": st.sampled_from([300, 1000])})}),
)


def _targets(by: str, to: str) -> tuple[str, ...]:
    return {"self": (by,), "opponent": (other(by),), "both": (by, other(by))}[to]


def model(lp: dict, at_zero: set, links: list[dict]):
    """The Readings as the spec words them, independently of the engine: (loser or None, LP after the chain,
    the duelists staying in at 0 LP)."""
    lp, zero = dict(lp), set(at_zero)
    reached: set[str] = set()
    damages: list[tuple[int, str]] = []          # (link, team), in resolution order
    for n, link in reversed(list(enumerate(links, 1))):
        what = "damage" if "damage" in link else "gain"
        for t in _targets(link["by"], link[what]["to"]):
            amount = link[what]["amount"]
            if what == "gain":
                lp[t] += amount
                zero.discard(t)
                continue
            before, lp[t] = lp[t], max(0, lp[t] - amount)
            damages.append((n, t))
            if lp[t] == 0 and (before > 0 or t in zero):
                reached.add(t)               # a loss condition met at this link (WRGP-H8: it stays)
    if not reached:
        return None, lp, zero
    if len(reached) == 1:
        loser = reached.pop()
        return loser, lp, zero - {loser}
    builders = {link["by"] for link in links}
    if len(builders) == 1:                       # one-player-chain-is-d1 / one-card-both-is-d1
        loser = other(builders.pop())
    else:                                        # chain-last-damaged-loses
        last_link, last_team = damages[-1]
        hit = {t for n, t in damages if n == last_link}
        loser = other(links[last_link - 1]["by"]) if len(hit) == 2 else last_team
    survivor = other(loser)      # stays in at the LP the chain left (draw-survivor-stays-at-0 when 0)
    return loser, lp, {survivor} if lp[survivor] == 0 else set()


def _play(first: str, lp: dict, links: list[dict], at_zero: set) -> WrgpMatch:
    if at_zero:      # a survivor of an earlier draw (its opponent has lost a duelist), as draw-again-same-rule
        (s,) = at_zero
        m = WrgpMatch(first=first, turn=6, player=other(first), phase="main1",
                      duelist={s: 1, other(s): 2}, lp={other(s): lp[other(s)]}, at_zero=[s])
    else:
        m = WrgpMatch(first=first, turn=3, player=first, phase="main1", lp=lp)
    m.chain([{**link, "card": f"card {i}"} for i, link in enumerate(links, 1)])
    return m


def _mirror(link: dict) -> dict:
    return {**link, "by": MIRROR[link["by"]]}


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEAMS), st.lists(LINK, min_size=1, max_size=6),
       st.sampled_from([200, 500, 1000, 2000]), st.sampled_from([200, 500, 1000, 2000]),
       st.sampled_from([None, "A", "B"]))
def test_property_the_loser_is_who_reached_0_alone_or_was_damaged_last(first, links, lp_a, lp_b, at0):
    """For random chains of damage and gain links: the loser is the one who alone reached 0 at any point
    (a later gain does not undo it), or, if both did, the one damaged last -- unless the last damage hit
    both at once (WRGP-D1 for that card's controller) or one player built the chain (WRGP-D1 for that
    player). The other stays in at the LP the chain left. Mirroring the teams mirrors the result."""
    at_zero = {at0} if at0 else set()
    lp = {"A": lp_a, "B": lp_b}
    if at0:
        lp[at0] = 0
    loser, lp_after, zero_after = model(lp, at_zero, links)
    m = _play(first, lp, links, at_zero)
    pos = {t: m.pos[t] for t in TEAMS}
    assert m.out == ([f"{loser}{pos[loser]}"] if loser else [])
    assert m.lp == lp_after
    assert m.handover == ([loser] if loser else [])
    assert m.at_zero == zero_after
    if loser and lp_after[loser] > 0:
        assert "wrgp.event.zero_in_chain_stays_lost" in codes(m)
    # Never the team letter: the same chain with the teams swapped gives the mirrored result.
    mirrored = _play(MIRROR[first], {MIRROR[t]: v for t, v in lp.items()}, [_mirror(x) for x in links],
                     {MIRROR[t] for t in at_zero})
    assert mirrored.out == ([f"{MIRROR[loser]}{pos[loser]}"] if loser else [])
    assert mirrored.lp == {MIRROR[t]: v for t, v in m.lp.items()}
    assert mirrored.at_zero == {MIRROR[t] for t in m.at_zero}


@pytest.mark.parametrize("name", ["cards-ring-link-2-then-sparks", "cards-ring-last-damage",
                                  "cards-dian-keto-after-zero"])
def test_the_new_scenarios_come_in_english_and_japanese_and_agree(name):
    paths = {p.stem: p for p in builtin_scenarios()}
    en, ja = run_scenario(load_scenario(paths[name])), run_scenario(load_scenario(paths[f"{name}-ja"]))
    assert en.passed and ja.passed
    assert en.outcome["out"] == ja.outcome["out"] and en.outcome["lp"] == ja.outcome["lp"]
