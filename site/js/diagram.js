// The scenario path diagram: the engine's DOT drawn in the page by Graphviz in WebAssembly (@viz-js/viz).
import { t } from "./i18n.js";

let viz = null;

export async function drawDot(dot, box) {
  box.textContent = "";
  if (!dot) {
    box.textContent = t("site.play.diagram_none");
    return;
  }
  box.textContent = t("site.play.drawing");
  viz ??= import("../vendor/viz.js").then((m) => m.instance());
  const svg = (await viz).renderSVGElement(dot);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("site.play.diagram_label"));
  box.replaceChildren(svg);
}
