"""The verb tables: each format's verbs declared once, as data, and everything derived from them.

A format declares its verbs (``rulings_lib/wrgp/verbs.py``, ``rulings_lib/tag/verbs.py``) as
:class:`Verb` records whose :class:`Param` trees give each parameter's type, range, default and
(through the words catalogue, ``verbs.*.json``) its label and help in English and Japanese.
From that one declaration come:

* the engine's argument checks at the API boundary (:meth:`VerbTable.api_checks`, the
  engines' ``VERBS``);
* the scenario schema of each step and its error messages (:meth:`Verb.schema`);
* one dispatch path from a step's value to the engine call (:meth:`Verb.play`), used by the
  scenario runner, :meth:`Action.play`, the trackers and the browser;
* the machine-readable description a form builder reads (``rulings verbs --json``,
  :func:`describe`) and the verb table of the scenario docs (:func:`markdown`).

An :class:`Action` is a verb and its value, as a scenario step writes it; its text form is the
step line and parses back::

    >>> from rulings_lib import WrgpMatch
    >>> a = Action("damage", {"by": "B", "to": "both", "amount": 1000})
    >>> str(a)
    'damage: {by: B, to: both, amount: 1000}'
    >>> Action.parse(str(a), WrgpMatch) == a
    True
"""

from __future__ import annotations

import re

from .i18n import Msg, has, render
from .values import Value, field

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    from .args import Check
    from .match import Match
    from .schema import Schema

# The parameter types of the contract (docs/contracts.md, `rulings verbs --json`).
TYPES = ("int", "choice", "team", "bool", "text", "card", "record", "list", "team_map", "player")
SHAPES = ("record", "scalar", "empty", "list")


class Param(Value, frozen=True):
    """One parameter: its ``name`` (the scenario key), ``type`` (one of :data:`TYPES`) and what
    the type needs (``min``/``max``, ``choices``, ``max_len``, ``params``, ``item`` and
    ``min_items``/``max_items``, ``value``). Not ``required``: ``default`` is used when left out.

    ``api``: the engine's keyword when it differs (``as`` -> ``as_``); ``check``: an extra check
    of the value that the API and the scenario reader both run (``(param, value, match)``, raising
    ArgumentError; the API uses what it returns); ``api_check``: the API's check when it needs the
    match (a card already placed, a player of this match); ``schema``: a scenario schema when the
    value has a shape the types cannot say; ``file``: a path to a file the step reads (``"ydke"``: a
    deck, a file or a ydke:// URL);
    ``name_msg``: what a record is called in error messages; ``allowed``: the API's English words
    for a choice."""

    name: str
    type: str
    required: bool = True
    default: object = None
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] = ()
    max_len: int | None = None
    params: tuple[Param, ...] = ()
    item: Param | None = None
    min_items: int = 0
    max_items: int | None = None
    value: Param | None = None
    api: str | None = None
    check: Callable[..., Any] | None = None
    api_check: Check | None = None
    schema: Schema | None = None
    file: bool | str = False
    name_msg: object = None
    allowed: str | None = None
    # ``internal``: a key of the file that the API never sees (e.g. per_link refused); ``api_only``: a
    # keyword of the API that a scenario step does not write; ``terms``: choice value -> the
    # catalogue code of its word (rulings_lib.i18n.terms).
    internal: bool = False
    api_only: bool = False
    terms: dict[str, str] | None = None

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"param {self.name}: unknown type {self.type!r}")

    @property
    def api_name(self) -> str:
        return self.api or self.name

    # ------------------------------------------------------------------ the scenario schema
    def to_schema(self) -> Schema:
        from . import schema as S

        if self.schema is not None:
            return self.schema
        t = self.type
        out: Schema
        if t == "int":
            out = S.Int(self.min, self.max)  # type: ignore[arg-type]
        elif t in ("choice", "team"):
            out = S.Choice(*self.choices)
        elif t == "bool":
            out = S.Bool()
        elif t in ("text", "card", "player"):
            # file="ydke": a deck, given as a file or as a ydke:// URL (a URL is never a path)
            out = S.DeckPath(self.max_len or 200, ydke=self.file == "ydke") if self.file \
                else S.Text(self.max_len or 200)
        elif t == "record":
            out = S.MapOf({p.name: p.to_schema() for p in self.params if not p.api_only},
                          required=tuple(p.name for p in self.params if p.required), name=self.name_msg)
        elif t == "list":
            out = S.ListOf(self.item.to_schema(), min_len=self.min_items,  # type: ignore[union-attr]
                           max_len=self.max_items if self.max_items is not None else 10_000)
        elif t == "team_map":
            keys = S.Choice(*self.choices) if self.choices else S.Text(self.max_len or 80)
            out = S.DictOf(keys, self.value.to_schema())  # type: ignore[union-attr]
        else:   # pragma: no cover - TYPES is closed
            raise ValueError(t)
        if self.check is not None:
            out = S.Checked(out, self.check)
        return out

    # ------------------------------------------------------------------ the API's argument check
    def to_check(self) -> Check:
        from . import args as A

        if self.api_check is not None:
            return self.api_check
        t = self.type
        if t == "int":
            inner = A.whole(self.min, self.max)
        elif t in ("choice", "team"):
            inner = A.choice(*self.choices, name=self.allowed)
        elif t == "bool":
            inner = A.flag()
        elif t == "card":
            inner = card_check(self.max_len or 200)
        elif t in ("text", "player"):
            inner = A.text(self.max_len or 200)
        elif t == "record":
            fields = {p.name: p.to_check() for p in self.params}
            inner = A.record(fields, required=[p.name for p in self.params if p.required],
                             name=str(self.name_msg or "a mapping"))
        elif t == "list":
            inner = A.list_of(self.item.to_check(),  # type: ignore[union-attr]  # (a list has its item)
                              self.max_items if self.max_items is not None else 10_000,
                              self.min_items)
        else:   # team_map
            keys = A.choice(*self.choices) if self.choices else A.text(self.max_len or 80)
            inner = A.mapping_of(keys, self.value.to_check())  # type: ignore[union-attr]  # (a team_map its value)
        if self.check is not None:
            base, extra = inner, self.check

            def inner(param: str, value: Any, match: Any, base: Check = base, extra: Check = extra) -> Any:
                value = base(param, value, match)
                out = extra(param, value, match)
                return value if out is None else out
        if not self.required and self.default is None and t != "bool":
            return A.optional(inner)
        return inner

    # ------------------------------------------------------------------ the description (contract)
    def describe(self, lang: str, where: str) -> dict[str, Any]:
        code = f"{where}.{self.name}"
        out: dict[str, object] = {"name": self.name, "type": self.type}
        if self.type == "int":
            out.update(min=self.min, max=self.max)
        elif self.type in ("choice", "team", "team_map", "player"):
            if self.choices:
                terms = self.terms or {}
                out["choices"] = [{"value": c, "label": _label(terms.get(c) or f"verbs.value.{c}", lang, str(c))}
                                  for c in self.choices]
        elif self.type in ("text", "card"):
            out["max_len"] = self.max_len or 200
        elif self.type == "record":
            out["params"] = [p.describe(lang, code) for p in self.params if not p.internal]
        elif self.type == "list":
            out.update(item=self.item.describe(lang, code), min_items=self.min_items,  # type: ignore[union-attr]
                       max_items=self.max_items if self.max_items is not None else 10_000)
        if self.type == "team_map":
            out["value"] = self.value.describe(lang, code)  # type: ignore[union-attr]
        out.update(required=self.required, default=self.default,
                   label=_param_word(self.name, where, "label", lang),
                   help=_param_word(self.name, where, "help", lang))
        return out


def card_check(max_len: int = 200) -> Check:
    """The API's check of a card's name: a non-blank ``str`` of at most ``max_len`` characters (spaces
    of any width allowed, as the catalogue matches names without them) with no character no one can
    see (refused saying which, and where) that does not only look like a catalogue card's name
    (refused naming the card it imitates): :func:`rulings_lib.cards.check_name`."""
    from .errors import ArgumentError

    allowed = Msg("input.arg.name", max=max_len)

    def check(param: str, value: Any, match: Any) -> str:
        if not isinstance(value, str) or not 0 < len(value) <= max_len or not value.strip():
            raise ArgumentError(param, allowed, value)
        from .cards import check_name  # read on first use: `import rulings_lib` stays light

        check_name(param, value)
        return value
    return check


def _or_list(values: Iterable[Any]) -> str:
    shown = [repr(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


_WORDS_USED: set[str] = set()     # the catalogue codes descriptions have looked up (tests/test_i18n.py)


def _word(code: str, lang: str) -> str:
    _WORDS_USED.add(code)
    return render(code, {}, lang)


def words_used() -> set[str]:
    """The catalogue codes the verb descriptions made so far have looked up (labels and help are
    found by name, so no module spells them out)."""
    return set(_WORDS_USED)


def _label(code: str, lang: str, fallback: str) -> str:
    return _word(code, lang) if has(code) else fallback


def _param_word(name: str, where: str, kind: str, lang: str) -> str:
    """A parameter's label or help: the verb's (or the setup's) own words for it when the catalogue
    has them (``verbs.<format>.<verb>[.<param>...].<name>.<kind>``), else the common ones
    (``verbs.param.<name>.<kind>``)."""
    parts = where.split(".")
    for i in range(len(parts), 2, -1):      # the verb's (or setup's) own words, then the common ones
        code = ".".join(parts[:i]) + f".{name}.{kind}"
        if has(code):
            return _word(code, lang)
    return _word(f"verbs.param.{name}.{kind}", lang)


class Verb(Value, frozen=True):
    """A verb: its ``name`` (the scenario step key and the API method name), its ``shape``
    (``record`` ``{by: A, ...}``, ``scalar`` ``baton_touch: A``, ``empty`` ``end_turn: {}``,
    ``list`` ``chain: [...]``), ``params`` (for ``scalar`` and ``list``: the one parameter the
    value is), the ``rules`` it plays and an ``example`` step line.

    ``method``: the engine method (default: ``name``); ``call``: ``(match, value)`` for a step
    that is more than one engine call (reading deck files first); ``flatten``: a record parameter
    whose keys the engine takes as its own keywords; ``step_only``: a scenario step with no
    engine verb of its own (it records its result through another)."""

    name: str
    shape: str
    params: tuple[Param, ...] = ()
    rules: tuple[str, ...] = ()
    example: str = ""
    method: str | None = None
    call: Callable[..., Any] | None = None
    flatten: str | None = None
    step_only: bool = False
    api_only: bool = False
    name_msg: object = None
    check: Callable[..., Any] | None = None     # a check of the whole record (keys that go together), at the scenario's line
    _api_names: tuple[str, ...] = field(init=False, repr=False, compare=False)     # a cache (api_names)

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"verb {self.name}: unknown shape {self.shape!r}")

    # ------------------------------------------------------------------ scenario
    def schema(self) -> Schema:
        from . import schema as S

        if self.shape == "empty":
            return S.MapOf({}, name="an empty mapping")
        if self.shape in ("scalar", "list"):
            return self.params[0].to_schema()
        params = [p for p in self.params if not p.api_only]
        out = S.MapOf({p.name: p.to_schema() for p in params},
                      required=tuple(p.name for p in params if p.required), name=self.name_msg)
        return out if self.check is None else S.Checked(out, self.check)

    # ------------------------------------------------------------------ API
    def _api_params(self) -> Iterator[Param]:
        """The engine method's parameters in its order (a flattened record's keys in its place)."""
        if self.shape == "empty":
            return
        for p in self.params:
            if p.internal:
                continue
            if p.name == self.flatten:
                yield from (q for q in p.params if not q.internal)
            else:
                yield p

    def api_checks(self) -> dict[str, Check]:
        """``{keyword: check}`` for the engine method."""
        return {p.api_name: p.to_check() for p in self._api_params()}

    @property
    def api_names(self) -> tuple[str, ...]:
        """The engine method's keywords, in the order its positional arguments take (worked out once)."""
        try:
            return self._api_names
        except AttributeError:
            names = tuple(p.api_name for p in self._api_params())
            object.__setattr__(self, "_api_names", names)
            return names

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """A call of the engine method (``args`` positional, ``kwargs`` by keyword) as its keywords by
        name, in the table's order: how a recorded call is written down. An extra positional argument,
        an unknown keyword or one given twice is an ArgumentError; a missing one is left for the
        engine's own check to name."""
        names = self.api_names
        if len(args) > len(names) or any(k not in names for k in kwargs) or \
                any(k in names[:len(args)] for k in kwargs):
            from .errors import ArgumentError

            usage = Msg("input.arg.call", call=f"{self.method or self.name}({', '.join(names)})")
            if len(args) > len(names):
                raise ArgumentError(self.method or self.name, usage, f"{len(args)} positional arguments")
            bad = next(k for k in kwargs if k not in names or k in names[:len(args)])
            raise ArgumentError(bad, usage, kwargs[bad])
        given = {**dict(zip(names, args, strict=False)), **kwargs}
        return {n: given[n] for n in names if n in given}

    def kwargs(self, value: Any) -> dict[str, Any]:
        """A step's value as the engine method's keywords."""
        if self.shape == "empty":
            return {}
        if self.shape in ("scalar", "list"):
            return {self.params[0].api_name: value}
        out: dict[str, Any] = {}
        if not isinstance(value, dict):
            from .errors import ArgumentError

            raise ArgumentError(self.name, "a mapping of its parameters", value)
        for p in self.params:
            if p.name not in value or p.internal:
                continue
            if p.name == self.flatten:
                out.update({q.api_name: value[p.name][q.name] for q in p.params
                            if q.name in value[p.name] and not q.internal})
            else:
                out[p.api_name] = value[p.name]
        return out

    def play(self, match: Match, value: Any, memo: dict[Any, Any] | None = None) -> None:
        """Play the step ``value`` on ``match``: the one dispatch path. ``memo`` (one per scenario
        run) lets a step that reads files read each once."""
        if self.call is not None:
            self.call(match, value, memo)
            return
        self.call_api(match, self.kwargs(value))

    def call_api(self, match: Match, keywords: dict[str, Any]) -> Any:
        """Call the engine method with its keywords (what :meth:`kwargs` or :meth:`bind` gives)."""
        return getattr(match, self.method or self.name)(**keywords)

    # ------------------------------------------------------------------ description
    def describe(self, fmt: str, rule_ids: dict[str, Any], lang: str) -> dict[str, Any]:
        where = f"verbs.{fmt}.{self.name}"
        return {"name": self.name, "label": _word(f"{where}.label", lang),
                "help": _word(f"{where}.help", lang), "rules": list(self.rules), "shape": self.shape,
                "params": [p.describe(lang, where) for p in self.params if not (p.internal or p.api_only)],
                "example": self.example}


class VerbTable(Value):
    """One format's verbs (in the order a person meets them) and its setup parameters."""

    format: str
    verbs: dict[str, Verb]
    setup: tuple[Param, ...] = ()
    at: tuple[Param, ...] = ()
    rule_ids: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, format: str, verbs: Iterable[Verb], setup: Iterable[Param] = (), at: Iterable[Param] = (),
           rule_ids: dict[str, Any] | None = None) -> VerbTable:
        return cls(format, {v.name: v for v in verbs}, tuple(setup), tuple(at), dict(rule_ids or {}))

    def __getitem__(self, name: str) -> Verb:
        return self.verbs[name]

    def __contains__(self, name: object) -> bool:
        return name in self.verbs

    def __iter__(self) -> Iterator[str]:
        return iter(self.verbs)

    def api_checks(self) -> dict[str, dict[str, Check]]:
        """The engine's ``VERBS``: ``{method: {keyword: check}}`` (scenario-only steps left out)."""
        return {v.method or v.name: v.api_checks() for v in self.verbs.values() if not v.step_only}

    @property
    def steps(self) -> dict[str, Verb]:
        """The scenario steps: ``{verb: Verb}`` (API-only verbs left out)."""
        return {name: v for name, v in self.verbs.items() if not v.api_only}

    def schemas(self) -> dict[str, Schema]:
        """The scenario schema of every step: ``{verb: schema}``."""
        return {name: v.schema() for name, v in self.steps.items()}

    def setup_params(self) -> list[Param]:
        """The keys of ``setup:`` and of ``setup.at:``, as parameters (``at`` keys prefixed ``at.``)."""
        return list(self.setup) + [Param(f"at.{p.name}", p.type, required=False, default=p.default, min=p.min,
                                         max=p.max, choices=p.choices, max_len=p.max_len, params=p.params,
                                         item=p.item, min_items=p.min_items, max_items=p.max_items,
                                         value=p.value) for p in self.at]

    def describe(self, lang: str, label: str) -> dict[str, Any]:
        where = f"verbs.{self.format}.setup"
        setup = []
        for p in self.setup:
            setup.append(p.describe(lang, where))
        for p in self.at:
            d = p.describe(lang, f"{where}.at")
            d["name"] = f"at.{p.name}"
            setup.append(d)
        return {"format": self.format, "label": label, "setup": setup,
                "verbs": [v.describe(self.format, self.rule_ids, lang) for v in self.steps.values()]}


# ---------------------------------------------------------------------- Actions as values
def _flow(value: Any) -> str:
    """A value as a YAML flow line (what a scenario step writes), quoting text that would not
    read back as the same text."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow_key(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    # A file a scenario names is written as the scenario wrote it, relative to its folder (a
    # WrittenPath), never as the machine's absolute path, which would not parse back.
    return _flow_str(str(getattr(value, "written", value)))


def _flow_key(key: Any) -> str:
    return _flow(key) if not isinstance(key, str) else _flow_str(key)


_PLAIN_SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.() ")


def _flow_str(s: str) -> str:
    """``s`` plain when YAML reads it back as the same string, else double-quoted (JSON escapes)."""
    import json

    if s and set(s) <= _PLAIN_SAFE and s == s.strip() and s[0] not in "-." and _reads_as_str(s):
        return s
    return _UNSAFE_IN_QUOTES.sub(_escape, json.dumps(s, ensure_ascii=False))


# What a double-quoted YAML line may not hold raw: the characters YAML reads as line breaks (NEL,
# LS, PS: folded to a space), those it does not allow in a stream (C1 controls, surrogates,
# U+FFFE/FFFF) and the BOM. Written as escapes, which both YAML parsers read back.
_UNSAFE_IN_QUOTES = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")


def _escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def _reads_as_str(s: str) -> bool:
    low = s.lower()
    if low in ("null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", ".nan", ".inf", "-.inf"):
        return False
    try:
        float(s.replace("_", ""))
        return False
    except ValueError:
        pass
    try:
        int(s, 0)
        return False
    except ValueError:
        return True


class Action:
    """A verb and its value as a scenario step gives it (python-chess's ``Move``, OpenSpiel's
    action): immutable, comparable, hashable by its text form, which is the scenario step line.

    >>> Action("end_turn", {})
    Action('end_turn: {}')
    >>> from rulings_lib import WrgpMatch
    >>> Action.parse("phase: main1", WrgpMatch).value
    'main1'
    """

    __slots__ = ("verb", "_value", "_text")
    verb: str
    _value: object
    _text: str

    def __init__(self, verb: str, value: Any = None) -> None:
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "_value", _freeze_copy(value if value is not None else {}))
        object.__setattr__(self, "_text", f"{verb}: {_flow(self._value)}")

    @property
    def value(self) -> Any:
        """The step's value (a copy: an Action never changes)."""
        return _freeze_copy(self._value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Action is a value: make a new one")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    @classmethod
    def parse(cls, text: str, table: Any, file: str = "<action>") -> Action:
        """A scenario step line (``damage: {by: B, to: both, amount: 1000}``) as an Action, checked
        against a verb table (a :class:`VerbTable`, or a match or match class: its ``VERB_TABLE``);
        a :class:`~rulings_lib.errors.ScenarioError` if unusable."""
        from .errors import ScenarioError
        from .yamlsrc import load_text

        table = getattr(table, "VERB_TABLE", table)
        steps = table.steps
        data = load_text(text, file)
        if not isinstance(data, dict) or len(data) != 1:
            raise ScenarioError(file, 1, Msg("input.scenario.step_shape", n=1, verbs=", ".join(steps)))
        (verb, value), = data.items()
        if verb not in steps:
            raise ScenarioError(file, 1, Msg("input.scenario.unknown_verb", n=1, verb=repr(verb),
                                             verbs=", ".join(steps)))
        return cls(verb, steps[verb].schema().parse(value, file, 1, verb))

    def play(self, match: Match) -> None:
        """Play it on ``match`` (raises IllegalAction when the rules forbid it now): the verb
        table's one dispatch path (:meth:`Verb.play`)."""
        match.VERB_TABLE[self.verb].play(match, self.value)


def _freeze_copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists) so an Action never shares its value."""
    if isinstance(value, dict):
        return {k: _freeze_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_freeze_copy(v) for v in value]
    return value



# ---------------------------------------------------------------------- descriptions
def describe(tables: Iterable[tuple[VerbTable, str]], lang: str = "en") -> dict[str, Any]:
    """The machine-readable description of the verbs of ``tables`` (``[(VerbTable, label code)]``):
    what ``rulings verbs --json`` prints (docs/contracts.md)."""
    return {"version": 1, "lang": lang,
            "formats": [t.describe(lang, _word(label, lang)) for t, label in tables]}


def _param_line(p: dict[str, Any]) -> str:
    t = p["type"]
    if t == "int":
        kind = f"{p['min']}..{p['max']}"
    elif "choices" in p:
        kind = " \\| ".join(f"`{c['value']}`" for c in p["choices"])
    elif t == "record":
        kind = "{" + ", ".join(q["name"] for q in p["params"]) + "}"
    elif t == "list":
        kind = f"list of {p['item']['type']} ({p['min_items']}..{p['max_items']})"
    else:
        kind = t
    opt = "" if p["required"] else (f", default `{_flow(p['default'])}`" if p["default"] is not None else ", optional")
    return f"`{p['name']}` {kind}{opt}"


def markdown(description: dict[str, Any]) -> str:
    """The verb table of the scenario docs, from a :func:`describe` (a test keeps the docs equal)."""
    out = []
    for f in description["formats"]:
        out.append(f"### {f['label']} (`format: {f['format']}`)\n")
        out.append("| step | parameters | rules | what it does |")
        out.append("|---|---|---|---|")
        for v in f["verbs"]:
            params = "; ".join(_param_line(p) for p in v["params"]) or "(none)"
            out.append(f"| `{v['example']}` | {params} | {', '.join(v['rules'])} | {v['help']} |")
        out.append("")
        out.append("| setup key | values |")
        out.append("|---|---|")
        for p in f["setup"]:
            out.append(f"| `{p['name']}` | {_param_line(p).split(' ', 1)[1]} — {p['help']} |")
        out.append("")
    return "\n".join(out)


def text_table(description: dict[str, Any]) -> str:

    """``rulings verbs`` without ``--json``: each verb with its label, help and example."""
    out = []
    for f in description["formats"]:
        out.append(f"{f['label']} (format: {f['format']})")
        for v in f["verbs"]:
            out.append(f"  {v['name']:<20} {v['label']}  [{', '.join(v['rules'])}]")
            out.append(f"  {'':<20} {v['help']}")
            out.append(f"  {'':<20} {v['example']}")
        out.append("")
    return "\n".join(out)
