# %% [markdown]
# # 01 · Start here
#
# Welcome! This kit explains two **team formats** for trading card games, rule by rule, and plays
# them out so that you can see each ruling happen instead of taking it on trust:
#
# | format | game | teams | what makes it special |
# |---|---|---|---|
# | **WRGP rules ver.2022** | Yu-Gi-Oh! | 3 vs 3, a relay | the six players play *one* duel; when a duelist loses, a teammate takes over their field |
# | **Tag battle regulation Ver-T,1.0** | the original Bandai Digital Monster Card Game | 2 vs 2 | four players battle at once, letter A against letter A and B against B |
#
# Both rulebooks are fan-made and written in Japanese. You do not need to read them: the kit
# restates every rule in English with a short, stable **rule id** such as `WRGP-H5` or `TAG-N2`,
# and every ruling you see in these notebooks names the rule id that makes it so.
#
# Every output stored in these notebooks is an *expected ruling*: the test suite re-runs each
# notebook and fails if the engine ever says something else.

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
# When the kit rejects something for a reason that is plain Yu-Gi-Oh! rather than WRGP, it cites
# `STD-…` (for instance `STD-TIMING`: summons only in your own Main Phase).
#
# The kit can list every WRGP rule id with a one-line summary:

# %%
from rulings_lib.wrgp.tables import RULES

for rule_id in ("WRGP-S1", "WRGP-F1", "WRGP-H1", "WRGP-D1", "WRGP-SW1"):
    print(f"{rule_id:9} {RULES[rule_id]}")
print(f"... {len(RULES)} WRGP rule ids in all")

# %% [markdown]
# ## A glossary of the Japanese terms
#
# Players who learned these formats in Japanese will use these words; the notebooks use the English
# on the left.
#
# | English (in the kit) | Japanese | reading | meaning |
# |---|---|---|---|
# | lineup position | 番手 | bante | 1st, 2nd or 3rd duelist of a WRGP team |
# | handover | 引き継ぎ | hikitsugi | a teammate takes over the field of a duelist who lost |
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
# ## Three ways to use the kit
#
# 1. **These notebooks** — read them in order; change the code cells and re-run them.
# 2. **The `rulings` command** — `./dev rulings run rulings_lib/scenarios/wrgp/power-bond-handover.yaml`
#    prints the transcript of a *scenario* (a small YAML file that sets up a moment of a match,
#    plays some steps, and states what the rules say happens).
# 3. **The Python API** — a match is an object; you act on it with verbs and ask it questions.
#
# Here is the API in five lines. Team A's 1st duelist deals 8000 damage in their Main Phase:

# %%
from rulings_lib import IllegalAction, WrgpMatch

m = WrgpMatch()                     # 3 duelists a team, 8000 LP each, team A plays first
m.phase("main1")                    # A1's turn goes Draw -> Standby -> Main Phase 1
m.damage("A", to="opponent", amount=8000)
print("out:", m.out, "| handover pending for team:", m.handover)

# %% [markdown]
# Every change the engine makes leaves an **event** that names its rule id. Together they are the
# transcript of what happened:

# %%
for event in m.events:
    print(f"[{event.rule}] {event.text}")

# %% [markdown]
# A move the rules forbid is not a crash: the engine raises `IllegalAction`, which carries the rule
# id and a reason, and leaves the match as it was. `is_legal` asks the same question without
# changing anything.

# %%
print(m.is_legal("act", "B", "spell_speed_1"))
try:
    m.act("B", "spell_speed_1")
except IllegalAction as exc:
    print(exc.rule, "--", exc.reason)

# %% [markdown]
# ## Scenarios: rulings you can replay
#
# The kit ships one or more scenarios for every rule id. `play` runs one by name and keeps the
# match after every step; `transcript()` is what `rulings run` prints.

# %%
from rulings_lib.widgets import check, play

result = play("loss-starts-handover")
print(result.transcript())

# %% [markdown]
# Scenarios can also be drawn: the map of a WRGP turn and handover, with the scenario's path in
# orange (numbered by step) and where the match is now in purple. Here B1 lost in A's Main Phase 1,
# and the turn now runs on to the End Phase:

# %%
from rulings_lib.diagrams import scenario_path

scenario_path(result)

# %% [markdown]
# ## Readings: where the rulebook is silent
#
# No rulebook covers everything. Where the Japanese text is silent or ambiguous, the kit plays by a
# **named reading** and says so — in its events, in the FAQ and here. For example:

# %%
from rulings_lib import reading

r = reading("draw-survivor-stays-at-0")
print(f"{r.id} (belongs to {r.rule}): {r.title}")
print(r.text)

# %% [markdown]
# ## A map of the notebooks
#
# | notebook | what you will learn |
# |---|---|
# | **02-wrgp-match** | lineups, the first turn, the phases of a turn, how Speed Counters grow |
# | **03-speed-world** | the a / b / X formula, the three Speed World effects, where Speed World "is" (with a calculator) |
# | **04-handover** | what happens when a duelist loses: the run-on to the End Phase, what is inherited, baton touch |
# | **05-draws-and-chains** | both duelists at 0: the Destruction Ring draw, the Sparks / Chain Strike chain, the readings |
# | **06-power-bond** | the source's hardest example, step by step |
# | **07-team-decks** | checking a team's three decks against a banlist |
# | **08-digimon-tag** | the Digimon tag battle: seats, phases, battles, points, who goes first |
# | **09-faq** | the ruling FAQ in English and Japanese: every answer proved by a scenario, and the open questions |
#
# Each notebook ends with a few **try it** exercises: replace the `...` in the answer cell with your
# answer, run the next cell, and the engine tells you whether it agrees (until then it says it is
# waiting for your answer). Each solution sits in a collapsed cell below the check: click it to show
# it. The solutions run too, so the engine re-checks every answer in CI.
#
# A match draws itself: the last line of a cell that is a match (or a scenario's result) shows a
# picture of its state, the way python-chess shows a board.

# %% [markdown]
# ## Try it
#
# **1.** In the five-line example above, which duelist of team B will take over? Write it like
# `"B2"`.

# %%
answer_1 = ...

# %%
after = m.copy()
after.end_turn()                    # finishing the turn completes the handover
check(answer_1, after.duelist("B"))

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = "B2"
check(solution_1, after.duelist("B"))

# %% [markdown]
# **2.** Which rule id forbids team B's Spell Speed 1 card during that handover?

# %%
answer_2 = ...

# %%
try:
    m.copy().act("B", "spell_speed_1")
    ruling = "allowed"
except IllegalAction as exc:
    ruling = exc.rule
check(answer_2, ruling)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = "WRGP-H2"
check(solution_2, ruling)

# %% [markdown]
# **3.** Is the kit's reading `draw-survivor-stays-at-0` about a rule of the *draws* family (`WRGP-D…`)?
# Answer `True` or `False`.

# %%
answer_3 = ...

# %%
check(answer_3, reading("draw-survivor-stays-at-0").rule.startswith("WRGP-D"))

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = True
check(solution_3, reading("draw-survivor-stays-at-0").rule.startswith("WRGP-D"))
