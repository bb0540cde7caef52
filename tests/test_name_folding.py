"""The pages fold a card's name as the kit does: site/js/cards.js ``fold`` (NFKC, then Python's case
folding shipped as data, ``rulings_lib.cards.case_folds``, else the lower case, then no spaces,
punctuation or symbols) against ``rulings_lib.cards.fold``, run by Node without a browser over every
kind of input: ASCII case, full-width and half-width forms, hiragana and katakana, German ß, Greek
final sigma, accents composed and decomposed, compatibility forms, spaces and punctuation, every name
of the catalogues, every assigned character alone and random mixes of the hard ones."""

from __future__ import annotations

import json
import random
import sys
import unicodedata
from pathlib import Path

import node

from rulings_lib.cards import case_folds, fold
from rulings_lib.formats import FORMATS
from rulings_lib.webdata import cards

ROOT = Path(__file__).resolve().parent.parent

KINDS = {
    "ASCII case": ["Power Bond", "POWER BOND", "power-bond", "Cyber End Dragon", "cYbEr eNd DrAgOn"],
    "full-width and half-width": ["ＰＯＷＥＲ　ＢＯＮＤ", "ﾊﾟﾜｰ･ﾎﾞﾝﾄﾞ", "ｶｳﾝﾀｰ･ｸﾘｰﾅｰ", "Ｓｔ－３２０", "１２３"],
    "kana": ["ぱわー・ぼんど", "パワー・ボンド", "ゔぁ", "ヴァ", "カ\u3099", "か\u3099"],
    "German sharp s": ["Straße", "STRASSE", "strasse", "STRAẞE", "ß", "ẞ", "Maße", "MASSE"],
    "Greek and other foldings": ["ΣΑΣ", "σας", "ς", "İstanbul", "ı", "ǰ", "ŉ", "և", "ﬆ", "Ꭰ", "ꭰ", "µ", "ſ"],
    "accents": ["Café", "Cafe\u0301", "CAFÉ", "Ōkazi", "O\u0304kazi", "Ookazi", "Åström", "A\u030astro\u0308m"],
    "compatibility forms": ["ﬁre", "①", "㌔", "Ⅻ", "x²", "㍿", "ℌ", "Ω", "㈱", "ｶﾞｰﾄﾞ"],
    "spaces and punctuation": ["a・b", "a　b", "a\tb", "a\u00a0b", "「パワー・ボンド」", "Sky Pirate-Token!",
                               "a—b~c", "(#1)", "a\u200bb", "ー", "〜", "!!!", ""],
}


def _catalogue_names() -> list[str]:
    return [n for f in FORMATS.values() for c in f.catalogue() for n in (c.name["en"], c.name["ja"], *c.aliases)]


def _every_character() -> list[str]:
    """Every character Python's Unicode assigns (no surrogates, no private use), each alone."""
    return [chr(c) for c in range(0x110000)
            if unicodedata.category(chr(c)) not in ("Cn", "Cs", "Co")]


def _mixes(n: int = 3000) -> list[str]:
    """Short texts of the characters whose folding or normalization depends on its neighbours or
    differs between the two languages: letters and their combining marks, sigma, sharp s, dotted I,
    kana with their (half-width) sound marks, spaces and punctuation (a seeded draw: the same each run)."""
    pool = ("aAoOeEiIsSkK" "ßẞΣσςİıǰ" "\u0301\u0304\u030a\u0308\u0307\u0345" "カかﾊﾞﾟ\u3099\u309aゝヽ"
            "・･ー－- 　!「」" "ﬁ①²Ω㌔Ꭰꭰ")
    rng = random.Random(20260)
    return ["".join(rng.choice(pool) for _ in range(rng.randint(1, 6))) for _ in range(n)]


def _page_folds(names: list[str], lang: str = "en") -> list[str | None]:
    """The page's fold of each name (None where this Node's Unicode has not assigned a character)."""
    proc = node.run(ROOT / "tests" / "site" / "fold_names.mjs", timeout=120,
                    input=json.dumps({"cards": cards(lang), "names": names}, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    unassigned = set(out["unassigned"])
    return [None if i in unassigned else f for i, f in enumerate(out["folds"])]


def test_the_pages_fold_names_as_python_does():
    kinds = {**KINDS, "catalogue names": _catalogue_names(), "every character": _every_character(),
             "mixes": _mixes()}
    names = [n for group in kinds.values() for n in group]
    got = _page_folds(names)
    assert len(got) == len(names) > 100_000
    at = 0
    for kind, group in kinds.items():
        page = got[at:at + len(group)]
        at += len(group)
        wrong = [(n, fold(n), p) for n, p in zip(group, page, strict=True) if p is not None and p != fold(n)]
        assert not wrong, f"{kind}: the page folds {len(wrong)} names otherwise than Python, e.g. {wrong[:5]}"
        assert sum(p is not None for p in page) >= 0.99 * len(group), kind


def test_the_fold_matches_a_card_in_every_spelling():
    assert fold("Straße") == fold("STRASSE") == fold("ＳＴＲＡẞＥ")
    assert fold("ﾊﾟﾜｰ･ﾎﾞﾝﾄﾞ") == fold("パワー・ボンド") == "パワーボンド"
    assert fold("Cafe\u0301") == fold("CAFÉ") and fold("ΣΑΣ") == fold("σας")


def test_the_shipped_case_folds_are_pythons_where_lower_case_is_not():
    table = cards("en")["case_folds"]
    assert table == case_folds() and table["ß"] == "ss" and table["ẞ"] == "ss" and table["ς"] == "σ"
    assert all(ch.casefold() != ch.lower() and ch.casefold() == folded for ch, folded in table.items())
    assert "A" not in table and "Σ" not in table and sys.maxunicode == 0x10FFFF
