"""Which xdist group a browser test belongs to (read by tests/conftest.py; tested in test_project.py)."""

from pathlib import Path


def browser_group(path: Path, root: Path) -> str:
    """The xdist group of a browser test. JupyterLab's tests (tests/browser and the FAQ page's) share
    one group: one Lab server, started once. The phone site's and JupyterLite's tests are grouped
    by file (``browser-site-test_phone``...): each file starts its own Chromium anyway, and the site
    and lab builds are shared on disk behind a lock, so the two workers can share the slow browser
    work instead of one worker running all of it while the other waits."""
    rel = path.relative_to(root)
    edition = rel.parts[0] if len(rel.parts) > 1 else "browser"
    if edition == "browser":
        return "browser-lab"
    return f"browser-{edition}-{path.stem}"
