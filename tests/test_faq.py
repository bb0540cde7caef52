"""The ruling FAQ: one FAQ per game, in sections; entries written as published rulings (the
question, the answer in one sentence, why, the rule ids), in both languages, with no tool talk;
Readings flagged; every answer proved by a scenario; rendered for the terminal and as HTML."""

import re
from pathlib import Path

import pytest

from rulings_lib.cli import main
from rulings_lib.errors import InputError
from rulings_lib.faq import LABELS, LANGS, PLAYER_KINDS, by_section, coverage, load_faq, render_text
from rulings_lib.faq.html import render_html
from rulings_lib.readings import readings
from rulings_lib.wrgp.tables import RULES as WRGP_RULES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def entries():
    return load_faq()


@pytest.fixture(scope="module")
def notes():
    return load_faq(tool=True)


def texts(e, lang, keys=("q", "a", "why", "open", "settled")):
    return [e.text[lang][k] for k in keys if k in e.text[lang]]


def test_every_entry_is_bilingual_and_proved(entries):
    assert len(entries) >= 80
    for e in entries:
        for lang in LANGS:
            assert e.q(lang) and e.a(lang) and e.why(lang)
        assert e.result is not None and e.result.passed


def test_japanese_text_is_japanese(entries):
    for e in entries:
        for t in texts(e, "ja", ("q", "a", "why")):
            assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in t), (e.id, t)


# ------------------------------------------------------------------------------ structure
def test_one_faq_per_game_in_sections(entries):
    groups = by_section(entries)
    formats = [sec.format for sec, _ in groups]
    assert formats == sorted(formats, key=["wrgp", "digimon-tag"].index)    # WRGP first, then the tag battle
    assert set(formats) == {"wrgp", "digimon-tag"}
    for fmt in ("wrgp", "digimon-tag"):
        numbers = [sec.number for sec, _ in groups if sec.format == fmt]
        assert numbers == list(range(1, len(numbers) + 1))
    for sec, group in groups:
        assert group and all(sec.t(lang) for lang in LANGS)
        for e in group:
            assert e.section is sec
            # an entry is in its own game's FAQ: its rule ids are that game's
            assert all(r.startswith(("WRGP-", "STD-") if sec.format == "wrgp" else "TAG-") for r in e.rules), e.id
    # ordered by the situation at the table: the match before the losses, the handover before the end
    wrgp = [sec.id for sec, _ in groups if sec.format == "wrgp"]
    assert wrgp.index("before-the-match") < wrgp.index("when-lp-reach-0") < wrgp.index("the-handover") \
        < wrgp.index("end-of-match")


def test_the_answer_comes_first_in_one_sentence(entries):
    aux = re.compile(r"^(Can|Could|Do|Does|Is|Are|May|Must|Will|Should|Did|Has|Have)\b")
    for e in entries:
        a = e.a("en").strip()
        assert a.endswith((".", "!", "?")) and not re.search(r"[.!?]\s+[A-Z\"(]", a), (e.id, a)
        ja = e.a("ja").strip()
        assert ja.endswith("。") and ja.count("。") == 1 and "？" not in ja, (e.id, ja)
        # a yes/no question is answered yes or no (or "only ...", "mostly ...") before anything else
        question = [s for s in re.split(r"(?<=[.?!])\s+", e.q("en").strip()) if s.endswith("?")][-1]
        if aux.match(question) and " or " not in question:
            assert re.search(r"\b(yes|no|only|mostly)\b", a.split(",")[0].lower()), (e.id, a)


def test_each_entry_cites_its_rule_ids_after_the_answer(entries):
    text = render_text(entries, "en")
    for e in entries:
        block = text[text.index(f"Q. {e.q('en')}"):]
        a, why, rules = block.index("A. "), block.index(e.why("en")), block.index(f"Rules: {', '.join(e.rules)}")
        assert a < why < rules, e.id


TOOL_WORDS = re.compile(r"\bkit\b|キット|`|\brulings\b|scenario|シナリオ|\bas: |yaml|\bCLI\b|\bengine\b|エンジン|"
                        r"\bAPI\b|--|check-team|check-deck|\bsetup\b|\bPython\b", re.IGNORECASE)


def test_no_tool_talk_in_a_players_answer(entries):
    for e in entries:
        for lang in LANGS:
            for t in texts(e, lang):
                assert not TOOL_WORDS.search(t), (e.id, lang, TOOL_WORDS.search(t).group(), t)


def test_tool_notes_are_the_maintainers_and_not_in_the_players_faq(entries, notes):
    players = {e.id for e in entries}
    assert {n.id for n in notes} == {"lineup-size", "banlist-passcodes", "whitelist-passcodes", "alias-loop"}
    assert not players & {n.id for n in notes}
    assert all(n.kind == "tool" and n.reading and n.result.passed for n in notes)
    notes_doc = (ROOT / "docs" / "maintaining.md").read_text(encoding="utf-8")
    for n in notes:    # the maintainers' notes (docs/maintaining.md) name each note and its Reading
        assert f"`{n.reading}`" in notes_doc and n.id in notes_doc, n.id


# ------------------------------------------------------------------------------ Readings
def test_every_reading_is_one_flagged_entry(entries, notes):
    named: dict[str, list[str]] = {}
    for e in entries + notes:
        for r in (e.reading, e.settles):
            if r:
                named.setdefault(r, []).append(e.id)
    assert {r.id for r in readings() + readings(settled=True)} == set(named)
    assert {r: ids for r, ids in named.items() if len(ids) > 1} == {}     # one entry each: no duplicates
    for e in entries:
        assert e.kind in PLAYER_KINDS
        assert (e.kind == "reading") == (e.reading is not None), e.id
        if e.kind == "reading":
            assert all(e.text[lang].get("open") for lang in LANGS), e.id
        if e.settles:
            assert e.kind == "ruling" and all(e.text[lang].get("settled") for lang in LANGS), e.id


def test_the_new_readings_are_flagged(entries):
    flagged = {e.reading: e for e in entries if e.kind == "reading"}
    assert flagged["counter-cap-12"].rules[0] == "WRGP-SW4"
    assert flagged["digivice-pool-30"].rules == ["TAG-K3"]
    # the deck check proves both halves of the Reading: 31 replacement cards are one too many (TAG-K3),
    # and the deck beside them is still 30 cards (no TAG-K1 finding)
    check = flagged["digivice-pool-30"].result.outcome["deck_check"]
    assert [(v["rule"], v["check"], v["count"], v["limit"]) for v in check["violations"]] == \
        [("TAG-K3", "digivice-pool", 31, 30)]
    assert "TAG-K1" not in {f["rule"] for f in check["violations"] + check["warnings"]}
    outcome = flagged["counter-cap-12"].result.outcome
    assert outcome["spc"]["A"] == 12 and len(outcome["out"]) == 2        # two losses, still 12


def test_readings_are_shown_as_interpretations(entries):
    for lang in LANGS:
        text = render_text(entries, lang)
        for e in entries:
            shown = f"Q. {e.q(lang)}\nA. [{LABELS[lang]['reading']}] {e.a(lang)}\n" in text
            assert shown == (e.kind == "reading"), e.id
    page = render_html(entries, diagrams=False, pictures=False)
    for e in entries:
        section = page[page.index(f'id="faq-{e.id}"'):]
        section = section[:section.index("</section>")]
        assert ('class="flag">' + LABELS["en"]["reading"] in section) == (e.kind == "reading"), e.id


def test_settled_questions_are_rulings(entries):
    by_id = {e.id: e for e in entries}
    assert by_id["tag-same-tag-survivors"].settles == "same-tag-survivors-win"
    assert "タッグ２人のライフがなくなるまでゲームを続ける" in by_id["tag-same-tag-survivors"].text["en"]["settled"]
    assert by_id["counter-cleaner"].settles == "counter-cleaner-clears-both-teams"
    # settled: rulings citing the rulebook's words, no longer listed among the interpretations
    settled = {r.id: r for r in readings(settled=True)}
    assert set(settled) == {"same-tag-survivors-win", "counter-cleaner-clears-both-teams"}
    assert not {e.reading for e in entries if e.reading} & set(settled)
    assert "タッグ２人のライフがなくなるまでゲームを続ける" in settled["same-tag-survivors-win"].settled_by
    assert "カウンタークリーナーの効果を受けカウンターは取り除かれます" in settled["counter-cleaner-clears-both-teams"].settled_by
    assert by_id["counter-cleaner"].result.outcome["spc"]["B"] == 2      # B's 9 went, then a Standby Phase's 2


def test_every_wrgp_rule_is_demonstrated(entries):
    cov = coverage(entries)
    wrgp_missing = [r for r in cov.missing if r in WRGP_RULES]
    assert wrgp_missing == []


# ------------------------------------------------------------------------------ what players ask
def test_the_questions_players_ask_are_answered(entries):
    ids = {e.id for e in entries}
    assert {"rest-of-duel-restriction", "relay-soul", "incoming-hand", "counter-cap", "baton-touch",
            "surrender-last-duelist", "match-structure", "registering-decks-and-order", "exodia-in-hand",
            "inherited-as-they-are", "tag-out-no-battle", "tag-out-by-an-option", "tag-consulting-partners"} <= ids
    # the unreachable-moment rulings, each proved by its own scenario
    cited = {e.id: e.scenario for e in entries}
    assert {cited[k] for k in ("one-player-chain", "taken-card-when-i-leave", "chain-spell-speed",
                               "counter-cleaner-timing", "first-turn-no-draw")} == {
        "wrgp/one-player-chain-a.yaml", "wrgp/taken-card-owners-graveyard.yaml", "wrgp/chain-spell-speed.yaml",
        "wrgp/counter-cleaner-timing.yaml", "wrgp/first-turn-no-draw.yaml"}
    baton = next(e for e in entries if e.id == "baton-touch")
    assert "for good" in baton.a("en") and "サレンダー" in baton.why("ja") and "surrender" in baton.why("en")
    assert "もう戻れません" in baton.a("ja")


# ------------------------------------------------------------------------------ words and card names
CARDS = {   # official English name -> official Japanese name
    "Destruction Ring": "破壊指輪", "Sparks": "火の粉", "Chain Strike": "連鎖爆撃", "Power Bond": "パワー・ボンド",
    "Cyber End Dragon": "サイバー・エンド・ドラゴン", "Spore": "スポーア", "Exodia": "封印されしエクゾディア",
    "Harpie's Feather Duster": "ハーピィの羽根帚", "Counter Cleaner": "カウンター・クリーナー",
    "Gate Blocker": "ゲート・ブロッカー", "Sales Ban": "発禁令", "Sekka's Light": "雪花の光", "Relay Soul": "魂のリレー",
    "Speed World": "スピード・ワールド", "Digivice 01": "デジヴァイス01", "Return Match!": "リターンマッチだ！",
    "Change Up!": "チェンジアップ！", "Ookazi": "昼夜の大火事", "Solemn Judgment": "神の宣告",
}
WRONG = ["Prohibition", "Soul Relay", "Ring of Destruction", "禁止令", "Level III"]


def test_card_names_are_official_and_japanese_ones_in_brackets(entries):
    for e in entries:
        en, ja = " ".join(texts(e, "en")), " ".join(texts(e, "ja"))
        for wrong in WRONG:
            assert wrong not in en and wrong not in ja.replace("発禁令", ""), (e.id, wrong)
        for name, jname in CARDS.items():
            if name in " ".join(texts(e, "en", ("q", "a"))):
                assert jname in ja, (e.id, name)
            for m in re.finditer(re.escape(jname), " ".join(texts(e, "ja", ("q", "a", "why")))):
                text = " ".join(texts(e, "ja", ("q", "a", "why")))
                assert text[m.start() - 1] == "「", (e.id, jname)


def test_japanese_wording(entries):
    for e in entries:
        ja = " ".join(texts(e, "ja"))
        assert "交代したプレイヤー" not in ja, e.id      # who left, or who came in?
        assert "触れますか" not in ja, e.id               # 効果は及びますか
        assert "退場" not in ja, e.id                     # reads as ejected from the event
        if e.format == "digimon-tag":
            assert "パートナー" not in ja.replace("パートナーデジモン", ""), e.id   # the partner is 相方
        else:
            assert "A≧B" not in ja and "A＜B" not in ja, e.id   # positions are a and b, teams A and B


# ------------------------------------------------------------------------------ the loader
def _write(tmp_path, body: str) -> Path:
    f = tmp_path / "faq.yaml"
    f.write_text(body)
    return f


GOOD = """format: wrgp
title: {en: T, ja: 題}
sections:
- section: s
  title: {en: S, ja: 節}
  entries:
  - id: x
    kind: ruling
    rules: [WRGP-F6]
    scenario: wrgp/once-per-duel-team.yaml
    en: {q: Q?, a: A., why: W.}
    ja: {q: 質問？, a: 回答。, why: 理由。}
"""


def test_a_good_entry_loads(tmp_path):
    (e,) = load_faq([_write(tmp_path, GOOD)])
    assert e.id == "x" and e.section.id == "s" and e.section.t("ja") == "節" and e.format == "wrgp"


@pytest.mark.parametrize("broken,message", [
    (GOOD.replace("    ja: {q: 質問？, a: 回答。, why: 理由。}\n", ""), "entry 'x': missing language 'ja'"),
    (GOOD.replace("WRGP-F6", "WRGP-F99"), "entry 'x': unknown rule id 'WRGP-F99'"),
    (GOOD.replace("once-per-duel-team", "no-such-scenario"), "entry 'x': scenario 'wrgp/no-such-scenario.yaml' not found"),
    (GOOD.replace("WRGP-F6", "WRGP-H9"), "entry 'x': scenario wrgp/once-per-duel-team.yaml does not demonstrate WRGP-H9"),
    (GOOD.replace("kind: ruling", "kind: reading"), "entry 'x': a reading names the Reading"),
    (GOOD.replace("kind: ruling", "kind: ruling\n    reading: lp-loop-once-per-player"), "only a reading (kind: reading)"),
    (GOOD.replace("kind: ruling", "kind: ruling\n    settles: counter-cleaner-clears-both-teams"), "quotes the rulebook's words"),
    (GOOD.replace("kind: ruling", "kind: tool"), "belongs in tool.yaml"),
    (GOOD.replace(", why: W.", ""), "'why'"),
    (GOOD.replace("  - id: x", "  - id: x\n    section: s"), "unknown key 'section'"),
    (GOOD.replace("- section: s\n", "- section: s\n  colour: red\n"), "unknown key 'colour'"),
    (GOOD.replace("  title: {en: S, ja: 節}\n", ""), "a section needs 'title'"),
    (GOOD.replace("format: wrgp", "format: chess"), "format"),
    (GOOD + GOOD.split("sections:\n")[1].replace("id: x", "id: y"), "section 's' already used"),
    (GOOD + GOOD.split("  entries:\n")[1], "entry 'x': id already used"),
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


# ------------------------------------------------------------------------------ rendering
def test_faq_command_prints_both_languages(capsys):
    assert main(["faq", "--lang", "ja"]) == 0
    ja = capsys.readouterr().out
    assert ja.startswith("# WRGPルール") and "== 1. 試合の前に" in ja and "「スピード・ワールド」" in ja
    assert "# デジモンカードゲーム タッグバトル" in ja
    assert main(["faq"]) == 0
    en = capsys.readouterr().out
    assert en.startswith("# WRGP") and "== 5. The handover" in en and "Reading: draw-survivor-stays-at-0" in en
    assert en.index("# WRGP") < en.index("# Digimon Card Game tag battle")
    assert "lineup-size-setting" not in en                                # a note for maintainers only


def test_html_is_self_contained_and_links_rules(entries, tmp_path):
    page = render_html(entries)

    assert "<script src" not in page and "<link " not in page
    urls = set(re.findall(r"https?://[^\"' <>]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls   # SVG namespaces only
    assert page.count("<svg") >= 40   # each answer's path diagram is inline
    assert 'href="#rule-WRGP-D3"' in page and 'id="rule-WRGP-D3"' in page
    for e in entries:
        assert f'id="faq-{e.id}"' in page
    assert main(["faq", "--html", str(tmp_path / "faq.html")]) == 0
    assert (tmp_path / "faq.html").read_text(encoding="utf-8") == page


def test_html_shows_games_and_sections_as_headings(entries):
    page = render_html(entries, diagrams=False, pictures=False)
    h2 = re.findall(r'<h2 id="game-([a-z-]+)"', page)
    assert h2 == ["wrgp", "digimon-tag"]
    for sec, group in by_section(entries):
        anchor = f'<h3 id="sec-{sec.format}-{sec.id}" class="section">'
        assert page.count(anchor) == 1 and f'href="#sec-{sec.format}-{sec.id}"' in page
        start = page.index(anchor)
        for e in group:   # each entry under its own section heading, before the next one
            pos = page.index(f'id="faq-{e.id}"')
            assert start < pos and "<h3 " not in page[start + len(anchor):pos], e.id


def test_the_readings_command_lists_interpretations_and_the_settled_ones_apart(capsys):
    from rulings_lib.cli import main

    assert main(["readings"]) == 0
    out = capsys.readouterr().out
    listed, settled = out.split("Settled by the rulebook's words")
    assert "draw-survivor-stays-at-0" in listed and "digivice-pool-30" in listed
    assert "same-tag-survivors-win" not in listed and "counter-cleaner-clears-both-teams" not in listed
    assert "タッグ２人のライフがなくなるまでゲームを続ける" in settled and "counter-cleaner-clears-both-teams" in settled
