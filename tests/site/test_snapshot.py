"""The pages' Python memory snapshot (tools/snapshot.py): how it is packed. That it
restores a working kit is tests/site/test_node_pyodide.py's (under Node, with the worker's own
unpacking) and the browser tests' (kit.timings.snapshot)."""

from __future__ import annotations

import gzip
import struct

from tools import snapshot

MAGIC_AT = 0          # Pyodide's snapshot header: magic, header length, JSON length, 0, build id


def _parts(site_dir):
    packed = (site_dir / "pyodide" / snapshot.SNAPSHOT).read_bytes()
    wasm = (site_dir / "pyodide" / "pyodide.asm.wasm").read_bytes()
    return packed, wasm


def test_the_snapshot_is_pyodides_own_format_packed_against_the_wasm(site_dir):
    packed, wasm = _parts(site_dir)
    raw = snapshot.unpack(packed, wasm)
    header = struct.unpack_from("<I", raw, 4)[0]
    assert 0 < header < 1 << 20 and (len(raw) - header) % 65536 == 0      # the header, then whole wasm pages
    assert snapshot.xor_segments(snapshot.xor_segments(bytearray(raw), wasm), wasm) == raw   # its own inverse
    segments = snapshot.data_segments(wasm)
    static = sum(end - start for _, start, end in segments)
    assert static > 1_000_000                                              # Pyodide's static data (~3 MB)
    # Most of the static data is as the wasm file has it, so the shipped form holds zeros there: the XOR
    # is what makes the snapshot fit the site's budget.
    stored = gzip.decompress(packed)                                        # what the site ships, un-gzipped
    zeros = sum(stored[header + address:header + address + end - start].count(0) for address, start, end in segments)
    unchanged = sum(raw[header + a:header + a + e - s].count(0) for a, s, e in segments)
    assert zeros > 0.6 * static and zeros > unchanged


def test_the_data_segment_walk_reads_a_small_module():
    # (module, memory 0) with one active segment "hi" at 16, one passive "xyz", one at a computed address.
    def uleb(n):
        out = bytearray()
        while True:
            byte, n = n & 0x7F, n >> 7
            out.append(byte | (0x80 if n else 0))
            if not n:
                return bytes(out)

    segs = (b"\x00\x41" + uleb(16) + b"\x0b" + uleb(2) + b"hi"
            + b"\x01" + uleb(3) + b"xyz"
            + b"\x00\x23\x00\x0b" + uleb(1) + b"!")
    body = uleb(3) + segs
    wasm = b"\0asm\x01\0\0\0" + bytes([11]) + uleb(len(body)) + body
    got = snapshot.data_segments(wasm)
    assert [(a, wasm[s:e]) for a, s, e in got] == [(16, b"hi")]
