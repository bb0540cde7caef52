"""The README's phone screenshots of the browser edition, taken again from the built site:

    python -m tools.phone_shots            # builds build/site if needed, writes docs/img/site-*-phone*.png

A judge's question built with taps from card names only (the rulebook's Sparks / Chain Strike
chain at 200 LP each, WRGP-D2), on a 390x844 phone with touch: the builder in English and the
verdict in Japanese. Each picture is the phone's screen (390x844 CSS px at 1x), so its size never
changes. The taps are the ones tests/site/test_phone.py makes (:func:`build_by_card_names`).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMG = ROOT / "docs" / "img"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}

# The rulebook's second example (WRGP-D2): turn 3, team A's Main Phase 1, both teams at 200 LP;
# A activates Sparks, B chains Chain Strike; the turn ends.
SPARKS_CHAIN_STRIKE = {"turn": 3, "player": "A", "phase_index": 3, "lp": 200,
                       "links": [("A", {"en": "Sparks", "ja": "火の粉"}), ("B", {"en": "Chain Strike", "ja": "連鎖爆撃"})]}


def field(path: str) -> str:
    return f"[data-param='{path}']"


def tap_times(page, selector: str, n: int) -> None:
    loc = page.locator(selector).first
    for _ in range(n):
        loc.tap()


def pick_card(page, scope: str, name: str) -> None:
    """Tap the card field in ``scope``, then the card called ``name`` in the list under it (all the
    cards shown first if it is not among the first ones)."""
    page.locator(f"{scope} input[role=combobox]").first.tap()
    option = page.locator(f"{scope} li[role=option]").filter(has_text=name).first
    if not option.is_visible():
        page.locator(f"{scope} button.more").first.tap()
    option.tap()
    page.wait_for_selector(f"{scope} .combo[data-card]:not([data-card=''])")


def build_by_card_names(page, lang: str, q: dict = SPARKS_CHAIN_STRIKE) -> None:
    """The moment with steppers and buttons, then a chain whose links are only who and which card
    (picked from the list in ``lang``), then the end of the turn: no text typed."""
    page.wait_for_selector("#builder " + field("setup.lineup"))
    at = field("setup.at")
    page.locator(at + " button.add").first.tap()
    page.wait_for_selector(f"{at} {field('setup.at.turn')}")
    tap_times(page, field("setup.at.turn") + " .step-up", q["turn"])            # empty -> 1 -> ... -> turn
    page.locator(field("setup.at.player") + f" button[data-value={q['player']}]").first.tap()
    page.locator(field("setup.at.phase") + " select").select_option(index=q["phase_index"])
    for team in "AB":
        tap_times(page, field(f"setup.at.lp.{team}") + " .step-up", 1 + q["lp"] // 100)   # empty -> 0 -> +100 each
    page.locator("#add-step").select_option("chain")
    step = ".step[data-verb=chain]"
    page.wait_for_selector(step)
    for i, (team, names) in enumerate(q["links"]):
        if i:
            page.locator(f"{step} .list > button.add").first.tap()
        link = f"{step} .list > .item:nth-of-type({i + 1})"
        page.wait_for_selector(link)
        page.locator(f"{link} button[data-value={team}]").first.tap()
        pick_card(page, link, names[lang])
    page.locator("#add-step").select_option("end_turn")
    page.wait_for_selector(".step[data-verb=end_turn]")


def run_question(page) -> None:
    before = int(page.evaluate("Number(document.body.dataset.runs || 0)"))
    page.locator("#run").tap()
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")


def take(out: Path = IMG) -> list[Path]:
    """Build (or reuse) the site, serve it on 127.0.0.1 and write the pictures into ``out``."""
    import functools
    import http.server
    import importlib.util
    import threading

    # The tests' one browser (tests/chromium.py: Debian's Chromium through Playwright), read from its file.
    spec = importlib.util.spec_from_file_location("chromium", ROOT / "tests" / "chromium.py")
    chromium = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chromium)

    from tools.build_site import DEFAULT_OUT, build

    site = build(DEFAULT_OUT)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.extensions_map = {**handler.func.extensions_map, ".js": "text/javascript", ".mjs": "text/javascript",
                              ".wasm": "application/wasm", ".json": "application/json"}
    handler.func.log_message = lambda *a: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    try:
        with chromium.launched(local_only=True) as browser:
            for lang, name in (("en", "site-builder-phone.png"), ("ja", "site-verdict-phone-ja.png")):
                ctx = browser.new_context(**PHONE, locale={"en": "en-US", "ja": "ja-JP"}[lang])
                page = ctx.new_page()
                chromium.under_csp(page)          # the pages' policy refuses Playwright's eval-based waits
                page.set_default_timeout(120_000)
                page.goto(f"{url}index.html?lang={lang}")
                page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
                build_by_card_names(page, lang)
                if name == "site-builder-phone.png":
                    # The chain as built, shown at the moment the second link's card is picked: its
                    # field emptied and focused, the catalogue's cards listed under it.
                    chain = ".step[data-verb=chain] .list > .item"
                    page.locator(f"{chain}:nth-of-type(2) input[role=combobox]").fill("")
                    page.evaluate("""(sel) => {
                        document.querySelector(sel + ':nth-of-type(1) .f-card').scrollIntoView({block: 'start'});
                        document.querySelector(sel + ':nth-of-type(2) input[role=combobox]').focus({preventScroll: true});
                    }""", chain)
                    page.locator(f"{chain}:nth-of-type(2) li[role=option]").first.wait_for()
                else:
                    run_question(page)
                    page.evaluate("document.getElementById('result').scrollIntoView({block: 'start'})")
                page.wait_for_timeout(300)
                path = out / name
                page.screenshot(path=str(path), full_page=False, animations="disabled", caret="hide")
                written.append(path)
                ctx.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return written


def main(argv=None) -> int:
    for path in take():
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
