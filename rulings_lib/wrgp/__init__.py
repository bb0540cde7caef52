"""WRGP rules ver.2022: the 3-vs-3 relay duel (tables, engine, scenario steps)."""

from ..events import Event, Outcome
from .engine import Card, WrgpMatch
from .tables import PHASES, READINGS, RULES
from .verbs import UnknownCard
from .verdict import verdict as _verdict

WrgpMatch._verdict_of = staticmethod(_verdict)  # type: ignore[assignment]     # state() carries the verdict

__all__ = ["Card", "Event", "Outcome", "PHASES", "READINGS", "RULES", "UnknownCard", "WrgpMatch"]
