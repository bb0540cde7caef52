# %% [markdown]
# # 09 · The ruling FAQ (裁定FAQ)
#
# Rules FAQs drift away from the rules they explain. This one cannot: **every answer is a
# scenario** that the engine plays, and the answer is only accepted while the scenario's expected
# outcome holds. The same check runs in CI (`rulings coverage`, the test suite) and in this
# notebook.
#
# There is one FAQ per game, in sections ordered by the situation at the table. Each entry has a
# question a player would ask, the answer first in one sentence, then why, in **English and
# Japanese**, the rule ids it demonstrates, and the scenario that proves it. There are three kinds:
#
# | kind | what it is |
# |---|---|
# | ruling | a question the rules answer |
# | contrast | where WRGP differs from the standard rules or from EDOPro's relay mode |
# | reading | something the source leaves open, and the **interpretation** the FAQ plays by |
#
# From the command line: `rulings faq --lang ja`, `rulings faq --html faq.html` (a page with a
# language switch, a search box, each transcript and diagram), `rulings coverage`.

# %%
from collections import Counter

from rulings_lib.faq import by_section, coverage, load_faq
from rulings_lib.readings import readings
from rulings_lib.widgets import check

entries = load_faq()          # loads, validates, and plays every entry's scenario
print(f"{len(entries)} entries, every scenario passed:", all(e.result.passed for e in entries))
for kind, n in sorted(Counter(e.kind for e in entries).items()):
    print(f"  {kind:14} {n}")

# %% [markdown]
# ## Every rule is demonstrated
#
# `coverage()` lists, for every rule id of both rule references, the entries that demonstrate it.
# TAG-K4 (sleeves) is advice, not a rule to check. The test suite fails while any id is missing,
# or while a Reading has no entry (in the FAQ, or in the maintainers' notes on the tool).

# %%
cov = coverage()
print("missing rule ids:", cov.missing or "none")
print("readings without an entry:", cov.readings_missing or "none")
for section, group in by_section(entries):
    print(f"{section.format:12} {section.number}. {section.t('en')} ({len(group)})")
for rid in ["WRGP-D1", "WRGP-H6", "WRGP-SW8", "TAG-N3", "TAG-R5"]:
    print(f"{rid:9} {', '.join(cov.demonstrated[rid])}")

# %% [markdown]
# ## Reading an entry
#
# Here is the Power Bond question in both languages, with the transcript of the scenario that
# proves it (notebook 06 walks through it step by step).

# %%
by_id = {e.id: e for e in entries}
pb = by_id["power-bond-handover"]
for lang in ("en", "ja"):
    print(f"Q. {pb.q(lang)}\nA. {pb.a(lang)}\n   {pb.why(lang)}\n")
print("Rules:", ", ".join(pb.rules), "| scenario:", pb.scenario)

# %%
print(pb.result.transcript())

# %% [markdown]
# ## How WRGP differs
#
# Two differences players ask about most: under the standard rules a duel ends the moment LP hit
# 0, even in the middle of a chain; and EDOPro's relay mode is not WRGP (it hands over the
# Graveyard and banished cards, always passes the turn, and skips the run-on to the End Phase).

# %%
for e in entries:
    if e.kind == "contrast":
        print(f"Q. {e.q('en')}\nA. {e.a('en')}\n   [{', '.join(e.rules)}] {e.scenario}\n")

# %% [markdown]
# ## Open questions
#
# Where the Japanese source is silent, the kit does not hide the gap: it plays a named
# **reading**, and the FAQ says what the source leaves open. These are the readings, with what
# each FAQ entry says is left open:

# %%
opened = {e.reading: e for e in entries if e.kind == "reading"}
for r in readings():
    if r.id in opened:
        print(f"{r.id} [{r.rule}]\n  open:   {opened[r.id].text['en']['open']}\n  reading: {r.text}")

# %% [markdown]
# ## In Japanese
#
# The answers are written in natural Japanese with the source's own terms (引き継ぎ, 番手,
# スピード・ワールド, ポイントゲージ…). A few of them:

# %%
for key in ["resume-own-turn", "speed-world-placement", "tag-one-draw"]:
    e = by_id[key]
    print(f"Q. {e.q('ja')}\nA. {e.a('ja')}\n")

# %% [markdown]
# ## Try it
#
# **1.** Which rule id does the FAQ cite for "my teammate already used Spore"? Look it up with
# the search box of the HTML page, or here.

# %%
answer_1 = ...

# %%
spore = next(e for e in entries if "Spore" in e.q("en"))
check(answer_1, spore.rules[0], spore.a("en"))

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_1 = "WRGP-F6"
check(solution_1, spore.rules[0], spore.a("en"))

# %% [markdown]
# **2.** How many entries are interpretations (kind `reading`)? (One for each Reading the
# players' FAQ answers.)

# %%
answer_2 = ...

# %%
check(answer_2, sum(e.kind == "reading" for e in entries), "one per named interpretation")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_2 = len(readings()) - len(load_faq(tool=True)) - sum(bool(e.settles) for e in entries)
check(solution_2, sum(e.kind == "reading" for e in entries), "one per named interpretation")

# %% [markdown]
# **3.** In the tag battle, one battle was a draw and blue won the other. Who goes first? The FAQ
# entry `tag-one-draw` proves it with its scenario; read the outcome.

# %%
answer_3 = ...

# %%
check(answer_3, by_id["tag-one-draw"].result.outcome["first"], "TAG-N3: the other battle decides")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# Solution (collapsed; click to show). The engine checks it:
solution_3 = "blue"
check(solution_3, by_id["tag-one-draw"].result.outcome["first"], "TAG-N3: the other battle decides")
