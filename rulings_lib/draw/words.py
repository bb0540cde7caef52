"""The words the pictures use, in English and in Japanese (terms as the rulebooks write them:
番手, 引き継ぎ, スピードカウンター, ライフポイント, 先攻/後攻, ポイントゲージ)."""

from __future__ import annotations

from ..i18n.glossary import resolve

LANGS = ("en", "ja")

WORDS: dict[str, dict[str, str]] = {
    # WRGP
    "wrgp": {"en": "WRGP relay", "ja": "WRGP チーム戦"},
    "turn": {"en": "Turn {n}", "ja": "ターン{n}"},
    "team": {"en": "Team {t}", "ja": "チーム{t}"},
    "teams_turn": {"en": "team {t}'s turn ({d})", "ja": "チーム{t}のターン（{d}）"},
    "turn_player": {"en": "turn player", "ja": "ターンプレイヤー"},
    "pos": {"en": "{n}", "ja": "{n}番手"},
    "in_duel": {"en": "in the duel", "ja": "デュエル中"},
    "out": {"en": "out", "ja": "脱落"},
    "lost_handover": {"en": "lost: handover", "ja": "敗北・引き継ぎ中"},
    "comes_in": {"en": "comes in", "ja": "次に出る"},
    "at_zero": {"en": "0 LP, stays in", "ja": "ライフ0で残留"},
    "lp": {"en": "LP", "ja": "ライフポイント"},
    "spc": {"en": "{term:speed_counters}", "ja": "{term:speed_counters}"},
    "sw_damage": {"en": "{cost}: {size} damage", "ja": "{cost}: {size}ダメージ"},
    "sw_draw": {"en": "{cost}: draw {size}", "ja": "{cost}: {size}枚ドロー"},
    "sw_destroy": {"en": "{cost}: destroy up to {size}", "ja": "{cost}: {size}枚まで破壊"},
    "sw_needs": {"en": "(needs {cost})", "ja": "（{cost}必要）"},
    "sw_now": {"en": "usable now (WRGP-SW5)", "ja": "今使える（WRGP-SW5）"},
    "sw_main_only": {"en": "own Main Phase only (WRGP-SW5)", "ja": "自分のメインフェイズのみ（WRGP-SW5）"},
    "sw_not_handover": {"en": "not during a handover (WRGP-H2)", "ja": "引き継ぎ中は使えない（WRGP-H2）"},
    "sw_x": {"en": "X = {x}", "ja": "X = {x}"},
    "once": {"en": "Once per Duel used (WRGP-F6): {cards}", "ja": "デュエル中1度の使用済み（WRGP-F6）: {cards}"},
    "none": {"en": "none", "ja": "なし"},
    "nobody": {"en": "nobody", "ja": "なし"},
    "before_draw": {"en": "before the draw", "ja": "ドロー前"},
    "after_draw": {"en": "after the draw", "ja": "ドロー後"},
    "no_battle_t1": {"en": "turn 1: no Battle Phase (WRGP-F5)", "ja": "ターン1: バトルフェイズなし（WRGP-F5）"},
    "run_on": {"en": "run-on to the End Phase (WRGP-H1)", "ja": "エンドフェイズまで自動進行（WRGP-H1）"},
    "handover_next": {"en": "Handover pending: {who} lost. Next turn: turn {n}, team {t} ({d}), {rule}",
                      "ja": "引き継ぎ中: {who} が敗北。次のターン: ターン{n}、チーム{t}（{d}）、{rule}"},
    "next_turn": {"en": "Next turn: turn {n}, team {t} ({d})", "ja": "次のターン: ターン{n}、チーム{t}（{d}）"},
    "this_turn": {"en": "This turn: turn {n}, team {t} ({d})", "ja": "このターン: ターン{n}、チーム{t}（{d}）"},
    "wrgp_over": {"en": "Match over: team {t} wins (WRGP-F4)", "ja": "試合終了: チーム{t}の勝利（WRGP-F4）"},
    "out_list": {"en": "Out: {who}", "ja": "脱落: {who}"},
    "desc_turn": {"en": "Turn {n}, team {t}'s turn, {phase}.", "ja": "ターン{n}、チーム{t}のターン、{phase}。"},
    "desc_team": {"en": "Team {t}: {d} ({pos}) in the duel, {lp} LP, {spc} {term:speed_counters}{notes}.",
                  "ja": "チーム{t}: {d}（{pos}）がデュエル中、ライフポイント{lp}、{term:speed_counters}{spc}{notes}。"},
    "desc_sw": {"en": "Speed World effects it could pay for: {effects}", "ja": "使える「スピード・ワールド」の効果: {effects}"},
    "cards": {"en": "Cards: {cards}.", "ja": "カード: {cards}。"},
    "card_at": {"en": "{name} ({player} {zone}, owner {owner})", "ja": "{name}（{player}の{zone}、持ち主{owner}）"},
    "effects": {"en": "Lasting effects (WRGP-H7): {effects}.", "ja": "継続する効果（WRGP-H7）: {effects}。"},
    "resembles": {"en": "Described by hand (played as described): {cards}.",
                  "ja": "手で記述したカード（書かれたとおりに処理）: {cards}。"},
    "resembles_one": {"en": "{name}, which resembles {like}", "ja": "{name}: {like}に似た別のカード"},
    "desc_lineup": {"en": "lineup {names}", "ja": "番手 {names}"},
    # tag battle
    "tag": {"en": "Digimon {term:tag_battle}", "ja": "デジモン {term:tag_battle}"},
    "first": {"en": "first", "ja": "先攻"},
    "second": {"en": "second", "ja": "後攻"},
    "seat": {"en": "{side}-{letter}", "ja": "{side}{letter}"},
    "points": {"en": "{v} points", "ja": "{term:point_gauge} {v}"},
    "gauge": {"en": "{term:point_gauge}", "ja": "{term:point_gauge}"},
    "tag_out": {"en": "out (TAG-E1)", "ja": "脱落（TAG-E1）"},
    "empty_seat": {"en": "empty seat", "ja": "空席"},
    "mode_tag": {"en": "{term:tag_battle}", "ja": "タッグ戦"},
    "mode_1v1": {"en": "1-vs-1 (TAG-E3)", "ja": "1対1（TAG-E3）"},
    "tag_head": {"en": "Turn {n}, {mode}: {first} first, {second} second",
                 "ja": "ターン{n}、{mode}: 先攻 {first}、後攻 {second}"},
    "vs": {"en": "{letter} vs {letter}", "ja": "{letter}対{letter}"},
    "last_battles": {"en": "Last battles:", "ja": "前のターンのバトル:"},
    "no_battles": {"en": "No battle played yet", "ja": "まだバトルなし"},
    "battle_win": {"en": "{label}: {a} {pa} vs {b} {pb}: {w} wins, {l} loses {lost} points",
                   "ja": "{label}: {a} {pa} 対 {b} {pb}: {w}の勝ち、{l}は{lost}ポイント失う"},
    "battle_draw": {"en": "{label}: {a} {pa} vs {b} {pb}: equal powers, a draw",
                    "ja": "{label}: {a} {pa} 対 {b} {pb}: 同じ攻撃力で引き分け"},
    "one_vs_one": {"en": "1-vs-1", "ja": "1対1"},
    "goes_first": {"en": "Next turn: {tag} goes first ({rule}: {why})", "ja": "次のターンの先攻: {tag}（{rule}: {why}）"},
    "start_first": {"en": "{tag} goes first (TAG-S2: won rock-paper-scissors)",
                    "ja": "{tag}が先攻（TAG-S2: じゃんけんの勝者）"},
    "first_given": {"en": "{tag} goes first in turn {n} (as the setup gives it)",
                    "ja": "ターン{n}の先攻: {tag}（セットアップの指定）"},
    "tag_over": {"en": "Match over: {tag} wins ({rule})", "ja": "試合終了: {tag}の勝利（{rule}）"},
    "desc_player": {"en": "{p}: {seat}, {v} points", "ja": "{p}: {seat}、{term:point_gauge}{v}"},
    "desc_player_out": {"en": "{p}: out, {v} points", "ja": "{p}: 脱落、{term:point_gauge}{v}"},
    # scenarios
    "after_setup": {"en": "After the setup", "ja": "初期状態"},
    "after_step": {"en": "After step {n} of {total}", "ja": "手順{n}/{total}の後"},
    "step_short": {"en": "step {n}", "ja": "手順{n}"},
}
resolve(WORDS)      # the rulebooks' terms ({term:...}) spelled by the glossary, once

def word(key: str, lang: str, **kw: object) -> str:
    return WORDS[key][lang if lang in LANGS else "en"].format(**kw)


def ordinal(n: int, lang: str) -> str:
    """A lineup position as the pictures write it: 1st, 2nd, 3rd, 4th, ... 11th-13th, 21st, 22nd, 101st
    in English; 1番手, 2番手 ... in Japanese."""
    if lang == "ja":
        return f"{n}番手"
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang must be 'en' or 'ja', not {lang!r}")
    return lang
