"""A WRGP match drawn: both lineups, LP, Speed Counters, the phase track, handovers.

Drawn from the outcome dict (``match.state()``, the scenario contract's keys and the kit's
additions), plus the lineup size and starting LP where a match object gives them; every key is
read with a default so that new outcome keys never break a picture.
"""

from __future__ import annotations

from ..i18n.terms import WRGP_ZONE, term
from ..wrgp import tables as T
from ._svg import GREY, INK, LIGHT, PHONE_FONT, PHONE_WIDTH, Svg, clip, wrap
from .words import check_lang, ordinal, word

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

WIDTH = 640
PANEL_W = 300


def facts(obj: Any, lineup: int | None = None, start_lp: int | None = None) -> tuple[dict[str, Any], int, int]:
    """(outcome, lineup size, starting LP) from a match or an outcome dict."""
    if hasattr(obj, "state") and callable(obj.state):
        state = obj.state()                  # with its verdict: who plays next
        lineup = lineup or getattr(obj, "lineup", None)
        start_lp = start_lp or getattr(obj, "start_lp", None)
    else:
        state = dict(obj)
    pos = state.get("duelist") or {}
    seen = [int(v) for v in pos.values() if isinstance(v, int)]
    for name in state.get("out") or []:
        tail = str(name)[1:]
        if tail.isdigit():
            seen.append(int(tail))
    lineup = lineup or max([3, *seen])
    start_lp = start_lp or 8000
    return state, lineup, start_lp


def _view(state: dict[str, Any], lineup: int, start_lp: int, lang: str) -> dict[str, Any]:
    """Everything the picture and its description say, worked out once."""
    turn = state.get("turn") or {}
    number, player, phase = turn.get("number", 1), turn.get("player", "A"), turn.get("phase", "draw")
    pos = {t: (state.get("duelist") or {}).get(t, 1) for t in T.TEAMS}
    lp = {t: (state.get("lp") or {}).get(t, start_lp) for t in T.TEAMS}
    spc = {t: (state.get("spc") or {}).get(t, 0) for t in T.TEAMS}
    handover = list(state.get("handover") or [])
    out = list(state.get("out") or [])
    at_zero = set(state.get("at_zero") or [])
    once = state.get("once_per_duel") or {}
    finished = bool(state.get("finished"))
    in_main = phase in T.MAIN_PHASES
    teams = {}
    for t in T.TEAMS:
        o = T.other(t)
        a, b = pos[t], pos[o]
        x = T.speed_world_x(a, b)
        effects = []
        for cost, eff in T.SPEED_WORLD_EFFECTS.items():
            size = T.speed_world_size(cost, a, b)
            effects.append((cost, eff.kind, size, spc[t] >= cost))
        if handover:
            when = "sw_not_handover"
        elif t == player and in_main and not finished:
            when = "sw_now"
        else:
            when = "sw_main_only"
        teams[t] = {
            "duelist": f"{t}{a}", "pos": a, "lp": lp[t], "spc": spc[t], "x": x, "effects": effects,
            "when": when, "handover": t in handover, "at_zero": f"{t}{a}" in at_zero,
            "once": list(once.get(t) or []),
        }
    # The turn played next, as the verdict says it (rulings_lib.wrgp.verdict: the engine plays the turn
    # on): (team, duelist, turn number, whether it is this turn, the rule that decided it). An outcome
    # without a verdict (a state dict from elsewhere) says nothing of the next turn.
    nxt = None
    verdict = state.get("verdict") or {}
    claim = (verdict.get("claims") or {}).get("next")
    if claim and not finished:
        why = next((r.get("rule") for r in verdict.get("rows") or () if r.get("kind") == "next"), None)
        nxt = (claim["team"], claim["duelist"], claim["turn"], claim["turn"] == number, why or "STD-TURN")
    return {"number": number, "player": player, "phase": phase, "drawn": bool(state.get("drawn")),
            "teams": teams, "handover": handover, "out": out, "finished": finished,
            "winner": state.get("winner"), "next": nxt, "lineup": lineup, "start_lp": start_lp}


def _phase_name(key: str, lang: str) -> str:
    for p in T.PHASES:
        if p.key == key:
            return p.japanese if lang == "ja" else p.name
    return key


def summary(obj: object, lang: str = "en", *, lineup: int | None = None, start_lp: int | None = None) -> list[str]:
    """The state in words (the picture's ``<desc>``): the facts of the text summary, and more."""
    lang = check_lang(lang)
    state, lineup, start_lp = facts(obj, lineup, start_lp)
    v = _view(state, lineup, start_lp, lang)
    lines = []
    if v["finished"]:
        lines.append(word("wrgp_over", lang, t=v["winner"]) + ("." if lang == "en" else "。"))
    phase = _phase_name(v["phase"], lang)
    if v["phase"] == "draw":
        phase += f" ({word('after_draw' if v['drawn'] else 'before_draw', lang)})"
    lines.append(word("desc_turn", lang, n=v["number"], t=v["player"], phase=phase))
    for t in T.TEAMS:
        tv = v["teams"][t]
        notes = []
        if tv["handover"]:
            notes.append(word("lost_handover", lang))
        if tv["at_zero"]:
            notes.append(word("at_zero", lang) + " (WRGP-D1)")
        sep = ", " if lang == "en" else "、"
        note = (sep + sep.join(notes)) if notes else ""
        lines.append(word("desc_team", lang, t=t, d=tv["duelist"], pos=ordinal(tv["pos"], lang), lp=tv["lp"],
                          spc=tv["spc"], notes=note))
        usable = [_effect_text(c, k, s, lang) for c, k, s, ok in tv["effects"] if ok]
        end = "; " if lang == "en" else "。"
        lines.append(word("desc_sw", lang, effects=(sep.join(usable) if usable else word("none", lang)))
                     + end + word(tv["when"], lang) + ("." if lang == "en" else "。"))
        if tv["once"]:
            lines.append(word("once", lang, cards=sep.join(_said(c, lang) for c in tv["once"])))
    lines.append(word("out_list", lang, who=", ".join(v["out"]) if v["out"] else word("nobody", lang)))
    cards = state.get("cards") or {}
    if cards:      # not drawn, but part of the text summary (scenario transcripts' "Final state")
        sep = ", " if lang == "en" else "、"
        lines.append(word("cards", lang, cards=sep.join(
            word("card_at", lang, name=_said(n, lang), player=c.get("player", "?"), owner=c.get("owner", "?"),
                 zone=term(WRGP_ZONE, _zone_of(c)).render(lang) if _zone_of(c) in WRGP_ZONE
                 else str(c.get("zone", "?")))
            for n, c in cards.items())))
    if state.get("effects"):
        lines.append(word("effects", lang, effects=sep.join(_said(str(e), lang) for e in state["effects"])))
    if state.get("resembles"):     # Cards described by hand under a name close to a known one
        sep = ", " if lang == "en" else "、"
        lines.append(word("resembles", lang, cards=sep.join(
            word("resembles_one", lang, name=_said(str(n), lang), like=_said(str(c), lang))
            for n, c in state["resembles"].items())))
    if v["next"]:
        lines.append(_next_words(v, lang))
    return lines


def _zone_of(c: dict[str, Any]) -> str:
    """A card's zone as the words name it: a face-up card in the Extra Deck (a Pendulum Monster) is in the
    face-up Extra Deck, a face-down one in the Extra Deck (face-down)."""
    zone = str(c.get("zone", "?"))
    return "extra_face_up" if zone == "extra" and c.get("face_up", True) else zone


def _next_words(v: dict[str, Any], lang: str) -> str:
    """Who plays next, in words, as the verdict says it (the picture's footer, the summary's last line)."""
    team, duelist, n, now, rule = v["next"]
    if v["handover"]:
        who = ", ".join(v["teams"][t]["duelist"] for t in v["handover"])
        return word("handover_next", lang, who=who, t=team, d=duelist, n=n, rule=rule)
    return word("this_turn" if now else "next_turn", lang, t=team, d=duelist, n=n)


def _name(name: str, lang: str) -> str:
    """A card of the catalogue by its name in ``lang`` (rulings_lib.cards.local_name); others as written.
    The picture's labels: no 「」 in the tight space of a drawn line, as a card list on a mat."""
    from ..cards import local_name

    return local_name(name, lang, T.CARDS)


def _said(name: str, lang: str) -> str:
    """A card's name in the summary's sentences (the final state, the picture's ``<desc>``): as the
    transcripts write it, 「」 in Japanese (rulings_lib.cards.in_text)."""
    from ..cards import in_text

    return in_text(name, lang, T.CARDS, card=True)


def _effect_text(cost: int, kind: str, size: int, lang: str) -> str:
    return word(f"sw_{kind}", lang, cost=cost, size=size)


def now(outcome: dict[str, Any], lang: str = "en", card_name: Any = None) -> list[str]:
    """Where a WRGP match stands, in a few lines (the notebooks' short transcript ends with them,
    rulings_lib.widgets.teach): the turn, each team's duelist, LP and Speed Counters, who is out,
    the cards on the field. ``card_name(name, lang)`` names a card (as written, without one)."""
    from ..cards import quoted
    from ..i18n import render

    card_name = card_name or (lambda name, lang: name)
    t = outcome["turn"]
    lines = []
    if outcome["finished"]:
        lines.append(render("teach.now.winner", {"team": outcome["winner"]}, lang))
    lines.append(render("teach.now.turn", {"n": t["number"], "team": t["player"],
                                           "duelist": f"{t['player']}{outcome['duelist'][t['player']]}",
                                           "phase": render(f"wrgp.phase.{t['phase']}", {}, lang)}, lang))
    for team in T.TEAMS:
        who = f"{team}{outcome['duelist'][team]}"
        notes = "".join(render(code, {}, lang) for code, on in (("teach.now.handover", team in outcome["handover"]),
                                                                 ("teach.now.at_zero", who in outcome["at_zero"])) if on)
        lines.append(render("teach.now.team", {"team": team, "duelist": who, "lp": outcome["lp"][team],
                                               "spc": outcome["spc"][team], "notes": notes}, lang))
    lines.append(render("teach.now.out", {"who": ", ".join(outcome["out"]) or render("teach.value.nobody", {}, lang)},
                        lang))
    field = [render("teach.now.card", {"card": quoted(card_name(n, lang), lang), "player": c["player"]}, lang)
             for n, c in outcome.get("cards", {}).items() if c["zone"] in T.FIELD_ZONES]
    if field:
        lines.append(render("teach.now.field", {"cards": field}, lang))
    return lines


def wrgp_svg(obj: object, lang: str = "en", *, lineup: int | None = None, start_lp: int | None = None,
             title: str | None = None, layout: str = "wide") -> str:
    """The picture of a WRGP match (a :class:`~rulings_lib.WrgpMatch` or its ``state()`` dict).
    ``layout="phone"``: one column, 360 wide, no text under 13 (for a 390 px screen at 1:1)."""
    lang = check_lang(lang)
    state, lineup, start_lp = facts(obj, lineup, start_lp)
    v = _view(state, lineup, start_lp, lang)
    desc = " ".join(summary(state, lang, lineup=lineup, start_lp=start_lp))
    if layout == "phone":
        return _phone(v, lang, title or f"{word('wrgp', lang)}: {word('turn', lang, n=v['number'])}", desc)
    if layout != "wide":
        raise ValueError(f"layout must be 'wide' or 'phone', not {layout!r}")
    head = word("turn", lang, n=v["number"])
    svg = Svg(WIDTH, 452, title or f"{word('wrgp', lang)}: {head}", desc, lang)
    _header(svg, v, lang)
    _phase_track(svg, v, lang)
    for i, t in enumerate(T.TEAMS):
        _team_panel(svg, 10 + i * (PANEL_W + 20), 104, t, v, lang)
    _footer(svg, v, lang)
    return svg.document()


def _header(svg: Svg, v: dict[str, Any], lang: str) -> None:
    d = v["teams"][v["player"]]["duelist"]
    svg.text(10, 22, f"{word('wrgp', lang)} · {word('turn', lang, n=v['number'])} · "
                     f"{word('teams_turn', lang, t=v['player'], d=d)}", size=16, weight="bold")
    if v["finished"]:
        svg.rect(WIDTH - 250, 6, 240, 22, fill=INK, stroke=INK)
        svg.text(WIDTH - 130, 22, word("wrgp_over", lang, t=v["winner"]), size=12, weight="bold",
                 fill="#ffffff", anchor="middle")


def _phase_track(svg: Svg, v: dict[str, Any], lang: str) -> None:
    y, w, gap = 36, 100, 4
    current = T.PHASE_INDEX.get(v["phase"], 0)
    for i, p in enumerate(T.PHASES):
        x = 10 + i * (w + gap)
        skipped = not T.turn_has_phase(v["number"], p.key)      # WRGP-F5
        name = p.japanese if lang == "ja" else p.name
        if i == current:
            svg.rect(x, y, w, 28, fill=INK, stroke=INK, width=2, rx=4)
            svg.text(x + w / 2, y + 18, name, size=12, weight="bold", fill="#ffffff", anchor="middle")
        elif skipped:
            svg.rect(x, y, w, 28, fill="#ffffff", stroke=GREY, dash="4 3", rx=4)
            svg.text(x + w / 2, y + 18, name, size=11, fill=GREY, anchor="middle")
            svg.line(x + 8, y + 14, x + w - 8, y + 14, stroke=GREY)
        else:
            svg.rect(x, y, w, 28, fill=LIGHT if i < current else "#ffffff", stroke=INK, rx=4)
            svg.text(x + w / 2, y + 18, name, size=11, fill=INK, anchor="middle")
        if i < len(T.PHASES) - 1:
            svg.path(f"M{x + w} {y + 14} l{gap} 0", stroke=GREY)
    notes = []
    if v["phase"] == "draw":
        notes.append(word("after_draw" if v["drawn"] else "before_draw", lang))
    if v["number"] == 1:
        notes.append(word("no_battle_t1", lang))
    if v["handover"] and not v["finished"]:
        notes.append(word("run_on", lang))
    if notes:
        svg.text(10, 84, " · ".join(notes), size=11, fill=INK, italic=True)


def _team_panel(svg: Svg, x: int, y: int, team: str, v: dict[str, Any], lang: str, pw: int = PANEL_W,
                phone: bool = False) -> None:
    PANEL_W = pw  # noqa: N806 (the panel's width in this layout)
    tv = v["teams"][team]
    turn_player = team == v["player"]
    once = _once_lines(tv, lang, phone)
    svg.rect(x, y, PANEL_W, _panel_height(tv, lang, phone), fill="#ffffff", stroke=INK, width=3 if turn_player else 1,
             rx=6)
    svg.text(x + 10, y + 20, word("team", lang, t=team), size=15, weight="bold")
    if turn_player:
        svg.text(x + PANEL_W - 10, y + 20, "▶ " + word("turn_player", lang), size=11, weight="bold",
                 anchor="end")
    # Lineup: 1st .. Nth, the duelist in the duel marked, out duelists crossed.
    n = v["lineup"]
    bw = min(84, (PANEL_W - 20 - (n - 1) * 6) / n)
    out = set(v["out"])
    for i in range(1, n + 1):
        bx, by = round(x + 10 + (i - 1) * (bw + 6), 2), y + 30
        name = f"{team}{i}"
        here = i == tv["pos"]
        gone = i < tv["pos"] or name in out
        coming = (v["next"] is not None and v["handover"] and tv["handover"] and i == tv["pos"] + 1)
        if here and tv["handover"]:
            svg.rect(bx, by, bw, 42, fill=LIGHT, stroke=INK, width=3, dash="6 3", rx=4)
        elif here:
            svg.rect(bx, by, bw, 42, fill=LIGHT if not gone else "#ffffff", stroke=INK, width=3, rx=4)
        else:
            svg.rect(bx, by, bw, 42, fill="#ffffff", stroke=GREY if gone else INK, rx=4)
        svg.text(bx + bw / 2, by + 19, name, size=14, weight="bold", fill=GREY if gone and not here else INK,
                 anchor="middle")
        svg.text(bx + bw / 2, by + 34, ordinal(i, lang), size=10, fill=INK, anchor="middle")
        if gone:
            svg.cross(bx, by, bw, 42)
        status = None
        if here and tv["handover"]:
            status = word("lost_handover", lang)
        elif here and tv["at_zero"]:
            status = word("at_zero", lang)
        elif here and not gone:
            status = "▲ " + word("in_duel", lang)
        elif gone:
            status = word("out", lang)
        elif coming:
            status = word("comes_in", lang)
        if status:
            svg.text(bx + bw / 2, by + 54, clip(status, (16 if lang == "en" else 9) - (2 if phone and lang != "en" else 0)), size=9,
                     weight="bold" if here else None, anchor="middle")
    # LP of the duelist in the duel.
    ly = y + 100
    svg.text(x + 10, ly, f"{word('lp', lang)} ({tv['duelist']})", size=11)
    svg.text(x + PANEL_W - 10, ly, str(tv["lp"]), size=15, weight="bold", anchor="end")
    svg.bar(x + 10, ly + 6, PANEL_W - 20, 12, tv["lp"], max(v["start_lp"], tv["lp"]))
    if tv["at_zero"]:
        svg.text(x + 10, ly + 32, word("at_zero", lang) + " (WRGP-D1)", size=10, weight="bold")
    # Speed Counters: 12 pips, the 4/7/10 thresholds marked.
    sy = y + 148
    svg.text(x + 10, sy, f"{word('spc', lang)} {tv['spc']}/{T.SPC_MAX}", size=11)
    svg.text(x + PANEL_W - 10, sy, word("sw_x", lang, x=tv["x"]), size=11, anchor="end")
    for i in range(1, T.SPC_MAX + 1):
        cx = x + 18 + (i - 1) * 23.5
        svg.circle(cx, sy + 16, 8, fill=INK if i <= tv["spc"] else "#ffffff")
        if i in T.SPEED_WORLD_EFFECTS:
            svg.line(cx + 11.75, sy + 4, cx + 11.75, sy + 30, width=2)
            svg.text(cx, sy + 38, str(i), size=10, weight="bold", anchor="middle")
    # The Speed World effects, their size now (WRGP-SW5), which ones the counters pay for.
    ey = y + 206
    for j, (cost, kind, size, ok) in enumerate(tv["effects"]):
        yy = ey + j * 18
        svg.rect(x + 10, yy - 9, 10, 10, fill=INK if ok else "#ffffff", stroke=INK if ok else GREY)
        label = _effect_text(cost, kind, size, lang)
        if not ok:
            label += " " + word("sw_needs", lang, cost=cost)
        svg.text(x + 26, yy, label, size=11, fill=INK if ok else GREY, weight="bold" if ok else None)
    when = wrap(word(tv["when"], lang), 44 if lang == "en" else 24) if phone else [word(tv["when"], lang)]
    for i, line in enumerate(when[:2]):
        svg.text(x + 10, ey + 54 + 16 * i, line, size=10, italic=True)
    for i, line in enumerate(once):
        svg.text(x + 10, y + 288 + 16 * i, line, size=10)


def _once_lines(tv: dict[str, Any], lang: str, phone: bool) -> list[str]:
    """The Once per Duel line (WRGP-F6): clipped to its box in the wide layout; on a phone wrapped in
    full, the panel growing to hold it (the line was cut after a few words)."""
    cards = ", ".join(_name(c, lang) for c in tv["once"]) if tv["once"] else word("none", lang)
    text = word("once", lang, cards=cards)
    return wrap(text, 40 if lang == "en" else 22) if phone else [clip(text, 52 if lang == "en" else 30)]


def _panel_height(tv: dict[str, Any], lang: str, phone: bool) -> int:
    return 300 + 16 * (len(_once_lines(tv, lang, phone)) - 1)


def _footer(svg: Svg, v: dict[str, Any], lang: str) -> None:
    y = 420
    if v["finished"]:
        svg.text(10, y, word("wrgp_over", lang, t=v["winner"]), size=13, weight="bold")
    elif v["handover"] and v["next"]:
        svg.rect(8, y - 15, WIDTH - 16, 22, fill="#ffffff", stroke=INK, dash="6 3")
        svg.text(14, y, _next_words(v, lang), size=12, weight="bold")
    elif v["next"]:
        svg.text(10, y, _next_words(v, lang), size=12)
    out = ", ".join(v["out"]) if v["out"] else word("nobody", lang)
    svg.text(10, y + 24, clip(word("out_list", lang, who=out), 90), size=11)


def _phone(v: dict[str, Any], lang: str, title: str, desc: str) -> str:
    """The phone layout: the header, the phase track in two rows of three, the two teams one
    above the other, then who plays next, each long line wrapped."""
    W = PHONE_WIDTH  # noqa: N806
    en = lang == "en"
    y = 22
    d = v["teams"][v["player"]]["duelist"]
    head = [f"{word('wrgp', lang)} · {word('turn', lang, n=v['number'])}", word("teams_turn", lang, t=v["player"], d=d)]
    track_y = y + 24 * len(head) - 4
    if v["finished"]:
        track_y += 26
    notes = []
    if v["phase"] == "draw":
        notes.append(word("after_draw" if v["drawn"] else "before_draw", lang))
    if v["number"] == 1:
        notes.append(word("no_battle_t1", lang))
    if v["handover"] and not v["finished"]:
        notes.append(word("run_on", lang))
    note_lines = [line for n in notes for line in wrap(n, 44 if en else 24)]
    cols = 3 if en else 2                      # Japanese phase names are longer at this size
    rows = -(-len(T.PHASES) // cols)
    panels_y = track_y + 32 * rows + 18 * len(note_lines) + 8
    footer = []
    if v["finished"]:
        footer += wrap(word("wrgp_over", lang, t=v["winner"]), 40 if en else 22)
    elif v["next"]:
        footer += wrap(_next_words(v, lang), 40 if en else 22)
    out = ", ".join(v["out"]) if v["out"] else word("nobody", lang)
    footer += wrap(word("out_list", lang, who=out), 44 if en else 24)
    tops = [panels_y]
    for t in T.TEAMS:
        tops.append(tops[-1] + _panel_height(v["teams"][t], lang, True) + 20)
    height = tops[-1] + 18 * len(footer) + 12
    svg = Svg(W, height, title, desc, lang, min_font=PHONE_FONT)
    for i, line in enumerate(head):
        svg.text(10, y + 24 * i, line, size=16, weight="bold")
    if v["finished"]:
        svg.rect(10, track_y - 30, W - 20, 22, fill=INK, stroke=INK)
        svg.text(W / 2, track_y - 14, word("wrgp_over", lang, t=v["winner"]), size=12, weight="bold", fill="#ffffff",
                 anchor="middle")
    gap = 4
    w = (W - 20 - (cols - 1) * gap) / cols
    current = T.PHASE_INDEX.get(v["phase"], 0)
    for i, p in enumerate(T.PHASES):
        x, yy = round(10 + (i % cols) * (w + gap), 2), track_y + (i // cols) * 32
        skipped = not T.turn_has_phase(v["number"], p.key)      # WRGP-F5
        name = p.japanese if lang == "ja" else p.name
        if i == current:
            svg.rect(x, yy, w, 28, fill=INK, stroke=INK, width=2, rx=4)
            svg.text(x + w / 2, yy + 19, name, weight="bold", fill="#ffffff", anchor="middle")
        elif skipped:
            svg.rect(x, yy, w, 28, fill="#ffffff", stroke=GREY, dash="4 3", rx=4)
            svg.text(x + w / 2, yy + 19, name, fill=GREY, anchor="middle")
            svg.line(x + 8, yy + 14, x + w - 8, yy + 14, stroke=GREY)
        else:
            svg.rect(x, yy, w, 28, fill=LIGHT if i < current else "#ffffff", stroke=INK, rx=4)
            svg.text(x + w / 2, yy + 19, name, fill=INK, anchor="middle")
    for i, line in enumerate(note_lines):
        svg.text(10, track_y + 32 * rows + 12 + 18 * i, line, italic=True)
    for i, t in enumerate(T.TEAMS):
        _team_panel(svg, 10, tops[i], t, v, lang, pw=W - 20, phone=True)
    fy = tops[-1] + 4
    for i, line in enumerate(footer):
        svg.text(10, fy + 18 * i, line, weight="bold" if i == 0 else None)
    return svg.document()
