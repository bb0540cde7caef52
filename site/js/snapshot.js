// The pages' Python memory snapshot (made at build time by tools/snapshot.py, which says how it is
// packed): gunzip it, then XOR the wasm file's data segments back into its memory part.
// fillSnapshot(memory, response, wasm) fills the buffer Python is restored from (pyodide-private.js restoreFrom); the worker
// and the Node test (tests/site/run_node.mjs) use the same code, so it is tested without a browser.
import { memoryOffset } from "./pyodide-private.js";

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
