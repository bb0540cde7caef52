"""libyaml's C loader and PyYAML's pure-Python one give the same values, the same line numbers and
the same one-line errors: the C one reads a large file fast, the pure one is what Pyodide
has. Every bad-input fixture and every shipped scenario is read both ways."""

from __future__ import annotations

import contextlib
import re

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bad_input import CASES

from rulings_lib import yamlsrc
from rulings_lib.errors import ScenarioError
from rulings_lib.scenario import builtin_scenarios, parse_scenario

LOADERS = ("c", "pure")

# YAML troubles beyond the bad-input fixtures: syntax the parsers word differently, anchors and
# aliases, tags, documents, keys.
YAML_CASES = {
    "unclosed-flow": "steps: [a, b\n",
    "unclosed-map": "a: {b: 1\nc: 2\n",
    "bad-indent": "a:\n  b: 1\n c: 2\n",
    "tab-indent": "a:\n\tb: 1\n",
    "unclosed-quote": 'a: "text\n',
    "colon-in-plain": "a: b: c\n",
    "block-in-flow": "[a, - b]\n",
    "undefined-alias": "a: *nowhere\n",
    "duplicate-anchor": "a: &x 1\nb: &x 2\n",
    "self-alias": "a: &x [1, *x]\n",
    "alias-reused": "a: &x {b: 1, c: [2, 3]}\nd: *x\ne: *x\n",
    "merge-key": "base: &b {x: 1}\nm:\n  <<: *b\n",
    "list-key": "[1, 2]: x\n",
    "map-key": "? {a: 1}\n: x\n",
    "alias-key": "a: &k key\n*k : v\n",
    "anchored-key": "&k key: v\nother: *k\n",
    "timestamp": "when: 2022-01-01\n",
    "binary-tag": "x: !!binary aGVsbG8=\n",
    "custom-tag": "x: !mine 3\n",
    "set-tag": "x: !!set {a, b}\n",
    "omap-tag": "x: !!omap [a: 1]\n",
    "int-tag-text": 'x: !!int "seven"\n',
    "float-tag": "x: !!float 1.5\n",
    "nonspecific": "x: ! 12\n",
    "numbers": "a: 0x1F\nb: 1_000\nc: .inf\nd: 3.5e2\ne: -7\nf: 0o17\ng: 2:13:20\n",
    "bools": "a: yes\nb: on\nc: True\nd: FALSE\ne: 'true'\n",
    "nulls": "a: ~\nb: null\nc:\nd: 'null'\n",
    "long-number": "a: " + "9" * 40 + "\n",
    "several-docs": "a: 1\n---\nb: 2\n",
    "several-docs-second-bad": "a: 1\n---\nb: [\n",
    "explicit-doc": "---\na: 1\n...\n",
    "empty-doc": "---\n...\n",
    "directive": "%YAML 1.1\n---\na: 1\n",
    "bad-directive": "%YAML 2.0\n---\na: 1\n",
    "unknown-directive": "%FOO bar\n---\na: 1\n",
    "deep": "a: " + "[" * 120 + "]" * 120 + "\n",
    "wide-alias": "a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                  "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                  "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
    "duplicate-then-syntax": "a: 1\na: 2\nb: [\n",
    "block-scalar": "a: |\n  one\n  two\nb: >\n  folded\n  text\n",
    "flow-multiline": "a: [1,\n  2,\n  3]\nb: {x: 1,\n  y: 2}\n",
    "quoted-escapes": 'a: "tab\\there \\u00e9"\nb: \'it\'\'s\'\n',
    "comment-only-lines": "# c\n\na: 1 # c\n# c\n",
    "trailing-garbage": "a: 1\n]\n",
    "bom": "\ufeffa: 1\n",
    "unicode": "名前: 破壊指輪\n",
    "question-in-block": "title: What happens?\nsteps: []\n",
    "crlf": "a: 1\r\nb: [1,\r\n  2]\r\n? \r\n: x\r\n",
}

# YAML that PyYAML's pure scanner refuses and libyaml reads as YAML means it: libyaml's reading
# stands (the command reads these; Pyodide, which has only the pure parser, says where it stops).
PURE_REFUSES = {
    "question-in-flow": ("steps:\n  - destroy: {by: A, card: Why?}\n", 2),
    "trailing-tab": ("a: b\t\n", 1),
    "block-comment": ("a: |#c\n  x\n", 1),
}
_PURE_REFUSES = re.compile("[\t\x85\u2028\u2029?]|[|>][-+0-9]*#")


@contextlib.contextmanager
def loader(name):
    before = yamlsrc.loader_name()
    yamlsrc.use_loader(name)
    try:
        yield
    finally:
        yamlsrc.use_loader(before)


def read(text: str, name: str):
    """What load_text makes of ``text`` with one loader: the value with every line it remembers,
    or the error as shown (line and message)."""
    with loader(name):
        try:
            return ("ok", shape(yamlsrc.load_text(text, "f.yaml")))
        except ScenarioError as exc:
            return ("error", exc.line, str(exc))


def shape(value):
    """A value with its lines, comparable with ``==`` (YMap/YSeq lines included, types exact)."""
    if isinstance(value, yamlsrc.YMap):
        return ("map", value.line, [(k, value.lines[k], shape(v)) for k, v in value.items()])
    if isinstance(value, yamlsrc.YSeq):
        return ("seq", value.line, [(n, shape(v)) for n, v in zip(value.lines, value, strict=True)])
    return (type(value).__name__, value)


def test_the_dev_environment_has_libyaml():
    # PyPI's PyYAML wheels include libyaml: the fast path is the one the command uses.
    assert yaml.__with_libyaml__
    with loader("c"):
        assert yamlsrc.loader_name() == "c"
    with loader("pure"):
        assert yamlsrc.loader_name() == "pure"
    with pytest.raises(ValueError):
        yamlsrc.use_loader("fast")


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_fixtures_read_the_same_either_way(name):
    text, line, _fragment = CASES[name]
    results = {lname: read(text, lname) for lname in LOADERS}
    assert results["c"] == results["pure"], results
    for lname in LOADERS:        # and the whole check (scenario errors too) agrees
        with loader(lname):
            try:
                parse_scenario(yamlsrc.load_text(text, "f.yaml"), "f.yaml")
                results[lname] = None
            except ScenarioError as exc:
                results[lname] = (exc.line, str(exc))
    assert results["c"] == results["pure"]


@pytest.mark.parametrize("name", sorted(YAML_CASES))
def test_yaml_troubles_read_the_same_either_way(name):
    c, pure = read(YAML_CASES[name], "c"), read(YAML_CASES[name], "pure")
    assert c == pure
    if c[0] == "error":
        assert "\n" not in c[2] and c[1] >= 1


@pytest.mark.parametrize("name", sorted(PURE_REFUSES))
def test_where_the_pure_scanner_refuses_what_yaml_allows(name):
    text, line = PURE_REFUSES[name]
    assert read(text, "c")[0] == "ok"
    refused = read(text, "pure")
    assert refused[:2] == ("error", line) and "bad YAML" in refused[2] and "\n" not in refused[2]


def test_worked_examples_of_errors():
    assert read("a: *nowhere\n", "c") == ("error", 1, "f.yaml:1: bad YAML: found undefined alias 'nowhere'")
    assert read("a: 1\nb: [\n", "c")[:2] == ("error", 3)
    assert read("a: 1\n---\nb: 2\n", "c")[:2] == ("error", 3)
    # a syntax error later in the file is reported before a duplicate key earlier in it
    assert "bad YAML" in read("a: 1\na: 2\nb: [\n", "c")[2]
    assert "too large" in read(YAML_CASES["wide-alias"], "c")[2]       # an alias counts all it repeats
    assert "too large" in read(YAML_CASES["deep"], "c")[2]


def test_an_alias_is_a_fresh_copy_with_the_anchor_lines():
    with loader("c"):
        data = yamlsrc.load_text("a: &x {b: [1, 2]}\nc: *x\n")
    assert data["a"] == data["c"] and data["a"] is not data["c"]
    assert data["c"].line == 1 and data.lines == {"a": 1, "c": 2}


def test_every_shipped_scenario_reads_the_same_either_way():
    files = builtin_scenarios()
    assert len(files) > 20
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert read(text, "c") == read(text, "pure"), f


def test_the_cycle_collector_is_left_as_it_was():
    import gc

    assert gc.isenabled()
    read("a: [\n", "c")
    read("a: 1\n", "pure")
    assert gc.isenabled()
    gc.disable()
    try:
        read("a: 1\n", "c")
        assert not gc.isenabled()
    finally:
        gc.enable()


_atoms = st.sampled_from(["a", "b", "1", "-1", "2.5", "yes", "~", "'q'", '"d"', "0x1", "&x", "*x", "!!str",
                          "!t", ":", ", ", "[", "]", "{", "}", "- ", "? ", "#c", "|", ">", "\n", "\n  ",
                          "\n- ", "---\n", "\t", " ", "日本", "%YAML 1.1\n", "\r\n", "...\n", "?", "\u2028",
                          "%", "-", "Why?"])


@settings(max_examples=500, deadline=None, derandomize=True)
@given(st.lists(_atoms, max_size=25).map("".join))
def test_any_text_reads_the_same_either_way(text):
    c, pure = read(text, "c"), read(text, "pure")
    if c[0] == "ok" and pure[0] == "error":     # only where the pure scanner is stricter than YAML
        assert _PURE_REFUSES.search(text), (text, pure)
    else:
        assert c == pure


def test_rulings_run_leaves_the_cycle_collector_on(capsys):
    import gc

    from rulings_lib.cli import main

    assert main(["run", str(builtin_scenarios("wrgp")[0])]) in (0, 1)
    assert gc.isenabled()
    capsys.readouterr()


def _tags_both_ways(text: str, lname: str) -> list:
    """Every scalar event's tag as the builder's shortcut gives it and as the resolver does."""
    cls = yamlsrc._CLoader if lname == "c" else yamlsrc._PureLoader
    loader = cls(text)
    builder = yamlsrc._Builder(loader, "f.yaml")
    out = []
    try:
        while True:
            ev = loader.get_event()
            if ev is None or isinstance(ev, yaml.StreamEndEvent):
                break
            if isinstance(ev, yaml.ScalarEvent):
                out.append((ev.value, builder.scalar_tag(ev), builder.tag(ev, yaml.ScalarNode)))
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return out


@pytest.mark.parametrize("lname", [n for n in LOADERS if n == "pure" or yaml.__with_libyaml__])
def test_the_reader_types_scalars_as_the_resolver_does(lname):
    # The reader skips the resolver for quoted text and remembers plain answers (for speed): the same
    # tag for every scalar of every fixture, read twice (the second time from what it remembered).
    texts = [t for t, *_ in CASES.values()] + list(YAML_CASES.values()) + [t for t, _ in PURE_REFUSES.values()]
    texts += [f.read_text(encoding="utf-8") for f in builtin_scenarios()]
    seen = 0
    for _ in range(2):
        for text in texts:
            for value, fast, resolved in _tags_both_ways(text, lname):
                assert fast == resolved, (value, fast, resolved)
                seen += 1
    assert seen > 1000


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(_atoms, max_size=25).map("".join))
def test_any_scalar_is_typed_as_the_resolver_types_it(text):
    for lname in LOADERS:
        for value, fast, resolved in _tags_both_ways(text, lname):
            assert fast == resolved, (value, fast, resolved)


def test_the_benchmark_scenarios_read_the_same_either_way():
    # Small copies of `rulings bench`'s large scenarios (the dense one and the one written at length):
    # the same values and lines by both loaders, and the one at length is a valid scenario.
    from rulings_lib.bench import dense_scenario, long_scenario

    dense, long = dense_scenario(20_000), long_scenario(20_000)
    for text in (dense, long):
        assert read(text, "c") == read(text, "pure")
    with loader("c"):
        scenario = parse_scenario(yamlsrc.load_text(long, "long.yaml"), "long.yaml")
    from rulings_lib.scenario import MAX_STEPS

    assert len(scenario.steps) == MAX_STEPS and [s.line for s in scenario.steps[:3]] == [6, 7, 10]
