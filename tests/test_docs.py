"""The README's Python walkthrough and the engines' docstring examples run as doctests."""

import doctest
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_walkthrough():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


def test_module_docstrings():
    for name in ("rulings_lib.wrgp.engine", "rulings_lib.tag.engine", "rulings_lib.readings"):
        mod = importlib.import_module(name)
        result = doctest.testmod(mod)
        assert result.attempted > 0 and result.failed == 0, name


def test_the_readmes_japanese_transcript_picture_is_current():
    """docs/img/ja-transcript.png is drawn from ja-transcript.txt; that text must be what the command
    prints now (after a change of wording: python -m tools.refresh_docs --pictures)."""
    from tools import refresh_docs

    assert refresh_docs.TRANSCRIPT_TXT.read_text(encoding="utf-8") == refresh_docs.transcript(), \
        "the README's transcript picture is out of date: python -m tools.refresh_docs --pictures"
    assert refresh_docs.TRANSCRIPT_PNG.name in (ROOT / "README.md").read_text(encoding="utf-8")
