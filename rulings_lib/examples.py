"""The shipped examples by name: ``rulings examples`` lists them, ``rulings run NAME`` plays one,
``rulings examples --copy NAME [DEST]`` copies one out as a starting point.

The examples are the kit's own scenarios (``rulings_lib/scenarios/<format>/*.yaml``, package data:
an installed wheel has them). An example's name is its file name without ``.yaml``
(``power-bond-handover``); ``wrgp/power-bond-handover`` names the format's folder too.

>>> example_path("power-bond-handover").name
'power-bond-handover.yaml'
>>> example_path("wrgp/power-bond-handover") == example_path("power-bond-handover.yaml")
True
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import InputError
from .i18n import Msg

ROOT = Path(__file__).parent / "scenarios"
SAMPLES = Path(__file__).parent / "samples"
# How a shipped scenario names the kit's sample files (a deck, a banlist, a card database, a catalogue).
_SAMPLE_REF = re.compile(r"\.\./\.\./samples/([^\s,\]\}'\"#]+)")


def examples(format: str | None = None) -> dict[str, Path]:
    """``{name: path}`` of every shipped example (of ``format``'s folder only, when given), sorted."""
    from .scenario import builtin_scenarios

    return {p.stem: p for p in sorted(builtin_scenarios(format), key=lambda p: p.stem)}


def find(name: str) -> Path | None:
    """The example ``name`` (``power-bond-handover``, ``power-bond-handover.yaml`` or
    ``wrgp/power-bond-handover``), or None."""
    stem = name[:-5] if name.endswith(".yaml") else name[:-4] if name.endswith(".yml") else name
    folder, _, stem = stem.rpartition("/")
    path = examples().get(stem)
    if path is None or (folder and path.parent.name != folder):
        return None
    return path


def example_path(name: str) -> Path:
    """The example ``name``; an unknown name is an InputError (exit 2) with the closest names."""
    path = find(name)
    if path is not None:
        return path
    import difflib

    close = difflib.get_close_matches(name.rpartition("/")[2].removesuffix(".yaml"), list(examples()), n=3, cutoff=0.6)
    if close:
        raise InputError(name, None, Msg("cli.examples.unknown_close", close=", ".join(close)))
    raise InputError(name, None, Msg("cli.examples.unknown"))


def scenario_argument(arg: str) -> str | Path:
    """What ``rulings run ARG`` plays: the file ARG when there is one, else the example of that name
    (an unknown name with no folder in it is refused with the closest names); a path that is neither
    is left to the file reader, which says "no such file"."""
    if os.path.exists(arg) or not arg:
        return arg
    path = find(arg)
    if path is not None:
        return path
    if "/" in arg or os.sep in arg or arg.endswith((".yaml", ".yml")):
        return arg
    return example_path(arg)


def copy_example(name: str, dest: str | None = None) -> list[Path]:
    """Copy the example ``name`` to ``dest`` (a file, or a folder to put ``NAME.yaml`` in; default
    ``./NAME.yaml``), with the kit's sample files it names (into ``samples/`` beside it, its paths
    rewritten to them), so that the copy runs where it is. An existing file is never replaced
    (exit 2). Returns the files written, the scenario first."""
    import shutil

    from .files import check_writable, make_folder, write_text

    src = example_path(name)
    target = Path(dest) if dest else Path(f"{src.stem}.yaml")
    if target.is_dir():
        target = target / src.name
    text = src.read_text(encoding="utf-8")
    copies = [(SAMPLES / s, target.parent / "samples" / s) for s in sorted(set(_SAMPLE_REF.findall(text)))]
    what = Msg("files.what.example")
    for out in [target, *(out for _, out in copies)]:
        if out.exists() or out.is_symlink():
            raise InputError(str(out), None, Msg("cli.examples.exists"))
        check_writable(out, what)
    written = [write_text(target, _SAMPLE_REF.sub(r"samples/\1", text), what)]
    for sample, out in copies:
        make_folder(out.parent, what)
        try:
            shutil.copyfile(sample, out)
        except OSError as exc:
            raise InputError(str(out), None, Msg("cli.examples.cannot_copy", why=exc.strerror or str(exc))) from None
        written.append(out)
    return written
