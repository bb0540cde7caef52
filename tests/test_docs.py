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
