"""Suite-wide wiring.

Every test that drives a browser is marked ``browser`` (registered in pyproject.toml). Under
pytest-xdist (``./dev test`` runs ``-n auto --dist loadgroup``) the browser tests of one edition
(JupyterLab, the phone site, JupyterLite) go to one worker, one after the other: each edition's
server and Chromium live on one worker, and the editions are shared out with the rest. ``-m "not browser"`` is the quick run after a change.
"""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from xdist_groups import browser_group, run_order

# Hypothesis: `./dev test` runs the same cases every time -- derandomized (the examples
# come from each test's own name, not from a random seed or a database of earlier failures), so a
# run passes or fails by the code alone. Random exploration is `make fuzz` (RULINGS_FUZZ=long):
# fresh randomness and a longer budget; each counterexample it finds becomes an ``@example`` on the
# property (a fixed regression case, e.g. TagMatch(points=101) in test_tag_properties.py).
settings.register_profile("rulings-test", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("rulings-explore", derandomize=False, database=None, deadline=None, print_blob=True,
                          max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("rulings-explore" if os.environ.get("RULINGS_FUZZ") == "long" else "rulings-test")


@pytest.hookimpl(tryfirst=True)          # before xdist's own hook reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    root = Path(__file__).parent
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.xdist_group(browser_group(Path(item.fspath), root,
                                                                   getattr(item, "originalname", item.name))))
    groups = [None if m is None else m.args[0] for m in (item.get_closest_marker("xdist_group") for item in items)]
    items[:] = [items[i] for i in run_order(groups)]

