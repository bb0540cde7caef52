"""The match tracker: a WRGP match at a real table, kept by the engine.

Buttons apply the table's actions through :class:`~.record.RecordedMatch` (so through
:class:`~rulings_lib.wrgp.engine.WrgpMatch`): LP, Speed Counters, positions, phases, handovers
and baton touches follow the rules, and a forbidden action is answered with its rule id. The
match is saved and loaded as JSON (its setup and actions, replayed on load); a file that cannot
be used is reported and the match on screen stays as it was.
"""

from __future__ import annotations

import ipywidgets as w

from ..errors import IllegalAction
from ..wrgp import tables as T
from ..wrgp.scenario import describe
from ._base import KitWidget, message, pre
from .record import MatchFileError, RecordedMatch

# button key -> (label, tooltip)
BUTTONS = {
    "next_phase": ("next phase", "advance to the next phase this turn has (End Phase: the next turn)"),
    "standby": ("Standby Phase", "go to the Standby Phase: both teams gain 2 SPC (WRGP-SW3)"),
    "end_turn": ("end turn", "finish the turn; a pending handover completes (WRGP-F1, F2)"),
    "battle_damage": ("battle damage", "the team's duelist takes battle damage from a direct attack"),
    "effect_damage": ("effect damage", "the team's duelist takes effect damage from the opponent's card"),
    "pay": ("pay LP", "the team's duelist pays LP as a cost"),
    "gain": ("gain LP", "the team's duelist gains LP"),
    "loss": ("loss", "the team's duelist loses for another reason (deck out, a card's effect)"),
    "baton_touch": ("baton touch", "the team swaps its duelist (own Draw Phase, before the draw: WRGP-H9)"),
    "sw4": ("Speed World 4", "remove 4 SPC: damage (WRGP-SW5)"),
    "sw7": ("Speed World 7", "remove 7 SPC: draw (WRGP-SW5)"),
    "sw10": ("Speed World 10", "remove 10 SPC: destroy (WRGP-SW5)"),
    "undo": ("undo", "take back the last action"),
    "new": ("new match", "start a new match with the settings on the left"),
    "save": ("save", "save the match as JSON to the file named on the left"),
    "load": ("load", "load a saved match from the file named on the left"),
}


def next_phase_action(match) -> tuple[str, tuple]:
    """The action behind "next phase": the next phase this turn can have (the engine says which:
    the match's first turn has no Battle Phase, WRGP-F5), or the end of the turn."""
    later = T.PHASE_KEYS[T.PHASE_INDEX[match.phase_key] + 1:]
    for key in later:
        if match.is_legal("phase", key):
            return "phase", (key,)
    return "end_turn", ()


class MatchTracker(KitWidget):
    """LP, SPC, positions and phase of a WRGP match, with buttons that apply the rules."""

    label = "WRGP match tracker"
    css_class = "rulings-kit-tracker"

    def __init__(self, lineup: int = 3, start_lp: int = 8000, first: str = "A", path: str = "match.json"):
        self.record = RecordedMatch(lineup=lineup, start_lp=start_lp, first=first)
        small = w.Layout(width="210px")
        self.lineup = w.BoundedIntText(value=lineup, min=1, max=10, description="lineup", layout=small)
        self.start_lp = w.BoundedIntText(value=start_lp, min=1, max=1_000_000, step=100, description="start LP",
                                         layout=small)
        self.first = w.Dropdown(options=list(T.TEAMS), value=first, description="first", layout=small)
        self.team = w.ToggleButtons(options=list(T.TEAMS), value="A", description="team",
                                    tooltips=["team A's duelist", "team B's duelist"])
        self.amount = w.BoundedIntText(value=1000, min=0, max=1_000_000, step=100, description="amount",
                                       layout=small)
        self.path = w.Text(value=path, description="file", layout=w.Layout(width="320px"))
        self.status = w.HTML()
        self.status.add_class("rulings-kit-tracker-status")    # a hook for the browser tests
        self.picture = w.HTML()     # the live state drawn (rulings_lib.draw)
        self.feedback = w.HTML()
        self.buttons: dict[str, w.Button] = {}
        for key, (text, tip) in BUTTONS.items():
            b = w.Button(description=text, tooltip=tip, layout=w.Layout(width="130px"))
            b.on_click(getattr(self, f"on_{key}"))
            self.buttons[key] = b
        row = lambda *keys: w.HBox([self.buttons[k] for k in keys])  # noqa: E731
        super().__init__([
            w.HTML("<b>WRGP match tracker</b> — every button goes through the rules engine"),
            self.picture,
            self.status,
            w.HTML("<b>Turn</b>"), row("next_phase", "standby", "end_turn", "undo"),
            w.HTML("<b>A team's duelist</b> (choose the team, and the amount where one is needed)"),
            w.HBox([self.team, self.amount]),
            row("battle_damage", "effect_damage", "pay", "gain"),
            row("loss", "baton_touch"),
            row("sw4", "sw7", "sw10"),
            self.feedback,
            w.HTML("<b>Match</b>"), w.HBox([self.lineup, self.start_lp, self.first]),
            w.HBox([self.path, self.buttons["save"], self.buttons["load"], self.buttons["new"]]),
        ])
        self.refresh()

    # ---------------------------------------------------------------- state
    @property
    def match(self):
        return self.record.match

    def refresh(self) -> None:
        m = self.match
        lines = describe(m.state())
        left = {t: m.lineup - m.pos[t] for t in T.TEAMS}
        lines.append("Duelists still to come: " + ", ".join(f"team {t} {left[t]}" for t in T.TEAMS))
        self.status.value = pre("\n".join(lines))
        from ..draw import html_picture

        self.picture.value = html_picture(m, width=560)
        self.buttons["undo"].disabled = not self.record.actions

    def _say(self, text: str, tone: str = "") -> None:
        self.feedback.value = message(text, tone)

    def apply(self, verb: str, *args, **kwargs) -> IllegalAction | None:
        """Play one action; show what happened (with rule ids) or why the rules refuse it."""
        before = len(self.match.events)
        try:
            rejection = self.record.try_do(verb, *args, **kwargs)
        except ValueError as exc:        # unusable input: nothing changed
            self._say(f"not applied: {exc}", "no")
            return None
        if rejection is not None:
            self._say(f"rejected [{rejection.rule}]: {rejection.reason}", "no")
        else:
            new = self.match.events[before:]
            self._say("\n".join(f"[{e.rule}] {e.text}" for e in new) or "done", "ok")
        self.refresh()
        return rejection

    # ---------------------------------------------------------------- buttons
    def _team(self) -> str:
        return self.team.value

    def on_next_phase(self, button=None):
        verb, args = next_phase_action(self.match)
        return self.apply(verb, *args)

    def on_standby(self, button=None):
        return self.apply("phase", "standby")

    def on_end_turn(self, button=None):
        return self.apply("end_turn")

    def on_battle_damage(self, button=None):
        return self.apply("attack", by=T.other(self._team()), damage=self.amount.value)

    def on_effect_damage(self, button=None):
        return self.apply("damage", by=T.other(self._team()), to=self._team(), amount=self.amount.value)

    def on_pay(self, button=None):
        return self.apply("pay", by=self._team(), amount=self.amount.value)

    def on_gain(self, button=None):
        return self.apply("gain", by=self._team(), to="self", amount=self.amount.value)

    def on_loss(self, button=None):
        return self.apply("lose", self._team())

    def on_baton_touch(self, button=None):
        return self.apply("baton_touch", self._team())

    def on_sw4(self, button=None):
        return self.apply("speed_world", by=self._team(), remove=4)

    def on_sw7(self, button=None):
        return self.apply("speed_world", by=self._team(), remove=7)

    def on_sw10(self, button=None):
        return self.apply("speed_world", by=self._team(), remove=10)

    def on_undo(self, button=None):
        last = self.record.undo()
        self._say(f"took back: {last['verb']}" if last else "nothing to take back")
        self.refresh()

    def on_new(self, button=None):
        try:
            record = RecordedMatch(lineup=self.lineup.value, start_lp=self.start_lp.value, first=self.first.value)
        except ValueError as exc:
            self._say(f"cannot start that match: {exc}", "no")
            return
        self.record = record
        self._say(f"new match: {record.match.lineup} duelists a team, {record.match.start_lp} LP, "
                  f"team {record.match.first} first", "ok")
        self.refresh()

    def on_save(self, button=None):
        try:
            path = self.record.save(self.path.value)
        except OSError as exc:
            self._say(f"not saved: {self.path.value}: {exc.strerror or exc}", "no")
            return
        self._say(f"saved {len(self.record.actions)} actions to {path}", "ok")

    def on_load(self, button=None):
        try:
            record = RecordedMatch.load(self.path.value)
        except MatchFileError as exc:
            self._say(f"not loaded, the match on screen is unchanged: {exc}", "no")
            return
        self.record = record
        m = record.match
        self.lineup.value, self.start_lp.value, self.first.value = m.lineup, m.start_lp, m.first
        self._say(f"loaded {len(record.actions)} actions from {self.path.value}", "ok")
        self.refresh()
