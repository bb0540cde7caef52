"""The FAQ as one self-contained HTML page: language switch, search box, each answer's
final state drawn next to its transcript (:mod:`rulings_lib.draw`), its diagram, and links from each answer to its rule ids in the rules reference
at the bottom of the page. No external files, scripts or fonts."""

from __future__ import annotations

import html
from pathlib import Path

from . import KINDS, Entry, all_rule_ids

_KIND_TITLES = {
    "ruling": ("Rulings", "裁定"),
    "contrast": ("How it differs from other rules", "通常ルール・他のルールとの違い"),
    "open-question": ("Open questions: what the source leaves open", "未解決の論点：原文に書かれていないこと"),
}

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
.entry h3{margin:.2em 0;font-size:1.05em}
.open{background:#fff8e1;border-left:4px solid #f0b400;padding:.3em .6em}
.meta{font-size:.85em;color:#555}
.meta a{color:#1f5fa0}
details pre{background:#f4f4f4;padding:.6em;overflow-x:auto;font-size:.8em}
.diagram svg{max-width:100%;height:auto}
.answer{display:flex;flex-wrap:wrap;gap:.8em;align-items:flex-start}
.answer .state{margin:0;flex:0 1 26em;min-width:16em}
.answer .state svg{width:100%;height:auto;border:1px solid #ddd}
.answer details{flex:1 1 20em;min-width:0}
body.en [lang=ja],body.ja [lang=en]{display:none}
.hidden{display:none}
#rules dt{font-weight:bold;margin-top:.4em}
#count{font-size:.9em}
"""

_JS = """
function setLang(l){document.body.className=l;
 document.querySelectorAll('.langs button').forEach(b=>b.classList.toggle('on',b.dataset.lang===l));}
function filter(){const q=document.getElementById('search').value.trim().toLowerCase();let n=0;
 document.querySelectorAll('.entry').forEach(e=>{const hit=!q||e.textContent.toLowerCase().includes(q);
 e.classList.toggle('hidden',!hit);if(hit)n++;});
 document.getElementById('count').textContent=n+' / '+document.querySelectorAll('.entry').length;}
document.addEventListener('DOMContentLoaded',()=>{setLang('en');filter();
 document.getElementById('search').addEventListener('input',filter);});
"""


def _t(text: str) -> str:
    return html.escape(text, quote=True)


def _diagram_svg(entry: Entry, cache: dict) -> str:
    """The scenario's path drawn on the phase diagram, when a Graphviz renderer is available."""
    if entry.scenario in cache:
        return cache[entry.scenario]
    svg = ""
    if entry.result is not None:
        try:
            from ..diagrams import RenderUnavailable, scenario_path
        except ImportError:   # the graphviz package is not installed: the page goes without pictures
            cache[entry.scenario] = ""
            return ""
        try:
            svg = scenario_path(entry.result).svg()
        except RenderUnavailable:
            svg = ""
        if svg.startswith("<?xml"):
            svg = svg[svg.index("<svg"):]
    cache[entry.scenario] = svg
    return svg


def _state_pictures(entry: Entry) -> list[str]:
    """The answer's final state drawn, in both languages (the page shows the one chosen)."""
    from ..draw import scenario_svg

    cap = {"en": "Final state", "ja": "最終状態"}
    return [f'<figure class="state" lang="{lang}" aria-label="{cap[lang]}">{scenario_svg(entry.result, lang)}</figure>'
            for lang in ("en", "ja")]


def render_html(entries: list[Entry], diagrams: bool = True, pictures: bool = True, link=None) -> str:
    """The page. ``link(entry)``, when given, is the address of a page that opens the entry's
    scenario (the browser edition's playground): each entry gets an "open in playground" link."""
    ids = all_rule_ids()
    cache: dict[str, str] = {}
    out = ['<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>Ruling FAQ — WRGP and Digimon tag battle</title>",
           f"<style>{_CSS}</style><script>{_JS}</script></head><body class=\"en\">",
           '<header><h1><span lang="en">Ruling FAQ</span><span lang="ja">裁定FAQ</span></h1>',
           '<input id="search" type="search" placeholder="Search / 検索" aria-label="search">',
           '<span id="count"></span>',
           '<span class="langs"><button data-lang="en" onclick="setLang(\'en\')">English</button>',
           '<button data-lang="ja" onclick="setLang(\'ja\')">日本語</button></span></header><main>',
           '<p lang="en">Every answer below is a scenario that the rules engine plays and re-checks in CI; '
           'open a transcript to see each step and the rule that decided it.</p>',
           '<p lang="ja">以下の回答はすべてルールエンジンが実際に処理し、CIで検証しているシナリオです。'
           '処理記録を開くと、各手順と根拠のルールを確認できます。</p>']
    for kind in KINDS:
        group = [e for e in entries if e.kind == kind]
        if not group:
            continue
        en, ja = _KIND_TITLES[kind]
        out.append(f'<h2><span lang="en">{_t(en)}</span><span lang="ja">{_t(ja)}</span></h2>')
        for e in group:
            out.append(f'<section class="entry" id="faq-{_t(e.id)}" data-rules="{_t(" ".join(e.rules))}">')
            for lang in ("en", "ja"):
                tx = e.text[lang]
                out.append(f'<div lang="{lang}"><h3>{_t(tx["q"])}</h3><p>{_t(tx["a"])}</p>')
                if "open" in tx:
                    label = "Left open by the source" if lang == "en" else "原文で未定の点"
                    out.append(f'<p class="open"><b>{label}:</b> {_t(tx["open"])}</p>')
                out.append("</div>")
            links = " ".join(f'<a href="#rule-{_t(r)}">{_t(r)}</a>' for r in e.rules)
            reading = f' · <span lang="en">reading</span><span lang="ja">解釈</span> <code>{_t(e.reading)}</code>' \
                if e.reading else ""
            play = f' · <a class="play" href="{_t(link(e))}"><span lang="en">open in playground</span>' \
                   f'<span lang="ja">プレイグラウンドで開く</span></a>' if link else ""
            out.append(f'<p class="meta">{links}{reading} · <code>{_t(e.scenario)}</code>{play}</p>')
            if e.result is not None:
                out.append('<div class="answer">')
                if pictures:
                    out.extend(_state_pictures(e))
                # The transcript in both languages; the language switch shows one (issue 14).
                out.append('<details><summary><span lang="en">Transcript</span><span lang="ja">処理記録</span>'
                           '</summary>' + "".join(f'<pre lang="{lang}">{_t(e.result.transcript(lang))}</pre>'
                                                  for lang in ("en", "ja")) + '</details></div>')
            svg = _diagram_svg(e, cache) if diagrams else ""
            if svg:
                out.append(f'<details class="diagram"><summary><span lang="en">Diagram</span><span lang="ja">図'
                           f'</span></summary>{svg}</details>')
            out.append("</section>")
    out.append('<h2 id="rules"><span lang="en">Rules reference</span><span lang="ja">ルール一覧</span></h2><dl>')
    for rid, title in ids.items():
        used = [e.id for e in entries if rid in e.rules]
        back = " ".join(f'<a href="#faq-{_t(u)}">{_t(u)}</a>' for u in used)
        out.append(f'<dt id="rule-{_t(rid)}">{_t(rid)}</dt><dd>{_t(title)}<br><span class="meta">{back}</span></dd>')
    out.append("</dl></main></body></html>\n")
    return "\n".join(out)


def write_html(entries: list[Entry], path) -> Path:
    from ..files import write_text
    from ..i18n import Msg

    return write_text(Path(path), render_html(entries), Msg("files.what.faq_page"))
