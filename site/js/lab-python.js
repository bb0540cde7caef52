// The lab's Python: JupyterLite's Pyodide kernel imports this module as its Pyodide (tools/build_lite.py
// sets the kernel's pyodideUrl to it) and calls loadPyodide(options) with its options: the lab's lock
// (lockFileURL), the packages to preload (every wheel of that lock), stdout and stderr, and `importFirst`
// (the modules of the kernel's start, tools/build_lite.py START_MODULES).
//
// * Python starts as the pages' does (python.js): restored from the pages' memory snapshot (the same
//   file: no bytes more for the site), the wheels fetched, checked against the lock's sha256 and unpacked
//   from JavaScript; without the snapshot, Python starts from nothing, with the same wheels.
// * The kernel's modules are imported here, before the kernel mounts its drive (the notebooks' folder)
//   and works in it: imported from there, every import first asks the drive, through the lab's service
//   worker, what the folder holds, which took the kernel's start 1.5-2 s more. The kernel's own imports
//   then find them imported. (IPython's shell notes the folder it starts in, /home/pyodide, in `_dh`.)
import { bytes, pyodideIndex, shareWasm, startPython } from "./python.js";

const base = new URL("../", import.meta.url);

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A wheel of the lock, fetched and checked against the lock's sha256 (as Pyodide checks what it loads).
async function wheel(url, sha256) {
  const data = await bytes(url);
  const digest = hex(await crypto.subtle.digest("SHA-256", data));
  if (digest !== sha256) throw new Error(`${url}: sha256 ${digest}, the lab's lock says ${sha256}`);
  return data;
}

// The lock's entries for `names` and everything they depend on.
function wanted(lock, names) {
  const out = new Map();
  const visit = (name) => {
    const key = name.toLowerCase().replace(/[-_.]+/g, "-");
    const entry = lock.packages[key] ?? lock.packages[name];
    if (!entry) throw new Error(`the lab's lock has no package ${name}`);
    if (out.has(entry.name)) return;
    out.set(entry.name, entry);
    for (const dep of entry.depends ?? []) visit(dep);
  };
  names.forEach(visit);
  return [...out.values()];
}

// Whether the browser holds `url` already (its HTTP cache, or a service worker's): the wasm's compiled
// code is kept with the browser's own response of it (python.js shareWasm).
async function inCache(url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export async function loadPyodide(options = {}) {
  const { packages = [], importFirst = [], ...rest } = options;
  const here = globalThis.location?.href ?? base.href;
  const lockURL = new URL(rest.lockFileURL ?? new URL("pyodide/pyodide-lock.json", base), here);
  const [info, lock] = await Promise.all([new URL("site.json", base), lockURL]
    .map((url) => fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return r.json();
    })));
  const wheels = Promise.all(wanted(lock, packages).map((e) => wheel(new URL(e.file_name, lockURL), e.sha256)));
  wheels.catch(() => {});          // (its failure fails startPython below)
  const wasmURL = new URL("pyodide/pyodide.asm.wasm", base).href;
  const wasm = shareWasm(wasmURL, await inCache(wasmURL));
  const snapshot = info.snapshot
    ? { size: info.snapshot_bytes, response: fetch(new URL(info.snapshot, base)), wasm: wasm.bytes } : null;
  try {
    const { pyodide } = await startPython({
      // (the lock as read here, not fetched again; a package the kernel loads later comes from beside it)
      options: { ...rest, lockFileURL: undefined, lockFileContents: lock, packageBaseUrl: new URL(".", lockURL).href,
                 indexURL: pyodideIndex(base) }, wheels, snapshot });
    wasm.done();                     // (Python is up: fetch is the worker's own again, before the imports)
    performance.mark("lab-python: Python started");          // (benchmarks/bench_site.py reads the marks)
    for (const name of importFirst) {
      try {
        if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new Error("not a module's name");
        await pyodide.runPythonAsync(`import ${name}`);
      } catch (err) {        // (the kernel imports it again itself, and says what went wrong)
        console.warn(`the lab could not import ${name} before its kernel: ${String(err).split("\n").filter(Boolean).pop()}`);
      }
    }
    performance.mark("lab-python: the kernel's modules imported");
    return pyodide;
  } finally {
    wasm.done();
  }
}
