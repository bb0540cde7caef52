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
# | **WRGP-D3** | a second loss while a handover is already running | **both**; the later loser's team plays next | Power Bond (notebook 06) |

# %%
from rulings_lib import WrgpMatch, readings
from rulings_lib.diagrams import scenario_path
from rulings_lib.widgets import check, play

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
ring = play("destruction-ring-draw")
print(ring.transcript())

# %% [markdown]
# ### The survivor at 0 LP (reading `draw-survivor-stays-at-0`)
#
# Look at A's 1st in the final state: **still in the duel at 0 LP**. The rulebook does not say what
# happens to the "winner" of such a draw. The kit's reading: they stay in at 0 — that alone is not a
# new loss — but **the next damage or LP payment makes them lose**. This is an open question of
# the source, and the kit says so wherever it applies:

# %%
r = next(r for r in readings("wrgp") if r.id == "draw-survivor-stays-at-0")
print(f"{r.id} [{r.rule}] {r.title}\n{r.text}")

# %% [markdown]
# Here the survivor takes damage from B's Speed World on the next turn and loses at once:

# %%
print(play("draw-survivor-loses-on-damage").transcript())


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
# a chain. So A would lose right after link 2 and Sparks would never resolve. To see the
# difference, here is that standard rule as a few lines of Python (an illustration for this
# notebook, not part of the kit):

# %%
def standard_rule(lp, links):
    """Resolve links last to first; the duel ends as soon as anybody is at 0 (standard rule)."""
    lp = dict(lp)
    for number, (by, card, target, amount) in reversed(list(enumerate(links, 1))):
        lp[target] = max(0, lp[target] - amount)
        if lp[target] == 0:
            return f"{target} loses the duel as soon as link {number} ({card}) resolves; the chain stops there"
    return "nobody is at 0"


links = [("A", "Sparks", "B", 200), ("B", "Chain Strike", "A", 400 * 2)]
print("standard rule:", standard_rule({"A": 200, "B": 200}, links))

# %% [markdown]
# ### What WRGP says
#
# In a relay, the whole chain resolves first. The kit checks LP that reached 0 inside a chain only
# once **the whole chain has resolved** (reading `chain-loss-checked-after-chain`). Then both are at
# 0, and WRGP-D2 decides: **the side that took damage last loses** — that is B, hit by Sparks. A's 1st
# stays in at 0 (as in WRGP-D1), and B's 2nd plays the next turn.

# %%
sparks = play("sparks-chain-strike")
print(sparks.transcript())

# %% [markdown]
# On the map: step 1 leaves Main Phase 1 through "both at 0 after a chain" (WRGP-D2) to B1's loss
# and the run-on; step 2 finishes the turn, and the next turn belongs to team B.

# %%
scenario_path(sparks)

# %% [markdown]
# Because losses wait until the end of the chain, a link that **gains** LP can still save a
# duelist who went to 0 earlier in the same chain. Under the standard rule A would have lost
# mid-chain; here A ends the chain at 500 LP:

# %%
print(play("chain-gain-saves").transcript())

# %% [markdown]
# ## A second loss during a handover (WRGP-D3)
#
# The third case is different: not one event that hits both, but **two separate losses**. B's 1st
# has lost and the handover's run-on is under way when A's 1st *also* loses — by a trigger effect,
# a delayed effect, anything the run-on allows. By WRGP-H8 neither loss can be undone, so **both**
# are out (the kit's reading `second-loss-both-out`), and the duel resumes with the team of the
# duelist who lost **last**.

# %%
print(play("second-loss-during-handover").transcript())

# %% [markdown]
# The source's own example of this case — Power Bond — gets a notebook of its own: **06**.
#
# ## The named readings of this notebook
#
# The three readings the kit plays by for draws and chains (`rulings readings` lists them all):

# %%
for r in readings("wrgp"):
    if r.rule.startswith("WRGP-D"):
        print(f"{r.rule}  {r.id}: {r.title}\n         {r.text}")

# %% [markdown]
# ## Try it
#
# **1.** In the Sparks / Chain Strike chain, which duelist loses under WRGP?

# %%
answer_1 = ...

# %%
check(answer_1, sparks.outcome["out"][0], "WRGP-D2: B took damage last")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = "B1"
check(solution_1, sparks.outcome["out"][0], "WRGP-D2: B took damage last")

# %% [markdown]
# **2.** Now it is **B's** turn; both duelists are at 500 LP and B's 1st uses Destruction Ring
# (1000 damage to both). Which duelist stays in the duel at 0 LP?

# %%
answer_2 = ...

# %%
m = WrgpMatch(turn=4, player="B", phase="main1", lp={"A": 500, "B": 500})
m.damage("B", to="both", amount=1000, card="Destruction Ring")
check(answer_2, m.state()["at_zero"][0], "WRGP-D1: the card's controller is treated as the winner")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = "B1"
check(solution_2, m.state()["at_zero"][0], "WRGP-D1: the card's controller is treated as the winner")

# %% [markdown]
# **3.** Both at 1000. A chains: link 1 is A's Ookazi (800 to B), link 2 is B's Chain Strike (400 x 2
# = 800 to A), link 3 is A's Quick-Play Spell that gains A 1000. Who is out after the chain? Write a list, e.g. `["B1"]`,
# or `[]` for nobody.

# %%
answer_3 = ...

# %%
m = WrgpMatch(turn=3, phase="main1", lp={"A": 1000, "B": 1000})
m.chain([
    {"by": "A", "card": "Ookazi", "damage": {"to": "opponent", "amount": 800}},
    {"by": "B", "card": "Chain Strike"},
    {"by": "A", "card": "a Quick-Play Spell that gains LP", "gain": {"to": "self", "amount": 1000}},
])
check(answer_3, m.out, f"nobody reaches 0 (A {m.lp['A']}, B {m.lp['B']})")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = []
check(solution_3, m.out, f"nobody reaches 0 (A {m.lp['A']}, B {m.lp['B']})")
