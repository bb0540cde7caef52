"""How the diagrams look: fonts, colours, layout direction.

One place for every visual choice, so that all diagrams look alike and stay legible at notebook
width (about 900 px): top-to-bottom flow, wrapped labels, a sans-serif font at 11-12 pt.
Nothing here knows any rule; the rules come from the engines' tables.
"""

from __future__ import annotations

import textwrap
from html import escape

# Layout.
RANKDIR = "TB"          # top to bottom: narrow enough for a notebook column
NODESEP = "0.35"
RANKSEP = "0.45"
WRAP = 46               # characters per line in a node label
EDGE_WRAP = 28          # characters per line in an edge label
COMPACT_WRAP = 30        # characters per line in a compact diagram's labels
NOTE_WRAP = 100         # characters per line in a diagram's note (under its title)

# Type. "Helvetica" is mapped by Graphviz to the system's sans-serif (DejaVu Sans, Arial,
# Liberation Sans ...) and written to the SVG as "Helvetica,sans-Serif", which every browser has.
FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"
FONT_SIZE = "12"
SMALL_SIZE = "10"
TITLE_SIZE = "15"

# Colours (colour-blind safe: blue/orange/grey; green and red only with a word next to them).
INK = "#222222"
MUTED = "#6b6b6b"
RULE = "#1f4e9c"            # rule ids
PHASE_FILL = "#eef3fb"
RUNON_FILL = "#fdf1e3"
NOTE_FILL = "#f7f7f7"
DECISION_FILL = "#fff8d6"
ORDER_FILL = "#dde7f7"         # a seat order (tag battle)
END_FILL = "#e8e8e8"
ALLOWED = "#1b7a36"          # "may" -- also what is handed over
ALLOWED_FILL = "#e3f4e6"
FORBIDDEN = "#b3261e"        # "may not" -- also what is not handed over
FORBIDDEN_FILL = "#fbe5e3"
CLUSTER_LINE = "#9aa7b8"
PATH = "#e66100"             # a scenario's path
PATH_FILL = "#ffe0c2"
HERE = "#5d3a9b"             # "where we are" after the last step shown
HERE_FILL = "#e6dcf5"

GRAPH_ATTR = {
    "rankdir": RANKDIR,
    "nodesep": NODESEP,
    "ranksep": RANKSEP,
    "fontname": FONT,
    "fontsize": TITLE_SIZE,
    "fontcolor": INK,
    "labelloc": "t",
    "labeljust": "l",
    "compound": "true",     # edges may start or end at a cluster's border (ltail/lhead)
    "ordering": "out",      # out-edges keep the order they are written in (left to right)
    "newrank": "true",
    "bgcolor": "white",
    "pad": "0.2",
}
NODE_ATTR = {
    "shape": "box",
    "style": "rounded,filled",
    "fillcolor": PHASE_FILL,
    "color": INK,
    "fontname": FONT,
    "fontsize": FONT_SIZE,
    "fontcolor": INK,
    "margin": "0.12,0.06",
    "penwidth": "1",
}
EDGE_ATTR = {
    "fontname": FONT,
    "fontsize": SMALL_SIZE,
    "fontcolor": INK,
    "color": INK,
    "arrowsize": "0.7",
}
CLUSTER_ATTR = {
    "style": "rounded,dashed",
    "color": CLUSTER_LINE,
    "fontname": FONT_BOLD,
    "fontsize": FONT_SIZE,
    "fontcolor": MUTED,
    "margin": "10",
}
NOTE_EDGE = {"style": "dashed", "color": MUTED, "fontcolor": MUTED}
PATH_EDGE = {"color": PATH, "fontcolor": PATH, "penwidth": "2.6"}

ARROW = "\u2192"    # →


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Split ``text`` into lines of at most ``width`` characters (words are not broken)."""
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def html_lines(text: str, width: int = WRAP) -> str:
    """``text`` wrapped and escaped for a Graphviz HTML-like label (lines joined by <BR/>)."""
    return '<BR ALIGN="LEFT"/>'.join(escape(line, quote=False) for line in wrap(text, width)) + '<BR ALIGN="LEFT"/>'


def edge_text(text: str, width: int = EDGE_WRAP) -> str:
    """A plain (non-HTML) edge label, wrapped with Graphviz's centred line breaks."""
    return "\n".join(wrap(text, width))


def rules_text(rules) -> str:
    """Rule ids as they appear in labels: ``"WRGP-F5 · WRGP-H9"``."""
    return " \u00b7 ".join(rules)
