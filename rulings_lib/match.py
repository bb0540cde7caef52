"""The match base both engines share (:class:`Match`): verbs as transactions, one snapshot
mechanism, events, queries, ``copy()``, ``state()``, Actions (``apply``/``push``/``pop``,
``legal_actions``) and the picture.

A subclass names its ``FORMAT`` and lists its public verbs in ``VERBS = {verb: {param: check}}``,
made from its verb table (:mod:`rulings_lib.verbs`): each listed verb is checked at the boundary
and runs as a transaction, so a call that raises -- an :class:`IllegalAction` the rules give, or an
:class:`ArgumentError` for a malformed call -- leaves the match exactly as it was, step counter
and events included. The one snapshot is :meth:`Match._txn_save` (the match's fields, each mutable
one copied, the append-only logs kept by length); transactions, ``push``/``pop`` and the tag
battle's rewind (TAG-R5) all use it.

>>> from rulings_lib import WrgpMatch
>>> from rulings_lib.verbs import Action
>>> m = WrgpMatch()
>>> m.push(Action("phase", "main1"))
>>> m.phase_key
'main1'
>>> m.pop()
Action('phase: main1')
>>> m.phase_key
'draw'
"""

from __future__ import annotations

import functools
import inspect

from .errors import ArgumentError, IllegalAction
from .events import rejection_dict


def _transaction(method, checks: dict):
    """Wrap a public verb: check its arguments against ``checks`` (the API boundary), then run it
    as one transaction: whatever it raises, the match is left exactly as it was before the call
    (every field, the step counter, the events)."""
    sig = inspect.signature(method)
    params = [p for p in sig.parameters.values() if p.name != "self"]
    names = [p.name for p in params]
    for p in checks:
        if p not in names:
            raise TypeError(f"{method.__qualname__}: VERBS names unknown parameter {p!r}")
    # Plain parameters (no /, *args, **kwargs) are bound here quickly; others by inspect.
    plain = all(p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) for p in params)
    n_positional = sum(p.kind == p.POSITIONAL_OR_KEYWORD for p in params)
    required = {p.name for p in params if p.default is p.empty}
    known = set(names)
    usage = f"a call {method.__name__}{_public(sig)}"

    def bind(self, args, kwargs) -> dict:
        if not plain:
            try:
                bound = sig.bind(self, *args, **kwargs)
            except TypeError as exc:
                raise ArgumentError(method.__name__, usage, str(exc)) from None
            return bound
        if len(args) > n_positional:
            raise ArgumentError(method.__name__, usage, f"{len(args)} positional arguments")
        arguments = dict(zip(names, args, strict=False))
        for k, v in kwargs.items():
            if k not in known or k in arguments:
                raise ArgumentError(k, usage, v)
            arguments[k] = v
        if not required <= arguments.keys():
            raise ArgumentError(", ".join(sorted(required - arguments.keys())), usage, None)
        return arguments

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        if self._busy:                      # a verb called by another verb: one transaction
            return method(self, *args, **kwargs)
        bound = bind(self, args, kwargs)
        arguments = bound if plain else bound.arguments
        for name, check in checks.items():
            if name in arguments:
                arguments[name] = check(name, arguments[name], self)
        saved = self._txn_save()
        self._busy = True
        try:
            if plain:
                return method(self, **arguments)
            return method(*bound.args, **bound.kwargs)
        except BaseException:
            self._txn_restore(saved)
            raise
        finally:
            self._busy = False

    wrapper.__wrapped_verb__ = True
    return wrapper


def _checked_init(init, name: str):
    """A constructor whose call does not fit its signature raises ArgumentError (not TypeError),
    as a verb's does."""
    sig = inspect.signature(init)
    usage = f"a call {name}{_public(sig)}"

    @functools.wraps(init)
    def wrapper(self, *args, **kwargs):
        try:
            sig.bind(self, *args, **kwargs)
        except TypeError as exc:
            raise ArgumentError(name, usage, str(exc)) from None
        init(self, *args, **kwargs)
    return wrapper


def plain_copy(value):
    """A copy of plain data (dicts, lists, tuples as lists) sharing nothing mutable: what
    ``state()`` hands out is a snapshot, never the match's own objects."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_copy(v) for v in value]
    return value


def _public(sig: inspect.Signature) -> str:
    return str(sig.replace(parameters=[p for n, p in sig.parameters.items() if n != "self"]))


def _coded_state(state):
    """``state()`` whose ``events`` are :func:`event_dicts` of the match's events: each with its
    ``code`` and ``args`` (scenario-format), however the engine lists them."""
    @functools.wraps(state)
    def wrapper(self, *args, **kwargs):
        out = state(self, *args, **kwargs)
        if isinstance(out, dict) and "events" in out:
            out["events"] = self._event_dicts()
        return out

    return wrapper


class Match:
    """What both match classes share (they provide ``_fields()``, ``events``, ``rejected``,
    ``step``, ``state()`` and the verbs). The scenario runner, not the engine, records rejected
    steps."""

    FORMAT = ""

    VERBS: dict[str, dict] = {}
    _busy = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:       # both engines: the same constructor errors
            cls.__init__ = _checked_init(cls.__dict__["__init__"], cls.__name__)
        for name, checks in cls.__dict__.get("VERBS", {}).items():
            setattr(cls, name, _transaction(cls.__dict__[name], checks))
        if "state" in cls.__dict__:
            cls.state = _coded_state(cls.__dict__["state"])


    def _txn_save(self):
        """A snapshot of the match for :meth:`_txn_restore`: its fields (``_fields()``, mutable ones
        copied), and the append-only logs kept by length."""
        fields = self._fields()
        fields.pop("_moves", None)
        return fields, len(self.events), len(self.rejected)

    def _fields_snapshot(self, *keep: str) -> dict:
        """The match's fields (the same snapshot as a transaction's), without the logs and without
        the fields named in ``keep`` (which a restore leaves as they are then)."""
        fields = self._fields()
        for key in ("_moves", "_event_cache", "_busy", "events", "rejected", *keep):
            fields.pop(key, None)
        return fields

    def _fields_restore(self, snapshot: dict) -> None:
        """Put back the fields of a :meth:`_fields_snapshot` (copied again: the snapshot stays usable)."""
        current = self.__dict__
        saved = {k: current[k] for k in ("_moves", "_event_cache", "_busy", "events", "rejected") if k in current}
        keep = {k: v for k, v in current.items() if k not in snapshot}
        current.clear()
        current.update(snapshot)
        current.update(self._fields())   # fresh copies of the mutable fields
        current.update(keep)
        current.update(saved)

    def _txn_restore(self, saved) -> None:
        fields, n_events, n_rejected = saved
        events, rejected = self.events, self.rejected
        cache = self.__dict__.get("_event_cache")
        moves = self.__dict__.get("_moves")
        del events[n_events:]
        del rejected[n_rejected:]
        self.__dict__.clear()
        self.__dict__.update(fields)
        self.events, self.rejected = events, rejected
        if cache is not None:
            self._event_cache = cache
        if moves is not None:
            self._moves = moves
        self._busy = False

    def _event_dicts(self) -> list[dict]:
        """:func:`event_dicts` of the match's events, each event rendered once: the dicts of the
        events already seen are kept (checked by identity, as events are only ever appended or cut
        back) and copies handed out, so asking for the state after every step stays linear."""
        events = self.events
        cache = self.__dict__.get("_event_cache")
        if cache is None:
            cache = self._event_cache = []
        n = min(len(cache), len(events))
        i = 0
        while i < n and cache[i][0] is events[i]:
            i += 1
        del cache[i:]
        cache.extend((e, e.as_dict()) for e in events[i:])
        return [{**d, "args": plain_copy(d["args"])} for _, d in cache]

    def record_rejection(self, step: int, err: IllegalAction) -> None:
        """Note a rejected scenario step in the outcome's ``rejected`` list (the scenario runner's)."""
        self.rejected.append(rejection_dict(step, err))

    def is_legal(self, verb: str, *args, **kwargs) -> bool:
        """Would ``verb(*args, **kwargs)`` be accepted now? Tried on a copy; nothing changes."""
        trial = self.copy()
        try:
            getattr(trial, verb)(*args, **kwargs)
        except IllegalAction:
            return False
        return True

    def copy(self):
        """An independent match in the same state (nothing shared; the move stack starts empty)."""
        new = type(self).__new__(type(self))
        d = self._fields()
        d.pop("_moves", None)
        d.pop("_event_cache", None)
        d["events"], d["rejected"] = self.events.copy(), self.rejected.copy()
        new.__dict__.update(d)
        return new

    # ------------------------------------------------------------------ Actions (OpenSpiel's State API)
    def apply(self, action) -> None:
        """Play an :class:`~rulings_lib.verbs.Action` (raises IllegalAction when the rules forbid it
        now; the match is then unchanged)."""
        action.play(self)

    def push(self, action) -> None:
        """Play ``action`` and remember how to take it back (:meth:`pop`). A refused action raises
        and is not pushed."""
        saved = self._txn_save()
        action.play(self)
        self.__dict__.setdefault("_moves", []).append((action, saved))

    def pop(self):
        """Take back the last pushed action (no replay: the snapshot taken before it is restored)
        and return it. IndexError when nothing was pushed."""
        moves = self.__dict__.get("_moves")
        if not moves:
            raise IndexError("pop from an empty move stack")
        action, saved = moves.pop()
        self._txn_restore(saved)
        return action

    @property
    def move_stack(self) -> list:
        """The pushed actions, oldest first (python-chess's ``move_stack``)."""
        return [a for a, _ in self.__dict__.get("_moves", ())]

    def legal_actions(self) -> list:
        """The actions the rules allow right now, as :class:`~rulings_lib.verbs.Action` values:
        every candidate the format lists (:meth:`_candidates`) that is legal on a copy. A verb with
        a number (an attack's damage) is listed once, with the smallest number its table allows."""
        if self.is_finished():
            return []
        return [a for a in self._candidates() if self._legal(a)]

    def _candidates(self) -> list:
        return []

    def _legal(self, action) -> bool:
        trial = self.copy()
        try:
            action.play(trial)
        except IllegalAction:
            return False
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.FORMAT} {self._moment()}>"

    def _moment(self) -> str:
        return f"step={self.step}"

    def _repr_svg_(self) -> str:
        """Jupyter: the match drawn (python-chess style); the drawing module loads only when asked."""
        return self._draw()

    def _draw(self, lang: str = "en") -> str:
        raise NotImplementedError
