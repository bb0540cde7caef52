"""Benchmark of the command's start-up: ``rulings run`` on one shipped scenario
against ``python -c "import yaml"``, target <= 2x.

    .venv/bin/python benchmarks/bench_cli.py [--runs N] [--scenario PATH]

Like hyperfine: a few warm-up runs, then the commands run in turn (interleaved, so a change of the
machine's load touches both alike), N times each. Prints, per command, the median and the fastest
wall-clock time and the median CPU time (user + system of the child: much less sensitive than
wall-clock time to the other processes of a shared machine), the ratios, and the load average.
The ratio of the CPU medians is the figure to read on a busy machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "rulings_lib" / "scenarios" / "wrgp" / "power-bond-handover.yaml"
TARGET = 2.0


def rulings_cmd(source: Path | None = None) -> list[str]:
    """The installed ``rulings`` script beside this interpreter (what a user runs), else ``-m``;
    with ``source``, that checkout's kit (``python -m``), e.g. an older commit to compare with."""
    if source is not None:
        return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(source)!r}); "
                "from rulings_lib.cli import main; sys.exit(main())"]
    script = Path(sys.executable).with_name("rulings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulings_lib.cli"]


def time_one(cmd: list[str], env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one run; the command must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode(errors='replace')[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def compare(commands: dict[str, list[str]], runs: int, env: dict | None = None, warmup: int = 3) -> dict[str, dict]:
    for cmd in commands.values():
        for _ in range(warmup):
            time_one(cmd, env)
    walls: dict[str, list] = {k: [] for k in commands}
    cpus: dict[str, list] = {k: [] for k in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            w, c = time_one(cmd, env)
            walls[name].append(w)
            cpus[name].append(c)
    return {k: {"wall": statistics.median(walls[k]), "min": min(walls[k]), "cpu": statistics.median(cpus[k])}
            for k in commands}


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
        return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count() or 0} cores"
    except OSError:
        return "load average unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--scenario", type=Path, default=SCENARIO)
    ap.add_argument("--source", type=Path, help="time the kit of another checkout (a folder holding rulings_lib/)")
    ap.add_argument("--no-cache", action="store_true", help="also time every module compiled on each run")
    args = ap.parse_args(argv)
    commands = {
        "python -c 'import yaml'": [sys.executable, "-c", "import yaml"],
        "python -c pass": [sys.executable, "-c", "pass"],
        f"rulings run {args.scenario.name}": [*rulings_cmd(args.source), "run", str(args.scenario)],
    }
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        # An installed kit runs from compiled bytecode (pip compiles it; the kit's own modules are
        # cached from their first run on): a bytecode cache in a temporary folder, as it would be.
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = tmp
        plain = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        for label, env in (("with bytecode cache (an installed kit)", cached),
                           ("without a bytecode cache (every module compiled each run)", plain)):
            print(f"rulings run start-up, {label}: {args.runs} interleaved runs each; {load()} before")
            res = compare(commands, args.runs, env)
            for name, r in res.items():
                print(f"  {name:40} wall median {r['wall'] * 1000:6.1f} ms  fastest {r['min'] * 1000:6.1f} ms  "
                      f"CPU median {r['cpu'] * 1000:6.1f} ms")
            yaml_r, run_r = res["python -c 'import yaml'"], res[f"rulings run {args.scenario.name}"]
            print(f"  ratio rulings run / import yaml: CPU {run_r['cpu'] / yaml_r['cpu']:.2f}x, "
                  f"wall median {run_r['wall'] / yaml_r['wall']:.2f}x, fastest {run_r['min'] / yaml_r['min']:.2f}x "
                  f"(target <= {TARGET:.0f}x, with the cache)  {load()} after")
            if not args.no_cache:
                break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
