"""The WRGP tracer: a WRGP scenario's (or a played match's) path through the WRGP map (the turn and
the handover in one diagram). The format's record names it (``FORMATS["wrgp"].paths``);
:mod:`.path` reads it through there, so nothing chooses it by the format's name.

The path is read from what the engine recorded: each event's rule id (and, where one rule id
covers several moments, the event's message code: never its wording), checked after every step against the
match itself (its turn, phase, draw and handover in the snapshot after that step). Where the two
disagree, the snapshot wins, so "where we are" is always the engine's state.
"""

from __future__ import annotations

from ..i18n import Msg
from ..i18n.terms import WRGP_PHASE, and_list, term
from ..wrgp import tables as T
from ..wrgp.engine import WrgpMatch
from . import wrgp as W
from .trace import PathTrace, Visit, check_upto, event_tuples, msg_code

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from ..scenario import RunResult
    from .diagram import Diagram


def path_map(*, compact: bool = True, lang: str = "en") -> Diagram:
    """The diagram a WRGP path is drawn on: the WRGP map."""
    return W.wrgp_relay(compact=compact, lang=lang)


# The events' message codes that mark a moment on the map (rulings_lib/i18n/wrgp.en.json).
_DRAWN = "wrgp.event.normal_draw"                        # STD-TURN: "A1 draws for the turn"
_LOSES = "wrgp.event.duelist_loses"                      # WRGP-F1: "B1 loses (reached 0 LP)"
_TAKES_OVER = "wrgp.event.handover_completes"             # WRGP-F1: "handover: B2 takes over from B1 ..."
_HANDOVER_STARTS = "wrgp.event.handover_begins"           # WRGP-H1, when a loss starts the run-on
_BATON = "wrgp.event.baton_touch"                         # WRGP-H9: the swap itself
_SUICIDE = "wrgp.event.suicide_attack"                   # WRGP-F9: a suicide attack (a loss only if it meets one)
_BOTH_BY_ONE_CARD = "wrgp.event.both_at_0_by_one_card"    # WRGP-D1: both at 0 by one card
_LAST_HIT_BOTH = "wrgp.event.chain_last_damage_hit_both"  # WRGP-D1: a two-player chain's last damage hit both
_PAYS_AT_0 = "wrgp.event.survivor_made_to_pay"            # WRGP-D1: a survivor at 0 made to pay
_BOTH_AFTER_CHAIN = "wrgp.event.both_at_0_after_chain"    # WRGP-D2
_PHASE_ENTRY = {"wrgp.event.phase_begins", "wrgp.event.run_on_phase_begins"}   # STD-TURN / WRGP-H1: a phase begins
_NEW_TURN = "wrgp.event.turn_begins"                      # STD-TURN: "turn 4: ..., Draw Phase"
_PHASE_OF_CODE = {code: key for key, code in WRGP_PHASE.items()}


def state_node(match: WrgpMatch) -> str:
    """The node of the WRGP map that a match is at."""
    if match.is_finished():
        return W.MATCH_END
    key = match.phase_key
    if match.handover:
        return W.runon_node(key)
    if key == "draw" and match.drawn:
        return W.DRAW_AFTER
    return W.turn_node(key)


def describe_state(match: WrgpMatch) -> Msg:
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


def _entered_phase(rule: str, code: str, args: dict[str, Any]) -> str | None:
    """The phase a phase-entry event names ("A1's Battle Phase", "run-on: End Phase", "turn 4: ...,
    Draw Phase"), by its code and its ``phase`` argument, or None."""
    if rule not in ("STD-TURN", "WRGP-H1"):
        return None
    if code == _NEW_TURN:
        return "draw"
    if code in _PHASE_ENTRY:
        return _PHASE_OF_CODE.get(msg_code(args.get("phase")))  # type: ignore[arg-type]
    return None


class _Walker:
    def __init__(self, start: str | None, phase: str | None):
        self.visits: list[Visit] = []
        self.pos = start
        self.phase = phase
        self.via = ""            # a rule that decides the next move's edge (WRGP-F5's skip)
        self.sides: set[tuple[str, int]] = set()    # (node, step) of the side visits made
        if start:
            self.visits.append(Visit(start, 0))

    def go(self, node: str, step: int, rule: str) -> None:
        if node == self.pos:
            return
        self.visits.append(Visit(node, step, self.via or rule))
        self.via = ""
        self.pos = node

    def side(self, node: str, step: int, rule: str) -> None:
        if (node, step) not in self.sides:
            self.sides.add((node, step))
            self.visits.append(Visit(node, step, rule, side=True))

    def event(self, step: int, rule: str, code: str | None, args: dict[str, Any]) -> None:
        key = _entered_phase(rule, code, args)  # type: ignore[arg-type]
        if key is not None:
            self.phase = key
            self.go(W.runon_node(key) if rule == "WRGP-H1" else W.turn_node(key), step, rule)
        elif code == _DRAWN and self.pos == W.DRAW_BEFORE:
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
        elif rule == "WRGP-F8" or (rule == "WRGP-F9" and code != _SUICIDE):
            self.go(W.COND, step, rule)     # (a suicide attack that meets no loss condition stays in battle)
        elif rule == "WRGP-D1":
            if code in (_BOTH_BY_ONE_CARD, _LAST_HIT_BOTH):
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

    def settle(self, step: int, match: WrgpMatch) -> None:
        """After a step: the snapshot is the truth about where the match is."""
        self.phase = match.phase_key
        node = state_node(match)
        if node != self.pos:
            self.visits.append(Visit(node, step, ""))
            self.pos = node
        elif not (self.visits and self.visits[-1].step == step):   # (visits come in step order)
            self.visits.append(Visit(node, step, "", side=True))   # a step that stayed here


def _infer_start(events: Sequence[Any]) -> tuple[str | None, str | None]:
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


def trace(result: RunResult, upto: int | None = None) -> PathTrace:
    """The path of a scenario's run (a :class:`~rulings_lib.scenario.RunResult` with its snapshots)
    through the WRGP map, up to step ``upto`` (default: all); "where we are" is the state after it."""
    states = result.snapshots
    last = len(states) - 1
    upto = check_upto(upto, last)
    events = event_tuples(result.outcome["events"])
    rejected = [r for r in result.outcome["rejected"] if r["step"] <= upto]
    start = states[0]
    w = _Walker(state_node(start), start.phase_key)
    by_step: dict[int, list[Any]] = {}           # each step's events, found once (not all events per step)
    for s, rule, code, args in events:
        by_step.setdefault(s, []).append((rule, code, args))
    for step in range(1, upto + 1):
        for rule, code, args in by_step.get(step, ()):
            w.event(step, rule, code, args)
        w.settle(step, states[step])
    return PathTrace(result.scenario.name, result.scenario.titles or result.scenario.title, w.visits,
                     state_node(states[upto]), describe_state(states[upto]), upto, last, rejected)


def trace_match(source: WrgpMatch, upto: int | None = None) -> PathTrace:
    """The path of a played match, from its events alone (no snapshots: its start is inferred)."""
    events = event_tuples(source.events)
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
        here, where = w.pos, Msg("diagrams.path.after_step", n=upto)  # type: ignore[assignment]
    rejected = [r for r in source.rejected if r["step"] <= upto]
    return PathTrace("match", "a WRGP match", w.visits, here, where, upto, last, rejected)
