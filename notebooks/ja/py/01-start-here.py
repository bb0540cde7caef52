# %% [markdown]
# # 01 · はじめに
#
# このキットは、トレーディングカードゲームの2つの**チーム戦ルール**を、ルールひとつひとつについて説明し、
# 実際に処理して見せます。裁定をうのみにするのではなく、その裁定が起きるところを確かめられます。
#
# | ルール | ゲーム | チーム | 特徴 |
# |---|---|---|---|
# | **WRGPルール ver.2022** | 遊戯王OCG | 3対3の勝ち抜き戦 | 6人で*ひとつの*デュエルを行い、敗北したデュエリストのフィールドをチームメイトが引き継ぐ |
# | **タッグバトル レギュレーション Ver-T,1.0** | デジモンカードゲーム（バンダイ、初代） | 2対2 | 4人が同時にバトルし、ＡはＡと、ＢはＢと戦う |
#
# どちらのルールもファンが日本語で書いたものです。キットは各ルールに `WRGP-H5` や `TAG-N2` のような短く変わらない
# **ルールID** を付け、このノートブックに出てくる裁定はすべて、根拠のルールIDを示します。
#
# このノートブックに保存されている出力はすべて*期待する裁定*です。テストはノートブックを実行しなおし、
# エンジンの答えが少しでも変われば失敗します。これは英語版 `01-start-here` の日本語版です。

# %% [markdown]
# ## ルールID
#
# フォーマット名の後の文字で、ルールのどの部分かが分かります。
#
# | ID | WRGPの部分 | ID | タッグバトルの部分 |
# |---|---|---|---|
# | `WRGP-S…` | チームの準備 | `TAG-S…` | 席と開始 |
# | `WRGP-F…` | 試合の流れ | `TAG-P…` | ターンの5つのフェイズ |
# | `WRGP-H…` | 敗北後の引き継ぎ | `TAG-N…` | 次のターンの先攻 |
# | `WRGP-D…` | 引分けと同時の敗北 | `TAG-E…` | 脱落したプレイヤー |
# | `WRGP-SW…` | スピード・ワールド | `TAG-K…`、`TAG-R…` | デッキ、カードごとの裁定 |
#
# WRGP特有ではなく遊戯王の通常のルールによる場合は `STD-…` を示します（たとえば `STD-TIMING`:
# 召喚は自分のメインフェイズだけ）。

# %%
from rulings_lib.wrgp.tables import RULES

print(", ".join(rule_id for rule_id in RULES if rule_id.startswith("WRGP-H")))
print(f"WRGPのルールIDは全部で{len(RULES)}個")

# %% [markdown]
# ## キットの3つの使い方
#
# 1. **このノートブック** — 順に読み、コードのセルを書き換えて実行しなおしてみてください。
# 2. **`rulings` コマンド** — `./dev rulings run rulings_lib/scenarios/wrgp/power-bond-handover.yaml --lang ja`
#    で*シナリオ*（試合のある場面を用意して手順を処理し、ルール上どうなるかを書いた小さなYAMLファイル）の
#    処理記録を日本語で表示します。`LANG=ja_JP.UTF-8` なら `--lang ja` は省けます。
# 3. **Python API** — 試合はオブジェクトで、動詞で操作し、状態を問い合わせます。
#
# 5行でAPIを試します。チームAの1番手が、メインフェイズに8000ダメージを与えます:

# %%
from rulings_lib import IllegalAction, WrgpMatch

m = WrgpMatch()                     # 1チーム3人、ライフ8000、チームAの先攻
m.phase("main1")                    # A1のターン: ドロー -> スタンバイ -> メインフェイズ１
m.damage("A", to="opponent", amount=8000)
print("退場:", m.out, "| 引き継ぎ中のチーム:", m.handover)

# %% [markdown]
# エンジンが何かを変えるたびに、ルールIDを示す**イベント**が残ります。イベントを並べたものが、何が起きたかの処理記録です。
# イベントはメッセージのコードと値だけを持ち、文章は読む人の言語で作られます（`render("ja")`）:

# %%
for event in m.events:
    print(f"[{event.rule}] {event.render('ja')}")

# %% [markdown]
# ルールで禁止されている操作は、エラーで止まるのではなく `IllegalAction` になります。ルールIDと理由を持ち、
# 試合は元のままです。`is_legal` は何も変えずに同じことを問い合わせます。

# %%
print(m.is_legal("act", "B", "spell_speed_1"))
try:
    m.act("B", "spell_speed_1")
except IllegalAction as exc:
    print(exc.rule, "--", exc.render("ja"))

# %% [markdown]
# ## シナリオ: 再生できる裁定
#
# キットにはルールIDごとにシナリオがあります。`play` は名前でシナリオを処理し、各手順の後の試合を保存します。
# `transcript("ja")` は `rulings run --lang ja` と同じ処理記録です。

# %%
from rulings_lib.widgets import check, play

result = play("loss-starts-handover")
print(result.transcript("ja"))

# %% [markdown]
# シナリオは図にもなります。WRGPのターンと引き継ぎの図に、シナリオの経路をオレンジ（番号は手順）、
# 試合の現在地を紫で示します。B1がAのメインフェイズ１に敗北し、エンドフェイズまで自動で進むところです:

# %%
from rulings_lib.diagrams import scenario_path

scenario_path(result, lang="ja")

# %% [markdown]
# ## 解釈: ルールブックに書かれていないところ
#
# すべてを書いたルールブックはありません。日本語の原文が何も言っていないか、あいまいなところでは、キットは
# **名前の付いた解釈**に従い、そのことをイベント、FAQ、ここで明示します。たとえば:

# %%
from rulings_lib import reading
from rulings_lib.faq import load_faq

r = reading("draw-survivor-stays-at-0")
faq = next(e for e in load_faq(run=False) if e.reading == r.id)
print(f"{r.id}（{r.rule}の解釈）")
print("Q.", faq.q("ja"))
print("A.", faq.a("ja"))

# %% [markdown]
# ## ノートブックの一覧
#
# 日本語版は 01（はじめに）、05（引分けとチェーン）、06（パワー・ボンド）、08（デジモン タッグバトル）です。
# ほかのノートブック（02 試合の流れ、03 スピード・ワールド、04 引き継ぎ、07 チームのデッキ、09 FAQ）は
# 英語版を見てください。
#
# 各ノートブックの最後に**練習問題**があります。答えのセルの `...` を答えに書き換えて次のセルを実行すると、
# エンジンが正解かどうかを答えます。解答は折りたたんだセルにあり、CIで毎回エンジンが確かめています。

# %% [markdown]
# ## 練習問題
#
# **1.** 上の5行の例で、チームBのどのデュエリストが引き継ぎますか？ `"B2"` のように書いてください。

# %%
answer_1 = ...

# %%
after = m.copy()
after.end_turn()                    # ターンを終えると引き継ぎが完了する
check(answer_1, after.duelist("B"), lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_1 = "B2"
check(solution_1, after.duelist("B"), lang="ja")

# %% [markdown]
# **2.** その引き継ぎ中に、チームBのスペルスピード1のカードを禁止しているのはどのルールIDですか？

# %%
answer_2 = ...

# %%
try:
    m.copy().act("B", "spell_speed_1")
    ruling = "allowed"
except IllegalAction as exc:
    ruling = exc.rule
check(answer_2, ruling, lang="ja")

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# 解答（折りたたみ。クリックで表示）。エンジンが確かめます:
solution_2 = "WRGP-H2"
check(solution_2, ruling, lang="ja")
