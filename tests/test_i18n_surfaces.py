"""Japanese everywhere a person reads: the command line, input errors, deck reports,
the FAQ, the widgets and the diagrams speak Japanese with ``--lang ja`` (or a Japanese locale) and
stay as they were in English."""

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulings_lib.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "rulings_lib" / "scenarios"
POWER_BOND = SCEN / "wrgp" / "power-bond-handover.yaml"
WRGP_SAMPLES = ROOT / "rulings_lib" / "samples" / "wrgp"
TAG_SAMPLES = ROOT / "rulings_lib" / "samples" / "tag"


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    """The machine's own locale must not decide these tests (each says which language it wants)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------------------ rulings run / check
def test_run_transcript_in_japanese_and_english_unchanged(capsys):
    code_en, en, _ = run(capsys, "run", str(POWER_BOND))
    code_default, default, _ = run(capsys, "run", str(POWER_BOND), "--lang", "en")
    code_ja, ja, _ = run(capsys, "run", str(POWER_BOND), "--lang", "ja")
    assert code_en == code_default == code_ja == 0
    # the engine's verdict first, then the transcript
    assert en == default and en.startswith("Verdict:\n") and "\nScenario: " in en and "Final state:" in en
    assert ja.startswith("裁定:\n") and "\nシナリオ: " in ja and "最終状態:" in ja and "期待した結果:" in ja and "手順5" in ja
    assert "スピードカウンター" in ja and "番手" in ja      # the final state in the rulebook's terms
    # the same numbered lines with the same rule ids, whatever the language
    rules = lambda text: [line.split("[", 1)[1].split("]")[0] for line in text.splitlines() if "[" in line]  # noqa: E731
    assert rules(en)[:24] == rules(ja)[:24]


def test_the_locale_chooses_when_no_lang_is_given(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert run(capsys, "run", str(POWER_BOND))[1].startswith("裁定:")
    assert run(capsys, "run", str(POWER_BOND), "--lang", "en")[1].startswith("Verdict:")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert run(capsys, "run", str(POWER_BOND))[1].startswith("Verdict:")


def test_the_locale_in_a_fresh_process():
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "check", str(SCEN / "wrgp")],
                          capture_output=True, text=True, env={**env, "LANG": "ja_JP.UTF-8"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("シナリオ") and "合格" in proc.stdout


def test_json_keeps_english_texts_and_adds_codes(capsys):
    _, en, _ = run(capsys, "run", str(POWER_BOND), "--json")
    _, ja, _ = run(capsys, "run", str(POWER_BOND), "--json", "--lang", "ja")
    assert en == ja                                   # JSON is data: the same in every language
    out = json.loads(en)
    assert all({"code", "args"} <= set(e) for e in out["events"])


def test_check_in_japanese(capsys):
    code, out, _ = run(capsys, "check", str(SCEN), "--lang", "ja", "-v")
    assert code == 0
    assert out.splitlines()[-1].startswith("シナリオ") and "合格" in out and "一致  " in out


def test_a_failed_expectation_in_japanese(tmp_path, capsys):
    f = tmp_path / "wrong.yaml"
    f.write_text(POWER_BOND.read_text(encoding="utf-8").replace("lp: {A: 8000, B: 8000}", "lp: {A: 1, B: 8000}"),
                 encoding="utf-8")
    code, out, _ = run(capsys, "check", str(f), "--lang", "ja")
    assert code == 1 and "期待した結果と違います: lp" in out


# ------------------------------------------------------------------------------ input errors
@pytest.mark.parametrize("text, en, ja", [
    ("format: wrgp\nsteps: [{fly: {}}]\n", "unknown verb 'fly'", "不明な動詞 'fly'"),
    ("format: wrgp\ntitle: a\ntitle: b\n", "duplicate key 'title'", "キー 'title' が重複しています"),
    ("format: wrgp\nsteps:\n  - damage: {by: A, to: opponent, amount: -5}\n", "expected a whole number",
     "までの整数を書いてください"),
    ("", "empty file", "空のファイル"),
])
def test_input_errors_in_japanese_one_line_exit_2(tmp_path, capsys, text, en, ja):
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    code_en, _, err_en = run(capsys, "run", str(f))
    code_ja, _, err_ja = run(capsys, "run", str(f), "--lang", "ja")
    assert code_en == code_ja == 2
    assert en in err_en and ja in err_ja
    assert err_ja.startswith(str(f) + ":") and err_ja.count("\n") == 1 and "Traceback" not in err_ja


def test_a_missing_file_in_japanese(tmp_path, capsys):
    code, _, err = run(capsys, "run", str(tmp_path / "nope.yaml"), "--lang", "ja")
    assert code == 2 and "ファイルが見つかりません（YAMLのシナリオファイルを指定してください）" in err


def test_a_deck_error_inside_a_scenario_step_is_japanese_throughout(tmp_path, capsys):
    (tmp_path / "d.ydk").write_text("#main\nabc\n", encoding="utf-8")
    f = tmp_path / "s.yaml"
    f.write_text("format: wrgp\nsteps:\n  - check_team: {team: A, decks: [d.ydk], banlist: d.ydk}\n", encoding="utf-8")
    code, _, err = run(capsys, "run", str(f), "--lang", "ja")
    assert code == 2 and "steps[1].check_team:" in err and "パスワード（ASCIIの数字0-9）" in err


# ------------------------------------------------------------------------------ deck reports
def test_wrgp_team_report_in_japanese(capsys):
    decks = sorted(str(p) for p in (WRGP_SAMPLES / "team-illegal").glob("*.ydk"))
    args = ["wrgp", "check-team", *decks, "--banlist", str(WRGP_SAMPLES / "lflist.conf"),
            "--cards", str(WRGP_SAMPLES / "cards.cdb")]
    code_en, en, _ = run(capsys, *args)
    code_ja, ja, _ = run(capsys, *args, "--lang", "ja")
    assert code_en == code_ja == 1
    assert en.startswith("WRGP-S2 team deck check: ILLEGAL")
    assert ja.startswith("WRGP-S2 チームのデッキチェック: 不適正") and "禁止" in ja and "制限" in ja
    assert len(en.splitlines()) == len(ja.splitlines())


def test_tag_deck_report_in_japanese(capsys):
    args = ["tag", "check-deck", str(TAG_SAMPLES / "illegal.txt"), "--cards", str(TAG_SAMPLES / "sample-catalogue.csv")]
    code, ja, _ = run(capsys, *args, "--lang", "ja")
    assert code == 1
    assert ja.splitlines()[-1].startswith("結果: 不適正") and "レベル３デジモン" in ja
    assert run(capsys, *args)[1].splitlines()[-1].startswith("Result: ILLEGAL")


def test_faq_text_follows_the_lang_then_the_locale(monkeypatch, capsys):
    en, ja = run(capsys, "faq", "--lang", "en")[1], run(capsys, "faq", "--lang", "ja")[1]
    assert en.startswith("# WRGP") and ja.startswith("# WRGPルール") and "== 1. 試合の前に" in ja
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert run(capsys, "faq")[1] == ja


# ------------------------------------------------------------------------------ the FAQ page
def test_the_faq_page_switches_transcripts_with_the_language():
    from rulings_lib.faq import load_faq
    from rulings_lib.faq.html import render_html

    page = render_html(load_faq()[:2], diagrams=False)
    assert '<pre lang="en">Scenario: ' in page and '<pre lang="ja">シナリオ: ' in page
    assert re.search(r'class="state[^"]*" lang="ja"', page)    # the pictures too (wide and phone layouts)
    assert "body.en [lang=ja],body.ja [lang=en]{display:none}" in page


# ------------------------------------------------------------------------------ widgets
def test_every_widget_has_a_language_toggle_that_redraws_it():
    widgets = pytest.importorskip("rulings_lib.widgets")

    calc = widgets.SpeedWorldCalculator(a=2, b=1, spc=7)
    assert "calculator" in calc.heading.value and calc.a.description == "a (your position)"
    calc.lang = "ja"
    assert "計算機" in calc.heading.value and calc.a.description == "a（自分の番手）"
    assert "相手に3200ダメージを与える" in calc.result.value

    stepper = widgets.ScenarioStepper(start="power-bond-handover", step=3)
    stepper.lang = "ja"
    assert "手順3" in stepper.transcript.value and stepper.back.description == "◀ 戻る"
    assert stepper.state.value.count("手順3/") == 1 and 'lang="ja"' in stepper.picture.value

    tracker = widgets.MatchTracker(lang="ja")
    assert tracker.buttons["end_turn"].description == "ターン終了" and "スピードカウンター" in tracker.status.value
    tracker.lang = "en"
    assert tracker.buttons["end_turn"].description == "End turn"

    helper = widgets.TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
                                   lang="ja")
    assert "次のターン: blueが先攻 [TAG-N2]" in helper.result.value and helper.first.description == "先攻"


def test_explain_speed_world_in_japanese():
    widgets = pytest.importorskip("rulings_lib.widgets")
    assert widgets.explain_speed_world(1, 2, 4, "ja").splitlines()[1] == \
        " 4 SPC: 相手に800ダメージを与える（a < b: ちょうど800） -- 使える"


def test_a_saved_match_error_in_japanese(tmp_path):
    from rulings_lib.record import MatchFileError, RecordedMatch

    f = tmp_path / "m.json"
    f.write_text('{"format": "rulings-kit-match", "version": 1, "oops": 1}', encoding="utf-8")
    with pytest.raises(MatchFileError) as info:
        RecordedMatch.load(f)
    assert "不明なキー 'oops'" in info.value.render("ja") or "保存した試合" in info.value.render("ja")


# ------------------------------------------------------------------------------ diagrams
def test_each_phase_diagram_has_a_japanese_twin_from_the_same_tables():
    pytest.importorskip("graphviz")
    from rulings_lib.diagrams import tag_next_turn, tag_turn, wrgp_handover, wrgp_turn

    for build in (wrgp_turn, wrgp_handover, tag_turn, tag_next_turn):
        en, ja = build(), build(lang="ja")
        assert ja.name == en.name + ".ja"
        assert list(en.nodes) == list(ja.nodes)                       # the same tables, node for node
        assert [(e.tail, e.head, e.rules) for e in en.edges] == [(e.tail, e.head, e.rules) for e in ja.edges]
        assert [n.rules for n in en.nodes.values()] == [n.rules for n in ja.nodes.values()]
        assert 'fontname="Noto Sans CJK JP"' in ja.source and "Noto" not in en.source
    assert wrgp_turn(lang="ja").nodes["t_battle"].title == "バトルフェイズ"
    assert "先攻Ａ ＞ 後攻Ａ ＞ 先攻Ｂ ＞ 後攻Ｂ" in tag_turn(lang="ja").source


# ------------------------------------------------------------------------------ readings: a leaf
def test_the_readings_registry_imports_nothing_of_the_kit_at_module_level():
    # Only the value classes' base, itself a leaf (it imports nothing at all).
    def top_imports(name):
        tree = ast.parse((ROOT / "rulings_lib" / name).read_text(encoding="utf-8"))
        return [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)
                and not (isinstance(n, ast.ImportFrom) and n.module == "__future__")]

    assert all(isinstance(n, ast.ImportFrom) and n.level == 1 and n.module == "values"
               for n in top_imports("readings.py"))
    assert top_imports("values.py") == []
    from rulings_lib.formats import FORMATS
    from rulings_lib.readings import readings

    records = list(FORMATS.values())        # each format's tables register its Readings when loaded
    assert {r.format for r in readings()} == set(FORMATS) == {f.name for f in records}
    assert {"banlist-strictest-passcode", "team-count-by-name"} <= {r.id for r in readings("wrgp")}


# ------------------------------------------------------------------------------ the engines speak in codes
def _shipped_results():
    from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

    return [run_scenario(load_scenario(p), keep_snapshots=True) for p in builtin_scenarios()]


def test_every_event_and_rejection_of_every_shipped_scenario_has_a_code_in_both_languages():
    from rulings_lib.events import event_text
    from rulings_lib.i18n import render

    seen = set()
    for result in _shipped_results():
        for e in result.outcome["events"]:
            assert e["code"], (result.scenario.name, e)
            assert event_text(e, "en") == e["text"]                 # the English is the catalogue's text
            seen.add(e["code"])
            ja = event_text(e, "ja")
            assert ja and ja != e["text"], (e["code"], ja)
        for r in result.outcome["rejected"]:
            assert r["code"] and render(r["code"], r["args"], "en") == r["reason"]
            assert render(r["code"], r["args"], "ja") != r["reason"]
    assert len(seen) > 90          # the shipped scenarios reach most of the engines' messages


def test_the_path_is_read_from_codes_not_wording():
    pytest.importorskip("graphviz")
    from rulings_lib.diagrams import trace
    from rulings_lib.scenario import builtin_scenarios

    ring = next(p for p in builtin_scenarios("wrgp") if p.stem == "destruction-ring-draw")
    nodes = trace(ring).nodes
    # WRGP-D1: both at 0 by one card goes through its own node (the words of the event do not matter)
    assert nodes[:4] == ["t_main1", "ho_condition", "ho_d1", "ho_loss"]


def test_the_source_examples_read_entirely_in_japanese(capsys):
    for name in ("destruction-ring-draw", "sparks-chain-strike", "power-bond-handover"):
        out = run(capsys, "run", str(SCEN / "wrgp" / f"{name}.yaml"), "--lang", "ja")[1]
        events = [line for line in out.splitlines() if line[:4].strip().rstrip(".").isdigit()]
        assert events and all("手順" in line or "準備" in line for line in events)
    out = run(capsys, "run", str(SCEN / "wrgp" / "power-bond-handover.yaml"), "--lang", "ja")[1]
    assert "引き継ぎ: B2がライフポイント8000でB1から引き継ぐ" in out and "バトルを中断し" in out
