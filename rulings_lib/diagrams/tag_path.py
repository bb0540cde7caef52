"""The tag battle tracer: a tag battle scenario's path through the tag turn diagram. The format's
record names it (``FORMATS["digimon-tag"].paths``); :mod:`.path` reads it through there."""

from __future__ import annotations

from ..i18n import Msg
from ..i18n.terms import TAG_CONDITION
from ..tag import tables as TT
from . import tag as G
from .trace import PathTrace, Visit, cannot_trace, check_upto, event_tuples, msg_code

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from ..scenario import RunResult
    from .diagram import Diagram

_CONDITION_ROW = {code: rule_result for rule_result, code in TAG_CONDITION.items()}


def path_map(*, compact: bool = True, lang: str = "en") -> Diagram:
    """The diagram a tag battle path is drawn on: the tag turn diagram."""
    d = G.tag_turn(lang=lang)
    d.compact = compact
    return d


def trace_match(source: object, upto: int | None = None) -> PathTrace:
    """A played tag match has no path of its own yet (its turns are drawn from a scenario's run)."""
    raise cannot_trace(source)


def trace(result: RunResult, upto: int | None = None) -> PathTrace:
    """A tag battle scenario's path through the tag turn diagram, read from rule ids alone:
    TAG-P1..P5 events are the phases, a TAG-N event the next-turn decision (its row is the one
    whose condition the event states)."""
    last = len(result.scenario.steps)
    upto = check_upto(upto, last)
    phase_of = {p.rule: p.key for p in TT.PHASES}
    index = {G.phase_node(p.key): i for i, p in enumerate(TT.PHASES)}
    visits: list[Visit] = []
    pos: str | None = None

    def go(node: str, step: int, rule: str, side: bool = False) -> None:
        nonlocal pos
        if node != pos or side:
            visits.append(Visit(node, step, rule, side))
        if not side:
            pos = node

    for step, rule, _, args in event_tuples(result.outcome["events"]):
        if not 0 < step <= upto:
            continue
        if rule in phase_of:
            j = index[G.phase_node(phase_of[rule])]
            i = index.get(pos)  # type: ignore[arg-type]
            if i is not None and i < j:              # a turn passes through every phase
                for k in range(i + 1, j):
                    go(G.phase_node(TT.PHASES[k].key), step, "")
            go(G.phase_node(phase_of[rule]), step, rule)
        elif rule.startswith("TAG-N"):
            go(G.DECIDE, step, rule)
            rows = [(i, r) for i, r in enumerate(TT.NEXT_TURN) if r.rule == rule]
            note = args.get("note")             # the condition's code, perhaps inside a reading's note
            cond = msg_code(note.get("args", {}).get("text")) if msg_code(note) == "tag.note.with_reading" else msg_code(note)  # type: ignore[union-attr]
            row = next(((i, r) for i, r in rows if (r.rule, r.result) == _CONDITION_ROW.get(cond)), None)  # type: ignore[arg-type]
            row = row or (rows[0] if len({r.result for _, r in rows}) == 1 else None)
            if row is not None:
                i, r = row
                go(f"{G.DECIDE}#{r.rule}#{i}", step, rule, side=True)     # the row, marked below
                go(G.result_node(r.result), step, rule)
                go(G.phase_node(TT.PHASES[0].key), step, "")    # the next turn begins
    rejected = [r for r in result.outcome["rejected"] if r["step"] <= upto]
    state = result.snapshots[upto] if len(result.snapshots) > upto else None
    if state is None and upto == last:
        state = result.match
    where = Msg("diagrams.path.after_step", n=upto)
    if state is not None:
        where = (Msg("diagrams.path.tag_over", winner=state.winner) if state.is_finished()
                 else Msg("diagrams.path.tag_where", turn=state.turn, first=state.first, second=state.second))
    return PathTrace(result.scenario.name, result.scenario.titles or result.scenario.title, visits, pos, where, upto, last,
                     rejected, format=TT.FORMAT)
