#!/usr/bin/env python3
"""Re-run the notebooks and store their outputs: the expected rulings nbval re-checks.

    .venv/bin/python -m tools.refresh_notebooks                 # every notebook in notebooks/
    .venv/bin/python -m tools.refresh_notebooks 03-speed-world  # some of them
    .venv/bin/python -m tools.refresh_notebooks ja/06-power-bond  # a Japanese edition (notebooks/ja/)
    options: --timeout SECONDS (per notebook, default 300), --retries N (default 3)

For each notebook: sync the pair (the .ipynb and its text form notebooks/py/NAME.py, whichever
was saved last wins, as `jupytext --sync` does); run it top to bottom in a fresh kernel
(the standard ``python3`` kernel, as nbval, Binder or VS Code would use); make the result
byte-stable (fixed cell ids and metadata, no widget state: a widget's stored output is its
one-line text); write the .ipynb and regenerate the text form from it.

Executing notebooks with widgets sometimes hangs in nbclient; each run is a child process with a
time limit, killed and retried up to --retries times.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
# The standard kernel every Jupyter front end has. C-level stderr (Graphviz's fontconfig warnings)
# is kept out of the cells where it is written: rulings_lib/diagrams/rendering.py.
KERNEL = "python3"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": KERNEL}
LANGUAGE_INFO = {  # what the kernel reports, minus the Python version (it varies by machine)
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def kernel_env() -> dict:
    """The environment for running notebooks: the caller's, with the debugger's frozen-modules note off.

    Without PYTEST_CURRENT_TEST: a kernel that sees it (started from a test) does not capture what
    C code writes to file descriptor 2, so it would hide the stderr a user's cell shows.
    """
    env = dict(os.environ)
    env.pop("PYTEST_CURRENT_TEST", None)
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


def text_path(ipynb: Path) -> Path:
    return ipynb.parent / "py" / (ipynb.stem + ".py")


def jupytext_config():
    from jupytext.config import load_jupytext_config

    return load_jupytext_config(str(NOTEBOOKS))


def write_text_form(nb, ipynb: Path) -> None:
    import jupytext

    text = jupytext.writes(nb, fmt="py:percent", config=jupytext_config())
    text_path(ipynb).write_text(text, encoding="utf-8", newline="\n")


def coalesce_streams(outputs: list) -> list:
    """Consecutive prints to one stream stored as one output (how the kernel split them into
    messages depends on timing; nbval compares them joined anyway)."""
    merged: list = []
    for out in outputs:
        prev = merged[-1] if merged else None
        if (out.get("output_type") == "stream" and prev is not None and prev.get("output_type") == "stream"
                and prev.get("name") == out.get("name")):
            prev["text"] = "".join(prev["text"]) + "".join(out["text"])
        else:
            merged.append(out)
    return merged


def stabilize(nb):
    """Fixed cell ids and notebook metadata; widget views reduced to their text."""
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": dict(LANGUAGE_INFO),
                   **({"jupytext": nb.metadata["jupytext"]} if "jupytext" in nb.metadata else {})}
    for i, cell in enumerate(nb.cells, 1):
        cell.id = f"c{i:03d}"
        keep = {k: v for k, v in cell.metadata.items() if k in ("tags", "jupyter")}   # jupyter: a collapsed cell
        cell.metadata = keep
        if cell.cell_type != "code":
            continue
        cell.outputs = coalesce_streams(cell.outputs)
        for out in cell.outputs:
            data = out.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
    return nb


def sync(ipynb: Path) -> None:
    """`jupytext --sync`: bring the older file of the pair up to the newer one."""
    pair = text_path(ipynb)
    src = ipynb if ipynb.exists() else pair
    subprocess.run([sys.executable, "-m", "jupytext", "--sync", "--quiet", str(src)], check=True, cwd=ROOT)


def execute_once(ipynb: Path, timeout: float) -> bool:
    """Run the notebook in a child process; True if it finished in time without an error."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / ipynb.name
        cmd = [sys.executable, __file__, "--execute-one", str(ipynb), str(out)]
        # A session of its own, so that a hung run is stopped with its kernel (its child process).
        proc = subprocess.Popen(cmd, env=kernel_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            print(f"  {ipynb.name}: no result after {timeout:.0f} s (a hung kernel?)", file=sys.stderr)
            return False
        if proc.returncode != 0:
            print(f"  {ipynb.name}: failed\n{err[-4000:]}", file=sys.stderr)
            return False
        ipynb.write_bytes(out.read_bytes())
        return True


def _execute_one(src: str, dst: str) -> None:
    """(child process) execute ``src`` with nbclient, stabilize, write ``dst``."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(src, as_version=4)
    client = NotebookClient(nb, timeout=120, startup_timeout=60, kernel_name=KERNEL,
                            resources={"metadata": {"path": str(Path(src).parent)}},
                            record_timing=False, store_widget_state=False, allow_errors=False)
    client.execute()
    nbformat.write(stabilize(nb), dst)


def refresh(ipynb: Path, timeout: float, retries: int) -> bool:
    import nbformat

    sync(ipynb)
    for attempt in range(1, retries + 1):
        if execute_once(ipynb, timeout):
            write_text_form(nbformat.read(ipynb, as_version=4), ipynb)
            print(f"refreshed {ipynb.relative_to(ROOT)}" + (f" (attempt {attempt})" if attempt > 1 else ""))
            return True
        print(f"  retrying {ipynb.name} ({attempt}/{retries} failed)", file=sys.stderr)
    return False


def _all_names() -> list[str]:
    """Every notebook: notebooks/NAME and the Japanese editions notebooks/ja/NAME (as "ja/NAME")."""
    names = set()
    for folder, prefix in ((NOTEBOOKS, ""), (NOTEBOOKS / "ja", "ja/")):
        texts = (folder / "py").glob("*.py")
        names |= {prefix + p.stem for p in folder.glob("*.ipynb")} | {prefix + p.stem for p in texts}
    return sorted(names)


def _ipynb(name: str) -> Path:
    """``03-speed-world`` -> notebooks/03-speed-world.ipynb; ``ja/01-start-here`` -> notebooks/ja/..."""
    path = Path(name)
    return NOTEBOOKS / path.parent / f"{path.stem}.ipynb"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="notebook names (default: all)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per notebook run")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--execute-one", nargs=2, metavar=("SRC", "DST"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.execute_one:
        _execute_one(*args.execute_one)
        return 0
    names = args.names or _all_names()
    failed = [n for n in names if not refresh(_ipynb(n), args.timeout, args.retries)]
    if failed:
        print(f"not refreshed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
