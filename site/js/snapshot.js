// The pages' Python memory snapshot (made at build time by tools/snapshot.py, which says how it is
// packed): gunzip it, then XOR the wasm file's data segments back into its memory part.
// unpackSnapshot(packed, wasm) -> Uint8Array, for loadPyodide({_loadSnapshot}). Used by the worker and by
// the Node test (tests/site/run_node.mjs), so the same code is tested without a browser.

function uleb(bytes, at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

function sleb(bytes, at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  if (byte & 0x40) value -= 2 ** shift;
  return [value, at];
}

// [address, start, end] of every active data segment at a constant address (tools/snapshot.py's walk).
export function dataSegments(wasm) {
  const out = [];
  let i = 8;
  while (i < wasm.length) {
    const section = wasm[i];
    let size;
    [size, i] = uleb(wasm, i + 1);
    const end = i + size;
    if (section === 11) {
      let [count, j] = uleb(wasm, i);
      for (let n = 0; n < count; n++) {
        let flags, length, address = null;
        [flags, j] = uleb(wasm, j);
        if (flags === 1) {
          [length, j] = uleb(wasm, j);
          j += length;
          continue;
        }
        if (flags === 2) [, j] = uleb(wasm, j);
        if (wasm[j] === 0x41) [address, j] = sleb(wasm, j + 1);
        else [, j] = uleb(wasm, j + 1);
        if (wasm[j] !== 0x0b) throw new Error("pyodide.asm.wasm: a data segment's address is not a constant");
        [length, j] = uleb(wasm, j + 1);
        if (address !== null) out.push([address, j, j + length]);
        j += length;
      }
    }
    i = end;
  }
  return out;
}

async function gunzip(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;   // a server already undid the gzip
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function unpackSnapshot(packed, wasm) {
  const snapshot = await gunzip(new Uint8Array(packed));
  wasm = new Uint8Array(wasm);
  if (wasm[0] !== 0 || wasm[1] !== 0x61) throw new Error("pyodide.asm.wasm is not a WebAssembly module");
  const memory = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  for (const [address, start, end] of dataSegments(wasm)) {
    const at = memory + address;
    if (at + end - start > snapshot.length) throw new Error("the snapshot is smaller than the wasm's static data");
    for (let k = start; k < end; k++) snapshot[at + k - start] ^= wasm[k];
  }
  return snapshot;
}
