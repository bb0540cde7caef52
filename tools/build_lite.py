"""The JupyterLite edition of the site: ``build/site/lab/``, the repository's notebooks in the browser.

    python -m tools.build_lite [--out build/site/lab] [--force]   (also one edition of tools/build_site.py)

What goes in (only from PyPI and npm, every version pinned, every shipped file checked by sha256):
* the JupyterLite app and the Pyodide kernel's front end: ``jupyterlite-core``, ``jupyterlite-pyodide-kernel``
  and ``jupyterlab_widgets`` (the widgets' front end), pinned with hashes in ``lite/requirements-build.txt``,
  installed with their build-time dependencies (``lite/constraints-build.txt``) into a virtual environment
  of their own under ``build/site-cache/lite/tools``;
* Pyodide from npm (``pyodide@PYODIDE_VERSION``, the version the kernel expects; tarball checked
  against its npm integrity), its core files only, in ``static/pyodide/``;
* a ``pyodide-lock.json`` written anew that lists only the wheels shipped beside it (real file names,
  real sha256, dependencies from each wheel's metadata): the pure wheels of ``lite/requirements-pyodide.txt``
  (``pip download --require-hashes`` for Python 3.14, any platform), the kernel extension's own wheels
  (``pyodide_kernel``, ``piplite``, the ``ipykernel`` and ``widgetsnbextension`` shims) and the kit's
  wheels (the kit, a pure PyYAML, ``graphviz``) from the site's core edition; all of them are preloaded
  (``loadPyodideOptions.packages``) so the notebooks import the kit directly, and PyPI is never asked
  (``disablePyPIFallback``);
* the notebooks (``notebooks/*.ipynb``, ``notebooks/ja/*.ipynb`` when present) as they are in the repo;
* ``@viz-js/viz`` (the site's npm copy) as ``static/rulings-kit/viz.js``: in Pyodide the kit's
  diagrams are laid out with it (see ``rulings_lib/diagrams/rendering.py``).

One change to the app as shipped: its session client finds a running session by path, not by file name
(``sessions_by_path``), so ``ja/01-start-here.ipynb`` and ``01-start-here.ipynb`` get sessions of their own.

A lite edition built from the same inputs is kept in ``build/site-cache/lite/built-HASH/`` and copied
again rather than rebuilt.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITE_SRC = ROOT / "lite"
NOTEBOOKS = ROOT / "notebooks"
CACHE = ROOT / "build" / "site-cache" / "lite"
TOOLS = CACHE / "tools"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.6"     # what jupyterlite-pyodide-kernel 0.8.6 is built for
PYODIDE_INTEGRITY = ("sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ==")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
FIXED_MTIME = 1577836800                 # 2020-01-01: the notebooks' dates in the lite contents
KERNEL_EXT = Path("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi")
# The kernel extension's own wheels that are shipped (its widgetsnbextension 3.x shim is not).
KERNEL_WHEELS = ("pyodide_kernel-", "piplite-", "ipykernel-", "widgetsnbextension-4.")
VIZ_FILE = NODE_MODULES / "@viz-js" / "viz" / "dist" / "viz.js"
VIZ_DEST = "static/rulings-kit/viz.js"   # rulings_lib/diagrams/rendering.py looks for it here

# What a wheel's dependencies are evaluated against: Pyodide 314 (CPython 3.14 on emscripten).
PYODIDE_MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
                   "platform_machine": "wasm32", "python_version": "3.14", "python_full_version": "3.14.2",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}


class BuildError(Exception):
    """A step of the build that cannot be done; the message says what to do."""


def say(msg: str) -> None:
    print(f"lite: {msg}", file=sys.stderr, flush=True)


def run(cmd: list, what: str, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        raise BuildError(f"{what} failed:\n{proc.stdout[-2000:]}{proc.stderr[-3000:]}")
    return proc


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def notebook_files() -> list[Path]:
    """The notebooks shipped: the repository's own files, the Japanese ones when there are any."""
    files = sorted(NOTEBOOKS.glob("*.ipynb"))
    if (NOTEBOOKS / "ja").is_dir():
        files += sorted((NOTEBOOKS / "ja").glob("*.ipynb"))
    return files


def input_files() -> list[Path]:
    files = [p for p in LITE_SRC.rglob("*") if p.is_file()] + notebook_files()
    files += [p for p in (ROOT / "rulings_lib").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    files += [Path(__file__), ROOT / "tools" / "build_site.py", ROOT / "pyproject.toml", ROOT / "package-lock.json"]
    return sorted(p for p in files if p.exists())


def inputs_hash() -> str:
    h = hashlib.sha256()
    for f in input_files():
        h.update(f.relative_to(ROOT).as_posix().encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:16]


# ------------------------------------------------------------------------------ build tools
def tools_python() -> Path:
    """The build tools' virtual environment, made once per version of the two requirement files."""
    stamp = TOOLS / ".rulings-kit-stamp"
    want = hashlib.sha256((LITE_SRC / "requirements-build.txt").read_bytes()
                          + (LITE_SRC / "constraints-build.txt").read_bytes()).hexdigest()
    py = TOOLS / "bin" / "python"
    if stamp.exists() and stamp.read_text() == want and py.exists():
        return py
    say("installing the JupyterLite build tools (pinned, sha256-checked) into build/site-cache/lite/tools...")
    shutil.rmtree(TOOLS, ignore_errors=True)
    run([sys.executable, "-m", "venv", TOOLS], "making the build tools' venv")
    pip = [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run(pip + ["--no-deps", "--require-hashes", "-r", LITE_SRC / "requirements-build.txt"],
        "pip install of lite/requirements-build.txt")
    names = [line.split("==")[0] for line in (LITE_SRC / "requirements-build.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    run(pip + ["-c", LITE_SRC / "constraints-build.txt", *names, "jupyter_server"],
        "pip install of the build tools' dependencies (lite/constraints-build.txt)")
    stamp.write_text(want)
    return py


# ------------------------------------------------------------------------------ pyodide from npm
def pyodide_core(dest: Path) -> None:
    """Pyodide's core files from npm's tarball, pinned by version and checked against its integrity."""
    tgz = CACHE / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"

    def ok() -> bool:
        if not tgz.exists():
            return False
        algo, digest = PYODIDE_INTEGRITY.split("-", 1)
        return base64.b64encode(hashlib.new(algo, tgz.read_bytes()).digest()).decode() == digest

    if not ok():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed to build the lite edition (Node 20: sudo apt-get install nodejs npm)")
        say(f"npm pack pyodide@{PYODIDE_VERSION}...")
        tgz.parent.mkdir(parents=True, exist_ok=True)
        run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tgz.parent], "npm pack pyodide")
        if not ok():
            tgz.unlink(missing_ok=True)
            raise BuildError(f"pyodide-{PYODIDE_VERSION}.tgz from npm does not match its pinned integrity")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_FILES:
            (dest / name).write_bytes(tar.extractfile(f"package/{name}").read())
        lock = json.loads(tar.extractfile("package/pyodide-lock.json").read())
    return lock["info"]


# ------------------------------------------------------------------------------ wheels and the lock
def pypi_wheels(dest: Path) -> list[Path]:
    """The pure wheels of lite/requirements-pyodide.txt, from PyPI through pip (hashes required)."""
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    req = LITE_SRC / "requirements-pyodide.txt"
    run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--require-hashes", "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
         "--abi", "none", "--platform", "any", "-d", cache, "-r", req], "pip download of lite/requirements-pyodide.txt")
    wanted = {}
    for line in req.read_text().splitlines():
        if line and not line.startswith("#"):
            spec, digest = line.split(" --hash=sha256:")
            wanted[spec.split("==")[0]] = (spec.split("==")[1], digest.strip())
    out = []
    for name, (version, digest) in wanted.items():
        (whl,) = [p for p in cache.glob("*.whl") if canonical(p.name.split("-")[0]) == canonical(name)
                  and p.name.split("-")[1] == version]
        if sha256(whl) != digest:         # pip checked it on download; a cached file is checked again
            raise BuildError(f"{whl.name} has sha256 {sha256(whl)}, lite/requirements-pyodide.txt says {digest}")
        shutil.copy2(whl, dest / whl.name)
        out.append(dest / whl.name)
    return out


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_entry(path: Path) -> dict:
    """One pyodide-lock.json entry for a wheel: its metadata, imports and sha256."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            imports = [m for m in z.read(top).decode().split() if m]
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if ".dist-info/" not in n and (n.endswith(".py") or "/" in n)})
    return {"name": canonical(meta["Name"]), "version": meta["Version"], "file_name": path.name,
            "install_dir": "site", "sha256": sha256(path), "package_type": "package",
            "imports": sorted(set(imports)), "requires": meta.get_all("Requires-Dist") or [],
            "unvendored_tests": False, "shared_library": False}


def write_lock(pyodide_dir: Path, wheels: list[Path], info: dict) -> list[str]:
    """pyodide-lock.json listing exactly the wheels shipped; dependencies not shipped are left out."""
    from packaging.requirements import Requirement

    entries = {e["name"]: e for e in map(wheel_entry, wheels)}
    for e in entries.values():
        deps = []
        for text in e.pop("requires"):
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(PYODIDE_MARKERS):
                continue
            name = canonical(req.name)
            if name in entries:
                deps.append(name)
        e["depends"] = sorted(set(deps))
    lock = {"info": info, "packages": dict(sorted(entries.items()))}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted(entries)


# ------------------------------------------------------------------------------ the build
def fixed_dates(contents: Path) -> None:
    """The contents index without build-time dates (``created`` is the copy's ctime otherwise)."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(FIXED_MTIME))

    def fix(node):
        if isinstance(node, dict):
            return {k: stamp if k in ("created", "last_modified") else fix(v) for k, v in node.items()}
        if isinstance(node, list):
            return [fix(v) for v in node]
        return node

    for index in contents.rglob("all.json"):
        index.write_text(json.dumps(fix(json.loads(index.read_text())), indent=2, sort_keys=True) + "\n")


# JupyterLite 0.8.6's session client (@jupyterlite/services, LiteSessionClient.startNew) hands back a
# running session whose *name* equals the new one's, and JupyterLab names a notebook's session by the
# file's base name: opening ja/01-start-here.ipynb after 01-start-here.ipynb gave the Japanese notebook
# the English one's session (its kernel working in the other folder); JupyterLab then dropped it, the
# widget manager failed on a null session ("Cannot read properties of null (reading 'kernel')") and the
# notebook's kernel stayed "Initializing". Jupyter Server finds a running session by path; the shipped
# bundle is made to do the same. The build tools are pinned, so the minified text is known: it must
# occur exactly once (a new version of jupyterlite-core stops the build here, to be looked at again).
SESSION_BY_NAME = "let{path:a,name:i}=e,o=this._sessions.find(e=>e.name===i);if(o)return o;"
SESSION_BY_PATH = "let{path:a,name:i}=e,o=this._sessions.find(e=>e.path===a);if(o)return o;"


def sessions_by_path(app: Path) -> Path:
    """Make the lite app's session client find a running session by path (see SESSION_BY_NAME)."""
    found = [(js, js.read_text(encoding="utf-8")) for js in sorted((app / "build").glob("*.js"))]
    found = [(js, text) for js, text in found if SESSION_BY_NAME in text]
    if len(found) != 1 or found[0][1].count(SESSION_BY_NAME) != 1:
        raise BuildError(f"expected the session look-up by name of jupyterlite-core 0.8.6 once in {app / 'build'}, "
                         f"found it {sum(text.count(SESSION_BY_NAME) for _, text in found)} times: check whether "
                         "LiteSessionClient.startNew still matches sessions by name, then update SESSION_BY_NAME")
    js, text = found[0]
    js.write_text(text.replace(SESSION_BY_NAME, SESSION_BY_PATH), encoding="utf-8")
    return js


def build_into(dest: Path, kit_wheels: list[Path]) -> dict:
    py = tools_python()
    with tempfile.TemporaryDirectory(prefix="rulings-lite-") as tmp:
        lite = Path(tmp) / "lite"
        for name in ("jupyter_lite_config.json", "overrides.json"):
            (lite / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(LITE_SRC / name, lite / name)
        pyodide_dir = lite / "static" / "pyodide"
        info = pyodide_core(pyodide_dir)
        wheels = pypi_wheels(pyodide_dir)
        ext = TOOLS / KERNEL_EXT
        for whl in sorted(ext.glob("*.whl")):
            if whl.name.startswith(KERNEL_WHEELS):
                shutil.copy2(whl, pyodide_dir / whl.name)
                wheels.append(pyodide_dir / whl.name)
        for whl in kit_wheels:
            shutil.copy2(whl, pyodide_dir / whl.name)
            wheels.append(pyodide_dir / whl.name)
        packages = write_lock(pyodide_dir, wheels, info)
        config = json.loads((LITE_SRC / "jupyter-lite.json").read_text())
        kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
        kernel["loadPyodideOptions"]["packages"] = packages
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")
        contents = Path(tmp) / "contents"
        for nb in notebook_files():
            target = contents / nb.relative_to(NOTEBOOKS)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(nb, target)
            os.utime(target, (FIXED_MTIME, FIXED_MTIME))     # contents index: no checkout-time dates
        out = Path(tmp) / "out"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHON"))}
        env["JUPYTERLITE_NO_LIBARCHIVE"] = "1"
        run([py, "-m", "jupyterlite_core", "build", "--lite-dir", lite, "--output-dir", out,
             "--contents", contents, "--settings-overrides", lite / "overrides.json"],
            "jupyter lite build", cwd=tmp, env=env)
        fixed_dates(out / "api" / "contents")
        sessions_by_path(out)
        for junk in [*out.rglob("*.map"), out / ".jupyterlite.doit.db"]:
            if junk.is_file():
                junk.unlink()
        viz = out / VIZ_DEST
        viz.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(VIZ_FILE, viz)
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(out, dest)
    return {"lite_packages": len(packages), "lite_notebooks": len(notebook_files())}


def build_lite(out: Path, kit_wheels: list[Path], force: bool = False) -> dict:
    """Write the lite edition into ``out`` (``build/site/lab``), from the cache when its inputs match."""
    key = inputs_hash()
    cached = CACHE / f"built-{key}"
    info_file = cached / ".rulings-kit-lite.json"
    if force or not info_file.exists():
        t0 = time.monotonic()
        for old in CACHE.glob("built-*"):
            shutil.rmtree(old, ignore_errors=True)
        staging = CACHE / f"building-{key}"
        shutil.rmtree(staging, ignore_errors=True)
        info = build_into(staging, kit_wheels)
        info["lite_version"] = key
        info["lite_build_seconds"] = round(time.monotonic() - t0, 1)
        (staging / ".rulings-kit-lite.json").write_text(json.dumps(info, indent=1) + "\n")
        os.replace(staging, cached)
        say(f"built the lite edition in {info['lite_build_seconds']} s")
    else:
        say(f"the lite edition is up to date ({key})")
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(cached, out, ignore=shutil.ignore_patterns(".rulings-kit-lite.json"))
    info = json.loads(info_file.read_text())
    info["lite_bytes"] = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return info


def edition(out: Path, tmp: Path) -> dict:
    """The site build's hook (tools/build_site.py EDITIONS): ``out/lab`` from the core edition's wheels."""
    return build_lite(out / "lab", sorted((out / "wheels").glob("*.whl")))


def main(argv=None) -> int:
    """The whole site, of which the lite edition is one part (same as ``./dev site``)."""
    from . import build_site

    return build_site.main(argv)


if __name__ == "__main__":
    sys.exit(main())
