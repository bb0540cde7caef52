# %% [markdown]
# # 07 · チームのデッキ（WRGP-S2）
#
# WRGPのチームは、デュエリスト1人に1つずつ、3つのデッキを用意します。制限・禁止リストは3つのデッキに**チームとして**
# 適用されます（**WRGP-S2**）:
#
# | リストの区分 | チーム全体で入れられる枚数 |
# |---|---|
# | 無制限 | 3枚 |
# | 準制限 | 2枚 |
# | 制限 | 1枚 |
# | 禁止 | 0枚 |
#
# つまり、一番手が制限カードを入れたら、二番手と三番手は入れられません。ルールブックに書かれていない細かいところは、
# **解釈** `team-count-by-name` で補います:
#
# * 3つのデッキの**メイン・エクストラ・サイド**デッキを合わせて数える
# * **カード名**で数える。絵違い（パスコードが違い、名前が同じ）は同じカード
# * 各デッキはそれだけでも正しいデッキでなければならない。メインデッキ40〜60枚、エクストラ0〜15枚、サイド0〜15枚
#
# （自分のチームのデッキファイル（`.ydk`、`lflist.conf`、カードデータベース）の確かめ方は、README（英語）の
# 「Checking a team's decks」にあります。）英語版 `07-team-decks` の日本語版です。

# %%
from rulings_lib import reading
from rulings_lib.widgets import exercise, explain

r = reading("team-count-by-name")
print(f"解釈 {r.id}（{r.rule} について）")

# %% [markdown]
# ## 2つのサンプルチーム
#
# ここでは2つのサンプルチームを、**架空の区分**のサンプルリスト（公式のリストでは*ありません*）で確かめます。
# チームAの3つのデッキには、「ブラック・マジシャン」と「青眼の白龍」がちょうど3枚ずつ（一部は絵違い）入っていて、正しい
# チームです。チームBは4つの点でルールに反しています:
#
# * 「サンダー・ボルト」はサンプルリストで制限カード、チーム全体で1枚です。デッキ1のメインデッキに1枚、デッキ3の
#   サイドデッキにもう1枚あります。サイドデッキも数えます。
# * 「ブラック・マジシャン」が4枚。どのカードの上限よりも1枚多く、うち1枚は絵違いですが同じカードです。
# * 「強欲な壺」はサンプルリストで禁止カード、1枚も入れられません。
# * **デッキ3**のメインデッキは39枚。各デッキはそれだけでも正しくなければなりません（40〜60枚）。

# %%
explain("team-deck-check", lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** 40枚のデッキが3つ。デッキ1とデッキ3に「死者蘇生」（サンプルリストで制限）が1枚ずつ、ほかに共通のカードは
# ありません。正しいチームですか？（はい・いいえ）

# %%
exercise("wrgp-limited-twice", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-limited-twice", lang="ja").answer()

# %% [markdown]
# **2.** デッキ1に「ブラック・マジシャン」が2枚、デッキ3に1枚。デッキ2には絵違い（別のパスコード）の
# 「ブラック・マジシャン」が1枚。正しいチームですか？（はい・いいえ）

# %%
exercise("wrgp-alternate-artwork", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-alternate-artwork", lang="ja").answer()

# %% [markdown]
# **3.** デッキ1のメインデッキに「死者蘇生」（制限）が1枚、デッキ3は**サイド**デッキに1枚。1枚多すぎますか？（はい・いいえ）

# %%
exercise("wrgp-side-deck-counts", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-side-deck-counts", lang="ja").answer()
