"""Safe YAML loading that remembers line numbers, for error messages that point at a line.

Only the plain YAML types are accepted (mappings, lists, strings, numbers, booleans, null).
Any other tag -- ``!!python/object``, ``!!timestamp``, custom ``!tags`` -- is an error, never
constructed: nothing a file says is executed.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.constructor import SafeConstructor

from .errors import ScenarioError

_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_KEY_TAGS = {"tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool",
             "tag:yaml.org,2002:null", "tag:yaml.org,2002:float"}
_MAX_NODES = 100_000
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
        self.constructor = SafeConstructor()

    def err(self, node, message):
        return ScenarioError(self.file, node.start_mark.line + 1, message)

    def build(self, node, depth=0):
        self.count += 1
        if self.count > _MAX_NODES or depth > 100:
            raise self.err(node, "the file is too large or too deeply nested for a scenario")
        if isinstance(node, yaml.MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                raise self.err(node, f"unsupported YAML tag {node.tag!r}: expected a plain mapping")
            out = YMap()
            out.line = node.start_mark.line + 1
            out.lines = {}
            for knode, vnode in node.value:
                if not isinstance(knode, yaml.ScalarNode) or knode.tag not in _KEY_TAGS:
                    if isinstance(knode, yaml.ScalarNode) and knode.tag == "tag:yaml.org,2002:merge":
                        raise self.err(knode, "YAML merge keys (<<) are not supported: write the keys out")
                    raise self.err(knode, "expected a text key")
                # A plain key is taken as written: `on:` is the key "on" (not YAML 1.1's true), `3:` is "3".
                key = knode.value
                if key in out:
                    raise self.err(knode, f"duplicate key {key!r}")
                out[key] = self.build(vnode, depth + 1)
                out.lines[key] = knode.start_mark.line + 1
            return out
        if isinstance(node, yaml.SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                raise self.err(node, f"unsupported YAML tag {node.tag!r}: expected a plain list")
            out = YSeq()
            out.line = node.start_mark.line + 1
            out.lines = []
            for item in node.value:
                out.append(self.build(item, depth + 1))
                out.lines.append(item.start_mark.line + 1)
            return out
        if node.tag not in _SCALAR_TAGS:
            raise self.err(node, f"unsupported YAML tag {node.tag!r}: expected text, a number, true/false or null")
        try:
            return self.constructor.construct_object(node)
        except (yaml.YAMLError, ValueError) as exc:  # e.g. an int too odd to read
            raise self.err(node, f"unreadable value {node.value!r}: {exc}") from None


def load_text(text: str, file: str = "<string>"):
    """Parse YAML text into plain values (YMap/YSeq keep line numbers)."""
    try:
        docs = list(yaml.compose_all(text, Loader=_LOADER))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        problem = exc.problem or exc.context or "bad YAML"
        raise ScenarioError(file, line, f"bad YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise ScenarioError(file, 1, f"bad YAML: {exc}") from None
    except RecursionError:
        raise ScenarioError(file, 1, "bad YAML: nested too deeply") from None
    docs = [d for d in docs if d is not None]
    if not docs:
        raise ScenarioError(file, 1, "empty file: expected a YAML mapping")
    if len(docs) > 1:
        raise ScenarioError(file, docs[1].start_mark.line + 1, "expected one YAML document, found several")
    return _Builder(file).build(docs[0])


def load_file(path) -> object:
    """Read and parse a YAML file; any problem is a ScenarioError naming the file and line."""
    path = Path(path)
    file = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ScenarioError(file, None, "no such file") from None
    except IsADirectoryError:
        raise ScenarioError(file, None, "is a directory, expected a YAML file") from None
    except OSError as exc:
        raise ScenarioError(file, None, f"cannot read the file ({exc.strerror})") from None
    if b"\x00" in data:
        raise ScenarioError(file, 1, "binary file: expected a YAML text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ScenarioError(file, line, "not UTF-8 text: expected a YAML text file") from None
    return load_text(text, file)
