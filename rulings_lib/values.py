"""Plain value classes, without :mod:`dataclasses` (which imports ``inspect``, and with it ``ast``,
``dis`` and ``tokenize``, and writes each class's methods at import: about a tenth of the start-up
of ``rulings run``).

A value class lists its fields in ``__slots__``, in order (a slot whose name begins with ``_`` is a
cache, not a field), and writes its own ``__init__``, which sets every field (a frozen one through
:func:`init`, its fields in order). The bases
give what a dataclass would: :class:`Value` the ``repr`` (``Name(field=value, ...)``) and ``==`` (same
class, equal fields; the fields named in ``_EQ`` when a class sets it), and no hash, as a mutable
dataclass; :class:`Frozen` also refuses assignment (AttributeError, as a frozen dataclass), hashes
its compared fields, and copies and pickles through its ``__init__`` (every field by position).
:func:`replace` is :func:`dataclasses.replace`. One value class does not derive from another.

>>> class Point(Frozen):
...     __slots__ = ("x", "y")
...     def __init__(self, x, y=0):
...         init(self, (x, y))
>>> p = Point(1)
>>> p, p == Point(1, 0), hash(p) == hash(Point(1, 0))
(Point(x=1, y=0), True, True)
>>> p.x = 2
Traceback (most recent call last):
AttributeError: cannot assign to field 'x'
"""

from __future__ import annotations

_set = object.__setattr__


def init(obj, values: tuple) -> None:
    """Set a frozen value's fields, ``values`` in their order (its ``__init__``'s work)."""
    for name, value in zip(obj._FIELDS, values, strict=True):
        _set(obj, name, value)


def replace(value, **changes):
    """A new value with ``changes`` (as :func:`dataclasses.replace`): its class called with every
    field by name (a value class's ``__init__`` takes its fields by their names)."""
    unknown = changes.keys() - set(value._FIELDS)
    if unknown:
        raise TypeError(f"{type(value).__qualname__} has no field {sorted(unknown)[0]!r}")
    return type(value)(**{name: changes.get(name, getattr(value, name)) for name in value._FIELDS})


class Value:
    """A mutable value: ``repr`` and ``==`` by its fields, unhashable."""

    __slots__ = ()
    _FIELDS: tuple = ()     # its fields, in order: its ``__slots__`` but the caches (set for each class)
    _EQ: tuple = ()         # the fields ``==`` compares (a class may name fewer; default: all of them)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._FIELDS = tuple(name for name in cls.__dict__.get("__slots__", ()) if not name.startswith("_"))
        if "_EQ" not in cls.__dict__:
            cls._EQ = cls._FIELDS

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__qualname__}({fields})"

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self._EQ)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None     # type: ignore[assignment]


class Frozen(Value):
    """An immutable value: as :class:`Value`, and hashable by the fields ``==`` compares."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        return type(self), tuple(getattr(self, name) for name in self._FIELDS)
