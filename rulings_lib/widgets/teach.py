"""What the notebooks teach with, kept out of the notebooks: reading a person's answer, checking it
against the engine's ruling (hint first, the full answer on request), and the short transcript
people read (the steps that decide, in words, with rule ids) with the full one a click away.

Pure Python: no Jupyter import (a notebook shows the objects through ``_repr_html_``); the words
are the ``teach`` domain of the message catalogue (rulings_lib/i18n/teach.*.json). The rulings
always come from an engine: :mod:`.exercises` asks it, this module only reads and compares.

>>> read_answer("yesno", "いいえ"), read_answer("number", "３,２００ダメージ"), read_answer("duelist", "b 2")
(False, 3200, 'B2')
>>> read_answer("duelist", "Bの二番手"), read_answer("duelist", "team A's second")
('B2', 'A2')
>>> read_answer("players", "blue-B と blue-A")
['blue-A', 'blue-B']
"""

from __future__ import annotations

import copy
import functools
import html
import re
import unicodedata

from ..i18n.glossary import word as term

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import os
    from collections.abc import Callable, Iterable
    from typing import Any

    from ..faq import Entry
    from ..scenario import RunResult

# --------------------------------------------------------------------------- answers people type
YES = {"yes", "y", "true", "ok", "allowed", "can", "はい", "うん", "ええ", "できる", "できます", "可", "可能",
       "○", "〇", "使える", "使えます", "いい", "よい", "はい。"}
NO = {"no", "n", "false", "not allowed", "cannot", "can't", "cant", "いいえ", "いえ", "ううん", "できない",
      "できません", "不可", "不可能", "×", "✕", "使えない", "使えません", "だめ", "ダメ", "いいえ。"}
NOBODY = {"", "nobody", "none", "no one", "noone", "nothing", "-", "なし", "無し", "誰も", "だれも", "いない",
          "誰もいない", "0人"}
TAGS = {"red": "red", "赤": "red", "レッド": "red", "blue": "blue", "青": "blue", "ブルー": "blue"}
KINDS = ("number", "yesno", "duelist", "duelists", "team", "tag", "player", "players", "team_numbers", "rule")
_SPLIT = re.compile(r"\s*(?:,|、|，|/|・|\band\b|と|\s)\s*")


class Unreadable(ValueError):
    """An answer that cannot be read as the kind the exercise asks for."""


def _text(value: object) -> str:
    """A typed answer as plain text: full-width letters and digits made ordinary, case folded."""
    return unicodedata.normalize("NFKC", str(value)).strip().casefold()


def _number(value: object) -> int:
    if isinstance(value, bool):
        raise Unreadable(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    digits = re.findall(r"-?\d+", _text(value).replace(",", ""))
    if len(digits) != 1:
        raise Unreadable(value)
    return int(digits[0])


def _yesno(value: object) -> bool:
    if isinstance(value, bool):
        return value
    t = _text(value).rstrip("!.。！")
    if t in YES:
        return True
    if t in NO:
        return False
    raise Unreadable(value)


_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5"}
_KANJI = str.maketrans("一二三四五", "12345")


def _duelist(value: object) -> str:
    t = _text(value).translate(_KANJI)                       # Bの二番手 is B2
    t = re.sub(r"\b(first|second|third|fourth|fifth)\b", lambda m: _ORDINALS[m.group(1)], t)   # B's second
    found = re.fullmatch(r"(?:team\s*|チーム\s*)?([ab])\s*(?:'s)?\s*(?:の\s*)?(\d)\s*(?:st|nd|rd|th|番手|番)?", t)
    if not found:
        raise Unreadable(value)
    return found.group(1).upper() + found.group(2)


def _team(value: object) -> str:
    t = re.sub(r"^(?:team|チーム)\s*|\s*(?:チーム|team)$", "", _text(value))
    if t in ("a", "b"):
        return t.upper()
    raise Unreadable(value)


def _tag(value: object) -> str:
    t = re.sub(r"\s*(?:tag|タッグ|team|チーム)\s*", "", _text(value))
    if t in TAGS:
        return TAGS[t]
    raise Unreadable(value)


def _player(value: object) -> str:
    t = _text(value)
    found = re.fullmatch(r"(red|blue|赤|青|レッド|ブルー)\s*(?:-|の|\s)?\s*([ab])", t)
    if not found:
        raise Unreadable(value)
    return f"{TAGS[found.group(1)]}-{found.group(2).upper()}"


def _many(one: Callable[[object], str], value: object) -> list[str]:
    items = list(value) if isinstance(value, list | tuple | set | frozenset) else None
    if items is None:
        t = _text(value)
        if t in NOBODY:
            return []
        items = [p for p in _SPLIT.split(t) if p]
    return sorted({one(v) for v in items})


def _team_numbers(value: object) -> dict[str, int]:
    if isinstance(value, dict):
        return {_team(k): _number(v) for k, v in value.items()}
    pairs = re.findall(r"([ab])\D*?(\d+)", _text(value).replace(",", ""))
    if len(pairs) != 2 or {p[0] for p in pairs} != {"a", "b"}:
        raise Unreadable(value)
    return {k.upper(): int(v) for k, v in pairs}


def _rule(value: object) -> str:
    t = re.sub(r"[\s_]+", "-", _text(value)).upper()
    if not re.fullmatch(r"(WRGP|TAG|STD)-[A-Z]+\d*", t):
        raise Unreadable(value)
    return t


_READERS: dict[str, Callable[[object], object]] = {"number": _number, "yesno": _yesno, "duelist": _duelist, "team": _team, "tag": _tag,
            "player": _player, "team_numbers": _team_numbers, "rule": _rule,
            "duelists": lambda v: _many(_duelist, v), "players": lambda v: _many(_player, v)}


def read_answer(kind: str, value: object) -> Any:
    """``value`` as a person typed it, read as ``kind`` (one of :data:`KINDS`): ``"4"`` is 4,
    ``"no"``/``"いいえ"`` is False, ``"b2"``/``"Bの2番手"`` is ``"B2"``, players in any order.
    :class:`Unreadable` if it cannot be read that way."""
    return _READERS[kind](value)


def show_value(kind: str, value: Any, lang: str = "en") -> str:
    """A ruling written the way the exercise asks for it."""
    from ..i18n import render

    if kind == "yesno":
        return render("teach.value.yes" if value else "teach.value.no", {}, lang)
    if kind in ("duelists", "players"):
        return ", ".join(value) if value else render("teach.value.nobody", {}, lang)
    if kind == "team_numbers":
        return ", ".join(f"{k} {v}" for k, v in sorted(value.items()))
    return str(value)


# --------------------------------------------------------------------------- the old check (kept)
def _norm(value: object) -> Any:
    if isinstance(value, str):
        return value.strip().casefold()
    if isinstance(value, tuple | list):
        return [_norm(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_norm(v) for v in value)
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    return value


def is_correct(answer: object, ruling: object, kind: str | None = None) -> bool:
    """Does ``answer`` match the engine's ``ruling``? With ``kind``: the answer is first read as a
    person types it (:func:`read_answer`); an answer that cannot be read is not correct. Without:
    case and surrounding spaces aside, lists and tuples alike."""
    if kind is not None:
        try:
            return read_answer(kind, answer) == read_answer(kind, ruling)  # type: ignore[no-any-return]  # (values read)
        except Unreadable:
            return False
    return _norm(answer) == _norm(ruling)  # type: ignore[no-any-return]  # (plain values)


def check(answer: object, ruling: object, explain: str = "", lang: str = "en") -> None:
    """Print ``correct`` if ``answer`` matches ``ruling``, else ``not quite — the engine says …``.
    An answer still ``...`` prints that it waits. (The notebooks' exercises use
    :class:`~rulings_lib.widgets.exercises.Exercise`, which gives a hint first.)"""
    from ..i18n import render

    if answer is Ellipsis:
        print(render("widgets.check.waiting", {}, lang))
        return
    if is_correct(answer, ruling):
        why = render("widgets.check.because", {"text": explain}, lang) if explain else ""
        print(render("widgets.check.correct", {"explain": why}, lang))
    else:
        why = render("widgets.check.since", {"text": explain}, lang) if explain else ""
        print(render("widgets.check.not_quite", {"ruling": repr(ruling), "explain": why}, lang))


# --------------------------------------------------------------------------- card names
# Real cards take their names from the card catalogue (rulings_lib/cards/*.yaml), the one source of
# every real card's names, kind and effect. Only the made-up cards of the shipped scenarios (not
# cards: a description of an effect, "(made up)") are said in Japanese here.
MADE_UP_JA = {
    "a Quick-Play Spell that gains 500 LP (made up)": "ライフを500回復する速攻魔法（架空）",
    "a Quick-Play Spell that gains 1000 LP (made up)": "ライフを1000回復する速攻魔法（架空）",
    f"a {term('spell_speed')} 2 card that gains 4000 LP (made up)": f"ライフを4000回復する{term('spell_speed', 'ja')}2のカード（架空）",
    "a Trap that deals 1000 damage (made up)": "1000ダメージを与える罠（架空）",
    "a Counter Trap (made up)": "カウンター罠（架空）",
    "a Trap that deals damage to its controller (made up)": "自分にダメージを与える罠（架空）",
    "a burn card that deals 1000 (made up)": "1000ダメージを与えるバーンカード（架空）",
    "a burn card that deals 1200 (made up)": "1200ダメージを与えるバーンカード（架空）",
    "a burn card that deals 2000 (made up)": "2000ダメージを与えるバーンカード（架空）",
    "a card needing a Field Spell in your Field Zone": "自分のフィールドゾーンにフィールド魔法が必要なカード",
    "a card with a cost of 1000 LP (made up)": "1000ライフポイントをコストとするカード（架空）",
    "a card that needs you to control no cards (made up)": "自分のフィールドにカードが存在しないことが条件のカード（架空）",
    "a card that targets only a card you control (made up)": "自分フィールドのカードだけを対象にするカード（架空）",
    "a looping combo": "ループするコンボ",
    "a monster's quick effect (made up)": "モンスターの誘発即時効果（架空）",
    "a quick effect that deals 300 (made up)": "300ダメージを与える誘発即時効果（架空）",
    "a self-burn card": "自分にダメージを与えるカード",
    "a trigger effect that deals 1000 (made up)": "1000ダメージを与える誘発効果（架空）",
}
_QUALIFIER = re.compile(r"\s*[(（][^()（）]*[)）]$")


def _latin(name: str) -> bool:
    return all(ord(ch) < 0x3000 for ch in name)


@functools.cache
def card_names_ja() -> dict[str, str]:
    """Name -> official Japanese name of every card the catalogue knows (both formats): its English
    name, its aliases ("Speed World" -> 「スピード・ワールド」, the qualifier its name adds left out as the
    alias leaves it out; the rulebook's 「パワーボンド」 -> 「パワー・ボンド」), what the kit assumes about
    it, then the made-up cards of the shipped scenarios."""
    from ..formats import FORMATS

    names: dict[str, str] = {}
    for fmt in FORMATS.values():
        for c in fmt.catalogue():
            names[c.en] = c.label("ja")
            names.setdefault(c.label("ja"), c.label("ja"))    # kept whole: no alias is replaced inside it
            for alias in c.aliases:
                ja = c.label("ja")
                if _QUALIFIER.search(c.en if _latin(alias) else ja) and not _QUALIFIER.search(alias):
                    ja = _QUALIFIER.sub("", ja)
                if alias != ja and alias not in names and alias not in c.label("ja"):
                    names[alias] = ja          # the rulebook's spellings too: パワーボンド -> パワー・ボンド
            if c.assumes:                      # what the kit takes as given about the card, said in Japanese
                names[c.assumes["en"]] = c.assumes["ja"]
    return {**names, **MADE_UP_JA}


@functools.cache
def _names_pattern() -> re.Pattern[str]:
    """Every known English name, longest first, as a whole name (not inside a longer word)."""
    names = sorted(card_names_ja(), key=len, reverse=True)
    # (not the start of a longer name the catalogue does not know: "Dark Magician Girl")
    return re.compile(r"(?<![A-Za-z0-9_'・-])(?:" + "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9_・-]|(?<=[A-Za-z])\s[A-Z][a-z])")


def card_name(name: str, lang: str = "en") -> str:
    """A card's name in ``lang``: a catalogue card by any of its names (「破壊指輪」 for
    "Destruction Ring" or 「はかいリング」), a made-up card of the shipped scenarios by its description;
    a name the kit does not know stays as written."""
    from ..cards import local_name  # a catalogue card, of either format, by its name in lang

    if lang == "ja" and name in card_names_ja():
        return card_names_ja()[name]
    return local_name(name, "ja" if lang == "ja" else "en")


def _named(value: Any, lang: str) -> Any:
    """Event arguments with every card name in ``lang``."""
    if lang == "en":
        return value
    if isinstance(value, str):
        return _names_pattern().sub(lambda m: card_names_ja()[m.group()], value)
    if isinstance(value, dict):
        return {k: _named(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v, lang) for v in value]
    return value


# --------------------------------------------------------------------------- transcripts for people
# Events that tell where the turn is, not what was decided: left out of the short transcript.
ROUTINE_RULES = {"STD-TURN"}
ROUTINE_CODES = {"tag.event.powers_read", "tag.event.beaten_digimon"}
RUN_ON_CODE = "wrgp.event.run_on_phase_begins"          # "run-on: <phase>": consecutive ones become one line
RUN_ON_BATTLE = "wrgp.event.run_on_battle_phase"        # said on its phase in that line: "Battle Phase (no attack, …)"


def _event_line(ev: dict[str, Any], lang: str) -> str:
    from ..cards import in_words

    return f"[{ev['rule']}] {in_words(ev['code'], _named(ev.get('args') or {}, lang), lang)}"


def short_lines(result: RunResult, lang: str = "en") -> list[str]:
    """The steps that decide, in words, with their rule ids: what a person reads first. Setup
    notices, phase-by-phase turn notices and the sending of beaten Digimon are left out; the
    run-on's phases become one line; a refused step says why; then where the match stands."""
    from ..cards import in_words
    from ..i18n import render

    out = result.outcome
    rejected = {r["step"]: r for r in out["rejected"]}
    lines: list[str] = []
    run_on: list[str] = []

    def flush() -> None:
        if run_on:
            lines.append(render("teach.short.run_on", {"phases": " → ".join(run_on)}, lang))
            run_on.clear()

    for step in result.scenario.steps:
        for ev in (e for e in out["events"] if e["step"] == step.number):
            if ev.get("code") == RUN_ON_CODE:
                run_on.append(render(ev["args"]["phase"]["code"], ev["args"]["phase"].get("args") or {}, lang))
                continue
            if ev.get("code") == RUN_ON_BATTLE and run_on:
                run_on[-1] = render("teach.short.run_on_no_attack", {"phase": run_on[-1]}, lang)
                continue
            if ev["rule"] in ROUTINE_RULES or ev.get("code") in ROUTINE_CODES:
                continue
            flush()
            lines.append("• " + _event_line(ev, lang))
        if step.number in rejected:
            flush()
            r = rejected[step.number]
            reason = in_words(r["code"], _named(r.get("args") or {}, lang), lang) if r.get("code") else r["reason"]
            lines.append("✗ " + render("teach.short.refused", {"rule": r["rule"], "reason": reason}, lang))
    flush()
    lines.append(render("teach.short.now", {}, lang))
    lines.extend("  " + s for s in now_lines(out, lang))
    return lines


def now_lines(outcome: dict[str, Any], lang: str = "en") -> list[str]:
    """Where a match stands, in a few lines (a scenario's outcome): its format's record says it
    (``Format.now``), cards named as :func:`card_name` names them."""
    from ..draw.pick import record

    return record(outcome).now(outcome, lang, card_name)  # type: ignore[no-any-return]  # Format.now: the lines


def full_transcript(result: RunResult, lang: str = "en") -> str:
    """Every event of the scenario, numbered by step, with the expectations (what ``rulings run``
    prints), card names in ``lang``."""
    from ..scenario import RunResult, render_transcript

    outcome = copy.deepcopy(result.outcome)
    for ev in outcome["events"]:
        ev["args"] = _named(ev.get("args") or {}, lang)
    text = render_transcript(RunResult(result.scenario, result.match, outcome, result.checks), lang)
    return _named(text, lang)  # type: ignore[no-any-return]  # (text in, text out) the steps as written in the file name cards too


class Explained:
    """A scenario for people: the short transcript shown, the full one a click away (an HTML
    ``<details>`` element, collapsed). Its text form (``str``, a console, nbval's text/plain) is
    the short transcript."""

    def __init__(self, result: RunResult, lang: str = "en") -> None:
        self.result, self.lang = result, lang

    @property
    def short(self) -> str:
        return "\n".join(short_lines(self.result, self.lang))

    @property
    def full(self) -> str:
        return full_transcript(self.result, self.lang)

    def __str__(self) -> str:
        return self.short

    def __repr__(self) -> str:
        return self.short

    def _repr_html_(self) -> str:
        from ..i18n import render

        more = render("teach.short.full", {}, self.lang)
        return (f'<div class="rulings-kit-explained"><pre>{html.escape(self.short)}</pre>'
                f"<details><summary>{html.escape(more)}</summary><pre>{html.escape(self.full)}</pre></details></div>")


def explain(scenario: RunResult | str | os.PathLike[str], lang: str = "en") -> Explained:
    """A scenario (a built-in name, a path, or a played result) with its short transcript and the
    full one behind a click."""
    # (a RunResult has an outcome; anything else is a name or a path)
    return Explained(scenario if hasattr(scenario, "outcome") else played(scenario), lang)  # type: ignore[arg-type]


def played(name: str | os.PathLike[str]) -> RunResult:
    """A built-in scenario (by name, e.g. ``"power-bond-handover"``) or a scenario file, played with
    the match kept after every step (as :func:`rulings_lib.widgets.play`, without Jupyter)."""
    from pathlib import Path

    from ..scenario import builtin_scenarios, load_scenario, run_scenario

    path = Path(name)
    if not path.suffix:
        found = [p for p in builtin_scenarios() if p.stem == str(name)]
        if not found:
            raise KeyError(f"no built-in scenario named {name!r}")
        path = found[0]
    return run_scenario(load_scenario(path), keep_snapshots=True)


class StepView:
    """One step of a scenario for people: what it did (the deciding events, with rule ids) and the
    match after it, drawn (:mod:`rulings_lib.draw`)."""

    def __init__(self, result: RunResult, numbers: Iterable[int], lang: str = "en") -> None:
        self.result, self.numbers, self.lang = result, tuple(numbers), lang

    @property
    def text(self) -> str:
        from ..scenario import RunResult
        from ..values import replace

        sc = self.result.scenario
        steps = [s for s in sc.steps if s.number in self.numbers]
        last = max(self.numbers)
        part = RunResult(replace(sc, steps=steps), self.result.snapshots[last],
                         self.result.snapshots[last].state(), [], self.result.snapshots)
        events = [e for e in part.outcome["events"] if e["step"] in self.numbers]
        part.outcome = {**part.outcome, "events": events,
                        "rejected": [r for r in part.outcome["rejected"] if r["step"] in self.numbers]}
        return "\n".join(short_lines(part, self.lang))

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        from ..draw import image_picture, svg

        # an embedded image, not inline <svg>: shown before the notebook is trusted
        picture = image_picture(svg(self.result.snapshots[max(self.numbers)], self.lang), width=480)
        return f'<div class="rulings-kit-step"><pre>{html.escape(self.text)}</pre>{picture}</div>'


def explain_steps(scenario: RunResult | str | os.PathLike[str], *numbers: int, lang: str = "en") -> StepView:
    """Steps ``numbers`` of a scenario (a name or a played result): their deciding events and the
    match after the last of them, drawn."""
    # (a RunResult has an outcome; anything else is a name or a path)
    return StepView(scenario if hasattr(scenario, "outcome") else played(scenario), numbers, lang)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the FAQ by topic
_FAMILIES = (("WRGP-SW", "speed_world"), ("WRGP-S", "before"), ("WRGP-F", "flow"), ("WRGP-H", "handover"),
             ("WRGP-D", "draws"), ("TAG-S", "tag_setup"), ("TAG-K", "tag_setup"), ("TAG-P", "tag_phases"),
             ("TAG-N", "tag_next"), ("TAG-E", "tag_out"), ("TAG-R", "tag_cards"), ("STD-", "flow"))


def faq_topic(entry: Entry, lang: str = "en") -> str:
    """The topic an FAQ entry is filed under: its section's title where the FAQ has sections, else
    the part of the rules its first rule id belongs to."""
    from ..i18n import render

    section = getattr(entry, "section", None)
    if section is not None:
        return section.t(lang)  # type: ignore[no-any-return]  # a Section's title
    family = next(name for prefix, name in _FAMILIES if entry.rules[0].startswith(prefix))
    return render(f"teach.topic.{family}", {}, lang)


# Without sections, topics follow a match at the table: WRGP from the team to the draws, then the tag battle.
_TABLE_ORDER = ("before", "flow", "speed_world", "handover", "draws", "tag_setup", "tag_phases", "tag_next",
                "tag_out", "tag_cards")


def _table_order(entry: Entry) -> int:
    if getattr(entry, "section", None) is not None:
        return 0                                      # the FAQ's own order
    return _TABLE_ORDER.index(next(name for prefix, name in _FAMILIES if entry.rules[0].startswith(prefix)))


def faq_by_topic(entries: Iterable[Entry], lang: str = "en") -> list[tuple[str, list[Entry]]]:
    """The FAQ's entries grouped by topic: the FAQ's sections in its order where it has them, else in
    the order a match goes at the table; entries in FAQ order within a topic."""
    topics: dict[str, list[Entry]] = {}
    for e in sorted(entries, key=_table_order):
        topics.setdefault(faq_topic(e, lang), []).append(e)
    return list(topics.items())


def faq_text(entries: Iterable[Entry], lang: str = "en") -> str:
    """Questions and answers, one topic after the other, each answer with its reason (the entry's
    ``why``: a short answer such as 「出せません。」 is never printed bare); a Reading is
    marked as one."""
    from ..i18n import render

    out = []
    for topic, group in faq_by_topic(entries, lang):
        out.append(f"■ {topic}")
        for e in group:
            reading = render("teach.faq.reading", {"id": e.reading}, lang) if getattr(e, "reading", None) else ""
            reading += "".join(render("teach.faq.rests_on", {"id": r}, lang) for r in getattr(e, "rests_on", ()))
            out.append(f"Q. {e.q(lang)}\nA. {e.a(lang)}{reading} [{', '.join(e.rules)}]\n   {e.why(lang)}")
        out.append("")
    return "\n".join(out).rstrip()
