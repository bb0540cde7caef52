"""The JupyterLite edition of the site: ``build/site/lab/``, the repository's notebooks in the browser.

    python -m tools.build_lite [--out build/site/lab] [--force]   (also one edition of tools/build_site.py)

What goes in (only from PyPI and npm, every version pinned, every shipped file checked by sha256):
* the JupyterLite app and the Pyodide kernel's front end: ``jupyterlite-core``, ``jupyterlite-pyodide-kernel``
  and ``jupyterlab_widgets`` (the widgets' front end), pinned with hashes in ``lite/requirements-build.txt``,
  installed with their build-time dependencies (``lite/constraints-build.txt``) into a virtual environment
  of their own under ``build/site-cache/lite/tools``;
* no Pyodide of its own: the kernel loads the site's (``../pyodide/``, npm's ``pyodide`` of package.json,
  the one the pages use), through the site's ``js/lab-python.js`` (:data:`SITE_PYODIDE`): Python restored
  from the pages' memory snapshot, as the pages' worker does, the lab's wheels unpacked from JavaScript. Its version must be the one the kernel is built for
  (:data:`PYODIDE_VERSION`, read from the kernel's settings schema); the build stops otherwise. One Pyodide
  for the whole site (the site's size);
* a ``pyodide-lock.json`` written anew in ``static/lab-packages/`` (``loadPyodideOptions.lockFileURL``)
  that lists only the wheels the lab loads (real file names, real sha256, dependencies from each wheel's
  metadata): the pure wheels of ``lite/requirements-pyodide.txt``
  (``pip download --require-hashes`` for the Python of the site's Pyodide, read from its lock, any platform), the kernel extension's own wheels
  (``pyodide_kernel``, ``piplite``, the ``ipykernel`` and ``widgetsnbextension`` shims), all beside the lock,
  and the kit's wheels (the kit, a pure PyYAML, ``graphviz``), which stay in the site's ``wheels/`` (the lock
  names them by a relative path); all of them are preloaded
  (``loadPyodideOptions.packages``) so the notebooks import the kit directly, and PyPI is never asked
  (``disablePyPIFallback``);
* the modules the kernel imports when it starts (IPython, traitlets, ipykernel's shim, ...) as bytecode
  made by the site's own Pyodide under Node (:func:`compiled`, ``lite/pycompile.mjs``): the browser no
  longer compiles them on every visit; the rest of those wheels stays source;
* no jedi or parso: IPython completes without them; the kernel's two requests for jedi are changed
  (:func:`no_jedi_in_worker`, :func:`no_jedi_in_kernel`);
* the notebooks (``notebooks/*.ipynb``, ``notebooks/ja/*.ipynb`` when present) as they are in the repo, the
  Japanese ones under file names of their own (:func:`lab_path`: ``ja/01-start-here.ja.ipynb``);
* no viz.js of its own either: in Pyodide the kit's diagrams are laid out with the site's
  ``vendor/viz.js`` (npm's ``@viz-js/viz``; see ``rulings_lib/diagrams/rendering.py``);
* the app's icon fonts only as woff2 (every browser the lab runs in reads it): the woff, eot, ttf
  and svg copies are left out, and so are the app's build configurations (rspack.config*.js);
* not the app's mermaid, vega and terminal extensions (no notebook shows a diagram of mermaid, a vega
  chart, LaTeX or a terminal): they are disabled and their chunks, with the KaTeX only mermaid loads,
  are removed (:data:`LEFT_OUT_EXTENSIONS`, 3.4 MB);
* two of JupyterLite's apps: ``lab/`` (JupyterLab) and ``notebooks/`` (Jupyter Notebook: one notebook
  at a time, the whole width; what the site links to on a phone).

Changes to the app as shipped (each text must be found as written, or the build stops; every change the
build makes to a third-party file is listed in docs/upgrading.md): the kernel's worker does not ask for
jedi (``no_jedi_in_worker``).

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

# The site's Pyodide seen from lab/: JupyterLite resolves a "./" address in jupyter-lite.json against the
# folder of that file (lab/), any other one against the app's page (lab/lab/). The kernel imports the
# site's lab-python.js (site/js/) as its Pyodide: its loadPyodide starts the site's Pyodide restored from
# the pages' memory snapshot, with the lab's wheels unpacked from JavaScript.
SITE_PYODIDE = "./../js/lab-python.js"
PACKAGES = "static/lab-packages"          # the lab's lock and the wheels only the lab loads
KIT_WHEELS = "../../../wheels/"           # the site's wheels/, from PACKAGES (the lock's file_name)
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
FIXED_MTIME = 1577836800                 # 2020-01-01: the notebooks' dates in the lite contents
KERNEL_EXT = Path("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi")
# The kernel extension's own wheels that are shipped (its widgetsnbextension 3.x shim is not).
KERNEL_WHEELS = ("pyodide_kernel-", "piplite-", "ipykernel-", "widgetsnbextension-4.")
KERNEL_SCHEMA = Path("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/schema/"
                     "kernel.v0.schema.json")
# The icon fonts' formats no browser that runs the lab asks for (each @font-face lists woff2 first, and
# every browser with the WebAssembly and module workers the kernel needs reads woff2).
OLD_FONTS = (".eot", ".ttf", ".svg", ".woff")
LAB_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}



def pyodide_markers(info: dict) -> dict:
    """What a wheel's dependencies are evaluated against: the site's Pyodide as its own lock describes it
    (``info.python``, e.g. "3.14.2": CPython on emscripten, wasm32). Nothing here names a Python version:
    a new Pyodide brings its own."""
    version = info["python"]
    return {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
            "platform_machine": info.get("arch", "wasm32"), "python_version": ".".join(version.split(".")[:2]),
            "python_full_version": version, "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "extra": ""}


# Every change the build makes to a third-party file, by the constant that holds its text or its files
# (docs/upgrading.md lists each with why; tests/lite/test_build_lite.py holds the two lists together).
THIRD_PARTY_CHANGES = ("KERNEL_TO_LOAD", "USE_JEDI", "PIPLITE_IMPORTS", "PIPLITE_INSTALL", "IPYTHON_EMBED",
                       "START_MODULES", "LEFT_OUT_EXTENSIONS", "OLD_FONTS")


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


def lab_path(nb: Path) -> str:
    """The path of a repository notebook in the lab: its own, except that a Japanese notebook's file name
    says it is one (``notebooks/ja/01-start-here.ipynb`` is ``ja/01-start-here.ja.ipynb``). JupyterLite's
    session client (0.8.6) hands a new session a running one of the same *name*, and JupyterLab names a
    notebook's session by its file name: two notebooks named alike in two folders would share a session
    (the second one's kernel in the first one's folder, its widgets failing). Names of their own need no
    change to the app."""
    rel = nb.relative_to(NOTEBOOKS)
    if rel.parts[0] == "ja":
        return (rel.parent / f"{rel.stem}.ja{rel.suffix}").as_posix()
    return rel.as_posix()


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


# ------------------------------------------------------------------------------ the site's pyodide
def kernel_pyodide_version(py: Path) -> str:
    """The Pyodide version the pinned kernel is built for (its settings schema's default pyodideUrl)."""
    schema = json.loads((py.parents[1] / KERNEL_SCHEMA).read_text())
    url = schema["properties"]["pyodideUrl"]["default"]
    found = re.search(r"/v([0-9][^/]*)/", url)
    if not found:
        raise BuildError(f"cannot read the kernel's Pyodide version from its default pyodideUrl {url!r}")
    return found.group(1)


def site_pyodide(want: str) -> dict:
    """The site's Pyodide (npm's, package.json): the lock's ``info``, after checking that its version is
    the kernel's. One Pyodide for pages and lab: a mismatch stops the build with what to change."""
    pkg = NODE_MODULES / "pyodide" / "package.json"
    if not pkg.exists():
        raise BuildError("node_modules/pyodide is missing: run npm ci")
    have = json.loads(pkg.read_text())["version"]
    if have != want:
        raise BuildError(f"package.json pins pyodide {have}, but jupyterlite-pyodide-kernel is built for {want}: "
                         f"pin \"pyodide\": \"{want}\" in package.json (npm install --save-exact pyodide@{want}) "
                         "or a kernel built for {have} in lite/requirements-build.txt")
    return json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]


# ------------------------------------------------------------------------------ wheels and the lock
def pypi_wheels(dest: Path, python: str) -> list[Path]:
    """The pure wheels of lite/requirements-pyodide.txt, from PyPI through pip (hashes required), for the
    site's Pyodide's Python ``python`` (its lock's ``info.python``)."""
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    req = LITE_SRC / "requirements-pyodide.txt"
    run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--require-hashes", "--only-binary=:all:", "--python-version", ".".join(python.split(".")[:2]), "--implementation", "py",
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


def write_entries(dst: Path, entries: list[tuple[str, bytes]]) -> None:
    """The wheel ``dst`` holding ``entries`` (name, bytes) in that order, its RECORD written anew for
    them (fixed timestamps: the same entries give the same bytes)."""
    record_name = next(n for n, _ in entries if n.endswith(".dist-info/RECORD"))
    lines = []
    for name, data in entries:
        if name != record_name:
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            lines.append(f"{name},sha256={digest},{len(data)}")
    lines.append(f"{record_name},,")
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, ("\n".join(lines) + "\n").encode() if name == record_name else data)


# What the lab's kernel imports when it starts ships as bytecode. A wheel from PyPI
# holds .py files, and CPython in the browser compiled each module it imported, on every visit (nothing
# is kept between visits): ``import IPython`` alone took 9 of the kernel's ~20 s on the 2-core machine.
# At build time the site's own Pyodide, under Node (lite/pycompile.mjs), loads the lab's wheels, imports
# :data:`START_MODULES` and compiles each module that import loaded (the lab's CPython version, hence its
# magic number); the module ships as a sourceless ``.pyc`` in its place, as Pyodide ships its own
# packages. Modules the start does not import stay source (a .pyc is about twice a .py in a wheel: the
# site's size). The kit's wheels (the site's wheels/, shared with the pages) are not touched.
PYCOMPILE = LITE_SRC / "pycompile.mjs"
# The kernel's start (tools: the worker's initPackageManager and initKernel) and the widgets the first
# notebook shows. The site's lab-python.js also imports them before the kernel mounts its drive
# (loadPyodideOptions.importFirst: imported from the drive's folder, each import asks the lab's service
# worker about that folder first).
START_MODULES = ("piplite.piplite", "pyodide_kernel", "ipywidgets")
# The kit's own start in the lab's kernel (rulings_lib/lab.py), imported by lab-python.js after those.
KIT_START = ("rulings_lib.lab",)


def compiled(wheels: list[Path]) -> list[str]:
    """Rewrite each wheel in place with the modules the kernel's start imports as ``.pyc`` instead of
    ``.py`` (see PYCOMPILE); the wheels' paths of the modules compiled are returned."""
    with tempfile.TemporaryDirectory(prefix="rulings-pyc-") as tmp:
        work, loaded = Path(tmp) / "src", Path(tmp) / "wheels"
        loaded.mkdir()
        contents = []
        for i, whl in enumerate(wheels):
            shutil.copy2(whl, loaded / whl.name)
            with zipfile.ZipFile(whl) as z:
                entries = [(info.filename, z.read(info)) for info in z.infolist() if not info.is_dir()]
            for name, data in entries:
                if name.endswith(".py"):
                    (work / str(i) / name).parent.mkdir(parents=True, exist_ok=True)
                    (work / str(i) / name).write_bytes(data)
            contents.append(entries)
        proc = run(["node", PYCOMPILE, NODE_MODULES / "pyodide", loaded, work, ",".join(START_MODULES)],
                   "compiling the lab's start (node lite/pycompile.mjs)")
        done = json.loads(proc.stdout.strip().splitlines()[-1])
        for i, (whl, entries) in enumerate(zip(wheels, contents, strict=True)):
            out = []
            for name, data in entries:
                pyc = work / str(i) / (name + "c")
                out.append((name + "c", pyc.read_bytes()) if name.endswith(".py") and pyc.exists() else (name, data))
            write_entries(whl, out)
    return done


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


def write_lock(pyodide_dir: Path, wheels: list[Path], info: dict, elsewhere: dict | None = None) -> list[str]:
    """pyodide-lock.json listing exactly the wheels shipped; dependencies not shipped are left out.
    ``elsewhere`` maps a wheel to the path the lock names it by (relative to ``pyodide_dir``), for a
    wheel shipped in another folder of the site."""
    from packaging.requirements import Requirement

    markers = pyodide_markers(info)
    entries = {}
    for whl in wheels:
        e = wheel_entry(whl)
        e["file_name"] = (elsewhere or {}).get(whl, whl.name)
        entries[e["name"]] = e
    for e in entries.values():
        deps = []
        for text in e.pop("requires"):
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(markers):
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


# No jedi or parso in the lab (1.15 MB of the site, and IPython imported all of jedi at
# the kernel's start). IPython imports jedi only if it is there (``JEDI_INSTALLED``) and completes without
# it; two places of the pinned kernel ask for it, each changed here, and each text must occur as written
# (a new jupyterlite-pyodide-kernel stops the build here, to be looked at again):
# * the worker's initKernel installs with piplite every package of its list that is not preloaded, jedi
#   included (with no PyPI that fails): jedi leaves the list, in each of the extension's scripts holding it;
# * pyodide_kernel's Interpreter turns IPython's jedi completion on whatever is installed: it stays off.
KERNEL_TO_LOAD = '["ipykernel","comm","pyodide-kernel","jedi","ipython"]'
KERNEL_TO_LOAD_NO_JEDI = '["ipykernel","comm","pyodide-kernel","ipython"]'
USE_JEDI = b"self.Completer.use_jedi = True\n"
NO_JEDI = b"self.Completer.use_jedi = False   # no jedi in the lab (rulings kit: tools/build_lite.py)\n"
KERNEL_SCRIPTS = "extensions/@jupyterlite/pyodide-kernel-extension/static"


def no_jedi_in_worker(app: Path) -> list[Path]:
    """Take jedi out of the kernel worker's list of packages to install (see KERNEL_TO_LOAD)."""
    found = [(js, js.read_text(encoding="utf-8")) for js in sorted((app / KERNEL_SCRIPTS).glob("*.js"))]
    found = [(js, text) for js, text in found if "initKernel" in text]
    if not found or any(text.count(KERNEL_TO_LOAD) != 1 for _, text in found):
        raise BuildError(f"expected the kernel's list {KERNEL_TO_LOAD} once in each script of {app / KERNEL_SCRIPTS} "
                         "with initKernel: check what jupyterlite-pyodide-kernel's worker installs at start, then "
                         "update KERNEL_TO_LOAD")
    for js, text in found:
        js.write_text(text.replace(KERNEL_TO_LOAD, KERNEL_TO_LOAD_NO_JEDI), encoding="utf-8")
    return [js for js, _ in found]


def changed_once(whl: Path, member: str, changes: list[tuple[bytes, bytes]], name: str, check: str) -> None:
    """Rewrite the wheel ``whl`` with each ``(old, new)`` of ``changes`` made in its file ``member``: each
    ``old`` must occur once in the wheel's .py files, there, or the build stops (``name`` is the constant to
    update once ``check`` is done)."""
    with zipfile.ZipFile(whl) as z:
        entries = [(info.filename, z.read(info)) for info in z.infolist() if not info.is_dir()]
    text = dict(entries).get(member, b"")
    for old, new in changes:
        hits = [n for n, data in entries if n.endswith(".py") and old in data]
        if hits != [member] or text.count(old) != 1:
            raise BuildError(f"expected {old.decode().strip().splitlines()[0]!r} once, in {member} of {whl.name}, "
                             f"found it in {hits}: check {check}, then update {name}")
        text = text.replace(old, new)
    write_entries(whl, [(n, text if n == member else data) for n, data in entries])


def no_jedi_in_kernel(whl: Path) -> None:
    """Rewrite pyodide_kernel's wheel with IPython's jedi completion left off (see USE_JEDI)."""
    changed_once(whl, "pyodide_kernel/interpreter.py", [(USE_JEDI, NO_JEDI)], "USE_JEDI",
                 "how the kernel turns jedi on")


# piplite imports micropip (and unittest.mock) when it is imported, and the kernel imports piplite when it
# starts, to set two of its options: 74 modules only an install (%pip) needs, 0.6-0.9 s of the kernel's
# start in the browser. The lab's piplite imports them when it installs a package (its
# one use of micropip is _install; the functions micropip calls back run within it). Python 3.14
# evaluates annotations only when asked, so the names in them need not be there before. Each text must
# occur as written (a new piplite stops the build here, to be looked at again).
PIPLITE_IMPORTS = b"""from unittest.mock import patch

import micropip
from micropip.package_index import CompatibilityLayer, ProjectInfo
from micropip.package_index import query_package as _MP_QUERY_PACKAGE
"""
PIPLITE_LAZY_IMPORTS = b"""

def _import_micropip():   # by the first install (rulings kit: tools/build_lite.py PIPLITE_IMPORTS)
    global patch, micropip, CompatibilityLayer, ProjectInfo, _MP_QUERY_PACKAGE
    from unittest.mock import patch

    import micropip
    from micropip.package_index import CompatibilityLayer, ProjectInfo
    from micropip.package_index import query_package as _MP_QUERY_PACKAGE
"""
PIPLITE_INSTALL = b'    """Invoke micropip.install with a patch to get data from local indexes"""\n'
PIPLITE_LAZY_INSTALL = PIPLITE_INSTALL + b"    _import_micropip()\n"


def lazy_micropip(whl: Path) -> None:
    """Rewrite piplite's wheel with micropip imported by its first install (see PIPLITE_IMPORTS)."""
    changed_once(whl, "piplite/piplite.py", [(PIPLITE_IMPORTS, PIPLITE_LAZY_IMPORTS),
                                             (PIPLITE_INSTALL, PIPLITE_LAZY_INSTALL)],
                 "PIPLITE_IMPORTS", "what piplite imports and where it uses micropip")


# IPython's package imports its terminal's embed() when it is imported (``from .terminal.embed import
# embed``), and with it prompt_toolkit: about 180 modules the lab's kernel never uses (a terminal's
# IPython; the lab's shell is the kernel's), 0.4-0.5 s of the kernel's start in the browser.
# The lab's IPython imports them when embed() is called. The text must occur as written (a new
# IPython stops the build here, to be looked at again).
IPYTHON_EMBED = b"from .terminal.embed import embed\n"
IPYTHON_LAZY_EMBED = b"""def embed(**kwargs):     # imported when called (rulings kit: tools/build_lite.py IPYTHON_EMBED)
    from .terminal.embed import embed as _embed

    return _embed(**kwargs)
"""


def lazy_embed(whl: Path) -> None:
    """Rewrite IPython's wheel with its terminal imported when embed() is called (see IPYTHON_EMBED)."""
    changed_once(whl, "IPython/__init__.py", [(IPYTHON_EMBED, IPYTHON_LAZY_EMBED)], "IPYTHON_EMBED",
                 "what IPython's package imports from its terminal")


# Parts of the app no notebook of the repository uses (no mermaid or vega output, no ```mermaid or $math$
# in a markdown cell, no terminal: tests/lite/test_build_lite.py checks the notebooks), left out of the
# lab (the site's size): each front-end extension is disabled (jupyter-lite.json
# disabledExtensions, so nothing asks for its code) and the chunks only it loads are removed. KaTeX is
# loaded only by mermaid's chunk 5506. The build tools are pinned, so the chunks' names are known: each
# must be there and hold its marker (a new jupyterlite-core stops the build here, to be looked at again).
LEFT_OUT_EXTENSIONS = {
    "@jupyterlab/mermaid-extension": {
        "963.71d40b5.js": "mermaid", "5506.9670c87.js": "mermaid version", "9393.4665593.js": "mermaid-js",
        "3216.9fba1f7.js": "mermaidTooltip", "2271.395fbde.js": "mermaidTooltip", "21.43761e7.js": "mermaidDoc",
        "1031.b91a70b.js": "mermaidTooltip", "9179.7097612.js": "mermaidDoc", "435.e62bac6.js": "mermaid-main-font",
        "1400.6d20453.js": "mermaid-tmp-group", "5787.4206177.js": "mermaid-font-family",
        "8919.5f678bb.js": "mermaid-js", "2320.bde234c.js": "mermaidTooltip", "6223.4553d2f.js": "mermaid-js",
        "7615.efc8b5e.js": "mermaid-js", "3294.40312b6.js": "katex-html"},
    "@jupyterlab/vega5-extension": {
        "1450.f727657.js": "vega_id", "7813.1ed97bd.js": "vega-lite", "3927.a09e28f.js": "vegaLite"},
    "@jupyterlab/terminal-extension": {
        "2802.1676cef.js": "xterm-accessibility", "2113.4870347.js": "xterm-", "2613.e46f259.js": "xterm-",
        "1305.1b55abd.js": "xterm-find-result"},
}


def left_out_extensions(app: Path) -> int:
    """Remove the chunks of :data:`LEFT_OUT_EXTENSIONS` from ``app/build``; the bytes removed."""
    removed = 0
    for extension, chunks in LEFT_OUT_EXTENSIONS.items():
        for name, marker in chunks.items():
            js = app / "build" / name
            if not js.is_file() or marker not in js.read_text(encoding="utf-8"):
                raise BuildError(f"expected {name} holding {marker!r} (code of {extension}) in {app / 'build'}: "
                                 "jupyterlite-core is not the pinned one; find that extension's chunks again and "
                                 "update LEFT_OUT_EXTENSIONS")
            removed += js.stat().st_size
            js.unlink()
    return removed


def lite_notebook(text: str) -> str:
    """A notebook as the lab ships it: its kernelspec names the lab's kernel (``python``, Pyodide), so
    that JupyterLab starts that kernel for it and never asks "Select Kernel" (the repository's
    notebooks name CPython's ``python3``, which the lab does not have). And a stored picture is shipped
    once: an output that carries it both as ``image/svg+xml`` and as the same SVG embedded in its
    ``text/html`` keeps the HTML only, which is what JupyterLab renders anyway (its HTML renderer ranks
    before its SVG one, trusted or not; the repository keeps both for GitHub and VS Code). Nothing
    else changes."""
    nb = json.loads(text)
    nb.setdefault("metadata", {})["kernelspec"] = dict(LAB_KERNELSPEC)
    for cell in nb.get("cells", ()):
        for out in cell.get("outputs", ()):
            data = out.get("data") or {}
            html = data.get("text/html", "")
            html = "".join(html) if isinstance(html, list) else html
            if "image/svg+xml" in data and 'src="data:image/svg+xml;base64,' in html:
                del data["image/svg+xml"]
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def link_kit_wheels(out: Path) -> None:
    """The lab's lock names the kit's wheels in the site's wheels/ (:data:`KIT_WHEELS`); a lab copied
    from the cache gets their sha256 as built now (Pyodide checks it), and a missing one stops the build."""
    lock_file = out / PACKAGES / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text())
    for entry in lock["packages"].values():
        if entry["file_name"].startswith(KIT_WHEELS):
            whl = (out / PACKAGES / entry["file_name"]).resolve()
            if not whl.exists():
                raise BuildError(f"the lab's lock names {entry['file_name']}, which the site does not have")
            entry["sha256"] = sha256(whl)
    lock_file.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def build_into(dest: Path, kit_wheels: list[Path]) -> dict:
    py = tools_python()
    with tempfile.TemporaryDirectory(prefix="rulings-lite-") as tmp:
        lite = Path(tmp) / "lite"
        for name in ("jupyter_lite_config.json", "overrides.json"):
            (lite / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(LITE_SRC / name, lite / name)
        info = site_pyodide(kernel_pyodide_version(py))
        pyodide_dir = lite / PACKAGES
        pyodide_dir.mkdir(parents=True)
        wheels = pypi_wheels(pyodide_dir, info["python"])
        (ipython,) = [whl for whl in wheels if whl.name.startswith("ipython-")]
        lazy_embed(ipython)
        ext = TOOLS / KERNEL_EXT
        for whl in sorted(ext.glob("*.whl")):
            if whl.name.startswith(KERNEL_WHEELS):
                shutil.copy2(whl, pyodide_dir / whl.name)
                wheels.append(pyodide_dir / whl.name)
                if whl.name.startswith("pyodide_kernel-"):
                    no_jedi_in_kernel(pyodide_dir / whl.name)
                if whl.name.startswith("piplite-"):
                    lazy_micropip(pyodide_dir / whl.name)
        say(f"{len(compiled(wheels))} modules of the kernel's start compiled")
        packages = write_lock(pyodide_dir, wheels + list(kit_wheels), info,
                              {whl: KIT_WHEELS + whl.name for whl in kit_wheels})
        config = json.loads((LITE_SRC / "jupyter-lite.json").read_text())
        kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
        kernel["pyodideUrl"] = SITE_PYODIDE
        kernel["loadPyodideOptions"]["lockFileURL"] = f"./{PACKAGES}/pyodide-lock.json"
        kernel["loadPyodideOptions"]["packages"] = packages
        kernel["loadPyodideOptions"]["importFirst"] = [*START_MODULES, *KIT_START]    # (site/js/lab-python.js)
        disabled = config["jupyter-config-data"].setdefault("disabledExtensions", [])
        disabled += [name for name in LEFT_OUT_EXTENSIONS if name not in disabled]
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")
        contents = Path(tmp) / "contents"
        for nb in notebook_files():
            target = contents / lab_path(nb)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(lite_notebook(nb.read_text(encoding="utf-8")), encoding="utf-8")
            os.utime(target, (FIXED_MTIME, FIXED_MTIME))     # contents index: no checkout-time dates
        out = Path(tmp) / "out"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHON"))}
        env["JUPYTERLITE_NO_LIBARCHIVE"] = "1"
        run([py, "-m", "jupyterlite_core", "build", "--lite-dir", lite, "--output-dir", out,
             "--contents", contents, "--settings-overrides", lite / "overrides.json"],
            "jupyter lite build", cwd=tmp, env=env)
        fixed_dates(out / "api" / "contents")
        shutil.copytree(pyodide_dir, out / PACKAGES)         # (jupyter lite build copies only its own static/)
        no_jedi_in_worker(out)
        left_out_extensions(out)
        for junk in [*out.rglob("*.map"), out / ".jupyterlite.doit.db", *out.glob("rspack.config*.js")]:
            if junk.is_file():
                junk.unlink()
        (out / "lab" / "favicon.ico").unlink()    # the site's icon instead (jupyter-lite.json faviconUrl)
        for font in (out / "build").glob("*"):
            if font.suffix in OLD_FONTS and font.name.startswith("fa-"):
                font.unlink()
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
    link_kit_wheels(out)
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
