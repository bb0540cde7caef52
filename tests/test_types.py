"""rulings_lib type-checks: mypy, as pyproject's [tool.mypy] sets it (strict, but for the modules its
override still lists), finds no error; and a type checker sees a value class's fields (rulings_lib/values.py
is a dataclass_transform), as it would a dataclass's."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Uses of value classes a checker must refuse (each line's error code), and the types it must see.
SNIPPET = """\
from rulings_lib.events import Outcome
from rulings_lib.scenario import Step
from rulings_lib.values import replace
o = Outcome("A", "WRGP-F4", "team A wins")
reveal_type(o.winner)
reveal_type(Step(1, "damage", {}, 3).raw)
reveal_type(replace(o, winner="B"))
o.winner = "B"
Outcome("A", "WRGP-F4")
Outcome("A", "WRGP-F4", "team A wins", cod="x")
Step("1", "damage", {}, 3)
o.nonsense
"""


def _mypy(*args: str) -> subprocess.CompletedProcess:
    try:
        import mypy  # noqa: F401
    except ImportError:
        raise AssertionError("mypy is missing: it is in pyproject's test group (./dev test installs it)") from None
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def test_mypy_finds_no_error_and_sees_the_value_classes_fields(tmp_path):
    # The cache is build/mypy-cache ([tool.mypy]); both runs in one test, so never two at once on it.
    proc = _mypy()
    assert proc.returncode == 0 and "no issues found" in proc.stdout, proc.stdout[-6000:] + proc.stderr[-2000:]

    uses = tmp_path / "uses.py"
    uses.write_text(SNIPPET)
    proc = _mypy("--strict", str(uses))
    found = re.findall(r"^[^\n]*uses\.py:(\d+): (error|note): (.*)$", proc.stdout, re.M)
    notes = {int(n): text for n, kind, text in found if kind == "note" and text.startswith("Revealed")}
    errors = {int(n): text for n, kind, text in found if kind == "error"}
    assert notes == {5: 'Revealed type is "str"', 6: 'Revealed type is "object"',
                     7: 'Revealed type is "rulings_lib.events.Outcome"'}, proc.stdout
    assert sorted(errors) == [8, 9, 10, 11, 12], proc.stdout
    assert "[misc]" in errors[8] and "read-only" in errors[8]          # frozen: no assignment
    assert "[call-arg]" in errors[9] and '"text"' in errors[9]          # a field left out
    assert "[call-arg]" in errors[10] and '"cod"' in errors[10]         # no such field
    assert "[arg-type]" in errors[11] and '"int"' in errors[11]         # a field's type
    assert "[attr-defined]" in errors[12]


def test_every_module_of_the_kit_is_checked_strict():
    # strict for the whole package: no override relaxes a check, and the one override (third-party
    # modules without type information) names no module of the kit.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["strict"] is True and config["files"] == ["rulings_lib"]
    for override in config.get("overrides", []):
        assert set(override) == {"module", "ignore_missing_imports"}, override
        assert not any(m.split(".")[0] == "rulings_lib" for m in override["module"]), override
