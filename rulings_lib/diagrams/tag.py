"""Digimon tag battle diagrams, drawn from :mod:`rulings_lib.tag.tables`.

* :func:`tag_turn` -- the five phases (TAG-P1..P5) with their numbered steps and, for each, the
  order in which the seats act; then who goes first next turn (TAG-N1..N5).
* :func:`tag_next_turn` -- the next-turn decision alone.

Both take the tables module as an argument (``tables=None``: the engine's), so a diagram can be
drawn from any object with the same ``PHASES`` / ``NEXT_TURN`` shape.
"""

from __future__ import annotations

import re

from ..i18n import render
from ..i18n.terms import TAG_CONDITION
from . import style as S
from .diagram import Diagram, Row

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from types import ModuleType
    from typing import Any

DECIDE = "n_decide"
RESULT_CODES = {"winner-first": "diagrams.tag.result.winner_first", "swap": "diagrams.tag.result.swap"}
RESULT_TEXT = {k: render(c) for k, c in RESULT_CODES.items()}
# The seats as the source writes them (【先攻Ａ】 ...): first/second and a full-width letter.
SEAT_JA = {"first-A": "先攻Ａ", "second-A": "後攻Ａ", "first-B": "先攻Ｂ", "second-B": "後攻Ｂ"}
ORDER_NOTE_CODES = {   # tables.PHASES[...].order_note, by phase key
    "preparation": "diagrams.tag.order_note.preparation", "evolution": "diagrams.tag.order_note.evolution",
    "battle_start": "diagrams.tag.order_note.battle_start", "battle": "diagrams.tag.order_note.battle",
    "point_calculation": "diagrams.tag.order_note.point_calculation",
}
# tables.NEXT_TURN[...].condition, by rule and result (TAG-N5 has two rows): the engine's words,
# one term in the catalogue (tag.cond.*), as the transcripts' next-turn lines say it.
CONDITION_CODES = TAG_CONDITION


def _say(code: str, lang: str, **args: object) -> str:
    return render(code, args, lang)


def _name(name: str, lang: str) -> str:
    return name if lang == "en" else f"{name}.{lang}"


def _tables(tables: ModuleType | None) -> Any:
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


def order_text(order: Iterable[str], lang: str = "en") -> str:
    """The seat order as it is written in the diagram: ``"first-A → second-A → ..."`` (in Japanese
    as the source writes it: ``"先攻Ａ ＞ 後攻Ａ ＞ ..."``)."""
    if lang == "ja":
        return " ＞ ".join(SEAT_JA.get(seat, seat) for seat in order)
    return f" {S.ARROW} ".join(order)


def _rules_in_order(rows: Iterable[Any]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r.rule for r in rows))


def _result_text(result: str, lang: str) -> str:
    return _say(RESULT_CODES[result], lang) if result in RESULT_CODES else result


def _next_turn_part(d: Diagram, T: Any, *, back_to: str | None, lang: str = "en") -> None:
    rows = []
    for i, r in enumerate(T.NEXT_TURN):
        if lang == "en":
            outcome = RESULT_TEXT.get(r.result, r.result).lower().replace(" next turn", "")
            rows.append(Row(f"{r.rule}: {r.condition} {S.ARROW} {outcome}", key=f"{r.rule}#{i}"))
            continue
        code = CONDITION_CODES.get((r.rule, r.result))
        condition = _say(code, lang) if code else r.condition
        outcome = _say("diagrams.tag.result_short.swap" if r.result == "swap" else
                       "diagrams.tag.result_short.winner_first", lang)
        rows.append(Row(f"{r.rule}: {condition} {S.ARROW} {outcome}", key=f"{r.rule}#{i}"))
    d.node(DECIDE, _say("diagrams.tag.decide", lang), _rules_in_order(T.NEXT_TURN), rows, kind="decision", width=52,
           tooltip=_say("diagrams.tag.decide_tip", lang))
    results = list(dict.fromkeys(r.result for r in T.NEXT_TURN))
    for result in results:
        node = result_node(result)
        d.node(node, _result_text(result, lang), (), [], kind="end", width=22)
        which = [r for r in T.NEXT_TURN if r.result == result]
        d.edge(DECIDE, node, "", _rules_in_order(which))
        if back_to:
            d.edge(node, back_to, _say("diagrams.tag.next_turn", lang), style="back")
    if len(results) > 1:
        d.same_rank(*(result_node(r) for r in results))


def tag_turn(tables: ModuleType | None = None, lang: str = "en") -> Diagram:
    """A tag battle turn: phases, steps, seat orders, and who goes first next turn (labels in ``lang``)."""
    T = _tables(tables)
    ja = lang == "ja"
    d = Diagram(_name("tag-turn", lang), _say("diagrams.tag.turn_title", lang), note=_say("diagrams.tag.turn_note", lang),
                lang=lang)
    prev = None
    for phase in T.PHASES:
        node = phase_node(phase.key)
        rows = [Row(_say("diagrams.tag.order", lang, order=order_text(phase.order, lang)), "order", key="order",
                    bold=True)]
        if phase.order_note:
            note = phase.order_note
            if ja and phase.key in ORDER_NOTE_CODES:
                note = _say(ORDER_NOTE_CODES[phase.key], lang)
            rows.append(Row(note, "muted", key="order_note"))
        rows += [Row(f"{circled(s.number)} {s.japanese if ja and s.japanese else s.text}", key=f"step-{s.number}")
                 for s in phase.steps]
        d.node(node, phase.japanese if ja else phase.name, (phase.rule,), rows, width=56, tooltip=phase.japanese,
               group="turn")
        if prev:
            d.edge(prev, node)
        prev = node
    _next_turn_part(d, T, back_to=phase_node(T.PHASES[0].key) if T.PHASES else None, lang=lang)
    if prev:
        d.edge(prev, DECIDE, _say("diagrams.tag.results", lang))
    return d


def tag_next_turn(tables: ModuleType | None = None, lang: str = "en") -> Diagram:
    """Who goes first next turn (TAG-N1..N5), as a decision diagram (labels in ``lang``)."""
    T = _tables(tables)
    d = Diagram(_name("tag-next-turn", lang), _say("diagrams.tag.next_title", lang),
                note=_say("diagrams.tag.next_note", lang), lang=lang)
    _next_turn_part(d, T, back_to=None, lang=lang)
    return d
