"""The tag battle's verdict: who is out, the points, who goes first and why, read from
the match and its events (the battle that ends a turn decides who goes first next: TAG-N1..N5).

>>> from rulings_lib.tag.engine import TagMatch
>>> m = TagMatch(points=1)
>>> m.battle({"A": {"red": {"power": 5, "lost": 1}, "blue": {"power": 3, "lost": 1}},
...           "B": {"red": {"power": 5, "lost": 1}, "blue": {"power": 4, "lost": 1}}})
>>> v = verdict(m)
>>> v["claims"]["out"], v["claims"]["finished"], v["claims"]["winner"]
(['blue-A', 'blue-B'], True, 'red')
"""

from __future__ import annotations

from ..verdict import as_message, clean_row, event_row, readings_of, row
from . import tables as T

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

    from .engine import TagMatch

_ONE_VS_ONE = frozenset({"tag.event.one_vs_one_begins", "tag.event.one_vs_one_at_setup"})


def verdict(match: TagMatch) -> dict[str, Any]:
    """The verdict on a :class:`~rulings_lib.tag.engine.TagMatch` where it stands now."""
    events = match.events
    rows = []
    finished = match.winner is not None
    if finished:
        t = match.termination
        rows.append(row("won", t.termination, "verdict.tag.won", tag=match.winner,  # type: ignore[union-attr]
                        why={"code": t.code, "args": t.args}))  # type: ignore[union-attr]
    # Each player out now (a rewind, TAG-R5, undoes a battle's outs: its events stay in the transcript),
    # by the last event that put them out and the points lost that brought their gauge to 0.
    for who in match.out:
        i = next((j for j in range(len(events) - 1, -1, -1) if events[j].code == "tag.event.player_out"
                  and events[j].args.get("p") == who), None)
        if i is None:               # out before the question starts (the setup's moment)
            rows.append(row("lost", "TAG-E1", "verdict.tag.out_before", who=who))
            continue
        lost = next((d for d in reversed(events[:i]) if d.code == "tag.event.points_lost" and d.args.get("p") == who),
                    None)
        rows.append(row("lost", events[i].rule, "verdict.tag.out", who=who,
                        how=as_message(lost) if lost is not None else ""))
    if match.mode == "1v1":         # TAG-E3: the last two face each other
        began = next((e for e in reversed(events) if e.code in _ONE_VS_ONE), None)
        if began is not None:
            rows.append(event_row("then", began))
    rows.extend(event_row("then", e) for e in events
                if e.code == "tag.event.opponent_out" and e.step == events[-1].step and e.args.get("p") in match.out)
    if not finished:
        left = [p for p in match.players() if p not in match.out]
        rows.append(row("stays", None, "verdict.tag.points",
                        points=[{"code": "verdict.tag.point", "args": {"who": p, "n": match.points[p]}} for p in left]))
    claims = {"out": list(match.out), "points": {p: match.points[p] for p in match.players() if p not in match.out},
              "finished": finished, "winner": match.winner, "first_now": match.first, "next": None}
    if not finished:
        # The turn's very start (no phase reached yet): its first player is decided, and why is the
        # event that began it (TAG-N1..N5, TAG-R5) or the match's start (TAG-S2). Later in the turn,
        # this turn's battles decide the next turn's first player.
        at_start = match._progress.phase is None
        began = next((e for e in reversed(events) if e.code in ("tag.event.turn_begins", "tag.event.match_begins")),
                     None)
        if at_start:
            claims["next"] = {"turn": match.turn, "first": match.first}
            why = as_message(began) if began is not None else ""
            rows.append(row("next", began.rule if began is not None else "TAG-S2", "verdict.tag.next_now",
                            n=match.turn, first=match.first, second=match.second, why=why))
        else:
            rows.append(row("next", "TAG-N1", "verdict.tag.next_open", n=match.turn, first=match.first,
                            following=match.turn + 1))
    texts = [e.text for e in events] + [r["reason"] for r in match.rejected]
    return {"format": T.FORMAT, "rows": [clean_row(r) for r in rows], "claims": claims, "readings": readings_of(texts, T.FORMAT)}
