"""One vocabulary. The verb tables (rulings_lib/verbs.py and each format's verbs.py), what
is made from them (`rulings verbs --json`, the docs' verb table, the scenario schema, the engines'
argument checks), Actions as values (text form = step line, round trip; apply, push/pop,
legal_actions on both formats), the formats registry, strict scenarios, internal errors, tools/ as
a package and an import graph without cycles."""

from __future__ import annotations

import ast
import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rulings_lib import TagMatch, WrgpMatch
from rulings_lib.cli import main
from rulings_lib.errors import IllegalAction, ScenarioError
from rulings_lib.formats import FORMATS, describe_verbs, get, of
from rulings_lib.verbs import Action

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "rulings_lib"


def run_cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------- `rulings verbs --json` (docs/contracts.md)
PARAM_KEYS = {"name", "type", "required", "default", "label", "help"}
TYPE_KEYS = {"int": {"min", "max"}, "choice": {"choices"}, "team": {"choices"}, "bool": set(),
             "text": {"max_len"}, "card": {"max_len"}, "record": {"params"},
             "list": {"item", "min_items", "max_items"}, "team_map": {"value"}, "player": set()}
OPTIONAL_KEYS = {"team_map": {"choices"}, "player": {"choices"}}


def check_param(p: dict, where: str) -> None:
    assert p["type"] in TYPE_KEYS, where
    allowed = PARAM_KEYS | TYPE_KEYS[p["type"]] | OPTIONAL_KEYS.get(p["type"], set())
    assert PARAM_KEYS | TYPE_KEYS[p["type"]] <= set(p) <= allowed, (where, sorted(p))
    assert isinstance(p["required"], bool) and isinstance(p["label"], str) and p["label"]
    assert isinstance(p["help"], str) and p["help"]
    if p["type"] == "int":
        assert isinstance(p["min"], int) and isinstance(p["max"], int) and p["min"] <= p["max"]
    for c in p.get("choices", []):
        assert set(c) == {"value", "label"} and c["label"], where
    for q in p.get("params", []):
        check_param(q, f"{where}.{q['name']}")
    if "item" in p:
        check_param(p["item"], f"{where}[]")
    if "value" in p:
        check_param(p["value"], f"{where}{{}}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_verbs_json_follows_the_contract(lang):
    code, out, _ = run_cli("verbs", "--json", "--lang", lang)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"version", "lang", "formats"} and data["version"] == 1 and data["lang"] == lang
    assert [f["format"] for f in data["formats"]] == list(FORMATS)
    for f in data["formats"]:
        assert set(f) == {"format", "label", "setup", "verbs"}
        for p in f["setup"]:
            check_param(p, f"{f['format']}.setup.{p['name']}")
        names = [v["name"] for v in f["verbs"]]
        assert names == list(get(f["format"]).verbs.steps)       # every scenario step, nothing else
        for v in f["verbs"]:
            assert set(v) == {"name", "label", "help", "rules", "shape", "params", "example"}
            assert v["shape"] in ("record", "scalar", "empty", "list")
            assert v["rules"] and set(v["rules"]) <= set(get(f["format"]).rule_ids)
            for p in v["params"]:
                check_param(p, f"{f['format']}.{v['name']}.{p['name']}")
            assert Action.parse(v["example"], get(f["format"]).match).verb == v["name"]


def test_japanese_labels_are_japanese():
    data = describe_verbs("ja")
    for f in data["formats"]:
        for v in f["verbs"]:
            assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", v["label"] + v["help"]), v["name"]


def test_one_verb_filter():
    assert [f["format"] for f in describe_verbs("en", "digimon-tag")["formats"]] == ["digimon-tag"]
    code, out, _ = run_cli("verbs", "--format", "wrgp", "--lang", "en")
    assert code == 0 and "baton_touch" in out and "rematch" not in out


def test_docs_verb_table_is_generated_from_the_tables():
    from tools.refresh_docs import DOC, refreshed

    text = DOC.read_text(encoding="utf-8")
    assert refreshed(text) == text, "the verb table of rulings_lib/scenarios/README.md is stale: python -m tools.refresh_docs"


# ---------------------------------------------------------------------- one declaration
def test_engine_checks_and_scenario_schema_come_from_the_table():
    for fmt in FORMATS.values():
        assert fmt.match.VERBS == fmt.verbs.api_checks() or list(fmt.match.VERBS) == list(fmt.verbs.api_checks())
        assert set(fmt.reader.STEPS) == set(fmt.verbs.steps)
    # The limits the API and the scenario reader refuse are the same numbers.
    m = WrgpMatch()
    with pytest.raises(ScenarioError, match="1000000"):
        Action.parse("damage: {by: A, to: opponent, amount: 1000001}", WrgpMatch)
    from rulings_lib.errors import ArgumentError
    with pytest.raises(ArgumentError):
        m.damage("A", "opponent", 1_000_001)
    m.damage("A", "opponent", 0)


# ---------------------------------------------------------------------- Actions: text form round trip
def _value(p: dict):
    """A value of a described parameter (what a form builder could send)."""
    t = p["type"]
    if t == "int":
        return st.integers(p["min"], min(p["max"], p["min"] + 10_000))
    if t in ("choice", "team"):
        return st.sampled_from([c["value"] for c in p["choices"]])
    if t == "bool":
        return st.booleans()
    if t == "player":
        return st.sampled_from(["red-A", "red-B", "blue-A", "blue-B"])
    if t in ("text", "card"):
        return st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "Zs")), min_size=1,
                       max_size=min(p["max_len"], 30)).filter(lambda s: s.strip() == s and s.strip())
    if t == "record":
        return _record(p["params"])
    if t == "list":
        return st.lists(_value(p["item"]), min_size=p["min_items"], max_size=min(p["max_items"], 3))
    raise AssertionError(t)


def _record(params):
    required = {q["name"]: _value(q) for q in params if q["required"]}
    optional = {q["name"]: _value(q) for q in params if not q["required"]}
    return st.fixed_dictionaries(required, optional=optional)


def _actions():
    out = []
    for f in describe_verbs("en")["formats"]:
        match = get(f["format"]).match
        for v in f["verbs"]:
            if v["name"] in ("battle", "check_team", "check_deck"):   # a custom shape; files read beside a scenario
                continue
            if v["shape"] == "empty":
                out.append(st.just((match, Action(v["name"], {}))))
            elif v["shape"] in ("scalar", "list"):
                out.append(_value(v["params"][0]).map(lambda x, v=v, m=match: (m, Action(v["name"], x))))
            else:
                out.append(_record(v["params"]).map(lambda x, v=v, m=match: (m, Action(v["name"], x))))
    return st.one_of(out)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_actions())
def test_action_text_is_a_step_line_that_parses_back(case):
    match, action = case
    try:
        back = Action.parse(str(action), match)
    except ScenarioError:
        assume(False)      # a value the table's own checks refuse (a chain link with damage and gain)
    assert back == action and str(back) == str(action) and hash(back) == hash(action)


def test_action_is_a_value():
    a = Action("chain", [{"by": "A", "damage": {"to": "opponent", "amount": 100}}])
    v = a.value
    v[0]["by"] = "B"
    assert a.value[0]["by"] == "A"
    with pytest.raises(AttributeError):
        a.verb = "phase"
    assert Action.parse("end_turn: {}", WrgpMatch) == Action("end_turn")
    assert repr(Action("baton_touch", "A")) == "Action('baton_touch: A')"


# ---------------------------------------------------------------------- apply, push/pop, legal_actions
def _play_legal(match, rng, n):
    states = [match.state()]
    for _ in range(n):
        acts = match.legal_actions()
        if not acts:
            break
        match.push(rng.choice(acts))
        states.append(match.state())
    return states


@pytest.mark.parametrize("make", [WrgpMatch, TagMatch], ids=["wrgp", "digimon-tag"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(0, 25))
def test_pop_takes_back_each_push_exactly(make, seed, n):
    import random

    m = make()
    states = _play_legal(m, random.Random(seed), n)
    assert len(m.move_stack) == len(states) - 1
    while m.move_stack:
        states.pop()
        m.pop()
        assert m.state() == states[-1]
    with pytest.raises(IndexError):
        m.pop()


@pytest.mark.parametrize("make", [WrgpMatch, TagMatch], ids=["wrgp", "digimon-tag"])
def test_legal_actions_are_legal_and_apply(make):
    import random

    rng = random.Random(21)
    m = make()
    for _ in range(40):
        acts = m.legal_actions()
        if not acts:
            break
        for a in acts:
            trial = m.copy()
            trial.apply(a)                       # none raises
        m.apply(rng.choice(acts))
        assert all(isinstance(a, Action) for a in acts)
    assert m.rejected == []


def test_pushing_a_refused_action_raises_and_pushes_nothing():
    m = WrgpMatch()
    with pytest.raises(IllegalAction):
        m.push(Action("phase", "battle"))     # WRGP-F5
    assert m.move_stack == [] and m.phase_key == "draw"


def test_tag_rewind_uses_the_match_snapshot():
    t = TagMatch()
    before = t.state()
    t.battle({"A": {"red": {"power": 5}, "blue": {"power": 3, "lost": 50}},
              "B": {"red": {"power": 5}, "blue": {"power": 3, "lost": 50}}})
    t.rematch("blue-A")                         # TAG-R5: the battle is undone
    after = t.state()
    for key in ("points", "out", "turn", "first", "mode", "battles", "letters", "winner"):
        assert after[key] == before[key], key


def test_formats_registry():
    assert of(WrgpMatch()) is FORMATS["wrgp"] and of(TagMatch().state()) is FORMATS["digimon-tag"]
    with pytest.raises(KeyError):
        get("chess")
    from rulings_lib.readings import readings

    for fmt in FORMATS.values():
        assert {r.id for r in fmt.readings} == {r.id for r in readings(fmt.name)}



def test_each_format_record_names_its_path_tracer():
    """A scenario's path is traced and drawn by its format's record (no choice by name in diagrams/path.py)."""
    from rulings_lib.diagrams import path as P
    from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

    assert not re.search(r'"(wrgp|digimon-tag)"', (PKG / "diagrams" / "path.py").read_text(encoding="utf-8"))
    for fmt in FORMATS.values():
        tracer = fmt.paths()
        scenario = load_scenario(next(iter(builtin_scenarios(fmt.name))))
        t = P.trace(run_scenario(scenario))      # snapshots taken when the run kept none
        assert t.format == fmt.name and t.upto == t.last and t.visits
        assert P.draw_trace(t).nodes.keys() == tracer.path_map().nodes.keys()
    with pytest.raises(TypeError, match="TagMatch"):
        P.trace(TagMatch())
    assert P.trace(WrgpMatch()).format == "wrgp"

# ---------------------------------------------------------------------- strict scenarios, internal errors
REJECTING = """format: wrgp
title: an unexpected rejection
steps:
  - phase: battle
expect:
  finished: false
"""


def test_every_shipped_scenario_passes_strict():
    code, out, err = run_cli("check", "--strict", str(PKG / "scenarios"))
    assert code == 0, out + err


def test_an_unexpected_rejection_warns_and_fails_strict(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(REJECTING, encoding="utf-8")
    code, out, _ = run_cli("run", str(f), "--lang", "en")
    assert code == 0 and "warning: step 1 was rejected [WRGP-F5]" in out
    code, out, _ = run_cli("run", str(f), "--strict", "--lang", "ja")
    assert code == 1 and "ステップ 1 は却下されました [WRGP-F5]" in out
    code, out, _ = run_cli("check", "--strict", str(f), "--lang", "en")
    assert code == 1 and "step 1 was rejected [WRGP-F5]" in out
    f.write_text(REJECTING + "  rejected: [{step: 1, rule: WRGP-F5}]\n", encoding="utf-8")
    assert run_cli("run", str(f), "--strict")[0] == 0


def test_an_engine_failure_is_an_internal_error(tmp_path, monkeypatch):
    f = tmp_path / "s.yaml"
    f.write_text("format: wrgp\nsteps:\n  - end_turn: {}\n", encoding="utf-8")

    def broken(self):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(WrgpMatch, "end_turn", broken)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code, out, err = run_cli("run", str(f), "--lang", "en")
    assert code == 3 and err.count("\n") == 1 and "internal error" in err and "steps[1].end_turn" in err
    path = Path(re.search(r"written to (\S+)$", err.strip()).group(1))
    assert "ZeroDivisionError: a bug" in path.read_text(encoding="utf-8")
    code, _, err = run_cli("run", str(f), "--lang", "ja")
    assert code == 3 and "内部エラー" in err


# ---------------------------------------------------------------------- tools/ as a package; import graph
def test_tools_is_a_package_without_path_tricks():
    assert (ROOT / "tools" / "__init__.py").exists()
    for p in (ROOT / "tools").glob("*.py"):
        assert "sys.path.insert" not in p.read_text(encoding="utf-8"), p.name


def test_faq_page_takes_its_site_bar_as_a_parameter():
    from rulings_lib.faq.html import render_html

    page = render_html([], diagrams=False, pictures=False, head='<link rel="x">')
    assert '<link rel="x"></head>' in page


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """rulings_lib's modules and what each imports (function-level imports included; not the names
    imported for a type checker alone, under ``if TYPE_CHECKING:``, which never run)."""
    mods = {_module(p): p for p in PKG.rglob("*.py")}
    graph = {}
    for name, path in mods.items():
        pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        edges = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for_checker = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                       for stmt in block.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in for_checker:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                    base = ".".join(parts + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            else:
                continue
            edges |= {t for t in targets if t in mods and t != name}
        graph[name] = edges
    return graph


def test_no_import_cycles():
    graph = import_graph()
    assert "rulings_lib.verbs" in graph and graph["rulings_lib.wrgp.engine"]
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(v):
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(w):] + [w]))
            if w not in state:
                visit(w)
        path.pop()
        state[v] = 2

    for v in sorted(graph):
        if v not in state:
            visit(v)


# ---------------------------------------------------------------------- state() is a snapshot
def test_state_hands_out_no_internals():
    m = WrgpMatch()
    m.record_deck_check("A", False, [{"kind": "copies", "count": 4, "limit": 3, "name": "Pot"}])
    m.phase("main1")
    m.damage("A", to="opponent", amount=8000)
    s = m.state()
    s["deck_checks"]["A"]["violations"][0]["count"] = 99
    for e in s["events"]:
        for v in e["args"].values():
            if isinstance(v, dict):
                v["args"] = {"spoiled": True}
    assert m.state() != s
    again = m.state()
    assert again["deck_checks"]["A"]["violations"][0]["count"] == 4
    assert all(v.get("args") != {"spoiled": True} for e in again["events"] for v in e["args"].values()
               if isinstance(v, dict))
    t = TagMatch()
    t.record_deck_check(False, [{"rule": "TAG-K1", "message": "x"}], [])
    t.state()["deck_check"]["violations"].append("spoiled")
    c = t.copy()
    c.deck_check["violations"].append("spoiled")
    assert t.state()["deck_check"]["violations"] == [{"rule": "TAG-K1", "message": "x"}]


# ---------------------------------------------------------------------- the saved match
def test_tracker_limits_and_file_format_are_the_engines():
    from rulings_lib import web
    from rulings_lib.record import RecordedMatch, record_kind
    from rulings_lib.wrgp.tracking import LIMITS
    from rulings_lib.wrgp.verbs import MAX_LINEUP

    kind = record_kind("wrgp")
    SETUP_RULES = kind.setup_rules
    assert LIMITS["lineup"] == {"min": 1, "max": MAX_LINEUP}
    assert "take_control" in kind.verbs and "truce" in record_kind("digimon-tag").verbs
    page = web.WebTracker()
    view = page.new(lineup=50)
    assert view["limits"]["lineup"]["max"] == MAX_LINEUP
    again = RecordedMatch.from_json(page.export())           # what the tracker starts, its file format takes
    assert again.match.lineup == 50
    assert not SETUP_RULES["lineup"][0](MAX_LINEUP + 1)


def test_a_recorded_call_is_bound_by_the_verb_table():
    """A positional call is written down by the verb table's parameter names, in its order (no
    signature is inspected): the table's order is each engine method's, for both formats."""
    import inspect

    from rulings_lib.errors import ArgumentError
    from rulings_lib.record import RecordedMatch

    for fmt in FORMATS.values():
        for v in fmt.verbs.verbs.values():
            if not v.step_only:
                method = getattr(fmt.match, v.method or v.name)
                assert v.api_names == tuple(inspect.signature(method).parameters)[1:], v.name
    rec = RecordedMatch()
    rec.do("phase", "main1")
    rec.do("damage", "A", amount=1000, to="opponent")
    rec.do("pay", "B", 500, "effect")
    assert [a["args"] for a in rec.actions] == [
        {"name": "main1"}, {"by": "A", "to": "opponent", "amount": 1000}, {"by": "B", "amount": 500, "as_": "effect"}]
    for args, kwargs in ((("A", "opponent", 1, None, "extra"), {}), (("A",), {"by": "B"}), ((), {"bogus": 1})):
        with pytest.raises(ArgumentError):
            rec.do("damage", *args, **kwargs)
    with pytest.raises(ArgumentError):
        rec.do("damage", "A", "opponent")                  # a missing amount: the engine's own check names it
    assert len(rec.actions) == 3 and rec.match.lp == RecordedMatch.from_json(rec.to_json()).match.lp


def test_both_engines_share_constructor_errors_and_outcome_words():
    from rulings_lib.errors import ArgumentError
    from rulings_lib.tag.turn import tag_turn

    for make in (WrgpMatch, TagMatch):
        with pytest.raises(ArgumentError, match=make.__name__):
            make(bogus=1)
    turn = tag_turn({"red-A": 500, "blue-A": 300, "red-B": 500, "blue-B": 300}, {"blue-A": 100, "blue-B": 100})
    last = turn.text("ja").splitlines()[-1]
    assert last.startswith("試合終了") and "both remaining" not in last
    m = WrgpMatch(lineup=1)
    m.phase("main1")
    m.damage("A", to="opponent", amount=8000)
    assert m.outcome().render("en") == m.outcome().text and m.outcome().render("ja") != m.outcome().text
