"""Argument checks for the public verbs of both engines (the API's boundary).

A verb's parameters are described once, as data, in the engine's ``VERBS`` table
(``{verb: {param: check}}``); :class:`rulings_lib.match.Match` checks every call against
it before the verb runs, so the verbs themselves only play rules. A check takes the value (and
the match, for checks that depend on it) and returns the value to use, or raises
:class:`~rulings_lib.errors.ArgumentError` naming the parameter and what is allowed. A check may
carry ``quick``, a test the verbs' wrappers run inline (:mod:`rulings_lib.match`): a value that
passes it is the check's own answer, unchanged; any other value goes to the check.

>>> count = whole(lo=1)
>>> count("times", 3, None)
3
>>> count("times", 1.5, None)
Traceback (most recent call last):
...
rulings_lib.errors.ArgumentError: times: expected a whole number >= 1, got 1.5
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .errors import ArgumentError
from .i18n import Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

    # A check: (param, value, match) -> the value to use (of any type: each check says which).
    Check = Callable[[str, Any, Any], Any]
else:
    Check = Callable[[str, object, object], object]


def whole(lo: int | None = 0, hi: int | None = None) -> Check:
    """An ``int`` (never a bool, float, NaN or string) within ``lo..hi``."""
    # What is allowed, as a message (worded in English or Japanese where a person reads it).
    if lo is not None and hi is not None:
        allowed = Msg("input.schema.int", lo=lo, hi=hi)
    elif lo is not None:
        allowed = Msg("input.arg.whole_min", lo=lo)
    elif hi is not None:
        allowed = Msg("input.arg.whole_max", hi=hi)
    else:
        allowed = Msg("input.arg.whole")

    def check(param: str, value: Any, match: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or \
                (lo is not None and value < lo) or (hi is not None and value > hi):
            raise ArgumentError(param, allowed, value)
        return value
    check.quick = ("range", lo, hi)  # type: ignore[attr-defined]
    return check


def choice(*options: object, name: str | None = None) -> Check:
    """One of ``options`` (compared by equality; bools never match numbers)."""
    allowed = name or Msg("input.schema.one_of", choices=", ".join(repr(o) for o in options))

    def check(param: str, value: Any, match: Any) -> Any:
        try:
            ok = not isinstance(value, bool) and value in options
        except TypeError:  # unhashable
            ok = False
        if not ok:
            raise ArgumentError(param, allowed, value)
        return value
    kinds = {type(o) for o in options}
    if len(kinds) == 1 and kinds <= {str, int}:
        check.quick = ("in", kinds.pop(), frozenset(options))  # type: ignore[attr-defined]
    return check


def text(max_len: int = 200, optional: bool = False) -> Check:
    """A non-empty ``str`` of printable text (no lone surrogates), at most ``max_len`` characters."""
    allowed = Msg("input.arg.name_or_none" if optional else "input.arg.name", max=max_len)

    def check(param: str, value: Any, match: Any) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not 0 < len(value) <= max_len or not value.isprintable():
            raise ArgumentError(param, allowed, value)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ArgumentError(param, allowed, value) from None
        return value
    return check


def flag() -> Check:
    """``True`` or ``False``."""
    def check(param: str, value: Any, match: Any) -> Any:
        if not isinstance(value, bool):
            raise ArgumentError(param, Msg("input.arg.flag"), value)
        return value
    return check


def optional(inner: Check) -> Check:
    """``None`` or what ``inner`` allows."""
    def check(param: str, value: Any, match: Any) -> Any:
        return None if value is None else inner(param, value, match)
    if getattr(inner, "quick", None) is not None:
        check.quick = ("optional", inner.quick)  # type: ignore[attr-defined]
    return check


def list_of(inner: Check, max_len: int = 1000, min_len: int = 0) -> Check:
    """A list (or tuple) of values each allowed by ``inner``."""
    def check(param: str, value: Any, match: Any) -> Any:
        if not isinstance(value, list | tuple) or not min_len <= len(value) <= max_len:
            raise ArgumentError(param, Msg("input.schema.list_len", min=min_len, max=max_len), value)
        return [inner(f"{param}[{i}]", v, match) for i, v in enumerate(value)]
    return check


def anything() -> Check:
    """No check (the verb validates a structured value itself, raising ArgumentError)."""
    return lambda param, value, match: value


def mapping_of(keys: Check, values: Check, what: str = "a mapping") -> Check:
    """A ``dict`` whose keys ``keys`` allows and whose values ``values`` allows (a new dict)."""
    def check(param: str, value: Any, match: Any) -> Any:
        if not isinstance(value, dict):
            raise ArgumentError(param, what, value)
        return {keys(f"{param} key", k, match): values(f"{param}[{k!r}]", v, match) for k, v in value.items()}
    return check


def record(fields: dict[str, Check], required: Iterable[str] = (), name: str = "a mapping") -> Check:
    """A ``dict`` with only the keys of ``fields`` (each checked), the ``required`` ones present."""
    required = tuple(required)
    allowed = f"{name} with keys {', '.join(fields)}" + (f" ({', '.join(required)} required)" if required else "")

    def check(param: str, value: Any, match: Any) -> Any:
        if not isinstance(value, dict):
            raise ArgumentError(param, allowed, value)
        out = {}
        for k, v in value.items():
            if not isinstance(k, str) or k not in fields:
                raise ArgumentError(param, allowed, value)
            out[k] = fields[k](f"{param}.{k}", v, match)
        missing = [k for k in required if k not in out]
        if missing:
            raise ArgumentError(f"{param}.{missing[0]}", f"a value ({name} needs {missing[0]})", None)
        return out
    return check
