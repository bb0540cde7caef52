"""Safe YAML loading that remembers line numbers, for error messages that point at a line.

Only the plain YAML types are accepted (mappings, lists, strings, numbers, booleans, null).
Any other tag -- ``!!python/object``, ``!!timestamp``, custom ``!tags`` -- is an error, never
constructed: nothing a file says is executed.
"""

from __future__ import annotations

import gc
import re

import yaml

from . import files
from .errors import ScenarioError
from .i18n import Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from os import PathLike
    from typing import Any

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_KEY_TAGS = {"tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool",
             "tag:yaml.org,2002:null", "tag:yaml.org,2002:float"}
_MAX_NODES = 400_000
# A scenario is a few KB; the largest real one is far below this. Checked before anything is
# parsed (and before the file is read further), so a huge file costs nothing.
MAX_BYTES = 2 * 1024 * 1024
EXPECTED = Msg("input.expected.scenario_file")
# What YAML forbids in a stream (C0/C1 controls but tab, LF, CR and NEL; surrogates; U+FFFE/FFFF).
# PyYAML's reader compiles the very same class (a large one: about a millisecond) at its import:
# it is reused when its text is ours, character for character.
_NOT_PRINTABLE_TEXT = "[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
_NOT_PRINTABLE = getattr(getattr(getattr(yaml, "reader", None), "Reader", None), "NON_PRINTABLE", None)
if getattr(_NOT_PRINTABLE, "pattern", None) != _NOT_PRINTABLE_TEXT:
    _NOT_PRINTABLE = re.compile(_NOT_PRINTABLE_TEXT)
# Numbers and booleans are read as YAML 1.2's core schema reads them: plain decimal numbers and
# true/false. YAML 1.1's other forms (0x3, 0o7, 1_000, 2:13:20, .inf, .nan, yes/no/on/off) stay
# text, so a place that needs a number or true/false says so, with the line.
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_MAX_DIGITS = 30
_RESOLVED: dict[tuple[str, Any], str] = {}        # (plain text, implicit) -> the tag YAML 1.1's resolver gives it
_MAX_RESOLVED = 20_000


class _Resolving:
    """The resolver's answer for a plain scalar remembered: a scenario says ``by: A`` or ``phase:
    main1`` thousands of times, and the regular expressions need not run again. Exact: the answer
    depends on the text and the implicit flags only (the safe loaders have no path resolvers)."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is yaml.ScalarNode and len(value) <= 40:
            key = (value, implicit)
            tag = _RESOLVED.get(key)
            if tag is None:
                tag = super().resolve(kind, value, implicit)  # type: ignore[misc]
                if len(_RESOLVED) < _MAX_RESOLVED:
                    _RESOLVED[key] = tag
            return tag
        return super().resolve(kind, value, implicit)  # type: ignore[misc]


_MAX_DEPTH = 100            # the deepest node a scenario may hold (the root is at depth 0)


class _TooDeep(yaml.scanner.ScannerError):
    """Flow collections nested deeper than any node may be (refused as the builder refuses them)."""


class _PureLoader(_Resolving, yaml.SafeLoader):
    """PyYAML's pure-Python parser (always there; Pyodide has only this one).

    Its scanner looks over every open flow level at each token, so ``[[[[...]]]]`` costs it time
    in the square of the depth (100,000 levels: minutes). A flow collection opened deeper than any
    node may be is refused at its bracket, before the scanner reads on."""

    def fetch_flow_collection_start(self, TokenClass: Any) -> None:
        if self.flow_level > _MAX_DEPTH:      # this bracket's node would be deeper than _MAX_DEPTH
            raise _TooDeep(None, None, "nested too deeply", self.get_mark())
        super().fetch_flow_collection_start(TokenClass)


# libyaml's parser and composer (in C) when PyYAML was built with it, as PyPI's wheels are: the
# same nodes with the same line marks, many times faster. Its error wording differs from the pure
# parser's, so a file it refuses is read again by the pure parser for the message and the line
# (see load_text): the same one-line error either way.
_CLoader = type("_CLoader", (_Resolving, yaml.CSafeLoader), {"__doc__": "libyaml's loader."}) \
    if getattr(yaml, "__with_libyaml__", False) else None
_LOADER = _CLoader or _PureLoader
# The safe loaders have no path resolvers: a scalar's tag depends on its text and its implicit
# flags only (what _Builder.scalar_tag relies on to skip the resolver).
_PATHLESS = not _PureLoader.yaml_path_resolvers and not (_CLoader and _CLoader.yaml_path_resolvers)  # type: ignore[attr-defined]


def use_loader(name: str) -> str:
    """Choose the parser: ``"c"`` (libyaml, when PyYAML has it; the default) or ``"pure"``.
    Returns the name of the one in use (for tests and benchmarks)."""
    global _LOADER
    if name not in ("c", "pure"):
        raise ValueError(f"loader must be 'c' or 'pure', not {name!r}")
    _LOADER = _CLoader if name == "c" and _CLoader is not None else _PureLoader
    return loader_name()


def loader_name() -> str:
    return "c" if _LOADER is _CLoader and _CLoader is not None else "pure"


class YMap(dict):  # type: ignore[type-arg]
    """A mapping read from YAML; ``line`` is where it starts, ``lines[key]`` where each key is."""

    line: int
    lines: dict[Any, int]


class YSeq(list):  # type: ignore[type-arg]
    """A list read from YAML; ``line`` is where it starts, ``lines[i]`` where each item is."""

    line: int
    lines: list[int]


def line_of(value: object, default: int = 1) -> int:
    return getattr(value, "line", default)


_E = yaml.events
_SCALAR_EV, _MAP_EV, _SEQ_EV, _ALIAS_EV = _E.ScalarEvent, _E.MappingStartEvent, _E.SequenceStartEvent, _E.AliasEvent
_MAP_END, _SEQ_END, _DOC_START = _E.MappingEndEvent, _E.SequenceEndEvent, _E.DocumentStartEvent
_STR, _MAPTAG, _SEQTAG = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_BUILDING = object()         # an anchor whose node is not finished (an alias to it would be a loop)


class _Alias:
    """An alias met while reading: expanded (:meth:`_Builder.build`) only once the whole document
    has been counted, so an alias bomb is refused having expanded nothing."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _copy(value: Any) -> Any:
    """A fresh copy of a value an alias names (lines kept), as if its node were written there."""
    if isinstance(value, _Alias):
        return _copy(value.value)
    if isinstance(value, YMap):
        out = YMap((k, _copy(v)) for k, v in value.items())
        out.line, out.lines = value.line, dict(value.lines)
        return out
    if isinstance(value, YSeq):
        out = YSeq(_copy(v) for v in value)  # type: ignore[assignment]
        out.line, out.lines = value.line, list(value.lines)  # type: ignore[assignment]
        return out
    return value


class _Builder:
    """Plain values from the parser's events, as PyYAML's composer would see them, without its node
    tree: nothing of a node outlives its event but the value (half the memory, less time)."""

    def __init__(self, loader: Any, file: str) -> None:
        self.file = file
        self.get = loader.get_event
        self.resolve = loader.resolve
        self.count = 0
        self.aliases = 0
        self.anchors: dict[str, Any] = {}

    def err(self, event: Any, message: Msg) -> ScenarioError:
        return ScenarioError(self.file, event.start_mark.line + 1, message)

    def node(self, event: Any, depth: int = 0) -> Any:
        self.count += 1
        if self.count > _MAX_NODES or depth > _MAX_DEPTH:
            raise self.err(event, Msg("input.yaml.too_large"))
        kind = event.__class__
        if kind is _ALIAS_EV:
            entry = self.anchors.get(event.anchor)
            if entry is None:
                raise self.err(event, Msg("input.yaml.bad", problem=f"found undefined alias {event.anchor!r}"))
            if entry is _BUILDING:         # a node that holds itself: as deep as can be
                raise self.err(event, Msg("input.yaml.too_large"))
            value, size = entry
            self.count += size - 1          # an alias counts as all the nodes it repeats
            if self.count > _MAX_NODES:
                raise self.err(event, Msg("input.yaml.too_large"))
            self.aliases += 1
            return _Alias(value)
        anchor = event.anchor
        if anchor is not None:
            if anchor in self.anchors:
                raise self.err(event, Msg("input.yaml.bad", problem="second occurrence"))
            self.anchors[anchor] = _BUILDING
            first = self.count
        if kind is _SCALAR_EV:
            value = self.scalar(event)
        elif kind is _MAP_EV:
            value = self.mapping(event, depth)
        else:
            value = self.sequence(event, depth)
        if anchor is not None:
            self.anchors[anchor] = (value, self.count - first + 1)
        return value

    def build(self, value: Any) -> Any:
        """The value with every alias expanded into a fresh copy (the node count, aliases included,
        was checked while reading)."""
        if isinstance(value, _Alias):
            return _copy(value.value)
        if isinstance(value, YMap):
            for k, v in value.items():
                if isinstance(v, (_Alias, YMap, YSeq)):
                    value[k] = self.build(v)
        elif isinstance(value, YSeq):
            for i, v in enumerate(value):
                if isinstance(v, (_Alias, YMap, YSeq)):
                    value[i] = self.build(v)
        return value

    def tag(self, event: Any, kind: Any) -> Any:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolve(kind, event.value if kind is yaml.ScalarNode else None, event.implicit)
        return tag

    def scalar_tag(self, event: Any) -> Any:
        """:meth:`tag` of a scalar, most of them without calling the resolver: a quoted or block
        scalar with no tag is text, and a plain one's answer is remembered (``_RESOLVED``)."""
        tag = event.tag
        if tag is None and _PATHLESS:
            implicit = event.implicit
            if not implicit[0]:                 # not plain: no implicit type, the default (text)
                return _STR
            value = event.value
            if len(value) <= 40:
                tag = _RESOLVED.get((value, implicit))
                if tag is not None:
                    return tag
            return self.resolve(yaml.ScalarNode, value, implicit)
        return self.tag(event, yaml.ScalarNode)

    def mapping(self, start: Any, depth: int) -> YMap:
        tag = self.tag(start, yaml.MappingNode)
        if tag != _MAPTAG:
            raise self.err(start, Msg("input.yaml.tag_mapping", tag=repr(tag)))
        out = YMap()
        out.line = start.start_mark.line + 1
        out.lines = lines = {}
        get, node, scalar_tag = self.get, self.node, self.scalar_tag
        plain_values = depth < _MAX_DEPTH          # a scalar value here is within the depth limit
        while True:
            kev = get()
            if kev.__class__ is _MAP_END:
                return out
            if kev.__class__ is not _SCALAR_EV:
                raise self.err(kev, Msg("input.yaml.text_key"))
            ktag = scalar_tag(kev)
            if ktag != _STR and ktag not in _KEY_TAGS:
                if ktag == "tag:yaml.org,2002:merge":
                    raise self.err(kev, Msg("input.yaml.merge_key"))
                raise self.err(kev, Msg("input.yaml.text_key"))
            if kev.anchor is not None:
                if kev.anchor in self.anchors:
                    raise self.err(kev, Msg("input.yaml.bad", problem="second occurrence"))
                self.anchors[kev.anchor] = (self.scalar(kev), 1)
            # A plain key is taken as written: `on:` is the key "on" (not YAML 1.1's true), `3:` is "3".
            key = kev.value
            if key in out:
                raise self.err(kev, Msg("input.yaml.duplicate_key", key=repr(key)))
            vev = get()
            if vev.__class__ is _SCALAR_EV and vev.anchor is None and plain_values:
                # node() for a scalar, inline (most values of a scenario): counted, then typed.
                self.count += 1
                if self.count > _MAX_NODES:
                    raise self.err(vev, Msg("input.yaml.too_large"))
                vtag = scalar_tag(vev)
                out[key] = vev.value if vtag == _STR else self.typed(vev, vtag)
            else:
                out[key] = node(vev, depth + 1)
            lines[key] = kev.start_mark.line + 1  # type: ignore[union-attr]

    def sequence(self, start: Any, depth: int) -> YSeq:
        tag = self.tag(start, yaml.SequenceNode)
        if tag != _SEQTAG:
            raise self.err(start, Msg("input.yaml.tag_list", tag=repr(tag)))
        out = YSeq()
        out.line = start.start_mark.line + 1
        out.lines = lines = []
        get, node = self.get, self.node
        while True:
            ev = get()
            if ev.__class__ is _SEQ_END:
                return out
            out.append(node(ev, depth + 1))
            lines.append(ev.start_mark.line + 1)

    def scalar(self, event: Any) -> Any:
        tag = self.scalar_tag(event)
        if tag == _STR:                     # most of a scenario: taken as it is
            return event.value
        return self.typed(event, tag)

    def typed(self, event: Any, tag: str) -> Any:
        """The value of a scalar whose tag is not text: null, a YAML 1.2 number or boolean, or text
        that YAML 1.1 guessed was something else; any other tag is refused."""
        value = event.value
        if tag not in _SCALAR_TAGS:
            raise self.err(event, Msg("input.yaml.tag_scalar", tag=repr(tag)))
        if tag == "tag:yaml.org,2002:null":
            return None
        plain = not event.style             # not quoted: YAML 1.1 guessed the type from the text
        if tag == "tag:yaml.org,2002:int" and _INT.fullmatch(value):
            if len(value.lstrip("+-")) > _MAX_DIGITS:
                raise self.err(event, Msg("input.yaml.number_too_long", n=len(value), max=_MAX_DIGITS))
            return int(value, 10)
        if tag == "tag:yaml.org,2002:float" and _FLOAT.fullmatch(value) and len(value) <= 100:
            return float(value)
        if tag == "tag:yaml.org,2002:bool" and value in _BOOL:
            return _BOOL[value]
        if plain:
            return value                    # 0x3, 2:13:20, .inf, yes, on ...: text (see above)
        raise self.err(event, Msg("input.yaml.unreadable", value=repr(value[:40]), tag=repr(tag)))


def _drain(get: Callable[[], Any]) -> None:
    """Read the rest of the stream: a syntax error anywhere in the file is reported before a
    problem with what it says (as when the whole file was composed first)."""
    while get().__class__ is not _E.StreamEndEvent:
        pass


def _read(text: str, file: str, loader_class: Any) -> Any:
    loader = loader_class(text)
    try:
        get = loader.get_event
        get()                                       # StreamStart
        if get().__class__ is not _DOC_START:        # StreamEnd: no document at all
            raise ScenarioError(file, 1, Msg("input.yaml.empty"))
        builder = _Builder(loader, file)
        try:
            value = builder.node(get())
            get()                                   # DocumentEnd
            if get().__class__ is _DOC_START:
                second = get()
                raise ScenarioError(file, second.start_mark.line + 1, Msg("input.yaml.several"))
        except ScenarioError:
            _drain(get)
            raise
        return builder.build(value) if builder.aliases else value
    finally:
        loader.dispose()


def _parse(text: str, file: str) -> Any:
    """The file's one document as plain values, by the chosen parser. A text libyaml refuses (for
    any reason) is read again by the pure parser, whose error -- wording and line -- is the one
    reported: the same message either way. (Where PyYAML's pure scanner refuses what YAML allows
    and libyaml reads -- a tab after a value, ``{q: Why?}``, ``|#note`` -- libyaml's reading
    stands; tests/test_yaml_loaders.py lists these.)"""
    if _LOADER is not _PureLoader:
        try:
            return _read(text, file, _LOADER)
        except (yaml.YAMLError, RecursionError, ScenarioError):
            pass
    return _read(text, file, _PureLoader)


# The YAML parser's usual diagnoses (its English sentences), each as a message of the catalogue so
# that it reads in Japanese too; any other is quoted as the parser wrote it.
_PROBLEMS = (
    (re.compile(r"expected the node content, but found (?P<found>.*)$"), "input.yaml.problem.no_value"),
    (re.compile(r"expected <block end>, but found (?P<found>.*)$"), "input.yaml.problem.indent"),
    (re.compile(r"expected (?P<expected><document start>|'[^']*'(?: or '[^']*')?), but found (?P<found>.*)$"),
     "input.yaml.problem.unexpected_found"),
    (re.compile(r"expected (?P<expected><document start>|'[^']*'(?: or '[^']*')?), but got (?P<found>.*)$"),
     "input.yaml.problem.unexpected_got"),
    (re.compile(r"mapping values are not allowed here$"), "input.yaml.problem.colon"),
    (re.compile(r"found character (?P<found>.*) that cannot start any token$"), "input.yaml.problem.character"),
    (re.compile(r"found undefined alias (?P<found>.*)$"), "input.yaml.problem.alias"),
    (re.compile(r"found unknown escape character (?P<found>.*)$"), "input.yaml.problem.escape"),
    (re.compile(r"found unexpected end of stream$"), "input.yaml.problem.end"),
    (re.compile(r"could not find expected (?P<found>.*)$"), "input.yaml.problem.missing_could"),
    (re.compile(r"did not find expected (?P<found>.*)$"), "input.yaml.problem.missing_did"),
)


def _problem(problem: str) -> Msg:
    """The parser's diagnosis as a message (its English words kept, as the catalogue's English)."""
    for pattern, code in _PROBLEMS:
        m = pattern.match(problem)
        if m:
            return Msg("input.yaml.bad", problem=Msg(code, m.groupdict()))
    return Msg("input.yaml.bad", problem=problem)


def load_text(text: str, file: str = "<string>") -> Any:
    """Parse YAML text into plain values (YMap/YSeq keep line numbers)."""
    bad = _NOT_PRINTABLE.search(text)  # type: ignore[union-attr]
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise ScenarioError(file, line, Msg("input.yaml.control", char=f"U+{ord(bad.group()):04X}"))
    # Reading makes hundreds of thousands of containers and no reference cycles: the cycle
    # collector, which would walk them all again and again as they pile up, is paused meanwhile
    # (most of the time a large file took, otherwise).
    if "\r" in text:           # Windows line ends read as one break (YAML says they are), by both parsers alike
        text = text.replace("\r\n", "\n")
    paused = gc.isenabled()
    gc.disable()
    try:
        return _parse(text, file)
    except _TooDeep as exc:
        raise ScenarioError(file, exc.problem_mark.line + 1, Msg("input.yaml.too_large")) from None  # type: ignore[union-attr]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        problem = " ".join((exc.problem or exc.context or "bad YAML").split())
        raise ScenarioError(file, line, _problem(problem)) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(file, 1, Msg("input.yaml.bad", problem=" ".join(str(exc).split()))) from None
    except RecursionError:
        raise ScenarioError(file, 1, Msg("input.yaml.nested")) from None
    finally:
        if paused:
            gc.enable()


def load_file(path: str | PathLike[str]) -> object:
    """Read and parse a YAML file; any problem is a ScenarioError naming the file and line.

    Only a regular file of at most MAX_BYTES is read (see :mod:`rulings_lib.files`)."""
    text = files.read_text(path, MAX_BYTES, EXPECTED, ScenarioError)
    return load_text(text, str(path))
