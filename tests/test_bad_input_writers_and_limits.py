"""Bad input met by the writers and the limits: a FIFO or device never replaced by a picture, step
pictures in linear time, bounded steps, events and aliases (out of resource is its own status), capped
lflist warnings, the checks of findings and violations, exact expectations, comments, well-formed XML
titles, picture paths, ``--lang ja`` drawings and errors, ``rulings bench``'s bounds and the setup
errors naming the file's keys. One test per cause, each failing before its fix.

Saved matches, state() snapshots and the tracker's file format are tested in their own files.
"""

from __future__ import annotations

import json
import os
import stat
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from input_errors import assert_one_line_error, run_cli

from rulings_lib import TagMatch, WrgpMatch
from rulings_lib.cli import EXIT_RESOURCE, main
from rulings_lib.decks import samples
from rulings_lib.errors import ArgumentError

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "rulings_lib" / "scenarios"
TAG_SAMPLES = ROOT / "rulings_lib" / "samples" / "tag"


def _end_turns(n: int, title: str = "many turns") -> str:
    """A WRGP scenario of ``n`` end_turn steps, the first written out, the rest aliases of it."""
    return "\n".join([f"format: wrgp\ntitle: {json.dumps(title)}\nsteps:", "  - &t {end_turn: {}}",
                      *["  - *t"] * (n - 1)]) + "\n"


# ------------------------------------------------------------------ one writer for every output
@pytest.mark.parametrize("option", ["--svg", "--svg-steps"])
def test_a_fifo_is_never_replaced_by_a_picture(tmp_path, capsys, option):
    scenario = SCENARIOS / "wrgp" / "match-start.yaml"
    fifo = tmp_path / "p.svg"
    if option == "--svg":
        os.mkfifo(fifo)
        target = fifo
    else:
        target = tmp_path / "steps"
        target.mkdir()
        fifo = target / "step-00.svg"
        os.mkfifo(fifo)
    code, _, err = run_cli(capsys, "run", scenario, option, target)
    assert_one_line_error(code, err, fifo, "not a regular file")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)                    # still the FIFO
    assert not list(tmp_path.glob("**/.*.tmp"))                    # no temporary file left


def test_the_writer_refuses_a_device_and_a_fifo(tmp_path):
    from rulings_lib.errors import InputError
    from rulings_lib.files import write_text

    fifo = tmp_path / "x"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/null")):
        with pytest.raises(InputError, match="not a regular file"):
            write_text(path, "text")
        assert not stat.S_ISREG(os.stat(path).st_mode)


def test_diagrams_and_faq_page_go_through_the_writer(tmp_path):
    from rulings_lib.errors import InputError
    from rulings_lib.faq import load_faq
    from rulings_lib.faq.html import write_html

    fifo = tmp_path / "faq.html"
    os.mkfifo(fifo)
    with pytest.raises(InputError):
        write_html(load_faq()[:1], fifo)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    from rulings_lib.diagrams import all_diagrams

    d = all_diagrams()[0]
    os.mkfifo(tmp_path / f"{d.name}.dot")
    with pytest.raises(InputError):
        d.save(tmp_path, svg=False)
    assert stat.S_ISFIFO(os.stat(tmp_path / f"{d.name}.dot").st_mode)


# ------------------------------------------------------------------ --svg-steps is linear
def _event_dicts_made(tmp_path, n: int, monkeypatch) -> int:
    from rulings_lib import events
    from rulings_lib.draw.scenario import write_step_svgs
    from rulings_lib.scenario import run_scenario, scenario_from_text

    result = run_scenario(scenario_from_text(_end_turns(n)))
    made = [0]
    original = events.Event.as_dict

    def counting(self):
        made[0] += 1
        return original(self)

    monkeypatch.setattr(events.Event, "as_dict", counting)
    write_step_svgs(result, tmp_path / f"steps-{n}")
    monkeypatch.setattr(events.Event, "as_dict", original)
    assert len(list((tmp_path / f"steps-{n}").iterdir())) == n + 1
    return made[0]


def test_step_pictures_cost_grows_linearly(tmp_path, monkeypatch):
    # The work is counted (event dicts made), not timed: twice the steps, at most about twice the work.
    small, large = _event_dicts_made(tmp_path, 60, monkeypatch), _event_dicts_made(tmp_path, 120, monkeypatch)
    assert large <= 2.2 * small + 10, (small, large)


def test_step_pictures_are_the_same_pictures(tmp_path):
    from rulings_lib.draw import step_svgs
    from rulings_lib.draw.scenario import write_step_svgs
    from rulings_lib.scenario import load_scenario, run_scenario

    for path in (SCENARIOS / "wrgp" / "power-bond-handover.yaml", SCENARIOS / "tag" / "battle-phase-alternation.yaml"):
        result = run_scenario(load_scenario(path))
        for lang in ("en", "ja"):
            written = write_step_svgs(result, tmp_path / f"{path.stem}-{lang}", lang)
            assert [p.read_text(encoding="utf-8") for p in written] == [s + "\n" for s in step_svgs(result, lang)]


# ------------------------------------------------------------------ bounded work
def test_steps_are_bounded_counting_aliases(tmp_path, capsys):
    from rulings_lib.scenario import MAX_STEPS

    f = tmp_path / "s.yaml"
    f.write_text(_end_turns(MAX_STEPS + 1))
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f"{f}:3: steps: {MAX_STEPS + 1} steps", f"at most {MAX_STEPS}")
    f.write_text(_end_turns(50))
    assert run_cli(capsys, "run", f)[0] == 0


def test_events_are_bounded(tmp_path, capsys, monkeypatch):
    import rulings_lib.scenario as S

    f = tmp_path / "s.yaml"
    f.write_text(_end_turns(40))
    monkeypatch.setattr(S, "MAX_EVENTS", 30)
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, "may make at most 30")


def test_a_real_file_past_the_event_limit_is_refused(tmp_path, capsys):
    from rulings_lib.scenario import MAX_EVENTS, MAX_STEPS

    # Each link of a chain makes events: a long chain repeated by alias passes the event limit
    # well inside the step limit and the file size cap.
    links = ", ".join(["{by: A, gain: {to: self, amount: 1}}", "{by: B, gain: {to: self, amount: 1}}"] * 50)
    steps = min(MAX_STEPS, MAX_EVENTS // 100)
    text = ("format: wrgp\nsetup: {at: {phase: main1}}\nsteps:\n  - &c {chain: [" + links + "]}\n"
            + "  - *c\n" * (steps - 1))
    f = tmp_path / "s.yaml"
    f.write_text(text)
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, f"may make at most {MAX_EVENTS}")


def test_each_deck_file_is_read_once_per_run(tmp_path, monkeypatch):
    from rulings_lib import files
    from rulings_lib.scenario import run_scenario, scenario_from_text

    for p in samples.team("legal"):
        (tmp_path / p.name).write_bytes(p.read_bytes())
    (tmp_path / "lflist.conf").write_bytes(Path(samples.BANLIST).read_bytes())
    decks = ", ".join(p.name for p in samples.team("legal"))
    step = f"  - check_team: {{team: A, decks: [{decks}], banlist: lflist.conf}}\n"
    other = f"  - check_team: {{team: B, decks: [{', '.join(reversed(decks.split(', ')))}], banlist: lflist.conf}}\n"
    f = tmp_path / "s.yaml"
    f.write_text("format: wrgp\nsteps:\n" + (step + other) * 20)
    reads: list[str] = []
    original = files.read_bytes

    def counting(path, *args, **kwargs):
        reads.append(Path(path).name)
        return original(path, *args, **kwargs)

    monkeypatch.setattr(files, "read_bytes", counting)
    from rulings_lib.scenario import load_scenario

    result = run_scenario(load_scenario(f))
    assert sorted(reads) == sorted(["s.yaml", "lflist.conf", *(p.name for p in samples.team("legal"))]), reads
    assert result.outcome["deck_checks"]["A"]["legal"] and result.outcome["deck_checks"]["B"]["legal"]
    assert scenario_from_text  # the text loader reads no file


def test_an_alias_bomb_is_refused_before_anything_is_built(tmp_path, capsys, monkeypatch):
    from rulings_lib import yamlsrc

    built = [0]
    original = yamlsrc._Builder.build

    def counting(self, node, depth=0):
        built[0] += 1
        return original(self, node, depth)

    monkeypatch.setattr(yamlsrc._Builder, "build", counting)
    levels = ["&n1 [" + ", ".join(["{end_turn: {}}"] * 40) + "]"]
    levels += [f"&n{k + 1} [" + ", ".join([f"*n{k}"] * 40) + "]" for k in range(1, 6)]   # 40**6 nodes
    f = tmp_path / "s.yaml"
    f.write_text("format: wrgp\ndescription: [" + ", ".join(levels) + "]\n")
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, "too large")
    assert built[0] == 0


@pytest.mark.parametrize("exc", [MemoryError, RecursionError])
def test_out_of_resource_is_its_own_status(tmp_path, capsys, monkeypatch, exc):
    import rulings_lib.scenario as S

    def exhausted(*args, **kwargs):
        raise exc()

    monkeypatch.setattr(S, "run_scenario", exhausted)
    code, out, err = run_cli(capsys, "run", SCENARIOS / "wrgp" / "match-start.yaml")
    assert code == EXIT_RESOURCE == 3 and out == ""
    assert err.count("\n") == 1 and "not a verdict" in err and "Traceback" not in err
    code, _, err = run_cli(capsys, "run", SCENARIOS / "wrgp" / "match-start.yaml", "--lang", "ja")
    assert code == 3 and "判定結果ではありません" in err


def test_out_of_memory_in_a_real_process_is_status_3(tmp_path):
    """A real MemoryError (the address space capped in a child process): status 3, one line."""
    import subprocess
    import sys

    code = ("import resource, sys\n"
            "resource.setrlimit(resource.RLIMIT_AS, (700 * 2**20, 700 * 2**20))\n"
            "from rulings_lib import cli\n"
            "import rulings_lib.scenario as S\n"
            "def hog(*a, **k):\n"
            "    keep = []\n"
            "    while True:\n"
            "        keep.append(bytearray(50 * 2**20))\n"
            "S.run_scenario = hog\n"
            f"sys.exit(cli.main(['run', {str(SCENARIOS / 'wrgp' / 'match-start.yaml')!r}]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3, proc.stderr
    assert proc.stderr.count("\n") == 1 and "memory" in proc.stderr


# ------------------------------------------------------------------ lflist warnings capped
def test_lflist_warnings_are_capped_and_counted(tmp_path):
    from rulings_lib.decks.lflist import MAX_WARNINGS, load_banlist, read_lflist

    f = tmp_path / "lflist.conf"
    f.write_text("!L\n" + "junk line\n" * 10_000 + "55144522 0\n")
    for banlist in (load_banlist(f), read_lflist(f)[0]):
        assert len(banlist.warnings) == MAX_WARNINGS + 1
        assert banlist.limit(55144522) == 0
        last = banlist.warning_texts()[-1]
        assert f"{10_000 - MAX_WARNINGS:,} more lines" in last and last.startswith(f"{f}:{MAX_WARNINGS + 2}:")
        assert "行" in banlist.warning_texts("ja")[-1]


# ------------------------------------------------------------------ share links (see tests/site/test_share_link.py)
# ------------------------------------------------------------------ diagrams --check reads safely
@pytest.mark.parametrize("bad", ["latin1", "folder", "fifo"])
def test_diagrams_check_reads_through_the_kit_reader(tmp_path, capsys, bad):
    from rulings_lib.diagrams import all_diagrams

    d = all_diagrams()[0]
    path = tmp_path / f"{d.name}.dot"
    if bad == "latin1":
        path.write_bytes(d.source.encode("utf-8") + "caf\xe9".encode("latin-1"))
    elif bad == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    code, _, err = run_cli(capsys, "diagrams", "--check", "--out", tmp_path)
    assert_one_line_error(code, err, path)


# ------------------------------------------------------------------ 8, 9. deck-check records checked
@pytest.mark.parametrize("finding", [{"rule": {}, "message": "x"}, {"rule": ["TAG-K1"], "message": "x"},
                                     {"rule": "TAG-K1", "message": "x", "card": object()},
                                     {"rule": "TAG-K1", "message": "x", "count": {"a": 1}}])
def test_tag_findings_are_checked(finding):
    m = TagMatch()
    before = len(m.events)
    with pytest.raises(ArgumentError):
        m.record_deck_check(True, [finding], [])
    with pytest.raises(ArgumentError):
        m.record_deck_check(True, [], [finding])
    assert m.state()["deck_check"] is None and len(m.events) == before


@pytest.mark.parametrize("change", [{"card": {"code": "nope", "args": {}}}, {"deck": object()}, {"kind": "nope"},
                                    {"rule": "TAG-K1"}, {"section": "graveyard"}, {"card": True}])
def test_wrgp_violations_are_checked(change):
    good = {"rule": "WRGP-S2", "kind": "copies", "card": 12580477, "name": "Raigeki", "count": 2, "limit": 1}
    if "deck" in change or "section" in change:
        good = {"rule": "WRGP-S2", "kind": "deck-size", "deck": 1, "section": "main", "count": 39}
    m = WrgpMatch()
    m.record_deck_check("A", False, [good])          # what rulings_lib.decks reports is accepted
    json.dumps(m.state())
    m = WrgpMatch()
    with pytest.raises(ArgumentError):
        m.record_deck_check("A", False, [{**good, **change}])
    json.dumps(m.state())                            # always serialisable, nothing recorded
    assert m.state()["deck_checks"] == {}


# ------------------------------------------------------------------ exact expectations
@pytest.mark.parametrize("expect, ok", [
    ("finished: 0", False), ("finished: false", True),
    ("lp: {A: 8000.0000000000001, B: 8000}", False), ("lp: {A: 8000.0, B: 8000}", False),
    ("lp: {A: 8000, B: 8000}", True),
    ("rejected: [{step: 1.0, rule: STD-TIMING}]", False), ("rejected: [{step: 1, rule: STD-TIMING}]", True),
    ("rejected: [{step: true, rule: STD-TIMING}]", False),
    ("turn: {number: 1.0, player: A, phase: draw}", False), ("turn: {number: 1, player: A, phase: draw}", True),
    ("spc: {A: 0, B: false}", False),
])
def test_expectations_match_exactly_types_too(tmp_path, capsys, expect, ok):
    f = tmp_path / "s.yaml"
    f.write_text(f"format: wrgp\nsteps:\n  - act: {{by: A, action: ignition_effect}}\nexpect:\n  {expect}\n")
    if "rejected" not in expect:
        f.write_text(f"format: wrgp\nexpect:\n  {expect}\n")
    code, out, _ = run_cli(capsys, "run", f)
    assert code == (0 if ok else 1), out


def test_same_is_exact():
    from rulings_lib.scenario import same

    assert same({"a": [1, "x", None, True]}, {"a": [1, "x", None, True]})
    for e, a in [(0, False), (1, True), (1.0, 1), (1, 1.0), (None, 0), ("1", 1), ({"a": 1}, {"a": 1, "b": 2}),
                 ([1], [1, 1]), ([1.0], [1]), ({"a": False}, {"a": 0})]:
        assert not same(e, a) and not same(a, e), (e, a)


# ------------------------------------------------------------------ tag deck lines
@pytest.mark.parametrize("sep", ["\f", "\v", "\x85", "\u2028", "\u2029", "\x1c", "\x1d", "\x1e"])
def test_a_comment_ends_only_at_a_newline(tmp_path, sep):
    from rulings_lib.tag.deckcheck import check_deck

    text = (TAG_SAMPLES / "red-a.txt").read_text(encoding="utf-8")
    plain = tmp_path / "plain.txt"
    plain.write_text(text, encoding="utf-8")
    tricked = tmp_path / "tricked.txt"
    tricked.write_text(f"# old list was{sep}3 St-1\n" + text, encoding="utf-8")
    cards = TAG_SAMPLES / "sample-catalogue.csv"
    a, b = check_deck(plain, cards=cards), check_deck(tricked, cards=cards)
    assert a.legal and b.legal
    assert a.decks[0].size == b.decks[0].size == 30


# ------------------------------------------------------------------ control characters in SVG and DOT
@pytest.mark.parametrize("title", ["\\x07 bell", "nul \\0 here", "\\x1b[31mred", "\\uFFFE", "a\\x0bb"])
def test_titles_with_control_characters_still_make_well_formed_xml(tmp_path, capsys, title):
    f = tmp_path / "s.yaml"
    f.write_text(f'format: wrgp\ntitle: "{title}"\nsteps:\n  - end_turn: {{}}\n')
    out = tmp_path / "o.svg"
    assert main(["run", str(f), "--svg", str(out), "--svg-steps", str(tmp_path / "st")]) == 0
    for path in [out, *sorted((tmp_path / "st").iterdir())]:
        ET.fromstring(path.read_text(encoding="utf-8"))          # well-formed
    from rulings_lib.diagrams import scenario_path
    from rulings_lib.draw import strip_svg
    from rulings_lib.scenario import load_scenario, run_scenario

    ET.fromstring(strip_svg(run_scenario(load_scenario(f))))
    source = scenario_path(f).source
    assert not any(ord(c) < 32 and c not in "\t\n\r" for c in source)
    # Graphviz reads the labels as XML: each HTML-like label parses.
    svg = scenario_path(f).svg()
    ET.fromstring(svg)
    assert "syntax error" not in svg


# ------------------------------------------------------------------ empty picture paths
@pytest.mark.parametrize("option", ["--svg", "--svg-steps"])
def test_an_empty_picture_path_is_an_error(capsys, option):
    code, _, err = run_cli(capsys, "run", SCENARIOS / "wrgp" / "match-start.yaml", option, "")
    assert code == 2 and err.count("\n") == 1 and f"{option}: an empty file name" in err


# ------------------------------------------------------------------ pictures in --lang
def test_lang_ja_draws_in_japanese(tmp_path, capsys):
    out, steps = tmp_path / "o.svg", tmp_path / "st"
    scenario = SCENARIOS / "wrgp" / "power-bond-handover.yaml"
    assert main(["run", str(scenario), "--lang", "ja", "--svg", str(out), "--svg-steps", str(steps)]) == 0
    from rulings_lib.draw import scenario_svg, step_svgs
    from rulings_lib.scenario import load_scenario, run_scenario

    result = run_scenario(load_scenario(scenario))
    assert out.read_text(encoding="utf-8") == scenario_svg(result, "ja") + "\n"
    assert 'lang="ja"' in out.read_text(encoding="utf-8")
    assert [p.read_text(encoding="utf-8") for p in sorted(steps.iterdir())] == [s + "\n" for s in step_svgs(result, "ja")]


# ------------------------------------------------------------------ bench --steps
@pytest.mark.parametrize("steps", ["-1", "0", "x", "１"])
def test_bench_needs_at_least_one_step(capsys, steps):
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--steps", steps])
    assert exc.value.code == 2
    assert "expected a whole number from 1" in capsys.readouterr().err
    from rulings_lib.bench import random_play

    with pytest.raises(ValueError):
        random_play(0)


# ------------------------------------------------------------------ suite: TagMatch(points=101)
@pytest.mark.parametrize("points", [101, 1000, 0, -1])
def test_suite_tag_start_points_stay_within_tag_s1(points):
    with pytest.raises(ArgumentError):
        TagMatch(points=points)
    assert TagMatch(points=100).start_points == 100 and TagMatch(points=1).start_points == 1


# ------------------------------------------------------------------ keys of the file, not of the API
@pytest.mark.parametrize("text, where", [
    ("format: digimon-tag\nsetup:\n  at:\n    points: {red-A: 101}\n", "setup.at.points.red-A: "),
    ("format: digimon-tag\nsetup:\n  at:\n    letters: {red-A: B}\n", "setup.at.letters: "),
    ("format: wrgp\nsetup:\n  lineup: 3\n  at:\n    turn: 3\n    duelist: {A: 5}\n", "setup.at.duelist: "),
])
def test_setup_errors_name_the_files_keys(tmp_path, capsys, text, where):
    f = tmp_path / "s.yaml"
    f.write_text(text)
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, where)
    assert "gauges" not in err and "['" not in err


# ------------------------------------------------------------------ Japanese input errors
JA_CASES = {
    "tag-at-points": "format: digimon-tag\nsetup:\n  at:\n    points: {red-A: 101}\n",
    "tag-tag-name": "format: digimon-tag\nsetup:\n  tags: [A, red]\n",
    "tag-same-tags": "format: digimon-tag\nsetup:\n  tags: [red, red]\n",
    "tag-first": "format: digimon-tag\nsetup:\n  first: green\n",
    "tag-out": "format: digimon-tag\nsetup:\n  at:\n    out: [red-A]\n    points: {red-A: 5}\n",
    "tag-out-all": "format: digimon-tag\nsetup:\n  at:\n    out: [red-A, red-B]\n",
    "tag-letters": "format: digimon-tag\nsetup:\n  at:\n    letters: {red-A: B}\n",
    "tag-battle-missing": "format: digimon-tag\nsteps:\n  - battle: {A: {red: {power: 5}}}\n",
    "tag-battle-mixed": "format: digimon-tag\nsteps:\n  - battle: {A: {red: {power: 5}}, red: {power: 3}}\n",
    "tag-battle-lost-both": ("format: digimon-tag\nsteps:\n  - battle: {A: {red: {power: 5, lost: 3, lost_table: {3: 1}},"
                             " blue: {power: 3}}, B: {red: {power: 1}, blue: {power: 1}}}\n"),
    "wrgp-at-duelist": "format: wrgp\nsetup:\n  at:\n    turn: 3\n    duelist: {A: 5}\n",
    "wrgp-at-lp": "format: wrgp\nsetup:\n  at:\n    turn: 3\n    lp: {A: 0}\n",
    "wrgp-at-player": "format: wrgp\nsetup:\n  at:\n    player: B\n",
    "wrgp-at-phase": "format: wrgp\nsetup:\n  at:\n    phase: battle\n",
    "wrgp-at-spc": "format: wrgp\nsetup:\n  at:\n    spc: {A: 5}\n",
    "wrgp-at-zero": "format: wrgp\nsetup:\n  at:\n    turn: 3\n    at_zero: [A, B]\n",
    "wrgp-chain-both": "format: wrgp\nsteps:\n  - chain: [{by: A, damage: {to: opponent, amount: 1}, gain: {to: self, amount: 5}}]\n",
    "wrgp-chain-amount": "format: wrgp\nsteps:\n  - chain: [{by: A, damage: {to: opponent, amount: 1, per_link: 2}}]\n",
    "wrgp-delayed": "format: wrgp\nsteps:\n  - at_end_phase: {by: A, card: X, damage: {to: opponent, per_link: 2}}\n",
}


@pytest.mark.parametrize("name", sorted(JA_CASES))
def test_input_errors_are_japanese_under_lang_ja(tmp_path, capsys, name):
    import re

    f = tmp_path / "s.yaml"
    f.write_text(JA_CASES[name])
    code, _, en = run_cli(capsys, "run", f, "--lang", "en")
    assert_one_line_error(code, en, f)
    code, _, ja = run_cli(capsys, "run", f, "--lang", "ja")
    assert_one_line_error(code, ja, f)
    assert ja != en
    message = ja.split(": ", 1)[1]
    assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", message), ja
    for english in ("expected", " got ", "a mapping", "whole number", "at most", "give "):
        assert english not in message, ja


# ------------------------------------------------------------------ suite: deterministic, npm
def test_suite_hypothesis_runs_the_same_cases_every_time():
    from hypothesis import settings

    if os.environ.get("RULINGS_FUZZ") == "long":
        assert not settings.default.derandomize           # `make fuzz` explores
    else:
        assert settings.default.derandomize and settings.default.database is None


def test_suite_dev_test_stops_at_once_without_npm(tmp_path):
    """No npm, not root: `./dev test` says so in one sentence, exit 2, before any test runs."""
    import shutil
    import subprocess

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "date", "awk", "mkdir", "tail", "sed", "grep", "cat", "env", "touch"):
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    (bin_dir / "id").write_text("#!/bin/sh\necho 1000\n")
    (bin_dir / "id").chmod(0o755)
    import sys

    (bin_dir / "python3").symlink_to(sys.executable)
    proc = subprocess.run([str(bin_dir / "bash"), str(ROOT / "dev"), "test", "-m", "not browser"], cwd=ROOT,
                          env={"PATH": str(bin_dir), "HOME": str(tmp_path)}, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().startswith("dev: ") and "npm" in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert "passed" not in proc.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "npm" in readme.split("## ", 1)[0]                    # said in the README's first lines


# ---------------------------------------------------------------- the limits of play are those of setups
def test_play_stops_at_the_setup_limits():
    """A moment play reaches can always be given back as `setup.at` — play refuses (ArgumentError,
    nothing changed) a gain past the LP limit and a turn past the turn limit that `at` takes."""
    from rulings_lib import TagMatch, WrgpMatch
    from rulings_lib.errors import ArgumentError
    from rulings_lib.tag.verbs import MAX_TURN as TAG_MAX_TURN
    from rulings_lib.wrgp.verbs import MAX_LP, MAX_TURN

    m = WrgpMatch()
    m.phase("main1")
    m.gain("A", to="self", amount=1_000_000)
    m.lp["A"] = MAX_LP - 10           # a moment near the limit, as `at` could give it
    before = m.state()
    with pytest.raises(ArgumentError, match="limit"):
        m.gain("A", to="self", amount=11)
    assert m.state() == before
    m.gain("A", to="self", amount=10)
    assert m.lp["A"] == MAX_LP
    WrgpMatch(turn=3, player="A", phase="main1", lp={"A": MAX_LP, "B": 8000})   # and it can be set up

    last = WrgpMatch(turn=MAX_TURN - 1, player="A", phase="end")
    last.end_turn()
    assert last.turn == MAX_TURN
    before = last.state()
    with pytest.raises(ArgumentError, match="limit"):
        last.end_turn()
    assert last.state() == before

    t = TagMatch(("red", "blue"), turn=TAG_MAX_TURN)
    before = t.state()
    with pytest.raises(ArgumentError, match="limit"):
        t.truce("red-A")
    assert t.state() == before
