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
# Each question is a case this notebook has not shown. Predict, run the cell, and press **Show the answer** only when you want it.
#
# **1.** A1 used Spore (スポーア, "once per Duel"), then made a baton touch to A2 two turns later. May A2 use Spore? (yes or no)

# %%
exercise("faq-spore-baton-touch").check(...)

# %%
exercise("faq-spore-baton-touch").reveal()

# %% [markdown]
# **2.** Team B is down to its **3rd** duelist when A2 completes Exodia (エクゾディア) in the hand. Does the match end? (yes or no)

# %%
exercise("faq-exodia-last-duelist").check(...)

# %%
exercise("faq-exodia-last-duelist").reveal()

# %% [markdown]
# **3.** Tag battle: letter **B** is a draw (350 against 350); letter A is red-A 500 against blue-A 300. Which tag goes first next turn? (`"red"` or `"blue"`)

# %%
exercise("faq-tag-one-draw-mirror").check(...)

# %%
exercise("faq-tag-one-draw-mirror").reveal()
