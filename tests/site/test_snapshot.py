"""The pages' Python memory snapshot (tools/snapshot.py): how it is packed. That it
restores a working kit is tests/site/test_node_pyodide.py's (under Node, with the worker's own
unpacking) and the browser tests' (kit.timings.snapshot). Every use of Pyodide's private API is in one
module (site/js/snapshot.js), and the build's canary stops the build when a restore does not
happen or npm's Pyodide is not the one that module was checked for."""

from __future__ import annotations

import gzip
import json
import re
import struct
from pathlib import Path

import pytest

from tools import build_site, snapshot

ROOT = Path(__file__).resolve().parents[2]

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


# ---------------------------------------------------------------- Pyodide's private API and its canary
PRIVATE_NAMES = re.compile(r"_loadSnapshot|_makeSnapshot|makeMemorySnapshot|\b_api\b|\._module\b|\bfsInit\b|\.tee\(")


def test_pyodides_private_api_is_used_in_one_module_only():
    """Every use of Pyodide beyond its documented API is in site/js/snapshot.js (which lists each,
    with why); the other scripts of the site and the build reach it only through that module."""
    scripts = [*(ROOT / "site" / "js").glob("*.js"), *(ROOT / "tools").glob("*.mjs"), *(ROOT / "lite").glob("*.mjs")]
    users = sorted(p.relative_to(ROOT).as_posix() for p in scripts
                   if PRIVATE_NAMES.search("\n".join(line for line in p.read_text(encoding="utf-8").splitlines()
                                                     if not line.lstrip().startswith("//"))))
    # (python.js hands fsInit its hook: the one use of it, listed in snapshot.js as 3)
    assert users == ["site/js/python.js", "site/js/snapshot.js"], users
    python = (ROOT / "site" / "js" / "python.js").read_text(encoding="utf-8")
    assert not re.search(r"_loadSnapshot|_makeSnapshot|makeMemorySnapshot", python)


def test_the_build_stops_when_npms_pyodide_is_not_the_one_the_module_was_checked_for():
    pinned = build_site.pinned_pyodide()
    npm = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"] \
        if (ROOT / "node_modules" / "pyodide").exists() else pinned
    assert pinned == npm == json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    build_site.check_pinned(pinned, pinned)
    with pytest.raises(build_site.BuildError, match=r"checked for 314\.0\.6: .*PYODIDE_VERSION to \"315\.0\.0\""):
        build_site.check_pinned("315.0.0", "314.0.6")
    with pytest.raises(build_site.BuildError, match="does not say its PYODIDE_VERSION"):
        build_site.pinned_pyodide("export const VERSION = '1';\n")


def test_the_canary_stops_the_build_when_python_is_not_restored(site_dir, tmp_path):
    """The build's canary (tools/canary.mjs) passes on the site as built (it ran in the build) and stops
    the build when the pages' Python is not restored from the snapshot, here a snapshot cut short."""
    copy = tmp_path / "site"
    copy.mkdir()
    for name in ("js", "vendor", "wheels", "site.json"):
        (copy / name).symlink_to(site_dir / name)
    (copy / "pyodide").mkdir()
    for f in (site_dir / "pyodide").iterdir():
        (copy / "pyodide" / f.name).symlink_to(f)
    (copy / "pyodide" / snapshot.SNAPSHOT).unlink()
    packed = (site_dir / "pyodide" / snapshot.SNAPSHOT).read_bytes()
    (copy / "pyodide" / snapshot.SNAPSHOT).write_bytes(gzip.compress(gzip.decompress(packed)[:1 << 20], 1))
    with pytest.raises(build_site.BuildError, match=r"'restored': False"):
        build_site.canary(copy)
