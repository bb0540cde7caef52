"""The playground's answer at first paint: a shipped scenario's verdict, worked out at build
time by the same engine (data/answers/<id>.json), is on screen while Python cannot have started,
in the reader's language, and reads exactly as the live answer that replaces it."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from rulings_lib.cli import main as rulings
from rulings_lib.scenario import builtin_scenarios
from rulings_lib.web import shipped_id

pytestmark = pytest.mark.browser


def test_the_built_answers_are_the_cli_outcomes(site_dir):
    for path in builtin_scenarios():
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rulings(["run", str(path), "--json"])
        built = json.loads((site_dir / "data" / "answers" / f"{shipped_id(path)}.json").read_text(encoding="utf-8"))
        assert json.dumps(built["outcome"], ensure_ascii=False, indent=2) == out.getvalue().strip(), path.name


@pytest.mark.parametrize(("lang", "ident", "fragment"), [
    ("en", "wrgp/power-bond-handover", ""),                          # the example beside a new question
    ("ja", "tag/both-draws-swap", "#s=tag/both-draws-swap"),         # a shipped scenario asked by its address
])
def test_the_verdict_is_shown_before_python_is_ready(new_context, server, site_dir, lang, ident, fragment):
    ctx, _ = new_context(width=390, height=844, service_workers="block")
    held = []
    ctx.route("**/js/worker.js", lambda route: held.append(route))   # held: no Python yet
    page = ctx.new_page()
    page.goto(server.url + f"index.html?lang={lang}{fragment}")
    page.wait_for_function("document.body.dataset.early")
    assert held, "the worker's script was not asked for"
    assert page.evaluate("kit.timings.boot") is None
    early = page.inner_html("#verdict")
    assert page.is_visible("#verdict li")
    rules = page.eval_on_selector_all("#verdict a.rule", "as => as.map((a) => a.textContent)")
    assert rules, early
    outcome = json.loads((site_dir / "data" / "answers" / f"{ident}.json").read_text(encoding="utf-8"))["outcome"]
    named = ({r["rule"] for r in outcome["verdict"]["rows"] if r.get("rule")}     # the engine's verdict
             | {r["rule"] for r in outcome["rejected"]})                            # and the steps it refused
    assert set(rules) == named, (rules, named)
    text = page.inner_text("#verdict")
    if lang == "ja":
        assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text), text
    steps = page.inner_html("#steps")
    title = page.inner_text("#r-title")
    # Python starts now; its answer replaces the early one and reads the same.
    for route in held:
        route.continue_()
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1 && !document.body.dataset.early",
                           timeout=180_000)
    assert page.inner_html("#verdict") == early
    assert page.inner_html("#steps") == steps
    assert page.inner_text("#r-title") == title
    assert page.inner_html("#transcript")
