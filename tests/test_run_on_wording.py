"""The run-on's "may" and "may not" as every lesson words them follow the table the engine plays
(WRGP-H2, ``tables.HANDOVER_ALLOWED``): notebook 04 (en, ja), the FAQ's run-on-allowed answer (en,
ja) and the engine's own refusal. Each of the rulebook's kinds of action is named on the side the
table puts it, and never on the other (the old lesson forbade every Spell Speed 1 card or effect,
monster trigger effects included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from rulings_lib.i18n.glossary import with_terms
from rulings_lib.wrgp import tables as T

ROOT = Path(__file__).resolve().parents[1]
# How the lessons name each kind the rulebook lists (the Readings' rows, attacks and Speed World, are
# taught apart as Readings).
PHRASES = {
    "en": {"ignition_effect": "monster ignition effects", "trigger_effect": "monster trigger effects",
           "spell_speed_1": "Spell Speed 1 Spell Cards", "spell_speed_2": "Spell Speed 2 or higher",
           "spell_speed_3": "Spell Speed 2 or higher", "summon": "without a card effect",
           "set": "without a card effect", "summon_by_effect": "by a card effect", "set_by_effect": "by a card effect"},
    "ja": {"ignition_effect": "モンスターの起動効果", "trigger_effect": "モンスターの誘発効果",
           "spell_speed_1": "スペルスピード1の魔法カード", "spell_speed_2": "スペルスピード2以上",
           "spell_speed_3": "スペルスピード2以上", "summon": "カードの効果によらない", "set": "カードの効果によらない",
           "summon_by_effect": "カードの効果による", "set_by_effect": "カードの効果による"},
}
RULEBOOK_KINDS = [k for k in T.HANDOVER_ALLOWED if k in PHRASES["en"]]


def _between(text: str, start: str, end: str | None) -> str:
    i = text.index(start) + len(start)
    return text[i:text.index(end, i)] if end else text[i:]


def _notebook(lang: str) -> tuple[str, str]:
    folder = ROOT / "notebooks" / ("ja/py" if lang == "ja" else "py")
    text = " ".join(line.lstrip("# ") for line in (folder / "04-handover.py").read_text(encoding="utf-8").splitlines())
    text = text.replace("**", "")
    if lang == "en":
        return _between(text, "Both teams may:", "Nobody may:"), _between(text, "Nobody may:", "The engine reads")
    return _between(text, "できること：", "できないこと："), _between(text, "できないこと：", "この表")


def _faq(lang: str) -> tuple[str, str]:
    entries = yaml.safe_load((ROOT / "rulings_lib" / "faq" / "wrgp.yaml").read_text(encoding="utf-8"))
    items = entries["entries"] if isinstance(entries, dict) and "entries" in entries else entries
    entry = next(e for e in _walk(items) if e.get("id") == "run-on-allowed")
    why = with_terms(entry[lang]["why"], lang)      # as the FAQ shows it (its terms spelled by the glossary)
    if lang == "en":
        return _between(why, "Both sides may:", "Nobody may:"), _between(why, "Nobody may:", ". That no attack")
    return _between(why, "できること：", "できないこと："), _between(why, "できないこと：", "自動で進む間は攻撃")


def _walk(node):
    if isinstance(node, dict):
        if "id" in node:
            yield node
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def _refusal(lang: str) -> tuple[str, str]:
    words = json.loads((ROOT / "rulings_lib" / "i18n" / f"wrgp.{lang}.json").read_text(encoding="utf-8"))
    text = with_terms(words["wrgp.reject.not_in_run_on"], lang)
    allowed = _between(text, "WRGP-H2 allows only", ")") if lang == "en" else _between(text, "WRGP-H2で行えるのは", "だけ）")
    return allowed, ""          # the refusal lists what may be done; what may not is the refused action


SOURCES = {"notebook 04": _notebook, "FAQ run-on-allowed": _faq, "the engine's refusal": _refusal}


def _misplaced(allowed: str, forbidden: str | None, lang: str) -> list[str]:
    """Each rulebook kind whose phrase is missing from the side the table puts it on, or found on the
    other side (``forbidden`` None: the text lists only what is allowed)."""
    wrong = []
    for kind in RULEBOOK_KINDS:
        phrase = PHRASES[lang][kind]
        ok = T.HANDOVER_ALLOWED[kind]
        right, other = (allowed, forbidden or "") if ok else (forbidden, allowed)
        if right is not None and phrase not in right:
            wrong.append(f"{kind}: {phrase!r} missing where the table puts it")
        if phrase in other:
            wrong.append(f"{kind}: {phrase!r} on the wrong side")
    return wrong


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("source", SOURCES)
def test_each_kind_is_named_on_the_side_the_h2_table_puts_it(source, lang):
    allowed, forbidden = SOURCES[source](lang)
    assert _misplaced(allowed, forbidden or None, lang) == [], source


def test_the_check_catches_the_old_lesson():
    """The wording the lessons had before -- no Spell Speed 1 card or effect at all, so no monster
    trigger effect -- fails the check."""
    allowed, forbidden = _notebook("en")
    old_allowed = allowed.replace("monster trigger effects", "")
    old_forbidden = forbidden + "; activate monster trigger effects"
    assert _misplaced(old_allowed, old_forbidden, "en") == [
        "trigger_effect: 'monster trigger effects' missing where the table puts it",
        "trigger_effect: 'monster trigger effects' on the wrong side"]
