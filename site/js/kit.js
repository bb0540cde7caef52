// The page's side of the Python worker: kit.call(name, args) -> Promise of the answer (parsed JSON).
// A progress bar (#loading) shows how far Python has come; kit.ready resolves when it is up.
const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let nextId = 1;
let readyResolve, readyReject;
const started = performance.now();

export const timings = { boot: null, calls: [] };
export const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });

function showProgress({ stage, value }) {
  const box = document.getElementById("loading");
  if (!box) return;
  box.querySelector("progress").value = value;
  box.querySelector(".stage").textContent = stage;
  if (value >= 1) box.hidden = true;
}

worker.onmessage = (event) => {
  const msg = event.data;
  if (msg.progress) {
    showProgress(msg.progress);
    if (msg.progress.value >= 1) {
      timings.boot = performance.now() - started;
      readyResolve();
    }
    return;
  }
  if (msg.failed) {
    showProgress({ stage: "Python could not start: " + msg.failed, value: 0 });
    readyReject(new Error(msg.failed));
    return;
  }
  const { resolve, reject, name } = pending.get(msg.id);
  pending.delete(msg.id);
  if (msg.ok) {
    timings.calls.push({ name, ms: msg.ms });
    resolve(JSON.parse(msg.result));
  } else {
    reject(new Error(msg.error));
  }
};

export function call(name, args = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, name });
    worker.postMessage({ id, name, args });
  });
}

// For the browser tests and the measurements (same door as the page's buttons).
window.kit = { call, ready, timings };
