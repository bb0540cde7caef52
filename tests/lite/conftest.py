"""The JupyterLite edition (build/site/lab/) in headless Chromium, with nothing but 127.0.0.1 reachable.

The site is built by tools/build_site.py (reused while its inputs are unchanged; the lite edition is
kept in build/site-cache/lite/ by the hash of its own inputs), served by a small static server on a
free port, and opened in ONE JupyterLite page: the notebooks are opened there one after another.
Chromium itself reaches nothing but 127.0.0.1 (a proxy that does not exist, no name resolves; as in
tests/site/), so workers are covered too; every request to another host is recorded, and a test
fails if there was any.
"""

from __future__ import annotations

import functools
import http.server
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import chromium
import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "site"
ARTIFACTS = ROOT / "build" / "lite"          # screenshots and the timing report (build/ is git-ignored)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/octet-stream", ".ipynb": "application/json"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """build/site/ with its lab/ (built now unless one of the current sources is there)."""
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "tools.build_site"], cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"the site build failed:\n{proc.stderr[-3000:]}")
    if not (SITE / "lab" / "jupyter-lite.json").exists():
        pytest.fail("the site build wrote no lab/jupyter-lite.json")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "build.txt").write_text(f"site build step: {time.monotonic() - t0:.1f} s\n{proc.stderr}")
    return SITE


@pytest.fixture(scope="session")
def lite_url(lite_site):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                             functools.partial(_Handler, directory=str(lite_site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        server.server_close()


class LitePage:
    """One browser page of the lite edition; ``outside`` lists every request to another host."""

    def __init__(self, page, base: str):
        self.page, self.base = page, base
        self.outside: list[str] = []
        self.page_errors: list[str] = []
        self.python_warnings: list[str] = []     # the kernel's Python not restored, or its imports failed


@pytest.fixture(scope="module")
def lite(lite_url):
    with chromium.launched(local_only=True) as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 1400})
        page = context.new_page()
        page.set_default_timeout(60_000)
        lp = LitePage(page, lite_url)

        def seen(request):
            url = urlparse(request.url)
            if url.scheme in ("http", "https", "ws", "wss") and url.hostname != "127.0.0.1":
                lp.outside.append(request.url)

        def route(r):
            url = r.request.url
            if url.split("?")[0].endswith("/lab/jupyter-lite.json"):
                # The tests drive JupyterLite through its application object (window.jupyterapp).
                resp = r.fetch()
                config = resp.json()
                data = config["jupyter-config-data"]
                data["exposeAppInBrowser"] = True
                # Every cell kept in the page (no windowing), so what a test reads is all there.
                data.setdefault("settingsOverrides", {}).setdefault(
                    "@jupyterlab/notebook-extension:tracker", {})["windowingMode"] = "none"
                return r.fulfill(response=resp, body=json.dumps(config))
            return r.continue_()

        context.on("request", seen)
        context.route("**/jupyter-lite.json*", route)
        page.on("pageerror", lambda e: lp.page_errors.append(str(e)))
        # (site/js/python.js and lab-python.js say so in the kernel's worker, whose console is the page's)
        page.on("console", lambda m: lp.python_warnings.append(m.text) if m.type == "warning" and (
            "snapshot could not be used" in m.text or "could not import" in m.text) else None)
        try:
            yield lp
        finally:
            context.close()
