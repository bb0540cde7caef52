"""Digimon Card Game tag battle regulation Ver-T,1.0: the 2-vs-2 match (tables, engine, scenario
steps) and the deck check (:mod:`.deckcheck`, imported on demand)."""

from ..events import Event, Outcome
from . import tables
from .engine import BattleResult, Fighter, TagMatch, TargetRuling, UnknownPlayer
from .tables import CARD_RULES, NEXT_TURN, PHASES, READINGS, RULES, SEATS, card_rule, lost_points
from .verdict import verdict as _verdict

TagMatch._verdict_of = staticmethod(_verdict)  # type: ignore[assignment]      # state() carries the verdict
TagMatch._read_setup = staticmethod(lambda setup, file: _read_setup(tables.FORMAT, setup, file))   # Match.from_setup


def _read_setup(format: str, setup: object, file: str) -> object:
    from ..scenario import read_setup  # (the scenario reader: loaded when a setup is read)

    return read_setup(format, setup, file)


__all__ = ["BattleResult", "CARD_RULES", "Event", "Fighter", "NEXT_TURN", "Outcome", "PHASES", "READINGS",
           "RULES", "SEATS", "TagMatch", "TargetRuling", "UnknownPlayer", "card_rule", "lost_points"]
