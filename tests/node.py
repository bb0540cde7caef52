"""The one way the tests run a script under Node (the site's JavaScript, Pyodide without a browser).
``./dev test`` installs Node; a machine without it fails with the way to get it, never passes untested."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(script: Path, *args, input: str | None = None, timeout: int = 180) -> subprocess.CompletedProcess:
    """``node SCRIPT ARGS...`` from the repository's root, its output as text (UTF-8)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node 20 is needed for the site's tests: sudo apt-get install nodejs npm")
    # (the site's scripts are ES modules in a folder without a package.json of type "module")
    return subprocess.run([node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", str(script), *map(str, args)],
                          input=input, capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=timeout)
