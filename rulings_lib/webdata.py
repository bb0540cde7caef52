"""The data files the browser edition reads (written by the site build into ``data/``):

* ``words.<lang>.json``: the kit's whole message catalogue in one language (:mod:`rulings_lib.i18n`,
  the ``site`` domain holding the pages' own words), so the pages word verdicts, events and
  their chrome exactly as the kit does;
* ``verbs.<lang>.json``: the verb table of ``rulings verbs --json`` (the question builder's
  forms; schema in the project's contracts). Where this version of the kit has no ``verbs``
  command yet, the same shape is derived from the scenario format's own step declarations
  (``<format>.scenario.STEPS`` and ``SETUP``), so the page never holds a verb list of its own;
* ``cards.<lang>.json``: ``rulings cards --json`` (names offered as the builder's card fields),
  or no cards where the command is not there.
"""

from __future__ import annotations

import contextlib
import io
import json
import re

from .i18n import LANGS, codes


def words(lang: str) -> dict:
    """Every catalogue code and its text in ``lang`` (codes without a translation: English)."""
    return {**codes("en"), **codes(lang)}


def _cli_json(argv: list[str]) -> dict | None:
    """``rulings ARGV`` as JSON, or None when this kit has no such command (or it fails)."""
    from .cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:          # argparse: unknown command
        code = exc.code
    if code not in (0, None):
        return None
    try:
        return json.loads(out.getvalue())
    except ValueError:
        return None


def verbs(lang: str) -> dict:
    return _cli_json(["verbs", "--json", "--lang", lang]) or verbs_from_steps(lang)


def cards(lang: str) -> dict:
    return _cli_json(["cards", "--json", "--lang", lang]) or {"version": 1, "lang": lang, "formats": []}


# ------------------------------------------------------------------------------ the fallback
def _param(name: str, schema, required: bool) -> dict:
    """One PARAM (the contract's shape) from a scenario-format schema object."""
    from . import schema as S

    p = {"name": name, "required": required, "default": None, "label": name.replace("_", " "), "help": ""}
    from .tag import scenario as TS

    if schema is TS.PLAYER:
        return {**p, "type": "player"}
    if isinstance(schema, TS._Battle):          # {A: {tag: entry, tag: entry}, B: ...}: the setup's tags
        entry = _param("entry", TS.ENTRY, True)
        entry["params"] = [q for q in entry["params"] if q["name"] in ("power", "lost")]
        return {**p, "type": "record", "params": [
            {**_param(letter, S.MapOf({}), True), "params": [{**entry, "name": tag, "label": tag}
                                                           for tag in TS.DEFAULT_TAGS]}
            for letter in ("A", "B")]}
    if isinstance(schema, S.Int):
        return {**p, "type": "int", "min": schema.lo, "max": schema.hi}
    if isinstance(schema, S.Choice):
        values = list(schema.choices)
        kind = "team" if values == ["A", "B"] else "choice"
        return {**p, "type": kind, "choices": [{"value": v, "label": str(v)} for v in values]}
    if isinstance(schema, S.Bool):
        return {**p, "type": "bool"}
    if isinstance(schema, S.ListOf):
        return {**p, "type": "list", "item": _param("item", schema.item, True), "min_items": schema.min_len,
                "max_items": min(schema.max_len, 100)}
    if isinstance(schema, S.DictOf):
        keys = getattr(schema.keys, "choices", None)
        if keys is not None and list(keys) == ["A", "B"]:
            return {**p, "type": "team_map", "value": _param("value", schema.values, False)}
        return {**p, "type": "text", "max_len": 200}
    if isinstance(schema, S.MapOf):
        return {**p, "type": "record", "params": [_param(k, v, k in schema.required) for k, v in schema.fields.items()]}
    inner = getattr(schema, "inner", None)          # a checked schema: its shape
    if inner is not None:
        return _param(name, inner, required)
    if isinstance(schema, S.Text):
        kind = "card" if name == "card" else "text"
        return {**p, "type": kind, "max_len": schema.max_len}
    return {**p, "type": "text", "max_len": 200}


def _verb(name: str, schema) -> dict:
    from . import schema as S

    param = _param(name, schema, True)
    if isinstance(schema, S.MapOf) and not schema.fields:
        shape, params = "empty", []
    elif param["type"] == "record" and isinstance(schema, S.MapOf):
        shape, params = "record", param["params"]
    elif param["type"] == "list":
        shape, params = "list", [param]            # the verb's one parameter: the list
    else:
        shape, params = "scalar", [param]          # the verb's one parameter, named after it
    return {"name": name, "label": name.replace("_", " "), "help": "", "rules": [], "shape": shape,
            "params": params, "example": ""}


def verbs_from_steps(lang: str) -> dict:
    """The verb table in the contract's shape, derived from each format's scenario declarations
    (labels are the keys themselves: this kit has no worded verb table yet)."""
    from .scenario import format_module

    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")
    formats = []
    for fmt, label in (("wrgp", "WRGP (Yu-Gi-Oh! 3-vs-3 relay)"), ("digimon-tag", "Digimon Card Game tag battle")):
        mod = format_module(fmt)
        setup = []                                  # setup's keys, and setup.at's as "at.turn", ...
        for p in _param("setup", mod.SETUP, False)["params"]:
            if p["name"] == "at" and p["type"] == "record":
                setup += [{**q, "name": f"at.{q['name']}", "required": False} for q in p["params"]]
            else:
                setup.append(p)
        formats.append({"format": fmt, "label": label, "setup": setup,
                        "verbs": [_verb(k, v) for k, v in mod.STEPS.items() if not k.startswith("check_")]})
    return {"version": 1, "lang": lang, "formats": formats, "derived_from": "scenario STEPS"}


def files() -> dict[str, object]:
    """Every data file of the pages, by its name under ``data/``."""
    out: dict[str, object] = {}
    for lang in LANGS:
        out[f"words.{lang}.json"] = words(lang)
        out[f"verbs.{lang}.json"] = verbs(lang)
        out[f"cards.{lang}.json"] = cards(lang)
    return out


# ------------------------------------------------------------------------------ the FAQ in parts
_ENTRY = re.compile(r'(<section class="entry" id="(faq-[A-Za-z0-9_.\-]+)"[^>]*>)(.*?)(</section>)', re.S)
_META_END = re.compile(r'<p class="meta">.*?</p>', re.S)


def faq_parts(page: str) -> tuple[str, dict[str, str]]:
    """The FAQ page with each entry's heavy part (its pictures, transcripts and diagram: what
    follows the entry's ``meta`` line) moved to a file of its own, ``data/faq/<entry id>.html``,
    which the page loads as the entry comes near the screen (site/js/faqparts.js). The questions,
    answers, rule links and search stay in the page. An entry without a meta line stays whole."""
    parts: dict[str, str] = {}

    def cut(m):
        head, ident, body, end = m.groups()
        meta = _META_END.search(body)
        if meta is None:
            return m.group(0)
        heavy = body[meta.end():].strip()
        if not heavy:
            return m.group(0)
        name = f"{ident}.html"
        parts[name] = heavy
        return (f'{head}{body[:meta.end()]}<div class="part" data-part="data/faq/{name}" '
                f'aria-busy="true"></div>{end}')

    return _ENTRY.sub(cut, page), parts
