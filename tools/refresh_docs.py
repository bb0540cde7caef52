"""Refresh the generated parts of the docs: the verb table of the scenario docs
(``rulings_lib/scenarios/README.md``, between ``<!-- verbs:begin -->`` and ``<!-- verbs:end -->``),
made from the verb tables by :func:`rulings_lib.verbs.markdown`.

    python -m tools.refresh_docs           # rewrite the section
    python -m tools.refresh_docs --check   # exit 1 if it differs (tests/test_verbs.py checks it too)
"""

from __future__ import annotations

import sys
from pathlib import Path

from rulings_lib.formats import describe_verbs
from rulings_lib.verbs import markdown

DOC = Path(__file__).resolve().parents[1] / "rulings_lib" / "scenarios" / "README.md"
BEGIN, END = "<!-- verbs:begin -->", "<!-- verbs:end -->"


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
    return 0


if __name__ == "__main__":
    sys.exit(main())
