"""Bad input, round 3 (issue 31): the causes found in the core (the scenario reader, folders, the
``Action`` text, the command's exit status). Each test here failed before its fix."""

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


# -- #6: folders walked without a recursion limit; link loops refused; the rest still run --------

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


# -- #19: the exit status is the verdict's, whoever reads the output --------------------------

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


# -- #4: deeply nested flow collections are refused at once, by either parser -----------------

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
