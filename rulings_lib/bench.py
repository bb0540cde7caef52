"""``rulings bench``: the engines' speed, the package's import cost, the command's start-up.

Targets: random play >= 150,000 engine steps per second on an idle machine; ``import rulings_lib`` under
100 ms with no Jupyter, ipywidgets or graphviz imported; ``rulings run`` on one scenario close to
the interpreter's own start-up. These are measurements to read, not timed tests.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .i18n.glossary import word as term

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import argparse
    from typing import Any

HEAVY = ("ipywidgets", "jupyter_core", "jupyterlab", "IPython", "graphviz", "pygraphviz", "ipykernel")


def random_play(steps: int, seed: int = 2022, cpu: bool = False) -> tuple[int, float, int]:
    """Play ``steps`` random engine steps (legal or not); returns (steps, seconds, matches finished):
    wall-clock seconds, or with ``cpu`` the process's CPU seconds (steadier on a shared machine).
    A rate needs something to time: ``steps`` is a whole number >= 1 (else ValueError)."""
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise ValueError(f"steps: expected a whole number >= 1, got {steps!r}")
    from .errors import IllegalAction
    from .wrgp.engine import WrgpMatch
    from .wrgp.tables import ACTION_KINDS, PHASE_KEYS

    rng = random.Random(seed)
    plan: list[tuple[str, tuple[Any, ...]]] = []
    for _ in range(steps):
        r = rng.random()
        by = "A" if rng.random() < 0.5 else "B"
        if r < 0.25:
            plan.append(("end_turn", ()))
        elif r < 0.4:
            plan.append(("phase", (rng.choice(PHASE_KEYS),)))
        elif r < 0.55:
            plan.append(("damage", (by, rng.choice(("opponent", "self", "both")), rng.choice((500, 1000, 3000)))))
        elif r < 0.65:
            plan.append(("attack", (by, rng.choice((1000, 2500)))))
        elif r < 0.75:
            plan.append(("speed_world", (by, rng.choice((4, 7, 10)))))
        elif r < 0.88:
            plan.append(("act", (by, rng.choice(ACTION_KINDS))))
        elif r < 0.92:
            plan.append(("baton_touch", (by,)))
        else:
            plan.append(("gain", (by, "self", 500)))
    finished = 0
    m = WrgpMatch()
    clock = time.process_time if cpu else time.perf_counter
    t0 = clock()
    for verb, args in plan:
        if m.winner is not None:
            finished += 1
            m = WrgpMatch()
        try:
            getattr(m, verb)(*args)
        except IllegalAction:
            pass
    return steps, clock() - t0, finished


def legal_actions_rate(seconds: float = 0.5, positions: int = 30, seed: int = 2022) -> dict[str, float]:
    """``legal_actions()`` calls per CPU second for each format of the registry, over the first ``positions``
    positions of a random play of legal actions (each listed at least once, then again round the list for
    ``seconds``)."""
    from .formats import FORMATS

    out = {}
    for name, fmt in FORMATS.items():
        rng = random.Random(seed)
        m, reached = fmt.match(), []
        for _ in range(positions):
            reached.append(m.copy())
            actions = m.legal_actions()
            if not actions:
                break
            m.apply(rng.choice(actions))
        n, t0 = 0, time.process_time()
        while n < len(reached) or time.process_time() - t0 < seconds:
            reached[n % len(reached)].legal_actions()
            n += 1
        out[name] = n / (time.process_time() - t0)
    return out


def _time_cmd(cmd: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def import_cost() -> tuple[float, list[str]]:
    code = ("import sys, time; t = time.perf_counter(); import rulings_lib; d = time.perf_counter() - t; "
            f"print(d); print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = []
    heavy: list[str] = []
    for _ in range(7):
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        lines = proc.stdout.splitlines()
        out.append(float(lines[0]))
        heavy = [h for h in (lines[1].split(",") if len(lines) > 1 else []) if h]
    return statistics.median(out), heavy


def main(args: argparse.Namespace) -> int:
    steps = getattr(args, "steps", 200_000)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"rulings bench (figures vary by machine; {os.cpu_count()} cores, load average {load:.2f} now)")
    runs = [random_play(steps, cpu=cpu) for cpu in (False, True)]
    (n, secs, finished), (_, cpu_secs, _) = runs
    print(f"  WRGP random play:     {n / secs:,.0f} engine steps/s  ({n:,} steps in {secs:.2f} s, "
          f"{finished} matches finished; {n / cpu_secs:,.0f} per CPU second)")
    # The figure against its target, with the load it was measured under (CPU time: the
    # machine may be shared).
    after = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"                        per CPU second {n / cpu_secs:,.0f} / target 150,000 (idle) = "
          f"{n / cpu_secs / 150_000:.0%}, load average {load:.2f} before, {after:.2f} after")
    rates = legal_actions_rate()
    print("  legal_actions():      " + ", ".join(f"{k} {v:,.0f}" for k, v in rates.items())
          + " calls per CPU second (positions of a random play)")
    from .draw.scenario import drawing_times  # a picture of a state, target <= 2 ms

    pictures = drawing_times()
    print("  drawing a state:      " + ", ".join(f"{k} {v:.2f} ms" for k, v in pictures.items()) + "  target <= 2 ms")
    imp, heavy = import_cost()
    print(f"  import rulings_lib:   {imp * 1000:.1f} ms  target < 100 ms; heavy modules imported: "
          f"{', '.join(heavy) if heavy else 'none'}")
    print_start_up()        # `rulings run`'s start-up against its target
    print_large(loaders=("c",))   # a large scenario read and run (benchmarks/bench_yaml.py adds the pure-Python loader)
    return 0


# ---------------------------------------------------------------------- start-up and a large scenario
# (Each figure a median over runs in fresh processes, with the load average beside it: on a shared
# machine read the CPU-time figures and the ratios.)
START_UP_TARGET = 2.0            # `rulings run` one shipped scenario <= 2x `python -c "import yaml"`
LARGE_TARGET_S, LARGE_TARGET_MB = 1.0, 100   # a 1 MB scenario read and run

# A dense WRGP scenario: one step a line, flow style, cards by name (about 37 bytes a step: some
# 26,800 steps in 1 MB). Its step count is over scenario.MAX_STEPS, so `rulings run` refuses it
# (exit 2) once it is read; its stages are timed with the limits lifted (large_stages).
DENSE_TURN = (            # each team loses 1000 and gains 1000 a round: the match goes on
    "  - phase: main1",
    "  - act: {by: A, action: spell_speed_1}",
    "  - damage: {by: A, card: Sparks, to: opponent, amount: 200}",
    "  - damage: {by: A, card: Ookazi, to: opponent, amount: 800}",
    "  - gain: {by: A, card: Dian Keto the Cure Master, to: self, amount: 1000}",
    "  - phase: battle",
    "  - phase: main2",
    "  - end_turn: {}",
    "  - phase: main1",
    "  - act: {by: B, action: summon}",
    "  - damage: {by: B, card: Sparks, to: opponent, amount: 200}",
    "  - damage: {by: B, card: Ookazi, to: opponent, amount: 800}",
    "  - gain: {by: B, card: Dian Keto the Cure Master, to: self, amount: 1000}",
    "  - end_turn: {}",
)
# The same round written at length (block style, a comment before each step saying what it does),
# as an annotated worked example is: a 1 MB file within the kit's limits (scenario.MAX_STEPS steps).
DENSE_WHY = ("A's duelist enters Main Phase 1", f"A activates a {term('spell_speed')} 1 card",
             "Sparks (a Normal Trap) deals 200 to B", "Ookazi (a Normal Spell) deals 800 to B",
             "Dian Keto the Cure Master gives A 1000 LP", "A's Battle Phase", "A's Main Phase 2",
             "A's turn ends; B's duelist's turn begins", "B's duelist enters Main Phase 1", "B summons",
             "Sparks deals 200 to A", "Ookazi deals 800 to A", "Dian Keto the Cure Master gives B 1000 LP",
             "B's turn ends")


def _at_length(step: str) -> str:
    """``  - verb: {k: v, ...}`` written in block style."""
    verb, _, value = step.removeprefix("  - ").partition(": ")
    if not value.startswith("{") or value == "{}":
        return step + "\n"
    pairs = [p.split(": ", 1) for p in value.strip("{}").split(", ")]
    return f"  - {verb}:\n" + "".join(f"      {k}: {v}\n" for k, v in pairs)


_HEAD = "format: wrgp\ntitle: A long match\nsetup:\n  start_lp: 8000\nsteps:\n"


def dense_scenario(size: int = 1_000_000) -> str:
    """A valid-looking WRGP scenario of about ``size`` bytes, one short step a line."""
    lines, n = [], len(_HEAD)
    while n < size:
        for line in DENSE_TURN:
            lines.append(line)
            n += len(line) + 1
    return _HEAD + "\n".join(lines) + "\n"


def long_scenario(size: int = 1_000_000) -> str:
    """A valid WRGP scenario of about ``size`` bytes within the kit's limits: scenario.MAX_STEPS
    steps written at length, each after a comment saying what it does (wrapped at 96 columns)."""
    import textwrap

    from .scenario import MAX_STEPS

    turn = [(why, _at_length(step)) for why, step in zip(DENSE_WHY, DENSE_TURN, strict=True)]
    body = sum(len(step) for _, step in turn) / len(turn)
    # comment bytes a step (2.5% more: a comment's last line is cut at a word, short of its room)
    room = max(0, int((size * 1.025 - len(_HEAD)) / MAX_STEPS - body))
    note = ("This moment is played by the engine as the rules reference says: the verb is checked against "
            "the phase, the turn and the duelist in play, its events are recorded with their rule ids, and "
            "whatever the rules refuse is rejected with the reason and changes nothing. ") * 4
    out, n = [_HEAD], 0
    while n < MAX_STEPS:
        for why, step in turn:
            if n == MAX_STEPS:
                break
            n += 1
            text = f"Step {n}: {why}. {note}"
            lines = textwrap.wrap(text, 94)
            keep, used = [], 0
            for line in lines:
                if used + len(line) + 5 > room:     # the last line cut at a word, to fill the room
                    line = line[:max(0, room - used - 5)].rsplit(" ", 1)[0]
                    if line:
                        keep.append(line)
                    break
                keep.append(line)
                used += len(line) + 5
            out.extend(f"  # {line}\n" for line in keep)
            out.append(step)
    return "".join(out)


_STAGES = r"""
import gc, json, resource, sys, time
from rulings_lib import yamlsrc
import rulings_lib.scenario as S
if sys.argv[2] == "pure":
    yamlsrc.use_loader("pure")
if sys.argv[3] == "lift":             # a dense file past the step limit: each stage timed all the same
    S.MAX_STEPS, S.MAX_EVENTS = 10**7, 10**8
gc.disable()                          # as `rulings run` does
now = time.process_time               # CPU time: on a shared machine, wall-clock time measures the others too
t0 = now()
data = yamlsrc.load_file(sys.argv[1])
t1 = now()
scenario = S.parse_scenario(data, sys.argv[1])
del data
t2 = now()
result = S.run_scenario(scenario)
t3 = now()
text = result.transcript("en")
t4 = now()
print(json.dumps({"yaml": t1 - t0, "check": t2 - t1, "play": t3 - t2, "transcript": t4 - t3, "total": t4 - t0,
                  "steps": len(scenario.steps), "events": len(result.outcome["events"]),
                  "loader": yamlsrc.loader_name(), "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except (OSError, AttributeError):
        return "load average unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count() or 0} cores"


def _env() -> dict[str, str]:
    """The children's environment: the kit this process runs (PYTHONPATH first)."""
    here = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = here + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def large_stages(path: str | Path, loader: str = "c", runs: int = 3, lift: bool = False) -> dict[str, Any]:
    """Median CPU seconds of each stage of playing ``path`` as ``rulings run`` does (reading the
    YAML, checking the scenario, playing it, writing the transcript), each run in a fresh process,
    with its steps, events and peak memory (max RSS, MB). ``lift``: the step and event limits lifted."""
    import json

    out = []
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", _STAGES, str(path), loader, "lift" if lift else "keep"],
                              capture_output=True, text=True, check=True, env=_env())
        out.append(json.loads(proc.stdout))
    med = {k: statistics.median(o[k] for o in out) for k in ("yaml", "check", "play", "transcript", "total", "rss_mb")}
    return {**med, "steps": out[0]["steps"], "events": out[0]["events"], "loader": out[0]["loader"]}


_WATCH = ("import json, resource, subprocess, sys, time; t = time.perf_counter(); "
          "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE); "
          "w = time.perf_counter() - t; r = resource.getrusage(resource.RUSAGE_CHILDREN); "
          "print(json.dumps([r.ru_utime + r.ru_stime, w, r.ru_maxrss / 1024, p.returncode, "
          "p.stderr.decode(errors='replace')[:300]]))")


def command_run(path: str | Path, runs: int = 3) -> dict[str, Any]:
    """``rulings run FILE`` as a user runs it, in a fresh process each time: median CPU seconds,
    wall-clock seconds and peak memory (MB), its exit code and the start of its error output."""
    import json

    out = []
    for _ in range(runs):
        proc = subprocess.run([sys.executable, "-c", _WATCH, sys.executable, "-m", "rulings_lib.cli", "run", str(path)],
                              capture_output=True, text=True, check=True, env=_env())
        out.append(json.loads(proc.stdout))
    return {"cpu": statistics.median(o[0] for o in out), "wall": statistics.median(o[1] for o in out),
            "rss_mb": statistics.median(o[2] for o in out), "code": out[0][3], "stderr": out[0][4].strip()}


def start_up(scenario: str | Path | None = None, runs: int = 15, warmup: int = 2) -> dict[str, Any]:
    """``rulings run`` on one shipped scenario against ``python -c "import yaml"``, the two run in
    turn (interleaved, so a change of the machine's load touches both alike), with the bytecode
    cached as an installed kit has it: median CPU and wall-clock seconds of each, and their ratios."""
    import resource
    import tempfile

    scenario = scenario or Path(__file__).parent / "scenarios" / "wrgp" / "destruction-ring-draw.yaml"
    commands = {"import yaml": [sys.executable, "-c", "import yaml"],
                "rulings run": [sys.executable, "-m", "rulings_lib.cli", "run", str(scenario)]}
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        env = {k: v for k, v in _env().items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = tmp
        times: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k in commands}
        for i in range(warmup + runs):
            for name, cmd in commands.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                wall = time.perf_counter() - t0
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                if proc.returncode != 0:
                    raise RuntimeError(f"{' '.join(cmd)}: exit {proc.returncode}")
                if i >= warmup:
                    times[name][0].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
                    times[name][1].append(wall)
    med = {k: (statistics.median(c), statistics.median(w)) for k, (c, w) in times.items()}
    (ycpu, ywall), (rcpu, rwall) = med["import yaml"], med["rulings run"]
    return {"scenario": Path(scenario).name, "runs": runs, "yaml_cpu": ycpu, "yaml_wall": ywall, "run_cpu": rcpu,
            "run_wall": rwall, "cpu_ratio": rcpu / ycpu, "wall_ratio": rwall / ywall}


def print_start_up(runs: int = 15) -> None:
    before = load_average()
    s = start_up(runs=runs)
    print(f"  rulings run {s['scenario']} / python -c 'import yaml' ({s['runs']} interleaved runs each, bytecode "
          f"cached; {before} before, {load_average()} after):")
    print(f"    CPU {s['cpu_ratio']:.2f}x ({s['run_cpu'] * 1000:.0f} / {s['yaml_cpu'] * 1000:.0f} ms), wall-clock "
          f"{s['wall_ratio']:.2f}x ({s['run_wall'] * 1000:.0f} / {s['yaml_wall'] * 1000:.0f} ms)  "
          f"target <= {START_UP_TARGET:.0f}x")


def print_large(runs: int = 3, size: int = 1_000_000, loaders: tuple[str, ...] = ("c", "pure")) -> None:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as tmp:
        long_path, dense_path = Path(tmp) / "long-match.yaml", Path(tmp) / "dense-match.yaml"
        long_path.write_text(long_scenario(size), encoding="utf-8")
        dense_path.write_text(dense_scenario(size), encoding="utf-8")
        before = load_average()
        run = command_run(long_path, runs)
        st = large_stages(long_path, "c", runs)
        print(f"  a valid {long_path.stat().st_size / 1e6:.2f} MB scenario ({st['steps']:,} steps written at length, "
              f"{st['events']:,} events; {runs} runs; {before} before):")
        print(f"    rulings run FILE: {run['cpu']:.2f} s CPU (wall-clock {run['wall']:.2f} s), peak memory "
              f"{run['rss_mb']:.0f} MB, exit {run['code']}  target <= {LARGE_TARGET_S:.0f} s, <= {LARGE_TARGET_MB} MB")
        print(f"    CPU seconds: read YAML {st['yaml']:.2f} ({st['loader']} loader), check {st['check']:.2f}, "
              f"play {st['play']:.2f}, transcript {st['transcript']:.2f}")
        before = load_average()
        run = command_run(dense_path, runs)
        print(f"  a dense {dense_path.stat().st_size / 1e6:.2f} MB scenario (one short step a line; {before} before):")
        print(f"    rulings run FILE: refused (exit {run['code']}) in {run['cpu']:.2f} s CPU, peak memory "
              f"{run['rss_mb']:.0f} MB: {run['stderr'].split(': ', 2)[-1][:90]}")
        for loader in loaders:
            st = large_stages(dense_path, loader, runs, lift=True)
            if st["loader"] != loader:
                continue            # no libyaml here
            per_step = (st["check"] + st["play"] + st["transcript"]) / st["steps"] * 1e6
            print(f"    limits lifted, {loader} loader, {st['steps']:,} steps, {st['events']:,} events: read YAML "
                  f"{st['yaml']:.2f} s, check {st['check']:.2f}, play {st['play']:.2f}, transcript "
                  f"{st['transcript']:.2f} ({per_step:.0f} us a step after reading), peak memory {st['rss_mb']:.0f} MB")
        print(f"    {load_average()} after")
