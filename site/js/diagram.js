// The scenario path diagram: the engine's DOT drawn in the page by Graphviz in WebAssembly (@viz-js/viz).
let viz = null;

export async function drawDot(dot, box) {
  box.textContent = "";
  if (!dot) {
    box.textContent = "(no diagram)";
    return;
  }
  box.textContent = "drawing…";
  viz ??= import("../vendor/viz.js").then((m) => m.instance());
  const svg = (await viz).renderSVGElement(dot);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "scenario path diagram");
  box.replaceChildren(svg);
}
