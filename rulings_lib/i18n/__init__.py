"""Messages in English and Japanese: a catalogue of codes, rendered at the edge where a person reads.

Events, rejections and input errors carry a *code* and its *args* (plain data); the words are
chosen here, per language, from data files beside this module::

    rulings_lib/i18n/<domain>.en.json   {"code": "English text with {placeholders}", ...}
    rulings_lib/i18n/<domain>.ja.json   the same codes, in Japanese

One pair per domain (``common``, ``input``, ``decks``, ``faq``, ``widgets``, ``diagrams``,
later ``wrgp`` and ``tag``), so helpers can add a domain without touching another's file. A code
lives in exactly one domain. Plain JSON, no build step: it works the same in Pyodide.

>>> from rulings_lib.i18n import render, Msg
>>> render("common.transcript.scenario", {"title": "Power Bond"}, "ja")
'シナリオ: Power Bond'
>>> str(Msg("common.transcript.scenario", title="Power Bond"))
'Scenario: Power Bond'

A rulebook term is written ``{term:speed_counters}`` and spelled by the glossary
(:mod:`rulings_lib.i18n.glossary`) as the catalogue is read.

The formatter is deliberately small: a text may hold only ``{name}`` placeholders (``{{`` and
``}}`` for literal braces); no attribute access, no indexing, no format spec, no conversion.
Nothing a catalogue or a file says is evaluated. An argument may itself be a message (a
:class:`Msg`, or its JSON form ``{"code": ..., "args": {...}}``), rendered in the same language;
a list is joined with the language's separator; a text that data gives in each language
(``{"en": ..., "ja": ...}``, a card's words) is shown in the reader's.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

LANGS = ("en", "ja")
DEFAULT = "en"
_DIR = Path(__file__).parent
_FILE = re.compile(r"^([a-z][a-z0-9_]*)\.(en|ja)\.json$")
# One placeholder: a name of letters, digits and underscores; or a doubled brace.
_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|[{}]")
_SEP = {"en": ", ", "ja": "、"}


class CatalogueError(ValueError):
    """A catalogue file that cannot be used (a bad placeholder, a duplicate code, bad JSON)."""


_MADE: dict[Any, Msg] = {}     # code -> the Msg of that code without arguments (see Msg.__new__)


class Msg(str):
    """A message: a code and its arguments. It *is* its English text (a ``str``), so it can go
    wherever English text went before (a report's warnings, an error's message, ``in`` tests,
    sorting, JSON); :meth:`render` words it in another language.

    >>> m = Msg("input.show.list")
    >>> m == "a list", m.code, m.render("ja")
    (True, 'input.show.list', 'リスト')
    """

    code: str
    args: dict[str, Any]

    def __new__(cls, code: str, args: dict[str, Any] | None = None, /, **kw: Any) -> Msg:
        key = None
        if kw:
            if not args and len(kw) == 1:        # one plain argument ("team A's effect"): kept too
                (name, value), = kw.items()
                if value.__class__ is str or value.__class__ is int:
                    key = (code, name, value)
                    made = _MADE.get(key)
                    if made is not None:
                        return made
            args = {**args, **kw} if args else kw
        elif not args:
            # A message without arguments is made once: the engines use the same ones over and over.
            made = _MADE.get(code)
            if made is not None:
                return made
            args = {}
        self = super().__new__(cls, render(code, args, DEFAULT))
        self.code = code
        self.args = args
        if not args:
            _MADE[code] = self
        elif key is not None:
            if len(_MADE) > 10_000:                # a bound, for long runs with many different values
                _MADE.clear()
            _MADE[key] = self
        return self

    def __getnewargs__(self) -> tuple[str, dict[str, Any]]:  # type: ignore[override]  # copy and pickle rebuild it from its code, not from its text
        return (self.code, self.args)

    def __repr__(self) -> str:
        return f"Msg({self.code!r}, {self.args!r})"

    def render(self, lang: str = DEFAULT) -> str:
        return render(self.code, self.args, lang)

    def __str__(self) -> str:
        return str.__str__(self)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"code": ..., "args": {...}}`` (nested messages likewise)."""
        return {"code": self.code, "args": plain_args(self.args)}


def plain_args(args: dict[str, Any] | None) -> dict[str, Any]:
    """``args`` with every nested :class:`Msg` in its JSON form (for outcome JSON)."""
    return {k: _plain(v) for k, v in (args or {}).items()}


def _plain(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.as_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):              # a message already in its JSON form: a copy of it
        return {k: _plain(v) for k, v in value.items()}
    return value


def parse_template(text: str, where: str = "<text>") -> tuple[str | tuple[str], ...]:
    """A text as a tuple of parts: a ``str`` is literal, a 1-tuple ``(name,)`` a placeholder.
    Anything else between braces is refused (``{0}``, ``{a.b}``, ``{a[0]}``, ``{a!r}``, ``{a:>3}``)."""
    parts: list[str | tuple[str]] = []
    buf: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        buf.append(text[pos:m.start()])
        pos = m.end()
        tok = m.group()
        if tok in ("{{", "}}"):
            buf.append(tok[0])
        elif m.group(1):
            if buf:
                parts.append("".join(buf))
                buf = []
            parts.append((m.group(1),))
        else:
            raise CatalogueError(f"{where}: a lone {tok!r} at {m.start()}: only {{name}} placeholders "
                                 f"(write {{{{ or }}}} for a brace)")
    buf.append(text[pos:])
    if "".join(buf):
        parts.append("".join(buf))
    return tuple(parts)


def placeholders(text: str) -> set[str]:
    """The placeholder names a text uses."""
    return {p[0] for p in parse_template(text) if isinstance(p, tuple)}


_CATALOGUES: dict[str, dict[str, tuple[str | tuple[str], ...]]] = {lang: {} for lang in LANGS}   # lang -> code -> parts, as loaded
_FORMATS: dict[str, str] = {}             # code -> its English text as a str.format template (fast path)
_FAST = (str, int)
_SOURCES: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}   # lang -> code -> the raw text
_DOMAINS: dict[str, str] = {}              # code -> domain
_LOADED: set[tuple[str, str]] = set()                        # (domain, lang) pairs read so far
_ALL = False                                # every catalogue file read


def _format_string(parts: tuple[str | tuple[str], ...]) -> str:
    """The checked parts as a ``str.format`` template: literal braces doubled, each placeholder a
    bare ``{name}`` (parse_template refused anything else, so formatting reads ``args[name]`` only)."""
    return "".join(p.replace("{", "{{").replace("}", "}}") if isinstance(p, str) else "{" + p[0] + "}"
                   for p in parts)


def catalogue_files() -> list[Path]:
    return sorted(p for p in _DIR.iterdir() if _FILE.match(p.name))


def _load_domain(domain: str, lang: str) -> None:
    """Read ``<domain>.<lang>.json`` (once): a catalogue is read when one of its codes is first
    rendered in its language, so a command that speaks English about a WRGP scenario reads only
    the few English files it needs. A domain with no such file is simply empty."""
    if (domain, lang) in _LOADED:
        return
    if lang not in _CATALOGUES or not _DOMAIN.fullmatch(domain):
        _LOADED.add((domain, lang))
        return
    path = _DIR / f"{domain}.{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        _LOADED.add((domain, lang))
        return
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CatalogueError(f"{path.name}: not a readable JSON catalogue ({exc})") from None
    if not isinstance(data, dict):
        raise CatalogueError(f"{path.name}: expected one JSON object of code: text")
    sources = _SOURCES[lang]
    for code, text in data.items():
        if not isinstance(text, str):
            raise CatalogueError(f"{path.name}: {code}: expected a text")
        # A code is named after its domain (that is how it is found without reading every file).
        if code.split(".", 1)[0] != domain:
            raise CatalogueError(f"{path.name}: code {code!r} is not named after its domain {domain!r}")
        _DOMAINS[code] = domain
        if "erm:" in text:              # a rulebook term, {term:NAME}, spelled by the glossary (glossary.py)
            from .glossary import with_terms

            text = with_terms(text, lang, f"{path.name}: {code}")
        sources[code] = text            # parsed when first rendered (_parts); _load() parses them all
    _LOADED.add((domain, lang))


_DOMAIN = re.compile(r"[a-z][a-z0-9_]*")


def _load() -> dict[str, dict[str, tuple[str | tuple[str], ...]]]:
    """Every catalogue in every language, every text parsed (so checked): for tests and tools;
    rendering reads a catalogue when it first needs one of its codes."""
    global _ALL
    if not _ALL:
        for path in catalogue_files():
            _load_domain(*_FILE.match(path.name).groups())  # type: ignore[union-attr]
        for lang, sources in _SOURCES.items():
            for code in sources:
                _parts(code, lang)
        _ALL = True
    return _CATALOGUES


def _parts(code: str, lang: str) -> tuple[str | tuple[str], ...] | None:
    """The parsed text of ``code`` in ``lang`` (its catalogue read now if it was not), or None."""
    parts = _CATALOGUES[lang].get(code)
    if parts is not None:
        return parts
    text = _SOURCES[lang].get(code)
    if text is None:
        _load_domain(code.split(".", 1)[0], lang)
        text = _SOURCES[lang].get(code)
        if text is None:
            return None
    parts = parse_template(text, f"{_DOMAINS[code]}.{lang}.json: {code}")
    _CATALOGUES[lang][code] = parts
    if lang == DEFAULT:
        _FORMATS[code] = _format_string(parts)
    return parts


def codes(lang: str = DEFAULT) -> dict[str, str]:
    """Every code and its raw text in one language (for tests and tools)."""
    _load()
    return dict(_SOURCES[lang])


def domain_of(code: str) -> str:
    _load()
    return _DOMAINS[code]


def has(code: str) -> bool:
    if code not in _SOURCES[DEFAULT]:
        _load_domain(code.split(".", 1)[0], DEFAULT)
    return code in _SOURCES[DEFAULT]


def check_lang(lang: Any) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang  # type: ignore[no-any-return]


def _show(value: object, lang: str) -> str:
    if isinstance(value, Msg):
        return str.__str__(value) if lang == DEFAULT else value.render(lang)   # a Msg is its English
    if isinstance(value, dict) and set(value) == {"code", "args"} and isinstance(value["code"], str):
        return render(value["code"], value["args"], lang)
    if isinstance(value, dict) and DEFAULT in value and set(value) <= set(LANGS):
        # A text given in each language by data (a card's words): the reader's, else the English.
        return str(value.get(lang) or value[DEFAULT])
    if isinstance(value, (list, tuple)):
        return _SEP[lang].join(_show(v, lang) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


# Plurals (i18next's convention): a message with a ``count`` argument is worded by ``CODE_one`` when
# the language calls that count "one" (CLDR plural categories) and its catalogue has that form, else
# by ``CODE`` (the "other" form). Japanese has no singular: only ``CODE`` is read.
_ONE: dict[str, Callable[[int], bool]] = {"en": lambda n: n == 1, "ja": lambda n: False}


def plural_form(code: str, count: object, lang: str = DEFAULT) -> str:
    """The code whose text words ``code`` for ``count`` in ``lang`` (``CODE_one`` or ``CODE``)."""
    one = _ONE.get(lang)
    if one is not None and isinstance(count, int) and one(count):
        variant = code + "_one"
        if variant not in _SOURCES[lang]:
            _load_domain(variant.split(".", 1)[0], lang)
        if variant in _SOURCES[lang]:
            return variant
    return code


def render(code: str, args: Mapping[str, Any] | None = None, lang: str = DEFAULT) -> str:
    """The text of ``code`` in ``lang`` with ``args`` filled in. A language without the code falls
    back to English; an unknown code is a ``KeyError`` (a programming error, caught by tests). A
    ``count`` argument chooses the singular or plural form (:func:`plural_form`)."""
    if args and "count" in args:
        code = plural_form(code, args["count"], lang if lang in _CATALOGUES else DEFAULT)
    if lang == DEFAULT:
        template = _FORMATS.get(code)
        if template is None and _parts(code, DEFAULT) is not None:
            template = _FORMATS[code]
        if template is not None:
            # English with plain values (text, whole numbers, messages: a Msg is its English text):
            # the checked template formatted directly; nothing but ``args[name]`` is looked up.
            if not args:
                if "{" not in template:
                    parts: tuple[str | tuple[str], ...] | None = _CATALOGUES[DEFAULT][code]
                    return parts[0] if parts else ""  # type: ignore[return-value]  # (no placeholder: one str)
            else:
                for v in args.values():
                    if not isinstance(v, _FAST) or v.__class__ is bool:
                        break
                else:
                    return template.format_map(args)
    if lang not in _CATALOGUES:
        lang = DEFAULT
    parts = _parts(code, lang)
    if parts is None:
        parts = _parts(code, DEFAULT)
        if parts is None:
            raise KeyError(code)
    out = []
    for part in parts:                       # (the engines render an event's English as they record it)
        if part.__class__ is str:
            out.append(part)
            continue
        value = args[part[0]]  # type: ignore[index]
        kind = value.__class__
        if kind is str:
            out.append(value)
        elif kind is int:
            out.append(str(value))
        else:
            out.append(_show(value, lang))
    said = "".join(out)
    return said if lang == DEFAULT or "-" not in said else named_readings(said, lang)


_READING_ID = None     # the Readings' ids as one pattern (built on first use from the catalogue's codes)
_READING_CODE = "readings."   # a Reading's name: readings.<its id, hyphens as underscores> (terms.READING)


def reading_name(id: str, lang: str = DEFAULT) -> str:
    """A Reading as a reader of ``lang`` sees it: in English its id (``team-count-by-name``, what
    ``rulings readings`` lists), in another language its name there, in quotes (「...」)."""
    code = _READING_CODE + id.replace("-", "_")
    if lang == DEFAULT or not has(code):
        return id
    name = render(code, {}, lang)
    return "「" + name.replace("「", "『").replace("」", "』") + "」"


def named_readings(text: str, lang: str) -> str:
    """``text`` with every Reading's id shown by its name in ``lang`` (:func:`reading_name`): outside
    English a Reading is never shown by its English id, whether a message's argument
    names it or a catalogue's text does. (A space before it goes: 「解釈 ID」 reads 「解釈「名前」」.)"""
    global _READING_ID
    if lang == DEFAULT:
        return text
    if _READING_ID is None:
        _load_domain("readings", DEFAULT)
        ids = sorted((c[len(_READING_CODE):].replace("_", "-") for c in _SOURCES[DEFAULT] if c.startswith(_READING_CODE)),
                     key=len, reverse=True)
        # (ASCII neighbours only, as the site's JavaScript reads it: site/js/i18n.js namedReadings)
        _READING_ID = re.compile(r" ?(?<![A-Za-z0-9_-])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9_-])")
    return _READING_ID.sub(lambda m: reading_name(m.group(1), lang), text)


def text(message: object, lang: str = DEFAULT) -> str:
    """A :class:`Msg` (or plain text, returned as it is) in words."""
    if isinstance(message, Msg):
        return message.render(lang)
    return str(message)


def lang_from_locale(environ: Mapping[str, str] | None = None) -> str:
    """``ja`` when the locale says Japanese (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``, the
    first one set wins, as POSIX reads them), else ``en``."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return DEFAULT


def default_lang(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang`` when given, otherwise the locale's."""
    if option:
        return check_lang(option)
    return lang_from_locale(environ)
