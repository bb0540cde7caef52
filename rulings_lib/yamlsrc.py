"""Safe YAML loading that remembers line numbers, for error messages that point at a line.

Only the plain YAML types are accepted (mappings, lists, strings, numbers, booleans, null).
Any other tag -- ``!!python/object``, ``!!timestamp``, custom ``!tags`` -- is an error, never
constructed: nothing a file says is executed.
"""

from __future__ import annotations

import re

import yaml

from . import files
from .errors import ScenarioError
from .i18n import Msg

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
_NOT_PRINTABLE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# Numbers and booleans are read as YAML 1.2's core schema reads them: plain decimal numbers and
# true/false. YAML 1.1's other forms (0x3, 0o7, 1_000, 2:13:20, .inf, .nan, yes/no/on/off) stay
# text, so a place that needs a number or true/false says so, with the line.
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_MAX_DIGITS = 30
# libyaml's composer when PyYAML was built with it (the usual wheels are): same nodes, faster.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YMap(dict):
    """A mapping read from YAML; ``line`` is where it starts, ``lines[key]`` where each key is."""

    line: int
    lines: dict


class YSeq(list):
    """A list read from YAML; ``line`` is where it starts, ``lines[i]`` where each item is."""

    line: int
    lines: list


def line_of(value, default: int = 1) -> int:
    return getattr(value, "line", default)


class _Builder:
    def __init__(self, file: str):
        self.file = file
        self.count = 0

    def err(self, node, message):
        return ScenarioError(self.file, node.start_mark.line + 1, message)

    def build(self, node, depth=0):
        self.count += 1
        if self.count > _MAX_NODES or depth > 100:
            raise self.err(node, Msg("input.yaml.too_large"))
        if isinstance(node, yaml.MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                raise self.err(node, Msg("input.yaml.tag_mapping", tag=repr(node.tag)))
            out = YMap()
            out.line = node.start_mark.line + 1
            out.lines = {}
            for knode, vnode in node.value:
                if not isinstance(knode, yaml.ScalarNode) or knode.tag not in _KEY_TAGS:
                    if isinstance(knode, yaml.ScalarNode) and knode.tag == "tag:yaml.org,2002:merge":
                        raise self.err(knode, Msg("input.yaml.merge_key"))
                    raise self.err(knode, Msg("input.yaml.text_key"))
                # A plain key is taken as written: `on:` is the key "on" (not YAML 1.1's true), `3:` is "3".
                key = knode.value
                if key in out:
                    raise self.err(knode, Msg("input.yaml.duplicate_key", key=repr(key)))
                out[key] = self.build(vnode, depth + 1)
                out.lines[key] = knode.start_mark.line + 1
            return out
        if isinstance(node, yaml.SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                raise self.err(node, Msg("input.yaml.tag_list", tag=repr(node.tag)))
            out = YSeq()
            out.line = node.start_mark.line + 1
            out.lines = []
            for item in node.value:
                out.append(self.build(item, depth + 1))
                out.lines.append(item.start_mark.line + 1)
            return out
        if node.tag not in _SCALAR_TAGS:
            raise self.err(node, Msg("input.yaml.tag_scalar", tag=repr(node.tag)))
        return self.scalar(node)

    def scalar(self, node):
        tag, value = node.tag, node.value
        if tag == "tag:yaml.org,2002:str":
            return value
        if tag == "tag:yaml.org,2002:null":
            return None
        plain = not node.style              # not quoted: YAML 1.1 guessed the type from the text
        if tag == "tag:yaml.org,2002:int" and _INT.fullmatch(value):
            if len(value.lstrip("+-")) > _MAX_DIGITS:
                raise self.err(node, Msg("input.yaml.number_too_long", n=len(value), max=_MAX_DIGITS))
            return int(value, 10)
        if tag == "tag:yaml.org,2002:float" and _FLOAT.fullmatch(value) and len(value) <= 100:
            return float(value)
        if tag == "tag:yaml.org,2002:bool" and value in _BOOL:
            return _BOOL[value]
        if plain:
            return value                    # 0x3, 2:13:20, .inf, yes, on ...: text (see above)
        raise self.err(node, Msg("input.yaml.unreadable", value=repr(value[:40]), tag=repr(tag)))


def load_text(text: str, file: str = "<string>"):
    """Parse YAML text into plain values (YMap/YSeq keep line numbers)."""
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise ScenarioError(file, line, Msg("input.yaml.control", char=f"U+{ord(bad.group()):04X}"))
    try:
        docs = list(yaml.compose_all(text, Loader=_LOADER))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        problem = " ".join((exc.problem or exc.context or "bad YAML").split())
        raise ScenarioError(file, line, Msg("input.yaml.bad", problem=problem)) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(file, 1, Msg("input.yaml.bad", problem=" ".join(str(exc).split()))) from None
    except RecursionError:
        raise ScenarioError(file, 1, Msg("input.yaml.nested")) from None
    docs = [d for d in docs if d is not None]
    if not docs:
        raise ScenarioError(file, 1, Msg("input.yaml.empty"))
    if len(docs) > 1:
        raise ScenarioError(file, docs[1].start_mark.line + 1, Msg("input.yaml.several"))
    _check_expanded_size(docs[0], file)
    return _Builder(file).build(docs[0])


def _check_expanded_size(root, file: str) -> None:
    """Refuse a document whose nodes, aliases expanded, pass _MAX_NODES, before building any of
    it: an alias is the same node object as its anchor, so each distinct node's expanded size is
    found once (a "billion laughs" costs its few lines, not its expansion). Nesting deeper than the
    builder allows is left to the builder, which names the line."""
    sizes: dict[int, int] = {}
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if key in sizes:
            continue
        # The nodes the builder builds: a mapping's values (its keys are read as text), a list's items.
        children = [v for _, v in node.value] if isinstance(node, yaml.MappingNode) else \
            node.value if isinstance(node, yaml.SequenceNode) else []
        if not done:
            if len(stack) > 10_000:          # far deeper than any scenario: the builder refuses it
                return
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
            continue
        total = 1 + sum(sizes.get(id(c), 1) for c in children)
        if total > _MAX_NODES:
            raise ScenarioError(file, node.start_mark.line + 1, Msg("input.yaml.too_large"))
        sizes[key] = total


def load_file(path) -> object:
    """Read and parse a YAML file; any problem is a ScenarioError naming the file and line.

    Only a regular file of at most MAX_BYTES is read (see :mod:`rulings_lib.files`)."""
    text = files.read_text(path, MAX_BYTES, EXPECTED, ScenarioError)
    return load_text(text, str(path))
