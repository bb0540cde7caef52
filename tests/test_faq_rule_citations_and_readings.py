"""The FAQ's rulings: each event cites the rule that decides it, tag letters told once, a player
who is out takes no part (TAG-E1), Readings marked
and named in Japanese by their Japanese name (never the id slug)."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings_lib import WrgpMatch
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "rulings_lib"


# ---------------------------------------------------------------------- the rule an event cites
# Which rules an event may cite: the rule that decides what the event reports, or the standard rule
# (STD-*) where nothing in the format decides it. An ordinary chain resolves by the standard rules
# (STD-TIMING), not by WRGP-D2 (both at 0 after a chain built by both players); an ordinary draw is
# the turn's (STD-TURN), WRGP-F3 only in the turn the duel resumes with, WRGP-H9 after a baton
# touch; a card put on the field is where it is
# (STD-CARDS), not handed over (WRGP-H4); damage and LP gained are STD-LP (WRGP-F10 only at the
# floor of 0); a loss for another reason is a loss (WRGP-F1, the handover follows), WRGP-F9 (a
# deliberate loss by card play) only when the step names the card play.
EVENT_RULES = {
    # WRGP
    # A card's own text, clause by clause (STD-CARDS: "moves follow the card's own text"): a Toll's attack
    # cost, a Field Spell's boost or its negation, a card that stays, draws, summons, destroys nothing, a
    # copy taken of several alike, a clause the kit does not play named.
    "wrgp.event.attack_cost": {"STD-CARDS"},
    "wrgp.event.card_stays_on_field": {"STD-CARDS"},
    "wrgp.event.cards_drawn": {"STD-CARDS"},
    "wrgp.event.clause_not_played": {"STD-CARDS"},
    "wrgp.event.copy_taken": {"STD-CARDS"},
    "wrgp.event.destroys_none": {"STD-CARDS"},
    "wrgp.event.field_boost": {"STD-CARDS"},
    "wrgp.event.field_spell_negated": {"STD-CARDS"},
    "wrgp.event.negated_on_field": {"STD-CARDS"},
    "wrgp.event.summoned_by_card": {"STD-CARDS"},
    # WRGP-H7 names Relay Soul, Sekka's Light and Sales Ban: their restrictions and Relay Soul's no-damage
    # apply on the team and carry over; Relay Soul's monster leaving makes the opponent win (WRGP-F8).
    "wrgp.event.no_damage": {"WRGP-H7"},
    "wrgp.event.restriction_applies": {"WRGP-H7"},
    "wrgp.event.relay_monster_left": {"WRGP-F8"},
    "wrgp.event.action_allowed": {"STD-TIMING", "WRGP-H2"},
    "wrgp.event.activation_cost_paid": {"STD-LP"},
    "wrgp.event.attack_with_monster": {"STD-TIMING"},
    "wrgp.event.attack_with_monster_given": {"STD-TIMING"},
    "wrgp.event.baton_touch": {"WRGP-H9"},
    "wrgp.event.battle_interrupted": {"WRGP-H3"},
    "wrgp.event.battle_phase_skipped": {"WRGP-F5"},
    "wrgp.event.both_at_0_after_chain": {"WRGP-D2"},
    "wrgp.event.both_at_0_by_one_card": {"WRGP-D1"},
    "wrgp.event.both_at_0_in_one_player_chain": {"WRGP-D1"},
    "wrgp.event.card_activated": {"STD-TIMING"},
    "wrgp.event.card_database_overrides": {"STD-CARDS"},
    "wrgp.event.card_databases_read": {"STD-CARDS"},
    "wrgp.event.card_moved": {"STD-CARDS", "WRGP-H5", "WRGP-H6"},
    "wrgp.event.card_placed": {"STD-CARDS"},
    "wrgp.event.card_resolves_without_lp": {"STD-CARDS"},
    "wrgp.event.cards_not_handed_over": {"WRGP-H4"},
    "wrgp.event.chain_last_damage_hit_both": {"WRGP-D1"},
    "wrgp.event.chain_link_resolves": {"STD-TIMING"},
    "wrgp.event.chain_resolves": {"STD-TIMING"},
    "wrgp.event.continuing_effect_applies": {"WRGP-H7"},
    "wrgp.event.control_taken": {"STD-CARDS"},
    "wrgp.event.cost_paid": {"STD-LP"},
    "wrgp.event.cost_paid_at_0": {"STD-LP"},
    "wrgp.event.counters_blocked": {"WRGP-SW8"},
    "wrgp.event.counters_cleared": {"WRGP-SW8"},
    "wrgp.event.counters_gained": {"WRGP-SW3", "WRGP-SW4"},
    "wrgp.event.counters_removed": {"WRGP-SW5"},
    "wrgp.event.damage_taken": {"STD-LP", "WRGP-F10"},
    "wrgp.event.deck_check_copies": {"WRGP-S2"},
    "wrgp.event.deck_check_size": {"WRGP-S2"},
    "wrgp.event.delayed_damage_set": {"WRGP-H7"},
    "wrgp.event.delayed_effect_applies": {"WRGP-H7"},
    "wrgp.event.described_resembles": {"STD-CARDS"},
    "wrgp.event.direct_attack": {"STD-TIMING"},
    "wrgp.event.duel_resumes": {"WRGP-F2"},
    "wrgp.event.duelist_loses": {"WRGP-F1"},
    "wrgp.event.effect_assumed": {"STD-CARDS"},
    "wrgp.event.effect_carries_over": {"WRGP-H7"},
    "wrgp.event.empty_field_inherited": {"WRGP-H4"},
    "wrgp.event.field_inherited": {"WRGP-H4"},
    "wrgp.event.field_spell_placed": {"WRGP-SW2"},
    "wrgp.event.first_turn_no_draw": {"WRGP-F5"},
    "wrgp.event.fusion_summoned": {"WRGP-H7"},
    "wrgp.event.gain_after_loss": {"WRGP-H8"},
    "wrgp.event.gate_blocker_placed": {"WRGP-SW8"},
    "wrgp.event.handover_begins": {"WRGP-H1"},
    "wrgp.event.handover_completes": {"WRGP-F1"},
    "wrgp.event.hit_after_loss": {"WRGP-H8"},
    "wrgp.event.lasting_effect_applies": {"WRGP-H7"},
    "wrgp.event.link_negated": {"STD-CARDS"},
    "wrgp.event.loop_gains_once": {"WRGP-F7"},
    "wrgp.event.loss_declared": {"WRGP-F1", "WRGP-F9"},
    "wrgp.event.loss_during_handover": {"WRGP-D3"},
    "wrgp.event.lp_gained": {"STD-LP"},
    "wrgp.event.lp_paid_by_effect": {"STD-LP"},
    "wrgp.event.match_won": {"WRGP-F4"},
    "wrgp.event.negated_link_does_not_resolve": {"STD-CARDS"},
    "wrgp.event.normal_draw": {"STD-TURN", "WRGP-F3", "WRGP-H9"},
    "wrgp.event.once_per_duel_used": {"WRGP-F6"},
    "wrgp.event.phase_begins": {"STD-TURN"},
    "wrgp.event.run_on_battle_phase": {"WRGP-H2"},
    "wrgp.event.run_on_draw": {"WRGP-H2"},
    "wrgp.event.run_on_phase_begins": {"WRGP-H1"},
    "wrgp.event.set_card_flipped": {"STD-TIMING"},
    "wrgp.event.special_victory": {"WRGP-F8"},
    "wrgp.event.special_victory_after_loss": {"WRGP-H8"},
    "wrgp.event.speed_world_damage": {"WRGP-SW5"},
    "wrgp.event.speed_world_destroy": {"WRGP-SW5"},
    "wrgp.event.speed_world_draw": {"WRGP-SW5"},
    "wrgp.event.speed_world_in_reach": {"WRGP-SW6"},
    "wrgp.event.speed_world_is_spell_effect": {"WRGP-SW7"},
    "wrgp.event.suicide_attack": {"WRGP-F9"},
    "wrgp.event.survivor_made_to_pay": {"WRGP-D1"},
    "wrgp.event.survivor_stays_at_0": {"WRGP-D1"},
    "wrgp.event.survivor_stays_in": {"WRGP-D2"},
    "wrgp.event.team_decks_legal": {"WRGP-S2"},
    "wrgp.event.turn_begins": {"STD-TURN"},
    "wrgp.event.zero_in_chain_stays_lost": {"WRGP-H8"},
    # the tag battle
    "tag.event.battle_drawn": {"TAG-P5"},
    "tag.event.battle_won": {"TAG-P5"},
    "tag.event.beaten_digimon": {"TAG-P5"},
    "tag.event.card_effect_allowed": {"TAG-R3"},
    "tag.event.card_flushes": {"TAG-R1"},
    "tag.event.card_under_normal_regulation": {"TAG-E3"},
    "tag.event.card_used": {"TAG-R1", "TAG-R3"},
    "tag.event.card_without_tag_ruling": {"TAG-R3"},
    "tag.event.deck_check_passes": {"TAG-K1"},
    "tag.event.deck_note": {"TAG-K1", "TAG-K2", "TAG-K3"},
    "tag.event.deck_violation": {"TAG-K1", "TAG-K2", "TAG-K3"},
    "tag.event.effect_facing_opponent": {"TAG-E2"},
    "tag.event.effect_on_opponent": {"TAG-R2"},
    "tag.event.effect_reaches_all": {"TAG-R4"},
    "tag.event.effect_while_opponent_out": {"TAG-E2"},
    "tag.event.gauges_at_setup": {"TAG-E1", "TAG-S2"},
    "tag.event.letters_exchanged": {"TAG-R3"},
    "tag.event.match_begins": {"TAG-S2"},
    "tag.event.match_won": {"TAG-S2"},
    "tag.event.net_ocean_rebuilt": {"TAG-P5"},
    "tag.event.new_opponent_out": {"TAG-E2"},
    "tag.event.one_vs_one_at_setup": {"TAG-E3"},
    "tag.event.one_vs_one_begins": {"TAG-E3"},
    "tag.event.opponent_named": {"TAG-R1", "TAG-R4"},
    "tag.event.opponent_out": {"TAG-E2"},
    "tag.event.opponent_out_at_setup": {"TAG-E2"},
    "tag.event.player_acts": {"TAG-P1", "TAG-P2", "TAG-P3", "TAG-P4", "TAG-P5"},
    "tag.event.player_out": {"TAG-E1"},
    "tag.event.points_lost": {"TAG-P5"},
    "tag.event.powers_read": {"TAG-P4"},
    "tag.event.same_tag_survivors_win": {"TAG-E4"},
    "tag.event.seats_taken": {"TAG-S2"},
    "tag.event.simultaneous_outs": {"TAG-P5"},
    "tag.event.stand_by": {"TAG-S1"},
    "tag.event.support_on_partner": {"TAG-R2"},
    "tag.event.truce_skips_battle": {"TAG-R5"},
    "tag.event.turn_begins": {"TAG-N1", "TAG-N2", "TAG-N3", "TAG-N4", "TAG-N5"},
    "tag.event.turn_rewound": {"TAG-R5"},
}


def _rule_ids() -> set[str]:
    from rulings_lib.faq import all_rule_ids, standard_rule_ids

    return set(all_rule_ids()) | set(standard_rule_ids())


def test_the_table_names_only_rules_that_exist():
    known = _rule_ids()
    assert {r for rules in EVENT_RULES.values() for r in rules} <= known


@pytest.fixture(scope="module")
def shipped_events():
    """(scenario file, rule, code) of every event of every shipped scenario."""
    found = []
    for path in builtin_scenarios():
        result = run_scenario(load_scenario(path))
        found += [(path.name, e.rule, e.code) for e in result.match._log]
    return found


def test_every_shipped_event_cites_a_rule_that_decides_it(shipped_events):
    wrong = sorted({(code, rule, name) for name, rule, code in shipped_events
                    if code not in EVENT_RULES or rule not in EVENT_RULES[code]})
    assert not wrong, "events citing a rule not about them (add to EVENT_RULES only with the rule's text): " \
        + "; ".join(f"{c} [{r}] in {n}" for c, r, n in wrong[:20])


def test_the_engines_own_event_calls_cite_a_rule_of_the_table():
    """The calls no shipped scenario reaches too: each ``self._ev("RULE", "code"`` with a literal rule."""
    wrong = []
    for path in (PKG / "wrgp" / "engine.py", PKG / "tag" / "engine.py"):
        text = path.read_text(encoding="utf-8")
        for rule, code in re.findall(r'self\._ev\(\s*"([A-Z]+-[A-Z0-9]+)",\s*"([\w.]+)"', text):
            if rule not in EVENT_RULES.get(code, ()):
                wrong.append(f"{path.name}: {code} [{rule}]")
    assert not wrong, wrong


def _cited(m, code: str) -> list[str]:
    return [e.rule for e in m.events if e.code == code]


@given(st.sampled_from("AB"), st.integers(min_value=2, max_value=30))
@settings(max_examples=25, deadline=None)
def test_an_ordinary_draw_cites_the_standard_turn_whatever_the_turn(first, turn):
    """No handover, no baton touch: the Draw Phase draw is the standard turn's (STD-TURN), never
    WRGP-F3 (the turn the duel resumes with after a handover)."""
    player = first if turn % 2 else ("B" if first == "A" else "A")
    m = WrgpMatch(first=first, turn=turn, player=player, phase="draw")
    m.phase("main1")
    assert _cited(m, "wrgp.event.normal_draw") == ["STD-TURN"]


def test_the_resumed_turn_draw_cites_f3_and_the_draw_after_a_baton_touch_h9():
    m = WrgpMatch()
    m.phase("main1")
    m.lose("A")
    m.end_turn()
    m.phase("battle")
    assert _cited(m, "wrgp.event.normal_draw") == ["WRGP-F3"]
    m.end_turn()
    m.phase("main1")          # the next turn is an ordinary one again
    assert _cited(m, "wrgp.event.normal_draw") == ["WRGP-F3", "STD-TURN"]
    b = WrgpMatch(first="A", turn=4, player="B", phase="draw")
    b.baton_touch("B")
    b.phase("main1")
    assert _cited(b, "wrgp.event.normal_draw") == ["WRGP-H9"]


def test_a_loss_cites_f9_only_for_a_named_card_play():
    m = WrgpMatch(turn=3, phase="main1")
    m.lose("A")
    assert _cited(m, "wrgp.event.loss_declared") == ["WRGP-F1"]
    m2 = WrgpMatch(turn=3, phase="main1")
    m2.lose("A", "Self-Destruct Button")
    assert _cited(m2, "wrgp.event.loss_declared") == ["WRGP-F9"]


def test_a_one_link_chain_and_a_placed_card_cite_the_standard_rules():
    m = WrgpMatch(turn=3, phase="main1")
    m.place("A", "Monster", "monster")
    assert _cited(m, "wrgp.event.card_placed") == ["STD-CARDS"]
    m.activate("A", "Sparks")
    assert set(_cited(m, "wrgp.event.chain_resolves") + _cited(m, "wrgp.event.chain_link_resolves")) == {"STD-TIMING"}
    assert "WRGP-D2" not in {e.rule for e in m.events}
    assert _cited(m, "wrgp.event.damage_taken") == ["STD-LP"]


# ---------------------------------------------------------------------- a player who is out takes no part
@given(st.sampled_from(["red-A", "red-B", "blue-A", "blue-B"]), st.integers(min_value=2, max_value=40),
       st.sampled_from(["rematch", "card"]))
@settings(max_examples=30, deadline=None)
def test_a_player_out_before_the_battle_cannot_rewind_it(gone, turn, verb):
    """TAG-E1: 「負けてしまったプレイヤーはその後ゲームには参加できません」. A player out since an earlier
    turn cannot use St-104 after this turn's battle (whichever seat, turn or way of playing it)."""
    from rulings_lib import IllegalAction
    from rulings_lib.tag import TagMatch

    m = TagMatch(("red", "blue"), first="red", turn=turn, gauges={gone: 0}, out=[gone])
    other = "B" if gone.endswith("A") else "A"
    m.battle({other: {"red": {"power": 300, "lost": 10}, "blue": {"power": 200, "lost": 10}}})
    with pytest.raises(IllegalAction) as exc:
        m.rematch(gone) if verb == "rematch" else m.card(gone, "St-104")
    assert exc.value.rule == "TAG-E1"


def test_the_loser_brought_to_0_by_this_battle_may_still_rewind_it():
    """St-104 is an option card of the point calculation's step ②, before ③ reduces the gauges: the
    loser whom this battle would put out is not out yet (TAG-R5, reading rewind-before-the-match-ends)."""
    from rulings_lib.tag import TagMatch

    m = TagMatch(("red", "blue"), first="red", turn=3, gauges={"red-B": 10})
    m.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 20}},
              "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}})
    assert "red-B" in m.out
    m.card("red-B", "St-104")
    assert m.out == [] and m.points["red-B"] == 10
    rewound = [e for e in m.events if e.code == "tag.event.turn_rewound"]
    assert rewound


# ---------------------------------------------------------------------- Readings stated as fact; their names
# Answers that rest on an interpretation and once stated it as settled: each is marked with its Reading.
READING_ANSWERS = {
    "team-deck-check": "team-count-by-name", "run-on-allowed": "no-attack-in-run-on",
    "taken-card-when-i-leave": "owner-is-who-brought-it", "power-bond-handover": "second-loss-both-out",
    "surrender-last-duelist": "surrender-is-baton-touch", "tag-seats-and-letters": "change-up-lasts-the-game",
    "tag-out-no-battle": "out-when-the-gauge-reaches-0", "tag-out-by-an-option": "out-when-the-gauge-reaches-0",
}


@pytest.fixture(scope="module")
def faq():
    from rulings_lib.faq import load_faq

    return load_faq()


def _slug_pattern():
    import rulings_lib.tag.tables  # noqa: F401 (the Readings register as the formats' tables load)
    import rulings_lib.wrgp.tables  # noqa: F401
    from rulings_lib.readings import readings

    ids = sorted((r.id for r in readings() + readings(settled=True)), key=len, reverse=True)
    # an id on its own (not inside a file name such as tag/truce-timing.yaml)
    return re.compile(r"(?<![A-Za-z0-9_/-])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9_.-])")


def test_each_answer_resting_on_a_reading_is_marked_with_it(faq):
    from rulings_lib.faq import flag, render_text

    by_id = {e.id: e for e in faq}
    en, ja = render_text(faq, "en"), render_text(faq, "ja")
    for eid, reading in READING_ANSWERS.items():
        e = by_id[eid]
        assert reading in ((e.reading,) if e.reading else ()) + e.rests_on, eid
        assert flag(e, "en") and flag(e, "ja"), f"{eid}: shown as a plain ruling"
        i = en.index(f"Q. {e.q('en')}")
        assert reading in en[i:en.index("\nQ. ", i) if "\nQ. " in en[i:] else None], eid
    assert "no longer an interpretation" not in en and "解釈ではなくなりました" not in ja


def test_no_japanese_faq_output_or_page_shows_a_reading_by_its_id(faq):
    from rulings_lib.faq import render_text
    from rulings_lib.faq.html import render_html

    slug = _slug_pattern()
    text = render_text(faq, "ja")
    assert "解釈名" not in text
    assert not slug.findall(text), slug.findall(text)[:5]
    page = render_html(faq)
    # The Japanese reader's page: every element marked lang="en" hidden (the language switch).
    ja_page = re.sub(r'<(span|div|pre|p)[^>]*lang="en"[^>]*>.*?</\1>', "", page, flags=re.S)
    assert "(no longer an interpretation)" not in page
    found = slug.findall(re.sub(r"<[^>]+>", " ", ja_page))
    assert not found, found[:5]


def test_no_japanese_transcript_shows_a_reading_by_its_id():
    slug = _slug_pattern()
    for path in builtin_scenarios():
        text = run_scenario(load_scenario(path)).transcript("ja")
        text = text.split("\n一致")[0].split("\n不一致")[0]     # (not the expectations, which quote the file)
        shown = [line for line in text.splitlines() if not line.lstrip().startswith("手順")]
        found = slug.findall("\n".join(shown))
        assert not found, (path.name, found[:3])


def test_in_japanese_a_reading_is_named_by_its_japanese_name():
    from rulings_lib.i18n import Msg, reading_name

    assert Msg("tag.note.reading_paren", id="equal-power-is-draw").render("ja") == "（解釈「攻撃力が同じなら引き分け」）"
    assert str(Msg("tag.note.reading_paren", id="equal-power-is-draw")) == " (reading equal-power-is-draw)"
    assert reading_name("digivice-pool-30", "ja") == "「『デジヴァイス01』の入替用のカードは30枚まで」"


def test_contact_and_aerial_are_named_in_japanese():
    """Transcripts name the contact-type effect 接触型 and the ability 空中 in Japanese."""
    for name in ("targeting.yaml", "card-rulings.yaml"):
        text = run_scenario(load_scenario(PKG / "scenarios" / "tag" / name)).transcript("ja")
        said = "\n".join(line for line in text.splitlines() if "手順" in line and "]" in line)
        assert "contact" not in said and "aerial" not in said, name
    assert "接触型の効果" in run_scenario(load_scenario(PKG / "scenarios" / "tag" / "targeting.yaml")).transcript("ja")


# ---------------------------------------------------------------------- Japanese: the regulations' own words
def test_japanese_uses_the_regulations_words():
    """The tag regulation writes デック and やられた; the WRGP rulebook リミットレギュレーション and
    「800で固定」. Every Japanese message of the tag battle, the FAQ and notebook 08 follow them."""
    import json

    from rulings_lib.faq import load_faq

    cat = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (PKG / "i18n").glob("*.ja.json")}
    tag_texts = [t for name in ("tag.ja.json", "tagdeck.ja.json") for t in cat[name].values()]
    tag_texts += [e.text["ja"][k] for e in load_faq(run=False) if e.format == "digimon-tag" for k in e.text["ja"]]
    nb = (ROOT / "notebooks" / "ja" / "py" / "08-digimon-tag.py").read_text(encoding="utf-8")
    for text in tag_texts + [nb]:
        assert "デッキ" not in text and "脱落" not in text, text[:80]
    everything = [t for texts in cat.values() for t in texts.values()]
    assert not [t for t in everything if "禁止・制限" in t or "ちょうど800" in t or "800ちょうど" in t]
    assert "800で固定" in cat["wrgp.ja.json"]["wrgp.why.sw_behind"]


def test_japanese_notebook_prose_names_no_reading_by_its_id():
    slug = _slug_pattern()
    for name in ("08-digimon-tag.py", "09-faq.py"):
        text = (ROOT / "notebooks" / "ja" / "py" / name).read_text(encoding="utf-8")
        prose = "\n".join(line for line in text.splitlines() if line.startswith("# ") and not line.startswith("# %%"))
        assert not slug.findall(prose), (name, slug.findall(prose))


def test_every_reading_has_a_japanese_name_under_the_code_the_site_derives():
    """terms.READING names every Reading (and nothing else) by ``readings.<id, hyphens as underscores>``,
    the code site/js/i18n.js derives from the id; each has an English title and a Japanese name."""
    import json

    import rulings_lib.tag.tables  # noqa: F401
    import rulings_lib.wrgp.tables  # noqa: F401
    from rulings_lib.i18n.terms import READING
    from rulings_lib.readings import readings

    every = {r.id: r for r in readings() + readings(settled=True)}
    assert set(READING) == set(every)
    from rulings_lib.i18n.glossary import resolve

    en = resolve(json.loads((PKG / "i18n" / "readings.en.json").read_text(encoding="utf-8")), "en")
    ja = resolve(json.loads((PKG / "i18n" / "readings.ja.json").read_text(encoding="utf-8")), "ja")
    for rid, code in READING.items():
        assert code == "readings." + rid.replace("-", "_") and "_" not in rid
        assert en[code] == every[rid].title and ja[code] and not re.search("[a-z]{3,}", ja[code]), rid


@pytest.mark.parametrize("name", ["08-digimon-tag.ipynb", "09-faq.ipynb"])
def test_the_japanese_notebooks_stored_outputs_name_no_reading_by_its_id(name):
    import nbformat

    slug = _slug_pattern()
    nb = nbformat.read(ROOT / "notebooks" / "ja" / name, as_version=4)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            text = "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("手順", "一致")))
            assert not slug.findall(text), (name, slug.findall(text)[:3])
