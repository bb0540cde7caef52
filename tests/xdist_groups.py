"""Which xdist group a browser test belongs to (read by tests/conftest.py; tested in test_project.py)."""

import zlib
from pathlib import Path

# Files whose browser tests are long enough to be split in two groups (by test name), so that the
# two workers share them: the phone tests are the suite's longest run of browser work.
SPLIT = {"test_phone"}


def browser_group(path: Path, root: Path, name: str = "") -> str:
    """The xdist group of a browser test. JupyterLab's tests (tests/browser and the FAQ page's) share
    one group: one Lab server, started once. The phone site's and JupyterLite's tests are grouped
    by file (``browser-site-test_phone``...): each file starts its own Chromium anyway, and the site
    and lab builds are shared on disk behind a lock, so the two workers can share the slow browser
    work instead of one worker running all of it while the other waits."""
    rel = path.relative_to(root)
    edition = rel.parts[0] if len(rel.parts) > 1 else "browser"
    if edition == "browser":
        return "browser-lab"
    if path.stem in SPLIT:
        return f"browser-{edition}-{path.stem}-{zlib.crc32(name.encode()) % 2}"
    return f"browser-{edition}-{path.stem}"
