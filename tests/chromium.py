"""The one browser every browser test drives: Debian's Chromium (``/usr/bin/chromium``, or
``$RULINGS_CHROMIUM``) through Playwright, never a downloaded browser. ``./dev test`` installs
both; a machine without them fails with the way to get them rather than passing untested.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("RULINGS_CHROMIUM", "/usr/bin/chromium")
# Headless, and quiet on this machine's closed network (no background requests of its own).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# For the pages that must work offline: every host but 127.0.0.1 is unreachable, in Chromium itself
# (a request elsewhere fails at once, and the tests record that it was attempted).
LOCAL_ONLY = ["--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
              "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def require() -> None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("Playwright for Python is not installed: ./dev test installs the dev extra")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: sudo apt-get install chromium")


@contextmanager
def launched(local_only: bool = False):
    """A headless Chromium (Playwright's sync API), closed afterwards. Use it at module scope at
    most: Playwright's sync API runs an event loop until it is stopped, and another test file's
    browser starts its own."""
    require()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=FLAGS + (LOCAL_ONLY if local_only else []))
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def profile(user_data_dir, local_only: bool = False, **context):
    """A headless Chromium whose profile lives in ``user_data_dir``, as a phone's browser does: its HTTP
    cache is on disk, so a second visit finds what the first one downloaded (a context of
    :func:`launched` keeps its cache in memory, and leaves large files such as Python's wasm out of it).
    Yields the browser's one context; ``context`` are Playwright's context options."""
    require()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(str(user_data_dir), executable_path=CHROMIUM, headless=True,
                                                    args=FLAGS + (LOCAL_ONLY if local_only else []), **context)
        try:
            yield ctx
        finally:
            ctx.close()


def _still_loading(page) -> bool:
    """Whether the page is a new document still being parsed (``document.body`` may be null then, so
    an expression reading it fails for a moment, as after a language button that reloads the page)."""
    from playwright.sync_api import Error

    try:
        return page.evaluate("document.readyState") == "loading" or page.evaluate("document.body === null")
    except Error:
        return True


def under_csp(page) -> None:
    """Every page carries a Content-Security-Policy (no inline script, no eval) and the
    tests keep it on, so that anything the pages do against it fails them (a console error). Two of
    Playwright's helpers run script in the page's own world and are refused by such a policy, rightly:
    ``wait_for_function`` (it evals its expression in the page) and ``add_script_tag(path=)`` (an
    inline <script>). Here both go through ``page.evaluate`` (the DevTools protocol, which a page's
    policy does not govern): the expression is evaluated every 50 ms until it is true (a guard of the
    same timeout against a hang), and a test tool's file (axe-core) is evaluated as it is."""
    import re
    import time

    from playwright.sync_api import Error, TimeoutError

    add_script_tag = page.add_script_tag

    def add_script_tag_under_csp(*, path=None, **kwargs):
        if path is None or kwargs:
            return add_script_tag(path=path, **kwargs)
        page.evaluate(Path(path).read_text(encoding="utf-8") + "\n;0")
        return None

    def wait_for_function(expression, *, arg=None, timeout=None, polling=None):
        limit = (60_000 if timeout is None else timeout) / 1000
        deadline = time.monotonic() + limit if limit else None
        while True:
            try:
                value = page.evaluate(expression, arg)
            except Error as exc:           # a navigation under way: its new page is asked next time
                if not (re.search(r"context was destroyed|Cannot find context|navigat", str(exc))
                        or _still_loading(page)):
                    raise
                value = None
            if value:
                return value
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError(f"wait_for_function: {expression!r} still false after {limit:g} s")
            page.wait_for_timeout(polling if isinstance(polling, (int, float)) else 50)

    page.add_script_tag = add_script_tag_under_csp
    page.wait_for_function = wait_for_function
