"""A scenario's path, drawn on its format's diagram: the WRGP map (the turn and the handover in one
diagram), or for a tag battle scenario the tag turn diagram.

>>> from rulings_lib.diagrams import scenario_path
>>> from rulings_lib.examples import example_path
>>> scenario_path(example_path("power-bond-handover"), upto=3)
<Diagram power-bond-handover-path-step3: 27 nodes, 38 edges>

Each format's record (:data:`rulings_lib.formats.FORMATS`) names its tracer (``paths``:
:mod:`.wrgp_path`, :mod:`.tag_path`), which reads the path from what the engine recorded and
gives the diagram it is drawn on; this module only finds the record and draws.
"""

from __future__ import annotations

from pathlib import Path

from ..i18n import render, text
from ..i18n.terms import WRGP_ACTION
from . import wrgp as W
from .diagram import Diagram, Edge
from .trace import PathTrace, Visit, cannot_trace, msg_code
from .wrgp_path import describe_state, state_node

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from .diagram import Row

__all__ = ["PathTrace", "Visit", "describe_state", "draw_trace", "scenario_path", "state_node", "trace"]


def trace(source: object, upto: int | None = None) -> PathTrace:
    """The path of a scenario through its format's diagram.

    ``source``: a scenario file path, a :class:`~rulings_lib.scenario.Scenario`, a
    :class:`~rulings_lib.scenario.RunResult`, or a played :class:`~rulings_lib.wrgp.WrgpMatch`.
    ``upto``: the last step to include (default: all); "where we are" is the state after it.
    """
    from ..formats import get, of
    from ..match import Match
    from ..scenario import RunResult, Scenario, load_scenario, run_scenario

    if isinstance(source, (str, Path)):
        source = load_scenario(source)
    if isinstance(source, Scenario):
        source = run_scenario(source, keep_snapshots=True)
    if isinstance(source, RunResult):
        if not source.snapshots:          # the path is checked against the state after each step
            source = run_scenario(source.scenario, keep_snapshots=True)
        return get(source.scenario.format).paths().trace(source, upto)  # type: ignore[no-any-return]
    if isinstance(source, Match):
        return of(source).paths().trace_match(source, upto)  # type: ignore[no-any-return]
    raise cannot_trace(source)


# ------------------------------------------------------------------------------ drawing
_SHOWN = 6      # a badge names at most this many steps: "1, 2, 3, …, 4898, 4899"


def _step_words(steps: Iterable[int], lang: str) -> list[str]:
    """The steps a badge names, in order, the setup as "start"; a long run of them is cut in its
    middle, so that a badge (and the diagram's layout) stays the same size however long the
    scenario is."""
    start = render("diagrams.path.start", {}, lang)
    words = [start if s == 0 else str(s) for s in steps]
    if len(words) > _SHOWN:
        words = [*words[:_SHOWN - 3], "…", *words[-2:]]
    return words


def _steps_badge(steps: Iterable[int], lang: str = "en") -> str:
    start = render("diagrams.path.start", {}, lang)
    steps = sorted(set(steps))
    if steps == [0]:
        return start
    words = _step_words(steps, lang)
    code = "diagrams.path.step" if len(words) == 1 and steps[0] else "diagrams.path.steps"
    return render(code, {"n": ", ".join(words)}, lang)


def _matches(d: Diagram, e: Edge, tail: str, head: str) -> bool:
    if e.style == "invis":
        return False
    ok_tail = e.tail == tail or (e.ltail is not None and d.in_cluster(tail, e.ltail))
    ok_head = e.head == head or (e.lhead is not None and d.in_cluster(head, e.lhead))
    return ok_tail and ok_head


def _find_edge(d: Diagram, tail: str, head: str, rule: str) -> Edge | None:
    found = [e for e in d.edges if _matches(d, e, tail, head)]
    exact = [e for e in found if e.tail == tail and e.head == head]
    for e in exact:                      # an arrow of its own from this node comes first
        if rule and rule in e.rules:
            return e
    for e in found:
        if rule and rule in e.rules:
            return e
    return (exact or found or [None])[0]  # type: ignore[list-item]


def draw_trace(t: PathTrace, *, compact: bool = True, lang: str = "en") -> Diagram:
    """Highlight a :class:`PathTrace` on its format's diagram, labels in ``lang``."""
    from ..formats import get

    d: Diagram = get(t.format).paths().path_map(compact=compact, lang=lang)
    whole = t.upto == t.last
    d.name = (f"{t.name}-path" if whole else f"{t.name}-path-step{t.upto}") + ("" if lang == "en" else f".{lang}")
    d.title = render("diagrams.path.title" if whole else "diagrams.path.title_upto",
                     {"title": t.title.get(lang) or t.title["en"] if isinstance(t.title, dict) else t.title,
                      "upto": t.upto, "last": t.last}, lang)
    steps: dict[str, list[int]] = {}
    edge_steps: dict[int, list[int]] = {}
    pos = None
    row_steps: dict[tuple[str, str], list[int]] = {}
    for v in t.visits:
        if "#" in v.node:           # a row of a node: "node#row-key"
            node, key = v.node.split("#", 1)
            row_steps.setdefault((node, key), []).append(v.step)
            continue
        steps.setdefault(v.node, []).append(v.step)
        if pos is not None:
            e = _find_edge(d, pos, v.node, v.rule)
            if e is not None and e.tail != pos and e.ltail is not None:
                # An arrow that stands for "from any phase" (it leaves the cluster, drawn from its
                # last node): the step happened in `pos`, so its arrow leaves from there.
                e = d.edge(pos, v.node, "", e.rules, style=e.style, lhead=e.lhead)
            if e is not None:
                edge_steps.setdefault(id(e), []).append(v.step)
                e.taken = True
        if not v.side:
            pos = v.node
    for e in d.edges:
        if id(e) in edge_steps:
            e.badge = ", ".join(_step_words(sorted(set(edge_steps[id(e)])), lang))
    for node, ss in steps.items():
        n = d.nodes[node]
        n.tone = "path"
        n.badge = _steps_badge(ss, lang)
    for (node, key), ss in row_steps.items():
        for row in d.nodes[node].rows:
            if row.key == key:
                row.badge = _steps_badge(ss, lang) + ":"
                row.tone = "path"
    if t.here is not None and t.here in d.nodes:
        n = d.nodes[t.here]
        n.tone = "here"
        now = render("diagrams.path.now", {}, lang)
        n.badge = (n.badge + " \u00b7 " + now) if n.badge else now
    notes = [render("diagrams.path.note_now", {"upto": t.upto, "where": text(t.where, lang)}, lang)]
    for r in t.rejected:
        notes.append(render("diagrams.path.note_rejected", {"step": r["step"], "rule": r["rule"]}, lang))
        row = _rejected_row(d, r)  # type: ignore[assignment]
        if row is not None:
            row.badge = render("diagrams.path.badge_rejected", {"step": r["step"]}, lang)
    notes.append(render("diagrams.path.legend", {}, lang))
    d.note = ("" if lang == "ja" else " ").join(notes)      # Japanese sentences need no space between
    return d


def _rejected_row(d: Diagram, r: dict[str, Any]) -> Row | None:
    """The row of the WRGP-H2 table that a rejected action falls under, if any."""
    if r["rule"] not in ("WRGP-H1", "WRGP-H2") or W.MAY_NOT not in d.nodes:
        return None
    action = msg_code((r.get("args") or {}).get("action"))      # the rejected action, by its code
    for row in d.nodes[W.MAY_NOT].rows:
        if row.key and WRGP_ACTION.get(row.key) == action:
            return row
    return None


def scenario_path(source: object, upto: int | None = None, *, compact: bool = True, lang: str = "en") -> Diagram:
    """Its format's diagram with the path a scenario took highlighted and numbered by step.

    ``source``: a scenario file, Scenario, RunResult or played WrgpMatch; ``upto``: show the
    steps up to this one, and mark "where we are" after it (a notebook can step through).
    """
    return draw_trace(trace(source, upto), compact=compact, lang=lang)


