# %% [markdown]
# # 03 · Speed World (WRGP)
#
# Every WRGP match is played with one extra card that no deck holds: **Speed World (WRGP)**
# (スピード・ワールド). It is a Field Spell that is active from the first turn, collects **Speed
# Counters** (SPC) for both teams — 2 per Standby Phase, more when a duelist loses (notebook 02) —
# and lets a team spend them on three effects.
#
# Its special twist is the formula behind those effects: they grow when **your** duelist is further
# down the lineup than the opponent's. A team that has lost duelists hits back harder.

# %%
from rulings_lib import WrgpMatch
from rulings_lib.diagrams import scenario_path
from rulings_lib.widgets import SpeedWorldCalculator, exercise, explain, explain_speed_world
from rulings_lib.wrgp import tables as T

# %% [markdown]
# ## a, b and X
#
# The rulebook writes the formula with two lineup positions (番手). So that they cannot be mixed up
# with the team names A and B, they are written in lower case:
#
# * **a** — the lineup position of *your* team's duelist now in the duel (1, 2 or 3),
# * **b** — the lineup position of the *opponent's* duelist now in the duel,
# * **X = max(0, a − b)** — how far your team is behind in the relay; never negative.
#
# ## The three effects (WRGP-SW5)
#
# Your team removes counters from Speed World to apply one effect:
#
# | remove | effect | size |
# |---|---|---|
# | 4 SPC | damage to the opponent | 1600 × (1 + X) — but **exactly 800** if a < b |
# | 7 SPC | draw cards | 1 + X |
# | 10 SPC | destroy cards on the field | up to 1 + X |
#
# The engine keeps this as a table; here it is for every pair of positions in a 3-duelist lineup:

# %%
print("a  b  X   4 SPC: damage   7 SPC: draw   10 SPC: destroy up to")
for a in (1, 2, 3):
    for b in (1, 2, 3):
        print(f"{a}  {b}  {T.speed_world_x(a, b)}   {T.speed_world_size(4, a, b):13}   "
              f"{T.speed_world_size(7, a, b):11}   {T.speed_world_size(10, a, b):10}")

# %% [markdown]
# Look at the rows: when the positions are level (a = b) every effect is at its base size; when you
# are *ahead* in the lineup (a < b) the damage effect drops to 800; when you are *behind*, X grows
# and so does everything.
#
# Here is a scenario that checks the formula. B's 3rd duelist (a = 3) faces A's 1st
# (b = 1), so X = 2; later A's 1st, who is ahead, deals exactly 800:

# %%
explain("speed-world-effects")

# %% [markdown]
# ## When you may use it (a Reading: `speed-world-is-ignition-spell`)
#
# The rulebook says *what* the effects do but not *when* they may be used. This is the
# **Reading**, not a rule of the rulebook: a Speed World effect is an ignition-type Spell effect, **in your own Main Phase**, with an open game
# state, as often as your counters allow — and so **never during a handover's run-on** (notebook 04).

# %%
timing = explain("speed-world-timing")
timing

# %% [markdown]
# The scenario's path on the map of a turn: the accepted effect (step 3) branches off Main Phase 1 to
# Speed World; the refused ones are listed in the caption with their rule; the match ends up in the
# Battle Phase (purple).

# %%
scenario_path(timing.result)

# %% [markdown]
# ## The calculator
#
# Move the sliders: your position, the opponent's position, your team's counters. The table shows
# each effect, its size, and whether the engine would accept it right now in your Main Phase.

# %% tags=["nbval-ignore-output"]
SpeedWorldCalculator(a=3, b=1, spc=7)

# %% [markdown]
# The calculator asks the same engine as everything else. The cell below prints its answer for the
# starting position of the sliders (a = 3, b = 1, 7 SPC) — this printed ruling is the one the test
# suite checks:

# %%
print(explain_speed_world(3, 1, 7))

# %% [markdown]
# ## Where is Speed World? (WRGP-SW1, SW2, SW6)
#
# Speed World is not in anybody's Field Zone. It sits in **a separate place of its own**, shared
# by both teams, each team with its own counters on it (**WRGP-SW6**). That single fact decides a
# lot of card interactions:
#
# * It never leaves the field and card effects do not affect it (**WRGP-SW1**): it cannot be
#   destroyed, not even by its own 10-counter effect.
# * Another Field Spell does not replace it (**WRGP-SW2**): each duelist can still play their own
#   Field Spell in their own Field Zone.
# * A card that targets or counts **only your field** or **only the opponent's field** cannot reach
#   it; a card that targets or counts **"the field"** (both sides) can.
# * It does not fill a Field Zone, so "if there is a Field Spell in your Field Zone" is not met by
#   it — and a card that needs "you control no cards" can still be used.

# %%
explain("speed-world-placement")

# %%
explain("speed-world-indestructible")

# %%
explain("field-spell-beside-speed-world")

# %% [markdown]
# ## Whose effect is it? (WRGP-SW7)
#
# Speed World belongs to nobody, but its effect does: it counts as **the effect of a Spell Card
# used by the duelist who removed the counters**. So a monster destroyed by it was "destroyed by an
# opponent's Spell Card effect", and cards that care about that work as usual.

# %%
explain("speed-world-is-a-spell")

# %% [markdown]
# ## Counter Cleaner and Gate Blocker (WRGP-SW8)
#
# Two cards deal with counters directly. **Counter Cleaner** (カウンタークリーナー) removes every
# counter on the field, so both teams' counters on Speed World go. **Gate Blocker** (ゲート・ブロッカー) stops the opposing team
# from placing counters while it is face-up — but its other clause, negating Field Spell effects,
# does **not** reach Speed World. The **Reading** `gate-blocker-stops-loss-counters`: no
# counters at all, neither in the Standby Phase nor for a loss.

# %%
explain("counter-cleaner-gate-blocker")

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** Your 1st duelist (a = 1) faces the opponent's **3rd** (b = 3). Your team has 8 SPC and uses the 4-counter effect twice in the same Main Phase. How much damage does the opponent take in all?

# %%
exercise("wrgp-speed-world-twice").check(...)

# %%
exercise("wrgp-speed-world-twice").reveal()

# %% [markdown]
# **2.** On turn 3, A1 burns B1 for 8000 in team A's Main Phase 1. On turn 4, in its Main Phase 1, team B removes 4 SPC. How much damage does team A's duelist take?

# %%
exercise("wrgp-speed-world-after-loss").check(...)

# %%
exercise("wrgp-speed-world-after-loss").reveal()

# %% [markdown]
# **3.** Team **B** controls a face-up Gate Blocker (ゲート・ブロッカー), and both teams have 0 SPC. In team A's Main Phase 1, A1 burns B1 for 8000. How many SPC does team **B** gain for B1's loss?

# %%
exercise("wrgp-own-gate-blocker").check(...)

# %%
exercise("wrgp-own-gate-blocker").reveal()
