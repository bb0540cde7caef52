"""Fuzzing every input kind (issue 11): mutated sample files through the command line and loaders.

Each property takes a sample input (scenario YAML, .ydk, ydke:// URL, lflist.conf, cards.cdb, tag
deck, catalogue CSV, tracker JSON), mutates it (bytes flipped, deleted, repeated; hostile tokens
such as NUL, ``²``, ``３``, 5,000 digits, ANSI escapes, YAML tags and anchors inserted) and runs
it, asserting: it ends within a time bound, the exit status is 0, 1 or 2, nothing escapes as an
exception (no traceback), and an exit-2 message is one line naming the file.

The normal run is short and derandomized (the same cases every time). ``make fuzz`` runs the long
profile (``RULINGS_FUZZ=long``: many more cases, fresh randomness) and prints cases per second.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.cli import main
from rulings_lib.decks import samples
from rulings_lib.decks.ydk import read_ydk
from rulings_lib.errors import one_line
from rulings_lib.widgets.record import MatchFileError, RecordedMatch

LONG = os.environ.get("RULINGS_FUZZ") == "long"
settings.register_profile("fuzz-short", max_examples=60, deadline=None, derandomize=True, database=None,
                          suppress_health_check=list(HealthCheck))
settings.register_profile("fuzz-long", max_examples=1500, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
PROFILE = settings.get_profile("fuzz-long" if LONG else "fuzz-short")
TIME_BOUND = 10.0   # seconds for one case; a real case takes milliseconds

ROOT = Path(__file__).resolve().parent.parent
TAG = ROOT / "rulings_lib" / "samples" / "tag"
TEAM = [str(p) for p in samples.team("legal")]

TOKENS = [b"\x00", b"\n", b"\r\n", b"\r", b"\xff\xfe", b"\xc3", "²".encode(), "３".encode(), b"9" * 5000,
          b"--", b"-", b"!", b"#", b"$whitelist", b"  ", b"\t", b"-1", b"0x3", b"2:13:20", b".inf", b"yes",
          b"[", b"{", b"}", b"]", b"&a ", b"*a", b"!!python/object/apply:os.system", b"\x1b[31m", b"\x07",
          "\u2028".encode(), b'"\\ud800"', b"NaN", b"Infinity", b"1e999", b"../", b"/dev/zero", b"ydke://",
          b"A", b"C", b"0", b"3", b"99", b",", b'"', b":", b"- ", b"~", b"null", b"true", b"<<: *a"]

MUTATION = st.one_of(
    st.tuples(st.just("insert"), st.floats(0, 1), st.sampled_from(TOKENS)),
    st.tuples(st.just("insert"), st.floats(0, 1), st.binary(min_size=1, max_size=8)),
    st.tuples(st.just("flip"), st.floats(0, 1), st.integers(1, 255)),
    st.tuples(st.just("delete"), st.floats(0, 1), st.integers(1, 64)),
    st.tuples(st.just("repeat"), st.floats(0, 1), st.integers(2, 50)),
)
MUTATIONS = st.lists(MUTATION, min_size=1, max_size=6)


def mutate(data: bytes, ops) -> bytes:
    buf = bytearray(data)
    for kind, where, arg in ops:
        i = int(where * len(buf)) if buf else 0
        if kind == "insert":
            buf[i:i] = arg
        elif kind == "flip" and buf:
            i = min(i, len(buf) - 1)
            buf[i] ^= arg
        elif kind == "delete":
            del buf[i:i + arg]
        elif kind == "repeat":
            line_end = buf.find(b"\n", i)
            chunk = bytes(buf[i:line_end + 1 if line_end >= 0 else len(buf)])[:200]
            buf[i:i] = chunk * arg
    return bytes(buf)


class Timeout(Exception):
    pass


@contextlib.contextmanager
def time_bound(seconds: float = TIME_BOUND):
    def expire(signum, frame):
        raise Timeout(f"a case ran over {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def cli(*argv) -> tuple[int, str, str]:
    """``rulings ARGV`` in-process, within the time bound; no exception may escape."""
    out, err = io.StringIO(), io.StringIO()
    with time_bound(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def check_result(code: int, err: str, names) -> None:
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and err.endswith("\n"), err
        assert any(one_line(n) in err for n in names), err


def run_fuzz(sample: bytes, check) -> None:
    """Run ``check(mutated bytes)`` over the profile's cases; print cases per second."""
    stats = {"cases": 0}

    @PROFILE
    @given(ops=MUTATIONS)
    def case(ops):
        stats["cases"] += 1
        check(mutate(sample, ops))

    start = time.perf_counter()
    case()
    took = time.perf_counter() - start
    print(f"\n  fuzz {os.environ.get('PYTEST_CURRENT_TEST', '?').split('::')[-1].split(' ')[0]}: "
          f"{stats['cases']} cases in {took:.1f} s = {stats['cases'] / took:.0f} cases/s")


@pytest.fixture(scope="module")
def workdir():
    with tempfile.TemporaryDirectory(prefix="rulings-fuzz-") as d:
        yield Path(d)


# ------------------------------------------------------------------------------ properties
def test_fuzz_scenario_yaml(workdir):
    f = workdir / "s.yaml"
    sample = (ROOT / "rulings_lib" / "scenarios" / "wrgp" / "power-bond-handover.yaml").read_bytes()

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("run", f, "--json")
        check_result(code, err, [str(f)])

    run_fuzz(sample, check)


def test_fuzz_tag_scenario_with_deck_step(workdir):
    f = workdir / "t.yaml"
    (workdir / "illegal.txt").write_bytes((TAG / "illegal.txt").read_bytes())
    sample = b"format: digimon-tag\nsteps:\n  - check_deck:\n      decks: [illegal.txt]\n"

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("run", f)
        check_result(code, err, [str(f)])

    run_fuzz(sample, check)


def test_fuzz_ydk(workdir):
    f = workdir / "d.ydk"

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("wrgp", "check-team", f, *TEAM[1:], "--banlist", samples.BANLIST)
        check_result(code, err, [str(f)])

    run_fuzz(Path(TEAM[0]).read_bytes(), check)


def test_fuzz_ydke_url():
    url = read_ydk(TEAM[0]).to_ydke().encode()

    def check(data):
        text = data.decode("utf-8", "replace").replace("\x00", "")
        if not text.strip():
            return
        code, _, err = cli("wrgp", "check-team", "--banlist", samples.BANLIST, "--", text, *TEAM[1:])
        check_result(code, err, ["ydke://", text.strip()[:20], "ydk"])

    run_fuzz(url, check)


def test_fuzz_lflist(workdir):
    f = workdir / "lflist.conf"

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("wrgp", "check-team", *TEAM, "--banlist", f)
        check_result(code, err, [str(f)])

    run_fuzz(samples.BANLIST.read_bytes(), check)


def test_fuzz_cards_cdb(workdir):
    f = workdir / "cards.cdb"

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("wrgp", "check-team", *TEAM, "--banlist", samples.BANLIST, "--cards", f)
        check_result(code, err, [str(f)])

    run_fuzz(samples.CARDS.read_bytes(), check)


def test_fuzz_tag_deck(workdir):
    f = workdir / "deck.txt"

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("tag", "check-deck", f, TAG / "red-b.txt", "--cards", TAG / "sample-catalogue.csv")
        check_result(code, err, [str(f)])

    run_fuzz((TAG / "red-a.txt").read_bytes(), check)


def test_fuzz_catalogue_csv(workdir):
    f = workdir / "catalogue.csv"

    def check(data):
        f.write_bytes(data)
        code, _, err = cli("tag", "check-deck", TAG / "red-a.txt", "--cards", f)
        check_result(code, err, [str(f)])

    run_fuzz((TAG / "sample-catalogue.csv").read_bytes(), check)


def test_fuzz_tracker_json(workdir):
    f = workdir / "match.json"
    rec = RecordedMatch()
    for verb, args in (("phase", ("main1",)), ("damage", ()), ("end_turn", ()), ("phase", ("standby",))):
        kwargs = {"by": "A", "to": "opponent", "amount": 1000} if verb == "damage" else {}
        rec.try_do(verb, *args, **kwargs)

    def check(data):
        f.write_bytes(data)
        with time_bound():
            try:
                RecordedMatch.load(f)
            except MatchFileError as exc:
                assert "\n" not in str(exc) and str(f) in str(exc)

    run_fuzz(rec.to_json().encode(), check)


# ----------------------------------------------------------------- a few real processes
@pytest.mark.parametrize("argv", [
    ["run", "/dev/zero"],
    ["check", "rulings_lib/scenarios/wrgp/power-bond-handover.yaml", "/dev/urandom"],
    ["tag", "check-deck", "/dev/zero"],
    ["wrgp", "check-team", *TEAM, "--banlist", "/dev/urandom"],
])
def test_fuzz_processes_end_with_one_line(argv):
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", *argv], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert all("not a regular file" in line for line in proc.stderr.splitlines())
