"""The words players read: the notebooks' prose, the exercises' hints and answers and the
FAQ's answers never talk about "the kit" / 本キット (a Reading is a named interpretation where the
rulebook is silent, 「解釈：ルールブックに記載なし」, not the kit's); and no Japanese text the kit ships
calls the tag battle's Ａ and Ｂ レター: the rulebook's word is アルファベット (「同じアルファベット同士」)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulings_lib.faq import load_faq
from rulings_lib.scenario import builtin_scenarios, load_scenario

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NOTEBOOKS_JA = sorted((ROOT / "notebooks" / "ja").glob("*.ipynb"))
I18N = ROOT / "rulings_lib" / "i18n"
KIT = {"en": re.compile(r"\bthe kit\b|\bkit's\b|\bthis kit\b", re.I), "ja": re.compile(r"キット")}


def cells(path: Path, kind: str | None = None) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if kind is None or c["cell_type"] == kind]


def outputs(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [json.dumps(o, ensure_ascii=False) for c in nb["cells"] for o in c.get("outputs", [])]


def players_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) of every text a player reads as the notebooks' and the FAQ's prose."""
    out = []
    for path in NOTEBOOKS if lang == "en" else NOTEBOOKS_JA:
        out += [(path.name, text) for text in cells(path, "markdown")]
    out += [(code, text) for code, text in json.loads((I18N / f"teach.{lang}.json").read_text(encoding="utf-8")).items()]
    for e in load_faq(run=False):
        out += [(f"faq {e.id} {part}", text) for part, text in e.text[lang].items() if isinstance(text, str)]
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_players_prose_never_talks_about_the_kit(lang):
    found = [(where, KIT[lang].search(text).group()) for where, text in players_texts(lang) if KIT[lang].search(text)]
    assert not found, found


def test_the_check_would_see_the_kit():
    assert KIT["ja"].search("本キットの**解釈**") and KIT["en"].search("the kit's **Reading**")
    assert not KIT["en"].search("a named interpretation, a **Reading**")


def japanese_texts() -> list[tuple[str, str]]:
    """Every Japanese text shipped: the catalogues, scenario titles, the FAQ (and the tool's notes),
    the card catalogue, the Japanese notebooks (cells and stored outputs) and their text forms."""
    out = []
    for path in sorted(I18N.glob("*.ja.json")):
        out += [(f"{path.name} {code}", text) for code, text in json.loads(path.read_text(encoding="utf-8")).items()]
    out += [(p.name, load_scenario(p).title_in("ja")) for p in builtin_scenarios()]
    for e in load_faq(run=False) + load_faq(run=False, tool=True):
        out += [(f"faq {e.id}", json.dumps(e.text["ja"], ensure_ascii=False))]
    for path in sorted((ROOT / "rulings_lib" / "cards").glob("*.yaml")):
        out.append((path.name, path.read_text(encoding="utf-8")))
    for path in NOTEBOOKS_JA:
        out += [(path.name, text) for text in cells(path) + outputs(path)]
    out += [(p.name, p.read_text(encoding="utf-8")) for p in sorted((ROOT / "notebooks" / "ja" / "py").glob("*.py"))]
    return out


def test_no_japanese_text_calls_the_tag_battles_a_and_b_letters():
    texts = japanese_texts()
    assert len(texts) > 500
    found = [where for where, text in texts if "レター" in text]
    assert not found, found


def test_the_word_for_a_and_b_is_the_rulebooks():
    # The rulebook (shared/seeds/digimon-tag-battle-ver-t1.0.ja.txt, outside this repository) names the
    # groups 「同じアルファベット同士」 and never says レター: the kit says アルファベット, and its README's
    # Japanese glossary records the source's phrase.
    assert any("アルファベット" in text for _, text in japanese_texts())
    assert "同じアルファベット" in (ROOT / "README.md").read_text(encoding="utf-8")
