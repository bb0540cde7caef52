// Make the pages' Python memory snapshot under Node: Pyodide started, the kit's
// wheels unpacked and a first ruling played in both languages, then the WebAssembly memory written out,
// so a page's worker restores Python in well under a second instead of starting it (several seconds).
//
//   node tools/snapshot.mjs PYODIDE_DIR OUT_FILE WARM_UP.py WHEEL...
//
// PYODIDE_DIR: the site's pyodide/ (the very files the pages load: a snapshot only fits the build of
// pyodide.asm.wasm it was made with). WARM_UP.py: Python run before the memory is written (tools/
// snapshot_warm_up.py). The raw snapshot goes to OUT_FILE; tools/snapshot.py packs it for the site.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outFile, warmUpFile, ...wheels] = process.argv.slice(2);
if (!pyodideDir || !outFile || !warmUpFile || wheels.length === 0) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR OUT_FILE WARM_UP.py WHEEL...");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// (Pyodide's private snapshot API is used through the site's one module of such uses.)
const { MAKING_SNAPSHOT, makeSnapshot } = await import(new URL("../site/js/snapshot.js", import.meta.url).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  ...MAKING_SNAPSHOT,
  // One hash seed, said rather than drawn: every visitor restores the same memory anyway.
  env: { PYTHONHASHSEED: "0" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
pyodide.runPython(fs.readFileSync(warmUpFile, "utf8"), { filename: "snapshot_warm_up.py" });
fs.writeFileSync(outFile, makeSnapshot(pyodide));
