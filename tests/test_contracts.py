"""docs/contracts.md names every key of the two JSON contracts (`rulings verbs --json`, `rulings cards
--json`), every parameter type and every step shape the kit prints: a key added to either output without
a word in the contract's description fails here."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from rulings_lib.cli import main

DOC = (Path(__file__).resolve().parents[1] / "docs" / "contracts.md").read_text(encoding="utf-8")
NAMED = {word for span in re.findall(r"`([^`]+)`", DOC) for word in re.findall(r"[a-z_]+", span)}


def _json(*argv: str) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return json.loads(out.getvalue())


def _params(params: list) -> list[dict]:
    found, todo = [], list(params)
    while todo:
        p = todo.pop()
        found.append(p)
        todo += p.get("params") or []
        todo += [p[k] for k in ("item", "value") if isinstance(p.get(k), dict)]
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_key_of_the_verb_table_is_described(lang):
    data = _json("verbs", "--json", "--lang", lang)
    assert data["version"] == 1 and data["lang"] == lang
    formats = data["formats"]
    verbs = [v for f in formats for v in f["verbs"]]
    params = _params([p for v in verbs for p in v["params"]] + [p for f in formats for p in f["setup"]])
    choices = [c for p in params for c in p.get("choices") or ()]
    keys = set(data) | {k for o in [*formats, *verbs, *params, *choices] for k in o}
    assert keys - NAMED == set()
    assert {p["type"] for p in params} - NAMED == set()
    assert {v["shape"] for v in verbs} - NAMED == set()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_key_of_the_card_list_is_described(lang):
    data = _json("cards", "--json", "--lang", lang)
    formats = data["formats"]
    cards = [c for f in formats for c in f["cards"]]
    nested = [x for c in cards for x in [*c.get("clauses", ()), *c.get("choices", ())]]
    keys = set(data) | {k for o in [*formats, *cards, *nested] for k in o}
    assert keys - NAMED == set()


def test_the_contract_is_cited_by_the_code_that_writes_it():
    # The code cites docs/contracts.md, which exists (no citation of a file the repository lacks).
    root = Path(__file__).resolve().parents[1]
    old = "CONTRACTS" + ".md"
    assert [p for p in (root / "rulings_lib").rglob("*.py") if old in p.read_text(encoding="utf-8")] == []
    assert any("docs/contracts.md" in p.read_text(encoding="utf-8") for p in (root / "rulings_lib").rglob("*.py"))
