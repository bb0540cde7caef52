"""The repository's own words name behaviours and rule ids, never a tracker it does not have.

* No comment, docstring, message or shipped scenario description in ``rulings_lib``, ``tools``,
  ``site/js``, ``benchmarks``, ``dev`` or ``tests`` says "issue 32 #9", "(issue 25 goal 4)", "round 3",
  "item 8:" or "#6:" and the like: a reader of the code has no issue tracker, so the text says the
  behaviour or cites the rule id (WRGP-H7 ...). A card's later copy (``Dark Magician #2``), a colour
  (``#1a2b3c``) and an HTML character reference (``&#160;``) are not item numbers.
* Test files are named for what they test, not for a review round (``round3``, ``probes3``,
  ``rules3``, ``issue32``, a trailing digit), and no test function is named for an item number
  (``test_8_...``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

# Where the kit's own words are: source, catalogues, scenarios, samples, the site's scripts, the build tools.
WORD_PLACES = ("rulings_lib", "tools", "site/js", "benchmarks", "dev", "tests")
# This file's own examples of what is refused; pictures the tests compare against are drawn by the kit.
NOT_WORDS = {TESTS / "test_repository_words.py", TESTS / "snapshots"}
TEXT_SUFFIXES = {".py", ".yaml", ".yml", ".json", ".txt", ".js", ".mjs", ".md", ".csv", ".html", ".css", ""}
SKIPPED_PARTS = {"__pycache__", "node_modules"}

# "issue 32", "Issue 25 goal 4", "issues 2, 25", "issue 31 #7" (an issue of a tracker, by its number);
# "round 3", "round3" (a review round); "item 8: TAG-P5", "goal 5" (an item of an issue); "# -- #6: ..." and
# '"""#8: ...' (an item marker: a number after "#" and before a colon, not "&#58;").
ISSUE_NUMBER = re.compile(r"\bissues?\s+#?\d|\bround\s?\d|\b(?:item|goal)s?\s+\d|(?<![\w&#])#\d+:",
                          re.IGNORECASE)
# A test file named for a review round or an issue, or numbered like a second take of another file.
ROUND_NAME = re.compile(r"(round|probes|rules|issue)\d|\d\.py$", re.IGNORECASE)
ITEM_NUMBER_TEST = re.compile(r"^\s*(?:async\s+)?def\s+(test_\d+_\w*)", re.MULTILINE)


def _word_files() -> list[Path]:
    files = []
    for place in WORD_PLACES:
        path = ROOT / place
        if path.is_file():
            files.append(path)
            continue
        for p in sorted(path.rglob("*")):
            if (p.is_file() and p.suffix in TEXT_SUFFIXES and not SKIPPED_PARTS & set(p.parts)
                    and not any(p == q or q in p.parents for q in NOT_WORDS)):
                files.append(p)
    return files


def _issue_mentions(text: str) -> list[tuple[int, str]]:
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if ISSUE_NUMBER.search(line)]


@pytest.mark.parametrize("text, found", [
    ("# Lasting restrictions on a team (issue 32 #3, WRGP-H7).", True),
    ('"""The pages\' Python memory snapshot (Issue 25 goal 4): made at build time."""', True),
    ("Targets (issues 2, 25): random play", True),
    ("  Issue 32 #7. B's 1st takes control of A's Stardust Dragon", True),
    ("// never read as markup (issue 31 #1).", True),
    ("The builder and the pages on a phone, round 3: LP typed on the number pad", True),
    ("# ------------------------------------------------ item 8: TAG-P5", True),
    ('"""Issue 25 goal 5: the whole site in at most 45 MB."""', True),
    ("# -- #6: folders walked without a recursion limit", True),
    ('    """#8: no handover, no baton touch: the Draw Phase draw is the standard turn\'s', True),
    ("# Lasting restrictions on a team (WRGP-H7).", False),
    ('assert m.monsters == {"Cyber End Dragon #2": 8000}', False),
    ("fill: #303030; stroke: #1a2b3c;", False),
    ("a&#58;b and &#160; are character references", False),
    ("the first round of a tag battle; items in a list", False),
    ("# A later copy of a card in a match is named ``NAME #2``.", False),
    ("an issue the rules leave open", False),
])
def test_an_issue_number_is_found_in_any_spelling(text, found):
    assert bool(_issue_mentions(text)) == found


def test_the_kits_words_cite_no_issue_numbers():
    files = _word_files()
    assert len(files) > 100, "the kit's files were not found"
    found = [f"{p.relative_to(ROOT)}:{n}: {line}" for p in files
             for n, line in _issue_mentions(p.read_text(encoding="utf-8", errors="replace"))]
    assert not found, ("say the behaviour or cite the rule id, not an issue number:\n" + "\n".join(found))


@pytest.mark.parametrize("name, bad", [
    ("test_bad_input_round2.py", True), ("test_wrgp_probes3.py", True), ("test_wrgp_rules3.py", True),
    ("test_issue32_names_and_tag_decks.py", True), ("test_wrgp_cards_text2.py", True),
    ("test_fuzz_round3_files.py", True),
    ("test_wrgp_rule_probes.py", False), ("test_card_names_and_tag_decks.py", False), ("test_i18n.py", False),
])
def test_a_round_name_is_found(name, bad):
    assert bool(ROUND_NAME.search(name)) == bad


def test_test_files_are_named_for_what_they_test():
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 50
    bad = [str(p.relative_to(ROOT)) for p in files if ROUND_NAME.search(p.name)]
    assert not bad, "name these test files for what they test, not for a review round: " + ", ".join(bad)


def test_test_functions_are_named_for_a_behaviour_not_an_item_number():
    bad = [f"{p.relative_to(ROOT)}: {name}" for p in sorted(TESTS.rglob("test_*.py"))
           for name in ITEM_NUMBER_TEST.findall(p.read_text(encoding="utf-8"))]
    assert not bad, "say the behaviour in the name, not an item number:\n" + "\n".join(bad)
