// The playground: a scenario (shipped or written here) run on the real engine in the Python worker.
import { call, ready, timings } from "./kit.js";
import { drawDot } from "./diagram.js";
import { decode, encode } from "./share.js";

const $ = (id) => document.getElementById(id);
const src = $("src"), gutter = $("gutter"), pick = $("pick");
let shipped = [];
let marks = { bad: 0, failed: new Set() };

function esc(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// Rule ids in a transcript link to the rules reference of the FAQ page.
function linkRules(text) {
  return esc(text).replace(/\[([A-Z]+-[A-Z0-9]+)\]/g, (m, id) => `[<a class="rule" href="faq.html#rule-${id}">${id}</a>]`);
}

function paintGutter() {
  const n = src.value.split("\n").length;
  const lines = [];
  for (let i = 1; i <= n; i++) {
    const cls = i === marks.bad ? "bad" : marks.failed.has(i) ? "failed" : "";
    lines.push(cls ? `<span class="${cls}">${i}</span>` : String(i));
  }
  gutter.innerHTML = lines.join("\n");
  gutter.scrollTop = src.scrollTop;
  placeMarker();
}

function placeMarker() {
  const marker = $("marker");
  if (!marks.bad) { marker.hidden = true; return; }
  const lineHeight = 20, pad = 6;
  marker.style.top = `${pad + (marks.bad - 1) * lineHeight - src.scrollTop}px`;
  marker.hidden = false;
}

function clearMarks() {
  marks = { bad: 0, failed: new Set() };
  $("error").hidden = true;
  paintGutter();
}

function showError(line, message) {
  marks = { bad: line, failed: new Set() };
  const text = `line ${line}: ${message}`;
  $("marker").textContent = text;
  $("error").textContent = text;
  $("error").hidden = false;
  paintGutter();
  // Bring the line into view.
  const top = (line - 1) * 20;
  if (top < src.scrollTop || top > src.scrollTop + src.clientHeight - 40) src.scrollTop = Math.max(0, top - 60);
  placeMarker();
}

function showResult(r) {
  $("r-title").textContent = r.title;
  $("r-title").className = "";
  const failed = r.checks.filter((c) => !c.ok);
  $("verdict").textContent = r.checks.length === 0 ? "No expectations given."
    : failed.length === 0 ? `Every expectation holds (${r.checks.length}).`
    : `${failed.length} of ${r.checks.length} expectations do not hold.`;
  $("verdict").className = "verdict " + (failed.length ? "no" : "ok");
  $("checks").innerHTML = r.checks.map((c) => c.ok
    ? `<li class="ok">ok — <b>${esc(c.key)}</b> = ${esc(JSON.stringify(c.actual))}</li>`
    : `<li class="no">FAIL — <b>${esc(c.key)}</b>${c.line ? ` (line ${c.line})` : ""}: expected ` +
      `${esc(JSON.stringify(c.expected))}, got ${esc(JSON.stringify(c.actual))}</li>`).join("");
  $("transcript").innerHTML = linkRules(r.transcript);
  $("picture").innerHTML = r.picture ?? "";
  $("state").textContent = r.state.join("\n");
  $("state").hidden = !!r.picture;
  marks = { bad: 0, failed: new Set(failed.map((c) => c.line).filter(Boolean)) };
  paintGutter();
  return drawDot(r.dot, $("diagram"));
}

let source = null;          // the shipped scenario the text came from (deck paths resolve beside it)

async function run() {
  $("run").disabled = true;
  clearMarks();
  try {
    await ready;
    const t0 = performance.now();
    const r = await call("run_text", { text: src.value, source });
    if (timings.firstRuling == null) timings.firstRuling = performance.now();
    timings.lastRun = performance.now() - t0;
    if (r.error) showError(r.error.line, r.error.message);
    else await showResult(r);
  } catch (err) {
    showError(1, err.message);
  } finally {
    $("run").disabled = false;
    document.body.dataset.runs = String(Number(document.body.dataset.runs || 0) + 1);
  }
}

function load(id) {
  const s = shipped.find((x) => x.id === id);
  if (!s) return false;
  pick.value = id;
  src.value = s.text;
  source = id;
  clearMarks();
  return true;
}

async function share() {
  const url = new URL(location.href);
  url.hash = await encode(src.value);
  history.replaceState(null, "", url);
  const box = $("share-url");
  box.value = url.href;
  box.hidden = false;
  box.select();
  try { await navigator.clipboard.writeText(url.href); } catch { /* the link is shown to copy by hand */ }
}

// Open what the address asks for (a shared scenario or a shipped one); false if it asks for nothing.
async function fromHash() {
  let wanted;
  try {
    wanted = await decode(location.hash);
  } catch (err) {
    showError(1, err.message);       // said next to line 1; the page stays empty for the person to write
    return true;
  }
  if (wanted?.id) {
    if (!load(wanted.id)) { showError(1, `no shipped scenario ${wanted.id}`); return true; }
  } else if (wanted?.text != null) {
    pick.value = "";
    source = null;
    src.value = wanted.text;
  } else {
    return false;
  }
  await run();
  return true;
}

async function start() {
  shipped = await (await fetch("data/scenarios.json")).json();
  const groups = { wrgp: "WRGP relay (Yu-Gi-Oh!)", "digimon-tag": "Digimon tag battle" };
  for (const [fmt, label] of Object.entries(groups)) {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const s of shipped.filter((x) => x.format === fmt)) {
      const o = document.createElement("option");
      o.value = s.id;
      o.textContent = `${s.title} — ${s.rules.join(", ")}`;
      g.append(o);
    }
    pick.append(g);
  }
  pick.addEventListener("change", () => { if (pick.value) { load(pick.value); run(); } else { source = null; } });
  src.addEventListener("input", () => { if (marks.bad || marks.failed.size) clearMarks(); else paintGutter(); });
  src.addEventListener("scroll", () => { gutter.scrollTop = src.scrollTop; placeMarker(); });
  src.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); run(); }
  });
  $("run").addEventListener("click", run);
  $("share").addEventListener("click", share);
  addEventListener("hashchange", fromHash);
  ready.then(() => { $("run").disabled = false; }, () => {});
  if (!(await fromHash())) {
    load("wrgp/power-bond-handover");
    await run();
  }
}

start();
