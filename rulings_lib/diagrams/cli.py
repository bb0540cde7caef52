"""``rulings diagrams [--out DIR] [--check]``: write every diagram as SVG and DOT, or check them.

* Without ``--check``: writes ``<name>.dot`` and ``<name>.svg`` for each diagram into ``--out``
  (default ``diagrams``). Without a Graphviz renderer it writes the ``.dot`` files, says how to
  get one, and exits 0.
* ``--check`` (maintainers, in a checkout: without ``--out`` it checks the checkout's ``diagrams/``,
  and outside a checkout it is refused, exit 2): writes nothing; exits 1 if a ``.dot`` file in ``--out`` is missing or differs from
  what the engines' tables give now (the SVGs are not compared: their text layout depends on the
  fonts of the machine that drew them).
"""

from __future__ import annotations

import sys
from pathlib import Path

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Iterable

    from .diagram import Diagram

EXIT_OK, EXIT_FAILED, EXIT_INPUT = 0, 1, 2


def _err(message: str) -> None:
    print(f"rulings: {message}", file=sys.stderr)


# A committed .dot file is a few KB; the cap only keeps a wrong file from being read whole.
MAX_DOT_BYTES = 4 * 1024 * 1024


def stale_sources(diagrams: Iterable[Diagram], folder: Path) -> list[tuple[Path, str]]:
    """The ``.dot`` files in ``folder`` that are missing or differ: ``(path, "missing" | "differs")``.

    Each is read through the kit's one file reader: a file that is not UTF-8, cannot be read
    (no permission) or is not a regular file is an InputError naming it (exit 2)."""
    from ..files import read_text
    from ..i18n import Msg

    folder = Path(folder)
    bad = []
    for d in diagrams:
        path = folder / f"{d.name}.dot"
        if not path.exists() and not path.is_symlink():
            bad.append((path, "missing"))
        elif read_text(path, MAX_DOT_BYTES, Msg("files.expected.dot")) != d.source:
            bad.append((path, "differs"))
    return bad


def checkout() -> Path | None:
    """The kit's source checkout this package runs from (its folder holds pyproject.toml and the
    committed diagrams/), or None for an installed kit."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "diagrams").is_dir() else None


def cli_diagrams(args: argparse.Namespace) -> int:
    from ..extras import MissingExtra, require
    from ..i18n import default_lang

    lang = default_lang(getattr(args, "lang", None))
    try:
        require("graphviz", "rulings diagrams")
        from . import all_diagrams
        from .rendering import RenderUnavailable, renderer
    except MissingExtra as exc:   # the graphviz Python package is not installed: say which extra brings it
        _err(exc.render(lang, "rulings diagrams"))
        return EXIT_INPUT
    if args.out is None and args.check:
        # A maintainers' check of a checkout's committed diagrams/ (tests/test_diagrams.py): outside a
        # checkout there is nothing committed to compare, and "9 of 9 out of date" would only mislead.
        if checkout() is None:
            from ..i18n import render

            _err(render("cli.diagrams.check_not_checkout", {}, lang))
            return EXIT_INPUT
        args.out = str(checkout() / "diagrams")  # type: ignore[operator]
    out = Path(args.out if args.out is not None else "diagrams")
    diagrams = all_diagrams()

    if args.check:
        bad = stale_sources(diagrams, out)
        names = {f"{d.name}.dot" for d in diagrams}
        extra = sorted(p for p in out.glob("*.dot") if p.name not in names) if out.is_dir() else []
        for path, why in bad:
            print(f"{path}: {why}")
        for path in extra:
            print(f"{path}: not a diagram any more (remove it)")
        if bad:
            print(f"{len(bad)} of {len(diagrams)} diagram sources are out of date with the engines' tables; "
                  f"run `rulings diagrams --out {out}` and commit the result")
            return EXIT_FAILED
        print(f"{len(diagrams)} diagram sources in {out} are up to date")
        return EXIT_OK

    from ..errors import one_line
    from ..files import make_folder, write_text
    from ..i18n import Msg

    make_folder(out, Msg("files.what.diagrams"))       # a file in the way, no permission: exit 2 naming the path
    can_render = renderer() is not None
    for d in diagrams:
        # Each file is written whole or not at all (a temporary file, then renamed).
        written = [write_text(out / f"{d.name}.dot", d.source, Msg("files.what.diagram"))]
        if can_render:
            try:
                svg = d.svg()
            except RenderUnavailable:      # the renderer went away between the check and the call
                can_render = False
            else:
                written.append(write_text(out / f"{d.name}.svg", svg, Msg("files.what.diagram")))
        print(one_line("wrote " + ", ".join(str(p) for p in written)))
    if not can_render:
        from .rendering import INSTALL_HINT

        _err("the SVG files were not written.\n" + INSTALL_HINT)
    return EXIT_OK
