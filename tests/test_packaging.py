"""The kit as a Python package a newcomer can adopt -- a version that is declared once,
``python -m rulings_lib``, the shipped examples by name (and copied out), optional parts that name
their extra, the LICENSE and py.typed in the wheel, and the wheel itself installed into a bare
virtual environment, where the CLI and the examples work without the repository."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import rulings_lib
from rulings_lib.cli import main
from rulings_lib.examples import copy_example, example_path, examples, scenario_argument
from rulings_lib.scenario import builtin_scenarios

ROOT = Path(__file__).resolve().parents[1]
NAMES = sorted(examples())


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------- the version
def test_the_version_is_declared_once_and_the_cli_prints_it(capsys):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "rulings_lib.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", rulings_lib.__version__)
    assert rulings_lib.__version__ != "0.1.0"                          # it moved
    assert f"## {rulings_lib.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"rulings {rulings_lib.__version__} (rulings_lib)"


def test_python_m_rulings_lib_is_the_rulings_command():
    proc = subprocess.run([sys.executable, "-m", "rulings_lib", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0 and "examples" in proc.stdout and "run" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "rulings_lib", "run", "power-bond-handover", "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["format"] == "wrgp"


def test_the_project_metadata_a_registry_shows():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "The rulings kit authors" in licence
    assert project["readme"]["file"] == "README.md" and project["readme"]["content-type"] == "text/markdown"
    assert "Typing :: Typed" in project["classifiers"]
    assert "urls" not in project        # no published home exists yet: none is invented
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["rulings_lib"]
    assert "py.typed" in data and "scenarios/**/*.yaml" in data and "samples/**/*" in data
    assert (ROOT / "rulings_lib" / "py.typed").is_file()


# ---------------------------------------------------------------------------- TeamReport
def test_a_team_report_gives_a_dict_and_json_text(capsys):
    from rulings_lib.decks import check_team

    samples = ROOT / "rulings_lib" / "samples" / "wrgp"
    decks = sorted(str(p) for p in (samples / "team-illegal").glob("*.ydk"))
    report = check_team(decks, str(samples / "lflist.conf"), cards=str(samples / "cards.cdb"))
    assert isinstance(report.to_dict(), dict) and report.to_dict()["legal"] is False
    assert isinstance(report.to_json(), str) and json.loads(report.to_json()) == report.to_dict()
    code, out, _ = run(capsys, "wrgp", "check-team", *decks, "--banlist", samples / "lflist.conf",
                       "--cards", samples / "cards.cdb", "--json")
    assert code == 1 and out == report.to_json() + "\n"      # what --json prints, exactly


# ---------------------------------------------------------------------------- examples by name
def test_every_shipped_scenario_is_an_example_under_a_name_of_its_own(capsys):
    shipped = builtin_scenarios()
    assert len({p.stem for p in shipped}) == len(shipped)           # no two formats share a name
    assert set(NAMES) == {p.stem for p in shipped}
    code, out, _ = run(capsys, "examples", "--lang", "en")
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()[1:]]
    assert listed == NAMES
    assert "power-bond-handover  " in out and "Power Bond during a handover" in out
    code, out, _ = run(capsys, "examples", "--format", "digimon-tag", "--lang", "ja")
    assert code == 0 and "wrgp" not in out.split("\n", 1)[1] and "付属の例" in out


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(NAMES), st.sampled_from(["", ".yaml"]), st.booleans())
def test_property_an_example_by_name_is_the_example_file(name, suffix, qualified):
    path = example_path(name)
    arg = (f"{path.parent.name}/" if qualified else "") + name + suffix
    assert scenario_argument(arg) == path
    assert path.is_file() and path.is_relative_to(ROOT / "rulings_lib" / "scenarios")


def test_run_by_name_is_run_by_path(capsys):
    path = ROOT / "rulings_lib" / "scenarios" / "wrgp" / "power-bond-handover.yaml"
    by_name = run(capsys, "run", "power-bond-handover", "--json", "--lang", "en")
    by_path = run(capsys, "run", path, "--json", "--lang", "en")
    assert by_name[0] == by_path[0] == 0 and by_name[1] == by_path[1]


def test_a_file_of_that_name_comes_first(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "power-bond-handover").write_text("format: wrgp\ntitle: mine\nsteps: []\n")
    code, out, _ = run(capsys, "run", "power-bond-handover", "--lang", "en")
    assert code == 0 and "Scenario: mine" in out


def test_an_unknown_name_is_exit_2_with_the_closest_names(capsys):
    code, out, err = run(capsys, "run", "power-bond-handovr", "--lang", "en")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "did you mean power-bond-handover" in err and "rulings examples" in err
    code, _, err = run(capsys, "run", "zzzz-qqqq", "--lang", "ja")
    assert code == 2 and "付属の例" in err and err.count("\n") == 1
    code, _, err = run(capsys, "examples", "--copy", "no-such-example")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "run", "missing/folder/file.yaml", "--lang", "en")   # a path stays a path
    assert code == 2 and "no such file" in err


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_.", min_size=1, max_size=30))
def test_property_any_name_is_an_example_or_one_line_exit_2(name):
    if os.path.exists(name) or name in NAMES:
        return
    try:
        path = scenario_argument(name)
    except rulings_lib.InputError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(f"{name}: ")
    else:
        assert Path(path).name in {f"{n}.yaml" for n in NAMES} or path == name


@pytest.mark.parametrize("name", ["power-bond-handover", "team-deck-check", "deck-check-digivice"])
def test_a_copied_example_runs_where_it_is_copied(name, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "examples", "--copy", name, "--lang", "en")
    assert code == 0, err
    copy = tmp_path / f"{name}.yaml"
    assert copy.is_file() and str(copy.name) in out and f"rulings run {name}.yaml" in out
    assert "../../samples/" not in copy.read_text(encoding="utf-8")
    assert run(capsys, "run", copy, "--strict", "--lang", "en")[0] == 0   # its expectations hold from here
    # into a folder; never over an existing file
    (tmp_path / "mine").mkdir()
    assert copy_example(name, str(tmp_path / "mine"))[0] == tmp_path / "mine" / f"{name}.yaml"
    code, _, err = run(capsys, "examples", "--copy", name, copy, "--lang", "en")
    assert code == 2 and "already exists" in err and err.count("\n") == 1


def test_dest_without_copy_is_refused(capsys):
    code, _, err = run(capsys, "examples", "somewhere.yaml")
    assert code == 2 and "--copy" in err


# ---------------------------------------------------------------------------- optional parts
def _without(modules: list[str], code: str, cwd) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter where ``modules`` cannot be imported (as on a base install)."""
    hide = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in modules)
    return subprocess.run([sys.executable, "-c", hide + code], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8", "LC_ALL": ""})


def test_diagrams_without_graphviz_exit_2_naming_the_extra(tmp_path):
    proc = _without(["graphviz"], f"from rulings_lib.cli import main; sys.exit(main(['diagrams', '--out', "
                                  f"{str(tmp_path / 'd')!r}]))", tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert "rulings diagrams" in proc.stderr and "graphviz" in proc.stderr
    assert "pip install 'rulings_lib[kit]'" in proc.stderr


def test_the_stepper_without_ipywidgets_names_the_extra(tmp_path):
    code = ("from rulings_lib.extras import MissingExtra\n"
            "try:\n    from rulings_lib.widgets import ScenarioStepper\n"
            "except ImportError as exc:\n    print(type(exc).__name__, isinstance(exc, MissingExtra), exc.name, exc)\n")
    proc = _without(["ipywidgets"], code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("MissingExtra True ipywidgets ScenarioStepper needs the Python package ipywidgets")
    assert "pip install 'rulings_lib[kit]'" in proc.stdout
    # the match file needs no Jupyter: still importable without ipywidgets
    proc = _without(["ipywidgets"], "from rulings_lib.widgets import RecordedMatch; print('ok')", tmp_path)
    assert proc.stdout.strip() == "ok", proc.stderr


def test_the_extra_message_in_japanese():
    from rulings_lib.extras import MissingExtra

    text = MissingExtra("graphviz", "rulings diagrams").render("ja")
    assert "インストールされていません" in text and "rulings_lib[kit]" in text and "graphviz" in text


def test_diagrams_check_outside_a_checkout_is_refused(monkeypatch, capsys, tmp_path):
    from rulings_lib.diagrams import cli as diagrams_cli

    monkeypatch.chdir(tmp_path)                     # no diagrams/ here: it used to say "9 of 9 out of date"
    monkeypatch.setattr(diagrams_cli, "checkout", lambda: None)
    code, out, err = run(capsys, "diagrams", "--check", "--lang", "en")
    assert code == 2 and out == "" and "not a checkout" in err and err.count("\n") == 1
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "diagrams", "--check")     # in the checkout: its committed diagrams/, from anywhere
    assert code == 0 and str(ROOT / "diagrams") in out


# ---------------------------------------------------------------------------- the wheel
def _copy_sources(dest: Path) -> Path:
    dest.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "rulings_lib", dest / "rulings_lib", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def test_the_wheel_installs_into_a_bare_venv_and_runs_there(tmp_path):
    """Built and installed offline: the wheel by setuptools already installed (no build isolation,
    no index), into a venv made without pip, with PyYAML from this environment beside it."""
    src = _copy_sources(tmp_path / "src")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                           "--disable-pip-version-check", "-q", "-w", str(tmp_path / "dist"), str(src)],
                          capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("rulings_lib-*.whl")
    assert wheel.name.startswith(f"rulings_lib-{rulings_lib.__version__}-")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "rulings_lib/py.typed" in names and "rulings_lib/__main__.py" in names
    assert {f"rulings_lib/scenarios/{p.parent.name}/{p.name}" for p in builtin_scenarios()} <= set(names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in metadata and "Description-Content-Type: text/markdown" in metadata

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-index", "--no-deps",
                           "--disable-pip-version-check", "-q", str(wheel)], capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    # PyYAML, the one dependency, from this environment (nothing else of it: not the checkout's kit)
    import yaml

    deps = tmp_path / "deps"
    deps.mkdir()
    for mod in ("yaml", "_yaml"):
        spec = __import__("importlib.util").util.find_spec(mod)
        if spec and spec.origin:
            where = Path(spec.origin).parent if spec.submodule_search_locations else Path(spec.origin)
            (deps / where.name).symlink_to(where)
    assert (deps / Path(yaml.__file__).parent.name).exists()
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "pyyaml-from-the-test.pth").write_text(str(deps) + "\n")

    here = tmp_path / "elsewhere"      # not the checkout: only the installed kit can answer
    here.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(LANG="C.UTF-8", LC_ALL="")

    def sh(*argv):
        return subprocess.run([str(a) for a in argv], capture_output=True, text=True, cwd=here, env=env, timeout=120)

    bin_ = venv / "bin"
    where = sh(py, "-c", "import rulings_lib; print(rulings_lib.__file__)")
    assert where.stdout.strip().startswith(purelib), where
    version = sh(bin_ / "rulings", "--version")
    assert version.returncode == 0 and version.stdout.strip() == f"rulings {rulings_lib.__version__} (rulings_lib)"
    listed = sh(bin_ / "rulings", "examples")
    assert listed.returncode == 0 and "power-bond-handover" in listed.stdout
    assert len(listed.stdout.splitlines()) == len(NAMES) + 1
    ruling = sh(bin_ / "rulings", "run", "power-bond-handover", "--lang", "en")
    assert ruling.returncode == 0, ruling.stderr
    assert "Power Bond" in ruling.stdout and "FAIL" not in ruling.stdout
    helped = sh(py, "-m", "rulings_lib", "--help")
    assert helped.returncode == 0 and "examples" in helped.stdout
    copied = sh(bin_ / "rulings", "examples", "--copy", "team-deck-check")
    assert copied.returncode == 0, copied.stderr
    assert sh(bin_ / "rulings", "run", "team-deck-check.yaml", "--strict").returncode == 0
    # a base install: the optional parts say which extra brings them, maintainers' checks stay out of the way
    diagrams = sh(bin_ / "rulings", "diagrams", "--out", "d")
    assert diagrams.returncode == 2 and "rulings_lib[kit]" in diagrams.stderr and "Traceback" not in diagrams.stderr
    check = sh(bin_ / "rulings", "diagrams", "--check")
    assert check.returncode == 2 and "out of date" not in check.stdout + check.stderr


# ---------------------------------------------------------------------------- the docs in the repository
USER_DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "rulings_lib" / "scenarios" / "README.md",
             *sorted((ROOT / "rulings_lib" / "samples").rglob("README.md")), ROOT / "CHANGELOG.md"]


def test_the_generated_docs_are_current():
    from tools import refresh_docs

    assert refresh_docs.stale() == [], "generated docs out of date: python -m tools.refresh_docs"
    assert refresh_docs.FORMAT_DOC in refresh_docs.VERB_DOCS


def test_the_format_reference_names_every_verb_and_setup_key():
    from rulings_lib.formats import describe_verbs

    doc = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    for fmt in describe_verbs("en")["formats"]:
        assert f"`format: {fmt['format']}`" in doc
        for verb in fmt["verbs"]:
            assert f"| `{verb['name']}:" in doc or f"| `{verb['name']}: " in doc, verb["name"]
        for key in fmt["setup"]:
            assert f"| `{key['name']}` |" in doc, key["name"]
    for part in ("## Running scenarios", "## A file", "## Deck checks", "## How the files are read", "expect:"):
        assert part in doc


def test_the_rules_reference_lists_every_rule_id_and_reading_in_both_languages():
    from rulings_lib.formats import FORMATS
    from rulings_lib.readings import readings

    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(" `"): line for line in doc.splitlines() if line.startswith("| `")}
    for fmt in FORMATS.values():
        for rid, title in fmt.rule_ids.items():
            cells = [c.strip() for c in rows[rid].split("|")]
            assert cells[2] == " ".join(title.split()) and re.search(r"[ぁ-んァ-ン一-龯]", cells[3]), rid
    for r in readings() + readings(settled=True):
        assert r.id in rows and re.search(r"[ぁ-んァ-ン一-龯]", rows[r.id]), r.id


def test_no_user_doc_points_outside_the_repository():
    for path in USER_DOCS:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, path     # ../shared/spec is not in a clone
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):      # every relative link resolves
            if "://" not in target:
                assert (path.parent / target).exists(), (path, target)


def test_the_readme_is_for_users():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = readme.splitlines()
    assert "./dev lab" in "\n".join(lines[:8]) and "./dev test" in "\n".join(lines[:8])
    for part in ("## Install", "pip install .", "not published on PyPI", "## A first ruling", "### On the command line",
                 "### In a notebook", "### On a phone", "rulings run power-bond-handover", "## The Python API",
                 "## Where to go next", "docs/scenario-format.md", "docs/rules.md", "docs/browser-edition.md",
                 "docs/speed.md", "docs/maintaining.md"):
        assert part in readme, part
    for moved in ("callgrind", "Latest `make bench-site`", "For maintainers: the tool's own Readings"):
        assert moved not in readme, moved          # maintainers' material lives in docs/
    assert len(readme) < 20_000
    for picture in re.findall(r"\]\((docs/img/[^)]+\.png)\)", readme):
        assert (ROOT / picture).is_file(), picture


# ---------------------------------------------------------------------------- CI and publishing
def _workflow(name: str) -> dict:
    data = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))       # YAML 1.1 reads the key `on` as true
    return data


def _runs(job: dict) -> list[str]:
    return [step["run"].strip() for step in job["steps"] if "run" in step]


def test_the_test_workflow_runs_the_readmes_test_command_on_pushes_and_pull_requests():
    readme_head = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:8])
    command = re.search(r"^(\./dev test)\b", readme_head, re.M).group(1)
    flow = _workflow("test.yml")
    assert {"push", "pull_request"} <= set(flow["on"])
    (job,) = flow["jobs"].values()
    assert _runs(job) == [command]
    assert (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1] == command     # .ci/run stays


def test_the_pages_workflow_builds_the_site_with_the_api_reference_and_deploys_it():
    flow = _workflow("pages.yml")
    assert flow["on"]["push"]["branches"] == ["main"]
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    runs = "\n".join(_runs(build))
    assert "./dev site" in runs and "pdoc --output-directory build/site/api rulings_lib" in runs
    uses = [s.get("uses", "") for s in build["steps"]]
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "build/site" and any(u.startswith("actions/checkout") for u in uses)
    assert deploy["needs"] == "build" and deploy["steps"][0]["uses"].startswith("actions/deploy-pages")
    assert flow["permissions"]["pages"] == "write" and flow["permissions"]["id-token"] == "write"
    # every module the workflow documents exists
    for module in re.findall(r"\brulings_lib(?:\.[a-z_]+)*", runs.split("pdoc", 1)[1]):
        assert (ROOT / Path(*module.split("."))).with_suffix(".py").exists() or (ROOT / Path(*module.split("."))).is_dir(), module


# ---------------------------------------------------------------------------- environments
def _specs(reqs) -> set[tuple[str, str]]:
    out = set()
    for req in reqs:
        name = re.split(r"[<>=!~\[ ;]", req, maxsplit=1)[0]
        spec = ",".join(sorted(req[len(name):].replace(" ", "").split(",")))
        out.add((re.sub(r"[-_.]+", "-", name).lower(), spec))
    return out


def test_the_lock_file_locks_what_pyproject_asks_for():
    """uv.lock (the development environment's versions, `./dev` installs them with uv sync --locked) was
    made from today's pyproject.toml: the same requirements, extras and groups (else: uv lock)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    (me,) = [p for p in lock["package"] if p["name"] == "rulings-lib"]
    locked = {(d["name"], ",".join(sorted(d.get("specifier", "").split(",")))) for d in me["metadata"]["requires-dist"]}
    assert locked == _specs(project["project"]["dependencies"] + project["project"]["optional-dependencies"]["kit"])
    assert set(me["metadata"]["requires-dev"]) == set(project["dependency-groups"])
    for group, reqs in project["dependency-groups"].items():
        got = {(d["name"], ",".join(sorted(d.get("specifier", "").split(",")))) for d in me["metadata"]["requires-dev"][group]}
        assert got == _specs(reqs), group
    names = {p["name"] for p in lock["package"]}
    assert {"pytest", "hypothesis", "pyyaml", "ipywidgets"} <= names
    assert "dev" not in project["project"]["optional-dependencies"]   # the test tools are a group, never published


def test_the_notebooks_set_up_what_they_need_and_the_tests_what_they_need():
    dev = (ROOT / "dev").read_text()
    case = dev[dev.index('case "$cmd" in'):]
    lab, test = case[case.index("    lab)"):case.index("    test)")], case[case.index("    test)"):case.index("    bench)")]
    assert "setup lab" in lab and "setup test" not in lab and "setup test" in test
    assert "uv sync --locked" in dev and "--group test" in dev and "--extra kit" in dev


def test_dev_lab_uses_an_active_conda_environment(tmp_path):
    """./dev lab inside an active conda environment runs that environment's Jupyter and builds no .venv
    (before: it built .venv from PyPI whatever the environment)."""
    checkout = tmp_path / "kit"
    checkout.mkdir()
    shutil.copy2(ROOT / "dev", checkout / "dev")
    conda = tmp_path / "conda"
    (conda / "bin").mkdir(parents=True)
    for name, body in (("python", "exit 0"), ("jupyter", 'echo "jupyter $*"')):
        (conda / "bin" / name).write_text(f"#!/bin/sh\n{body}\n")
        (conda / "bin" / name).chmod(0o755)
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "PYTHON": str(tmp_path / "no-python"),
           "CONDA_PREFIX": str(conda), "CONDA_DEFAULT_ENV": "rulings-kit"}
    proc = subprocess.run(["bash", str(checkout / "dev"), "lab", "--no-browser"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("jupyter lab notebooks/") and "--no-browser" in proc.stdout
    assert "conda environment (rulings-kit)" in proc.stderr and not (checkout / ".venv").exists()
    (conda / "bin" / "python").write_text("#!/bin/sh\nexit 1\n")        # the kit not installed in it: said
    proc = subprocess.run(["bash", str(checkout / "dev"), "lab"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "environment.yml" in proc.stderr


def test_the_readme_says_what_to_do_after_conda_and_where_binder_is():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "conda env create -f environment.yml" in readme and "conda activate rulings-kit" in readme
    assert "mybinder.org/v2/gh/" in readme and "labpath=notebooks" in readme
