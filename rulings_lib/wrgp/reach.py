"""Which moments of a WRGP match can legal play reach? The envelope of setups, derived from the rules.

A setup (``setup.at``, or the :class:`~rulings_lib.wrgp.engine.WrgpMatch` constructor's moment) describes
the start of a phase that some legal play reaches. What limits it:

- **Turn order** (WRGP-F2, STD-TURN): a turn ends with no loss -> the other team plays next; with a loss
  of one team's duelist -> that team plays next (its next duelist); with losses on both sides (WRGP-D3)
  -> the team that lost last, either one. Each team loses at most one duelist a turn (a new duelist
  comes in only when the turn ends, and a loss cannot happen twice, WRGP-H8).
- **Positions**: a team's position moves on by a loss (at a turn's end) or by a baton touch (WRGP-H9:
  in the team's own Draw Phase, not on turn 1, no counters).
- **Speed Counters**: 2 a team in every Standby Phase (WRGP-SW3), at most 4 for a loss (WRGP-SW4),
  never more than 12 (WRGP-SW3, reading ``counter-cap-12``); they go down only by Speed World (4, 7
  or 10, WRGP-SW5), Counter Cleaner (to 0, WRGP-SW8) or Gate Blocker (none added). Every gain is
  even, so an odd count needs 7 removed first: at least ``n + 7`` counters gained in all.

:func:`envelope` plays the turn order over the abstract history (turn, turn player, losses of each
team, whether each team has had a turn of its own after turn 1) as a small dynamic programme on bit
sets, so a setup is checked in time that does not grow with the turn number once the history repeats.
"""

from __future__ import annotations

from . import tables as T


def _other(team: str) -> str:
    return "B" if team == "A" else "A"


def loss_histories(first: str, turn: int, player: str, past_draw: bool, need: dict[str, int]) -> set[tuple[int, int]]:
    """The loss counts ``(lost_A, lost_B)`` a history up to the start of turn ``turn`` (played by ``player``)
    can have, such that the teams' positions ``1 + need[team]`` are reached: the positions not reached by
    losses are reached by baton touches, which need a turn of the team's own after turn 1 (the current one
    counts when ``past_draw``). Empty when the moment cannot be reached."""
    da, db = need["A"], need["B"]
    width = db + 1
    size = (da + 1) * width
    full = (1 << size) - 1
    not_col0 = 0
    for a in range(da + 1):
        not_col0 |= ((1 << width) - 1 - 1) << (a * width)   # every lB >= 1 bit of row a

    def shift_a(g: int) -> int:      # one more loss of team A
        return (g << width) & full

    def shift_b(g: int) -> int:      # one more loss of team B (a bit leaving its row is dropped)
        return (g << 1) & not_col0

    def step(states: dict[tuple[str, bool, bool], int], mark_own: bool) -> dict[tuple[str, bool, bool], int]:
        nxt: dict[tuple[str, bool, bool], int] = {}

        def put(p: str, own_a: bool, own_b: bool, g: int) -> None:
            if not g:
                return
            if mark_own:
                own_a, own_b = own_a or p == "A", own_b or p == "B"
            key = (p, own_a, own_b)
            nxt[key] = nxt.get(key, 0) | g
        for (p, own_a, own_b), g in states.items():
            put(_other(p), own_a, own_b, g)                  # no loss: the other team plays next
            put("A", own_a, own_b, shift_a(g))               # A lost: A's next duelist plays (WRGP-F2)
            put("B", own_a, own_b, shift_b(g))               # B lost: B's next duelist plays
            both = shift_a(shift_b(g))                       # both lost (WRGP-D3): the last loser's team
            put("A", own_a, own_b, both)
            put("B", own_a, own_b, both)
        return nxt

    states: dict[tuple[str, bool, bool], int] = {(first, False, False): 1}
    history = [states]
    i = 1                                                   # states are those at the start of turn i
    while i < turn - 1:                                     # turns 2 .. turn-1 are earlier turns of one's own
        states = step(states, mark_own=True)
        i += 1
        history.append(states)
        if len(history) >= 3 and history[-1] == history[-3]:
            if (turn - 1 - i) % 2:                          # the history repeats every two turns from here
                states = history[-2]
            break
    if turn > 1:
        states = step(states, mark_own=False)               # into the current turn
    out = set()
    for (p, own_a, own_b), g in states.items():
        if p != player:
            continue
        own = {"A": own_a or (player == "A" and past_draw and turn > 1),
               "B": own_b or (player == "B" and past_draw and turn > 1)}
        for la in range(da + 1):
            row = (g >> (la * width)) & ((1 << width) - 1)
            for lb in range(db + 1):
                if row >> lb & 1 and (la == da or own["A"]) and (lb == db or own["B"]):
                    out.add((la, lb))
    return out


def standby_phases(turn: int, phase_i: int) -> int:
    """Standby Phases played by the start of ``phase_i`` of ``turn`` (every turn has one, WRGP-H1 included)."""
    return turn - 1 + (1 if phase_i >= T.PHASE_INDEX["standby"] else 0)


def most_gained(standbys: int, losses: int) -> int:
    """The most counters a team can have gained in all: 2 a Standby Phase (WRGP-SW3), at most 4 a loss (WRGP-SW4)."""
    return T.STANDBY_SPC * standbys + (T.LOSS_SPC + T.LOSS_SPC_BONUS) * losses


def counters_reachable(spc: int, gained: int) -> bool:
    """Can a team hold ``spc`` counters after gaining at most ``gained`` in all? Gains are even and capped at
    12 (reading counter-cap-12); an odd count needs 7 removed (WRGP-SW5) from at least 8, then gains again."""
    if spc % 2 == 0:
        return spc <= min(T.SPC_MAX, gained)
    return spc <= T.SPC_MAX and spc + 7 <= gained
