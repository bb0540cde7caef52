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


# The share of the quick (non-browser) tests run first, while the browser edition builds in the
# background (``./dev test``): about a minute and a half of one worker's time, so that the
# site's and JupyterLite's tests start once their build is there instead of waiting on its lock.
EARLY_SHARE = 0.4


def run_order(groups: list[str | None]) -> list[int]:
    """The order in which ``./dev test`` hands the tests out (``--no-loadscope-reorder``: xdist keeps it),
    as indexes into ``groups`` (each test's xdist group, None for a test of its own).

    First JupyterLab's group (it needs no build) and the first share of the quick tests (the other
    worker starts on them), then the site's and JupyterLite's groups, the largest first, and the rest
    of the quick tests last: they come one by one, so the two workers end together."""
    quick = [i for i, g in enumerate(groups) if g is None]
    early = quick[:round(len(quick) * EARLY_SHARE)]
    sizes: dict[str, list[int]] = {}
    for i, g in enumerate(groups):
        if g is not None:
            sizes.setdefault(g, []).append(i)
    lab = sizes.pop("browser-lab", [])
    slow = sorted(sizes.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return lab + early + [i for _, members in slow for i in members] + quick[len(early):]
