"""A scenario's path, drawn on the WRGP map (the turn and the handover in one diagram), or for a
tag battle scenario on the tag turn diagram.

>>> from rulings_lib.diagrams import scenario_path                       # doctest: +SKIP
>>> scenario_path("rulings_lib/scenarios/wrgp/power-bond-handover.yaml", upto=3)   # doctest: +SKIP
<Diagram power-bond-handover-path-step3: 27 nodes, 36 edges>

The path is read from what the engine recorded: each event's rule id (and, where one rule id
covers several moments, the event's message code: never its wording), checked after every step against the
match itself (its turn, phase, draw and handover in the snapshot after that step). Where the two
disagree, the snapshot wins, so "where we are" is always the engine's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..events import event_dicts
from ..i18n import Msg, render, text
from ..i18n.terms import TAG_CONDITION, WRGP_ACTION, WRGP_PHASE, and_list, term
from ..wrgp import tables as T
from . import wrgp as W
from .diagram import Diagram, Edge


@dataclass(frozen=True)
class Visit:
    """The path reached ``node`` in ``step`` (0: the setup), by the event citing ``rule``.
    A ``side`` visit (a Speed World effect, a baton touch) does not move the position."""

    node: str
    step: int
    rule: str = ""
    side: bool = False


@dataclass
class PathTrace:
    """What a scenario (or a played match) went through, as nodes of the WRGP map (or, for
    ``format="digimon-tag"``, of the tag turn diagram). A node id ``"node#key"`` is a row of a node."""

    name: str
    title: str | dict                    # the scenario's title, or {lang: title} (see Scenario.title_in)
    visits: list[Visit]
    here: str | None                     # the node of the state after the last step shown
    where: str                           # that state in words (a Msg: English as a str, any language)
    upto: int
    last: int                            # the last step there is
    rejected: list[dict] = field(default_factory=list)   # {step, rule, reason}
    format: str = "wrgp"

    @property
    def nodes(self) -> list[str]:
        """The nodes on the path, in the order first reached."""
        return list(dict.fromkeys(v.node for v in self.visits))


# ------------------------------------------------------------------------------ reading events
# The events' message codes that mark a moment on the map (rulings_lib/i18n/wrgp.en.json).
_LOSES = "wrgp.event.duelist_loses"                      # WRGP-F1: "B1 loses (reached 0 LP)"
_TAKES_OVER = "wrgp.event.handover_completes"             # WRGP-F1: "handover: B2 takes over from B1 ..."
_HANDOVER_STARTS = "wrgp.event.handover_begins"           # WRGP-H1, when a loss starts the run-on
_BATON = "wrgp.event.baton_touch"                         # WRGP-H9: the swap itself
_BOTH_BY_ONE_CARD = "wrgp.event.both_at_0_by_one_card"    # WRGP-D1: both at 0 by one card
_PAYS_AT_0 = "wrgp.event.survivor_made_to_pay"            # WRGP-D1: a survivor at 0 made to pay
_BOTH_AFTER_CHAIN = "wrgp.event.both_at_0_after_chain"    # WRGP-D2
_PHASE_ENTRY = {"wrgp.event.phase_begins", "wrgp.event.run_on_phase_begins"}   # STD-TURN / WRGP-H1: a phase begins
_NEW_TURN = "wrgp.event.turn_begins"                      # STD-TURN: "turn 4: ..., Draw Phase"
_PHASE_OF_CODE = {code: key for key, code in WRGP_PHASE.items()}
_CONDITION_ROW = {code: rule_result for rule_result, code in TAG_CONDITION.items()}


def state_node(match) -> str:
    """The node of the WRGP map that a match is at."""
    if match.is_finished():
        return W.MATCH_END
    key = match.phase_key
    if match.handover:
        return W.runon_node(key)
    if key == "draw" and match.drawn:
        return W.DRAW_AFTER
    return W.turn_node(key)


def describe_state(match) -> Msg:
    """Where a match is, in words (for the diagram's note): a message, English as ``str``."""
    if match.is_finished():
        return Msg("diagrams.path.over", winner=match.winner)
    phase = term(WRGP_PHASE, match.phase_key)
    if match.phase_key == "draw":
        phase = Msg("diagrams.path.after_draw" if match.drawn else "diagrams.path.before_draw", phase=phase)
    where = Msg("diagrams.path.where", turn=match.turn, team=match.player, duelist=match.duelist(match.player),
                phase=phase)
    if match.handover:
        lost = and_list(match.duelist(t) for t in match.handover)
        where = Msg("diagrams.path.where_handover", where=where, lost=lost)
    return where


def _code(value) -> str | None:
    """The message code of an argument given as a message (its JSON form), else None."""
    return value.get("code") if isinstance(value, dict) else None


def _entered_phase(rule: str, code: str, args: dict) -> str | None:
    """The phase a phase-entry event names ("A1's Battle Phase", "run-on: End Phase", "turn 4: ...,
    Draw Phase"), by its code and its ``phase`` argument, or None."""
    if rule not in ("STD-TURN", "WRGP-H1"):
        return None
    if code == _NEW_TURN:
        return "draw"
    if code in _PHASE_ENTRY:
        return _PHASE_OF_CODE.get(_code(args.get("phase")))
    return None


class _Walker:
    def __init__(self, start: str | None, phase: str | None):
        self.visits: list[Visit] = []
        self.pos = start
        self.phase = phase
        self.via = ""            # a rule that decides the next move's edge (WRGP-F5's skip)
        if start:
            self.visits.append(Visit(start, 0))

    def go(self, node: str, step: int, rule: str) -> None:
        if node == self.pos:
            return
        self.visits.append(Visit(node, step, self.via or rule))
        self.via = ""
        self.pos = node

    def side(self, node: str, step: int, rule: str) -> None:
        if not any(v.side and v.node == node and v.step == step for v in self.visits):
            self.visits.append(Visit(node, step, rule, side=True))

    def event(self, step: int, rule: str, code: str | None, args: dict) -> None:
        key = _entered_phase(rule, code, args)
        if key is not None:
            self.phase = key
            self.go(W.runon_node(key) if rule == "WRGP-H1" else W.turn_node(key), step, rule)
        elif rule == "WRGP-F3" and self.pos == W.DRAW_BEFORE:
            self.go(W.DRAW_AFTER, step, rule)
        elif rule == "WRGP-F5":
            if self.pos == W.DRAW_BEFORE:
                self.go(W.DRAW_AFTER, step, rule)       # no draw on the match's first turn
            else:
                self.via = rule                         # no Battle Phase: the next entry skips
        elif rule == "WRGP-H9" and code == _BATON:
            self.side(W.BATON, step, rule)
        elif rule == "WRGP-SW5":
            self.side(W.SPEED_WORLD, step, rule)
        elif rule in ("WRGP-F8", "WRGP-F9"):
            self.go(W.COND, step, rule)
        elif rule == "WRGP-D1":
            if code == _BOTH_BY_ONE_CARD:
                self.go(W.COND, step, rule)
                self.go(W.BOTH_CARD, step, rule)
            elif code == _PAYS_AT_0:
                self.go(W.COND, step, rule)
        elif rule == "WRGP-D2" and code == _BOTH_AFTER_CHAIN:
            self.go(W.COND, step, rule)
            self.go(W.BOTH_CHAIN, step, rule)
        elif rule == "WRGP-F1" and code == _LOSES:
            if self.pos not in (W.COND, W.BOTH_CARD, W.BOTH_CHAIN):
                self.go(W.COND, step, rule)
            self.go(W.LOSS, step, rule)
        elif rule == "WRGP-F1" and code == _TAKES_OVER:
            self.go(W.SWAP, step, rule)
        elif rule == "WRGP-SW4" or (rule == "WRGP-SW8" and self.pos == W.LOSS):
            self.go(W.SPC, step, rule)
        elif rule == "WRGP-F4":
            self.go(W.MATCH_END, step, rule)
        elif rule == "WRGP-D3":
            self.go(W.SECOND_LOSS, step, rule)
        elif rule == "WRGP-H3":
            self.go(W.INTERRUPTED, step, rule)
        elif rule == "WRGP-H1" and code == _HANDOVER_STARTS and self.phase:
            self.go(W.runon_node(self.phase), step, rule)
        elif rule == "WRGP-F2":
            self.go(W.NEXT, step, rule)

    def settle(self, step: int, match) -> None:
        """After a step: the snapshot is the truth about where the match is."""
        self.phase = match.phase_key
        node = state_node(match)
        if node != self.pos:
            self.visits.append(Visit(node, step, ""))
            self.pos = node
        elif not any(v.step == step for v in self.visits):
            self.visits.append(Visit(node, step, "", side=True))   # a step that stayed here


def _events(obj) -> list[tuple[int, str, str | None, dict]]:
    """``(step, rule, code, args)`` of each event (outcome dicts or the engine's Event objects)."""
    dicts = [e if isinstance(e, dict) else event_dicts([e])[0] for e in obj]
    return [(e["step"], e["rule"], e.get("code"), e.get("args") or {}) for e in dicts]


def _infer_start(events) -> tuple[str | None, str | None]:
    """For a played match without snapshots: the phase before the first phase the events enter
    (the engine enters phases one by one, so that is where the match was)."""
    skipped = False
    for _step, rule, code, args in events:
        if rule == "WRGP-F5":
            skipped = True
        key = _entered_phase(rule, code, args)
        if key is None:
            continue
        if code == _NEW_TURN:                  # a new turn began: the last one was at its End Phase
            key = T.PHASE_KEYS[-1]
            return W.turn_node(key), key
        i = max(T.PHASE_INDEX[key] - 1, 0)
        while skipped and i > 0 and T.PHASE_KEYS[i] in W.first_turn_skips():
            i -= 1
        prev = T.PHASE_KEYS[i]
        if rule == "WRGP-H1":
            return W.runon_node(prev), prev
        return (W.DRAW_AFTER if prev == "draw" else W.turn_node(prev)), prev
    return None, None


def trace(source, upto: int | None = None) -> PathTrace:
    """The path of a scenario through the WRGP map.

    ``source``: a scenario file path, a :class:`~rulings_lib.scenario.Scenario`, a
    :class:`~rulings_lib.scenario.RunResult`, or a played :class:`~rulings_lib.wrgp.WrgpMatch`.
    ``upto``: the last step to include (default: all); "where we are" is the state after it.
    """
    from ..scenario import RunResult, Scenario, load_scenario, run_scenario
    from ..wrgp.engine import WrgpMatch

    if isinstance(source, (str, Path)):
        source = load_scenario(source)
    if isinstance(source, Scenario):
        source = run_scenario(source, keep_snapshots=True)
    if isinstance(source, RunResult):
        if source.scenario.format == "digimon-tag":
            return _trace_tag(source, upto)
        if not source.snapshots:
            source = run_scenario(source.scenario, keep_snapshots=True)
        states = source.snapshots
        last = len(states) - 1
        upto = last if upto is None else upto
        if not 0 <= upto <= last:
            raise ValueError(f"upto must be a step number from 0 to {last}")
        events = _events(source.outcome["events"])
        rejected = [r for r in source.outcome["rejected"] if r["step"] <= upto]
        start = states[0]
        w = _Walker(state_node(start), start.phase_key)
        for step in range(1, upto + 1):
            for s, rule, code, args in events:
                if s == step:
                    w.event(step, rule, code, args)
            w.settle(step, states[step])
        name = source.scenario.name
        return PathTrace(name, source.scenario.titles or source.scenario.title, w.visits, state_node(states[upto]),
                         describe_state(states[upto]), upto, last, rejected)
    if isinstance(source, WrgpMatch):
        events = _events(source.events)
        last = max([e[0] for e in events] + [r["step"] for r in source.rejected] + [0])
        upto = last if upto is None else upto
        shown = [e for e in events if 0 < e[0] <= upto]
        start, phase = _infer_start(shown)
        if start is None:
            start, phase = state_node(source), source.phase_key
        w = _Walker(start, phase)
        for step, rule, code, args in shown:
            w.event(step, rule, code, args)
        if upto == last:
            w.settle(upto, source)
            here, where = state_node(source), describe_state(source)
        else:
            here, where = w.pos, Msg("diagrams.path.after_step", n=upto)
        rejected = [r for r in source.rejected if r["step"] <= upto]
        return PathTrace("match", "a WRGP match", w.visits, here, where, upto, last, rejected)
    raise TypeError(f"cannot draw the path of {type(source).__name__}: give a scenario file, a Scenario, "
                    f"a RunResult or a WrgpMatch")


def _trace_tag(result, upto: int | None) -> PathTrace:
    """A tag battle scenario's path through the tag turn diagram, read from rule ids alone:
    TAG-P1..P5 events are the phases, a TAG-N event the next-turn decision (its row is the one
    whose condition the event states)."""
    from ..tag import tables as TT
    from . import tag as G

    last = len(result.scenario.steps)
    upto = last if upto is None else upto
    if not 0 <= upto <= last:
        raise ValueError(f"upto must be a step number from 0 to {last}")
    phase_of = {p.rule: p.key for p in TT.PHASES}
    index = {G.phase_node(p.key): i for i, p in enumerate(TT.PHASES)}
    visits: list[Visit] = []
    pos = None

    def go(node, step, rule, side=False):
        nonlocal pos
        if node != pos or side:
            visits.append(Visit(node, step, rule, side))
        if not side:
            pos = node

    for step, rule, _, args in _events(result.outcome["events"]):
        if not 0 < step <= upto:
            continue
        if rule in phase_of:
            j = index[G.phase_node(phase_of[rule])]
            i = index.get(pos)
            if i is not None and i < j:              # a turn passes through every phase
                for k in range(i + 1, j):
                    go(G.phase_node(TT.PHASES[k].key), step, "")
            go(G.phase_node(phase_of[rule]), step, rule)
        elif rule.startswith("TAG-N"):
            go(G.DECIDE, step, rule)
            rows = [(i, r) for i, r in enumerate(TT.NEXT_TURN) if r.rule == rule]
            note = args.get("note")             # the condition's code, perhaps inside a reading's note
            cond = _code(note.get("args", {}).get("text")) if _code(note) == "tag.note.with_reading" else _code(note)
            row = next(((i, r) for i, r in rows if (r.rule, r.result) == _CONDITION_ROW.get(cond)), None)
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
                     rejected, format="digimon-tag")


# ------------------------------------------------------------------------------ drawing
def _steps_badge(steps, lang: str = "en") -> str:
    start = render("diagrams.path.start", {}, lang)
    steps = sorted(set(steps))
    if steps == [0]:
        return start
    words = [start if s == 0 else str(s) for s in steps]
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
    return (exact or found or [None])[0]


def draw_trace(t: PathTrace, *, compact: bool = True, lang: str = "en") -> Diagram:
    """Highlight a :class:`PathTrace` on the WRGP map (turn and handover), labels in ``lang``."""
    if t.format == "digimon-tag":
        from .tag import tag_turn

        d = tag_turn(lang=lang)
        d.compact = compact
    else:
        d = W.wrgp_relay(compact=compact, lang=lang)
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
                # last node): the step happened in `pos`, so its arrow leaves from there (issue 13).
                e = d.edge(pos, v.node, "", e.rules, style=e.style, lhead=e.lhead)
            if e is not None:
                edge_steps.setdefault(id(e), []).append(v.step)
                e.taken = True
        if not v.side:
            pos = v.node
    for e in d.edges:
        if id(e) in edge_steps:
            ss = sorted(set(edge_steps[id(e)]))
            e.badge = ", ".join(render("diagrams.path.start", {}, lang) if s == 0 else str(s) for s in ss)
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
        row = _rejected_row(d, r)
        if row is not None:
            row.badge = render("diagrams.path.badge_rejected", {"step": r["step"]}, lang)
    notes.append(render("diagrams.path.legend", {}, lang))
    d.note = ("" if lang == "ja" else " ").join(notes)      # Japanese sentences need no space between
    return d


def _rejected_row(d: Diagram, r: dict):
    """The row of the WRGP-H2 table that a rejected action falls under, if any."""
    if r["rule"] not in ("WRGP-H1", "WRGP-H2") or W.MAY_NOT not in d.nodes:
        return None
    action = _code((r.get("args") or {}).get("action"))      # the rejected action, by its code
    for row in d.nodes[W.MAY_NOT].rows:
        if row.key and WRGP_ACTION.get(row.key) == action:
            return row
    return None


def scenario_path(source, upto: int | None = None, *, compact: bool = True, lang: str = "en") -> Diagram:
    """The WRGP map with the path a scenario took highlighted and numbered by step.

    ``source``: a scenario file, Scenario, RunResult or played WrgpMatch; ``upto``: show the
    steps up to this one, and mark "where we are" after it (a notebook can step through).
    """
    return draw_trace(trace(source, upto), compact=compact, lang=lang)


