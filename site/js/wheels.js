// The kit's wheels unpacked into Python's file system from JavaScript: the zip's central directory read
// here, each file inflated by tiny-inflate (npm, vendor/tiny-inflate.js) and written with Pyodide's FS.
// (Python's own zipfile is several times slower in WebAssembly, and so are 300 DecompressionStreams;
// after a restored snapshot this is most of what is left of Python's start.)
// unpackWheel(FS, bytes, dir) -> the number of files written.
import inflate from "../vendor/tiny-inflate.js";

export function unpackWheel(FS, buffer, dir) {
  const zip = new Uint8Array(buffer);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("a wheel is not a zip file");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  let written = 0;
  const made = new Set();
  for (let n = 0; n < count; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a wheel's zip directory is damaged");
    const method = view.getUint16(at + 10, true);
    const packedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`a wheel names a file outside its folder: ${name}`);
    if (method !== 0 && method !== 8) throw new Error(`a wheel's file is packed in an unknown way: ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const packed = zip.subarray(start, start + packedSize);
    const bytes = method === 0 ? packed : inflate(packed, new Uint8Array(size));
    const path = `${dir}/${name}`;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {              // (mkdirTree throws and catches on every folder that exists)
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, bytes);
    written++;
  }
  return written;
}
