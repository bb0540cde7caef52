// The playground: a question built with taps (builder.js) or written as YAML, run on the real
// engine in the Python worker; the answer first (verdict.js), then the picture, the steps, and
// the full transcript folded below.
import { call, ready, timings } from "./kit.js";
import { drawDot } from "./diagram.js";
import { LinkTooLong, MAX_CHARS, decode, encode } from "./share.js";
import { lang, loaded, t } from "./i18n.js";
import { Builder, loadedTable } from "./builder.js";
import { checkRows, eventText, linkRules, verdictRows } from "./verdict.js";
import { h, show, svg } from "./dom.js";

const $ = (id) => document.getElementById(id);
// A phone gets the pictures' phone layout (shown at 1:1, no text under 12 CSS px).
export const phone = () => matchMedia("(max-width: 600px)").matches;
const src = $("src"), gutter = $("gutter"), pick = $("pick");
let shipped = [];
let marks = { bad: 0, failed: new Set() };
let source = null;          // the shipped scenario the text came from (deck paths resolve beside it)
let mode = "builder";
let builder = null;

function paintGutter() {
  const n = src.value.split("\n").length;
  const lines = [];
  for (let i = 1; i <= n; i++) {
    const cls = i === marks.bad ? "bad" : marks.failed.has(i) ? "failed" : "";
    if (i > 1) lines.push("\n");
    lines.push(cls ? h("span", { class: cls }, String(i)) : String(i));
  }
  show(gutter, lines);
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

// An error clears the answer that was on screen: what is shown is never an older question's.
function clearAnswer() {
  shown++;
  delete document.body.dataset.early;
  $("r-title").textContent = t("site.play.waiting");
  $("r-title").className = "muted";
  for (const id of ["verdict", "checks", "steps", "transcript", "picture", "state", "checks-sum"]) $(id).textContent = "";
  $("checks-box").hidden = true;
  $("diagram").textContent = "";
  delete document.body.dataset.verdict;
}

// The builder's field an error is about (web.py _field_of): marked, its label named in the message,
// scrolled to (not "line 5" of the YAML the builder hides).
function fieldOf(where) {
  if (!where || mode !== "builder") return null;
  const box = where.step ? document.querySelectorAll("#builder .step")[where.step - 1] : $("builder");
  return box?.querySelector(`[data-param="${CSS.escape(where.path)}"]`) ?? null;
}

function showError(line, message, where = null) {
  clearAnswer();
  for (const old of document.querySelectorAll("#builder .field.invalid")) old.classList.remove("invalid");
  marks = { bad: line, failed: new Set() };
  const at = fieldOf(where);
  if (at) {
    at.classList.add("invalid");
    const label = at.querySelector(".flabel")?.textContent ?? where.path;
    const n = where.step ? t("site.play.error_step", { n: where.step, field: label }) : label;
    $("error").textContent = t("site.play.error_field", { field: n, message: message.replace(/^[\w.[\]]+: /, "") });
    $("error").hidden = false;
    $("marker").textContent = t("site.play.error_line", { n: line, message });
    paintGutter();
    placeMarker();
    at.scrollIntoView({ block: "center" });
    return;
  }
  const text = t("site.play.error_line", { n: line, message });
  $("marker").textContent = text;
  $("error").textContent = text;
  $("error").hidden = false;
  paintGutter();
  const top = (line - 1) * 20;
  if (top < src.scrollTop || top > src.scrollTop + src.clientHeight - 40) src.scrollTop = Math.max(0, top - 60);
  placeMarker();
}

function edited() {
  const s = shipped.find((x) => x.id === source);
  return !!s && src.value !== s.text;
}

function titleOf(r) {
  if (!/^title\s*:/m.test(src.value)) return t("site.play.untitled");    // never a borrowed id
  return edited() ? t("site.play.edited", { title: r.title }) : r.title;
}

// The steps in words: each step's events (and a refusal) under the step's number.
function stepRows(outcome) {
  const by = new Map();
  for (const e of outcome.events ?? []) {
    if (!e.step) continue;
    if (!by.has(e.step)) by.set(e.step, []);
    by.get(e.step).push(`[${e.rule}] ${eventText(e)}`);
  }
  for (const r of outcome.rejected ?? []) {
    if (!by.has(r.step)) by.set(r.step, []);
    by.get(r.step).push(`✗ [${r.rule}] ${r.code ? t(r.code, r.args || {}) : r.reason}`);
  }
  return [...by.keys()].sort((a, b) => a - b)
    .map((n) => h("li", { value: n }, by.get(n).map((line, i) => [i ? h("br") : null, linkRules(line)])));
}

// The verdict, the checks and the steps: everything worded from the outcome and the checks, so the
// answer worked out at build time (data/answers/<id>.json) reads exactly as the live one.
function showVerdict(r, title) {
  $("r-title").textContent = title;
  $("r-title").className = "";
  show($("verdict"), verdictRows(r.outcome));
  const failed = r.checks.filter((c) => !c.ok);
  $("checks-box").hidden = r.checks.length === 0;
  $("checks-sum").textContent = failed.length === 0 ? t("site.play.checks_all", { n: r.checks.length })
    : t("site.play.checks_some", { failed: failed.length, n: r.checks.length });
  $("checks-sum").className = "checks-sum " + (failed.length ? "no" : "ok");
  show($("checks"), checkRows(r.checks));
  show($("steps"), stepRows(r.outcome));
  return failed;
}

let shown = 0;              // answers shown live so far (an early answer never covers a live one)

// A shipped scenario's answer as the build worked it out with the same engine, shown while Python
// loads; the picture, the transcript and the diagram follow with the live answer, which replaces it.
const builtAnswer = (id) => fetch(`data/answers/${id}.json`).then((r) => (r.ok ? r.json() : null)).catch(() => null);

async function early(id, answer) {
  const s = shipped.find((x) => x.id === id);
  if (!s) return;
  const seen = shown;
  const r = await answer;
  if (!r || shown !== seen || (source !== null && source !== id)) return;
  showVerdict(r, (s.titles && s.titles[lang]) || s.title);
  show($("picture"), h("p", { class: "muted" }, t("site.play.early")));
  document.body.dataset.early = id;
  timings.early ??= performance.now();
  document.body.dataset.verdict = r.checks.some((c) => !c.ok) ? "no" : "ok";
}

export function showAnswer(r, title = titleOf(r)) {
  shown++;
  delete document.body.dataset.early;
  const failed = showVerdict(r, title);
  show($("transcript"), linkRules(r.transcript));
  const picture = svg(r.picture);           // the kit's SVG, parsed inert (dom.js); else the state in words
  show($("picture"), picture);
  $("state").textContent = (r.state ?? []).join("\n");
  $("state").hidden = !!picture;
  document.body.dataset.verdict = failed.length ? "no" : "ok";
  marks = { bad: 0, failed: new Set(failed.map((c) => c.line).filter(Boolean)) };
  paintGutter();
  return drawDot(r.dot, $("diagram"));
}

// What the answer on screen answers: the question's text, EXAMPLE_SHOWN for the shipped example shown
// beside a new question, null for none. A question being built is not the one answered: the old
// answer goes (the example's verdict never stands under a question it does not answer).
let answered = null;
const EXAMPLE_SHOWN = "\u0000example";

async function run() {
  $("run").disabled = true;
  clearMarks();
  try {
    await ready;
    const t0 = performance.now();
    const text = src.value;
    const r = await call("run_text", { text, source: edited() && !/check_team|check_deck/.test(text) ? null : source, lang, phone: phone() });
    if (timings.firstRuling == null) timings.firstRuling = performance.now();
    timings.lastRun = performance.now() - t0;
    if (r.error) showError(r.error.line, r.error.message, r.error.field);
    else { await showAnswer(r); answered = text; }
  } catch (err) {
    showError(1, err.message);
  } finally {
    $("run").disabled = false;
    document.body.dataset.runs = String(Number(document.body.dataset.runs || 0) + 1);
  }
  if (!$("error").hidden) $("error").scrollIntoView({ block: "nearest" });
  else if (matchMedia("(max-width: 900px)").matches && document.body.dataset.userRun) {
    $("result").scrollIntoView({ block: "start" });
  }
}

function setMode(m) {
  mode = m;
  $("mode-builder").setAttribute("aria-pressed", String(m === "builder"));
  $("mode-yaml").setAttribute("aria-pressed", String(m === "yaml"));
  $("builder").hidden = m !== "builder";
  $("yaml-box").open = m === "yaml";
  document.body.dataset.mode = m;
}

function markEdited() {
  $("edited").hidden = !edited();
}

function load(id) {
  const s = shipped.find((x) => x.id === id);
  if (!s) return false;
  pick.value = id;
  src.value = s.text;
  source = id;
  $("not-builder").hidden = true;
  setMode("yaml");
  markEdited();
  clearMarks();
  return true;
}

// Open a question's text: in the builder when the builder can read all of it, else in the editor.
async function openText(text) {
  pick.value = "";
  source = null;
  src.value = text;
  markEdited();
  clearMarks();
  await ready;
  const read = await call("read_question", { text });
  if (read.question && builder.load(read.question)) {
    src.value = text;              // exactly as shared (the builder writes the same question)
    $("not-builder").hidden = true;
    setMode("builder");
  } else {
    $("not-builder").hidden = !read.question;
    setMode("yaml");
  }
}

async function example(id) {
  try {
    await ready;
    const r = await call("run_shipped", { id, lang, phone: phone() });
    if (timings.firstRuling == null) timings.firstRuling = performance.now();
    if (r.error) showError(r.error.line, r.error.message);
    else { await showAnswer(r, r.title); answered = EXAMPLE_SHOWN; }
  } finally {
    document.body.dataset.runs = String(Number(document.body.dataset.runs || 0) + 1);
  }
}

async function share() {
  const url = new URL(location.href);
  url.hash = await encode(src.value);
  history.replaceState(null, "", url);
  const box = $("share-url");
  box.value = url.href;
  box.hidden = false;
  box.select();
  // Said, not only done: "copied", or the link is there to copy by hand.
  let copied = false;
  try { await navigator.clipboard.writeText(url.href); copied = true; } catch { /* shown to copy by hand */ }
  $("share-note").textContent = t(copied ? "site.play.copied" : "site.play.copy_by_hand");
}

// Open what the address asks for (a shared question or a shipped one); false if it asks for nothing.
async function fromHash() {
  let wanted;
  try {
    wanted = await decode(location.hash);
  } catch (err) {
    setMode("yaml");
    showError(1, err instanceof LinkTooLong ? t("site.play.too_long", { max: MAX_CHARS.toLocaleString(lang) })
                                            : t("site.play.damaged"));
    return true;
  }
  if (wanted?.id) {
    if (!load(wanted.id)) { showError(1, t("site.play.no_shipped", { id: wanted.id })); return true; }
  } else if (wanted?.text != null) {
    await openText(wanted.text);
  } else {
    return false;
  }
  await run();
  // A shared question opens at its answer (its verdict first), not at the top of the builder.
  if (wanted?.text != null && $("error").hidden) $("result").scrollIntoView({ block: "start" });
  return true;
}

// The shipped scenario the address asks for (#s=...), or the example shown beside a new question.
const EXAMPLE = "wrgp/power-bond-handover";

async function wantedId() {
  if (!location.hash) return EXAMPLE;
  try { return (await decode(location.hash))?.id ?? null; } catch { return null; }
}

async function start() {
  const asked = wantedId();
  // Fetched beside the words and the list (an id only of the shipped ones' shape: format/name).
  const answer = asked.then((id) => (/^[a-z-]+\/[A-Za-z0-9_-]+$/.test(id ?? "") ? builtAnswer(id) : null));
  await loaded;
  shipped = await (await fetch("data/scenarios.json")).json();
  const first = early(await asked, answer);
  // One group per format, in the registry's order and named as the verb table names each format.
  for (const { format: fmt, label } of (await loadedTable).formats ?? []) {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const s of shipped.filter((x) => x.format === fmt)) {
      const o = document.createElement("option");
      o.value = s.id;
      o.textContent = `${(s.titles && s.titles[lang]) || s.title} — ${s.rules.join(", ")}`;
      g.append(o);
    }
    pick.append(g);
  }
  await loadedTable;
  builder = new Builder($("builder"), (yaml) => {
    if (mode !== "builder") return;
    if (answered !== null && answered !== yaml) { clearAnswer(); answered = null; }
    src.value = yaml;
    pick.value = "";
    source = null;
    markEdited();
    clearMarks();
  });
  pick.addEventListener("change", () => {
    if (pick.value) { load(pick.value); run(); }
    else { source = null; builder.start(); setMode("builder"); markEdited(); }
  });
  src.addEventListener("input", () => {
    markEdited();
    if (marks.bad || marks.failed.size) clearMarks(); else paintGutter();
  });
  src.addEventListener("scroll", () => { gutter.scrollTop = src.scrollTop; placeMarker(); });
  src.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); run(); }
  });
  $("mode-builder").addEventListener("click", async () => {
    if (mode === "builder") return;
    await openText(src.value);
    if (mode !== "builder") { builder.start(); setMode("builder"); }
  });
  $("mode-yaml").addEventListener("click", () => setMode("yaml"));
  $("run").addEventListener("click", () => { document.body.dataset.userRun = "1"; run(); });
  $("share").addEventListener("click", share);
  addEventListener("hashchange", fromHash);
  ready.then(() => { $("run").disabled = false; }, () => {});
  if (!(await fromHash())) {
    // A new question in the builder; beside it, a shipped example's answer to show what comes back.
    builder.start();
    setMode("builder");
    await example(EXAMPLE);
  }
  await first;
}

start();
