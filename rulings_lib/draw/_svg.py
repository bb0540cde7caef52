"""A tiny SVG writer: elements as text, attributes in a fixed order, numbers formatted one way.

No ids, no randomness, no clock: the same drawing calls give the same bytes. Every picture is
``role="img"`` with a ``<title>`` and a ``<desc>`` (the state in words) and a ``viewBox``, so it
scales down (to 320 px wide on a phone) and a screen reader reads the state.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any


def escape(text: str, quote: bool = True) -> str:
    """``html.escape`` (the same five replacements), without importing :mod:`html`, whose entity
    table (2,000 names) ``rulings run`` would otherwise load just to word a final state."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text

FONT = "DejaVu Sans, IPAGothic, Noto Sans CJK JP, Hiragino Sans, Arial, sans-serif"
INK = "#111111"
GREY = "#777777"
LIGHT = "#dddddd"
PAPER = "#ffffff"


def num(v: float) -> str:
    """One way to write a number: integers as integers, others with at most 2 decimals."""
    if isinstance(v, int):
        return str(v)
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# What XML 1.0 cannot hold at all, not even as a character reference: C0 controls but tab, LF and
# CR; lone surrogates; U+FFFE and U+FFFF. A title written with YAML escapes ("\x07", "\0") may
# bring them; they are shown as visible escapes (``\x07``), so the document stays well-formed.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _visible(match: re.Match[str]) -> str:
    ch = match.group()
    return f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"


def xml_text(text: object) -> str:
    """``text`` with every character XML cannot hold replaced by a visible escape (not escaped for
    markup: see :func:`esc`). Used for SVG text and Graphviz's HTML-like labels alike."""
    text = str(text)
    return _NOT_XML.sub(_visible, text) if _NOT_XML.search(text) else text


def label_escape(text: object, quote: bool = False) -> str:
    """Text for a Graphviz HTML-like label (an XML fragment): as :func:`esc`, quotes kept by default."""
    return escape(xml_text(text), quote=quote)


def esc(text: object) -> str:
    """Text for an SVG element or attribute: markup escaped, characters XML cannot hold made visible."""
    return escape(xml_text(text), quote=True)


def image_picture(svg_text: str, width: int = 640, css_class: str = "rulings-picture") -> str:
    """SVG text as an ``<img>`` with the SVG embedded (a ``data:`` URL), at most ``width`` px wide:
    what a stored notebook output can show before the notebook is trusted. JupyterLab's sanitizer
    removes inline ``<svg>`` from an untrusted HTML output but keeps embedded images."""
    import base64

    data = base64.b64encode(svg_text.encode("utf-8")).decode("ascii")
    return (f'<div class="{esc(css_class)}" style="max-width:{int(width)}px;width:100%">'
            f'<img src="data:image/svg+xml;base64,{data}" style="max-width:100%;height:auto"/></div>')


def clip(text: str, limit: int) -> str:
    """Shorten a long name so it stays inside its box."""
    text = str(text)
    return text if len(text) <= limit else text[: max(1, limit - 1)] + "…"


def wrap(text: str, limit: int) -> list[str]:
    """A text in lines of at most ``limit`` characters, broken at spaces (or anywhere in a text
    without spaces, as Japanese is written)."""
    text = str(text)
    if len(text) <= limit:
        return [text]
    if " " not in text:
        return [text[i:i + limit] for i in range(0, len(text), limit)]
    lines, line = [], ""
    for w in text.split(" "):
        while len(w) > limit:                  # a word longer than a line
            if line:
                lines.append(line)
                line = ""
            lines.append(w[:limit])
            w = w[limit:]
        if line and len(line) + 1 + len(w) > limit:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return lines


# The phone layouts: drawn 360 units wide to be shown at 1:1 on a 390 px screen, so no text is
# under 12 CSS px there (13 leaves room for a page's margins).
PHONE_WIDTH = 360
PHONE_FONT = 13


class Svg:
    """Elements are appended in drawing order; :meth:`text` returns the whole document."""

    def __init__(self, width: int, height: int, title: str, desc: str, lang: str = "en", min_font: int = 0):
        self.width, self.height = width, height
        self.title, self.desc, self.lang = title, desc, lang
        self.min_font = min_font        # the phone layouts: no text smaller than this (in px at 1:1)
        self.parts: list[str] = []

    def _el(self, tag: str, attrs: dict[str, Any], body: str | None = None) -> None:
        items = "".join(f' {k.replace("_", "-")}="{v if isinstance(v, str) else num(v)}"'
                        for k, v in attrs.items() if v is not None)
        self.parts.append(f"<{tag}{items}/>" if body is None else f"<{tag}{items}>{body}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str = PAPER, stroke: str = INK, width: float = 1,
             dash: str | None = None, rx: float | None = None) -> None:
        self._el("rect", {"x": x, "y": y, "width": w, "height": h, "rx": rx, "fill": fill, "stroke": stroke,
                          "stroke_width": width, "stroke_dasharray": dash})

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, width: float = 1,
             dash: str | None = None) -> None:
        self._el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke, "stroke_width": width,
                          "stroke_dasharray": dash})

    def circle(self, cx: float, cy: float, r: float, fill: str = PAPER, stroke: str = INK, width: float = 1) -> None:
        self._el("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke, "stroke_width": width})

    def path(self, d: str, fill: str = "none", stroke: str = INK, width: float = 1) -> None:
        self._el("path", {"d": d, "fill": fill, "stroke": stroke, "stroke_width": width})

    def text(self, x: float, y: float, content: object, size: float = 12, weight: str | None = None, fill: str = INK,
             anchor: str | None = None, italic: bool = False) -> None:
        size = max(size, self.min_font)
        self._el("text", {"x": x, "y": y, "font_size": size, "font_weight": weight, "fill": fill,
                          "text_anchor": anchor, "font_style": "italic" if italic else None}, esc(content))

    def cross(self, x: float, y: float, w: float, h: float, width: float = 2) -> None:
        """Two diagonals over a box: the mark for a duelist or player who is out."""
        self.line(x + 3, y + 3, x + w - 3, y + h - 3, width=width)
        self.line(x + 3, y + h - 3, x + w - 3, y + 3, width=width)

    def bar(self, x: float, y: float, w: float, h: float, value: float, top: float) -> None:
        """A gauge: outline, a solid part for ``value`` of ``top``, tick marks at quarters."""
        top = max(1, top)
        frac = max(0.0, min(1.0, value / top))
        self.rect(x, y, w, h, fill=PAPER)
        if frac > 0:
            self.rect(x, y, round(w * frac, 2), h, fill="#444444", stroke="none", width=0)
        for q in (1, 2, 3):
            self.line(x + w * q / 4, y + h, x + w * q / 4, y + h + 3, stroke=INK)

    def document(self) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{esc(self.lang)}" '
                f'viewBox="0 0 {self.width} {self.height}" width="{self.width}" height="{self.height}" '
                f'style="max-width:100%;height:auto" font-family="{FONT}">')
        return "".join([head, f"<title>{esc(self.title)}</title>", f"<desc>{esc(self.desc)}</desc>",
                        f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="{PAPER}"/>',
                        *self.parts, "</svg>"])
