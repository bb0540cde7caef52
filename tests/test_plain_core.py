"""The engine core is plain Python a reader, a debugger and a type checker can follow:
no code is compiled from source text at run time, and the written-out snapshot of the WRGP match
holds exactly the fields it declares."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulings_lib import WrgpMatch
from rulings_lib.errors import ArgumentError

ROOT = Path(__file__).resolve().parents[1]


def _calls(tree: ast.AST, names: set[str]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else None
            if name in names and not (isinstance(fn, ast.Attribute) and isinstance(fn.value, ast.Name)
                                      and fn.value.id in {"re", "con", "cur", "sqlite3"}):
                found.append(f"{name} at line {node.lineno}")
    return found


@pytest.mark.parametrize("path", sorted((ROOT / "rulings_lib").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_the_kit_compiles_or_executes_source_text(path):
    # exec/eval/compile of source text: code a reader cannot find in a file (re.compile and a
    # database's execute are not that).
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _calls(tree, {"exec", "eval", "compile"}) == []


def _sentinels(m: WrgpMatch) -> dict:
    return {name: object() for name in WrgpMatch._FIELDS}


def test_the_written_out_snapshot_is_the_declared_fields_in_order():
    m = WrgpMatch()
    marks = _sentinels(m)
    for name, mark in marks.items():
        setattr(m, name, mark)
    assert m._snapshot() == tuple(marks[name] for name in WrgpMatch._FIELDS)
    fresh = WrgpMatch()
    fresh._put_back(m._snapshot())
    assert all(getattr(fresh, name) is marks[name] for name in WrgpMatch._FIELDS)


def test_a_refused_call_puts_every_field_back():
    m = WrgpMatch(turn=3, phase="main1")
    m.place("A", "Gate Blocker", "monster")
    before = {name: getattr(m, name) for name in WrgpMatch._FIELDS}
    with pytest.raises(ArgumentError):
        m.gain("A", "self", 10**9)
    assert all(getattr(m, name) is value for name, value in before.items())


def test_a_copy_on_write_format_must_write_out_its_snapshot():
    with pytest.raises(TypeError, match="_snapshot"):
        class Careless(WrgpMatch):
            _FIELDS = (*WrgpMatch._FIELDS, "extra")
            _MUTABLE = WrgpMatch._MUTABLE


@pytest.mark.parametrize(("n", "written"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
                                            (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (100, "100th"),
                                            (101, "101st"), (111, "111th"), (112, "112th")])
def test_lineup_positions_are_written_as_english_ordinals(n, written):
    # Lineups go to 100, and the pictures wrote 21 and up as "21th".
    from rulings_lib.draw.words import ordinal

    assert ordinal(n, "en") == written
    assert ordinal(n, "ja") == f"{n}番手"


def test_a_21st_duelist_is_drawn_as_21st():
    m = WrgpMatch(lineup=30, turn=50, phase="main1", duelist={"A": 21, "B": 22})
    svg = m._draw("en")
    assert "21st" in svg and "22nd" in svg and "21th" not in svg and "22th" not in svg
