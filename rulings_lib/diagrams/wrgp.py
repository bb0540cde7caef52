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

from ..wrgp import tables as T
from ..wrgp.engine import WrgpMatch
from .diagram import Diagram, Row

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

ZONE_LABELS = {
    "monster": "Monster Zones", "extra_monster": "Extra Monster Zones", "spell_trap": "Spell & Trap Zones",
    "field": "Field Zone", "pendulum": "Pendulum Zones",
    "hand": "hand", "gy": "GY", "banished": "banished cards", "deck": "Main Deck", "extra": "Extra Deck",
}
DESTINATION_LABELS = {
    "gy": "the GY", "extra_face_up": "face-up to the Extra Deck", "banished": "banished",
    "hand": "the hand", "deck": "the Main Deck", "extra": "face-down to the Extra Deck",
}


def turn_node(key: str) -> str:
    """The id of a phase's node in the turn diagram (the Draw Phase's is *before* the draw)."""
    return DRAW_BEFORE if key == "draw" else f"t_{key}"


def runon_node(key: str) -> str:
    """The id of a phase's node in the handover's run-on."""
    return f"run_{key}"


def first_turn_skips() -> tuple[str, ...]:
    """The phases the match's first turn has not (WRGP-F5): the table the engine plays by."""
    return tuple(k for k in T.PHASE_KEYS if k in T.FIRST_TURN_SKIPS)


def _join(words) -> str:
    words = list(words)
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _skip_edges(d: Diagram, node_of, label: str) -> None:
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
                names = _join(T.PHASE_NAMES[k] for k in keys[i:j])
                d.edge(node_of(keys[i - 1]), node_of(keys[j]), f"{label}: no {names}", ("WRGP-F5",),
                       style="branch")
            i = j
        else:
            i += 1


# ------------------------------------------------------------------------------ the turn
def _turn_part(d: Diagram) -> None:
    d.cluster(TURN, "One turn: the phases in order (STD-TURN)")
    skipped = set(first_turn_skips())
    prev = None
    for phase in T.PHASES:
        rows = [phase.note]
        if phase.key in skipped:
            rows.append(Row("not on the match's first turn (WRGP-F5)", "muted"))
        if phase.key == "draw":
            d.cluster(DRAW, phase.name, parent=TURN)
            d.node(DRAW_BEFORE, f"{phase.name}: before the draw", phase.rules, rows, cluster=DRAW,
                   tooltip=phase.japanese)
            d.node(DRAW_AFTER, f"{phase.name}: after the draw", ("WRGP-F3",),
                   ["the turn player has drawn (or, on turn 1, has not)"], cluster=DRAW, tooltip=phase.japanese)
            d.edge(DRAW_BEFORE, DRAW_AFTER, "draw 1 card", ("WRGP-F3",))
            d.edge(DRAW_BEFORE, DRAW_AFTER, "match's first turn: no draw", ("WRGP-F5",), style="branch")
            prev = DRAW_AFTER
            continue
        node = turn_node(phase.key)
        d.node(node, phase.name, phase.rules, rows, cluster=TURN, tooltip=phase.japanese)
        if prev:
            d.edge(prev, node)
        prev = node
    _skip_edges(d, lambda k: DRAW_AFTER if k == "draw" else turn_node(k), "turn 1")
    last = turn_node(T.PHASE_KEYS[-1])
    d.edge(last, DRAW_BEFORE, "the next turn: the other team", ("STD-TURN",), style="back")

    # Baton touch (WRGP-H9): in one's own Draw Phase, before the draw.
    d.node(BATON, "Baton touch: a voluntary swap", ("WRGP-H9",), [
        "the next duelist comes in, takes over the field (WRGP-H4..H7) and goes on from the draw",
        Row("a swap, not a loss: no Speed Counters (WRGP-SW4)", "muted"),
        Row("not for the player who goes first, on the match's first turn", "muted"),
    ], kind="note", width=34)
    d.edge(DRAW_BEFORE, BATON, "own Draw Phase, before the draw", style="note")

    # Speed World: where its effects may be used (phases whose rules include WRGP-SW5).
    effects = [Row(f"{cost} SPC: {eff.text}", key=str(cost)) for cost, eff in sorted(T.SPEED_WORLD_EFFECTS.items())]
    d.node(SPEED_WORLD, T.SPEED_WORLD, ("WRGP-SW5", "WRGP-SW7"), [
        "remove Speed Counters from your own team:", *effects,
        Row("X = max(0, a \u2212 b); a, b = the lineup positions in the duel", "muted"),
        Row("own Main Phase, Spell Speed 1; never during a handover's run-on (WRGP-H2)", "muted"),
    ], kind="note", width=40)
    for phase in T.PHASES:
        if "WRGP-SW5" in phase.rules:
            d.edge(turn_node(phase.key), SPEED_WORLD, "may use", ("WRGP-SW5",), style="note")


def wrgp_turn() -> Diagram:
    """One WRGP turn, phase by phase, from ``wrgp.tables.PHASES``."""
    d = Diagram("wrgp-turn", "WRGP: one turn",
                note="Phases, rule ids and notes from rulings_lib.wrgp.tables.PHASES; "
                     "the first-turn exception as the engine plays it.")
    _turn_part(d)
    d.node(LOSS_NOTE, "A loss in any phase starts the handover", ("WRGP-F1",),
           [Row("see the diagram wrgp-handover", "muted")], kind="note", width=30)
    d.edge(turn_node(T.PHASE_KEYS[-1]), LOSS_NOTE, "a duelist loses", ("WRGP-F1",), style="note", ltail=TURN)
    return d


# ------------------------------------------------------------------------------ the handover
def _runon_rows(phase) -> list[Row]:
    rows: list[Row] = []
    if phase.key in first_turn_skips():
        rows.append(Row("not on the match's first turn (WRGP-F5)", "muted"))
    if phase.key == "draw":
        rows.append(Row("the turn player still makes the normal draw (WRGP-H2)", "muted"))
    if "WRGP-SW3" in phase.rules:
        rows.append(Row(f"both teams still gain {T.STANDBY_SPC} SPC (WRGP-SW3)", "muted"))
    if phase.key == "battle" and not T.HANDOVER_ALLOWED["attack"]:
        rows.append(Row("no attacks (WRGP-H2)", "forbidden", key="attack"))
    if "WRGP-SW5" in phase.rules and not T.HANDOVER_ALLOWED["speed_world"]:
        rows.append(Row("no Speed World effects (WRGP-H2)", "forbidden", key="speed_world"))
    if phase.key == T.PHASE_KEYS[-1]:
        rows.append(Row("delayed effects still apply (WRGP-H7)", "muted"))
    return rows


def _handover_part(d: Diagram) -> None:
    d.node(COND, "A loss condition is met", ("WRGP-F1",), [
        "LP reach 0 (WRGP-F10)",
        "a special victory makes one opposing duelist lose (WRGP-F8)",
        "a deliberate loss by card play (WRGP-F9)",
    ], width=30, group="spine")
    d.node(BOTH_CARD, "Both at 0 at once, by one card", ("WRGP-D1",), [
        "the card's controller is treated as the winner; the other duelist loses",
        Row("the survivor stays in at 0 LP (reading draw-survivor-stays-at-0)", "muted"),
    ], kind="decision", width=26)
    d.node(BOTH_CHAIN, "Both at 0 after a chain", ("WRGP-D2",), [
        "losses are checked after the whole chain; the side damaged last loses",
        Row("the other stays in at 0 LP (reading draw-survivor-stays-at-0)", "muted"),
    ], kind="decision", width=26)
    d.node(LOSS, "The duelist loses", ("WRGP-F1", "WRGP-H8"),
           ["a loss cannot be undone, not even by gaining LP afterwards"], width=30, group="spine")
    d.node(SPC, "Speed Counters for the loss", ("WRGP-SW4",), [
        f"the losing team gains {T.LOSS_SPC} SPC, {T.LOSS_SPC_BONUS} more if a \u2265 b (max {T.SPC_MAX})",
        Row("a, b = the lineup positions in the duel at the moment of the loss", "muted"),
    ], width=30, group="spine")
    d.node(MATCH_END, "Match over: the other team wins", ("WRGP-F4",), [
        "the team's last duelist lost: no run-on, no handover (reading match-ends-at-last-loss)",
    ], kind="end", width=26)
    d.node(SECOND_LOSS, "A second loss during the handover", ("WRGP-D3",), [
        "both duelists are out; both teams send in their next duelist",
        "the next turn is the team of the duelist who lost last",
    ], kind="decision", width=26)
    d.node(INTERRUPTED, "The battle is interrupted", ("WRGP-H3",), [
        "a loss from the attack declaration to the end of damage calculation ends the Battle Phase",
    ], width=26)

    d.edge(COND, BOTH_CARD, "", ("WRGP-D1",), style="branch")
    d.edge(COND, LOSS, "one duelist")
    d.edge(COND, BOTH_CHAIN, "", ("WRGP-D2",), style="branch")
    d.edge(BOTH_CARD, LOSS, "the other")
    d.edge(BOTH_CHAIN, LOSS, "damaged last")
    d.edge(LOSS, SPC, "at once", ("WRGP-SW4",))
    d.edge(SPC, MATCH_END, "last duelist", ("WRGP-F4",), style="branch")
    d.same_rank(SPC, MATCH_END)

    # The run-on: every phase from the one of the loss to the End Phase, none skipped (WRGP-H1).
    d.cluster(RUNON, "Run-on to the End Phase (WRGP-H1)", kind="runon",
              note="the phase of the loss is finished; no phase is skipped")
    prev = None
    for phase in T.PHASES:
        node = runon_node(phase.key)
        rows = _runon_rows(phase)
        rules = ("WRGP-H1", *sorted({m for r in rows for m in _RULE_ID.findall(r.text)} - {"WRGP-H1"}))
        d.node(node, f"{phase.name} (run-on)", rules, rows, kind="runon", cluster=RUNON,
               tooltip=phase.japanese, width=30, group="spine")
        if prev:
            d.edge(prev, node)
        prev = node
    # WRGP-H2: what both sides may and may not do during the run-on (HANDOVER_ALLOWED).
    for node, ok, title, tone in ((MAY, True, "may", "allowed"), (MAY_NOT, False, "may not", "forbidden")):
        rows = [Row(T.ACTION_LABELS[k], tone, key=k) for k, allowed in T.HANDOVER_ALLOWED.items() if allowed is ok]
        d.node(node, f"During the run-on, both sides {title}", ("WRGP-H2",), rows, kind="table", cluster=RUNON,
               width=24)

    _skip_edges(d, runon_node, "turn 1")
    first = runon_node(T.PHASE_KEYS[0])
    d.edge(MAY, first, style="invis")       # the two tables side by side, over the chain
    d.edge(MAY_NOT, first, style="invis")
    top = MAY    # edges into the run-on end at the cluster's top border (lhead)
    d.edge(SPC, SECOND_LOSS, "", ("WRGP-D3",), style="branch")
    d.edge(SPC, top, "otherwise", ("WRGP-H1",), lhead=RUNON)
    d.edge(SPC, INTERRUPTED, "", ("WRGP-H3",), style="branch")
    d.edge(SECOND_LOSS, top, "", ("WRGP-H1",), lhead=RUNON)
    d.edge(INTERRUPTED, top, "", ("WRGP-H1",), lhead=RUNON)
    last = runon_node(T.PHASE_KEYS[-1])
    d.edge(last, COND, "another loss", ("WRGP-D3",), style="back", ltail=RUNON)

    # The swap of duelists when the turn ends (WRGP-H4..H7).
    start_lp = WrgpMatch().start_lp
    kept = _join(ZONE_LABELS[z] for z in T.FIELD_ZONES)
    left = _join(ZONE_LABELS[z] for z in T.PRIVATE_ZONES)
    to_holder = _join(DESTINATION_LABELS[z] for z in T.DESTINATIONS_TO_HOLDER)
    to_owner = _join(DESTINATION_LABELS[z] for z in T.DESTINATIONS_TO_OWNER)
    d.node(SWAP, "The turn ends: the next duelist comes in", ("WRGP-F1", "WRGP-F10", "WRGP-H4", "WRGP-H5",
                                                               "WRGP-H6", "WRGP-H7"), [
        Row(f"with the starting LP ({start_lp} unless set) (WRGP-F10)"),
        Row(f"handed over: the cards in the {kept} (WRGP-H4)", "allowed", key="handed_over"),
        Row(f"not handed over: {left} (WRGP-H4)", "forbidden", key="not_handed_over"),
        Row(f"a handed-over card sent to {to_holder} goes to the new duelist's (WRGP-H5)", key="to_holder"),
        Row(f"a handed-over card sent to {to_owner} goes to its original owner's (WRGP-H6)", key="to_owner"),
        Row("effects already applied carry over (WRGP-H7)", key="effects"),
    ], kind="table", width=38, group="spine")
    d.node(NEXT, "Next turn: the team that handed over", ("WRGP-F2", "WRGP-F3"), [
        "its next duelist's turn, even when the loss came in that team's own turn",
        "played as the second player: with a draw and a Battle Phase (WRGP-F3)",
        Row("after a second loss (WRGP-D3): the team of the duelist who lost last", "muted"),
    ], width=30, group="spine")
    d.edge(last, SWAP, "the turn ends", ("WRGP-H1",))
    d.edge(SWAP, NEXT, "", ("WRGP-F2",))


def wrgp_handover() -> Diagram:
    """A handover, from a loss in any phase to the next turn or the end of the match."""
    d = Diagram("wrgp-handover", "WRGP: a handover",
                note="What may be done during the run-on is rulings_lib.wrgp.tables.HANDOVER_ALLOWED; "
                     "zones from FIELD_ZONES / PRIVATE_ZONES; Speed Counters from LOSS_SPC.")
    _handover_part(d)
    return d


def wrgp_relay(compact: bool = False) -> Diagram:
    """The turn and the handover in one diagram: the map on which a scenario's path is drawn.
    ``compact``: titles and rule ids only (the details are in wrgp-turn and wrgp-handover)."""
    d = Diagram("wrgp-relay", "WRGP: the turn and the handover",
                note="A loss in any phase leads to the handover; the duel resumes with the team that "
                     "handed over.", compact=compact)
    _turn_part(d)
    _handover_part(d)
    d.edge(turn_node(T.PHASE_KEYS[-1]), COND, "a duelist loses, in any phase", ("WRGP-F1",), ltail=TURN)
    d.edge(NEXT, DRAW_BEFORE, "its next duelist's Draw Phase", ("WRGP-F2",), style="back")
    return d
