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
# So if your 1st duelist plays a limited card, your 2nd and 3rd may not. The kit's reading
# `team-count-by-name` fills in the details the rulebook leaves open:
#
# * copies are counted across the **main, extra and side** decks of all three decks;
# * they are counted **by card name**: an alternate artwork (another passcode, same name) is the
#   same card;
# * each deck must still be a legal deck on its own: main deck 40–60 cards, extra 0–15, side 0–15.
#
# The kit reads the files players already have: YGOPro/EDOPro `.ydk` decks (or `ydke://` links), an
# `lflist.conf` banlist, and optionally a `cards.cdb` card database for names and alternate
# artworks.

# %%
import json
from contextlib import chdir

from rulings_lib.decks import Deck, check_team, load_cards, samples
from rulings_lib.widgets import check, play

# %% [markdown]
# ## The sample files
#
# The kit ships a small sample: a banlist with **made-up statuses** (it is *not* an official list), a
# card database of a few real cards (names and alternate artworks only), and two teams of three
# decks. We work inside the sample folder so that the reports show short file names:

# %%
print(samples.contents())

# %% [markdown]
# ## A legal team
#
# `check_team` takes the three decks in lineup order, the banlist (the first list in the file unless
# you name one) and, if you have it, the card database. It returns a report:

# %%
with chdir(samples.DIR):
    legal = check_team(["team-legal/1-dark-magician.ydk", "team-legal/2-blue-eyes.ydk", "team-legal/3-cyber.ydk"],
                       "lflist.conf", cards="cards.cdb")
print(legal)

# %% [markdown]
# This team has exactly three Dark Magicians and three Blue-Eyes White Dragons — some of them in
# alternate artworks — spread over the three decks. Three copies of one name is the most a team may
# have, so it passes.
#
# ## An illegal team, and how to read the report
#
# The second sample team breaks the rule four ways. In a notebook the report also draws itself as a
# table:

# %%
with chdir(samples.DIR):
    illegal = check_team(["team-illegal/1-dark-magician.ydk", "team-illegal/2-blue-eyes.ydk",
                          "team-illegal/3-cyber.ydk"], "lflist.conf", cards="cards.cdb")
illegal

# %%
print(illegal)

# %% [markdown]
# Reading it line by line:
#
# * **Raigeki** is limited: one copy for the whole team. Deck 1 plays it in the main deck and deck 3
#   has another in the side deck — side decks count too.
# * **Dark Magician**: four copies, one more than any card may have. Only three of them carry the
#   passcode 46986414; the fourth is the alternate artwork 36996508. The card database says both
#   are "Dark Magician", so they count together.
# * **Pot of Greed** is forbidden in this sample list: not even one copy.
# * **Deck 3** has 39 cards in its main deck; each deck must be legal on its own (40–60).
#
# ## Why the card database matters
#
# Without a card database the kit cannot know that two passcodes are the same card. It counts every
# passcode apart — and says so in a warning, since the rule counts by name:

# %%
with chdir(samples.DIR):
    blind = check_team(["team-illegal/1-dark-magician.ydk", "team-illegal/2-blue-eyes.ydk",
                        "team-illegal/3-cyber.ydk"], "lflist.conf")
print(blind)

# %% [markdown]
# The fourth Dark Magician is missed. Always pass `cards=` (or `--cards` on the command line) when you
# check a real team.
#
# ## The report as data
#
# `to_json()` is what `rulings wrgp check-team ... --json` prints: a verdict and one entry per
# violation, each citing WRGP-S2. The first violation in full, then a line for each:

# %%
data = illegal.to_json()
print(json.dumps(data["violations"][0], indent=1))
print("legal:", data["legal"])
for v in data["violations"]:
    print(f"  {v['rule']} {v['kind']:9} " + (f"{v['name']}: {v['count']} in the team, limit {v['limit']}"
                                            if v["kind"] == "copies" else f"deck {v['deck']} {v['section']}: {v['count']} cards"))

# %% [markdown]
# ## Whitelists
#
# EDOPro banlists can be **whitelists** (`$whitelist`): only the cards the list names may be played
# at all. The sample file has one; pick it by name. The legal team uses only listed cards:

# %%
with chdir(samples.DIR):
    white = check_team(["team-legal/1-dark-magician.ydk", "team-legal/2-blue-eyes.ydk", "team-legal/3-cyber.ydk"],
                       "lflist.conf", list_name="Sample WRGP 2022 whitelist", cards="cards.cdb")
print(white.legal, "|", repr(white.list_name), "| whitelist:", white.whitelist)

# %% [markdown]
# ## The same check inside a scenario
#
# Team deck checks are also a scenario step, so the kit's ruling fixtures cover WRGP-S2 like every
# other rule:

# %%
print(play("team-deck-check").transcript())

# %% [markdown]
# ## On the command line
#
# ```bash
# ./dev rulings wrgp check-team my-team/1.ydk my-team/2.ydk my-team/3.ydk \
#     --banlist lflist.conf --cards cards.cdb            # add --json for the data, --list NAME for another list
# ```
#
# The exit status is 0 for a legal team, 1 for an illegal one and 2 for a file that cannot be read.
#
# ## Try it
#
# **1.** How many violations does the illegal sample team have when the card database is used?

# %%
answer_1 = ...

# %%
check(answer_1, len(illegal.violations))

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = 4
check(solution_1, len(illegal.violations))

# %% [markdown]
# **2.** Three 40-card decks; deck 1 and deck 3 each hold one Monster Reborn (83764718, limited in the
# sample list), nothing else is shared. Is the team legal? (`True` or `False`)

# %%
answer_2 = ...


# %%
def deck(first: int, extra_card=None) -> Deck:
    """A 40-card main deck of made-up passcodes (3 copies each), plus one real card if given."""
    cards = [first + i for i in range(13) for _ in range(3)] + [extra_card or first + 13]
    return Deck(main=tuple(cards), source=f"deck from {first}")


with chdir(samples.DIR):
    team = check_team([deck(100, 83764718), deck(200), deck(300, 83764718)], "lflist.conf")
check(answer_2, team.legal, "one copy of a limited card for the whole team")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = False
check(solution_2, team.legal, "one copy of a limited card for the whole team")

# %% [markdown]
# **3.** Blue-Eyes White Dragon has the passcodes 89631139, 89631140 and 89631141. Which passcode do
# all three count as? (The card database knows.)

# %%
answer_3 = ...

# %%
cards = load_cards(samples.CARDS)
check(answer_3, cards.target(89631141), f"all three are {cards.name(89631141)!r}")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = 89631139
check(solution_3, cards.target(89631141), f"all three are {cards.name(89631141)!r}")
