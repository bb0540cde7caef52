"""The data files the browser edition reads (written by the site build into ``data/``):

* ``words.<lang>.json``: the kit's whole message catalogue in one language (:mod:`rulings_lib.i18n`,
  the ``site`` domain holding the pages' own words), so the pages word verdicts, events and
  their chrome exactly as the kit does;
* ``verbs.<lang>.json``: the verb table of ``rulings verbs --json`` (the question builder's
  forms; schema in the project's contracts), so the page never holds a verb list of its own; with
  ``tracker``, the format the match tracker records (:func:`rulings_lib.web.tracker_format`), so
  that no script names a format;
* ``cards.<lang>.json``: ``rulings cards --json`` (names offered as the builder's card fields),
  or no cards where the command is not there; with ``case_folds``, the characters whose case folding
  is not their lower case (:func:`rulings_lib.cards.case_folds`), so that the pages match a name as
  :func:`rulings_lib.cards.fold` does (site/js/cards.js ``fold``);
* ``answers/<shipped id>.json``: each shipped scenario's answer worked out at build time by the
  same engine (:func:`answers`), which the playground shows while Python loads.
"""

from __future__ import annotations

import contextlib
import io
import json
import re

from .i18n import LANGS, codes

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any


def words(lang: str) -> dict[str, Any]:
    """Every catalogue code and its text in ``lang`` (codes without a translation: English)."""
    return {**codes("en"), **codes(lang)}


def _cli_json(argv: list[str]) -> dict[str, Any] | None:
    """``rulings ARGV`` as JSON, or None when this kit has no such command (or it fails)."""
    from .cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:          # argparse: unknown command
        code = exc.code  # type: ignore[assignment]
    if code not in (0, None):
        return None
    try:
        return json.loads(out.getvalue())  # type: ignore[no-any-return]
    except ValueError:
        return None


def verbs(lang: str) -> dict[str, Any]:
    table = _cli_json(["verbs", "--json", "--lang", lang])
    if table is None:
        raise RuntimeError(f"`rulings verbs --json --lang {lang}` gave no verb table")
    from .web import tracker_format

    return {**table, "tracker": tracker_format()}


def cards(lang: str) -> dict[str, Any]:
    from .cards import case_folds

    table = _cli_json(["cards", "--json", "--lang", lang]) or {"version": 1, "lang": lang, "formats": []}
    return {**table, "case_folds": case_folds()}


def files() -> dict[str, object]:
    """Every data file of the pages, by its name under ``data/``."""
    out: dict[str, object] = {}
    for lang in LANGS:
        out[f"words.{lang}.json"] = words(lang)
        out[f"verbs.{lang}.json"] = verbs(lang)
        out[f"cards.{lang}.json"] = cards(lang)
    return out


def answers() -> dict[str, dict[str, Any]]:
    """Every shipped scenario's first answer (:func:`rulings_lib.web.first_answer`: its outcome as
    ``rulings run --json`` prints it, its checks), by shipped id."""
    from .scenario import builtin_scenarios, load_scenario, run_scenario
    from .web import first_answer, shipped_id

    return {shipped_id(p): first_answer(run_scenario(load_scenario(p))) for p in builtin_scenarios()}


# ------------------------------------------------------------------------------ the FAQ in parts
_ENTRY = re.compile(r'(<section class="entry" id="(faq-[A-Za-z0-9_.\-]+)"[^>]*>)(.*?)(</section>)', re.S)
_META_END = re.compile(r'<p class="meta">.*?</p>', re.S)


def faq_parts(page: str) -> tuple[str, dict[str, str]]:
    """The FAQ page with each entry's heavy part (its pictures, transcripts and diagram: what
    follows the entry's ``meta`` line) moved to a file of its own, ``data/faq/<entry id>.html``,
    which the page loads as the entry comes near the screen (site/js/faqparts.js). The questions,
    answers, rule links and search stay in the page. An entry without a meta line stays whole.
    Entries of one scenario have the same heavy part: it is written once, under the first one's id."""
    parts: dict[str, str] = {}
    named: dict[str, str] = {}          # heavy part -> the file that holds it

    def cut(m: re.Match[str]) -> str:
        head, ident, body, end = m.groups()
        meta = _META_END.search(body)
        if meta is None:
            return m.group(0)
        heavy = body[meta.end():].strip()
        if not heavy:
            return m.group(0)
        name = named.setdefault(heavy, f"{ident}.html")
        parts[name] = heavy
        return (f'{head}{body[:meta.end()]}<div class="part" data-part="data/faq/{name}" '
                f'aria-busy="true"></div>{end}')

    return _ENTRY.sub(cut, page), parts
