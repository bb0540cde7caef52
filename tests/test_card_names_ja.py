"""A card's name in Japanese running text is written in 「」, as published rulings write it:
every line of a Japanese transcript that names a card (events, refusals, the final state, the
scenario's title), the notebooks' short and full transcripts, the trackers and the pages, which word
the same codes in the browser exactly as Python does. English keeps names as they are. The lines
that quote the scenario file (a step as written, the expected values) are the file's, not sentences."""

from __future__ import annotations

import json
import re
from pathlib import Path

import node
import pytest

from rulings_lib import WrgpMatch, web
from rulings_lib.cards import in_text, in_words, local_args, quoted
from rulings_lib.formats import FORMATS
from rulings_lib.i18n import render
from rulings_lib.scenario import builtin_scenarios, load_scenario, render_transcript, run_scenario
from rulings_lib.webdata import files
from rulings_lib.widgets.teach import full_transcript, short_lines

ROOT = Path(__file__).resolve().parent.parent
# Every Japanese name of the catalogue's cards (official names and the rulebooks' spellings), longest first.
NAMES = sorted({n for f in FORMATS.values() for c in f.catalogue() for n in (c.name["ja"], *c.aliases) if not n.isascii()},
               key=len, reverse=True)
_QUOTED = re.compile(r"「[^「」]*」")


def bare_names(line: str) -> list[str]:
    """The catalogue's Japanese names a line writes outside 「」."""
    prev = None
    while prev != line:
        prev, line = line, _QUOTED.sub("", line)
    return [n for n in NAMES if n in line]


def test_bare_names_sees_a_name_outside_brackets_only():
    assert bare_names("A1がパワー・ボンドを発動") == ["パワー・ボンド"]
    assert bare_names("A1が「パワー・ボンド」を発動") == []
    assert bare_names("「「空中」などの能力」ではなく「チェンジアップ！」") == []


def sentences(scenario, text: str, lang: str = "ja") -> list[str]:
    """A transcript's lines that are sentences: not a step as the file writes it, nor the expectations."""
    head = re.escape(render("common.transcript.step_head", {"number": "\0", "label": "\1"}, lang))
    head = re.compile(head.replace("\0", r"\d+").replace("\1", ".*"))       # (the notebooks' name its cards too)
    out = []
    for line in text.split("\n"):
        if line == render("common.transcript.expectations", {}, lang):
            break
        if not head.fullmatch(line):
            out.append(line)
    assert len(out) < len(text.split("\n")) or not scenario.steps
    return out


def test_quoted_and_in_text():
    assert quoted("パワー・ボンド", "ja") == "「パワー・ボンド」"
    assert quoted("「パワー・ボンド」", "ja") == "「パワー・ボンド」"          # never 「「…」」
    assert quoted("Power Bond", "en") == "Power Bond"
    assert in_text("パワーボンド", "ja") == "「パワー・ボンド」"                # the rulebook's spelling, the official name
    assert in_text("パワーボンド", "en") == "Power Bond"
    assert in_text("A1", "ja") == "A1"                                      # not a card
    assert in_text("a burn card that deals 1000 (made up)", "ja", card=True) == "「a burn card that deals 1000 (made up)」"
    for number in ("St-220", "Bo-20v", "46986414"):                        # a number is not a name
        assert in_text(number, "ja", card=True) == number


def test_made_up_cards_are_card_names_too():
    m = WrgpMatch()
    m.phase("main1")
    m.damage("A", to="opponent", amount=1000, card="謎のバーンカード")
    hit = next(e for e in m.events if e.code == "wrgp.event.damage_taken")
    assert "「謎のバーンカード」で1000ダメージ" in in_words(hit.code, hit.args, "ja")
    assert "謎のバーンカード" in hit.render("en") and "「" not in hit.render("en")
    # A generic source is a message, not a card: no 「」 around "team A's effect".
    m.damage("A", to="opponent", amount=100)
    plain = [e for e in m.events if e.code == "wrgp.event.damage_taken"][-1]
    assert "「" not in plain.render("ja")


def test_a_text_already_in_brackets_and_a_bilingual_text_are_left_as_they_are():
    args = {"card": "「パワー・ボンド」", "what": {"en": "Power Bond", "ja": "パワー・ボンド"},
            "cards": ["Sparks", "Chain Strike"]}
    assert local_args(args, "ja") == {"card": "「パワー・ボンド」", "what": {"en": "Power Bond", "ja": "パワー・ボンド"},
                                      "cards": ["「火の粉」", "「連鎖爆撃」"]}
    assert local_args(args, "en")["cards"] == ["Sparks", "Chain Strike"]


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_japanese_transcript_writes_card_names_in_brackets(path):
    sc = load_scenario(path)
    result = run_scenario(sc)
    for text in (render_transcript(result, "ja"), full_transcript(result, "ja")):
        for line in sentences(sc, text):
            assert not bare_names(line), (line, bare_names(line))
    for line in short_lines(result, "ja"):
        assert not bare_names(line), (line, bare_names(line))
    title = render("common.transcript.scenario", {"title": sc.title_in("en")}, "en")   # (a -ja scenario's is Japanese)
    for line in sentences(sc, render_transcript(result, "en"), "en"):
        assert line == title or "「" not in line, line                     # English as it was


def test_the_trackers_name_cards_in_brackets():
    web.tracker("new", lang="ja")
    for _ in range(2):
        web.tracker("press", lang="ja", button="next_phase", team="A", amount=0)
    view = web.tracker("activate", lang="ja", values={"by": "A", "card": "Counter Cleaner"})
    text = view["feedback"]["text"]
    assert "「カウンター・クリーナー」" in text and not bare_names(text), text
    refused = web.tracker("activate", lang="ja", values={"by": "A", "card": "Power Bond", "summon": "Cyber End Dragon"})
    assert not bare_names(refused["feedback"]["text"]), refused["feedback"]["text"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pages_word_events_and_refusals_as_python_does(tmp_path, lang):
    """site/js (verdict.js eventText, cards.js localArgs) against rulings_lib.cards.in_words, for every
    event and refusal of every shipped scenario: the verdict and the steps read as the transcript."""
    for name, data in files().items():
        if name.startswith(("words.", "cards.")):
            (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    messages, expected = [], []
    for path in builtin_scenarios():
        sc = load_scenario(path)
        out = json.loads(json.dumps(run_scenario(sc).outcome, ensure_ascii=False, default=str))
        for m in out["events"] + [r for r in out["rejected"] if r.get("code")]:
            messages.append({"code": m["code"], "args": m.get("args") or {}, "text": m.get("text")})
            expected.append(in_words(m["code"], m.get("args"), lang, FORMATS[sc.format].cards))
    proc = node.run(ROOT / "tests" / "site" / "page_words.mjs", tmp_path, lang, "events", timeout=120,
                    input=json.dumps(messages, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    wrong = [(m["code"], p, j) for m, p, j in zip(messages, expected, got, strict=True) if p != j]
    assert not wrong, wrong[:5]
    assert len(messages) > 500
