# %% [markdown]
# # 06 · Power Bond, step by step (WRGP-D3)
#
# The source's third example is the hardest one, because two duelists lose **one after the other
# in the same turn** and the second loss happens while the first handover is still running.
#
# **The situation.** Turn 3, team A's turn. Both 1st duelists are at 4000 LP, both teams have
# 4 Speed Counters. A's 1st fusion-summons Cyber End Dragon with パワー・ボンド (Power Bond): its ATK
# is doubled to 8000, and in the End Phase Power Bond will deal A's 1st damage equal to the
# monster's original ATK, 4000. Cyber End Dragon attacks directly.
#
# **The ruling (WRGP-D3).** B's 1st goes to 0 and loses; the handover begins. In the End Phase of
# the run-on, Power Bond's damage brings A's 1st to 0 too. That second loss counts: **both** are out
# (WRGP-H8: neither loss can be undone), both teams send in their 2nd duelist, and since A's 1st lost
# **last**, the duel resumes with **team A**'s turn.
#
# Let us play it one step at a time.

# %%
from IPython.display import display

from rulings_lib import WrgpMatch
from rulings_lib.diagrams import scenario_path
from rulings_lib.draw import picture
from rulings_lib.widgets import ScenarioStepper, check, play

pb = play("power-bond-handover")


def show_step(n):
    """What step n did (the engine's events, with rule ids) and the state after it, drawn."""
    print(f"step {n}: {pb.scenario.steps[n - 1].label()}")
    after = pb.snapshots[n]
    for event in after.events:
        if event.step == n:
            print(f"    [{event.rule}] {event.text}")
    for r in after.rejected:
        if r["step"] == n:
            print(f"    REJECTED [{r['rule']}] {r['reason']}")
    display(picture(after))


picture(pb.snapshots[0])

# %% [markdown]
# ## Step 1 — Power Bond's delayed damage is set up
#
# Power Bond's End Phase damage is an effect that has already been applied and waits for the End
# Phase. The kit records it as a delayed effect; like every lasting effect it will still apply during
# a handover (**WRGP-H7**).

# %%
show_step(1)

# %% [markdown]
# ## Steps 2 and 3 — the attack, and B's 1st loses
#
# Cyber End Dragon attacks directly for 8000. B's 1st drops to 0 (LP never go below 0, **WRGP-F10**)
# and loses (**WRGP-F1**). Three things happen at once:
#
# * team B gains Speed Counters for the loss: 2, and 2 more because a = 1 ≥ b = 1 (**WRGP-SW4**);
# * the loss came during battle, so the battle is interrupted and the Battle Phase ends (**WRGP-H3**);
# * the handover begins: the turn runs on to the End Phase (**WRGP-H1**). B's 1st keeps the seat, at
#   0 LP, until the turn ends.

# %%
show_step(2)
show_step(3)

# %% [markdown]
# Here is where the match is now, drawn on the map of a WRGP turn and handover. The orange path is
# what the scenario went through (numbered by step); the purple box is "where we are":

# %%
scenario_path(pb, upto=3)

# %% [markdown]
# ## Steps 4 and 5 — the run-on to the End Phase
#
# The game advances to Main Phase 2 — but it is the run-on's Main Phase 2. Team A tries to activate a
# Spell Speed 1 card: **rejected by WRGP-H2**, nothing that needs one's own Main Phase is allowed
# while a handover is running.

# %%
show_step(4)
show_step(5)

# %% [markdown]
# ## Step 6 — the End Phase: the second loss
#
# The turn ends. In the End Phase Power Bond deals its 4000 damage to A's 1st, who goes to 0 and
# loses — **during** B's handover. This is **WRGP-D3**:
#
# * the new loss counts; team A gains its Speed Counters too (4, since a = 1 ≥ b = 1);
# * both duelists are out (**WRGP-H8**, reading `second-loss-both-out`);
# * at the end of the turn both handovers complete: B's 2nd and A's 2nd come in, each with 8000 LP
#   and each inheriting their teammate's field;
# * A's 1st lost **last**, so the duel resumes with team **A**'s turn (**WRGP-F2**), played as the
#   second player (**WRGP-F3**).

# %%
show_step(6)

# %% [markdown]
# The whole path, from the setup to A's 2nd duelist's Draw Phase on turn 4:

# %%
scenario_path(pb)

# %% [markdown]
# ## The whole transcript
#
# This is what `rulings run rulings_lib/scenarios/wrgp/power-bond-handover.yaml` prints, expectations
# included:

# %%
print(pb.transcript())

# %% [markdown]
# ## Step through it yourself
#
# The stepper starts at this scenario; the other scenarios are in the list.

# %% tags=["nbval-ignore-output"]
ScenarioStepper(start="power-bond-handover")

# %% [markdown]
# ## What if A's 1st had survived?
#
# Give A's 1st 5000 LP instead of 4000: Power Bond's 4000 damage leaves them at 1000. Then only B's
# 1st is out and the duel resumes with **team B**'s turn, as in any ordinary handover:

# %%
m = WrgpMatch(turn=3, player="A", phase="main1", lp={"A": 5000, "B": 4000}, spc={"A": 4, "B": 4})
m.at_end_phase("A", "Power Bond", to="self", amount=4000)
m.phase("battle")
m.attack("A", damage=8000)
m.end_turn()
print("out:", m.out)
print("next turn:", m.turn, "played by", m.duelist(m.player), "| LP", m.lp, "| SPC", m.spc)

# %% [markdown]
# ## Try it
#
# **1.** In the source's example, which duelist plays turn 4?

# %%
answer_1 = ...

# %%
final = pb.match
check(answer_1, final.duelist(final.player), "WRGP-D3: A's 1st lost last, so team A plays next")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = "A2"
check(solution_1, final.duelist(final.player), "WRGP-D3: A's 1st lost last, so team A plays next")

# %% [markdown]
# **2.** How many Speed Counters does each team have at the start of turn 4? Write a dict like
# `{"A": 0, "B": 0}`.

# %%
answer_2 = ...

# %%
check(answer_2, pb.outcome["spc"], "4 to start with, plus 4 for each team's loss (WRGP-SW4)")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = {"A": 8, "B": 8}
check(solution_2, pb.outcome["spc"], "4 to start with, plus 4 for each team's loss (WRGP-SW4)")

# %% [markdown]
# **3.** Same example, but the attack deals only 3000 (B's 1st survives at 1000) and Power Bond still
# brings A's 1st to 0 in the End Phase. Which **team** plays the next turn?

# %%
answer_3 = ...

# %%
m = WrgpMatch(turn=3, player="A", phase="main1", lp={"A": 4000, "B": 4000}, spc={"A": 4, "B": 4})
m.at_end_phase("A", "Power Bond", to="self", amount=4000)
m.phase("battle")
m.attack("A", damage=3000)
m.end_turn()
check(answer_3, m.player, f"only A's 1st lost (out: {m.out}), in A's own turn: WRGP-F2")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = "A"
check(solution_3, m.player, f"only A's 1st lost (out: {m.out}), in A's own turn: WRGP-F2")
