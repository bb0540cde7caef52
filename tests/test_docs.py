"""The README's Python walkthrough and every module's docstring examples run as doctests."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import rulings_lib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(rulings_lib.__file__).parent
# Every module of the kit (``python -m rulings_lib`` runs the command line when imported: no examples there).
MODULES = ["rulings_lib"] + sorted(m.name for m in pkgutil.walk_packages(rulings_lib.__path__, "rulings_lib.")
                                   if not m.name.endswith(".__main__"))


def test_readme_walkthrough():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


def _module_file(name: str) -> Path:
    path = PACKAGE.joinpath(*name.split(".")[1:])
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@pytest.mark.parametrize("name", MODULES)
def test_every_modules_docstring_examples_run(name):
    """Each module's ``>>>`` examples run and say what they print; a module whose text shows an
    example runs at least one (an example hidden from doctest would go stale unseen)."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail (python -m doctest -v)"
    if ">>> " in _module_file(name).read_text(encoding="utf-8"):
        assert result.attempted > 0, name


def test_the_modules_were_all_found_and_no_example_is_skipped():
    assert len(MODULES) > 60 and "rulings_lib.wrgp.engine" in MODULES and "rulings_lib.diagrams.path" in MODULES
    skipped = [str(p.relative_to(ROOT)) for p in sorted(PACKAGE.rglob("*.py"))
               if "doctest: +SKIP" in p.read_text(encoding="utf-8")]
    assert not skipped, "an example that cannot run is prose, not a doctest: " + ", ".join(skipped)


def test_the_readmes_japanese_transcript_picture_is_current():
    """docs/img/ja-transcript.png is drawn from ja-transcript.txt; that text must be what the command
    prints now (after a change of wording: python -m tools.refresh_docs --pictures)."""
    from tools import refresh_docs

    assert refresh_docs.TRANSCRIPT_TXT.read_text(encoding="utf-8") == refresh_docs.transcript(), \
        "the README's transcript picture is out of date: python -m tools.refresh_docs --pictures"
    assert refresh_docs.TRANSCRIPT_PNG.name in (ROOT / "README.md").read_text(encoding="utf-8")
