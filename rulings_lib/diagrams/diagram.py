"""The :class:`Diagram`: nodes, edges and clusters that know their rule ids, drawn with Graphviz.

A diagram is first a small model (``nodes``, ``edges``, ``clusters``: what the tests and the
path highlighter read), then a ``graphviz.Digraph`` made from it (``.graph``, ``.source``), then
a picture (``.svg()``, ``_repr_svg_`` in Jupyter).
"""

from __future__ import annotations

from pathlib import Path

from ..draw._svg import image_picture
from ..draw._svg import label_escape as escape
from ..extras import require
from ..values import Value, field
from . import style as S
from .rendering import INSTALL_HINT, RenderUnavailable, render, render_svg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

graphviz = require("graphviz", "rulings_lib.diagrams")   # the [kit] extra

TONES = {
    None: (S.INK, None),
    "allowed": (S.ALLOWED, S.ALLOWED_FILL),
    "forbidden": (S.FORBIDDEN, S.FORBIDDEN_FILL),
    "muted": (S.MUTED, None),
    "path": (S.PATH, S.PATH_FILL),
    "here": (S.HERE, S.HERE_FILL),
    "order": (S.RULE, S.ORDER_FILL),
}


class Row(Value):
    """One line of a node's label. ``key`` names what the row stands for (an action kind, a
    seat, a zone ...), so tests and the path highlighter can find it; ``tone`` colours it."""

    text: str
    tone: str | None = None
    key: str | None = None
    bold: bool = False
    badge: str = ""           # a scenario path's step numbers, shown in front

    def html(self, width: int) -> str:
        ink, fill = TONES[self.tone]
        body = S.html_lines(self.text, width)
        if self.bold:
            body = f"<B>{body}</B>"
        if self.badge:
            body = f'<FONT COLOR="{S.PATH}"><B>{escape(self.badge, quote=False)}</B></FONT> {body}'
        bg = f' BGCOLOR="{fill}"' if fill else ""
        return (f'<TR><TD ALIGN="LEFT" BALIGN="LEFT"{bg}><FONT COLOR="{ink}">{body}</FONT></TD></TR>')


class Node(Value):
    id: str
    title: str
    rules: tuple[str, ...] = ()
    rows: list[Row] = field(default_factory=list)
    kind: str = "phase"       # phase | runon | note | decision | end | table
    cluster: str | None = None
    tooltip: str = ""
    width: int = S.WRAP
    badge: str = ""           # a scenario path's step numbers
    tone: str | None = None   # "path" / "here" when highlighted
    group: str = ""           # nodes of one group are kept in a straight line

    @property
    def text(self) -> str:
        """The label as plain text (one line per row), for tests and text output."""
        parts = [self.title]
        if self.rules:
            parts.append(S.rules_text(self.rules))
        parts.extend(r.text for r in self.rows)
        return "\n".join(parts)

    def label(self, compact: bool = False) -> str:
        """The HTML-like label. ``compact``: the title and rule ids only, plus rows on a path."""
        width = min(self.width, S.COMPACT_WRAP) if compact else self.width
        head = S.html_lines(self.title, width)
        if self.badge:
            head = f'<FONT COLOR="{S.PATH}">{escape(self.badge, quote=False)}</FONT> {head}'
        rows = [f'<TR><TD ALIGN="LEFT" BALIGN="LEFT"><B>{head}</B></TD></TR>']
        if self.rules:
            rows.append(f'<TR><TD ALIGN="LEFT"><FONT COLOR="{S.RULE}" POINT-SIZE="{S.SMALL_SIZE}">'
                        f'{escape(S.rules_text(self.rules), quote=False)}</FONT></TD></TR>')
        shown = [r for r in self.rows if r.badge] if compact else self.rows
        rows.extend(r.html(width) for r in shown)
        return ('<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">'
                + "".join(rows) + "</TABLE>>")

    def attrs(self) -> dict[str, str]:
        fill = {"phase": S.PHASE_FILL, "runon": S.RUNON_FILL, "note": S.NOTE_FILL, "table": "white",
                "decision": S.DECISION_FILL, "end": S.END_FILL}[self.kind]
        a = {"fillcolor": fill}
        if self.kind == "note":
            a["style"] = "filled"
            a["color"] = S.MUTED
        if self.kind == "decision":
            a["style"] = "filled"      # square corners: a branch of the rules, not a phase
        if self.tone:
            ink, tone_fill = TONES[self.tone]
            a.update(color=ink, penwidth="2.6" if self.tone == "path" else "3.2")
            a["fillcolor"] = tone_fill  # type: ignore[assignment]
        if self.tooltip:
            a["tooltip"] = self.tooltip
        if self.group:
            a["group"] = self.group
        return a


class Edge(Value):
    tail: str
    head: str
    label: str = ""
    rules: tuple[str, ...] = ()
    style: str = "flow"       # flow | note | branch | back
    ltail: str | None = None  # a cluster the edge seems to leave from
    lhead: str | None = None  # a cluster the edge seems to enter
    badge: str = ""           # a scenario path's step numbers
    taken: bool = False

    @property
    def text(self) -> str:
        rid = S.rules_text(self.rules)
        return " ".join(p for p in (self.label, f"({rid})" if rid else "") if p)

    def attrs(self, compact: bool = False) -> dict[str, str]:
        a: dict[str, str] = {}
        if self.style == "note":
            a.update(S.NOTE_EDGE)
        elif self.style == "branch":
            a["style"] = "dashed"
        elif self.style == "back":
            # Drawn as head -> tail with the arrow reversed, so that the layout ranks it like a
            # forward edge and routes it close to the nodes (see Diagram.graph).
            a.update(dir="back", style="dashed")
        elif self.style == "invis":
            return {"style": "invis"}
        ltail, lhead = (self.lhead, self.ltail) if self.style == "back" else (self.ltail, self.lhead)
        if ltail:
            a["ltail"] = ltail
        if lhead:
            a["lhead"] = lhead
        if self.taken:
            a.update(S.PATH_EDGE)
            a["style"] = "solid"
        text = S.rules_text(self.rules) if compact else self.text
        if text or self.badge:
            body = escape(S.edge_text(text), quote=False).replace("\n", "<BR/>") if text else ""
            if self.badge:
                badge = f'<FONT COLOR="{S.PATH}" POINT-SIZE="{S.FONT_SIZE}"><B>{escape(self.badge, quote=False)}</B></FONT>'
                body = f"{badge}<BR/>{body}" if body else badge
            a["label"] = f"<{body}>"
        return a


class Cluster(Value):
    id: str
    title: str
    parent: str | None = None
    kind: str = "plain"       # plain | runon
    note: str = ""

    def attrs(self) -> dict[str, str]:
        label = f"<B>{escape(self.title, quote=False)}</B>"
        if self.note:
            label += f'<BR/><FONT POINT-SIZE="{S.SMALL_SIZE}">{escape(self.note, quote=False)}</FONT>'
        a = dict(S.CLUSTER_ATTR, label=f"<{label}>")
        if self.kind == "runon":
            a.update(style="rounded,filled", fillcolor="#fffaf3", color="#d9a25f")
        return a


class Diagram:
    """A diagram built from an engine's tables. In Jupyter it draws itself (SVG)."""

    def __init__(self, name: str, title: str, *, note: str = "", compact: bool = False, lang: str = "en"):
        self.name = name
        self.lang = lang          # the labels' language: "ja" draws with a Japanese font
        self.title = title
        self.note = note
        self.compact = compact    # labels show titles and rule ids only (a map to draw a path on)
        self.nodes: dict[str, Node] = {}
        self.edges: list[Edge] = []
        self.clusters: dict[str, Cluster] = {}
        self.ranks: list[tuple[str, ...]] = []   # groups of nodes drawn side by side
        self._svg: str | None = None

    # ---------------------------------------------------------------- building
    def node(self, id: str, title: str, rules: Iterable[str] = (), rows: Iterable[Row | str] = (), **kw: Any) -> Node:
        if id in self.nodes:
            raise ValueError(f"{self.name}: node {id!r} twice")
        rows = [r if isinstance(r, Row) else Row(r) for r in rows]
        n = Node(id, title, tuple(rules), rows, **kw)  # type: ignore[arg-type]
        if n.cluster is not None and n.cluster not in self.clusters:
            raise ValueError(f"{self.name}: node {id!r} in unknown cluster {n.cluster!r}")
        self.nodes[id] = n
        self._svg = None
        return n

    def edge(self, tail: str, head: str, label: str = "", rules: Iterable[str] = (), **kw: Any) -> Edge:
        for end in (tail, head):
            if end not in self.nodes:
                raise ValueError(f"{self.name}: edge to unknown node {end!r}")
        e = Edge(tail, head, label, tuple(rules), **kw)
        self.edges.append(e)
        self._svg = None
        return e

    def cluster(self, id: str, title: str, parent: str | None = None, **kw: Any) -> Cluster:
        if not id.startswith("cluster_"):
            raise ValueError("Graphviz draws a box only around subgraphs named cluster_...")
        c = Cluster(id, title, parent, **kw)
        self.clusters[id] = c
        return c

    def same_rank(self, *ids: str) -> None:
        """Draw these nodes side by side (same rank)."""
        for i in ids:
            if i not in self.nodes:
                raise ValueError(f"{self.name}: unknown node {i!r}")
        self.ranks.append(ids)

    def in_cluster(self, node_id: str, cluster_id: str) -> bool:
        """Is the node inside the cluster (directly or in a cluster nested in it)?"""
        c = self.nodes[node_id].cluster
        while c is not None:
            if c == cluster_id:
                return True
            c = self.clusters[c].parent
        return False

    # ---------------------------------------------------------------- Graphviz
    @property
    def graph(self) -> graphviz.Digraph:  # type: ignore[name-defined]
        """The diagram as a ``graphviz.Digraph`` (made afresh from the model each time)."""
        graph_attr, node_attr, edge_attr = dict(S.GRAPH_ATTR), dict(S.NODE_ATTR), dict(S.EDGE_ATTR)
        if self.lang != "en":
            font = S.fonts(self.lang)[0]
            for attrs in (graph_attr, node_attr, edge_attr):
                attrs["fontname"] = font
        g = graphviz.Digraph(self.name, graph_attr=graph_attr, node_attr=node_attr, edge_attr=edge_attr)
        rows = [f'<TR><TD ALIGN="LEFT"><B>{escape(self.title, quote=False)}</B></TD></TR>']
        if self.note:
            rows.append(f'<TR><TD ALIGN="LEFT" BALIGN="LEFT"><FONT POINT-SIZE="{S.SMALL_SIZE}" COLOR="{S.MUTED}">'
                        f'{S.html_lines(self.note, S.NOTE_WRAP)}</FONT></TD></TR>')
        g.attr(label='<<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="1">' + "".join(rows) + "</TABLE>>")
        self._emit(g, None)
        for ids in self.ranks:
            g.body.append("\t{rank=same; " + " ".join(graphviz.quoting.quote(i) for i in ids) + "}\n")
        for e in self.edges:
            tail, head = (e.head, e.tail) if e.style == "back" else (e.tail, e.head)
            g.edge(tail, head, **e.attrs(self.compact))
        return g

    def _emit(self, g: Any, parent: str | None) -> None:
        for n in self.nodes.values():
            if n.cluster == parent:
                g.node(n.id, n.label(self.compact), **n.attrs())
        for c in self.clusters.values():
            if c.parent == parent:
                with g.subgraph(name=c.id) as sub:
                    attrs = c.attrs()
                    if self.lang != "en":
                        attrs["fontname"] = S.fonts(self.lang)[1]
                    sub.attr(**attrs)
                    self._emit(sub, c.id)

    @property
    def source(self) -> str:
        """The DOT source (what ``rulings diagrams`` writes to ``<name>.dot``)."""
        return self.graph.source  # type: ignore[no-any-return]

    def svg(self) -> str:
        """The rendered SVG text (deterministic). Raises :class:`RenderUnavailable` without Graphviz."""
        if self._svg is None:
            self._svg = render_svg(self.source)
        return self._svg

    def png(self, dpi: int | None = None) -> bytes:
        """The diagram as a PNG image (to look at it outside a browser); ``dpi`` 72 is the SVG's size."""
        return render(self.source, "png", dpi)

    def save(self, folder: str | Path = ".", *, svg: bool = True) -> list[Path]:
        """Write ``<name>.dot`` (and ``<name>.svg``) into ``folder``; return the paths written."""
        from ..files import make_folder, write_text
        from ..i18n import Msg

        folder = make_folder(folder, Msg("files.what.diagrams"))     # the kit's one writer
        written = [write_text(folder / f"{self.name}.dot", self.source, Msg("files.what.diagram"))]
        if svg:
            written.append(write_text(folder / f"{self.name}.svg", self.svg(), Msg("files.what.diagram")))
        return written

    # ---------------------------------------------------------------- Jupyter
    def _repr_svg_(self) -> str | None:
        try:
            return self.svg()
        except RenderUnavailable:
            return None

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        """SVG, and the same SVG as an embedded image in HTML: an untrusted notebook (a fresh clone)
        shows no SVG output in JupyterLab, but renders the sanitized HTML, which keeps an ``<img>``
        with embedded data; GitHub and VS Code show the SVG. (A PNG beside it would do too, at eight
        times the size: the notebooks and the browser edition's lab carry every stored picture.)"""
        try:
            svg = self.svg()
        except RenderUnavailable:
            hint = INSTALL_HINT.replace("\n", "\n    ")
            return {"text/plain": f"{self!r}\n    {hint}"}
        return {"image/svg+xml": svg, "text/html": image_picture(svg, width=self._width())}

    def _width(self) -> int:
        """The SVG's own width in px (its ``width="...pt"``: a point is shown as a CSS pixel), for the
        embedded image's largest size."""
        import re

        m = re.search(r'<svg[^>]*\bwidth="([0-9.]+)pt"', self.svg())
        return max(1, round(float(m.group(1)))) if m else 640

    def __repr__(self) -> str:
        return f"<Diagram {self.name}: {len(self.nodes)} nodes, {len(self.edges)} edges>"
