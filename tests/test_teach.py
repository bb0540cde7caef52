"""What the notebooks teach with (rulings_lib/widgets/teach.py, exercises.py): answers read as people
type them, a hint before the answer, the short transcript with the full one a click away."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings_lib.i18n import render
from rulings_lib.widgets.exercises import EXERCISES, exercise
from rulings_lib.widgets.teach import (
    Unreadable,
    card_name,
    explain,
    played,
    read_answer,
    short_lines,
    show_value,
)

IDS = sorted(EXERCISES)


@given(st.integers(min_value=0, max_value=100000), st.sampled_from(["{}", " {} ", "{} SPC", "{}個", "{}ダメージ"]))
def test_a_number_is_read_however_it_is_typed(n, form):
    typed = form.format(f"{n:,}")
    assert read_answer("number", typed) == n
    assert read_answer("number", typed.translate(str.maketrans("0123456789", "０１２３４５６７８９"))) == n


@given(st.permutations(["blue-A", "blue-B", "red-B"]), st.sampled_from([", ", " and ", "、", " と ", " "]))
def test_players_in_any_order_and_any_separator(players, sep):
    assert read_answer("players", sep.join(players)) == sorted(players)
    assert read_answer("players", list(players)) == sorted(players)


@pytest.mark.parametrize("typed, value", [
    ("yes", True), ("No", False), ("いいえ", False), ("はい", True), (True, True), ("できません", False),
    ("false", False), ("×", False)])
def test_yes_and_no_in_both_languages(typed, value):
    assert read_answer("yesno", typed) is value


@pytest.mark.parametrize("kind, typed, value", [
    ("duelist", "b2", "B2"), ("duelist", "Ｂ２", "B2"), ("duelist", "Bの2番手", "B2"), ("duelist", "B's 2nd", "B2"),
    ("duelist", "Bの二番手", "B2"), ("duelist", "A三番手", "A3"), ("duelist", "team A's second", "A2"),
    ("team", "team a", "A"), ("team", "チームB", "B"), ("tag", "青", "blue"), ("tag", "Red", "red"),
    ("player", "red A", "red-A"), ("player", "赤のA", "red-A"), ("duelists", "nobody", []), ("duelists", "なし", []),
    ("duelists", [], []), ("team_numbers", "A 8, B 8", {"A": 8, "B": 8}), ("team_numbers", {"a": "8", "B": 8},
                                                                          {"A": 8, "B": 8}),
    ("rule", "wrgp h2", "WRGP-H2")])
def test_the_forms_people_type(kind, typed, value):
    assert read_answer(kind, typed) == value


@pytest.mark.parametrize("kind, typed", [("number", "3 or 4"), ("number", True), ("yesno", "maybe"), ("team", "C"),
                                         ("duelist", "C1"), ("tag", "green"), ("team_numbers", "8")])
def test_what_cannot_be_read_is_said_so(kind, typed):
    with pytest.raises(Unreadable):
        read_answer(kind, typed)


@pytest.mark.parametrize("ex_id", IDS)
def test_every_exercise_accepts_the_engines_ruling_and_hints_first(ex_id):
    for lang in ("en", "ja"):
        ex = exercise(ex_id, lang)
        ruling = ex.ruling()
        assert ex.feedback(ruling) == render("teach.check.correct", {"why": ex.why()}, lang)
        shown = show_value(ex.kind, ruling, lang)
        assert ex.feedback(shown).startswith(render("teach.check.correct", {"why": ""}, lang).strip())
        hint = render(f"teach.ex.{ex_id}.hint", {}, lang)
        assert hint and hint in ex.feedback("1" if ex.kind != "number" else ruling + 1) or ex.kind != "number"
        assert ex.feedback(...) == render("teach.check.waiting", {}, lang)
        assert any(rule in ex.why() for rule in ex.rules)


@pytest.mark.parametrize("ex_id", [i for i in IDS if EXERCISES[i].kind in ("number", "duelist", "team_numbers",
                                                                            "players", "player")])
def test_a_wrong_prediction_gets_a_hint_not_the_answer(ex_id):
    for lang in ("en", "ja"):
        ex = exercise(ex_id, lang)
        wrong = {"number": lambda r: r + 1, "duelist": lambda r: ("A" if r[0] == "B" else "B") + r[1],
                 "team_numbers": lambda r: {k: v + 2 for k, v in r.items()}, "players": lambda r: ["red-B"],
                 "player": lambda r: "blue-B" if r != "blue-B" else "red-B"}[ex.kind](ex.ruling())
        said = ex.feedback(wrong)
        assert said.startswith(render("teach.check.not_yet", {"hint": ""}, lang).split("{")[0][:4])
        plain = re.sub(r"(WRGP|TAG|STD)-[A-Z]+\d*", "", said)          # rule ids aside
        assert not re.search(rf"(?<![\w.]){re.escape(show_value(ex.kind, ex.ruling(), lang))}(?![\w.])", plain), said


def test_a_wrong_answer_hint_then_the_answer_on_request(capsys):
    ex = exercise("wrgp-loss-counters-cap")
    ex.check("14")
    ex.check("１２")
    ex.answer()
    out = capsys.readouterr().out
    assert out.startswith("Not yet. Hint: Work out what A2's loss is worth")
    assert "Correct! 12: team A's 2nd lost" in out and out.rstrip().endswith("the Reading counter-cap-12).")


def test_the_short_transcript_keeps_what_decides():
    pb = played("power-bond-handover")
    short = short_lines(pb)
    full = explain(pb).full
    assert len(short) < len(full.splitlines())
    assert not any("[STD-TURN]" in line for line in short)           # phase notices left out
    assert "• [WRGP-H1] run-on: End Phase" in short and any(line.startswith("✗ refused [WRGP-H2]") for line in short)
    assert any("[WRGP-D3]" in line for line in short)
    assert "Expectations:" in full and "Expectations:" not in "\n".join(short)


def test_the_full_transcript_is_a_click_away_and_stable():
    e = explain("destruction-ring-draw", "ja")
    html = e._repr_html_()
    assert "<details><summary>全記録" in html and html == explain("destruction-ring-draw", "ja")._repr_html_()
    assert "破壊指輪" in e.short and "Destruction Ring" not in e.short and "Destruction Ring" not in e.full
    assert e.full.startswith("シナリオ: 「破壊指輪」の引分け")         # the title in Japanese too
    assert str(e) == e.short == repr(e)


def test_card_names_in_the_readers_language():
    assert card_name("Power Bond", "ja") == "パワー・ボンド" and card_name("Power Bond") == "Power Bond"
    assert card_name("a burn card (made up)", "ja") == "a burn card (made up)"
    assert card_name("はかいリング", "ja") == "破壊指輪" and card_name("破壊指輪") == "Destruction Ring"
    assert card_name("Speed World", "ja") == "スピード・ワールド"
    from rulings_lib.widgets.teach import _named
    assert _named("Dark Magician Girl beside Dark Magician", "ja") == "Dark Magician Girl beside ブラック・マジシャン"


def test_card_names_come_from_the_catalogue_one_source():
    """Every real card's Japanese name is the catalogue's; the only names the teaching helpers add
    are the made-up cards of the shipped scenarios, which name no real card."""
    from rulings_lib.formats import FORMATS
    from rulings_lib.scenario import builtin_scenarios, load_scenario
    from rulings_lib.widgets.teach import MADE_UP_JA, card_names_ja

    for fmt in FORMATS.values():
        for c in fmt.catalogue():
            assert card_name(c.en, "ja") == c.name["ja"] == card_names_ja()[c.en]
    assert not [n for n in MADE_UP_JA if any(f.catalogue().card(n) for f in FORMATS.values())]
    assert all("made up" in n or n.startswith("a ") for n in MADE_UP_JA)
    # the scenarios' Japanese titles write real cards by their official Japanese names, not the
    # rulebook's spellings
    titles_ja = [load_scenario(p).title_in("ja") for p in builtin_scenarios()]
    for fmt in FORMATS.values():
        for c in fmt.catalogue():
            for alias in c.aliases:
                if alias not in c.name["ja"] and not alias.isascii():
                    assert not [t for t in titles_ja if alias in t], alias


def test_japanese_transcripts_show_japanese_card_names():
    from rulings_lib.formats import FORMATS

    for name in ("cards-destruction-ring-draw", "cards-sparks-chain-strike", "cards-power-bond-handover",
                 "cards-lasting-effects", "team-deck-check"):
        e = explain(name, "ja")
        named = [c for c in FORMATS["wrgp"].catalogue() if c.en in e.short or c.en in e.full]
        assert named == [], (name, [c.en for c in named])


def test_teaching_needs_no_jupyter():
    code = ("import sys, rulings_lib.widgets.teach, rulings_lib.widgets.exercises as x; "
            "x.exercise('wrgp-loss-counters-cap').check('12'); "
            "print(sorted(m for m in ('ipywidgets', 'IPython', 'graphviz') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"


# --------------------------------------------------------------------------- real cards do what they do
# The printed LP effect of the real cards the shipped scenarios and exercises name (damage or gain, the
# amount; None: the card has no such effect). The card catalogue (rulings_lib/cards) will take this over.
REAL_CARDS = {"Ookazi": 800, "Dian Keto the Cure Master": 1000, "Sparks": 200, "Destruction Ring": 1000,
              "Pot of Generosity": None, "Sinister Serpent": None, "Cyber Dragon": None}
SPELL_SPEED_1 = {"Ookazi", "Dian Keto the Cure Master", "Pot of Generosity"}


def _lp_effects(scenario, refused=()):
    """(card, amount or None, chain link number or 0) for every step that names a card with an LP effect
    (a step the scenario shows refused aside: it shows what a card cannot do)."""
    for step in scenario.steps:
        if step.number in refused:
            continue
        args = step.args if isinstance(step.args, dict) else {}
        if step.verb in ("damage", "gain") and "card" in args:
            yield args["card"], args.get("amount"), 0
        if step.verb == "chain":
            for n, link in enumerate(step.args, 1):
                effect = link.get("damage") or link.get("gain") or {}
                yield link.get("card", ""), effect.get("amount"), n


def test_no_shipped_scenario_names_a_real_card_with_an_effect_it_lacks():
    from rulings_lib.scenario import builtin_scenarios, load_scenario

    wrong = []
    for path in builtin_scenarios():
        refused = {r["step"] for r in played(path).outcome["rejected"]}
        for card, amount, link in _lp_effects(load_scenario(path), refused):
            if card in REAL_CARDS and REAL_CARDS[card] is None:
                wrong.append(f"{path.name}: {card} has no such effect")
            elif card in REAL_CARDS and amount is not None and amount != REAL_CARDS[card]:
                wrong.append(f"{path.name}: {card} deals or gains {REAL_CARDS[card]}, not {amount}")
            if card in SPELL_SPEED_1 and link > 1:
                wrong.append(f"{path.name}: {card} is Spell Speed 1, so it cannot be chain link {link}")
    assert wrong == []


def test_the_notebooks_name_no_misused_card():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "notebooks"
    texts = {p.name: p.read_text(encoding="utf-8") for p in [*root.glob("py/*.py"), *root.glob("ja/py/*.py")]}
    for card in ("Ookazi", "Pot of Generosity", "Sinister Serpent", "Dian Keto", "Cyber Dragon "):
        assert not [name for name, text in texts.items() if card in text], card


def test_the_faq_by_topic_holds_every_entry_once_wrgp_first_readings_marked():
    from rulings_lib.faq import load_faq
    from rulings_lib.widgets.teach import faq_by_topic, faq_text

    entries = load_faq(run=False)
    for lang in ("en", "ja"):
        topics = faq_by_topic(entries, lang)
        grouped = [e.id for _, group in topics for e in group]
        assert sorted(grouped) == sorted(e.id for e in entries) and len(set(grouped)) == len(grouped)
        games = [group[0].rules[0].split("-")[0] for _, group in topics]
        assert games == sorted(games, key=lambda g: g != "WRGP")          # one game after the other
        text = faq_text(entries, lang)
        with_reading = [e for e in entries if getattr(e, "reading", None)]
        assert all(render("teach.faq.reading", {"id": e.reading}, lang) in text for e in with_reading)


def test_tag_deck_checks_speak_japanese_in_japanese_transcripts():
    import json
    from pathlib import Path

    en = json.loads((Path(__file__).resolve().parents[1] / "rulings_lib" / "i18n" / "tagdeck.en.json")
                    .read_text(encoding="utf-8"))
    fragments = {part.strip() for code, text in en.items() if code.startswith("tagdeck.finding.")
                 for part in re.split(r"\{\w+\}", text) if len(part.strip()) >= 8}
    for name in ("deck-check", "deck-check-digivice", "deck-check-digivice-pool"):
        e = explain(name, "ja")
        said = e.short + e.full.split("期待した結果")[0]      # the expectations quote the English verdict
        assert [f for f in fragments if f in said] == [], name
        assert "デックの違反" in said or "デックの注意" in said   # the regulation writes デック


def _notebook_cells():
    from pathlib import Path

    import jupytext

    root = Path(__file__).resolve().parents[1] / "notebooks"
    for path in sorted([*root.glob("py/*.py"), *root.glob("ja/py/*.py")]):
        for cell in jupytext.read(path).cells:
            if cell.cell_type == "code":
                yield str(path.relative_to(root)), cell


def test_every_exercise_is_asked_in_sight_and_answered_behind_a_button():
    # The prediction cell is where the reader types: never hidden. The full answer is behind a button
    # (``.reveal()``), never printed unasked: a collapsed solution cell still prints it on Run All.
    checks = buttons = 0
    for name, cell in _notebook_cells():
        hidden = cell.metadata.get("jupyter", {})
        if ".check(" in cell.source:
            checks += 1
            assert not hidden.get("source_hidden") and "solution" not in cell.metadata.get("tags", []), \
                f"{name}: the prediction cell {cell.source!r} is hidden"
        if ".reveal()" in cell.source:
            buttons += 1
            assert not hidden, f"{name}: the answer button {cell.source!r} is hidden"
        assert ".answer()" not in cell.source, f"{name}: {cell.source!r} prints the answer unasked"
    assert checks == buttons == 2 * len(EXERCISES)


def test_the_japanese_notebooks_wording():
    # What a bilingual judge flagged in Japanese: the words, the card names in 「」, no
    # English full stop in Japanese prose.
    from pathlib import Path

    from rulings_lib.widgets.teach import card_names_ja

    names = sorted({n for n in card_names_ja().values() if len(n) >= 3 and "（" not in n}, key=len, reverse=True)
    root = Path(__file__).resolve().parents[1] / "notebooks" / "ja" / "py"
    for path in sorted(root.glob("*.py")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith("# ") or line.startswith("# %%"):
                continue
            prose = re.sub(r"`[^`]*`", "", line)
            where = f"{path.name}:{i}"
            for bad in ("退場", "交代したプレイヤー", "触れますか", "払える", "元の持ち主"):
                assert bad not in prose, (where, bad)
            assert not re.search(r"[ぁ-んァ-ヶ一-龠]\.(?:\s|$)", prose), (where, "an English full stop")
            if not path.name.startswith("08"):
                assert "パートナー" not in prose, where
            for m in re.finditer("|".join(map(re.escape, names)), prose):
                assert prose[m.start() - 1:m.start()] == "「", (where, m.group())     # 「name」


def test_every_card_a_wrgp_scenario_names_is_in_the_catalogue_or_said_to_be_made_up():
    # A real card is named from the catalogue (so it does what the card does, in either language);
    # anything else is a made-up card, described as one and said in Japanese (teach.MADE_UP_JA).
    import yaml

    from rulings_lib.formats import FORMATS
    from rulings_lib.scenario import builtin_scenarios
    from rulings_lib.widgets.teach import MADE_UP_JA
    from rulings_lib.wrgp.verbs import copy_of  # a later copy of a card, NAME #2

    card = FORMATS["wrgp"].catalogue().card

    def names(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k in ("card", "with", "summon") and isinstance(v, str):
                    yield v
                yield from names(v)
        elif isinstance(x, list):
            for v in x:
                yield from names(v)

    def described(data) -> set:
        # A real card the catalogue does not hold, described by hand with its numbers: the scenario
        # expects the outcome to name the catalogue card it only resembles (look-alikes).
        return set((data.get("expect") or {}).get("resembles") or {})

    unknown = sorted({(p.name, n) for p in builtin_scenarios() if p.parent.name == "wrgp"
                      for data in [yaml.safe_load(p.read_text(encoding="utf-8"))]
                      for n in names(data)
                      if card(copy_of(n)[0]) is None and n not in MADE_UP_JA and n not in described(data)})
    assert unknown == []
