# %% [markdown]
# # 02 · WRGPの試合
#
# WRGPの試合では、3人ずつの2チームが**勝ち抜き戦**を行います。両チームの一番手から始め、デュエリストが敗北すると
# そのチームの次の番手が引き継ぎます。特徴は、試合全体（6人全員）が**ひとつのデュエル**だということです。
# デュエリストが替わってもカードはフィールドに残り、「デュエル中に1度」は試合を通してチームで1度、
# 「スピード・ワールド」は最初のターンから最後まで両チームのカウンターを数え続けます。
#
# このノートブックでは、どの試合にもあること（選出順、最初のターン、ターンのフェイズ、スピードカウンター、勝ち方）を
# 扱います。敗北のあとに起きること、つまり**引き継ぎ**はノートブック04で説明します。ここでは、敗北すると引き継ぎが
# 始まることだけを見ます。英語版 `02-wrgp-match` の日本語版です。

# %%
from rulings_lib import WrgpMatch
from rulings_lib.widgets import exercise, explain
from rulings_lib.wrgp import tables as T

# %% [markdown]
# ## チームと選出順（WRGP-S1、S3、S4）
#
# チームは3人です（**WRGP-S1**）。試合の前に、各チームは**選出順**（誰が一番手・二番手・三番手か。**番手**、
# **WRGP-S3**）を決め、両チームの一番手がデュエルを始めます。「スピード・ワールド」は最初から適用されています
# （**WRGP-S4**）。このノートブックでは、デュエリストをチームと番手で呼びます。`A1` はチームAの一番手、
# `B3` はチームBの三番手です。
#
# どのデュエリストもライフ8000から始めます。あとから出るデュエリストも同じです（**解釈**
# `lp-floor-and-start`、**WRGP-F10**: ルールブックには書かれていません）。デュエリストは**選出順に**出ます。
# A1が敗北するとA2が、A2が敗北するとA3が引き継ぎます。ここではチームAが2人続けて敗北します:

# %%
explain("lineup-order", lang="ja")

# %% [markdown]
# ## 6人でひとつのデュエル（WRGP-F6）
#
# 試合はひとつのデュエルなので、「デュエル中に1度しか使用できない」カード（ルールブックの例は「スポーア」）は、
# **試合を通してチームで1度**しか使えません。あとから出たチームメイトはもう使えませんが、相手チームには相手チームの
# 1度があります。

# %%
explain("once-per-duel-team", lang="ja")

# %% [markdown]
# ## ターンのフェイズ
#
# WRGPのターンは、遊戯王の通常のターンと同じ6つのフェイズです。各フェイズで関わるルールIDとともに:

# %%
for p in T.PHASES:
    print(f"{p.japanese:12} {', '.join(p.rules)}")

# %% [markdown]
# 同じものを図にしました。実線の矢印はふつうのターンの順番、点線の矢印は例外（最初のターンの近道、ドロー前の
# バトンタッチ、どちらのメインフェイズからでも使える「スピード・ワールド」の効果）です。どのフェイズで敗北しても、
# 引き継ぎ（ノートブック04）へ進みます。

# %%
from rulings_lib.diagrams import wrgp_turn

wrgp_turn(lang="ja")

# %% [markdown]
# ## 最初のターン（WRGP-F5）
#
# 試合のいちばん最初のターン（先攻のチームAの一番手のターン）だけは、**ドローもバトルフェイズもありません**
# （**WRGP-F5**）。それ以外のターンには両方あります。引き継ぎの直後に新しいデュエリストが行うターンも同じです
# （**WRGP-F3**: そのターンは「後攻として」行います）。ここではA1がターン1に攻撃しようとし、そのあとターン1に
# 敗北します。ターン2はA2が行い、攻撃できます。

# %%
explain("first-turn-limits", lang="ja")

# %% [markdown]
# ## スタンバイフェイズごとに増えるスピードカウンター（WRGP-SW3）
#
# 「スピード・ワールド」には、チームごとにスピードカウンターが置かれます。**どの**スタンバイフェイズでも、誰のターンかに
# かかわらず、**両**チームが2個ずつ得ます。上限は1チーム12個です（**WRGP-SW3**）。何も起きない7ターン:

# %%
m = WrgpMatch()
for _ in range(7):
    m.phase("standby")
    print(f"ターン{m.turn}（{m.duelist(m.player)}のターン）スタンバイフェイズのあと: "
          f"チームA {m.spc['A']:2}個、チームB {m.spc['B']:2}個")
    m.end_turn()

# %% [markdown]
# ターン6からは両チームとも上限で、7回目のスタンバイフェイズでは増えません。
#
# ## 敗北でもカウンターが増える（WRGP-SW4）
#
# デュエリストが敗北すると、**そのデュエリストの**チームが2個得ます。さらに、敗北したデュエリストの番手 `a` が
# 相手の番手 `b` 以上なら2個追加です（**WRGP-SW4**）。つまり、相手と同じ番手かそれより後ろで敗北したチームは
# 4個、まだ相手より前の番手（a < b）で敗北したチームは2個得ます。ルールブックに記載のない点の**解釈**が2つあります。`a` と `b` は
# 敗北の瞬間の番手で読みます（`loss-counters-at-the-moment`）。上限12個はこのカウンターにも適用します
# （`counter-cap-12`: ルールブックは上限をスタンバイフェイズについてだけ書いています）。

# %%
print("敗北したチームが得るスピードカウンター")
print("            " + "  ".join(f"b = {b}" for b in (1, 2, 3)))
for a in (1, 2, 3):
    print(f"敗北 a = {a}   " + "  ".join(f"{T.loss_counters(a, b):5}" for b in (1, 2, 3)))

# %%
explain("loss-counters", lang="ja")

# %% [markdown]
# カウンターは「スピード・ワールド」の効果に使います。それはノートブック**03**です。
#
# ## 勝ち方（WRGP-F4、F7、F8、F9）
#
# 相手チームのデュエリストを全員倒したチームの勝ちです（**WRGP-F4**）。試合は、チームの最後のデュエリストが
# 敗北した瞬間に終わります（**解釈** `match-ends-at-last-loss`）:

# %%
explain("last-duelist-wins", lang="ja")

# %% [markdown]
# 勝ち負けについてのルールがあと3つあります:
#
# * **特殊勝利（WRGP-F8）。** 「封印されしエクゾディア」のような「デュエルに勝利する」効果で試合に勝つことはありません。条件を
#   満たした瞬間に、チェーンできない誘発効果になり、相手デュエリスト1人のライフを0にしてそのデュエリストを敗北
#   させます。試合は相手の次の番手で続き、その条件で勝ち続けることもありません。

# %%
explain("special-victory", lang="ja")

# %% [markdown]
# * **ライフのループ（WRGP-F7）。** 何度でもライフを回復できるコンボは、各プレイヤー1回だけ回復します
#   （何回を「1回」とするかは**解釈** `lp-loop-once-per-player`）。

# %%
explain("lp-loop-once", lang="ja")

# %% [markdown]
# * **わざと敗北する（WRGP-F9）。** 自分へのダメージや自爆特攻など、カードのプレイでわざと敗北してかまいません。
#   たとえば、自分のフィールドをチームメイトに引き継がせるためです。

# %%
explain("deliberate-loss", lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** まだ誰も敗北しておらず、試合はターン4のチームBのメインフェイズ１です。チームAのスピードカウンターは何個ですか？

# %%
exercise("wrgp-standby-counters", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-standby-counters", lang="ja").answer()

# %% [markdown]
# **2.** チームAの一番手（`b = 1`）がデュエル中に、チームBの二番手（`a = 2`）が敗北しました。チームBは何個得ますか？

# %%
exercise("wrgp-loss-counters", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-loss-counters", lang="ja").answer()

# %% [markdown]
# **3.** 試合の最初のターンに、チームAの一番手はバトルフェイズに入って攻撃できますか？（はい・いいえ）

# %%
exercise("wrgp-first-turn-battle", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("wrgp-first-turn-battle", lang="ja").answer()
