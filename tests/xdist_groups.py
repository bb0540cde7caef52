"""Which xdist group a browser test belongs to (read by tests/conftest.py; tested in test_project.py)."""

from pathlib import Path


def browser_group(path: Path, root: Path) -> str:
    """The xdist group of a browser test: one per edition it drives (``browser-site``: the phone
    pages; ``browser-lite``: JupyterLite; ``browser-lab``: JupyterLab and the FAQ page), so the
    two workers share the slow browser work while each edition's server and Chromium stay on one."""
    rel = path.relative_to(root)
    edition = rel.parts[0] if len(rel.parts) > 1 else "lab"
    return "browser-" + {"browser": "lab"}.get(edition, edition)
