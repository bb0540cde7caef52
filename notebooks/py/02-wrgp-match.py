# %% [markdown]
# # 02 · A WRGP match
#
# In a WRGP match two teams of three play a **relay**: the 1st duelists of each team start, and when
# a duelist loses, the next duelist of that team takes over. What makes it unusual is that the whole
# match — all six players — is **one single duel**. Cards stay on the field when a duelist changes,
# "once per Duel" means once per team for the whole match, and the Speed World field spell keeps
# counting for both teams from the first turn to the last.
#
# This notebook covers what every match has: the lineups, the first turn, the phases of a turn,
# the Speed Counters and how a match is won. What happens after a loss — the *handover* — is
# notebook 04; here a loss only shows that it starts one.

# %%
from rulings_lib import WrgpMatch
from rulings_lib.widgets import exercise, explain
from rulings_lib.wrgp import tables as T

# %% [markdown]
# ## Teams and lineups (WRGP-S1, S3, S4)
#
# A team is three duelists (**WRGP-S1**). Before the match each team fixes its **lineup order**
# — who plays 1st, 2nd and 3rd (番手, *bante*, **WRGP-S3**) — and the two 1st duelists start the duel,
# with Speed World already active (**WRGP-S4**). The notebooks name duelists by team and position:
# `A1` is team A's 1st duelist, `B3` team B's 3rd.
#
# Every duelist starts with 8000 LP — also a duelist who comes in later (the **Reading**
# `lp-floor-and-start` of **WRGP-F10**: the rulebook does not say it). The duelists come in **in the lineup order**: when
# A1 loses, A2 takes over; when A2 loses, A3. Here team A loses two duelists in a row:

# %%
explain("lineup-order")

# %% [markdown]
# ## One duel for six players (WRGP-F6)
#
# Because the match is one duel, a card that says "you can only use this once per Duel" — the
# rulebook names スポーア (Spore) — can be used **once per team for the whole match**. A teammate who
# comes in later cannot use it again; the other team still has its own use.

# %%
explain("once-per-duel-team")

# %% [markdown]
# ## The phases of a turn
#
# A WRGP turn has the six phases of an ordinary Yu-Gi-Oh! turn, with the rule ids that act in each:

# %%
for p in T.PHASES:
    print(f"{p.name:15} {p.japanese:10} {', '.join(p.rules):18} {p.note}")

# %% [markdown]
# The same, drawn. Solid arrows are the ordinary order of a turn; dashed arrows are the exceptions
# — the first turn's shortcut, the baton touch before the draw, and the Speed World effects that may
# be used from either Main Phase. A loss in any phase leads to the handover (notebook 04).

# %%
from rulings_lib.diagrams import wrgp_turn

wrgp_turn()

# %% [markdown]
# ## The first turn (WRGP-F5)
#
# Only the very first turn of the match — team A's 1st duelist, who goes first — has **no draw and
# no Battle Phase** (**WRGP-F5**). Every other turn has both, even a turn that a new duelist plays
# right after a handover (**WRGP-F3**: that turn is played "as the second player"). Here A1 tries to
# attack on turn 1, then loses on turn 1: A2 plays turn 2 and may attack.

# %%
explain("first-turn-limits")

# %% [markdown]
# ## Speed Counters grow every Standby Phase (WRGP-SW3)
#
# Speed World (WRGP) — スピード・ワールド — holds Speed Counters (SPC) for each team. In **every**
# Standby Phase, whoever's turn it is, **both** teams gain 2 SPC, up to a maximum of 12 per team
# (**WRGP-SW3**). Seven quiet turns:

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
# is at least the opponent's `b` (**WRGP-SW4**). So the team whose duelist loses while level with
# or further down the lineup than the opponent's gains 4; a team that loses while still ahead in the
# lineup (a < b) gains 2. Two **Readings** (the rulebook is silent): `a` and `b` are read at the moment of the
# loss (`loss-counters-at-the-moment`), and the cap of 12 holds for these counters too
# (`counter-cap-12`: the rulebook writes the cap only for the Standby Phase).

# %%
print("SPC gained by the loser's team")
print("             " + "  ".join(f"b = {b}" for b in (1, 2, 3)))
for a in (1, 2, 3):
    print(f"loser a = {a}   " + "  ".join(f"{T.loss_counters(a, b):5}" for b in (1, 2, 3)))

# %%
explain("loss-counters")

# %% [markdown]
# The counters are spent on Speed World's effects — that is notebook **03**.
#
# ## How a match is won (WRGP-F4, F7, F8, F9)
#
# The team that defeats every opposing duelist wins (**WRGP-F4**). The match ends the
# moment the last duelist of a team loses (the **Reading** `match-ends-at-last-loss`):

# %%
explain("last-duelist-wins")

# %% [markdown]
# Three more rules about winning and losing:
#
# * **Special victory (WRGP-F8).** "You win the Duel" effects — Exodia, for instance — do not win
#   the match. At the moment the condition is met, it becomes a trigger effect that cannot be
#   chained to: one opposing duelist's LP become 0 and that duelist loses. The match goes on with
#   their next duelist, and the condition does not keep winning.

# %%
explain("special-victory")

# %% [markdown]
# * **LP loops (WRGP-F7).** A combo that could gain LP over and over gains them once per player
#   (the **Reading** `lp-loop-once-per-player` of how often "once" is).

# %%
explain("lp-loop-once")

# %% [markdown]
# * **Losing on purpose (WRGP-F9).** A duelist may lose deliberately by card play — burning
#   themselves, a suicide attack — for instance to hand their field to a teammate.

# %%
explain("deliberate-loss")

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** From the start of the match, turns 1 and 2 pass quietly. On turn 3, in team A's Main Phase 1, A1 burns B1 for 8000. How many Speed Counters does team **B** have right after the loss?

# %%
exercise("wrgp-counters-by-turn-3").check(...)

# %%
exercise("wrgp-counters-by-turn-3").reveal()

# %% [markdown]
# **2.** Team A has 10 SPC. In team B's turn, B1 (`b = 1`) burns **A2** (`a = 2`) for 8000. How many SPC does team A have after the loss?

# %%
exercise("wrgp-loss-counters-cap").check(...)

# %%
exercise("wrgp-loss-counters-cap").reveal()

# %% [markdown]
# **3.** In team B's Main Phase 1, B (1200 LP) starts a combo that gains B 300 LP each time round and could loop 50 times (a made-up combo). How much LP does B have after it?

# %%
exercise("wrgp-lp-loop-own").check(...)

# %%
exercise("wrgp-lp-loop-own").reveal()
