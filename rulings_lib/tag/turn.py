"""One tag battle turn played on the engine: the four attack powers and lost points in; who lost
what, who is out and which tag goes first next turn out. No Jupyter needed: the turn helper widget
(:mod:`rulings_lib.widgets.tag_helper`) and the browser edition (:mod:`rulings_lib.web`) both call
:func:`tag_turn`, so every answer is the engine's (TAG-P5, TAG-N1..N5, TAG-E1..E4).
"""

from __future__ import annotations

from ..errors import ArgumentError
from ..events import Outcome
from ..i18n import Msg, render
from ..i18n.terms import TAG_CONDITION, term
from ..values import Value
from . import tables as TT
from .engine import TagMatch

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any


class TagTurn(Value, frozen=True):
    """What one turn's battles did. ``events`` are the engine's, with rule ids."""

    battles: tuple[str, ...]          # one line per battle
    notes: tuple[str, ...]            # what the losers do with their Digimon (TAG-P5)
    lost: dict[str, int]              # player -> points lost this turn
    points: dict[str, int]            # player -> point gauge after the turn
    out: tuple[str, ...]              # players out after the turn (in the order they went out)
    first: str | None                 # the tag that goes first next turn (None if the match is over)
    rule: str                         # the rule that decided it (TAG-N*, or how the match ended)
    reason: str                       # why (a Msg: its English, and .render(lang))
    winner: str | None
    mode: str                         # "tag" or "1v1" after the turn
    to_one_vs_one: bool               # this turn left one A and one B of different tags (TAG-E3)
    events: tuple[tuple[str, str], ...]
    state: dict[str, Any] | None = None   # the match after the turn (its outcome dict), for the picture
    said: tuple[Any, ...] = ()        # the engine's Event objects behind battles + notes (words per language)
    outcome: Outcome | None = None    # the match's Outcome when the turn ended it (its reason in any language)

    def text(self, lang: str = "en") -> str:
        """What the turn did, in ``lang`` (``en`` or ``ja``)."""
        def say(code: str, **args: object) -> str:
            return render(code, args, lang)

        lines = [e.render(lang) for e in self.said] if self.said else list(self.battles) + list(self.notes)
        for p, n in self.lost.items():
            lines.append(say("widgets.tag.loses", player=p, n=n, before=self.points[p] + n, after=self.points[p]))
        if self.out:
            lines.append(say("widgets.tag.out", players=", ".join(self.out)))
        if self.winner:
            reason = self.outcome.render(lang) if self.outcome is not None else self.reason
            lines.append(say("widgets.tag.over", winner=self.winner, rule=self.rule, reason=reason))
        else:
            reason = self.reason.render(lang) if isinstance(self.reason, Msg) else self.reason
            lines.append(say("widgets.tag.next", first=self.first, rule=self.rule, reason=reason))
            if self.to_one_vs_one:
                lines.append(say("widgets.tag.one_vs_one"))
        return "\n".join(lines)


def tag_turn(powers: dict[str, int], lost: dict[str, int] | None = None, first: str = "red",
             points: dict[str, int] | None = None, tags: tuple[str, ...] = ("red", "blue")) -> TagTurn:
    """Play one turn's battles. ``powers``/``lost``/``points`` map players (``"red-A"`` ...) to
    numbers; a player at 0 points is out and has no battle (TAG-E1). Raises ``IllegalAction`` or
    ``ArgumentError`` (a ``ValueError``) when the turn cannot be played as given."""
    lost = lost or {}
    # Gauges below the start mean earlier turns were played (nothing has happened at turn 1's start).
    match = TagMatch(tags, first=first, gauges=points or {}, turn=2 if points else 1)
    before = dict(match.points)
    out_before = list(match.out)

    def entry(player: str) -> dict[str, int]:
        if player not in powers:
            raise ArgumentError(f"powers[{player!r}]", Msg("tag.turn.power_needed", player=player), None)
        return {"power": powers[player], "lost": lost.get(player, 0)}

    spec: dict[str, Any]
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
    # The battles and the losers' Digimon, by the events' message codes (never their wording).
    battle_events = [e for e in new if e.code in ("tag.event.battle_won", "tag.event.battle_drawn")]
    note_events = [e for e in new if e.code == "tag.event.beaten_digimon"]
    battles = tuple(e.text for e in battle_events)
    notes = tuple(e.text for e in note_events)
    lost_now = {p: before[p] - match.points[p] for p in seat_order if before[p] != match.points[p]}
    decided = [e for e in new if e.rule.startswith("TAG-N")]
    if match.winner:
        rule, reason = match.termination.termination, match.termination.text  # type: ignore[union-attr]
    else:
        rule = decided[-1].rule if decided else ""
        row, _ = TT.next_turn_rule([b.winner for b in match.battles])
        reason = term(TAG_CONDITION, (row.rule, row.result), row.condition)   # a message: words in any language
    return TagTurn(battles, notes, lost_now, dict(match.points), tuple(p for p in match.out if p not in out_before),
                   None if match.winner else match.first, rule, reason, match.winner, match.mode,
                   any(e.rule == "TAG-E3" for e in new), tuple((e.rule, e.text) for e in new), match.state(),
                   tuple(battle_events + note_events), match.termination)
