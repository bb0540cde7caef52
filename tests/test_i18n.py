"""The message catalogue: every code in both languages with the same placeholders, every
code used by the kit, a renderer that only fills in ``{name}`` and never evaluates anything, and the
language chosen by ``--lang`` then the locale."""

import ast
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings_lib import i18n
from rulings_lib.errors import IllegalAction, InputError, ScenarioError
from rulings_lib.events import Event, event_dicts, event_text
from rulings_lib.i18n import LANGS, CatalogueError, Msg, default_lang, parse_template, placeholders, render
from rulings_lib.i18n.glossary import resolve

PKG = Path(i18n.__file__).parent.parent
CAT = Path(i18n.__file__).parent


def _domains():
    return sorted({p.name.split(".")[0] for p in i18n.catalogue_files()})


def test_catalogues_come_in_pairs_one_per_domain():
    for domain in _domains():
        assert {p.name for p in CAT.glob(f"{domain}.*.json")} == {f"{domain}.{lang}.json" for lang in LANGS}


@pytest.mark.parametrize("domain", _domains())
def test_every_code_has_a_japanese_text_with_the_same_placeholders(domain):
    # (the rulebooks' terms spelled, as the catalogue is read: rulings_lib.i18n.glossary)
    en = resolve(json.loads((CAT / f"{domain}.en.json").read_text(encoding="utf-8")), "en")
    ja = resolve(json.loads((CAT / f"{domain}.ja.json").read_text(encoding="utf-8")), "ja")
    # English singular forms (CODE_one beside CODE, chosen by a count argument, which the text may
    # show or not: "{count} copy", "{players} is out"); Japanese has none.
    singular = {c for c in en if c.endswith("_one") and c[:-4] in en and c not in ja}
    for code in singular:
        assert placeholders(en[code]) == placeholders(en[code[:-4]]), code
    assert en.keys() - singular == ja.keys(), f"{domain}: codes differ: {sorted((en.keys() - singular) ^ ja.keys())}"
    for code in ja:
        assert ja[code].strip(), code
        assert placeholders(en[code]) == placeholders(ja[code]), code
        # A Japanese text is Japanese, unless the English has no words at all ("{where}: {message}").
        if re.search("[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", en[code])):
            assert ja[code] != en[code], f"{code}: not translated"


def test_a_code_belongs_to_one_domain_and_is_named_after_it():
    for lang in LANGS:
        for code in i18n.codes(lang):
            assert code.split(".")[0] == i18n.domain_of(code), code


def _source_strings() -> set[str]:
    found = set()
    for path in PKG.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
                found.update(re.findall(r'"([a-z_]+(?:\.[a-z0-9_]+)+)"', node.value))   # codes in doctests
    # the exercises' words are named by the exercise (teach.ex.<id>.hint/why) and its kind of answer
    from rulings_lib.widgets.exercises import EXERCISES
    from rulings_lib.widgets.teach import KINDS

    found.update(f"teach.ex.{e}.{part}" for e in EXERCISES for part in ("hint", "why"))
    found.update(f"teach.kind.{k}" for k in KINDS)
    from rulings_lib.widgets.teach import _FAMILIES

    found.update(f"teach.topic.{name}" for _, name in _FAMILIES)
    # every Reading's title is named by the Reading (rulings_lib.verdict.title_code)
    from rulings_lib.formats import FORMATS
    from rulings_lib.verdict import title_code

    found.update(title_code(r.id) for f in FORMATS.values() for r in f.readings)
    return found


def _site_strings() -> tuple[set[str], tuple[str, ...]]:
    """The codes the browser edition's pages and scripts name (site/: data-t attributes, t("...")
    calls), and the prefixes they build codes from (`site.key.${key}`, "site.rule." + id)."""
    site = PKG.parent / "site"
    found, prefixes = set(), set()
    for path in [*site.rglob("*.html"), *site.rglob("*.js"), *PKG.rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'data-t(?:-[a-z]+)?="([a-z_]+(?:\.[a-z0-9_]+)+)"', text))
        found.update(re.findall(r'["`]([a-z_]+(?:\.[a-z0-9_]+)+)["`]', text))
        prefixes.update(re.findall(r'["`](site(?:\.[a-z0-9_]+)*\.)(?:\$\{|["`])', text))
        prefixes.update(re.findall(r'f"(site(?:\.[a-z0-9_]+)*\.)\{', text))
    return found, tuple(prefixes)


def test_every_code_is_used_somewhere_in_the_kit():
    from rulings_lib.formats import describe_verbs
    from rulings_lib.verbs import words_used

    describe_verbs("en")
    describe_verbs("ja")
    used = _source_strings() | words_used()     # verb labels and help are looked up by name
    site, prefixes = _site_strings()
    used |= site
    used |= {f"{code}_one" for code in used}    # a singular form is read wherever its code is
    unused = sorted(code for code in i18n.codes("en") if code not in used and not code.startswith(prefixes))
    assert not unused, f"codes no module names (remove them or use them): {unused}"


def test_every_code_the_kit_names_exists():
    # Msg("...") and render("...", ...) literals in the source name catalogue codes.
    known = i18n.codes("en")
    pattern = re.compile(r'(?:Msg|render|_say|t)\(\s*"([a-z_]+\.[a-z0-9_.]+)"')
    missing = []
    for path in PKG.rglob("*.py"):
        for code in pattern.findall(path.read_text(encoding="utf-8")):
            if code not in known:
                missing.append(f"{path.relative_to(PKG)}: {code}")
    assert not missing


def test_render_worked_examples():
    assert render("files.no_such_file", {"expected": Msg("input.expected.scenario_file")}) == \
        "no such file (expected a YAML scenario file)"
    assert render("files.no_such_file", {"expected": Msg("input.expected.scenario_file")}, "ja") == \
        "ファイルが見つかりません（YAMLのシナリオファイルを指定してください）"
    # a nested message in its JSON form, and a list joined the language's way
    assert render("input.schema.list_of", {"item": {"code": "input.schema.bool", "args": {}}}, "ja") == \
        "true か falseのリスト"
    assert render("common.transcript.rules", {"rules": ["WRGP-H1", "WRGP-H2"]}, "ja") == "ルール: WRGP-H1、WRGP-H2"
    assert render("common.transcript.rules", {"rules": ["WRGP-H1", "WRGP-H2"]}) == "Rules: WRGP-H1, WRGP-H2"
    # an unknown language speaks English; an unknown code is a programming error
    assert render("input.show.list", {}, "xx") == "a list"
    with pytest.raises(KeyError):
        render("no.such.code", {})


@pytest.mark.parametrize("bad", ["{0}", "{a.b}", "{a[0]}", "{a!r}", "{a:>30}", "{", "}", "{ a }", "{a.__class__}",
                                 "{__import__('os')}"])
def test_the_formatter_refuses_anything_but_a_name(bad):
    with pytest.raises(CatalogueError):
        parse_template("x " + bad + " y")


class _Trap:
    """An argument whose attribute access, indexing or formatting would show up."""

    def __str__(self):
        return "trap"

    def __format__(self, spec):
        raise AssertionError("format spec used")

    def __getattr__(self, name):
        raise AssertionError(f"attribute {name} read")

    def __getitem__(self, key):
        raise AssertionError("indexed")


_names = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)
_literal = st.text(st.characters(blacklist_characters="{}", blacklist_categories=("Cs",)), max_size=12)


@given(st.lists(st.one_of(_literal, _names.map(lambda n: (n,))), max_size=8))
def test_property_rendering_is_literal_text_and_str_of_each_argument(parts):
    template = "".join(p if isinstance(p, str) else "{" + p[0] + "}" for p in parts)
    args = {p[0]: _Trap() for p in parts if isinstance(p, tuple)}
    expected = "".join(p if isinstance(p, str) else "trap" for p in parts)
    rendered = "".join(p if isinstance(p, str) else str(args[p[0]]) for p in parse_template(template))
    assert rendered == expected
    assert placeholders(template) == set(args)


@given(st.text(max_size=40))
def test_property_doubled_braces_are_literal_and_nothing_is_evaluated(text):
    escaped = text.replace("{", "{{").replace("}", "}}")
    parts = parse_template(escaped)
    assert all(isinstance(p, str) for p in parts)
    assert "".join(parts) == text


def test_argument_values_are_shown_never_run():
    # A value that looks like a placeholder or code is shown as text.
    assert render("input.yaml.bad", {"problem": "{__class__} ${HOME} `id`"}) == "bad YAML: {__class__} ${HOME} `id`"
    assert render("input.yaml.bad", {"problem": _Trap()}) == "bad YAML: trap"


def test_default_lang_option_then_locale():
    assert default_lang("ja", {"LANG": "en_US.UTF-8"}) == "ja"
    assert default_lang("en", {"LANG": "ja_JP.UTF-8"}) == "en"
    assert default_lang(None, {"LANG": "ja_JP.UTF-8"}) == "ja"
    assert default_lang(None, {"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"       # LC_ALL wins
    assert default_lang(None, {"LC_MESSAGES": "ja_JP", "LANG": "en_GB"}) == "ja"    # then LC_MESSAGES
    assert default_lang(None, {"LC_ALL": "", "LANG": "ja"}) == "ja"                 # an empty one is unset
    assert default_lang(None, {}) == "en"
    with pytest.raises(ValueError):
        default_lang("fr", {})


def test_every_event_is_coded_with_its_args():
    new = Event.coded(2, "STD-TURN", "common.transcript.scenario", {"title": "T"})
    assert new.text == "Scenario: T" and new.render("ja") == "シナリオ: T"
    assert Event(2, "STD-TURN", "common.transcript.scenario", {"title": "T"}) == new
    d = event_dicts([new])
    assert d == [{"step": 2, "rule": "STD-TURN", "text": "Scenario: T", "code": "common.transcript.scenario",
                  "args": {"title": "T"}}]
    # an event is worded by its code (there is no event made of English text only)
    assert [event_text(e, "ja") for e in d] == ["シナリオ: T"]
    json.dumps(d)   # plain data


def test_errors_carry_a_code_and_keep_their_english_text():
    err = ScenarioError("s.yaml", 3, Msg("input.yaml.duplicate_key", key="'a'"))
    assert str(err) == "s.yaml:3: duplicate key 'a'" and err.message == "duplicate key 'a'"
    assert err.code == "input.yaml.duplicate_key" and err.params == {"key": "'a'"}
    assert err.render("ja") == "s.yaml:3: キー 'a' が重複しています"
    plain = InputError("f.txt", None, "something")
    assert plain.code is None and plain.render("ja") == "f.txt: something"
    rej = IllegalAction("WRGP-H2", Msg("input.show.list"))
    assert rej.reason == "a list" and str(rej) == "WRGP-H2: a list" and rej.render("ja") == "リスト"


def test_a_japanese_error_is_still_one_line():
    err = InputError("bad\nname.yaml", 1, Msg("input.yaml.bad", problem="x\ny"))
    assert "\n" not in err.render("ja") and "\n" not in str(err)


# ------------------------------------------------------------------ table words in the catalogue
def test_the_diagrams_english_table_words_are_the_tables_own():
    """A table's text translated in the diagrams catalogue: its English entry is the table's text
    word for word, so that a change to a table shows here (update the Japanese with it)."""
    from rulings_lib.diagrams import tag as DT
    from rulings_lib.diagrams import wrgp as DW
    from rulings_lib.tag import tables as TT
    from rulings_lib.wrgp import tables as WT

    en = i18n.codes("en")
    for phase in WT.PHASES:
        assert en[DW.PHASE_NOTE_CODES[phase.key]] == phase.note
    assert {k: en[c] for k, c in DW.ACTION_CODES.items()} == WT.ACTION_LABELS
    assert {k: en[c] for k, c in DW.EFFECT_CODES.items()} == {k: e.text for k, e in WT.SPEED_WORLD_EFFECTS.items()}
    assert en["diagrams.wrgp.speed_world"] == WT.SPEED_WORLD
    for phase in TT.PHASES:
        assert en[DT.ORDER_NOTE_CODES[phase.key]] == phase.order_note
    for row in TT.NEXT_TURN:
        assert en[DT.CONDITION_CODES[row.rule, row.result]] == row.condition


def test_a_count_chooses_the_singular_or_the_plural_in_the_catalogue():
    args = {"team": "A", "card": "Pot of Greed", "limit": 1}
    code = "wrgp.event.deck_check_copies"        # one code; the catalogue has the English singular
    assert render(code, {**args, "count": 1}) == "team A: 1 copy of Pot of Greed across the team, limit 1"
    assert render(code, {**args, "count": 2}) == "team A: 2 copies of Pot of Greed across the team, limit 1"
    assert render(code, {**args, "count": 1}, "ja") == "チームA: チーム全体でPot of Greedが1枚、上限1枚"
    assert i18n.plural_form(code, 1, "ja") == code and i18n.plural_form(code, 1) == code + "_one"


# ---------------------------------------------------------------------- codes name what happened
_DOMAIN = {"wrgp": "wrgp", "digimon-tag": "tag"}


def test_every_event_and_refusal_code_names_what_happened_or_why():
    """An engine's event codes are ``<domain>.event.<what happened>`` and its refusals
    ``<domain>.reject.<why>``: never a slug of the English sentence (``tag.act.msg``), never a
    singular of its own (one code, ``CODE_one`` chosen by a count argument)."""
    from rulings_lib.scenario import load_scenario, run_scenario

    en = i18n.codes("en")
    seen = set()
    for f in sorted((PKG / "scenarios").rglob("*.yaml")):
        result = run_scenario(load_scenario(f))
        domain = _DOMAIN[result.scenario.format]
        for kind, items in (("event", result.outcome["events"]), ("reject", result.outcome["rejected"])):
            for item in items:
                code = item["code"]
                assert code.startswith(f"{domain}.{kind}.") and not code.endswith("_one"), (f.name, code)
                assert code in en, code
                seen.add(code)
    assert {"tag.event.player_acts", "tag.reject.letter_has_no_battle", "wrgp.event.duelist_loses"} <= seen
    # The engines' own calls, also those no shipped scenario reaches.
    for path, domain in ((PKG / "wrgp" / "engine.py", "wrgp"), (PKG / "tag" / "engine.py", "tag")):
        text = path.read_text(encoding="utf-8")
        for kind, pattern in (("event", r"self\._ev\(\s*[^,]+,\s*\"([\w.]+)\""),
                              ("reject", r"self\._fail\(\s*[^,]+,\s*\"([\w.]+)\"")):
            codes = re.findall(pattern, text)
            assert codes, (path.name, kind)
            for code in codes:
                assert code.startswith(f"{domain}.{kind}.") and code in en, (path.name, code)


# ---------------------------------------------------------------------- the trackers' words, each once
_TRACKER_FILES = ("site/tracker.html", "site/js/tracker.js", "rulings_lib/web.py", "rulings_lib/widgets/tracker.py",
                  "rulings_lib/wrgp/tracking.py", "rulings_lib/record.py")
_CODE = re.compile(r"""(?<=["'`])((?:site|widgets|verbs|wrgp)\.[a-z0-9_.]+[a-z0-9_])(?=["'`])""")


def test_the_trackers_words_live_once():
    """The browser's tracker and the Jupyter one share their words: no two codes that the tracker
    surfaces show (their own, site.tracker.* / site.button.* / widgets.tracker.*, and the verb
    table's labels they use) carry the same text in the same language, and every code they name exists."""
    used = set()
    for name in _TRACKER_FILES:
        used |= set(_CODE.findall((PKG.parent / name).read_text(encoding="utf-8")))
    assert {"verbs.wrgp.pay.label", "widgets.tracker.undo", "verbs.param.lineup.label"} <= used
    for lang in LANGS:
        words = i18n.codes(lang)
        missing = sorted(c for c in used if c not in words and not any(k.startswith(c + ".") for k in words))
        assert not missing, f"{lang}: the trackers name codes the catalogue lacks: {missing}"
        surface = {c for c in words if c.startswith(("site.tracker.", "site.button.", "widgets.tracker.",
                                                    "widgets.name.tracker"))}
        surface |= {c for c in used if c in words}
        surface |= {c for c in words if re.fullmatch(r"verbs\.wrgp\.[a-z_]+\.label", c)}   # "took back: <verb>"
        seen: dict[str, str] = {}
        for code in sorted(surface):
            text = re.sub(r"</?b>", "", words[code]).casefold().strip()
            assert text not in seen, f"{lang}: {seen.get(text)} and {code} both say {words[code]!r}"
            seen[text] = code
