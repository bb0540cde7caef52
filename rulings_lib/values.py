"""The kit's one kind of value class, without :mod:`dataclasses` (which imports ``inspect``, and with
it ``ast``, ``dis`` and ``tokenize``, and writes each class's methods as source text at import: about
a tenth of the start-up of ``rulings run``).

A value class derives from :class:`Value` and lists its fields as annotations, as a dataclass does
(a default after the annotation; :func:`field` for a default made per value, a field left out of
``repr``, ``==`` or the hash, or a cache the constructor does not take). ``class P(Value,
frozen=True)`` makes a frozen one. :class:`Value` is marked with :func:`typing.dataclass_transform`,
so a type checker sees the fields and the constructor's parameters as it would a dataclass's. What
a class gets, as a dataclass would (plain methods of :class:`Value`, the same for every class, which
a debugger steps through; nothing is compiled from source text):

- ``__init__``: the fields by position or by name, in their order, the defaults for those left out,
  then ``__post_init__`` when the class has one (a class may write its own ``__init__`` instead);
- ``repr`` (``Name(field=value, ...)``) and ``==`` (same class, equal compared fields);
- no hash when mutable; when frozen, assignment refused (AttributeError) and a hash of its compared
  fields;
- ``__slots__`` (its fields and caches: no other attribute can be set), copy and pickle.

:func:`replace` is :func:`dataclasses.replace`. One value class does not derive from another.

>>> class Point(Value, frozen=True):
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p == Point(1, 0), hash(p) == hash(Point(x=1, y=0)), replace(p, y=2)
(Point(x=1, y=0), True, True, Point(x=1, y=2))
>>> p.x = 2
Traceback (most recent call last):
AttributeError: cannot assign to field 'x'
"""

from __future__ import annotations

# `typing` is not imported at run time (`rulings run` does without it); a type checker reads the
# names below as typing's.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar, dataclass_transform

    _V = TypeVar("_V", bound="Value")
else:
    def dataclass_transform(**_options):
        return lambda cls: cls

_set = object.__setattr__
_MISSING = object()


class _Field:
    """What :func:`field` says of one field (read when its class is made)."""

    __slots__ = ("default", "default_factory", "init", "repr", "compare", "hash")

    def __init__(self, default: object, default_factory: Callable[[], object] | None, init: bool, repr: bool,
                 compare: bool, hash: bool | None) -> None:
        self.default, self.default_factory, self.init = default, default_factory, init
        self.repr, self.compare, self.hash = repr, compare, hash


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] | None = None, init: bool = True,
          repr: bool = True, compare: bool = True, hash: bool | None = None) -> Any:
    """A field's options, as :func:`dataclasses.field`: ``default_factory`` makes its default for each
    value; ``repr``/``compare``/``hash`` False leave it out of them (``hash`` None: as ``compare``);
    ``init=False``: a cache, which the constructor does not take and which stays unset until set."""
    return _Field(default, default_factory, init, repr, compare, hash)


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return text.startswith(("ClassVar", "typing.ClassVar"))


class _ValueClass(type):
    """Makes a value class: its fields from its own annotations, in order (a ``ClassVar`` is not
    one), as ``__slots__``; each field's default and options on the class (``_FIELDS`` ...)."""

    _FIELDS: tuple[str, ...]

    def __new__(mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], frozen: bool = False) -> _ValueClass:
        if not bases:       # Value itself
            return super().__new__(mcs, name, bases, ns)
        if "__annotations__" in ns:
            annotations = ns["__annotations__"]
        elif "__annotate__" in ns:      # Python 3.14 without `from __future__ import annotations`
            annotations = ns["__annotate__"](1)     # (1: annotationlib.Format.VALUE)
        else:
            annotations = {}
        names = [n for n, a in annotations.items() if not _is_class_var(a)]
        if names and any(b._FIELDS for b in bases if isinstance(b, _ValueClass)):
            raise TypeError(f"{name}: one value class does not derive from another")
        fields, defaults, factories, reprs, compared, hashed = [], {}, {}, [], [], []
        for n in names:
            spec = ns.pop(n, _MISSING)
            if not isinstance(spec, _Field):
                spec = _Field(spec, None, True, True, True, None)
            if spec.default is not _MISSING:
                defaults[n] = spec.default
            elif spec.default_factory is not None:
                factories[n] = spec.default_factory
            if spec.init:
                fields.append(n)
            if spec.repr:
                reprs.append(n)
            if spec.compare:
                compared.append(n)
            if spec.compare if spec.hash is None else spec.hash:
                hashed.append(n)
        ns["__slots__"] = (*names, *ns.get("__slots__", ()))
        ns.update(_FIELDS=tuple(fields), _DEFAULTS=defaults, _FACTORIES=factories, _REPR=tuple(reprs),
                  _EQ=tuple(compared), _HASH=tuple(hashed), _FROZEN=frozen, _POST=ns.get("__post_init__"))
        if frozen:
            ns.setdefault("__setattr__", Value._refuse_set)
            ns.setdefault("__delattr__", Value._refuse_delete)
            ns.setdefault("__hash__", Value._hash)
        return super().__new__(mcs, name, bases, ns)

    def __init__(cls, name: str, bases: tuple[type, ...], ns: dict[str, Any], frozen: bool = False) -> None:
        super().__init__(name, bases, ns)


@dataclass_transform(field_specifiers=(field,))
class Value(metaclass=_ValueClass):
    """The base of every value class (see the module's text)."""

    __slots__ = ()
    # Set for each class from its annotations: the constructor's fields in order, their defaults
    # (plain, made per value), the fields repr shows, == compares and the hash reads; frozen or not.
    _FIELDS: ClassVar[tuple[str, ...]] = ()
    _DEFAULTS: ClassVar[dict[str, object]] = {}
    _FACTORIES: ClassVar[dict[str, Callable[[], object]]] = {}
    _REPR: ClassVar[tuple[str, ...]] = ()
    _EQ: ClassVar[tuple[str, ...]] = ()
    _HASH: ClassVar[tuple[str, ...]] = ()
    _FROZEN: ClassVar[bool] = False
    _POST: ClassVar[Callable[[Any], None] | None] = None      # its __post_init__

    def __init__(self, *args: object, **kwargs: object) -> None:
        cls = type(self)
        names = cls._FIELDS
        if len(args) > len(names):
            raise TypeError(f"{cls.__qualname__}() takes {len(names)} positional arguments but {len(args)} were given")
        for name, value in zip(names, args, strict=False):   # (the first len(args) fields)
            _set(self, name, value)
        for name in names[len(args):]:
            if name in kwargs:
                value = kwargs.pop(name)
            elif name in cls._DEFAULTS:
                value = cls._DEFAULTS[name]
            elif name in cls._FACTORIES:
                value = cls._FACTORIES[name]()
            else:
                raise TypeError(f"{cls.__qualname__}() missing an argument: {name!r}")
            _set(self, name, value)
        if kwargs:
            name = next(iter(kwargs))
            how = "got multiple values for" if name in names else "got an unexpected keyword"
            raise TypeError(f"{cls.__qualname__}() {how} argument {name!r}")
        if cls._POST is not None:
            cls._POST(self)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._REPR)
        return f"{type(self).__qualname__}({fields})"

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._EQ)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled field by field, as a dataclass (its __init__ is not called again).
        return _rebuild, (type(self), tuple(getattr(self, name) for name in self._FIELDS))

    # The methods a frozen class gets (`frozen=True`).
    def _refuse_set(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def _refuse_delete(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def _hash(self) -> int:
        return hash(tuple(getattr(self, name) for name in self._HASH))


def _rebuild(cls: type[_V], values: tuple[object, ...]) -> _V:
    value = cls.__new__(cls)
    for name, v in zip(cls._FIELDS, values, strict=True):
        _set(value, name, v)
    return value


def replace(value: _V, **changes: object) -> _V:
    """A new value with ``changes`` (as :func:`dataclasses.replace`): its class called with every
    field by name."""
    unknown = changes.keys() - set(value._FIELDS)
    if unknown:
        raise TypeError(f"{type(value).__qualname__} has no field {sorted(unknown)[0]!r}")
    return type(value)(**{name: changes.get(name, getattr(value, name)) for name in value._FIELDS})
