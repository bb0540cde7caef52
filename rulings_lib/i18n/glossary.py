"""The rulebooks' terms, each spelled once (``glossary.json`` beside this module), in English and Japanese.

The kit's words name a term by ``{term:NAME}`` and read its spelling here: the message catalogues
(``<domain>.<lang>.json``, resolved as they are read, so the pages' ``words.<lang>.json`` holds the
spelled words too), the pictures' words (:mod:`rulings_lib.draw.words`), the FAQ
(``rulings_lib/faq/*.yaml``) and the cards' words (``rulings_lib/cards/*.yaml``); the tables, whose
English is Python text, call :func:`word`. ``tests/test_glossary.py`` fails where a term is spelled
literally anywhere else in those words.

>>> from rulings_lib.i18n.glossary import with_terms, word
>>> word("speed_counters"), word("speed_counters", "ja")
('Speed Counters', 'スピードカウンター')
>>> with_terms("両チームが{term:speed_counter}を2個得る", "ja")
'両チームがスピードカウンターを2個得る'
>>> with_terms("{Term:baton_touch} keeps the field", "en"), with_terms("{Term:baton_touch}", "ja")
('Baton touch keeps the field', 'バトンタッチ')
>>> with_terms('"On surrender ({term:baton_touch})" (サレンダーについて（{term:baton_touch:ja}）)', "en")
'"On surrender (baton touch)" (サレンダーについて（バトンタッチ）)'

"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

TYPE_CHECKING = False   # (not typing's; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

LANGS = ("en", "ja")
FILE = Path(__file__).with_name("glossary.json")
# {term:NAME}; {Term:NAME}: its first letter a capital; {term:NAME:ja}: in that language whatever the
# text's (the rulebook's Japanese heading quoted in English).
TERM = re.compile(r"\{[Tt]erm:([a-z_]+)(?::(en|ja))?\}")


class GlossaryError(ValueError):
    """A ``{term:NAME}`` the glossary has no NAME for (or a glossary entry without every language)."""


@functools.cache
def terms() -> dict[str, dict[str, str]]:
    """Every term: name -> {lang: spelling}."""
    data: dict[str, dict[str, str]] = json.loads(FILE.read_text(encoding="utf-8"))
    for name, spelled in data.items():
        if not TERM.fullmatch("{term:" + name + "}") or set(spelled) != set(LANGS):  # (a name in lower case)
            raise GlossaryError(f"{FILE.name}: {name!r}: a term is named in lower case and spelled in {LANGS}")
    return data


def word(name: str, lang: str = "en", *, capital: bool = False) -> str:
    """The spelling of the term ``name`` in ``lang`` (English for a language the glossary lacks);
    with ``capital``, its first letter a capital (a sentence's first word: ``Baton touch``)."""
    try:
        spelled = terms()[name]
    except KeyError:
        raise GlossaryError(f"no term {name!r} in {FILE.name} (one of: {', '.join(terms())})") from None
    said = spelled.get(lang) or spelled["en"]
    return said[:1].upper() + said[1:] if capital else said


def with_terms(text: str, lang: str = "en", where: str = "<text>") -> str:
    """``text`` with each ``{term:NAME}`` spelled in ``lang`` (``{Term:NAME}``: with a capital;
    ``{term:NAME:ja}``: in Japanese whatever ``lang``)."""
    if "erm:" not in text:
        return text
    try:
        return TERM.sub(lambda m: word(m.group(1), m.group(2) or lang, capital=m.group(0)[1] == "T"), text)
    except GlossaryError as exc:
        raise GlossaryError(f"{where}: {exc}") from None


def resolve(data: Any, lang: str = "en", where: str = "<data>") -> Any:
    """Every text in ``data`` (dicts and lists, changed in place, so that whatever a reader noted about
    them, such as their lines, still holds) with its terms spelled: a text under an ``en`` or ``ja``
    key in that language, any other in ``lang``. Returns ``data`` (a lone text: the new text)."""
    if isinstance(data, str):
        return with_terms(data, lang, where)
    if isinstance(data, dict):
        for key, value in data.items():
            new = resolve(value, key if key in LANGS else lang, where)
            if new is not value:
                data[key] = new
    elif isinstance(data, list):
        for i, value in enumerate(data):
            new = resolve(value, lang, where)
            if new is not value:
                data[i] = new
    return data
