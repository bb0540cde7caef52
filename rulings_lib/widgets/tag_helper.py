"""The tag battle turn helper: the four attack powers and lost points in; who lost what, who is out
and which tag goes first next turn out.

:func:`tag_turn` plays the turn's battle on a :class:`~rulings_lib.tag.engine.TagMatch` set up
at that moment, so every answer is the engine's (TAG-P5, TAG-N1..N5, TAG-E1..E4).
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..extras import require
from ..tag import tables as TT
from ..tag.turn import TagTurn, tag_turn
from ._base import KitWidget, lang_toggle, message, pre, say

w = require("ipywidgets", "TagTurnHelper")   # the [kit] extra: a missing one is named, never a bare ImportError

__all__ = ["TagTurn", "TagTurnHelper", "tag_turn"]


class TagTurnHelper(KitWidget):
    """Four rows (power, lost points, point gauge) and who goes first; the engine's answer below."""

    name_code = "widgets.name.tag"
    css_class = "rulings-kit-tag-helper"

    def __init__(self, tags: tuple[str, ...] = ("red", "blue"), first: str | None = None,
                 powers: dict[str, int] | None = None, lost: dict[str, int] | None = None,
                 points: dict[str, int] | None = None, lang: str = "en") -> None:
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
        self.result.add_class("rulings-kit-tag-result")        # a hook for the browser tests
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

    def update(self, change: object = None) -> None:
        lang = self.lang
        self._label(lang)
        try:
            self.turn = tag_turn({p: b.value for p, b in self.power.items()},
                                 {p: b.value for p, b in self.lost.items()}, self.first.value,
                                 {p: b.value for p, b in self.points.items()}, self.tags)
        except (IllegalAction, ValueError) as exc:
            self.turn = None
            rule = f"[{exc.rule}] " if isinstance(exc, IllegalAction) else ""
            reason = exc.render(lang) if hasattr(exc, "render") else str(exc)
            self.result.value = message(say("widgets.tag.cannot", lang, rule=rule, reason=reason), "no")
            self.picture.value = ""
            return
        self.result.value = pre(self.turn.text(lang))
        from ..draw import html_picture

        self.picture.value = html_picture(self.turn.state, lang, width=560)
