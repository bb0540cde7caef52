"""A very small declarative checker for scenario values.

Each schema turns a YAML value (with line numbers, see :mod:`yamlsrc`) into a plain Python
value or raises :class:`~rulings_lib.errors.ScenarioError` naming the file, the line, where
in the scenario the value is, and what was expected. The WRGP and tag-battle scenario readers
describe their verbs with these.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from pathlib import Path, PurePath

from .errors import ScenarioError
from .i18n import Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, NoReturn


def _show(value: object) -> Msg | str:
    """A value found in a file, shown briefly (its kind, or its first 40 characters)."""
    if isinstance(value, dict):          # a YAML mapping (yamlsrc.YMap) is a dict
        return Msg("input.show.mapping")
    if isinstance(value, list):
        return Msg("input.show.list")
    if value is None:
        return Msg("input.show.nothing")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Schema(ABC):
    """``expected`` says what the schema accepts: a :class:`~rulings_lib.i18n.Msg` (or English text)."""

    expected = Msg("input.schema.value")

    @abstractmethod
    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        """Check ``value`` (found at ``file``:``line``, at ``where`` in the scenario) and return it."""

    def fail(self, value: Any, file: str, line: int, where: str, expected: object = None) -> NoReturn:
        raise ScenarioError(file, line, Msg("input.schema.expected", where=where, expected=expected or self.expected,
                                            got=_show(value)))


class Int(Schema):
    def __init__(self, lo: int = 0, hi: int = 1_000_000):
        self.lo, self.hi = lo, hi
        self.expected = Msg("input.schema.int", lo=lo, hi=hi)

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            self.fail(value, file, line, where)
        return value


class Choice(Schema):
    def __init__(self, *choices: object) -> None:
        self.choices = choices
        self.expected = Msg("input.schema.one_of", choices=", ".join(str(c) for c in choices))

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if isinstance(value, bool) or value not in self.choices:
            self.fail(value, file, line, where)
        return value


class Text(Schema):
    expected = Msg("input.schema.text")

    def __init__(self, max_len: int = 2000):
        self.max_len = max_len

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if not isinstance(value, str) or not value.strip() or len(value) > self.max_len:
            self.fail(value, file, line, where, Msg("input.schema.text_len", max=self.max_len))
        return value


class Bool(Schema):
    expected = Msg("input.schema.bool")

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if not isinstance(value, bool):
            self.fail(value, file, line, where)
        return value


class ListOf(Schema):
    def __init__(self, item: Schema, min_len: int = 0, max_len: int = 10_000):
        self.item, self.min_len, self.max_len = item, min_len, max_len
        self.expected = Msg("input.schema.list_of", item=item.expected)

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if not isinstance(value, list):
            self.fail(value, file, line, where)
        if not self.min_len <= len(value) <= self.max_len:
            self.fail(value, file, line, where, Msg("input.schema.list_len", min=self.min_len, max=self.max_len))
        lines = getattr(value, "lines", [line] * len(value))
        return [self.item.parse(v, file, lines[i], f"{where}[{i + 1}]") for i, v in enumerate(value)]


class MapOf(Schema):
    """A mapping with named keys; ``required`` keys must be present, others take ``defaults``."""

    def __init__(self, fields: dict[str, Schema], required: Iterable[str] = (), defaults: dict[str, Any] | None = None,
                 name: object = None) -> None:
        self.fields = fields
        self.required = tuple(required)
        self.defaults = defaults or {}
        name = Msg("input.show.mapping") if name is None else name
        self.expected = Msg("input.schema.map_keys", name=name, keys=", ".join(fields)) if fields \
            else Msg("input.schema.map_no_keys", name=name)

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if value is None and not self.required:
            value = {}
        if not isinstance(value, dict):
            self.fail(value, file, line, where)
        lines = getattr(value, "lines", {})
        out = dict(self.defaults)
        for key, val in value.items():
            kline = lines.get(key, line)
            if key not in self.fields:
                known = ", ".join(self.fields) or Msg("input.schema.none")
                raise ScenarioError(file, kline, Msg("input.schema.unknown_key", where=where, key=repr(key), known=known))
            out[key] = self.fields[key].parse(val, file, kline, f"{where}.{key}")
        missing = [k for k in self.required if k not in value]
        if missing:
            raise ScenarioError(file, line, Msg("input.schema.missing_key", where=where, key=repr(missing[0])))
        return out


class DictOf(Schema):
    """A mapping whose keys come from a fixed set (e.g. teams) and whose values share a schema."""

    def __init__(self, keys: Schema, values: Schema):
        self.keys, self.values = keys, values
        self.expected = Msg("input.schema.dict_of", keys=keys.expected, values=values.expected)

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        if not isinstance(value, dict):
            self.fail(value, file, line, where)
        lines = getattr(value, "lines", {})
        out = {}
        for key, val in value.items():
            kline = lines.get(key, line)
            k = self.keys.parse(key, file, kline, f"{where} key")   # a path in the file: not translated
            out[k] = self.values.parse(val, file, kline, f"{where}.{key}")
        return out


class Checked(Schema):
    """``inner``'s shape, then a check the API runs too (``check(where, value, None)``, raising
    ArgumentError): what the API refuses, a scenario file refuses at its line, with the same words."""

    def __init__(self, inner: Schema, check: Callable[..., Any]) -> None:
        self.inner, self.check = inner, check
        self.expected = inner.expected

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        from .errors import ArgumentError

        value = self.inner.parse(value, file, line, where)
        try:
            self.check(where, value, None)
        except ArgumentError as exc:
            raise ScenarioError(file, line, exc.as_msg()) from None
        return value


class Either(Schema):
    """The first schema whose basic shape fits (mapping, list or scalar) is used."""

    def __init__(self, *options: Schema):
        self.options = options
        expected = options[0].expected
        for o in options[1:]:
            expected = Msg("input.schema.or", a=expected, b=o.expected)
        self.expected = expected

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        for opt in self.options:
            if isinstance(opt, MapOf | DictOf) and isinstance(value, dict):
                return opt.parse(value, file, line, where)
            if isinstance(opt, ListOf) and isinstance(value, list):
                return opt.parse(value, file, line, where)
            if not isinstance(opt, MapOf | DictOf | ListOf) and not isinstance(value, dict | list):
                return opt.parse(value, file, line, where)
        self.fail(value, file, line, where)


_KIT = Path(__file__).resolve().parent


def scenario_key(param: str, prefix: str = "", rename: dict[str, str] | None = None) -> str:
    """The scenario key an API parameter stands for: ``gauges['red-A']`` -> ``PREFIX + points.red-A``
    with ``rename={"gauges": "points"}`` (a file's reader knows its keys, not the API's names)."""
    head, sep, rest = param.partition("[")
    head = (rename or {}).get(head, head)
    rest = re.sub(r"\['([^']*)'\]", r".\1", sep + rest) if sep else ""
    return f"{prefix}{head}{rest}"


class WrittenPath(str):
    """A resolved path that remembers how the scenario wrote it (``written``), so that a problem
    in the file names ``decks/a.ydk``, not the machine's absolute path; and where: the scenario
    ``file`` and ``line``, and the ``roots`` (folders) it may read in, so that what is found *inside* a
    folder it names (a ``.cdb`` link in a ``cards_db`` folder) is held to the same rule."""

    written: str
    file: str
    line: int
    roots: tuple[Path, ...]

    def __new__(cls, resolved: str, written: str, file: str = "", line: int = 0,
                roots: Iterable[Path] = ()) -> WrittenPath:
        self = super().__new__(cls, resolved)
        self.written, self.file, self.line, self.roots = written, file, line, tuple(roots)
        return self


def within(path: str | Path, roots: Iterable[Path]) -> bool | None:
    """Is ``path``, every link followed, inside one of the folders ``roots`` (already resolved)? None
    when it cannot be followed (a link loop): then it cannot be read either, and its reader says why."""
    try:
        target = Path(path).resolve()
    except (OSError, ValueError, RuntimeError):
        return None
    return any(target.is_relative_to(r) for r in roots)


def is_deck_url(value: object) -> bool:
    """A ``ydke://`` deck URL, spelt as the deck reader reads one (any case, around any white space:
    :func:`rulings_lib.decks.ydk.is_ydke`): a deck, never a path to a file."""
    return isinstance(value, str) and value.strip().lower().startswith("ydke://")


class DeckPath(Text):
    """A deck, banlist, card database or catalogue file named by a scenario step (or, where a deck
    is asked for and ``ydke`` is set, a ydke:// URL).

    The path is relative to the scenario's folder and must stay inside it: an absolute path, or
    one that leaves the folder (``../``, or a link pointing out), is refused before anything is
    read, so a scenario cannot make the kit read (and quote) a file elsewhere. The scenarios
    shipped with the kit may also name the kit's own sample files (``rulings_lib/samples``).
    Returns the resolved path (a :class:`WrittenPath`: it keeps the path as written).

    A ``ydke://`` value is a deck, never a path (with a folder named ``ydke:`` beside
    it, ``ydke://x`` would name a file there, unchecked): it is returned as the deck it is where a
    deck may be one (``ydke=True``), and refused anywhere else.
    """

    expected = Msg("input.schema.deck_path")

    def __init__(self, max_len: int = 2000, ydke: bool = False):
        super().__init__(max_len)
        self.ydke = ydke

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        value = super().parse(value, file, line, where)
        if is_deck_url(value):
            if not self.ydke:
                raise ScenarioError(file, line, Msg("input.path.ydke", where=where))
            return value.strip()
        if PurePath(value).is_absolute() or value.startswith("~"):
            raise ScenarioError(file, line, Msg("input.path.absolute", where=where))
        base = Path(file).parent if file and not file.startswith("<") else Path(".")
        try:
            root = base.resolve()
            target = (root / value).resolve()
        except (OSError, ValueError, RuntimeError):
            raise ScenarioError(file, line, Msg("input.path.unusable", where=where)) from None
        roots = [root]
        if root.is_relative_to(_KIT / "scenarios"):   # the kit's own scenarios use its samples
            roots.append(_KIT / "samples")
        if not any(target.is_relative_to(r) for r in roots):
            raise ScenarioError(file, line, Msg("input.path.leaves", where=where))
        return WrittenPath(str(target), value, file, line, roots)
