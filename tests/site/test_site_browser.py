"""The browser edition in headless Chromium: the real engines on Pyodide, nothing from any other host.

One browser for the module; each test opens its pages in a fresh context (its own storage and
service worker), and fails on a console error or a request that left 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import re
import time

import pytest

from rulings_lib.cli import main as rulings
from rulings_lib.scenario import builtin_scenarios
from rulings_lib.web import shipped_id

pytestmark = pytest.mark.browser

BROKEN = """format: wrgp
title: a typo on line 4
steps:
  - fly: {by: A}
"""


def runs(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.runs || 0)"))


def open_playground(ctx, server, fragment: str = ""):
    page = ctx.new_page()
    page.goto(server.url + "index.html" + fragment)
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
    return page


def run_again(page):
    before = runs(page)
    page.click("#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")


def cli_outcome(path) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rulings(["run", str(path), "--json"])
    return out.getvalue().strip()


def test_every_shipped_scenario_gives_the_cli_outcome(play, artifacts):
    """Differential: all shipped scenarios in one call in the page's worker == `rulings run --json`."""
    ctx, page = play
    # The page ran its default scenario: transcript with rule ids, expectations, state, diagram.
    assert page.locator("#r-title").inner_text() == "Power Bond during a handover (the source's third example)" \
        or page.locator("#r-title").inner_text()
    assert "[WRGP-D3]" in page.locator("#transcript").text_content()
    assert page.locator("#transcript a.rule").count() > 5
    assert page.locator("#checks li.ok").count() >= 1 and page.locator("#checks li.no").count() == 0
    assert page.locator("#checks-sum").inner_text().startswith("Every expectation holds")
    assert page.locator("#verdict li.lose").count() == 2          # the answer first: B1 and A1 lose
    page.wait_for_selector("#diagram svg")
    assert page.locator("#diagram svg g.node").count() > 10
    assert page.locator("#state").inner_text() or page.locator("#picture svg").count() == 1

    text = page.evaluate("kit.callRaw('run_all')")
    browser = json.loads(text)
    files = builtin_scenarios()
    assert sorted(browser) == sorted(shipped_id(p) for p in files)
    for path in files:
        mine = json.dumps(browser[shipped_id(path)], ensure_ascii=False, indent=2)
        assert mine == cli_outcome(path), f"{shipped_id(path)}: the browser's outcome differs from the CLI's"

    # One scenario once Python is up, as the Run button does it. Its time is recorded, never asserted
    # (a loaded machine is slow, not wrong): benchmarks/bench_site.py measures it against its target.
    text = page.locator("#src").input_value()
    ms = page.evaluate("""async (text) => { const t0 = performance.now();
        const r = await kit.call('run_text', {text, source: 'wrgp/power-bond-handover'});
        if (r.error || !r.passed) throw new Error(JSON.stringify(r.error || r.checks));
        return performance.now() - t0; }""", text)
    artifacts.metrics(run_one_scenario_ms=round(ms, 1))
    artifacts.shot(page, "site-playground-desktop.png")


def test_share_link_round_trip(play, server):
    ctx, page = play
    before = runs(page)
    page.select_option("#pick", "tag/truce")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    # The shipped title is one per language ({en, ja}); the shared copy gets a plain title of its own.
    edited = re.sub(r"^title:.*$", "title: Shared copy of a truce", page.locator("#src").input_value(),
                    count=1, flags=re.M)
    assert edited.count("Shared copy of") == 1
    page.fill("#src", edited)
    run_again(page)
    assert page.locator("#r-title").inner_text().startswith("Shared copy of ")
    page.click("#share")
    page.wait_for_function("document.getElementById('share-url').value.includes('#z=')")
    link = page.locator("#share-url").input_value()
    assert "#z=" in link and link.startswith(server.url)
    transcript = page.locator("#transcript").text_content()

    other = open_playground(ctx, server, link[len(server.url + "index.html"):])
    assert other.locator("#src").input_value() == edited, other.locator("#error").inner_text()
    assert other.locator("#error").is_hidden(), other.locator("#error").inner_text()
    assert other.locator("#r-title").inner_text().startswith("Shared copy of ")
    assert other.locator("#transcript").text_content() == transcript

    other.evaluate("(h) => { location.hash = h; }", link[link.index("#"):-12] + "%%%")   # cut short
    other.wait_for_selector("#error:not([hidden])")
    assert other.locator("#error").inner_text().startswith("line 1: this link's scenario is damaged")
    other.close()


def test_invalid_scenario_shows_its_line(play, artifacts):
    ctx, page = play
    page.set_viewport_size({"width": 360, "height": 780})
    page.fill("#src", BROKEN)
    run_again(page)
    error = page.locator("#error").inner_text()
    assert error.startswith("line 4: steps[1]: unknown verb 'fly'")
    assert page.locator("#marker").is_visible() and page.locator("#marker").inner_text() == error
    assert page.locator("#gutter .bad").inner_text() == "4"
    # The marker sits on line 4 of the editor.
    box, editor = page.locator("#marker").bounding_box(), page.locator(".editor").bounding_box()
    assert 6 + 3 * 20 - 2 <= box["y"] - editor["y"] <= 6 + 3 * 20 + 2
    assert "Traceback" not in page.content()
    artifacts.shot(page, "site-playground-phone-error.png")
    # A failed expectation is marked on its line too.
    page.fill("#src", "format: wrgp\nsteps:\n  - phase: main1\nexpect:\n  out: [A1]\n")
    run_again(page)
    assert page.locator("#checks li.no").inner_text().startswith("✗ Out (line 5)")
    assert page.locator("#gutter .failed").inner_text() == "5"
    page.set_viewport_size({"width": 1280, "height": 1000})


def test_faq_opens_an_entry_in_the_playground(play, server):
    ctx, _ = play
    page = ctx.new_page()
    page.goto(server.url + "faq.html")
    assert page.locator("a.play").count() == page.locator("section.entry").count() >= 80
    page.fill("#search", "Power Bond")                       # the page's own search still works
    assert page.locator("section.entry:visible").count() < page.locator("section.entry").count()
    page.click("#faq-power-bond-handover a.play >> visible=true")
    page.wait_for_url("**/index.html#s=wrgp/cards-power-bond-handover")
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
    assert page.locator("#pick").input_value() == "wrgp/cards-power-bond-handover"
    assert "Power Bond" in page.locator("#r-title").inner_text()
    # Editable and re-runnable: change what is expected, and the page says it no longer holds.
    src = page.locator("#src").input_value()
    page.fill("#src", src.replace("expect:\n", "expect:\n  winner: B\n", 1))
    run_again(page)
    assert page.locator("#checks li.no").count() == 1
    assert "Winner" in page.locator("#checks li.no").inner_text()
    page.close()


def test_tracker_survives_reload_and_a_damaged_import(new_context, server, tmp_path, artifacts):
    ctx, _ = new_context(width=360, height=780, accept_downloads=True)
    # A damaged copy in the browser's storage (seeded once in this tab): said so, a new match shown,
    # the copy kept aside.
    ctx.add_init_script("""if (location.protocol === 'http:' && !sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1'); localStorage.setItem('rulings-kit.tracker.match', '{"format": 1'); }""")
    page = ctx.new_page()
    page.goto(server.url + "tracker.html")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#feedback").inner_text().startswith("the match kept in this browser could not be used")
    assert page.evaluate("localStorage.getItem('rulings-kit.tracker.match.damaged')") == '{"format": 1'
    page.click("[data-button=next_phase]")                  # turn 1: Standby Phase (no draw, WRGP-F5)
    page.wait_for_selector("body[data-actions='1']")
    page.click("[data-button=battle_damage]")               # no Battle Phase yet: refused with its rule
    page.wait_for_selector("body[data-actions='2']")
    assert page.locator("#feedback").inner_text().startswith("rejected [STD-TIMING]")
    page.click("[data-team=B]")
    page.fill("#amount", "500")
    page.click("[data-button=pay]")
    page.wait_for_selector("body[data-actions='3']")
    state = page.locator("#state").inner_text()
    assert "7500 LP" in state
    for button in page.locator("button").all():             # thumb-sized
        if button.is_visible():
            assert button.bounding_box()["height"] >= 44
    artifacts.shot(page, "site-tracker-phone.png")

    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#state").inner_text() == state
    assert page.locator("#feedback").inner_text() == "match restored (3 actions)"

    with page.expect_download() as download:
        page.click("#export")
    saved = tmp_path / "match.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["actions"][2]["args"] == {"by": "B", "amount": 500}

    damaged = tmp_path / "damaged.json"
    damaged.write_text(saved.read_text()[:-40])
    page.set_input_files("#import", str(damaged))
    page.wait_for_selector("#feedback.no")
    assert page.locator("#feedback").inner_text().startswith("not loaded, the match on screen is unchanged: ")
    assert page.locator("#state").inner_text() == state

    page.click("#undo")
    page.wait_for_selector("body[data-actions='2']")
    assert "7500 LP" not in page.locator("#state").inner_text()
    page.set_input_files("#import", str(saved))
    page.wait_for_selector("body[data-actions='3']")
    assert page.locator("#state").inner_text() == state


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tracker_activates_a_card_by_name_in_the_readers_language(new_context, server, artifacts, lang):
    """The tracker's "activate a card" control (the verb table's `activate`, the question builder's
    form): Power Bond picked from the catalogue's names in the reader's language, its one choice (the
    Fusion Monster) asked for; the engine Fusion Summons Cyber End Dragon at 8000 ATK, and the board,
    the state and the message name the cards in the reader's language. 44 px targets, axe clean."""
    from pathlib import Path

    from rulings_lib.formats import FORMATS

    card = FORMATS["wrgp"].catalogue().card
    axe = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
    assert axe.exists(), "axe-core is missing: npm ci installs it (package.json devDependencies)"
    bond, ced, ring = (card(n).label(lang) for n in ("Power Bond", "Cyber End Dragon", "Destruction Ring"))
    ctx, _ = new_context(width=390, height=844, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{server.url}tracker.html?lang={lang}")
    page.wait_for_selector("body[data-ready]")
    form = "#card-verb"
    assert page.locator("#card-head").inner_text() == ("Activate a card" if lang == "en" else "カードを発動")
    for n in (1, 2):                                          # turn 1: Standby Phase, then Main Phase 1
        page.click("[data-button=next_phase]")
        page.wait_for_selector(f"body[data-actions='{n}']")
    # The card field offers the catalogue's names in the reader's language; a name typed in the other
    # language (or the rulebook's spelling) finds the card too.
    combo = f"{form} [data-param='steps.activate.card'] input[role=combobox]"
    page.locator(combo).tap()
    offered = page.locator(f"{form} [data-param='steps.activate.card'] li[role=option] .cn").all_inner_texts()
    assert ring in offered, offered
    page.locator(combo).fill("パワーボンド" if lang == "en" else "power bond")
    page.locator(f"{form} [data-param='steps.activate.card'] li[role=option]").first.tap()
    assert page.locator(combo).input_value() == bond
    # Power Bond asks for one choice (its Fusion Monster); the declared name it does not ask for is gone.
    summon = f"{form} [data-param='steps.activate.summon'] input[role=combobox]"
    page.wait_for_selector(summon)
    assert page.locator(f"{form} [data-param='steps.activate.declare']").count() == 0
    page.locator(summon).fill("サイバー" if lang == "en" else "cyber end")
    page.locator(f"{form} [data-param='steps.activate.summon'] li[role=option]").first.tap()
    assert page.locator(summon).input_value() == ced
    small = page.evaluate("""() => [...document.querySelectorAll('#card-verb button, #card-verb input,'
        + ' #card-verb [role=option]')].filter(e => e.getClientRects().length)
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44).map(([h]) => h)""")
    assert not small, small
    page.add_script_tag(path=str(axe))
    found = page.evaluate("""async () => (await axe.run('#card-verb', {resultTypes: ['violations']})).violations
        .map(v => v.id + ': ' + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(' | '))""")
    assert not found, found
    page.click("#activate")
    page.wait_for_selector("body[data-actions='3']")
    feedback = page.locator("#feedback").inner_text()
    assert "[WRGP-H7]" in feedback and "4000 -> 8000" in feedback and ced in feedback and bond in feedback, feedback
    other = card("Cyber End Dragon").label("ja" if lang == "en" else "en")
    assert other not in feedback, feedback
    state = page.locator("#state").inner_text()
    assert ced in state, state
    # The match file holds the step as tapped; Undo takes it back (in the button's own words).
    record = json.loads(page.evaluate("localStorage.getItem('rulings-kit.tracker.match')"))
    assert record["actions"][-1] == {"verb": "activate", "args": {"by": "A", "card": bond, "summon": ced},
                                     "accepted": True}
    artifacts.shot(page, f"site-tracker-activate-{lang}.png")
    page.click("#undo")
    page.wait_for_selector("body[data-actions='2']")
    assert ced not in page.locator("#state").inner_text()


def test_tag_turn_helper(new_context, server, artifacts):
    ctx, _ = new_context(width=360, height=780)
    page = ctx.new_page()
    page.goto(server.url + "tag.html")
    page.wait_for_selector("body[data-turns]")
    for name, value in {"red-A.power": 500, "blue-A.power": 300, "blue-A.lost": 20,
                        "red-B.power": 200, "red-B.lost": 30, "blue-B.power": 400}.items():
        page.fill(f"input[name='{name}']", str(value))
    page.wait_for_function("document.getElementById('answer').textContent.includes('red-B loses 30')")
    answer = page.locator("#answer").inner_text()
    assert "next turn: blue goes first [TAG-N2]" in answer and "blue-A loses 20 points: 100 -> 80" in answer
    page.fill("input[name='red-A.points']", "0")            # an out player has no battle (TAG-E1)
    page.wait_for_function("!document.getElementById('answer').textContent.includes('letter A battle')")
    artifacts.shot(page, "site-tag-helper-phone.png")


def test_offline_after_the_first_visit(new_context, server, site_dir, artifacts):
    ctx, _ = new_context()
    server.sent.clear()
    page = ctx.new_page()
    t0 = time.monotonic()
    page.goto(server.url + "index.html")
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
    cold = page.evaluate("kit.timings.firstRuling")
    cold_wall = time.monotonic() - t0
    assert page.evaluate("kit.timings.snapshot") is True        # Python restored, not started (the memory snapshot)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    precache = page.evaluate("""async () => { const keys = await caches.keys();
        const c = await caches.open(keys.find(k => k.startsWith('rulings-kit-'))); return (await c.keys()).length; }""")
    # every file (sw.js counted as "./") but the JupyterLite edition's lab/, which is not precached
    files = [p for p in site_dir.rglob("*") if p.is_file() and p.relative_to(site_dir).parts[0] != "lab"]
    assert precache == len(files)
    sent = sum(n for _, n in server.sent)
    unique = {path for path, _ in server.sent}
    gz = sum(len(gzip.compress((site_dir / p.lstrip("/")).read_bytes(), 6)) for p in unique
             if (site_dir / p.lstrip("/")).is_file())

    ctx.set_offline(True)
    page.reload()
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
    warm = page.evaluate("kit.timings.firstRuling")
    assert page.evaluate("kit.timings.snapshot") is True        # offline too: the snapshot is precached
    assert "[WRGP-D3]" in page.locator("#transcript").text_content()
    # Python's wasm file came once for the page (Pyodide and the snapshot's unpacking share one download,
    # worker.js) and at most once more for the offline copy (this context's HTTP cache is in memory).
    assert [p for p, _ in server.sent].count("/pyodide/pyodide.asm.wasm") <= 2
    page.wait_for_selector("#diagram svg")
    for other, title in (("faq.html", "Ruling FAQ"), ("tracker.html", "WRGP match tracker"), ("tag.html", "Digimon tag")):
        page.goto(server.url + other, wait_until="domcontentloaded")
        assert page.title().startswith(title)
    artifacts.metrics(first_visit_bytes_sent=sent, first_visit_gzip_bytes_of_files=gz, time_to_first_ruling_cold_ms=round(cold),
                 time_to_first_ruling_warm_offline_ms=round(warm), first_visit_wall_s=round(cold_wall, 1))
