# %% [markdown]
# # 08 · The Digimon tag battle
#
# The second format is a 2-vs-2 regulation for the original Bandai Digital Monster Card
# Game: **tag battle regulation Ver-T,1.0**. Four players sit at one table in two **tags** (タッグ,
# teams of two), and all four Digimon battle in the same turn — each player against the opponent
# sitting in front of them.
#
# This notebook covers the whole regulation: seats and letters, the order of play in each phase,
# battles and points, who goes first next turn, players who are out, the switch to 1-vs-1, and
# whom an effect may be aimed at, the decks, and card rulings. As before, every ruling shown is
# the engine's and names its rule id (`TAG-…`).
#
# ## The base game in brief (for a Yu-Gi-Oh! player)
#
# The tag regulation is written for people who already play the 1999 game 1-vs-1; it only says
# what changes with four players. What it builds on, in the rulebook's words:
#
# * **Your Digimon.** Each player battles with *one* Digimon, the one in their **Digimon box**
#   (デジモンBOX), not with a field of monsters. You start with a Level 3 Digimon set face down there
#   (**TAG-S1**). Levels go **3 → 4 → Perfect (完全体) → Ultimate (究極体)**.
# * **Evolution** (進化) replaces your Digimon by a higher-level one. In your preparation phase you
#   put the next Digimon in the **evolution box** (進化BOX) and the cards its evolution requires in the
#   **power box** (パワーボックス); in the evolution phase it evolves. A support Digimon goes in the
#   **support box** (援護BOX). **Option cards** (オプションカード, roughly your Spells) are used, or set in
#   **slots** (スロット) (**TAG-P1**, **TAG-P2**).
# * **A battle** is your Digimon against the one in front of you, and it happens *every turn*: nobody
#   declares an attack. Each Digimon card prints **attack powers** for the **battle types**
#   (バトルタイプ); you read the one for the battle type of the Digimon in front of you (**TAG-P4** ①),
#   option cards and abilities change it, and the higher final attack power wins the battle.
# * **Points instead of LP.** Each player has a **point gauge** (ポイントゲージ), starting at 100. The
#   loser of a battle reads the **lost points** (ロストポイント) printed on *their own* card — a small
#   table with one number for each level of the **opponent's** Digimon (3, 4, Perfect, Ultimate) — and
#   reduces their gauge by it (**TAG-P5** ③). The winner loses nothing. The loser's Digimon (except a
#   Level 3) then goes to the **Dark Area** (ダークエリア, the discard pile).
# * **The deck** (デック) is the **Net Ocean** (ネットの海): you do not draw one card a turn, you draw
#   back up to **6 cards** in hand in each preparation phase (**TAG-P1** ②).
#
# So a turn is one round of preparation → evolution → battle start → battle → point calculation, for
# all players together; "first" (先攻) and "second" (後攻) only decide who acts first in each phase.
# A player whose gauge reaches 0 is beaten (やられた) and out of the game.

# %%
from rulings_lib.diagrams import tag_next_turn, tag_turn
from rulings_lib.draw import picture
from rulings_lib.tag import NEXT_TURN, PHASES, TagMatch
from rulings_lib.widgets import TagTurnHelper, exercise, explain, tag_turn as play_turn

# %% [markdown]
# ## Seats and letters (TAG-S1, TAG-S2)
#
# The two tags' representatives play rock-paper-scissors; the winner's tag goes **first** (先攻)
# this turn, the other **second** (後攻). The winner and the player sitting opposite them ("the one in
# front") are letter **A**; the other two are letter **B**. **A fights A and B fights B.**
#
# What changes from turn to turn is which tag is first; the letters stay when first and second
# swap — only the card Change Up! exchanges two partners' letters (**TAG-R3**, see "Card rulings"
# below). So the four **seats** are named by both: `first-A`, `second-A`, `first-B`, `second-B`.
# Players are named by tag and the letter they start with: `red-A`, `blue-B`, …
#
# Before the start each player sets a Level 3 Digimon face down, has their deck (the Net Ocean,
# ネットの海) shuffled by an opponent, and sets their point gauge (ポイントゲージ) at 100 (**TAG-S1**).
# Then all bow and every player draws **6 cards** (**TAG-S2**); in each preparation phase a player
# draws from the Net Ocean back up to 6 cards in hand (**TAG-P1**).

# %%
m = TagMatch(("red", "blue"), first="red")
print("first:", m.first, "| second:", m.second)
for seat, player in m.seats().items():
    print(f"{seat:9} {player:7} fights {m.opponent(player)}, partner {m.partner(player)}")
print("point gauges:", m.points)

# %% [markdown]
# The same seats as at the table — A faces A and B faces B across it; the first tag sits at the top:

# %%
picture(m)

# %% [markdown]
# ## The phases and who acts when (TAG-P1…P5)
#
# A turn has five phases. In most of them the players act **one at a time in a fixed seat order** —
# and the order is not the same in every phase: the second tag acts first at the start of battle.
# The battle phase (**TAG-P4**) is different: the table below gives only the order in which attack
# powers are read (step ①: second-A first, as the rulebook says; the rest in the battle-start order
# is the **Reading** `battle-powers-read-in-battle-start-order`); after that (step ②) the
# **tags take turns**, starting with the second tag. In the evolution phase (**TAG-P2**) the seats
# evolve and use Digimon abilities one after another, while option cards may be used by anyone
# during it (the **Reading** `evolution-in-seat-order`).

# %%
for p in PHASES:
    print(f"{p.rule}  {p.name:25} {p.japanese:12} " + " -> ".join(p.order))

# %% [markdown]
# The same, drawn from the same table:

# %%
tag_turn()

# %% [markdown]
# The engine checks the order. In this scenario (turn 2, blue first) a player who tries to act out
# of turn is refused with the rule of that phase:

# %%
explain("phase-orders")

# %% [markdown]
# ### The battle phase alternates (TAG-P4)
#
# In step ② of the battle phase the tags **alternate**: the second tag has the first turn, then the
# first tag, and so on. On its turn a tag may use several option cards or abilities — one person
# acts at a time, and the two partners may consult on who acts — or pass. How the turns pass is the
# **Reading** `battle-phase-alternation`: a turn belongs to one player of the tag; step ③
# (the final attack powers) comes when two turns in a row, one of each tag, are passes.

# %%
explain("battle-phase-alternation")

# %% [markdown]
# ## Battles and points (TAG-P5)
#
# In the point calculation phase the two battles are decided **within each letter**: A's attack
# powers are compared, and B's. The loser of each battle reduces their own point gauge by their
# **lost points** (ロストポイント) — the number printed on *their* card for the **level of the
# opponent's Digimon**. (An opponent whose info says "Ultimate-class Digimon" (究極体級デジモン) counts
# as Ultimate.) In the scenario below, `lost_table` is such a printed table and `level` the level of
# that player's Digimon.
# Equal attack powers are a draw and nobody loses points (the **Reading** `equal-power-is-draw`).

# %%
explain("lost-points-table")

# %% [markdown]
# After the battles, each loser sends their Digimon (except a Level 3) to the Dark Area. A player
# whose **Net Ocean is empty** sends their Digimon to the Dark Area whatever the result, then
# shuffles the Dark Area into a new Net Ocean; their slots and hand stay (**TAG-P5**):

# %%
explain("empty-net-ocean")

# %% [markdown]
# ## Who goes first next turn (TAG-N1…N5)
#
# After the battles, the result decides which tag goes first in the next turn:

# %%
for row in NEXT_TURN:
    then = "the winning tag goes first" if row.result == "winner-first" else "first and second swap"
    print(f"{row.rule}  {row.condition:50} -> {then}")

# %%
tag_next_turn()

# %% [markdown]
# A split result swaps the tags; a draw in one battle leaves the decision to the other:

# %%
explain("split-result-swaps")

# %%
explain("draw-other-battle-decides")

# %% [markdown]
# ## The turn helper
#
# At the table: type in the four attack powers, each player's lost points for this battle and the
# point gauges; the helper shows who loses what, who is out, and who goes first next turn.

# %% tags=["nbval-ignore-output"]
TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
              lost={"blue-A": 20, "red-B": 30})

# %% [markdown]
# The helper plays the turn on the engine; here is its answer for the values it starts with:

# %%
turn = play_turn({"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400}, {"blue-A": 20, "red-B": 30},
                 first="red")
print(turn.text())

# %% [markdown]
# ## Players who are out (TAG-E1, E2)
#
# A player whose point gauge reaches 0 is **out** — beaten (やられた) — and takes no further part
# (「負けてしまったプレイヤーはその後ゲームには参加できません」, **TAG-E1**): no cards, no evolution, no
# abilities. (That this holds from the moment the gauge reaches 0, whatever brought it there, is
# the **Reading** `out-when-the-gauge-reaches-0`.) Their
# letter has no battle any more. The opponent in front of them **carries on** with the normal steps
# — evolution and projection-type options are fine — but effects of the form "if the opponent's … is
# …" cannot be used, since there is no opponent in front (**TAG-E2**).

# %%
explain("opponent-out-carries-on")

# %% [markdown]
# Its final state drawn: the player who is out is crossed, their gauge empty; the other three keep
# their seats.

# %%
picture(explain("opponent-out-carries-on").result.match)

# %% [markdown]
# With one letter empty, only one battle takes place, and it alone decides who goes first; a draw
# swaps (the **Reading** of **TAG-N5**, `single-battle-decides`):

# %%
explain("single-battle-decides")

# %% [markdown]
# ## Down to two: 1-vs-1 or a win (TAG-E3, E4)
#
# When the two players left are **one A and one B of different tags**, they move to face each other
# and finish under the normal 1-vs-1 regulation (**TAG-E3**). If both players left are of the
# **same** tag, that tag wins: the rulebook says the game goes on until both players of one tag are
# out (**TAG-S2**, **TAG-E4**). Two players who reach 0 in the same point calculation go out in
# seat order (the **Reading** `simultaneous-outs-in-seat-order`):

# %%
explain("simultaneous-outs")

# %%
explain("one-vs-one")

# %% [markdown]
# ## Whom an effect may be aimed at (TAG-R1, R2, R4)
#
# With four players, "the opponent" needs a rule:
#
# * a **projection-type** effect (投射系) affects **one named opponent** only; "both sides" means the
#   user and that one opponent; a **flush-type** ability (流し系) flushes only the named opponent's
#   slots (**TAG-R1**);
# * a **contact-type** effect (接触型) cannot be used on one's **partner** — except a support Digimon,
#   on a partner who meets its requirements (**TAG-R2**);
# * "the opponent" may be **either** player of the other tag, not only the one in front; "all …"
#   means all four players (**TAG-R4**).

# %%
explain("targeting")

# %% [markdown]
# ## Card rulings for four players (TAG-R3)
#
# Effects written for the Ultimate Battle level rules (アルティメットバトルレベルルール) mostly work, with exceptions: St-240 (Holy
# Angemon)-style special abilities affect every battling Digimon; St-296 (Venom Vamdemon)-style
# "battling / not battling" effects cannot be used (all four battle at once); the second effect of
# St-321 (デジタルゲート！) cannot be used; St-319/320 (チェンジアップ！) may swap the two players of
# a tag, but abilities such as "aerial" (空中) may not. After Change Up! the two partners exchange
# letters — the only way letters change; how long that lasts is the **Reading**
# `change-up-lasts-the-game` (for the rest of the game), shown after the card rulings.

# %%
explain("card-rulings")

# %%
explain("change-up-swaps-letters")

# %% [markdown]
# ## Turn-rewinding cards (TAG-R5)
#
# A card such as St-104 (リターンマッチだ！) may rewind the turn if its user **lost this turn's battle**,
# even if their partner won; then everyone battles again, and the first battle's results are undone
# entirely (the **Reading** `rewind-undoes-the-turn`). It is an option card of the point
# calculation's step ②, after the battle is decided (①) and *before* step ③ reduces the gauges, so
# its user is not out when using it, even if this loss would bring their gauge to 0. (The engine's
# `battle` step plays the whole point calculation; a rewind right after it takes it back.) A player
# who was out *before* this battle takes no part and cannot use it (**TAG-E1**). After St-220, a
# truce, nobody battles this turn, and first and second swap.

# %%
explain("rematch")

# %% [markdown]
# Even the battle that would end the match can be rewound by its loser (the **Reading**
# `rewind-before-the-match-ends`); a player out since an earlier turn cannot:

# %%
explain("rematch-undoes-deciding-battle")

# %% [markdown]
# ## Decks (TAG-K1, K2, K3)
#
# Each player brings their own deck of exactly **30 cards** with at least one Level 3 Digimon, and
# at most 3 copies of a card name (so a tag may hold 6 between the two partners) (**TAG-K1**). Only
# cards numbered `Bo-…`, `St-…`, `Bx-…` and `Sx-…` may be used (**TAG-K2**). A player using Bo-20v
# (Digivice 01) keeps its replacement cards ready, at most 30 of them (**TAG-K3**; that the 30 caps
# the replacement cards is the **Reading** `digivice-pool-30`). Sleeves are advised (TAG-K4).
# A deck with four problems:

# %%
explain("deck-check")

# %% [markdown]
# Digivice 01's replacement cards are set out **beside** the deck, not in it. This deck of 30 lists 31
# of them: one too many (**TAG-K3**, the Reading `digivice-pool-30`), while the deck itself is still a
# legal 30 (no TAG-K1 finding):

# %%
explain("deck-check-digivice-pool")

# %% [markdown]
# ## Try it
#
# **1.** Blue goes first this turn. Which player sits in the seat `second-A`?

# %%
exercise("tag-seat").check(...)

# %%
exercise("tag-seat").reveal()

# %% [markdown]
# **2.** Red goes first. Letter A: red-A 400 against blue-A 400. Letter B: red-B 300 against blue-B
# 500. Which tag goes first next turn?

# %%
exercise("tag-next-first").check(...)

# %%
exercise("tag-next-first").reveal()

# %% [markdown]
# **3.** red-A wants to use a projection-type effect. Which players may red-A name? (all of them,
# in any order)

# %%
exercise("tag-projection").check(...)

# %%
exercise("tag-projection").reveal()
