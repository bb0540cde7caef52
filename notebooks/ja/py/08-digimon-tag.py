# %% [markdown]
# # 08 · デジモン タッグバトル
#
# 2つ目のルールは、バンダイの初代デジモンカードゲームの2対2のレギュレーション、
# **タッグバトル レギュレーション Ver-T,1.0** です。4人が2組の**タッグ**に分かれて1つのテーブルに座り、
# 同じターンに4体のデジモンがバトルします。各プレイヤーは目の前に座る相手と戦います。
#
# このノートブックでは、席とアルファベット、各フェイズの順番、バトルとポイント、次のターンの先攻、脱落、
# 1対1への切り替え、効果を誰に向けられるか、デッキ、カードの裁定を扱います。示す裁定はすべてエンジンのもので、ルールID（`TAG-…`）を
# 示します。英語版 `08-digimon-tag` の日本語版です。

# %%
from rulings_lib.diagrams import tag_next_turn, tag_turn
from rulings_lib.draw import picture
from rulings_lib.tag import PHASES, TagMatch
from rulings_lib.widgets import TagTurnHelper, exercise, explain
from rulings_lib.widgets import tag_turn as play_turn

# %% [markdown]
# ## 席とアルファベット（TAG-S1、TAG-S2）
#
# 両タッグの代表者がじゃんけんをして、勝った方のタッグがこのターンの**先攻**、もう一方が**後攻**です。
# 勝った人とその前の人が**Ａ**、もう一人とその前の人が**Ｂ**です。**ＡはＡと、ＢはＢと戦います。**
#
# アルファベットは試合中変わりません（**TAG-S2**）。ターンごとに変わるのはどちらのタッグが先攻かなので、
# 4つの**席**は `先攻Ａ`、`後攻Ａ`、`先攻Ｂ`、`後攻Ｂ` と呼びます。ここではプレイヤーを `red-A`、`blue-B` の
# ようにタッグ名とアルファベットで呼びます。
#
# 開始前に、各プレイヤーはレベル３デジモンを伏せて置き、デッキ（ネットの海）を相手にシャッフルしてもらい、
# ポイントゲージを100に合わせます（**TAG-S1**）。そのあと全員で礼をして、各プレイヤーが**6枚**引きます
# （**TAG-S2**）。準備フェイズごとに、手札が6枚になるまでネットの海から引きます（**TAG-P1**）。

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
# 1ターンは5つのフェイズです。ほとんどのフェイズで、プレイヤーは**決まった席順に1人ずつ**行います。順番は
# フェイズごとに違い、バトル開始時は後攻のタッグから行います。バトルフェイズ（**TAG-P4**）は違います。下の表が
# 示すのは攻撃力を確認する順番（①）だけです。後攻Ａから始めるのはルールブックのとおりで、残りをバトル開始時の順番に
# するのはルールブックに記載のない点の**解釈** `battle-powers-read-in-battle-start-order` です。そのあと（②）は**タッグが交互に**行い、
# 後攻のタッグから始めます。進化フェイズ（**TAG-P2**）では各席が順番に進化とデジモンの能力を行い、オプションカードは
# その間いつでも誰でも使えます（**解釈** `evolution-in-seat-order`）。

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
explain("phase-orders", lang="ja")

# %% [markdown]
# ### バトルフェイズは交互（TAG-P4）
#
# バトルフェイズの②では、タッグが**交互に**行います。最初は後攻のタッグ、次に先攻のタッグ、以下同様です。自分の
# 番に、タッグはオプションカードや能力をいくつ使ってもよく（1度に行うのは1人で、相方と誰が行うか相談できます）、
# 何もしなくてもかまいません。番の回り方は**解釈** `battle-phase-alternation` です。番はタッグの
# どちらか1人のもので、両タッグが続けて何もしなかったら③（最終的な攻撃力を読む）になります。

# %%
explain("battle-phase-alternation", lang="ja")

# %% [markdown]
# ## バトルとポイント（TAG-P5）
#
# ポイント計算フェイズで、2つのバトルを**アルファベットごとに**決めます。Ａどうし、Ｂどうしで攻撃力を比べます。
# バトルに負けた人は、自分のカードの**ロストポイント**のうち、**相手のデジモンのレベル**の欄の分だけ、自分の
# ポイントゲージを減らします（相手の情報欄に「究極体級デジモン」とあれば究極体として扱います）。攻撃力が同じなら
# 引き分けで、誰もポイントを減らしません（**解釈** `equal-power-is-draw`）。

# %%
explain("lost-points-table", lang="ja")

# %% [markdown]
# バトルのあと、負けた人はデジモン（レベル３以外）をダークエリアに送ります。**ネットの海が空**になったプレイヤーは、
# 結果にかかわらずデジモンをダークエリアに送り、ダークエリアをシャッフルして新しいネットの海にします。スロットと
# 手札はそのままです（**TAG-P5**）:

# %%
explain("empty-net-ocean", lang="ja")

# %% [markdown]
# ## 次のターンの先攻（TAG-N1…N5）
#
# バトルの結果で、次のターンにどちらのタッグが先攻かが決まります:

# %%
tag_next_turn(lang="ja")

# %% [markdown]
# 1勝ずつなら先攻と後攻が入れ替わり、一方のバトルが引き分けなら、もう一方のバトルで決まります:

# %%
explain("split-result-swaps", lang="ja")

# %%
explain("draw-other-battle-decides", lang="ja")

# %% [markdown]
# ## ターン補助
#
# テーブルで使うときは、4人の攻撃力、このバトルでの各プレイヤーのロストポイント、ポイントゲージを入力すると、
# 誰がいくつ減らすか、誰が脱落するか、次のターンの先攻が表示されます。

# %% tags=["nbval-ignore-output"]
TagTurnHelper(first="red", powers={"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400},
              lost={"blue-A": 20, "red-B": 30}, lang="ja")

# %% [markdown]
# ターン補助はエンジンでターンを処理します。最初の値での答えです:

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
explain("opponent-out-carries-on", lang="ja")

# %%
picture(explain("opponent-out-carries-on").result.match, "ja")

# %% [markdown]
# アルファベットの一方が空になると、バトルは1つだけで、そのバトルだけで先攻が決まります。引き分けなら入れ替わります
# （**TAG-N5** の**解釈** `single-battle-decides`）:

# %%
explain("single-battle-decides", lang="ja")

# %% [markdown]
# ## 2人になったら: 1対1か勝利か（TAG-E3、E4）
#
# 残った2人が**別々のタッグのＡとＢ**なら、向かい合う位置に移って通常の1対1のレギュレーションで決着をつけます
# （**TAG-E3**）。残った2人が**同じ**タッグなら、そのタッグの勝利です。ルールブックは「タッグ２人のライフが
# なくなるまでゲームを続ける」と書いています（**TAG-S2**、**TAG-E4**）。同じポイント計算で2人が0になったら、
# 席順にやられたことになります（**解釈** `simultaneous-outs-in-seat-order`）:

# %%
explain("simultaneous-outs", lang="ja")

# %%
explain("one-vs-one", lang="ja")

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
explain("targeting", lang="ja")

# %% [markdown]
# ## 4人で戦うときのカードの裁定（TAG-R3）
#
# 究極体級の上級ルールを補う効果はほぼそのまま使えますが、例外があります。St-240（「ホーリーエンジェモン」）型の特殊
# 能力はバトル中のすべてのデジモンに効果があります。St-296（「ヴェノムヴァンデモン」）型の「バトル中の／バトルして
# いない」効果は使えません（4体が同時にバトルするため）。St-321（「デジタルゲート！」）の2つ目の効果は使えません。
# St-319/320（「チェンジアップ！」）はタッグ内のプレイヤーを入れ替えられますが、「空中」のような能力では入れ替え
# られません。入れ替えがいつまで続くかは**解釈** `change-up-lasts-the-game` です。

# %%
explain("card-rulings", lang="ja")

# %% [markdown]
# ## ターンを巻き戻すカード（TAG-R5）
#
# St-104（「リターンマッチだ！」）のようなカードは、相方が勝っていても、使う人が**このターンのバトルに負けていれば**
# 使えます。全員がもう一度バトルし、最初のバトルの結果はすべて取り消されます（**解釈**
# `rewind-undoes-the-turn`）。St-220（「休戦協定の締結」）のあとは、このターン誰もバトルせず、先攻と後攻が入れ替わります。

# %%
explain("rematch", lang="ja")

# %% [markdown]
# ## デッキ（TAG-K1、K2、K3）
#
# 各プレイヤーは自分のデッキを持ちます。ちょうど**30枚**で、レベル３デジモンが1枚以上、同じカード名は3枚まで
# （相方と合わせてタッグで6枚まで）です（**TAG-K1**）。使えるのは番号が `Bo-…`、`St-…`、`Bx-…`、`Sx-…` の
# カードだけです（**TAG-K2**）。Bo-20v（「デジヴァイス01」）を使うプレイヤーは入れ替え用のカードを30枚まで用意します
# （**TAG-K3**。30枚が入れ替え用のカードの上限だというのは**解釈** `digivice-pool-30`）。スリーブの
# 使用が勧められています（TAG-K4）。4つの問題があるデッキ:

# %%
explain("deck-check", lang="ja")

# %% [markdown]
# 「デジヴァイス01」の入れ替え用のカードはデッキの**横に**出しておくもので、デッキには含まれません。この30枚のデッキは
# 入れ替え用のカードを31枚挙げています。1枚多すぎます（**TAG-K3**、**解釈** `digivice-pool-30`）。デッキ自体は
# 正しい30枚のままです（TAG-K1の違反なし）:

# %%
explain("deck-check-digivice-pool", lang="ja")

# %% [markdown]
# ## 練習問題
#
# **1.** このターンはblueが先攻です。`後攻Ａ`（second-A）の席に座るのはどのプレイヤーですか？

# %%
exercise("tag-seat", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("tag-seat", lang="ja").answer()

# %% [markdown]
# **2.** redが先攻。Ａ: red-A 400 対 blue-A 400。Ｂ: red-B 300 対 blue-B 500。次のターンの先攻はどちらのタッグですか？

# %%
exercise("tag-next-first", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("tag-next-first", lang="ja").answer()

# %% [markdown]
# **3.** red-Aが投射系の効果を使います。red-Aが指定できるのはどのプレイヤーですか？（全員を、順不同で）

# %%
exercise("tag-projection", lang="ja").check(...)

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exercise("tag-projection", lang="ja").answer()
