"""The match drawn: a picture of a match's state for both formats, as python-chess draws a board.

>>> from rulings_lib import WrgpMatch
>>> from rulings_lib.draw import svg
>>> picture = svg(WrgpMatch())
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="en"')
True

* :func:`wrgp_svg`, :func:`tag_svg` -- one match (or its ``state()`` dict), ``lang="en"|"ja"``;
  :func:`svg` picks by format.
* :func:`scenario_svg`, :func:`step_svgs`, :func:`strip_svg` -- a scenario's final state, one
  picture per step, and all steps side by side.
* :func:`summary` -- the state in words, the same text as each picture's ``<desc>``.

Pure Python string building: no Graphviz, no Jupyter. Pictures are deterministic to the byte
(no ids, no clock, numbers written one way), so stored notebook outputs and snapshot tests can
hold them. ``import rulings_lib`` does not import this package; ``_repr_svg_`` does, when asked.
"""

from __future__ import annotations

from .scenario import Picture, html_picture, scenario_svg, step_svgs, strip_svg, write_step_svgs, write_svg
from .tag import summary as tag_summary
from .tag import tag_svg
from .wrgp import summary as wrgp_summary
from .wrgp import wrgp_svg

__all__ = ["Picture", "html_picture", "picture", "scenario_svg", "step_svgs", "strip_svg", "summary", "svg", "tag_svg", "wrgp_svg",
           "write_step_svgs", "write_svg"]


def _format(obj) -> str:
    if isinstance(obj, dict):
        return obj.get("format", "wrgp")
    from ..tag.engine import TagMatch

    return "digimon-tag" if isinstance(obj, TagMatch) else "wrgp"


def svg(obj, lang: str = "en", **kwargs) -> str:
    """The picture of a match or an outcome dict, whichever the format."""
    return tag_svg(obj, lang, **kwargs) if _format(obj) == "digimon-tag" else wrgp_svg(obj, lang, **kwargs)


def picture(obj, lang: str = "en") -> Picture:
    """A match (or outcome dict) as a :class:`Picture`: a notebook shows the drawing, its text
    form is the state in words (what nbval compares besides the SVG)."""
    return Picture(svg(obj, lang), "\n".join(summary(obj, lang)))


def summary(obj, lang: str = "en") -> list[str]:
    """The state in words (each picture's ``<desc>``), whichever the format."""
    return tag_summary(obj, lang) if _format(obj) == "digimon-tag" else wrgp_summary(obj, lang)
