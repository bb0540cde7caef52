# %% [markdown]
# # 02 · A WRGP match
#
# In a WRGP match two teams of three play a **relay**: the 1st duelists of each team start, and when
# a duelist loses, the next duelist of that team takes over. What makes it unusual is that the whole
# match — all six players — is **one single duel**. Cards stay on the field when a duelist changes,
# "once per Duel" means once per team for the whole match, and the Speed World field spell keeps
# counting for both teams from the first turn to the last.
#
# This notebook covers the parts every match has: the lineups, the first turn, the phases of a
# turn, and the Speed Counters. The next notebooks take the special moments one at a time.

# %%
from rulings_lib import IllegalAction, WrgpMatch
from rulings_lib.widgets import check, play
from rulings_lib.wrgp import tables as T

# %% [markdown]
# ## Teams and lineups (WRGP-S1, S3, S4)
#
# A team is three duelists (**WRGP-S1**). Before the match each team fixes its **lineup order**
# — who plays 1st, 2nd and 3rd (番手, *bante*, **WRGP-S3**) — and the two 1st duelists start the duel,
# with Speed World already active (**WRGP-S4**). The kit names duelists by team and position:
# `A1` is team A's 1st duelist, `B3` team B's 3rd.
#
# Every duelist starts with the starting LP, 8000 — also a duelist who comes in later (the kit's
# reading of **WRGP-F10**). The lineup size and the starting LP are settings of `WrgpMatch`
# (the kit's reading `lineup-size-setting`).

# %%
m = WrgpMatch()
print("in the duel:", m.duelist("A"), "and", m.duelist("B"))
print("LP:", m.lp, "| Speed Counters:", m.spc)
print("team A plays the first turn:", m.player == "A")

small = WrgpMatch(lineup=2, start_lp=4000)
print("a two-duelist variant:", small.lineup, "duelists a team,", small.lp["A"], "LP each")

# %% [markdown]
# The duelists come in **in the lineup order**: when A1 loses, A2 takes over; when A2 loses, A3.
# Here team A loses two duelists in a row:

# %%
print(play("lineup-order").transcript())

# %% [markdown]
# ## One duel for six players (WRGP-F6)
#
# Because the match is one duel, a card that says "you can only use this once per Duel" — the
# source names スポーア (Spore) — can be used **once per team for the whole match**. A teammate who
# comes in later cannot use it again; the other team still has its own use.

# %%
result = play("once-per-duel-team")
print(result.transcript())

# %% [markdown]
# ## The phases of a turn
#
# A WRGP turn has the six phases of an ordinary Yu-Gi-Oh! turn. The kit keeps them as a table (the
# same table the engine, the diagrams and these notebooks read), with the Japanese names and the
# rule ids that act in each phase:

# %%
for p in T.PHASES:
    print(f"{p.name:15} {p.japanese:10} {', '.join(p.rules):18} {p.note}")

# %% [markdown]
# The same table, drawn. Solid arrows are the ordinary order of a turn; dashed arrows are the
# exceptions and side roads — the first turn's shortcut, the baton touch before the draw, and the
# Speed World effects that may be used from either Main Phase. A loss in any phase leads to the
# handover (notebook 04).

# %%
from rulings_lib.diagrams import wrgp_turn

wrgp_turn()

# %% [markdown]
# ## The first turn (WRGP-F5)
#
# Only the very first turn of the match — team A's 1st duelist, who goes first — has **no draw and
# no Battle Phase** (**WRGP-F5**). Every other turn has both, even a turn that a new duelist plays
# right after a handover (**WRGP-F3**: that turn is played "as the second player").

# %%
first = WrgpMatch()
print("may team A go to the Battle Phase on turn 1?", first.is_legal("phase", "battle"))
try:
    first.phase("battle")
except IllegalAction as exc:
    print(f"[{exc.rule}] {exc.reason}")

# %% [markdown]
# The scenario below tries it, then has A1 lose on turn 1: A2 plays turn 2 and may attack.

# %%
print(play("first-turn-limits").transcript())

# %% [markdown]
# ## Speed Counters grow every Standby Phase (WRGP-SW3)
#
# Speed World (WRGP) — スピード・ワールド — holds Speed Counters (SPC) for each team. In **every**
# Standby Phase, whoever's turn it is, **both** teams gain 2 SPC, up to a maximum of 12 per team
# (**WRGP-SW3**). Let us play seven quiet turns and watch:

# %%
m = WrgpMatch()
for _ in range(7):
    m.phase("standby")
    print(f"turn {m.turn} ({m.duelist(m.player)}'s turn): after the Standby Phase, "
          f"team A has {m.spc['A']:2} SPC, team B has {m.spc['B']:2} SPC")
    m.end_turn()

# %% [markdown]
# From turn 6 on both teams sit at the maximum: the seventh Standby Phase adds nothing.
#
# ## A loss adds counters too (WRGP-SW4)
#
# When a duelist loses, **their** team gains 2 SPC, and 2 more if the loser's lineup position `a`
# was at least the opponent's `b` (**WRGP-SW4**). So a team that falls behind in the lineup gets
# fewer extra counters. The kit reads `a` and `b` at the moment of the loss (reading
# `loss-counters-at-the-moment`).

# %%
print("SPC gained by the loser's team")
print("             " + "  ".join(f"b = {b}" for b in (1, 2, 3)))
for a in (1, 2, 3):
    print(f"loser a = {a}   " + "  ".join(f"{T.loss_counters(a, b):5}" for b in (1, 2, 3)))

# %%
print(play("loss-counters").transcript())

# %% [markdown]
# The counters are spent on Speed World's effects — that is notebook **03**.
#
# ## How a match is won (WRGP-F4)
#
# The team that defeats every opposing duelist wins. The kit ends the match the moment the last
# duelist of a team loses — no run-on to the End Phase, no handover (reading `match-ends-at-last-loss`):

# %%
print(play("last-duelist-wins").transcript())

# %% [markdown]
# ## Try it
#
# **1.** No duelist has lost yet, and the match has reached team B's Main Phase 1 on turn 4. How many
# Speed Counters does team A have?

# %%
answer_1 = ...

# %%
m = WrgpMatch()
for _ in range(3):
    m.end_turn()
m.phase("main1")
check(answer_1, m.spc["A"], f"four Standby Phases so far, 2 SPC each (turn {m.turn}, {m.duelist(m.player)})")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = 8
check(solution_1, m.spc["A"], f"four Standby Phases so far, 2 SPC each (turn {m.turn}, {m.duelist(m.player)})")

# %% [markdown]
# **2.** Team B's 2nd duelist (`a = 2`) loses while team A's 1st (`b = 1`) is in the duel. How many
# SPC does team B gain?

# %%
answer_2 = ...

# %%
m = WrgpMatch(turn=5, player="A", phase="main1", duelist={"A": 1, "B": 2})
m.damage("A", to="opponent", amount=8000)
check(answer_2, m.spc["B"], "a >= b, so 2 + 2")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = 4
check(solution_2, m.spc["B"], "a >= b, so 2 + 2")

# %% [markdown]
# **3.** On the match's first turn, may team A's 1st duelist declare an attack? (`True` or `False`)

# %%
answer_3 = ...

# %%
check(answer_3, WrgpMatch().is_legal("phase", "battle"), "WRGP-F5: the first turn has no Battle Phase")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = False
check(solution_3, WrgpMatch().is_legal("phase", "battle"), "WRGP-F5: the first turn has no Battle Phase")
