// Python in a Web Worker: Pyodide (from npm, served with the site) runs the kit's real engines.
// The page sends {id, name, args}; the answer is {id, ok, result: JSON text, ms} or {id, ok: false, error}.
// Progress while Python loads: {progress: {stage, value, snapshot}} (value 0..1).
//
// Python starts as python.js says: restored from the build's memory snapshot, or from nothing if the
// snapshot cannot be used.
import { bytes, pyodideIndex, shareWasm, startPython } from "./python.js";
// (the modules python.js imports, named here too: the browser then fetches them all at once, not one
// level of imports after another)
import "../pyodide/pyodide.mjs";
import "./snapshot.js";
import "./wheels.js";
import "../vendor/tiny-inflate.js";

const base = new URL("../", import.meta.url);
// (worker: the worker's own clock, ms since it started: the page's clock only sees a message when its
// main thread is free.)
const progress = (stage, value, snapshot) =>
  postMessage({ progress: { stage, value, snapshot, worker: Math.round(performance.now()) } });

// On a first visit Pyodide and the snapshot's unpacking share one download of the wasm file; the page
// asks for this script with ?offline=1 once its service worker holds the site (python.js shareWasm).
const cached = new URL(import.meta.url).searchParams.get("offline") === "1";

async function boot() {
  progress("Loading Python (the first visit downloads about 5 MB)", 0.05);
  const info = await fetch(new URL("site.json", base)).then((r) => r.json());
  const wheels = Promise.all(info.wheels.map((path) => bytes(new URL(path, base))));
  const wasm = shareWasm(new URL("pyodide/pyodide.asm.wasm", base).href, cached);
  const snapshot = info.snapshot
    ? { size: info.snapshot_bytes, response: fetch(new URL(info.snapshot, base)), wasm: wasm.bytes } : null;
  if (!snapshot) console.warn("this build has no snapshot: Python starts from nothing");
  let started;
  try {
    started = await startPython({
      options: { indexURL: pyodideIndex(base), stdout: () => {}, stderr: (line) => console.warn(line) },
      wheels, snapshot, unpacked: (restoring) => progress("Installing the rules kit", 0.75, restoring) });
  } finally {
    wasm.done();
  }
  progress("Starting the engines", 0.9, started.restored);
  const web = started.pyodide.pyimport("rulings_lib.web");
  progress("Ready", 1, started.restored);
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
