"""What both engines share: transcript events and the typed end of a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Event(NamedTuple):
    """One thing that happened: the step that caused it (0 = setup), the rule id, a sentence."""

    step: int
    rule: str
    text: str


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning team or tag, the rule id that ended it, and why
    (python-chess's ``Outcome``)."""

    winner: str
    termination: str
    text: str
