"""How the diagrams look: fonts, colours, layout direction.

One place for every visual choice, so that all diagrams look alike and stay legible at notebook
width (about 900 px): top-to-bottom flow, wrapped labels, a sans-serif font at 11-12 pt.
Nothing here knows any rule; the rules come from the engines' tables.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Iterable

from ..draw._svg import label_escape as escape

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
# Japanese labels: Graphviz needs a font with the kana and kanji to size the boxes (Debian's
# fonts-noto-cjk; `dev` installs it where it can). The DOT names it; the SVG falls back to the
# reader's sans-serif, which every browser has with Japanese.
FONT_JA = "Noto Sans CJK JP"
FONT_JA_BOLD = "Noto Sans CJK JP Bold"
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


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


_TOKENS = re.compile(r"[A-Za-z0-9_.\-+/:#()'<>=≥−×]+|.")
_NO_START = set("、。）」・ー")
_NO_END = set("（「")


def _cols(text: str) -> int:
    return sum(2 if _wide(c) else 1 for c in text)


def _wrap_cjk(text: str, width: int) -> list[str]:
    """Japanese text wrapped by display width (a kana or kanji is two columns): a line may end
    anywhere, preferably after 、。）or a space; a run of Latin letters or digits is not split."""
    lines: list[str] = []
    line, cols = "", 0
    tokens = [m.group() for m in _TOKENS.finditer(text)]
    for tok in tokens:
        w = _cols(tok)
        if cols + w > width and line.strip() and tok not in _NO_START:   # 、。）may overhang the line
            cut = max(line.rfind(p) for p in "、。）」 ")
            if cut >= len(line) // 2:       # break after the punctuation if it is not too early
                lines.append(line[:cut + 1].rstrip())
                line = line[cut + 1:].lstrip()
            else:
                carry = ""
                while line and line[-1] in _NO_END:   # an opening bracket goes down with what it opens
                    carry, line = line[-1] + carry, line[:-1]
                lines.append(line.rstrip())
                line = carry
            cols = _cols(line)
        if not line and tok == " ":
            continue
        line += tok
        cols += w
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def wrap(text: str, width: int = WRAP) -> list[str]:
    """Split ``text`` into lines of at most ``width`` characters (words are not broken); Japanese
    text by display width (:func:`_wrap_cjk`)."""
    if any(_wide(c) for c in text):
        return _wrap_cjk(text, width)
    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def fonts(lang: str) -> tuple[str, str]:
    """The regular and bold font names for labels in ``lang``."""
    return (FONT_JA, FONT_JA_BOLD) if lang == "ja" else (FONT, FONT_BOLD)


def html_lines(text: str, width: int = WRAP) -> str:
    """``text`` wrapped and escaped for a Graphviz HTML-like label (lines joined by <BR/>)."""
    return '<BR ALIGN="LEFT"/>'.join(escape(line, quote=False) for line in wrap(text, width)) + '<BR ALIGN="LEFT"/>'


def edge_text(text: str, width: int = EDGE_WRAP) -> str:
    """A plain (non-HTML) edge label, wrapped with Graphviz's centred line breaks."""
    return "\n".join(wrap(text, width))


def rules_text(rules: Iterable[str]) -> str:
    """Rule ids as they appear in labels: ``"WRGP-F5 · WRGP-H9"``."""
    return " \u00b7 ".join(rules)
