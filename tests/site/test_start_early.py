"""The pages' Python worker starts with the page (site/js/start.js) and no message of it is lost before
the page's kit.js listens: under Node, with a stand-in Worker."""

from __future__ import annotations

import json
from pathlib import Path

import node

ROOT = Path(__file__).resolve().parents[2]


def test_messages_before_the_kit_listens_are_handed_over_in_order():
    proc = node.run(ROOT / "tests" / "site" / "start_early.mjs", ROOT / "site" / "js", timeout=60)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["got"] == [["first", "early"], ["second", "early"], ["third", "late"]]
    assert got["url"].endswith("/worker.js") and got["type"] == "module" and got["same"] is True


def test_every_page_that_rules_starts_the_worker_first():
    """A page whose scripts use kit.js loads start.js, async, before its other scripts."""
    kit_users = {js.name for js in (ROOT / "site" / "js").glob("*.js") if 'from "./kit.js"' in js.read_text()}
    assert kit_users >= {"play.js", "tag.js", "tracker.js"}
    for page in sorted((ROOT / "site").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        scripts = [line.strip() for line in html.splitlines() if line.strip().startswith("<script")]
        uses_kit = any(f'src="js/{name}"' in html for name in kit_users)
        if uses_kit:
            assert scripts[0] == '<script type="module" async src="js/start.js"></script>', page.name
        else:
            assert "start.js" not in html, page.name
