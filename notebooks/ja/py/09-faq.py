# %% [markdown]
# # 09 · 裁定FAQ
#
# プレイヤーがよくする質問を、テーマごとに、日本語と英語の短い答えと根拠のルールIDとともにまとめました。どの答えも
# ルールエンジンが処理するシナリオで裏付けられていて、シナリオがそのとおりである間だけ掲載されます。
#
# ルールブックに書かれていないところでは、答えにそう書き、**解釈**（解釈：ルールブックに記載なし）として示します。解釈はルールではないので、
# 大会の主催者が別の裁定をすることもあります。英語版 `09-faq` の日本語版です。

# %%
from rulings_lib.faq import load_faq
from rulings_lib.widgets import exercise, explain, faq_by_topic, faq_text

entries = load_faq()          # 読み込むときに、すべての答えのシナリオを処理します
for topic, group in faq_by_topic(entries, "ja"):
    print(f"{len(group):3}  {topic}")

# %% [markdown]
# ## テーマ別の質問

# %%
print(faq_text(entries, "ja"))

# %% [markdown]
# ## 答えとその裏付け
#
# どの答えもシナリオとして処理できます。「パワー・ボンド」の質問です（ノートブック06で1手順ずつたどります）:

# %%
pb = next(e for e in entries if e.id == "power-bond-handover")
print(f"Q. {pb.q('ja')}\nA. {pb.a('ja')}")
explain(pb.result, lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** チームメイトが敗北する前に「スポーア」（「デュエル中に1度」）を使いました。あなたは試合の後半に自分の「スポーア」を
# 使えますか？（はい・いいえ）

# %%
exercise("faq-spore", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("faq-spore", lang="ja").answer()

# %% [markdown]
# **2.** 自分のチームの一番手が「封印されしエクゾディア」をそろえました。チームはすぐに試合に勝ちますか？（はい・いいえ）

# %%
exercise("faq-exodia-team-wins", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("faq-exodia-team-wins", lang="ja").answer()

# %% [markdown]
# **3.** タッグバトルで、一方のバトルが引き分け、もう一方はblueの勝ちでした。次のターンはどちらのタッグが先攻ですか？

# %%
exercise("faq-tag-one-draw", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("faq-tag-one-draw", lang="ja").answer()
