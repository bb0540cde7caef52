"""The browser edition under test: the site built (or reused while its inputs are unchanged), served
on 127.0.0.1 by a stdlib HTTP server thread, and Debian's Chromium driven by Playwright.

Every request to another host is blocked by Chromium itself (a proxy that does not exist for
everything but loopback, and no name resolves but 127.0.0.1: this holds for the page, its workers
and the service worker alike) and every attempt is counted: a test fails if there was one. (No
Playwright request routing: it would switch the HTTP cache off and every page would compile
Pyodide's WebAssembly again.)"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path
from urllib.parse import urlparse

import chromium
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "browser"


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: needs a headless Chromium (slow)")


def _build_module():
    from tools import build_site  # tools/ is a package (python -m tools.build_site)

    return build_site


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """build/site, built by the same code as ``./dev site`` (reused when already built for these sources)."""
    mod = _build_module()
    try:
        return mod.build(mod.DEFAULT_OUT)
    except mod.BuildError as exc:
        pytest.fail(f"the site could not be built: {exc}")


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A page that goes away mid-download (a test closing its context while the service worker
        still fetches) is not an error of the site; anything else is reported as usual."""
        import sys

        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class SiteServer:
    def __init__(self, root: Path):
        self.root = root
        self.sent: list[tuple[str, int]] = []           # (path, bytes) of every file sent
        handler = functools.partial(_Handler, self, directory=str(root))
        self.httpd = _Server(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".webmanifest": "application/manifest+json",
                      ".svg": "image/svg+xml", ".whl": "application/zip", ".zip": "application/zip"}

    def __init__(self, server_state, *args, **kwargs):
        self.state = server_state
        super().__init__(*args, **kwargs)

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self.state.sent.append((urlparse(self.path).path, len(data)))

    def log_message(self, format, *args):   # quiet
        pass


@pytest.fixture(scope="session")
def server(site_dir):
    s = SiteServer(site_dir)
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="module")
def browser():
    with chromium.launched(local_only=True) as b:
        yield b


class Watch:
    """What a browser context did that a test must not let pass: requests to other hosts, console
    errors, uncaught page errors."""

    def __init__(self):
        self.blocked: list[str] = []
        self.errors: list[str] = []

    def page(self, page):
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.set_default_timeout(60_000)
        chromium.under_csp(page)
        return page

    def check(self):
        assert not self.blocked, f"requests to other hosts were attempted: {self.blocked}"
        assert not self.errors, "errors in the browser:\n" + "\n".join(self.errors)


def watched_context(browser, width=1280, height=1000, **kwargs):
    ctx = browser.new_context(viewport={"width": width, "height": height}, **kwargs)
    watch = Watch()

    def seen(request):
        url = urlparse(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.hostname != "127.0.0.1":
            watch.blocked.append(request.url)

    ctx.on("request", seen)
    ctx.on("page", watch.page)
    return ctx, watch


@pytest.fixture
def new_context(browser, server):
    """``new_context(width=..., height=...)`` -> (context, watch); every context is checked at the end."""
    made = []

    def make(**kwargs):
        made.append(watched_context(browser, **kwargs))
        return made[-1]

    yield make
    for ctx, _ in made:
        ctx.close()
    for _, watch in made:
        watch.check()


@pytest.fixture(scope="module")
def play(browser, server):
    """(context, page): one playground page shared by the playground tests (one Python start-up);
    each test leaves it usable. Checked like every context at the end."""
    ctx, watch = watched_context(browser)
    page = ctx.new_page()
    page.goto(server.url + "index.html")
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
    yield ctx, page
    ctx.close()
    watch.check()


def _save_metrics(**figures):
    path = ARTIFACTS / "site-metrics.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        data = {}
    data.update(figures)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


@pytest.fixture
def artifacts():
    """build/browser/: screenshots, and ``artifacts.metrics(name=value, ...)`` kept in site-metrics.json."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    class Artifacts:
        path = ARTIFACTS
        metrics = staticmethod(_save_metrics)

        def shot(self, page, name):
            page.screenshot(path=str(ARTIFACTS / name), full_page=True)

    return Artifacts()
