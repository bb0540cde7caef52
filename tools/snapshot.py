"""The pages' Python memory snapshot: made at build time, restored by each page's worker.

A page's worker used to start Python from nothing (several seconds on a phone). Pyodide can instead
restore a snapshot of its WebAssembly memory taken after start-up: :func:`make` starts the site's own
Pyodide under Node, unpacks the kit's wheels, rules a first example in both languages
(``tools/snapshot_warm_up.py``) and writes the memory out (``tools/snapshot.mjs``).

The memory is 30 MB, most of it zeros or the wasm file's own data segments (the static data the
memory starts with). So the site ships it packed (``pyodide/snapshot.bin``, about 4.5 MB):

* every byte the wasm file's active data segments set is XORed with that segment's byte, so the static
  data the start-up did not change becomes zeros (the page has the wasm file anyway: it reads the
  segments from it and XORs them back, ``site/js/snapshot.js``);
* then gzip, which the browser undoes itself (``DecompressionStream``).

A snapshot only fits the ``pyodide.asm.wasm`` it was made with (Pyodide checks a build id), which is
why it is made from the site's own copy at every build; the worker falls back to a plain start if it
cannot be used.
"""

from __future__ import annotations

import gzip
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
SNAPSHOT = "snapshot.bin"            # in the site's pyodide/
DATA_SECTION = 11


class SnapshotError(Exception):
    """The snapshot could not be made; the message says why."""


def _leb(data: bytes, i: int, signed: bool = False) -> tuple[int, int]:
    """A LEB128 number at ``data[i]`` (unsigned, or signed) and the index after it."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, i


def data_segments(wasm: bytes) -> list[tuple[int, int, int]]:
    """The wasm module's active data segments of memory 0 placed at a constant address:
    ``(address, start, end)`` with ``wasm[start:end]`` the bytes. (The same walk as
    site/js/snapshot.js's; passive segments and computed addresses are left out by both.)"""
    if wasm[:4] != b"\0asm":
        raise SnapshotError("pyodide.asm.wasm is not a WebAssembly module")
    out = []
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = _leb(wasm, i + 1)
        end = i + size
        if section == DATA_SECTION:
            count, j = _leb(wasm, i)
            for _ in range(count):
                flags, j = _leb(wasm, j)
                if flags == 1:                          # passive: copied by the program, not at start
                    length, j = _leb(wasm, j)
                    j += length
                    continue
                if flags == 2:
                    _memory, j = _leb(wasm, j)
                opcode = wasm[j]
                if opcode == 0x41:                      # i32.const ADDRESS end
                    address, j = _leb(wasm, j + 1, signed=True)
                else:                                   # global.get: an address known only at run time
                    address = None
                    _index, j = _leb(wasm, j + 1)
                if wasm[j] != 0x0B:
                    raise SnapshotError("pyodide.asm.wasm: a data segment's address is not a constant")
                length, j = _leb(wasm, j + 1)
                if address is not None:
                    out.append((address, j, j + length))
                j += length
        i = end
    return out


def xor_segments(snapshot: bytearray, wasm: bytes) -> bytearray:
    """XOR the memory part of a Pyodide snapshot with the wasm's data segments (its own inverse)."""
    memory = struct.unpack_from("<I", snapshot, 4)[0]      # the header's length (Pyodide's private layout: site/js/snapshot.js memoryOffset)
    for address, start, end in data_segments(wasm):
        a = memory + address
        length = end - start
        if a + length > len(snapshot):
            raise SnapshotError("the snapshot is smaller than the wasm's static data")
        chunk = int.from_bytes(snapshot[a:a + length], "little") ^ int.from_bytes(wasm[start:end], "little")
        snapshot[a:a + length] = chunk.to_bytes(length, "little")
    return snapshot


def pack(raw: bytes, wasm: bytes) -> bytes:
    return gzip.compress(bytes(xor_segments(bytearray(raw), wasm)), 9, mtime=0)


def unpack(packed: bytes, wasm: bytes) -> bytes:
    """What the worker does (tests compare the two)."""
    return bytes(xor_segments(bytearray(gzip.decompress(packed)), wasm))


def make(pyodide_dir: Path, wheels: list[Path], node: str | None = None) -> tuple[bytes, int]:
    """The packed snapshot for the site's ``pyodide_dir`` with ``wheels`` installed, and its unpacked
    size (the worker makes Pyodide's memory that size before the bytes arrive)."""
    node = node or shutil.which("node")
    if node is None:
        raise SnapshotError("Node is needed to make the pages' Python snapshot: sudo apt-get install nodejs")
    with tempfile.TemporaryDirectory(prefix="rulings-snapshot-") as tmp:
        raw_file = Path(tmp) / "raw.bin"
        proc = subprocess.run([node, str(HERE / "snapshot.mjs"), str(pyodide_dir), str(raw_file),
                               str(HERE / "snapshot_warm_up.py"), *map(str, wheels)],
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0 or not raw_file.exists():
            last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise SnapshotError(f"making the pages' Python snapshot failed: {last}")
        raw = raw_file.read_bytes()
    return pack(raw, (pyodide_dir / "pyodide.asm.wasm").read_bytes()), len(raw)
