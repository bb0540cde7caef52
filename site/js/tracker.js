// The match tracker: buttons -> the engine (through rulings_lib.web.WebTracker, the Jupyter tracker's
// actions); the match (setup + actions) is kept in localStorage after every change and restored on load.
import { call, ready } from "./kit.js";

const KEY = "rulings-kit.tracker.match";
const $ = (id) => document.getElementById(id);
let team = "A";

function show(view) {
  $("state").textContent = view.status.join("\n");
  $("picture").innerHTML = view.picture ?? "";
  $("state").hidden = !!view.picture;
  const fb = $("feedback");
  fb.textContent = view.feedback.text;
  fb.className = "feedback " + (view.feedback.tone || "");
  $("undo").disabled = !view.can_undo;
  localStorage.setItem(KEY, JSON.stringify(view.record));      // a refused import left the match as it was
  document.body.dataset.actions = String(view.record.actions.length);
}

async function act(op, args = {}) {
  await ready;
  show(await call("tracker", { op, ...args }));
}

function amount() {
  const n = Number($("amount").value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

async function start() {
  for (const b of document.querySelectorAll("[data-button]")) {
    b.addEventListener("click", () => act("press", { button: b.dataset.button, team, amount: amount() }));
  }
  for (const b of document.querySelectorAll("[data-team]")) {
    b.addEventListener("click", () => {
      team = b.dataset.team;
      for (const o of document.querySelectorAll("[data-team]")) o.setAttribute("aria-pressed", String(o === b));
    });
  }
  $("undo").addEventListener("click", () => act("undo"));
  $("new").addEventListener("click", () => act("new", {
    lineup: Math.trunc(Number($("lineup").value)), start_lp: Math.trunc(Number($("start-lp").value)), first: $("first").value }));
  $("export").addEventListener("click", async () => {
    await ready;
    const { json } = await call("tracker", { op: "export" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
    a.download = "wrgp-match.json";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $("import").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch {
      text = "";
    }
    e.target.value = "";
    await act("load", { text, file: file.name });
  });
  await ready;
  const view = await call("tracker", { op: "open", saved: localStorage.getItem(KEY) });
  if (view.refused) {
    // Keep the unusable copy aside (a person may want it), then keep the new match.
    localStorage.setItem(KEY + ".damaged", localStorage.getItem(KEY));
    localStorage.removeItem(KEY);
  }
  show(view);
  document.body.dataset.ready = "1";
}

start();
