// The Python worker, started as soon as the page begins: this module imports nothing and is loaded
// `async` by the pages that rule (index, tag, tracker), so Python's start (worker.js) runs while the
// page's own scripts, words and data are still arriving, not after them. kit.js takes the worker's
// messages with listen(); any that came before are handed over then, in order.
//
// "offline": the service worker holds the site (a later visit): the worker then lets Pyodide fetch its
// wasm file by itself, which keeps the browser's compiled copy of it (python.js shareWasm).
const script = new URL("./worker.js", import.meta.url);
if (navigator.serviceWorker?.controller) script.searchParams.set("offline", "1");
export const worker = new Worker(script, { type: "module" });
export const started = performance.now();

const early = [];
let deliver = (event) => early.push(event);
worker.onmessage = (event) => deliver(event);

export function listen(handler) {
  deliver = handler;
  for (const event of early.splice(0)) handler(event);
}
