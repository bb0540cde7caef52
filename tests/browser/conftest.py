"""A real JupyterLab in a real (headless) browser: Debian's Chromium driven by Playwright.

The browser is the system's ``/usr/bin/chromium`` (``apt-get install chromium``); Playwright
never downloads one here. Without either, these tests are skipped with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RULINGS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "build" / "browser"          # screenshots (build/ is git-ignored)

# JupyterLab settings for a quiet, deterministic page: no autosave (the copies are thrown away
# anyway), no news or update checks (no network), every cell kept in the page (no windowing).
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: needs JupyterLab and a headless Chromium (slow)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    def __init__(self, url: str, token: str, root: Path, log: Path):
        self.url, self.token, self.root, self.log = url, token, root, log

    def page_url(self, notebook: str) -> str:
        """The notebook alone in a fresh workspace of its own (no tabs left over from other tests)."""
        workspace = "smoke-" + "".join(ch if ch.isalnum() else "-" for ch in notebook)
        return f"{self.url}/lab/workspaces/{workspace}/tree/{notebook}?token={self.token}&reset"

    def log_tail(self, n: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-n:]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on 127.0.0.1 (a free port, a token), serving a throw-away copy of notebooks/."""
    # Both are installed by ./dev test (playwright from the dev extra, chromium with apt-get as root);
    # a machine without them fails here with the way to get them, rather than passing untested.
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("Playwright for Python is not installed: ./dev test installs the dev extra")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: sudo apt-get install chromium")
    base = tmp_path_factory.mktemp("lab")
    root = base / "notebooks"
    shutil.copytree(ROOT / "notebooks", root)
    settings = base / "settings"
    for name, value in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    env = dict(os.environ)
    env.update({
        "JUPYTER_PATH": os.pathsep.join([str(ROOT / "notebooks"), env.get("JUPYTER_PATH", "")]).rstrip(os.pathsep),
        "JUPYTER_CONFIG_DIR": str(base / "config"),
        "JUPYTER_DATA_DIR": str(base / "data"),
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    })
    port, token = _free_port(), os.urandom(16).hex()
    log = base / "lab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:     # CI containers run as root
        cmd.append("--allow-root")
    with open(log, "wb") as fh:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=fh, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    lab = Lab(url, token, root, log)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited ({proc.returncode}):\n{lab.log_tail()}")
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer within 90 s:\n{lab.log_tail()}")
            time.sleep(0.5)
        yield lab
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def browser(lab):
    # Module scope: Playwright's sync API runs an event loop until it is stopped, and other test
    # files of the session (the FAQ's browser tests) start their own; ours must be gone by then.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    p = context.new_page()
    p.set_default_timeout(60_000)
    try:
        yield p
    finally:
        context.close()
