"""What both engines share: transcript events and the typed end of a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .errors import IllegalAction


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


class MatchQueries:
    """Queries both match classes answer the same way (they provide ``copy()`` and the verbs)."""

    def is_legal(self, verb: str, *args, **kwargs) -> bool:
        """Would ``verb(*args, **kwargs)`` be accepted now? Tried on a copy; nothing changes."""
        trial = self.copy()
        try:
            getattr(trial, verb)(*args, **kwargs)
        except IllegalAction:
            return False
        return True

    def _repr_svg_(self) -> str:
        """Jupyter: the match drawn (python-chess style); the drawing module loads only when asked."""
        from .draw import svg

        return svg(self)
