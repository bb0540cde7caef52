"""The ruling FAQ: one FAQ per game, in sections ordered by the situation at the table; every
answer proved by a scenario the engine re-checks.

The players' FAQ lives in ``rulings_lib/faq/wrgp.yaml`` and ``rulings_lib/faq/tag.yaml`` (one
file per game); ``rulings_lib/faq/tool.yaml`` holds the notes about the tool itself (lineup size,
banlist files...), which are the maintainers' documentation, not rulings. The structure is
described in ``rulings_lib/faq/README.md``. In short, a file is::

    format: wrgp
    title: {en: ..., ja: ...}
    sections:
      - section: the-handover               # a stable id (the section's anchor)
        title: {en: ..., ja: ...}
        entries:
          - id: field-is-inherited
            kind: ruling                     # ruling | reading | contrast
            rules: [WRGP-H4]
            scenario: wrgp/field-is-inherited.yaml
            en: {q: ..., a: ..., why: ...}   # (and `open` for a reading)
            ja: {q: ..., a: ..., why: ...}

Each entry is written as a published ruling: ``q`` the question as a player asks it, ``a`` the
answer in one sentence, ``why`` the reason, then the rule ids (``rules``). A ``reading`` entry is
the FAQ's interpretation where the rulebook is silent: it names the Reading (``reading: ID``)
and says in ``open`` what the rulebook leaves open. A ``ruling`` whose answer the rulebook's own
words settle, although the library names a Reading for it, says so with ``settles: ID``.

:func:`load_faq` validates everything: a missing language, an unknown section, rule id or
reading, a scenario that does not exist, does not cover the entry's rules, or fails -- each is
an :class:`~rulings_lib.errors.InputError` naming the file, the line and the entry.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from ..formats import FORMATS as _REGISTRY
from ..i18n import Msg
from ..i18n.glossary import resolve
from ..schema import Choice, ListOf, MapOf, Text
from ..values import Value, field
from ..yamlsrc import load_file

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, NoReturn

    from ..scenario import RunResult

FAQ_DIR = Path(__file__).parent
SCENARIO_DIR = FAQ_DIR.parent / "scenarios"
LANGS = ("en", "ja")
FORMATS = tuple(_REGISTRY)               # the formats registry's names (rulings_lib.formats)
PLAYER_FILES = ("wrgp.yaml", "tag.yaml")   # one FAQ per game, in this order
TOOL_FILE = "tool.yaml"                     # the maintainers' notes on the tool
KINDS = ("ruling", "reading", "contrast", "tool")
PLAYER_KINDS = ("ruling", "reading", "contrast")
ADVICE_ONLY = {"TAG-K4"}   # advice, not a check: nothing to demonstrate

_text = MapOf({"q": Text(600), "a": Text(600), "why": Text(3000), "open": Text(2000), "settled": Text(600)},
              required=("q", "a", "why"), name="a text")
_title = MapOf({"en": Text(120), "ja": Text(120)}, required=LANGS, name="a title")
ENTRY = MapOf({
    "id": Text(80),
    "kind": Choice(*KINDS),
    "rules": ListOf(Text(30), min_len=1),
    "scenario": Text(200),
    "reading": Text(80),
    "settles": Text(80),
    "rests_on": ListOf(Text(80), min_len=1),
    "en": _text,
    "ja": _text,
}, required=("id", "kind", "rules", "scenario", "en", "ja"), name="a FAQ entry")


class Section(Value, frozen=True):
    """A heading of one game's FAQ: ``id`` (stable, the page's anchor), ``title`` in each language."""
    id: str
    format: str
    title: dict[str, str]  # lang -> text
    number: int           # 1, 2, ... in the game's order

    def t(self, lang: str = "en") -> str:
        return self.title[lang]


class Entry(Value):
    id: str
    kind: str
    rules: list[str]
    scenario: str
    text: dict[str, dict[str, str]]  # lang -> {"q", "a", "why", ["open"], ["settled"]}
    reading: str | None
    file: str
    line: int
    section: Section | None = None
    settles: str | None = None
    result: RunResult | None = field(default=None, repr=False)   # the scenario's RunResult
    # The Readings a ruling's answer rests on (each answered by its own entry): the answer says so.
    rests_on: tuple[str, ...] = ()
    # The game it is about, as declared: its file's ``format:`` (the section's), or for a note on the
    # tool (tool.yaml has no sections) the ``format:`` of the scenario that proves it.
    format: str = ""

    def q(self, lang: str = "en") -> str:
        return self.text[lang]["q"]

    def a(self, lang: str = "en") -> str:
        return self.text[lang]["a"]

    def why(self, lang: str = "en") -> str:
        return self.text[lang]["why"]

    @property
    def is_reading(self) -> bool:
        """The answer is an interpretation where the rulebook is silent (a named Reading)."""
        return self.kind == "reading" or (self.kind == "tool" and self.reading is not None)


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


def standard_rule_ids() -> dict[str, str]:
    """The standard Yu-Gi-Oh! rules the WRGP FAQ may cite besides WRGP's own (STD-TIMING...), id -> title.
    Not counted by :func:`coverage`: they are not the format's rules."""
    from ..wrgp.tables import STANDARD_RULES

    return dict(STANDARD_RULES)


def _sections_of(f: Path, data: Any) -> tuple[str, dict[str, str], list[Any]]:
    """The file's format, title and ``[(Section, [(raw entry, line)])]``; the tool file is a plain list."""
    if isinstance(data, list):
        return "", {}, [(None, [(raw, data.lines[i]) for i, raw in enumerate(data)])]  # type: ignore[attr-defined]
    if not isinstance(data, dict):
        raise InputError(str(f), getattr(data, "line", 1), Msg("input.faq.not_faq"))
    lines = getattr(data, "lines", {})
    for key in data:
        if key not in ("format", "title", "sections"):
            raise InputError(str(f), lines.get(key, 1), Msg("input.faq.unknown_key", key=repr(key)))
    for key in ("format", "title", "sections"):
        if key not in data:
            raise InputError(str(f), 1, Msg("input.faq.missing_key", key=repr(key)))
    fmt = Choice(*FORMATS).parse(data["format"], str(f), lines["format"], "format")
    title = _title.parse(data["title"], str(f), lines["title"], "title")
    secs = data["sections"]
    if not isinstance(secs, list) or not secs:
        raise InputError(str(f), lines["sections"], Msg("input.faq.sections"))
    out, seen = [], set()
    for i, s in enumerate(secs):
        sline = secs.lines[i]  # type: ignore[attr-defined]
        if not isinstance(s, dict):
            raise InputError(str(f), sline, Msg("input.faq.not_section"))
        for key in s:
            if key not in ("section", "title", "entries"):
                raise InputError(str(f), s.lines.get(key, sline), Msg("input.faq.section_unknown_key", key=repr(key)))  # type: ignore[attr-defined]
        for key in ("section", "title", "entries"):
            if key not in s:
                raise InputError(str(f), sline, Msg("input.faq.section_needs", key=repr(key)))
        sid = Text(40).parse(s["section"], str(f), sline, "section")
        if sid in seen:
            raise InputError(str(f), sline, Msg("input.faq.section_again", section=repr(sid)))
        seen.add(sid)
        stitle = _title.parse(s["title"], str(f), s.lines["title"], Msg("input.faq.section_title", section=repr(sid)))  # type: ignore[attr-defined]
        ents = s["entries"]
        if not isinstance(ents, list) or not ents:
            raise InputError(str(f), s.lines["entries"], Msg("input.faq.entries", section=repr(sid)))  # type: ignore[attr-defined]
        out.append((Section(sid, fmt, stitle, i + 1), [(raw, ents.lines[j]) for j, raw in enumerate(ents)]))  # type: ignore[attr-defined]
    return fmt, title, out


def load_faq(paths: Iterable[str | Path] | None = None, run: bool = True, *, tool: bool = False) -> list[Entry]:
    """Load and validate the players' FAQ (both games, in order), or with ``tool`` the notes on the
    tool; with ``run`` each entry's scenario is played and must pass. ``paths`` reads other files."""
    from ..readings import readings
    from ..scenario import load_scenario, run_scenario

    files = [Path(p) for p in paths] if paths else \
        [FAQ_DIR / TOOL_FILE] if tool else [FAQ_DIR / n for n in PLAYER_FILES]
    rule_ids = {**all_rule_ids(), **standard_rule_ids()}
    reading_ids = {r.id for r in readings()}
    settled_ids = {r.id for r in readings(settled=True)}
    entries: list[Entry] = []
    seen: dict[str, str] = {}
    cache: dict[str, RunResult] = {}
    for f in files:
        data = resolve(load_file(f), where=str(f))     # the rulebooks' terms spelled by the glossary
        _fmt, _title_, sections = _sections_of(f, data)
        for section, raws in sections:
            for i, (raw, line) in enumerate(raws):
                name = raw.get("id", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
                where = Msg("input.faq.entry", entry=repr(name))
                if isinstance(raw, dict):
                    for lang in LANGS:
                        if lang not in raw:
                            raise InputError(str(f), line, Msg("input.faq.missing_lang", where=where, lang=repr(lang),
                                                               langs=", ".join(LANGS)))
                e = ENTRY.parse(raw, str(f), line, where)

                def fail(msg: object, e: Any = e, line: int = line, f: Path = f) -> NoReturn:
                    raise InputError(str(f), line, Msg("input.faq.entry_problem", entry=repr(e["id"]), problem=msg))

                if e["id"] in seen:
                    fail(Msg("input.faq.id_again", file=seen[e["id"]]))
                seen[e["id"]] = str(f)
                if (e["kind"] == "tool") != (section is None):
                    fail(Msg("input.faq.tool_elsewhere" if section is not None else "input.faq.tool_only"))
                for r in e["rules"]:
                    if r not in rule_ids:
                        fail(Msg("input.faq.unknown_rule", rule=repr(r)))
                if e["kind"] == "reading":
                    if "reading" not in e:
                        fail(Msg("input.faq.reading_names"))
                    for lang in LANGS:
                        if "open" not in e[lang]:
                            fail(Msg("input.faq.reading_open", lang=lang))
                elif "reading" in e and e["kind"] != "tool":
                    fail(Msg("input.faq.reading_only"))
                if "settles" in e:
                    if e["kind"] != "ruling":
                        fail(Msg("input.faq.settles_ruling"))
                    if e["settles"] not in settled_ids:
                        fail(Msg("input.faq.unknown_settled", reading=repr(e["settles"])))
                    for lang in LANGS:
                        if "settled" not in e[lang]:
                            fail(Msg("input.faq.settled_quote", lang=lang))
                if "rests_on" in e:
                    if e["kind"] not in ("ruling", "contrast"):
                        fail(Msg("input.faq.rests_on_ruling"))
                    for r in e["rests_on"]:
                        if r not in reading_ids:
                            fail(Msg("input.faq.unknown_reading", reading=repr(r)))
                if "reading" in e and e["reading"] not in reading_ids:
                    fail(Msg("input.faq.unknown_reading", reading=repr(e["reading"])))
                path = SCENARIO_DIR / e["scenario"]
                if not path.is_file():
                    fail(Msg("input.faq.no_scenario", scenario=repr(e["scenario"])))
                sc = load_scenario(path)
                missing = [r for r in e["rules"] if r not in sc.rules]
                if missing:
                    fail(Msg("input.faq.not_demonstrated", scenario=e["scenario"], rules=", ".join(missing)))
                entry = Entry(e["id"], e["kind"], e["rules"], e["scenario"], {lang: e[lang] for lang in LANGS},
                              e.get("reading"), str(f), line, section, e.get("settles"),
                              format=section.format if section is not None else sc.format,
                              rests_on=tuple(e.get("rests_on", ())))
                if run:
                    if e["scenario"] not in cache:
                        cache[e["scenario"]] = run_scenario(sc, keep_snapshots=False)
                    result = cache[e["scenario"]]
                    if not result.passed:
                        bad = result.failures[0]
                        fail(Msg("input.faq.scenario_fails", scenario=e["scenario"], key=bad.key,
                                 expected=repr(bad.expected), actual=repr(bad.actual)))
                    entry.result = result
                entries.append(entry)
    return entries


def load_titles() -> dict[str, dict[str, str]]:
    """Each game's FAQ title, format -> {lang: title}, in the order of the FAQ."""
    out = {}
    for n in PLAYER_FILES:
        fmt, title, _ = _sections_of(FAQ_DIR / n, resolve(load_file(FAQ_DIR / n), where=n))
        out[fmt] = title
    return out


def by_section(entries: list[Entry]) -> list[tuple[Section, list[Entry]]]:
    """The entries grouped under their sections, in the FAQ's order (games, then sections)."""
    groups: dict[tuple[Any, ...], tuple[Section, list[Entry]]] = {}
    for e in entries:
        if e.section is not None:
            groups.setdefault((e.section.format, e.section.id), (e.section, []))[1].append(e)
    return list(groups.values())


class Coverage(Value):
    demonstrated: dict[str, list[str]]    # rule id -> entry ids
    missing: list[str]
    readings_missing: list[str]           # readings no entry (FAQ or tool note) answers

    @property
    def complete(self) -> bool:
        return not self.missing and not self.readings_missing


def coverage(entries: list[Entry] | None = None) -> Coverage:
    """Rule ids and Readings covered by the FAQ and the tool notes together."""
    from ..readings import readings

    entries = load_faq() + load_faq(tool=True) if entries is None else entries
    ids = all_rule_ids()
    demo: dict[str, list[str]] = {r: [] for r in ids}
    for e in entries:
        for r in e.rules:
            if r in demo:                  # the standard rules (STD-*) are cited, not counted
                demo[r].append(e.id)
    missing = [r for r, es in demo.items() if not es and r not in ADVICE_ONLY]
    answered = {e.reading for e in entries if e.reading} | {e.settles for e in entries if e.settles}
    rmissing = [r.id for r in readings() + readings(settled=True) if r.id not in answered]
    return Coverage({r: es for r, es in demo.items() if es}, missing, rmissing)


LABELS = {
    "en": {"ruling": "Ruling", "reading": "Interpretation: the rulebook does not say", "contrast": "How it differs",
           "rules": "Rules", "reading_id": "Reading", "open": "What the rulebook leaves open",
           "settled": "Settled by the rulebook's words",
           "rests": "Ruling with an interpretation: part of this answer the rulebook does not say",
           "rests_on": "Interpretation it rests on"},
    "ja": {"ruling": "裁定", "reading": "解釈：ルールブックに記載なし", "contrast": "ほかのルールとの違い",
           "rules": "ルール", "reading_id": "解釈", "open": "ルールブックに書かれていないこと",
           "settled": "ルールブックの記述で決まります",
           "rests": "解釈を含む裁定：答えの一部はルールブックに記載なし",
           "rests_on": "前提とする解釈"},
}


def flag(e: Entry, lang: str = "en") -> str:
    """The label an answer is shown with ("" for a plain ruling): an interpretation, a contrast, or a
    ruling that rests on an interpretation (``rests_on``)."""
    if e.kind == "ruling":
        return LABELS[lang]["rests"] if e.rests_on else ""
    return LABELS[lang][e.kind]


def readings_line(e: Entry, lang: str = "en") -> str:
    """The Readings an entry names, as a player reads them (in Japanese by their Japanese names):
    ``" · Reading: ID"``, ``" · Interpretation it rests on: ID, ID"`` or ""."""
    from ..i18n import reading_name

    L = LABELS[lang]
    sep = "、" if lang == "ja" else ", "
    out = ""
    if e.reading:
        out += f" · {L['reading_id']}: {reading_name(e.reading, lang)}"
    if e.rests_on:
        out += f" · {L['rests_on']}: " + sep.join(reading_name(r, lang) for r in e.rests_on)
    return out


def render_text(entries: list[Entry], lang: str = "en") -> str:
    """The FAQ for the terminal: each game, its sections, each Q&A written answer first."""
    L = LABELS[lang]
    titles = load_titles()
    out = []
    fmt = None
    for section, group in by_section(entries):
        if section.format != fmt:
            fmt = section.format
            out.append(f"# {titles[fmt][lang]}")
            out.append("")
        out.append(f"== {section.number}. {section.t(lang)} ==")
        out.append("")
        for e in group:
            t = e.text[lang]
            shown = f"[{flag(e, lang)}] " if flag(e, lang) else ""
            out.append(f"Q. {t['q']}")
            out.append(f"A. {shown}{t['a']}")
            out.append(f"   {t['why']}")
            if "open" in t:
                out.append(f"   {L['open']}: {t['open']}")
            if "settled" in t:
                out.append(f"   {L['settled']}: {t['settled']}")
            # (A ruling that `settles` a former Reading quotes the rulebook's words above; which Reading it
            # was is the maintainers' note, not the player's.)
            out.append(f"   {L['rules']}: {', '.join(e.rules)}{readings_line(e, lang)}")
            out.append("")
    return "\n".join(out).rstrip() + "\n"
