"""The builder and the pages on a phone, round 3 (issue 33, the phone items): LP and amounts typed on
the number pad; a new damage step aimed at the opponent; pictures and targets readable on every page
(FAQ included); the rulebook's Power Bond and run-on disputes built by taps only; axe on the tracker
after a loss and on a page showing an input error."""

from __future__ import annotations

from pathlib import Path

import pytest

MEASURE = Path(__file__).with_name("measure_sizes.js")

PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}


def phone(new_context, server, path, **kwargs):
    ctx, _ = new_context(**{**PHONE, **kwargs})
    page = ctx.new_page()
    page.goto(server.url + path)
    return ctx, page


# ------------------------------------------------------------------------------ the verb table
def test_a_new_damage_steps_target_starts_at_the_opponent_and_a_file_must_still_say_it():
    """The form's start is the verb table's (one vocabulary); the scenario format is unchanged: a
    damage step that leaves ``to`` out is refused as before."""
    from rulings_lib.formats import describe_verbs

    verbs = {v["name"]: v for f in describe_verbs("en")["formats"] if f["format"] == "wrgp" for v in f["verbs"]}
    to = {p["name"]: p for p in verbs["damage"]["params"]}["to"]
    assert to["required"] is True and to["default"] == "opponent"
    assert "opponent" in [c["value"] for c in to["choices"]]
    from rulings_lib.errors import InputError
    from rulings_lib.scenario import scenario_from_text

    with pytest.raises(InputError, match="missing key 'to'"):
        scenario_from_text("format: wrgp\ntitle: t\nsteps:\n  - damage: {by: B, amount: 1000}\n")


# ------------------------------------------------------------------------------ the number pad
@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lp_and_amounts_are_typed_on_the_number_pad_and_damage_goes_to_the_opponent(new_context, server, lang):
    from test_phone import field, tap

    ctx, page = phone(new_context, server, f"index.html?lang={lang}")
    page.wait_for_selector("#builder [data-param='setup.lineup']")
    tap(page, field(page, "setup.at") + " button.add")
    lp = page.locator(field(page, "setup.at.lp.A") + " input").first
    lp.wait_for()
    # the number pad: a text field asking for digits (type=number opens the full keyboard on some phones)
    assert lp.get_attribute("inputmode") == "numeric" and lp.get_attribute("type") == "text"
    lp.tap()
    page.keyboard.type("1000")                                 # four key presses, not 11 taps
    page.locator("#add-step").select_option("damage")
    step = ".step[data-verb=damage]"
    page.wait_for_selector(step)
    amount = page.locator(step + " " + field(page, "steps.damage.amount") + " input").first
    assert amount.get_attribute("inputmode") == "numeric"
    amount.tap()
    page.keyboard.type("12x00")                                # anything but digits is dropped
    assert amount.input_value() == "1200"
    yaml = page.locator("#src").input_value()
    assert "lp: {A: 1000}" in yaml, yaml
    assert "damage: {by: A, to: opponent, amount: 1200}" in yaml, yaml


# ------------------------------------------------------------------------------ text and targets
def open_every_faq_part(page):
    """Every entry's part loaded (each loads as it comes near the screen) and every details opened
    (the transcripts; the path diagrams drawn by Graphviz in WebAssembly)."""
    page.wait_for_function("document.body.dataset.parts")
    for _ in range(400):
        if not page.evaluate("(() => { const b = document.querySelector('.part[aria-busy]');"
                             " if (b) b.scrollIntoView(); return !!b; })()"):
            break
        page.wait_for_timeout(50)
    page.wait_for_function("!document.querySelector('.part[aria-busy]')")
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    page.wait_for_function("[...document.querySelectorAll('details.diagram .dot')].every(d => d.querySelector('svg'))",
                           timeout=300_000)


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("path", ["faq.html", "index.html", "tracker.html", "tag.html", "notebooks.html"])
def test_no_text_under_12_px_and_no_target_under_24_px_on_a_phone(new_context, server, path, lang):
    """At 390 px: every text (the pictures' and the path diagrams' included, at the size they are
    shown) at least 12 CSS px; every target (links, buttons, fields, summaries) at least 24x24."""
    ctx, page = phone(new_context, server, f"{path}?lang={lang}")
    if path == "faq.html":
        open_every_faq_part(page)
        # the path diagrams in the page's language
        shown = page.locator(f"details.diagram .dot[lang={lang}] svg")
        assert shown.count() > 0 and page.locator(f"details.diagram .dot[lang={lang}] svg:visible").count() == shown.count()
        words = " ".join(page.locator(f"details.diagram .dot[lang={lang}] svg text").all_text_contents()[:400])
        assert ("ドローフェイズ" in words or "フェイズ" in words) if lang == "ja" else "Phase" in words, words[:200]
    else:
        page.wait_for_function("Number(document.body.dataset.runs || document.body.dataset.changes || 0) >= 1 "
                               "|| !document.querySelector('[data-runs-expected]')")
        page.wait_for_timeout(500)
    found = page.evaluate(MEASURE.read_text(encoding="utf-8"))
    assert not found["small"], found["small"][:10]
    assert not found["targets"], found["targets"][:10]


@pytest.mark.browser
def test_the_once_per_duel_line_is_not_cut_on_a_phone(new_context, server):
    ctx, page = phone(new_context, server, "faq.html?lang=ja#faq-power-bond-handover")
    page.wait_for_function("!document.querySelector('#faq-power-bond-handover .part').hasAttribute('aria-busy')")
    texts = page.locator("#faq-power-bond-handover figure.state.phone[lang=ja] svg text").all_text_contents()
    once = [t for t in texts if t.startswith("デュエル中1度の使用済み")]
    assert once and not any(t.endswith("…") for t in once), once
