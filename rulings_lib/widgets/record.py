"""A WRGP match as a file: its setup plus the list of actions, replayed through the engine.

The engine (:class:`~rulings_lib.wrgp.engine.WrgpMatch`) stays the single source of truth: a
saved match is not a snapshot of LP and counters but the constructor arguments and every action
tried at the table, in order. Loading replays them, so a file can never hold a state the rules
would not reach. Nothing here needs Jupyter.

>>> rec = RecordedMatch()
>>> rec.do("phase", "main1")
>>> rec.do("damage", by="A", to="opponent", amount=8000)
>>> RecordedMatch.from_json(rec.to_json()).match.out
['B1']
"""

from __future__ import annotations

import inspect
import json
import os
import tempfile
from pathlib import Path

from ..errors import IllegalAction, InputError
from ..wrgp.engine import WrgpMatch

FILE_FORMAT = "rulings-kit/wrgp-match"
FILE_VERSION = 1

# The constructor arguments a file may carry (WrgpMatch's keywords).
SETUP_KEYS = ("lineup", "start_lp", "first", "turn", "player", "phase", "duelist", "lp", "spc")

# The verbs a file may replay: WrgpMatch's actions. Queries (is_legal, state ...) are not actions.
VERBS = ("phase", "end_turn", "attack", "damage", "gain", "gain_loop", "pay", "chain", "at_end_phase",
         "speed_world", "baton_touch", "act", "once_per_duel", "special_victory", "lose", "place", "move",
         "destroy", "continuing", "target_speed_world", "counter_cleaner")


class MatchFileError(InputError):
    """A saved match that cannot be used. The message says what is wrong and where."""


def _bind(verb: str, args: tuple, kwargs: dict) -> dict:
    """The action's arguments by name (so that a file is readable and replays the same call)."""
    sig = inspect.signature(getattr(WrgpMatch, verb))
    bound = sig.bind(None, *args, **kwargs)   # None stands for self
    bound.arguments.pop(next(iter(sig.parameters)))
    return dict(bound.arguments)


class RecordedMatch:
    """A :class:`WrgpMatch` that remembers how it got where it is.

    ``do(verb, ...)`` plays one action; an action the rules forbid raises
    :class:`~rulings_lib.errors.IllegalAction` as the engine does, and is remembered too (the
    engine keeps a list of rejected steps, and a replay must reproduce it). An action with
    unusable arguments (``ValueError``, e.g. team ``"C"``) changes nothing and is not remembered.
    """

    def __init__(self, **setup):
        unknown = set(setup) - set(SETUP_KEYS)
        if unknown:
            raise TypeError(f"unknown setup keys: {', '.join(sorted(unknown))}")
        self.setup = {k: v for k, v in setup.items() if v is not None}
        self.match = WrgpMatch(**self.setup)
        self.actions: list[dict] = []

    # ----------------------------------------------------------------- playing
    def do(self, verb: str, *args, **kwargs) -> None:
        if verb not in VERBS:
            raise ValueError(f"{verb!r} is not a match action (one of: {', '.join(VERBS)})")
        named = _bind(verb, args, kwargs)
        trial = self.match.copy()          # a failed call must leave the match exactly as it was
        try:
            getattr(trial, verb)(**named)
        except IllegalAction as err:
            self.match.record_rejection(self.match.step + 1, err)   # the match itself is unchanged
            self.actions.append({"verb": verb, "args": named, "accepted": False})
            raise
        self.match = trial
        self.actions.append({"verb": verb, "args": named, "accepted": True})

    def try_do(self, verb: str, *args, **kwargs) -> IllegalAction | None:
        """Like :meth:`do`, but returns the rejection instead of raising it."""
        try:
            self.do(verb, *args, **kwargs)
        except IllegalAction as exc:
            return exc
        return None

    def undo(self) -> dict | None:
        """Take back the last action (replaying all the others). Returns it, or None."""
        if not self.actions:
            return None
        last = self.actions[-1]
        self.match = _replay(self.setup, self.actions[:-1], "<undo>").match
        self.actions = self.actions[:-1]
        return last

    def copy(self) -> RecordedMatch:
        new = RecordedMatch.__new__(RecordedMatch)
        new.setup = json.loads(json.dumps(self.setup))
        new.match = self.match.copy()
        new.actions = json.loads(json.dumps(self.actions))
        return new

    # ----------------------------------------------------------------- files
    def to_dict(self) -> dict:
        return {"format": FILE_FORMAT, "version": FILE_VERSION, "setup": dict(self.setup),
                "actions": [dict(a) for a in self.actions]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, file: str = "<match>") -> RecordedMatch:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise MatchFileError(file, exc.lineno, f"not a saved match: the JSON is broken ({exc.msg}, "
                                                   f"column {exc.colno})") from None
        return cls.from_dict(data, file)

    @classmethod
    def from_dict(cls, data, file: str = "<match>") -> RecordedMatch:
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise MatchFileError(file, None, f"not a saved match: expected a JSON object with "
                                             f"\"format\": \"{FILE_FORMAT}\"")
        if data.get("version") != FILE_VERSION:
            raise MatchFileError(file, None, f"saved by another version of the kit (file version "
                                             f"{data.get('version')!r}, this kit reads {FILE_VERSION})")
        setup, actions = data.get("setup", {}), data.get("actions", [])
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise MatchFileError(file, None, "\"setup\" must be an object and \"actions\" a list")
        return _replay(setup, actions, file)

    def save(self, path) -> Path:
        """Write the match to ``path`` (JSON). The old file is replaced only once the new one is whole."""
        path = Path(path)
        text = self.to_json()
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    @classmethod
    def load(cls, path) -> RecordedMatch:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise MatchFileError(str(path), None, "no such file") from None
        except IsADirectoryError:
            raise MatchFileError(str(path), None, "this is a folder, not a saved match") from None
        except UnicodeDecodeError:
            raise MatchFileError(str(path), None, "not a saved match: the file is not UTF-8 text") from None
        except OSError as exc:
            raise MatchFileError(str(path), None, f"cannot be read ({exc.strerror})") from None
        return cls.from_json(text, str(path))

    def __repr__(self) -> str:
        return f"<RecordedMatch {len(self.actions)} actions: {self.match!r}>"


def _replay(setup: dict, actions: list, file: str) -> RecordedMatch:
    try:
        rec = RecordedMatch(**setup)
    except (TypeError, ValueError, KeyError) as exc:
        raise MatchFileError(file, None, f"the match setup is not usable: {exc}") from None
    for n, action in enumerate(actions, 1):
        if not isinstance(action, dict) or not isinstance(action.get("args", {}), dict):
            raise MatchFileError(file, None, f"action {n} must be an object with \"verb\" and \"args\"")
        verb, args = action.get("verb"), action.get("args", {})
        accepted = action.get("accepted", True)
        if verb not in VERBS:
            raise MatchFileError(file, None, f"action {n}: {verb!r} is not a match action")
        try:
            rejection = rec.try_do(verb, **args)
        except (TypeError, ValueError, KeyError) as exc:
            raise MatchFileError(file, None, f"action {n} ({verb}) has unusable arguments: {exc}") from None
        if accepted and rejection is not None:
            raise MatchFileError(file, None, f"action {n} ({verb}) was accepted when saved, but the rules "
                                             f"reject it on replay: [{rejection.rule}] {rejection.reason}")
        if not accepted and rejection is None:
            raise MatchFileError(file, None, f"action {n} ({verb}) was rejected when saved, but the rules "
                                             f"accept it on replay")
    return rec
