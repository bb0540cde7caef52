"""The WRGP verdict: read from the match and its events, the rest of the turn played
on by the engine itself (:meth:`WrgpMatch.end_turn` on a copy), never worked out again.

>>> from rulings_lib.wrgp.engine import WrgpMatch
>>> m = WrgpMatch(turn=3, phase="main1", lp={"A": 1000, "B": 1000})
>>> m.chain([{"by": "A", "card": "Destruction Ring"}])
>>> v = verdict(m)
>>> v["claims"]["out"], v["claims"]["next"]
(['B1'], {'turn': 4, 'team': 'B', 'duelist': 'B2'})
"""

from __future__ import annotations

from ..errors import ArgumentError, IllegalAction
from ..verdict import as_message, clean_row, event_row, readings_of, row
from . import tables as T

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from ..events import Event
    from .engine import WrgpMatch

# The codes of the settling events that name the loser of a draw (WRGP-D1, WRGP-D2).
_DECIDERS = frozenset({"wrgp.event.both_at_0_after_chain", "wrgp.event.both_at_0_by_one_card",
                       "wrgp.event.both_at_0_in_one_player_chain", "wrgp.event.chain_last_damage_hit_both"})
# The events that take a duelist's LP to 0 (damage, a cost, an effect's payment, a special victory).
_TO_ZERO = frozenset({"wrgp.event.damage_taken", "wrgp.event.cost_paid", "wrgp.event.activation_cost_paid",
                      "wrgp.event.lp_paid_by_effect"})
# What the rest of the turn does, said as it happens (the play-on's events worth a judge's reading).
_THEN = frozenset({"wrgp.event.delayed_effect_applies", "wrgp.event.damage_taken", "wrgp.event.lp_paid_by_effect",
                   "wrgp.event.duelist_loses", "wrgp.event.loss_during_handover", "wrgp.event.match_won",
                   "wrgp.event.handover_completes", "wrgp.event.field_inherited", "wrgp.event.empty_field_inherited",
                   "wrgp.event.cards_not_handed_over", "wrgp.event.effect_carries_over", *_DECIDERS})
_END = T.PHASE_INDEX["end"]
# What a handover hands on (WRGP-H4..H7): said again when the question stops at the turn it began.
_HANDED = ("wrgp.event.handover_completes", "wrgp.event.field_inherited", "wrgp.event.empty_field_inherited",
           "wrgp.event.cards_not_handed_over", "wrgp.event.effect_carries_over")


def _turn_start_handover(events: Sequence[Event]) -> list[Event]:
    """The handover events of the end of turn that began the turn the match is at (none: [])."""
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].code == "wrgp.event.turn_begins"), None)
    if start is None:
        return []
    return [e for e in events[:start] if e.step == events[start].step and e.code in _HANDED]


def _named(e: Event) -> str | None:
    return e.args.get("duelist") or e.args.get("who")  # type: ignore[no-any-return]


def _loss_rows(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Who lost, by which rule, and what brought them to 0, in the order of the losses."""
    rows = []
    for i, e in enumerate(events):
        if e.code == "wrgp.event.baton_touch":
            rows.append(event_row("swapped", e))           # WRGP-H9: out, not lost
            continue
        if e.code != "wrgp.event.duelist_loses":
            continue
        who = e.args["who"]
        before = events[:i]
        decider = next((d for d in reversed(before) if d.step == e.step and d.code in _DECIDERS
                        and d.args.get("loser") == who), None)
        cause = next((d for d in reversed(before) if d.step == e.step and d.code in
                      ("wrgp.event.loss_declared", "wrgp.event.special_victory")), None)
        if decider is not None:
            rows.append(row("lost", decider.rule, "verdict.wrgp.lost_decided", who=who,
                            how=as_message(decider, note="")))
        else:
            rule = cause.rule if cause is not None else e.rule
            rows.append(row("lost", rule, "verdict.wrgp.lost", who=who, why=e.args["why"]))
        zero = next((d for d in reversed(before) if d.code in _TO_ZERO and _named(d) == who
                     and d.args.get("after") == 0), None)
        if zero is not None and cause is None:
            rows.append(row("how", zero.rule, "verdict.wrgp.to_zero", who=who, what=as_message(zero, note="")))
        during = next((d for d in events[i + 1:] if d.step == e.step and d.code == "wrgp.event.loss_during_handover"
                       and d.args.get("who") == who), None)
        if during is not None:
            rows.append(event_row("both_out", during))    # WRGP-D3: both are out
    return rows


def _why_next(events: Sequence[Event], match: WrgpMatch) -> tuple[str | None, str, dict[str, Any]]:
    """Why the turn that starts (or goes on) is the team's: from the events of the turn's start."""
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i].code == "wrgp.event.turn_begins"), None)
    baton = next((e for e in reversed(events[start or 0:]) if e.code == "wrgp.event.baton_touch"), None)
    if baton is not None:
        return baton.rule, "verdict.wrgp.why.baton", {"old": baton.args["old"], "new": baton.args["new"]}
    if start is None:
        return "STD-TURN", "verdict.wrgp.why.setup", {}
    turn_end = [e for e in events[:start] if e.step == events[start].step]
    handed = [e for e in turn_end if e.code == "wrgp.event.handover_completes"]
    if len(handed) > 1:
        return "WRGP-D3", "verdict.wrgp.why.last_loser", {"team": match.player}
    if handed:
        return "WRGP-F2", "verdict.wrgp.why.resumes", {"team": match.player}
    return "STD-TURN", "verdict.wrgp.why.alternate", {}


def verdict(match: WrgpMatch) -> dict[str, Any]:
    """The verdict on a :class:`~rulings_lib.wrgp.engine.WrgpMatch` where it stands now."""
    events = match.events
    rows = _loss_rows(events)
    finished = match.winner is not None
    if not finished:
        for team in T.TEAMS:
            who = match._who(team)
            if team in match.handover:
                rows.append(row("handover", "WRGP-H1", "verdict.wrgp.handover_pending", who=who, team=team))
            elif team in match.at_zero:
                rows.append(row("stays", "WRGP-D1", "verdict.wrgp.stays_at_zero", who=who))
                zero = next((d for d in reversed(events) if d.code in _TO_ZERO and _named(d) == who
                             and d.args.get("after") == 0), None)
                if zero is not None:
                    rows.append(row("how", zero.rule, "verdict.wrgp.to_zero", who=who, what=as_message(zero)))
            else:
                rows.append(row("stays", None, "verdict.wrgp.stays", who=who, lp=match.lp[team]))
    # The turn that comes next: this one, when the question stops at a turn's very start (before its
    # draw); else the engine plays this turn on to its end, on a copy.
    # (A loss before the draw leaves the turn to run on: its handover is pending, WRGP-H1.)
    at_start = match.phase_key == "draw" and not match.drawn and not match.handover
    after: WrgpMatch | None
    later: list[Event]
    after, later, played_on = match, [], False
    if not finished and not at_start:
        after = match.copy()
        n = len(after.events)
        try:
            after.end_turn()
            played_on = True
        except (IllegalAction, ArgumentError):     # the kit's turn limit: nothing is said of a next turn
            after = None
        else:
            later = after.events[n:]
    if at_start and not finished:
        # The question stops at the start of the turn a handover began: what the incoming duelists
        # took over is part of the answer (WRGP-H4..H7).
        later = _turn_start_handover(events)
        rows.extend(event_row("inherited", e) for e in later)
    if played_on:
        phase = {"code": f"wrgp.phase.{match.phase_key}", "args": {}}
        if match.handover and match.phase_i < _END:
            rows.append(row("run_on", "WRGP-H2", "verdict.wrgp.run_on", phase=phase))
        elif match.phase_i < _END and any(e.code in _THEN for e in later):
            rows.append(row("run_on", "STD-TURN", "verdict.wrgp.turn_goes_on", phase=phase))
        rows.extend(row("then", e.rule, "verdict.then", what=as_message(e)) for e in later if e.code in _THEN)
    claims: dict[str, Any] = {"played_on": played_on,
              "finished": False, "winner": None, "out": list(match.out), "next": None, "inherits": {}}
    if after is not None:
        claims.update(finished=after.winner is not None, winner=after.winner, out=list(after.out),
                      lp={t: after.lp[t] for t in T.TEAMS})
        if after.winner is not None:
            rows.append(row("won", after.termination.termination, "verdict.wrgp.won", team=after.winner,  # type: ignore[union-attr]
                            loser=T.other(after.winner)))
        else:
            nxt = {"turn": after.turn, "team": after.player, "duelist": after._who(after.player)}
            claims["next"] = nxt
            rule, code, args = _why_next(after.events, after)
            rows.append(row("next", rule, "verdict.wrgp.next_now" if at_start else "verdict.wrgp.next",
                            n=nxt["turn"], team=nxt["team"], who=nxt["duelist"],
                            why={"code": code, "args": args}))
        for e in later:
            if e.code == "wrgp.event.handover_completes":
                claims["inherits"][e.args["new"]] = {"from": e.args["old"], "lp": e.args["lp"], "cards": []}
            elif e.code == "wrgp.event.field_inherited":
                claims["inherits"][e.args["new"]]["cards"] = list(e.args["cards"])
    texts = [e.text for e in events] + [e.text for e in later] + [r["reason"] for r in match.rejected]
    return {"format": T.FORMAT, "rows": [clean_row(r) for r in rows], "claims": claims,
            "readings": readings_of(texts, T.FORMAT)}

