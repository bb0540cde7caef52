"""A format is declared once and chosen through its record: no module compares a
format's name to choose what to do, and the name is written as a literal only where it is declared
(or where it is a word, a folder or a command, not a choice). Each record agrees with what it names."""

from __future__ import annotations

import ast
from pathlib import Path

import rulings_lib
from rulings_lib import cards
from rulings_lib.formats import FORMATS

PKG = Path(rulings_lib.__file__).resolve().parent
NAMES = frozenset(FORMATS)

# Where a format's name is declared. Only these may compare it (none does today; the registry may
# have to, e.g. to check a name it is given).
DECLARING = {
    "formats.py": "the registry: one record per format, keyed by its name (known without importing a format)",
    "wrgp/tables.py": "FORMAT = 'wrgp': the WRGP tables, whose name the engine, the reader and the record take",
    "tag/tables.py": "FORMAT = 'digimon-tag': the tag battle's tables, likewise",
}

# Modules that write a format's name as a literal without choosing by it, and why. A new entry here
# needs the same kind of reason; a choice between formats belongs in the record (rulings_lib.formats).
LITERAL_OK = {
    **DECLARING,
    "cli.py": "'rulings wrgp check-team': a sub-command's name (the formats' choices come from the registry)",
    "draw/words.py": "'wrgp' is the code of a word (the heading 'WRGP relay'), not the format",
    "draw/wrgp.py": "uses that word: word('wrgp', lang)",
    "draw/__init__.py": "'wrgp' is the module draw/wrgp.py, where wrgp_svg is (lazy attribute imports)",
    "draw/pick.py": "the default: an outcome written without `format:` is a WRGP one (the kit's first format)",
    "diagrams/trace.py": "PathTrace.format's default, the same default",
    "web.py": "scenarios/wrgp/playground.yaml: the tracker's scratch file (a path)",
    "bench.py": "the benchmark's scenario, scenarios/wrgp/destruction-ring-draw.yaml (a path)",
    "decks/samples.py": "samples/wrgp/: the sample decks' folder (a path)",
}


def _modules():
    for path in sorted(PKG.rglob("*.py")):
        yield path.relative_to(PKG).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _docstrings(tree) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _names_in(node) -> list[str]:
    """The format names a comparison operand is, or holds (``x in ("wrgp", ...)``)."""
    if isinstance(node, ast.Constant) and node.value in NAMES:
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [n for elt in node.elts for n in _names_in(elt)]
    return []


def test_no_module_chooses_by_comparing_a_format_name():
    found = []
    for name, tree in _modules():
        if name in DECLARING:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                hits = [n for operand in (node.left, *node.comparators) for n in _names_in(operand)]
            elif isinstance(node, ast.MatchValue):
                hits = _names_in(node.value)
            else:
                continue
            if hits:
                found.append(f"{name}:{node.lineno}: compares with {hits} (ask the format's record instead)")
    assert found == []


def test_a_format_name_is_written_only_where_it_is_declared_or_is_not_a_choice():
    found = []
    for name, tree in _modules():
        if name in LITERAL_OK:
            continue
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in NAMES and id(node) not in docs:
                found.append(f"{name}:{node.lineno}: {node.value!r}")
    assert found == []


def test_the_allow_lists_name_modules_that_exist():
    assert all((PKG / name).is_file() for name in LITERAL_OK)


def test_each_record_agrees_with_what_it_names():
    """The record's name is its tables' FORMAT, which its match class, verb table and scenario reader
    take; its catalogue file declares the same format; every catalogue file is some format's."""
    for name, fmt in FORMATS.items():
        assert fmt.name == name == fmt.match.FORMAT == fmt.verbs.format == fmt.reader.FORMAT
        assert fmt.match().state()["format"] == name
        assert fmt.catalogue().format == name and fmt.catalogue().file == fmt.cards
        assert all(c.format == name for c in fmt.catalogue())
        assert {r.format for r in fmt.readings} <= {name}
    assert sorted(f.cards for f in FORMATS.values()) == sorted(cards.files())


def test_a_faq_entry_takes_its_format_from_its_file_or_its_scenario():
    """A game's entries have the format their file declares; a note on the tool (tool.yaml has no
    sections), the format of the scenario that proves it."""
    from rulings_lib.faq import load_faq
    from rulings_lib.scenario import load_scenario

    for e in load_faq(run=False):
        assert e.format == e.section.format
    for e in load_faq(run=False, tool=True):
        assert e.section is None and e.format == load_scenario(Path(rulings_lib.__file__).parent / "scenarios" / e.scenario).format
