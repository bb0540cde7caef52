// The page's side of the Python worker: kit.call(name, args) -> Promise of the answer (parsed JSON).
// A progress bar (#loading) shows how far Python has come; kit.ready resolves when it is up.
import { loaded, t } from "./i18n.js";
import { listen, started, worker } from "./start.js";     // (the worker starts with the page: start.js)

const pending = new Map();
let nextId = 1;
let readyResolve, readyReject;

export const timings = { boot: null, calls: [], stages: [], snapshot: null };
export const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });

// The stages in the page's language (the worker's own words are English); the first visit's
// download as the build measured it (data/download.json: the files Python needs before a ruling).
let download = null;
fetch(new URL("../data/download.json", import.meta.url)).then((r) => (r.ok ? r.json() : null))
  .then((d) => { download = d; }, () => {});

function stageWords(stage, value) {
  if (value >= 1) return t("site.loading.ready");
  if (value >= 0.9) return t("site.loading.engines");
  if (value >= 0.75) return t("site.loading.kit");
  if (download?.bytes) return t("site.loading.first", { mb: (download.bytes / 1e6).toFixed(1) });
  return t("site.loading.python");
}

function showProgress({ stage, value, failed }) {
  const box = document.getElementById("loading");
  if (!box) return;
  box.querySelector("progress").value = value;
  loaded.then(() => {
    box.querySelector(".stage").textContent = failed ? t("site.loading.failed", { why: failed }) : stageWords(stage, value);
  });
  if (value >= 1) box.hidden = true;
}

listen((event) => {
  const msg = event.data;
  if (msg.progress) {
    // (when the message came: one that came before kit.js listened is handled later)
    timings.stages.push([msg.progress.stage, Math.round(event.timeStamp), msg.progress.worker]);
    showProgress(msg.progress);
    if (msg.progress.value >= 1) {
      timings.boot = event.timeStamp - started;
      timings.snapshot = Boolean(msg.progress.snapshot);   // Python restored, not started (worker.js)
      readyResolve();
      dispatchEvent(new Event("kit-ready"));
    }
    return;
  }
  if (msg.failed) {
    showProgress({ failed: msg.failed, value: 0 });
    readyReject(new Error(msg.failed));
    return;
  }
  const { resolve, reject, name, raw } = pending.get(msg.id);
  pending.delete(msg.id);
  if (msg.ok) {
    timings.calls.push({ name, ms: msg.ms });
    resolve(raw ? msg.result : JSON.parse(msg.result));
  } else {
    console.error(msg.error);         // a bug of the kit (bad input comes back as an answer, not here)
    reject(new Error(msg.error));
  }
});

function send(name, args, raw) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, name, raw });
    worker.postMessage({ id, name, args });
  });
}

export const call = (name, args = {}) => send(name, args, false);
// The answer as the JSON text Python wrote (key order exactly as the kit's `rulings run --json`).
export const callRaw = (name, args = {}) => send(name, args, true);

// For the browser tests and the measurements (same door as the page's buttons).
window.kit = { call, callRaw, ready, timings };
