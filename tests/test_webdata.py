"""The browser edition's data and answers, without a browser: the verb table the question builder
reads (the contract's shape), the pages' words, the FAQ in parts, the phone layout of the
pictures, the tracker's Undo and New match, the tag helper's words."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings_lib import web
from rulings_lib.cli import main as rulings
from rulings_lib.i18n import codes
from rulings_lib.scenario import builtin_scenarios, format_module, load_scenario, run_scenario
from rulings_lib.webdata import answers, faq_parts, files, verbs

TYPES = {"int", "choice", "team", "bool", "text", "card", "record", "list", "team_map", "player"}
SHAPES = {"record", "scalar", "empty", "list"}


def _params(params, where):
    for p in params:
        assert {"name", "type", "required", "label"} <= set(p), (where, p)
        assert p["type"] in TYPES, (where, p)
        if p["type"] == "int":
            assert p["min"] <= p["max"]
        if p["type"] in ("choice", "team"):
            assert p["choices"] and all("value" in c and "label" in c for c in p["choices"])
        if p["type"] == "record":
            _params(p["params"], f"{where}.{p['name']}")
        if p["type"] == "list":
            _params([p["item"]], f"{where}.{p['name']}[]")
        if p["type"] == "team_map":
            _params([p["value"]], f"{where}.{p['name']}{{}}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_verb_table_has_the_contract_shape(lang):
    table = verbs(lang)
    assert table["version"] == 1 and table["lang"] == lang
    assert {f["format"] for f in table["formats"]} == {"wrgp", "digimon-tag"}
    for f in table["formats"]:
        _params(f["setup"], f"{f['format']}.setup")
        for v in f["verbs"]:
            assert v["shape"] in SHAPES
            _params(v["params"], f"{f['format']}.{v['name']}")
            if v["shape"] == "empty":
                assert v["params"] == []


def test_the_verb_table_is_the_kits():
    """The builder's table is `rulings verbs --json`'s: every scenario step verb with its keys."""
    table = verbs("en")
    for f in table["formats"]:
        steps = format_module(f["format"]).STEPS
        assert {v["name"] for v in f["verbs"]} == set(steps)


def test_every_data_file_is_json_and_words_have_every_code():
    out = files()
    assert set(out) == {f"{k}.{lang}.json" for k in ("words", "verbs", "cards") for lang in ("en", "ja")}
    assert set(out["words.en.json"]) == set(codes("en"))
    assert set(out["words.ja.json"]) == set(codes("en"))
    json.dumps(out, ensure_ascii=False)


def test_rule_titles_in_the_site_catalogue_are_the_rule_tables():
    """The English titles are the tables' (one vocabulary); the Japanese ones translate them."""
    from rulings_lib.faq import all_rule_ids, standard_rule_ids

    # The standard rules the WRGP engine cites (STD-*) too: docs/rules.md lists every id in both languages.
    ids = {**all_rule_ids(), **standard_rule_ids()}
    en, ja = codes("en"), codes("ja")
    for rid, title in ids.items():
        assert en[f"site.rule.{rid}"] == title
        assert ja[f"site.rule.{rid}"] != title
    assert {c for c in en if c.startswith("site.rule.")} == {f"site.rule.{r}" for r in ids}


def test_the_site_words_used_by_the_pages_exist():
    """Every data-t code in the pages and every t("...") code in the scripts is in the catalogue."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "site"
    known = set(codes("en"))
    used = set()
    for page in root.glob("*.html"):
        used |= set(re.findall(r'data-t(?:-label|-title|-placeholder)?="([a-z0-9_.\-A-Z]+)"', page.read_text()))
    for script in (root / "js").glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-z][a-z0-9_.]+)"', script.read_text()))
    assert used and not used - known, sorted(used - known)


def test_the_faq_in_parts_reassembles_to_the_whole_page():
    from rulings_lib.faq import load_faq
    from rulings_lib.faq.html import render_html

    whole = render_html(load_faq(), link=lambda e: "index.html#s=" + e.scenario)
    page, parts = faq_parts(whole)
    assert len(page) < len(whole) / 10
    refs = re.findall(r'data-part="data/faq/([^"]+)"', page)
    assert len(refs) == whole.count('<section class="entry"')
    assert set(refs) == set(parts) and len(set(parts.values())) == len(parts)     # each part once

    def back(m):
        return parts[m.group(1).removeprefix("data/faq/")]

    rebuilt = re.sub(r'<div class="part" data-part="([^"]+)" aria-busy="true"></div>', back, page)
    assert rebuilt.replace("\n", "").replace(" ", "") == whole.replace("\n", "").replace(" ", "")


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: p.stem)
def test_phone_pictures_have_no_text_under_13(path):
    from rulings_lib.draw import svg

    result = run_scenario(load_scenario(path))
    for lang in ("en", "ja"):
        picture = svg(result.match, lang, layout="phone")
        assert 'viewBox="0 0 360 ' in picture
        sizes = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', picture)]
        assert sizes and min(sizes) >= 13, (lang, min(sizes))


def test_a_layout_the_drawing_does_not_know_is_refused():
    from rulings_lib import WrgpMatch
    from rulings_lib.draw import svg

    with pytest.raises(ValueError, match="layout"):
        svg(WrgpMatch(), "en", layout="tiny")


@settings(max_examples=30, deadline=None)
@given(st.text(min_size=0, max_size=120), st.integers(1, 60))
def test_wrap_keeps_every_character_and_the_limit(text, limit):
    from rulings_lib.draw._svg import wrap

    lines = wrap(text, limit)
    assert all(len(line) <= limit for line in lines) or len(text) <= limit
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def _tracker(*ops):
    web._tracker = None
    view = web.tracker("open", lang="en")
    for op, kwargs in ops:
        view = web.tracker(op, lang="en", **kwargs)
    return view


def test_undo_after_a_refusal_takes_back_the_last_real_action():
    view = _tracker(("press", {"button": "next_phase"}), ("press", {"button": "next_phase"}),
                    ("press", {"button": "battle_damage"}))
    assert view["feedback"]["tone"] == "no" and len(view["record"]["actions"]) == 3
    view = web.tracker("undo", lang="en")
    assert len(view["record"]["actions"]) == 1
    assert view["board"]["phase"] == "standby"
    assert view["feedback"]["text"] == "took back: Go to a phase"      # the verb table's label


def test_new_match_can_be_undone_and_a_press_forgets_it():
    view = _tracker(("press", {"button": "next_phase"}), ("new", {"lineup": 2, "start_lp": 4000, "first": "B"}))
    assert view["record"]["actions"] == [] and view["can_undo"] and view["previous"]["actions"]
    back = web.tracker("undo", lang="en")
    assert len(back["record"]["actions"]) == 1 and back["previous"] is None
    view = _tracker(("new", {}), ("press", {"button": "next_phase"}))
    assert view["previous"] is None
    view = web.tracker("undo", lang="en")
    assert view["record"]["actions"] == [] and not view["can_undo"]


def test_new_match_undo_survives_a_reload():
    view = _tracker(("press", {"button": "next_phase"}), ("new", {}))
    saved, previous = json.dumps(view["record"]), json.dumps(view["previous"])
    web._tracker = None
    reopened = web.tracker("open", lang="en", saved=saved, previous=previous)
    assert reopened["can_undo"]
    assert len(web.tracker("undo", lang="en")["record"]["actions"]) == 1


def test_tracker_words_in_japanese():
    web._tracker = None
    view = web.tracker("open", lang="ja")
    assert view["board"]["phase_name"] == "ドローフェイズ"
    view = web.tracker("press", lang="ja", button="battle_damage")
    assert view["feedback"]["text"].startswith("却下 [STD-TIMING]")


def test_tag_helper_errors_in_words_and_unused_lost_points():
    r = web.tag_turn_answer({"red-A": -5, "blue-A": 3, "red-B": 1, "blue-B": 2})
    assert r["error"].startswith("red-A's attack power: expected") and "spec." not in r["error"]
    r = web.tag_turn_answer({"red-A": 5, "blue-A": 3, "red-B": 1, "blue-B": 2}, lost={"red-A": 30, "blue-A": 20})
    assert r["notes"] == ["red-A did not lose a battle: the 30 lost points given for them are not used "
                          "(TAG-P5 ③: only a battle's loser loses points)"]
    assert r["lost"] == {"blue-A": 20}
    ja = web.tag_turn_answer({"red-A": 5, "blue-A": 3, "red-B": 1, "blue-B": 2}, lang="ja")
    assert "先攻" in ja["text"]


def test_read_question_gives_the_builder_plain_data():
    text = "format: wrgp\nsetup:\n  at: {turn: 2, player: B, phase: main1}\nsteps:\n  - end_turn: {}\n"
    q = web.read_question(text)["question"]
    assert q == {"format": "wrgp", "setup": {"at": {"turn": 2, "player": "B", "phase": "main1"}},
                 "steps": [{"end_turn": {}}]}
    assert web.read_question("format: wrgp\nsteps:\n  - fly: {}\n")["error"]["line"] == 3


def test_answers_in_japanese():
    r = web.run_shipped("wrgp/destruction-ring-draw", lang="ja")
    assert r["lang"] == "ja" and "ターン" in r["transcript"] and 'lang="ja"' in r["picture"]
    phone = web.run_shipped("wrgp/destruction-ring-draw", lang="en", phone=True)
    assert 'viewBox="0 0 360 ' in phone["picture"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_builders_cards_are_the_kits(lang):
    """data/cards.<lang>.json as the question builder reads it: every name it offers or matches finds
    the same card in the kit, and every choice a card asks for is a key of the steps that play cards
    (activate, a chain link), worded in the page's language."""
    from rulings_lib.formats import FORMATS
    from rulings_lib.webdata import cards

    table = {v["name"]: v for f in verbs(lang)["formats"] if f["format"] == "wrgp" for v in f["verbs"]}
    keys = ({p["name"] for p in table["activate"]["params"]}
            & {p["name"] for p in table["chain"]["params"][0]["item"]["params"]})
    data = cards(lang)
    assert {f["format"] for f in data["formats"]} == {"wrgp", "digimon-tag"}
    for f in data["formats"]:
        assert f["cards"]
        for c in f["cards"]:
            for name in [c["name"]["en"], c["name"]["ja"], *c["aliases"]]:
                # (a second printing under the same name, St-320 Change Up!, is found as the first: same_name)
                assert FORMATS[f["format"]].catalogue().card(name).id in (c["id"], c.get("same_name")), name
            for choice in c["choices"]:
                _params([choice], c["id"])
                if f["format"] == "wrgp":
                    assert choice["name"] in keys, (c["id"], choice["name"])
    if lang == "ja":
        pb = next(c for c in data["formats"][0]["cards"] if c["id"] == "power-bond")
        assert pb["choices"][0]["label"] == "融合モンスター"


# What the builder asks for a card's required choices in the question below (a new required
# choice fails here until it is given a value).
CHOICE_VALUES = {"summon": "Cyber End Dragon", "declare": "Ookazi"}     # (a declared name: Sales Ban, Prohibition)


def _by_name(card_name: str, choices: dict, link: bool) -> dict:
    step = {"by": "A", "card": card_name, **choices}
    steps = [{"chain": [step]} if link else {"activate": step}, {"end_turn": {}}]
    data = {"format": "wrgp", "setup": {"at": {"turn": 3, "player": "A", "phase": "main1",
                                               "lp": {"A": 8000, "B": 8000}}}, "steps": steps}
    from rulings_lib.errors import ScenarioError
    from rulings_lib.scenario import parse_scenario

    try:
        outcome = run_scenario(parse_scenario(data, "question.yaml")).outcome
    except ScenarioError as exc:
        # A card with a clause the kit does not play (Stardust Dragon's negation) is refused, saying so:
        # never ruled as if the clause were not there; so is one whose choice names a card not
        # where its text takes it from (Monster Reborn's monster: placed in a Graveyard first).
        assert re.search(r"does not play|is not played|place it first", str(exc)), str(exc)
        return {"refused": "a clause the kit does not play"}
    return {**{k: v for k, v in outcome.items() if k not in ("events", "effects", "once_per_duel", "cards")},
            "events": [(e["rule"], e["code"]) for e in outcome["events"]],
            "rejected": [(r["step"], r["rule"]) for r in outcome["rejected"]]}


def test_a_question_from_card_names_alone_is_complete_in_either_language():
    """What the builder writes when a card is picked (who, the card, the choices it asks for: no
    numbers) is a whole question for the kit, and the card's English and Japanese names give the
    same ruling, as `activate` and as a chain link."""
    from rulings_lib.webdata import cards

    data = cards("en")["formats"][0]
    assert data["format"] == "wrgp"
    played = 0
    for c in data["cards"]:
        if c["speed"] is None:
            continue                               # nothing to activate (place it instead)
        choices = {}
        for choice in c["choices"]:
            if choice["required"]:
                assert choice["name"] in CHOICE_VALUES, (c["id"], choice)
                choices[choice["name"]] = CHOICE_VALUES[choice["name"]]
        rulings = []
        for link in (False, True):
            en, ja = (_by_name(c["name"][lang], choices, link) for lang in ("en", "ja"))
            assert en == ja, c["id"]
            rulings.append(en)
        played += all("refused" not in r for r in rulings)
    assert played >= 15


def test_the_answers_shown_before_python_are_the_engines():
    """data/answers/<id>.json, shown while Python loads: each shipped scenario's outcome is
    exactly what `rulings run --json` prints, and its checks are the live answer's."""
    got = answers()
    paths = builtin_scenarios()
    assert set(got) == {web.shipped_id(p) for p in paths}
    for path in paths:
        ident = web.shipped_id(path)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rulings(["run", str(path), "--json"])
        assert json.dumps(got[ident]["outcome"], ensure_ascii=False, indent=2) == out.getvalue().strip(), ident
        result = run_scenario(load_scenario(path))
        live = web.answer(result, "ja")
        assert got[ident]["checks"] == live["checks"] and got[ident]["passed"] == live["passed"], ident
        assert got[ident]["outcome"] == live["outcome"], ident


def test_the_sites_faq_carries_each_diagram_as_its_dot():
    """The browser edition's FAQ parts hold each path diagram as DOT (drawn by viz.js when opened):
    the same diagrams as the standalone page's SVG, from the engine's own DOT."""
    import html

    from rulings_lib.diagrams import scenario_path
    from rulings_lib.faq import load_faq
    from rulings_lib.faq.html import render_html

    entries = load_faq()
    page = render_html(entries, diagrams="dot")
    # One DOT per language in each diagram (the Japanese page draws the Japanese one).
    found = re.findall(r'<div class="dot" lang="(en|ja)">(?:<script type="text/vnd.graphviz">(.*?)</script>|)</div>'
                       r'|<div class="dot" lang="(en|ja)" data-dot="([^"]*)">', page, re.S)
    dots = {"en": [], "ja": []}
    for lang, raw, lang2, attr in found:
        dots[lang or lang2].append(raw if raw else html.unescape(attr))
    n = page.count('<details class="diagram">')
    assert len(dots["en"]) == len(dots["ja"]) == n == render_html(entries).count('<details class="diagram">') > 0
    first = next(e for e in entries if e.result is not None)
    assert dots["en"][0] == scenario_path(first.result).source
    assert dots["ja"][0] == scenario_path(first.result, lang="ja").source
    assert "<svg" not in page.split('<details class="diagram">')[1].split("</details>")[0]
