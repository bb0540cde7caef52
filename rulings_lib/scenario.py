"""Scenario files: load, validate, run, compare with ``expect:`` (see docs/scenario-format.md).

>>> from rulings_lib.scenario import load_scenario, run_scenario
>>> from rulings_lib.examples import example_path
>>> result = run_scenario(load_scenario(example_path("power-bond-cyber-end-dragon")))
>>> result.passed
True

Each format (``wrgp``, ``digimon-tag``) is a record of :mod:`rulings_lib.formats`: its verb table
says what each step may hold and plays it; its reader module has ``SETUP`` (schema),
``OUTCOME_KEYS``, ``check_setup`` and ``new_match`` (the state in words is :func:`rulings_lib.draw.summary`,
one for both languages); this module does what is
common to both.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from .errors import ArgumentError, IllegalAction, InputError, InternalError, ScenarioError, one_line
from .formats import FORMATS
from .formats import get as get_format
from .i18n import Msg, check_lang, render
from .schema import Either, ListOf, MapOf, Text, _show
from .values import Value, field
from .yamlsrc import YMap, load_file, load_text

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from types import ModuleType
    from typing import Any, NoReturn


# What one scenario may ask the kit to do: a scenario is a worked example of a ruling,
# some dozens of steps. A file within the size cap could otherwise ask for hours of play and
# gigabytes of output (YAML aliases repeat a step without repeating its text). Aliases count as
# what they expand to: a step reached through an alias is one more step.
MAX_STEPS = 5_000
MAX_EVENTS = 50_000


def format_module(name: str) -> ModuleType:
    """The scenario reader of the format ``name`` (:data:`rulings_lib.formats.FORMATS`)."""
    return get_format(name).reader


class Step(Value):
    """One step of a scenario: its ``number``, ``verb`` and ``args`` (as the verb table reads
    them), its ``line`` in the file and its ``raw`` value as written."""

    number: int
    verb: str
    args: object
    line: int
    raw: object = None

    def label(self) -> str:
        return f"{self.verb}: {compact(self.raw)}"


class Scenario(Value):
    """A scenario as read: ``titles`` is ``{lang: title}`` when `title:` gives one per language."""

    path: str
    format: str
    title: str
    rules: list[str]
    setup: dict[str, Any]
    steps: list[Step]
    expect: dict[str, Any]
    expect_lines: dict[str, int] = field(default_factory=dict)
    description: str = ""
    line: int = 1
    titles: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return Path(self.path).stem

    def title_in(self, lang: str = "en") -> str:
        """The title in ``lang`` where the file gives one (``title: {en: ..., ja: ...}``), else as written."""
        return self.titles.get(lang) or self.title


def plain(value: Any) -> Any:
    """YMap/YSeq (which remember lines) to plain dicts and lists."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def compact(value: object) -> str:
    """A one-line YAML-flow-like rendering of a step's value, for transcripts."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_TITLE = Either(Text(300), MapOf({"en": Text(300), "ja": Text(300)}, required=("en",)))
_TOP_KEYS = ("format", "title", "description", "rules", "setup", "steps", "expect")


def parse_scenario(data: Any, file: str) -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError(file, getattr(data, "line", 1),
                            Msg("input.scenario.not_mapping"))
    lines = getattr(data, "lines", {})
    top_line = getattr(data, "line", 1)
    for key in data:
        if key not in _TOP_KEYS:
            raise ScenarioError(file, lines.get(key, top_line),
                                Msg("input.scenario.unknown_key", key=repr(key), known=", ".join(_TOP_KEYS)))
    if "format" not in data:
        raise ScenarioError(file, top_line, Msg("input.scenario.no_format", formats=", ".join(FORMATS)))
    fmt_name = data["format"]
    if not isinstance(fmt_name, str) or fmt_name not in FORMATS:
        raise ScenarioError(file, lines["format"], Msg("input.scenario.bad_format", formats=", ".join(FORMATS),
                                                       got=_show(fmt_name)))
    fmt = FORMATS[fmt_name].reader
    table = FORMATS[fmt_name].verbs

    def at(key: str) -> int:
        return lines.get(key, top_line)  # type: ignore[no-any-return]

    # `title:` is one text, or one per language ({en: ..., ja: ...}; en required): an extension.
    titled = _TITLE.parse(data.get("title", Path(file).stem), file, at("title"), "title")
    titles = titled if isinstance(titled, dict) else {}
    title = titles.get("en", titled) if titles else titled
    description = Text(5000).parse(data["description"], file, at("description"), "description") \
        if "description" in data else ""
    rules = ListOf(Text(30)).parse(data.get("rules", []), file, at("rules"), "rules")
    rule_lines = getattr(data.get("rules"), "lines", [])
    for i, rule in enumerate(rules):
        if rule not in fmt.RULE_IDS:
            raise ScenarioError(file, rule_lines[i] if i < len(rule_lines) else at("rules"),
                                Msg("input.scenario.unknown_rule", n=i + 1, rule=repr(rule), format=fmt_name))
    raw_setup = data.get("setup")
    # `setup:` with nothing after it is an empty setup; `setup: false` (or a list, a number) is not.
    setup = fmt.SETUP.parse(YMap() if raw_setup is None else raw_setup, file, at("setup"), "setup")

    def setup_fail(key: str, message: object) -> NoReturn:
        sub = data.get("setup")
        line = getattr(sub, "lines", {}).get(key, at("setup"))
        raise ScenarioError(file, line, message)

    fmt.check_setup(setup, setup_fail)

    raw_steps = data.get("steps", [])
    if raw_steps is None:
        raw_steps = []
    if not isinstance(raw_steps, list):
        raise ScenarioError(file, at("steps"), Msg("input.scenario.steps_list", got=_show(raw_steps)))
    if len(raw_steps) > MAX_STEPS:
        raise ScenarioError(file, at("steps"), Msg("input.scenario.too_many_steps", n=len(raw_steps), max=MAX_STEPS))
    steps = []
    step_lines = getattr(raw_steps, "lines", [at("steps")] * len(raw_steps))
    known = table.steps                 # the step verbs (a dict built by the table: asked once)
    schemas = fmt.STEPS
    for i, raw in enumerate(raw_steps):
        n, line = i + 1, step_lines[i]
        if not isinstance(raw, dict) or len(raw) != 1:
            raise ScenarioError(file, line, Msg("input.scenario.step_shape", n=n, verbs=", ".join(known)))
        (verb, value), = raw.items()
        if verb not in known:
            raise ScenarioError(file, line, Msg("input.scenario.unknown_verb", n=n, verb=repr(verb),
                                                verbs=", ".join(known)))
        args = schemas[verb].parse(value, file, line, f"steps[{n}].{verb}")   # the table's schema
        steps.append(Step(n, verb, args, line, plain(value)))

    expect = data.get("expect")
    if expect is None:
        expect = {}
    if not isinstance(expect, dict):
        raise ScenarioError(file, at("expect"), Msg("input.scenario.expect_mapping", got=_show(expect)))
    elines = getattr(expect, "lines", {})
    for key in expect:
        if key not in fmt.OUTCOME_KEYS:
            raise ScenarioError(file, elines.get(key, at("expect")),
                                Msg("input.scenario.unknown_outcome", key=repr(key), known=", ".join(fmt.OUTCOME_KEYS)))
    if "rejected" in expect:
        ListOf(MapOf({"step": _Any(), "rule": _Any(), "reason": _Any()}, required=("step", "rule"),
                     name=Msg("input.scenario.rejected_step"))).parse(expect["rejected"], file, elines["rejected"], "expect.rejected")
    return Scenario(file, fmt_name, title, rules, setup, steps, plain(expect), dict(elines), description, top_line,
                    titles)


class _Any(Text):
    expected = Msg("input.schema.value")

    def parse(self, value: Any, file: str, line: int, where: str) -> Any:
        return value


def read_setup(format: str, setup: Any, file: str = "<setup>") -> Any:
    """A match of ``format`` starting at ``setup`` (a scenario file's ``setup:`` mapping), read and checked
    as a scenario's (ScenarioError naming ``file`` and the key): :meth:`rulings_lib.match.Match.from_setup`."""
    return get_format(format).new_match(parse_scenario({"format": format, "setup": setup}, file).setup)


def load_scenario(path: str | Path) -> Scenario:
    return parse_scenario(load_file(path), str(path))


def scenario_from_text(text: str, name: str = "<scenario>") -> Scenario:
    return parse_scenario(load_text(text, name), name)


class Check(Value):
    """One ``expect:`` key compared: what was ``expected``, what the run gave (``actual``), whether
    they agree, and the key's line."""

    key: str
    expected: object
    actual: object
    ok: bool
    line: int = 0


class RunResult(Value):
    """A scenario played: ``snapshots`` holds the match after each step (when asked),
    ``unexpected`` the rejections the scenario does not expect (no `rejected:`)."""

    scenario: Scenario
    match: object
    outcome: dict[str, Any]
    checks: list[Check]
    snapshots: list[Any] = field(default_factory=list)
    unexpected: list[dict[str, Any]] = field(default_factory=list)
    strict: bool = False

    @property
    def passed(self) -> bool:
        return all(c.ok for c in self.checks) and not (self.strict and self.unexpected)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def replay(self, on_step: Callable[[int, Any], object] | None = None) -> RunResult:
        """The same scenario played again: keeping the match after each step (``snapshots``), or,
        with ``on_step(n, match)``, showing each moment to it instead (nothing kept)."""
        return run_scenario(self.scenario, keep_snapshots=on_step is None, on_step=on_step, strict=self.strict)

    def transcript(self, lang: str = "en") -> str:
        return render_transcript(self, lang)

    def _repr_svg_(self) -> str:  # Jupyter: the final state drawn (the drawing module loads only when asked)
        from .draw import scenario_svg

        return scenario_svg(self)  # type: ignore[no-any-return]

    def verdict(self, lang: str = "en") -> str:
        """The verdict in words (``rulings run`` prints it first): who lost and why, who is next and
        why, what is inherited, the Readings relied on (:mod:`rulings_lib.verdict`)."""
        from .verdict import verdict_text

        return verdict_text(self.outcome["verdict"], lang, get_format(self.scenario.format).cards,
                            self.outcome["rejected"])

    def _repr_html_(self) -> str:  # Jupyter: the verdict, the final state drawn, then the transcript
        import html

        from .draw import image_picture  # an embedded image: shown before the notebook is trusted

        return (f'<div class="rulings-kit-result"><pre class="verdict">{html.escape(self.verdict())}</pre>'
                f"{image_picture(self._repr_svg_())}<pre>{html.escape(self.transcript())}</pre></div>")

    def __repr__(self) -> str:
        verdict = "passed" if self.passed else f"{len(self.failures)} expectation(s) failed"
        return f"<RunResult {self.scenario.name}: {len(self.scenario.steps)} steps, {verdict}>"


def same(expected: object, actual: object) -> bool:
    """Whether an expected value matches an outcome value exactly (scenario-format: "each must
    match exactly"): the same type as well as the same value, all the way down. ``0`` is not
    ``false``, ``8000.0`` is not ``8000``, ``1.0`` is not ``1``; mappings match key for key, lists
    item for item."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(actual, int) or isinstance(expected, int):
        return type(expected) is int and type(actual) is int and expected == actual
    if isinstance(actual, float) or isinstance(expected, float):
        return type(expected) is float and type(actual) is float and expected == actual
    if isinstance(actual, dict):
        return isinstance(expected, dict) and expected.keys() == actual.keys() and \
            all(same(expected[k], actual[k]) for k in actual)
    if isinstance(actual, list | tuple):
        return isinstance(expected, list | tuple) and len(expected) == len(actual) and \
            all(same(e, a) for e, a in zip(expected, actual, strict=True))
    if actual is None or expected is None:
        return expected is None and actual is None
    return type(expected) is type(actual) and expected == actual


def _compare(key: str, expected: Any, actual: Any) -> bool:
    if key == "rejected":
        # Each rejection is matched on its step and rule (its reason is for people; code and args
        # for programs), exactly: `step: 1.0` is not step 1.
        if not isinstance(expected, list) or len(expected) != len(actual):
            return False
        return all(isinstance(e, dict) and "step" in e and "rule" in e and same(e["step"], a["step"])
                   and same(e["rule"], a["rule"]) for e, a in zip(expected, actual, strict=True))
    return same(expected, actual)


def _written_paths(value: object, found: dict[str, str]) -> dict[str, str]:
    """``{resolved path: path as written}`` of the files a step names (see schema.DeckPath)."""
    if isinstance(value, dict):
        for v in value.values():
            _written_paths(v, found)
    elif isinstance(value, list):
        for v in value:
            _written_paths(v, found)
    elif isinstance(value, str) and getattr(value, "written", None) is not None:
        found[str(value)] = value.written  # type: ignore[attr-defined]
    return found


def _as_written(exc: InputError, step: Step) -> Msg:
    """The error of a file a step names, located by the path the scenario wrote (``decks/a.ydk``),
    never the machine's absolute path."""
    msg = exc.as_msg()
    written = _written_paths(step.args, {})
    if exc.file in written:
        where = f"{written[exc.file]}:{exc.line}" if exc.line else written[exc.file]
        msg = Msg("input.located", where=where, message=msg.args["message"])
    return msg


def run_scenario(scenario: Scenario, keep_snapshots: bool = False, on_step: Callable[[int, Any], object] | None = None,
                 strict: bool = False) -> RunResult:
    """Play every step; a step the rules forbid is rejected (recorded) and play goes on.

    ``on_step(n, match)``, when given, is called after the setup (n = 0) and after each step n,
    with the live match (to look at, not to keep: it goes on changing). A run that makes more
    than MAX_EVENTS events stops with a ScenarioError naming the limit.

    ``strict`` (XMage's strict tests): a rejection that ``expect.rejected`` does not list -- or any
    rejection when ``rejected`` is not given -- fails the run; without it the transcript warns.
    An exception from inside an engine that is neither a rules refusal nor a refused argument is
    an :class:`~rulings_lib.errors.InternalError` (a bug to report), never bad input."""
    fmt = get_format(scenario.format)
    match = fmt.new_match(scenario.setup)
    snapshots = [match.copy()] if keep_snapshots else []
    memo: dict[Any, Any] = {}      # each file a step names is read and checked once per run
    if on_step is not None:
        on_step(0, match)
    for step in scenario.steps:
        match.step = step.number - 1
        try:
            fmt.verbs[step.verb].play(match, step.args, memo)    # the verb table's one dispatch path
        except IllegalAction as err:
            match.record_rejection(step.number, err)
        except ScenarioError:
            raise
        except InputError as exc:   # a deck, banlist or catalogue named by the step: name both files
            raise ScenarioError(scenario.path, step.line, Msg("input.in_step", where=f"steps[{step.number}].{step.verb}",
                                                              message=_as_written(exc, step))) from None
        except ArgumentError as exc:  # the engine refused the step's value (e.g. a card the scenario never placed)
            raise ScenarioError(scenario.path, step.line, Msg("input.in_step", where=f"steps[{step.number}].{step.verb}",
                                                              message=exc.as_msg())) from None
        except (MemoryError, RecursionError):
            raise                   # out of a resource: no answer (the command line says so)
        except Exception as exc:    # anything else is the kit's fault: never shown as bad input
            raise InternalError(f"{scenario.path}:{step.line}: steps[{step.number}].{step.verb}") from exc
        if len(match.events) > MAX_EVENTS:
            raise ScenarioError(scenario.path, step.line, Msg("input.scenario.too_many_events", n=step.number,
                                                              max=MAX_EVENTS))
        if keep_snapshots:
            snapshots.append(match.copy())
        if on_step is not None:
            on_step(step.number, match)
    # its events with code and args (Match; scenario README), and its verdict: the answer in
    # words decided by the engine, the one every page, the tracker and the FAQ word
    outcome = match.state()
    checks = [Check(k, v, outcome[k], _compare(k, v, outcome[k]), scenario.expect_lines.get(k, 0))
              for k, v in scenario.expect.items()]
    unexpected = [] if "rejected" in scenario.expect else list(outcome["rejected"])
    return RunResult(scenario, match, outcome, checks, snapshots, unexpected, strict)


def _shown(key: str, value: Any) -> Any:
    """An outcome value as an expectation line shows it: a rejection's ``code`` and ``args`` are
    left out (they are for programs; ``reason`` says it in words)."""
    if key == "rejected" and isinstance(value, list):
        return [{k: v for k, v in r.items() if k not in ("code", "args")} if isinstance(r, dict) else r
                for r in value]
    return value


def _final_state(fmt: object, out: dict[str, Any], lang: str) -> list[str]:
    """The final state in words: the one summary (the pictures' <desc>), the same facts in either language."""
    from .draw import summary  # pure Python; the state in words as the pictures' <desc> says it

    return summary(out, lang)  # type: ignore[no-any-return]


def render_transcript(result: RunResult, lang: str = "en") -> str:
    """The numbered transcript people read, in ``lang`` (``en`` or ``ja``): each event by its
    message code (an event its engine has not given a code yet: its English text)."""
    from .cards import in_words  # the catalogue is read on first use

    check_lang(lang)
    sc, out = result.scenario, result.outcome
    fmt = format_module(sc.format)

    def t(code: str, **args: object) -> str:
        return render(code, args, lang)

    def said(code: str, args: dict[str, Any]) -> str:       # an event or a refusal, its cards named in the reader's language
        return in_words(code, args, lang, get_format(sc.format).cards)

    lines = [t("common.transcript.scenario", title=sc.title_in(lang))]
    if sc.rules:
        lines.append(t("common.transcript.rules", rules=", ".join(sc.rules)))
    lines.append("")
    by_step: dict[int, list[Any]] = {}
    for ev in out["events"]:
        by_step.setdefault(ev["step"], []).append(ev)
    rejected = {r["step"]: r for r in out["rejected"]}
    n = 0
    for ev in by_step.get(0, []):
        n += 1
        lines.append(t("common.transcript.setup_event", n=f"{n:3}", rule=ev["rule"], text=said(ev["code"], ev.get("args"))))
    for step in sc.steps:
        lines.append(t("common.transcript.step_head", number=step.number, label=step.label()))
        for ev in by_step.get(step.number, []):
            n += 1
            lines.append(t("common.transcript.step_event", n=f"{n:3}", number=f"{step.number:<4}", rule=ev["rule"],
                           text=said(ev["code"], ev.get("args"))))
        if step.number in rejected:
            r = rejected[step.number]
            n += 1
            reason = said(r["code"], r.get("args")) if r.get("code") else r["reason"]
            lines.append(t("common.transcript.rejected", n=f"{n:3}", number=f"{step.number:<4}", rule=r["rule"], reason=reason))
    lines.append("")
    lines.append(t("common.transcript.final_state"))
    lines.extend("  " + s for s in _final_state(fmt, out, lang))
    if result.checks:
        lines.append("")
        lines.append(t("common.transcript.expectations"))
        for c in result.checks:
            actual = json.dumps(_shown(c.key, c.actual), ensure_ascii=False)
            if c.ok:
                lines.append(t("common.transcript.ok", key=c.key, value=actual))
            else:
                lines.append(t("common.transcript.fail", key=c.key, expected=json.dumps(c.expected, ensure_ascii=False),
                               actual=actual))
    if result.unexpected:
        lines.append("")
        code = "common.transcript.strict_fail" if result.strict else "common.transcript.unexpected"
        for r in result.unexpected:
            lines.append(t(code, step=r["step"], rule=r["rule"]))
    # Titles, card names and other text from the file reach these lines: escape control characters
    # in each, so that a name cannot end a line early or forge one.
    text = "\n".join(lines)
    if text.count("\n") == len(lines) - 1 and not _UNSAFE_BUT_NEWLINE.search(text):
        return text             # no line holds anything to escape (the usual case): checked at once
    return "\n".join(one_line(line) for line in lines)


# errors.one_line's unsafe characters but the newline (the transcript's own line ends).
_UNSAFE_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _walk(folder: Path, found: list[Path], problems: list[InputError]) -> None:
    """Every scenario file under ``folder``, depth first in name order, with no recursion (a folder
    1,100 levels deep is walked like any other). A linked folder is followed unless it
    leads back to a folder already on the way down (a loop: said, and the rest is still walked)."""
    try:
        top = os.stat(folder)
    except OSError as exc:
        problems.append(InputError(str(folder), None, Msg("input.scan.cannot_list", why=_os_why(exc))))
        return
    # (folder, the (device, inode) of every folder from the top down to it)
    stack: list[tuple[str, frozenset[tuple[int, int]]]] = [(str(folder), frozenset({(top.st_dev, top.st_ino)}))]
    while stack:
        path, above = stack.pop()
        try:
            with os.scandir(path) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            problems.append(InputError(path, None, Msg("input.scan.cannot_list", why=_os_why(exc))))
            continue
        below: list[tuple[str, frozenset[tuple[int, int]]]] = []
        for entry in entries:
            try:
                if entry.is_dir():                      # a linked folder too
                    st = entry.stat()
                    key = (st.st_dev, st.st_ino)
                    if key in above:
                        problems.append(InputError(entry.path, None, Msg("input.scan.loop")))
                        continue
                    below.append((entry.path, above | {key}))
                elif entry.name.endswith((".yaml", ".yml")):
                    found.append(Path(entry.path))
            except OSError as exc:
                problems.append(InputError(entry.path, None, Msg("input.scan.cannot_look", why=_os_why(exc))))
        stack.extend(reversed(below))                   # the first folder by name is walked first


def _os_why(exc: OSError) -> Msg | str:
    return Msg("files.why.permission") if isinstance(exc, PermissionError) else exc.strerror or str(exc)


def scan_scenarios(paths: Iterable[str | Path]) -> tuple[list[Path], list[InputError]]:
    """Every ``*.yaml``/``*.yml`` file under the given files and folders, in a stable order, and
    the problems met on the way (a folder that cannot be listed), each an InputError."""
    found: list[Path] = []
    problems: list[InputError] = []
    for p in paths:
        p = Path(p)
        try:
            is_dir = p.is_dir()
        except (OSError, ValueError):
            is_dir = False
        if is_dir:
            inside: list[Path] = []
            _walk(p, inside, problems)
            found.extend(sorted(inside))
        else:
            found.append(p)
    return found, problems


def find_scenarios(paths: Iterable[str | Path]) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` file under the given files and folders, in a stable order.
    A folder that cannot be listed raises its InputError."""
    found, problems = scan_scenarios(paths)
    if problems:
        raise problems[0]
    return found


def builtin_scenarios(format: str | None = None) -> list[Path]:
    """The scenario files shipped with the kit (``rulings_lib/scenarios/<format>/``)."""
    root = Path(__file__).parent / "scenarios"
    dirs = [root / get_format(format).folder] if format else [root]
    return find_scenarios(d for d in dirs if d.exists())
