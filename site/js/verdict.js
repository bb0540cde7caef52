// The answer first: a verdict in plain words worded from an outcome object (`rulings run --json`'s
// shape, computed in the page's Python or at build time), each fact with its rule id linked.
// Words: the kit's catalogue (events by their codes, the `site.verdict.*` sentences); cards of the
// catalogue are named in the reader's language whatever language the question wrote them in.
// Every row is built of elements and text nodes (dom.js h): a text, whoever wrote it (a card name,
// a title, a refused step's reason), is shown as written and never read as markup.
import { has, t } from "./i18n.js";
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
const rejectText = (r) => (r.code ? t(r.code, localArgs(r.args || {})) : r.reason);

// The event that put `name` out: the first event naming them whose rule is a loss or an end.
function lossEvent(events, name) {
  const named = (e) => JSON.stringify(e.args ?? {}).includes(`"${name}"`) || (e.text ?? "").includes(name);
  // A settling event naming the loser (both at 0: who took damage last, WRGP-D1/D2) decides it first.
  return events.find((e) => e.args?.loser === name)
    ?? events.find((e) => named(e) && /lose|loss|_outs?$|settle/.test(e.code ?? "") && !/points/.test(e.code ?? ""))
    ?? events.find((e) => named(e) && /los|out/i.test(e.text ?? ""));
}

// How `name` came to 0 LP: the last event that took them from above 0 to 0 (the damage or the
// payment, with the card that did it).
function toZero(events, name) {
  return [...events].reverse().find((e) => e.args?.duelist === name && e.args?.after === 0 && e.args?.before > 0);
}

function howRow(events, name) {
  const e = toZero(events, name);
  return e ? row("how", t("site.verdict.how", { what: eventText(e) }), e.rule) : null;
}

// A row of the verdict: its words (text), then the rule that decided it, linked.
function row(cls, words, rule) {
  return h("li", { class: cls }, words, rule ? [" ", h("span", { class: "why" }, "[", ruleLink(rule), "]")] : null);
}

function wrgp(o) {
  const rows = [];
  const events = o.events ?? [];
  const last = events[events.length - 1];
  if (o.finished) rows.push(row("win", t("site.verdict.wins", { team: o.winner }), last?.rule));
  for (const name of o.out ?? []) {
    const e = lossEvent(events, name);
    rows.push(row("lose", t("site.verdict.lost", { who: name, how: e ? eventText(e) : "" }), e?.rule));
    rows.push(howRow(events, name));
  }
  if (!o.finished) {
    for (const team of ["A", "B"]) {
      const duelist = `${team}${o.duelist?.[team] ?? 1}`;
      const zero = (o.at_zero ?? []).some((z) => z === duelist || z === team);
      rows.push(row("stay", t(zero ? "site.verdict.stays_at_zero" : "site.verdict.stays",
                               { who: duelist, team, lp: o.lp?.[team], spc: o.spc?.[team] ?? 0 }),
                    zero ? "WRGP-D1" : null));
      if (zero) rows.push(howRow(events, duelist));
    }
    // Whose turn is next, and why: the last event that decided it (a resumption, a turn start).
    const why = [...events].reverse().find((e) => /resume|next_turn|goes_first/.test(e.code ?? ""))
      ?? [...events].reverse().find((e) => e.rule === "STD-TURN");
    const turn = o.turn ?? {};
    rows.push(row("next", t("site.verdict.next", {
      n: turn.number, team: turn.player, who: `${turn.player}${o.duelist?.[turn.player] ?? ""}`,
      phase: t(`wrgp.phase.${turn.phase}`),
    }) + (why && why.rule !== "STD-TURN" ? ` — ${eventText(why)}` : ""), why?.rule));
  }
  return rows.filter(Boolean);
}

function tag(o) {
  const rows = [];
  const events = o.events ?? [];
  const last = events[events.length - 1];
  if (o.finished) rows.push(row("win", t("site.verdict.tag_wins", { tag: o.winner }), last?.rule));
  for (const name of o.out ?? []) {
    const e = lossEvent(events, name);
    rows.push(row("lose", t("site.verdict.tag_out", { who: name }), e?.rule ?? "TAG-E1"));
  }
  if (!o.finished) {
    const points = Object.entries(o.points ?? {}).filter(([p]) => !(o.out ?? []).includes(p));
    if (points.length) {
      rows.push(row("stay", t("site.verdict.tag_points", {
        list: points.map(([p, n]) => t("site.verdict.tag_point", { who: p, n })) }), null));
    }
    // The tag that goes first: the last turn start (TAG-N1..N5) or, before any, the match start.
    const why = [...events].reverse().find((e) => /\.(turn_begins|match_begins)$/.test(e.code ?? ""));
    rows.push(row("next", t("site.verdict.tag_next", { n: o.turn, tag: o.first })
                  + (why ? ` — ${eventText(why)}` : ""), why?.rule));
  }
  return rows;
}

// The verdict as list items (elements), from an outcome object.
export function verdictRows(outcome) {
  const rows = outcome.format === "digimon-tag" ? tag(outcome) : wrgp(outcome);
  for (const r of outcome.rejected ?? []) {
    rows.push(row("refused", t("site.verdict.refused", { step: r.step, why: rejectText(r) }), r.rule));
  }
  return rows;
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
