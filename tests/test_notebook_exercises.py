"""Every exercise is a prediction about a case the notebook has not shown, and its answer stays out
of sight until the reader asks for it.

* each exercise's case (a scenario the engine plays: rulings_lib/widgets/exercises.py) is none of
  the scenarios its notebook shows before it: compared by the starting position and the steps as
  written, and by the starting position and the events the engine makes of them (the same case in
  other words: cards by name or by effect);
* the answer is behind a button (``exercise(ID).reveal()``): no stored output and no visible source
  of any notebook holds an exercise's answer, also after Run All (what tools/refresh_notebooks.py
  stores), and the button works the answer out only when pressed;
* every exercise is asked in both editions (English and Japanese), each with its answer button.

All notebooks are checked, the tag battle's (08) too.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import jupytext
import nbformat
import pytest

from rulings_lib.i18n import render
from rulings_lib.widgets.exercises import EXERCISES, exercise

ROOT = Path(__file__).resolve().parents[1]
NB_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted([*NB_DIR.glob("*.ipynb"), *(NB_DIR / "ja").glob("*.ipynb")])
IDS = [str(p.relative_to(NB_DIR)) for p in NOTEBOOKS]
ASKED = re.compile(r"""exercise\(\s*["']([^"']+)["']""")
LITERAL = re.compile(r"""["']([a-z0-9][a-z0-9-]*[a-z0-9])["']""")


@cache
def _builtin() -> dict:
    from rulings_lib.scenario import builtin_scenarios

    return {p.stem: p for p in builtin_scenarios()}


@cache
def _faq_scenarios() -> tuple[str, ...]:
    from rulings_lib.faq import load_faq

    return tuple(sorted({Path(e.scenario).stem for e in load_faq(run=False)}))


def _key(scenario) -> tuple:
    """(format, the starting position, the steps as written) and (format, the starting position,
    the engine's events and deck verdicts): two cases are the same if either agrees."""
    from rulings_lib.formats import get as get_format
    from rulings_lib.scenario import run_scenario

    start = json.dumps(get_format(scenario.format).new_match(scenario.setup).state(), sort_keys=True, default=str)
    written = json.dumps([(s.verb, s.raw) for s in scenario.steps], sort_keys=True, default=str)
    outcome = run_scenario(scenario).outcome
    events = json.dumps([(e["code"], e["args"]) for e in outcome["events"]], sort_keys=True, default=str)
    # a deck check's case is its decks: two teams with the same verdict are still two cases
    decks = json.dumps([s.raw for s in scenario.steps if s.verb.startswith("check_")], sort_keys=True, default=str)
    verdicts = json.dumps(outcome.get("deck_checks"), sort_keys=True, default=str)
    return (scenario.format, start, written), (scenario.format, start, events, verdicts, decks)


@cache
def _shown_key(name: str) -> tuple:
    from rulings_lib.scenario import load_scenario

    return _key(load_scenario(_builtin()[name]))


def _shown_by(source: str) -> set[str]:
    """The built-in scenarios a code cell shows: named in it, or every FAQ entry's if it prints the FAQ."""
    names = {m for m in LITERAL.findall(source) if m in _builtin()}
    if "faq_text(" in source or "faq_by_topic(" in source:
        names |= set(_faq_scenarios())
    return names


def _cells(path: Path):
    return nbformat.read(path, as_version=4).cells


def _asked(cell) -> str | None:
    m = ASKED.search(cell.source) if cell.cell_type == "code" else None
    return m.group(1) if m and ".check(" in cell.source else None


# ----------------------------------------------------------------------- a case not shown before
def cases_shown_before(path: Path) -> list[str]:
    """Each exercise of the notebook whose case is a scenario shown above it (or an earlier exercise's)."""
    found, shown, earlier = [], set(), {}
    for cell in _cells(path):
        if cell.cell_type != "code":
            continue
        ex_id = _asked(cell)
        if ex_id is None:
            shown |= _shown_by(cell.source)
            continue
        own = _key(EXERCISES[ex_id].scenario())
        for name in sorted(shown):
            if any(a == b for a, b in zip(own, _shown_key(name), strict=True)):
                found.append(f"{ex_id}: its case is the scenario {name}, shown above it")
        for other, key in earlier.items():
            if any(a == b for a, b in zip(own, key, strict=True)):
                found.append(f"{ex_id}: its case is exercise {other}'s")
        earlier[ex_id] = own
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_every_exercise_is_a_case_the_notebook_has_not_shown(path):
    assert cases_shown_before(path) == []


def test_the_comparison_finds_a_shown_case_in_other_words(tmp_path):
    # An exercise that asks about the scenario a notebook shows -- here written with the card's
    # effect spelled out instead of the card's name -- is found.
    from rulings_lib.scenario import load_scenario, scenario_from_text

    named = load_scenario(_builtin()["cards-sparks-chain-strike"])
    spelled = scenario_from_text("""format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, lp: {A: 200, B: 200}}}
steps:
  - chain:
      - {by: A, card: Sparks, damage: {to: opponent, amount: 200}}
      - {by: B, card: Chain Strike, damage: {to: opponent, per_link: 400}}
  - end_turn: {}
""")
    assert _key(spelled)[1] == _key(named)[1] and _key(spelled)[0] != _key(named)[0]
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell('explain("cards-sparks-chain-strike")'),
        nbformat.v4.new_code_cell('exercise("wrgp-sparks-first-loser").check(...)')])
    path = tmp_path / "nb.ipynb"
    nbformat.write(nb, path)
    assert cases_shown_before(path) == []            # the mirror is not the shown case
    from rulings_lib.widgets import exercises as X

    copy = X.Exercise("shown-copy", "duelist", ("WRGP-D2",), Path(named.path).read_text(encoding="utf-8"),
                      lambda r: r.outcome["out"][0])
    X.EXERCISES["shown-copy"] = copy
    try:
        nb.cells[1].source = 'exercise("shown-copy").check(...)'
        nbformat.write(nb, path)
        assert cases_shown_before(path) == ["shown-copy: its case is the scenario cards-sparks-chain-strike, shown above it"]
    finally:
        del X.EXERCISES["shown-copy"]


# ----------------------------------------------------------------------- the answer out of sight
@cache
def _answers() -> dict[str, list[str]]:
    """Each exercise's full answer, in both languages (what ``answer()`` and the button print)."""
    return {i: [exercise(i, lang).why() for lang in ("en", "ja")] for i in EXERCISES}


def answers_in_sight(path: Path) -> list[str]:
    """Where a notebook shows an exercise's answer: a stored output, or a cell's visible source;
    and an exercise cell without its answer button, or an answer printed unasked (``.answer()``)."""
    found = []
    cells = _cells(path)
    asked = [i for c in cells if (i := _asked(c))]
    buttons = [m.group(1) for c in cells if c.cell_type == "code" and ".reveal()" in c.source
               for m in [ASKED.search(c.source)] if m]
    if asked != buttons:
        found.append(f"each exercise needs its answer button after it: asked {asked}, buttons {buttons}")
    for n, cell in enumerate(cells, 1):
        if cell.cell_type == "code" and re.search(r"\.answer\(\)", cell.source):
            found.append(f"cell {n}: prints an answer unasked (Run All runs it): {cell.source.strip()!r}")
        outputs = json.dumps([o for o in cell.get("outputs", [])], ensure_ascii=False)
        hidden = cell.metadata.get("jupyter", {}).get("source_hidden", False)
        for ex_id, whys in _answers().items():
            for why in whys:
                if json.dumps(why, ensure_ascii=False)[1:-1] in outputs:
                    found.append(f"cell {n}: a stored output holds the answer to {ex_id}")
                if why in cell.source and not hidden:
                    found.append(f"cell {n}: its source holds the answer to {ex_id}")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_answer_is_in_sight_after_run_all(path):
    assert answers_in_sight(path) == []


def test_the_answer_check_finds_a_stored_answer(tmp_path):
    ex = exercise("wrgp-loss-counters-cap", "ja")
    code = nbformat.v4.new_code_cell('exercise("wrgp-loss-counters-cap", lang="ja").check(...)')
    solution = nbformat.v4.new_code_cell('exercise("wrgp-loss-counters-cap", lang="ja").answer()')
    solution.outputs = [nbformat.v4.new_output("stream", name="stdout",
                                                text=render("teach.check.answer", {"why": ex.why()}, "ja") + "\n")]
    solution.metadata["jupyter"] = {"source_hidden": True, "outputs_hidden": True}      # collapsed is not hidden
    nbformat.write(nbformat.v4.new_notebook(cells=[code, solution]), tmp_path / "nb.ipynb")
    found = answers_in_sight(tmp_path / "nb.ipynb")
    assert any("answer button" in f for f in found)
    assert any("prints an answer unasked" in f for f in found)
    assert any("a stored output holds the answer to wrgp-loss-counters-cap" in f for f in found)


def test_the_button_works_the_answer_out_only_when_pressed(monkeypatch, capsys):
    from rulings_lib.widgets import exercises as X

    played = []
    real = X.Exercise.played
    monkeypatch.setattr(X.Exercise, "played", lambda self: played.append(self.id) or real(self))
    button = exercise("wrgp-own-gate-blocker", "ja").reveal()
    text = button._repr_mimebundle_()["text/plain"]
    assert played == [] and button.output.outputs == () and not button.shown
    assert 'exercise("wrgp-own-gate-blocker", lang="ja").answer()' in text
    assert exercise("wrgp-own-gate-blocker", "ja").why() not in text
    button.button.click()
    assert played and button.shown
    shown = "".join(o.get("text", "") for o in button.output.outputs) or capsys.readouterr().out
    assert exercise("wrgp-own-gate-blocker", "ja").why() in shown


# ----------------------------------------------------------------------- both editions ask every one
def test_every_exercise_is_asked_once_in_each_edition_in_its_language():
    for folder, lang in ((NB_DIR / "py", None), (NB_DIR / "ja" / "py", "ja")):
        asked = []
        for path in sorted(folder.glob("*.py")):
            for cell in jupytext.read(path).cells:
                if _asked(cell):
                    asked.append(_asked(cell))
                    assert ('lang="ja"' in cell.source) == (lang == "ja"), (path.name, cell.source)
        assert sorted(asked) == sorted(EXERCISES), folder


@pytest.mark.parametrize("ex_id", sorted(EXERCISES))
def test_every_case_is_played_by_the_engine_without_a_refusal_it_does_not_ask_about(ex_id):
    # The ruling is read from the played case; a step the rules refuse is only ever the one asked about.
    ex = EXERCISES[ex_id]
    result = ex.played()
    refused = [r["step"] for r in result.outcome["rejected"]]
    assert len(refused) <= 1, (ex_id, result.outcome["rejected"])
    if refused:
        assert ex.kind in ("yesno", "players") and ex.ruling() in (False, ["blue-A", "blue-B"]), ex_id


# ----------------------------------------------------------------------- 09: every answer with its reason
@pytest.mark.parametrize("name", ["09-faq.ipynb", "ja/09-faq.ipynb"])
def test_the_faq_notebook_prints_every_answer_with_its_reason(name):
    # ja/09 once printed 38 bare answers (「出せません。」) without the reason the English gives.
    from rulings_lib.faq import load_faq

    lang = "ja" if name.startswith("ja/") else "en"
    stored = "".join("".join(o.get("text", "")) for c in _cells(NB_DIR / name) for o in c.get("outputs", []))
    missing = [e.id for e in load_faq(run=False) if f"A. {e.a(lang)}" in stored and e.why(lang) not in stored]
    assert "A. " in stored and missing == []


# ----------------------------------------------------------------------- the Japanese edition drops nothing
def _stored_text(path: Path) -> str:
    return json.dumps([o for c in _cells(path) for o in c.get("outputs", [])], ensure_ascii=False)


def test_every_wrgp_rule_title_has_its_japanese_and_the_english_is_the_tables():
    from rulings_lib.wrgp.tables import RULES, rule_title

    for rule_id, title in RULES.items():
        assert rule_title(rule_id) == title
        japanese = re.sub(r"WRGP|SPC", "", rule_title(rule_id, "ja"))
        assert rule_title(rule_id, "ja") != title and not re.search(r"[A-Za-z]{3,}", japanese), rule_id


@pytest.mark.parametrize("path", sorted(NB_DIR.glob("*.ipynb")), ids=lambda p: p.stem)
def test_the_japanese_edition_prints_the_rule_lines_and_phase_notes_the_english_prints(path):
    # ja/01 once dropped the rule lines, ja/02 the phase notes.
    from rulings_lib.wrgp.tables import PHASES, RULES, rule_title

    en, ja = _stored_text(path), _stored_text(NB_DIR / "ja" / path.name)
    def rule_line(rule_id, title):           # a rule line: the id, then its title
        return re.compile(re.escape(rule_id) + r" +" + re.escape(json.dumps(title, ensure_ascii=False)[1:-1]))

    dropped = [rule_id for rule_id, title in RULES.items()
               if rule_line(rule_id, title).search(en) and not rule_line(rule_id, rule_title(rule_id, "ja")).search(ja)]
    dropped += [p.key for p in PHASES if json.dumps(p.note)[1:-1] in en and p.note_in("ja") not in ja]
    assert dropped == []
