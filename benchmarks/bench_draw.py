"""Benchmark of the match pictures: median milliseconds to draw one state.

    .venv/bin/python benchmarks/bench_draw.py [--runs N]

Draws a WRGP match with a handover pending and a tag battle with a player out, from the match
object (which includes its ``state()`` call) and from the outcome dict, N times each, and prints
the median and whether it is within the 2 ms target. Also times a scenario's strip (every step).
"""

from __future__ import annotations

import argparse
import statistics
import time

from rulings_lib.draw import strip_svg
from rulings_lib.draw.scenario import drawing_times
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

TARGET_MS = 2.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=500)
    args = ap.parse_args()
    worst = 0.0
    for name, ms in drawing_times(args.runs).items():
        worst = max(worst, ms)
        print(f"  {name:16} {ms:6.3f} ms  {'ok' if ms <= TARGET_MS else 'OVER'} (target <= {TARGET_MS} ms)")
    path = next(p for p in builtin_scenarios("wrgp") if p.stem == "power-bond-handover")
    result = run_scenario(load_scenario(path), keep_snapshots=True)
    times = []
    for _ in range(max(1, args.runs // 10)):
        t0 = time.perf_counter()
        strip_svg(result)
        times.append(time.perf_counter() - t0)
    n = len(result.snapshots)
    print(f"  strip of {n} pictures {statistics.median(times) * 1000:6.3f} ms")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
