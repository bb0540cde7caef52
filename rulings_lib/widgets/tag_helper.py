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
from ._base import KitWidget, lang_toggle, message, pre, say


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
    said: tuple = ()                  # the engine's Event objects behind battles + notes (words per language)

    def text(self, lang: str = "en") -> str:
        """What the turn did, in ``lang`` (``en`` or ``ja``)."""
        lines = [e.render(lang) for e in self.said] if self.said else list(self.battles) + list(self.notes)
        for p, n in self.lost.items():
            lines.append(say("widgets.tag.loses", lang, player=p, n=n, before=self.points[p] + n, after=self.points[p]))
        if self.out:
            lines.append(say("widgets.tag.out", lang, players=", ".join(self.out)))
        if self.winner:
            lines.append(say("widgets.tag.over", lang, winner=self.winner, rule=self.rule, reason=self.reason))
        else:
            reason = self.reason
            if lang == "ja":
                from ..draw.words import NEXT_WHY_JA

                reason = NEXT_WHY_JA.get(self.rule, reason)
            lines.append(say("widgets.tag.next", lang, first=self.first, rule=self.rule, reason=reason))
            if self.to_one_vs_one:
                lines.append(say("widgets.tag.one_vs_one", lang))
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
    battle_events = [e for e in new if e.rule == "TAG-P5" and e.text.startswith(("letter ", "1-vs-1 battle"))]
    note_events = [e for e in new if e.rule == "TAG-P5" and " lost the battle: " in e.text]
    battles = tuple(e.text for e in battle_events)
    notes = tuple(e.text for e in note_events)
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
                   any(e.rule == "TAG-E3" for e in new), tuple((e.rule, e.text) for e in new), match.state(),
                   tuple(battle_events + note_events))


class TagTurnHelper(KitWidget):
    """Four rows (power, lost points, point gauge) and who goes first; the engine's answer below."""

    label = "tag battle turn helper"
    css_class = "rulings-kit-tag-helper"

    def __init__(self, tags=("red", "blue"), first: str | None = None, powers: dict | None = None,
                 lost: dict | None = None, points: dict | None = None, lang: str = "en"):
        self.tags = tuple(tags)
        self.lang_widget = lang_toggle(lang)
        players = [f"{t}-{letter}" for t in self.tags for letter in TT.LETTERS]
        powers, lost, points = powers or {}, lost or {}, points or {}
        self.first = w.Dropdown(options=list(self.tags), value=first or self.tags[0],
                                layout=w.Layout(width="240px"))
        small = w.Layout(width="150px")
        self.power, self.lost, self.points = {}, {}, {}
        rows = []
        for p in players:
            self.power[p] = w.BoundedIntText(value=powers.get(p, 0), min=0, max=100_000, step=10, layout=small)
            self.lost[p] = w.BoundedIntText(value=lost.get(p, 0), min=0, max=1000, step=10, layout=small)
            self.points[p] = w.BoundedIntText(value=points.get(p, TT.START_POINTS), min=0, max=TT.START_POINTS,
                                              step=10, layout=small)
            rows.append(w.HBox([w.HTML(f"<b>{p}</b>", layout=w.Layout(width="70px")),
                                self.power[p], self.lost[p], self.points[p]]))
        self.result = w.HTML()
        self.picture = w.HTML()     # the state after the turn drawn (rulings_lib.draw)
        self.turn: TagTurn | None = None
        self.heading = w.HTML()
        super().__init__([self.lang_widget, self.heading, self.first, *rows, self.result, self.picture])
        self.first.observe(self.update, names="value")
        self.lang_widget.observe(self.update, names="value")
        for group in (self.power, self.lost, self.points):
            for box in group.values():
                box.observe(self.update, names="value")
        self.update()

    def _label(self, lang: str) -> None:
        self.heading.value = say("widgets.tag.title", lang)
        self.first.description = say("widgets.tag.goes_first", lang)
        for group, code in ((self.power, "widgets.tag.power"), (self.lost, "widgets.tag.lost"),
                            (self.points, "widgets.tag.points")):
            for box in group.values():
                box.description = say(code, lang)

    def update(self, change=None) -> None:
        lang = self.lang
        self._label(lang)
        try:
            self.turn = tag_turn({p: b.value for p, b in self.power.items()},
                                 {p: b.value for p, b in self.lost.items()}, self.first.value,
                                 {p: b.value for p, b in self.points.items()}, self.tags)
        except (IllegalAction, ValueError) as exc:
            self.turn = None
            rule = f"[{exc.rule}] " if isinstance(exc, IllegalAction) else ""
            reason = exc.render(lang) if isinstance(exc, IllegalAction) else str(exc)
            self.result.value = message(say("widgets.tag.cannot", lang, rule=rule, reason=reason), "no")
            self.picture.value = ""
            return
        self.result.value = pre(self.turn.text(lang))
        from ..draw import html_picture

        self.picture.value = html_picture(self.turn.state, lang, width=560)
