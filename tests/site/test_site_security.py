"""Hostile text on the browser edition: a share link, a title, a card name or a refused
step's reason is shown as text and never becomes markup, and every page carries a
Content-Security-Policy (no inline script, nothing from another origin, ``connect-src 'self'``).

* static: the built pages carry the policy and no inline script, handler or style attribute; the
  pages' scripts never set markup from a string (no innerHTML);
* browser: hostile share links (the playground, in English and Japanese), a hostile shipped id, card
  names and a kept match (the tracker), a hostile address (the tag helper) and the FAQ's parts, with
  the policy on: nothing runs, no request leaves the site, the policy is never violated, and the
  hostile text is on screen as typed;
* fuzz: hostile strings through the kit's side of the pages (rulings_lib.web.run_text: the picture's
  SVG, the path diagram drawn by the pages' own Graphviz): no element or attribute of the input.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, urlparse
from xml.etree import ElementTree

import node
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
SVG_NS = "{http://www.w3.org/2000/svg}"

# ------------------------------------------------------------------------------ hostile text
PWN = "window.__pwned=1"
IMG = f'<img src=x onerror="{PWN}">'
SCRIPT = f"<script>{PWN}</script>"
SVG_ONLOAD = f'<svg onload="{PWN}">'
BREAKOUT = '"><img src=http://example.invalid/x>'
HOSTILE = [IMG, SCRIPT, SVG_ONLOAD, BREAKOUT]
TITLE = " ".join(HOSTILE)


def y(text: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text, ensure_ascii=False)


def hostile_wrgp(title: str = TITLE, cards=HOSTILE) -> str:
    """A WRGP question whose title and card names are hostile; step 3 is refused (a cost A1 cannot
    pay) and its reason names a hostile card."""
    a, b, c, d = cards
    return f"""format: wrgp
title: {y(title)}
setup:
  at: {{turn: 3, player: A, phase: main1, lp: {{A: 4000, B: 4000}}, spc: {{A: 4, B: 4}}}}
steps:
  - at_end_phase: {{by: A, card: {y(c)}, damage: {{to: self, amount: 4000}}}}
  - damage: {{by: A, to: B, amount: 100, card: {y(a)}}}
  - pay: {{by: A, amount: 100000, card: {y(d)}}}
  - damage: {{by: B, to: A, amount: 100, card: {y(b)}}}
  - end_turn: {{}}
"""


def hostile_tag(title: str = TITLE, card: str = SVG_ONLOAD) -> str:
    return f"""format: digimon-tag
title: {y(title)}
setup:
  tags: [red, blue]
steps:
  - card: {{by: red-A, number: {y(card)}}}
  - truce: {{by: blue-B}}
  - rematch: {{by: blue-B}}
"""


def share_link(text: str) -> str:
    """The playground's #z= link for ``text`` (site/js/share.js: deflate-raw, base64url)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "#z=" + base64.urlsafe_b64encode(c.compress(text.encode()) + c.flush()).decode().rstrip("=")


# ------------------------------------------------------------------------------ static
REQUIRED = {"default-src": {"'none'"}, "connect-src": {"'self'"},
            "object-src": {"'none'"}, "base-uri": {"'none'"}}
JS_TYPES = {"", "text/javascript", "application/javascript", "module"}


class _Page(HTMLParser):
    """A page's CSP meta, inline scripts, event handler and style attributes, inline style sheets."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.csp: list[str] = []
        self.problems: list[str] = []
        self._script = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp.append(a.get("content") or "")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name == "style":
                self.problems.append(f"<{tag} style={value!r}>")
            if name in ("href", "src", "action") and re.match(r"\s*(javascript|data|https?):|\s*//", value or "", re.I):
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "script":
            self._script = "src" not in a and (a.get("type") or "").strip().lower() in JS_TYPES

    def handle_data(self, data):
        if self._script and data.strip():
            self.problems.append(f"inline <script>: {data.strip()[:60]!r}")

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None


def read_page(text: str) -> _Page:
    p = _Page()
    p.feed(text)
    p.close()
    return p


def policy(text: str) -> dict[str, set[str]]:
    out = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = set(words[1:])
    return out


def site_pages(site_dir: Path) -> list[Path]:
    """Every page of the site. The lab (lab/, the JupyterLite edition) is not one of them: JupyterLab
    starts from inline scripts, compiles code with new Function and adds <style> elements as it runs,
    and a notebook shows outputs with their own scripts, which no strict policy allows."""
    return sorted(p for p in site_dir.rglob("*.html")
                  if p.relative_to(site_dir).parts[0] != "lab" and p.relative_to(site_dir).parts[:2] != ("data", "faq"))


def test_every_built_page_carries_the_policy_and_no_inline_script(site_dir):
    pages = site_pages(site_dir)
    assert {p.name for p in pages} >= {"index.html", "tag.html", "tracker.html", "faq.html", "notebooks.html"}
    for page in pages:
        read = read_page(page.read_text(encoding="utf-8"))
        assert len(read.csp) == 1, f"{page.name}: {len(read.csp)} Content-Security-Policy metas"
        got = policy(read.csp[0])
        for directive, values in REQUIRED.items():
            assert got.get(directive) == values, f"{page.name}: {directive} is {got.get(directive)}, expected {values}"
        for directive, values in got.items():
            assert not values & {"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:", "http:", "https:"}, \
                (page.name, directive, values)
            assert not any("." in v or v.startswith("http") for v in values), (page.name, directive, values)
        assert "'self'" in got["script-src"] <= {"'self'", "'wasm-unsafe-eval'"} and got["worker-src"] == {"'self'"}
        assert not read.problems, f"{page.name}: {read.problems}"
        # The policy comes before anything it governs.
        text = page.read_text(encoding="utf-8")
        assert text.index("Content-Security-Policy") < min(i for i in (text.find("<script"), text.find("<link"))
                                                            if i >= 0), page.name


def test_the_faq_parts_hold_no_script_or_handler(site_dir):
    """The FAQ's parts (build-time HTML, put in the page by dom.js fragment()) hold no script but the
    diagrams' DOT data blocks, no handler, no link off the site."""
    import gzip

    parts = sorted((site_dir / "data" / "faq").glob("*.html.gz"))      # (stored gzipped)
    assert parts
    for part in parts:
        read = read_page(gzip.decompress(part.read_bytes()).decode("utf-8"))
        assert not [p for p in read.problems if not p.startswith("<svg style=")], (part.name, read.problems)


def test_the_standalone_faq_page_carries_a_policy_too():
    """`rulings faq --html`'s page (one file, opened from the disk): its one inline script runs by its hash."""
    from rulings_lib.faq import load_faq
    from rulings_lib.faq.html import page_script, render_html

    page = render_html(load_faq()[:3], diagrams=False)
    read = read_page(page)
    assert len(read.csp) == 1
    got = policy(read.csp[0])
    digest = base64.b64encode(hashlib.sha256(page_script().encode()).digest()).decode()
    assert got["script-src"] == {f"'sha256-{digest}'"} and got["default-src"] == {"'none'"}
    assert f"<script>{page_script()}</script>" in page
    assert not [p for p in read.problems if not re.match(r"<(svg|div) style=|<style> element|inline <script>", p)]


def test_the_pages_sources_carry_the_policy_and_set_no_markup():
    """site/*.html as written: the build's policy, no handler attribute; site/js never parses a string
    as markup (innerHTML, outerHTML, insertAdjacentHTML, document.write): text is always a text node."""
    from tools.build_site import CSP_META

    for page in sorted((ROOT / "site").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert CSP_META in text, page.name
        assert not read_page(text).problems, page.name
    for js in sorted((ROOT / "site" / "js").glob("*.js")):
        code = "\n".join(line for line in js.read_text(encoding="utf-8").splitlines()
                         if not line.lstrip().startswith("//"))
        found = re.findall(r"\.(?:innerHTML|outerHTML)\s*[+]?=|insertAdjacentHTML|document\.write|createContextualFragment"
                           r"|\beval\(|new Function\(", code)
        assert not found, (js.name, found)


# ------------------------------------------------------------------------------ browser
WATCH_CSP = """window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def hostile_context(new_context, server):
    """A context whose pages record policy violations, and every request they make."""
    ctx, watch = new_context()
    ctx.add_init_script(WATCH_CSP)
    requests: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    return ctx, watch, requests


def nothing_ran(page, server, requests, watch) -> None:
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("window.__csp") == [], "the page's policy was violated"
    assert page.evaluate("document.querySelectorAll('img, iframe, object, embed, foreignObject, "
                         "[onerror], [onload], [onclick]').length") == 0
    assert not watch.blocked
    off = [u for u in requests if not u.startswith(server.url) or urlparse(u).path in ("/x", "/favicon.ico")]
    assert not off, f"requests that left the site's pages: {off}"


in_browser = pytest.mark.browser


@in_browser
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("fmt", ["wrgp", "digimon-tag"])
def test_a_hostile_share_link_is_shown_as_text(new_context, server, lang, fmt):
    ctx, watch, requests = hostile_context(new_context, server)
    text = hostile_wrgp() if fmt == "wrgp" else hostile_tag()
    page = ctx.new_page()
    page.goto(f"{server.url}index.html?lang={lang}{share_link(text)}")
    page.wait_for_function("Number(document.body.dataset.runs || 0) >= 1")
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    assert page.locator("#src").input_value() == text
    # The title as written, in the heading and in the picture.
    assert page.locator("#r-title").inner_text() == TITLE
    page.wait_for_selector("#picture svg")
    assert page.locator("#picture svg > title").text_content().startswith(TITLE)
    transcript = page.locator("#transcript").text_content()
    if fmt == "wrgp":
        # The refused step's reason names the hostile card: as text, in the verdict and the steps.
        refused = page.locator("#verdict li.refused")
        assert refused.count() == 1 and BREAKOUT in refused.inner_text(), refused.all_inner_texts()
        assert refused.locator("a.rule").inner_text() == "STD-LP"
        steps = page.locator("#steps").text_content()
        for card in HOSTILE:
            assert card in steps and card in transcript, card
        assert page.locator("#steps a.rule").count() > 3 and page.locator("#transcript a.rule").count() > 3
    else:
        assert SVG_ONLOAD in transcript
    page.wait_for_selector("#diagram svg")
    assert TITLE in page.locator("#diagram").text_content()
    nothing_ran(page, server, requests, watch)

    # A hostile shipped id (#s=): said in the error, as text.
    page.evaluate("(h) => { location.hash = h; }", "#s=" + quote(IMG))
    page.wait_for_selector("#error:not([hidden])")
    assert IMG in page.locator("#error").inner_text()
    nothing_ran(page, server, requests, watch)


@in_browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hostile_card_names_and_a_hostile_kept_match_on_the_tracker(new_context, server, lang):
    ctx, watch, requests = hostile_context(new_context, server)
    page = ctx.new_page()
    # A kept match that cannot be used, naming hostile text: said in the feedback, as text.
    page.goto(f"{server.url}notebooks.html")
    kept = json.dumps({"format": IMG, "setup": {"lineup": SCRIPT}, "actions": [{"verb": BREAKOUT}]})
    page.evaluate("(k) => localStorage.setItem('rulings-kit.tracker.match', k)", kept)
    page.goto(f"{server.url}tracker.html?lang={lang}")
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("localStorage.getItem('rulings-kit.tracker.match.damaged')") == kept
    nothing_ran(page, server, requests, watch)
    for n in (1, 2):                                          # turn 1: Standby Phase, then Main Phase 1
        page.click("[data-button=next_phase]")
        page.wait_for_selector(f"body[data-actions='{n}']")
    combo = "#card-verb [data-param='steps.activate.card'] input[role=combobox]"
    for card in HOSTILE:
        page.locator(combo).fill(card)
        before = page.evaluate("Number(document.body.dataset.changes)")
        page.click("#activate")
        page.wait_for_function(f"Number(document.body.dataset.changes) > {before}")
        feedback = page.locator("#feedback").inner_text()
        assert card in feedback, feedback
        assert page.locator("#card-verb input[role=combobox]").first.input_value() == card
    page.wait_for_selector("#picture svg")
    nothing_ran(page, server, requests, watch)


@in_browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_tag_helper_under_a_hostile_address(new_context, server, lang):
    ctx, watch, requests = hostile_context(new_context, server)
    page = ctx.new_page()
    page.goto(f"{server.url}tag.html?lang={lang}&x={quote(IMG)}#{quote(SCRIPT)}")
    page.wait_for_function("Number(document.body.dataset.turns || 0) >= 1")
    page.fill("input[name='red-A.power']", "12000")
    page.keyboard.press("Enter")                     # the form sends nothing (no inline handler now)
    page.wait_for_function("Number(document.body.dataset.turns || 0) >= 2")
    assert page.url.startswith(f"{server.url}tag.html")
    assert page.locator("#answer").inner_text().strip() not in ("", "…")
    nothing_ran(page, server, requests, watch)


@in_browser
def test_the_faq_page_under_its_policy(new_context, server):
    """The FAQ's parts (pictures with their style, transcripts, DOT drawn by viz.js) under the policy."""
    ctx, watch, requests = hostile_context(new_context, server)
    page = ctx.new_page()
    page.goto(server.url + "faq.html#faq-power-bond-handover")
    page.wait_for_function("!document.querySelector('#faq-power-bond-handover .part').hasAttribute('aria-busy')")
    entry = page.locator("#faq-power-bond-handover")
    assert entry.locator("figure.state svg").count() == 4         # en, ja; wide and phone layouts
    # The pictures' own sizing (their style attribute) is given through the CSSOM, not refused.
    assert entry.locator("figure.state svg").first.evaluate("e => e.style.maxWidth") == "100%"
    entry.locator("details.diagram summary").click()
    entry.locator("details.diagram svg").first.wait_for()
    page.fill("#search", "Power Bond")
    assert page.locator("#count").inner_text().split(" / ")[0] != "0"
    page.click("button[data-lang=ja] >> visible=true")
    page.wait_for_function("document.body.dataset.lang === 'ja'")
    nothing_ran(page, server, requests, watch)


# ------------------------------------------------------------------------------ fuzz (the kit's side)
# What the pages' SVG may hold: the kit's picture (rulings_lib/draw) and Graphviz's drawing.
PICTURE_TAGS = {"svg", "title", "desc", "rect", "line", "circle", "path", "text", "g"}
GRAPHVIZ_TAGS = PICTURE_TAGS | {"polygon", "polyline", "ellipse", "tspan", "defs", "a"}
PIECES = [IMG, SCRIPT, SVG_ONLOAD, BREAKOUT, "<", ">", "&", '"', "'", "&amp;", "&lt;", "]]>", "<!--", "-->",
          "</title>", "</text>", "<foreignObject>", " onload=", "javascript:", 'xlink:href="http://x.invalid"',
          "\\", "\\n", "{", "}", "[", "]", "|", "<BR/>", "<TABLE>", "@", "%", " ", "é", "日本", "😀"]
hostile = st.lists(st.one_of(st.sampled_from(PIECES),
                             st.text(st.characters(whitelist_categories=("L", "N", "P", "S")), max_size=4)),
                   min_size=1, max_size=8).map(lambda parts: "".join(parts).strip()).filter(lambda s: s and len(s) <= 120)


def _inert(svg: str, allowed: set[str], what: str) -> ElementTree.Element:
    """``svg`` parsed as XML: only ``allowed`` elements of SVG, no handler, no link off the drawing."""
    root = ElementTree.fromstring(svg)
    for el in root.iter():
        tag = el.tag.removeprefix(SVG_NS)
        assert el.tag.startswith(SVG_NS) and tag in allowed, (what, el.tag)
        for name, value in el.attrib.items():
            local = name.rsplit("}", 1)[-1]
            assert not local.lower().startswith("on"), (what, name, value)
            assert local not in ("href", "src", "style") or (what, local) == ("picture", "style"), (what, name, value)
    return root


def _texts(root) -> str:
    return "\n".join("".join(el.itertext()) for el in root.iter() if el.tag in (SVG_NS + "title", SVG_NS + "text"))


def _render_dots(dots: list[str]) -> list[dict]:
    proc = node.run(ROOT / "tests" / "site" / "render_dot.mjs", input=json.dumps(dots), timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _answers(title: str, cards: list[str]) -> list[dict]:
    """web.run_text's answers (the playground's) to the hostile questions, in both languages."""
    from rulings_lib.web import run_text

    out = []
    for text in (hostile_wrgp(title, cards), hostile_tag(title, cards[0][:40])):   # (a tag card number: 40 at most)
        for lang in ("en", "ja"):
            r = run_text(text, lang=lang)
            # A question refused as input is said in one line (put in the page as text, site/js/play.js).
            if "error" in r and text.startswith("format: digimon-tag"):
                assert set(r) == {"error"} and isinstance(r["error"]["message"], str)
                continue
            assert "error" not in r, (r, text)
            out.append(r)
    return out


def _seeded(n: int, seed: int = 31) -> list[tuple[str, list[str]]]:
    """``n`` (title, four card names) made of the hostile pieces, the same every run."""
    import random

    rnd = random.Random(seed)

    def one():
        return "".join(rnd.choice(PIECES) for _ in range(rnd.randint(1, 6))).strip() or IMG

    return [(TITLE, HOSTILE)] + [(one(), [one() for _ in range(4)]) for _ in range(n - 1)]


@settings(max_examples=40)
@given(title=hostile, cards=st.lists(hostile, min_size=4, max_size=4))
@example(title=TITLE, cards=HOSTILE)
@example(title="</title><script>x</script>", cards=["]]>", "<!--", "</text><a href='x'>", "&#x3c;script&#x3e;"])
def test_hostile_text_never_becomes_markup_in_the_kits_svg(title, cards):
    """The picture's SVG (rulings_lib/draw, through web.run_text) is well-formed, holds only the
    drawing's own elements and attributes, and shows the hostile title as text."""
    for r in _answers(title, cards):
        root = _inert(r["picture"], PICTURE_TAGS, "picture")
        assert root.find(SVG_NS + "title").text.startswith(title)
        if r["outcome"]["format"] == "wrgp":
            assert any(cards[3] in x.get("reason", "") for x in r["rejected"])   # the refused step's reason


def test_hostile_text_never_becomes_markup_in_the_path_diagram():
    """The path diagram's DOT (web.run_text), drawn by the pages' own Graphviz (viz.js under Node):
    only Graphviz's elements, no handler, no link, the hostile title shown as text."""
    cases = [(title, r) for title, cards in _seeded(16) for r in _answers(title, cards)]
    drawn = _render_dots([r["dot"] for _, r in cases])
    for (title, _), d in zip(cases, drawn, strict=True):
        assert "svg" in d, (title, d)
        root = _inert(d["svg"], GRAPHVIZ_TAGS, "diagram")
        # (Graphviz's <a> carries a node's tooltip, xlink:title; _inert refuses any href.)
        shown = re.sub(r"\s+", "", _texts(root))
        assert re.sub(r"\s+", "", title)[:20] in shown, (title, shown[:300])
