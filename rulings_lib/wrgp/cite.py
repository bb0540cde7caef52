"""Which rule an ordinary event of the WRGP engine cites, where that depends on what came before it
(an event cites the rule that decides it, or the standard rule)."""

from __future__ import annotations

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..events import Event

_TURN_BEGINS = "wrgp.event.turn_begins"
_RESUMES = "wrgp.event.duel_resumes"
_BATON = "wrgp.event.baton_touch"


def draw_rule(log: Sequence[Event]) -> str:
    """The rule of this turn's Draw Phase draw: WRGP-H9 after a baton touch in it (the incoming
    duelist continues the turn from the draw), WRGP-F3 in the turn the duel resumes with after a
    handover ("as the second player": it has a draw), else the standard turn (STD-TURN)."""
    for i in range(len(log) - 1, -1, -1):
        code = log[i].code
        if code == _BATON:
            return "WRGP-H9"
        if code == _TURN_BEGINS:
            return "WRGP-F3" if i and log[i - 1].code == _RESUMES else "STD-TURN"
    return "STD-TURN"
