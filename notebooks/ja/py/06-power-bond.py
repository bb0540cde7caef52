# %% [markdown]
# # 06 · パワー・ボンドを1手順ずつ（WRGP-D3）
#
# ルールブックの3つ目の例がいちばん難しいのは、同じターンに2人のデュエリストが**続けて**敗北し、2人目の敗北が
# 1人目の引き継ぎの最中に起きるからです。
#
# **状況。** ターン3、チームAのターン。両チームの一番手のライフは4000、スピードカウンターは両チーム4個。Aの一番手は
# **パワー・ボンド**で**サイバー・エンド・ドラゴン**を融合召喚しています。攻撃力は倍の8000になり、エンドフェイズに
# パワー・ボンドがAの一番手にそのモンスターの元々の攻撃力分、4000のダメージを与えます。サイバー・エンド・ドラゴンが
# 直接攻撃します。
#
# **裁定（WRGP-D3）。** Bの一番手のライフが0になって敗北し、引き継ぎが始まります。自動進行のエンドフェイズに、
# パワー・ボンドのダメージでAの一番手も0になります。この2人目の敗北も有効で、Aの一番手が**後から**敗北したので、
# デュエルは**チームA**のターンから再開します。本キットの**解釈** `second-loss-both-out` では、**両方**とも退場し
# （WRGP-H8: どちらの敗北も取り消せない）、両チームが二番手を出します。Aの二番手は、フィールドに残っている
# サイバー・エンド・ドラゴンを引き継ぎます。
#
# 1手順ずつ処理してみましょう。英語版 `06-power-bond` の日本語版です。

# %%
from rulings_lib.diagrams import scenario_path
from rulings_lib.widgets import ScenarioStepper, exercise, explain, explain_steps

pb = explain("power-bond-cyber-end-dragon", lang="ja")
explain_steps(pb.result, 1, 2, lang="ja")

# %% [markdown]
# ## 手順1と2 — フィールドのサイバー・エンド・ドラゴン、待っているパワー・ボンドのダメージ
#
# サイバー・エンド・ドラゴンはAの一番手のフィールド（エクストラモンスターゾーン）にいます。パワー・ボンドの
# エンドフェイズのダメージは、すでに適用されてエンドフェイズを待っている効果です。継続する効果と同じく、引き継ぎの
# 最中にも適用されます（**WRGP-H7**）。
#
# ## 手順3と4 — 攻撃と、Bの一番手の敗北
#
# サイバー・エンド・ドラゴンが8000で直接攻撃します。Bの一番手のライフは0になり（ライフは0より下がらない。本キットの
# **解釈** `lp-floor-and-start`）、敗北します（**WRGP-F1**）。3つのことが同時に起きます:
#
# * チームBは敗北の分のスピードカウンターを得る。2個、さらに a = 1 ≥ b = 1 なので2個（**WRGP-SW4**）
# * 敗北はバトル中なので、バトルは中断され、バトルフェイズが終わる（**WRGP-H3**）
# * 引き継ぎが始まり、ターンはエンドフェイズまで自動で進む（**WRGP-H1**）。ターンが終わるまで、Bの一番手は
#   ライフ0でその番手に残る

# %%
explain_steps(pb.result, 3, 4, lang="ja")

# %% [markdown]
# いまの試合の位置を、WRGPのターンと引き継ぎの図に描きました。オレンジの道がシナリオの通ったところ（手順の番号つき）、
# 紫の箱が「いまここ」です:

# %%
scenario_path(pb.result, upto=4, lang="ja")

# %% [markdown]
# ## 手順5と6 — エンドフェイズまでの自動進行
#
# メインフェイズ２に進みますが、自動進行中のメインフェイズ２です。チームAがスペルスピード1のカードを発動しようと
# しますが、**WRGP-H2によりできません**。引き継ぎ中は、自分のメインフェイズでしかできないことは行えません。

# %%
explain_steps(pb.result, 5, 6, lang="ja")

# %% [markdown]
# ## 手順7 — エンドフェイズ: 2人目の敗北と、引き継がれるサイバー・エンド・ドラゴン
#
# ターンが終わります。エンドフェイズにパワー・ボンドがAの一番手に4000ダメージを与え、Aの一番手は0になって
# 敗北します。Bの引き継ぎの**最中に**です。これが**WRGP-D3**です:
#
# * 新しい敗北も有効で、チームAもスピードカウンターを得る（a = 1 ≥ b = 1 なので4個）
# * 両方とも退場する（本キットの**解釈** `second-loss-both-out`、**WRGP-H8**から）
# * ターンの終わりに両方の引き継ぎが終わり、Bの二番手とAの二番手がそれぞれライフ8000で出て、チームメイトの
#   フィールドを引き継ぐ（**WRGP-H4**）。B1のフィールドは空、**A2はサイバー・エンド・ドラゴンを引き継ぐ**
#   （パワー・ボンドによる攻撃力8000のまま）
# * 後から敗北したのはAの一番手なので、デュエルは**チームA**のターンから再開し（**WRGP-F2**）、後攻として行う
#   （**WRGP-F3**）。A2はターン4を、ドロー、バトルフェイズ、攻撃力8000のサイバー・エンド・ドラゴンとともに、
#   フィールドが空のB2を相手に始める

# %%
explain_steps(pb.result, 7, lang="ja")

# %% [markdown]
# セットアップから、ターン4のAの二番手のドローフェイズまでの道全体です:

# %%
scenario_path(pb.result, lang="ja")

# %% [markdown]
# ## シナリオ全体
#
# 決め手になる手順と、（クリックで開く）全記録です:

# %%
pb

# %% [markdown]
# ## 自分で1手順ずつ
#
# ステッパーはルールブックの例から始まります。ほかのシナリオはリストにあります。

# %% tags=["nbval-ignore-output"]
ScenarioStepper(start="power-bond-cyber-end-dragon", lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** ルールブックの例で、ターン4を行うのは誰ですか？

# %%
exercise("wrgp-power-bond-turn-4", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-power-bond-turn-4", lang="ja").answer()

# %% [markdown]
# **2.** ターン4の開始時、各チームのスピードカウンターは何個ですか？（たとえば `"A 0, B 0"`）

# %%
exercise("wrgp-power-bond-counters", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-power-bond-counters", lang="ja").answer()

# %% [markdown]
# **3.** 同じ例で、攻撃が3000ダメージだけだったら（Bの一番手はライフ1000で残る）、エンドフェイズにパワー・ボンドで
# Aの一番手だけが0になります。次のターンはどちらの**チーム**ですか？

# %%
exercise("wrgp-power-bond-only-a", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-power-bond-only-a", lang="ja").answer()
