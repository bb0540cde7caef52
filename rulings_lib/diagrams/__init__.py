"""Phase diagrams drawn with Graphviz from the engines' own tables.

The pictures cannot disagree with the engines: every phase, rule id, seat order and permission
in them is read from the same tables the engines play by (``rulings_lib.wrgp.tables``,
``rulings_lib.tag.tables``), and a scenario's path is read from the events the engine recorded.

>>> from rulings_lib.diagrams import wrgp_turn, scenario_path
>>> wrgp_turn()
<Diagram wrgp-turn: 10 nodes, 13 edges>
>>> from rulings_lib.examples import example_path
>>> scenario_path(example_path("power-bond-handover"), upto=3)
<Diagram power-bond-handover-path-step3: 27 nodes, 38 edges>

Each function returns a :class:`Diagram`: ``.source`` is the DOT text, ``.svg()`` the picture
(``_repr_svg_`` draws it in Jupyter), ``.save(folder)`` writes both. Rendering uses pygraphviz
(its wheel bundles Graphviz) or else a ``dot`` program; without either, the DOT source is still
there and :class:`RenderUnavailable` says how to install one.

This package imports ``graphviz``; ``import rulings_lib`` does not import this package.
"""

from __future__ import annotations

from pathlib import Path

from .diagram import Diagram, Edge, Node, Row
from .path import PathTrace, Visit, scenario_path, trace
from .rendering import INSTALL_HINT, RenderUnavailable, render, render_svg, renderer
from .tag import tag_next_turn, tag_turn
from .wrgp import wrgp_handover, wrgp_relay, wrgp_turn

# The scenario whose path `rulings diagrams` draws as an example (the source's third example).
EXAMPLE_SCENARIO = "power-bond-handover"


def example_scenario() -> Path:
    """The built-in scenario file of :data:`EXAMPLE_SCENARIO`."""
    from ..scenario import builtin_scenarios
    from ..wrgp.tables import FORMAT

    for path in builtin_scenarios(FORMAT):
        if path.stem == EXAMPLE_SCENARIO:
            return path
    raise FileNotFoundError(f"built-in scenario {EXAMPLE_SCENARIO}.yaml is missing")


def all_diagrams() -> list[Diagram]:
    """Every diagram ``rulings diagrams`` writes, in a fixed order: the phase diagrams and the
    example path in English, then the phase diagrams in Japanese (``<name>.ja``)."""
    return [
        wrgp_turn(),
        wrgp_handover(),
        tag_turn(),
        tag_next_turn(),
        scenario_path(example_scenario()),
        *japanese_diagrams(),
    ]


def japanese_diagrams() -> list[Diagram]:
    """The phase diagrams with Japanese labels, from the same tables."""
    return [wrgp_turn(lang="ja"), wrgp_handover(lang="ja"), tag_turn(lang="ja"), tag_next_turn(lang="ja")]


__all__ = [
    "EXAMPLE_SCENARIO", "INSTALL_HINT", "Diagram", "Edge", "Node", "PathTrace", "RenderUnavailable", "Row",
    "Visit", "all_diagrams", "example_scenario", "japanese_diagrams", "render", "render_svg", "renderer", "scenario_path",
    "tag_next_turn", "tag_turn", "trace", "wrgp_handover", "wrgp_relay", "wrgp_turn",
]
