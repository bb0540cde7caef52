"""Suite-wide wiring (issue 12).

Every test that drives a browser is marked ``browser`` (registered in pyproject.toml). Under
pytest-xdist (``./dev test`` runs ``-n auto --dist loadgroup``) they all go to one worker, one
after the other: one JupyterLab server and one Chromium at a time, while the other worker runs
the rest. ``-m "not browser"`` is the quick run after a change.
"""

import pytest


@pytest.hookimpl(tryfirst=True)          # before xdist's own hook reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.xdist_group("browser"))
