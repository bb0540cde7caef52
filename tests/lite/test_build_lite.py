"""The lite edition's build (tools/build_lite.py) without a browser: the Pyodide lock it writes lists
exactly the wheels shipped, with their real sha256 and only dependencies that apply on emscripten
and are shipped; the site's pages link to the notebooks."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
from tools import build_lite, build_site  # noqa: E402


def wheel(folder: Path, name: str, requires: list[str]) -> Path:
    path = folder / f"{name}-1.0-py3-none-any.whl"
    build_site.write_wheel(path, name, "1.0", {f"{name.lower()}/__init__.py": b"x = 1\n"}, "test")
    if requires:      # add Requires-Dist lines to the METADATA write_wheel made
        import zipfile

        with zipfile.ZipFile(path) as z:
            files = {n: z.read(n) for n in z.namelist()}
        meta = next(n for n in files if n.endswith("METADATA"))
        files[meta] += "".join(f"Requires-Dist: {r}\n" for r in requires).encode()
        with zipfile.ZipFile(path, "w") as z:
            for n, data in files.items():
                z.writestr(n, data)
    return path


def test_the_lock_lists_exactly_the_shipped_wheels(tmp_path):
    shipped = [
        wheel(tmp_path, "Top_Pkg", ["dep.one>=1", "pexpect; sys_platform != 'emscripten'", "not-shipped",
                                    "extra-only; extra == 'test'"]),
        wheel(tmp_path, "dep.one", []),
        wheel(tmp_path, "pexpect", []),
    ]
    names = build_lite.write_lock(tmp_path, shipped, {"python": "3.14.2"})
    lock = json.loads((tmp_path / "pyodide-lock.json").read_text())
    assert names == sorted(lock["packages"]) == ["dep-one", "pexpect", "top-pkg"]
    top = lock["packages"]["top-pkg"]
    # dep.one applies and is shipped; pexpect is not for emscripten; the others are not shipped.
    assert top["depends"] == ["dep-one"]
    assert top["imports"] == ["top_pkg"]
    for entry in lock["packages"].values():
        f = tmp_path / entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(f.read_bytes()).hexdigest()
    assert lock["info"] == {"python": "3.14.2"}


@given(st.text(alphabet="abcXYZ019-_.", min_size=1, max_size=20).filter(lambda s: s[0].isalnum() and s[-1].isalnum()))
def test_canonical_names_are_pep503(name):
    c = build_lite.canonical(name)
    assert c == build_lite.canonical(c) == c.lower()
    assert not re.search(r"[-_.]{2,}|[_.]", c)


def test_pinned_files_carry_hashes():
    for name in ("requirements-build.txt", "requirements-pyodide.txt"):
        lines = [x for x in (ROOT / "lite" / name).read_text().splitlines() if x and not x.startswith("#")]
        assert lines
        assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][^ ]* --hash=sha256:[0-9a-f]{64}", x) for x in lines), name


def test_the_site_pages_link_to_the_notebooks():
    # The bar's Notebooks link opens the lab (on a narrow screen, first the page saying the notebooks are for a
    # larger screen, which links to the lab too).
    bar = (ROOT / "site" / "js" / "site.js").read_text()
    link = re.search(r'const LAB = "(lab/lab/index\.html\?path=([^"]+))"', bar)
    assert link, "the site's bar has no link to the lite edition"
    assert (ROOT / "notebooks" / link.group(2)).exists()
    page = (ROOT / "site" / "notebooks.html").read_text()
    assert f'href="{link.group(1)}"' in page


def test_the_session_client_finds_sessions_by_path(tmp_path):
    """The app's session look-up by file name (two notebooks named alike in two folders got one
    session) becomes a look-up by path; the text is looked for exactly once, or the build stops."""
    build = tmp_path / "build"
    build.mkdir()
    before = f"async startNew(e){{var t;{build_lite.SESSION_BY_NAME}let l=null;}}"
    (build / "4191.abc.js").write_text(before)
    (build / "other.js").write_text("let x=this._sessions;")
    assert build_lite.sessions_by_path(tmp_path) == build / "4191.abc.js"
    after = (build / "4191.abc.js").read_text()
    assert "e.path===a" in after and "e.name===i" not in after
    assert after == before.replace("e.name===i", "e.path===a")
    assert (build / "other.js").read_text() == "let x=this._sessions;"
    # Patched already, or a version whose code reads differently: the build says so and stops.
    with pytest.raises(build_lite.BuildError, match="found it 0 times"):
        build_lite.sessions_by_path(tmp_path)
    (build / "4191.abc.js").write_text(before + before)
    with pytest.raises(build_lite.BuildError, match="found it 2 times"):
        build_lite.sessions_by_path(tmp_path)

