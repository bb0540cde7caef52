// node tests/site/render_dot.mjs: the pages' Graphviz (@viz-js/viz, the site's vendor/viz.js) drawing DOT
// sources as the playground does (the fuzz test reads what a hostile title becomes).
// Reads a JSON list of DOT sources on stdin; prints the list of {svg} or {error}.
import { readFileSync } from "node:fs";
import { instance } from "../../node_modules/@viz-js/viz/dist/viz.js";

const viz = await instance();
const out = JSON.parse(readFileSync(0, "utf8")).map((dot) => {
  const r = viz.render(dot, { format: "svg" });
  return r.status === "success" ? { svg: r.output } : { error: r.errors.map((e) => e.message).join("; ") };
});
process.stdout.write(JSON.stringify(out));
