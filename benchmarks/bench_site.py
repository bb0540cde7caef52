"""The browser edition's speed and size: ``make bench-site``.

    .venv/bin/python benchmarks/bench_site.py [--runs 3] [--no-lab | --lab-only]

Builds the site if needed (tools/build_site.py), serves build/site on 127.0.0.1 and opens it in
Debian's headless Chromium with a 390x844 phone viewport (touch) and a profile on disk, as a phone's
browser has (each run: a first visit with an empty profile, then a second visit with the same profile:
its HTTP cache on disk and its service workers). Prints:
* the site's size (all files; the lab's part; the pages' first download);
* the playground's first ruling on a first and a second visit, each with the share of every step the
  worker reports (Python loading, installing the kit, starting the engines, the ruling itself): for the
  shipped example beside a new question (with the time its answer worked out at build time is on
  screen) and for a written question opened from a link (#z=, read by the builder, then ruled);
* the lab's first ruling (01-start-here opened, its kernel started, a shipped scenario ruled in it) on
  a first and a second visit, with the share of each step: JupyterLab's app, the notebook opened and
  the kernel's worker started, Python started in the worker (site/js/lab-python.js: restored from the
  pages' snapshot, the lab's wheels unpacked), the kernel's modules imported, the rest of the kernel's
  start, the ruling (``--lab-only``: the lab alone).
Medians of ``--runs`` runs. These are measurements of a shared machine (its load average is printed):
compare ratios and ranges, not single figures. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
sys.path.insert(0, str(ROOT / "tests"))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/octet-stream", ".ipynb": "application/json"}

    def log_message(self, *args):
        pass

    def do_GET(self):
        # The lab's app exposed to this script (window.jupyterapp): its jupyter-lite.json is changed here,
        # by the server, not by a Playwright route (a route turns the browser's HTTP cache off, and a
        # second visit would download everything again).
        if self.path.split("?")[0] == "/lab/jupyter-lite.json":
            config = json.loads((SITE / "lab" / "jupyter-lite.json").read_text())
            config["jupyter-config-data"]["exposeAppInBrowser"] = True
            body = json.dumps(config).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def serve() -> str:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def size_report() -> dict:
    files = [p for p in SITE.rglob("*") if p.is_file()]
    lab = sum(p.stat().st_size for p in files if p.relative_to(SITE).parts[0] == "lab")
    first = json.loads((SITE / "data" / "download.json").read_text())["bytes"]
    return {"site_MB": sum(p.stat().st_size for p in files) / 1e6, "lab_MB": lab / 1e6, "pages_first_download_MB": first / 1e6}


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


# A written question (not a shipped one): what a reader types, opened from a shared link (#z=...).
WRITTEN = """format: wrgp
title: A written question
setup:
  at:
    turn: 3
    player: A
    phase: main1
    lp: {A: 4000, B: 1000}
steps:
  - phase: battle
  - attack: {by: A, damage: 1000}
expect:
  out: [B1]
"""


def written_link() -> str:
    """The playground's #z= link of :data:`WRITTEN` (deflate-raw, base64url: site/js/share.js)."""
    import base64
    import zlib

    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = c.compress(WRITTEN.encode()) + c.flush()
    return "#z=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def playground(base: str, profile: dict, fragment: str = "") -> dict:
    """One visit of the playground: ms from navigation to each worker stage and to the first ruling
    (and to the answer the build worked out, shown while Python loads, when there is one)."""
    page = profile["ctx"].new_page()
    page.goto(base + "index.html" + fragment)
    page.wait_for_function("() => Number(document.body.dataset.runs || 0) >= 1", timeout=120_000)
    t = page.evaluate("({stages: kit.timings.stages, first: kit.timings.firstRuling, calls: kit.timings.calls,"
                      " early: kit.timings.early ?? null, snapshot: kit.timings.snapshot, error: document.getElementById('error').hidden ? null :"
                      " document.getElementById('error').textContent})")
    if t["error"]:
        raise SystemExit(f"bench_site: the playground refused the question: {t['error']}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.close()
    # Each worker message ends a step (site/js/worker.js sends them in this order).
    names = ["page, worker and pyodide.mjs", "the kit's wheels unpacked (Python's wasm compiling meanwhile)",
             "Python restored from its snapshot (rest of loadPyodide)" if t["snapshot"]
             else "Python started (rest of loadPyodide, no snapshot)", "the engines imported"]
    steps, last = {}, 0.0
    for name, (_, at, _worker) in zip(names, t["stages"], strict=False):
        steps[name] = at - last
        last = at
    steps["the first ruling shown"] = t["first"] - last
    # The same steps by the worker's own clock (the page hears of a step only when its thread is free).
    clock = [w for _, _, w in t["stages"]]
    worker = {name: b - a for name, a, b in zip(names[1:], clock, clock[1:], strict=False)}
    return {"first_ruling_ms": t["first"], "steps": steps, "worker_steps": worker, "early_ms": t["early"]}


def written(base: str, profile: dict) -> dict:
    return playground(base, profile, written_link())


LAB_FIRST_RULING = """async () => {
    const app = window.jupyterapp;
    await app.restored;
    const restored = performance.now();
    const w = await app.commands.execute('docmanager:open', {path: '01-start-here.ipynb'});
    await w.context.ready; await w.sessionContext.ready;
    for (;;) { const k = w.sessionContext.session?.kernel;
               if (k && k.status === 'idle' && k.connectionStatus === 'connected') break;
               await new Promise(r => setTimeout(r, 100)); }
    const kernelUp = performance.now();
    const code = 'from rulings_lib import web\\nprint(bool(web.run_shipped("wrgp/destruction-ring-draw")))';
    const f = w.sessionContext.session.kernel.requestExecute({code});
    await f.done;
    return {origin: performance.timeOrigin, restored, kernelUp, ruled: performance.now()};
}"""

# The kernel's worker: when it started, and the marks of site/js/lab-python.js (ms since the epoch).
WORKER_MARKS = """() => ({started: performance.timeOrigin, marks: Object.fromEntries(performance.getEntriesByType('mark')
    .map(m => [m.name, performance.timeOrigin + m.startTime]))})"""


def lab(base: str, profile: dict) -> dict:
    """One visit of the lab: ms from navigation to each step of its first ruling. The page's own steps
    come from the app (restored, the notebook's kernel idle, the ruling); the kernel's worker tells when
    it started and, by the marks of site/js/lab-python.js, when Python was up (restored from the pages'
    snapshot, the lab's wheels unpacked) and when the kernel's modules were imported; from then to the
    kernel being idle is the rest of the kernel's start (its drive mounted, its shell set up)."""
    page = profile["ctx"].new_page()
    workers = []
    page.on("worker", lambda w: workers.append(w) if "pyodide-kernel-extension" in w.url else None)
    page.goto(base + "lab/lab/index.html")
    page.wait_for_function("() => !!window.jupyterapp", timeout=120_000)
    t = page.evaluate(LAB_FIRST_RULING)
    w = workers[-1].evaluate(WORKER_MARKS) if workers else {"started": None, "marks": {}}
    page.close()
    since = lambda epoch: None if epoch is None else epoch - t["origin"]  # noqa: E731
    at = {"JupyterLab's app started": t["restored"],
          "the notebook opened, the kernel's worker started": since(w["started"]),
          "Python started in the worker (restored, the lab's wheels unpacked)":
              since(w["marks"].get("lab-python: Python started")),
          "the kernel's modules imported (IPython, piplite, ipywidgets)":
              since(w["marks"].get("lab-python: the kernel's modules imported")),
          "the rest of the kernel's start": t["kernelUp"],
          "the first ruling": t["ruled"]}
    steps, last = {}, 0.0
    for name, when in at.items():
        if when is not None:
            steps[name], last = when - last, when
    return {"first_ruling_ms": t["ruled"], "steps": steps}


def median_steps(runs: list[dict]) -> dict:
    out = {"first_ruling_s": round(statistics.median(r["first_ruling_ms"] for r in runs) / 1000, 2),
           "first_ruling_range_s": [round(f(r["first_ruling_ms"] for r in runs) / 1000, 2) for f in (min, max)]}
    if all(r.get("early_ms") is not None for r in runs):
        out["answer_before_python_s"] = round(statistics.median(r["early_ms"] for r in runs) / 1000, 2)
    total = statistics.median(r["first_ruling_ms"] for r in runs)
    names = runs[0]["steps"].keys()
    out["steps"] = {n: f"{statistics.median(r['steps'].get(n, 0) for r in runs) / 1000:.2f} s "
                       f"({100 * statistics.median(r['steps'].get(n, 0) for r in runs) / total:.0f}%)" for n in names}
    if all(r.get("worker_steps") for r in runs):
        out["by_the_workers_clock"] = {n: f"{statistics.median(r['worker_steps'][n] for r in runs) / 1000:.2f} s"
                                       for n in runs[0]["worker_steps"]}
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="bench_site", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--no-lab", action="store_true", help="the pages only")
    p.add_argument("--lab-only", action="store_true", help="the lab only (with the site's size)")
    args = p.parse_args(argv)
    if subprocess.run([sys.executable, "-m", "tools.build_site"], cwd=ROOT).returncode != 0:
        return 2
    import chromium

    base = serve()
    report = {"load_average": os.getloadavg(), "cores": os.cpu_count(), **size_report()}
    for name, visit, skip in (("playground (shipped example)", playground, args.lab_only),
                              ("playground (written question)", written, args.lab_only),
                              ("lab", lab, args.no_lab)):
        if skip:
            continue
        first, second = [], []
        for _ in range(args.runs):
            # A phone's browser: one profile on disk per run (the second visit finds the first one's HTTP
            # cache and service workers), nothing but 127.0.0.1 reachable.
            with tempfile.TemporaryDirectory() as home, chromium.profile(home, local_only=True, **PHONE) as ctx:
                profile = {"ctx": ctx}
                first.append(visit(base, profile))
                second.append(visit(base, profile))
        report[name] = {"first_visit": median_steps(first), "second_visit": median_steps(second)}
    report["load_average_after"] = os.getloadavg()
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
