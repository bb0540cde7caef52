"""The pages only word the engine's verdict: site/js/verdict.js holds no rule logic;
for every shipped scenario and every prefix of its steps, the page's verdict (verdictLines, run under
Node with the build's catalogues) is word for word what ``rulings run`` prints, in both languages.
The browser tests (marked) build the rulebook's disputes by taps on a 390x844 touch phone and
compare the page's verdict with ``rulings run --json``'s ``verdict``."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import node
import pytest

from rulings_lib.formats import FORMATS
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario
from rulings_lib.verdict import verdict_items
from rulings_lib.webdata import files

ROOT = Path(__file__).resolve().parents[2]
VERDICT_JS = ROOT / "site" / "js" / "verdict.js"
CLASS = {"lost": "lose", "stays": "stay", "won": "win"}     # verdict.js: a row's kind -> its item's class


def _prefixes():
    for path in builtin_scenarios():
        sc = load_scenario(path)
        for k in range(len(sc.steps) + 1):
            cut = load_scenario(path)
            cut.steps, cut.expect, cut.expect_lines = cut.steps[:k], {}, {}
            yield cut


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pages_word_every_verdict_as_rulings_run_does(tmp_path, lang):
    for name, data in files().items():
        if name.startswith(("words.", "cards.")):
            (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    verdicts, expected = [], []
    for sc in _prefixes():
        out = json.loads(json.dumps(run_scenario(sc).outcome, ensure_ascii=False))
        v, rejected = out["verdict"], out["rejected"]
        verdicts.append([v, rejected])
        expected.append([[CLASS.get(k, k), text, rule]
                         for k, text, rule in verdict_items(v, lang, FORMATS[sc.format].cards, rejected)])
    proc = node.run(ROOT / "tests" / "site" / "page_words.mjs", tmp_path, lang, "verdicts", timeout=300,
                    input=json.dumps(verdicts, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    wrong = [(p, j) for p, j in zip(expected, got, strict=True) if p != j]
    assert not wrong, wrong[:3]
    assert len(verdicts) > 500


def test_verdict_js_decides_nothing():
    """No rule logic in JavaScript: the page reads no event codes and no outcome facts to word a
    verdict (the regexes on event codes, lossEvent/toZero, are gone); it words the verdict's rows."""
    js = "\n".join(line.split("//")[0] for line in VERDICT_JS.read_text(encoding="utf-8").splitlines())
    assert "outcome.events" not in js and "o.events" not in js and ".code ??" not in js
    for gone in ("lossEvent", "toZero", "howRow", "resume|next_turn", "turn_begins", "at_zero", "handover"):
        assert gone not in js, gone
    assert "outcome?.verdict" in js


# ------------------------------------------------------------------------------ in the browser
PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}


def cli_verdict(tmp_path, yaml: str) -> dict:
    """``rulings run --json``'s ``verdict`` on the question the page wrote (with the outcome's refused
    steps, ``_rejected``, which the verdict says among its rows)."""
    from rulings_lib.cli import main

    path = tmp_path / "question.yaml"
    path.write_text(yaml, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["run", "--json", str(path)]) in (0, 1)
    outcome = json.loads(out.getvalue())
    return {**outcome["verdict"], "_rejected": outcome["rejected"]}


def page_lines(page) -> list[str]:
    return [re.sub(r"\s+", " ", s).strip() for s in page.locator("#verdict li").all_inner_texts()]


def cli_lines(v: dict, lang: str) -> list[str]:
    return [re.sub(r"\s+", " ", s).strip() for s in
            (f"{text} [{rule}]" if rule else text
             for _, text, rule in verdict_items(v, lang, "wrgp.yaml", v.get("_rejected")))]


def build_ring(page, end_turn: bool):
    """The rulebook's Destruction Ring draw by taps only: test_phone.py's question, stopping right after
    the loss or (``end_turn``) at the end of the turn."""
    from test_phone import build_destruction_ring

    build_destruction_ring(page, end_turn)


@pytest.mark.browser
# Each language and each ending once (the pages' words for every prefix of every scenario, in both
# languages, are compared with rulings run's by test_the_pages_word_every_verdict_as_rulings_run_does).
@pytest.mark.parametrize(("lang", "end_turn"), [("ja", False), ("en", True)],
                         ids=["stops-after-the-loss-ja", "with-end-turn-en"])
def test_the_destruction_ring_draw_built_by_taps_gives_the_engines_verdict(new_context, server, tmp_path, lang,
                                                                           end_turn):
    """The issue's case: stopped right after the loss, the page said 'A1 loses', then 'A1 in the duel
    at 0 LP', then 'Next: turn 3, team A (A1)'. Now it says what the engine says: A2 plays turn 3
    (WRGP-F2), word for word as ``rulings run --json``'s verdict words it."""
    from test_phone import runs, tap, wait_runs

    ctx, watch = new_context(**PHONE)
    page = ctx.new_page()
    page.goto(server.url + f"index.html?lang={lang}")
    wait_runs(page)
    build_ring(page, end_turn)
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    yaml = page.locator("#src").input_value()
    v = cli_verdict(tmp_path, yaml)
    assert page_lines(page) == cli_lines(v, lang)
    assert v["claims"]["next"] == {"turn": 3, "team": "A", "duelist": "A2"}
    nxt = page.locator("#verdict li.next")
    assert nxt.locator("a.rule").inner_text() == "WRGP-F2" and "A2" in nxt.inner_text()
    # the picture's footer says the same next turn
    assert "A2" in page.locator("#picture svg desc").first.text_content()


# ------------------------------------------------------------------------------ the phone ---------------
def phone(new_context, server, path, **kwargs):
    ctx, _ = new_context(**{**PHONE, **kwargs})
    page = ctx.new_page()
    page.goto(server.url + path)
    return ctx, page


@pytest.mark.browser
def test_show_all_cards_keeps_the_list_open_and_every_card_is_reachable_by_taps(new_context, server):
    """Tapping "Show all N cards" hid the focused button, whose focusout closed the list."""
    from test_phone import tap, wait_runs

    ctx, page = phone(new_context, server, "index.html?lang=ja")
    wait_runs(page)
    page.locator("#add-step").select_option("activate")
    card = ".step[data-verb=activate] [data-param='steps.activate.card']"
    combo = card + " input[role=combobox]"
    page.wait_for_selector(combo)
    tap(page, combo)
    more = page.locator(card + " button.more")
    more.wait_for(state="visible")
    n = int(re.search(r"\d+", more.inner_text()).group())
    tap(page, card + " button.more")
    items = page.locator(card + " ul.cards li")
    page.wait_for_function(f"document.querySelectorAll(\"{card} ul.cards li\").length === {n}")
    assert page.locator(card + " ul.cards").is_visible()
    assert n > 6 and items.count() == n
    last = items.nth(n - 1)
    name = last.locator(".cn").inner_text()
    last.scroll_into_view_if_needed()
    last.tap()
    assert page.locator(combo).input_value() == name


@pytest.mark.browser
def test_the_examples_verdict_goes_once_a_question_is_being_built(new_context, server):
    from test_phone import field, tap, wait_runs

    ctx, page = phone(new_context, server, "index.html?lang=ja")
    wait_runs(page)
    assert page.locator("#verdict li").count() > 0            # the shipped example beside a new question
    tap(page, field(page, "setup.at") + " button.add")        # the first tap of a new question
    page.wait_for_function("document.querySelectorAll('#verdict li').length === 0")
    from rulings_lib.i18n import render

    assert page.locator("#r-title").inner_text() == render("site.play.waiting", {}, "ja")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_share_says_copied_and_the_shared_question_opens_at_its_verdict(new_context, server, lang):
    from test_phone import runs, tap, wait_runs

    ctx, page = phone(new_context, server, f"index.html?lang={lang}", permissions=["clipboard-read", "clipboard-write"])
    wait_runs(page)
    build_ring(page, end_turn=False)
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    text = page.locator("#verdict").inner_text()
    tap(page, "#share")
    page.wait_for_function("document.getElementById('share-note').textContent !== ''")
    assert page.locator("#share-note").inner_text() == ("Link copied" if lang == "en" else "リンクをコピーしました")
    link = page.locator("#share-url").input_value()
    other = ctx.new_page()
    other.goto(link)
    wait_runs(other)
    other.wait_for_function("window.scrollY > 0")
    top = other.evaluate("document.getElementById('result').getBoundingClientRect().top")
    assert -2 <= top <= 120, top                               # the answer at the top of the screen
    assert other.locator("#verdict").inner_text() == text
    assert other.locator("#verdict li").first.is_visible()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tracker_shows_a_loss_in_large_text(new_context, server, lang):
    ctx, page = phone(new_context, server, f"tracker.html?lang={lang}")
    page.wait_for_function("Number(document.body.dataset.changes || 0) >= 1")
    before = int(page.evaluate("Number(document.body.dataset.changes)"))
    page.locator("button[data-team=B]").tap()
    page.locator("button[data-button=loss]").tap()
    page.wait_for_function(f"Number(document.body.dataset.changes) > {before}")
    lost = page.locator("[data-board-team=B] .bt-lost")
    assert lost.is_visible() and "B1" in lost.inner_text()
    from test_site_phone_inputs_pictures_and_targets import axe_violations

    assert axe_violations(page) == []         # (the message box, scrollable after a loss, takes focus)
    assert ("runs on" if lang == "en" else "自動進行") in lost.inner_text()   # the run-on, then the handover
    size = float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('[data-board-team=B] .bt-lost')).fontSize)"))
    assert size >= 16, size                                   # the board's large plain text, never small print
    nxt = page.locator("#board-verdict li.next")
    assert "B2" in nxt.inner_text() and nxt.locator("a.rule").inner_text() == "WRGP-F2"
    # nothing of it inside a scrolled message box: the board is not a scrolling area
    assert page.evaluate("(() => { const b = document.getElementById('board'); return b.scrollHeight <= b.clientHeight + 1; })()")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_notebooks_link_opens_the_notebook_in_the_readers_language(new_context, server, lang):
    ctx, _ = new_context(width=1280, height=900)
    page = ctx.new_page()
    page.goto(server.url + f"faq.html?lang={lang}")
    link = page.locator("nav.sitebar a").filter(has_text=re.compile("Notebooks|ノートブック")).first
    href = link.get_attribute("href")
    from tools.build_lite import NOTEBOOKS, lab_path

    notebook = NOTEBOOKS / ("ja/01-start-here.ipynb" if lang == "ja" else "01-start-here.ipynb")
    assert href.endswith("path=" + lab_path(notebook)), href      # (the lab's name of that notebook)


@pytest.mark.browser
def test_back_to_the_faq_the_list_matches_the_search_box(new_context, server):
    ctx, _ = new_context(**PHONE)
    page = ctx.new_page()
    page.goto(server.url + "faq.html?lang=ja")
    page.wait_for_function("document.body.dataset.parts")
    page.locator("#search").fill("破壊指輪")
    shown = page.locator(".entry:not(.hidden)").count()
    assert 0 < shown < page.locator(".entry").count()
    page.locator(".entry:not(.hidden) a.play").first.click()
    page.wait_for_load_state()
    page.go_back()
    page.wait_for_function("document.querySelector('#search') && document.querySelector('#count').textContent")
    query = page.locator("#search").input_value()
    visible = page.locator(".entry:not(.hidden)").count()
    total = page.locator(".entry").count()
    if query:
        assert visible < total and page.locator("#count").inner_text() == f"{visible} / {total}"
        assert visible == page.evaluate(
            "(q => [...document.querySelectorAll('.entry')].filter(e => e.textContent.toLowerCase().includes(q)).length)"
            "(document.getElementById('search').value.trim().toLowerCase())")
    else:
        assert visible == total


@pytest.mark.browser
def test_a_card_outside_the_catalogue_is_said_so_and_ruled_as_described(new_context, server, tmp_path):
    from test_phone import field, runs, tap, wait_runs

    from rulings_lib.i18n import render

    ctx, page = phone(new_context, server, "index.html?lang=ja")
    wait_runs(page)
    build_ring(page, end_turn=False)
    step = ".step[data-verb=damage]"
    card = page.locator(step + " " + field(page, "steps.damage.card") + " input[role=combobox]")
    card.fill("破壊指輪2")                                    # a near name: not the catalogue's card
    about = page.locator(step + " .card-does")
    assert about.is_visible() and about.inner_text() == render("site.builder.not_in_catalogue", {}, "ja")
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    v = cli_verdict(tmp_path, page.locator("#src").input_value())
    assert page_lines(page) == cli_lines(v, "ja")
    assert v["claims"]["next"]["duelist"] == "A2"             # played as the step describes it


def show_an_unknown_card_error(new_context, server, lang: str):
    """The builder on a phone after Run with a card the catalogue does not know and no numbers: the page
    showing an input error."""
    from test_phone import runs, tap, wait_runs

    ctx, page = phone(new_context, server, f"index.html?lang={lang}")
    wait_runs(page)
    page.locator("#add-step").select_option("activate")
    combo = ".step[data-verb=activate] [data-param='steps.activate.card'] input[role=combobox]"
    page.wait_for_selector(combo)
    page.locator(combo).fill("Foo Bar Card")
    page.locator(combo).press("Escape")
    before = runs(page)
    tap(page, "#run")
    page.wait_for_function(f"Number(document.body.dataset.runs || 0) > {before}")
    return ctx, page


@pytest.mark.browser
def test_an_input_error_on_a_japanese_page_is_japanese_and_points_at_the_builders_field(new_context, server):
    ctx, page = show_an_unknown_card_error(new_context, server, "ja")
    error = page.locator("#error").inner_text()
    label = page.locator(".step[data-verb=activate] [data-param='steps.activate.card'] .flabel").inner_text()
    assert error.startswith(f"手順1の「{label}」: "), error
    assert "カタログ" in error and "steps[" not in error and "行目" not in error, error
    field = page.locator(".step[data-verb=activate] [data-param='steps.activate.card']")
    assert "invalid" in field.get_attribute("class")
    box = field.bounding_box()
    assert 0 <= box["y"] <= 844, box                         # on screen


@pytest.mark.browser
# Each language and each ending once (the pages' words for every prefix of every scenario, in both
# languages, are compared with rulings run's by test_the_pages_word_every_verdict_as_rulings_run_does).
@pytest.mark.parametrize(("lang", "end_turn"), [("ja", False), ("en", True)],
                         ids=["stops-after-the-chain-ja", "with-end-turn-en"])
def test_sparks_and_chain_strike_built_by_card_names_give_the_engines_verdict(new_context, server, tmp_path, lang,
                                                                             end_turn):
    """The rulebook's second dispute (WRGP-D2) by taps from card names, with and without the step
    that ends the turn: the page's verdict is rulings run --json's, word for word; stopped after the
    chain, the turn runs on and B2 plays turn 4 (WRGP-F2)."""
    from test_phone import wait_runs

    from tools.phone_shots import build_by_card_names, run_question

    ctx, page = phone(new_context, server, f"index.html?lang={lang}")
    wait_runs(page)
    build_by_card_names(page, lang)
    if not end_turn:
        page.locator(".step[data-verb=end_turn] button.remove").first.tap()
        page.wait_for_function("!document.querySelector('.step[data-verb=end_turn]')")
    run_question(page)
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    v = cli_verdict(tmp_path, page.locator("#src").input_value())
    assert page_lines(page) == cli_lines(v, lang)
    assert v["claims"]["next"]["turn"] == 4
