// Python in a Web Worker: Pyodide (from npm, served with the site) runs the kit's real engines.
// The page sends {id, name, args}; the answer is {id, ok, result: JSON text, ms} or {id, ok: false, error}.
// Progress while Python loads: {progress: {stage, value}} (value 0..1).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const base = new URL("../", import.meta.url);
const progress = (stage, value) => postMessage({ progress: { stage, value } });

async function boot() {
  progress("Loading Python (the first visit downloads about 5 MB)", 0.05);
  // Python starts at once; the list of wheels and the wheels themselves arrive meanwhile.
  const starting = loadPyodide({ indexURL: new URL("pyodide/", base).href, stdout: () => {},
                                 stderr: (line) => console.warn(line) });
  const wheels = fetch(new URL("site.json", base)).then((r) => r.json()).then((info) =>
    Promise.all(info.wheels.map(async (w) => (await fetch(new URL(w, base))).arrayBuffer())));
  wheels.catch(() => {});          // (its failure is reported below, where it is awaited)
  const pyodide = await starting;
  progress("Installing the rules kit", 0.75);
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const buffer of await wheels) pyodide.unpackArchive(buffer, "wheel", { extractDir: sitePackages });
  progress("Starting the engines", 0.9);
  const web = pyodide.pyimport("rulings_lib.web");
  progress("Ready", 1);
  return web.call;
}

const ready = boot();
ready.catch((err) => {
  console.error(String(err));
  postMessage({ failed: String(err).split("\n").filter(Boolean).pop() });
});

onmessage = async (event) => {
  const { id, name, args } = event.data;
  let call;
  try {
    call = await ready;
  } catch (err) {
    postMessage({ id, ok: false, error: "Python did not start: " + String(err).split("\n").filter(Boolean).pop() });
    return;
  }
  const t0 = performance.now();
  try {
    const result = call(name, JSON.stringify(args ?? {}));
    postMessage({ id, ok: true, result, ms: performance.now() - t0 });
  } catch (err) {
    // A bug in the kit, not a problem of the input (those come back as answers): say so in one line.
    console.error(String(err));
    postMessage({ id, ok: false, error: "internal error: " + String(err).split("\n").filter(Boolean).pop() });
  }
};
