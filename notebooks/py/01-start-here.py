# %% [markdown]
# # 01 · Start here
#
# Welcome! These notebooks teach two **team formats** for trading card games, rule by rule, and
# play each ruling out so that you can see it happen instead of taking it on trust:
#
# | format | game | teams | what makes it special |
# |---|---|---|---|
# | **WRGP rules ver.2022** | Yu-Gi-Oh! | 3 vs 3, a relay | the six players play *one* duel; when a duelist loses, a teammate takes over their field |
# | **Tag battle regulation Ver-T,1.0** | the original Bandai Digital Monster Card Game | 2 vs 2 | four players battle at once, letter A against letter A and B against B |
#
# Both rulebooks are fan-made and written in Japanese. You do not need to read them: the notebooks
# restate every rule in plain words with a short, stable **rule id** such as `WRGP-H5` or `TAG-N2`,
# and every ruling you see names the rule id that makes it so. Every ruling shown here is played
# by a rules engine and re-checked whenever its tables or scenarios change.

# %% [markdown]
# ## The rule ids
#
# The letters after the format tell you what part of the rules you are in.
#
# | ids | WRGP part | ids | tag battle part |
# |---|---|---|---|
# | `WRGP-S…` | setting up the teams | `TAG-S…` | seats and the start |
# | `WRGP-F…` | how the match flows | `TAG-P…` | the five phases of a turn |
# | `WRGP-H…` | the handover after a loss | `TAG-N…` | who goes first next turn |
# | `WRGP-D…` | draws and simultaneous losses | `TAG-E…` | players who are out |
# | `WRGP-SW…` | the Speed World field | `TAG-K…`, `TAG-R…` | decks, special card rulings |
#
# Where a ruling is plain Yu-Gi-Oh! rather than WRGP, it cites `STD-…` (for instance
# `STD-TIMING`: summons only in your own Main Phase). The WRGP rules, one line each:

# %%
from rulings_lib.wrgp.tables import RULES

for rule_id in ("WRGP-S1", "WRGP-F1", "WRGP-H1", "WRGP-D1", "WRGP-SW1"):
    print(f"{rule_id:9} {RULES[rule_id]}")
print(f"... {len(RULES)} WRGP rule ids in all")

# %% [markdown]
# ## A glossary of the Japanese terms
#
# Players who learned these formats in Japanese use these words; the English notebooks use the
# words on the left (the Japanese notebooks, in `ja/`, use the rulebook's own terms).
#
# | English | Japanese | reading | meaning |
# |---|---|---|---|
# | lineup position | 番手 | bante | 1st, 2nd or 3rd duelist of a WRGP team |
# | handover | 引き継ぎ | hikitsugi | a teammate takes over the field of a duelist who lost |
# | run-on | 自動進行 | jidō shinkō | after a loss, the turn goes on by itself to its End Phase |
# | baton touch | バトンタッチ | baton tatchi | a voluntary swap, no loss needed |
# | Speed World (WRGP) | スピード・ワールド | supīdo wārudo | the field spell that is always active in WRGP |
# | Speed Counter (SPC) | スピードカウンター | supīdo kauntā | the counters a team collects on Speed World |
# | draw (a tie) | 引分け | hikiwake | both duelists would lose at once |
# | special victory | 特殊勝利 | tokushu shōri | "you win the duel" effects such as Exodia |
# | tag | タッグ | taggu | a team of two in the Digimon tag battle |
# | first / second | 先攻 / 後攻 | senkō / kōkō | the tag that acts first this turn, and the other |
# | Net Ocean | ネットの海 | netto no umi | the deck (Digimon) |
# | Dark Area | ダークエリア | dāku eria | the discard pile (Digimon) |
# | point gauge | ポイントゲージ | pointo gēji | a player's points, 100 at the start (Digimon) |
# | lost points | ロストポイント | rosuto pointo | what a player loses when their Digimon loses a battle |

# %% [markdown]
# ## A ruling, played out
#
# Each ruling is a **scenario**: a moment of a match, the steps played, and what the rules say
# happens. Here, in A's Main Phase 1, team A's 1st duelist (A1) uses a burn card that deals 2000 (a
# made-up one) on team B's 1st (B1), who has 2000 LP left.
# You see the steps that decide, each with its rule id; the full transcript is one click away.

# %%
from rulings_lib.widgets import exercise, explain

handover = explain("loss-starts-handover")
handover

# %% [markdown]
# B1 has lost, but the duel goes on: the turn runs on to its End Phase and B's 2nd duelist takes
# over B1's field (notebook 04 explains each part). The same scenario drawn on the map of a WRGP
# turn: its path in orange (numbered by step), where the match is now in purple.

# %%
from rulings_lib.diagrams import scenario_path

scenario_path(handover.result)

# %% [markdown]
# ## Readings: where the rulebook is silent
#
# No rulebook covers everything. Where the Japanese text is silent or ambiguous, the rules engine plays by a
# **Reading**: an interpretation with a name, shown as one wherever it is taught. It is not a rule:
# your tournament organiser may decide otherwise. For example:

# %%
from rulings_lib import reading

r = reading("draw-survivor-stays-at-0")
print(f"Reading {r.id} (of {r.rule}): {r.title}")
print(r.text)

# %% [markdown]
# ## A map of the notebooks
#
# | notebook | what you will learn |
# |---|---|
# | **02-wrgp-match** | lineups, the first turn, the phases, Speed Counters, how a match is won (special victories too) |
# | **03-speed-world** | the a / b / X formula, the three Speed World effects, where Speed World "is" |
# | **04-handover** | what happens when a duelist loses: the run-on, what is inherited, who plays next, baton touch |
# | **05-draws-and-chains** | both duelists at 0: Destruction Ring, Sparks and Chain Strike, a second loss |
# | **06-power-bond** | the rulebook's hardest example, step by step |
# | **07-team-decks** | three decks and one Forbidden/Limited list |
# | **08-digimon-tag** | the Digimon tag battle: seats, phases, battles, points, who goes first, decks |
# | **09-faq** | the ruling FAQ by topic, in English and Japanese |
#
# ## How the exercises work
#
# Each notebook ends with **try it** exercises. Each asks you to *predict* a ruling. Replace the
# `...` in the exercise's cell with your prediction (`"B2"`, `4`, `"no"`… write it as you would
# say it) and run the cell: the engine plays the situation and checks it. A wrong prediction gets
# a hint, not the answer, so you can try again. Each question is a case the notebook has not shown
# you (a mirror, another position, a variation), and its full answer stays hidden until you press
# the **Show the answer** button under it — also after *Run All*.

# %% [markdown]
# ## Try it
#
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** Now the other way round, further down the lineup. On turn 4, in team **B's** Main Phase 1, B1 burns **A2** (team A's 2nd duelist: A1 lost earlier) for 8000. Which duelist of team A takes over when the turn ends?

# %%
exercise("wrgp-who-takes-over-from-a2").check(...)

# %%
exercise("wrgp-who-takes-over-from-a2").reveal()

# %% [markdown]
# **2.** In that same turn, may team **B** — whose turn it is, and whose duelist did not lose — still activate a Normal Spell (a Spell Speed 1 Spell Card) in its Main Phase 2? (yes or no)

# %%
exercise("wrgp-run-on-turn-player").check(...)

# %%
exercise("wrgp-run-on-turn-player").reveal()

# %% [markdown]
# **3.** On turn 5, in team A's own Main Phase 1, A1 takes 8000 damage from A1's own card and loses. Which team plays turn 6?

# %%
exercise("wrgp-own-turn-loss-next").check(...)

# %%
exercise("wrgp-own-turn-loss-next").reveal()
