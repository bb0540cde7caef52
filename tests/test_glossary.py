"""The rulebooks' terms are spelled once, in rulings_lib/i18n/glossary.json: the message catalogues,
the pictures' words, the FAQ, the cards' words, the tables' and every other text of the kit's code
name a term (``{term:speed_counters}``, or ``glossary.word`` in Python) and never spell it. Docstrings,
comments, the docs and the scenario files (an author's own words) may spell it."""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from test_formats_once import _docstrings  # (the same reading of docstrings)

import rulings_lib
from rulings_lib.i18n import codes, render
from rulings_lib.i18n.glossary import FILE, TERM, GlossaryError, resolve, terms, with_terms, word

PKG = Path(rulings_lib.__file__).resolve().parent
ROOT = PKG.parent


@functools.cache
def _texts() -> list[tuple[str, str]]:
    """(where, text) for every text of the kit's words: each catalogue text, each FAQ and card file,
    each string of the kit's Python that is not a docstring, the site's scripts without comments."""
    out = []
    for path in sorted((PKG / "i18n").glob("*.json")):
        if path != FILE:
            out += [(f"{path.name}: {code}", text) for code, text in json.loads(path.read_text(encoding="utf-8")).items()]
    for path in sorted([*(PKG / "faq").glob("*.yaml"), *(PKG / "cards").glob("*.yaml")]):
        out += [(f"{path.relative_to(ROOT)}:{n}", line) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if not line.lstrip().startswith("#")]
    for path in sorted(PKG.rglob("*.py")):
        if path.name == "glossary.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        out += [(f"{path.relative_to(ROOT)}:{node.lineno}", node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]
    for path in sorted((ROOT / "site" / "js").glob("*.js")):
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
        out.append((str(path.relative_to(ROOT)), code))
    return out


def _spelled(text: str) -> list[str]:
    """The glossary's spellings a text holds (English in any case: "Baton touch" is "baton touch")."""
    lower = text.lower()
    return sorted({s for spelled in terms().values() for lang, s in spelled.items()
                   if (s.lower() in lower if lang == "en" else s in text)})


def test_no_word_of_the_kit_spells_a_term_the_glossary_holds():
    texts = _texts()
    assert len(texts) > 5000
    found = [f"{where}: {_spelled(text)}" for where, text in texts if _spelled(text)]
    assert not found, ("write {term:NAME} (glossary.word(NAME) in Python), spelled in "
                       "rulings_lib/i18n/glossary.json:\n" + "\n".join(found))


def test_the_literal_check_sees_a_spelled_term():
    assert _spelled("両チームがスピードカウンターを2個得る") == ["スピードカウンター"]
    assert _spelled("Both teams gain 2 Speed Counters (max 12).") == ["Speed Counter", "Speed Counters"]
    assert _spelled("Both teams gain 2 {term:speed_counters} (max 12).") == []
    assert _spelled("Baton touch keeps the field") == ["baton touch"]
    assert _spelled("{Term:baton_touch} keeps the field; the verb is baton_touch") == []


def test_every_term_named_is_in_the_glossary_and_every_term_is_named():
    named = {m.group(1) for _, text in _texts() for m in TERM.finditer(text)}
    assert {"baton_touch", "speed_counters"} <= named
    named |= {m.group(1) for path in (PKG / "i18n").glob("*.json") for m in TERM.finditer(path.read_text(encoding="utf-8"))}
    assert named <= set(terms()), sorted(named - set(terms()))
    used_in_python = {m for m in re.findall(r"""term\(["']([a-z_]+)["']""",
                                            "".join(p.read_text(encoding="utf-8") for p in PKG.rglob("*.py")))}
    assert set(terms()) <= named | used_in_python


def test_the_words_read_are_spelled():
    """The catalogues as read (the pages' words.<lang>.json too), the FAQ and the pictures' words."""
    from rulings_lib.draw.words import word as picture_word
    from rulings_lib.faq import load_faq

    for lang in ("en", "ja"):
        said = codes(lang)
        assert not [c for c, t in said.items() if "{term:" in t]
        assert render("site.key.spc", {}, lang) == word("speed_counters", lang)
        assert word("speed_counters", lang) in picture_word("spc", lang)
    assert render("diagrams.wrgp.note.standby") == "Both teams gain 2 Speed Counters (max 12)."
    assert render("diagrams.wrgp.note.standby", {}, "ja") == "両チームがスピードカウンターを2個得る（最大12個）。"
    faq = json.dumps([e.__dict__ if hasattr(e, "__dict__") else [getattr(e, s, None) for s in e.__slots__]
                      for e in load_faq(run=False)], ensure_ascii=False, default=str)
    assert "{term:" not in faq and "スピードカウンターはどう増えますか" in faq


def test_an_unknown_term_is_refused_naming_where():
    try:
        with_terms("{term:speed_countre}", "en", "x.json: code")
    except GlossaryError as exc:
        assert "x.json: code" in str(exc) and "speed_countre" in str(exc)
    else:
        raise AssertionError("an unknown term was spelled")


@given(st.text(alphabet=st.characters(blacklist_characters="{"), max_size=30),
       st.sampled_from(sorted(terms())), st.sampled_from(["en", "ja"]))
def test_a_term_is_spelled_in_its_language_and_nothing_else_changes(text, name, lang):
    assert with_terms(text, lang) == text
    assert with_terms(text + "{term:" + name + "}" + text, lang) == text + word(name, lang) + text
    data = {"en": {"q": "{term:" + name + "}"}, "ja": ["{term:" + name + "}"], "n": 1}
    assert resolve(data) == {"en": {"q": word(name, "en")}, "ja": [word(name, "ja")], "n": 1}
