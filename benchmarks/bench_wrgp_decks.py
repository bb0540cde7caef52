"""Benchmark of `rulings wrgp check-team` (WRGP-S2) on a full-size card database.

    .venv/bin/python benchmarks/bench_wrgp_decks.py [--runs N] [--cards N]

Writes, in a temporary folder, a ~13,000-row YGOPro-shaped cards.cdb (synthetic names, one card
in twelve an alternate artwork of another), an lflist.conf with 40 lists of 150 cards, and three
full decks (main 60, extra 15, side 15) drawn from the database. Then it times, as separate
processes, plain `python -c pass`, `rulings --help`, and the team check without and with
`--cards`; and, in one process, reading the database and checking the team. It prints the
median and the fastest of N runs of each, in milliseconds.

The processes run twice: with the environment as it is, and with a bytecode cache (a
PYTHONPYCACHEPREFIX inside the temporary folder, PYTHONDONTWRITEBYTECODE unset), which is what
an installed kit sees from its second run on. Nothing is written outside the temporary folder.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulings_lib.decks import Deck, check_team, load_banlist, open_cdb, read_lflist, read_ydk
from rulings_lib.decks.cdb import TYPE_CODES, write_cdb


def rulings_command() -> list[str]:
    script = Path(sys.executable).with_name("rulings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulings_lib.cli"]


def make_files(folder: Path, n_cards: int, seed: int = 2022) -> tuple[list[Path], Path, Path]:
    rnd = random.Random(seed)
    codes = sorted(rnd.sample(range(10_000_000, 99_999_999), n_cards))
    types = list(TYPE_CODES.values())
    rows = []
    for i, code in enumerate(codes):
        alias = codes[i - 1] if i % 12 == 11 else 0  # an alternate artwork of the card before it
        rows.append({"id": code, "name": f"Card {i:05d}", "type": rnd.choice(types), "alias": alias})
    names = {r["id"]: r["name"] for r in rows}
    for r in rows:
        if r["alias"]:
            r["name"] = names[r["alias"]]
    cdb = folder / "cards.cdb"
    write_cdb(cdb, rows)

    lines = []
    for year in range(40):
        lines.append(f"!{2005 + year // 4}.{1 + 3 * (year % 4):02d}")
        for code in rnd.sample(codes, 150):
            lines.append(f"{code} {rnd.choice([0, 1, 2])} --{names.get(code, '')}")
    lflist = folder / "lflist.conf"
    lflist.write_text("\n".join(lines) + "\n")

    decks = []
    for n in range(3):
        picked = rnd.sample(codes, 90)
        deck = Deck(tuple(picked[:60]), tuple(picked[60:75]), tuple(picked[75:]))
        path = folder / f"deck{n + 1}.ydk"
        path.write_text(deck.to_ydk())
        decks.append(path)
    return decks, lflist, cdb


def time_process(argv: list[str], runs: int, env=None, ok=(0, 1)) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, env=env)
        times.append((time.perf_counter() - start) * 1000)
        if proc.returncode not in ok:
            raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr.decode()}")
    return times


def time_call(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=15, help="runs of each measurement (default 15)")
    p.add_argument("--cards", type=int, default=13_000, help="rows in the generated cards.cdb (default 13000)")
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-wrgp-") as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        decks, lflist, cdb = make_files(folder, args.cards)
        made = (time.perf_counter() - start) * 1000
        check = [*rulings_command(), "wrgp", "check-team", *map(str, decks), "--banlist", str(lflist)]
        processes = [
            ("python -c pass", [sys.executable, "-c", "pass"]),
            ("rulings --help", [*rulings_command(), "--help"]),
            ("check-team (no --cards)", check),
            (f"check-team --cards ({args.cards} rows)", [*check, "--cards", str(cdb)]),
            ("check-team --cards --json", [*check, "--cards", str(cdb), "--json"]),
        ]
        codes = {code for path in decks for _, code in read_ydk(path).cards()}
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        groups = {}
        for title, env in (("processes, environment as it is", None),
                           ("processes, with a bytecode cache", cached)):
            for _, argv in processes:  # warm the disk cache (and the bytecode cache)
                time_process(argv, 1, env)
            groups[title] = [(label, time_process(argv, args.runs, env)) for label, argv in processes]
        groups["in one process"] = [
            ("open_cdb, whole database", time_call(lambda: open_cdb(cdb), args.runs)),
            ("open_cdb, for the decks' passcodes", time_call(lambda: open_cdb(cdb, codes), args.runs)),
            ("read lflist.conf, all 40 lists", time_call(lambda: read_lflist(lflist), args.runs)),
            ("read lflist.conf, the first list only", time_call(lambda: load_banlist(lflist), args.runs)),
            ("check_team with cdb (reads every file)", time_call(lambda: check_team(decks, lflist, cards=cdb),
                                                                 args.runs)),
        ]
        report = check_team(decks, lflist, cards=cdb)
        bytecode = "off" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "on"

    print(f"WRGP-S2 check-team benchmark: {args.cards}-row cards.cdb, 3 decks of 60/15/15, "
          f"lflist.conf with 40 lists x 150 cards; {args.runs} runs each; files made in {made:.0f} ms")
    print(f"(the check found {len(report.violations)} violations; "
          f"Python {sys.version.split()[0]} on {sys.platform})")
    print(f"(bytecode writing in this environment: {bytecode})")
    for title, rows in groups.items():
        print(f"\n{title:45} {'median ms':>10} {'min ms':>8}")
        for label, times in rows:
            print(f"  {label:43} {statistics.median(times):10.1f} {min(times):8.1f}")
        if title.startswith("processes"):
            medians = {label: statistics.median(times) for label, times in rows}
            extra = medians[f"check-team --cards ({args.cards} rows)"] - medians["rulings --help"]
            print(f"  check-team --cards costs {extra:+.1f} ms over `rulings --help`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
