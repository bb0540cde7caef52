"""The ruling FAQ: entries as data, each answer proved by a scenario the engine re-checks.

Entries live in ``rulings_lib/faq/*.yaml``. Each has an ``id``, a ``kind`` (``ruling``,
``contrast`` or ``open-question``), the ``rules`` it demonstrates, the ``scenario`` (a path
under ``rulings_lib/scenarios/``) whose ``expect:`` proves the answer, and the text in English
(``en``) and Japanese (``ja``): ``q`` (the question) and ``a`` (the answer); open questions also
name the ``reading`` the kit plays by and say in ``open`` what the source leaves open.

:func:`load_faq` validates everything: a missing language, an unknown rule id or reading, a
scenario that does not exist, does not cover the entry's rules, or fails -- each is an
:class:`~rulings_lib.errors.InputError` naming the file, the line and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..schema import Choice, ListOf, MapOf, Text
from ..yamlsrc import load_file

FAQ_DIR = Path(__file__).parent
SCENARIO_DIR = FAQ_DIR.parent / "scenarios"
LANGS = ("en", "ja")
KINDS = ("ruling", "contrast", "open-question")
ADVICE_ONLY = {"TAG-K4"}   # advice, not a check: nothing to demonstrate

_text = MapOf({"q": Text(600), "a": Text(3000), "open": Text(2000)}, required=("q", "a"), name="a text")
ENTRY = MapOf({
    "id": Text(80),
    "kind": Choice(*KINDS),
    "rules": ListOf(Text(30), min_len=1),
    "scenario": Text(200),
    "reading": Text(80),
    "en": _text,
    "ja": _text,
}, required=("id", "kind", "rules", "scenario", "en", "ja"), name="a FAQ entry")


@dataclass
class Entry:
    id: str
    kind: str
    rules: list[str]
    scenario: str
    text: dict            # lang -> {"q", "a", ["open"]}
    reading: str | None
    file: str
    line: int
    result: object = field(default=None, repr=False)   # the scenario's RunResult

    def q(self, lang: str = "en") -> str:
        return self.text[lang]["q"]

    def a(self, lang: str = "en") -> str:
        return self.text[lang]["a"]

    @property
    def format(self) -> str:
        return "wrgp" if self.rules[0].startswith("WRGP") else "digimon-tag"


def all_rule_ids() -> dict[str, str]:
    """Every rule id of both references (plus nothing else), id -> short title."""
    from ..wrgp.tables import RULES as WRGP_RULES

    ids = dict(WRGP_RULES)
    try:
        from ..tag.tables import RULES as TAG_RULES
        ids.update(TAG_RULES)
    except ImportError:
        pass
    return ids


def load_faq(paths=None, run: bool = True) -> list[Entry]:
    """Load and validate the FAQ entries; with ``run`` each entry's scenario is played and must pass."""
    from ..readings import readings
    from ..scenario import load_scenario, run_scenario

    files = sorted(paths or FAQ_DIR.glob("*.yaml"))
    rule_ids = all_rule_ids()
    reading_ids = {r.id for r in readings()}
    entries: list[Entry] = []
    seen: dict[str, str] = {}
    cache: dict[str, object] = {}
    for f in files:
        data = load_file(f)
        if not isinstance(data, list):
            raise InputError(str(f), getattr(data, "line", 1), "expected a list of FAQ entries")
        for i, raw in enumerate(data):
            line = data.lines[i]
            name = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
            where = f"entry {name!r}"
            if isinstance(raw, dict):
                for lang in LANGS:
                    if lang not in raw:
                        raise InputError(str(f), line, f"{where}: missing language {lang!r} (every entry needs "
                                                       f"{' and '.join(LANGS)})")
            e = ENTRY.parse(raw, str(f), line, where)

            def fail(msg, e=e, line=line, f=f):
                raise InputError(str(f), line, f"entry {e['id']!r}: {msg}")

            if e["id"] in seen:
                fail(f"id already used in {seen[e['id']]}")
            seen[e["id"]] = str(f)
            for r in e["rules"]:
                if r not in rule_ids:
                    fail(f"unknown rule id {r!r}")
            if e["kind"] == "open-question":
                if "reading" not in e:
                    fail("an open question names the reading the kit plays by (reading: ID)")
                for lang in LANGS:
                    if "open" not in e[lang]:
                        fail(f"an open question says what the source leaves open ({lang}.open)")
            if "reading" in e and e["reading"] not in reading_ids:
                fail(f"unknown reading {e['reading']!r}")
            path = SCENARIO_DIR / e["scenario"]
            if not path.is_file():
                fail(f"scenario {e['scenario']!r} not found under rulings_lib/scenarios/")
            sc = load_scenario(path)
            missing = [r for r in e["rules"] if r not in sc.rules]
            if missing:
                fail(f"scenario {e['scenario']} does not demonstrate {', '.join(missing)} (not in its rules:)")
            entry = Entry(e["id"], e["kind"], e["rules"], e["scenario"], {lang: e[lang] for lang in LANGS},
                          e.get("reading"), str(f), line)
            if run:
                if e["scenario"] not in cache:
                    cache[e["scenario"]] = run_scenario(sc, keep_snapshots=False)
                result = cache[e["scenario"]]
                if not result.passed:
                    bad = result.failures[0]
                    fail(f"scenario {e['scenario']} fails: {bad.key} expected {bad.expected!r}, got {bad.actual!r}")
                entry.result = result
            entries.append(entry)
    return entries


@dataclass
class Coverage:
    demonstrated: dict[str, list[str]]    # rule id -> entry ids
    missing: list[str]
    readings_missing: list[str]           # readings with no open-question entry

    @property
    def complete(self) -> bool:
        return not self.missing and not self.readings_missing


def coverage(entries: list[Entry] | None = None) -> Coverage:
    from ..readings import readings

    entries = load_faq() if entries is None else entries
    ids = all_rule_ids()
    demo: dict[str, list[str]] = {r: [] for r in ids}
    for e in entries:
        for r in e.rules:
            demo[r].append(e.id)
    missing = [r for r, es in demo.items() if not es and r not in ADVICE_ONLY]
    opened = {e.reading for e in entries if e.kind == "open-question"}
    rmissing = [r.id for r in readings() if r.id not in opened]
    return Coverage({r: es for r, es in demo.items() if es}, missing, rmissing)


def render_text(entries: list[Entry], lang: str = "en") -> str:
    """The FAQ for the terminal."""
    titles = {
        "en": {"ruling": "Rulings", "contrast": "How WRGP differs", "open-question": "Open questions",
               "rules": "Rules", "reading": "The kit plays by", "open": "Left open"},
        "ja": {"ruling": "裁定", "contrast": "通常ルールとの違い", "open-question": "未解決の論点",
               "rules": "ルール", "reading": "本キットの解釈", "open": "原文で未定の点"},
    }[lang]
    out = []
    for kind in KINDS:
        group = [e for e in entries if e.kind == kind]
        if not group:
            continue
        out.append(f"== {titles[kind]} ==")
        out.append("")
        for e in group:
            t = e.text[lang]
            out.append(f"Q. {t['q']}")
            out.append(f"A. {t['a']}")
            if "open" in t:
                out.append(f"   {titles['open']}: {t['open']}")
            if e.reading:
                out.append(f"   {titles['reading']}: {e.reading}")
            out.append(f"   {titles['rules']}: {', '.join(e.rules)}  ({e.scenario})")
            out.append("")
    return "\n".join(out).rstrip() + "\n"
