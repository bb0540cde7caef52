"""What both engines share: transcript events and the typed end of a match."""

from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass
from typing import NamedTuple

from .errors import ArgumentError, IllegalAction
from .i18n import plain_args, render


class _EventFields(NamedTuple):
    step: int
    rule: str
    text_: str | None          # the English of an event made from a sentence; None for a coded one
    code: str | None = None
    args: dict | None = None


class Event(_EventFields):
    """One thing that happened: the step that caused it (0 = setup), the rule id, and what
    happened as a message ``code`` with its ``args`` (plain data); ``text`` is its English
    rendering, made when it is read (the engines record many events nobody reads). An event made
    the old way, ``Event(step, rule, text)``, has no code: its text is shown as it is in every
    language.

    >>> e = Event.coded(0, "STD-TURN", "common.transcript.scenario", {"title": "X"})
    >>> e.text, e.render("ja")
    ('Scenario: X', 'シナリオ: X')
    """

    __slots__ = ()

    @classmethod
    def coded(cls, step: int, rule: str, code: str, args: dict | None = None) -> Event:
        """An event from a catalogue code and its arguments."""
        return cls(step, rule, None, code, args if args is not None else {})

    @property
    def text(self) -> str:
        """The event in English."""
        if self.text_ is not None:
            return self.text_
        return render(self.code, self.args, "en")

    def render(self, lang: str = "en") -> str:
        """The event in words, in ``lang`` (an event with no code: its text as it is)."""
        if self.code is None:
            return self.text
        return render(self.code, self.args, lang)

    def as_dict(self) -> dict:
        """The outcome's form of the event: ``step``, ``rule``, ``text`` (English), ``code``, ``args``."""
        return {"step": self.step, "rule": self.rule, "text": self.text, "code": self.code,
                "args": plain_args(self.args)}


def event_dicts(events) -> list[dict]:
    """The outcome's ``events`` list (scenario-format: each with ``code`` and ``args`` besides
    ``step``, ``rule`` and the English ``text``)."""
    return [e.as_dict() for e in events]


def event_text(event: dict, lang: str = "en") -> str:
    """One outcome event dict in words: by its code when it has one, else its English text."""
    code = event.get("code")
    if not code:
        return event["text"]
    return render(code, event.get("args") or {}, lang)


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning team or tag, the rule id that ended it, and why
    (python-chess's ``Outcome``)."""

    winner: str
    termination: str
    text: str


def rejection_dict(step: int, err: IllegalAction) -> dict:
    """A rejected scenario step as the outcome lists it: ``step``, ``rule``, ``reason`` (English),
    and its ``code`` and ``args`` when it has them (not while its engine words it in English only)."""
    out = {"step": step, "rule": err.rule, "reason": err.reason}
    if err.code is not None:
        out.update(code=err.code, args=plain_args(err.params))
    return out


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


class MatchQueries:
    """What both match classes share (they provide ``copy()``, ``events``, ``rejected``, ``step``
    and the verbs).

    A subclass lists its public verbs in ``VERBS = {verb: {param: check}}`` (checks from
    :mod:`rulings_lib.args`): each listed verb is checked at the boundary and runs as a
    transaction, so a call that raises -- an :class:`IllegalAction` the rules give, or an
    :class:`ArgumentError` for a malformed call -- leaves the match exactly as it was, step
    counter and events included. The scenario runner, not the engine, records rejected steps.
    """

    VERBS: dict[str, dict] = {}
    _busy = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name, checks in cls.__dict__.get("VERBS", {}).items():
            setattr(cls, name, _transaction(cls.__dict__[name], checks))
        if "state" in cls.__dict__:
            cls.state = _coded_state(cls.__dict__["state"])


    def _txn_save(self):
        """A snapshot of the match for :meth:`_txn_restore`: its fields (``_fields()``, mutable ones
        copied), and the append-only logs kept by length."""
        return self._fields(), len(self.events), len(self.rejected)

    def _txn_restore(self, saved) -> None:
        fields, n_events, n_rejected = saved
        events, rejected = self.events, self.rejected
        cache = self.__dict__.get("_event_cache")
        del events[n_events:]
        del rejected[n_rejected:]
        self.__dict__.clear()
        self.__dict__.update(fields)
        self.events, self.rejected = events, rejected
        if cache is not None:
            self._event_cache = cache
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
        return [{**d, "args": {**d["args"]}} for _, d in cache]

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

    def _repr_svg_(self) -> str:
        """Jupyter: the match drawn (python-chess style); the drawing module loads only when asked."""
        from .draw import svg

        return svg(self)
