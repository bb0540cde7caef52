"""The ruling FAQ: entries validated, proved by scenarios, rendered for the terminal and as HTML."""

from pathlib import Path

import pytest

from rulings_lib.cli import main
from rulings_lib.errors import InputError
from rulings_lib.faq import LANGS, coverage, load_faq, render_text
from rulings_lib.faq.html import render_html
from rulings_lib.readings import readings
from rulings_lib.wrgp.tables import RULES as WRGP_RULES


@pytest.fixture(scope="module")
def entries():
    return load_faq()


def test_every_entry_is_bilingual_and_proved(entries):
    assert len(entries) >= 40
    for e in entries:
        for lang in LANGS:
            assert e.q(lang) and e.a(lang)
        assert e.result is not None and e.result.passed


def test_japanese_text_is_japanese(entries):
    for e in entries:
        assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in e.a("ja")), e.id


def test_every_wrgp_rule_is_demonstrated(entries):
    cov = coverage(entries)
    wrgp_missing = [r for r in cov.missing if r in WRGP_RULES]
    assert wrgp_missing == []


def test_every_wrgp_reading_is_an_open_question(entries):
    opened = {e.reading for e in entries if e.kind == "open-question"}
    wrgp = {r.id for r in readings("wrgp")}
    assert wrgp - opened == set()


def test_contrasts_cover_standard_rules_and_edopro(entries):
    ids = {e.id for e in entries if e.kind == "contrast"}
    assert {"contrast-chain-standard-rule", "contrast-edopro-relay"} <= ids


def _write(tmp_path, body: str) -> Path:
    f = tmp_path / "faq.yaml"
    f.write_text(body)
    return f


GOOD = """- id: x
  kind: ruling
  rules: [WRGP-F6]
  scenario: wrgp/once-per-duel-team.yaml
  en: {q: Q?, a: A.}
  ja: {q: 質問？, a: 回答。}
"""


def test_a_good_entry_loads(tmp_path):
    assert [e.id for e in load_faq([_write(tmp_path, GOOD)])] == ["x"]


@pytest.mark.parametrize("broken,message", [
    (GOOD.replace("  ja: {q: 質問？, a: 回答。}\n", ""), "entry 'x': missing language 'ja'"),
    (GOOD.replace("WRGP-F6", "WRGP-F99"), "entry 'x': unknown rule id 'WRGP-F99'"),
    (GOOD.replace("once-per-duel-team", "no-such-scenario"), "entry 'x': scenario 'wrgp/no-such-scenario.yaml' not found"),
    (GOOD.replace("WRGP-F6", "WRGP-H9"), "entry 'x': scenario wrgp/once-per-duel-team.yaml does not demonstrate WRGP-H9"),
    (GOOD.replace("kind: ruling", "kind: open-question"), "entry 'x': an open question names the reading"),
    (GOOD + GOOD, "entry 'x': id already used"),
])
def test_malformed_entries_name_the_entry(tmp_path, broken, message):
    with pytest.raises(InputError) as exc:
        load_faq([_write(tmp_path, broken)])
    assert message in str(exc.value)
    assert str(exc.value).startswith(str(tmp_path / "faq.yaml") + ":")


def test_an_entry_whose_scenario_fails_is_refused(tmp_path, monkeypatch):
    import rulings_lib.faq as faq

    scen = tmp_path / "scenarios" / "wrgp"
    scen.mkdir(parents=True)
    (scen / "wrong.yaml").write_text("format: wrgp\nrules: [WRGP-F6]\nsteps:\n"
                                     "  - once_per_duel: {by: A, card: Spore}\nexpect:\n  once_per_duel: {A: [], B: []}\n")
    monkeypatch.setattr(faq, "SCENARIO_DIR", tmp_path / "scenarios")
    with pytest.raises(InputError, match="entry 'x': scenario wrgp/wrong.yaml fails: once_per_duel"):
        load_faq([_write(tmp_path, GOOD.replace("once-per-duel-team", "wrong"))])


def test_faq_command_prints_both_languages(capsys):
    assert main(["faq", "--lang", "ja"]) == 0
    ja = capsys.readouterr().out
    assert "== 裁定 ==" in ja and "スピード・ワールド" in ja
    assert main(["faq"]) == 0
    en = capsys.readouterr().out
    assert "== Open questions ==" in en and "draw-survivor-stays-at-0" in en


def test_text_render_groups_by_kind(entries):
    text = render_text(entries, "en")
    assert text.index("== Rulings ==") < text.index("== How WRGP differs ==") < text.index("== Open questions ==")


def test_html_is_self_contained_and_links_rules(entries, tmp_path):
    page = render_html(entries)
    import re

    assert "<script src" not in page and "<link " not in page
    urls = set(re.findall(r"https?://[^\"' <>]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls   # SVG namespaces only
    assert page.count("<svg") >= 40   # each answer's path diagram is inline
    assert 'href="#rule-WRGP-D3"' in page and 'id="rule-WRGP-D3"' in page
    for e in entries:
        assert f'id="faq-{e.id}"' in page
    assert main(["faq", "--html", str(tmp_path / "faq.html")]) == 0
    assert (tmp_path / "faq.html").read_text(encoding="utf-8") == page
