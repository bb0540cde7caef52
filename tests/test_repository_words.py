"""The repository's own words name behaviours and rule ids, never a tracker it does not have.

* No comment, docstring, message or shipped scenario description in ``rulings_lib``, ``tools``,
  ``site/js``, ``benchmarks`` or ``dev`` says "issue 32 #9", "(issue 25 goal 4)" and the like: a reader
  of the code has no issue tracker, so the text says the behaviour or cites the rule id (WRGP-H7 ...).
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
WORD_PLACES = ("rulings_lib", "tools", "site/js", "benchmarks", "dev")
TEXT_SUFFIXES = {".py", ".yaml", ".yml", ".json", ".txt", ".js", ".mjs", ".md", ".csv", ".html", ".css", ""}
SKIPPED_PARTS = {"__pycache__", "node_modules"}

# "issue 32", "Issue 25 goal 4", "issues 2, 25", "issue 31 #7" (an issue of a tracker, by its number).
ISSUE_NUMBER = re.compile(r"\bissues?\s+#?\d", re.IGNORECASE)
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
            if p.is_file() and p.suffix in TEXT_SUFFIXES and not SKIPPED_PARTS & set(p.parts):
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
    ("# Lasting restrictions on a team (WRGP-H7).", False),
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
