"""The FAQ as one self-contained HTML page: language switch, search box, each answer's
final state drawn next to its transcript (:mod:`rulings_lib.draw`), its diagram, and links from each
answer to its rule ids in the rules reference at the bottom of the page. No external files, scripts or fonts.

Every text is escaped where it is written (:func:`_t`), and the page carries a Content-Security-Policy:
its one script is allowed by its hash, no event handler attributes, nothing from another origin.
The browser edition's copy (``assets=``) links its style and script as files of the site instead, under
the site's policy."""

from __future__ import annotations

import base64
import hashlib
import html
from pathlib import Path

from ..i18n.glossary import word as term
from . import LABELS, Entry, all_rule_ids, by_section, load_titles, readings_line, standard_rule_ids
from . import flag as flag_of

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI","Hiragino Sans","Noto Sans JP",sans-serif;margin:0;
background:#fafafa;color:#222;line-height:1.5}
header{position:sticky;top:0;background:#1f3b57;color:#fff;padding:.6em 1em;display:flex;gap:1em;
align-items:center;flex-wrap:wrap}
header h1{font-size:1.2em;margin:0;flex:1}
#search{font-size:1em;padding:.3em .5em;min-width:16em;border-radius:4px;border:0}
.langs button{font-size:.95em;padding:.3em .8em;border:1px solid #fff;background:transparent;color:#fff;
cursor:pointer;border-radius:4px}
.langs button.on{background:#fff;color:#1f3b57}
main{max-width:60em;margin:auto;padding:1em}
.entry{background:#fff;border:1px solid #ddd;border-radius:6px;margin:.8em 0;padding:.6em 1em}
.entry h4{margin:.2em 0;font-size:1.05em}
.flag{font-size:.85em;font-weight:bold;color:#7a4b00;background:#fff3cd;border-radius:3px;padding:0 .3em}
.why{margin:.2em 0 .4em}
nav.toc ol{margin:.2em 0 .8em}
.open{background:#fff8e1;border-left:4px solid #f0b400;padding:.3em .6em}
.meta{font-size:.85em;color:#555}
.meta a{color:#1f5fa0}
details pre{background:#f4f4f4;padding:.6em;overflow-x:auto;font-size:max(12px,.8em)}
code{font-size:max(12px,1em)}
.diagram svg{max-width:100%;height:auto}
.answer{display:flex;flex-wrap:wrap;gap:.8em;align-items:flex-start}
.answer .state{margin:0;flex:0 1 26em;min-width:16em}
.answer .state svg{width:100%;height:auto;border:1px solid #ddd}
.answer details{flex:1 1 20em;min-width:0}
.answer .state.phone{display:none}
@media (max-width:600px){
.answer .state.wide{display:none}
body.en .answer .state.phone[lang=en],body.ja .answer .state.phone[lang=ja]{display:block;flex:1 1 100%;min-width:0}
main{padding:.5em}
.entry{padding:.5em}
.diagram{overflow-x:auto}
.diagram svg{max-width:none}
}
body.en [lang=ja],body.ja [lang=en]{display:none}
.hidden{display:none}
#rules dt{font-weight:bold;margin-top:.4em}
#count{font-size:.9em}
main a{display:inline-flex;align-items:center;min-height:24px;min-width:24px;vertical-align:middle}
nav.toc li{margin:.3em 0}
.meta,dd{line-height:1.9}
details>summary{min-height:44px;display:flex;align-items:center;cursor:pointer}
.langs button,#search{min-height:44px;min-width:44px}
"""

# English first, unless the site's script (site/js/site.js) chose the language already: a module script
# can finish before DOMContentLoaded, and the page must not switch back under it.
_JS = """
function setLang(l){document.body.className=l;
 document.querySelectorAll('.langs button').forEach(b=>b.classList.toggle('on',b.dataset.lang===l));}
function filter(){const q=document.getElementById('search').value.trim().toLowerCase();let n=0;
 document.querySelectorAll('.entry').forEach(e=>{const hit=!q||e.textContent.toLowerCase().includes(q);
 e.classList.toggle('hidden',!hit);if(hit)n++;});
 document.getElementById('count').textContent=n+' / '+document.querySelectorAll('.entry').length;}
addEventListener('pageshow',()=>filter());
document.addEventListener('DOMContentLoaded',()=>{setLang(document.body.dataset.lang||'en');filter();
 document.getElementById('search').addEventListener('input',filter);
 document.querySelectorAll('.langs button').forEach(b=>b.addEventListener('click',()=>setLang(b.dataset.lang)));});
"""


def page_style() -> str:
    """The page's style sheet (inline in the standalone page, ``css/faq.css`` in the browser edition)."""
    return _CSS


def page_script() -> str:
    """The page's script (inline in the standalone page, ``js/faq.js`` in the browser edition)."""
    return _JS


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


# The standalone page's policy: its own inline script (by hash) and nothing else runs; no request
# leaves the file (the pictures and diagrams are inline SVG); styles inline (the SVGs' attributes).
STANDALONE_CSP = ("default-src 'none'; script-src " + _sha256(_JS) + "; style-src 'unsafe-inline'; img-src data:; "
                  "base-uri 'none'; form-action 'none'; object-src 'none'")


def _t(text: str, quote: bool = True) -> str:
    """Text for the page, escaped (``quote``: ' and " too; without, only " is, for a double-quoted attribute)."""
    return html.escape(text, quote=True) if quote else html.escape(text, quote=False).replace('"', "&quot;")


def _diagram_svg(entry: Entry, cache: dict[str, str], dot: bool = False) -> str:
    """The scenario's path drawn on the phase diagram in both languages (the page shows the one
    chosen: Japanese words on the Japanese page), when a Graphviz renderer is available.
    ``dot``: each diagram as its DOT source (``<div class="dot" lang=..>`` holding it in a
    ``text/vnd.graphviz`` data block, or in ``data-dot`` if its text could end the block) for a page
    that draws it itself (the browser edition, with Graphviz in WebAssembly): a tenth of the bytes."""
    if entry.scenario in cache:
        return cache[entry.scenario]
    out = ""
    if entry.result is not None:
        try:
            from ..diagrams import RenderUnavailable, scenario_path
        except ImportError:   # the graphviz package is not installed: the page goes without pictures
            cache[entry.scenario] = ""
            return ""
        parts = []
        for lang in ("en", "ja"):
            if dot:
                source = scenario_path(entry.result, lang=lang).source
                # Raw in a data block (no escaping: a third smaller) unless the text could end the block.
                raw = "</script" not in source.lower() and "<!--" not in source
                parts.append(f'<div class="dot" lang="{lang}"><script type="text/vnd.graphviz">{source}</script></div>'
                             if raw else f'<div class="dot" lang="{lang}" data-dot="{_t(source)}"></div>')
                continue
            try:
                svg = scenario_path(entry.result, lang=lang).svg()
            except RenderUnavailable:
                svg = ""
            if svg.startswith("<?xml"):
                svg = svg[svg.index("<svg"):]
            if svg:
                parts.append(f'<figure class="drawn" lang="{lang}">{svg}</figure>')
        out = "".join(parts)
    cache[entry.scenario] = out
    return out


def _state_pictures(entry: Entry) -> list[str]:
    """The answer's final state drawn, in both languages (the page shows the one chosen)."""
    from ..draw import scenario_svg

    cap = {"en": "Final state", "ja": "最終状態"}
    # Each in its wide layout and its phone layout (the style shows one by the screen's width, as the
    # playground does): on a 390 px phone no text under 12 CSS px.
    return [f'<figure class="state {kind}" lang="{lang}" aria-label="{cap[lang]}">'
            f'{scenario_svg(entry.result, lang, layout)}</figure>'
            for kind, layout in (("wide", "wide"), ("phone", "phone")) for lang in ("en", "ja")]


def render_html(entries: list[Entry], diagrams: bool | str = True, pictures: bool = True,
                link: Callable[[Entry], str] | None = None, head: str = "",
                assets: str | None = None, csp: str | None = None, answer: Any = None) -> str:
    """The page. ``link(entry)``, when given, is the address of a page that opens the entry's
    scenario (the browser edition's playground): each entry gets an "open in playground" link.
    ``diagrams="dot"``: each diagram as its DOT source, drawn by the page (see :func:`_diagram_svg`).
    ``head``: markup for the page's head (the browser edition's site bar: its stylesheet and script).
    ``assets``: the page's style and script as files, ``{assets}css/faq.css`` and ``{assets}js/faq.js``
    (:func:`page_style`, :func:`page_script`; the browser edition's copy), not inline.
    ``csp``: the page's Content-Security-Policy (default: :data:`STANDALONE_CSP`, or none with ``assets``).
    ``answer``: true for the browser edition, which ships each scenario's answer (``data/answers/<id>.json``,
    its outcome and verdict): the page words that verdict in its language (site/js/faqparts.js,
    verdict.js) instead of carrying it in both."""
    ids = {**all_rule_ids(), **{r: t for r, t in standard_rule_ids().items() if any(r in e.rules for e in entries)}}
    cache: dict[str, str] = {}
    if csp is None and assets is None:
        csp = STANDALONE_CSP
    policy = f'<meta http-equiv="Content-Security-Policy" content="{_t(csp, quote=False)}">' if csp else ""
    own = (f'<link rel="stylesheet" href="{_t(assets)}css/faq.css"><script src="{_t(assets)}js/faq.js"></script>'
           if assets is not None else f"<style>{_CSS}</style><script>{_JS}</script>")
    out = [f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">{policy}',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>Ruling FAQ — WRGP and Digimon {term('tag_battle')}</title>",
           f"{own}{head}</head><body class=\"en\">",
           '<header><h1><span lang="en">Ruling FAQ</span><span lang="ja">裁定FAQ</span></h1>',
           '<input id="search" type="search" placeholder="Search / 検索" aria-label="search">',
           '<span id="count"></span>',
           '<span class="langs"><button data-lang="en">English</button>',
           '<button data-lang="ja">日本語</button></span></header><main>',
           '<p lang="en">One FAQ for each game, in the order things happen at the table. Each answer comes first, '
           'then the reason and the rule ids; an answer marked as an interpretation is how this FAQ plays a point '
           'the rulebook leaves open. Every answer is played out and re-checked by the rules engine: open the '
           'record to see each step and the rule that decided it.</p>',
           '<p lang="ja">ゲームごとに、対戦中に起こる順に並べたFAQです。各回答は結論を先に書き、理由とルール番号を続けています。'
           '「解釈」と記した回答は、ルールブックに書かれていない点についてこのFAQがとる扱いです。'
           'すべての回答はルールエンジンが実際に処理して検証しています。処理記録を開くと、各手順と根拠のルールを確認できます。</p>']
    titles = load_titles()
    groups = by_section(entries)
    for fmt in dict.fromkeys(sec.format for sec, _ in groups):
        mine = [(sec, g) for sec, g in groups if sec.format == fmt]
        out.append(f'<h2 id="game-{_t(fmt)}">' + "".join(f'<span lang="{lang}">{_t(titles[fmt][lang])}</span>'
                                                     for lang in ("en", "ja")) + "</h2>")
        # Each game's list of sections is a landmark of its own, named by the game's heading (axe landmark-unique).
        out.append(f'<nav class="toc" aria-labelledby="game-{_t(fmt)}"><ol>' + "".join(
            f'<li><a href="#sec-{_t(fmt)}-{_t(sec.id)}">' + "".join(
                f'<span lang="{lang}">{_t(sec.t(lang))}</span>' for lang in ("en", "ja")) + "</a></li>"
            for sec, _ in mine) + "</ol></nav>")
        for sec, group in mine:
            out.append(f'<h3 id="sec-{_t(fmt)}-{_t(sec.id)}" class="section">' + "".join(
                f'<span lang="{lang}">{sec.number}. {_t(sec.t(lang))}</span>' for lang in ("en", "ja")) + "</h3>")
            for e in group:
                out.extend(_entry_html(e, link, diagrams, pictures, cache, answer))
    out.append('<h2 id="rules"><span lang="en">Rules reference</span><span lang="ja">ルール一覧</span></h2><dl>')
    for rid, title in ids.items():
        # Each entry that cites it, by its id in English and by its question in Japanese (an id can be a
        # Reading's: the Japanese reader never sees one).
        back = " ".join(f'<a href="#faq-{_t(e.id)}"><span lang="en">{_t(e.id)}</span><span lang="ja">'
                        f'{_t(_short(e.q("ja")))}</span></a>' for e in entries if rid in e.rules)
        out.append(f'<dt id="rule-{_t(rid)}">{_t(rid)}</dt><dd>{_t(title)}<br><span class="meta">{back}</span></dd>')
    out.append("</dl></main></body></html>\n")
    return "\n".join(out)


def _short(text: str, most: int = 24) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


def _verdict_html(e: Entry) -> list[str]:
    """The engine's verdict on the entry's scenario (rulings_lib.verdict), in both languages
    (the language switch shows one), each row with its rule linked to the rules reference."""
    from ..formats import get
    from ..verdict import verdict_items

    cards = get(e.result.scenario.format).cards  # type: ignore[union-attr]
    out = []
    for lang in ("en", "ja"):
        items = "".join(f'<li class="{_t(kind)}">{_t(text)}'
                        + (f' <span class="why">[<a class="rule" href="#rule-{_t(rule)}">{_t(rule)}</a>]</span>' if rule else "")
                        + "</li>" for kind, text, rule in verdict_items(e.result.outcome["verdict"], lang, cards))  # type: ignore[union-attr]
        out.append(f'<ul class="verdict" lang="{lang}">{items}</ul>')
    return out


def _entry_html(e: Entry, link: Callable[[Entry], str] | None, diagrams: bool | str, pictures: bool,
                cache: dict[str, str], answer: Any = None) -> list[str]:
    """One Q&A: the question, the answer first (flagged when it is an interpretation), why, the rule ids."""
    out = [f'<section class="entry" id="faq-{_t(e.id)}" data-rules="{_t(" ".join(e.rules))}" data-kind="{_t(e.kind)}">']
    for lang in ("en", "ja"):
        tx, L = e.text[lang], LABELS[lang]
        flag = f'<span class="flag">{_t(flag_of(e, lang))}</span> ' if flag_of(e, lang) else ""
        out.append(f'<div lang="{lang}"><h4>{_t(tx["q"])}</h4><p class="a">{flag}{_t(tx["a"])}</p>'
                   f'<p class="why">{_t(tx["why"])}</p>')
        if "open" in tx:
            out.append(f'<p class="open"><b>{_t(L["open"])}:</b> {_t(tx["open"])}</p>')
        if "settled" in tx:
            out.append(f'<p class="open"><b>{_t(L["settled"])}:</b> {_t(tx["settled"])}</p>')
        out.append("</div>")
    links = " ".join(f'<a href="#rule-{_t(r)}">{_t(r)}</a>' for r in e.rules)
    # The Readings it names: in English by id (what `rulings readings` lists), in Japanese by their
    # Japanese names, never the id. (Which former Reading a `settles` ruling settles is the
    # maintainers' note: the player reads the rulebook's words it quotes.)
    reading = "".join(f'<span lang="{lang}">{_t(readings_line(e, lang))}</span>' for lang in ("en", "ja")) \
        if e.reading or e.rests_on else ""
    play = f' · <a class="play" href="{_t(link(e))}"><span lang="en">open in playground</span>' \
           f'<span lang="ja">プレイグラウンドで開く</span></a>' if link else ""
    out.append(f'<p class="meta"><span lang="en">Rules</span><span lang="ja">ルール</span>: {links}{reading} · '
               f'<code>{_t(e.scenario)}</code>{play}</p>')
    if e.result is not None:
        out.append('<div class="answer">')
        if not answer:          # the site's pages word it themselves (site/js/faqparts.js)
            out.extend(_verdict_html(e))
        if pictures:
            out.extend(_state_pictures(e))
        # The transcript in both languages; the language switch shows one.
        out.append('<details><summary><span lang="en">Transcript</span><span lang="ja">処理記録</span>'
                   '</summary>' + "".join(f'<pre lang="{lang}">{_t(e.result.transcript(lang))}</pre>'
                                          for lang in ("en", "ja")) + '</details></div>')
    svg = _diagram_svg(e, cache, dot=diagrams == "dot") if diagrams else ""
    if svg:
        out.append(f'<details class="diagram"><summary><span lang="en">Diagram</span><span lang="ja">図'
                   f'</span></summary>{svg}</details>')
    out.append("</section>")
    return out


def write_html(entries: list[Entry], path: str | Path) -> Path:
    from ..files import write_text
    from ..i18n import Msg

    return write_text(Path(path), render_html(entries), Msg("files.what.faq_page"))
