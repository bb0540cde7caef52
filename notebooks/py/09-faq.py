# %% [markdown]
# # 09 · The ruling FAQ (裁定FAQ)
#
# The questions players ask most, by topic, with short answers in **English and Japanese** and the
# rule ids behind them. Every answer is proved by a scenario that the rules engine plays: an answer
# is only published while its scenario still says so.
#
# Where the rulebook is silent, the answer says so and gives the **Reading** — an
# interpretation, not a rule: your tournament organiser may rule otherwise.

# %%
from rulings_lib.faq import load_faq
from rulings_lib.widgets import exercise, explain, faq_by_topic, faq_text

entries = load_faq()          # every answer's scenario is played as it loads
for topic, group in faq_by_topic(entries):
    print(f"{len(group):3}  {topic}")

# %% [markdown]
# ## The questions, by topic

# %%
print(faq_text(entries))

# %% [markdown]
# ## An answer and its proof
#
# Each answer's scenario can be played out. The Power Bond question (notebook 06 walks through it):

# %%
pb = next(e for e in entries if e.id == "power-bond-handover")
print(f"Q. {pb.q('en')}\nA. {pb.a('en')}")
explain(pb.result)

# %% [markdown]
# ## Try it
#
# **1.** Your teammate used Spore (スポーア, "once per Duel") before losing. May you use your own Spore
# later in the match? (yes or no)

# %%
exercise("faq-spore").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("faq-spore").answer()

# %% [markdown]
# **2.** Your 1st duelist completes Exodia. Does your team win the match at once? (yes or no)

# %%
exercise("faq-exodia-team-wins").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("faq-exodia-team-wins").answer()

# %% [markdown]
# **3.** In the tag battle, one battle was a draw and blue won the other. Which tag goes first next turn?

# %%
exercise("faq-tag-one-draw").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("faq-tag-one-draw").answer()
