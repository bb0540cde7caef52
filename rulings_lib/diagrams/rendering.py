"""DOT source to SVG (or PNG), without needing a system Graphviz.

The renderer is found in this order:

1. ``pygraphviz`` -- its wheel bundles Graphviz, so ``pip install pygraphviz`` is enough;
2. a ``dot`` program on the PATH (``apt install graphviz``, ``brew install graphviz``);
3. in Pyodide (the site's JupyterLite edition), where neither exists: the page's own Graphviz,
   npm's ``@viz-js/viz`` shipped by ``tools/build_lite.py``, loaded into the kernel's worker.

With neither, :func:`render` raises :class:`RenderUnavailable`, whose message says how to get
one; the DOT source itself never needs a renderer.

SVG output is made deterministic: Graphviz's version comment is removed, so that the same DOT
gives byte-identical SVG from run to run (and from one Graphviz release to the next, as long as
the layout does not change).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

INSTALL_HINT = (
    "Rendering the diagrams needs Graphviz, which is not installed here. Any one of these gives it:\n"
    "  pip install pygraphviz                      (its wheel bundles Graphviz; part of the kit's extras)\n"
    "  conda install -c conda-forge pygraphviz\n"
    "  apt install graphviz                        (Debian, Ubuntu)\n"
    "  brew install graphviz                       (macOS)\n"
    "The DOT source (Diagram.source, or the .dot files) is there without it."
)


class RenderUnavailable(RuntimeError):
    """Neither pygraphviz nor a ``dot`` program is available to lay out a diagram."""

    def __init__(self, message: str = INSTALL_HINT):
        super().__init__(message)


def _pygraphviz() -> Any:
    try:
        import pygraphviz
    except (ImportError, OSError):   # not installed, or its bundled libraries do not load
        return None
    return pygraphviz


def _system_dot() -> str | None:
    return shutil.which("dot")


def renderer() -> str | None:
    """Which renderer :func:`render` would use: ``"pygraphviz"``, ``"dot"``, ``"viz.js"`` or ``None``."""
    if IN_PYODIDE:
        return "viz.js"
    if _pygraphviz() is not None:
        return "pygraphviz"
    if _system_dot():
        return "dot"
    return None


# The one place C-level stderr is written while the kit runs: the fontconfig inside the Graphviz
# that pygraphviz's wheel bundles may be older than the system's configuration files, and says so
# on file descriptor 2 the first time a process lays out a graph ("Fontconfig warning: ... unknown
# element"). In a Jupyter kernel, which captures that descriptor, the line would land in the cell
# as stderr output (and in every notebook's stored outputs). So the layout call is the place where
# it is caught: descriptor 2 goes to a temporary file for the duration of the call, and whatever is
# not that known noise is written back. With this, the notebooks run on the standard ``python3``
# kernel; no kernel with ``capture_fd_output=False`` is needed.
_NOISE = (b"Fontconfig warning:",)
# Descriptor 2 belongs to the whole process: two threads swapping it at once would lose output.
_FD2_LOCK = threading.Lock()


@contextlib.contextmanager
def _filtered_c_stderr() -> Iterator[None]:
    with _FD2_LOCK:
        try:
            saved = os.dup(2)
        except OSError:          # no file descriptor 2 (some embedded interpreters): nothing to filter
            yield
            return
        with tempfile.TemporaryFile() as tmp:
            os.dup2(tmp.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
                os.close(saved)
                tmp.seek(0)
                kept = [line for line in tmp.read().splitlines(keepends=True) if not line.startswith(_NOISE)]
                if kept:
                    os.write(2, b"".join(kept))


# ---------------------------------------------------------------- Pyodide (the JupyterLite edition)
# In the browser there is no pygraphviz and no ``dot``; the JupyterLite edition (build/site/lab/) uses
# the site's own copy of npm's @viz-js/viz (Graphviz in WebAssembly), vendor/viz.js beside lab/: one
# viz.js for pages and lab. The kernel runs in a Web Worker of the lab, so the file is found from the
# worker's own address (which lies under the lab's extensions/ folder). Loading it is asynchronous: it starts when this module is
# imported, and render() waits for it with Pyodide's run_sync (stack switching, which Chromium has)
# or uses it once loaded. The layout may differ from pygraphviz's; the DOT stays the compared form.
IN_PYODIDE = sys.platform == "emscripten"
VIZ_PATH = "../vendor/viz.js"              # from the lab's folder: the site's viz.js (tools/build_site.py)
_VIZ_READY = "__rulingsKitViz"               # the worker's global holding the loaded renderer


def _viz_url() -> str:
    import js

    here = str(js.location.href)
    cut = here.find("/extensions/")
    base = here[:cut + 1] if cut >= 0 else here.rsplit("/", 1)[0] + "/"
    return base + VIZ_PATH


def _start_viz() -> Any:
    """The promise of the loaded renderer (started once per kernel)."""
    from pyodide.code import run_js

    return run_js(f"globalThis.{_VIZ_READY}Promise ??= import({json.dumps(_viz_url())})"
                  f".then((m) => m.instance()).then((viz) => (globalThis.{_VIZ_READY} = viz))")


def _render_in_browser(source: str, format: str) -> bytes:
    import js
    from pyodide.ffi import can_run_sync, run_sync, to_js

    if format != "svg":
        raise RenderUnavailable("In the browser the diagrams are drawn as SVG only.")
    viz = getattr(js, _VIZ_READY, None)
    if viz is None:
        try:
            promise = _start_viz()
            if can_run_sync():
                viz = run_sync(promise)
        except Exception as exc:      # the file is missing or does not load: say so
            raise RenderUnavailable(f"The page's Graphviz (viz.js) did not load: {exc}") from None
    if viz is None:
        raise RenderUnavailable("The page's Graphviz (viz.js) is still loading: run the cell again.")
    try:
        return str(viz.renderString(source, to_js({"format": "svg"}, dict_converter=js.Object.fromEntries))).encode()
    except Exception as exc:          # a JavaScript error from the layout
        raise RuntimeError(f"viz.js failed: {exc}") from None


def in_lite() -> bool:
    """Is this the JupyterLite edition's kernel (whose site has viz.js)? The browser edition's
    worker draws its diagrams in the page and must not ask for a file its site does not have."""
    if not IN_PYODIDE:
        return False
    try:
        import js

        return "/extensions/" in str(js.location.href)
    except Exception:
        return False


def start_viz_in_lite() -> None:
    """Begin loading viz.js in the lab's kernel, so the first diagram seldom waits (rulings_lib.lab does it
    when the kernel starts); anywhere else, nothing."""
    if in_lite():
        try:
            _start_viz()
        except Exception:             # not in a worker of the lite site: render() says so later
            pass


def render(source: str, format: str = "svg", dpi: int | None = None) -> bytes:
    """Lay out DOT ``source`` with Graphviz's ``dot`` and return the image (``svg`` or ``png``);
    ``dpi`` sets a bitmap's resolution (72: one pixel per point, the SVG's own size)."""
    if IN_PYODIDE:
        return _render_in_browser(source, format)
    args = [f"-Gdpi={int(dpi)}"] if dpi else []
    pgv = _pygraphviz()
    if pgv is not None:
        with _filtered_c_stderr():
            return pgv.AGraph(string=source).draw(format=format, prog="dot", args=" ".join(args))  # type: ignore[no-any-return]
    dot = _system_dot()
    if dot:
        done = subprocess.run([dot, f"-T{format}", *args], input=source.encode("utf-8"), capture_output=True,
                              check=False)
        if done.returncode != 0:
            raise RuntimeError(f"dot failed: {done.stderr.decode('utf-8', 'replace').strip()}")
        return done.stdout
    raise RenderUnavailable()


_VERSION_COMMENT = re.compile(r"<!-- Generated by graphviz version [^>]*-->\n?")


def normalize_svg(svg: str) -> str:
    """Remove what varies between Graphviz runs and releases but not between layouts."""
    return _VERSION_COMMENT.sub("", svg.replace("\r\n", "\n"))


def render_svg(source: str) -> str:
    """DOT ``source`` as deterministic SVG text."""
    return normalize_svg(render(source, "svg").decode("utf-8"))
