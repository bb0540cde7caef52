"""The project's own promises: README commands, CI, environment.yml in step with pyproject, light import."""

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]

# pip name -> conda-forge name, where they differ
CONDA_NAMES = {"graphviz": "python-graphviz", "PyYAML": "pyyaml"}


def _name(req: str) -> str:
    return re.split(r"[<>=!~\[ ;]", req, maxsplit=1)[0].strip()


def _conda_spec(req: str) -> str:
    """A pyproject requirement as environment.yml writes it: conda-forge's name, the same versions."""
    name = _name(req)
    return CONDA_NAMES.get(name, name).lower() + req[len(name):].replace(" ", "")


def _conda_deps(path: Path) -> tuple[set[str], list]:
    env = yaml.safe_load(path.read_text())
    return {d.split("#")[0].strip().lower() for d in env["dependencies"] if isinstance(d, str)}, \
        [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]


def test_environment_yml_matches_pyproject():
    """Names and versions: the dependencies, the [kit] extra and the test group."""
    pp = tomllib.loads((ROOT / "pyproject.toml").read_text())
    reqs = pp["project"]["dependencies"] + [r for extra in pp["project"]["optional-dependencies"].values() for r in extra] \
        + [r for group in pp["dependency-groups"].values() for r in group]
    wanted = {_conda_spec(r) for r in reqs}
    conda, pip_parts = _conda_deps(ROOT / "environment.yml")
    assert wanted - conda == set(), "in pyproject but not in environment.yml (or with other versions)"
    extra = {d for d in conda if _name(d) not in {"python", "pip", "graphviz"}} - wanted   # graphviz = the `dot` program
    assert extra == set(), "in environment.yml but not in pyproject (or with other versions)"
    assert "graphviz" in conda and "-e ." in pip_parts[0]


def test_binders_environment_is_the_notebooks_part():
    pp = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_conda_spec(r) for r in pp["dependencies"] + pp["optional-dependencies"]["kit"]}
    conda, pip_parts = _conda_deps(ROOT / "binder" / "environment.yml")
    assert {d for d in conda if _name(d) not in {"python", "pip", "graphviz"}} == wanted and not pip_parts
    assert "pip install --no-deps ." in (ROOT / "binder" / "postBuild").read_text()


def test_readme_opens_with_the_two_commands_and_ci_runs_the_test_one():
    lines = (ROOT / "README.md").read_text().splitlines()
    head = "\n".join(lines[:8])
    assert "./dev lab" in head and "./dev test" in head
    ci = (ROOT / ".ci" / "run").read_text()
    assert "./dev test" in ci


def test_import_is_light():
    code = ("import sys, rulings_lib; heavy = [m for m in ('ipywidgets', 'jupyter_core', 'IPython', "
            "'graphviz', 'pygraphviz', 'ipykernel', 'nbformat') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_rulings_run_imports_only_what_the_run_needs():
    # One WRGP scenario, worded in English, needs the WRGP engine and the words of
    # its final state; not the other format's engine, the pictures' SVG code, the deck checks, the
    # entity table of `html`, difflib (a misspelt card's suggestions), `typing`, `dataclasses` (and with it
    # `inspect`, `ast`, `dis`, `tokenize`: the kit's value classes are plain ones, rulings_lib/values.py),
    # or another language's words; and no code compiled at run time: every verb is the plain Python of
    # rulings_lib/match.py (plain Python, no code generated at run time).
    scenario = ROOT / "rulings_lib" / "scenarios" / "wrgp" / "destruction-ring-draw.yaml"
    code = ("import sys, io, contextlib, json; from rulings_lib.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out: code = main(['run', '--lang', 'en', sys.argv[1]])\n"
            "from rulings_lib import i18n\n"
            "from rulings_lib.wrgp.engine import WrgpMatch\n"
            "compiled = sorted(v for v in WrgpMatch.VERBS if WrgpMatch.__dict__[v].__code__.co_filename.startswith('<'))\n"
            "print(json.dumps([code, 'Destruction Ring' in out.getvalue(), sorted(sys.modules), sorted(i18n._LOADED), "
            "compiled]))")
    proc = subprocess.run([sys.executable, "-c", code, str(scenario)], capture_output=True, text=True, check=True)
    import json

    code, worded, modules, loaded, compiled = json.loads(proc.stdout)
    assert code == 0 and worded
    assert "rulings_lib.wrgp.engine" in modules and "yaml" in modules
    unwanted = {"rulings_lib.tag", "rulings_lib.tag.engine", "rulings_lib.draw.tag", "rulings_lib.draw.scenario",
                "rulings_lib.decks", "rulings_lib.faq", "rulings_lib.widgets", "html",
                "html.entities", "difflib", "tempfile", "shutil", "typing", "dataclasses", "inspect", "ast", "dis",
                "tokenize"}
    assert unwanted & set(modules) == set()
    assert all(lang == "en" for _, lang in loaded), loaded
    assert compiled == []


def test_cli_help_has_no_traceback():
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "run" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "frobnicate"], capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_bench_runs_small(capsys):
    from rulings_lib.bench import random_play

    steps, secs, _ = random_play(2000)
    assert steps == 2000 and secs > 0


def test_every_test_that_drives_a_browser_is_marked_browser():
    """`-m "not browser"` is the quick run; a browser test left unmarked would slip into it."""
    tests = ROOT / "tests"
    unmarked = [str(p.relative_to(ROOT)) for p in tests.rglob("test_*.py")
                if re.search(r"\bplaywright\b|\bopen_notebook\b|\bjupyterlab\b", p.read_text())
                and "pytestmark = pytest.mark.browser" not in p.read_text()]
    assert unmarked == []
    pp = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(m.startswith("browser:") for m in pp["markers"]) and "--strict-markers" in pp["addopts"]


def test_dev_test_runs_the_suite_in_parallel_and_setup_keeps_pip_quiet():
    dev = (ROOT / "dev").read_text()
    assert "--dist loadgroup" in dev and "-n auto" in dev
    installs = [line for line in dev.splitlines() if "pip install" in line]
    assert installs and all(">>\"$LOG\" 2>&1" in line for line in installs)
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line.strip() and not line.startswith("#")]
    assert ci[-1] == "./dev test"


def test_xdist_keeps_a_group_on_one_worker(tmp_path):
    """./dev test relies on `--dist loadgroup` keeping the browser tests together; a pytest or
    pytest-xdist release that stops honouring xdist_group (pytest-xdist#1386) must fail here."""
    for name in ("a", "b"):
        (tmp_path / f"test_{name}.py").write_text(
            "import os, pytest\n"
            "@pytest.mark.xdist_group('g')\n"
            "@pytest.mark.parametrize('i', range(4))\n"
            f"def test_{name}(i):\n"
            f"    open('{tmp_path}/' + os.environ['PYTEST_XDIST_WORKER'], 'a').write('x')\n")
    # Only xdist is loaded (not nbval, hypothesis, ... into three processes): the grouping is xdist's.
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "xdist", "-n", "2", "--dist", "loadgroup",
                           "-p", "no:cacheprovider", "-o", "addopts=", str(tmp_path)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stdout[-2000:]
    workers = sorted(p.name for p in tmp_path.glob("gw*"))
    assert len(workers) == 1, f"the group ran on {workers}"
    assert (tmp_path / workers[0]).read_text() == "x" * 8


def test_browser_tests_are_grouped_for_two_workers():
    """JupyterLab's browser tests share one group (one Lab server); the site's and JupyterLite's are
    grouped by file, so the two workers share them."""
    from xdist_groups import browser_group

    tests = ROOT / "tests"
    group = {rel: browser_group(tests / rel, tests) for rel in
             ("site/test_phone.py", "site/test_site_browser.py", "lite/test_lite.py", "lite/test_lab_kernel.py",
              "browser/test_lab_smoke.py", "browser/test_draw_pictures.py", "test_faq_browser.py")}
    assert group["browser/test_lab_smoke.py"] == group["browser/test_draw_pictures.py"] \
        == group["test_faq_browser.py"] == "browser-lab"
    assert len({group["site/test_phone.py"], group["site/test_site_browser.py"], group["lite/test_lite.py"],
                group["lite/test_lab_kernel.py"], "browser-lab"}) == 5
    phone = tests / "site/test_phone.py"
    halves = {browser_group(phone, tests, n) for n in ("test_axe_finds_no_violations_on_any_page",
                                                         "test_a_dispute_built_with_taps_gives_the_ruling")}
    assert len(halves) == 2     # the longest file is shared by the two workers


@given(st.lists(st.sampled_from([None, None, None, "browser-lab", "browser-site-a", "browser-site-b",
                                 "browser-lite-c"]), max_size=60))
def test_the_run_order_is_a_permutation_that_keeps_each_group_together(groups):
    """Every test is handed out once; a group's tests stay together and in their order (one server, one
    Chromium); JupyterLab's group comes first, and the quick tests keep their relative order."""
    from xdist_groups import run_order

    order = run_order(groups)
    assert sorted(order) == list(range(len(groups)))
    seen = [groups[i] for i in order]
    for g in set(groups) - {None}:
        at = [k for k, x in enumerate(seen) if x == g]
        assert at == list(range(at[0], at[0] + len(at)))
        assert [i for i in order if groups[i] == g] == sorted(i for i, x in enumerate(groups) if x == g)
    if "browser-lab" in groups:
        assert seen[0] == "browser-lab"
    quick = [i for i in order if groups[i] is None]
    assert quick == sorted(quick)
