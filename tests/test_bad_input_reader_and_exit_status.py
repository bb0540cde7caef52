"""Bad input met by the core: the scenario reader (flow nesting past the depth limit), folders (deeper than
the recursion limit, linked, looping), the ``Action`` text, the command's exit status on a closed pipe.
Each test here failed before its fix."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from input_errors import run_cli

from rulings_lib.decks import samples

SCENARIOS = Path(__file__).resolve().parent.parent / "rulings_lib" / "scenarios"
GOOD = SCENARIOS / "wrgp" / "power-bond-handover.yaml"
ILLEGAL = [str(p) for p in samples.team("illegal")]


def rulings_command() -> list[str]:
    script = Path(sys.executable).with_name("rulings")
    return [str(script)] if script.exists() else [sys.executable, "-m", "rulings_lib.cli"]


# -- folders walked without a recursion limit; link loops refused; the rest still run --------

def test_check_walks_a_folder_deeper_than_the_recursion_limit(tmp_path, capsys):
    root = tmp_path / "root"
    root.mkdir()
    deep = root
    for _ in range(max(1100, sys.getrecursionlimit() + 100)):   # (os.makedirs recurses itself)
        deep = deep / "d"
        deep.mkdir()
    (deep / "deep.yaml").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "beside.yaml").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    try:
        code, out, err = run_cli(capsys, "check", root)
    finally:        # removed from the bottom up (shutil.rmtree, pytest's clean-up, recurses too)
        (deep / "deep.yaml").unlink()
        while deep != root:
            deep.rmdir()
            deep = deep.parent
    assert code == 0, err
    assert out.splitlines()[-1].startswith("2 scenarios: 2 passed"), out


def test_check_follows_linked_folders_and_refuses_loops(tmp_path, capsys):
    root, other = tmp_path / "root", tmp_path / "other"
    (root / "a").mkdir(parents=True)
    other.mkdir()
    (other / "linked.yaml").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "a" / "here.yaml").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "a" / "up").symlink_to(root, target_is_directory=True)      # a loop
    (root / "self").symlink_to(".", target_is_directory=True)           # another
    (root / "elsewhere").symlink_to(other, target_is_directory=True)    # not a loop: followed
    code, out, err = run_cli(capsys, "check", root)
    lines = err.splitlines()
    assert sorted(lines) == sorted([f"{root / 'a' / 'up'}: a linked folder that leads back to a folder above it "
                                    "(a loop): not walked again",
                                    f"{root / 'self'}: a linked folder that leads back to a folder above it "
                                    "(a loop): not walked again"]), err
    assert "2 scenarios: 2 passed, 0 failed, 2 invalid" in out, out
    assert code == 2


# -- the exit status is the verdict's, whoever reads the output --------------------------

class _ClosedPipe(io.StringIO):
    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_keeps_the_verdict_in_process(monkeypatch):
    from rulings_lib.cli import main

    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["wrgp", "check-team", *ILLEGAL, "--banlist", str(samples.BANLIST)]) == 1
    assert main(["run", str(GOOD)]) == 0


def test_a_closed_pipe_keeps_the_verdict_in_a_process():
    """``rulings wrgp check-team ILLEGAL | head -0``: the reader is gone before anything is written."""
    for argv, status in ((["wrgp", "check-team", *ILLEGAL, "--banlist", str(samples.BANLIST)], 1),
                         (["run", str(GOOD)], 0)):
        read, write = os.pipe()
        os.close(read)
        try:
            proc = subprocess.run([*rulings_command(), *argv], stdout=write, stderr=subprocess.PIPE,
                                  text=True, check=False)
        finally:
            os.close(write)
        assert proc.returncode == status, proc.stderr
        assert proc.stderr == "", proc.stderr


# -- deeply nested flow collections are refused at once, by either parser -----------------

def _nested(depth: int, opener: str = "[", closer: str = "]", root_flow: bool = False) -> str:
    body = opener * depth + closer * depth
    return body + "\n" if root_flow else "title: t\nsteps: " + body + "\n"


def test_deep_flow_nesting_is_refused_before_the_scanner_reads_on(monkeypatch):
    """100,000 levels (200 KB): libyaml refuses them, then the pure reader read them again in
    time square in the depth (107 s). Now each parser opens at most a hundred-odd of them."""
    import yaml

    from rulings_lib import yamlsrc
    from rulings_lib.errors import ScenarioError

    opened = []
    original = yaml.scanner.Scanner.fetch_flow_collection_start

    def counting(self, token_class):
        opened.append(1)
        return original(self, token_class)

    monkeypatch.setattr(yaml.scanner.Scanner, "fetch_flow_collection_start", counting)
    for loader in ("c", "pure"):
        monkeypatch.setattr(yamlsrc, "_LOADER", yamlsrc._LOADER)
        yamlsrc.use_loader(loader)
        for opener, closer in (("[", "]"), ("{", "}"), ("[{", "}]")):
            opened.clear()
            try:
                yamlsrc.load_text(_nested(100_000 // len(opener), opener, closer), "deep.yaml")
            except ScenarioError as exc:
                assert exc.line == 2 and "too deeply nested" in str(exc), str(exc)
            else:
                raise AssertionError("a 100,000-level file was read")
            assert len(opened) <= 2 * (yamlsrc._MAX_DEPTH + 2), len(opened)   # (read twice at most)


def test_both_parsers_agree_around_the_depth_limit(monkeypatch):
    from rulings_lib import yamlsrc
    from rulings_lib.errors import ScenarioError

    monkeypatch.setattr(yamlsrc, "_LOADER", yamlsrc._LOADER)

    def outcome(text):
        try:
            return ("ok", yamlsrc.load_text(text, "f.yaml"))
        except ScenarioError as exc:
            return ("refused", exc.line, str(exc))

    for depth in range(yamlsrc._MAX_DEPTH - 3, yamlsrc._MAX_DEPTH + 4):
        for root_flow in (False, True):
            text = _nested(depth, root_flow=root_flow)
            yamlsrc.use_loader("c")
            c = outcome(text)
            yamlsrc.use_loader("pure")
            assert outcome(text) == c, (depth, root_flow)
            assert c[0] == ("ok" if depth + (0 if root_flow else 1) <= yamlsrc._MAX_DEPTH + 1 else "refused"), (depth, c)


# -- an Action's text is the step as written, and it parses back to the same Action -----

def test_action_text_keeps_the_paths_as_the_scenario_wrote_them(tmp_path):
    from rulings_lib import WrgpMatch
    from rulings_lib.tag import TagMatch
    from rulings_lib.verbs import Action

    tag_file = SCENARIOS / "tag" / "deck-check.yaml"
    text = 'check_deck: {decks: ["../../samples/tag/illegal.txt"], cards: "../../samples/tag/sample-catalogue.csv"}'
    a = Action.parse(text, TagMatch, str(tag_file))
    assert str(a) == text                                   # not "/work/.../samples/tag/illegal.txt"
    assert Action.parse(str(a), TagMatch, str(tag_file)) == a
    assert Path(a.value["decks"][0]).is_absolute()           # what is played is the resolved file
    decks = tmp_path / "decks"
    decks.mkdir()
    scenario = tmp_path / "s.yaml"
    text = 'check_team: {team: A, decks: ["decks/a.ydk", "decks/b.ydk", "decks/c.ydk"], banlist: lflist.conf}'
    a = Action.parse(text, WrgpMatch, str(scenario))
    assert str(a) == text and Action.parse(str(a), WrgpMatch, str(scenario)) == a
    assert "ydke://" in str(Action.parse("check_team: {team: A, decks: [ydke://a!b!c!, x.ydk, y.ydk], "
                                         "banlist: l.conf}", WrgpMatch, str(scenario)))


def test_action_text_escapes_what_yaml_reads_as_a_line_break():
    from rulings_lib.tag import TagMatch
    from rulings_lib.verbs import Action

    for ch in ("\x85", "\u2028", "\u2029", "\x9f", "\ufeff"):
        a = Action("card", {"by": "red-A", "number": f"St{ch}319"})
        assert ch not in str(a), repr(str(a))
        assert Action.parse(str(a), TagMatch) == a, repr(str(a))


def _text_round_trip(value: str) -> None:
    from rulings_lib.errors import ScenarioError
    from rulings_lib.tag import TagMatch
    from rulings_lib.verbs import Action

    a = Action("card", {"by": "red-A", "number": value})
    try:
        back = Action.parse(str(a), TagMatch)
    except ScenarioError:
        return                       # refused by the verb's own checks: never read as something else
    assert back == a and back.value == a.value, (value, str(a))


def test_action_text_round_trips_any_text():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    given(st.text(max_size=30))(settings(max_examples=400, deadline=None)(_text_round_trip))()


# -- the playground's answer (path diagram included) grows in step with the scenario -----

def _long_scenario(n: int) -> str:
    steps = "".join("  - end_turn: {}\n  - gain: {by: A, to: A, amount: 1}\n" for _ in range(n // 2))
    return f"format: wrgp\ntitle: long\nsteps:\n{steps}"


def _lines_run(text: str) -> int:
    """Lines of the kit's drawing and page code run to answer ``text`` in the playground (a count
    of work that does not depend on the machine's speed or load)."""
    from rulings_lib import web

    watched = tuple(str(Path(web.__file__).parent / d) for d in ("diagrams", "draw", "web.py"))
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(watched) else None

    sys.settrace(tracer)
    try:
        answer = web.run_text(text)
    finally:
        sys.settrace(None)
    assert "error" not in answer and answer["dot"], answer.get("error")
    return count, len(answer["dot"])


def test_the_playground_answer_is_linear_in_the_steps():
    """4,900 steps took 13-21 s of CPU in web.run_text (the CLI plays them in 1.1 s): the path
    tracer looked over every event at each step. Twice the steps must cost about twice the work."""
    (small, dot_small), (large, dot_large) = _lines_run(_long_scenario(200)), _lines_run(_long_scenario(400))
    assert large < 2.3 * small, (small, large)
    # The diagram itself stays the same size: each badge names a few steps, not every one (the
    # browser laid out a 225 KB diagram for 4,900 steps in 80 s).
    assert dot_large < 1.05 * dot_small, (dot_small, dot_large)
