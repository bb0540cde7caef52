"""The kit on Pyodide under Node, no browser: npm's pyodide with the site's wheels runs every shipped
scenario and the README's API example, and gives exactly what CPython gives."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import node
import pytest

from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.web import shipped_id

HERE = Path(__file__).parent


@pytest.mark.parametrize("mode", ["snapshot", "start"])
def test_every_scenario_under_node_pyodide(site_dir, mode):
    """Python restored from the pages' snapshot (what every page's worker does) and Python started from
    nothing (the worker's fall-back) give the same outcomes as CPython, with the wheels unpacked by the
    worker's own script (site/js/wheels.js)."""
    proc = node.run(HERE / "run_node.mjs", site_dir, mode)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["restored"] is (mode == "snapshot")        # the kit was already imported in the snapshot
    with zipfile.ZipFile(site_dir / json.loads((site_dir / "site.json").read_text())["wheels"][-1]) as kit:
        assert got["files"] >= len([n for n in kit.namelist() if not n.endswith("/")])
    # The site's own zip reader (site/js/wheels.js, kept for its speed: docs/upgrading.md) writes exactly
    # what Pyodide's unpackArchive writes from the same wheels.
    assert got["unzip"]["differ"] == [] and got["unzip"]["files"] == got["files"]
    if mode == "snapshot":                                  # the worker's unpacking is tools/snapshot.py's
        from tools import snapshot

        packed = (site_dir / "pyodide" / snapshot.SNAPSHOT).read_bytes()
        wasm = (site_dir / "pyodide" / "pyodide.asm.wasm").read_bytes()
        assert got["snapshot_sha256"] == hashlib.sha256(snapshot.unpack(packed, wasm)).hexdigest()
    assert got["libyaml"] is False                       # the pure-Python PyYAML wheel
    assert got["python"].startswith("3.")
    assert got["api"] == [["B1"], ["B"], False, "WRGP-H2", 2, "B", "B2", "blue", 80]
    want = {shipped_id(p): json.loads(json.dumps(run_scenario(load_scenario(p)).outcome)) for p in builtin_scenarios()}
    assert got["outcomes"].keys() == want.keys()
    for key in want:
        assert got["outcomes"][key] == want[key], key
