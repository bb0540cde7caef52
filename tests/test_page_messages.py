"""The pages word a message as Python does: site/js/i18n.js ``t`` against ``rulings_lib.i18n.render``,
run by Node without a browser (tests/site/page_words.mjs), for every code of the catalogue in both
languages, each placeholder filled with a value of each kind an argument may be: text (with braces,
with a Reading's id, Japanese), whole numbers (0, 1, large, negative), a nested message (and a nested
message holding a list), a list, a text given in each language, true/false, null, and a ``count`` of
1 and 2 (the singular form)."""

from __future__ import annotations

import json
from pathlib import Path

import node
import pytest

from rulings_lib.i18n import codes, placeholders, render
from rulings_lib.webdata import files

ROOT = Path(__file__).resolve().parent.parent

VALUES = [
    "plain text", 7, 0, 1, 123456789, -3,
    {"code": "common.and", "args": {"a": "A1", "b": "B1"}},
    {"code": "common.and", "args": {"a": ["x", "y"], "b": {"en": "E", "ja": "日本語"}}},
    ["one", 2, "three"],
    {"en": "in English", "ja": "日本語で"},
    True, False, None,
    "{not a placeholder} and {{braces}}",
    "the reading team-count-by-name here",
    "パワー・ボンド",
]


def _messages() -> list[dict]:
    out = []
    for i, (code, text) in enumerate(sorted(codes("en").items())):
        names = sorted(placeholders(text))
        for shift in (0, 1):
            args = {n: VALUES[(i + j + shift * 5) % len(VALUES)] for j, n in enumerate(names)}
            if "count" in names or code + "_one" in codes("en"):
                args["count"] = 1 if shift else 2
            out.append({"code": code, "args": args})
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pages_word_every_message_as_python_does(tmp_path, lang):
    for name, data in files().items():
        if name.startswith(("words.", "cards.")):
            (tmp_path / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    messages = _messages()
    proc = node.run(ROOT / "tests" / "site" / "page_words.mjs", tmp_path, lang, "messages", timeout=120,
                    input=json.dumps(messages, ensure_ascii=False))
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert len(got) == len(messages) > 3000
    wrong = [(m["code"], m["args"], render(m["code"], m["args"], lang), page)
             for m, page in zip(messages, got, strict=True) if render(m["code"], m["args"], lang) != page]
    assert not wrong, f"{len(wrong)} messages differ, e.g. {wrong[:3]}"
