// The FAQ page in parts: each entry's pictures, transcripts and diagram are a file of their own
// (data/faq/<entry>.html, written by the build gzipped as <entry>.html.gz), loaded as the entry comes near the screen, when
// an address points at it, or when a search shows it. A part's path diagram comes as its DOT
// source and is drawn by Graphviz in WebAssembly (diagram.js, the playground's) when it is opened.
import { drawDot } from "./diagram.js";
import { loaded } from "./i18n.js";
import { loadedCards } from "./cards.js";
import { fragment, show } from "./dom.js";
import { verdictRows } from "./verdict.js";

const loading = new Map();

function diagrams(box) {
  // One diagram per language (the page shows the reader's): each drawn when its details open.
  for (const d of box.querySelectorAll("details.diagram")) {
    for (const dot of d.querySelectorAll(".dot")) {
      const source = dot.dataset.dot ?? dot.querySelector('script[type="text/vnd.graphviz"]')?.textContent;
      let drawn = null;
      const draw = () => {
        if (d.open && !drawn) drawn = loaded.then(() => drawDot(source, dot));
      };
      d.addEventListener("toggle", draw);
      draw();
    }
  }
}

// The entry's verdict: the engine's, from its scenario's built answer (data/answers/<id>.json, the
// playground's first answer; the id is the one the entry's playground link opens), worded in the
// page's language by verdict.js, above the entry's pictures.
function verdicts(box) {
  const id = box.closest(".entry")?.querySelector("a.play")?.getAttribute("href")?.split("#s=")[1];
  const answer = box.querySelector(".answer");
  if (!id || !answer) return null;
  return fetch(`data/answers/${id}.json`).then((r) => (r.ok ? r.json() : null)).then(async (a) => {
    await Promise.all([loaded, loadedCards]);
    if (!a) return;
    const ul = document.createElement("ul");
    ul.className = "verdict";
    show(ul, verdictRows(a.outcome));
    answer.prepend(ul);
  }).catch(() => {});
}

function load(box) {
  if (loading.has(box)) return loading.get(box);
  // The build stores each part gzipped (<part>.gz: a fifth of its size); the page inflates it.
  const p = fetch(`${box.dataset.part}.gz`).then((r) => {
    if (!r.ok) throw new Error(`${box.dataset.part}: HTTP ${r.status}`);
    return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).text();
  }).then((html) => {
    box.replaceChildren(fragment(html));     // the build's HTML, parsed inert (dom.js)
    diagrams(box);
    box.removeAttribute("aria-busy");
    return verdicts(box);
  }, (err) => {
    box.removeAttribute("aria-busy");
    box.textContent = String(err.message);
  });
  loading.set(box, p);
  return p;
}

function start() {
  const boxes = [...document.querySelectorAll(".part[data-part]")];
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) { seen.unobserve(e.target); load(e.target); }
    }
  }, { rootMargin: "800px 0px" });
  for (const b of boxes) seen.observe(b);
  const target = () => {
    const el = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const box = el?.closest?.(".entry")?.querySelector(".part[data-part]");
    if (box) load(box).then(() => el.scrollIntoView());
  };
  addEventListener("hashchange", target);
  target();
  document.body.dataset.parts = String(boxes.length);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
