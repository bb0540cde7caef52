"""The FAQ page in a real browser: headless Chromium (Debian's package) driven by Playwright."""

import chromium
import pytest

from rulings_lib.cli import main

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("faq") / "faq.html"
    assert main(["faq", "--html", str(out)]) == 0
    with chromium.launched() as browser:
        pg = browser.new_page(viewport={"width": 1100, "height": 1400})
        pg.goto(out.as_uri())
        yield pg


def visible_entries(page) -> int:
    return page.locator("section.entry:visible").count()


def test_page_renders_every_entry(page):
    total = page.locator("section.entry").count()
    assert total >= 80 and visible_entries(page) == total
    assert page.locator("#count").inner_text() == f"{total} / {total}"
    assert page.locator("#faq-power-bond-handover h4:visible").first.inner_text().startswith("Both at 4000")
    # one FAQ per game, its sections as headings, each reachable from the game's contents
    assert page.locator("h2[id^=game-]:visible").count() == 2
    assert page.locator("h3.section:visible").count() >= 10
    page.click("nav.toc a[href='#sec-wrgp-the-handover'] >> visible=true")
    assert page.evaluate("location.hash") == "#sec-wrgp-the-handover"
    assert page.locator("#faq-last-duelist-wins .flag:visible").inner_text().startswith("Interpretation")


def test_search_filters_entries(page):
    total = page.locator("section.entry").count()
    page.fill("#search", "Power Bond")
    shown = visible_entries(page)
    assert 0 < shown < total
    assert page.locator("#faq-power-bond-handover").is_visible()
    assert not page.locator("#faq-tag-truce").is_visible()
    page.fill("#search", "")
    assert visible_entries(page) == total


def test_language_switch(page):
    assert page.locator("#faq-baton-touch div[lang=en]").is_visible()
    page.click("button[data-lang=ja]")
    assert page.locator("#faq-baton-touch div[lang=ja]").is_visible()
    assert not page.locator("#faq-baton-touch div[lang=en]").is_visible()
    page.fill("#search", "バトンタッチ")
    assert page.locator("#faq-baton-touch").is_visible()
    page.fill("#search", "")
    page.click("button[data-lang=en]")


def test_rule_links_and_diagram(page, tmp_path_factory):
    page.click("#faq-power-bond-handover .meta a[href='#rule-WRGP-D3']")
    assert page.evaluate("location.hash") == "#rule-WRGP-D3"
    page.locator("#faq-power-bond-handover details.diagram summary").click()
    svg = page.locator("#faq-power-bond-handover details.diagram [lang=en] svg")   # one per language
    assert svg.is_visible()
    box = svg.bounding_box()
    assert box["width"] > 200 and box["height"] > 200
    page.locator("#faq-power-bond-handover").screenshot(
        path=str(tmp_path_factory.mktemp("shot") / "faq-power-bond.png"))
