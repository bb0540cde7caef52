"""Benchmark of a large scenario: a valid 1 MB scenario read and run in <= 1 s and <= 100 MB.

    .venv/bin/python benchmarks/bench_yaml.py [--size BYTES] [--runs N] [--loaders c,pure]

Writes, in a temporary folder, two WRGP scenarios of about ``--size`` bytes (the same every time;
rulings_lib/bench.py makes them) and times them, each run in a fresh process:

* a valid one within the kit's limits (scenario.MAX_STEPS steps written at length, each after a
  comment): ``rulings run FILE`` as a user runs it (CPU, wall-clock, peak memory) and the CPU time
  of each stage (reading the YAML, checking the scenario, playing it, writing the transcript);
* a dense one (one short step a line, about 24,600 steps): ``rulings run`` refuses it past the step
  limit; each stage timed with the limits lifted, with libyaml's C loader and the pure-Python one.

Medians over the runs, with the machine's load average before and after (``rulings bench`` prints
the same figures).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rulings_lib.bench import print_large  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--loaders", default="c,pure", help="which loaders to time on the dense file (c, pure)")
    args = ap.parse_args(argv)
    print_large(runs=args.runs, size=args.size, loaders=tuple(args.loaders.split(",")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
