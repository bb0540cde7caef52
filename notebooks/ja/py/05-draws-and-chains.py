# %% [markdown]
# # 05 · 引分けとチェーン
#
# 通常のデュエルでは、両プレイヤーのライフが同時に0になると**引分け**です。WRGPの勝ち抜き戦で引分けにすると
# 続ける人がいなくなるので、ルールブックは「両者0」をすべて**1人の**敗北と引き継ぎにします。どちらが敗北するかは、
# 2人がどのように0になったかで決まります。原文の例とともに3つの場合があります:
#
# | ルール | 両者0になり方 | 敗北するのは | 原文の例 |
# |---|---|---|---|
# | **WRGP-D1** | 1枚のカードで同時に両者0 | カードを使われた側（使った側が勝利扱い） | 破壊指輪 |
# | **WRGP-D2** | 両者が組んだチェーンの後に両者0 | チェーンで**最後に**ダメージを受けた側 | 火の粉と連鎖爆撃 |
# | **WRGP-D3** | 引き継ぎ中にもう1人が敗北 | **2人とも**。次のターンは後から敗北した側のチーム | パワー・ボンド（06） |
#
# 英語版 `05-draws-and-chains` の日本語版です。

# %%
from rulings_lib import WrgpMatch
from rulings_lib.diagrams import scenario_path
from rulings_lib.faq import load_faq
from rulings_lib.widgets import check, play

faq = {e.reading: e for e in load_faq(run=False) if e.reading}

# %% [markdown]
# ## カードによる引分け: 破壊指輪（WRGP-D1）
#
# 両デュエリストのライフは1000。Aの1番手が破壊指輪を使い、**両プレイヤー**に同時に1000ダメージを与えます。
# 通常のルールなら引分けです。
#
# WRGPでは**カードのコントローラーを勝者として扱います**。敗北するのはBの1番手だけで、引き継ぎはB側で行い、
# デュエルはカードを使われたチームのターン（WRGP-F2）、Bの2番手から再開します。

# %%
ring = play("destruction-ring-draw")
print(ring.transcript("ja"))

# %% [markdown]
# 図では、メインフェイズ１から「1枚のカードで同時に両者0」（WRGP-D1）を通って、B1の敗北と自動進行へ進みます:

# %%
scenario_path(ring, lang="ja")

# %% [markdown]
# ### ライフ0で残るデュエリスト（解釈 `draw-survivor-stays-at-0`）
#
# 最終状態のAの1番手は**ライフ0のままデュエルに残っています**。ルールブックは、この引分けで勝利扱いになった
# プレイヤーのその後を書いていません。キットの解釈では、0のまま残るだけでは新たな敗北にはならず、
# **次にダメージを受けるかライフを払うと敗北します**。原文が答えていない点なので、キットはそのことを明示します:

# %%
e = faq["draw-survivor-stays-at-0"]
print("Q.", e.q("ja"))
print("A.", e.a("ja"))

# %% [markdown]
# 次のターン、残ったデュエリストはBのスピード・ワールドのダメージを受けて、すぐに敗北します:

# %%
print(play("draw-survivor-loses-on-damage").transcript("ja"))

# %% [markdown]
# ## チェーンの後に両者0: 火の粉と連鎖爆撃（WRGP-D2）
#
# 両デュエリストのライフは200。Aがチェーン1で火の粉（相手に200ダメージ）を発動し、Bがチェーン2で
# 連鎖爆撃（チェーンの番号×400ダメージ。チェーン2なので800）を発動します。チェーンは**逆順に**処理します:
#
# 1. チェーン2の連鎖爆撃を先に処理: Aが0になる。
# 2. 次にチェーン1の火の粉: Bが0になる。
#
# 通常のルールでは、チェーンの途中でもライフが0になった**その時点で**決着し、火の粉は処理されません。
# WRGPでは、チェーンをすべて処理してから敗北を確かめます（解釈 `chain-loss-checked-after-chain`）。
# そのとき両者0なので WRGP-D2 により、**最後にダメージを受けた側**、つまり火の粉を受けたBが敗北します。
# Aの1番手は（WRGP-D1と同じく）ライフ0で残り、次のターンはBの2番手です。

# %%
sparks = play("sparks-chain-strike")
print(sparks.transcript("ja"))

# %%
scenario_path(sparks, lang="ja")

# %% [markdown]
# 敗北の確認がチェーンの終わりまで待つので、チェーンの途中で0になったデュエリストも、後のチェーンで
# ライフを**回復**すれば助かります。通常のルールならAはチェーンの途中で敗北していますが、ここではAはライフ500で
# チェーンを終えます:

# %%
print(play("chain-gain-saves").transcript("ja"))

# %% [markdown]
# ## 引き継ぎ中の2人目の敗北（WRGP-D3）
#
# 3つ目の場合は別の形です。両者を同時に0にする1つの出来事ではなく、**別々の2つの敗北**です。Bの1番手が敗北して
# エンドフェイズまでの自動進行中に、Aの1番手*も*敗北します。WRGP-H8 によりどちらの敗北も取り消せないので
# **2人とも**退場し（解釈 `second-loss-both-out`）、デュエルは**後から**敗北したデュエリストのチームのターンから
# 再開します。原文の例、パワー・ボンドはノートブック**06**で扱います。

# %%
print(play("second-loss-during-handover").transcript("ja"))

# %% [markdown]
# ## 練習問題
#
# **1.** 火の粉と連鎖爆撃のチェーンで、WRGPでは誰が敗北しますか？

# %%
answer_1 = ...

# %%
check(answer_1, sparks.outcome["out"][0], "WRGP-D2: 最後にダメージを受けたのはB", lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_1 = "B1"
check(solution_1, sparks.outcome["out"][0], "WRGP-D2: 最後にダメージを受けたのはB", lang="ja")

# %% [markdown]
# **2.** 今度は**B**のターンで、両者のライフは500、Bの1番手が破壊指輪（両者に1000ダメージ）を使います。
# ライフ0でデュエルに残るのはどのデュエリストですか？

# %%
answer_2 = ...

# %%
m = WrgpMatch(turn=4, player="B", phase="main1", lp={"A": 500, "B": 500})
m.damage("B", to="both", amount=1000, card="破壊指輪")
check(answer_2, m.state()["at_zero"][0], "WRGP-D1: カードのコントローラーを勝者として扱う", lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_2 = "B1"
check(solution_2, m.state()["at_zero"][0], "WRGP-D1: カードのコントローラーを勝者として扱う", lang="ja")
