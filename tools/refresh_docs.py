"""Refresh the generated parts of the docs:

* the verb table of the scenario docs (``docs/scenario-format.md`` and ``rulings_lib/scenarios/README.md``,
  between ``<!-- verbs:begin -->`` and ``<!-- verbs:end -->``), made from the verb tables by
  :func:`rulings_lib.verbs.markdown`;
* the rules reference ``docs/rules.md`` (every rule id and Reading, en/ja), made whole from what
  ``rulings rules`` and ``rulings readings`` know (the formats' rule tables, the Readings, the rule
  titles' Japanese in the site catalogue, and the FAQ entry that answers each Reading);
* with ``--pictures``, the README's picture of a Japanese transcript (``docs/img/ja-transcript.png``,
  drawn by Chromium from what ``rulings run`` prints now, kept beside it as ``ja-transcript.txt``:
  tests/test_docs.py fails when the command prints something else, so the picture never shows an old
  transcript).

    python -m tools.refresh_docs              # rewrite the generated parts
    python -m tools.refresh_docs --check      # exit 1 if one differs (tests/test_verbs.py, tests/test_packaging.py)
    python -m tools.refresh_docs --pictures   # the same and the transcript picture (needs Chromium)
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

from rulings_lib.formats import describe_verbs
from rulings_lib.verbs import markdown

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "rulings_lib" / "scenarios" / "README.md"
FORMAT_DOC = ROOT / "docs" / "scenario-format.md"       # the repository's own format reference
VERB_DOCS = (FORMAT_DOC, DOC)                           # each holds the generated verb table
RULES_DOC = ROOT / "docs" / "rules.md"                  # made whole by rules_reference()
BEGIN, END = "<!-- verbs:begin -->", "<!-- verbs:end -->"
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


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def rules_reference() -> str:
    """``docs/rules.md``: every rule id of each format (its title in English and Japanese) and every
    Reading (what the kit plays, and the FAQ entry that answers it in both languages)."""
    from rulings_lib.faq import load_faq
    from rulings_lib.formats import FORMATS
    from rulings_lib.i18n import has, render
    from rulings_lib.readings import readings

    labels = {lang: {f["format"]: f["label"] for f in describe_verbs(lang)["formats"]} for lang in ("en", "ja")}
    entries = load_faq(run=False) + load_faq(run=False, tool=True)
    answers = {e.reading: e for e in entries if e.reading}
    settles = {e.settles: e for e in entries if e.settles}
    out = ["# Rules reference (generated)", "",
           "Every rule id the kit cites and every *Reading* it plays (a named interpretation, where the",
           "rulebook is silent), in English and Japanese: what `rulings rules` and `rulings readings` print,",
           "with each rule's Japanese title and the FAQ entry that answers each Reading (`rulings faq`).",
           "The code, the scenarios, the FAQ and the notebooks cite these ids. Written by",
           "`python -m tools.refresh_docs` from the kit's tables (`tests/test_packaging.py` keeps it current):",
           "do not edit by hand. The scenario format is in [scenario-format.md](scenario-format.md).", ""]
    for name, fmt in FORMATS.items():
        out += [f"## {labels['en'][name]} / {labels['ja'][name]} (`format: {name}`)", "",
                "| id | rule | ルール |", "|---|---|---|"]
        for rid, title in fmt.rule_ids.items():
            ja = render(f"site.rule.{rid}", {}, "ja") if has(f"site.rule.{rid}") else ""
            out.append(f"| `{rid}` | {_cell(title)} | {_cell(ja)} |")
        out += ["", f"### Readings: {labels['en'][name]}", "",
                "| Reading | rule | what the kit plays | FAQ | FAQの答え |", "|---|---|---|---|---|"]
        for r in readings(name):
            e = answers.get(r.id)
            faq = f"`{e.id}`: {_cell(e.q('en'))} {_cell(e.a('en'))}" if e else ""
            faq_ja = f"{_cell(e.q('ja'))} {_cell(e.a('ja'))}" if e else ""
            out.append(f"| `{r.id}` | `{r.rule}` | **{_cell(r.title)}.** {_cell(r.text)} | {faq} | {faq_ja} |")
        settled = [r for r in readings(name, settled=True)]
        if settled:
            out += ["", "Former Readings that the rulebook's own words settle (answered as rulings):", "",
                    "| former Reading | rule | settled by | FAQ | FAQの答え |", "|---|---|---|---|---|"]
            for r in settled:
                e = settles.get(r.id)
                faq = f"`{e.id}`: {_cell(e.q('en'))} {_cell(e.a('en'))}" if e else ""
                faq_ja = f"{_cell(e.q('ja'))} {_cell(e.a('ja'))}" if e else ""
                out.append(f"| `{r.id}` | `{r.rule}` | {_cell(r.settled_by)} | {faq} | {faq_ja} |")
        out.append("")
    return "\n".join(out)


def stale() -> list[Path]:
    """The generated docs that differ from what the tables give now."""
    bad = [doc for doc in VERB_DOCS if refreshed(doc.read_text(encoding="utf-8")) != doc.read_text(encoding="utf-8")]
    if not RULES_DOC.exists() or RULES_DOC.read_text(encoding="utf-8") != rules_reference():
        bad.append(RULES_DOC)
    return bad


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--check" in argv:
        bad = stale()
        for doc in bad:
            print(f"{doc.relative_to(ROOT)} is out of date: python -m tools.refresh_docs", file=sys.stderr)
        return 1 if bad else 0
    for doc in VERB_DOCS:
        doc.write_text(refreshed(doc.read_text(encoding="utf-8")), encoding="utf-8")
    RULES_DOC.write_text(rules_reference(), encoding="utf-8")
    if "--pictures" in argv:
        draw_transcript()
    return 0


if __name__ == "__main__":
    sys.exit(main())
