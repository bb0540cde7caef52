"""rulings_lib.web (the browser edition's door into the kit) and the site build, in CPython."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings_lib import web
from rulings_lib.i18n import render
from rulings_lib.record import RecordedMatch
from rulings_lib.widgets.tracker import BUTTONS, MatchTracker

ROOT = Path(__file__).resolve().parents[2]


def test_web_imports_nothing_heavy():
    code = ("import sys, rulings_lib.web, rulings_lib.record, rulings_lib.tag.turn; "
            "print(sorted(m for m in ('ipywidgets', 'graphviz', 'pygraphviz', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_run_text_answers_with_the_engine_and_points_at_bad_lines():
    text = (ROOT / "rulings_lib/scenarios/wrgp/power-bond-handover.yaml").read_text()
    r = web.run_text(text, "wrgp/power-bond-handover")
    assert r["passed"] and r["outcome"]["out"] == ["B1", "A1"]
    assert "[WRGP-D3]" in r["transcript"] and r["dot"].startswith("digraph")
    assert all(c["ok"] for c in r["checks"])
    assert web.run_text("format: wrgp\nsteps:\n  - fly: 1\n") == {
        "error": {"line": 3, "message": web.run_text("format: wrgp\nsteps:\n  - fly: 1\n")["error"]["message"]}}
    assert web.run_text("format: wrgp\nsteps:\n  - fly: 1\n")["error"]["message"].startswith("steps[1]: unknown verb")
    assert web.run_text("format: [\n")["error"]["line"] == 2
    assert web.run_text("x" * (web.MAX_TEXT + 1))["error"]["message"].startswith("the scenario is too long")
    failing = web.run_text("format: wrgp\nsteps:\n  - phase: main1\nexpect:\n  out: [A1]\n")
    assert not failing["passed"] and failing["checks"] == [
        {"key": "out", "ok": False, "expected": ["A1"], "actual": [], "line": 5}]


def test_shipped_deck_checks_resolve_beside_their_scenario():
    r = web.run_text((ROOT / "rulings_lib/scenarios/wrgp/team-deck-check.yaml").read_text(), "wrgp/team-deck-check")
    assert r["passed"], r.get("error")


def test_call_is_the_one_door():
    out = json.loads(web.call("run_shipped", json.dumps({"id": "tag/truce"})))
    assert out["format"] == "digimon-tag" and out["passed"]
    with pytest.raises(KeyError):
        web.call("__import__", "{}")
    assert json.loads(web.call("run_shipped", '{"id": "nope"}'))["error"]["message"] == "no shipped scenario 'nope'"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([b for b in BUTTONS if b in web.TRACKER_BUTTONS]),
                          st.sampled_from("AB"), st.sampled_from([0, 500, 1000, 4000, 8000])), max_size=25))
def test_page_tracker_buttons_do_what_the_widget_buttons_do(presses):
    """Both trackers, the same presses: the same actions recorded (so the same rules and rejections)."""
    widget, page = MatchTracker(), web.WebTracker()
    for button, team, amount in presses:
        widget.team.value, widget.amount.value = team, amount
        getattr(widget, f"on_{button}")()
        page.press(button, team, amount)
        assert page.record.actions == widget.record.actions
    assert page.record.match.state() == widget.record.match.state()


@settings(max_examples=20, deadline=None)
@given(st.lists(st.one_of(
    st.tuples(st.just("press"), st.sampled_from(["next_phase", "end_turn", "loss", "pay"]), st.sampled_from("AB")),
    st.tuples(st.just("activate"), st.sampled_from(["Power Bond", "パワーボンド", "Destruction Ring", "発禁令",
                                                    "Counter Cleaner", "Power Bnod", ""]), st.sampled_from("AB"))),
    max_size=12))
def test_page_trackers_card_control_does_what_the_widgets_does(plays):
    """The page's "activate a card" and the widget's: the same values, the same actions recorded and
    the same match (both are record.card_action: the verb table's `activate`)."""
    widget, page = MatchTracker(), web.WebTracker()
    for kind, what, team in plays:
        if kind == "press":
            widget.team.value, widget.amount.value = team, 500
            getattr(widget, f"on_{what}")()
            page.press(what, team, 500)
        else:
            values = {"by": team, "card": what}
            if what in ("Power Bond", "パワーボンド"):
                values["summon"] = "Cyber End Dragon"
            if what == "発禁令":
                values["declare"] = "Ookazi"
            widget.card_fields["card"].value = what
            widget.card_fields["by"].value = team
            for key in ("summon", "declare"):
                widget.card_fields[key].value = values.get(key, "")
            widget.on_activate()
            page.activate(values)
        assert page.record.actions == widget.record.actions
    assert page.record.match.state() == widget.record.match.state()


def test_page_tracker_activate_words_and_refusals():
    web.tracker("open", lang="ja")
    for _ in range(2):
        web.tracker("press", lang="ja", button="next_phase", team="A", amount=0)
    view = web.tracker("activate", lang="ja", values={"by": "A", "card": "Power Bond", "summon": "Cyber End Dragon"})
    assert "「パワー・ボンド」: A1が「サイバー・エンド・ドラゴン」を融合召喚" in view["feedback"]["text"]
    assert "Power Bond" not in view["feedback"]["text"] and "サイバー・エンド・ドラゴン" in "\n".join(view["status"])
    bad = web.tracker("activate", lang="ja", values={"by": "A", "card": "Power Bnod"})
    assert bad["feedback"]["tone"] == "no" and "「パワー・ボンド」" in bad["feedback"]["text"]
    assert web.tracker("activate", lang="en", values={"by": "A", "card": "x", "fly": 1})["feedback"]["text"] == (
        "not applied: fly: expected a mapping of the fields of activate (by, card, summon, declare), got 1")
    assert web.tracker("undo", lang="ja")["feedback"]["text"].endswith(render("verbs.wrgp.activate.label", {}, "ja"))


def test_every_widget_action_button_is_on_the_page():
    assert set(web.TRACKER_BUTTONS) == set(BUTTONS) - {"undo", "new", "save", "load"}


def test_page_tracker_undo_load_and_storage():
    web.tracker("open")
    web.tracker("press", button="next_phase", team="A", amount=0)
    view = web.tracker("press", button="pay", team="B", amount=500)
    saved = json.dumps(view["record"])
    assert "7500 LP" in "\n".join(view["status"])
    reopened = web.tracker("open", saved=saved)
    assert reopened["status"] == view["status"] and reopened["feedback"]["text"] == "match restored (2 actions)"
    refused = web.tracker("load", text=saved[:-5], file="m.json")
    assert refused["refused"] and refused["status"] == view["status"]
    assert refused["feedback"]["text"].startswith("not loaded, the match on screen is unchanged: ")
    assert web.tracker("undo")["can_undo"] is True
    assert RecordedMatch.from_json(web.tracker("export")["json"]).actions == RecordedMatch.from_json(saved).actions[:1]
    bad = web.tracker("open", saved='{"format": 1')
    assert bad["refused"] and bad["record"]["actions"] == []


def test_tag_turn_answer():
    r = web.tag_turn_answer({"red-A": 500, "blue-A": 300, "red-B": 200, "blue-B": 400}, {"blue-A": 20, "red-B": 30})
    assert r["first"] == "blue" and r["rule"] == "TAG-N2" and r["points"]["blue-A"] == 80
    assert "expected a number for blue-A" in web.tag_turn_answer({"red-A": 500})["error"]   # a missing power is bad input


def _build_module():
    from tools import build_site  # tools/ is a package (python -m tools.build_site)

    return build_site


def test_built_site_is_complete_and_pure(site_dir):
    info = json.loads((site_dir / "site.json").read_text())
    assert info["version"] == _build_module().inputs_hash()          # reused only while current
    with zipfile.ZipFile(site_dir / info["wheels"][0]) as z:         # PyYAML: pure modules only
        names = z.namelist()
    assert "yaml/__init__.py" in names and not any(n.endswith((".so", ".pyx", ".c")) or n.startswith("_yaml") for n in names)
    assert sorted(p.name for p in (site_dir / "pyodide").iterdir()) == sorted([*_build_module().PYODIDE_FILES, "snapshot.bin"])
    sw = (site_dir / "sw.js").read_text()
    assert info["version"] in sw and '"pyodide/pyodide.asm.wasm"' in sw and '"pyodide/snapshot.bin"' in sw
    faq = (site_dir / "faq.html").read_text()
    assert 'href="index.html#s=wrgp/cards-power-bond-handover"' in faq     # the rulebook example by name
    # Our pages and scripts name no other host (Pyodide's own CDN default is never used: the browser
    # tests count every request that leaves 127.0.0.1).
    import re
    ours = [*site_dir.glob("*.html"), *(site_dir / "js").glob("*.js"), site_dir / "sw.js", site_dir / "manifest.webmanifest"]
    for path in ours:
        hosts = set(re.findall(r"(?:https?:)?//([a-z0-9.-]+\.[a-z]{2,})", path.read_text()))
        assert hosts <= {"www.w3.org"}, (path.name, hosts)


def test_the_site_stays_within_its_size_budget(site_dir):
    """The whole site (pages, Python and its snapshot, the lab) in at most 45 MB."""
    files = [p for p in site_dir.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    assert total <= 45_000_000, f"the site is {total / 1e6:.1f} MB, over the 45 MB budget; largest: " + ", ".join(
        f"{p.relative_to(site_dir)} {p.stat().st_size / 1e6:.1f} MB" for p in sorted(files, key=lambda p: -p.stat().st_size)[:5])


def test_the_manifests_icons_are_pngs_of_their_stated_sizes():
    """The two PNG icons the web app manifest names for installing are files of site/icons/ (no encoder in
    the build): each a PNG whose header says the size the manifest states."""
    import struct

    manifest = json.loads((ROOT / "site" / "manifest.webmanifest").read_text())
    pngs = [i for i in manifest["icons"] if i["type"] == "image/png"]
    assert {i["sizes"] for i in pngs} == {"192x192", "512x512"}
    for entry in pngs:
        data = (ROOT / "site" / entry["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == entry["sizes"]
