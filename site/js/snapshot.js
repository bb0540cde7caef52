// The pages' Python memory snapshot, and everything the site uses of Pyodide beyond its documented,
// stable API (most of it is the snapshot's), in this one module, for the one
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
// 5. Pyodide sizes a restored Python's memory by the snapshot (its prepareSnapshot sets INITIAL_MEMORY to
//    the snapshot's length), but this build's wasm makes its own memory (480 pages, its declared minimum)
//    and that setting is not read: a snapshot whose memory grew past it would not restore ("offset is out
//    of bounds"). withMemoryPages grows the instance's memory while Pyodide instantiates its wasm, before
//    Pyodide makes its views of it. (The build's snapshot has grown past 480 pages: the canary restores it.)
// Documented options the site also relies on (not private, listed for an upgrade's check): indexURL,
// lockFileContents, packageBaseUrl, env, stdout, stderr, pyodide.unpackArchive, pyodide.FS.
//
// The snapshot (made at build time by tools/snapshot.py, which says how it is packed) is gunzipped, then
// the wasm file's data segments are XORed back into its memory part.
// fillSnapshot(memory, response, wasm) fills the buffer Python is restored from (restoreFrom); the worker
// and the Node test (tests/site/run_node.mjs) use the same code, so it is tested without a browser.

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

// 5. Run `load` (a loadPyodide restoring a snapshot) with the wasm instance's memory grown to `pages`
// (the snapshot's, its header being under a page) before Pyodide reads its size.
export async function withMemoryPages(pages, load) {
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
    return await load();
  } finally {
    WebAssembly.instantiate = instantiate;
    if (instantiateStreaming) WebAssembly.instantiateStreaming = instantiateStreaming;
  }
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

// A LEB128 number at bytes[at] (unsigned, or signed): [value, the index after it].
function leb(bytes, at, signed = false) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (signed && byte & 0x40) value -= 2 ** shift;
  return [value, at];
}

// [address, start, end] of every active data segment at a constant address (tools/snapshot.py's walk).
export function dataSegments(wasm) {
  const out = [];
  let i = 8;
  while (i < wasm.length) {
    const section = wasm[i];
    let size;
    [size, i] = leb(wasm, i + 1);
    const end = i + size;
    if (section === 11) {
      let [count, j] = leb(wasm, i);
      for (let n = 0; n < count; n++) {
        let flags, length, address = null;
        [flags, j] = leb(wasm, j);
        if (flags === 1) {
          [length, j] = leb(wasm, j);
          j += length;
          continue;
        }
        if (flags === 2) [, j] = leb(wasm, j);
        if (wasm[j] === 0x41) [address, j] = leb(wasm, j + 1, true);
        else [, j] = leb(wasm, j + 1);
        if (wasm[j] !== 0x0b) throw new Error("pyodide.asm.wasm: a data segment's address is not a constant");
        [length, j] = leb(wasm, j + 1);
        if (address !== null) out.push([address, j, j + length]);
        j += length;
      }
    }
    i = end;
  }
  return out;
}

// XOR the wasm's data segments into the memory part of a snapshot (in place).
export function xorSegments(snapshot, wasm) {
  if (wasm[0] !== 0 || wasm[1] !== 0x61) throw new Error("pyodide.asm.wasm is not a WebAssembly module");
  const memory = memoryOffset(snapshot);
  for (const [address, start, end] of dataSegments(wasm)) {
    const at = memory + address;
    if (at + end - start > snapshot.length) throw new Error("the snapshot is smaller than the wasm's static data");
    for (let k = start; k < end; k++) snapshot[at + k - start] ^= wasm[k];
  }
  return snapshot;
}

// Fill `memory` (a Uint8Array of the snapshot's size, site.json's snapshot_bytes) from the packed
// snapshot's response as it streams in, then XOR the segments back. A server that sent the file with
// Content-Encoding: gzip has had the browser undo the gzip already.
export async function fillSnapshot(memory, response, wasm) {
  if (!response.ok) throw new Error(`the snapshot: ${response.status}`);
  let body = response.body;
  if (!/gzip/i.test(response.headers.get("content-encoding") ?? "")) body = body.pipeThrough(new DecompressionStream("gzip"));
  const reader = body.getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > memory.length) throw new Error("the snapshot is larger than site.json says");
    memory.set(value, at);
    at += value.length;
  }
  if (at !== memory.length) throw new Error("the snapshot is smaller than site.json says");
  return xorSegments(memory, new Uint8Array(wasm));
}

// The same from bytes (the Node test): unpackSnapshot(packed, wasm, size) -> Uint8Array.
export function unpackSnapshot(packed, wasm, size) {
  return fillSnapshot(new Uint8Array(size), new Response(packed), wasm);
}
