"""The tag battle turn helper: the four attack powers and lost points in; who lost what, who is out
and which tag goes first next turn out.

:func:`tag_turn` plays the turn's battle on a :class:`~rulings_lib.tag.engine.TagMatch` set up
at that moment, so every answer is the engine's (TAG-P5, TAG-N1..N5, TAG-E1..E4).
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as w

from ..errors import IllegalAction
from ..tag import tables as TT
from ..tag.engine import TagMatch
from ._base import KitWidget, message, pre


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


class TagTurnHelper(KitWidget):
    """Four rows (power, lost points, point gauge) and who goes first; the engine's answer below."""

    label = "tag battle turn helper"
    css_class = "rulings-kit-tag-helper"

    def __init__(self, tags=("red", "blue"), first: str | None = None, powers: dict | None = None,
                 lost: dict | None = None, points: dict | None = None):
        self.tags = tuple(tags)
        players = [f"{t}-{letter}" for t in self.tags for letter in TT.LETTERS]
        powers, lost, points = powers or {}, lost or {}, points or {}
        self.first = w.Dropdown(options=list(self.tags), value=first or self.tags[0], description="goes first",
                                layout=w.Layout(width="240px"))
        small = w.Layout(width="150px")
        self.power, self.lost, self.points = {}, {}, {}
        rows = []
        for p in players:
            self.power[p] = w.BoundedIntText(value=powers.get(p, 0), min=0, max=100_000, step=10,
                                             description="power", layout=small)
            self.lost[p] = w.BoundedIntText(value=lost.get(p, 0), min=0, max=1000, step=10,
                                            description="lost", layout=small)
            self.points[p] = w.BoundedIntText(value=points.get(p, TT.START_POINTS), min=0, max=TT.START_POINTS,
                                              step=10, description="points", layout=small)
            rows.append(w.HBox([w.HTML(f"<b>{p}</b>", layout=w.Layout(width="70px")),
                                self.power[p], self.lost[p], self.points[p]]))
        self.result = w.HTML()
        self.picture = w.HTML()     # the state after the turn drawn (rulings_lib.draw)
        self.turn: TagTurn | None = None
        super().__init__([w.HTML("<b>Tag battle turn helper</b> — attack powers and lost points in; TAG-P5, "
                                 "TAG-N1..N5, TAG-E1..E4 out"), self.first, *rows, self.result, self.picture])
        self.first.observe(self.update, names="value")
        for group in (self.power, self.lost, self.points):
            for box in group.values():
                box.observe(self.update, names="value")
        self.update()

    def update(self, change=None) -> None:
        try:
            self.turn = tag_turn({p: b.value for p, b in self.power.items()},
                                 {p: b.value for p, b in self.lost.items()}, self.first.value,
                                 {p: b.value for p, b in self.points.items()}, self.tags)
        except (IllegalAction, ValueError) as exc:
            self.turn = None
            rule = f"[{exc.rule}] " if isinstance(exc, IllegalAction) else ""
            self.result.value = message(f"cannot play this turn: {rule}{getattr(exc, 'reason', exc)}", "no")
            self.picture.value = ""
            return
        self.result.value = pre(self.turn.text())
        from ..draw import html_picture

        self.picture.value = html_picture(self.turn.state, width=560)
