"""The Speed World calculator: lineup positions and counters in, the effects one may use out.

:func:`speed_world_options` asks the engine itself (a :class:`WrgpMatch` set up at that moment,
in one's own Main Phase) which effects it accepts and what they do, so the calculator cannot
drift from the rules the engine plays by (WRGP-SW5).
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as w

from ..errors import IllegalAction
from ..wrgp import tables as T
from ..wrgp.engine import WrgpMatch
from ._base import KitWidget, table


@dataclass(frozen=True)
class SpeedWorldOption:
    cost: int
    kind: str           # damage | draw | destroy
    size: int           # damage dealt, cards drawn, or cards destroyed at most
    what: str           # "deal 3200 damage" ...
    why: str            # how the size comes from a, b and X
    usable: bool
    rule: str = ""      # when not usable: the rule that says no
    reason: str = ""

    def line(self) -> str:
        state = "usable" if self.usable else f"not usable [{self.rule}]: {self.reason}"
        return f"{self.cost:>2} SPC: {self.what} ({self.why}) -- {state}"


def _what(kind: str, size: int) -> str:
    if kind == "damage":
        return f"deal {size} damage to the opponent"
    if kind == "draw":
        return f"draw {size} card{'s' if size != 1 else ''}"
    return f"destroy up to {size} card{'s' if size != 1 else ''} on the field"


def speed_world_options(a: int, b: int, spc: int) -> list[SpeedWorldOption]:
    """The three effects (WRGP-SW5) for a team whose duelist is at lineup position ``a`` facing
    position ``b``, holding ``spc`` counters, in its own Main Phase."""
    if a < 1 or b < 1:
        raise ValueError("lineup positions start at 1")
    match = WrgpMatch(lineup=max(3, a, b), turn=3, player="A", phase="main1",
                      duelist={"A": a, "B": b}, spc={"A": spc, "B": 0})
    x = T.speed_world_x(a, b)
    out = []
    for cost, eff in T.SPEED_WORLD_EFFECTS.items():
        size = T.speed_world_size(cost, a, b)
        if eff.kind == "damage":
            why = f"a < b: exactly {T.SPEED_WORLD_DAMAGE_BEHIND}" if a < b else \
                f"{T.SPEED_WORLD_DAMAGE} x (1 + X) = {T.SPEED_WORLD_DAMAGE} x {1 + x}"
        else:
            why = f"1 + X = {1 + x}"
        try:
            match.copy().speed_world("A", cost)
        except IllegalAction as exc:
            out.append(SpeedWorldOption(cost, eff.kind, size, _what(eff.kind, size), why, False, exc.rule,
                                        exc.reason.replace("team A", "your team")))
        else:
            out.append(SpeedWorldOption(cost, eff.kind, size, _what(eff.kind, size), why, True))
    return out


def explain_speed_world(a: int, b: int, spc: int) -> str:
    """The calculator's answer as text (what a notebook prints, so that nbval checks it)."""
    x = T.speed_world_x(a, b)
    lines = [f"a = {a} (your duelist's lineup position), b = {b} (the opponent's), "
             f"X = max(0, {a} - {b}) = {x}; your team has {spc} SPC"]
    lines += [o.line() for o in speed_world_options(a, b, spc)]
    return "\n".join(lines)


class SpeedWorldCalculator(KitWidget):
    """Sliders for a, b and the counters; a table of the three effects, recomputed on every move."""

    label = "Speed World calculator"
    css_class = "rulings-kit-speed-world"

    def __init__(self, a: int = 1, b: int = 1, spc: int = 4, lineup: int = 3):
        style = {"description_width": "150px"}
        layout = w.Layout(width="420px")
        self.a = w.IntSlider(value=a, min=1, max=lineup, description="a (your position)", style=style,
                             layout=layout)
        self.b = w.IntSlider(value=b, min=1, max=lineup, description="b (their position)", style=style,
                             layout=layout)
        self.spc = w.IntSlider(value=spc, min=0, max=T.SPC_MAX, description="your SPC", style=style,
                               layout=layout)
        self.summary = w.HTML()
        self.result = w.HTML()
        self.options: list[SpeedWorldOption] = []
        super().__init__([w.HTML("<b>Speed World (WRGP) calculator</b> — WRGP-SW5"),
                          self.a, self.b, self.spc, self.summary, self.result])
        for s in (self.a, self.b, self.spc):
            s.observe(self.update, names="value")
        self.update()

    def update(self, change=None) -> None:
        a, b, spc = self.a.value, self.b.value, self.spc.value
        self.options = speed_world_options(a, b, spc)
        x = T.speed_world_x(a, b)
        self.summary.value = f"X = max(0, a − b) = max(0, {a} − {b}) = <b>{x}</b>"
        rows = [[f"{o.cost}", o.what, o.why, "yes" if o.usable else f"no — {o.reason} ({o.rule})"]
                for o in self.options]
        tones = ["ok" if o.usable else "no" for o in self.options]
        self.result.value = table(["SPC removed", "effect", "because", "usable now?"], rows, tones)
