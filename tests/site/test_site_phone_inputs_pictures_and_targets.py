"""The builder and the pages on a phone: LP and amounts typed on
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


# ------------------------------------------------------------------------------ Power Bond and the run-on
POWER_BOND = {"en": ("Power Bond", "Cyber End Dragon", "Ookazi"), "ja": ("パワー・ボンド", "サイバー・エンド・ドラゴン", "昼夜の大火事")}


def _pick(page, step, param: str, name: str):
    """Tap the card field, then the card in the list under it (every card shown first if need be)."""
    scope = step.locator(f"[data-param='{param}']")
    scope.locator("input[role=combobox]").first.tap()
    option = scope.locator("li[role=option]").filter(has_text=name).first
    if not option.is_visible():
        scope.locator("button.more").first.tap()
    option.tap()
    scope.locator(".combo[data-card]:not([data-card=''])").first.wait_for()


def build_power_bond(page, lang: str, end_turn: bool):
    """The rulebook's third dispute (WRGP-D3; rulings_lib/scenarios/wrgp/by-name-power-bond-*.yaml) by
    taps and the number pad: turn 3, A's Main Phase 1, both at 4000; A1 activates Power Bond
    summoning Cyber End Dragon, attacks directly with it (B1 loses), then in the run-on's Main Phase 2
    activates Ookazi, a Spell Speed 1 Spell Card (refused, WRGP-H2); ``end_turn``: then the turn ends
    (Power Bond's End Phase damage, WRGP-H7)."""
    from test_phone import field, tap, tap_times

    power_bond, cyber_end, ookazi = POWER_BOND[lang]
    page.wait_for_selector("#builder [data-param='setup.lineup']")
    tap(page, field(page, "setup.at") + " button.add")
    page.wait_for_selector(field(page, "setup.at.turn"))
    tap_times(page, field(page, "setup.at.turn") + " .step-up", 3)
    tap(page, field(page, "setup.at.player") + " button[data-value=A]")
    page.locator(field(page, "setup.at.phase") + " select").select_option(index=3)     # (unset), draw, standby, main1
    for team in "AB":
        page.locator(field(page, f"setup.at.lp.{team}") + " input").first.tap()
        page.keyboard.type("4000")                                                   # the number pad
    steps = page.locator("#steps-form .step, #builder .step")

    def add(verb):
        n = page.locator(".step").count()
        page.locator("#add-step").select_option(verb)
        page.wait_for_function(f"document.querySelectorAll('.step').length > {n}")
        return page.locator(".step").nth(n)

    step = add("activate")
    step.locator("[data-param='steps.activate.by'] button[data-value=A]").first.tap()
    _pick(page, step, "steps.activate.card", power_bond)
    _pick(page, step, "steps.activate.summon", cyber_end)
    add("phase").locator("select").first.select_option(index=3)                    # battle
    step = add("attack")
    step.locator("[data-param='steps.attack.by'] button[data-value=A]").first.tap()
    _pick(page, step, "steps.attack.with", cyber_end)
    add("phase").locator("select").first.select_option(index=4)                    # main2
    step = add("activate")
    step.locator("[data-param='steps.activate.by'] button[data-value=A]").first.tap()
    _pick(page, step, "steps.activate.card", ookazi)
    del steps
    if end_turn:
        add("end_turn")


@pytest.mark.browser
# Each language and each ending once (the pages' words for every prefix of every scenario, in both
# languages, are compared with rulings run's by test_the_pages_word_every_verdict_as_rulings_run_does).
@pytest.mark.parametrize(("lang", "end_turn"), [("ja", False), ("en", True)],
                         ids=["stops-in-the-run-on-ja", "with-end-turn-en"])
def test_power_bond_and_a_spell_speed_1_card_in_the_run_on_give_the_engines_verdict(new_context, server, tmp_path,
                                                                                   lang, end_turn):
    """Built by taps only on a 390x844 touch phone: the page's verdict is ``rulings run --json``'s, word
    for word; Ookazi in the run-on is refused (WRGP-H2); with the end of the turn A1 loses too and A2
    plays turn 4 (WRGP-D3, WRGP-F2), stopped before it the verdict says the turn runs on."""
    from test_phone import wait_runs
    from test_site_verdict import cli_lines, cli_verdict, page_lines

    from tools.phone_shots import run_question

    ctx, page = phone(new_context, server, f"index.html?lang={lang}")
    wait_runs(page)
    build_power_bond(page, lang, end_turn)
    run_question(page)
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    yaml = page.locator("#src").input_value()
    assert "lp: {A: 4000, B: 4000}" in yaml, yaml
    v = cli_verdict(tmp_path, yaml)
    assert page_lines(page) == cli_lines(v, lang)
    assert any(r.get("rule") == "WRGP-H2" for r in v["_rejected"]), v["_rejected"]
    assert v["claims"]["next"]["turn"] == 4 and v["claims"]["next"]["duelist"] == "A2", v["claims"]
    assert "WRGP-H2" in page.locator("#verdict").inner_text()


# ------------------------------------------------------------------------------ axe
def axe_violations(page, scope="document"):
    from test_phone import AXE

    assert AXE.exists(), "axe-core is missing: npm ci installs it (package.json devDependencies)"
    page.add_script_tag(path=str(AXE))
    return page.evaluate(f"""async () => {{ const r = await axe.run({scope}, {{resultTypes: ['violations']}});
        return r.violations.map(v => ({{id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}})); }}""")


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_axe_is_clean_on_a_page_showing_an_input_error(new_context, server, lang):
    from test_site_verdict import show_an_unknown_card_error

    ctx, page = show_an_unknown_card_error(new_context, server, lang)
    assert page.locator("#error").is_visible() and page.locator("#error").inner_text()
    assert axe_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_phone_pictures_once_per_duel_line_is_whole(lang):
    """The phone layout clipped "デュエル中1度の使用済み（WRGP-F6）: なし" to 22 characters; now it wraps
    it in full (its panel growing), whatever cards it names."""
    import html
    import re

    from rulings_lib.draw.pick import svg
    from rulings_lib.draw.words import word
    from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

    seen = 0
    for path in builtin_scenarios("wrgp")[:40]:
        result = run_scenario(load_scenario(path))
        picture = svg(result.match, lang, layout="phone")
        texts = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", picture)]
        head = word("once", lang, cards="").split(":")[0]
        at = [i for i, t in enumerate(texts) if t.startswith(head)]
        assert len(at) == 2, (path.name, texts)                          # one per team
        for i in at:
            assert not any(t.endswith("…") for t in texts[i:i + 3]), (path.name, texts[i:i + 3])
        seen += 1
    assert seen
