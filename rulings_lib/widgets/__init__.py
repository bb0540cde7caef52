"""Jupyter widgets for the kit (the only part of rulings_lib that imports ipywidgets).

* :class:`SpeedWorldCalculator` -- positions and counters in, Speed World's effects out (WRGP-SW5).
* :class:`ScenarioStepper` -- step through a scenario: transcript, state, the path drawn.
* :class:`MatchTracker` -- a WRGP match at a real table, saved and loaded as JSON.
* :class:`TagTurnHelper` -- a tag battle turn: the four powers in, lost points and who goes first out.

Every widget's callbacks are plain methods, tested headlessly (``tests/test_widgets.py``); every
ruling a widget shows comes from an engine. The match file is the core's game record
(:mod:`rulings_lib.record`, no Jupyter).
"""

from __future__ import annotations

from importlib import import_module

from ..extras import MissingExtra
from ..record import MatchFileError, RecordedMatch

TYPE_CHECKING = False   # (not typing's; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

# The widgets are imported when first used, so that the parts without Jupyter (``.record``, the match
# file) can be imported where ipywidgets is not installed (the browser edition on Pyodide).
_LAZY = {
    "SpeedWorldCalculator": "speed_world", "SpeedWorldOption": "speed_world", "explain_speed_world": "speed_world",
    "speed_world_options": "speed_world",
    "ScenarioStepper": "stepper", "play": "stepper", "state_after": "stepper", "transcript_until": "stepper",
    "TagTurn": "tag_helper", "TagTurnHelper": "tag_helper", "tag_turn": "tag_helper",
    "check": "teach", "is_correct": "teach", "explain": "teach", "Explained": "teach", "read_answer": "teach",
    "exercise": "exercises", "explain_steps": "teach", "faq_text": "teach", "faq_by_topic": "teach",
    "MatchTracker": "tracker",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        try:
            module = import_module(f".{_LAZY[name]}", __name__)
        except MissingExtra as exc:       # ipywidgets missing: the error names what was asked for
            raise MissingExtra(exc.module, name, exc.extra) from None
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MatchFileError", "MatchTracker", "RecordedMatch", "ScenarioStepper", "SpeedWorldCalculator",
    "SpeedWorldOption", "TagTurn", "TagTurnHelper", "check", "exercise", "explain", "explain_steps", "faq_by_topic", "faq_text", "Explained", "read_answer", "explain_speed_world", "is_correct", "play", "speed_world_options", "state_after",
    "tag_turn", "transcript_until",
]
