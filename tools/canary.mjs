// The build's canary for Pyodide's private API (site/js/snapshot.js): the built site's Python is
// started under Node exactly as a page's worker starts it (js/python.js, the build's snapshot, the site's
// wheels), with no fall-back to a plain start, and must come up restored, on the pinned Pyodide, with the
// kit imported from the snapshot and a shipped example ruled.
//
//   node tools/canary.mjs SITE_DIR      -> prints {restored, version, pinned, kit, verdict}; exit 1 on a failure
//
// tools/build_site.py runs it on every build and stops when it fails: a Pyodide whose private snapshot API
// changed (the restore fails or does not happen), or a new Pyodide whose version snapshot.js does
// not pin yet (its uses not checked yet: docs/upgrading.md).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2] ?? "");
const url = (rel) => pathToFileURL(join(site, rel)).href;
const { pyodideIndex, startPython } = await import(url("js/python.js"));
const { PYODIDE_VERSION } = await import(url("js/snapshot.js"));
const info = JSON.parse(readFileSync(join(site, "site.json"), "utf8"));
const u8 = (b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
const report = { restored: false, version: null, pinned: PYODIDE_VERSION };
try {
  if (!info.snapshot) throw new Error("the site has no snapshot");
  const { pyodide, restored } = await startPython({
    options: { indexURL: pyodideIndex(pathToFileURL(site + "/")), stdout: () => {}, stderr: () => {} },
    wheels: Promise.resolve(info.wheels.map((w) => u8(readFileSync(join(site, w))))),
    snapshot: { size: info.snapshot_bytes, response: Promise.resolve(new Response(readFileSync(join(site, info.snapshot)))),
                wasm: Promise.resolve(u8(readFileSync(join(site, "pyodide", "pyodide.asm.wasm")))) },
    fallback: false });
  report.restored = restored;
  report.version = pyodide.version;
  report.kit = pyodide.runPython("import sys; 'rulings_lib.web' in sys.modules");     // imported before the snapshot
  const answer = JSON.parse(pyodide.pyimport("rulings_lib.web").call(
    "run_shipped", JSON.stringify({ id: "wrgp/power-bond-handover", lang: "en", phone: true })));
  report.verdict = Boolean(answer && typeof answer === "object" && Object.keys(answer).length);
} catch (err) {
  report.error = String(err).split("\n").filter(Boolean).pop();
}
const ok = report.restored && report.version === report.pinned && report.kit === true && report.verdict === true;
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(ok ? 0 : 1);
