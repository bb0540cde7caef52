// Everything the site uses of Pyodide beyond its documented, stable API, in this one module, for the one
// Pyodide the site pins (PYODIDE_VERSION: npm's "pyodide" of package.json). Upgrading Pyodide means
// checking each use below against the new version (docs/upgrading.md), then changing PYODIDE_VERSION.
// The build's canary (tools/canary.mjs, run by tools/build_site.py on every build) stops the build when
// npm's Pyodide is not PYODIDE_VERSION, or when the built pages' Python is not restored from the snapshot.
//
// The uses, and why each is needed:
// 1. The memory snapshot (a page's Python in about a second instead of several): loadPyodide's
//    `_loadSnapshot` (marked @ignore in pyodide.d.ts) restores it, `_makeSnapshot` (@ignore) and
//    `pyodide.makeMemorySnapshot()` (@private) make it at build time (tools/snapshot.mjs). No public API
//    restores a memory snapshot.
// 2. The snapshot's layout: its memory part starts at the offset written as a little-endian uint32 at
//    byte 4 (memoryOffset; tools/snapshot.py reads the same), to XOR the wasm's static data out of it and
//    back (a 31 MB memory ships as 5 MB).
// 3. `fsInit` (@experimental in pyodide.d.ts): the wheels are written into Python's file system while the
//    WebAssembly compiles, before Python starts (python.js).
// 4. Pyodide fetches pyodide.asm.wasm with globalThis.fetch, by its URL (shareWasm): on a first visit the
//    page downloads the 10 MB file once, for Pyodide to compile and for the snapshot's XOR.
// Documented options the site also relies on (not private, listed for an upgrade's check): indexURL,
// lockFileContents, packageBaseUrl, env, stdout, stderr, pyodide.unpackArchive, pyodide.FS.

export const PYODIDE_VERSION = "314.0.6";

// 1. loadPyodide's options restoring Python from `memory` (the snapshot, as Pyodide made it).
export function restoreFrom(memory) {
  return { _loadSnapshot: memory };
}

// 1. loadPyodide's options for a Python whose memory will be written out (tools/snapshot.mjs).
export const MAKING_SNAPSHOT = { _makeSnapshot: true };

// 1. The memory snapshot of a Python started with MAKING_SNAPSHOT.
export function makeSnapshot(pyodide) {
  return pyodide.makeMemorySnapshot();
}

// 2. Where a snapshot's memory part starts (a Uint8Array of the snapshot).
export function memoryOffset(snapshot) {
  return new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
}

// 4. One download of Python's wasm file, shared: Pyodide compiles it while it streams in (its own fetch of
// the file is answered from here), and the snapshot's unpacking reads the file's data segments. When the
// browser holds the file already (`cached`), both simply fetch it: a response of the browser's own lets
// it reuse the code it compiled last time, which a shared stream would not.
// -> {bytes: Promise<ArrayBuffer>, done()}: call done() once Pyodide has started.
export function shareWasm(url, cached) {
  const realFetch = globalThis.fetch;
  const bytes = (response) => {
    if (!response.ok) throw new Error(`pyodide/pyodide.asm.wasm: ${response.status}`);
    return response;
  };
  if (cached) return { bytes: realFetch(url).then((r) => bytes(r).arrayBuffer()), done: () => {} };
  const shared = realFetch(url).then((response) => {
    const [forPyodide, forUs] = bytes(response).body.tee();
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
