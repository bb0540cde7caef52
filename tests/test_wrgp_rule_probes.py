"""Six rules played as small scenarios (one-player chains, owners' piles, Spell Speeds, Counter Cleaner,
``drawn`` on turn 1, reachable setups): each a small scenario whose expectations come from the rules reference (WRGP-*, STD-*, the named Readings), not from the engine.

Each scenario is played through the scenario runner (as ``rulings run --json`` does); one of an unreachable
setup must be refused at its ``at:`` line (exit 2). The scenarios mirror the teams, let B go first, and vary
what worked examples fix: chain lengths and mixes, where a taken card goes, spell speeds in every
order, Counter Cleaner in every phase, ``drawn`` on turn 1, reachable moments."""

import itertools

import pytest

from rulings_lib.errors import ScenarioError
from rulings_lib.scenario import run_scenario, scenario_from_text


def scenario_text(setup: str, steps: str, expect: str) -> str:
    return f"format: wrgp\nsetup:\n{setup}\nsteps:\n{steps}\nexpect:\n{expect}\n"


def at(first: str, turn: int, player: str, phase: str = "main1", extra: str = "") -> str:
    return f"  first: {first}\n  at: {{turn: {turn}, player: {player}, phase: {phase}{extra}}}"


def run(text: str):
    result = run_scenario(scenario_from_text(text, "rule.yaml"))
    assert result.passed, [(c.key, c.expected, c.actual) for c in result.failures]
    return result.outcome


def other(t: str) -> str:
    return "B" if t == "A" else "A"


# A turn of team ``t`` with both 1st duelists in, when ``first`` goes first: turn 3 or 4.
def own_turn(first: str, t: str) -> int:
    return 3 if t == first else 4


# ------------------------------------------------------------ 1. one-player chains (reading one-player-chain-is-d1)
# (links as (to, amount) of the builder, both LP) -> who survives at 0: "builder", "loser-only" (only one at 0)
ONE_PLAYER_CHAINS = [
    # the last hit lands on the chain's own controller
    ("self-then-opp", [("self", 1000), ("opponent", 1000)], 1000, "builder"),
    # the last hit lands on the opponent
    ("opp-then-self", [("opponent", 1000), ("self", 1000)], 1000, "builder"),
    # one link to both: WRGP-D1 (reading one-card-both-is-d1)
    ("one-link-both", [("both", 1000)], 1000, "builder"),
    # three links, a gain in between that does not save anybody
    ("three-mixed", [("both", 1000), ("gain-opponent", 200), ("opponent", 200)], 1000, "builder"),
    # a gain that saves the opponent: only the builder is at 0
    ("gain-saves-opponent", [("both", 1000), ("gain-opponent", 500)], 1000, "builder-only-at-0"),
    # a gain that saves the builder: only the opponent is at 0
    ("gain-saves-builder", [("both", 1000), ("gain-self", 500)], 1000, "opponent-only-at-0"),
    # five links, both reached 0 early, the last resolving link (link 1) hits only the builder again
    ("five-links", [("self", 100), ("opponent", 400), ("self", 400), ("both", 300), ("opponent", 300)], 800,
     "builder"),
]


def link_yaml(by: str, to: str, amount: int) -> str:
    if to.startswith("gain-"):
        return f"      - {{by: {by}, gain: {{to: {to[5:]}, amount: {amount}}}}}"
    return f"      - {{by: {by}, damage: {{to: {to}, amount: {amount}}}}}"


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("builder", "AB")
@pytest.mark.parametrize("in_turn_of", ["builder", "opponent"])
@pytest.mark.parametrize("name, links, lp, result", ONE_PLAYER_CHAINS, ids=[c[0] for c in ONE_PLAYER_CHAINS])
def test_one_player_chain(first, builder, in_turn_of, name, links, lp, result):
    foe = other(builder)
    player = builder if in_turn_of == "builder" else foe
    steps = "  - chain:\n" + "\n".join(link_yaml(builder, to, n) for to, n in links) + "\n  - end_turn: {}"
    setup = at(first, own_turn(first, player), player, extra=f", lp: {{A: {lp}, B: {lp}}}")
    turn = own_turn(first, player) + 1
    if result == "builder":
        # WRGP-D1: the builder's duelist is treated as the winner, stays in at 0 LP; the other hands over and
        # the duel resumes with the other team (WRGP-F2).
        expect = (f"  out: [{foe}1]\n  at_zero: ['{builder}1']\n  duelist: {{{foe}: 2, {builder}: 1}}\n"
                  f"  turn: {{number: {turn}, player: {foe}, phase: draw}}\n  rejected: []")
    else:
        loser = builder if result == "builder-only-at-0" else foe
        expect = (f"  out: [{loser}1]\n  at_zero: []\n  duelist: {{{loser}: 2, {other(loser)}: 1}}\n"
                  f"  turn: {{number: {turn}, player: {loser}, phase: draw}}\n  rejected: []")
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("opener", "AB")
def test_a_chain_with_a_link_of_each_player_is_still_wrgp_d2(first, opener):
    """Sparks/Chain Strike, mirrored: the side damaged last loses (WRGP-D2), the other stays in at 0."""
    answer = other(opener)
    setup = at(first, own_turn(first, opener), opener, extra=", lp: {A: 200, B: 200}")
    steps = (f"  - chain:\n      - {{by: {opener}, card: Sparks, damage: {{to: opponent, amount: 200}}}}\n"
             f"      - {{by: {answer}, card: Chain Strike, damage: {{to: opponent, per_link: 400}}}}\n"
             f"  - end_turn: {{}}")
    turn = own_turn(first, opener) + 1
    expect = (f"  out: [{answer}1]\n  at_zero: ['{opener}1']\n"
              f"  turn: {{number: {turn}, player: {answer}, phase: draw}}\n  rejected: []")
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("survivor", "AB")
def test_one_player_chain_against_a_survivor_at_zero_is_d1_again(survivor):
    """The survivor of an earlier draw is at 0; the other team alone chains a hit on the survivor and a hit on
    itself that brings it to 0: a one-player chain, so its builder is treated as the winner (WRGP-D1)."""
    builder = other(survivor)
    # the builder's 1st lost the earlier draw in turn 2; turn 3 is the builder's (WRGP-F2)
    setup = f"  at: {{turn: 3, player: {builder}, phase: main1, duelist: {{{builder}: 2}}, at_zero: [{survivor}], " \
            f"lp: {{{survivor}: 0, {builder}: 500}}}}"
    first = builder     # turn 2 was the survivor's: the builder went first
    steps = (f"  - chain:\n      - {{by: {builder}, damage: {{to: opponent, amount: 100}}}}\n"
             f"      - {{by: {builder}, damage: {{to: self, amount: 500}}}}")
    expect = f"  out: [{survivor}1]\n  at_zero: ['{builder}2']\n  rejected: []"
    run(scenario_text(f"  first: {first}\n" + setup, steps, expect))


# ------------------------------------------------------------ 2. a card goes to its owner's pile (STD-CARDS, WRGP-H5)
MOVES = [("destroy", "gy", None), ("gy", "gy", None), ("banished", "banished", None),
         ("extra_face_up", "extra", None), ("hand", "hand", None), ("deck", "deck", None),
         ("extra", "extra", False)]


# Only an Extra Deck monster goes face-down to the Extra Deck, only a Pendulum Monster face-up (STD-CARDS, issue
# 32 #7): the card moved there is one of that kind; elsewhere a Main Deck monster (a Tuner Monster).
CARD_FOR = {"extra_face_up": "Stargazer Magician", "extra": "Stardust Dragon"}


def leave(card: str, how: str, by: str) -> str:
    if how == "destroy":
        return f"  - destroy: {{by: {by}, card: {card}}}"
    return f"  - move: {{card: {card}, to: {how}, by: {by}}}"


def card_expect(card: str, zone: str, player: str, owner: str, face_up, how: str = "", by: str = "") -> str:
    fu = ", face_up: false" if face_up is False else ""
    # a destroyed card records by whom and with what (destroyed_by, destroyed_with: the outcome's extra keys)
    gone = f", destroyed_by: {by}, destroyed_with: effect" if how == "destroy" else ""
    return f"    {card}: {{zone: {zone}, player: {player}, owner: {owner}{fu}{gone}}}"


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("owner", "AB")
@pytest.mark.parametrize("how, zone, face_up", MOVES, ids=[m[0] for m in MOVES])
def test_a_taken_card_goes_to_its_owners_pile(first, owner, how, zone, face_up):
    taker = other(owner)
    card = CARD_FOR.get(how, "Junk Synchron")
    setup = at(first, own_turn(first, taker), taker) + f"\n  cards:\n    - {{card: {card}, by: {owner}, zone: monster}}"
    steps = f"  - take_control: {{by: {taker}, card: {card}}}\n" + leave(card, how, taker)
    expect = ("  cards:\n" + card_expect(card, zone, f"{owner}1", f"{owner}1", face_up, how, f"{taker}1")
              + "\n  rejected: []")
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("owner", "AB")
@pytest.mark.parametrize("how, zone, face_up", MOVES, ids=[m[0] for m in MOVES])
def test_a_taken_card_goes_to_its_owners_pile_after_the_owner_lost(owner, how, zone, face_up):
    """The owner's 1st loses while the card is taken; the owner's 2nd destroys or moves it: still the 1st's
    pile (STD-CARDS: the card was not on the losing duelist's field, so it was not handed over, WRGP-H4)."""
    taker = other(owner)
    card = CARD_FOR.get(how, "Junk Synchron")
    setup = at(owner, 3, owner)
    setup += f"\n  cards:\n    - {{card: {card}, by: {owner}, zone: monster}}"
    steps = (f"  - take_control: {{by: {taker}, card: {card}}}\n  - damage: {{by: {owner}, to: self, amount: 8000}}\n"
             f"  - end_turn: {{}}\n  - phase: main1\n" + leave(card, how, owner))
    expect = ("  cards:\n" + card_expect(card, zone, f"{owner}1", f"{owner}1", face_up, how, f"{owner}2")
              + f"\n  duelist: {{{owner}: 2, {taker}: 1}}\n  rejected: []")
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("owner", "AB")
@pytest.mark.parametrize("how, zone, face_up", MOVES, ids=[m[0] for m in MOVES])
def test_a_taken_card_handed_over_by_its_taker(owner, how, zone, face_up):
    """The taker's 1st loses with the card on their field: it is handed over to the taker's 2nd (WRGP-H4) and
    has become theirs for the Graveyard, banishment and face-up Extra Deck (WRGP-H5); to the hand, the Deck or
    face-down to the Extra Deck it goes to the duelist who brought it (WRGP-H6, reading owner-is-who-brought-it).
    A Pendulum Monster sent from the field to the Graveyard goes face-up to the taker's 2nd's Extra Deck instead
    (WRGP-H5); only an Extra Deck monster goes face-down to the Extra Deck (Stardust Dragon)."""
    taker = other(owner)
    card = "Stardust Dragon" if how == "extra" else "Stargazer Magician"
    setup = at(taker, 3, taker) + f"\n  cards:\n    - {{card: {card}, by: {owner}, zone: monster}}"
    steps = (f"  - take_control: {{by: {taker}, card: {card}}}\n"
             f"  - damage: {{by: {taker}, to: self, amount: 8000}}\n  - end_turn: {{}}\n  - phase: main1\n"
             + leave(card, how, taker))
    if zone == "gy":
        zone = "extra"      # WRGP-H5: the Pendulum Monster's face-up Extra Deck instead of the Graveyard
    to = f"{taker}2" if zone in ("gy", "banished") or how in ("extra_face_up", "gy", "destroy") else f"{owner}1"
    expect = ("  cards:\n" + card_expect(card, zone, to, f"{owner}1", face_up, how, f"{taker}2")
              + "\n  rejected: []")
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("owner", "AB")
def test_a_card_taken_twice(owner):
    """Taken and taken back: a card never handed over goes to its owner's Graveyard; taken back and then handed
    over with the owner's field, it goes to the next duelist's (WRGP-H5)."""
    taker = other(owner)
    setup = at(owner, 3, owner) + (f"\n  cards:\n    - {{card: Junk Synchron, by: {owner}, zone: monster}}"
                                    f"\n    - {{card: Effect Veiler, by: {owner}, zone: monster, kind: Tuner Monster}}")
    steps = (f"  - take_control: {{by: {taker}, card: Junk Synchron}}\n  - take_control: {{by: {owner}, card: Junk Synchron}}\n"
             f"  - take_control: {{by: {taker}, card: Effect Veiler}}\n  - take_control: {{by: {owner}, card: Effect Veiler}}\n"
             f"  - destroy: {{by: {taker}, card: Junk Synchron}}\n"
             f"  - damage: {{by: {owner}, to: self, amount: 8000}}\n  - end_turn: {{}}\n  - phase: main1\n"
             f"  - destroy: {{by: {taker}, card: Effect Veiler}}")
    expect = ("  cards:\n" + card_expect("Junk Synchron", "gy", f"{owner}1", f"{owner}1", None, "destroy", f"{taker}1") + "\n"
              + card_expect("Effect Veiler", "gy", f"{owner}2", f"{owner}1", None, "destroy", f"{taker}1").replace(
                  "}", ", kind: Tuner Monster}") + "\n  rejected: []")
    run(scenario_text(setup, steps, expect))


# ------------------------------------------------------------ 3. spell speeds (STD-TIMING)
def speeds_legal(speeds) -> bool:
    return all(s >= max(2, prev) for prev, s in itertools.pairwise(speeds))


SPEED_ORDERS = [p for n in (1, 2, 3) for p in itertools.product((1, 2, 3), repeat=n)]


@pytest.mark.parametrize("speeds", SPEED_ORDERS, ids=lambda s: "-".join(map(str, s)))
@pytest.mark.parametrize("first", "AB")
def test_spell_speeds_in_every_order(speeds, first):
    """Links alternate between the players, the turn player opening in their own Main Phase; a link after the
    first needs Spell Speed >= 2 and >= the link it answers, else the whole chain is refused, nothing changes."""
    player = first
    links = []
    for n, s in enumerate(speeds):
        by = player if n % 2 == 0 else other(player)
        links.append(f"      - {{by: {by}, speed: {s}, damage: {{to: opponent, amount: 100}}}}")
    setup = at(first, 3, player)
    steps = "  - chain:\n" + "\n".join(links)
    if speeds_legal(speeds):
        hit = {t: 8000 - 100 * sum(1 for n in range(len(speeds)) if (n % 2 == 0) != (t == player)) for t in "AB"}
        expect = f"  lp: {{A: {hit['A']}, B: {hit['B']}}}\n  rejected: []"
    else:
        expect = "  lp: {A: 8000, B: 8000}\n  rejected: [{step: 1, rule: STD-TIMING}]"
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("first", "AB")
def test_counter_trap_answers_counter_trap_and_nothing_slower(first):
    foe = other(first)
    setup = at(first, 3, first)
    steps = (f"  - chain:\n      - {{by: {first}, card: Made-up Counter Trap, speed: 3}}\n      - {{by: {foe}, card: 作り話のカウンター罠, speed: 3}}\n"
             f"      - {{by: {first}, card: Made-up Counter Trap, speed: 3, damage: {{to: opponent, amount: 100}}}}\n"
             f"  - chain:\n      - {{by: {first}, card: Made-up Counter Trap, speed: 3}}\n      - {{by: {foe}, card: Sparks, damage: {{to: opponent, amount: 200}}}}\n"
             f"  - chain:\n      - {{by: {first}, card: Sparks}}\n      - {{by: {foe}, kind: spell_speed_3}}\n"
             f"      - {{by: {first}, kind: trigger_effect, damage: {{to: opponent, amount: 100}}}}")
    expect = f"  lp: {{{first}: 8000, {foe}: 7900}}\n  rejected: [{{step: 2, rule: STD-TIMING}}, {{step: 3, rule: STD-TIMING}}]"
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("phase", ["draw", "standby", "main1", "battle", "main2", "end"])
def test_quick_play_in_the_opponents_turn_and_spell_speed_1_only_in_ones_own_main_phase(first, phase):
    foe = other(first)
    setup = at(first, 3, first, phase)
    steps = (f"  - chain:\n      - {{by: {foe}, speed: 2, damage: {{to: opponent, amount: 100}}}}\n"
             f"  - chain:\n      - {{by: {foe}, speed: 1, damage: {{to: opponent, amount: 100}}}}\n"
             f"  - chain:\n      - {{by: {first}, card: Made-up Burn Spell, speed: 1, damage: {{to: opponent, amount: 100}}}}")
    own_main = phase in ("main1", "main2")
    rejected = ["{step: 2, rule: STD-TIMING}"] + ([] if own_main else ["{step: 3, rule: STD-TIMING}"])
    expect = (f"  lp: {{{first}: 7900, {foe}: {7900 if own_main else 8000}}}\n"
              f"  rejected: [{', '.join(rejected)}]")
    run(scenario_text(setup, steps, expect))


@pytest.mark.parametrize("first", "AB")
def test_trigger_effects_start_a_chain_together_but_never_answer_a_link(first):
    foe = other(first)
    setup = at(first, 4, foe, "battle")
    steps = (f"  - chain:\n      - {{by: {first}, kind: trigger_effect, damage: {{to: opponent, amount: 100}}}}\n"
             f"      - {{by: {foe}, kind: trigger_effect, damage: {{to: opponent, amount: 100}}}}\n"
             f"      - {{by: {first}, speed: 2, damage: {{to: opponent, amount: 100}}}}\n"
             f"  - chain:\n      - {{by: {first}, speed: 2}}\n      - {{by: {foe}, kind: trigger_effect}}")
    expect = f"  lp: {{{first}: 7900, {foe}: 7800}}\n  rejected: [{{step: 2, rule: STD-TIMING}}]"
    run(scenario_text(setup, steps, expect))


# ------------------------------------------------------------ 4. Counter Cleaner (WRGP-SW8, STD-TIMING, WRGP-H2)
@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("whose", ["own", "opponent"])
@pytest.mark.parametrize("phase", ["draw", "standby", "main1", "battle", "main2", "end"])
def test_counter_cleaner_in_each_phase(first, whose, phase):
    player = first
    by = player if whose == "own" else other(player)
    setup = at(first, 5, player, phase, ", spc: {A: 8, B: 6}")
    ok = whose == "own" and phase in ("main1", "main2")
    expect = ("  spc: {A: 0, B: 0}\n  rejected: []" if ok else
              "  spc: {A: 8, B: 6}\n  rejected: [{step: 1, rule: STD-TIMING}]")
    run(scenario_text(setup, f"  - counter_cleaner: {{by: {by}}}", expect))


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("loser", ["turn player", "opponent"])
@pytest.mark.parametrize("by", ["turn player", "opponent"])
def test_counter_cleaner_never_in_the_run_on(first, loser, by):
    player = first
    lose = player if loser == "turn player" else other(player)
    user = player if by == "turn player" else other(player)
    setup = at(first, 5, player, "main1", ", spc: {A: 8, B: 6}")
    steps = f"  - lose: {lose}\n  - counter_cleaner: {{by: {user}}}\n  - phase: main2\n  - counter_cleaner: {{by: {user}}}"
    expect = "  rejected: [{step: 2, rule: WRGP-H2}, {step: 4, rule: WRGP-H2}]"
    out = run(scenario_text(setup, steps, expect))
    assert out["spc"][lose] > 0 and out["spc"][other(lose)] == {"A": 8, "B": 6}[other(lose)]


def test_counter_cleaner_on_turn_1_and_as_a_chain_link():
    # turn 1, B first: B's own Main Phase 1 (no counters yet: it still resolves); as link 2 it is refused
    setup = at("B", 1, "B", "main1")
    steps = ("  - counter_cleaner: {by: B}\n  - chain:\n      - {by: A, card: Sparks}\n"
             "      - {by: B, card: Counter Cleaner}\n  - counter_cleaner: {by: A}")
    run(scenario_text(setup, steps, "  rejected: [{step: 2, rule: STD-TIMING}, {step: 3, rule: STD-TIMING}]"))


# ------------------------------------------------------------ 5. drawn (WRGP-F5, WRGP-F3, WRGP-H9)
@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("to", ["standby", "main1", "end"])
def test_no_draw_on_turn_1_for_either_first_team(first, to):
    steps = f"  - phase: {to}"
    out = run(scenario_text(f"  first: {first}", steps, f"  drawn: false\n  turn: {{number: 1, player: {first}, phase: {to}}}"))
    assert not any(e["rule"] == "WRGP-F3" for e in out["events"])


@pytest.mark.parametrize("first", "AB")
def test_the_second_turn_draws_and_a_loss_on_turn_1_does_not_make_one(first):
    foe = other(first)
    run(scenario_text(f"  first: {first}", "  - end_turn: {}\n  - phase: standby",
              f"  drawn: true\n  turn: {{number: 2, player: {foe}, phase: standby}}"))
    # a loss in turn 1's Draw Phase: the run-on still has no draw (WRGP-F5 before WRGP-H2's mandatory draw)
    run(scenario_text(f"  first: {first}", f"  - lose: {first}\n  - phase: end", "  drawn: false\n  rejected: []"))


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("turn", [2, 3, 4])
def test_drawn_after_a_baton_touch(first, turn):
    player = first if turn % 2 else other(first)
    setup = at(first, turn, player, "draw")
    steps = f"  - baton_touch: {player}\n  - phase: main1"
    out = run(scenario_text(setup, steps, f"  drawn: true\n  duelist: {{{player}: 2, {other(player)}: 1}}\n  rejected: []"))
    # the incoming duelist continues the turn from the draw (WRGP-H9), not a resumed turn (WRGP-F3)
    assert [e["rule"] for e in out["events"] if e["code"] == "wrgp.event.normal_draw"] == ["WRGP-H9"]


def test_no_baton_touch_on_turn_1_whoever_goes_first():
    for first in "AB":
        run(scenario_text(f"  first: {first}", f"  - baton_touch: {first}\n  - phase: main1",
                  "  drawn: false\n  rejected: [{step: 1, rule: WRGP-H9}]"))


# ------------------------------------------------------------ 6. reachable setups
UNREACHABLE = [
    # counters: 2 a Standby Phase, at most 4 a loss (WRGP-SW3/SW4)
    ("B", "{turn: 2, player: A, spc: {A: 12, B: 12}}"),
    ("B", "{turn: 3, player: B, spc: {A: 8}}"),
    ("A", "{turn: 1, phase: end, spc: {B: 4}}"),
    ("B", "{turn: 1, phase: main1, spc: {A: 2, B: 4}}"),
    ("B", "{turn: 2, player: B, duelist: {B: 2}, spc: {A: 6}}"),
    ("A", "{turn: 2, player: A, duelist: {A: 2}, spc: {A: 9}}"),
    # turn order after losses (WRGP-F2)
    ("B", "{turn: 2, player: A, duelist: {B: 2}}"),
    ("A", "{turn: 2, player: B, duelist: {A: 2}}"),
    ("B", "{turn: 2, player: B}"),
    ("A", "{turn: 3, player: B}"),
    ("B", "{turn: 3, player: A}"),
    ("A", "{turn: 1, player: B}"),
    ("B", "{turn: 1, player: A}"),
    # positions: one loss a team a turn, no baton touch on turn 1 (WRGP-F1, WRGP-H9)
    ("A", "{turn: 1, duelist: {A: 2}}"),
    ("B", "{turn: 1, phase: end, duelist: {B: 2}}"),
    ("A", "{turn: 2, player: B, duelist: {A: 3}}"),
    ("B", "{turn: 2, player: B, duelist: {A: 3, B: 2}}"),
    # LP at the very start of turn 1 (WRGP-F10), and 0 without a draw survivor
    ("B", "{turn: 1, lp: {B: 7999}}"),
    ("A", "{turn: 1, lp: {A: 9000}}"),
    ("B", "{turn: 3, player: B, lp: {A: 0}}"),
    # a draw survivor needs an opponent who lost (WRGP-D1)
    ("A", "{turn: 1, phase: main1, at_zero: [A]}"),
    ("A", "{turn: 3, player: A, lp: {B: 0}, at_zero: [B]}"),
    ("B", "{turn: 3, player: A, duelist: {A: 2, B: 2}, lp: {A: 0, B: 0}, at_zero: [A, B]}"),
]


@pytest.mark.parametrize("first, moment", UNREACHABLE)
def test_an_unreachable_moment_is_refused_at_its_at_line(first, moment):
    text = f"format: wrgp\nsetup:\n  at: {moment}\n  first: {first}\n"
    with pytest.raises(ScenarioError) as exc:
        scenario_from_text(text, "rule.yaml")
    assert exc.value.line == 3


LINEUP_UNREACHABLE = [
    (1, "{turn: 3, player: A, duelist: {A: 2}}"),
    (2, "{turn: 3, player: A, duelist: {A: 3}}"),
    (4, "{turn: 1, phase: end, duelist: {A: 2}}"),
    (5, "{turn: 2, player: B, duelist: {A: 3}}"),      # no A loss in turn 1 (B plays turn 2), no A turn since
    (5, "{turn: 5, player: A, duelist: {A: 6}}"),
]


@pytest.mark.parametrize("lineup, moment", LINEUP_UNREACHABLE)
def test_an_unreachable_moment_for_each_lineup_size(lineup, moment):
    text = f"format: wrgp\nsetup:\n  at: {moment}\n  lineup: {lineup}\n"
    with pytest.raises(ScenarioError) as exc:
        scenario_from_text(text, "rule.yaml")
    assert exc.value.line == 3


REACHABLE = [
    (3, "B", "{turn: 2, player: B, phase: main1, duelist: {B: 2}, spc: {A: 4, B: 8}}"),   # B1 lost in turn 1
    (3, "B", "{turn: 2, player: A, phase: draw, spc: {A: 2, B: 2}}"),
    (3, "A", "{turn: 1, phase: standby, spc: {A: 2, B: 2}}"),
    (3, "B", "{turn: 1, phase: main1, lp: {A: 7000, B: 8500}}"),           # after turn 1's draw phase
    (3, "B", "{turn: 3, player: A, duelist: {A: 2, B: 2}}"),                 # B1 lost turn 1, A1 lost turn 2
    (3, "A", "{turn: 3, player: A, duelist: {A: 2}}"),                      # A2 swapped in by baton touch
    (5, "A", "{turn: 5, player: A, duelist: {A: 5}}"),
    (1, "B", "{turn: 10, player: A, phase: main1, spc: {A: 11, B: 12}}"),
    (3, "B", "{turn: 3, player: B, duelist: {A: 3, B: 3}}"),               # both lost in turns 1 and 2 (WRGP-D3)
    (4, "A", "{turn: 3, player: A, duelist: {A: 4}}"),                      # two losses, then a baton touch
    (2, "A", "{turn: 2, player: A, phase: draw, duelist: {A: 2}, lp: {B: 100}}"),
    (3, "B", "{turn: 3, player: B, duelist: {A: 2}, at_zero: [B], lp: {B: 0}}"),
]


@pytest.mark.parametrize("lineup, first, moment", REACHABLE)
def test_a_reachable_moment_is_accepted(lineup, first, moment):
    run(f"format: wrgp\nsetup:\n  lineup: {lineup}\n  first: {first}\n  at: {moment}\n")
