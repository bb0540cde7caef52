// Python's start, the one way the site has it: for the pages' worker (worker.js), for the lab's kernel
// (lab-python.js: JupyterLite's Pyodide kernel loads Python through it) and for the Node test
// (tests/site/run_node.mjs).
//
// Python is restored from the memory snapshot the build made (pyodide/snapshot.bin, tools/snapshot.py:
// the kit imported and a first example already ruled), which takes well under a second where starting
// Python from nothing takes several; if the snapshot cannot be used, Python starts from nothing. The
// wheels are written into Python's file system from JavaScript (wheels.js) in Pyodide's fsInit hook,
// while the WebAssembly compiles; a restored Python also waits there for its snapshot to be unpacked into
// the memory buffer Pyodide was given (the buffer's size is known from site.json, the bytes come later).
// What this uses of Pyodide beyond its documented API (the snapshot's restore, fsInit, the wasm's fetch)
// is in snapshot.js, with the pinned version the build's canary checks.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { fillSnapshot, restoreFrom, shareWasm, withMemoryPages } from "./snapshot.js";
import { unpackWheel } from "./wheels.js";

export { shareWasm };

// Pyodide's indexURL for the site whose root is `base`: its pyodide/ folder (a path under Node, where
// Pyodide reads its files from the disk: the tests).
export function pyodideIndex(base) {
  const dir = new URL("pyodide/", base);
  return dir.protocol === "file:" ? decodeURIComponent(dir.pathname) : dir.href;
}

// The bytes at a URL (an error names the file when the server does not have it).
export async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.arrayBuffer();
}

// Start Python with `wheels` (a promise of their bytes, each an ArrayBuffer or a Uint8Array) unpacked in
// its site-packages; `snapshot` is {size, response, wasm} (site.json's snapshot_bytes, a promise of the
// packed snapshot's Response, a promise of the wasm file's bytes) or null to start Python from nothing.
// `unpacked(restoring)` is told when the wheels are in place. `options` go to Pyodide's loadPyodide.
// `fallback`: whether a snapshot that cannot be used falls back to a plain start (the pages) or fails the
// start (the build's canary, tools/canary.mjs).
// -> {pyodide, restored, files (written), memory (the snapshot's bytes as restored, or null)}
export async function startPython({ options, wheels, snapshot = null, unpacked = () => {}, fallback = true }) {
  let sitePackages = null;
  let files = 0;
  // A wheel that cannot be had fails the start with its own error, snapshot or not (Pyodide does not pass
  // on an error of its fsInit hook: it is kept here and thrown once loadPyodide is done).
  let noWheels = null;
  const fsInit = (filled) => async (FS, paths) => {
    files = 0;
    try {
      for (const buffer of await wheels) files += unpackWheel(FS, buffer, paths.sitePackages);
    } catch (err) {
      noWheels = err;
      return;
    }
    sitePackages = paths.sitePackages;
    unpacked(Boolean(filled));
    if (filled) await filled;
  };
  let pyodide = null;
  let memory = null;
  if (snapshot) {
    try {
      memory = new Uint8Array(snapshot.size);
      const filled = Promise.all([snapshot.response, snapshot.wasm])
        .then(([response, wasm]) => fillSnapshot(memory, response, wasm));
      filled.catch(() => {});        // (its failure fails loadPyodide below)
      pyodide = await withMemoryPages(Math.floor(snapshot.size / 65536),
        () => loadPyodide({ ...options, ...restoreFrom(memory), fsInit: fsInit(filled) }));
    } catch (err) {
      if (noWheels) throw noWheels;
      if (!fallback) throw err;
      console.warn("Python's snapshot could not be used; starting Python from nothing: " + String(err));
      memory = null;
    }
  }
  if (noWheels) throw noWheels;
  const restored = Boolean(pyodide);
  if (!pyodide) pyodide = await loadPyodide({ ...options, fsInit: fsInit(null) });
  if (noWheels) throw noWheels;
  // Python's finders of site-packages forget what they listed before (the snapshot's are from the build;
  // not importlib.invalidate_caches(), which reads the standard library's zip again: 0.4 s).
  pyodide.runPython(`import sys
for path, finder in list(sys.path_importer_cache.items()):
    if path.startswith(${JSON.stringify(sitePackages)}) and finder is not None:
        finder.invalidate_caches()`);
  return { pyodide, restored, files, memory };
}
