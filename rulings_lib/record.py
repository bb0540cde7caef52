"""A match as a file, for every format of the registry (:mod:`rulings_lib.formats`): its setup plus
the list of actions, replayed through the format's engine -- the game record.

The engine stays the single source of truth: a saved match is not a snapshot of LP, gauges and
counters but its setup and every action tried at the table, in order. Loading replays them, so a
file can never hold a state the rules would not reach; it takes time linear in the actions (each
one a transaction of the engine, no copy of the match per action), and an undo puts back the
snapshot taken before the last action (the engine's one snapshot mechanism, :mod:`rulings_lib.match`)
instead of replaying the rest. What a file may hold -- its setup keys and their ranges, its verbs --
comes from the format's verb table, the same declaration the engine and the scenario files use.
Nothing here needs Jupyter.

Each format has its file format, ``rulings-kit/<format>-match`` (``rulings-kit/wrgp-match``,
``rulings-kit/digimon-tag-match``). A WRGP file's setup is the match constructor's keywords
(``lineup``, ``start_lp``, ``first``, ``turn`` ...: the reader's ``RECORD_SETUP``, as the first
saved matches wrote it); a format without ``RECORD_SETUP`` (the tag battle) writes the scenario
file's ``setup:`` mapping, read as a scenario's (:meth:`~rulings_lib.match.Match.from_setup`).

>>> rec = RecordedMatch()
>>> rec.do("phase", "main1")
>>> rec.do("damage", by="A", to="opponent", amount=8000)
>>> RecordedMatch.from_json(rec.to_json()).match.out
['B1']
>>> tag = RecordedMatch(format="digimon-tag", setup={"tags": ["red", "blue"]})
>>> tag.do("battle", {"A": {"red": {"power": 500, "lost": 30}, "blue": {"power": 300, "lost": 20}},
...                   "B": {"red": {"power": 300, "lost": 10}, "blue": {"power": 500, "lost": 40}}})
>>> again = RecordedMatch.from_json(tag.to_json())
>>> again.match.points == tag.match.points, again.format
(True, 'digimon-tag')
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from . import files
from .errors import IllegalAction, InputError, as_message
from .formats import FORMATS
from .i18n import Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, NoReturn

    from .formats import Format
    from .match import Match
    from .verbs import Action, Param, Verb

    # A setup key's rule: its check and what it must be (a Msg, or the schema's words).
    SetupRule = tuple[Callable[[object], bool], object]

FILE_VERSION = 1
_FILE_PREFIX, _FILE_SUFFIX = "rulings-kit/", "-match"


def file_format(format: str) -> str:
    """The file format of a saved match of ``format``: ``rulings-kit/<format>-match``."""
    return f"{_FILE_PREFIX}{format}{_FILE_SUFFIX}"


def _format_of_file(value: object) -> str | None:
    """The format a file's ``format`` value names (``rulings-kit/wrgp-match`` -> ``wrgp``), or None."""
    if not isinstance(value, str) or not value.startswith(_FILE_PREFIX) or not value.endswith(_FILE_SUFFIX):
        return None
    name = value[len(_FILE_PREFIX):-len(_FILE_SUFFIX)]
    return name if name in FORMATS else None


class RecordKind:
    """What a saved match of one format needs of it: its ``format`` record, its ``file_format``, the
    ``verbs`` a file may replay (engine method -> the verb table's verb: the match's actions; queries
    such as is_legal or state are not), and its setup: ``setup_rules`` (key -> (check, what it must
    be)) for a setup of the constructor's keywords, or None for the scenario file's ``setup:``."""

    __slots__ = ("format", "file_format", "verbs", "setup_rules")
    format: Format
    file_format: str
    verbs: dict[str, Verb]
    setup_rules: dict[str, SetupRule] | None

    def __init__(self, fmt: Format) -> None:
        self.format = fmt
        self.file_format = file_format(fmt.name)
        self.verbs = {v.method or v.name: v for v in fmt.verbs.verbs.values() if not v.step_only}
        params = getattr(fmt.reader, "RECORD_SETUP", None)
        self.setup_rules = None if params is None else {p.name: _setup_rule(p) for p in params}

    @property
    def setup_keys(self) -> tuple[str, ...] | None:
        return None if self.setup_rules is None else tuple(self.setup_rules)

    def new_match(self, setup: dict[str, Any], file: str = "<match>") -> Match:
        """The match a setup starts (ArgumentError, TypeError or ScenarioError when it cannot)."""
        if self.setup_rules is None:
            return self.format.match.from_setup(setup, file)
        unknown = set(setup) - set(self.setup_rules)
        if unknown:
            raise TypeError(f"unknown setup keys: {', '.join(sorted(unknown))}")
        return self.format.match(**setup)


_KINDS: dict[str, RecordKind] = {}


def record_kind(format: str | None = None) -> RecordKind:
    """The record of the format named ``format`` (the registry's first format, WRGP's, when None: the
    first saved matches were WRGP's)."""
    name = next(iter(FORMATS)) if format is None else format
    kind = _KINDS.get(name)
    if kind is None:
        kind = _KINDS[name] = RecordKind(FORMATS[name])
    return kind


# The JSON reader's diagnoses (its English words) as messages of the catalogue, so that they read in
# Japanese too; any other is quoted as the reader wrote it.
_JSON_PROBLEMS = {
    "Expecting value": "widgets.file.json.value",
    "Expecting property name enclosed in double quotes": "widgets.file.json.name",
    "Expecting ',' delimiter": "widgets.file.json.comma",
    "Expecting ':' delimiter": "widgets.file.json.colon",
    "Unterminated string starting at": "widgets.file.json.string",
    "Invalid control character at": "widgets.file.json.control",
    "Extra data": "widgets.file.json.extra",
    "Invalid \\escape": "widgets.file.json.escape",
}


def _json_problem(problem: str) -> Msg | str:
    code = _JSON_PROBLEMS.get(problem)
    return Msg(code) if code else problem


class MatchFileError(InputError):
    """A saved match that cannot be used. The message says what is wrong and where."""


# ---------------------------------------------------------------------- checking a file whole
MAX_FILE_BYTES = 4 * 1024 * 1024   # a long match is some thousand actions, a few hundred KB
MAX_DEPTH = 20                     # the deepest a saved match goes is a chain link's effect (5)
MAX_ACTIONS = 20_000
MAX_UNDO = 2_000                   # snapshots kept for undo (older undos replay)
MAX_TEXT = 500
MAX_INT = 10**12                   # LP, amounts, turns: far below; JSON's huge integers are refused
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

_FILE_WORDS = {"duelist": "widgets.file.positions", "lp": "widgets.file.lps", "spc": "widgets.file.counters"}


def _setup_rule(param: Param) -> SetupRule:
    """A setup key's check and what it must be, from its parameter (the engine's own check)."""
    check = param.to_check()

    def ok(value: object) -> bool:
        try:
            check(param.name, value, None)
        except ValueError:
            return False
        return value is not None

    if param.type == "team":
        what = Msg("widgets.file.team")
    elif param.name in _FILE_WORDS:
        # (these keys are team -> number mappings: their parameter has its value's Param)
        what = Msg(_FILE_WORDS[param.name], lo=param.value.min, hi=param.value.max)  # type: ignore[union-attr]
    else:
        what = param.to_schema().expected
    return ok, what


# A RecordKind's setup_rules, setup key -> (check, what it must be): the engine's limits, so that every
# match a tracker can start (and every state it can reach from there) can be saved and loaded again.


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _teams_of(v: object, lo: int, hi: int) -> bool:
    return isinstance(v, dict) and set(v) <= {"A", "B"} and all(_is_int(n) and lo <= n <= hi for n in v.values())


def _no_constants(name: str) -> NoReturn:
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


def _check_values(value: object, where: str, count: list[int]) -> Msg | None:
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


class RecordedMatch:
    """A match that remembers how it got where it is: ``RecordedMatch(**setup)`` (a WRGP match, its
    constructor's keywords) or ``RecordedMatch(format=NAME, setup={...})`` (any format: the setup its
    file holds, see the module's doc).

    ``do(verb, ...)`` plays one action; an action the rules forbid raises
    :class:`~rulings_lib.errors.IllegalAction` as the engine does, and is remembered too (the
    engine keeps a list of rejected steps, and a replay must reproduce it). An action with
    unusable arguments (``ValueError``, e.g. team ``"C"``) changes nothing and is not remembered.
    """

    def __init__(self, *, format: str | None = None, setup: dict[str, Any] | None = None, **keywords: Any) -> None:
        kind = record_kind(format)
        if setup is not None and keywords:
            raise TypeError("a setup is given either as setup={...} or as keywords, not both")
        given = dict(keywords if setup is None else setup)
        if kind.setup_rules is not None:
            given = {k: v for k, v in given.items() if v is not None}
        self.kind = kind
        self.setup = given
        # (Any: the format's Match subclass, whose fields a tracker of that one format reads)
        self.match: Any = kind.new_match(given)
        self.actions: list[dict[str, Any]] = []
        self._undo: list[Any] = []              # the engine's snapshot before each action (undo without a replay)

    @property
    def format(self) -> str:
        return self.kind.format.name

    # ----------------------------------------------------------------- playing
    def do(self, verb: str, *args: Any, **kwargs: Any) -> None:
        verbs = self.kind.verbs
        if verb not in verbs:
            raise ValueError(f"{verb!r} is not a match action (one of: {', '.join(verbs)})")
        table_verb = verbs[verb]
        named = table_verb.bind(args, kwargs)   # by name, in the verb table's order: readable, replays the same call
        m = self.match
        saved = m._txn_save()              # each verb is a transaction: a failed call changes nothing
        try:
            table_verb.call_api(m, named)
        except IllegalAction as err:
            m.record_rejection(m.step + 1, err)   # the match itself is unchanged
            self.actions.append({"verb": verb, "args": named, "accepted": False})
            self._keep(saved)
            raise
        self.actions.append({"verb": verb, "args": named, "accepted": True})
        self._keep(saved)

    def _keep(self, saved: Any) -> None:
        """Keep the snapshot for an undo; beyond the last MAX_UNDO ones an undo replays instead."""
        self._undo.append(saved)
        if len(self._undo) > MAX_UNDO:
            self._undo[-MAX_UNDO - 1] = None

    def play(self, action: Action) -> IllegalAction | None:
        """Play an :class:`~rulings_lib.verbs.Action` (a step as a scenario writes it), through the
        verb table to the engine's verb; returns the rejection, or None."""
        verb = self.kind.format.verbs[action.verb]
        return self.try_do(verb.method or verb.name, **verb.kwargs(action.value))

    def try_do(self, verb: str, *args: Any, **kwargs: Any) -> IllegalAction | None:
        """Like :meth:`do`, but returns the rejection instead of raising it."""
        try:
            self.do(verb, *args, **kwargs)
        except IllegalAction as exc:
            return exc
        return None

    def undo(self) -> dict[str, Any] | None:
        """Take back the last action (the snapshot before it is put back: no replay). Returns it, or None."""
        if not self.actions:
            return None
        saved = self._undo.pop()
        last = self.actions.pop()
        if saved is None:              # older than the snapshots kept: replay the others
            self.match = _replay(self.kind, self.setup, self.actions, "<undo>").match
            return last
        m = self.match
        m._txn_restore(saved)
        m.__dict__.update(m._fields())   # own copies: a snapshot may be shared with a copy() of this record
        return last

    def copy(self) -> RecordedMatch:
        new = RecordedMatch.__new__(RecordedMatch)
        new.kind = self.kind
        new.setup = json.loads(json.dumps(self.setup))
        new.match = self.match.copy()
        new.actions = json.loads(json.dumps(self.actions))
        new._undo = list(self._undo)   # shared snapshots: an undo restores copies of them
        return new

    # ----------------------------------------------------------------- files
    def to_dict(self) -> dict[str, Any]:
        return {"format": self.kind.file_format, "version": FILE_VERSION, "setup": json.loads(json.dumps(self.setup)),
                "actions": [dict(a) for a in self.actions]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, file: str = "<match>", format: str | None = None) -> RecordedMatch:
        """Read a saved match (of ``format`` only, when given; else of any format). The whole file is
        checked (and replayed) before anything is returned: any problem is a :class:`MatchFileError`,
        never another exception."""
        if not isinstance(text, str):
            raise MatchFileError(file, None, Msg("widgets.file.not_text"))
        if len(text) > MAX_FILE_BYTES:
            raise MatchFileError(file, None, Msg("widgets.file.too_large", mb=MAX_FILE_BYTES // (1024 * 1024)))
        if _depth(text) > MAX_DEPTH:
            raise MatchFileError(file, None, Msg("widgets.file.too_deep", max=MAX_DEPTH))
        try:
            data = json.loads(text, parse_constant=_no_constants, parse_int=_int, parse_float=_float)
        except json.JSONDecodeError as exc:
            raise MatchFileError(file, exc.lineno, Msg("widgets.file.broken_json", why=_json_problem(exc.msg),
                                                       column=exc.colno)) from None
        except (ValueError, RecursionError) as exc:
            raise MatchFileError(file, None, Msg("widgets.file.not_saved_match", problem=as_message(exc))) from None
        return cls.from_dict(data, file, format)

    @classmethod
    def from_dict(cls, data: Any, file: str = "<match>", format: str | None = None) -> RecordedMatch:
        name = _format_of_file(data.get("format")) if isinstance(data, dict) else None
        if name is None or (format is not None and name != format):
            expected = [file_format(format)] if format is not None else [file_format(f) for f in FORMATS]
            raise MatchFileError(file, None, Msg("widgets.file.no_format", format='" or "'.join(expected)))
        kind = record_kind(name)
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
        rules = kind.setup_rules
        for key, value in setup.items() if rules is not None else ():
            if key not in rules:  # type: ignore[operator]  # (rules is not None: the loop runs only then)
                raise MatchFileError(file, None, Msg("widgets.file.setup_key", key=repr(key[:40]),
                                                     known=", ".join(rules)))  # type: ignore[arg-type]
            check, what = rules[key]  # type: ignore[index]
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
            if action.get("verb") not in kind.verbs:
                raise MatchFileError(file, None, Msg("widgets.file.not_action", n=n, verb=json.dumps(action.get("verb"))[:40]))
        return _replay(kind, setup, actions, file)

    def save(self, path: str | os.PathLike[str]) -> Path:
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
    def load(cls, path: str | os.PathLike[str], format: str | None = None) -> RecordedMatch:
        """Read a saved match (of ``format`` only, when given): a regular file of at most MAX_FILE_BYTES
        (a FIFO or a device is refused unread), UTF-8 JSON, checked whole (see :meth:`from_json`)."""
        path = Path(path)
        data = files.read_bytes(path, MAX_FILE_BYTES, Msg("widgets.file.expected"), MatchFileError)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise MatchFileError(str(path), None, Msg("widgets.file.not_utf8")) from None
        return cls.from_json(text, str(path), format)

    def __repr__(self) -> str:
        return f"<RecordedMatch {len(self.actions)} actions: {self.match!r}>"


def _replay(kind: RecordKind, setup: dict[str, Any], actions: list[Any], file: str) -> RecordedMatch:
    try:
        rec = RecordedMatch(format=kind.format.name, setup=setup)
    except Exception as exc:   # a file is data: whatever the engine says of it, the file is damaged
        # (a setup read as a scenario's names its key, setup.tags: the file is this one, not a scenario)
        why = Msg(exc.code, exc.params) if isinstance(exc, InputError) and exc.code else as_message(exc)
        raise MatchFileError(file, None, Msg("widgets.file.setup_unusable", why=why)) from None
    for n, action in enumerate(actions, 1):
        if not isinstance(action, dict) or not isinstance(action.get("args", {}), dict):
            raise MatchFileError(file, None, Msg("widgets.file.action_shape_short", n=n))
        verb, args = action.get("verb"), action.get("args", {})
        accepted = action.get("accepted", True)
        if not isinstance(verb, str) or verb not in kind.verbs:
            raise MatchFileError(file, None, Msg("widgets.file.not_action", n=n, verb=repr(verb)))
        try:
            rejection = rec.try_do(verb, **args)
        except Exception as exc:   # a file is data: any failure of an action means a damaged file
            raise MatchFileError(file, None, Msg("widgets.file.bad_args", n=n, verb=verb, why=as_message(exc))) from None
        if accepted and rejection is not None:
            raise MatchFileError(file, None, Msg("widgets.file.now_rejected", n=n, verb=verb, rule=rejection.rule,
                                                 reason=Msg(rejection.code, rejection.params) if rejection.code
                                                 else rejection.reason))
        if not accepted and rejection is None:
            raise MatchFileError(file, None, Msg("widgets.file.now_accepted", n=n, verb=verb))
    return rec
