# %% [markdown]
# # 07 · Team decks (WRGP-S2)
#
# A WRGP team brings three decks — one for each duelist — and the Forbidden/Limited list applies to
# the three of them **as a team** (**WRGP-S2**):
#
# | the list says | the whole team may hold |
# |---|---|
# | unlimited | 3 copies |
# | semi-limited | 2 copies |
# | limited | 1 copy |
# | forbidden | none |
#
# So if your 1st duelist plays a limited card, your 2nd and 3rd may not. The rulebook leaves some
# details open; the **Reading** `team-count-by-name` fills them in:
#
# * copies are counted across the **main, extra and side** decks of all three decks;
# * they are counted **by card name**: an alternate artwork (another passcode, same name) is the
#   same card;
# * each deck must still be a legal deck on its own: main deck 40–60 cards, extra 0–15, side 0–15.
#
# (How to check your own team's deck files — `.ydk` decks, an `lflist.conf` banlist, a card
# database — is in the README, under "Checking a team's decks".)

# %%
from rulings_lib import reading
from rulings_lib.widgets import exercise, explain

r = reading("team-count-by-name")
print(f"Reading {r.id} (of {r.rule}): {r.title}")

# %% [markdown]
# ## Two sample teams
#
# Here are two sample teams, checked against a sample list with **made-up statuses** (it is
# *not* an official list). Team A's three decks hold exactly three Dark Magicians and three Blue-Eyes
# White Dragons between them — some in alternate artworks — and pass. Team B's break the rule four
# ways:
#
# * **Raigeki** (サンダー・ボルト) is limited in the sample list: one copy for the whole team. Deck 1
#   plays it in the main deck and deck 3 has another in the side deck — side decks count too.
# * **Dark Magician** (ブラック・マジシャン): four copies, one more than any card may have; one of
#   them is an alternate artwork, which counts as the same card.
# * **Pot of Greed** (強欲な壺) is forbidden in the sample list: not even one copy.
# * **Deck 3** has 39 cards in its main deck; each deck must be legal on its own (40–60).

# %%
explain("team-deck-check")

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** Mystical Space Typhoon (サイクロン) is **semi-limited** in the sample list. Decks 1 and 2 each hold one copy, deck 3 none. Is the team legal? (yes or no)

# %%
exercise("wrgp-semi-limited-split").check(...)

# %%
exercise("wrgp-semi-limited-split").reveal()

# %% [markdown]
# **2.** Deck 1 holds one Dark Magician, deck 2 one Dark Magician **in an alternate artwork**, deck 3 one Dark Magician. Is the team legal? (yes or no)

# %%
exercise("wrgp-three-spread").check(...)

# %%
exercise("wrgp-three-spread").reveal()

# %% [markdown]
# **3.** Deck 1 holds a limited Monster Reborn in its main deck; deck 3 holds one only in its **side** deck. Is the team over the limit? (yes or no)

# %%
exercise("wrgp-side-deck-counts").check(...)

# %%
exercise("wrgp-side-deck-counts").reveal()
