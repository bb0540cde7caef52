"""WRGP rules ver.2022: the 3-vs-3 relay duel (tables, engine, scenario steps)."""

from ..events import Event, Outcome
from . import tables
from .engine import Card, WrgpMatch
from .tables import PHASES, READINGS, RULES
from .verbs import UnknownCard
from .verdict import verdict as _verdict

WrgpMatch._verdict_of = staticmethod(_verdict)  # type: ignore[assignment]     # state() carries the verdict
WrgpMatch._read_setup = staticmethod(lambda setup, file: _read_setup(tables.FORMAT, setup, file))   # Match.from_setup


def _read_setup(format: str, setup: object, file: str) -> object:
    from ..scenario import read_setup  # (the scenario reader: loaded when a setup is read)

    return read_setup(format, setup, file)


__all__ = ["Card", "Event", "Outcome", "PHASES", "READINGS", "RULES", "UnknownCard", "WrgpMatch"]
