"""Small helpers the notebooks use: check a reader's answer against the engine's ruling.

The ruling always comes from the engine (a scenario run, a match, a table); these helpers only
compare and print, so that nbval stores and re-checks the printed line.
"""

from __future__ import annotations


def _norm(value):
    if isinstance(value, str):
        return value.strip().casefold()
    if isinstance(value, tuple | list):
        return [_norm(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_norm(v) for v in value)
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    return value


def is_correct(answer, ruling) -> bool:
    """Does ``answer`` match the engine's ``ruling``? (Case and surrounding spaces aside; lists
    and tuples alike.)"""
    return _norm(answer) == _norm(ruling)


def check(answer, ruling, explain: str = "", lang: str = "en") -> None:
    """Print ``correct`` if ``answer`` matches the engine's ``ruling``, else
    ``not quite — the engine says …`` (returns nothing, so a notebook cell shows only that line).
    An answer still ``...`` (an exercise not tried yet) prints that it waits for an answer, and
    does not give the ruling away. ``lang="ja"``: the same in Japanese (the Japanese notebooks)."""
    from ..i18n import render

    if answer is Ellipsis:
        print(render("widgets.check.waiting", {}, lang))
        return
    if is_correct(answer, ruling):
        why = render("widgets.check.because", {"text": explain}, lang) if explain else ""
        print(render("widgets.check.correct", {"explain": why}, lang))
    else:
        why = render("widgets.check.since", {"text": explain}, lang) if explain else ""
        print(render("widgets.check.not_quite", {"ruling": repr(ruling), "explain": why}, lang))
