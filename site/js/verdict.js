// The answer first: the engine's verdict (the outcome's `verdict`, `rulings run --json`'s shape,
// computed in the page's Python or at build time) in plain words, each fact with its rule id linked.
// Words: the kit's catalogue (the verdict's rows by their codes); cards of the catalogue are named in
// the reader's language whatever language the question wrote them in.
// Every row is built of elements and text nodes (dom.js h): a text, whoever wrote it (a card name,
// a title, a refused step's reason), is shown as written and never read as markup.
import { has, lang, t } from "./i18n.js";
import { localArgs } from "./cards.js";
import { h } from "./dom.js";

const RULE_ID = /^[A-Z]+-[A-Z0-9]+$/;

export function ruleLink(id) {
  return RULE_ID.test(id) ? h("a", { class: "rule", href: `faq.html#rule-${id}` }, id) : String(id);
}

// Rule ids in a text ([WRGP-D1]) link to the FAQ's rules reference: the text as a list of strings
// (shown as text) and links, for h() or dom.js append().
export function linkRules(text) {
  const out = [];
  const s = String(text ?? "");
  const re = /\[([A-Z]+-[A-Z0-9]+)\]/g;
  let at = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    out.push(s.slice(at, m.index) + "[", ruleLink(m[1]), "]");
    at = m.index + m[0].length;
  }
  out.push(s.slice(at));
  return out;
}

export const eventText = (e) => (e.code ? t(e.code, localArgs(e.args || {})) : e.text);

// The verdict is the engine's (rulings_lib/verdict.py: the outcome's `verdict`): who lost
// and by which rule, who stays in, the pending handovers and what the incoming duelists inherit,
// whose turn is next and why, the Readings relied on. The page decides nothing: it words each row
// by its code and arguments with the kit's catalogue, as `rulings run` prints it, rule linked.
const CLASS = { lost: "lose", stays: "stay", won: "win" };     // a row's kind -> its list item's class

// A Reading a quoted message cites by its id, named by its title in the page's language (as
// rulings_lib.verdict.titled does: the same catalogue, readings.<id> with underscores).
const CITED = /(reading |解釈 ?)([a-z0-9]+(?:-[a-z0-9]+)+)/g;
export function titled(text) {
  return String(text).replace(CITED, (m, p, id) => {
    const code = `readings.${id.replace(/-/g, "_")}`;
    if (!has(code)) return m;
    return lang === "ja" ? `${p}「${t(code)}」` : `${p}“${t(code)}”`;
  });
}

// The verdict as plain lines: {cls, text, rule} (the Node tests compare them with the CLI's); the
// outcome's refused steps among them (`rejected`), then the Readings it relied on, by their titles.
export function verdictLines(verdict, rejected = []) {
  const out = (verdict?.rows ?? []).map((r) => ({
    cls: CLASS[r.kind] ?? r.kind, text: titled(t(r.code, localArgs(r.args || {}))), rule: r.rule ?? null,
  }));
  for (const r of rejected ?? []) {
    const why = r.code ? { code: r.code, args: r.args || {} } : r.reason;
    out.push({ cls: "refused", text: titled(t("verdict.refused", localArgs({ step: r.step, why }))), rule: r.rule });
  }
  for (const r of verdict?.readings ?? []) {
    const title = { code: `readings.${r.id.replace(/-/g, "_")}`, args: {} };
    out.push({ cls: "reading", text: t("verdict.reading", { title, rule: r.rule }), rule: null });
  }
  return out;
}

// A row of the verdict: its words (text), then the rule that decided it, linked.
function row(cls, words, rule) {
  return h("li", { class: cls }, words, rule ? [" ", h("span", { class: "why" }, "[", ruleLink(rule), "]")] : null);
}

// The verdict as list items (elements), from an outcome object (its `verdict`).
export function verdictRows(outcome) {
  return verdictLines(outcome?.verdict, outcome?.rejected).map((r) => row(r.cls, r.text, r.rule));
}

// ---------------------------------------------------------------- expectations as readable rows
function words(key, value) {
  if (value == null) return t("site.value.none");
  if (key === "turn" && typeof value === "object" && !Array.isArray(value)) {
    return t("site.value.turn", { n: value.number, team: value.player,
                                  phase: value.phase ? t(`wrgp.phase.${value.phase}`) : "" });
  }
  if (key === "rejected" && Array.isArray(value)) {
    if (!value.length) return t("site.value.none");
    return value.map((r) => t("site.value.rejected", { step: r.step, rule: r.rule })).join(t("site.value.sep"));
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => words("", v)).join(t("site.value.sep")) : t("site.value.none");
  if (typeof value === "object") {
    const parts = Object.entries(value).map(([k, v]) => `${k}: ${words(k, v)}`);
    return parts.length ? parts.join(t("site.value.sep")) : t("site.value.none");
  }
  if (value === true) return t("site.value.yes");
  if (value === false) return t("site.value.no");
  return String(value);
}

function keyLabel(key) {
  const code = `site.key.${key}`;
  return has(code) ? t(code) : key;
}

// The checks as list items (elements).
export function checkRows(checks) {
  return checks.map((c) => {
    const label = h("b", {}, keyLabel(c.key));
    if (c.ok) return h("li", { class: "ok" }, h("span", { "aria-hidden": "true" }, "✓"), " ", label, ": ", words(c.key, c.actual));
    return h("li", { class: "no" }, h("span", { "aria-hidden": "true" }, "✗"), " ", label,
             c.line ? ` (${t("site.play.line", { n: c.line })})` : "", ": ",
             t("site.check.expected_got", { expected: words(c.key, c.expected), actual: words(c.key, c.actual) }));
  });
}
