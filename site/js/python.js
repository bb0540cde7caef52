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
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { fillSnapshot } from "./snapshot.js";
import { unpackWheel } from "./wheels.js";

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

// One download of Python's wasm file, shared: Pyodide compiles it while it streams in (its own fetch of
// the file is answered from here), and the snapshot's unpacking reads the file's data segments. When the
// browser holds the file already (`cached`), both simply fetch it: a response of the browser's own lets
// it reuse the code it compiled last time, which a shared stream would not.
// -> {bytes: Promise<ArrayBuffer>, done()}: call done() once Pyodide has started.
export function shareWasm(url, cached) {
  if (cached) return { bytes: bytes(url), done: () => {} };
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

// Pyodide sizes a restored Python's memory by the snapshot (its prepareSnapshot sets INITIAL_MEMORY to the
// snapshot's length), but this build's wasm makes its own memory (480 pages, its declared minimum) and
// that setting is not read: a snapshot whose memory grew past it fails to restore ("offset is out of
// bounds"). So while Pyodide instantiates its wasm, the instance's memory is grown to the snapshot's
// pages before Pyodide makes its views of it. (The snapshot's header, under a page, is not memory.)
// (The build's snapshot has grown past it: tests/site/test_node_pyodide.py restores it without a browser.)
async function withMemoryPages(pages, run) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grown = (result) => {
    const memory = (result.instance ?? result).exports?.memory;
    if (memory instanceof WebAssembly.Memory) {
      const have = memory.buffer.byteLength / 65536;
      if (have < pages) memory.grow(pages - have);
    }
    return result;
  };
  WebAssembly.instantiate = async (...args) => grown(await instantiate.apply(WebAssembly, args));
  if (instantiateStreaming) {
    WebAssembly.instantiateStreaming = async (...args) => grown(await instantiateStreaming.apply(WebAssembly, args));
  }
  try {
    return await run();
  } finally {
    WebAssembly.instantiate = instantiate;
    if (instantiateStreaming) WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

// Start Python with `wheels` (a promise of their bytes, each an ArrayBuffer or a Uint8Array) unpacked in
// its site-packages; `snapshot` is {size, response, wasm} (site.json's snapshot_bytes, a promise of the
// packed snapshot's Response, a promise of the wasm file's bytes) or null to start Python from nothing.
// `unpacked(restoring)` is told when the wheels are in place. `options` go to Pyodide's loadPyodide.
// -> {pyodide, restored, files (written), memory (the snapshot's bytes as restored, or null)}
export async function startPython({ options, wheels, snapshot = null, unpacked = () => {} }) {
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
        () => loadPyodide({ ...options, _loadSnapshot: memory, fsInit: fsInit(filled) }));
    } catch (err) {
      if (noWheels) throw noWheels;
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
