"""Phase diagrams: what they show is what the engines' tables say.

Rendering (SVG, determinism, the no-Graphviz fallback, the command) is in test_diagrams_render.py.
"""

from __future__ import annotations

import re
from argparse import Namespace
from dataclasses import dataclass
from pathlib import Path

import pytest

from rulings_lib.diagrams import (
    all_diagrams,
    example_scenario,
    scenario_path,
    tag_next_turn,
    tag_turn,
    trace,
    wrgp_handover,
    wrgp_relay,
    wrgp_turn,
)
from rulings_lib.diagrams import path as P
from rulings_lib.diagrams import wrgp as W
from rulings_lib.diagrams.cli import cli_diagrams, stale_sources
from rulings_lib.diagrams.tag import DECIDE, circled, order_text, phase_node, result_node
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.tag import tables as TT
from rulings_lib.wrgp import tables as T
from rulings_lib.wrgp.engine import WrgpMatch

ROOT = Path(__file__).resolve().parents[1]
POWER_BOND = ROOT / "rulings_lib" / "scenarios" / "wrgp" / "power-bond-handover.yaml"


def _plain(source: str) -> str:
    """DOT source with the label line breaks undone, to look for a table's text in it."""
    return re.sub(r"<BR[^>]*/>", " ", source)


def _rules(d) -> set[str]:
    return {r for n in d.nodes.values() for r in n.rules} | {r for e in d.edges for r in e.rules}


def _edges(d, tail, head):
    return [e for e in d.edges if e.tail == tail and e.head == head]


# ------------------------------------------------------------------------------ WRGP turn
def test_every_wrgp_phase_appears_in_the_turn_with_its_rules_and_note():
    d = wrgp_turn()
    for phase in T.PHASES:
        node = d.nodes[W.turn_node(phase.key)]
        assert node.title.startswith(phase.name)
        assert node.rules == phase.rules
        assert node.rows[0].text == phase.note
        assert node.tooltip == phase.japanese
        assert phase.name in _plain(d.source)


def test_the_turn_goes_through_the_phases_in_table_order():
    d = wrgp_turn()
    nodes = [W.DRAW_AFTER if k == "draw" else W.turn_node(k) for k in T.PHASE_KEYS]
    for a, b in zip(nodes, nodes[1:], strict=False):
        assert _edges(d, a, b), f"no edge {a} -> {b}"
    assert _edges(d, W.DRAW_BEFORE, W.DRAW_AFTER)
    # The next turn starts over at the Draw Phase.
    assert [e.rules for e in _edges(d, W.turn_node("end"), W.DRAW_BEFORE)] == [("STD-TURN",)]


def test_the_first_turn_exception_is_the_engines():
    skipped = W.first_turn_skips()
    assert skipped == ("battle", "main2")
    m = WrgpMatch()
    assert not m.is_legal("phase", "battle") and not m.is_legal("phase", "main2")
    d = wrgp_turn()
    f5 = [e for e in d.edges if e.rules == ("WRGP-F5",)]
    assert {(e.tail, e.head) for e in f5} == {(W.DRAW_BEFORE, W.DRAW_AFTER), ("t_main1", "t_end")}
    assert "no Battle Phase and Main Phase 2" in next(e.label for e in f5 if e.tail == "t_main1")


def test_speed_world_is_reached_exactly_from_the_phases_whose_rules_say_so():
    d = wrgp_turn()
    sources = {e.tail for e in d.edges if e.head == W.SPEED_WORLD}
    assert sources == {W.turn_node(p.key) for p in T.PHASES if "WRGP-SW5" in p.rules} == {"t_main1", "t_main2"}
    costs = [r.key for r in d.nodes[W.SPEED_WORLD].rows if r.key]
    assert costs == [str(c) for c in sorted(T.SPEED_WORLD_EFFECTS)]
    for cost, eff in T.SPEED_WORLD_EFFECTS.items():
        assert f"{cost} SPC: {eff.text}" in d.nodes[W.SPEED_WORLD].text


def test_turn_diagram_names_baton_touch_and_the_handover():
    d = wrgp_turn()
    assert {"WRGP-H9", "WRGP-F5", "WRGP-F3", "WRGP-SW3", "WRGP-SW5", "WRGP-F1", "STD-TURN"} <= _rules(d)
    assert _edges(d, W.DRAW_BEFORE, W.BATON)


# ------------------------------------------------------------------------------ WRGP handover
def test_handover_allowed_and_forbidden_labels_equal_the_table():
    d = wrgp_handover()
    may = [(r.key, r.text, r.tone) for r in d.nodes[W.MAY].rows]
    may_not = [(r.key, r.text, r.tone) for r in d.nodes[W.MAY_NOT].rows]
    assert may == [(k, T.ACTION_LABELS[k], "allowed") for k, ok in T.HANDOVER_ALLOWED.items() if ok]
    assert may_not == [(k, T.ACTION_LABELS[k], "forbidden") for k, ok in T.HANDOVER_ALLOWED.items() if not ok]
    assert {k for k, _, _ in may + may_not} == set(T.HANDOVER_ALLOWED)
    for label in T.ACTION_LABELS.values():
        assert label in _plain(d.source)
    assert d.nodes[W.MAY].rules == d.nodes[W.MAY_NOT].rules == ("WRGP-H2",)


def test_the_run_on_passes_every_phase_and_ends_in_the_swap():
    d = wrgp_handover()
    chain = [W.runon_node(k) for k in T.PHASE_KEYS]
    for a, b in zip(chain, chain[1:], strict=False):
        assert _edges(d, a, b)
        assert d.in_cluster(a, W.RUNON)
    assert _edges(d, chain[-1], W.SWAP)
    assert _edges(d, W.SWAP, W.NEXT)
    # What is forbidden during the run-on is marked on the phases where it would otherwise happen.
    assert [r.key for r in d.nodes["run_battle"].rows if r.key] == ["attack"]
    assert [r.key for r in d.nodes["run_main1"].rows if r.key] == ["speed_world"]


def test_handover_covers_its_rule_ids():
    d = wrgp_handover()
    wanted = {f"WRGP-H{i}" for i in range(1, 9)} | {"WRGP-D1", "WRGP-D2", "WRGP-D3", "WRGP-SW4",
                                                 "WRGP-F1", "WRGP-F2", "WRGP-F3", "WRGP-F4"}
    assert wanted <= _rules(d)
    # The branches: last duelist ends the match, a loss in battle interrupts it, a second loss counts.
    assert [e.rules for e in _edges(d, W.SPC, W.MATCH_END)] == [("WRGP-F4",)]
    assert [e.rules for e in _edges(d, W.SPC, W.INTERRUPTED)] == [("WRGP-H3",)]
    assert [e.rules for e in _edges(d, W.SPC, W.SECOND_LOSS)] == [("WRGP-D3",)]
    back = _edges(d, W.runon_node("end"), W.COND)
    assert back and back[0].rules == ("WRGP-D3",) and back[0].ltail == W.RUNON


def test_handover_swap_lists_the_zones_of_the_table():
    rows = {r.key: r for r in wrgp_handover().nodes[W.SWAP].rows if r.key}
    for zone in T.FIELD_ZONES:
        assert W.ZONE_LABELS[zone] in rows["handed_over"].text
    for zone in T.PRIVATE_ZONES:
        assert W.ZONE_LABELS[zone] in rows["not_handed_over"].text
    assert rows["handed_over"].tone == "allowed" and rows["not_handed_over"].tone == "forbidden"
    for dest in T.DESTINATIONS_TO_HOLDER:
        assert W.DESTINATION_LABELS[dest] in rows["to_holder"].text
    for dest in T.DESTINATIONS_TO_OWNER:
        assert W.DESTINATION_LABELS[dest] in rows["to_owner"].text
    spc = wrgp_handover().nodes[W.SPC].rows[0].text
    assert f"{T.LOSS_SPC} SPC, {T.LOSS_SPC_BONUS} more" in spc and f"max {T.SPC_MAX}" in spc


# ------------------------------------------------------------------------------ tag battle
def test_tag_seat_orders_equal_the_tables():
    d = tag_turn()
    for phase in TT.PHASES:
        node = d.nodes[phase_node(phase.key)]
        order = next(r for r in node.rows if r.key == "order")
        assert order.text == f"Order: {order_text(phase.order)}"
        assert order_text(phase.order) == " \u2192 ".join(phase.order)
        assert order.text in _plain(d.source)
        assert node.rules == (phase.rule,)


def test_tag_steps_are_numbered_as_in_the_tables():
    d = tag_turn()
    for phase in TT.PHASES:
        rows = {r.key: r.text for r in d.nodes[phase_node(phase.key)].rows}
        for step in phase.steps:
            assert rows[f"step-{step.number}"] == f"{circled(step.number)} {step.text}"
    assert circled(1) == "\u2460" and circled(4) == "\u2463"
    keys = [phase_node(p.key) for p in TT.PHASES]
    for a, b in zip(keys, keys[1:], strict=False):
        assert _edges(d, a, b)
    assert _edges(d, keys[-1], DECIDE)


def test_tag_next_turn_decision_equals_the_table():
    for d in (tag_turn(), tag_next_turn()):
        rows = d.nodes[DECIDE].rows
        assert [r.key for r in rows] == [f"{r.rule}#{i}" for i, r in enumerate(TT.NEXT_TURN)]
        for row, rule in zip(rows, TT.NEXT_TURN, strict=True):
            assert row.text.startswith(f"{rule.rule}: {rule.condition}")
        for result in {r.result for r in TT.NEXT_TURN}:
            (edge,) = _edges(d, DECIDE, result_node(result))
            assert edge.rules == tuple(dict.fromkeys(r.rule for r in TT.NEXT_TURN if r.result == result))
        assert {f"TAG-N{i}" for i in range(1, 6)} <= _rules(d)


@dataclass(frozen=True)
class _Step:
    number: int
    text: str
    japanese: str = ""


@dataclass(frozen=True)
class _Phase:
    key: str
    name: str
    japanese: str
    rule: str
    order: tuple
    order_note: str
    steps: tuple


@dataclass(frozen=True)
class _Next:
    rule: str
    condition: str
    result: str


class _StandIn:
    """The interface the tag diagrams were written against, before the tag engine existed."""

    PHASES = (
        _Phase("one", "Phase one", "", "X-P1", ("second-B", "first-A"), "", (_Step(1, "do it"),)),
        _Phase("two", "Phase two", "", "X-P2", ("first-A", "first-B"), "note", (_Step(1, "a"), _Step(2, "b"))),
    )
    NEXT_TURN = (_Next("X-N1", "won", "winner-first"), _Next("X-N2", "drew", "swap"), _Next("X-N3", "?", "other"))


def test_tag_diagrams_follow_whatever_tables_they_are_given():
    d = tag_turn(_StandIn)
    assert d.nodes["p_one"].rows[0].text == "Order: second-B \u2192 first-A"
    assert d.nodes["p_two"].rows[1].text == "note"
    assert set(d.nodes) == {"p_one", "p_two", DECIDE, "n_winner_first", "n_swap", "n_other"}
    assert d.nodes["n_other"].title == "other"      # an unknown result is shown as it is
    assert len(tag_next_turn(_StandIn).nodes) == 4


# ------------------------------------------------------------------------------ a scenario's path
POWER_BOND_PATH = [
    ("t_main1", 0), ("t_battle", 2),
    (W.COND, 3), (W.LOSS, 3), (W.SPC, 3), (W.INTERRUPTED, 3), ("run_battle", 3),
    ("run_main2", 4),
    ("run_end", 6), (W.COND, 6), (W.LOSS, 6), (W.SPC, 6), (W.SECOND_LOSS, 6), ("run_end", 6),
    (W.SWAP, 6), (W.NEXT, 6), (W.DRAW_BEFORE, 6),
]


def test_power_bond_path_follows_the_events():
    t = trace(POWER_BOND)
    assert [(v.node, v.step) for v in t.visits if not v.side] == POWER_BOND_PATH
    assert t.here == W.DRAW_BEFORE
    assert t.where == "turn 4, team A's turn (A2), Draw Phase, before the draw"
    assert [r["rule"] for r in t.rejected] == ["WRGP-H2"]


def test_power_bond_path_highlights_the_right_nodes_and_edges():
    d = scenario_path(POWER_BOND)
    assert d.name == "power-bond-handover-path"
    on_path = {n.id for n in d.nodes.values() if n.tone}
    assert on_path == {node for node, _ in POWER_BOND_PATH}
    assert d.nodes[W.DRAW_BEFORE].tone == "here" and d.nodes[W.DRAW_BEFORE].badge == "step 6 \u00b7 now"
    assert d.nodes["t_main1"].badge == "steps start, 1"         # step 1 stays in Main Phase 1
    assert d.nodes[W.COND].badge == "steps 3, 6"
    assert d.nodes[W.SECOND_LOSS].badge == "step 6"
    for untouched in (W.BOTH_CARD, W.BOTH_CHAIN, W.MATCH_END, "t_main2", "t_end", "run_draw"):
        assert d.nodes[untouched].tone is None
    taken = {(e.tail, e.head): e.badge for e in d.edges if e.taken}
    assert taken[("t_main1", "t_battle")] == "2"
    # The loss of step 3 happened in the Battle Phase: its arrow leaves the Battle Phase box, not
    # the End Phase box that the "in any phase" arrow is drawn from.
    assert taken[("t_battle", W.COND)] == "3"
    assert ("t_end", W.COND) not in taken
    assert taken[(W.COND, W.LOSS)] == "3, 6"
    assert taken[(W.SPC, W.INTERRUPTED)] == "3"
    assert taken[("run_end", W.COND)] == "6"                    # the second loss, during the run-on
    assert taken[(W.NEXT, W.DRAW_BEFORE)] == "6"
    assert (W.SPC, W.MATCH_END) not in taken
    # The rejected step 5 is marked on the row of the WRGP-H2 table that forbids it.
    marked = [r for r in d.nodes[W.MAY_NOT].rows if r.badge]
    assert [(r.key, r.badge) for r in marked] == [("spell_speed_1", "step 5 rejected:")]
    assert "step 5 rejected:" in d.source and "Step 5 rejected (WRGP-H2)" in d.note


@pytest.mark.parametrize(("upto", "here", "last_on_path"), [
    (0, "t_main1", "t_main1"),
    (2, "t_battle", "t_battle"),
    (3, "run_battle", "run_battle"),
    (5, "run_main2", "run_main2"),
])
def test_path_upto_shows_where_we_are(upto, here, last_on_path):
    result = run_scenario(load_scenario(POWER_BOND), keep_snapshots=True)
    d = scenario_path(result, upto=upto)
    assert d.name == f"power-bond-handover-path-step{upto}"
    assert d.nodes[here].tone == "here"
    assert [n for n in d.nodes.values() if n.tone == "here"] == [d.nodes[here]]
    assert all(v.step <= upto for v in trace(result, upto).visits)
    assert trace(result, upto).visits[-1].node == last_on_path


def test_path_rejects_a_step_out_of_range():
    with pytest.raises(ValueError, match="from 0 to 6"):
        trace(POWER_BOND, upto=7)


def test_path_from_a_played_match_matches_the_scenario_run():
    result = run_scenario(load_scenario(POWER_BOND))              # no snapshots: they are made again
    from_run = [v.node for v in trace(result).visits if not v.side]
    from_match = [v.node for v in trace(result.match).visits if not v.side]
    assert from_match == from_run == [n for n, _ in POWER_BOND_PATH]


@pytest.mark.parametrize("path", builtin_scenarios("wrgp"), ids=lambda p: p.stem)
def test_every_builtin_wrgp_path_moves_along_edges_of_the_map(path):
    """The map has an edge for every move the engine makes, and the path ends where the match is."""
    t = trace(path)
    d = wrgp_relay(compact=True)
    pos = None
    for v in t.visits:
        assert v.node in d.nodes
        if pos is not None and v.node != pos:
            assert P._find_edge(d, pos, v.node, v.rule) is not None, f"no edge {pos} -> {v.node} (step {v.step})"
        if not v.side:
            pos = v.node
    assert pos == t.here


def test_tag_scenario_path_marks_the_deciding_row():
    d = scenario_path(ROOT / "rulings_lib" / "scenarios" / "tag" / "draw-other-battle-decides.yaml")
    rows = [r for r in d.nodes[DECIDE].rows if r.badge]
    assert [r.key for r in rows] == ["TAG-N3#2"]
    assert d.nodes[result_node("winner-first")].tone == "path"
    assert d.nodes[result_node("swap")].tone is None
    assert d.nodes[phase_node("preparation")].tone == "here"       # the next turn begins


@pytest.mark.parametrize("path", builtin_scenarios("digimon-tag"), ids=lambda p: p.stem)
def test_every_builtin_tag_path_is_drawn_on_the_tag_turn(path):
    t = trace(path)
    d = scenario_path(path)
    for v in t.visits:
        node, _, key = v.node.partition("#")
        assert node in d.nodes
        assert not key or key in {r.key for r in d.nodes[node].rows}
    assert t.here is None or d.nodes[t.here].tone == "here"


def test_scenario_path_refuses_other_objects():
    with pytest.raises(TypeError, match="scenario file"):
        scenario_path(42)


# ------------------------------------------------------------------------------ committed files
def test_committed_dot_sources_are_up_to_date():
    bad = stale_sources(all_diagrams(), ROOT / "diagrams")
    assert bad == [], ("the diagrams no longer match the engines' tables; run `./dev rulings diagrams` "
                       "and commit diagrams/: " + ", ".join(f"{p.name} {why}" for p, why in bad))


def test_every_committed_diagram_has_its_svg():
    for d in all_diagrams():
        assert (ROOT / "diagrams" / f"{d.name}.svg").is_file()


def test_example_is_the_power_bond_scenario():
    assert example_scenario().resolve() == POWER_BOND.resolve()


def test_check_command_reports_missing_and_changed_sources(tmp_path, capsys):
    assert cli_diagrams(Namespace(out=str(tmp_path), check=True)) == 1
    assert "wrgp-turn.dot: missing" in capsys.readouterr().out
    for d in all_diagrams():
        d.save(tmp_path, svg=False)
    (tmp_path / "old.dot").write_text("digraph {}\n")
    assert cli_diagrams(Namespace(out=str(tmp_path), check=True)) == 0
    out = capsys.readouterr().out
    assert "up to date" in out and "old.dot: not a diagram any more" in out
    (tmp_path / "tag-turn.dot").write_text("digraph {}\n")
    assert cli_diagrams(Namespace(out=str(tmp_path), check=True)) == 1
    out = capsys.readouterr().out
    assert "tag-turn.dot: differs" in out and "wrgp-turn.dot" not in out
