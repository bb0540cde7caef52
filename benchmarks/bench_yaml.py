"""Benchmark of a large scenario (issue 25, goal 3): a valid 1 MB scenario in <= 1 s and <= 100 MB.

    .venv/bin/python benchmarks/bench_yaml.py [--size BYTES] [--runs N]

Writes, in a temporary folder, a valid WRGP scenario of about ``--size`` bytes (the same every
time: turns of phases, actions, effect damage, gains and attacks), then, in a fresh process per
run, plays it as ``rulings run FILE`` does and prints the median CPU time of each stage -- reading the YAML,
checking the scenario, playing it, writing the transcript -- and the process's peak memory (max
RSS), with libyaml's C loader and with the pure-Python loader. The load average is printed with it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET_S, TARGET_MB = 1.0, 100

TURN = [
    "  - phase: main1",
    "  - act: {by: A, action: spell_speed_1}",
    "  - damage: {by: A, to: opponent, amount: 100}",
    "  - gain: {by: B, to: self, amount: 200}",
    "  - phase: battle",
    "  - attack: {by: A, damage: 100}",
    "  - phase: main2",
    "  - end_turn: {}",
    "  - phase: main1",
    "  - act: {by: B, action: summon}",
    "  - end_turn: {}",
]


def scenario_text(size: int) -> str:
    """A valid scenario of about ``size`` bytes."""
    head = "format: wrgp\ntitle: A long match\nsetup:\n  start_lp: 8000\nsteps:\n"
    lines, n = [], len(head)
    while n < size:
        for line in TURN:
            lines.append(line)
            n += len(line) + 1
    return head + "\n".join(lines) + "\n"


CHILD = r"""
import json, resource, sys, time
from rulings_lib import yamlsrc
from rulings_lib.scenario import parse_scenario, run_scenario
if sys.argv[2] == "pure":
    yamlsrc.use_loader("pure")
path = sys.argv[1]
now = time.process_time        # CPU time: on a shared machine, wall-clock time measures the others too
w0, t0 = time.perf_counter(), now()
data = yamlsrc.load_file(path)
t1 = now()
scenario = parse_scenario(data, path)
del data
t2 = now()
result = run_scenario(scenario)
t3 = now()
text = result.transcript("en")
t4, w4 = now(), time.perf_counter()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"yaml": t1 - t0, "check": t2 - t1, "play": t3 - t2, "transcript": t4 - t3, "total": t4 - t0,
                  "wall": w4 - w0, "steps": len(scenario.steps), "loader": yamlsrc.loader_name(), "rss_mb": rss}))
"""


def rulings_run(path: Path, runs: int) -> tuple[float, float, float]:
    """Median CPU seconds, wall-clock seconds and peak memory (MB) of ``rulings run FILE``, each run
    in a process of its own (the peak memory read from /proc by a small watcher around the command)."""
    script = Path(sys.executable).with_name("rulings")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "rulings_lib.cli"]
    watcher = ("import resource, subprocess, sys, time, json; t = time.perf_counter(); "
               "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False); "
               "w = time.perf_counter() - t; r = resource.getrusage(resource.RUSAGE_CHILDREN); "
               "print(json.dumps([r.ru_utime + r.ru_stime, w, r.ru_maxrss / 1024]))")
    out = [json.loads(subprocess.run([sys.executable, "-c", watcher, *cmd, "run", str(path)], capture_output=True,
                                     text=True, check=True).stdout) for _ in range(runs)]
    return tuple(statistics.median(o[i] for o in out) for i in range(3))


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count() or 0} cores"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--loaders", default="c,pure", help="which loaders to time (c, pure)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        path = Path(tmp) / "long-match.yaml"
        path.write_text(scenario_text(args.size), encoding="utf-8")
        size = path.stat().st_size
        for loader in args.loaders.split(","):
            print(f"a {size / 1e6:.2f} MB scenario, {loader} loader ({args.runs} runs; {load()} before)")
            runs = []
            for _ in range(args.runs):
                proc = subprocess.run([sys.executable, "-c", CHILD, str(path), loader], capture_output=True,
                                      text=True, check=True)
                runs.append(json.loads(proc.stdout))
            med = {k: statistics.median(r[k] for r in runs) for k in ("yaml", "check", "play", "transcript", "total",
                                                                      "wall", "rss_mb")}
            print(f"  {runs[0]['steps']:,} steps, loader {runs[0]['loader']}, CPU seconds: read YAML {med['yaml']:.2f}, "
                  f"check {med['check']:.2f}, play {med['play']:.2f}, transcript {med['transcript']:.2f}")
            print(f"  stages in one process: {med['total']:.2f} s CPU (wall-clock {med['wall']:.2f} s), "
                  f"peak memory {med['rss_mb']:.0f} MB  {load()} after")
            if loader == "c":
                cpu, wall, rss = rulings_run(path, args.runs)
                print(f"  rulings run FILE (the command, as a user runs it): {cpu:.2f} s CPU (target <= {TARGET_S:.0f} s; "
                      f"wall-clock {wall:.2f} s), peak memory {rss:.0f} MB (target <= {TARGET_MB} MB)  {load()} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
