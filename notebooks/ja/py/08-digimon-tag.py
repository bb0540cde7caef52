# %% [markdown]
# # 08 · デジモン タッグバトル
#
# キットの2つ目のルールは、バンダイの初代デジモンカードゲームの2対2のレギュレーション、
# **タッグバトル レギュレーション Ver-T,1.0** です。4人が2組の**タッグ**に分かれて1つのテーブルに座り、
# 同じターンに4体のデジモンがバトルします。各プレイヤーは目の前に座る相手と戦います。
#
# このノートブックでは、席とアルファベット、各フェイズの順番、バトルとポイント、次のターンの先攻、脱落、
# 1対1への切り替え、効果を誰に向けられるかを扱います。示す裁定はすべてエンジンのもので、ルールID（`TAG-…`）を
# 示します。英語版 `08-digimon-tag` の日本語版です。

# %%
from rulings_lib.diagrams import tag_next_turn, tag_turn
from rulings_lib.draw import picture
from rulings_lib.tag import PHASES, TagMatch
from rulings_lib.widgets import TagTurnHelper, check, play
from rulings_lib.widgets import tag_turn as play_turn

# %% [markdown]
# ## 席とアルファベット（TAG-S1、TAG-S2）
#
# 両タッグの代表者がじゃんけんをして、勝った方のタッグがこのターンの**先攻**、もう一方が**後攻**です。
# 勝った人とその前の人が**Ａ**、もう一人とその前の人が**Ｂ**です。**ＡはＡと、ＢはＢと戦います。**
#
# アルファベットは試合中変わりません（**TAG-S2**）。ターンごとに変わるのはどちらのタッグが先攻かなので、
# 4つの**席**は `先攻Ａ`、`後攻Ａ`、`先攻Ｂ`、`後攻Ｂ` と呼びます。キットではプレイヤーを `red-A`、`blue-B` の
# ようにタッグ名とアルファベットで呼びます。
#
# 開始前に、各プレイヤーはレベル３デジモンを伏せて置き、デッキ（ネットの海）を相手にシャッフルしてもらい、
# ポイントゲージを100に合わせます（**TAG-S1**）。

# %%
SEAT = {"first-A": "先攻Ａ", "second-A": "後攻Ａ", "first-B": "先攻Ｂ", "second-B": "後攻Ｂ"}
m = TagMatch(("red", "blue"), first="red")
print("先攻:", m.first, "| 後攻:", m.second)
for seat, player in m.seats().items():
    print(f"{SEAT[seat]} {player:7} 相手 {m.opponent(player)}、相方 {m.partner(player)}")
print("ポイントゲージ:", m.points)

# %% [markdown]
# テーブルと同じ並びです。ＡはＡと、ＢはＢとテーブル越しに向かい合い、上が先攻のタッグです:

# %%
picture(m, "ja")

# %% [markdown]
# ## フェイズと順番（TAG-P1…P5）
#
# 1ターンは5つのフェイズです。各フェイズで、プレイヤーは**決まった席順に1人ずつ**行います。順番はフェイズごとに
# 違い、バトル開始時は後攻のタッグから行います。

# %%
for p in PHASES:
    print(f"{p.rule}  {p.japanese:10} " + " ＞ ".join(SEAT[s] for s in p.order))

# %% [markdown]
# 同じ表から描いた図です:

# %%
tag_turn(lang="ja")

# %% [markdown]
# エンジンは順番を確かめます。このシナリオ（ターン2、blueが先攻）では、順番でないプレイヤーが行おうとすると、
# そのフェイズのルールで却下されます:

# %%
print(play("phase-orders").transcript("ja"))

# %% [markdown]
# ## バトルとポイント（TAG-P5）
#
# ポイント計算フェイズで、2つのバトルを**アルファベットごとに**決めます。Ａどうし、Ｂどうしで攻撃力を比べます。
# バトルに負けた人は、自分のカードの**ロストポイント**のうち、**相手のデジモンのレベル**の欄の分だけ、自分の
# ポイントゲージを減らします（相手の情報欄に「究極体級デジモン」とあれば究極体として扱います）。攻撃力が同じなら
# 引き分けで、誰もポイントを減らしません（キットの解釈 `equal-power-is-draw`）。

# %%
print(play("lost-points-table").transcript("ja"))

# %% [markdown]
# ## 次のターンの先攻（TAG-N1…N5）
#
# バトルの結果で、次のターンにどちらのタッグが先攻かが決まります:

# %%
tag_next_turn(lang="ja")

# %% [markdown]
# 1勝ずつなら先攻と後攻が入れ替わり、一方のバトルが引き分けなら、もう一方のバトルで決まります:

# %%
print(play("split-result-swaps").transcript("ja"))

# %%
print(play("draw-other-battle-decides").transcript("ja"))

# %% [markdown]
# ## ターン補助
#
# テーブルで使うときは、4人の攻撃力、このバトルでの各プレイヤーのロストポイント、ポイントゲージを入力すると、
# 誰がいくつ減らすか、誰が脱落するか、次のターンの先攻が表示されます。

# %% tags=["nbval-ignore-output"]
TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
              lost={"blue-A": 20, "red-B": 30}, lang="ja")

# %% [markdown]
# ターン補助はエンジンでターンを処理します。最初の値での答えを、テストと同じく確かめます:

# %%
turn = play_turn({"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400}, {"blue-A": 20, "red-B": 30},
                 first="red")
print(turn.text("ja"))

# %% [markdown]
# ## 脱落したプレイヤー（TAG-E1、E2）
#
# ポイントゲージが0になったプレイヤーは**脱落**し、以後ゲームに加わりません（**TAG-E1**）。そのアルファベットの
# バトルはもうありません。目の前の相手は通常の手順で**続けます**。進化や投射系のオプションは使えますが、目の前に
# 相手がいないので「相手の〜が〜なら」の効果は使えません（**TAG-E2**）。

# %%
print(play("opponent-out-carries-on").transcript("ja"))

# %%
picture(play("opponent-out-carries-on").match, "ja")

# %% [markdown]
# ## 2人になったら: 1対1か勝利か（TAG-E3、E4）
#
# 残った2人が**別々のタッグのＡとＢ**なら、向かい合う位置に移って通常の1対1のレギュレーションで決着をつけます
# （**TAG-E3**）。残った2人が**同じ**タッグなら、そのタッグの勝利です（キットの解釈 **TAG-E4**、
# `same-tag-survivors-win`）。

# %%
print(play("one-vs-one").transcript("ja"))

# %% [markdown]
# ## 効果を誰に向けられるか（TAG-R1、R2、R4）
#
# 4人いるので、「相手」にはルールが必要です:
#
# * **投射系**の効果は**指定した相手一人**だけに効果を発揮し、「双方」は自分とその相手一人のこと。**流し系**の能力は
#   指定した相手のスロットだけを流す（**TAG-R1**）。
# * 自分の使った**接触型**の効果は**相方**に使えない。ただしサポートデジモンは、相方が条件を満たしていれば使える（**TAG-R2**）。
# * 「相手」は目の前の人に限らず、相手タッグの**どちら**でもよい。「全ての〜」は4人全員（**TAG-R4**）。

# %%
print(play("targeting").transcript("ja"))

# %%
ruling = m.check_target("red-A", "projection", on="red-B")
print(ruling.allowed, ruling.rule, "--", ruling.text.render("ja"))

# %% [markdown]
# ## 練習問題
#
# **1.** このターンはblueが先攻です。`後攻Ａ`（second-A）の席に座るのはどのプレイヤーですか？

# %%
answer_1 = ...

# %%
check(answer_1, TagMatch(("red", "blue"), first="blue").seats()["second-A"], lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_1 = "red-A"
check(solution_1, TagMatch(("red", "blue"), first="blue").seats()["second-A"], lang="ja")

# %% [markdown]
# **2.** redが先攻。Ａ: red-A 400 対 blue-A 400。Ｂ: red-B 300 対 blue-B 500。次のターンの先攻はどちらのタッグですか？

# %%
answer_2 = ...

# %%
t = play_turn({"red-A": 400, "blue-A": 400, "red-B": 300, "blue-B": 500}, first="red")
check(answer_2, t.first, t.rule, lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_2 = "blue"
check(solution_2, t.first, t.rule, lang="ja")
