"""The lab's Python (site/js/lab-python.js), under Node with the built site's own
scripts: JupyterLite's kernel loads Python through it, restored from the pages' memory snapshot (or
started from nothing when the build has none), the lab's wheels checked against its lock and unpacked,
the kernel's modules imported before the kernel mounts its drive; and the rulings are CPython's."""

from __future__ import annotations

import json
from pathlib import Path

import node
import pytest

from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.web import shipped_id
from tools import build_lite

HERE = Path(__file__).parent


def lab_python(site: Path, mode: str) -> dict:
    proc = node.run(HERE / "lab_node.mjs", site, mode)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_the_kernel_loads_the_sites_python_through_lab_python(lite_site):
    """As built: the kernel's pyodideUrl is the site's js/lab-python.js, and the modules it imports first
    are the kernel's start (build_lite.START_MODULES, the ones shipped as bytecode), then the kit's."""
    config = json.loads((lite_site / "lab" / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][build_lite.KERNEL_PLUGIN]
    assert kernel["pyodideUrl"] == build_lite.SITE_PYODIDE
    assert (lite_site / "lab" / kernel["pyodideUrl"]).resolve() == (lite_site / "js" / "lab-python.js").resolve()
    assert kernel["loadPyodideOptions"]["importFirst"] == [*build_lite.START_MODULES, *build_lite.KIT_START]


@pytest.mark.parametrize("mode", ["snapshot", "start"])
def test_the_labs_python_rules_as_cpython(lite_site, mode):
    got = lab_python(lite_site, mode)
    assert got["restored"] is (mode == "snapshot")       # the kit was imported before the snapshot was written
    assert got["imported"] == sorted([*build_lite.START_MODULES, *build_lite.KIT_START])
    assert got["terminal"] is False                       # no prompt_toolkit: build_lite.lazy_embed
    assert got["micropip"] is False                       # not before an install: build_lite.lazy_micropip
    (path,) = [p for p in builtin_scenarios() if shipped_id(p) == "wrgp/power-bond-handover"]
    assert got["outcome"] == json.loads(json.dumps(run_scenario(load_scenario(path)).outcome))


def test_a_wheel_that_is_not_the_locks_stops_the_labs_python(lite_site):
    got = lab_python(lite_site, "damaged")
    assert "traitlets-" in got["error"] and "the lab's lock says" in got["error"]
