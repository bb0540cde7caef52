"""The words of the engines' tables as catalogue codes, for the engines' events and the diagrams.

Each mapping sends a table key to a code whose English text is the table's own word for it (a
test, ``tests/test_i18n.py``, checks that word for word); the Japanese text is the rulebook's term.
An engine passes ``term(WRGP_PHASE, key)`` as a message argument instead of the English word, so
the event reads ``Main Phase 2`` in English and ``メインフェイズ２`` in Japanese.
"""

from __future__ import annotations

from . import _MADE, Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

WRGP_PHASE = {   # wrgp.tables.PHASE_NAMES
    "draw": "wrgp.phase.draw", "standby": "wrgp.phase.standby", "main1": "wrgp.phase.main1",
    "battle": "wrgp.phase.battle", "main2": "wrgp.phase.main2", "end": "wrgp.phase.end",
}
WRGP_RULE_TITLE = {  # wrgp.tables.RULES: each rule id's title (rule_title)
    "WRGP-S1": "wrgp.rule.s1", "WRGP-S2": "wrgp.rule.s2", "WRGP-S3": "wrgp.rule.s3", "WRGP-S4": "wrgp.rule.s4",
    "WRGP-F1": "wrgp.rule.f1", "WRGP-F2": "wrgp.rule.f2", "WRGP-F3": "wrgp.rule.f3", "WRGP-F4": "wrgp.rule.f4",
    "WRGP-F5": "wrgp.rule.f5", "WRGP-F6": "wrgp.rule.f6", "WRGP-F7": "wrgp.rule.f7", "WRGP-F8": "wrgp.rule.f8",
    "WRGP-F9": "wrgp.rule.f9", "WRGP-F10": "wrgp.rule.f10", "WRGP-H1": "wrgp.rule.h1", "WRGP-H2": "wrgp.rule.h2",
    "WRGP-H3": "wrgp.rule.h3", "WRGP-H4": "wrgp.rule.h4", "WRGP-H5": "wrgp.rule.h5", "WRGP-H6": "wrgp.rule.h6",
    "WRGP-H7": "wrgp.rule.h7", "WRGP-H8": "wrgp.rule.h8", "WRGP-H9": "wrgp.rule.h9", "WRGP-D1": "wrgp.rule.d1",
    "WRGP-D2": "wrgp.rule.d2", "WRGP-D3": "wrgp.rule.d3", "WRGP-SW1": "wrgp.rule.sw1", "WRGP-SW2": "wrgp.rule.sw2",
    "WRGP-SW3": "wrgp.rule.sw3", "WRGP-SW4": "wrgp.rule.sw4", "WRGP-SW5": "wrgp.rule.sw5",
    "WRGP-SW6": "wrgp.rule.sw6", "WRGP-SW7": "wrgp.rule.sw7", "WRGP-SW8": "wrgp.rule.sw8",
}
WRGP_ACTION = {  # wrgp.tables.ACTION_LABELS
    "ignition_effect": "wrgp.action.ignition_effect", "trigger_effect": "wrgp.action.trigger_effect",
    "spell_speed_1": "wrgp.action.spell_speed_1", "spell_speed_2": "wrgp.action.spell_speed_2",
    "spell_speed_3": "wrgp.action.spell_speed_3", "summon": "wrgp.action.summon",
    "summon_by_effect": "wrgp.action.summon_by_effect", "set": "wrgp.action.set",
    "set_by_effect": "wrgp.action.set_by_effect", "attack": "wrgp.action.attack",
    "speed_world": "wrgp.action.speed_world",
}
WRGP_ZONE = {    # a zone key as an event writes it ("extra_monster" -> "Extra Monster Zone")
    "monster": "wrgp.zone.monster", "extra_monster": "wrgp.zone.extra_monster", "spell_trap": "wrgp.zone.spell_trap",
    "field": "wrgp.zone.field", "pendulum": "wrgp.zone.pendulum", "hand": "wrgp.zone.hand", "gy": "wrgp.zone.gy",
    "banished": "wrgp.zone.banished", "deck": "wrgp.zone.deck", "extra": "wrgp.zone.extra",
    "extra_face_up": "wrgp.zone.extra_face_up",
}
WRGP_SCOPE = {   # wrgp.tables.SPEED_WORLD_SCOPES[...][1]
    "own_field": "wrgp.scope.own_field", "opponent_field": "wrgp.scope.opponent_field",
    "both_fields": "wrgp.scope.both_fields", "field_zone": "wrgp.scope.field_zone",
    "empty_field": "wrgp.scope.empty_field",
}
DECK_SECTION = {"main": "decks.section.main", "extra": "decks.section.extra", "side": "decks.section.side"}


CARD_KIND = {  # rulings_lib.cards: a card's kind
    "Normal Spell": "wrgp.kind.normal_spell",
    "Quick-Play Spell": "wrgp.kind.quick_play_spell",
    "Continuous Spell": "wrgp.kind.continuous_spell",
    "Field Spell": "wrgp.kind.field_spell",
    "Equip Spell": "wrgp.kind.equip_spell",
    "Ritual Spell": "wrgp.kind.ritual_spell",
    "Normal Trap": "wrgp.kind.normal_trap",
    "Continuous Trap": "wrgp.kind.continuous_trap",
    "Counter Trap": "wrgp.kind.counter_trap",
    "Effect Monster": "wrgp.kind.effect_monster",
    "Normal Monster": "wrgp.kind.normal_monster",
    "Tuner Monster": "wrgp.kind.tuner_monster",
    "Fusion Monster": "wrgp.kind.fusion_monster",
    "Synchro Monster": "wrgp.kind.synchro_monster",
    "Pendulum Monster": "wrgp.kind.pendulum_monster",
    "Xyz Monster": "wrgp.kind.xyz_monster",
    "Link Monster": "wrgp.kind.link_monster",
    "Ritual Monster": "wrgp.kind.ritual_monster",
}


def term(table: dict[Any, str], key: object, fallback: str | None = None) -> Any:
    """The word for ``key`` as a message (English: the table's word); a key the table does not
    know is shown as ``fallback`` (or the key itself)."""
    code = table.get(key)
    if code is None:
        return fallback if fallback is not None else key
    return _MADE.get(code) or Msg(code)


def and_list(items: Iterable[Any]) -> Msg | str:
    """``A1``, ``A1 and B1``, ``A1 and B1 and A2`` (Japanese: ``A1とB1``), as the engines join names."""
    items = list(items)
    if not items:
        return ""
    out: Msg | str = items[0]
    for item in items[1:]:
        out = Msg("common.and", a=out, b=item)
    return out

# The Digimon tag battle (rulings_lib.tag.tables).
TAG_PHASE = {    # PHASES[...].name
    "preparation": "tag.phase.preparation", "evolution": "tag.phase.evolution", "battle_start": "tag.phase.battle_start",
    "battle": "tag.phase.battle", "point_calculation": "tag.phase.point_calculation",
}
TAG_ACTION = {   # ACTION_LABELS
    "use": "tag.action.use", "option": "tag.action.option", "ability": "tag.action.ability",
    "evolve": "tag.action.evolve", "call_off": "tag.action.call_off", "pass": "tag.action.pass",
}
TAG_LEVEL = {"3": "tag.level.3", "4": "tag.level.4", "perfect": "tag.level.perfect", "ultimate": "tag.level.ultimate"}
TAG_SEAT = {"first-A": "tag.seat.first_a", "second-A": "tag.seat.second_a", "first-B": "tag.seat.first_b",
            "second-B": "tag.seat.second_b"}
TAG_PRINCIPLE = {  # EFFECT_KINDS[...][1]
    "projection": "tag.principle.projection", "both_sides": "tag.principle.both_sides", "flush": "tag.principle.flush",
    "contact": "tag.principle.contact", "support": "tag.principle.support", "opponent": "tag.principle.opponent",
    "all": "tag.principle.all",
}
TAG_EFFECT = {  # EFFECT_KINDS keys: the kind of effect as a player names it ("contact", 接触型)
    "projection": "tag.effect.projection", "both_sides": "tag.effect.both_sides", "flush": "tag.effect.flush",
    "contact": "tag.effect.contact", "support": "tag.effect.support", "opponent": "tag.effect.opponent",
    "all": "tag.effect.all",
}
TAG_CONDITION = {  # NEXT_TURN[...].condition, by rule and result
    ("TAG-N1", "winner-first"): "tag.cond.n1", ("TAG-N2", "swap"): "tag.cond.n2",
    ("TAG-N3", "winner-first"): "tag.cond.n3", ("TAG-N4", "swap"): "tag.cond.n4",
    ("TAG-N5", "winner-first"): "tag.cond.n5_winner", ("TAG-N5", "swap"): "tag.cond.n5_draw",
}
TAG_CARD_TEXT = {  # CARD_RULES[...].text, by card key
    "St-240": "tag.card_text.st_240", "St-296": "tag.card_text.st_296", "St-321": "tag.card_text.st_321",
    "St-319": "tag.card_text.change_up", "St-320": "tag.card_text.change_up", "aerial": "tag.card_text.aerial",
    "Bo-302": "tag.card_text.flush", "Bo-356": "tag.card_text.flush", "St-104": "tag.card_text.st_104",
    "St-220": "tag.card_text.st_220", "Bo-20v": "tag.card_text.bo_20v",
}


def joined(items: Iterable[Any], code: str = "common.semicolon") -> Any:
    """Items joined two by two with ``code`` (``{a}; {b}``), in the reader's language."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = Msg(code, a=out, b=item)
    return out


# The Readings (rulings_lib.readings), by id: the English is the Reading's title; in Japanese a Reading is
# shown by its Japanese name, never its id (rulings_lib.i18n.render).
READING = {
    "alias-loop-lowest-passcode": "readings.alias_loop_lowest_passcode",
    "banished-handed-over-cards-follow-gy": "readings.banished_handed_over_cards_follow_gy",
    "banlist-strictest-passcode": "readings.banlist_strictest_passcode",
    "baton-touch-inherits-field": "readings.baton_touch_inherits_field",
    "battle-phase-alternation": "readings.battle_phase_alternation",
    "battle-powers-read-in-battle-start-order": "readings.battle_powers_read_in_battle_start_order",
    "chain-last-damaged-loses": "readings.chain_last_damaged_loses",
    "change-up-lasts-the-game": "readings.change_up_lasts_the_game",
    "counter-cap-12": "readings.counter_cap_12",
    "counter-cleaner-clears-both-teams": "readings.counter_cleaner_clears_both_teams",
    "digivice-pool-30": "readings.digivice_pool_30",
    "draw-again-same-rule": "readings.draw_again_same_rule",
    "draw-survivor-stays-at-0": "readings.draw_survivor_stays_at_0",
    "equal-power-is-draw": "readings.equal_power_is_draw",
    "evolution-in-seat-order": "readings.evolution_in_seat_order",
    "gain-after-loss-does-not-save": "readings.gain_after_loss_does_not_save",
    "gate-blocker-stops-loss-counters": "readings.gate_blocker_stops_loss_counters",
    "incoming-hand-five": "readings.incoming_hand_five",
    "lineup-size-setting": "readings.lineup_size_setting",
    "loss-counters-at-the-moment": "readings.loss_counters_at_the_moment",
    "lp-floor-and-start": "readings.lp_floor_and_start",
    "lp-loop-once-per-player": "readings.lp_loop_once_per_player",
    "match-ends-at-last-loss": "readings.match_ends_at_last_loss",
    "no-attack-in-run-on": "readings.no_attack_in_run_on",
    "no-cost-at-0": "readings.no_cost_at_0",
    "one-card-both-is-d1": "readings.one_card_both_is_d1",
    "one-player-chain-is-d1": "readings.one_player_chain_is_d1",
    "one-vs-one-first-follows-n5": "readings.one_vs_one_first_follows_n5",
    "one-vs-one-seats": "readings.one_vs_one_seats",
    "out-player-cannot-be-targeted": "readings.out_player_cannot_be_targeted",
    "out-when-the-gauge-reaches-0": "readings.out_when_the_gauge_reaches_0",
    "owner-is-who-brought-it": "readings.owner_is_who_brought_it",
    "rewind-before-the-match-ends": "readings.rewind_before_the_match_ends",
    "rewind-undoes-the-turn": "readings.rewind_undoes_the_turn",
    "run-on-keeps-mandatory-draw": "readings.run_on_keeps_mandatory_draw",
    "same-tag-survivors-win": "readings.same_tag_survivors_win",
    "second-loss-both-out": "readings.second_loss_both_out",
    "simultaneous-outs-in-seat-order": "readings.simultaneous_outs_in_seat_order",
    "single-battle-decides": "readings.single_battle_decides",
    "speed-world-is-ignition-spell": "readings.speed_world_is_ignition_spell",
    "surrender-is-baton-touch": "readings.surrender_is_baton_touch",
    "tag-only-rules-end-at-one-vs-one": "readings.tag_only_rules_end_at_one_vs_one",
    "team-count-by-name": "readings.team_count_by_name",
    "truce-swaps-first": "readings.truce_swaps_first",
    "truce-timing": "readings.truce_timing",
    "whitelist-any-passcode": "readings.whitelist_any_passcode",
    "zero-in-chain-stays-lost": "readings.zero_in_chain_stays_lost",
}
