# %% [markdown]
# # 05 · Draws and chains (引分け)
#
# In an ordinary duel, if both players reach 0 LP at the same time the duel is a **draw**. In a
# WRGP relay a draw would leave the match with no one to continue, so the rulebook turns every
# "both at 0" into **one** loss and a handover. Which duelist loses depends on how the two got
# there. There are three cases, each with an example from the source:
#
# | rule | how both reach 0 | who loses | source example |
# |---|---|---|---|
# | **WRGP-D1** | one card hits both at the same time | the side the card was used **against** | Destruction Ring |
# | **WRGP-D2** | a chain built by both players | the side damaged **last** in the chain | Sparks and Chain Strike |
# | **WRGP-D3** | a second loss while a handover is already running | the later loser's team plays next (and, the **Reading**, **both** are out) | Power Bond (notebook 06) |
#
# The rulebook's examples below are played from the cards' names only, as a judge would tell them:
# what each card does is what its text says (the card catalogue, in English and Japanese).
#
# This notebook uses the **handover** (notebook 04): the loser's teammate takes over their field
# after the turn runs on to its End Phase (the *run-on*).

# %%
from rulings_lib import readings
from rulings_lib.diagrams import scenario_path
from rulings_lib.widgets import exercise, explain

# %% [markdown]
# ## A draw caused by a card: Destruction Ring (WRGP-D1)
#
# Both duelists are at 1000 LP. A's 1st uses 破壊指輪 (Destruction Ring), which deals 1000 damage
# to **both** players at the same time. Both reach 0 — a draw under the standard rules.
#
# Under WRGP the **controller of the card is treated as the winner**. Only B's 1st loses; the
# handover happens on B's side; and the duel resumes with the turn of the team the card was used
# against (WRGP-F2), B's 2nd duelist.

# %%
explain("cards-destruction-ring-draw")

# %% [markdown]
# ### The survivor at 0 LP (a Reading: `draw-survivor-stays-at-0`)
#
# Look at A's 1st at the end: **still in the duel at 0 LP**. The rulebook does not say what
# happens to the "winner" of such a draw. The **Reading**: they stay in at 0 — that alone is not a
# new loss — but **the next damage or LP payment makes them lose**. This is an open question of
# the source, and it is marked wherever it applies:

# %%
r = next(r for r in readings("wrgp") if r.id == "draw-survivor-stays-at-0")
print(f"Reading {r.id} (of {r.rule}): {r.title}\n{r.text}")

# %% [markdown]
# Here the survivor takes damage from B's Speed World on the next turn and loses at once:

# %%
explain("draw-survivor-loses-on-damage")

# %% [markdown]
# ## Both at 0 after a chain: Sparks and Chain Strike (WRGP-D2)
#
# Both duelists are at 200 LP. A activates 火の粉 (Sparks, 200 damage to the opponent) as chain
# link 1; B responds with 連鎖爆撃 (Chain Strike, 400 damage for each chain link number — it is link
# 2, so 800) as link 2. A chain resolves **last to first**:
#
# 1. link 2, Chain Strike, resolves first: A goes to 0;
# 2. link 1, Sparks, resolves next: B goes to 0.
#
# ### What the standard rule would say
#
# Under the standard rules the duel ends **the moment** a player's LP reach 0, even in the middle of
# a chain. So A would lose as soon as link 2 resolves, and Sparks would never resolve.

# %% [markdown]
# ### What WRGP says
#
# In a relay, the whole chain resolves first, and the losses are settled once **the whole chain has
# resolved** (part of the **Reading** `zero-in-chain-stays-lost`, below). Both reached 0, and WRGP-D2
# decides: **the side that took damage last loses** — that is B, hit by Sparks. A's 1st stays in at 0
# (as in WRGP-D1), and B's 2nd plays the next turn.

# %%
sparks = explain("cards-sparks-chain-strike")
sparks

# %% [markdown]
# On the map: step 1 leaves Main Phase 1 through "both reached 0 in a chain" (WRGP-D2) to B1's loss
# and the run-on; step 2 finishes the turn, and the next turn belongs to team B.

# %%
scenario_path(sparks.result)

# %% [markdown]
# ### One card of the chain hits both (a Reading: `chain-last-damaged-loses`)
#
# What if a card that damages both, like Destruction Ring, is a link of such a chain? The rulebook gives
# the draw rule (WRGP-D1) for one card that hits both, and the chain rule (WRGP-D2) for a chain built by
# both players, but does not say which one decides then. The **Reading** (an interpretation) reads
# WRGP-D2 as its Japanese text says: the loser is 「チェーンの逆順処理にて最終的にダメージを受けた側」,
# *the side that finally took damage in the chain's reverse-order resolution*.
#
# So when Destruction Ring is **link 2**, it resolves first and brings both to 0 at once; link 1,
# Sparks, then hits B, already at 0. B took damage last, and B loses (WRGP-D2):

# %%
explain("cards-ring-link-2-then-sparks")

# %% [markdown]
# Only when the chain's **last damage hits both at once** — Destruction Ring as **link 1**, resolving
# last — does WRGP-D1 decide, for that card: its controller is treated as the winner. Here B's Chain
# Strike (link 2) takes A's 1st from 1000 to 200, then A's Destruction Ring brings both to 0 together:

# %%
explain("cards-ring-last-damage")

# %% [markdown]
# A chain whose links one player activated alone, or a card that resolves as a chain of one link, is
# no chain built by both players: that is WRGP-D1 for the card's controller (the **Readings**
# `one-player-chain-is-d1` and `one-card-both-is-d1`).
#
# ### 0 LP at a chain link stays a loss (a Reading: `zero-in-chain-stays-lost`)
#
# Losses wait until the end of the chain — but a duelist whose LP reached 0 at **any** link has met the
# loss condition, and WRGP-H8 says a loss cannot be undone (「敗北の取り消しは不可」). The **Reading**
# (an interpretation: the rulebook's chain example only has both ending the chain at 0): a link that
# resolves **later** and gives LP back does not save that duelist. Here A's 1st is at 800 and
# activates Dian Keto the Cure Master (gain 1000 LP) as link 1; B chains Chain Strike as link 2. Chain
# Strike brings A to 0, then Dian Keto gives A 1000 LP — and A's 1st has still lost:

# %%
explain("cards-dian-keto-after-zero")

# %% [markdown]
# A gain that resolves **before** the damage (a higher link) is different: then the LP never reach 0.
# If only one duelist reached 0 in the chain, that one loses; if both did, WRGP-D2 (or WRGP-D1, as
# above) picks the loser, and the other stays in at the LP the chain left them.

# %% [markdown]
# ## A second loss during a handover (WRGP-D3)
#
# The third case is different: not one event that hits both, but **two separate losses**. B's 1st
# has lost and the handover's run-on is under way when A's 1st *also* loses — by a trigger effect,
# a delayed effect, anything the run-on allows. WRGP-D3 says that the new loss counts and the duel
# resumes with the team of the duelist who lost **last**. That **both** are out is the
# **Reading** `second-loss-both-out` (by WRGP-H8 neither loss can be undone). Here B's trigger
# effect deals A's 1st 1000 damage (a made-up card):

# %%
explain("second-loss-during-handover")

# %% [markdown]
# The source's own example of this case — Power Bond — gets a notebook of its own: **06**.
#
# ## The Readings of this notebook
#
# The interpretations played for draws and chains, where the rulebook is silent:

# %%
for r in readings("wrgp"):
    if r.rule.startswith("WRGP-D"):
        print(f"Reading {r.id} (of {r.rule}): {r.title}\n    {r.text}")

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** The chain the other way round: in team A's Main Phase 1, **B** (800 LP) activates Sparks (火の粉) on A as chain link 1, and **A** (200 LP) chains Chain Strike (連鎖爆撃) as link 2. Who loses? (a duelist, such as `"B1"`)

# %%
exercise("wrgp-sparks-first-loser").check(...)

# %%
exercise("wrgp-sparks-first-loser").reveal()

# %% [markdown]
# **2.** In team **B's** turn, B1 activates Destruction Ring (破壊指輪) when both duelists have 500 LP, and both take 1000. Who stays in the duel at 0 LP? (a duelist, such as `"A1"`)

# %%
exercise("wrgp-ring-survivor").check(...)

# %%
exercise("wrgp-ring-survivor").reveal()

# %% [markdown]
# **3.** A (800 LP) starts a chain with a Quick-Play Spell that gains 1000 LP (a made-up card); B (200 LP) chains Chain Strike (link 2); A chains Sparks (link 3). Who is out after the chain? (`"A1"`, `"A1, B1"` or `"nobody"`)

# %%
exercise("wrgp-chain-gain").check(...)

# %%
exercise("wrgp-chain-gain").reveal()
