# %% [markdown]
# # 06 · パワー・ボンドを1手順ずつ（WRGP-D3）
#
# 原文の3つ目の例はいちばん難しい例です。**同じターンに2人のデュエリストが続けて敗北し**、2人目の敗北は
# 1人目の引き継ぎの途中で起きます。
#
# **状況.** ターン3、チームAのターン。両チームの1番手のライフは4000、スピードカウンターは両チーム4個。
# Aの1番手がパワー・ボンドでサイバー・エンド・ドラゴンを融合召喚します。攻撃力は8000になり、エンドフェイズに
# パワー・ボンドが元々の攻撃力4000のダメージをAの1番手に与えます。サイバー・エンド・ドラゴンが直接攻撃します。
#
# **裁定（WRGP-D3）.** Bの1番手が0になって敗北し、引き継ぎが始まります。自動進行のエンドフェイズに、
# パワー・ボンドのダメージでAの1番手も0になります。この2人目の敗北も有効で、**2人とも**退場し
# （WRGP-H8: どちらの敗北も取り消せない）、両チームが2番手を出します。**後から**敗北したのはAの1番手なので、
# デュエルは**チームA**のターンから再開します。
#
# 英語版 `06-power-bond` の日本語版です。1手順ずつ処理してみましょう。

# %%
from IPython.display import display

from rulings_lib import WrgpMatch
from rulings_lib.diagrams import scenario_path
from rulings_lib.draw import picture
from rulings_lib.i18n import render
from rulings_lib.widgets import ScenarioStepper, check, play

pb = play("power-bond-handover")


def show_step(n):
    """手順nで起きたこと（エンジンのイベントとルールID）と、その後の状態の図。"""
    print(f"手順{n}: {pb.scenario.steps[n - 1].label()}")
    after = pb.snapshots[n]
    for event in after.events:
        if event.step == n:
            print(f"    [{event.rule}] {event.render('ja')}")
    for r in after.rejected:
        if r["step"] == n:
            print(f"    却下 [{r['rule']}] {render(r['code'], r['args'], 'ja')}")
    display(picture(after, "ja"))


picture(pb.snapshots[0], "ja")

# %% [markdown]
# ## 手順1 — パワー・ボンドのダメージを予約する
#
# パワー・ボンドのエンドフェイズのダメージは、すでに適用されてエンドフェイズを待つ効果です。キットはこれを
# エンドフェイズに適用される効果として記録します。続いて適用される効果はすべて、引き継ぎ中も適用されます（**WRGP-H7**）。

# %%
show_step(1)

# %% [markdown]
# ## 手順2と3 — 攻撃、Bの1番手の敗北
#
# サイバー・エンド・ドラゴンが8000で直接攻撃します。Bの1番手のライフは0になり（0より下がらない、**WRGP-F10**）、
# 敗北します（**WRGP-F1**）。同時に3つのことが起きます:
#
# * チームBは敗北によりスピードカウンターを2個、a = 1 ≥ b = 1 なのでさらに2個得る（**WRGP-SW4**）。
# * バトル中の敗北なので、バトルを中断してバトルフェイズを終える（**WRGP-H3**）。
# * 引き継ぎが始まり、エンドフェイズまで自動で進む（**WRGP-H1**）。ターンが終わるまで、Bの1番手がライフ0で席に残る。

# %%
show_step(2)
show_step(3)

# %% [markdown]
# 試合の現在地を、WRGPのターンと引き継ぎの図で示します。オレンジはシナリオの経路（番号は手順）、紫は現在地です:

# %%
scenario_path(pb, upto=3, lang="ja")

# %% [markdown]
# ## 手順4と5 — エンドフェイズまでの自動進行
#
# メインフェイズ２に進みますが、これは自動進行中のメインフェイズ２です。チームAがスペルスピード1のカードを
# 発動しようとすると、**WRGP-H2 により却下**されます。引き継ぎ中は、自分のメインフェイズを必要とすることは何もできません。

# %%
show_step(4)
show_step(5)

# %% [markdown]
# ## 手順6 — エンドフェイズ: 2人目の敗北
#
# ターンが終わります。エンドフェイズにパワー・ボンドがAの1番手に4000ダメージを与え、Aの1番手は0になって、
# Bの引き継ぎ**中に**敗北します。これが **WRGP-D3** です:
#
# * 新たな敗北も有効で、チームAもスピードカウンターを得る（a = 1 ≥ b = 1 なので4個）。
# * 2人とも退場する（**WRGP-H8**、解釈 `second-loss-both-out`）。
# * ターンの終わりに両方の引き継ぎが完了し、Bの2番手とAの2番手がそれぞれライフ8000で出て、チームメイトの
#   フィールドを引き継ぐ。
# * 後から敗北したのはAの1番手なので、デュエルはチーム**A**のターンから再開し（**WRGP-F2**）、後攻として行う（**WRGP-F3**）。

# %%
show_step(6)

# %% [markdown]
# 最初からターン4のAの2番手のドローフェイズまでの経路全体です:

# %%
scenario_path(pb, lang="ja")

# %% [markdown]
# ## 処理記録の全体
#
# `rulings run rulings_lib/scenarios/wrgp/power-bond-handover.yaml --lang ja` の表示と同じです（期待した結果を含む）:

# %%
print(pb.transcript("ja"))

# %% [markdown]
# ## 自分で1手順ずつ進める
#
# ステッパーはこのシナリオから始まります。ほかのシナリオも一覧から選べます。

# %% tags=["nbval-ignore-output"]
ScenarioStepper(start="power-bond-handover", lang="ja")

# %% [markdown]
# ## もしAの1番手が生き残ったら？
#
# Aの1番手のライフを4000ではなく5000にすると、パワー・ボンドの4000ダメージの後もライフ1000で残ります。
# 退場するのはBの1番手だけで、通常の引き継ぎと同じく、デュエルは**チームB**のターンから再開します:

# %%
m = WrgpMatch(turn=3, player="A", phase="main1", lp={"A": 5000, "B": 4000}, spc={"A": 4, "B": 4})
m.at_end_phase("A", "パワー・ボンド", to="self", amount=4000)
m.phase("battle")
m.attack("A", damage=8000)
m.end_turn()
print("退場:", m.out)
print("次のターン:", m.turn, "プレイヤー", m.duelist(m.player), "| ライフ", m.lp, "| スピードカウンター", m.spc)

# %% [markdown]
# ## 練習問題
#
# **1.** 原文の例で、ターン4を行うのはどのデュエリストですか？

# %%
answer_1 = ...

# %%
final = pb.match
check(answer_1, final.duelist(final.player), "WRGP-D3: 後から敗北したのはAの1番手なので、次はチームA", lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_1 = "A2"
check(solution_1, final.duelist(final.player), "WRGP-D3: 後から敗北したのはAの1番手なので、次はチームA", lang="ja")

# %% [markdown]
# **2.** ターン4の初めに、各チームのスピードカウンターはいくつですか？ `{"A": 0, "B": 0}` のように書いてください。

# %%
answer_2 = ...

# %%
check(answer_2, pb.outcome["spc"], "最初の4個に、それぞれの敗北で4個（WRGP-SW4）", lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_2 = {"A": 8, "B": 8}
check(solution_2, pb.outcome["spc"], "最初の4個に、それぞれの敗北で4個（WRGP-SW4）", lang="ja")
