"""Refresh the generated parts of the docs: the verb table of the scenario docs
(``rulings_lib/scenarios/README.md``, between ``<!-- verbs:begin -->`` and ``<!-- verbs:end -->``),
made from the verb tables by :func:`rulings_lib.verbs.markdown`; and, with ``--pictures``, the README's
picture of a Japanese transcript (``docs/img/ja-transcript.png``, drawn by Chromium from what
``rulings run`` prints now, kept beside it as ``ja-transcript.txt``: tests/test_docs.py fails when the
command prints something else, so the picture never shows an old transcript).

    python -m tools.refresh_docs              # rewrite the section
    python -m tools.refresh_docs --check      # exit 1 if it differs (tests/test_verbs.py checks it too)
    python -m tools.refresh_docs --pictures   # the section and the transcript picture (needs Chromium)
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

from rulings_lib.formats import describe_verbs
from rulings_lib.verbs import markdown

DOC = Path(__file__).resolve().parents[1] / "rulings_lib" / "scenarios" / "README.md"
BEGIN, END = "<!-- verbs:begin -->", "<!-- verbs:end -->"
ROOT = Path(__file__).resolve().parents[1]
# The README's Japanese transcript: the rulebook's Power Bond example by card names (A2 inherits the
# 8000-ATK Cyber End Dragon), as a reader types it.
TRANSCRIPT_COMMAND = ["rulings", "run", "rulings_lib/scenarios/wrgp/cards-power-bond-handover-ja.yaml", "--lang", "ja"]
TRANSCRIPT_PNG = ROOT / "docs" / "img" / "ja-transcript.png"
TRANSCRIPT_TXT = TRANSCRIPT_PNG.with_suffix(".txt")


def transcript() -> str:
    """What :data:`TRANSCRIPT_COMMAND` prints now (the command line first, as the picture shows it)."""
    proc = subprocess.run([sys.executable, "-m", "rulings_lib.cli", *TRANSCRIPT_COMMAND[1:]], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8")
    return f"$ {' '.join(TRANSCRIPT_COMMAND)}\n{proc.stdout}"


def draw_transcript() -> None:
    """The transcript as a terminal shows it, drawn by Debian's Chromium (tests/chromium.py's)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("chromium", ROOT / "tests" / "chromium.py")
    chromium = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chromium)
    text = transcript()
    first, rest = text.split("\n", 1)
    page_html = ("<!doctype html><meta charset=utf-8><style>body{margin:0;background:#1e1e1e}"
                 "pre{margin:0;padding:16px 20px;color:#e8e8e8;font:14px/1.45 'Noto Sans Mono CJK JP','Noto Sans CJK JP',"
                 "monospace;white-space:pre}b{color:#9ccc65;font-weight:normal}</style>"
                 f"<pre><b>{html.escape(first)}</b>\n{html.escape(rest.rstrip())}</pre>")
    with chromium.launched(local_only=True) as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 400})
        page.set_content(page_html)
        box = page.locator("pre").bounding_box()
        page.set_viewport_size({"width": int(box["width"]) + 1, "height": int(box["height"]) + 1})
        page.screenshot(path=str(TRANSCRIPT_PNG), clip={"x": 0, "y": 0, "width": box["width"], "height": box["height"]})
    TRANSCRIPT_TXT.write_text(text, encoding="utf-8")


def refreshed(text: str) -> str:
    """``text`` with its generated section made anew."""
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{markdown(describe_verbs('en'))}{END}{tail}"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = DOC.read_text(encoding="utf-8")
    new = refreshed(text)
    if "--check" in argv:
        return 0 if new == text else 1
    DOC.write_text(new, encoding="utf-8")
    if "--pictures" in argv:
        draw_transcript()
    return 0


if __name__ == "__main__":
    sys.exit(main())
