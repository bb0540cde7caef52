"""The kit on Pyodide under Node, no browser: npm's pyodide with the site's wheels runs every shipped
scenario and the README's API example, and gives exactly what CPython gives."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.web import shipped_id

HERE = Path(__file__).parent


def test_every_scenario_under_node_pyodide(site_dir):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node 20 is needed for the site's tests: sudo apt-get install nodejs npm")
    proc = subprocess.run([node, str(HERE / "run_node.mjs"), str(site_dir)], capture_output=True, text=True,
                          timeout=180)
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["libyaml"] is False                       # the pure-Python PyYAML wheel
    assert got["python"].startswith("3.")
    assert got["api"] == [["B1"], ["B"], False, "WRGP-H2", 2, "B", "B2", "blue", 80]
    want = {shipped_id(p): json.loads(json.dumps(run_scenario(load_scenario(p)).outcome)) for p in builtin_scenarios()}
    assert got["outcomes"].keys() == want.keys()
    for key in want:
        assert got["outcomes"][key] == want[key], key
