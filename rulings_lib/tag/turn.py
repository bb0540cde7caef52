"""One tag battle turn played on the engine: the four attack powers and lost points in; who lost
what, who is out and which tag goes first next turn out. No Jupyter needed: the turn helper widget
(:mod:`rulings_lib.widgets.tag_helper`) and the browser edition (:mod:`rulings_lib.web`) both call
:func:`tag_turn`, so every answer is the engine's (TAG-P5, TAG-N1..N5, TAG-E1..E4).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tables as TT
from .engine import TagMatch


@dataclass(frozen=True)
class TagTurn:
    """What one turn's battles did. ``events`` are the engine's, with rule ids."""

    battles: tuple[str, ...]          # one line per battle
    notes: tuple[str, ...]            # what the losers do with their Digimon (TAG-P5)
    lost: dict                        # player -> points lost this turn
    points: dict                      # player -> point gauge after the turn
    out: tuple[str, ...]              # players out after the turn (in the order they went out)
    first: str | None                 # the tag that goes first next turn (None if the match is over)
    rule: str                         # the rule that decided it (TAG-N*, or how the match ended)
    reason: str
    winner: str | None
    mode: str                         # "tag" or "1v1" after the turn
    to_one_vs_one: bool               # this turn left one A and one B of different tags (TAG-E3)
    events: tuple[tuple[str, str], ...]
    state: dict | None = None         # the match after the turn (its outcome dict), for the picture

    def text(self) -> str:
        lines = list(self.battles) + list(self.notes)
        for p, n in self.lost.items():
            lines.append(f"{p} loses {n} points: {self.points[p] + n} -> {self.points[p]}")
        if self.out:
            lines.append("out: " + ", ".join(self.out))
        if self.winner:
            lines.append(f"match over: {self.winner} wins [{self.rule}] {self.reason}")
        else:
            lines.append(f"next turn: {self.first} goes first [{self.rule}] {self.reason}")
            if self.to_one_vs_one:
                lines.append("the two players left face each other and finish 1-vs-1 [TAG-E3]")
        return "\n".join(lines)


def tag_turn(powers: dict, lost: dict | None = None, first: str = "red", points: dict | None = None,
             tags=("red", "blue")) -> TagTurn:
    """Play one turn's battles. ``powers``/``lost``/``points`` map players (``"red-A"`` ...) to
    numbers; a player at 0 points is out and has no battle (TAG-E1). Raises ``IllegalAction`` or
    ``ValueError`` when the turn cannot be played as given."""
    lost = lost or {}
    match = TagMatch(tags, first=first, gauges=points or {})
    before = dict(match.points)
    out_before = list(match.out)

    def entry(player):
        if player not in powers:
            raise ValueError(f"{player} is in the game: give their attack power")
        return {"power": powers[player], "lost": lost.get(player, 0)}

    if match.mode == "tag":
        spec = {}
        for letter in TT.LETTERS:
            pair = [f"{t}-{letter}" for t in match.tags]
            if all(match.in_game(p) for p in pair):
                spec[letter] = {match.tag_of(p): entry(p) for p in pair}
    else:
        spec = {match.tag_of(p): entry(p) for p in match.in_game_players()}
    seat_order = match.order("point_calculation")      # TAG-P5 ③: losers reduce their gauges in this order
    start = len(match.events)
    match.battle(spec)
    new = match.events[start:]
    battles = tuple(e.text for e in new if e.rule == "TAG-P5" and e.text.startswith(("letter ", "1-vs-1 battle")))
    notes = tuple(e.text for e in new if e.rule == "TAG-P5" and " lost the battle: " in e.text)
    lost_now = {p: before[p] - match.points[p] for p in seat_order if before[p] != match.points[p]}
    decided = [e for e in new if e.rule.startswith("TAG-N")]
    if match.winner:
        rule, reason = match.termination.termination, match.termination.text
    else:
        rule = decided[-1].rule if decided else ""
        row, _ = TT.next_turn_rule([b.winner for b in match.battles])
        reason = row.condition
    return TagTurn(battles, notes, lost_now, dict(match.points), tuple(p for p in match.out if p not in out_before),
                   None if match.winner else match.first, rule, reason, match.winner, match.mode,
                   any(e.rule == "TAG-E3" for e in new), tuple((e.rule, e.text) for e in new), match.state())
