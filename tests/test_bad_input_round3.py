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
    code, out, err = run_cli(capsys, "check", root)
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
