"""A real JupyterLab in a real (headless) browser: Debian's Chromium driven by Playwright.

The browser is the system's ``/usr/bin/chromium`` (``apt-get install chromium``); Playwright
never downloads one here. Without either, these tests fail with the way to get them.

One JupyterLab server serves every browser test of the run (starting one costs seconds); each
test still gets a state of its own: its own copy of the notebooks, its own Lab workspace, its own
browser context and its own kernel session, shut down when the test ends.

Why the tests wait on what they wait on (without these waits the smoke test failed 2 runs in 3):

* the kernel is started through the server's REST API and the page is opened only once the server
  reports it ``idle``: Lab then connects to that session instead of starting a kernel itself, so
  no page, click or teardown can interrupt or restart a kernel that is still starting (the
  ``KeyboardInterrupt`` in the kernel's start-up imports came from exactly that);
* the page's toolbar indicator says ``idle`` before any kernel exists (that is its initial
  value), so it proves nothing; instead the page is asked, through ``window.jupyterapp``
  (``--LabApp.expose_app_in_browser``), whether its session is ready, its kernel connected and
  idle, and the widget manager's comm target registered (otherwise a widget created by "run all"
  has no model in the page and never draws);
* "run all" is Lab's own command, awaited until it reports that every cell ran, instead of menu
  clicks that a busy page may drop;
* the copies carry no stored outputs, so a cell that shows an execution count ran in this test.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import chromium
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "browser"          # screenshots (build/ is git-ignored)
STATE_TIMEOUT = 120                             # seconds for a state to be reached on a loaded machine

# JupyterLab settings for a quiet, deterministic page: no autosave (the copies are thrown away
# anyway), no news or update checks (no network), every cell kept in the page (no windowing).
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

# In the page: is the notebook at `path` on show, with its session ready, its kernel connected and
# idle, and the widget manager listening for widgets ("jupyter.widget" comm target registered)?
# Returns what is missing, or "" when all is there.
PAGE_READY = """(path) => {
    const app = window.jupyterapp;
    if (!app) return 'the application object';
    const panel = app.shell.currentWidget;
    if (!panel || !panel.context || panel.context.path !== path) return 'the notebook on show';
    if (!panel.context.isReady) return 'the notebook loaded';
    const sc = panel.sessionContext;
    if (!sc.isReady || !sc.session || !sc.session.kernel) return 'the session';
    const kernel = sc.session.kernel;
    if (kernel.connectionStatus !== 'connected') return 'the kernel connected (' + kernel.connectionStatus + ')';
    if (kernel.status !== 'idle') return 'the kernel idle (' + kernel.status + ')';
    if (!(kernel._targetRegistry && kernel._targetRegistry['jupyter.widget'])) return 'the widget manager';
    return '';
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:80]


class Lab:
    """The running server, and what a test needs of it."""

    timeout = STATE_TIMEOUT

    def __init__(self, url: str, token: str, root: Path, log: Path, runtime: Path):
        self.url, self.token, self.root, self.log, self.runtime = url, token, root, log, runtime

    @staticmethod
    def shot(page_or_locator, name: str) -> None:
        """A screenshot in build/browser/."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page_or_locator.screenshot(path=str(ARTIFACTS / name))

    # ---------------------------------------------------------------- the server's REST API
    def api(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.url}/api/{path}", data=data, method=method,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def log_tail(self, n: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-n:]

    # ---------------------------------------------------------------- one test's notebook
    def copy_for(self, test: str, notebook: str) -> str:
        """A fresh copy of notebooks/ for this test, outputs cleared; the notebook's path in Lab."""
        folder = self.root / _slug(test)
        # The notebooks alone: without their jupytext twins (py/, jupytext.toml) Lab does not pair them,
        # so the outputs-cleared copy, newer than its twin, is never compared with it.
        shutil.copytree(ROOT / "notebooks", folder,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "py", "jupytext.toml"))
        nb = nbformat.read(folder / notebook, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nbformat.write(nb, folder / notebook)
        return f"{folder.name}/{notebook}"

    def start_session(self, path: str) -> dict:
        """Start the notebook's kernel from the server; return once the kernel answers and the server
        reports it idle (so the page only ever connects to a kernel that has finished starting)."""
        from jupyter_client import BlockingKernelClient

        session = self.api("POST", "sessions", {"path": path, "name": Path(path).name, "type": "notebook",
                                                "kernel": {"name": "python3"}})
        kernel_id = session["kernel"]["id"]
        deadline = time.monotonic() + STATE_TIMEOUT
        connection_file = self.runtime / f"kernel-{kernel_id}.json"
        while not connection_file.exists():
            if time.monotonic() > deadline:
                pytest.fail(f"no connection file for the kernel of {path}:\n{self.log_tail()}")
            time.sleep(0.1)
        # A kernel publishes its state only when asked something: ask for its kernel_info directly
        # (a client of our own, over the connection file). Its reply proves the start-up is over.
        # The status messages around each request tell the server that the kernel is idle; the
        # server may subscribe to them only later (a late ZeroMQ subscriber misses messages), so we
        # ask again until it has seen one, as the server's own websocket handler nudges a kernel.
        client = BlockingKernelClient(connection_file=str(connection_file))
        client.load_connection_file()
        client.start_channels()
        state = None
        try:
            # Not client.wait_for_ready(): it declares the kernel dead when one heartbeat is late
            # by a second, which a loaded 2-core machine makes happen while the kernel imports.
            # A kernel that really dies never replies, and the deadline reports it with the log.
            answered = False
            while not answered and time.monotonic() < deadline:
                client.kernel_info()
                try:
                    answered = client.get_shell_msg(timeout=1)["msg_type"] == "kernel_info_reply"
                except queue.Empty:
                    pass
            if not answered:
                pytest.fail(f"the kernel for {path} did not answer kernel_info:\n{self.log_tail()}")
            while time.monotonic() < deadline:
                state = self.api("GET", f"kernels/{kernel_id}")["execution_state"]
                if state == "idle":
                    return session
                client.kernel_info()
                time.sleep(0.25)
        finally:
            client.stop_channels()
        pytest.fail(f"the server never reported the kernel of {path} idle (last {state!r}):\n{self.log_tail()}")

    def end_session(self, session: dict) -> None:
        try:
            self.api("DELETE", f"sessions/{session['id']}")
        except urllib.error.HTTPError as exc:
            if exc.code != 404:
                raise

    def page_url(self, path: str, workspace: str) -> str:
        """The notebook alone in a fresh workspace of its own (no tabs left over from other tests)."""
        return f"{self.url}/lab/workspaces/{_slug(workspace)}/tree/{path}?token={self.token}&reset"


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """JupyterLab on 127.0.0.1 (a free port, a token), serving throw-away copies of notebooks/."""
    chromium.require()      # fails (not skips) with the way to get what is missing
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    settings = base / "settings"
    for name, value in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    env = dict(os.environ)
    # The kernels must behave as a user's do: ipykernel stops capturing C-level stderr (so the
    # page would not show it) when it sees it was started from a test.
    env.pop("PYTEST_CURRENT_TEST", None)
    env.update({
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
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           "--LabApp.expose_app_in_browser=True"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:     # CI containers run as root
        cmd.append("--allow-root")
    with open(log, "wb") as fh:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=fh, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    lab = Lab(url, token, root, log, base / "runtime")
    try:
        deadline = time.monotonic() + STATE_TIMEOUT
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
                pytest.fail(f"JupyterLab did not answer within {STATE_TIMEOUT} s:\n{lab.log_tail()}")
            time.sleep(0.2)
        yield lab
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def browser():
    # Module scope: Playwright's sync API runs an event loop until it is stopped, and other test
    # files of the session (the FAQ's browser tests) start their own; ours must be gone by then.
    with chromium.launched() as b:
        yield b


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    p = context.new_page()
    p.set_default_timeout(60_000)
    try:
        yield p
    finally:
        context.close()


class OpenNotebook:
    """A notebook opened in its own page, workspace, copy and kernel session."""

    def __init__(self, lab: Lab, page, test: str):
        self.lab, self.page, self.test = lab, page, test
        self.sessions: list[dict] = []

    def __call__(self, notebook: str) -> str:
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        path = self.lab.copy_for(self.test, notebook)
        self.sessions.append(self.lab.start_session(path))
        self.page.goto(self.lab.page_url(path, f"{self.test}-{notebook}"))
        try:
            self.page.wait_for_function(f"(path) => ({PAGE_READY})(path) === ''", arg=path,
                                        timeout=STATE_TIMEOUT * 1000, polling=200)
        except PlaywrightTimeoutError:
            missing = self.page.evaluate(PAGE_READY, path)
            self.lab.shot(self.page, f"not-ready-{notebook}.png")
            raise AssertionError(f"{notebook}: the page never had {missing} within {STATE_TIMEOUT} s\n"
                                 f"{self.lab.log_tail()}") from None
        return path

    def close(self) -> None:
        for session in self.sessions:
            self.lab.end_session(session)


@pytest.fixture
def open_notebook(lab, page, request):
    """``open_notebook(name)``: a fresh copy of the notebook, on show in ``page``, its kernel connected
    and idle and its widget manager ready. The kernel session ends with the test (before its page)."""
    opener = OpenNotebook(lab, page, request.node.name)
    log_start = lab.log.stat().st_size
    try:
        yield opener
    finally:
        # The kernel sessions end first (the server closes their websockets), then the page: a page
        # closed under a live kernel leaves the server writing to closed websockets.
        opener.close()
        page.context.close()
    # What a lab torn down too early left in the server's log: a kernel interrupted while starting, a
    # websocket torn down while it was being opened. Neither may happen any more.
    with open(lab.log, "rb") as fh:
        fh.seek(log_start)
        during = fh.read().decode("utf-8", "replace")
    for sign in ("KeyboardInterrupt", "kernel_ws_protocol", "Traceback"):
        assert sign not in during, f"the Lab log shows {sign!r} during this test:\n{during[-4000:]}"
