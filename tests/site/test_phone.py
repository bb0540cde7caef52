"""The browser edition as a judge uses it on a phone (390x844, touch) and on a desktop: a dispute
built with taps only, in English and in Japanese; the answer first; Share into the builder;
pictures readable at 390 px; buttons that stay put; the language chosen, kept and carried between
pages and offline; axe-core (from npm, a test dependency, never shipped) on every page in both
languages.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from tools.phone_shots import SPARKS_CHAIN_STRIKE, build_by_card_names, pick_card, run_question

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}
PAGES = ["index.html", "faq.html", "tracker.html", "tag.html", "notebooks.html"]


def phone_page(new_context, server, path="index.html", **kwargs):
    ctx, watch = new_context(**{**PHONE, **kwargs})
    page = ctx.new_page()
    page.goto(server.url + path)
    return ctx, page


def wait_runs(page, n=1):
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) >= {n}")


def runs(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.runs || 0)"))


def tap(page, selector):
    page.locator(selector).first.tap()


def tap_times(page, selector, n):
    loc = page.locator(selector).first
    for _ in range(n):
        loc.tap()


def field(page, path):
    return f"[data-param='{path}']"


def build_destruction_ring(page, end_turn: bool = True):
    """Team B's effect deals 1000 to both duelists at 1000 LP, in B's Main Phase 1 of turn 2, then
    (``end_turn``) the turn ends, else the question stops right after the loss: built with taps and
    list choices only (no text typed)."""
    page.wait_for_selector("#builder [data-param='setup.lineup']")
    at = field(page, "setup.at")
    tap(page, at + " button.add")                                     # set the moment (setup.at)
    page.wait_for_selector(at + " " + field(page, "setup.at.turn"))
    tap_times(page, field(page, "setup.at.turn") + " .step-up", 2)  # empty -> 1 -> 2
    tap(page, field(page, "setup.at.player") + " button[data-value=B]")
    page.locator(field(page, "setup.at.phase") + " select").select_option(index=3)   # (unset), draw, standby, main1
    tap_times(page, field(page, "setup.at.lp.A") + " .step-up", 11)  # empty -> 0 -> 1000
    tap_times(page, field(page, "setup.at.lp.B") + " .step-up", 11)
    page.locator("#add-step").select_option("damage")
    step = ".step[data-verb=damage]"
    page.wait_for_selector(step)
    tap(page, step + " " + field(page, "steps.damage.by") + " button[data-value=B]")
    page.locator(step + " " + field(page, "steps.damage.to") + " select").select_option(index=4)    # both
    tap_times(page, step + " " + field(page, "steps.damage.amount") + " .step-up", 10)           # 0 -> 1000
    if end_turn:
        page.locator("#add-step").select_option("end_turn")
        page.wait_for_selector(".step[data-verb=end_turn]")


def check_verdict(page, lang="en"):
    lp = (lambda n: f"{n} LP") if lang == "en" else (lambda n: f"ライフ{n}")
    verdict = page.locator("#verdict")
    lose = verdict.locator("li.lose")
    assert lose.count() == 1 and "A1" in lose.inner_text()
    assert lose.locator("a.rule").inner_text() == "WRGP-D1"
    assert lose.locator("a.rule").get_attribute("href") == "faq.html#rule-WRGP-D1"
    stays = verdict.locator("li.stay").all_inner_texts()
    assert any("B1" in s and lp(0) in s for s in stays), stays
    assert any("A2" in s and lp(8000) in s for s in stays), stays
    nxt = verdict.locator("li.next")
    assert nxt.locator("a.rule").inner_text() == "WRGP-F2"
    # The answer comes first: the verdict above the picture, the picture above the steps.
    ys = [page.locator(s).bounding_box()["y"] for s in ("#verdict", "#picture", "#steps")]
    assert ys == sorted(ys)
    return verdict.inner_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dispute_built_with_taps_gives_the_ruling(new_context, server, artifacts, lang):
    ctx, page = phone_page(new_context, server, f"index.html?lang={lang}")
    wait_runs(page)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("body").get_attribute("data-mode") == "builder"        # the default for a new question
    build_destruction_ring(page)
    yaml = page.locator("#src").input_value()
    assert "damage: {by: B, to: both, amount: 1000}" in yaml and "lp: {A: 1000, B: 1000}" in yaml
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    text = check_verdict(page, lang)
    # the engine's verdict: the turn the end_turn began is A2's, WRGP-F2
    if lang == "ja":
        assert "敗北" in text and "このターン（ターン3）はA2（チームA）のターン" in text
    else:
        assert "A1 has lost" in text and "this turn, turn 3, is A2's (team A)" in text
    assert "WRGP-D1" in page.locator("#steps").inner_text()
    artifacts.shot(page, f"site-builder-phone-{lang}.png")

    # Share reopens into the builder with the same question and the same answer.
    tap(page, "#share")
    page.wait_for_function("document.getElementById('share-url').value.includes('#z=')")
    link = page.locator("#share-url").input_value()
    other = ctx.new_page()
    other.goto(link)
    wait_runs(other)
    assert other.locator("body").get_attribute("data-mode") == "builder"
    assert other.locator(".step").count() == 2
    assert other.locator("#src").input_value() == yaml
    assert other.locator("#verdict").inner_text() == text
    other.close()


def cli_outcome(tmp_path, yaml: str) -> dict:
    """``rulings run --json`` on the question the page wrote."""
    from rulings_lib.cli import main

    path = tmp_path / "question.yaml"
    path.write_text(yaml, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["run", "--json", str(path)]) == 0
    return json.loads(out.getvalue())


def same_ruling(verdict, outcome: dict, names: dict[str, str]) -> None:
    """The verdict on the page says what the CLI's outcome says: who lost, who stays (at 0 or at
    what LP), whose turn is next; and how each one reached 0, by the card named as in ``names``."""
    lose = verdict.locator("li.lose").all_inner_texts()
    assert sorted(re.match(r"[AB]\d+", x).group() for x in lose) == sorted(outcome["out"]), lose
    for team in "AB":
        who = f"{team}{outcome['duelist'][team]}"
        row = verdict.locator("li.stay").filter(has_text=who)
        said = row.inner_text()
        assert f"{outcome['lp'][team]} LP" in said or f"ライフ{outcome['lp'][team]}" in said, said
        at_zero = row.locator("a.rule").count() == 1 and row.locator("a.rule").inner_text() == "WRGP-D1"
        assert at_zero == (who in outcome["at_zero"]), row.inner_text()
    turn = outcome["turn"]
    nxt = verdict.locator("li.next").inner_text()
    assert str(turn["number"]) in nxt and f"{turn['player']}{outcome['duelist'][turn['player']]}" in nxt, nxt
    hits = {e["args"]["duelist"]: e for e in outcome["events"]
             if e["args"].get("after") == 0 and e["args"].get("before", 0) > 0 and "source" in e["args"]}
    how = verdict.locator("li.how").all_inner_texts()
    assert len(how) == len(outcome["out"]) + len(outcome["at_zero"]), how
    for who in outcome["out"] + outcome["at_zero"]:
        e = hits[who]
        row = next(x for x in how if who in x)
        assert names[e["args"]["source"]] in row and str(e["args"]["amount"]) in row, (row, e)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dispute_from_card_names_gives_the_cli_ruling(new_context, server, artifacts, tmp_path, lang):
    """The rulebook's Sparks / Chain Strike chain at 200 LP each (WRGP-D2), built with taps from card
    names only, in the page's language: the YAML holds no numbers for the cards, and the verdict is
    the CLI's ruling; opened in the other language, the verdict names the cards in that one."""
    ctx, page = phone_page(new_context, server, f"index.html?lang={lang}")
    wait_runs(page)
    build_by_card_names(page, lang)
    links = [names[lang] for _, names in SPARKS_CHAIN_STRIKE["links"]]
    # Every control the judge can reach is a 44 px target, the card list open included; axe is clean.
    second = ".step[data-verb=chain] .list > .item:nth-of-type(2)"
    page.locator(f"{second} input[role=combobox]").tap()
    assert page.locator(f"{second} li[role=option]").count() >= 2
    small = page.evaluate("""() => [...document.querySelectorAll('#builder button, #builder input, #builder select,'
        + ' #builder [role=option], #run, #share')].filter(e => e.getClientRects().length)
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44).map(([h]) => h)""")
    assert not small, small
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run('#builder', {resultTypes: ['violations']})).violations
        .map(v => v.id + ': ' + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(' | '))""")
    assert not found, found
    page.locator("h1").tap()                                             # the list closes
    yaml = page.locator("#src").input_value()
    for name in links:
        assert name in yaml
    for number in ("amount", "per_link", "damage", "speed", "kind"):
        assert number not in yaml, yaml
    run_question(page)
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    outcome = cli_outcome(tmp_path, yaml)
    assert outcome["out"] == ["B1"] and outcome["at_zero"] == ["A1"]        # the rulebook's answer (WRGP-D2)
    en_ja = {names["en"]: names for _, names in SPARKS_CHAIN_STRIKE["links"]}
    by_source = {n: names[lang] for names in en_ja.values() for n in names.values()}
    same_ruling(page.locator("#verdict"), outcome, by_source)
    assert page.locator("#verdict li.lose a.rule").inner_text() == "WRGP-D2"
    artifacts.shot(page, f"site-cards-phone-{lang}.png")

    # The same question read in the other language: the cards are named in that one.
    other_lang = "ja" if lang == "en" else "en"
    tap(page, "#share")
    page.wait_for_function("document.getElementById('share-url').value.includes('#z=')")
    link = page.locator("#share-url").input_value().replace(f"?lang={lang}", f"?lang={other_lang}")
    other = ctx.new_page()
    other.goto(link)
    wait_runs(other)
    assert other.locator("#src").input_value() == yaml
    same_ruling(other.locator("#verdict"), outcome, {n: names[other_lang] for names in en_ja.values()
                                                      for n in names.values()})
    for name in links:
        assert name not in other.locator("#verdict").inner_text()
    other.close()


def test_a_card_brings_its_choices_and_drops_its_numbers(new_context, server):
    """A chain link offers its numbers until a known card is named; Power Bond asks for the monster
    it summons (in its own words); a card typed in the other language (破壊指輪 on an English page)
    is known and said in words."""
    ctx, page = phone_page(new_context, server, "index.html?lang=en")
    wait_runs(page)
    page.wait_for_selector("#builder " + field(page, "setup.lineup"))
    page.locator("#add-step").select_option("chain")
    link = ".step[data-verb=chain] .list > .item:nth-of-type(1)"
    numbers = [field(page, f"steps.chain.links[0].{k}") for k in ("damage", "gain", "kind", "speed")]
    for sel in numbers:
        assert page.locator(sel).count() == 1, sel
    pick_card(page, link, "Chain Strike")
    for sel in numbers:
        assert page.locator(sel).count() == 0, sel
    assert "Quick-Play Spell" in page.locator(f"{link} .card-does").inner_text()
    # A name typed in Japanese: found, described, its numbers left out too.
    page.locator("#add-step").select_option("activate")
    act = ".step[data-verb=activate]"
    box = page.locator(f"{act} input[role=combobox]").first
    box.fill("破壊指輪")
    page.wait_for_selector(f"{act} .combo[data-card=destruction-ring]")
    assert page.locator(f"{act} {field(page, 'steps.activate.summon')}").count() == 0
    assert "1000" in page.locator(f"{act} .card-does").first.inner_text()
    # Typing part of a name lists the matching cards in the page's language.
    box.fill("パワー")
    assert page.locator(f"{act} li[role=option] .cn").first.inner_text() == "Power Bond"
    page.locator(f"{act} li[role=option]").first.tap()
    summon = f"{act} {field(page, 'steps.activate.summon')}"
    page.wait_for_selector(summon)
    assert page.locator(f"{summon} .flabel").inner_text() == "Fusion Monster"
    pick_card(page, summon, "Cyber End Dragon")
    assert "- activate: {by: A, card: Power Bond, summon: Cyber End Dragon}" in page.locator("#src").input_value()
    # Another card in its place: the choice it does not ask for goes.
    box.fill("Sparks")
    page.wait_for_selector(f"{act} .combo[data-card=sparks]")
    assert page.locator(summon).count() == 0
    assert "- activate: {by: A, card: Sparks}" in page.locator("#src").input_value()


def test_the_answer_reads_as_words_and_an_error_clears_it(new_context, server):
    ctx, page = phone_page(new_context, server, "index.html#s=wrgp/destruction-ring-draw", locale="en-US")
    wait_runs(page)
    checks = page.locator("#checks li")
    assert checks.count() >= 5
    assert all(t.startswith("✓") for t in checks.all_inner_texts())
    assert "{" not in page.locator("#checks").inner_text()                    # no raw JSON
    assert "Next turn: turn 4, team B, Draw Phase" in page.locator("#checks").inner_text()
    # Edited: the title says so.
    src = page.locator("#src").input_value()
    # (B's LP, not the damage: Destruction Ring's 1000 comes from the card, and a scenario that
    # contradicts a known card is refused)
    assert "lp: {A: 1000, B: 1000}" in src
    page.fill("#src", src.replace("lp: {A: 1000, B: 1000}", "lp: {A: 1000, B: 2000}"))
    assert page.locator("#edited").is_visible()
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    assert page.locator("#r-title").inner_text().endswith("(edited)")
    assert page.locator("#checks li.no").count() >= 1
    assert page.locator("#checks li.no").first.inner_text().startswith("✗")
    # An error clears the answer on screen.
    page.fill("#src", "format: wrgp\nsteps:\n  - fly: {by: A}\n")
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    assert page.locator("#error").is_visible()
    assert page.locator("#verdict li").count() == 0 and page.locator("#picture svg").count() == 0
    # An untitled question does not borrow the shipped one's name.
    page.fill("#src", "format: wrgp\nsteps:\n  - phase: standby\n")
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    assert page.locator("#r-title").inner_text() == "Your question"


FONT_SIZES = """(sel) => [...document.querySelectorAll(sel + ' svg text')].filter(t => t.getClientRects().length)
  .map(t => { const svg = t.ownerSVGElement; const vb = svg.viewBox.baseVal;
    const k = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
    return parseFloat(getComputedStyle(t).fontSize) * k; })"""


def test_pictures_read_at_390_px(new_context, server, artifacts):
    ctx, page = phone_page(new_context, server, "index.html#s=wrgp/power-bond-handover")
    wait_runs(page)
    page.wait_for_selector("#diagram svg")
    for sel in ("#picture", "#diagram"):
        sizes = page.evaluate(FONT_SIZES, sel)
        assert sizes and min(sizes) >= 12, (sel, min(sizes))
    page.goto(server.url + "index.html#s=tag/simultaneous-outs")
    wait_runs(page)
    sizes = page.evaluate(FONT_SIZES, "#picture")
    assert sizes and min(sizes) >= 12, min(sizes)
    page.goto(server.url + "tracker.html")
    page.wait_for_selector("body[data-ready]")
    sizes = page.evaluate(FONT_SIZES, "#picture")
    assert sizes and min(sizes) >= 12, min(sizes)
    # LP, counters, turn and phase in large plain text as well.
    board = page.locator("#board")
    assert "8000" in board.inner_text() and "Draw Phase" in board.inner_text()
    lp = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.bt-lp .v')).fontSize)")
    assert lp >= 24
    artifacts.metrics(phone_picture_min_font_px=round(min(sizes), 1))


def test_tracker_buttons_stay_put_new_match_asks_and_undo(new_context, server, artifacts):
    ctx, page = phone_page(new_context, server, "tracker.html")
    page.wait_for_selector("body[data-ready]")
    # The lineup's range is the verb table's, so every match the page starts can be exported and
    # imported again.
    from rulings_lib.wrgp.tracking import LIMITS
    assert page.locator("#lineup").get_attribute("max") == str(LIMITS["lineup"]["max"])
    buttons = page.locator("main button")
    where = lambda: [b.bounding_box() for b in buttons.all() if b.is_visible()]   # noqa: E731
    start = where()
    # The main actions are reachable without scrolling.
    for name in ("battle_damage", "effect_damage", "pay", "next_phase", "end_turn"):
        box = page.locator(f"[data-button={name}]").bounding_box()
        assert box["y"] + box["height"] <= 844, name
    assert page.locator("#undo").bounding_box()["y"] + 44 <= 844
    # Explanations are visible text, not tooltips.
    assert page.locator(".explain").is_visible() and not page.locator("[title]").count()
    changes = lambda: int(page.evaluate("Number(document.body.dataset.changes || 0)"))   # noqa: E731

    def press(selector):
        n = changes()
        tap(page, selector)
        page.wait_for_function(f"Number(document.body.dataset.changes || 0) > {n}")
        assert where() == start, f"buttons moved after {selector}"

    press("[data-button=next_phase]")               # turn 1: Standby Phase, four lines of feedback
    press("[data-button=next_phase]")               # Main Phase 1
    press("[data-button=battle_damage]")            # refused: no Battle Phase on turn 1
    assert page.locator("#feedback").inner_text().startswith("rejected [")
    assert page.evaluate("document.body.dataset.actions") == "3"
    # Undo after a refusal takes back the last real action (Main Phase 1), not only the refusal.
    press("#undo")
    assert page.evaluate("document.body.dataset.actions") == "1"
    assert "Standby Phase" in page.locator("#board-turn").inner_text()
    # New match asks; No keeps the match; Yes replaces it and Undo brings it back.
    tap(page, "#new")
    assert page.locator("#confirm-new").is_visible()
    tap(page, "#new-no")
    assert page.locator("#confirm-new").is_hidden() and page.evaluate("document.body.dataset.actions") == "1"
    tap(page, "#new")
    n = changes()
    tap(page, "#new-yes")
    page.wait_for_function(f"Number(document.body.dataset.changes || 0) > {n}")
    assert page.evaluate("document.body.dataset.actions") == "0"
    assert page.locator("#undo").is_enabled()
    page.reload()                                    # the replaced match is kept for Undo across a reload
    page.wait_for_selector("body[data-ready]")
    n = changes()
    tap(page, "#undo")
    page.wait_for_function(f"Number(document.body.dataset.changes || 0) > {n}")
    assert page.evaluate("document.body.dataset.actions") == "1"
    assert "Standby Phase" in page.locator("#board-turn").inner_text()
    for b in page.locator("main button, main select, main input, .sitebar a, .sitebar button").all():
        if b.is_visible():
            box = b.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, b.evaluate("e => e.outerHTML.slice(0, 80)")
    artifacts.shot(page, "site-tracker-phone.png")


def test_tag_helper_answer_in_view_errors_in_words(new_context, server, artifacts):
    ctx, page = phone_page(new_context, server, "tag.html")
    page.wait_for_selector("body[data-turns]")
    for name, value in {"red-A.power": 500, "blue-A.power": 300, "red-A.lost": 30,
                        "red-B.power": 200, "blue-B.power": 400}.items():
        page.locator(f"input[name='{name}']").fill(str(value))
        page.locator(f"input[name='{name}']").dispatch_event("change")
    page.wait_for_function("document.getElementById('notes').textContent.includes('red-A did not lose')")
    box = page.locator("#answer").bounding_box()
    assert 0 <= box["y"] < 844, box                 # brought into view
    page.locator("input[name='red-A.power']").fill("-5")
    page.locator("input[name='red-A.power']").dispatch_event("change")
    page.wait_for_selector("#answer.no")
    assert page.locator("#answer").inner_text().startswith("red-A's attack power:")
    assert "spec." not in page.locator("#answer").inner_text()


def test_language_chosen_kept_and_carried(new_context, server):
    ctx, _ = new_context(width=1280, height=900, locale="ja-JP")
    page = ctx.new_page()
    page.goto(server.url + "index.html")
    wait_runs(page)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("h1").inner_text() == "裁定プレイグラウンド"
    assert "プレイグラウンド" in page.locator(".sitebar").inner_text()
    assert "ターン" in page.locator("#verdict").inner_text()
    # The FAQ in the chosen language, site bar included; its buttons switch the whole site.
    page.goto(server.url + "faq.html")
    page.wait_for_selector("body[data-lang]")
    assert page.evaluate("document.body.className") == "ja"
    assert "試合記録" in page.locator(".sitebar").inner_text()
    page.click(".langs button[data-lang=en]")
    page.wait_for_function("document.body.className === 'en'")
    page.goto(server.url + "tracker.html")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("h1").inner_text() == "WRGP match tracker"
    # A reload, and a reload offline, keep the choice.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.click(".sitebar button.lang")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    ctx.set_offline(True)
    page.goto(server.url + "tag.html")
    page.wait_for_selector("body[data-turns]")
    assert page.locator("h1").inner_text() == "タッグバトル ターン補助"
    assert "先攻" in page.locator("#answer").inner_text()
    ctx.set_offline(False)


def test_faq_loads_in_parts_and_rule_links_land_in_view(new_context, server, site_dir):
    size = (site_dir / "faq.html").stat().st_size
    assert size < 1_000_000, size
    ctx, page = phone_page(new_context, server, "faq.html")
    page.wait_for_selector("body[data-parts]")
    parts = int(page.evaluate("document.body.dataset.parts"))
    assert parts >= 80
    # the first parts arrive after the page says how many there are: wait for one, then count
    page.wait_for_function("document.querySelectorAll('.part:not([aria-busy])').length > 0")
    loaded = page.locator(".part:not([aria-busy])").count()
    assert 0 < loaded < parts                         # the first ones only
    page.goto(server.url + "faq.html#rule-WRGP-D1")
    page.wait_for_selector("body[data-parts]")
    page.wait_for_timeout(300)
    header = page.locator("header").bounding_box()
    target = page.locator("#rule-WRGP-D1").bounding_box()
    assert target["y"] >= header["y"] + header["height"] - 1, (target, header)
    page.goto(server.url + "faq.html#faq-power-bond-handover")
    page.wait_for_function("!document.querySelector('#faq-power-bond-handover .part').hasAttribute('aria-busy')")
    assert page.locator("#faq-power-bond-handover figure.state svg").count() >= 1


def test_notebooks_on_a_phone_point_to_the_playground(new_context, server):
    ctx, page = phone_page(new_context, server, "index.html")
    page.wait_for_selector(".sitebar")
    href = page.locator(".sitebar a").nth(4).get_attribute("href")
    assert href == "notebooks.html"
    page.goto(server.url + href)
    assert page.locator("a[href='index.html'].button-link").is_visible()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_axe_finds_no_violations_on_any_page(new_context, server, lang):
    assert AXE.exists(), "axe-core is missing: npm ci installs it (package.json devDependencies)"
    ctx, _ = new_context(width=390, height=844, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    found = {}
    for path in PAGES:
        page.goto(f"{server.url}{path}?lang={lang}")
        page.wait_for_selector("body[data-lang]")
        if path in ("index.html",):
            wait_runs(page)
        if path == "tracker.html":
            page.wait_for_selector("body[data-ready]")
        if path == "tag.html":
            page.wait_for_selector("body[data-turns]")
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("""async () => { const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }""")
        if result:
            found[path] = result
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
