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
import re
import tempfile
from pathlib import Path

from .. import files
from ..errors import IllegalAction, InputError
from ..i18n import Msg
from ..wrgp import tables as T
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


# ---------------------------------------------------------------------- checking a file whole
MAX_FILE_BYTES = 4 * 1024 * 1024   # a long match is some thousand actions, a few hundred KB
MAX_DEPTH = 20                     # the deepest a saved match goes is a chain link's effect (5)
MAX_ACTIONS = 20_000
MAX_TEXT = 500
MAX_INT = 10**12                   # LP, amounts, turns: far below; JSON's huge integers are refused
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

# setup key -> (check, what it must be). The ranges are the tracker's own inputs' ranges.
SETUP_RULES = {
    "lineup": (lambda v: _is_int(v) and 1 <= v <= 10, Msg("input.schema.int", lo=1, hi=10)),
    "start_lp": (lambda v: _is_int(v) and 1 <= v <= 1_000_000, Msg("input.schema.int", lo=1, hi=1000000)),
    "first": (lambda v: v in ("A", "B"), Msg("widgets.file.team")),
    "player": (lambda v: v in ("A", "B"), Msg("widgets.file.team")),
    "turn": (lambda v: _is_int(v) and 1 <= v <= 100_000, Msg("input.schema.int", lo=1, hi=100000)),
    "phase": (lambda v: isinstance(v, str) and v in T.PHASE_KEYS, Msg("input.schema.one_of", choices=", ".join(T.PHASE_KEYS))),
    "duelist": (lambda v: _teams_of(v, 1, 10), Msg("widgets.file.positions")),
    "lp": (lambda v: _teams_of(v, 0, 1_000_000), Msg("widgets.file.lps")),
    "spc": (lambda v: _teams_of(v, 0, 12), Msg("widgets.file.counters")),
}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _teams_of(v, lo: int, hi: int) -> bool:
    return isinstance(v, dict) and set(v) <= {"A", "B"} and all(_is_int(n) and lo <= n <= hi for n in v.values())


def _no_constants(name: str):
    raise ValueError(f"{name} is not a number a saved match holds")


def _int(text: str) -> int:
    if len(text) > 15:
        raise ValueError(f"a {len(text)}-digit number is not a number a saved match holds")
    return int(text)


def _float(text: str) -> float:
    raise ValueError(f"{text[:20]} is not a whole number (a saved match holds whole numbers only)")


def _depth(text: str) -> int:
    """How deeply the JSON nests (strings taken out first), in one pass."""
    depth = deepest = 0
    for ch in _STRING.sub("", text):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _check_values(value, where: str, count: list) -> Msg | None:
    """The first value no saved match can hold (lone surrogates, overlong text, too many items)."""
    count[0] += 1
    if count[0] > 200_000:
        return Msg("widgets.file.too_many_values")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            return Msg("widgets.file.long_text", where=where, max=MAX_TEXT)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return Msg("widgets.file.surrogate", where=where)
        return None
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return None if abs(value) <= MAX_INT else Msg("widgets.file.big_number", where=where, number=str(value)[:20])
    if isinstance(value, list):
        for i, item in enumerate(value):
            problem = _check_values(item, f"{where}[{i}]", count)
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            problem = _check_values(key, where, count) or _check_values(item, f"{where}.{key}", count)
            if problem:
                return problem
        return None
    return Msg("widgets.file.unknown_kind", where=where)


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
        """Read a saved match. The whole file is checked (and replayed) before anything is
        returned: any problem is a :class:`MatchFileError`, never another exception."""
        if not isinstance(text, str):
            raise MatchFileError(file, None, Msg("widgets.file.not_text"))
        if len(text) > MAX_FILE_BYTES:
            raise MatchFileError(file, None, Msg("widgets.file.too_large", mb=MAX_FILE_BYTES // (1024 * 1024)))
        if _depth(text) > MAX_DEPTH:
            raise MatchFileError(file, None, Msg("widgets.file.too_deep", max=MAX_DEPTH))
        try:
            data = json.loads(text, parse_constant=_no_constants, parse_int=_int, parse_float=_float)
        except json.JSONDecodeError as exc:
            raise MatchFileError(file, exc.lineno, Msg("widgets.file.broken_json", why=exc.msg, column=exc.colno)) from None
        except (ValueError, RecursionError) as exc:
            raise MatchFileError(file, None, Msg("widgets.file.not_saved_match", problem=str(exc))) from None
        return cls.from_dict(data, file)

    @classmethod
    def from_dict(cls, data, file: str = "<match>") -> RecordedMatch:
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise MatchFileError(file, None, Msg("widgets.file.no_format", format=FILE_FORMAT))
        version = data.get("version")
        if not _is_int(version) or version != FILE_VERSION:
            shown = json.dumps(version)[:20] if _check_values(version, "", [0]) is None else "unreadable"
            raise MatchFileError(file, None, Msg("widgets.file.version", shown=shown, version=FILE_VERSION))
        unknown = sorted(set(data) - {"format", "version", "setup", "actions"}, key=str)
        if unknown:
            raise MatchFileError(file, None, Msg("widgets.file.unknown_key", key=repr(str(unknown[0])[:40])))
        problem = _check_values(data, "file", [0])
        if problem:
            raise MatchFileError(file, None, Msg("widgets.file.not_saved_match", problem=problem))
        setup, actions = data.get("setup", {}), data.get("actions", [])
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise MatchFileError(file, None, Msg("widgets.file.shape"))
        for key, value in setup.items():
            if key not in SETUP_RULES:
                raise MatchFileError(file, None, Msg("widgets.file.setup_key", key=repr(key[:40]),
                                                     known=", ".join(SETUP_KEYS)))
            check, what = SETUP_RULES[key]
            if not check(value):
                raise MatchFileError(file, None, Msg("widgets.file.setup_value", key=key, what=what,
                                                     got=json.dumps(value)[:40]))
        if len(actions) > MAX_ACTIONS:
            raise MatchFileError(file, None, Msg("widgets.file.too_many_actions", max=MAX_ACTIONS))
        for n, action in enumerate(actions, 1):
            if not isinstance(action, dict) or set(action) - {"verb", "args", "accepted"} \
                    or not isinstance(action.get("args", {}), dict) \
                    or not isinstance(action.get("accepted", True), bool):
                raise MatchFileError(file, None, Msg("widgets.file.action_shape", n=n))
            if action.get("verb") not in VERBS:
                raise MatchFileError(file, None, Msg("widgets.file.not_action", n=n, verb=json.dumps(action.get("verb"))[:40]))
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
        """Read a saved match: a regular file of at most MAX_FILE_BYTES (a FIFO or a device is refused
        unread), UTF-8 JSON, checked whole (see :meth:`from_json`)."""
        path = Path(path)
        data = files.read_bytes(path, MAX_FILE_BYTES, Msg("widgets.file.expected"), MatchFileError)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise MatchFileError(str(path), None, Msg("widgets.file.not_utf8")) from None
        return cls.from_json(text, str(path))

    def __repr__(self) -> str:
        return f"<RecordedMatch {len(self.actions)} actions: {self.match!r}>"


def _replay(setup: dict, actions: list, file: str) -> RecordedMatch:
    try:
        rec = RecordedMatch(**setup)
    except Exception as exc:   # a file is data: whatever the engine says of it, the file is damaged
        raise MatchFileError(file, None, Msg("widgets.file.setup_unusable", why=str(exc))) from None
    for n, action in enumerate(actions, 1):
        if not isinstance(action, dict) or not isinstance(action.get("args", {}), dict):
            raise MatchFileError(file, None, Msg("widgets.file.action_shape_short", n=n))
        verb, args = action.get("verb"), action.get("args", {})
        accepted = action.get("accepted", True)
        if verb not in VERBS:
            raise MatchFileError(file, None, Msg("widgets.file.not_action", n=n, verb=repr(verb)))
        try:
            rejection = rec.try_do(verb, **args)
        except Exception as exc:   # a file is data: any failure of an action means a damaged file
            raise MatchFileError(file, None, Msg("widgets.file.bad_args", n=n, verb=verb, why=str(exc))) from None
        if accepted and rejection is not None:
            raise MatchFileError(file, None, Msg("widgets.file.now_rejected", n=n, verb=verb, rule=rejection.rule,
                                                 reason=Msg(rejection.code, rejection.params) if rejection.code
                                                 else rejection.reason))
        if not accepted and rejection is None:
            raise MatchFileError(file, None, Msg("widgets.file.now_accepted", n=n, verb=verb))
    return rec
