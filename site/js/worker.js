// Python in a Web Worker: Pyodide (from npm, served with the site) runs the kit's real engines.
// The page sends {id, name, args}; the answer is {id, ok, result: JSON text, ms} or {id, ok: false, error}.
// Progress while Python loads: {progress: {stage, value, snapshot}} (value 0..1).
//
// Python is restored from the memory snapshot the build made (pyodide/snapshot.bin, tools/snapshot.py:
// the kit imported and a first example already ruled), which takes well under a second where starting
// Python from nothing takes several; if the snapshot cannot be used, Python starts from nothing.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { fillSnapshot } from "./snapshot.js";
import { unpackWheel } from "./wheels.js";

const base = new URL("../", import.meta.url);
// (worker: the worker's own clock, ms since it started: the page's clock only sees a message when its
// main thread is free.)
const progress = (stage, value, snapshot) =>
  postMessage({ progress: { stage, value, snapshot, worker: Math.round(performance.now()) } });

async function bytes(path) {
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.arrayBuffer();
}

// One download of Python's wasm file, shared: Pyodide compiles it while it streams in (its own fetch of
// the file is answered from here), and the snapshot's unpacking reads the file's data segments. On a
// later visit (the service worker holds the file) both simply fetch it: a response of the browser's own
// lets it reuse the code it compiled last time, which a shared stream would not.
function shareWasm(url) {
  if (new URL(import.meta.url).searchParams.get("offline") === "1") return { bytes: bytes(url), done: () => {} };
  const realFetch = globalThis.fetch;
  const shared = realFetch(url).then((response) => {
    if (!response.ok) throw new Error(`pyodide/pyodide.asm.wasm: ${response.status}`);
    const [forPyodide, forUs] = response.body.tee();
    return { response: new Response(forPyodide, { status: response.status, headers: response.headers }),
             bytes: new Response(forUs).arrayBuffer() };
  });
  let handed = false;
  globalThis.fetch = (input, init) => {
    if (!handed && String(input instanceof Request ? input.url : input) === url) {
      handed = true;
      return shared.then((s) => s.response);
    }
    return realFetch(input, init);
  };
  return { bytes: shared.then((s) => s.bytes), done: () => { globalThis.fetch = realFetch; } };
}

// Python's file system gets the kit's wheels while Pyodide starts (its fsInit hook: the WebAssembly is
// compiled meanwhile); a restored Python also waits there for its snapshot to be unpacked into the
// memory buffer Pyodide was given (the buffer's size is known from site.json, the bytes come later).
async function boot() {
  progress("Loading Python (the first visit downloads about 5 MB)", 0.05);
  const info = await fetch(new URL("site.json", base)).then((r) => r.json());
  const wheels = Promise.all(info.wheels.map(bytes));
  let sitePackages = null;
  const fsInit = (snapshot) => async (FS, paths) => {
    for (const buffer of await wheels) unpackWheel(FS, buffer, paths.sitePackages);
    sitePackages = paths.sitePackages;
    progress("Installing the rules kit", 0.75, Boolean(snapshot));
    if (snapshot) await snapshot;
  };
  const options = { indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: (line) => console.warn(line) };
  let pyodide = null;
  let restored = false;
  const wasm = shareWasm(new URL("pyodide/pyodide.asm.wasm", base).href);
  try {
    if (!info.snapshot) throw new Error("this build has no snapshot");
    const memory = new Uint8Array(info.snapshot_bytes);
    const filled = Promise.all([fetch(new URL(info.snapshot, base)), wasm.bytes])
      .then(([response, bytes]) => fillSnapshot(memory, response, bytes));
    filled.catch(() => {});        // (its failure fails loadPyodide below)
    pyodide = await loadPyodide({ ...options, _loadSnapshot: memory, fsInit: fsInit(filled) });
    restored = true;
  } catch (err) {
    console.warn("Python's snapshot could not be used; starting Python from nothing: " + String(err));
  } finally {
    wasm.done();
  }
  if (!pyodide) pyodide = await loadPyodide({ ...options, fsInit: fsInit(null) });
  // Python's finders of site-packages forget what they listed before (the snapshot's are from the build;
  // not importlib.invalidate_caches(), which reads the standard library's zip again: 0.4 s).
  pyodide.runPython(`import sys
for path, finder in list(sys.path_importer_cache.items()):
    if path.startswith(${JSON.stringify(sitePackages)}) and finder is not None:
        finder.invalidate_caches()`);
  progress("Starting the engines", 0.9, restored);
  const web = pyodide.pyimport("rulings_lib.web");
  progress("Ready", 1, restored);
  return web.call;
}

const ready = boot();
ready.catch((err) => {
  console.error(String(err));
  postMessage({ failed: String(err).split("\n").filter(Boolean).pop() });
});

onmessage = async (event) => {
  const { id, name, args } = event.data;
  let call;
  try {
    call = await ready;
  } catch (err) {
    postMessage({ id, ok: false, error: "Python did not start: " + String(err).split("\n").filter(Boolean).pop() });
    return;
  }
  const t0 = performance.now();
  try {
    const result = call(name, JSON.stringify(args ?? {}));
    postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    // A bug in the kit, not a problem of the input (those come back as answers): say so in one line.
    console.error(String(err));
    postMessage({ id, ok: false, error: "internal error: " + String(err).split("\n").filter(Boolean).pop() });
  }
};
