"""The Speed World calculator: lineup positions and counters in, the effects one may use out.

:func:`speed_world_options` asks the engine itself (a :class:`WrgpMatch` set up at that moment,
in one's own Main Phase) which effects it accepts and what they do, so the calculator cannot
drift from the rules the engine plays by (WRGP-SW5).
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..extras import require
from ..values import Value
from ..wrgp import tables as T
from ..wrgp.engine import WrgpMatch
from ._base import KitWidget, lang_toggle, say, table

w = require("ipywidgets", "SpeedWorldCalculator")   # the [kit] extra: a missing one is named, never a bare ImportError


class SpeedWorldOption(Value, frozen=True):
    cost: int
    kind: str           # damage | draw | destroy
    size: int           # damage dealt, cards drawn, or cards destroyed at most
    what: str           # "deal 3200 damage" ...
    why: str            # how the size comes from a, b and X
    usable: bool
    rule: str = ""      # when not usable: the rule that says no
    reason: str = ""
    lang: str = "en"    # the language of what, why and reason

    def line(self) -> str:
        lang = self.lang
        state = say("widgets.sw.usable", lang) if self.usable else \
            say("widgets.sw.not_usable", lang, rule=self.rule, reason=self.reason)
        return say("widgets.sw.line", lang, cost=f"{self.cost:>2}", what=self.what, why=self.why, state=state)


def _what(kind: str, size: int, lang: str = "en") -> str:
    if kind == "damage":
        return say("widgets.sw.damage", lang, size=size)
    if kind == "draw":
        return say("widgets.sw.draw_one" if size == 1 else "widgets.sw.draw", lang, size=size)
    return say("widgets.sw.destroy_one" if size == 1 else "widgets.sw.destroy", lang, size=size)


# The engine's rejections that name team A, said to the calculator's reader (team A is "your
# team"): the widget's own message for the same code and arguments (never an edit of rendered text).
_TO_READER = {"wrgp.reject.not_enough_counters": "widgets.sw.your_spc_short"}


def _reason(exc: IllegalAction, lang: str) -> str:
    """The engine's reason, said to the reader: the calculator's team A is "your team"."""
    code = _TO_READER.get(exc.code)  # type: ignore[arg-type]
    return say(code, lang, **exc.params) if code else exc.render(lang)


def speed_world_options(a: int, b: int, spc: int, lang: str = "en") -> list[SpeedWorldOption]:
    """The three effects (WRGP-SW5) for a team whose duelist is at lineup position ``a`` facing
    position ``b``, holding ``spc`` counters, in its own Main Phase (worded in ``lang``)."""
    if a < 1 or b < 1:
        raise ValueError("lineup positions start at 1")
    # A moment late enough for any counters (WRGP-SW3: 2 a Standby Phase): turn 11, team A's own turn.
    match = WrgpMatch(lineup=max(3, a, b), turn=11, player="A", phase="main1",
                      duelist={"A": a, "B": b}, spc={"A": spc, "B": 0})
    x = T.speed_world_x(a, b)
    out = []
    for cost, eff in T.SPEED_WORLD_EFFECTS.items():
        size = T.speed_world_size(cost, a, b)
        if eff.kind == "damage":
            why = say("widgets.sw.why_behind", lang, n=T.SPEED_WORLD_DAMAGE_BEHIND) if a < b else \
                say("widgets.sw.why_damage", lang, base=T.SPEED_WORLD_DAMAGE, k=1 + x)
        else:
            why = say("widgets.sw.why_count", lang, k=1 + x)
        try:
            match.copy().speed_world("A", cost)
        except IllegalAction as exc:
            out.append(SpeedWorldOption(cost, eff.kind, size, _what(eff.kind, size, lang), why, False, exc.rule,
                                        _reason(exc, lang), lang))
        else:
            out.append(SpeedWorldOption(cost, eff.kind, size, _what(eff.kind, size, lang), why, True, lang=lang))
    return out


def explain_speed_world(a: int, b: int, spc: int, lang: str = "en") -> str:
    """The calculator's answer as text (what a notebook prints, so that nbval checks it)."""
    x = T.speed_world_x(a, b)
    lines = [say("widgets.sw.explain", lang, a=a, b=b, x=x, spc=spc)]
    lines += [o.line() for o in speed_world_options(a, b, spc, lang)]
    return "\n".join(lines)


class SpeedWorldCalculator(KitWidget):
    """Sliders for a, b and the counters; a table of the three effects, recomputed on every move."""

    name_code = "widgets.name.sw"
    css_class = "rulings-kit-speed-world"

    def __init__(self, a: int = 1, b: int = 1, spc: int = 4, lineup: int = 3, lang: str = "en"):
        style = {"description_width": "150px"}
        layout = w.Layout(width="420px")
        self.lang_widget = lang_toggle(lang)
        self.a = w.IntSlider(value=a, min=1, max=lineup, style=style, layout=layout)
        self.b = w.IntSlider(value=b, min=1, max=lineup, style=style, layout=layout)
        self.spc = w.IntSlider(value=spc, min=0, max=T.SPC_MAX, style=style, layout=layout)
        self.heading = w.HTML()
        self.summary = w.HTML()
        self.result = w.HTML()
        self.options: list[SpeedWorldOption] = []
        super().__init__([self.lang_widget, self.heading, self.a, self.b, self.spc, self.summary, self.result])
        for s in (self.a, self.b, self.spc, self.lang_widget):
            s.observe(self.update, names="value")
        self.update()

    def update(self, change: object = None) -> None:
        a, b, spc, lang = self.a.value, self.b.value, self.spc.value, self.lang
        self.heading.value = say("widgets.sw.title", lang)
        self.a.description = say("widgets.sw.a", lang)
        self.b.description = say("widgets.sw.b", lang)
        self.spc.description = say("widgets.sw.spc", lang)
        self.options = speed_world_options(a, b, spc, lang)
        x = T.speed_world_x(a, b)
        self.summary.value = f"X = max(0, a − b) = max(0, {a} − {b}) = <b>{x}</b>"
        rows = [[f"{o.cost}", o.what, o.why, say("widgets.yes", lang) if o.usable else
                 say("widgets.sw.no_because", lang, reason=o.reason, rule=o.rule)] for o in self.options]
        tones = ["ok" if o.usable else "no" for o in self.options]
        head = [say(c, lang) for c in ("widgets.sw.col_cost", "widgets.sw.col_effect", "widgets.sw.col_why",
                                        "widgets.sw.col_usable")]
        self.result.value = table(head, rows, tones)
