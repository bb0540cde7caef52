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


def check(answer, ruling, explain: str = "") -> None:
    """Print ``correct`` if ``answer`` matches the engine's ``ruling``, else
    ``not quite — the engine says …`` (returns nothing, so a notebook cell shows only that line).
    An answer still ``...`` (an exercise not tried yet) prints that it waits for an answer, and
    does not give the ruling away."""
    if answer is Ellipsis:
        print("waiting for your answer: replace the ... above with it, then run this cell again")
        return
    if is_correct(answer, ruling):
        print("correct" + (f" — {explain}" if explain else ""))
    else:
        print(f"not quite — the engine says {ruling!r}" + (f": {explain}" if explain else ""))
