# %% [markdown]
# # 03 · 「スピード・ワールド」（WRGP）
#
# WRGPの試合には、どのデッキにも入っていない1枚のカードが加わります。**「スピード・ワールド」（WRGP）**です。
# 最初のターンから適用されているフィールド魔法で、両チームの**スピードカウンター**を貯め（スタンバイフェイズごとに
# 2個、デュエリストが敗北するとさらに。ノートブック02）、チームはそれを取り除いて3つの効果を使えます。
#
# 特徴は効果の大きさを決める式です。**自分の**デュエリストが相手より後ろの番手にいるほど、効果が大きくなります。
# デュエリストを失ったチームほど強く反撃できるのです。英語版 `03-speed-world` の日本語版です。

# %%
from rulings_lib.diagrams import scenario_path
from rulings_lib.widgets import SpeedWorldCalculator, exercise, explain, explain_speed_world
from rulings_lib.wrgp import tables as T

# %% [markdown]
# ## a、b と X
#
# ルールブックは式を2つの番手で書いています。チーム名のA・Bと混ざらないよう、このノートブックでは小文字で書きます。
#
# * **a** — いまデュエル中の*自分の*チームのデュエリストの番手（1、2、3）
# * **b** — いまデュエル中の*相手の*デュエリストの番手
# * **X = max(0, a − b)** — 自分のチームが勝ち抜き戦でどれだけ後ろにいるか。負の数にはなりません。
#
# ## 3つの効果（WRGP-SW5）
#
# チームは「スピード・ワールド」からカウンターを取り除いて、効果を1つ使います:
#
# | 取り除く数 | 効果 | 大きさ |
# |---|---|---|
# | 4個 | 相手にダメージ | 1600 × (1 + X)。ただし a < b なら**ちょうど800** |
# | 7個 | カードをドロー | 1 + X 枚 |
# | 10個 | フィールドのカードを破壊 | 1 + X 枚まで |
#
# 3人の選出順のすべての番手の組み合わせで:

# %%
print("a  b  X   4個: ダメージ   7個: ドロー   10個: 破壊（枚まで）")
for a in (1, 2, 3):
    for b in (1, 2, 3):
        print(f"{a}  {b}  {T.speed_world_x(a, b)}   {T.speed_world_size(4, a, b):12}   "
              f"{T.speed_world_size(7, a, b):10}   {T.speed_world_size(10, a, b):10}")

# %% [markdown]
# 行を見てください。番手が同じ（a = b）ならどの効果も基本の大きさ、相手より*前*（a < b）ならダメージは800に
# 下がり、*後ろ*なら X が増えて、すべてが大きくなります。
#
# 式を確かめるシナリオです。Bの三番手（a = 3）がAの一番手（b = 1）と対戦中なので X = 2。そのあと、前にいるAの
# 一番手はちょうど800を与えます:

# %%
explain("speed-world-effects", lang="ja")

# %% [markdown]
# ## いつ使えるか（解釈: `speed-world-is-ignition-spell`）
#
# ルールブックは効果の*内容*は書いていますが、*いつ*使えるかは書いていません。ここからはルールブックに記載のない点の**解釈**で、
# ルールブックのルールではありません。「スピード・ワールド」の効果は起動効果型の魔法の効果として扱います。**自分の
# メインフェイズ**に、チェーンが組まれていないときに、カウンターがある限り何度でも使えます。そのため、**引き継ぎの
# 自動進行中は使えません**（ノートブック04）。

# %%
timing = explain("speed-world-timing", lang="ja")
timing

# %% [markdown]
# このシナリオの道をターンの図に描きました。使えた効果（手順3）はメインフェイズ１から「スピード・ワールド」へ分かれ、
# 使えなかったものはルールとともに図の下に書かれます。試合はバトルフェイズ（紫）で終わります。

# %%
scenario_path(timing.result, lang="ja")

# %% [markdown]
# ## 計算機
#
# スライダーを動かしてください。自分の番手、相手の番手、自分のチームのカウンター。表に、各効果の大きさと、
# いま自分のメインフェイズに使えるかどうかが表示されます。

# %% tags=["nbval-ignore-output"]
SpeedWorldCalculator(a=3, b=1, spc=7, lang="ja")

# %% [markdown]
# 計算機もほかと同じエンジンに問い合わせています。スライダーの最初の位置（a = 3、b = 1、7個）での答えです:

# %%
print(explain_speed_world(3, 1, 7, lang="ja"))

# %% [markdown]
# ## 「スピード・ワールド」はどこにあるか（WRGP-SW1、SW2、SW6）
#
# 「スピード・ワールド」は誰のフィールドゾーンにもありません。両チームが共有する**独立した場所**にあり、そこに両チームの
# カウンターがそれぞれ置かれます（**WRGP-SW6**）。このことが多くのカードの処理を決めます:
#
# * フィールドを離れず、カードの効果を受けません（**WRGP-SW1**）。自分の10個の効果でも破壊されません。
# * ほかのフィールド魔法と入れ替わりません（**WRGP-SW2**）。各デュエリストは自分のフィールドゾーンに自分の
#   フィールド魔法を発動できます。
# * **自分のフィールドだけ**または**相手のフィールドだけ**を対象にする・数えるカードは届きません。
#   **「フィールド」**（両方）を対象にする・数えるカードは届きます。
# * フィールドゾーンを埋めないので、「自分のフィールドゾーンにフィールド魔法がある」は満たされず、「自分の
#   フィールドにカードが存在しない」ことが条件のカードは使えます。

# %%
explain("speed-world-placement", lang="ja")

# %%
explain("speed-world-indestructible", lang="ja")

# %%
explain("field-spell-beside-speed-world", lang="ja")

# %% [markdown]
# ## 誰の効果か（WRGP-SW7）
#
# 「スピード・ワールド」は誰のものでもありませんが、その効果は誰かのものです。**カウンターを取り除いたデュエリストが
# 使用した魔法カードの効果**として扱います。そのため、これで破壊されたモンスターは「相手の魔法カードの効果で破壊
# された」ことになり、それを条件とするカードもふつうに働きます。

# %%
explain("speed-world-is-a-spell", lang="ja")

# %% [markdown]
# ## 「カウンター・クリーナー」と「ゲート・ブロッカー」（WRGP-SW8）
#
# カウンターを直接扱うカードが2枚あります。「カウンター・クリーナー」はフィールドのカウンターをすべて取り除くので、
# 「スピード・ワールド」の両チームのカウンターがなくなります。「ゲート・ブロッカー」は表側表示の間、相手チームが
# カウンターを置けなくしますが、もう一つの「フィールド魔法の効果を無効にする」部分は「スピード・ワールド」に及びません。
# **解釈** `gate-blocker-stops-loss-counters`: スタンバイフェイズでも敗北でも、カウンターは置かれません。

# %%
explain("counter-cleaner-gate-blocker", lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** 自分の三番手（a = 3）が相手の二番手（b = 2）と対戦中です。4個取り除くと、相手は何ダメージ受けますか？

# %%
exercise("wrgp-speed-world-damage", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-speed-world-damage", lang="ja").answer()

# %% [markdown]
# **2.** 自分の一番手（a = 1）が相手の二番手（b = 2）と対戦中です。7個の効果で何枚ドローしますか？

# %%
exercise("wrgp-speed-world-draw", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-speed-world-draw", lang="ja").answer()

# %% [markdown]
# **3.** 「ハーピィの羽根帚」は**相手フィールドの**魔法・罠カードをすべて破壊します。「スピード・ワールド」は破壊されますか？（はい・いいえ）

# %%
exercise("wrgp-feather-duster", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-feather-duster", lang="ja").answer()
