// The kit on Pyodide under Node, no browser: node tests/site/run_node.mjs SITE_DIR [snapshot|start]
// Starts Python as the pages' worker does, with the built site's own scripts (js/python.js: restored from
// its snapshot, or started from nothing: MODE; the site's wheels unpacked), then prints:
// {libyaml, outcomes: every shipped scenario's outcome by id, api: the README's API example's values}.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2]);
const mode = process.argv[3] ?? "snapshot";      // "snapshot": Python restored as the pages' worker does; "start"
const { pyodideIndex, startPython } = await import(pathToFileURL(join(site, "js/python.js")).href);
const info = JSON.parse(readFileSync(join(site, "site.json"), "utf8"));
const wheels = Promise.resolve(info.wheels.map((wheel) => readFileSync(join(site, wheel))));
const snapshot = mode === "snapshot"
  ? { size: info.snapshot_bytes, response: Promise.resolve(new Response(readFileSync(join(site, info.snapshot)))),
      wasm: Promise.resolve(readFileSync(join(site, "pyodide", "pyodide.asm.wasm"))) } : null;
const t0 = performance.now();
const { pyodide, restored: fromSnapshot, files, memory } = await startPython({
  options: { indexURL: pyodideIndex(pathToFileURL(site + "/")), stdout: () => {},
             stderr: (s) => process.stderr.write(s + "\n") },
  wheels, snapshot });
const startMs = performance.now() - t0;
if (fromSnapshot !== (mode === "snapshot")) throw new Error(`asked for ${mode}, restored: ${fromSnapshot}`);
const snapshotSha256 = memory && createHash("sha256").update(memory).digest("hex");
// Restored: the kit was imported before the snapshot was written (tools/snapshot_warm_up.py).
const restored = pyodide.runPython("import sys; 'rulings_lib.web' in sys.modules");
// The site's zip reader (js/wheels.js, which wrote site-packages) against Pyodide's own unpackArchive:
// every file Pyodide unpacks from the wheels, with the same bytes, and no other.
for (const wheel of await wheels) {
  pyodide.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel",
                        { extractDir: "/tmp/unpacked-by-pyodide" });
}
const unzip = JSON.parse(pyodide.runPython(`
import json, os, site
ref, ours = "/tmp/unpacked-by-pyodide", site.getsitepackages()[0]
names = sorted(os.path.relpath(os.path.join(d, f), ref) for d, _, fs in os.walk(ref) for f in fs
               if f != "INSTALLER")      # (Pyodide notes itself as the installer)
differ = [n for n in names if not os.path.isfile(os.path.join(ours, n))
          or open(os.path.join(ref, n), "rb").read() != open(os.path.join(ours, n), "rb").read()]
json.dumps({"files": len(names), "differ": differ})`));
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
process.stdout.write(JSON.stringify({ ...JSON.parse(api), outcomes, mode, startMs, restored, files, unzip, snapshot_sha256: snapshotSha256 }) + "\n");
