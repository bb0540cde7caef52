"""The match base both engines share (:class:`Match`): verbs as transactions, one snapshot
mechanism, events, queries, ``copy()``, ``state()``, Actions (``apply``/``push``/``pop``,
``legal_actions``) and the picture.

A subclass names its ``FORMAT`` and lists its public verbs in ``VERBS = {verb: {param: check}}``,
made from its verb table (:mod:`rulings_lib.verbs`): each listed verb is checked at the boundary
and runs as a transaction, so a call that raises -- an :class:`IllegalAction` the rules give, or an
:class:`ArgumentError` for a malformed call -- leaves the match exactly as it was, step counter
and events included. The one snapshot is :meth:`Match._txn_save` (the match's fields, the
append-only logs kept by length): copy on write for a format that lists its mutable fields in
``_MUTABLE`` (WRGP), each mutable field copied for one that does not (the tag battle);
transactions, ``push``/``pop`` and the tag battle's rewind (TAG-R5) all use it.

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

import abc
import functools
import itertools
import math

from .errors import ArgumentError, IllegalAction
from .events import Event, rejection_dict
from .i18n import Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, NoReturn, Self, TypeVar

    from .args import Check
    from .verbs import Action, Param

    _F = TypeVar("_F", bound=Callable[..., Any])

_new_event = tuple.__new__      # an Event made without a call through its class (the engines make many)


class _Written(str):
    """An annotation's text, shown as written in a call's usage (inspect quotes a plain string)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


class _Params:
    """A function's parameters after the first (``self``), read from its code object, so that the
    kit's start-up needs no :mod:`inspect` (which loads ``ast``, ``dis`` and ``tokenize``): their
    ``names`` (positional ones first), how many may be given by position, the ``required`` ones, and
    whether they are ``plain`` (no ``/``, ``*args`` or ``**kwargs``). ``inspect`` is loaded only to
    word a call that does not fit (:meth:`usage`) or to bind a call to a signature that is not plain."""

    __slots__ = ("fn", "names", "n_positional", "required", "plain")

    def __init__(self, fn: Callable[..., Any]) -> None:
        code = fn.__code__
        n_positional = code.co_argcount - 1
        n_kwonly = code.co_kwonlyargcount
        self.fn = fn
        self.names = code.co_varnames[1:1 + n_positional + n_kwonly]
        self.n_positional = n_positional
        n_defaults = len(fn.__defaults__ or ())
        kwdefaults = fn.__kwdefaults__ or {}
        self.required = frozenset(self.names[:n_positional - n_defaults]) | {
            n for n in self.names[n_positional:] if n not in kwdefaults}
        self.plain = not code.co_posonlyargcount and not code.co_flags & (_CO_VARARGS | _CO_VARKEYWORDS)

    def usage(self, name: str | None = None) -> Msg:
        """How to call it, ``damage(by: str, to: str, ...)`` (``name`` in place of the function's), for
        an ArgumentError."""
        import inspect

        sig = inspect.signature(self.fn)
        # Each parameter's type as written (``by: str``, not ``by: 'str'``: the annotations are text); no return type.
        params = [p.replace(annotation=_Written(p.annotation)) if isinstance(p.annotation, str) else p
                  for n, p in sig.parameters.items() if n != "self"]
        shown = sig.replace(parameters=params, return_annotation=inspect.Signature.empty)
        return Msg("input.arg.call", call=f"{name or self.fn.__name__}{shown}")

    def bind(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """``args``/``kwargs`` (without ``self``) as ``{param: value}`` for a plain signature, else
        ``inspect``'s BoundArguments (with ``self`` as None); ArgumentError for a call that does not fit."""
        if not self.plain:
            import inspect

            try:
                return inspect.signature(self.fn).bind(None, *args, **kwargs)
            except TypeError as exc:
                raise ArgumentError(name, self.usage(), str(exc)) from None
        if len(args) > self.n_positional:
            raise ArgumentError(name, self.usage(), f"{len(args)} positional arguments")
        arguments = dict(zip(self.names, args, strict=False))
        for k, v in kwargs.items():
            if k not in self.names or k in arguments:
                raise ArgumentError(k, self.usage(), v)
            arguments[k] = v
        if not self.required <= arguments.keys():
            raise ArgumentError(", ".join(sorted(self.required - arguments.keys())), self.usage(), None)
        return arguments


_CO_VARARGS, _CO_VARKEYWORDS = 0x04, 0x08      # code flags (inspect.CO_VARARGS, CO_VARKEYWORDS)


def _transaction(cls: type[Match], name: str, method: Callable[..., Any],
                 checks: dict[str, Check]) -> Callable[..., Any]:
    """Wrap a public verb: check its arguments against ``checks`` (the API boundary), then run it
    as one transaction: whatever it raises, the match is left exactly as it was before the call
    (every field, the step counter, the events). A call with positional arguments only (random
    play, search, the scenario runner's dispatch) is checked without building a dict: a check that
    has a quick test (``check.quick``, :func:`_quick_test`) is called only when the test fails (the
    check then gives the value or the error). Whatever else a call is, it is bound as the signature
    says."""
    params = _Params(method)
    names, n_positional, required, plain = params.names, params.n_positional, params.required, params.plain
    for p in checks:
        if p not in names:
            raise TypeError(f"{method.__qualname__}: VERBS names unknown parameter {p!r}")
    # The fast path: positional arguments only, every required parameter among them.
    n_required = len(required) if plain and all(n in names[:n_positional] for n in required) else n_positional + 1
    positional = tuple((name, checks.get(name)) for name in names[:n_positional])

    # For each number of positional arguments, the checks to run on them: (index, name, check, the
    # check's quick test or None).
    checked = tuple(tuple((i, name, check, _quick_test(getattr(check, "quick", None)))
                          for i, (name, check) in enumerate(positional[:n]) if check is not None)
                    for n in range(n_positional + 1))

    def verb(self: Match, *args: Any, **kwargs: Any) -> Any:
        if self._own is not None:           # a verb called by another verb: one transaction
            return method(self, *args, **kwargs)
        if not kwargs and n_required <= len(args) <= n_positional:
            for i, name, check, quick in checked[len(args)]:
                if quick is None or not quick(args[i]):
                    # A value the quick tests do not pass: every check called (its value or its error).
                    args = list(args)  # type: ignore[assignment]  # (checked in place, then passed on)
                    for i, name, check, _ in checked[len(args)]:
                        args[i] = check(name, args[i], self)  # type: ignore[index]  # (a list here)
                    break
            call, kw = args, _NO_KWARGS
        else:
            bound = params.bind(method.__name__, args, kwargs)
            arguments = bound if plain else bound.arguments
            for name, check in checks.items():
                if name in arguments:
                    arguments[name] = check(name, arguments[name], self)
            call, kw = (_NO_ARGS, arguments) if plain else (bound.args[1:], bound.kwargs)
        if self._audit:
            return self._audited(method, call, kw)
        # The snapshot: the fields as they are (copy on write: see Match._w), the logs by length.
        fields = self._snapshot()
        events, rejected = self._log, self.rejected
        n_events, n_rejected = len(events), len(rejected)
        self._own = ()
        try:
            return method(self, *call, **kw)
        except BaseException:
            _roll_back(self, fields, events, n_events, rejected, n_rejected)
            raise
        finally:
            self._own = None

    functools.update_wrapper(verb, method)
    verb.__wrapped_verb__ = True  # type: ignore[attr-defined]
    return verb


def _roll_back(match: Match, fields: Any, events: list[Event], n_events: int, rejected: list[dict[str, Any]],
               n_rejected: int) -> None:
    """Undo a verb that raised: the snapshot put back (it is nobody else's: no copy), the logs cut
    back to their length."""
    del events[n_events:]
    del rejected[n_rejected:]
    match._put_back(fields)


def _quick_test(quick: tuple[Any, ...] | None) -> Callable[[Any], bool] | None:
    """A check's quick test (``check.quick``, :mod:`rulings_lib.args`) as a predicate that is true
    when the value passes it, or None (no quick test: the check is always called)."""
    if quick is None:
        return None
    kind = quick[0]
    if kind == "in":                # one of a set of values, all of one exact type (str or int)
        cls, values = quick[1], quick[2]
        return lambda v: v.__class__ is cls and v in values
    if kind == "range":             # an int (never a bool) within lo..hi
        lo = -math.inf if quick[1] is None else quick[1]
        hi = math.inf if quick[2] is None else quick[2]
        return lambda v: v.__class__ is int and lo <= v <= hi
    if kind == "optional":
        inner = _quick_test(quick[1])
        return None if inner is None else (lambda v: v is None or inner(v))
    return None


_NO_ARGS: tuple[Any, ...] = ()
_NO_KWARGS: dict[str, Any] = {}


def _checked_init(init: Callable[..., None], name: str) -> Callable[..., None]:
    """A constructor whose call does not fit its signature raises ArgumentError (not TypeError),
    as a verb's does."""
    @functools.wraps(init)
    def wrapper(self: Match, *args: Any, **kwargs: Any) -> None:
        try:
            init(self, *args, **kwargs)
        except TypeError:
            # A call that does not fit raises before the constructor's body runs: bind it to tell
            # that from a TypeError of the body (which is no argument error, and goes on up).
            _argument_error(init, name, (self, *args), kwargs)
            raise
    return wrapper


def _argument_error(fn: Callable[..., Any], name: str, args: tuple[Any, ...], kwargs: dict[str, Any],
                    exc: TypeError | None = None) -> None:
    """Raise ArgumentError if ``fn(*args, **kwargs)`` does not fit ``fn``'s signature, else return.
    The error quotes ``exc`` (the call's TypeError) when given, else why the call does not bind."""
    import inspect

    try:
        inspect.signature(fn).bind(*args, **kwargs)
    except TypeError as bind_error:
        raise ArgumentError(name, _Params(fn).usage(name), str(exc or bind_error)) from None


def query(**checks: Check) -> Callable[[_F], _F]:
    """A public query of either engine: a call that does not fit its signature, or a value one of
    ``checks`` (``{param: check}``, :mod:`rulings_lib.args`) refuses, raises ArgumentError (the same
    boundary as the verbs', without a transaction: queries change nothing). Without checks the
    call is bound only when it failed (queries run on every verb)."""
    def deco(fn: _F) -> _F:
        name = fn.__name__
        if not checks:
            @functools.wraps(fn)
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                try:
                    return fn(*args, **kwargs)
                except TypeError as exc:
                    _argument_error(fn, name, args, kwargs, exc)
                    raise
            return wrapper  # type: ignore[return-value]  # (functools.wraps: fn's signature)

        params = _Params(fn)

        @functools.wraps(fn)
        def checked(self: Match, *args: Any, **kwargs: Any) -> Any:
            try:
                bound = params.bind(name, args, kwargs)
            except ArgumentError:       # worded as the signature's binding says it
                _argument_error(fn, name, (self, *args), kwargs)
                raise
            arguments = bound if params.plain else bound.arguments
            for param, check in checks.items():
                if param in arguments:
                    arguments[param] = check(param, arguments[param], self)
            if params.plain:
                return fn(self, **arguments)
            return fn(self, *bound.args[1:], **bound.kwargs)
        return checked  # type: ignore[return-value]  # (functools.wraps: fn's signature)
    return deco


def plain_copy(value: Any) -> Any:
    """A copy of plain data (dicts, lists, tuples as lists) sharing nothing mutable: what
    ``state()`` hands out is a snapshot, never the match's own objects."""
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_copy(v) for v in value]
    return value


def _coded_state(state: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """``state()`` whose ``events`` are :func:`event_dicts` of the match's events: each with its
    ``code`` and ``args`` (scenario-format), however the engine lists them; and its ``verdict``, the
    answer in words decided by the engine (:mod:`rulings_lib.verdict`)."""
    @functools.wraps(state)
    def wrapper(self: Match, *args: Any, **kwargs: Any) -> dict[str, Any]:
        out = state(self, *args, **kwargs)
        if isinstance(out, dict) and "events" in out:
            out["events"] = self._event_dicts()
            if type(self)._verdict_of is not None:
                out["verdict"] = self.verdict()
        return out

    return wrapper


class Match(abc.ABC):
    """What both match classes share (they provide ``events``, ``rejected``, ``step``,
    ``state()``, ``_moment()``, ``_draw()`` and the verbs). The scenario runner, not the engine,
    records rejected steps.

    **Snapshots, copy on write.** A match that lists its mutable fields in ``_MUTABLE`` (``{field:
    how to copy it}``) changes them in place only through :meth:`_w`, which first gives the running
    transaction its own copy. A field's container that existed when a transaction began is then
    never changed in place, so a snapshot is the fields as they are, and stays valid as long as
    anyone keeps it (``push``/``pop``, undo). A verb's transaction reads them as a tuple, the
    fields ``_FIELDS`` names (:meth:`_snapshot`, without asking for ``__dict__``); ``push`` and
    undo keep a copy of the ``__dict__``.
    A match without ``_MUTABLE`` copies its mutable fields in :meth:`_fields` at every snapshot
    instead. Tests switch on ``_audit`` to check, call by call, that no container a snapshot holds
    was changed in place (tests/test_wrgp_properties.py)."""

    FORMAT = ""
    # What the match classes provide (their types, for a type checker).
    rejected: list[dict[str, Any]]
    step: int
    _log: list[Event]
    _event_cache: list[tuple[Event, dict[str, Any]]]
    if TYPE_CHECKING:
        def is_finished(self) -> bool: ...

    VERBS: dict[str, dict[str, Check]] = {}
    _MUTABLE: dict[str, Callable[[Any], Any]] = {}  # field -> a function copying it (copy on write, see _w)
    _FIELDS: tuple[str, ...] = ()  # copy on write: every field a verb may change (what a snapshot holds; the
                                # logs ``events`` and ``rejected`` are kept by length)
    _cow = False                # set from _MUTABLE for each subclass
    _own: tuple[()] | set[str] | None = None  # in a transaction (a verb running): the fields it has its own copies of
                                # (``()`` until its first copy, then a set)
    _audit = False              # tests: check the copy-on-write discipline on every call
    # The format's verdict, verdict(match) -> dict (rulings_lib/<format>/verdict.py), set by the format's
    # package (rulings_lib/wrgp/__init__.py, rulings_lib/tag/__init__.py): state() carries it.
    _verdict_of = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:       # both engines: the same constructor errors
            cls.__init__ = _checked_init(cls.__dict__["__init__"], cls.__name__)  # type: ignore[method-assign]  # the same constructor, checked
        for name, checks in cls.__dict__.get("VERBS", {}).items():
            setattr(cls, name, _transaction(cls, name, cls.__dict__[name], checks))
        if "state" in cls.__dict__:
            cls.state = _coded_state(cls.__dict__["state"])  # type: ignore[method-assign]  # the same state(), its events coded
        cls._cow = bool(cls._MUTABLE)
        if cls._cow and "_FIELDS" in cls.__dict__ and "_snapshot" not in cls.__dict__:
            raise TypeError(f"{cls.__name__}: a copy-on-write format writes out _snapshot and _put_back")

    def _snapshot(self) -> Any:
        """The fields a transaction puts back if its verb raises (:meth:`_put_back`): every mutable
        one copied (:meth:`_fields`), or, copy on write, the fields as they are (``_FIELDS``)."""
        return self._fields()

    def _put_back(self, fields: Any) -> None:
        cache = self.__dict__.get("_event_cache")
        if cache is not None:
            fields["_event_cache"] = cache
        self.__dict__ = fields

    # The transcript. The engines append each event to ``_log`` as an :class:`Event` made without a
    # call through its class (``tuple.__new__(Event, (step, rule, code, args))``: a few tens of
    # nanoseconds over a plain tuple), so every element of the list is an Event at all times, also
    # in a list a reader kept from ``events`` before more moves. The list is only appended to or
    # cut back (a rollback).
    @property
    def events(self) -> list[Event]:
        """What happened so far, one :class:`~rulings_lib.events.Event` each, oldest first."""
        return self._log

    @events.setter
    def events(self, events: list[Any]) -> None:
        for i, e in enumerate(events):
            if e.__class__ is not Event:
                events[i] = _new_event(Event, tuple(e))
        self._log = events

    def _ev(self, rule: str, code: str | Msg, **args: Any) -> None:
        """Record an event: the rule id and a message, a catalogue code with its arguments or a
        :class:`~rulings_lib.i18n.Msg` (the words are the catalogue's; ``text`` is the English)."""
        if isinstance(code, Msg):
            code, args = code.code, {**code.args, **args}  # type: ignore[attr-defined]  # (read as a pair: a Msg's)
        self._log.append(_new_event(Event, (self.step, rule, code, args)))

    def _fail(self, rule: str, code: str | Msg, **args: Any) -> NoReturn:
        """Refuse the call by ``rule``: a code with its arguments, or a Msg; worded only when read.
        The call is a transaction (``VERBS``): raising leaves the match as it was."""
        if isinstance(code, Msg):
            code, args = code.code, {**code.args, **args}  # type: ignore[attr-defined]  # (read as a pair: a Msg's)
        raise IllegalAction.coded(rule, code, args)

    def _w(self, name: str) -> Any:
        """The field ``name``, to change in place: the running transaction's own copy of it (made
        on the first write; copy on write). Every in-place change of a ``_MUTABLE`` field goes
        through here; replacing a field (``self.x = ...``) needs nothing."""
        own = self._own
        if own is not None and name in own:
            return getattr(self, name)
        value = self._MUTABLE[name](getattr(self, name))
        setattr(self, name, value)
        if own is None:                 # outside a transaction: nothing holds the old container
            return value
        if own:
            own.add(name)
        else:                           # the transaction's first copy: its set of own copies begins
            self._own = {name}
        return value

    def _fields(self) -> dict[str, Any]:
        """The match's fields, every mutable one copied (the ``_MUTABLE`` ones), except the
        append-only logs ``events`` and ``rejected`` (a transaction keeps those by length)."""
        d = self.__dict__.copy()
        d.pop("_event_cache", None)     # each match keeps its own (see Match._event_dicts)
        for name, copy in self._MUTABLE.items():
            d[name] = copy(d[name])
        return d

    def _txn_save(self) -> tuple[Any, int, int]:
        """A snapshot of the match for :meth:`_txn_restore` (and ``pop``, and the widgets' undo):
        its fields, and the append-only logs kept by length. It stays valid however long it is kept."""
        if self._own is not None:
            self._own = ()              # taken inside a transaction: nothing of it may change in place now
        fields = self.__dict__.copy() if self._cow else self._fields()
        return fields, len(self._log), len(self.rejected)

    def _fields_snapshot(self, *keep: str) -> dict[str, Any]:
        """The match's fields (the same snapshot as a transaction's), without the logs and without
        the fields named in ``keep`` (which a restore leaves as they are then)."""
        fields = self._fields()
        for key in ("_moves", "_event_cache", "_own", "_log", "rejected", *keep):
            fields.pop(key, None)
        return fields

    def _fields_restore(self, snapshot: dict[str, Any]) -> None:
        """Put back the fields of a :meth:`_fields_snapshot` (copied again: the snapshot stays usable)."""
        current = self.__dict__
        saved: dict[str, object] = {k: current[k] for k in ("_moves", "_event_cache", "_own", "_log", "rejected")
                 if k in current}
        keep = {k: v for k, v in current.items() if k not in snapshot}
        current.clear()
        current.update(snapshot)
        current.update(self._fields())   # fresh copies of the mutable fields
        current.update(keep)
        current.update(saved)

    def _txn_restore(self, saved: tuple[Any, int, int]) -> None:
        fields, n_events, n_rejected = saved
        current = self.__dict__
        del current["_log"][n_events:]
        del current["rejected"][n_rejected:]
        restored = fields.copy()        # the snapshot itself stays as it was (it may be kept)
        for key in ("_event_cache", "_moves", "_log", "rejected"):
            if key in current:
                restored[key] = current[key]
            else:
                restored.pop(key, None)
        restored["_own"] = None
        self.__dict__ = restored

    def _audited(self, method: Callable[..., Any], args: Any, kwargs: dict[str, Any]) -> Any:
        """A transaction as the wrapper runs it, also checking the copy-on-write discipline: after
        the call, every container the snapshot holds is as it was (AssertionError if a verb changed
        one in place without :meth:`_w`), and a rejected call leaves every field as it was."""
        deep = self._fields()
        saved = self._txn_save()
        self._own = ()
        try:
            return method(self, *args, **kwargs)
        except BaseException:
            self._txn_restore(saved)
            assert _same(self._fields(), deep), f"{method.__name__}: a rejected call changed the match"
            raise
        finally:
            self._own = None
            for name in self._MUTABLE:
                assert _same(saved[0][name], deep[name]), f"{method.__name__} changed {name} in place"

    def _event_dicts(self) -> list[dict[str, Any]]:
        """:func:`event_dicts` of the match's events, each event rendered once: the dicts of the
        events already seen are kept (checked by identity, as events are only ever appended or cut
        back) and copies handed out (``plain_copy``), sharing nothing mutable with the match."""
        events = self._log
        cache = self.__dict__.get("_event_cache")
        if cache is None:
            self._event_cache = cache = []
        n = min(len(cache), len(events))
        i = 0
        while i < n and cache[i][0] is events[i]:
            i += 1
        del cache[i:]
        cache.extend((e, e.as_dict()) for e in events[i:])
        return [plain_copy(d) for _, d in cache]

    def record_rejection(self, step: int, err: IllegalAction) -> None:
        """Note a rejected scenario step in the outcome's ``rejected`` list (the scenario runner's)."""
        self.rejected.append(rejection_dict(step, err))

    @query()
    def is_legal(self, verb: object, *args: Any, **kwargs: Any) -> bool:
        """Would ``verb(*args, **kwargs)`` be accepted now -- or the :class:`~rulings_lib.verbs.Action`
        ``verb`` (python-chess's ``board.is_legal(move)``)? Tried on a copy; nothing changes. A
        malformed call (not one of the verbs, or arguments the verb refuses) raises ArgumentError.

        >>> from rulings_lib import WrgpMatch
        >>> from rulings_lib.verbs import Action
        >>> m = WrgpMatch()
        >>> m.is_legal(Action("phase", "main1")), m.is_legal(Action("phase", "battle"))
        (True, False)
        """
        from .verbs import Action

        if isinstance(verb, Action):
            if args or kwargs:
                raise ArgumentError("verb", Msg("input.arg.call", call="is_legal(action)"), args or kwargs)
            trial = self.copy()
            try:
                verb.play(trial)
            except IllegalAction:
                return False
            return True
        if isinstance(verb, bool) or not isinstance(verb, str) or verb not in self.VERBS:
            raise ArgumentError("verb", Msg("input.schema.one_of", choices=", ".join(self.VERBS)), verb)
        trial = self.copy()
        try:
            getattr(trial, verb)(*args, **kwargs)
        except IllegalAction:
            return False
        return True

    @query()
    def copy(self) -> Self:
        """An independent match in the same state (nothing shared; the move stack starts empty)."""
        new = type(self).__new__(type(self))
        d = self._fields()
        for key in ("_moves", "_event_cache", "_own"):
            d.pop(key, None)
        d["_log"], d["rejected"] = self._log.copy(), self.rejected.copy()
        new.__dict__.update(d)
        return new

    # ------------------------------------------------------------------ Actions (OpenSpiel's State API)
    def apply(self, action: Action) -> None:
        """Play an :class:`~rulings_lib.verbs.Action` (raises IllegalAction when the rules forbid it
        now; the match is then unchanged)."""
        action.play(self)

    def push(self, action: Action) -> None:
        """Play ``action`` and remember how to take it back (:meth:`pop`). A refused action raises
        and is not pushed."""
        saved = self._txn_save()
        action.play(self)
        self.__dict__.setdefault("_moves", []).append((action, saved))

    def pop(self) -> Action:
        """Take back the last pushed action (no replay: the snapshot taken before it is restored)
        and return it. IndexError when nothing was pushed."""
        moves: list[tuple[Action, tuple[Any, int, int]]] | None = self.__dict__.get("_moves")
        if not moves:
            raise IndexError("pop from an empty move stack")
        action, saved = moves.pop()
        self._txn_restore(saved)
        return action

    @property
    def move_stack(self) -> list[Action]:
        """The pushed actions, oldest first (python-chess's ``move_stack``)."""
        return [a for a, _ in self.__dict__.get("_moves", ())]

    # ------------------------------------------------------------------ the action grammar
    # A format declares its grammar of actions on its verb table (one vocabulary: the verbs and their parameters
    # are the table's). Every verb of the table is in the grammar, in the table's order, but those ``LEFT_OUT``
    # names, each with why (``{verb: reason}``). Every required parameter of a verb is enumerated; an optional one
    # only if ``OPTIONAL`` names it (``{verb: (param, ...)}``), else it is left out (its default). A parameter's
    # values are its domain: a closed type's own values (``choice``, ``team``: the table's choices; ``bool``:
    # both), else what the format's :meth:`_domain` gives for this position (players, amounts, cards of the
    # match). An optional parameter's domain is "left out" (its default) and each other value.
    # tests/test_legal_actions.py checks that these name only verbs and parameters of the table.
    VERB_TABLE: Any             # the format's verb table (rulings_lib/<format>/verbs.py), set by each engine
    LEFT_OUT: dict[str, str] = {}
    OPTIONAL: dict[str, tuple[str, ...]] = {}

    @classmethod
    def grammar_verbs(cls) -> tuple[str, ...]:
        """The verbs of the grammar: the table's, in its order, but those ``LEFT_OUT``."""
        return tuple(v for v in cls.VERB_TABLE if v not in cls.LEFT_OUT)

    @abc.abstractmethod
    def _domain(self, verb: str, param: Param) -> tuple[Any, ...]:
        """The values of ``param`` (a :class:`~rulings_lib.verbs.Param` of ``verb``) in this position, for a
        parameter whose type is not a closed set (each format has its own: amounts, players, cards)."""

    def _values(self, verb: str, param: Param) -> tuple[Any, ...]:
        if param.type in ("choice", "team"):
            values = tuple(param.choices)
        elif param.type == "bool":
            values = (True, False)
        else:
            values = tuple(self._domain(verb, param))
        if param.required:
            return values
        return (None, *(v for v in values if v != param.default))

    def _grammar_values(self, verb: str) -> Iterator[Any]:
        """Every value of ``verb`` in the grammar, in the table's parameter order (a record as a dict, its
        left-out parameters absent; a scalar as its value; an empty verb as ``{}``)."""
        v = self.VERB_TABLE[verb]
        if v.shape == "empty":
            yield {}
            return
        if v.shape == "scalar":
            yield from self._values(verb, v.params[0])
            return
        named = self.OPTIONAL.get(verb, ())
        params = [p for p in v.params if p.required or p.name in named]
        names = [p.name for p in params]
        for combo in itertools.product(*(self._values(verb, p) for p in params)):
            yield {n: x for n, x in zip(names, combo, strict=True) if x is not None}

    @query()
    def action_grammar(self) -> list[Action]:
        """Every action of the format's grammar in this position, legal or not, as
        :class:`~rulings_lib.verbs.Action` values: what :meth:`legal_actions` chooses from (the format's
        ``LEFT_OUT``, ``OPTIONAL`` and ``_domain``: its engine's ``_allows`` says what the grammar holds)."""
        return [_action(verb, value) for verb in self.grammar_verbs() for value in self._grammar_values(verb)]

    @query()
    def legal_actions(self) -> list[Action]:
        """Every action of the format's grammar (:meth:`action_grammar`) that the rules allow now, as
        :class:`~rulings_lib.verbs.Action` values in the grammar's order: each one :meth:`is_legal`, and
        every action of the grammar that is legal is listed. The format decides each from its rules
        (``_allows``), trying it on a copy only where its engine says so. Asking changes nothing."""
        allows = self._allower()
        return [_action(verb, value) for verb in self.grammar_verbs() for value in self._grammar_values(verb)
                if allows(verb, value)]

    def _allows(self, verb: str, value: Any) -> bool:
        """Would the action ``verb: value`` of the grammar be accepted now? (By default: tried on a copy.)"""
        return self._tried(verb, value)

    def _allower(self) -> Callable[[str, Any], bool]:
        """What :meth:`legal_actions` asks of each action of the grammar, ``(verb, value) -> bool``: ``_allows``
        (a format may keep what one listing has worked out, as the tag battle does its seat orders)."""
        return self._allows

    def _tried(self, verb: str, value: Any) -> bool:
        """The action ``verb: value`` tried on a copy: accepted, or refused (by the rules, or as a call the
        engine cannot play in this position: an ArgumentError, e.g. a limit of the kit)."""
        trial = self.copy()
        try:
            self.VERB_TABLE[verb].play(trial, value)
        except (IllegalAction, ArgumentError):
            return False
        return True

    # What the moves so far add up to is the position; how it came about is history: ``step`` (the
    # number of verbs played) and the logs. Two matches in the same position are equal (python-chess's
    # Board.__eq__), however they got there.
    _HISTORY: tuple[str, ...] = ("step",)

    def __eq__(self, other: object) -> bool:
        """The same position: every field a move can change, but the history (``_HISTORY``, the events,
        the refused steps, the move stack)."""
        if type(other) is not type(self):
            return NotImplemented
        return _same(self._position(), other._position())

    def _position(self) -> dict[str, Any]:
        """The position as plain fields: every field a move can change but the history (``_HISTORY``).
        A format whose fields keep something of the history beside what the rules read (a step number
        where only "the step just played" counts) writes it as the rules read it."""
        return self._fields_snapshot(*self._HISTORY)

    # ------------------------------------------------------------------ setups (a position as a FEN)
    def setup(self) -> dict[str, Any]:
        """The scenario file's ``setup:`` mapping that starts a match in this very position (python-chess's
        ``board.fen()``): ``type(m).from_setup(m.setup()) == m``. Checked before it is handed out: a
        position holding what no setup key expresses (a handover under way, a lasting restriction ...)
        raises :class:`~rulings_lib.errors.NotExportable` naming it, never a setup of another position.

        >>> from rulings_lib import WrgpMatch
        >>> m = WrgpMatch(lineup=2)
        >>> m.phase("main1"); m.damage(by="A", to="opponent", amount=1000)
        >>> m.setup()
        Traceback (most recent call last):
        rulings_lib.errors.NotExportable: this wrgp position cannot be written as a setup: no setup key holds its just_damaged_by_opponent
        >>> m.end_turn()
        >>> m.setup()["at"]["lp"]
        {'A': 8000, 'B': 7000}
        >>> WrgpMatch.from_setup(m.setup()) == m
        True
        """
        from .errors import InputError, NotExportable, as_message

        setup = self._setup()
        try:
            again = type(self).from_setup(setup)
        except InputError as exc:       # a moment a setup cannot start at (turn 1's Draw Phase after a step)
            raise NotExportable(["at"], self.FORMAT, why=as_message(exc)) from None
        mine, theirs = _form(self._position()), _form(again._position())
        differ = [k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k)]
        if differ:
            raise NotExportable(sorted(self._SETUP_NAMES.get(k, k.lstrip("_")) for k in differ), self.FORMAT)
        return setup

    # How setup() names a field no setup key holds (the outcome's key for it where there is one).
    _SETUP_NAMES: dict[str, str] = {}

    @abc.abstractmethod
    def _setup(self) -> dict[str, Any]:
        """The setup keys for this position, as far as they go (:meth:`setup` checks it; each format has its own)."""

    @classmethod
    def from_setup(cls, setup: dict[str, Any], file: str = "<setup>") -> Self:
        """A match of this format starting at ``setup`` (a scenario file's ``setup:`` mapping), read and
        checked as a scenario's: a setup the format refuses is a :class:`~rulings_lib.errors.ScenarioError`
        naming ``file`` and the key."""
        return cls._read_setup(setup, file)  # type: ignore[no-any-return]  # (the format's reader: its own class)

    # The format's setup reader, read_setup(setup, file) -> match (rulings_lib.scenario.read_setup), set by
    # the format's package (rulings_lib/wrgp/__init__.py, rulings_lib/tag/__init__.py), as _verdict_of is.
    _read_setup: Any = None

    __hash__ = None     # type: ignore[assignment]  # (a match changes: no hash, as a mutable value)

    def __repr__(self) -> str:
        """The match's class, format and moment: ``<WrgpMatch wrgp turn=3 player=B phase=main1 ...>``."""
        return f"<{type(self).__name__} {self.FORMAT} {self._moment()}>"

    @abc.abstractmethod
    def _moment(self) -> str:
        """Where the match stands, in a few ``key=value`` words (for ``repr``)."""

    def _repr_svg_(self) -> str:
        """Jupyter: the match drawn (python-chess style); the drawing module loads only when asked."""
        return self._draw()

    @abc.abstractmethod
    def _draw(self, lang: str = "en") -> str:
        """The match drawn as SVG, in ``lang`` (each format has its picture)."""

    def verdict(self) -> dict[str, Any] | None:
        """The verdict on the match where it stands now: who lost and why, who is next and why, what
        is inherited, the Readings relied on (:mod:`rulings_lib.verdict`; None for a format without one)."""
        fn = type(self)._verdict_of
        return fn(self) if fn is not None else None

    @abc.abstractmethod
    def state(self) -> dict[str, Any]:
        """The scenario outcome (the JSON object of ``rulings run --json``)."""


# The grammar's Actions made so far, by verb and value (an Action's text form costs more to make than a
# legality decision): kept up to a bound, then begun again.
_ACTIONS: dict[tuple[str, str], Action] = {}
_ACTIONS_KEPT = 50_000


def _action(verb: str, value: Any) -> Action:
    key = (verb, repr(value))
    found = _ACTIONS.get(key)
    if found is None:
        from .verbs import Action

        if len(_ACTIONS) >= _ACTIONS_KEPT:
            _ACTIONS.clear()
        found = _ACTIONS[key] = Action(verb, value)
    return found


_INTERNAL = frozenset({"_own", "_event_cache", "_moves"})


def _form(value: Any) -> Any:
    """A value as plain data to compare (a card object by its slots), for the audit."""
    if isinstance(value, dict):
        return {k: _form(v) for k, v in value.items() if k not in _INTERNAL}
    if isinstance(value, list | tuple):
        return [_form(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(map(repr, value))
    slots = getattr(type(value), "__slots__", None)
    if slots and not isinstance(value, str | int):
        return (type(value).__name__, *(getattr(value, k) for k in slots))
    return value


def _same(a: Any, b: Any) -> bool:
    return _form(a) == _form(b)  # type: ignore[no-any-return]  # (plain data compared: a bool)
