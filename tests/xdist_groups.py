"""Which xdist group a browser test belongs to (read by tests/conftest.py; tested in test_project.py)."""

from pathlib import Path


def browser_group(path: Path, root: Path) -> str | None:
    """The xdist group of a browser test, or None for a test that any worker may run.

    JupyterLab's tests (tests/browser and the FAQ page's) share one group: one Lab server, started
    once, on one worker. The phone site's and JupyterLite's tests each open their own browser
    context, the site and lab builds are shared on disk behind a lock, and each worker serves them
    on its own port: they are shared out one by one, so neither worker waits while the other runs
    all the slow browser work."""
    rel = path.relative_to(root)
    edition = rel.parts[0] if len(rel.parts) > 1 else "browser"
    return "browser-lab" if edition == "browser" else None
