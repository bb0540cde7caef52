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

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

# Each name is imported from its module when first asked for (PEP 562): ``rulings run`` words a
# WRGP final state without importing the Digimon engine, its tables or the SVG writers.
_WHERE = {"summary": "pick", "svg": "pick", "tag_svg": "tag", "wrgp_svg": "wrgp",
          **{name: "scenario" for name in ("Picture", "html_picture", "image_picture", "picture", "scenario_svg", "step_svgs",
                                           "strip_svg", "write_step_svgs", "write_svg")}}

__all__ = ["Picture", "html_picture", "image_picture", "picture", "scenario_svg", "step_svgs", "strip_svg", "summary", "svg", "tag_svg", "wrgp_svg",
           "write_step_svgs", "write_svg"]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{where}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
