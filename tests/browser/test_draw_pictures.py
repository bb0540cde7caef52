"""The match pictures seen in a real browser: Debian's headless Chromium driven by
Playwright. Each picture is rendered at a desktop width and at a phone's 320 px; screenshots are
kept under build/browser/ (the README's two pictures come from here: see docs/img/)."""

from __future__ import annotations

from pathlib import Path

import chromium
import pytest

from rulings_lib import TagMatch, WrgpMatch
from rulings_lib.draw import html_picture, summary

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "browser"


def wrgp_handover() -> WrgpMatch:
    """A handover in progress: B's 1st lost in the Battle Phase of turn 3; the turn runs on."""
    m = WrgpMatch(turn=3, player="A", phase="main1", lp={"A": 5200, "B": 1800}, spc={"A": 4, "B": 4})
    m.once_per_duel("A", "Spore")
    m.phase("battle")
    m.attack("A", 2400)
    return m


def tag_out_player() -> TagMatch:
    """A tag battle after a turn in which blue-A's gauge reached 0."""
    m = TagMatch(("red", "blue"), first="red", turn=3, gauges={"blue-A": 30, "red-B": 60})
    m.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 40}},
              "B": {"red": {"power": 200, "lost": 20}, "blue": {"power": 400}}})
    return m


PICTURES = {"wrgp-handover": wrgp_handover, "tag-out-player": tag_out_player}


@pytest.fixture(scope="module")
def browser():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium.launched() as b:
        yield b


def page_for(browser, html: str, width: int, tmp_path: Path, name: str):
    path = tmp_path / f"{name}-{width}.html"
    path.write_text('<!DOCTYPE html><html><head><meta charset="utf-8">'
                    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
                    f'<body style="margin:8px;background:#fff">{html}</body></html>', encoding="utf-8")
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(path.as_uri())
    return page


@pytest.mark.parametrize("name", list(PICTURES))
@pytest.mark.parametrize("width", [680, 320])
def test_picture_renders_and_scales(browser, tmp_path, name, width):
    match = PICTURES[name]()
    page = page_for(browser, html_picture(match), width, tmp_path, name)
    svg = page.locator("svg[role=img]")
    assert svg.count() == 1 and svg.is_visible()
    box = svg.bounding_box()
    assert box["width"] <= width - 16 + 0.5                       # fits the page: scales down to a phone
    assert abs(box["height"] / box["width"] - int(svg.get_attribute("height")) / 640) < 0.01   # not squashed
    # What a screen reader reads is the state in words.
    assert page.evaluate("document.querySelector('svg desc').textContent") == " ".join(summary(match))
    # The words drawn are really laid out (a font was found, nothing collapsed to zero width).
    widths = page.evaluate("[...document.querySelectorAll('svg text')].map(t => t.getComputedTextLength())")
    assert len(widths) > 20 and min(widths) > 0
    shot = ARTIFACTS / f"draw-{name}-{width}.png"
    svg.screenshot(path=str(shot))
    assert shot.stat().st_size > 5000


def test_japanese_picture_renders(browser, tmp_path):
    from rulings_lib.draw import svg as draw

    page = page_for(browser, draw(wrgp_handover(), "ja"), 680, tmp_path, "wrgp-ja")
    assert page.locator("svg[lang=ja]").is_visible()
    texts = page.evaluate("[...document.querySelectorAll('svg text')].map(t => t.textContent)")
    assert any("番手" in t for t in texts) and any("引き継ぎ" in t for t in texts)
    page.locator("svg").screenshot(path=str(ARTIFACTS / "draw-wrgp-handover-ja.png"))
