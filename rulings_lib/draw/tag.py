"""A tag battle drawn: the four seats as at the table, letters, first and second tag, point
gauges, players out, the 1-vs-1 switch, the last battles and who goes first next turn (and why).

Drawn from the outcome dict (``match.state()``) and the starting gauge where a match object
gives it; keys are read with defaults so that new outcome keys never break a picture.
"""

from __future__ import annotations

from ..i18n import Msg, has
from ..i18n.terms import TAG_CONDITION, term
from ..tag import tables as T
from ._svg import GREY, INK, LIGHT, PHONE_FONT, PHONE_WIDTH, Svg, clip, wrap
from .words import check_lang, word

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

WIDTH = 640
SEAT_W, SEAT_H = 290, 86


def facts(obj: Any, start_points: int | None = None) -> tuple[dict[str, Any], int]:
    if hasattr(obj, "state") and callable(obj.state):
        state = obj.state()
        start_points = start_points or getattr(obj, "start_points", None)
    else:
        state = dict(obj)
    points = state.get("points") or {}
    start_points = start_points or max([T.START_POINTS, *[p for p in points.values() if isinstance(p, int)]])
    return state, start_points


def _split(player: str) -> tuple[str, str]:
    tag, _, letter = str(player).rpartition("-")
    return tag, letter


def _layout(state: dict[str, Any]) -> dict[str, str]:
    """seat -> player: the players in the game where ``seats`` puts them; players out in their
    tag's row, in their own letter's column where it is free."""
    first, second = state.get("first"), state.get("second")
    out = list(state.get("out") or [])
    seats = {s: p for s, p in (state.get("seats") or {}).items() if p}
    if not seats:
        side_of = {first: "first", second: "second"}
        for p in (state.get("points") or {}):
            tag, letter = _split(p)
            if p not in out and tag in side_of:
                seats[f"{side_of[tag]}-{letter}"] = p
    placed = set(seats.values())
    for p in list(state.get("points") or {}):
        if p in placed:
            continue
        tag, letter = _split(p)
        side = "first" if tag == first else "second"
        for col in (letter, *[x for x in T.LETTERS if x != letter]):
            s = f"{side}-{col}"
            if s not in seats:
                seats[s] = p
                placed.add(p)
                break
    return seats


def _next_rule(state: dict[str, Any]) -> tuple[str, Any] | None:
    """The rule that decided who goes first this turn and why, as a message (``(rule, Msg)``):
    from the last battles (TAG-N1..N5, the table's condition), else from the transcript (a truce
    swaps as TAG-N4: the rule's own summary); None on the match's first turn (TAG-S2)."""
    battles = state.get("battles") or []
    if battles:
        try:
            row, _ = T.next_turn_rule([b.get("winner") for b in battles])
        except ValueError:   # not one or two battles: nothing the table decides
            return None
        return row.rule, term(TAG_CONDITION, (row.rule, row.result), row.condition)
    if state.get("turn", 1) > 1:
        for ev in reversed(state.get("events") or []):
            rule = str(ev.get("rule", ""))
            if rule.startswith("TAG-N"):
                return rule, Msg(f"site.rule.{rule}") if has(f"site.rule.{rule}") else T.RULES.get(rule, "")
    return None


def _view(state: dict[str, Any], lang: str) -> dict[str, Any]:
    first, second = state.get("first", "?"), state.get("second", "?")
    mode = state.get("mode", "tag")
    finished = bool(state.get("finished"))
    winner = state.get("winner")
    end_rule = None
    if finished:
        for ev in reversed(state.get("events") or []):
            if str(ev.get("rule", "")) in ("TAG-S2", "TAG-E4"):
                end_rule = ev["rule"]
                break
    return {"turn": state.get("turn", 1), "first": first, "second": second, "mode": mode,
            "points": dict(state.get("points") or {}), "out": list(state.get("out") or []),
            "seats": _layout(state), "battles": list(state.get("battles") or []), "finished": finished,
            "winner": winner, "end_rule": end_rule or "TAG-S2", "next": _next_rule(state)}


def _seat_label(seat: str, lang: str) -> str:
    side, letter = T.seat_parts(seat)
    return word("seat", lang, side=word(side, lang), letter=letter)


def _battle_line(b: dict[str, Any], lang: str) -> str:
    players = b.get("players") or {}
    powers = b.get("powers") or {}
    tags = list(players)
    if len(tags) < 2:
        return ""
    a, bb = players[tags[0]], players[tags[1]]
    pa, pb = powers.get(tags[0], "?"), powers.get(tags[1], "?")
    letter = b.get("letter")
    label = word("vs", lang, letter=letter) if letter else word("one_vs_one", lang)
    if b.get("winner") is None:
        return word("battle_draw", lang, label=label, a=a, pa=pa, b=bb, pb=pb)
    return word("battle_win", lang, label=label, a=a, pa=pa, b=bb, pb=pb, w=players.get(b["winner"], b["winner"]),
                l=b.get("loser"), lost=b.get("lost", 0))


def _next_line(v: dict[str, Any], lang: str) -> str:
    if v["finished"]:
        return word("tag_over", lang, tag=v["winner"], rule=v["end_rule"])
    if v["next"] is None:
        if v["turn"] > 1:      # a setup from a later turn: who goes first is given, not decided here
            return word("first_given", lang, tag=v["first"], n=v["turn"])
        return word("start_first", lang, tag=v["first"])
    rule, why = v["next"]
    why = why.render(lang) if isinstance(why, Msg) else why
    return word("goes_first", lang, tag=v["first"], rule=rule, why=why)


def summary(obj: object, lang: str = "en", *, start_points: int | None = None) -> list[str]:
    """The state in words (the picture's ``<desc>``)."""
    lang = check_lang(lang)
    state, _ = facts(obj, start_points)
    v = _view(state, lang)
    mode = word("mode_1v1" if v["mode"] == "1v1" else "mode_tag", lang)
    lines = [word("tag_head", lang, n=v["turn"], mode=mode, first=v["first"], second=v["second"])]
    by_player = {p: s for s, p in v["seats"].items()}
    for p, pts in v["points"].items():
        if p in v["out"]:
            lines.append(word("desc_player_out", lang, p=p, v=pts))
        else:
            seat = by_player.get(p)
            lines.append(word("desc_player", lang, p=p, seat=_seat_label(seat, lang) if seat else "?", v=pts))
    lines.append(word("out_list", lang, who=", ".join(v["out"]) if v["out"] else word("nobody", lang)))
    if v["battles"]:
        lines.append(word("last_battles", lang) + " " + "; ".join(_battle_line(b, lang) for b in v["battles"]))
    lines.append(_next_line(v, lang))
    return lines


def now(outcome: dict[str, Any], lang: str = "en", card_name: object = None) -> list[str]:
    """Where a tag battle stands, in a few lines (the notebooks' short transcript ends with them,
    rulings_lib.widgets.teach): the state in words without the last battles, which the transcript
    has just told (``card_name``: no card is named here)."""
    skip = word("last_battles", lang)
    return [s for s in summary(outcome, lang) if not s.startswith(skip)]


def tag_svg(obj: object, lang: str = "en", *, start_points: int | None = None, title: str | None = None,
            layout: str = "wide") -> str:
    """The picture of a tag battle (a :class:`~rulings_lib.TagMatch` or its ``state()`` dict).
    ``layout="phone"``: one column, 360 wide, no text under 13 (for a 390 px screen at 1:1)."""
    lang = check_lang(lang)
    state, top = facts(obj, start_points)
    v = _view(state, lang)
    desc = " ".join(summary(state, lang, start_points=top))
    if layout == "phone":
        return _phone(v, top, lang, title or f"{word('tag', lang)}: {word('turn', lang, n=v['turn'])}", desc)
    if layout != "wide":
        raise ValueError(f"layout must be 'wide' or 'phone', not {layout!r}")
    height = 330 + 18 * max(1, len(v["battles"]))
    svg = Svg(WIDTH, height, title or f"{word('tag', lang)}: {word('turn', lang, n=v['turn'])}", desc, lang)
    mode = word("mode_1v1" if v["mode"] == "1v1" else "mode_tag", lang)
    svg.text(10, 22, f"{word('tag', lang)} · " + word("tag_head", lang, n=v["turn"], mode=mode, first=v["first"],
                                                      second=v["second"]), size=15, weight="bold")
    # The table between the two rows; A faces A, B faces B.
    svg.rect(20, 138, WIDTH - 40, 44, fill=LIGHT, stroke=INK, rx=10)
    for col, letter in enumerate(T.LETTERS):
        cx = 10 + col * (SEAT_W + 40) + SEAT_W / 2
        if v["mode"] == "1v1" and letter == "B":
            svg.text(cx, 165, word("mode_1v1", lang), size=12, weight="bold", anchor="middle")
            continue
        svg.line(cx, 142, cx, 178, width=2, dash="5 3" if v["mode"] == "1v1" else None)
        svg.text(cx + 8, 165, word("vs", lang, letter=letter), size=12, weight="bold")
    for seat in T.SEATS:
        side, letter = T.seat_parts(seat)
        x = 10 + T.LETTERS.index(letter) * (SEAT_W + 40)
        y = 44 if side == "first" else 192
        _seat(svg, x, y, seat, v["seats"].get(seat), v, top, lang)
    y = 300
    svg.text(10, y, word("last_battles", lang) if v["battles"] else word("no_battles", lang), size=12,
             weight="bold")
    for i, b in enumerate(v["battles"]):
        svg.text(20, y + 18 * (i + 1), clip(_battle_line(b, lang), 96 if lang == "en" else 56), size=11)
    svg.text(10, height - 10, clip(_next_line(v, lang), 96 if lang == "en" else 56), size=12, weight="bold")
    return svg.document()


def _seat(svg: Svg, x: int, y: int, seat: str, player: str | None, v: dict[str, Any], top: int, lang: str,
          sw: int = SEAT_W) -> None:
    SEAT_W = sw  # noqa: N806 (the seat's width in this layout)
    side, letter = T.seat_parts(seat)
    first_side = side == "first"
    if player is None:
        svg.rect(x, y, SEAT_W, SEAT_H, fill="#ffffff", stroke=GREY, dash="4 3", rx=6)
        svg.text(x + 10, y + 20, _seat_label(seat, lang), size=11, fill=GREY)
        svg.text(x + SEAT_W / 2, y + 50, word("empty_seat", lang), size=11, fill=GREY, anchor="middle")
        return
    out = player in v["out"]
    svg.rect(x, y, SEAT_W, SEAT_H, fill="#ffffff", stroke=GREY if out else INK, width=1 if out else 2,
             dash="4 3" if not first_side and not out else None, rx=6)
    # The letter as a badge: filled for A, outlined for B (black and white tells them apart). In a
    # tag battle letters follow seats (TAG-S2, TAG-R3); in 1-vs-1 the player keeps their own.
    if v["mode"] == "1v1":
        letter = _split(player)[1] or letter
    svg.circle(x + 20, y + 22, 12, fill=INK if letter == "A" else "#ffffff")
    svg.text(x + 20, y + 27, letter, size=13, weight="bold", fill="#ffffff" if letter == "A" else INK,
             anchor="middle")
    svg.text(x + 40, y + 20, clip(player, 22), size=14, weight="bold", fill=GREY if out else INK)
    svg.text(x + 40, y + 35, _seat_label(seat, lang) + (" ▶" if first_side else ""), size=10)
    pts = v["points"].get(player, 0)
    svg.text(x + SEAT_W - 10, y + 20, word("points", lang, v=pts), size=12, weight="bold", anchor="end")
    svg.text(x + 10, y + 56, word("gauge", lang) + f" 0–{top}", size=9, fill=GREY)
    svg.bar(x + 10, y + 62, SEAT_W - 20, 12, pts, top)
    if out:
        svg.cross(x, y, SEAT_W, SEAT_H, width=3)
        svg.rect(x + SEAT_W - 110, y + 32, 100, 18, fill="#ffffff", stroke=INK)
        svg.text(x + SEAT_W - 60, y + 45, word("tag_out", lang), size=10, weight="bold", anchor="middle")


def _phone(v: dict[str, Any], top: int, lang: str, title: str, desc: str) -> str:
    """The phone layout: the heading wrapped, then per letter its two seats facing each other
    across the table (A, then B), the last battles and who goes first next, wrapped."""
    W = PHONE_WIDTH  # noqa: N806
    en = lang == "en"
    mode = word("mode_1v1" if v["mode"] == "1v1" else "mode_tag", lang)
    head = wrap(f"{word('tag', lang)} · " + word("tag_head", lang, n=v["turn"], mode=mode, first=v["first"],
                                                 second=v["second"]), 34 if en else 20)
    battles = [word("last_battles", lang) if v["battles"] else word("no_battles", lang)]
    for b in v["battles"]:
        battles += wrap(_battle_line(b, lang), 44 if en else 24)
    nxt = wrap(_next_line(v, lang), 40 if en else 22)
    block = 2 * SEAT_H + 44                  # two seats and the table between them
    top_y = 22 + 22 * len(head)
    height = top_y + 2 * (block + 12) + 18 * (len(battles) + len(nxt)) + 16
    svg = Svg(W, height, title, desc, lang, min_font=PHONE_FONT)
    for i, line in enumerate(head):
        svg.text(10, 22 + 22 * i, line, size=15, weight="bold")
    sw = W - 20
    for col, letter in enumerate(T.LETTERS):
        y = top_y + col * (block + 12)
        _seat(svg, 10, y, f"first-{letter}", v["seats"].get(f"first-{letter}"), v, top, lang, sw=sw)
        svg.rect(20, y + SEAT_H + 6, W - 40, 32, fill=LIGHT, stroke=INK, rx=10)
        label = word("mode_1v1", lang) if v["mode"] == "1v1" and letter == "B" else word("vs", lang, letter=letter)
        svg.text(W / 2, y + SEAT_H + 27, label, weight="bold", anchor="middle")
        _seat(svg, 10, y + SEAT_H + 44, f"second-{letter}", v["seats"].get(f"second-{letter}"), v, top, lang, sw=sw)
    y = top_y + 2 * (block + 12) + 8
    for i, line in enumerate(battles):
        svg.text(10 if i == 0 else 20, y + 18 * i, line, weight="bold" if i == 0 else None)
    y += 18 * len(battles)
    for i, line in enumerate(nxt):
        svg.text(10, y + 18 * i, line, weight="bold")
    return svg.document()
