"""Under ``--lang ja`` / ``lang="ja"`` no English sentence: every input-error
fixture of the bad-input tests, every rejection the engines give, every ArgumentError of the API
and every widget and tracker message, in Japanese. Rule ids, reading ids, card names, YAML keys,
player and tag names, quoted file content and file names are not sentences and are left out."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import test_bad_input  # noqa: E402
import test_bad_input_writers_and_limits  # noqa: E402
import test_tag_bad_input  # noqa: E402
from input_errors import run_cli  # noqa: E402

from rulings_lib import TagMatch, WrgpMatch  # noqa: E402
from rulings_lib.errors import ArgumentError, IllegalAction  # noqa: E402
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario  # noqa: E402


def _card_names() -> list[str]:
    from rulings_lib.cards import listing
    from rulings_lib.formats import FORMATS

    names = []
    for fmt in listing([f.cards for f in FORMATS.values()], lang="en")["formats"]:
        for c in fmt["cards"]:
            names.append(c["name"]["en"])
    return sorted(names, key=len, reverse=True)


_NOT_WORDS = [
    re.compile(r"(?<![^\W\d_])[A-Za-z_][A-Za-z0-9_]*\((?:|[^()]*:(?:[^()]|\([^()]*\))*)\)"),  # a call as written: damage(by: str, ...)
    re.compile(r"\b[a-z0-9_-]+(?:, [a-z0-9_-]+){2,}\b"),    # a list of keys or verbs: phase, end_turn, attack
    re.compile(r'"[^"\n]*"|\'[^\'\n]*\''),                 # quoted file content and values
    re.compile(r"\b[A-Z]+(?:-[A-Z]+)*-[A-Z]*\d+[a-z]?\b"),  # rule ids: WRGP-D1, TAG-P4, STD-TIMING is below
    re.compile(r"\bSTD-[A-Z]+\b"),
    re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b"),             # reading ids, player names (red-A), kebab keys
    re.compile(r"\b[\w.]*[_.\[][\w.\[\]'\"]*"),              # YAML keys and paths: setup.at.turn, lost_table
    re.compile(r"\S*/\S*"),                                  # file names and paths
    re.compile(r"\b\w+\.(?:yaml|ydk|conf|cdb|json|txt)\b"),
    re.compile(r"<[^>]*>"),                                  # markup of a widget's HTML
    re.compile(r"`[^`]*`"),                                  # a key quoted as code
    re.compile(r"\{[^{}\n]*\}"),                             # a step's YAML echoed: {by: red-A, phase: battle}
]
# Three English words in a row: a sentence (a card name or a key is one or two words).
_SENTENCE = re.compile(r"\b[A-Za-z]{2,}(?:[ ,;:']+[A-Za-z]{2,}){2,}\b")
_CARDS = None


def english_in(text: str) -> list[str]:
    """The English sentences left in ``text`` once names, ids, keys and quotes are taken out."""
    global _CARDS
    if _CARDS is None:
        _CARDS = _card_names()
    for name in _CARDS:
        text = text.replace(name, " ")
    for pat in _NOT_WORDS:
        text = pat.sub(" ", text)
    return _SENTENCE.findall(text)


def test_the_detector_finds_a_sentence_and_spares_names():
    assert english_in("a Spell Speed 1 link cannot answer")
    assert not english_in("WRGP-D1: チェーン2（Destruction Ring）はできない red-A setup.at.turn 'an English value'")
    assert not english_in("s.yaml:3: steps[1].damage.amount: 0から1000000までの整数を書いてください")
    assert not english_in("TagMatch(tags: Sequence[str] = ('red', 'blue'), first: str | None = None, points: int = 100)"
                          " の形の呼び出しを書いてください")
    assert english_in("damage(by: str) is not how you call it")
    assert english_in("カード(a Spell Speed 1 link cannot answer)")      # parentheses are no call without its types


def _assert_japanese(text: str, where: str) -> None:
    found = english_in(text)
    assert not found, f"{where}: English under ja: {found} in {text!r}"


# ------------------------------------------------------------------ every input-error fixture
def _fixtures() -> dict[str, str]:
    out = {f"bad_input:{k}": v[0] for k, v in test_bad_input.CASES.items()}
    out.update({f"tag_bad_input:{k}": v[0] for k, v in test_tag_bad_input.CASES.items()})
    out.update({f"writers_and_limits:{k}": v for k, v in test_bad_input_writers_and_limits.JA_CASES.items()})
    return out


FIXTURES = _fixtures()


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_every_input_error_fixture_is_japanese(name, tmp_path, capsys):
    f = tmp_path / "s.yaml"
    f.write_text(FIXTURES[name], encoding="utf-8")
    code, out, err = run_cli(capsys, "run", f, "--lang", "ja")
    assert code in (1, 2), (code, err)
    _assert_japanese(err + out, name)


# ------------------------------------------------------------------ every shipped scenario, every rejection
def test_every_shipped_scenario_transcript_is_japanese():
    for path in builtin_scenarios():
        result = run_scenario(load_scenario(path), keep_snapshots=True)
        text = result.transcript("ja")
        # The expectation lines quote the file's values (its own words): not the kit's sentences.
        body = text.split("\n期待した結果:")[0]
        # The title, the description and each step's YAML are the file's own words.
        body = "\n".join(line for line in body.splitlines()
                         if not re.match(r"\s*(シナリオ|説明|手順\d+): ", line))
        for name in sorted(_file_texts(result.scenario), key=len, reverse=True):   # card names the file gives
            body = body.replace(name, " ")
        _assert_japanese(body, path.name)
        for r in result.outcome["rejected"]:
            assert r.get("code"), (path.name, r)


def _file_texts(scenario) -> set[str]:
    """The texts a scenario file gives as names (its cards' and effects' names): the file's words."""
    out: set[str] = set()

    def walk(v, key=None):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, k)
        elif isinstance(v, list | tuple):
            for x in v:
                walk(x, key)
        elif isinstance(v, str) and key in ("card", "name", "monster", "summon", "with", "destroy", "cards", "effects"):
            out.add(v)

    walk(scenario.setup)
    for step in scenario.steps:
        walk(step.args)
    return out


def _reached(fmt: str) -> list:
    """Matches at every moment the shipped scenarios reach (the engines' states to try actions in)."""
    out = []
    for path in builtin_scenarios():
        result = run_scenario(load_scenario(path), keep_snapshots=True)
        if result.scenario.format == fmt:
            out.extend(result.snapshots)
    return out


@pytest.mark.parametrize("fmt", ["wrgp", "digimon-tag"])
def test_every_rejection_the_engines_give_is_japanese(fmt):
    """Every action of the format's grammar (Match.action_grammar) at every reached moment: each refusal,
    in Japanese."""
    seen = set()
    moments: dict[str, list] = {}              # each position once (equal matches: Match.__eq__)
    for match in _reached(fmt):
        same = moments.setdefault(repr(match), [])
        if any(match == m for m in same):
            continue
        same.append(match)
        listed = set(match.legal_actions())     # those are accepted: the others may be refused
        for action in match.action_grammar():
            if action in listed:
                continue
            trial = match.copy()
            try:
                action.play(trial)
            except ArgumentError:
                continue                    # a call the engine cannot play here (no rule refuses it)
            except IllegalAction as exc:
                key = (exc.code, exc.rule)
                assert exc.code, (fmt, action, str(exc))
                if key not in seen:
                    seen.add(key)
                    _assert_japanese(exc.render("ja"), f"{fmt} {action}")
    assert len(seen) > 5


def test_a_spell_speed_1_answer_is_refused_in_japanese():
    """The chain rule of Spell Speeds (STD-TIMING), the rejection that once stayed English."""
    m = WrgpMatch(turn=3, player="A", phase="main1")
    links = [{"by": "A", "card": "Link One", "speed": 1}, {"by": "B", "card": "Link Two", "speed": 1}]
    with pytest.raises(IllegalAction) as exc:
        m.chain(links)
    _assert_japanese(exc.value.render("ja"), "chain speed")


# ------------------------------------------------------------------ API argument errors
ARGUMENT_CALLS = [
    ("TagMatch tags", lambda: TagMatch(("red", "red"))),
    ("TagMatch bogus", lambda: TagMatch(bogus=1)),
    ("TagMatch first", lambda: TagMatch(first="green")),
    ("TagMatch turn", lambda: TagMatch(turn=0)),
    ("tag player", lambda: TagMatch().truce(by="green-A")),
    ("tag query player", lambda: TagMatch().partner("green-A")),
    ("tag query tag", lambda: TagMatch().in_game_of("green")),
    ("tag battle shape", lambda: TagMatch().battle({"A": {"red": {"power": 1}}})),
    ("tag phase", lambda: TagMatch().act(by="red-A", phase="lunch")),
    ("WrgpMatch bogus", lambda: WrgpMatch(bogus=1)),
    ("wrgp team", lambda: WrgpMatch().lose("C")),
    ("wrgp amount", lambda: WrgpMatch().damage(by="A", to="both", amount=-1)),
    ("tag query call", lambda: TagMatch().in_game_of()),          # the shared query boundary (match.query)
    ("wrgp verb call", lambda: WrgpMatch().phase()),
    ("tag is_legal verb", lambda: TagMatch().is_legal("lunch")),
    ("wrgp is_legal verb", lambda: WrgpMatch().is_legal("lunch")),
]


@pytest.mark.parametrize("name", [n for n, _ in ARGUMENT_CALLS])
def test_every_argument_error_is_japanese(name):
    call = dict(ARGUMENT_CALLS)[name]
    with pytest.raises(ArgumentError) as exc:
        call()
    _assert_japanese(exc.value.render("ja"), name)


# ------------------------------------------------------------------ widgets and the tracker
def test_tracker_messages_are_japanese():
    from rulings_lib.web import TRACKER_BUTTONS, WebTracker

    t = WebTracker(lang="ja")
    texts = [t.view()]
    for button in TRACKER_BUTTONS:
        for team in ("A", "B"):
            texts.append(t.press(button, team, 500))
    texts.append(t.press("no-such-button"))
    texts.append(t.new(lineup=0))
    texts.append(t.load("not: [a match", "m.json"))
    for v in texts:
        _assert_japanese("\n".join(v["status"]) + "\n" + v["feedback"]["text"], "tracker")


def test_tag_turn_answers_are_japanese():
    from rulings_lib.web import tag_turn_answer

    powers = {"red-A": 5000, "blue-A": 3000, "red-B": 4000, "blue-B": 4000}
    for args in ({"powers": powers, "lost": {"blue-A": 10}}, {"powers": {"red-A": 1}},
                 {"powers": powers, "lost": {"blue-A": 10, "red-B": 3}, "points": {"blue-A": 10}},
                 {"powers": {**powers, "red-A": -1}}, {"powers": powers, "first": "green"}):
        out = tag_turn_answer(lang="ja", **args)
        _assert_japanese(out.get("text", "") + out.get("error", "") + "".join(out.get("notes", [])), str(args))


def test_speed_world_and_stepper_in_japanese():
    from rulings_lib.widgets.speed_world import explain_speed_world
    from rulings_lib.widgets.stepper import state_after

    for a, b, spc in ((1, 1, 0), (3, 1, 12), (1, 3, 4), (2, 2, 7)):
        _assert_japanese(explain_speed_world(a, b, spc, "ja"), f"speed world {a} {b} {spc}")
    for path in builtin_scenarios()[:40:4]:
        result = run_scenario(load_scenario(path), keep_snapshots=True)
        for n in range(len(result.snapshots)):
            _assert_japanese(state_after(result, n, "ja"), f"{path.name} step {n}")


# ------------------------------------------------------------------ the FAQ reader's own input errors
_ENTRY = """  - id: {id}
    kind: {kind}
    rules: [{rule}]
    scenario: {scenario}
    en: {{q: Q?, a: A., why: Why.}}
    ja: {{q: 問い, a: 答え, why: 理由}}
"""
_HEAD = "format: wrgp\ntitle: {en: T, ja: T}\nsections:\n- section: s\n  title: {en: S, ja: S}\n  entries:\n"
FAQ_CASES = {   # the FAQ file -> the line the error names, and what it says in English
    "not a FAQ": ("- just a list\n", 1, "expected a FAQ"),
    "unknown key": ("format: wrgp\ntitle: {en: T, ja: T}\nsections: []\nextra: 1\n", 4, "unknown key 'extra'"),
    "missing key": ("format: wrgp\ntitle: {en: T, ja: T}\n", 1, "missing 'sections'"),
    "section twice": (_HEAD + _ENTRY.format(id="a", kind="ruling", rule="WRGP-F1", scenario="wrgp/lineup-order.yaml")
                      + "- section: s\n  title: {en: S, ja: S}\n  entries: []\n", 13, "section 's' already used"),
    "missing language": (_HEAD + "  - {id: a, kind: ruling, rules: [WRGP-F1], scenario: x.yaml, en: {q: Q}}\n", 7,
                         "entry 'a': missing language 'ja'"),
    "unknown rule": (_HEAD + _ENTRY.format(id="a", kind="ruling", rule="WRGP-Z9", scenario="wrgp/lineup-order.yaml"),
                     7, "entry 'a': unknown rule id 'WRGP-Z9'"),
    "reading without reading": (_HEAD + _ENTRY.format(id="a", kind="reading", rule="WRGP-F1",
                                                      scenario="wrgp/lineup-order.yaml"), 7,
                                "a reading names the Reading the FAQ plays by"),
    "no scenario": (_HEAD + _ENTRY.format(id="a", kind="ruling", rule="WRGP-F1", scenario="wrgp/nowhere.yaml"), 7,
                    "scenario 'wrgp/nowhere.yaml' not found"),
}


@pytest.mark.parametrize("name", sorted(FAQ_CASES))
def test_the_faq_readers_errors_are_coded(name, tmp_path, monkeypatch, capsys):
    """A maintainer's broken FAQ file: one line naming the file, the line and what was expected,
    exit 2, no traceback, and under --lang ja no English sentence."""
    from input_errors import assert_one_line_error

    from rulings_lib import faq

    text, line, english = FAQ_CASES[name]
    (tmp_path / "wrgp.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(faq, "FAQ_DIR", tmp_path)
    monkeypatch.setattr(faq, "PLAYER_FILES", ("wrgp.yaml",))
    code, _, err = run_cli(capsys, "faq")
    assert_one_line_error(code, err, tmp_path / "wrgp.yaml", f"wrgp.yaml:{line}: ")
    assert english in err, err
    code, _, err = run_cli(capsys, "faq", "--lang", "ja")
    assert_one_line_error(code, err, tmp_path / "wrgp.yaml", f"wrgp.yaml:{line}: ")
    _assert_japanese(err, name)
