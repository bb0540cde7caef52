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
# どの問題も、このノートブックでまだ見ていない場面です。予想してセルを実行し、解答を見たいときだけ**解答を見る**を押してください。
#
# **1.** A1が「スポーア」（「デュエル中に1度」）を使い、2ターン後にA2へバトンタッチしました。A2は「スポーア」を使えますか？（はい・いいえ）

# %%
exercise("faq-spore-baton-touch", lang="ja").check(...)

# %%
exercise("faq-spore-baton-touch", lang="ja").reveal()

# %% [markdown]
# **2.** チームBが**三番手**まで進んだところで、A2の手札にエクゾディアがそろいました。試合は終わりますか？（はい・いいえ）

# %%
exercise("faq-exodia-last-duelist", lang="ja").check(...)

# %%
exercise("faq-exodia-last-duelist", lang="ja").reveal()

# %% [markdown]
# **3.** タッグバトルで、**B**のバトルが引き分け（350対350）、Aのバトルはred-A 500対blue-A 300です。次のターンの先攻はどちらのタッグですか？（`"red"` か `"blue"`）

# %%
exercise("faq-tag-one-draw-mirror", lang="ja").check(...)

# %%
exercise("faq-tag-one-draw-mirror", lang="ja").reveal()
