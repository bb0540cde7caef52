"""One verdict, decided by the engine: who lost and why, who stays in, the pending
handovers and what the incoming duelists inherit, whose turn is next and why, the Readings relied on.

The property: for every shipped scenario and every prefix of its steps, the verdict's
claims equal what playing on to the next turn actually gives -- the same scenario with an
``end_turn`` step added, played by the scenario runner -- and the picture says the same next turn.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.cli import main
from rulings_lib.formats import FORMATS
from rulings_lib.i18n import codes, render
from rulings_lib.scenario import Step, builtin_scenarios, load_scenario, run_scenario
from rulings_lib.verdict import verdict, verdict_lines
from rulings_lib.wrgp.engine import WrgpMatch

SCENARIOS = builtin_scenarios()
RING = next(p for p in SCENARIOS if p.name == "destruction-ring-draw.yaml")
POWER_BOND = next(p for p in SCENARIOS if p.name == "power-bond-handover.yaml")
READING_IDS = [r.id for f in FORMATS.values() for r in f.readings]
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){2,}")        # a Reading's id (draw-survivor-stays-at-0)


def prefix(path, k: int, then_end_turn: bool = False):
    """The scenario of ``path`` cut after its first ``k`` steps (no expectations), optionally with an
    ``end_turn`` step after them."""
    sc = load_scenario(path)
    steps = list(sc.steps[:k])
    if then_end_turn:
        steps.append(Step(k + 1, "end_turn", {}, 0, {}))
    sc.steps, sc.expect, sc.expect_lines = steps, {}, {}
    return run_scenario(sc)


def lines(v: dict, lang: str) -> list[str]:
    return verdict_lines(v, lang, FORMATS[v["format"]].cards)


# ------------------------------------------------------------------------------ worked examples
def test_the_destruction_ring_draw_stopped_right_after_the_loss_names_b2_next():
    """The issue's case: the question stops right after the loss (no end_turn). By the rulebook B2
    plays next (WRGP-F2); A1 is the survivor at 0; B1's handover is pending, never 'B1 in the duel'."""
    r = prefix(RING, 1)
    v = r.outcome["verdict"]
    c = v["claims"]
    assert r.outcome["out"] == ["B1"] and r.outcome["handover"] == ["B"] and r.outcome["at_zero"] == ["A1"]
    assert c["next"] == {"turn": 4, "team": "B", "duelist": "B2"}
    assert c["inherits"] == {"B2": {"from": "B1", "lp": 8000, "cards": []}}
    kinds = {row["kind"]: row for row in v["rows"]}
    assert kinds["next"]["rule"] == "WRGP-F2" and kinds["run_on"]["rule"] == "WRGP-H2"
    ja = lines(v, "ja")
    assert any(s.startswith("次: ターン4はB2（チームB）のターン") and s.endswith("[WRGP-F2]") for s in ja)
    assert any("B1は敗北したが" in s for s in ja) and not any("B1はライフ" in s for s in ja)
    assert any(s.startswith("A1は引分けの勝利扱いとしてライフ0のまま") for s in ja)
    name = render("readings.draw_survivor_stays_at_0", {}, "ja")
    assert f"拠った解釈: {name}（WRGP-D1）" in ja


def test_b1_losing_in_as_battle_phase_runs_on_then_b2_takes_over():
    m = WrgpMatch(turn=3, player="A", phase="battle", lp={"B": 1000})
    m.attack("A", 3000)
    v = verdict(m)
    assert v["claims"]["next"] == {"turn": 4, "team": "B", "duelist": "B2"}
    en = lines(v, "en")
    assert "the turn runs on from the Battle Phase to the End Phase: no phase is skipped and no attack is declared [WRGP-H2]" in en
    assert "next: turn 4 is B2's (team B), because the duel resumes with the team that handed over, team B [WRGP-F2]" in en


def test_power_bond_stopped_after_the_attack_says_a1_loses_in_the_end_phase_and_a2_plays_next():
    """Power Bond's End Phase damage is still to come: the played-on turn says A1 loses too (WRGP-H7,
    WRGP-D3) and A2 plays turn 4, as the picture's footer now says as well."""
    r = prefix(POWER_BOND, 3)
    v = r.outcome["verdict"]
    assert r.outcome["out"] == ["B1"] and v["claims"]["out"] == ["B1", "A1"]
    assert v["claims"]["next"] == {"turn": 4, "team": "A", "duelist": "A2"}
    assert next(row for row in v["rows"] if row["kind"] == "next")["rule"] == "WRGP-D3"
    from rulings_lib.draw import summary

    assert summary(r.outcome, "ja")[-1].startswith("引き継ぎ中: B1 が敗北。次のターン: ターン4、チームA（A2）、WRGP-D3")


def test_power_bond_played_to_the_end_says_this_turn_is_a2s_and_the_picture_agrees():
    r = run_scenario(load_scenario(POWER_BOND))
    v = r.outcome["verdict"]
    assert v["claims"]["next"] == {"turn": 4, "team": "A", "duelist": "A2"} and not v["claims"]["played_on"]
    from rulings_lib.draw import summary, svg

    assert summary(r.outcome, "ja")[-1] == "このターン: ターン4、チームA（A2）"
    assert "次のターン: チームB（B2）" not in svg(r.match, "ja")


def test_cards_on_the_field_are_inherited_and_named_in_the_verdict():
    m = WrgpMatch(turn=3, player="A", phase="main1", lp={"B": 1000})
    m.place("B", "Cyber Dragon", "monster")
    m.damage("A", to="opponent", amount=1000)
    v = verdict(m)
    assert v["claims"]["inherits"]["B2"]["cards"] == ["Cyber Dragon"]
    after = m.copy()
    after.end_turn()
    assert after.state()["cards"]["Cyber Dragon"]["player"] == "B2"


def test_rulings_run_prints_the_verdict_first_and_json_carries_it(capsys):
    assert main(["run", str(RING), "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("裁定:\n") and out.index("裁定:") < out.index("シナリオ: ")
    assert main(["run", str(RING), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == run_scenario(load_scenario(RING)).outcome["verdict"]
    assert all({"kind", "code", "args"} <= set(row) for row in data["verdict"]["rows"])


def test_a_run_result_shows_the_verdict_in_a_notebook():
    r = run_scenario(load_scenario(RING))
    html = r._repr_html_()
    assert html.index('<pre class="verdict">Verdict:') < html.index('<img src="data:image/svg+xml')
    assert r.verdict("ja").startswith("裁定:")


def test_the_tag_battle_says_who_is_out_the_points_and_who_goes_first_and_why():
    path = next(p for p in SCENARIOS if p.parent.name == "tag" and p.name == "one-vs-one.yaml")
    r = run_scenario(load_scenario(path))
    v = r.outcome["verdict"]
    assert v["claims"]["out"] == r.outcome["out"] and v["claims"]["winner"] == r.outcome["winner"]
    assert {row["args"]["who"] for row in v["rows"] if row["kind"] == "lost"} == set(r.outcome["out"])


def test_every_reading_has_a_title_in_both_languages_and_the_english_is_its_own():
    en, ja = codes("en"), codes("ja")
    for f in FORMATS.values():
        for r in f.readings:
            assert en["readings." + r.id.replace("-", "_")] == r.title
            assert ja.get("readings." + r.id.replace("-", "_")) and not SLUG.search(ja["readings." + r.id.replace("-", "_")])


# ------------------------------------------------------------------------------ the property
def _ids(path):
    return f"{path.parent.name}/{path.stem}"


@pytest.mark.parametrize("path", SCENARIOS, ids=_ids)
def test_every_prefix_of_every_shipped_scenario_claims_what_playing_on_gives(path):
    n = len(load_scenario(path).steps)
    for k in range(n + 1):
        r = prefix(path, k)
        v, m = r.outcome["verdict"], r.match
        assert v == FORMATS[v["format"]].verdict(m)               # the same whoever asks
        c = v["claims"]
        where = f"{path.name} after {k} step(s)"
        lost = {row["args"].get("who") for row in v["rows"] if row["kind"] == "lost"}
        stays = {row["args"].get("who") for row in v["rows"] if row["kind"] == "stays"}
        if v["format"] == "wrgp":
            _wrgp_claims(path, k, r, c, lost, stays, where)
        else:
            assert c["out"] == m.out and lost == set(m.out), where
            assert c["points"] == {p: m.points[p] for p in m.players() if p not in m.out}, where
            if c["next"] is not None:
                assert c["next"] == {"turn": m.turn, "first": m.first}, where
        ja = "\n".join(lines(v, "ja"))
        assert not any(rid in ja for rid in READING_IDS), (where, ja)   # a Reading by its title, never its id
        assert not any(rid in "\n".join(lines(v, "en")) for rid in READING_IDS), where


def _wrgp_claims(path, k, r, c, lost, stays, where):
    m = r.match
    # every duelist out now has lost (or swapped out), and none of them is said to stay in
    named = lost | {row["args"].get("old") for row in r.outcome["verdict"]["rows"] if row["kind"] == "swapped"}
    assert set(m.out) <= named | {None}, where
    assert not (stays & set(m.out)), where
    if m.winner is not None:
        assert c["next"] is None and c["finished"] and c["winner"] == m.winner, where
        return
    from rulings_lib.draw import summary

    if not c["played_on"]:
        assert not m.handover, where    # a pending handover: the turn runs on, the next one is after it
        if c["next"] is not None:       # the question stops at a turn's very start: this turn is next
            assert c["next"] == {"turn": m.turn, "team": m.player, "duelist": m.duelist(m.player)}, where
            for new, got in c["inherits"].items():      # what the handover that began it handed on
                assert new in (m.duelist("A"), m.duelist("B")) and got["from"] in m.out, where
    else:
        on = prefix(path, k, then_end_turn=True)
        s = on.outcome
        assert c["out"] == s["out"] and c["finished"] == s["finished"] and c["winner"] == s["winner"], where
        if s["finished"]:
            assert c["next"] is None, where
        else:
            assert c["next"] == {"turn": s["turn"]["number"], "team": s["turn"]["player"],
                                 "duelist": f"{s['turn']['player']}{s['duelist'][s['turn']['player']]}"}, where
            assert c["lp"] == s["lp"], where
        for new, got in c["inherits"].items():
            held = sorted(n for n, card in s["cards"].items() if card["player"] == new)
            assert sorted(got["cards"]) == held, where
            assert new in (f"A{s['duelist']['A']}", f"B{s['duelist']['B']}") or new in s["out"], where
    if c["next"] is not None:           # the picture's last line names the verdict's next turn
        team, who = c["next"]["team"], c["next"]["duelist"]
        assert f"team {team} ({who})" in summary(r.outcome, "en")[-1], where


# The same property on matches no scenario plays: random LP, damage, attacks, phases and turn ends.
ACTIONS = st.lists(st.one_of(
    st.tuples(st.just("damage"), st.sampled_from("AB"), st.sampled_from(["opponent", "self", "both"]),
              st.integers(0, 9000)),
    st.tuples(st.just("phase"), st.sampled_from(["standby", "main1", "battle", "main2", "end"])),
    st.tuples(st.just("end_turn")),
    st.tuples(st.just("delayed"), st.sampled_from("AB"), st.integers(1, 9000)),
), max_size=8)


def _play(actions, lp, phase="main1"):
    from rulings_lib.errors import IllegalAction

    m = WrgpMatch(turn=3, phase=phase, lp={"A": lp[0], "B": lp[1]})
    for a in actions:
        try:
            if a[0] == "damage":
                m.damage(a[1], to=a[2], amount=a[3])
            elif a[0] == "phase":
                m.phase(a[1])
            elif a[0] == "end_turn":
                m.end_turn()
            else:
                m.at_end_phase(a[1], "Power Bond", "self", a[2])
        except IllegalAction:
            pass
    return m


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACTIONS, st.tuples(st.integers(1, 8000), st.integers(1, 8000)), st.sampled_from(["draw", "main1"]))
def test_on_any_match_the_verdict_claims_what_end_turn_gives(actions, lp, phase):
    m = _play(actions, lp, phase)
    c = verdict(m)["claims"]
    if m.winner is not None:
        assert c["next"] is None
        return
    if not c["played_on"]:
        # "this turn is next" only at a turn's start with no handover pending (else it runs on, WRGP-H1)
        assert not m.handover and m.phase_key == "draw" and not m.drawn
        assert c["next"] == {"turn": m.turn, "team": m.player, "duelist": m.duelist(m.player)}
        return
    on = _play([*actions, ("end_turn",)], lp, phase)        # played again from the start, then on
    assert c["out"] == on.out and c["winner"] == on.winner
    if on.winner is None:
        assert c["next"] == {"turn": on.turn, "team": on.player, "duelist": on.duelist(on.player)}
