"""The question builder's YAML (site/js/builder.js ``toYaml``, run by Node without a browser) reads
back, by the kit's own YAML reader (``rulings_lib.yamlsrc``), as exactly the question it wrote: every
kind of text a person may type in a title, a card's name or a free-text field (YAML's reserved words
and indicators, what looks like a number, spaces at either end, line breaks of every kind, control
characters, Japanese, emoji), numbers, booleans, nulls, lists and maps nested."""

from __future__ import annotations

import json
from pathlib import Path

import node
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.yamlsrc import load_text

ROOT = Path(__file__).resolve().parent.parent

TEXTS = [
    "Power Bond", "power-bond", "Dark Magician #2", "A's 1st", "パワー・ボンド", "「破壊輪」", "🐉 dragon", "",
    "yes", "No", "ON", "off", "y", "N", "true", "False", "null", "Null", "~",
    "007", "1e3", "0x1F", "0o17", "1_000", ".5", "-1", "+1", "1:30", "2024-01-01", ".inf", ".NaN",
    "a: b", "a #b", "#a", "- a", "[a]", "{a}", "&a", "*a", "!a", "|", ">", "%a", "@a", "`a", "'a'", '"a"', "a,b", "?",
    " lead", "trail ", "  ", "\t", "a\tb", "a\nb", "a\r\nb", "a\rb", "a\u2028b", "a\u2029b", "a\u0085b",
    "\x00", "\x07", "\x1b[0m", "\x7f", "\x9f", "\ufeffa", "a\ufffeb", "\uffff", "a\u200bb", "\\", "\\n", "a\\", "\ufffd",
]


def _yaml(questions: list[dict]) -> list[str]:
    proc = node.run(ROOT / "tests" / "site" / "builder_yaml.mjs", timeout=120,
                    input=json.dumps(questions, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _read_back(q: dict) -> dict:
    """The question as the YAML should read: format, its title when it has one, its setup without
    null values, its steps as one-key maps."""
    out = {"format": q["format"]}
    if q["title"]:
        out["title"] = q["title"]
    setup = {k: v for k, v in q["setup"].items() if v is not None}
    if setup:
        out["setup"] = setup
    out["steps"] = [{s["verb"]: s["value"]} for s in q["steps"]]
    return out


def _check(questions: list[dict]) -> None:
    texts = _yaml(questions)
    wrong = []
    for q, text in zip(questions, texts, strict=True):
        try:
            got = load_text(text, "builder.yaml")
        except Exception as exc:   # a text the kit cannot read is as wrong as one it reads otherwise
            got = f"not read: {exc}"
        if got != _read_back(q):
            wrong.append((q, text, got))
    assert not wrong, f"{len(wrong)} of {len(questions)} questions do not read back, e.g. {wrong[:3]}"


def test_every_kind_of_text_reads_back_as_written():
    questions = [{"format": "wrgp", "title": text, "setup": {"note": text, "cards": [text, {"card": text, "by": text}]},
                  "steps": [{"verb": "activate", "value": {"by": "A", "card": text}}, {"verb": "note", "value": text},
                            {"verb": "list", "value": [text, 1, None, True]}]}
                  for text in TEXTS]
    questions.append({"format": "digimon-tag", "title": "", "setup": {"tags": ["red", "blue"], "points": {"red-A": 0},
                                                                      "at": {"lp": {"A": 8000, "B": 0}}, "x": None},
                      "steps": []})
    questions.append({"format": "wrgp", "title": "t", "setup": {},
                      "steps": [{"verb": "end_turn", "value": {}}, {"verb": "damage", "value": {"to": "B", "amount": 10 ** 6}},
                                {"verb": "flags", "value": {"a": False, "b": 0, "c": -5, "d": []}}]})
    _check(questions)


_scalar = st.one_of(st.text(max_size=12), st.integers(-10 ** 9, 10 ** 9), st.booleans(), st.none())
_value = st.recursive(_scalar, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=3)),
                      max_leaves=6)


@settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.text(max_size=12), _value, _value), min_size=150, max_size=150))
def test_any_question_reads_back_as_written(batch):
    """Random titles, setup values and step values, checked in one Node run (a batch of 150)."""
    _check([{"format": "wrgp", "title": title, "setup": {"note": setup},
             "steps": [{"verb": "activate", "value": value}]} for title, setup, value in batch])
