"""Benchmark of reading a user's card database: CPU seconds to read a BabelCDB-sized
database (8,000 monsters; cards-unofficial.cdb, the largest beside cards.cdb, holds some 6,000).

    .venv/bin/python benchmarks/bench_cards.py [--runs N]

Prints the best and the median of N reads and whether the best is within the 0.2 s target (exit 1
when it is not). This was a timed test; a loaded machine is slow, not wrong, so it is a benchmark.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from rulings_lib.cards.cdb import read_databases

TARGET_S = 0.2
MACHINE, FUSION_MONSTER = 0x20, 0x41


def write_monsters(path: Path, n: int) -> None:
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, "
                      "type integer, atk integer, def integer, level integer, race integer, attribute integer, "
                      "category integer); CREATE TABLE texts(id integer primary key, name text, desc text);")
    con.executemany("INSERT INTO datas VALUES (?, 3, 0, 0, ?, ?, 0, ?, ?, 0, 0)",
                    [(100000 + i, FUSION_MONSTER, 1000 + i % 3000, 1 + i % 12, MACHINE) for i in range(n)])
    con.executemany("INSERT INTO texts VALUES (?, ?, '')", [(100000 + i, f"Monster {i}") for i in range(n)])
    con.commit()
    con.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cards-unofficial.cdb"
        write_monsters(path, 8000)
        times = []
        for _ in range(max(1, args.runs)):
            start = time.process_time()
            stats = read_databases([path])
            times.append(time.process_time() - start)
        assert len(stats.by_code) == 8000
    best = min(times)
    print(f"  8,000-monster database: best {best:.3f} s, median {statistics.median(times):.3f} s CPU "
          f"({'ok' if best <= TARGET_S else 'OVER'}, target <= {TARGET_S} s)")
    return 0 if best <= TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
