"""Scenario pictures: the final state, one picture per step, a strip of small pictures, and
writing them to files (``rulings run FILE --svg OUT.svg --svg-steps DIR``)."""

from __future__ import annotations

from pathlib import Path

from ._svg import GREY, INK, Svg, esc, image_picture
from .words import check_lang, word

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any

    from ..scenario import RunResult


class Picture:
    """A picture that a notebook shows as SVG; its text form is the state in words."""

    def __init__(self, svg: str, text: str = ""):
        self.svg, self.text = svg, text

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        """The SVG as an embedded image: an untrusted notebook (a fresh clone) hides SVG outputs and
        inline ``<svg>``, but shows an ``<img>`` with embedded data."""
        return image_picture(self.svg)

    def __repr__(self) -> str:
        return self.text or "<picture>"


def picture(obj: Any, lang: str = "en") -> Picture:
    """A match (or outcome dict) as a :class:`Picture`: a notebook shows the drawing, its text
    form is the state in words (what nbval compares besides the SVG)."""
    from .pick import summary, svg

    return Picture(svg(obj, lang), "\n".join(summary(obj, lang)))


def html_picture(obj: Any, lang: str = "en", width: int = 640, css_class: str = "rulings-picture") -> str:
    """A picture (of a match, an outcome dict, or SVG text) in a ``<div>`` that keeps it at most
    ``width`` px wide and lets it shrink with the page (for widgets and the FAQ page)."""
    svg_text = obj if isinstance(obj, str) else _draw(obj, lang)
    return f'<div class="{esc(css_class)}" style="max-width:{int(width)}px;width:100%">{svg_text}</div>'


def _draw(match: Any, lang: str, title: str | None = None) -> str:
    from .pick import svg

    return svg(match, lang, title=title)


def _snapshots(result: RunResult) -> list[Any]:
    if getattr(result, "snapshots", None):
        return result.snapshots
    return result.replay().snapshots


def scenario_svg(result: Any, lang: str = "en", layout: str = "wide") -> str:
    """The final state of a scenario run (a :class:`~rulings_lib.scenario.RunResult`); ``layout="phone"``:
    the phone layout (360 wide, shown at 1:1 on a 390 px screen: no text under 12 CSS px)."""
    check_lang(lang)
    from .pick import svg

    kwargs = {"layout": layout} if layout != "wide" else {}
    return svg(result.match, lang, title=result.scenario.title_in(lang), **kwargs)


def step_svgs(result: Any, lang: str = "en") -> list[str]:
    """One picture per moment: ``[after the setup, after step 1, ..., after step n]``."""
    check_lang(lang)
    snaps = _snapshots(result)
    total = len(snaps) - 1
    out = []
    for n, snap in enumerate(snaps):
        head = word("after_setup", lang) if n == 0 else word("after_step", lang, n=n, total=total)
        out.append(_draw(snap, lang, title=f"{result.scenario.title_in(lang)}: {head}"))
    return out


def _inner(svg: str) -> tuple[str, str, str]:
    """(viewBox, title, body) of one of our pictures."""
    vb = svg.split('viewBox="', 1)[1].split('"', 1)[0]
    title = svg.split("<title>", 1)[1].split("</title>", 1)[0]
    body = svg.split("</desc>", 1)[1].rsplit("</svg>", 1)[0]
    return vb, title, body


def strip_svg(result: Any, lang: str = "en", per_row: int = 4, width: int = 240) -> str:
    """Every step's picture, small, side by side (``per_row`` a row), each labelled with its step."""
    pictures = step_svgs(result, lang)
    from .pick import summary

    snaps = _snapshots(result)
    cols = max(1, min(per_row, len(pictures)))
    rows = (len(pictures) + cols - 1) // cols
    heights = [int(_inner(p)[0].split()[3]) for p in pictures]
    cell_h = round(max(heights) * width / 640) + 22
    W, H = cols * (width + 10) + 10, rows * (cell_h + 10) + 34
    title = f"{result.scenario.title_in(lang)}: " + ", ".join(
        word("after_setup", lang) if n == 0 else word("step_short", lang, n=n) for n in range(len(pictures)))
    desc = " ".join(f"[{word('after_setup', lang) if n == 0 else word('step_short', lang, n=n)}] "
                    + " ".join(summary(s, lang)) for n, s in enumerate(snaps))
    svg = Svg(W, H, title, desc, lang)
    svg.text(10, 20, result.scenario.title_in(lang), size=14, weight="bold")
    for n, pic in enumerate(pictures):
        vb, sub_title, body = _inner(pic)
        x, y = 10 + (n % cols) * (width + 10), 30 + (n // cols) * (cell_h + 10)
        label = word("after_setup", lang) if n == 0 else word("step_short", lang, n=n)
        svg.rect(x, y, width, cell_h, fill="#ffffff", stroke=GREY)
        svg.text(x + 6, y + 14, label, size=11, weight="bold", fill=INK)
        h = round(int(vb.split()[3]) * width / 640)
        svg.parts.append(f'<svg x="{x}" y="{y + 20}" width="{width}" height="{h}" viewBox="{vb}">'
                         f"<title>{sub_title}</title>{body}</svg>")
    return svg.document()


# ---------------------------------------------------------------------- files
class OutputPathError(OSError):
    """An output path that cannot be written; the message names the path."""


def write_svg(path: str | Path, svg: str) -> Path:
    """Write a picture through the kit's one writer (:func:`rulings_lib.files.write_text`): whole
    or not at all, and only over a regular file (a FIFO or a device is refused, never replaced);
    problems are an :class:`~rulings_lib.errors.InputError` naming the path (exit 2)."""
    from ..files import write_text
    from ..i18n import Msg

    return write_text(path, svg + "\n", Msg("files.what.picture"))


def _drawing_state(match: Any) -> Any:
    """The match's state as the pictures need it, without rendering its whole event list: the
    events are read lazily, newest first (a picture looks only at the last few), so drawing the
    state after each of n steps costs O(n), not O(n²)."""
    state_of = getattr(type(match).state, "__wrapped__", None)
    if state_of is None:        # a match class whose state() is not the coded wrapper
        return match.state()
    state = state_of(match)
    if isinstance(state, dict) and "events" in state:
        state["events"] = _LazyEvents(match.events)
        if getattr(type(match), "_verdict_of", None) is not None:
            state["verdict"] = match.verdict()     # who plays next, as the verdict says
    return state


class _LazyEvents:
    """A read-only view of a match's events as dicts, each made only when looked at."""

    def __init__(self, events: Sequence[Any]) -> None:
        self._events = events

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, i: int) -> dict[str, Any]:
        return self._events[i].as_dict()  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (e.as_dict() for e in self._events)

    def __reversed__(self) -> Iterator[dict[str, Any]]:
        return (e.as_dict() for e in reversed(self._events))


def _draw_state(match: Any, lang: str, title: str) -> str:
    from .pick import svg

    kw = {}
    if getattr(match, "lineup", None) is not None:
        kw = {"lineup": match.lineup, "start_lp": getattr(match, "start_lp", None)}
    elif getattr(match, "start_points", None) is not None:
        kw = {"start_points": match.start_points}
    return svg(_drawing_state(match), lang, title=title, **kw)


def write_step_svgs(result: Any, folder: str | Path, lang: str = "en") -> list[Path]:
    """``step-00.svg`` (after the setup), ``step-01.svg``, ... into ``folder`` (created if needed).

    The scenario is played again and each picture is drawn and written as soon as its step is
    played: nothing is kept, so the time and memory grow linearly with the steps."""
    from ..files import make_folder
    from ..i18n import Msg

    check_lang(lang)
    folder = make_folder(folder, Msg("files.what.step_pictures"))
    scenario = result.scenario
    total = len(scenario.steps)
    digits = max(2, len(str(total)))
    written: list[Path] = []

    def draw(n: int, match: Any) -> None:
        head = word("after_setup", lang) if n == 0 else word("after_step", lang, n=n, total=total)
        written.append(write_svg(folder / f"step-{n:0{digits}d}.svg",
                                 _draw_state(match, lang, f"{scenario.title_in(lang)}: {head}")))

    result.replay(on_step=draw)
    return written


def cli_pictures(result: Any, svg_path: str | Path | None = None, steps_dir: str | Path | None = None,
                 lang: str = "en") -> None:
    """What ``rulings run --svg/--svg-steps`` does, in ``lang``; a path that cannot be written is an
    :class:`~rulings_lib.errors.InputError` naming it (exit 2)."""
    if svg_path is not None:
        write_svg(svg_path, scenario_svg(result, lang))
    if steps_dir is not None:
        write_step_svgs(result, steps_dir, lang)


__all__ = ["Picture", "cli_pictures", "esc", "html_picture", "scenario_svg", "step_svgs", "strip_svg", "write_step_svgs",
           "write_svg"]


def drawing_times(runs: int = 200) -> dict[str, float]:
    """Median milliseconds to draw one picture of each kind (for ``rulings bench`` and
    ``benchmarks/bench_draw.py``): a WRGP handover mid-run-on, a tag battle with a player out, and
    the same from an outcome dict (no ``state()`` call). Target: each <= 2 ms."""
    import statistics
    import time

    from ..tag.engine import TagMatch
    from ..wrgp.engine import WrgpMatch
    from .pick import svg

    w = WrgpMatch(turn=7, player="A", phase="main1", duelist={"A": 2, "B": 1}, spc={"A": 9, "B": 6})
    w.once_per_duel("A", "Spore")
    w.damage("A", to="opponent", amount=8000)
    t = TagMatch(("red", "blue"))
    t.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 100}},
              "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}})
    cases = {"WRGP match": (w, {}), "tag match": (t, {}),
             "WRGP state dict": (w.state(), {"lineup": w.lineup}), "tag state dict": (t.state(), {})}
    out = {}
    for name, (obj, kw) in cases.items():
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            svg(obj, **kw)
            times.append(time.perf_counter() - t0)
        out[name] = statistics.median(times) * 1000
    return out
