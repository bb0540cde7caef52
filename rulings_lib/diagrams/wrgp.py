"""WRGP diagrams, drawn from :mod:`rulings_lib.wrgp.tables` (and the engine's own answers).

* :func:`wrgp_turn` -- one turn: Draw (before / after the draw), Standby, Main 1, Battle, Main 2,
  End; the first-turn exception (WRGP-F5), baton touch (WRGP-H9), where Speed World may be used.
* :func:`wrgp_handover` -- from a loss in any phase through the run-on to the End Phase, the swap
  of duelists, to the next turn or the end of the match.
* :func:`wrgp_relay` -- both in one picture: the map a scenario's path is drawn on.

Every phase, rule id, permission and zone shown here is read from the tables the engine plays
by; the few structural facts that are not in a table (which phases turn 1 skips, the starting
LP) are asked of the engine itself.
"""

from __future__ import annotations

import re

from ..i18n import render
from ..i18n.terms import WRGP_ACTION
from ..wrgp import tables as T
from ..wrgp.engine import WrgpMatch
from .diagram import Diagram, Row

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from ..wrgp.tables import Phase

_RULE_ID = re.compile(r"WRGP-[A-Z]+\d+")

TURN = "cluster_turn"
DRAW = "cluster_draw"
RUNON = "cluster_runon"

# Node ids (stable: the path highlighter and the notebooks use them).
DRAW_BEFORE = "t_draw"
DRAW_AFTER = "t_drawn"
BATON = "t_baton"
SPEED_WORLD = "t_speed_world"
LOSS_NOTE = "t_loss"
COND = "ho_condition"
BOTH_CARD = "ho_d1"
BOTH_CHAIN = "ho_d2"
LOSS = "ho_loss"
SPC = "ho_spc"
MATCH_END = "ho_match_end"
SECOND_LOSS = "ho_d3"
INTERRUPTED = "ho_h3"
MAY = "ho_h2_may"
MAY_NOT = "ho_h2_may_not"
SWAP = "ho_swap"
NEXT = "ho_next"

# Words of the tables in the diagrams' catalogue (a test checks each English text is the table's).
ZONE_CODES = {
    "monster": "diagrams.zone.monster", "extra_monster": "diagrams.zone.extra_monster",
    "spell_trap": "diagrams.zone.spell_trap", "field": "diagrams.zone.field", "pendulum": "diagrams.zone.pendulum",
    "hand": "diagrams.zone.hand", "gy": "diagrams.zone.gy", "banished": "diagrams.zone.banished",
    "deck": "diagrams.zone.deck", "extra": "diagrams.zone.extra",
}
DESTINATION_CODES = {
    "gy": "diagrams.dest.gy", "extra_face_up": "diagrams.dest.extra_face_up", "banished": "diagrams.dest.banished",
    "hand": "diagrams.dest.hand", "deck": "diagrams.dest.deck", "extra": "diagrams.dest.extra",
}
PHASE_NOTE_CODES = {   # T.PHASES[...].note
    "draw": "diagrams.wrgp.note.draw", "standby": "diagrams.wrgp.note.standby", "main1": "diagrams.wrgp.note.main1",
    "battle": "diagrams.wrgp.note.battle", "main2": "diagrams.wrgp.note.main2", "end": "diagrams.wrgp.note.end",
}
ACTION_CODES = WRGP_ACTION   # T.ACTION_LABELS: the engine's words (wrgp.action.*), one term each
EFFECT_CODES = {4: "diagrams.wrgp.effect.4", 7: "diagrams.wrgp.effect.7", 10: "diagrams.wrgp.effect.10"}
ZONE_LABELS = {k: render(c) for k, c in ZONE_CODES.items()}
DESTINATION_LABELS = {k: render(c) for k, c in DESTINATION_CODES.items()}


def _words(lang: str) -> Callable[..., str]:
    """``t(code, **args)``: the diagrams' words in ``lang``."""
    return lambda code, **args: render(code, args, lang)


def _phase_name(phase: Phase, lang: str) -> str:
    return phase.japanese if lang == "ja" else phase.name


def _table_text(codes: dict[Any, str], key: object, english: str, lang: str) -> str:
    """A table's text: as the table writes it in English; from the catalogue in another language
    (the table's own English where the catalogue has no entry for the key)."""
    if lang == "en" or key not in codes:
        return english
    return render(codes[key], {}, lang)


def turn_node(key: str) -> str:
    """The id of a phase's node in the turn diagram (the Draw Phase's is *before* the draw)."""
    return DRAW_BEFORE if key == "draw" else f"t_{key}"


def runon_node(key: str) -> str:
    """The id of a phase's node in the handover's run-on."""
    return f"run_{key}"


def first_turn_skips() -> tuple[str, ...]:
    """The phases the match's first turn has not (WRGP-F5): the table the engine plays by."""
    return tuple(k for k in T.PHASE_KEYS if k in T.FIRST_TURN_SKIPS)


def _join(words: Iterable[str], lang: str = "en") -> str:
    words = list(words)
    if lang == "ja":
        return "、".join(words)
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _skip_edges(d: Diagram, node_of: Callable[[str], str], label: str, lang: str = "en") -> None:
    """An edge over the phases the first turn has not (WRGP-F5)."""
    skipped = set(first_turn_skips())
    keys = T.PHASE_KEYS
    i = 0
    while i < len(keys):
        if keys[i] in skipped and i > 0:
            j = i
            while j < len(keys) and keys[j] in skipped:
                j += 1
            if j < len(keys):
                names = _join((_phase_name(T.PHASES[T.PHASE_INDEX[k]], lang) for k in keys[i:j]), lang)
                d.edge(node_of(keys[i - 1]), node_of(keys[j]), render("diagrams.wrgp.skip", {"label": label,
                       "names": names}, lang), ("WRGP-F5",), style="branch")
            i = j
        else:
            i += 1


# ------------------------------------------------------------------------------ the turn
def _turn_part(d: Diagram, lang: str = "en") -> None:
    t = _words(lang)
    d.cluster(TURN, t("diagrams.wrgp.turn_cluster"))
    skipped = set(first_turn_skips())
    prev = None
    for phase in T.PHASES:
        name = _phase_name(phase, lang)
        rows = [_table_text(PHASE_NOTE_CODES, phase.key, phase.note, lang)]
        if phase.key in skipped:
            rows.append(Row(t("diagrams.wrgp.not_turn1"), "muted"))  # type: ignore[arg-type]
        if phase.key == "draw":
            d.cluster(DRAW, name, parent=TURN)
            d.node(DRAW_BEFORE, t("diagrams.wrgp.before_draw", phase=name), phase.rules, rows, cluster=DRAW,
                   tooltip=phase.japanese)
            d.node(DRAW_AFTER, t("diagrams.wrgp.after_draw", phase=name), ("WRGP-F3",),
                   [t("diagrams.wrgp.has_drawn")], cluster=DRAW, tooltip=phase.japanese)
            d.edge(DRAW_BEFORE, DRAW_AFTER, t("diagrams.wrgp.draw_1"), ("WRGP-F3",))
            d.edge(DRAW_BEFORE, DRAW_AFTER, t("diagrams.wrgp.first_no_draw"), ("WRGP-F5",), style="branch")
            prev = DRAW_AFTER
            continue
        node = turn_node(phase.key)
        d.node(node, name, phase.rules, rows, cluster=TURN, tooltip=phase.japanese)
        if prev:
            d.edge(prev, node)
        prev = node
    _skip_edges(d, lambda k: DRAW_AFTER if k == "draw" else turn_node(k), t("diagrams.wrgp.turn_1"), lang)
    last = turn_node(T.PHASE_KEYS[-1])
    d.edge(last, DRAW_BEFORE, t("diagrams.wrgp.next_turn_other"), ("STD-TURN",), style="back")

    # Baton touch (WRGP-H9): in one's own Draw Phase, before the draw.
    d.node(BATON, t("diagrams.wrgp.baton"), ("WRGP-H9",), [
        t("diagrams.wrgp.baton_1"),
        Row(t("diagrams.wrgp.baton_2"), "muted"),
        Row(t("diagrams.wrgp.baton_3"), "muted"),
    ], kind="note", width=34)
    d.edge(DRAW_BEFORE, BATON, t("diagrams.wrgp.baton_when"), style="note")

    # Speed World: where its effects may be used (phases whose rules include WRGP-SW5).
    effects = [Row(t("diagrams.wrgp.effect_row", cost=cost, text=_table_text(EFFECT_CODES, cost, eff.text, lang)),
                   key=str(cost)) for cost, eff in sorted(T.SPEED_WORLD_EFFECTS.items())]
    d.node(SPEED_WORLD, T.SPEED_WORLD if lang == "en" else t("diagrams.wrgp.speed_world"), ("WRGP-SW5", "WRGP-SW7"), [
        t("diagrams.wrgp.sw_remove"), *effects,
        Row(t("diagrams.wrgp.sw_x"), "muted"),
        Row(t("diagrams.wrgp.sw_when"), "muted"),
    ], kind="note", width=40)
    for phase in T.PHASES:
        if "WRGP-SW5" in phase.rules:
            d.edge(turn_node(phase.key), SPEED_WORLD, t("diagrams.wrgp.may_use"), ("WRGP-SW5",), style="note")


def _name(name: str, lang: str) -> str:
    """A diagram's name: ``wrgp-turn`` in English, ``wrgp-turn.ja`` in Japanese."""
    return name if lang == "en" else f"{name}.{lang}"


def wrgp_turn(lang: str = "en") -> Diagram:
    """One WRGP turn, phase by phase, from ``wrgp.tables.PHASES`` (labels in ``lang``)."""
    t = _words(lang)
    d = Diagram(_name("wrgp-turn", lang), t("diagrams.wrgp.turn_title"), note=t("diagrams.wrgp.turn_note"), lang=lang)
    _turn_part(d, lang)
    d.node(LOSS_NOTE, t("diagrams.wrgp.loss_note"), ("WRGP-F1",),
           [Row(t("diagrams.wrgp.see_handover"), "muted")], kind="note", width=30)
    d.edge(turn_node(T.PHASE_KEYS[-1]), LOSS_NOTE, t("diagrams.wrgp.a_duelist_loses"), ("WRGP-F1",), style="note",
           ltail=TURN)
    return d


# ------------------------------------------------------------------------------ the handover
def _runon_rows(phase: Phase, lang: str = "en") -> list[Row]:
    t = _words(lang)
    rows: list[Row] = []
    if phase.key in first_turn_skips():
        rows.append(Row(t("diagrams.wrgp.not_turn1"), "muted"))
    if phase.key == "draw":
        rows.append(Row(t("diagrams.wrgp.runon_draw"), "muted"))
    if "WRGP-SW3" in phase.rules:
        rows.append(Row(t("diagrams.wrgp.runon_standby", n=T.STANDBY_SPC), "muted"))
    if phase.key == "battle" and not T.HANDOVER_ALLOWED["attack"]:
        rows.append(Row(t("diagrams.wrgp.runon_no_attacks"), "forbidden", key="attack"))
    if "WRGP-SW5" in phase.rules and not T.HANDOVER_ALLOWED["speed_world"]:
        rows.append(Row(t("diagrams.wrgp.runon_no_sw"), "forbidden", key="speed_world"))
    if phase.key == T.PHASE_KEYS[-1]:
        rows.append(Row(t("diagrams.wrgp.runon_delayed"), "muted"))
    return rows


def _handover_part(d: Diagram, lang: str = "en") -> None:
    t = _words(lang)
    d.node(COND, t("diagrams.wrgp.cond"), ("WRGP-F1",), [
        t("diagrams.wrgp.cond_1"),
        t("diagrams.wrgp.cond_2"),
        t("diagrams.wrgp.cond_3"),
    ], width=30, group="spine")
    d.node(BOTH_CARD, t("diagrams.wrgp.d1"), ("WRGP-D1",), [
        t("diagrams.wrgp.d1_1"),
        Row(t("diagrams.wrgp.d1_2"), "muted"),
    ], kind="decision", width=26)
    d.node(BOTH_CHAIN, t("diagrams.wrgp.d2"), ("WRGP-D2",), [
        t("diagrams.wrgp.d2_1"),
        Row(t("diagrams.wrgp.d2_2"), "muted"),
    ], kind="decision", width=26)
    d.node(LOSS, t("diagrams.wrgp.loss"), ("WRGP-F1", "WRGP-H8"),
           [t("diagrams.wrgp.loss_1")], width=30, group="spine")
    d.node(SPC, t("diagrams.wrgp.spc"), ("WRGP-SW4",), [
        t("diagrams.wrgp.spc_1", spc=T.LOSS_SPC, bonus=T.LOSS_SPC_BONUS, max=T.SPC_MAX),
        Row(t("diagrams.wrgp.spc_2"), "muted"),
    ], width=30, group="spine")
    d.node(MATCH_END, t("diagrams.wrgp.end"), ("WRGP-F4",), [
        t("diagrams.wrgp.end_1"),
    ], kind="end", width=26)
    d.node(SECOND_LOSS, t("diagrams.wrgp.d3"), ("WRGP-D3",), [
        t("diagrams.wrgp.d3_1"),
        t("diagrams.wrgp.d3_2"),
    ], kind="decision", width=26)
    d.node(INTERRUPTED, t("diagrams.wrgp.h3"), ("WRGP-H3",), [
        t("diagrams.wrgp.h3_1"),
    ], width=26)

    d.edge(COND, BOTH_CARD, "", ("WRGP-D1",), style="branch")
    d.edge(COND, LOSS, t("diagrams.wrgp.e_one"))
    d.edge(COND, BOTH_CHAIN, "", ("WRGP-D2",), style="branch")
    d.edge(BOTH_CARD, LOSS, t("diagrams.wrgp.e_other"))
    d.edge(BOTH_CHAIN, LOSS, t("diagrams.wrgp.e_damaged_last"))
    d.edge(LOSS, SPC, t("diagrams.wrgp.e_at_once"), ("WRGP-SW4",))
    d.edge(SPC, MATCH_END, t("diagrams.wrgp.e_last_duelist"), ("WRGP-F4",), style="branch")
    d.same_rank(SPC, MATCH_END)

    # The run-on: every phase from the one of the loss to the End Phase, none skipped (WRGP-H1).
    d.cluster(RUNON, t("diagrams.wrgp.runon"), kind="runon", note=t("diagrams.wrgp.runon_note"))
    prev = None
    for phase in T.PHASES:
        node = runon_node(phase.key)
        rows = _runon_rows(phase, lang)
        rules = ("WRGP-H1", *sorted({m for r in rows for m in _RULE_ID.findall(r.text)} - {"WRGP-H1"}))
        d.node(node, t("diagrams.wrgp.runon_phase", phase=_phase_name(phase, lang)), rules, rows, kind="runon",
               cluster=RUNON, tooltip=phase.japanese, width=30, group="spine")
        if prev:
            d.edge(prev, node)
        prev = node
    # WRGP-H2: what both sides may and may not do during the run-on (HANDOVER_ALLOWED).
    for node, ok, title, tone in ((MAY, True, "diagrams.wrgp.may", "allowed"),
                                  (MAY_NOT, False, "diagrams.wrgp.may_not", "forbidden")):
        rows = [Row(_table_text(ACTION_CODES, k, T.ACTION_LABELS[k], lang), tone, key=k)
                for k, allowed in T.HANDOVER_ALLOWED.items() if allowed is ok]
        d.node(node, t(title), ("WRGP-H2",), rows, kind="table", cluster=RUNON, width=24)

    _skip_edges(d, runon_node, t("diagrams.wrgp.turn_1"), lang)
    first = runon_node(T.PHASE_KEYS[0])
    d.edge(MAY, first, style="invis")       # the two tables side by side, over the chain
    d.edge(MAY_NOT, first, style="invis")
    top = MAY    # edges into the run-on end at the cluster's top border (lhead)
    d.edge(SPC, SECOND_LOSS, "", ("WRGP-D3",), style="branch")
    d.edge(SPC, top, t("diagrams.wrgp.e_otherwise"), ("WRGP-H1",), lhead=RUNON)
    d.edge(SPC, INTERRUPTED, "", ("WRGP-H3",), style="branch")
    d.edge(SECOND_LOSS, top, "", ("WRGP-H1",), lhead=RUNON)
    d.edge(INTERRUPTED, top, "", ("WRGP-H1",), lhead=RUNON)
    last = runon_node(T.PHASE_KEYS[-1])
    d.edge(last, COND, t("diagrams.wrgp.e_another_loss"), ("WRGP-D3",), style="back", ltail=RUNON)

    # The swap of duelists when the turn ends (WRGP-H4..H7).
    start_lp = WrgpMatch().start_lp
    kept = _join((_table_text(ZONE_CODES, z, ZONE_LABELS[z], lang) for z in T.FIELD_ZONES), lang)
    left = _join((_table_text(ZONE_CODES, z, ZONE_LABELS[z], lang) for z in T.PRIVATE_ZONES), lang)
    to_holder = _join((_table_text(DESTINATION_CODES, z, DESTINATION_LABELS[z], lang)
                       for z in T.DESTINATIONS_TO_HOLDER), lang)
    to_owner = _join((_table_text(DESTINATION_CODES, z, DESTINATION_LABELS[z], lang)
                      for z in T.DESTINATIONS_TO_OWNER), lang)
    d.node(SWAP, t("diagrams.wrgp.swap"), ("WRGP-F1", "WRGP-F10", "WRGP-H4", "WRGP-H5", "WRGP-H6", "WRGP-H7"), [
        Row(t("diagrams.wrgp.swap_lp", lp=start_lp)),
        Row(t("diagrams.wrgp.swap_kept", zones=kept), "allowed", key="handed_over"),
        Row(t("diagrams.wrgp.swap_left", zones=left), "forbidden", key="not_handed_over"),
        Row(t("diagrams.wrgp.swap_holder", zones=to_holder), key="to_holder"),
        Row(t("diagrams.wrgp.swap_owner", zones=to_owner), key="to_owner"),
        Row(t("diagrams.wrgp.swap_effects"), key="effects"),
    ], kind="table", width=38, group="spine")
    d.node(NEXT, t("diagrams.wrgp.next"), ("WRGP-F2", "WRGP-F3"), [
        t("diagrams.wrgp.next_1"),
        t("diagrams.wrgp.next_2"),
        Row(t("diagrams.wrgp.next_3"), "muted"),
    ], width=30, group="spine")
    d.edge(last, SWAP, t("diagrams.wrgp.e_turn_ends"), ("WRGP-H1",))
    d.edge(SWAP, NEXT, "", ("WRGP-F2",))


def wrgp_handover(lang: str = "en") -> Diagram:
    """A handover, from a loss in any phase to the next turn or the end of the match (labels in ``lang``)."""
    t = _words(lang)
    d = Diagram(_name("wrgp-handover", lang), t("diagrams.wrgp.handover_title"), note=t("diagrams.wrgp.handover_note"),
                lang=lang)
    _handover_part(d, lang)
    return d


def wrgp_relay(compact: bool = False, lang: str = "en") -> Diagram:
    """The turn and the handover in one diagram: the map on which a scenario's path is drawn.
    ``compact``: titles and rule ids only (the details are in wrgp-turn and wrgp-handover)."""
    t = _words(lang)
    d = Diagram(_name("wrgp-relay", lang), t("diagrams.wrgp.relay_title"), note=t("diagrams.wrgp.relay_note"),
                compact=compact, lang=lang)
    _turn_part(d, lang)
    _handover_part(d, lang)
    d.edge(turn_node(T.PHASE_KEYS[-1]), COND, t("diagrams.wrgp.e_loses_any"), ("WRGP-F1",), ltail=TURN)
    d.edge(NEXT, DRAW_BEFORE, t("diagrams.wrgp.e_next_draw"), ("WRGP-F2",), style="back")
    return d
