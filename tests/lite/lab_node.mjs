// The lab's Python under Node, no browser: node tests/lite/lab_node.mjs SITE_DIR [snapshot|start|damaged]
// Calls the built site's js/lab-python.js as JupyterLite's kernel does (loadPyodide with the kernel's
// loadPyodideOptions from lab/jupyter-lite.json), the site's files served by a fetch of our own:
// "snapshot" as built; "start" as if the build had no snapshot (site.json's snapshot left out);
// "damaged": one of the lab's wheels is not the one its lock names (its sha256 differs).
// Prints {restored, imported, terminal, micropip, outcome (of a shipped scenario ruled there)} or, when loadPyodide fails, {error}.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const site = resolve(process.argv[2]);
const mode = process.argv[3] ?? "snapshot";
const siteURL = pathToFileURL(site + "/");
const config = JSON.parse(readFileSync(join(site, "lab", "jupyter-lite.json"), "utf8"));
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
// The lock's address as the kernel hands it over: resolved against the lab's folder.
const options = { ...kernel.loadPyodideOptions, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n"),
                  lockFileURL: new URL(kernel.loadPyodideOptions.lockFileURL, new URL("lab/", siteURL)).href };

globalThis.fetch = async (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  if (init?.cache === "only-if-cached") throw new TypeError("Failed to fetch");     // nothing cached here
  let body;
  try {
    body = readFileSync(fileURLToPath(url));
  } catch {
    return new Response(null, { status: 404 });
  }
  if (mode === "start" && url.href === new URL("site.json", siteURL).href) {
    const info = JSON.parse(body);
    delete info.snapshot;
    body = JSON.stringify(info);
  }
  if (mode === "damaged" && /\/traitlets-[^/]*\.whl$/.test(url.pathname)) body = Buffer.concat([body, Buffer.from("\0")]);
  return new Response(body, { status: 200 });
};

const { loadPyodide } = await import(new URL("js/lab-python.js", siteURL).href);
let pyodide;
try {
  pyodide = await loadPyodide(options);
} catch (err) {
  process.stdout.write(JSON.stringify({ error: String(err) }) + "\n");
  process.exit(0);
}
const out = pyodide.runPython(`
import json, sys
restored = 'rulings_lib.web' in sys.modules        # imported before the snapshot was written
imported = sorted(m for m in ${JSON.stringify(kernel.loadPyodideOptions.importFirst)} if m in sys.modules)
terminal = "prompt_toolkit" in sys.modules          # IPython's terminal, not imported (tools/build_lite.py lazy_embed)
micropip = "micropip" in sys.modules                # not before an install (tools/build_lite.py lazy_micropip)
sys.stdout = sys.__stdout__                         # (pyodide_kernel's stream needs the kernel's worker)
from rulings_lib import web
ruled = json.loads(web.call("run_shipped", json.dumps({"id": "wrgp/power-bond-handover", "lang": "en"})))
json.dumps({"restored": restored, "imported": imported, "terminal": terminal, "micropip": micropip, "outcome": ruled["outcome"]})
`);
process.stdout.write(out + "\n");
