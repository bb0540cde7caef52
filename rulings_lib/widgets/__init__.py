"""Jupyter widgets for the kit (the only part of rulings_lib that imports ipywidgets).

* :class:`SpeedWorldCalculator` -- positions and counters in, Speed World's effects out (WRGP-SW5).
* :class:`ScenarioStepper` -- step through a scenario: transcript, state, the path drawn.
* :class:`MatchTracker` -- a WRGP match at a real table, saved and loaded as JSON.
* :class:`TagTurnHelper` -- a tag battle turn: the four powers in, lost points and who goes first out.

Every widget's callbacks are plain methods, tested headlessly (``tests/test_widgets.py``); every
ruling a widget shows comes from an engine. :mod:`.record` (the match file) needs no Jupyter.
"""

from .record import MatchFileError, RecordedMatch
from .speed_world import SpeedWorldCalculator, SpeedWorldOption, explain_speed_world, speed_world_options
from .stepper import ScenarioStepper, play, state_after, transcript_until
from .tag_helper import TagTurn, TagTurnHelper, tag_turn
from .teach import check, is_correct
from .tracker import MatchTracker

__all__ = [
    "MatchFileError", "MatchTracker", "RecordedMatch", "ScenarioStepper", "SpeedWorldCalculator",
    "SpeedWorldOption", "TagTurn", "TagTurnHelper", "check", "explain_speed_world", "is_correct", "play", "speed_world_options", "state_after",
    "tag_turn", "transcript_until",
]
