# %% [markdown]
# # 06 · Power Bond, step by step (WRGP-D3)
#
# The rulebook's third example is the hardest one, because two duelists lose **one after the other
# in the same turn** and the second loss happens while the first handover is still running.
#
# **The situation.** Turn 3, team A's turn. Both 1st duelists are at 4000 LP, both teams have
# 4 Speed Counters. A's 1st has fusion-summoned Cyber End Dragon (サイバー・エンド・ドラゴン) with
# Power Bond (パワー・ボンド): its ATK is doubled to 8000, and in the End Phase Power Bond will deal
# A's 1st damage equal to the monster's original ATK, 4000. Cyber End Dragon attacks directly.
#
# **The ruling (WRGP-D3).** B's 1st goes to 0 and loses; the handover begins. In the End Phase of
# the run-on, Power Bond's damage brings A's 1st to 0 too. That second loss counts, and since A's
# 1st lost **last**, the duel resumes with **team A**'s turn. The **Reading**
# `second-loss-both-out`: **both** are out (WRGP-H8: neither loss can be undone), so both teams
# send in their 2nd duelist — and A's 2nd inherits Cyber End Dragon, still on the field.
#
# The example is played from the cards' names only, as a judge would tell it (A activates Power Bond
# to summon Cyber End Dragon, then Cyber End Dragon attacks): the ATK, the doubled 8000 and the End
# Phase's 4000 are what the cards' texts say. Let us play it one step at a time.

# %%
from rulings_lib.diagrams import scenario_path
from rulings_lib.widgets import ScenarioStepper, exercise, explain, explain_steps

pb = explain("cards-power-bond-handover")
explain_steps(pb.result, 1)

# %% [markdown]
# ## Step 1 — Power Bond: Cyber End Dragon on the field, its damage waiting
#
# Cyber End Dragon is on A's 1st's field (in the Extra Monster Zone). Power Bond's End Phase damage
# is an effect that has already been applied and waits for the End Phase; like every lasting
# effect it still applies during a handover (**WRGP-H7**).
#
# ## Steps 2 and 3 — the attack, and B's 1st loses
#
# Cyber End Dragon attacks directly for 8000. B's 1st drops to 0 (LP never go below 0, the
# **Reading** `lp-floor-and-start`) and loses (**WRGP-F1**). Three things happen at once:
#
# * team B gains Speed Counters for the loss: 2, and 2 more because a = 1 ≥ b = 1 (**WRGP-SW4**);
# * the loss came during battle, so the battle is interrupted and the Battle Phase ends (**WRGP-H3**);
# * the handover begins: the turn runs on to the End Phase (**WRGP-H1**). B's 1st keeps the seat, at
#   0 LP, until the turn ends.

# %%
explain_steps(pb.result, 2, 3)

# %% [markdown]
# Here is where the match is now, on the map of a WRGP turn and handover. The orange path is what
# the scenario went through (numbered by step); the purple box is "where we are":

# %%
scenario_path(pb.result, upto=3)

# %% [markdown]
# ## Steps 4 and 5 — the run-on to the End Phase
#
# The game advances to Main Phase 2 — but it is the run-on's Main Phase 2. Team A tries to activate a
# Spell Speed 1 Spell Card: **refused by WRGP-H2**, which forbids Spell Speed 1 Spell Cards, monster
# ignition effects and summons or Sets without a card effect while a handover is running (monster
# trigger effects, Spell Speed 2 or higher and summons by a card effect stay allowed).

# %%
explain_steps(pb.result, 4, 5)

# %% [markdown]
# ## Step 6 — the End Phase: the second loss, and Cyber End Dragon handed over
#
# The turn ends. In the End Phase Power Bond deals its 4000 damage to A's 1st, who goes to 0 and
# loses — **during** B's handover. This is **WRGP-D3**:
#
# * the new loss counts; team A gains its Speed Counters too (4, since a = 1 ≥ b = 1);
# * both duelists are out (the **Reading** `second-loss-both-out`, from **WRGP-H8**);
# * at the end of the turn both handovers complete: B's 2nd and A's 2nd come in, each with 8000 LP
#   and each inheriting their teammate's field (**WRGP-H4**). B1's field is empty; **A2 inherits
#   Cyber End Dragon**, with its 8000 ATK from Power Bond;
# * A's 1st lost **last**, so the duel resumes with team **A**'s turn (**WRGP-F2**), played as the
#   second player (**WRGP-F3**): A2 starts turn 4 with a draw, a Battle Phase, and an 8000-ATK
#   Cyber End Dragon facing B2's empty field.

# %%
explain_steps(pb.result, 6)

# %% [markdown]
# The whole path, from the setup to A's 2nd duelist's Draw Phase on turn 4:

# %%
scenario_path(pb.result)

# %% [markdown]
# ## The whole scenario
#
# The steps that decide, and (a click away) the full transcript:

# %%
pb

# %% [markdown]
# ## Step through it yourself
#
# The stepper starts at the rulebook's example; the other scenarios are in the list.

# %% tags=["nbval-ignore-output"]
ScenarioStepper(start="power-bond-cyber-end-dragon")

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** The same turn, but A1 starts with **5000** LP instead of 4000: Cyber End Dragon by Power Bond, the 8000 attack, Power Bond's 4000 damage in the End Phase. Who plays turn 4? (a duelist, such as `"A2"`)

# %%
exercise("wrgp-power-bond-survives").check(...)

# %%
exercise("wrgp-power-bond-survives").reveal()

# %% [markdown]
# **2.** The same turn as in the notebook (both lose), but team A's duelist is its **2nd**, A2, against B1; each team starts with 4 SPC. How many SPC does each team have when the turn ends? (such as `"A 0, B 0"`)

# %%
exercise("wrgp-power-bond-counters-a2").check(...)

# %%
exercise("wrgp-power-bond-counters-a2").reveal()

# %% [markdown]
# **3.** Now A1's attack deals only 3000, so B1 survives, and only A1 loses, to Power Bond's damage in the End Phase. Which team plays turn 4?

# %%
exercise("wrgp-power-bond-only-a").check(...)

# %%
exercise("wrgp-power-bond-only-a").reveal()
