"""The match drawn: snapshots of fixed states, <desc> against the state, byte-identical
pictures of equal states, random reachable matches always drawn, the CLI's --svg/--svg-steps."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib import TagMatch, WrgpMatch
from rulings_lib.cli import main
from rulings_lib.draw import scenario_svg, step_svgs, strip_svg, summary, svg, tag_svg, wrgp_svg
from rulings_lib.errors import IllegalAction
from rulings_lib.i18n import render
from rulings_lib.i18n.terms import WRGP_ZONE
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

SNAPSHOTS = Path(__file__).parent / "snapshots" / "draw"
UPDATE = os.environ.get("RULINGS_UPDATE_SNAPSHOTS") == "1"
NS = "{http://www.w3.org/2000/svg}"
SCENARIOS = {p.stem: p for p in builtin_scenarios()}


def run(name: str):
    return run_scenario(load_scenario(SCENARIOS[name]), keep_snapshots=True)


# ---------------------------------------------------------------------- fixed states
def wrgp_start():
    return WrgpMatch()                                   # turn 1: Battle Phase and Main Phase 2 skipped


def wrgp_handover():
    m = WrgpMatch()
    m.phase("main1")
    m.damage("A", to="opponent", amount=8000)            # B1 lost: handover pending, run-on
    return m


def wrgp_survivor():
    return run("destruction-ring-draw").snapshots[1]     # A1 stays in at 0 LP, B1's handover pending


def wrgp_midmatch():
    m = WrgpMatch(turn=7, player="A", phase="main1", duelist={"A": 3, "B": 1}, lp={"A": 2500, "B": 8000},
                  spc={"A": 11, "B": 7})
    m.once_per_duel("A", "Spore")                        # WRGP-F6
    m.speed_world("A", 4)                                # X = 2: 1600 x 3 = 4800 damage
    return m


def wrgp_behind():
    # a < b: exactly 800 damage; the 10-counter effect usable by B
    return WrgpMatch(turn=7, player="B", phase="main2", duelist={"A": 3, "B": 1}, spc={"A": 4, "B": 12})


def wrgp_over():
    m = WrgpMatch(lineup=2, turn=6, player="A", phase="battle", duelist={"A": 2, "B": 2}, lp={"B": 1000})
    m.attack("A", 3000)                                   # B2 was B's last duelist
    return m


def wrgp_baton():
    m = WrgpMatch(turn=4, player="B")
    m.baton_touch("B")                                    # B1 swapped out, B2 fresh at 8000
    return m


def tag_start():
    return TagMatch(("red", "blue"))


def tag_out_player():
    m = TagMatch(("red", "blue"))
    m.battle({"A": {"red": {"power": 500}, "blue": {"power": 300, "lost": 100}},
              "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 400}}})   # blue-A out, TAG-N2
    return m


def tag_draw_decides():
    m = TagMatch(("red", "blue"))
    m.battle({"A": {"red": {"power": 400}, "blue": {"power": 400}},
              "B": {"red": {"power": 200, "lost": 30}, "blue": {"power": 600}}})   # TAG-N3
    return m


def tag_one_vs_one():
    m = TagMatch(("red", "blue"), turn=6, gauges={"red-A": 40, "blue-B": 30}, out=["blue-A", "red-B"])
    m.battle({"red": {"power": 300, "lost": 20}, "blue": {"power": 500}})          # TAG-N5 in 1-vs-1
    return m


def tag_over():
    return run("one-vs-one").match


WRGP_STATES = {"wrgp-start": wrgp_start, "wrgp-handover": wrgp_handover, "wrgp-survivor": wrgp_survivor,
               "wrgp-midmatch": wrgp_midmatch, "wrgp-behind": wrgp_behind, "wrgp-over": wrgp_over,
               "wrgp-baton": wrgp_baton}
TAG_STATES = {"tag-start": tag_start, "tag-out-player": tag_out_player, "tag-draw-decides": tag_draw_decides,
              "tag-one-vs-one": tag_one_vs_one, "tag-over": tag_over}
STATES = {**WRGP_STATES, **TAG_STATES}
CASES = [(name, lang) for name in STATES for lang in ("en", "ja")
         if lang == "en" or name in ("wrgp-handover", "wrgp-survivor", "tag-out-player", "tag-one-vs-one")]


def texts(picture: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(picture).iter(f"{NS}text")]


def desc(picture: str) -> str:
    return ET.fromstring(picture).find(f"{NS}desc").text


# ---------------------------------------------------------------------- snapshots
@pytest.mark.parametrize(("name", "lang"), CASES)
def test_snapshot(name, lang):
    picture = svg(STATES[name](), lang)
    path = SNAPSHOTS / f"{name}.{lang}.svg"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(picture + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: run with RULINGS_UPDATE_SNAPSHOTS=1 and review it"
    assert picture + "\n" == path.read_text(encoding="utf-8")


def test_every_snapshot_is_used():
    expected = {f"{name}.{lang}.svg" for name, lang in CASES}
    assert {p.name for p in SNAPSHOTS.glob("*.svg")} == expected


def test_every_marker_appears_in_the_snapshots():
    en = "\n".join("\n".join(texts((SNAPSHOTS / f"{n}.en.svg").read_text())) for n in STATES)
    for marker in ("▲ in the duel", "lost: handover", "comes in", "0 LP, stays in", "out", "turn player",
                   "4800 damage", "800 damage", "draw 3", "destroy up to 1", "(needs 10)", "usable now (WRGP-SW5)",
                   "own Main Phase only (WRGP-SW5)", "not during a handover (WRGP-H2)", "Spore",
                   "turn 1: no Battle Phase (WRGP-F5)", "run-on to the End Phase (WRGP-H1)", "before the draw",
                   "Handover pending: B1 lost. Next turn: turn 2, team B (B2), WRGP-F2", "Match over: team A wins (WRGP-F4)",
                   "first-A ▶", "second-B", "out (TAG-E1)", "1-vs-1 (TAG-E3)", "A vs A",
                   "equal powers, a draw", "blue-A loses 100 points", "(TAG-N2: each tag won one battle)",
                   "(TAG-N3: one battle was a draw and the other had a winner)", "TAG-N5",
                   "red goes first (TAG-S2: won rock-paper-scissors)", "Match over: red wins (TAG-S2)"):
        assert marker in en, marker
    ja = "\n".join((SNAPSHOTS / f"{n}.ja.svg").read_text() for n, lang in CASES if lang == "ja")
    for term in ("番手", "引き継ぎ", "スピードカウンター", "ライフポイント", "先攻", "後攻", "ポイントゲージ"):
        assert term in ja, term


# ---------------------------------------------------------------------- the picture's shape
@pytest.mark.parametrize("name", list(STATES))
def test_accessible_scalable_and_free_of_ids(name):
    picture = svg(STATES[name]())
    root = ET.fromstring(picture)
    assert root.get("role") == "img" and root.get("lang") == "en"
    assert root.find(f"{NS}title").text and root.find(f"{NS}desc").text
    x, y, w, h = (int(v) for v in root.get("viewBox").split())
    assert (x, y, w) == (0, 0, 640) and h > 300 and "max-width:100%" in root.get("style")
    assert ' id="' not in picture and "url(#" not in picture          # nothing to clash on a page of pictures
    assert "0x" not in picture and "/work/" not in picture and "/tmp/" not in picture


def test_lang_is_checked():
    with pytest.raises(ValueError, match="lang"):
        wrgp_svg(WrgpMatch(), "fr")


# ---------------------------------------------------------------------- desc against the state
def test_wrgp_desc_says_the_state():
    m = wrgp_handover()
    s = m.state()
    d = desc(svg(m))
    assert d == " ".join(summary(m))
    assert "Turn 1, team A's turn, Main Phase 1." in d
    assert f"Team A: A1 (1st) in the duel, {s['lp']['A']} LP, {s['spc']['A']} Speed Counters." in d
    assert f"Team B: B1 (1st) in the duel, 0 LP, {s['spc']['B']} Speed Counters, lost: handover." in d
    assert "Out: B1" in d and "Next turn: turn 2, team B (B2), WRGP-F2" in d      # the engine's verdict
    d = desc(svg(wrgp_midmatch()))
    assert "A3 (3rd) in the duel, 2500 LP, 7 Speed Counters" in d
    assert "4: 4800 damage, 7: draw 3; usable now (WRGP-SW5)." in d      # X = 3 - 1 = 2
    assert "Once per Duel used (WRGP-F6): Spore" in d
    assert "A1 (1st) in the duel, 0 LP" in desc(svg(wrgp_survivor())) and "0 LP, stays in" in desc(svg(wrgp_survivor()))


def test_tag_desc_says_the_state():
    m = tag_out_player()
    s = m.state()
    d = desc(svg(m))
    assert d == " ".join(summary(m))
    assert f"Turn 2, tag battle: {s['first']} first, {s['second']} second" in d
    for p, v in s["points"].items():
        assert (f"{p}: out, {v} points" if p in s["out"] else f"{p}: ") in d
    seat = {p: q for q, p in s["seats"].items() if p}
    for p in m.in_game_players():
        assert f"{p}: {seat[p]}, {s['points'][p]} points" in d
    assert "Out: blue-A" in d and "TAG-N2" in d
    assert "1-vs-1 (TAG-E3)" in desc(svg(tag_one_vs_one()))


def test_ja_desc_uses_the_rulebook_terms():
    d = desc(svg(wrgp_handover(), "ja"))
    assert "チームB: B1（1番手）" in d and "ライフポイント0" in d and "引き継ぎ中" in d
    d = desc(svg(tag_out_player(), "ja"))
    assert "先攻 blue" in d and "後攻 red" in d and "ポイントゲージ70" in d


# ---------------------------------------------------------------------- determinism
@pytest.mark.parametrize("name", list(STATES))
def test_equal_states_draw_byte_identical(name):
    a, b = STATES[name](), STATES[name]()
    assert a is not b
    assert svg(a) == svg(b) == svg(a.copy())
    assert svg(a, "ja") == svg(b, "ja")


def test_match_and_its_state_dict_draw_the_same():
    m = wrgp_midmatch()
    assert wrgp_svg(m) == wrgp_svg(m.state(), lineup=m.lineup, start_lp=m.start_lp)
    t = tag_out_player()
    assert tag_svg(t) == tag_svg(t.state())


def test_different_states_draw_differently():
    assert svg(wrgp_start()) != svg(wrgp_handover())
    assert svg(tag_start()) != svg(tag_out_player())


def test_unknown_outcome_keys_are_ignored():
    s = wrgp_handover().state()
    s["a_future_key"] = {"anything": [1, 2]}
    s.pop("once_per_duel")
    assert "B1" in desc(wrgp_svg(s))
    t = tag_out_player().state()
    t.pop("seats")
    t["letters"] = {"red-A": "B"}
    assert "blue-A: out" in desc(tag_svg(t))


# ---------------------------------------------------------------------- random reachable matches
WRGP_STEP = st.one_of(
    st.tuples(st.just("phase"), st.tuples(st.sampled_from(["standby", "main1", "battle", "main2", "end"]))),
    st.tuples(st.just("end_turn"), st.just(())),
    st.tuples(st.just("attack"), st.tuples(st.sampled_from("AB"), st.sampled_from([1000, 4000, 8000]))),
    st.tuples(st.just("damage"), st.tuples(st.sampled_from("AB"), st.sampled_from(["opponent", "self", "both"]),
                                           st.sampled_from([500, 4000, 8000]))),
    st.tuples(st.just("speed_world"), st.tuples(st.sampled_from("AB"), st.sampled_from([4, 7, 10]))),
    st.tuples(st.just("baton_touch"), st.tuples(st.sampled_from("AB"))),
    st.tuples(st.just("once_per_duel"), st.tuples(st.sampled_from("AB"), st.just("Spore"))),
    st.tuples(st.just("lose"), st.tuples(st.sampled_from("AB"))),
)
POWER = st.sampled_from([100, 300, 300, 500])
LOST = st.sampled_from([0, 30, 60, 100])
ENTRY = st.fixed_dictionaries({"power": POWER, "lost": LOST})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 4), st.lists(WRGP_STEP, max_size=30))
def test_random_wrgp_matches_always_draw(lineup, steps):
    m = WrgpMatch(lineup=lineup)
    for verb, args in steps:
        try:
            getattr(m, verb)(*args)
        except IllegalAction:
            pass
    for lang in ("en", "ja"):
        picture = svg(m, lang)
        d = desc(picture)
        ET.fromstring(picture)
        for t in "AB":
            assert m.duelist(t) in d and m.duelist(t) in texts(picture)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(ENTRY, ENTRY, ENTRY, ENTRY, st.booleans()), max_size=12))
def test_random_tag_matches_always_draw(turns):
    m = TagMatch(("red", "blue"))
    for a1, a2, b1, b2, rewind in turns:
        if m.is_finished():
            break
        spec = ({"A": {"red": a1, "blue": a2}, "B": {"red": b1, "blue": b2}} if m.mode == "tag"
                else {"red": a1, "blue": a2})
        if m.mode == "tag":
            spec = {k: v for k, v in spec.items() if all(m.in_game(f"{t}-{k}") for t in ("red", "blue"))}
        try:
            m.battle(spec)
            if rewind and m.battles and m.battles[0].loser:
                m.rematch(m.battles[0].loser)
        except IllegalAction:
            pass
    for lang in ("en", "ja"):
        picture = svg(m, lang)
        d = desc(picture)
        for p in m.players():
            assert p in d
        for p in m.in_game_players():
            assert p in texts(picture)


# ---------------------------------------------------------------------- scenarios and the CLI
def test_scenario_pictures():
    result = run("power-bond-handover")
    final = scenario_svg(result)
    assert final == svg(result.match, title=result.scenario.title)
    assert ET.fromstring(final).find(f"{NS}title").text == result.scenario.title
    steps = step_svgs(result)
    assert len(steps) == len(result.scenario.steps) + 1 and steps[-1] != steps[0]
    plain = run_scenario(load_scenario(SCENARIOS["power-bond-handover"]))      # no snapshots kept
    assert step_svgs(plain) == steps
    strip = strip_svg(result)
    root = ET.fromstring(strip)
    assert len(root.findall(f"{NS}svg")) == len(steps)
    assert "step 3" in desc(strip) and strip == strip_svg(plain)


def test_repr_svg():
    assert WrgpMatch()._repr_svg_() == svg(WrgpMatch())
    assert TagMatch(("red", "blue"))._repr_svg_() == svg(TagMatch(("red", "blue")))
    result = run("one-vs-one")
    assert result._repr_svg_() == scenario_svg(result)


def test_cli_svg_and_steps(tmp_path, capsys):
    path = SCENARIOS["battle-interrupted"]
    out, steps = tmp_path / "final.svg", tmp_path / "steps"
    assert main(["run", str(path), "--svg", str(out), "--svg-steps", str(steps)]) == 0
    result = run("battle-interrupted")
    assert out.read_text(encoding="utf-8") == scenario_svg(result) + "\n"
    names = sorted(p.name for p in steps.iterdir())
    assert names == [f"step-{n:02d}.svg" for n in range(len(result.scenario.steps) + 1)]
    assert (steps / names[-1]).read_text(encoding="utf-8") == step_svgs(result)[-1] + "\n"
    assert not list(tmp_path.glob("**/*.tmp"))


@pytest.mark.parametrize("where", ["a-file/out.svg", "a-folder"])
def test_cli_unusable_svg_path(tmp_path, capsys, where):
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("x")
    target = tmp_path / where
    assert main(["run", str(SCENARIOS["match-start"]), "--svg", str(target)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(target) in err and "Traceback" not in err


def test_cli_unusable_steps_dir(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["run", str(SCENARIOS["match-start"]), "--svg-steps", str(blocker)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(blocker) in err


def test_import_rulings_lib_does_not_import_the_drawing():
    code = "import sys, rulings_lib; print(any(m.startswith('rulings_lib.draw') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    code = ("import sys, rulings_lib.draw; print(sorted(m for m in ('ipywidgets', 'IPython', 'graphviz', "
            "'pygraphviz') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_path_arrow_leaves_the_phase_where_the_step_happened():
    from rulings_lib.diagrams import scenario_path

    d = scenario_path(SCENARIOS["battle-interrupted"], upto=1)      # B1 loses in the Battle Phase
    taken = {(e.tail, e.head): e.badge for e in d.edges if e.taken}
    assert taken[("t_battle", "ho_condition")] == "1"
    assert ("t_end", "ho_condition") not in taken
    d = scenario_path(SCENARIOS["power-bond-handover"])             # step 6: a loss in the run-on's End Phase
    taken = {(e.tail, e.head): e.badge for e in d.edges if e.taken}
    assert taken[("run_end", "ho_condition")] == "6"


def test_bench_figure_measures_every_kind():
    from rulings_lib.draw.scenario import drawing_times

    times = drawing_times(runs=3)
    assert set(times) == {"WRGP match", "tag match", "WRGP state dict", "tag state dict"}
    assert all(isinstance(ms, float) and ms >= 0 for ms in times.values())   # figures, not a timed test


def test_desc_lists_cards_and_lasting_effects_like_the_transcript():
    result = run("inherited-to-new-gy")
    d = desc(scenario_svg(result))
    for name, c in result.outcome["cards"].items():
        # the zone in the catalogue's words; a face-up card in the Extra Deck (a Pendulum Monster) is face-up
        key = "extra_face_up" if c["zone"] == "extra" and c.get("face_up", True) else c["zone"]
        zone = render(WRGP_ZONE[key], {}, "en")
        assert f"{name} ({c['player']} {zone}, owner {c['owner']})" in d
    result = run("effects-carry-over")
    assert all(e in desc(scenario_svg(result)) for e in result.outcome["effects"]) and result.outcome["effects"]


def test_a_scenario_result_shows_its_picture_and_transcript_in_jupyter():
    import html

    from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario

    result = run_scenario(load_scenario(next(p for p in builtin_scenarios("wrgp") if p.stem == "power-bond-handover")))
    page = result._repr_html_()
    # the picture as an embedded image (an untrusted notebook removes inline <svg>)
    import base64
    import re

    assert "<svg" not in page
    embedded = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)"', page)
    assert len(embedded) == 1 and base64.b64decode(embedded[0]).decode() == result._repr_svg_()
    assert "Power Bond" in page and "WRGP-D3" in page
    assert f"<pre>{html.escape(result.transcript())}</pre>" in page       # the transcript, escaped
