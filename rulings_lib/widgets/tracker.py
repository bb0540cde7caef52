"""The match tracker: a WRGP match at a real table, kept by the engine.

Buttons apply the table's actions through :class:`~rulings_lib.record.RecordedMatch` (so through
:class:`~rulings_lib.wrgp.engine.WrgpMatch`): LP, Speed Counters, positions, phases, handovers
and baton touches follow the rules, and a forbidden action is answered with its rule id. The
match is saved and loaded as JSON (its setup and actions, replayed on load); a file that cannot
be used is reported and the match on screen stays as it was.
"""

from __future__ import annotations

from ..errors import IllegalAction, as_message
from ..extras import require
from ..record import MatchFileError, RecordedMatch
from ..wrgp import tables as T
from ..wrgp.tracking import (
    ACTION_BUTTONS,
    LIMITS,
    TRACKED,
    card_action,
    card_asks,
    card_names,
    card_params,
    card_verb,
    refusal_in,
    still_to_come,
    unusable_in,
    verb_label,
)
from ._base import KitWidget, lang_toggle, message, pre, say

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..verbs import Action
    from ..wrgp.engine import WrgpMatch

w = require("ipywidgets", "MatchTracker")   # the [kit] extra: a missing one is named, never a bare ImportError

# button key -> (label code, tooltip code) in the widgets catalogue
BUTTONS = {
    "next_phase": ("widgets.tracker.next_phase", "widgets.tracker.next_phase_tip"),
    "standby": ("widgets.tracker.standby", "widgets.tracker.standby_tip"),
    "end_turn": ("widgets.tracker.end_turn", "widgets.tracker.end_turn_tip"),
    "battle_damage": ("widgets.tracker.battle_damage", "widgets.tracker.battle_damage_tip"),
    "effect_damage": ("verbs.wrgp.damage.label", "widgets.tracker.effect_damage_tip"),
    "pay": ("verbs.wrgp.pay.label", "widgets.tracker.pay_tip"),
    "gain": ("verbs.wrgp.gain.label", "widgets.tracker.gain_tip"),
    "loss": ("widgets.tracker.loss", "widgets.tracker.loss_tip"),
    "baton_touch": ("verbs.wrgp.baton_touch.label", "widgets.tracker.baton_touch_tip"),
    "sw4": ("widgets.tracker.sw4", "widgets.tracker.sw4_tip"),
    "sw7": ("widgets.tracker.sw7", "widgets.tracker.sw7_tip"),
    "sw10": ("widgets.tracker.sw10", "widgets.tracker.sw10_tip"),
    "undo": ("widgets.tracker.undo", "widgets.tracker.undo_tip"),
    "new": ("widgets.tracker.new", "widgets.tracker.new_tip"),
    "save": ("widgets.tracker.save", "widgets.tracker.save_tip"),
    "load": ("widgets.tracker.load", "widgets.tracker.load_tip"),
}


def next_phase_action(match: WrgpMatch) -> tuple[str, tuple[object, ...]]:
    """The action behind "next phase" as ``(verb, args)`` (see :data:`~rulings_lib.wrgp.tracking.ACTION_BUTTONS`)."""
    action = ACTION_BUTTONS["next_phase"](match, None, None)
    return (action.verb, (action.value,)) if action.verb == "phase" else (action.verb, ())


class MatchTracker(KitWidget):
    """LP, SPC, positions and phase of a WRGP match, with buttons that apply the rules."""

    name_code = "widgets.name.tracker"
    css_class = "rulings-kit-tracker"

    def __init__(self, lineup: int = 3, start_lp: int = 8000, first: str = "A", path: str = "match.json",
                 lang: str = "en"):
        self.record = RecordedMatch(lineup=lineup, start_lp=start_lp, first=first)
        self.lang_widget = lang_toggle(lang)
        small = w.Layout(width="210px")
        self.lineup = w.BoundedIntText(value=lineup, min=LIMITS["lineup"]["min"], max=LIMITS["lineup"]["max"],
                                       description="lineup", layout=small)
        self.start_lp = w.BoundedIntText(value=start_lp, min=LIMITS["start_lp"]["min"], max=LIMITS["start_lp"]["max"], step=100, description="start LP",
                                         layout=small)
        self.first = w.Dropdown(options=list(T.TEAMS), value=first, description="first", layout=small)
        self.team = w.ToggleButtons(options=list(T.TEAMS), value="A", description="team",
                                    tooltips=["team A's duelist", "team B's duelist"])
        self.amount = w.BoundedIntText(value=1000, min=0, max=1_000_000, step=100, description="amount",
                                       layout=small)
        self.path = w.Text(value=path, description="file", layout=w.Layout(width="320px"))
        self.path.add_class("rulings-kit-file")     # the file name field (the card fields are text too)
        self.status = w.HTML()
        self.status.add_class("rulings-kit-tracker-status")    # a hook for the browser tests
        self.picture = w.HTML()     # the live state drawn (rulings_lib.draw)
        self.feedback = w.HTML()
        self.buttons: dict[str, w.Button] = {}  # type: ignore[name-defined]
        for key in BUTTONS:
            b = w.Button(layout=w.Layout(width="130px"))
            b.on_click(getattr(self, f"on_{key}"))
            self.buttons[key] = b
        self.headings = {k: w.HTML() for k in ("title", "turn", "duelist", "card", "match")}
        # "Activate a card": the verb table's `activate`, one field per parameter (tracking.card_params),
        # card names offered from the catalogue in the reader's language (any spelling may be typed).
        self.card_fields: dict[str, w.Widget] = {}  # type: ignore[name-defined]
        for p in card_params(lang):
            if p["type"] == "team":
                field = w.ToggleButtons(options=[(c["label"], c["value"]) for c in p["choices"]],
                                        value=p["choices"][0]["value"])
            else:
                field = w.Combobox(value="", ensure_option=False, layout=w.Layout(width="420px"))
            field.add_class(f"rulings-kit-card-{p['name']}")          # a hook for the tests
            self.card_fields[p["name"]] = field
        self.card_fields["card"].observe(self._card_chosen, names="value")
        self.activate_button = w.Button(layout=w.Layout(width="130px"))
        self.activate_button.on_click(self.on_activate)
        row: Callable[..., Any] = lambda *keys: w.HBox([self.buttons[k] for k in keys])  # noqa: E731
        super().__init__([
            self.lang_widget,
            self.headings["title"],
            self.picture,
            self.status,
            self.headings["turn"], row("next_phase", "standby", "end_turn", "undo"),
            self.headings["duelist"],
            w.HBox([self.team, self.amount]),
            row("battle_damage", "effect_damage", "pay", "gain"),
            row("loss", "baton_touch"),
            row("sw4", "sw7", "sw10"),
            self.headings["card"],
            *self.card_fields.values(), self.activate_button,
            self.feedback,
            self.headings["match"], w.HBox([self.lineup, self.start_lp, self.first]),
            w.HBox([self.path, self.buttons["save"], self.buttons["load"], self.buttons["new"]]),
        ])
        self.lang_widget.observe(self.relabel, names="value")
        self.relabel()

    def relabel(self, change: object = None) -> None:
        """Every label in the chosen language, and the state again."""
        lang = self.lang
        for key, b in self.buttons.items():
            label, tip = BUTTONS[key]
            b.description, b.tooltip = say(label, lang), say(tip, lang)
        for key, code in (("title", "widgets.tracker.head_title"), ("duelist", "widgets.tracker.head_duelist")):
            self.headings[key].value = say(code, lang)
        for key, code in (("turn", "verbs.param.turn.label"), ("match", "widgets.tracker.match")):
            self.headings[key].value = f"<b>{say(code, lang)}</b>"     # the words the page's headings use too
        for box, code in ((self.lineup, "verbs.param.lineup.label"), (self.start_lp, "verbs.param.start_lp.label"),
                          (self.first, "verbs.param.first.label"), (self.team, "verbs.param.team.label"),
                          (self.amount, "verbs.param.amount.label"), (self.path, "widgets.tracker.field_file")):
            box.description = say(code, lang)
        self.team.tooltips = [say("widgets.tracker.team_tip", lang, team=t) for t in T.TEAMS]
        verb = card_verb(lang)          # the heading: the verb table's own words for `activate`
        self.headings["card"].value = say("widgets.tracker.head_card", lang, label=verb["label"], help=verb["help"])
        self.activate_button.description = say("widgets.tracker.activate", lang)
        self.activate_button.tooltip = say("widgets.tracker.activate_tip", lang)
        self._card_chosen()
        self.refresh()

    def _card_chosen(self, change: object = None) -> None:
        """The fields in the reader's words; a catalogue card shows only the choices it asks for
        (Power Bond: the monster it summons), in its own words (as the phone builder does)."""
        lang = self.lang
        asks = card_asks(self.card_fields["card"].value)
        asked = {c["name"]: c for c in asks or ()}
        for p in card_params(lang):
            field = self.card_fields[p["name"]]
            label, help_ = p["label"], p["help"]
            if p["name"] in asked:
                c = asked[p["name"]]
                label, help_ = (c[k].get(lang) or c[k]["en"] for k in ("label", "help"))
            field.description, field.tooltip = label, help_
            field.style.description_width = "initial"
            if isinstance(field, w.Combobox):
                field.options = tuple(card_names(p["name"], lang))
                field.placeholder = say("widgets.tracker.card_hint", lang)
            shown = p["required"] or asks is None or p["name"] in asked
            field.layout.display = None if shown else "none"

    # ---------------------------------------------------------------- state
    @property
    def match(self) -> WrgpMatch:
        return self.record.match  # type: ignore[no-any-return]  # the tracker's record is a WRGP match (TRACKED)

    def refresh(self) -> None:
        m, lang = self.match, self.lang
        from ..draw import summary

        lines = summary(m, lang)       # the one state in words, in either language
        lines.append(still_to_come(m, lang))
        self.status.value = pre("\n".join(lines))
        from ..draw import html_picture

        self.picture.value = html_picture(m, lang, width=560)
        self.buttons["undo"].disabled = not self.record.actions

    def _say(self, text: str, tone: str = "") -> None:
        self.feedback.value = message(text, tone)

    def press(self, button: str) -> IllegalAction | None:
        """Play the Action a button stands for (:data:`~rulings_lib.wrgp.tracking.ACTION_BUTTONS`)."""
        return self.apply(ACTION_BUTTONS[button](self.match, self._team(), self.amount.value))

    def apply(self, verb: str | Action, *args: Any, **kwargs: Any) -> IllegalAction | None:
        """Play one action (an :class:`~rulings_lib.verbs.Action`, or an engine verb and its
        arguments); show what happened (with rule ids) or why the rules refuse it."""
        before, lang = len(self.match.events), self.lang
        try:
            if isinstance(verb, str):
                rejection = self.record.try_do(verb, *args, **kwargs)
            else:
                rejection = self.record.play(verb)
        except ValueError as exc:        # unusable input: nothing changed
            self._say(say("widgets.tracker.not_applied", lang, why=unusable_in(exc, lang)), "no")
            return None
        from ..cards import in_words  # cards named in the reader's language

        if rejection is not None:
            self._say(say("widgets.tracker.rejected", lang, rule=rejection.rule, reason=refusal_in(rejection, lang)), "no")
        else:
            new = self.match.events[before:]
            self._say("\n".join(f"[{e.rule}] {in_words(e.code, e.args, lang, T.CARDS)}" for e in new)
                      or say("widgets.tracker.done", lang), "ok")
        self.refresh()
        return rejection

    # ---------------------------------------------------------------- buttons
    def _team(self) -> str:
        return self.team.value  # type: ignore[no-any-return]  # the toggle's options are the teams

    def on_next_phase(self, button: object = None) -> IllegalAction | None:
        return self.press("next_phase")

    def on_standby(self, button: object = None) -> IllegalAction | None:
        return self.press("standby")

    def on_end_turn(self, button: object = None) -> IllegalAction | None:
        return self.press("end_turn")

    def on_battle_damage(self, button: object = None) -> IllegalAction | None:
        return self.press("battle_damage")

    def on_effect_damage(self, button: object = None) -> IllegalAction | None:
        return self.press("effect_damage")

    def on_pay(self, button: object = None) -> IllegalAction | None:
        return self.press("pay")

    def on_gain(self, button: object = None) -> IllegalAction | None:
        return self.press("gain")

    def on_loss(self, button: object = None) -> IllegalAction | None:
        return self.press("loss")

    def on_baton_touch(self, button: object = None) -> IllegalAction | None:
        return self.press("baton_touch")

    def on_sw4(self, button: object = None) -> IllegalAction | None:
        return self.press("sw4")

    def on_sw7(self, button: object = None) -> IllegalAction | None:
        return self.press("sw7")

    def on_sw10(self, button: object = None) -> IllegalAction | None:
        return self.press("sw10")

    def card_values(self) -> dict[str, Any]:
        """What the "activate a card" fields hold (hidden ones left out: the card does not ask for them)."""
        return {name: f.value for name, f in self.card_fields.items() if f.layout.display != "none"}

    def on_activate(self, button: object = None) -> IllegalAction | None:
        """Activate the card named in the fields (the verb table's ``activate``, tracking.card_action)."""
        try:
            action = card_action(self.card_values())
        except ValueError as exc:
            self._say(say("widgets.tracker.not_applied", self.lang, why=unusable_in(exc, self.lang)), "no")
            return None
        return self.apply(action)

    def on_undo(self, button: object = None) -> None:
        last = self.record.undo()
        self._say(say("widgets.tracker.took_back", self.lang, verb=verb_label(last["verb"], self.lang)) if last
                  else say("widgets.tracker.nothing_back", self.lang))
        self.refresh()

    def on_new(self, button: object = None) -> None:
        try:
            record = RecordedMatch(lineup=self.lineup.value, start_lp=self.start_lp.value, first=self.first.value)
        except ValueError as exc:
            self._say(say("widgets.tracker.cannot_start", self.lang, why=unusable_in(exc, self.lang)), "no")
            return
        self.record = record
        self._say(say("widgets.tracker.new_match", self.lang, lineup=record.match.lineup, lp=record.match.start_lp,
                      first=record.match.first), "ok")
        self.refresh()

    def on_save(self, button: object = None) -> None:
        try:
            path = self.record.save(self.path.value)
        except OSError as exc:
            self._say(say("widgets.tracker.not_saved", self.lang, path=self.path.value, why=exc.strerror or as_message(exc)),
                      "no")
            return
        self._say(say("widgets.tracker.saved", self.lang, n=len(self.record.actions), path=str(path)), "ok")

    def on_load(self, button: object = None) -> None:
        try:
            record = RecordedMatch.load(self.path.value, TRACKED)
        except MatchFileError as exc:
            self._say(say("widgets.tracker.not_loaded", self.lang, why=exc.render(self.lang)), "no")
            return
        self.record = record
        m = record.match
        self.lineup.value, self.start_lp.value, self.first.value = m.lineup, m.start_lp, m.first
        self._say(say("widgets.tracker.loaded", self.lang, n=len(record.actions), path=self.path.value), "ok")
        self.refresh()
