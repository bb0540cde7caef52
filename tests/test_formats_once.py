"""A format is declared once and chosen through its record: no module compares a
format's name to choose what to do, and the name is written as a literal only where it is declared
(or where it is a word, a folder or a command, not a choice). Each record agrees with what it names.
The site's scripts (site/js) name no format either: what differs by format comes from the registry's
data shipped to the page (data/verbs.<lang>.json, rulings_lib.webdata)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

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


# ------------------------------------------------------------------ the site's scripts
SITE_JS = PKG.parent / "site" / "js"
_JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def _js_format_names(text: str) -> list[str]:
    """Where a script names a format: a string that is a format's name (``"wrgp"``, ``'digimon-tag'``,
    `` `wrgp` ``), compared, defaulted or looked up, or an object key that is one (``{ wrgp: ... }``). A
    catalogue code that starts with a domain (``wrgp.kind.``) and a comment are not."""
    names = "|".join(re.escape(n) for n in sorted(NAMES))
    code = _JS_COMMENT.sub("", text)
    quoted = [n for _, n in re.findall(rf"""(["'`])({names})\1""", code)]
    bare = "|".join(re.escape(n) for n in sorted(NAMES) if n.isidentifier())
    return quoted + re.findall(rf"[{{,]\s*({bare})\s*:", code)


@pytest.mark.parametrize("text, found", [
    ('if (ctx.format === "digimon-tag") return players(ctx);', ["digimon-tag"]),
    ("start(format = 'wrgp') {", ["wrgp"]),
    ("table.formats.find((f) => f.format === `wrgp`)", ["wrgp"]),
    ('const groups = { wrgp: "site.play.group_wrgp", "digimon-tag": "site.play.group_tag" };', ["digimon-tag", "wrgp"]),
    ("const code = `wrgp.kind.${kind}`;", []),
    ("// the WRGP tracker: format \"wrgp\" only", []),
    ('t("site.play.group_wrgp")', []),
])
def test_a_format_name_in_a_script_is_found(text, found):
    assert _js_format_names(text) == found


def test_no_site_script_names_a_format():
    scripts = sorted(SITE_JS.glob("*.js"))
    assert len(scripts) > 10
    found = [f"{p.relative_to(PKG.parent)}: {n}" for p in scripts for n in _js_format_names(p.read_text(encoding="utf-8"))]
    assert found == [], "drive it by the verb table's data (rulings_lib.webdata), not by a format's name"


def test_the_pages_data_says_what_the_scripts_would_otherwise_name():
    """The tracker's format and each format's tags come from the data; a team_map keyed by the match's
    players (the tag battle's) has no choices, and every one keyed by teams (WRGP's) has them."""
    from rulings_lib.web import tracker_format
    from rulings_lib.webdata import verbs

    table = verbs("en")
    assert table["tracker"] == tracker_format() in NAMES
    assert [f["format"] for f in table["formats"]] == list(FORMATS)

    def team_maps(params):
        for p in params:
            if p["type"] == "team_map":
                yield p
            yield from team_maps(p.get("params", []) + ([p["item"]] if "item" in p else []))

    for f in table["formats"]:
        maps = list(team_maps(f["setup"] + [p for v in f["verbs"] for p in v.get("params", [])]))
        assert maps
        for p in maps:     # keyed by the players, whose names the page makes from the setup's tags
            if "choices" not in p:
                tags = next(s for s in f["setup"] if s["name"] == "tags")
                assert len(tags["default"]) == 2, (f["format"], p["name"])
