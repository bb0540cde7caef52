"""A Reading is found by its id right after ``import rulings_lib`` (the formats' tables are imported
when the list is asked for), and is named in the reader's language: its title in English, its
catalogue name in Japanese, never its id."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulings_lib import readings


def test_a_reading_is_found_in_a_fresh_interpreter():
    code = ("import rulings_lib as r; x = r.reading('draw-survivor-stays-at-0'); "
            "print(x.rule, len(r.readings()) > 20)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["WRGP-D1", "True"]


@pytest.mark.parametrize("r", readings(), ids=lambda r: r.id)
def test_every_reading_has_a_japanese_name_that_is_not_its_id(r):
    assert r.title_in("en") == r.title
    ja = r.title_in("ja")
    assert ja and r.id not in ja and not ja.isascii()


def test_every_format_registers_its_readings_through_the_tables_the_lookup_imports():
    from rulings_lib.formats import FORMATS
    from rulings_lib.readings import TABLES

    for name in FORMATS:
        module = FORMATS[name].match.__module__.rsplit(".", 1)[0] + ".tables"
        assert module in TABLES
        assert all(r.id in {x.id for x in readings(name)} for r in FORMATS[name].readings)
