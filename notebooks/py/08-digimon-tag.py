# %% [markdown]
# # 08 · The Digimon tag battle
#
# The second format of the kit is a 2-vs-2 regulation for the original Bandai Digital Monster Card
# Game: **tag battle regulation Ver-T,1.0**. Four players sit at one table in two **tags** (タッグ,
# teams of two), and all four Digimon battle in the same turn — each player against the opponent
# sitting in front of them.
#
# This notebook covers the whole regulation: seats and letters, the order of play in each phase,
# battles and points, who goes first next turn, players who are out, the switch to 1-vs-1, and
# whom an effect may be aimed at. As before, every ruling shown is the engine's and names its rule
# id (`TAG-…`).

# %%
from rulings_lib.diagrams import tag_next_turn, tag_turn
from rulings_lib.draw import picture
from rulings_lib.tag import NEXT_TURN, PHASES, TagMatch
from rulings_lib.widgets import TagTurnHelper, check, play, tag_turn as play_turn

# %% [markdown]
# ## Seats and letters (TAG-S1, TAG-S2)
#
# The two tags' representatives play rock-paper-scissors; the winner's tag goes **first** (先攻)
# this turn, the other **second** (後攻). The winner and the player sitting opposite them ("the one in
# front") are letter **A**; the other two are letter **B**. **A fights A and B fights B.**
#
# The letters never change during the match (**TAG-S2**). What changes from turn to turn is which
# tag is first — so the four **seats** are named by both: `first-A`, `second-A`, `first-B`,
# `second-B`. The kit names players by tag and letter: `red-A`, `blue-B`, …
#
# Before the start each player sets a Level III Digimon face down, has their deck (the Net Ocean,
# ネットの海) shuffled by an opponent, and sets their point gauge (ポイントゲージ) at 100 (**TAG-S1**).

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
# A turn has five phases. In each, the players act **one at a time in a fixed seat order** — and the
# order is not the same in every phase: the second tag acts first at the start of battle.

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
print(play("phase-orders").transcript())

# %% [markdown]
# ## Battles and points (TAG-P5)
#
# In the point calculation phase the two battles are decided **within each letter**: A's attack
# powers are compared, and B's. The loser of each battle reduces their own point gauge by their
# **lost points** (ロストポイント) — the number printed on *their* card for the **level of the
# opponent's Digimon**. (An opponent whose card says "Ultimate-class Digimon" counts as Ultimate.)
# Equal attack powers are a draw and nobody loses points (the kit's reading `equal-power-is-draw`).

# %%
print(play("lost-points-table").transcript())

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
print(play("split-result-swaps").transcript())

# %%
print(play("draw-other-battle-decides").transcript())

# %% [markdown]
# ## The turn helper
#
# At the table: type in the four attack powers, each player's lost points for this battle and the
# point gauges; the helper shows who loses what, who is out, and who goes first next turn.

# %% tags=["nbval-ignore-output"]
TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
              lost={"blue-A": 20, "red-B": 30})

# %% [markdown]
# The helper plays the turn on the engine; here is its answer for the values it starts with, as
# the test suite checks it:

# %%
turn = play_turn({"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400}, {"blue-A": 20, "red-B": 30},
                 first="red")
print(turn.text())

# %% [markdown]
# ## Players who are out (TAG-E1, E2)
#
# A player whose point gauge reaches 0 is **out** and takes no further part (**TAG-E1**). Their
# letter has no battle any more. The opponent in front of them **carries on** with the normal steps
# — evolution and projection-type options are fine — but effects of the form "if the opponent's … is
# …" cannot be used, since there is no opponent in front (**TAG-E2**).

# %%
print(play("opponent-out-carries-on").transcript())

# %% [markdown]
# Its final state drawn: the player who is out is crossed, their gauge empty; the other three keep
# their seats.

# %%
picture(play("opponent-out-carries-on").match)

# %% [markdown]
# With one letter empty, only one battle takes place, and it alone decides who goes first; a draw
# swaps (the kit's reading of **TAG-N5**, `single-battle-decides`):

# %%
print(play("single-battle-decides").transcript())

# %% [markdown]
# ## Down to two: 1-vs-1 or a win (TAG-E3, E4)
#
# When the two players left are **one A and one B of different tags**, they move to face each other
# and finish under the normal 1-vs-1 regulation (**TAG-E3**). If both players left are of the
# **same** tag, that tag wins (the kit's reading **TAG-E4**, `same-tag-survivors-win`). Two players
# who reach 0 in the same point calculation go out in seat order (reading
# `simultaneous-outs-in-seat-order`):

# %%
print(play("simultaneous-outs").transcript())

# %%
print(play("one-vs-one").transcript())

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
print(play("targeting").transcript())

# %% [markdown]
# The same question as an API call, which changes nothing:

# %%
ruling = m.check_target("red-A", "projection", on="red-B")
print(ruling.allowed, ruling.rule, "--", ruling.text)

# %% [markdown]
# ## Turn-rewinding cards (TAG-R5)
#
# A card such as St-104 (リターンマッチだ！) may rewind the turn if its user **lost this turn's battle**,
# even if their partner won; then everyone battles again, and the first battle's results are undone
# entirely (reading `rewind-undoes-the-turn`). After St-220, a truce, nobody battles this turn, and
# first and second swap.

# %%
print(play("rematch").transcript())

# %% [markdown]
# ## Try it
#
# **1.** Blue goes first this turn. Which player sits in the seat `second-A`?

# %%
answer_1 = ...

# %%
check(answer_1, TagMatch(("red", "blue"), first="blue").seats()["second-A"])

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = "red-A"
check(solution_1, TagMatch(("red", "blue"), first="blue").seats()["second-A"])

# %% [markdown]
# **2.** Red goes first. Letter A: red-A 400 against blue-A 400. Letter B: red-B 300 against blue-B
# 500. Which tag goes first next turn?

# %%
answer_2 = ...

# %%
t = play_turn({"red-A": 400, "blue-A": 400, "red-B": 300, "blue-B": 500}, first="red")
check(answer_2, t.first, f"{t.rule}: {t.reason}")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = "blue"
check(solution_2, t.first, f"{t.rule}: {t.reason}")

# %% [markdown]
# **3.** red-A may use a projection-type effect on which players? Write a list of the players red-A
# could name.

# %%
answer_3 = ...

# %%
allowed = [p for p in m.players() if m.check_target("red-A", "projection", on=p).allowed]
check(answer_3, allowed, "TAG-R1 and TAG-R4: one named opponent, either player of the other tag")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = ["blue-A", "blue-B"]
check(solution_3, allowed, "TAG-R1 and TAG-R4: one named opponent, either player of the other tag")
