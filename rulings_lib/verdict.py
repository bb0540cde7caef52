"""The verdict: the answer a judge reads, decided by the engine.

One function for both formats, :func:`verdict` (each format's own in its registry record,
:attr:`rulings_lib.formats.Format.verdict`): who lost and by which rule (and what brought them to 0),
who stays in and at what LP, the pending handovers and what each incoming duelist inherits, whose
turn is next and why, and the Readings the answer relied on. Where the question stops before the
turn is over, the engine plays the turn on, on a copy of the match, and the verdict says what the
rules make happen next (WRGP: the run-on to the End Phase, the handover, turn N is B2's, WRGP-F2):
nothing is worked out twice, and the pages, the tracker and the FAQ only word it.

The verdict is data, as events are::

    {"format": ..., "rows": [{"kind", "rule", "code", "args"}, ...],
     "claims": {...},             # the facts, plain data (who is out, who is next, what is inherited)
     "readings": [{"id", "rule"}, ...]}  # named by title_code(id) in the reader's language

:func:`verdict_lines` words it in a language (``rulings run`` prints it before the transcript;
``rulings run --json`` carries it as ``verdict``).
"""

from __future__ import annotations

import re

from .i18n import plain_args, render

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

_READING = re.compile(r"\breading ([a-z0-9]+(?:-[a-z0-9]+)+)")


def row(kind: str, rule: str | None, code: str, **args: Any) -> dict[str, Any]:
    """One row of a verdict: its kind (lost, stays, handover, then, next, won, reading ...), the rule
    that decided it (or None), and its words as a catalogue code and arguments (plain data)."""
    return {"kind": kind, **({"rule": rule} if rule else {}), "code": code, "args": plain_args(args)}


def _without_slugs(args: dict[str, Any]) -> dict[str, Any]:
    """``args`` (plain data) with every note that names a Reading by its id left out: the verdict
    names the Readings it relied on by their titles, in the reader's language (never an English slug
    on a Japanese page)."""
    out = {}
    for k, v in args.items():
        if isinstance(v, dict) and isinstance(v.get("code"), str) and _READING.search(render(v["code"], v.get("args"))):
            inner = v.get("args") or {}
            # "{text} (reading ID)": the text stays; any other note naming a Reading goes.
            v = _without_slugs({"text": inner["text"]})["text"] if v["code"].endswith(".with_reading") else ""
        out[k] = v
    return out


def clean_row(r: dict[str, Any]) -> dict[str, Any]:
    """A row whose ``why`` quotes a refusal: a note naming a Reading by its id left out there too."""
    why = r["args"].get("why")
    if isinstance(why, dict) and isinstance(why.get("args"), dict):
        return {**r, "args": {**r["args"], "why": {**why, "args": _without_slugs(why["args"])}}}
    return r


def event_row(kind: str, event: Any, **changes: Any) -> dict[str, Any]:
    """An engine event as a verdict row (its own words and rule); ``changes`` replace arguments."""
    return {"kind": kind, "rule": event.rule, **as_message(event, **changes)}


def as_message(event: Any, **changes: Any) -> dict[str, Any]:
    """An event as a message argument (``{"code", "args"}``), for a row that quotes it."""
    args = dict(event.args)
    args.update(changes)
    return {"code": event.code, "args": _without_slugs(plain_args(args))}


def readings_of(texts: Iterable[Any], format: str) -> list[dict[str, Any]]:
    """The Readings the answer relied on (``texts``: its events and refusals in English, where the
    engines cite them), in the order they were first cited: each by its id, rule and title
    (``readings.<id>``, hyphens as underscores: its name in the reader's language)."""
    from .readings import reading

    seen: list[str] = []
    for text in texts:
        for rid in _READING.findall(text):
            if rid not in seen:
                seen.append(rid)
    out = []
    for rid in seen:
        try:
            r = reading(rid)
        except KeyError:
            continue
        if r.format == format and not r.is_settled:     # a settled one is a ruling now
            out.append({"id": r.id, "rule": r.rule})
    return out


def title_code(reading_id: str) -> str:
    """The catalogue code of a Reading's title (``readings.<lang>.json``: its name in each language)."""
    return "readings." + reading_id.replace("-", "_")


def verdict(match: Any) -> dict[str, Any]:
    """The verdict on a match (either format) where it stands now (its format's, :attr:`Format.verdict`)."""
    return match.verdict()  # type: ignore[no-any-return]


def verdict_items(v: dict[str, Any], lang: str = "en", cards: str | None = None,
                  rejected: Iterable[dict[str, Any]] = ()) -> list[tuple[str, str, str | None]]:
    """The verdict in words: ``(kind, text, rule)`` a row; then the steps refused (``rejected``: the
    outcome's, kind ``refused``); then the Readings it relied on, by their titles in ``lang`` (kind
    ``reading``). ``cards``: the format's catalogue (rulings_lib.cards), so that its cards are named
    in ``lang``. site/js/verdict.js verdictLines words it the same way."""
    from .cards import in_words

    out = [(r["kind"], titled(in_words(r["code"], r.get("args"), lang, cards), lang), r.get("rule"))
           for r in v.get("rows") or []]
    for r in rejected or ():
        why = {"code": r["code"], "args": r.get("args") or {}} if r.get("code") else r["reason"]
        out.append(("refused", titled(in_words("verdict.refused", {"step": r["step"], "why": why}, lang, cards), lang),
                    r["rule"]))
    out.extend(("reading", render("verdict.reading", {"title": {"code": title_code(r["id"]), "args": {}},
                                                      "rule": r["rule"]}, lang), None)
               for r in v.get("readings") or [])
    return out


def verdict_lines(v: dict[str, Any], lang: str = "en", cards: str | None = None,
                  rejected: Iterable[dict[str, Any]] = ()) -> list[str]:
    """The verdict in words, one line a row, each with the rule that decided it: ``text [RULE]``."""
    return [f"{text} [{rule}]" if rule else text for _, text, rule in verdict_items(v, lang, cards, rejected)]


# A Reading cited by its id inside a quoted message ("(reading no-cost-at-0)", "（解釈 no-cost-at-0）").
_CITED = re.compile(r"(reading |解釈 ?)([a-z0-9]+(?:-[a-z0-9]+)+)")


def titled(text: str, lang: str = "en") -> str:
    """``text`` with each Reading it cites by its id named by its title in ``lang`` instead (a refusal
    quoted in the verdict words its Reading as the engine does; the reader gets its name, never an
    English slug on a Japanese page). site/js/verdict.js does the same with the same catalogue."""
    from .i18n import has

    def name(m: re.Match[str]) -> str:
        code = title_code(m.group(2))
        if not has(code):
            return m.group(0)
        return f"{m.group(1)}「{render(code, {}, lang)}」" if lang == "ja" else f"{m.group(1)}“{render(code, {}, lang)}”"

    return _CITED.sub(name, text)


def verdict_text(v: dict[str, Any], lang: str = "en", cards: str | None = None,
                 rejected: Iterable[dict[str, Any]] = ()) -> str:
    """The verdict as ``rulings run`` prints it: a heading, then its lines (``rejected``: the outcome's
    refused steps, said among them)."""
    return "\n".join([render("verdict.heading", {}, lang),
                      *("  " + s for s in verdict_lines(v, lang, cards, rejected))])


__all__ = ["as_message", "clean_row", "event_row", "readings_of", "row", "verdict", "verdict_items", "verdict_lines",
           "verdict_text"]
