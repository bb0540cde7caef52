// The match tracker: buttons -> the engine (through rulings_lib.web.WebTracker, the Jupyter tracker's
// actions); the match (setup + actions) is kept in localStorage after every change and restored on
// load, with the match a "New match" replaced (so Undo can bring it back). The board shows LP,
// counters, turn and phase in large plain text; the message area has a fixed size (nothing moves).
import { call, ready } from "./kit.js";
import { lang, loaded, t } from "./i18n.js";
import { loadedTable, verbForm } from "./builder.js";
import { h, show as put, svg } from "./dom.js";
import { verdictRows } from "./verdict.js";

const KEY = "rulings-kit.tracker.match";
const PREVIOUS = KEY + ".previous";
const $ = (id) => document.getElementById(id);
const phone = () => matchMedia("(max-width: 600px)").matches;      // the picture's phone layout
let team = "A";

function board(b) {
  $("board-turn").textContent = b.finished ? t("site.tracker.board_over", { team: b.winner })
    : t("site.tracker.board_turn", { n: b.turn, team: b.player, phase: b.phase_name });
  put($("board-teams"), b.teams.map((x) => h("div", { class: "board-team" + (x.team === b.player ? " turn" : ""),
                                                      "data-board-team": x.team },
    h("div", { class: "bt-name" }, `${t("site.tracker.board_team", { team: x.team })} · ${x.duelist}`),
    h("div", { class: "bt-lp" }, h("span", { class: "v" }, String(x.lp)), " ", h("span", { class: "u" }, t("verbs.param.lp.label"))),
    h("div", { class: "bt-spc" }, `${t("verbs.param.spc.label")} ${x.spc}`),
    // A duelist who has lost (the handover pending) or stays in at 0: said in place of the line of
    // duelists to come, so that the board keeps its height and no button moves.
    x.lost ? h("div", { class: "bt-left bt-lost" }, t("site.tracker.board_lost", { who: x.duelist }))
      : x.at_zero ? h("div", { class: "bt-left bt-zero" }, t("site.tracker.board_at_zero", { who: x.duelist }))
        : h("div", { class: "bt-left" }, t("site.tracker.board_left", { n: x.left })))));
}

function show(view) {
  // The number inputs' ranges come from the kit's verb table (one declaration).
  for (const [id, key] of [["lineup", "lineup"], ["start-lp", "start_lp"]]) {
    const range = view.limits && view.limits[key];
    if (range) { $(id).min = String(range.min); $(id).max = String(range.max); }
  }
  board(view.board);
  put($("board-verdict"), verdictRows({ verdict: view.verdict }));     // the engine's verdict, worded
  $("state").textContent = view.status.join("\n");
  const picture = svg(view.picture);        // the kit's SVG, parsed inert (dom.js)
  put($("picture"), picture);
  $("state").hidden = !!picture;
  const fb = $("feedback");
  fb.textContent = view.feedback.text;
  fb.className = "feedback " + (view.feedback.tone || "");
  $("undo").disabled = !view.can_undo;
  localStorage.setItem(KEY, JSON.stringify(view.record));      // a refused import left the match as it was
  if (view.previous) localStorage.setItem(PREVIOUS, JSON.stringify(view.previous));
  else localStorage.removeItem(PREVIOUS);
  document.body.dataset.actions = String(view.record.actions.length);
  document.body.dataset.changes = String(Number(document.body.dataset.changes || 0) + 1);
}

async function act(op, args = {}) {
  await ready;
  show(await call("tracker", { op, lang, phone: phone(), ...args }));
}

function amount() {
  const n = Number($("amount").value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function bump(d) {
  $("amount").value = String(Math.max(0, Math.min(1000000, amount() + d)));
}

// "Activate a card": the verb table's `activate` (by, card, summon, declare; data/verbs.<lang>.json) in
// the question builder's own form, card names offered from the catalogue in the reader's language.
async function cardVerb() {
  const table = await loadedTable;
  // (the format the tracker records: the verb table says which, rulings_lib.webdata.verbs)
  const format = table.formats?.find((f) => f.format === table.tracker);
  const v = format?.verbs.find((x) => x.name === "activate");
  if (!v) { $("card-verb").hidden = true; return; }
  $("card-head").textContent = v.label;
  $("card-help").textContent = v.help;
  const step = { verb: v.name, value: { by: team } };
  const ctx = { setup: {}, format: format.format, defaultTags: [], redraw() {} };
  $("card-form").replaceChildren(verbForm(v, ctx, step, () => {}));
  $("activate").addEventListener("click", () => act("activate", { values: step.value }));
  $("activate").disabled = false;
}

async function start() {
  await loaded;
  const cards = cardVerb();
  for (const b of document.querySelectorAll("[data-button]")) {
    b.addEventListener("click", () => act("press", { button: b.dataset.button, team, amount: amount() }));
  }
  for (const b of document.querySelectorAll("[data-team]")) {
    b.addEventListener("click", () => {
      team = b.dataset.team;
      for (const o of document.querySelectorAll("[data-team]")) o.setAttribute("aria-pressed", String(o === b));
    });
  }
  $("amount-down").addEventListener("click", () => bump(-100));
  $("amount-up").addEventListener("click", () => bump(100));
  $("undo").addEventListener("click", () => act("undo"));
  // "New match" asks first; the match it replaces can be brought back with Undo.
  $("new").addEventListener("click", () => { $("confirm-new").hidden = false; $("new-yes").focus(); });
  $("new-no").addEventListener("click", () => { $("confirm-new").hidden = true; $("new").focus(); });
  $("new-yes").addEventListener("click", async () => {
    $("confirm-new").hidden = true;
    await act("new", { lineup: Math.trunc(Number($("lineup").value)), start_lp: Math.trunc(Number($("start-lp").value)),
                       first: $("first").value });
    $("feedback").scrollIntoView({ block: "nearest" });
  });
  $("export").addEventListener("click", async () => {
    await ready;
    const { json } = await call("tracker", { op: "export", lang });
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
  const view = await call("tracker", { op: "open", lang, phone: phone(), saved: localStorage.getItem(KEY), previous: localStorage.getItem(PREVIOUS) });
  if (view.refused) {
    // Keep the unusable copy aside (a person may want it), then keep the new match.
    localStorage.setItem(KEY + ".damaged", localStorage.getItem(KEY));
    localStorage.removeItem(KEY);
  }
  show(view);
  await cards;
  document.body.dataset.ready = "1";
}

start();
