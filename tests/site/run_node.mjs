// The kit on Pyodide under Node, no browser: node tests/site/run_node.mjs SITE_DIR [snapshot|start]
// Loads the site's pyodide (restored from its snapshot, or started: MODE), installs the site's wheels, prints:
// {libyaml, outcomes: every shipped scenario's outcome by id, api: the README's API example's values}.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
// The built site's own scripts: its Pyodide, and the worker's snapshot and wheel unpacking (site/js/).
const built = (path) => import(pathToFileURL(join(resolve(process.argv[2]), path)).href);
const { loadPyodide } = await built("pyodide/pyodide.mjs");
const { fillSnapshot } = await built("js/snapshot.js");
const { unpackWheel } = await built("js/wheels.js");

const site = resolve(process.argv[2]);
const mode = process.argv[3] ?? "snapshot";      // "snapshot": Python restored as the pages' worker does; "start"
const info = JSON.parse(readFileSync(join(site, "site.json"), "utf8"));
// As the pages' worker does it (site/js/worker.js): the wheels written into Python's file system in
// Pyodide's fsInit hook, and a restored Python's memory buffer filled while Pyodide starts.
let files = 0;
let sitePackages = null;
let filled = null;
const options = { indexURL: join(site, "pyodide") + "/", stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n"),
  fsInit: async (FS, paths) => {
    for (const wheel of info.wheels) files += unpackWheel(FS, readFileSync(join(site, wheel)), paths.sitePackages);
    sitePackages = paths.sitePackages;
    if (filled) await filled;
  } };
let memory = null;
if (mode === "snapshot") {
  memory = new Uint8Array(info.snapshot_bytes);
  filled = fillSnapshot(memory, new Response(readFileSync(join(site, info.snapshot))),
                        readFileSync(join(site, "pyodide", "pyodide.asm.wasm")));
  options._loadSnapshot = memory;
}
const t0 = performance.now();
const pyodide = await loadPyodide(options);
const startMs = performance.now() - t0;
const snapshotSha256 = memory && createHash("sha256").update(memory).digest("hex");
// Restored: the kit was imported before the snapshot was written (tools/snapshot_warm_up.py).
const restored = pyodide.runPython("import sys; 'rulings_lib.web' in sys.modules");
pyodide.runPython(`import sys
for path, finder in list(sys.path_importer_cache.items()):
    if path.startswith(${JSON.stringify(sitePackages)}) and finder is not None:
        finder.invalidate_caches()`);
const web = pyodide.pyimport("rulings_lib.web");
const outcomes = JSON.parse(web.call("run_all", "{}"));
const api = pyodide.runPython(`
import json, yaml
from rulings_lib import WrgpMatch, TagMatch, IllegalAction
m = WrgpMatch()
m.phase("main1")
m.damage("A", to="opponent", amount=8000)
first = [m.out, m.handover, m.is_legal("act", "B", "spell_speed_1")]
try:
    m.act("A", "ignition_effect")
except IllegalAction as exc:
    first.append(exc.rule)
m.end_turn()
t = TagMatch(("red", "blue"))
t.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 20}},
          "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}})
json.dumps({"api": first + [m.turn, m.player, m.duelist("B"), t.first, t.points["blue-A"]],
            "libyaml": yaml.__with_libyaml__, "python": __import__("sys").version.split()[0]})
`);
process.stdout.write(JSON.stringify({ ...JSON.parse(api), outcomes, mode, startMs, restored, files, snapshot_sha256: snapshotSha256 }) + "\n");
