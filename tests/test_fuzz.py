"""Fuzzing every input kind: mutated sample files through the command line and loaders.

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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from file_helpers import time_bound as _time_bound
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_lib.cli import main
from rulings_lib.decks import samples
from rulings_lib.decks.ydk import read_ydk
from rulings_lib.errors import one_line
from rulings_lib.record import MatchFileError, RecordedMatch

LONG = os.environ.get("RULINGS_FUZZ") == "long"
settings.register_profile("fuzz-short", max_examples=60, deadline=None, derandomize=True, database=None,
                          suppress_health_check=list(HealthCheck))
settings.register_profile("fuzz-long", max_examples=1500, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
PROFILE = settings.get_profile("fuzz-long" if LONG else "fuzz-short")
TIME_BOUND = 10.0   # CPU seconds for one case (a hang guard); a real case takes milliseconds

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


def time_bound(seconds: float = TIME_BOUND):
    """The hang guard of one case, in this process's CPU time (tests/file_helpers.py)."""
    return _time_bound(seconds)


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


# ----------------------------------------------------------------- the paths a command writes to
PATH_KINDS = ["new", "regular", "fifo", "folder", "under-a-file", "link-to-fifo", "dev-null", "empty",
              "control-name", "long-name", "new-folder/deep"]


def _make_target(base: Path, kind: str, name: str) -> tuple[str, Path | None]:
    """An output path of the given kind (and the thing at it, to check afterwards)."""
    safe = "".join(c for c in name if c.isalnum())[:20] or "x"
    if kind == "empty":
        return "", None
    if kind == "dev-null":
        return "/dev/null", Path("/dev/null")
    if kind == "control-name":
        return str(base / f"{safe}\x1b[31m\n.svg"), None
    if kind == "long-name":
        return str(base / ("n" * 300 + ".svg")), None
    if kind == "new-folder/deep":
        return str(base / safe / "deep" / "o.svg"), None
    path = base / f"{safe}.svg"
    if kind == "regular":
        path.write_text("old")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "under-a-file":
        path.write_text("a file")
        return str(path / "o.svg"), path
    elif kind == "link-to-fifo":
        os.mkfifo(base / f"{safe}.fifo")
        path.symlink_to(base / f"{safe}.fifo")
        return str(path), base / f"{safe}.fifo"
    return str(path), path


def test_fuzz_output_paths():
    """Every output option, every kind of path: exit 0 or 2 (one line naming the path); a FIFO, a
    device, a folder or a file in the way is never replaced; no temporary file is left behind."""
    import stat as st_mode
    import xml.etree.ElementTree as ET

    scenario = ROOT / "rulings_lib" / "scenarios" / "wrgp" / "match-start.yaml"

    @PROFILE
    @given(kind=st.sampled_from(PATH_KINDS), option=st.sampled_from(["--svg", "--svg-steps"]),
           name=st.text(max_size=12))
    def case(kind, option, name):
        with tempfile.TemporaryDirectory(prefix="rulings-out-") as d:
            base = Path(d)
            target, thing = _make_target(base, kind, name)
            before = os.stat(thing).st_mode if thing is not None and os.path.exists(thing) else None
            code, _, err = cli("run", scenario, option, target)   # (faq --html: the same writer, tests/test_bad_input_writers_and_limits.py)
            assert code in (0, 2), (code, err)
            assert "Traceback" not in err
            if code == 2:
                assert err.count("\n") == 1, err
            if before is not None and not st_mode.S_ISREG(before):
                assert st_mode.S_IFMT(os.stat(thing).st_mode) == st_mode.S_IFMT(before)   # never replaced
            assert not list(base.glob("**/.*.tmp"))
            if code == 0 and option == "--svg" and target != "/dev/null":
                ET.fromstring(Path(target).read_text(encoding="utf-8"))

    case()


ALIAS_STEPS = ["{end_turn: {}}", "{phase: main1}", "{damage: {by: A, to: opponent, amount: 100}}",
               "{chain: [{by: A, gain: {to: self, amount: 1}}, {by: B, gain: {to: self, amount: 1}}]}",
               "{act: {by: B, action: ignition_effect}}"]


def test_fuzz_aliases():
    """Scenarios that repeat steps through YAML aliases (nested, repeated, past every limit): they
    end within the time bound with 0, 1 or 2, and a file over a limit is refused naming it."""
    from rulings_lib.scenario import MAX_STEPS

    @PROFILE
    @given(step=st.sampled_from(ALIAS_STEPS), fan=st.integers(1, 60), depth=st.integers(0, 4),
           repeat=st.one_of(st.integers(1, 300), st.just(MAX_STEPS), st.integers(MAX_STEPS, 3 * MAX_STEPS)))
    def case(step, fan, depth, repeat):
        # Steps: &s0 and `repeat` aliases of it. Beside them a "billion laughs" of `depth` levels,
        # each a list of `fan` aliases of the level below (the reader counts nodes as expanded).
        text = ("format: wrgp\ntitle: aliases\nsetup: {at: {turn: 3, phase: main1}}\nsteps:\n"
                f"  - &s0 {step}\n" + "  - *s0\n" * repeat)
        if depth:
            levels = [f"&n1 [{', '.join(['*s0'] * fan)}]"]
            levels += [f"&n{k + 1} [{', '.join([f'*n{k}'] * fan)}]" for k in range(1, depth)]
            text += "description: [" + ", ".join(levels) + "]\n"
        with tempfile.TemporaryDirectory(prefix="rulings-alias-") as d:
            f = Path(d) / "s.yaml"
            f.write_text(text)
            code, _, err = cli("run", f, "--json")
            check_result(code, err, [str(f)])
            if 1 + repeat > MAX_STEPS or depth:     # over the step limit; a description is text
                assert code == 2, err

    case()


def test_fuzz_share_links():
    """Hostile `#z=` links for the page's decoder (site/js/share.js under Node): random bytes,
    mutated and truncated real links, bombs. Each ends in a text within the limit, "too long" or
    "damaged", in bounded memory."""
    import base64
    import json
    import random
    import zlib

    rng = random.Random(None if LONG else 20)
    n = 400 if LONG else 40

    def z(raw: bytes, level: int = 9) -> str:
        c = zlib.compressobj(level, zlib.DEFLATED, -15)
        return base64.urlsafe_b64encode(c.compress(raw) + c.flush()).decode().rstrip("=")

    sample = (ROOT / "rulings_lib" / "scenarios" / "wrgp" / "power-bond-handover.yaml").read_bytes()
    cases = {}
    for i in range(n):
        kind = rng.choice(["random", "mutated", "truncated", "bomb", "text", "base64-junk"])
        if kind == "random":
            payload = base64.urlsafe_b64encode(rng.randbytes(rng.randint(0, 4000))).decode().rstrip("=")
        elif kind == "mutated":
            link = bytearray(z(sample).encode())
            for _ in range(rng.randint(1, 5)):
                link[rng.randrange(len(link))] = rng.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123456789-_")
            payload = link.decode()
        elif kind == "truncated":
            link = z(sample)
            payload = link[: rng.randint(0, len(link))]
        elif kind == "bomb":
            payload = z(rng.choice([b"a", b"\x00", "あ".encode()]) * rng.randint(200_001, 8_000_000))
        elif kind == "text":
            payload = z(mutate(sample, [("repeat", rng.random(), rng.randint(2, 50))]))
        else:
            payload = "".join(rng.choice("!*%=+/ ~\u3042") for _ in range(rng.randint(1, 50)))
        cases[f"{i}-{kind}"] = "#z=" + payload
    proc = subprocess.run(["node", str(ROOT / "tests" / "site" / "share_link.mjs")], cwd=ROOT,
                          input=json.dumps({"cases": [{"name": k, "hash": v} for k, v in cases.items()]}),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for name, r in out["cases"].items():
        if r["ok"]:
            assert r["text_length"] is not None and r["text_length"] <= out["max_chars"], (name, r)
        else:
            assert "too long" in r["error"] or "damaged" in r["error"], (name, r)
            if name.endswith("bomb"):
                assert "too long" in r["error"], (name, r)
        assert r["rss_mb"] < 200, (name, r)
    print(f"\n  fuzz share links: {len(cases)} links")


def test_fuzz_web_entry_point():
    """The page's one door (rulings_lib.web.call) with mutated scenario text: always an answer or
    an error with a line and a one-line message, as JSON; never an exception."""
    import json

    from rulings_lib import web

    sample = (ROOT / "rulings_lib" / "scenarios" / "wrgp" / "power-bond-handover.yaml").read_bytes()

    def check(data):
        text = data.decode("utf-8", "replace")
        with time_bound():
            out = json.loads(web.call("run_text", json.dumps({"text": text})))
        if "error" in out:
            assert isinstance(out["error"]["line"], int) and out["error"]["line"] >= 1
            assert "\n" not in out["error"]["message"] and out["error"]["message"]
        else:
            assert out["format"] in ("wrgp", "digimon-tag") and isinstance(out["passed"], bool)

    run_fuzz(sample, check)


def test_fuzz_action_text():
    """An Action's text: every mutated step line of every verb's example either is
    refused with a ScenarioError or reads as an Action whose own text reads back as the same Action
    (the same text, value and hash), so that a step line written by the kit is never read otherwise."""
    from rulings_lib.errors import ScenarioError
    from rulings_lib.formats import FORMATS
    from rulings_lib.verbs import Action

    lines = [(f.match, v.example) for f in FORMATS.values() for v in f.match.VERB_TABLE.steps.values()
             if v.example]
    sample = "\n".join(text for _, text in lines).encode()

    def check(data):
        text = data.decode("utf-8", "replace")
        for match, _ in lines[:: max(1, len(lines) // 6)]:       # each format's table, a few times
            for line in text.splitlines() or [text]:
                with time_bound():
                    try:
                        action = Action.parse(line, match)
                    except ScenarioError as exc:
                        assert "\n" not in one_line(str(exc))
                        continue
                    back = Action.parse(str(action), match)
                    assert back == action and back.value == action.value and hash(back) == hash(action), line

    run_fuzz(sample, check)
