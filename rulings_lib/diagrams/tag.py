"""Digimon tag battle diagrams, drawn from :mod:`rulings_lib.tag.tables`.

* :func:`tag_turn` -- the five phases (TAG-P1..P5) with their numbered steps and, for each, the
  order in which the seats act; then who goes first next turn (TAG-N1..N5).
* :func:`tag_next_turn` -- the next-turn decision alone.

Both take the tables module as an argument (``tables=None``: the engine's), so a diagram can be
drawn from any object with the same ``PHASES`` / ``NEXT_TURN`` shape.
"""

from __future__ import annotations

import re

from . import style as S
from .diagram import Diagram, Row

DECIDE = "n_decide"
RESULT_TEXT = {
    "winner-first": "The winning tag goes first next turn",
    "swap": "First and second swap",
}


def _tables(tables):
    if tables is None:
        from ..tag import tables
    return tables


def circled(n: int) -> str:
    """1 -> ①, as the source numbers its steps (plain digits past 20)."""
    return chr(0x2460 + n - 1) if 1 <= n <= 20 else f"({n})"


def phase_node(key: str) -> str:
    return f"p_{key}"


def result_node(result: str) -> str:
    return "n_" + re.sub(r"\W", "_", result)


def order_text(order) -> str:
    """The seat order as it is written in the diagram: ``"first-A → second-A → ..."``."""
    return f" {S.ARROW} ".join(order)


def _rules_in_order(rows) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r.rule for r in rows))


def _next_turn_part(d: Diagram, T, *, back_to: str | None) -> None:
    rows = []
    for i, r in enumerate(T.NEXT_TURN):
        outcome = RESULT_TEXT.get(r.result, r.result).lower().replace(" next turn", "")
        rows.append(Row(f"{r.rule}: {r.condition} {S.ARROW} {outcome}", key=f"{r.rule}#{i}"))
    d.node(DECIDE, "Who goes first next turn?", _rules_in_order(T.NEXT_TURN), rows, kind="decision", width=52,
           tooltip="the battles of this turn decide (A vs A, B vs B)")
    results = list(dict.fromkeys(r.result for r in T.NEXT_TURN))
    for result in results:
        node = result_node(result)
        d.node(node, RESULT_TEXT.get(result, result), (), [], kind="end", width=22)
        which = [r for r in T.NEXT_TURN if r.result == result]
        d.edge(DECIDE, node, "", _rules_in_order(which))
        if back_to:
            d.edge(node, back_to, "next turn", style="back")
    if len(results) > 1:
        d.same_rank(*(result_node(r) for r in results))


def tag_turn(tables=None) -> Diagram:
    """A tag battle turn: phases, steps, seat orders, and who goes first next turn."""
    T = _tables(tables)
    d = Diagram("tag-turn", "Digimon tag battle: one turn",
                note="Phases, steps and seat orders from rulings_lib.tag.tables.PHASES; who goes first next "
                     "turn from NEXT_TURN. Seats: first-A, second-A, first-B, second-B (A fights A, B fights B).")
    prev = None
    for phase in T.PHASES:
        node = phase_node(phase.key)
        rows = [Row(f"Order: {order_text(phase.order)}", "order", key="order", bold=True)]
        if phase.order_note:
            rows.append(Row(phase.order_note, "muted", key="order_note"))
        rows += [Row(f"{circled(s.number)} {s.text}", key=f"step-{s.number}") for s in phase.steps]
        d.node(node, phase.name, (phase.rule,), rows, width=56, tooltip=phase.japanese, group="turn")
        if prev:
            d.edge(prev, node)
        prev = node
    _next_turn_part(d, T, back_to=phase_node(T.PHASES[0].key) if T.PHASES else None)
    if prev:
        d.edge(prev, DECIDE, "the battles' results")
    return d


def tag_next_turn(tables=None) -> Diagram:
    """Who goes first next turn (TAG-N1..N5), as a decision diagram."""
    T = _tables(tables)
    d = Diagram("tag-next-turn", "Digimon tag battle: who goes first next turn",
                note="From rulings_lib.tag.tables.NEXT_TURN, after the point calculation phase (TAG-P5).")
    _next_turn_part(d, T, back_to=None)
    return d
