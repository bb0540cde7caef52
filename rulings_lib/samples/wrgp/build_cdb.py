"""Build the sample ``cards.cdb`` from ``cards.csv`` (passcode, name, type, alias).

    .venv/bin/python rulings_lib/samples/wrgp/build_cdb.py [CSV [CDB]]

The CSV holds a few real cards (names, passcodes, card types, and the alternate artworks'
aliases), never card text: it is a sample for WRGP-S2 deck checks, not a card database. The
database has YGOPro's shape (tables ``datas`` and ``texts``) and is written in passcode order, so
the same CSV always gives the same rows. ``tests/test_wrgp_decks.py`` checks that the committed
``cards.cdb`` holds exactly the rows of the CSV.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from rulings_lib.decks.cdb import TYPE_CODES, write_cdb

HERE = Path(__file__).resolve().parent


def read_csv(path: str | Path) -> list[dict[str, object]]:
    """The CSV's rows as ``{"id", "name", "type", "alias"}`` with YGOPro's type bits."""
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for number, row in enumerate(csv.DictReader(fh), 2):
            try:
                rows.append({"id": int(row["passcode"]), "name": row["name"],
                             "type": TYPE_CODES[row["type"]], "alias": int(row["alias"] or 0)})
            except (KeyError, ValueError) as exc:
                raise SystemExit(f"{path}:{number}: bad row ({exc})") from None
    return rows


def build(csv_path: str | Path = HERE / "cards.csv", cdb_path: str | Path = HERE / "cards.cdb") -> Path:
    write_cdb(cdb_path, read_csv(csv_path))
    return Path(cdb_path)


if __name__ == "__main__":
    print(build(*sys.argv[1:3]))
