"""Build the browser edition: ``build/site/``, a static folder any web server can serve.

    python -m tools.build_site [--out build/site] [--force]      (``./dev site``, ``make site``)

What goes in (nothing is fetched from a CDN when the pages run):
* ``site/``: the pages, styles, scripts, service worker and manifest (hand-written, no framework);
* from npm (``package.json`` + ``package-lock.json``, ``npm ci``): Pyodide's core files only and
  ``@viz-js/viz`` (Graphviz in WebAssembly, draws the scenario path diagrams from the kit's DOT);
* wheels: the kit's own (``pip wheel .``), a pure-Python PyYAML made from PyPI's sdist (its pure
  modules only: ``yaml.__with_libyaml__`` is False) and ``graphviz`` (DOT only) from PyPI; both
  downloads are pinned by sha256;
* generated: the shipped scenarios' index, the FAQ page with "open in playground" links, the precache
  list of the service worker. (The icons are files of site/icons/: the SVG, and the two PNGs the web
  app manifest names for installing.)

A site already built from the same inputs is reused: ``build/site/site.json`` holds the hash of
every input file, and nothing is rebuilt while it matches. The build is a list of *editions*
(:data:`EDITIONS`), each writing into its own part of the folder; a JupyterLite edition can be
added as one more (``build/site/lab/``) without touching the others.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

from . import snapshot

ROOT = Path(__file__).resolve().parents[1]
SITE_SRC = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / "build" / "site-cache"          # downloads kept between builds (git-ignored)
DEFAULT_OUT = ROOT / "build" / "site"

# Pyodide: only the files a page needs to start Python (no packages from its CDN lock are used).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
VIZ_FILE = ("@viz-js/viz", "dist/viz.js")
INFLATE_FILE = "tiny-inflate/index.js"

# Downloads from PyPI, pinned: (project, file name, sha256).
PYYAML_SDIST = ("pyyaml", "pyyaml-6.0.3.tar.gz", "d76623373421df22fb4cf8817020cbb7ef15c725b9d5e45f17e189bfc384190f")
PYYAML_VERSION = "6.0.3"
GRAPHVIZ_WHEEL = ("graphviz", "graphviz-0.21-py3-none-any.whl",
                  "54f33de9f4f911d7e84e4191749cac8cc5653f815b06738c54db9a15ab8b1e42")
PYPI_SIMPLE = "https://pypi.org/simple/{project}/"

# Everything whose change means a new site. (node_modules is covered by the lock file.)
INPUTS = ("site", "rulings_lib", "tools/__init__.py", "tools/build_site.py", "tools/snapshot.py",
          "tools/snapshot.mjs", "tools/canary.mjs", "tools/snapshot_warm_up.py", "pyproject.toml", "package.json", "package-lock.json",
          "lite", "notebooks", "tools/build_lite.py")
FIXED_TIME = (2020, 1, 1, 0, 0, 0)               # zip entries: no build-time timestamps

# Every page's Content-Security-Policy, a <meta http-equiv> in each (the site is static
# files): scripts only from the site itself (no inline script, no event handler attribute, no eval;
# 'wasm-unsafe-eval' lets Graphviz's WebAssembly (vendor/viz.js) compile in the page), no style
# attribute or inline style sheet, and no request to another origin of any kind. Python runs in a
# worker of the site's own (worker-src 'self'), whose requests are the site's. site/*.html carry it
# as written here (the build checks); the FAQ page gets it from the build.
CSP = ("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
       "img-src 'self'; style-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
       "form-action 'none'; object-src 'none'")
CSP_META = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'


# Every use of Pyodide beyond its documented API, and the Pyodide version those uses were checked for
# (PYODIDE_VERSION), are in one module of the site; the build's canary (tools/canary.mjs) checks them.
PRIVATE = SITE_SRC / "js" / "snapshot.js"
CANARY = ROOT / "tools" / "canary.mjs"


class BuildError(Exception):
    """A step of the build that cannot be done; the message says what to do."""


def say(msg: str) -> None:
    print(f"site: {msg}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------ inputs
def input_files() -> list[Path]:
    files = []
    for name in INPUTS:
        p = ROOT / name
        if p.is_dir():
            files.extend(q for q in p.rglob("*") if q.is_file() and "__pycache__" not in q.parts
                         and q.suffix not in (".pyc",))
        elif p.exists():
            files.append(p)
    return sorted(files)


def inputs_hash() -> str:
    h = hashlib.sha256()
    for f in input_files():
        h.update(f.relative_to(ROOT).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:16]


def built_hash(out: Path) -> str | None:
    try:
        return json.loads((out / "site.json").read_text())["version"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


# ------------------------------------------------------------------------------ npm
def ensure_node_modules() -> None:
    """``npm ci`` when node_modules is missing or older than the lock file."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".rulings-kit-lock"
    want = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to build the site (Node 20: sudo apt-get install nodejs npm)")
    say("npm ci (Pyodide and @viz-js/viz from npm)...")
    proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--prefer-offline"], cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"npm ci failed:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    stamp.write_text(want)


# ------------------------------------------------------------------------------ wheels
def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pypi_file(project: str, filename: str, sha256: str) -> bytes:
    """A file from PyPI, pinned by its sha256; kept in build/site-cache/ once downloaded."""
    cached = CACHE / "downloads" / filename
    if cached.exists() and _sha256(cached.read_bytes()) == sha256:
        return cached.read_bytes()
    say(f"downloading {filename} from PyPI...")
    req = urllib.request.Request(PYPI_SIMPLE.format(project=project),
                                 headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            index = json.load(r)
        url = next(f["url"] for f in index["files"] if f["filename"] == filename)
        with urllib.request.urlopen(url, timeout=120) as r:
            data = r.read()
    except (OSError, StopIteration, KeyError, ValueError) as exc:
        raise BuildError(f"cannot download {filename} from PyPI: {exc}") from None
    if _sha256(data) != sha256:
        raise BuildError(f"{filename} from PyPI has sha256 {_sha256(data)}, expected {sha256}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


def write_wheel(path: Path, name: str, version: str, files: dict[str, bytes], summary: str) -> None:
    """A py3-none-any wheel from a mapping of archive paths to contents (fixed timestamps)."""
    dist = f"{name}-{version}.dist-info"
    meta = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: rulings-kit build_site\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
        f"{dist}/top_level.txt": "".join(sorted({p.split("/")[0] + "\n" for p in files})),
    }
    entries = dict(sorted(files.items())) | {k: v.encode() for k, v in meta.items()}
    record = []
    for arc, data in entries.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    entries[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in entries.items():
            info = zipfile.ZipInfo(arc, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


def pyyaml_pure_wheel(dest: Path) -> Path:
    """PyYAML's pure-Python modules (``lib/yaml/*.py`` of the sdist) as a wheel: no libyaml, no
    ``_yaml`` extension, so ``yaml.__with_libyaml__`` is False and the pure loader is used."""
    data = pypi_file(*PYYAML_SDIST)
    files = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        prefix = f"pyyaml-{PYYAML_VERSION}/lib/yaml/"
        for m in tar.getmembers():
            if m.isfile() and m.name.startswith(prefix) and m.name.endswith(".py") and "/" not in m.name[len(prefix):]:
                files["yaml/" + m.name[len(prefix):]] = tar.extractfile(m).read()
    if "yaml/__init__.py" not in files:
        raise BuildError(f"{PYYAML_SDIST[1]} has no lib/yaml/__init__.py")
    path = dest / f"PyYAML-{PYYAML_VERSION}-py3-none-any.whl"
    write_wheel(path, "PyYAML", PYYAML_VERSION, files, "YAML parser (pure-Python modules of PyYAML's sdist)")
    return path


def graphviz_wheel(dest: Path) -> Path:
    path = dest / GRAPHVIZ_WHEEL[1]
    path.write_bytes(pypi_file(*GRAPHVIZ_WHEEL))
    return path


def kit_wheel(dest: Path) -> Path:
    """The project's wheel, built by pip from a clean copy of the sources (no stale build/lib)."""
    with tempfile.TemporaryDirectory(prefix="rulings-site-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            shutil.copy2(ROOT / name, src / name)
        shutil.copytree(ROOT / "rulings_lib", src / "rulings_lib",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        env = dict(os.environ, SOURCE_DATE_EPOCH="1577836800")
        proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(Path(tmp) / "w"),
                               str(src)], capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            raise BuildError(f"pip wheel of the kit failed:\n{proc.stderr[-3000:]}")
        (built,) = (Path(tmp) / "w").glob("rulings_lib-*.whl")
        path = dest / built.name
        shutil.copy2(built, path)
    return path


# ------------------------------------------------------------------------------ the canary
def pinned_pyodide(text: str | None = None) -> str:
    """The Pyodide version site/js/snapshot.js was checked for (its PYODIDE_VERSION)."""
    import re

    found = re.search(r'^export const PYODIDE_VERSION = "([^"]+)";$', text if text is not None else PRIVATE.read_text(),
                      re.MULTILINE)
    if not found:
        raise BuildError(f"{PRIVATE.relative_to(ROOT)} does not say its PYODIDE_VERSION")
    return found.group(1)


def check_pinned(npm_version: str, pinned: str) -> None:
    """Stop the build when npm's Pyodide is not the one whose private API the site's module was checked for."""
    if npm_version != pinned:
        raise BuildError(f"npm's pyodide is {npm_version}, but site/js/snapshot.js was checked for {pinned}: "
                         f"check each use it lists against Pyodide {npm_version} (docs/upgrading.md), then set its "
                         f"PYODIDE_VERSION to \"{npm_version}\"")


def canary(out: Path) -> dict:
    """Start the built site's Python under Node as a page's worker does (tools/canary.mjs): it must be
    restored from the snapshot, on the pinned Pyodide, and rule; the build stops otherwise."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node is needed to build the site: sudo apt-get install nodejs")
    proc = subprocess.run([node, str(CANARY), str(out)], capture_output=True, text=True, timeout=300)
    try:
        report = json.loads(proc.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise BuildError(f"the canary (tools/canary.mjs) failed:\n{proc.stderr[-2000:]}") from None
    if proc.returncode != 0:
        raise BuildError(f"the canary (tools/canary.mjs) failed: the built pages' Python {report}; a Pyodide whose "
                         "private snapshot API changed, see site/js/snapshot.js and docs/upgrading.md")
    return report


# ------------------------------------------------------------------------------ editions
def build_core(out: Path, tmp: Path) -> dict:
    """Pyodide, the Graphviz renderer and the wheels: what every page's worker loads."""
    py_dir = out / "pyodide"
    py_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        src = NODE_MODULES / "pyodide" / name
        if not src.exists():
            raise BuildError(f"node_modules/pyodide/{name} is missing: run npm ci")
        if name == "pyodide-lock.json":
            # Nothing is loaded by name from Pyodide's own package list (the pages unpack the kit's wheels,
            # the lab has a lock of its own): the lock keeps its ``info`` (version, ABI), not its 250 entries.
            info = json.loads(src.read_text())["info"]
            (py_dir / name).write_text(json.dumps({"info": info, "packages": {}}, indent=1) + "\n")
            continue
        shutil.copy2(src, py_dir / name)
    vendor = out / "vendor"
    vendor.mkdir()
    shutil.copy2(NODE_MODULES / VIZ_FILE[0] / VIZ_FILE[1], vendor / "viz.js")
    # tiny-inflate is CommonJS (module.exports = inflate): given to the worker as an ES module.
    inflate = (NODE_MODULES / INFLATE_FILE).read_text(encoding="utf-8")
    if "module.exports = tinf_uncompress;" not in inflate:
        raise BuildError(f"node_modules/{INFLATE_FILE} is not the tiny-inflate the site was written for: run npm ci")
    (vendor / "tiny-inflate.js").write_text("// tiny-inflate 1.0.3 (MIT, Devon Govett), from npm; made an ES module by "
                                             "tools/build_site.py\nconst module = { exports: {} };\n" + inflate
                                             + "\nexport default module.exports;\n", encoding="utf-8")
    wheels = out / "wheels"
    wheels.mkdir()
    built = [pyyaml_pure_wheel(wheels), graphviz_wheel(wheels), kit_wheel(wheels)]
    pyodide_version = json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"]
    check_pinned(pyodide_version, pinned_pyodide())
    # Python restored rather than started in every page's worker: tools/snapshot.py.
    say("making the pages' Python memory snapshot (Pyodide under Node)")
    try:
        packed, size = snapshot.make(py_dir, built)
    except snapshot.SnapshotError as exc:
        raise BuildError(str(exc)) from None
    (py_dir / snapshot.SNAPSHOT).write_bytes(packed)
    return {"pyodide": pyodide_version, "wheels": [f"wheels/{p.name}" for p in built],
            "snapshot": f"pyodide/{snapshot.SNAPSHOT}", "snapshot_bytes": size}


def build_pages(out: Path, tmp: Path) -> dict:
    """The pages from site/ (with their icons), the scenario index and the FAQ page."""
    from rulings_lib.faq import load_faq
    from rulings_lib.faq.html import render_html
    from rulings_lib.web import shipped

    for src in sorted(SITE_SRC.rglob("*")):
        if src.is_file():
            if src.suffix == ".html" and CSP_META not in src.read_text(encoding="utf-8"):
                raise BuildError(f"{src.relative_to(ROOT)} does not carry the site's Content-Security-Policy "
                                 f"(tools/build_site.py CSP_META) in its head")
            dst = out / src.relative_to(SITE_SRC)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    data = out / "data"
    data.mkdir(exist_ok=True)
    scenarios = shipped()
    (data / "scenarios.json").write_text(json.dumps(scenarios, ensure_ascii=False, indent=0), encoding="utf-8")
    from rulings_lib.webdata import files as data_files  # the pages' words, verb table, card names

    for name, content in data_files().items():
        (data / name).write_text(json.dumps(content, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    from rulings_lib.webdata import answers  # shown at first paint, while Python loads

    for ident, content in answers().items():
        path = data / "answers" / f"{ident}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    # What a page downloads before its first ruling (Python, the wheels), said on the loading bar.
    first = [p for d in ("pyodide", "wheels") for p in (out / d).glob("*") if p.is_file()]
    (data / "download.json").write_text(json.dumps({"bytes": sum(p.stat().st_size for p in first)}) + "\n")

    def play_link(entry):
        return "index.html#s=" + entry.scenario.removesuffix(".yaml")

    # The site's bar (pages, offline support) on the FAQ page as on every other page.
    bar = ('<link rel="manifest" href="manifest.webmanifest"><link rel="icon" href="icons/icon.svg">'
           '<link rel="stylesheet" href="css/bar.css"><script type="module" src="js/site.js"></script>'
           '<script type="module" src="js/faqparts.js"></script>')
    # The FAQ's own style and script as files of the site (no inline script under the site's policy).
    from rulings_lib.faq.html import page_script, page_style

    (out / "css" / "faq.css").write_text(page_style().lstrip(), encoding="utf-8")
    (out / "js" / "faq.js").write_text("// The FAQ page's script, written by tools/build_site.py from rulings_lib/faq/html.py.\n"
                                       + page_script().lstrip(), encoding="utf-8")
    faq = render_html(load_faq(), link=play_link, head=bar, diagrams="dot",   # drawn by viz.js when opened
                      assets="", csp=CSP,
                      answer=True)     # each entry's verdict: its built answer's, worded by the page
    from rulings_lib.webdata import faq_parts  # the entries' pictures and transcripts load in parts

    faq, parts = faq_parts(faq)
    (data / "faq").mkdir(exist_ok=True)
    for name, fragment in parts.items():
        # Gzipped (mtime 0: the same bytes each build): about a fifth of the text, and what the page
        # downloads; site/js/faqparts.js inflates it (DecompressionStream). The page names the part
        # without the suffix.
        (data / "faq" / f"{name}.gz").write_bytes(gzip.compress(fragment.encode("utf-8"), 9, mtime=0))
    (out / "faq.html").write_text(faq, encoding="utf-8")
    return {"scenarios": len(scenarios)}


def build_service_worker(out: Path, version: str) -> list[str]:
    """Fill in the service worker's precache list: every file of the site (offline after one visit)."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != "sw.js"
                   and p.relative_to(out).parts[0] != "lab")     # the lite edition is not precached
    files = ["./"] + files
    sw = (out / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", version).replace('"__PRECACHE__"', json.dumps(files, indent=1))
    (out / "sw.js").write_text(sw, encoding="utf-8")
    return files


def build_lab(out: Path, tmp: Path) -> dict:
    """The JupyterLite edition in ``lab/``: see tools/build_lite.py."""
    from . import build_lite

    try:
        return build_lite.edition(out, tmp)
    except build_lite.BuildError as exc:
        raise BuildError(str(exc)) from None


EDITIONS = [build_core, build_pages, build_lab]      # each writes its own part of the folder


def sizes(out: Path) -> dict:
    raw = gz = 0
    for p in out.rglob("*"):
        if p.is_file() and p.name != "site.json":
            data = p.read_bytes()
            raw += len(data)
            gz += len(gzip.compress(data, 6, mtime=0))
    return {"bytes": raw, "gzip_bytes": gz}


def build(out: Path = DEFAULT_OUT, force: bool = False) -> Path:
    """Build the site into ``out`` unless one built from the same inputs is there. One build at a
    time: a second process (another test worker, a second ``./dev site``) waits for the first and
    then finds the site up to date."""
    import fcntl

    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(out, force)


def _build(out: Path, force: bool) -> Path:
    ensure_node_modules()
    version = inputs_hash()
    if not force and built_hash(out) == version:
        say(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} is up to date ({version})")
        return out
    t0 = time.monotonic()
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    info = {"version": version}
    with tempfile.TemporaryDirectory(prefix="rulings-site-") as tmp:
        for edition in EDITIONS:
            info.update(edition(staging, Path(tmp)))
    (staging / "site.json").write_text(json.dumps(info, indent=1) + "\n")
    t1 = time.monotonic()
    canary(staging)
    say(f"canary: the pages' Python restored from the snapshot on Pyodide {pinned_pyodide()} "
        f"({time.monotonic() - t1:.1f} s)")
    files = build_service_worker(staging, version)
    shutil.rmtree(out, ignore_errors=True)
    os.replace(staging, out)
    report = {**info, **sizes(out), "files": len(files), "build_seconds": round(time.monotonic() - t0, 1)}
    (out.parent / "site-report.json").write_text(json.dumps(report, indent=1) + "\n")
    say(f"wrote {out} in {report['build_seconds']} s: {report['files']} files, {report['bytes'] / 1e6:.1f} MB "
        f"({report['gzip_bytes'] / 1e6:.1f} MB gzip)")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="build_site", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write (default: build/site)")
    p.add_argument("--force", action="store_true", help="rebuild even if the site is up to date")
    args = p.parse_args(argv)
    try:
        build(args.out.resolve(), args.force)
    except BuildError as exc:
        print(f"site: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
