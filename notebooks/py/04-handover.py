# %% [markdown]
# # 04 · The handover (引き継ぎ)
#
# In an ordinary duel, a player at 0 LP has lost and the duel is over. In WRGP the duel goes on: the
# duelist who lost leaves, and the next duelist of that team **takes over their field** —
# monsters, Spells and Traps, the Field Spell, even lasting effects. This is the *handover*
# (引き継ぎ, *hikitsugi*), the heart of the format.
#
# A handover has three parts, and this notebook takes them in order:
#
# 1. **the run-on** — the turn in which the loss happened goes on to its End Phase, with limits;
# 2. **the change** — at the end of that turn the next duelist comes in and inherits the field;
# 3. **the restart** — the duel resumes with a turn of the team that handed over.
#
# At the end: the **baton touch**, a handover without a loss.

# %%
from rulings_lib.widgets import MatchTracker, ScenarioStepper, exercise, explain, explain_steps
from rulings_lib.wrgp import tables as T

# %% [markdown]
# Here is the whole procedure as one picture; the rest of this notebook walks through it box by box.

# %%
from rulings_lib.diagrams import wrgp_handover

wrgp_handover()

# %% [markdown]
# ## 1. The run-on (WRGP-F1, H1)
#
# The moment a duelist's loss is certain, the handover begins (**WRGP-F1**). The turn is **not**
# cut short, and **no phase is skipped**: the current phase is finished and the game advances phase
# by phase to the End Phase (**WRGP-H1**). A loss in the Battle Phase goes on through Main Phase 2.
# Until the turn ends, the duelist who lost still holds their seat — at 0 LP.

# %%
explain("run-on-to-end-phase")

# %% [markdown]
# ### What may and may not be done during the run-on (WRGP-H2)
#
# During the run-on nobody may do what could only be done in one's own Main Phase. The rulebook
# lists both sides. Both teams **may**: resolve the effects that must be resolved; activate
# **monster trigger effects** (although they are Spell Speed 1); activate cards and effects of
# **Spell Speed 2 or higher**; summon, Special Summon or Set monsters and cards **by a card effect**.
# Nobody **may**: activate **monster ignition effects**; activate **Spell Speed 1 Spell Cards**;
# summon, Special Summon or Set **without a card effect** (a Normal Summon, a Set from the hand, a
# Synchro, Xyz, Link or Pendulum Summon by the usual procedure). The engine reads this table:

# %%
for kind, allowed in T.HANDOVER_ALLOWED.items():
    print(f"{'may    ' if allowed else 'may NOT'}  {T.ACTION_LABELS[kind]}")

# %% [markdown]
# (The last two rows are the **Readings**, not the rulebook's words: attacks are not among what the
# rulebook allows (`no-attack-in-run-on`), and a Speed World effect is treated as an ignition-type
# Spell effect of Spell Speed 1 (`speed-world-is-ignition-spell`).)
#
# Even Main Phase 2 of the run-on is not a real Main Phase. Here is the whole table played out:

# %%
explain("run-on-what-is-allowed")

# %% [markdown]
# ### A loss during battle interrupts the battle (WRGP-H3)
#
# If the loss happens during a battle — from the attack declaration to the end of damage
# calculation — the battle stops there and the Battle Phase ends. A second monster cannot attack the
# incoming duelist:

# %%
explain("battle-interrupted")

# %% [markdown]
# ## 2. The change: what the next duelist inherits (WRGP-H4)
#
# When the turn ends, the next duelist sits down and takes over **the field** of the one who lost:
#
# | handed over | stays with the duelist who lost |
# |---|---|
# | Main Monster Zones and Extra Monster Zones | the hand |
# | Spell & Trap Zones (Pendulum Zones included) | the Graveyard |
# | the Field Zone | banished cards |
#
# The incoming duelist plays with **their own** hand and deck, never the hand of the duelist who
# lost. Cards on the field go over exactly as they are: face-down cards stay face-down, an Xyz
# Monster keeps its materials, counters stay on their cards, an Equip Card stays equipped.

# %%
explain("field-is-inherited")

# %% [markdown]
# ### Where handed-over cards go later (WRGP-H5, H6)
#
# A handed-over card now plays for the new duelist, and where it goes next depends on the place:
#
# * to the **Graveyard**, **banished**, or **face-up to the Extra Deck** (a Pendulum monster): the
#   **new** duelist's (**WRGP-H5**; for banished cards this is the **Reading**
#   `banished-handed-over-cards-follow-gy`);
# * to the **hand**, the **Main Deck**, or **face-down to the Extra Deck**: its **original owner's** —
#   the duelist who brought it (**WRGP-H6**; that it is the duelist from whose deck the card came, also
#   after several handovers, is the **Reading** `owner-is-who-brought-it`). A card can be
#   returned there to pay a cost, too.

# %%
explain("inherited-to-new-gy")

# %%
explain("inherited-back-to-owner")

# %% [markdown]
# ### Effects already applied carry over (WRGP-H7)
#
# Restrictions and lasting effects that were already applied keep applying to the incoming
# duelist: if your teammate activated a card that says "for the rest of this Duel you cannot…"
# (the rulebook names 発禁令 and 雪花の光), it binds you too. The same goes for a delayed effect
# that will apply in the End Phase.

# %%
explain("effects-carry-over")

# %% [markdown]
# ### A loss cannot be undone (WRGP-H8)
#
# Once the loss is certain and the handover has begun, gaining LP does not bring the duelist back.
# The LP are added (they are gained) but the loss stands (the **Reading**
# `gain-after-loss-does-not-save`):

# %%
explain("loss-cannot-be-undone")

# %% [markdown]
# ## 3. The restart: who plays next (WRGP-F2, F3)
#
# After the change, the duel resumes with **a turn of the team that handed over** — its new
# duelist's turn (**WRGP-F2**). That holds even if the loss happened in that team's own turn: the
# team plays two turns in a row. The new duelist plays "as the second player": with a draw and a
# Battle Phase (**WRGP-F3**).

# %%
explain("resume-own-turn")

# %% [markdown]
# The engine does the same for a loss in the other team's turn. Step through an example with
# the **scenario stepper** — pick any scenario from the list, move the slider or use the buttons:

# %% tags=["nbval-ignore-output"]
ScenarioStepper(start="battle-interrupted")

# %% [markdown]
# The stepper only shows what the engine recorded. Step 1 of that scenario and the match after it:
# B's 1st is crossed out with the handover pending (dashed), B's 2nd comes in when the turn ends,
# and the phase track shows the run-on from the interrupted Battle Phase.

# %%
explain_steps("battle-interrupted", 1)

# %% [markdown]
# ## Baton touch (バトンタッチ, WRGP-H9)
#
# A team may also **swap its duelist without losing**: a baton touch. It is allowed only
#
# * in the team's **own Draw Phase, before the draw**, and
# * not on the match's very first turn by the player who goes first.
#
# It is a swap, not a loss, so **no Speed Counters** are gained (WRGP-SW4 does not apply). The
# duelist who leaves does not come back: it is the rulebook's surrender (サレンダー) turned into a
# swap. The **Reading** `baton-touch-inherits-field` plays the rest like a handover: the
# incoming duelist inherits the field and carries on with the same turn from the draw.

# %%
explain("baton-touch")

# %%
explain("baton-touch-first-turn")

# %% [markdown]
# ## Keeping a real match: the tracker
#
# At a real table, the **match tracker** keeps LP, counters, positions and the phase for you. Every
# button goes through the same engine, so it applies standby counters, losses, handovers and baton
# touches by the rules — and refuses what the rules refuse, naming the rule. **Save** writes the
# match to a JSON file (its setup and every action, replayed on **load**); a damaged file is
# reported and the match on screen stays as it was.

# %% tags=["nbval-ignore-output"]
MatchTracker()

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** In team **B's own** Battle Phase on turn 6, B2 (1000 LP) attacks a stronger monster and takes 1000 battle damage. Who plays turn 7? (a duelist, such as `"A2"`)

# %%
exercise("wrgp-own-battle-loss-next").check(...)

# %%
exercise("wrgp-own-battle-loss-next").reveal()

# %% [markdown]
# **2.** A1 and A2 have lost; A3 is in the duel. At the start of team A's Draw Phase, may A3 make a baton touch? (yes or no)

# %%
exercise("wrgp-baton-touch-last").check(...)

# %%
exercise("wrgp-baton-touch-last").reveal()

# %% [markdown]
# **3.** B1 has just lost in A's Main Phase 1, and the turn runs on. In Main Phase 2, may A1 activate Monster Reborn (死者蘇生) to Special Summon a monster? (yes or no)

# %%
exercise("wrgp-monster-reborn-run-on").check(...)

# %%
exercise("wrgp-monster-reborn-run-on").reveal()
