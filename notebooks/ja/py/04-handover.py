# %% [markdown]
# # 04 · 引き継ぎ
#
# ふつうのデュエルでは、ライフが0になったプレイヤーは敗北し、デュエルは終わります。WRGPではデュエルが続きます。
# 敗北したデュエリストが抜け、そのチームの次の番手が**フィールドを引き継ぎ**ます。モンスター、魔法・罠、
# フィールド魔法、適用中の効果までです。これが**引き継ぎ**で、このルールの中心です。
#
# 引き継ぎは3つの部分からなり、このノートブックでは順に扱います:
#
# 1. **自動進行** — 敗北が起きたターンは、制限つきでエンドフェイズまで進む
# 2. **交代** — そのターンの終わりに次の番手が出て、フィールドを引き継ぐ
# 3. **再開** — 引き継ぎを行ったチームのターンからデュエルを再開する
#
# 最後に、敗北なしの引き継ぎである**バトンタッチ**を扱います。英語版 `04-handover` の日本語版です。

# %%
from rulings_lib.widgets import MatchTracker, ScenarioStepper, exercise, explain, explain_steps
from rulings_lib.wrgp import tables as T

# %% [markdown]
# 手続き全体を1枚の図にしました。このノートブックでは、この図を箱ごとにたどります。

# %%
from rulings_lib.diagrams import wrgp_handover

wrgp_handover(lang="ja")

# %% [markdown]
# ## 1. 自動進行（WRGP-F1、H1）
#
# デュエリストの敗北が決まった瞬間に、引き継ぎが始まります（**WRGP-F1**）。ターンは打ち切られず、**フェイズも
# スキップしません**。いまのフェイズを終え、フェイズを1つずつエンドフェイズまで自動で進みます（**WRGP-H1**）。
# バトルフェイズでの敗北なら、メインフェイズ２を通ります。ターンが終わるまで、敗北したデュエリストはライフ0のまま
# その番手に残ります。

# %%
explain("run-on-to-end-phase", lang="ja")

# %% [markdown]
# ### 自動進行中にできること、できないこと（WRGP-H2）
#
# 自動進行中も両チームは**応じる**ことはできますが、自分のメインフェイズでしかできないことを始めることはできません。
# つまり、*自然に*起きる効果やスペルスピード2以上の効果はかまいませんが、召喚、セット、スペルスピード1の発動を
# 「自分から」行うことはできません:

# %%
from rulings_lib.i18n import render

for kind, allowed in T.HANDOVER_ALLOWED.items():
    print(f"{'できる  ' if allowed else 'できない'}  {render('wrgp.action.' + kind, {}, 'ja')}")

# %% [markdown]
# （最後の2行はルールブックに記載のない点の**解釈**です。攻撃はカードの効果ではなく（`no-attack-in-run-on`）、「スピード・ワールド」の
# 効果はスペルスピード1です（`speed-world-is-ignition-spell`）。）
#
# 自動進行中のメインフェイズ２も、本当のメインフェイズではありません。表のとおりに処理してみます:

# %%
explain("run-on-what-is-allowed", lang="ja")

# %% [markdown]
# ### バトル中の敗北はバトルを中断する（WRGP-H3）
#
# バトル中（攻撃宣言からダメージ計算の終わりまで）に敗北すると、バトルはそこで止まり、バトルフェイズが終わります。
# 2体目のモンスターが次の番手に攻撃することはできません:

# %%
explain("battle-interrupted", lang="ja")

# %% [markdown]
# ## 2. 交代: 次の番手が引き継ぐもの（WRGP-H4）
#
# ターンが終わると次の番手が席に着き、敗北したデュエリストの**フィールド**を引き継ぎます:
#
# | 引き継ぐ | 敗北したデュエリストのもとに残る |
# |---|---|
# | メインモンスターゾーンとエクストラモンスターゾーン | 手札 |
# | 魔法＆罠ゾーン（ペンデュラムゾーンを含む） | 墓地 |
# | フィールドゾーン | 除外されたカード |
#
# 次の番手は**自分の**手札とデッキでデュエルします。敗北したデュエリストの手札は使いません。フィールドのカードは
# そのままの状態で引き継ぎます。裏側表示のカードは裏側のまま、エクシーズモンスターは素材を持ったまま、カウンターは
# カードに置かれたまま、装備カードは装備したままです。

# %%
explain("field-is-inherited", lang="ja")

# %% [markdown]
# ### 引き継いだカードのその後の行き先（WRGP-H5、H6）
#
# 引き継いだカードは新しいデュエリストのカードとしてプレイされ、次に行く場所によって行き先が決まります:
#
# * **墓地**、**除外**、**表側でエクストラデッキ**（ペンデュラムモンスター）なら、**新しい**デュエリストのところ
#   （**WRGP-H5**。除外については**解釈** `banished-handed-over-cards-follow-gy`）
# * **手札**、**メインデッキ**、**裏側でエクストラデッキ**なら、**本来の持ち主**（そのカードを持ち込んだデュエリスト）
#   のところ（**WRGP-H6**。何度引き継がれても、そのカードがデッキにあったデュエリストとするのは**解釈**
#   `owner-is-who-brought-it`）。コストとしてそこへ戻すこともできます。

# %%
explain("inherited-to-new-gy", lang="ja")

# %%
explain("inherited-back-to-owner", lang="ja")

# %% [markdown]
# ### すでに適用された効果は引き継がれる（WRGP-H7）
#
# すでに適用されている制約や継続する効果は、次の番手にも適用され続けます。チームメイトが「このデュエル中、自分は〜
# できない」というカード（ルールブックの例は「発禁令」と「雪花の光」）を発動していたら、あなたもそれに縛られます。
# エンドフェイズに適用される遅延効果も同じです。

# %%
explain("effects-carry-over", lang="ja")

# %% [markdown]
# ### 敗北は取り消せない（WRGP-H8）
#
# 敗北が決まって引き継ぎが始まったら、ライフを回復してもデュエリストは戻りません。ライフは加わりますが
# （回復はする）、敗北はそのままです（**解釈** `gain-after-loss-does-not-save`）:

# %%
explain("loss-cannot-be-undone", lang="ja")

# %% [markdown]
# ## 3. 再開: 次のターンは誰か（WRGP-F2、F3）
#
# 交代のあと、デュエルは**引き継ぎを行ったチームのターン**、つまりその新しい番手のターンから再開します（**WRGP-F2**）。
# 敗北がそのチーム自身のターンに起きた場合も同じで、そのチームが2ターン続けて行います。新しい番手は「後攻として」、
# ドローもバトルフェイズもあるターンを行います（**WRGP-F3**）。

# %%
explain("resume-own-turn", lang="ja")

# %% [markdown]
# 相手のターンでの敗北でも同じです。**シナリオステッパー**で例を1手順ずつ見てください。リストから好きなシナリオを
# 選び、スライダーかボタンで動かします:

# %% tags=["nbval-ignore-output"]
ScenarioStepper(start="battle-interrupted", lang="ja")

# %% [markdown]
# ステッパーはエンジンの記録を見せるだけです。そのシナリオの手順1と、そのあとの試合です。Bの一番手に×が付いて
# 引き継ぎ中（点線）、ターンの終わりにBの二番手が出ること、フェイズの列に中断されたバトルフェイズからの自動進行が
# 表示されます。

# %%
explain_steps("battle-interrupted", 1, lang="ja")

# %% [markdown]
# ## バトンタッチ（WRGP-H9）
#
# チームは**敗北しなくても**デュエリストを交代できます。これがバトンタッチで、できるのは
#
# * そのチームの**自分のドローフェイズの、ドローの前**だけ、かつ
# * 試合の最初のターンの先攻のプレイヤーはできません。
#
# 敗北ではなく交代なので、スピードカウンターは**得ません**（WRGP-SW4は適用されない）。抜けたデュエリストは戻れ
# ません。ルールブックのサレンダーを交代にしたものです。それ以外は**解釈** `baton-touch-inherits-field`
# で引き継ぎと同じに処理します。次の番手はフィールドを引き継ぎ、同じターンをドローから続けます。

# %%
explain("baton-touch", lang="ja")

# %%
explain("baton-touch-first-turn", lang="ja")

# %% [markdown]
# ## 実際の試合の記録: トラッカー
#
# テーブルでは、**試合トラッカー**がライフ、カウンター、番手、フェイズを記録します。どのボタンも同じエンジンを
# 通るので、スタンバイフェイズのカウンター、敗北、引き継ぎ、バトンタッチをルールどおりに処理し、ルールで
# できないことはルールIDを示して断ります。**保存**で試合をファイルに書き、**読み込み**で再生します。

# %% tags=["nbval-ignore-output"]
MatchTracker(lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** **チームA**のターンに、チームAのモンスターがB1を戦闘で倒しました。次のターンはどちらのチームですか？

# %%
exercise("wrgp-battle-loss-next-team", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-battle-loss-next-team", lang="ja").answer()

# %% [markdown]
# **2.** A1が敗北し、A2がA1の「スターダスト・ドラゴン」を引き継ぎました。そのあと、チームBの効果で
# 「スターダスト・ドラゴン」が裏側でエクストラデッキに戻ります。A1とA2のどちらのエクストラデッキに戻りますか？

# %%
exercise("wrgp-inherited-extra-deck", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-inherited-extra-deck", lang="ja").answer()

# %% [markdown]
# **3.** B1の敗北後の自動進行中、チームAはメインフェイズ２に手札からカードを（カードの効果ではなく）**セット**
# できますか？（はい・いいえ）

# %%
exercise("wrgp-set-in-run-on", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-set-in-run-on", lang="ja").answer()
