// The question builder: a scenario made with taps. Its forms come from the kit's verb table
// (data/verbs.<lang>.json, `rulings verbs --json`): the setup's keys and each verb's parameters
// are PARAMs ({name, type, label, help, required, ...}); this file knows the PARAM types, not
// the verbs. Card names come from the catalogue (data/cards.<lang>.json, cards.js): a `card`
// field offers them in the reader's language, matched in either; a card of the catalogue brings
// the choices it asks for and supplies its own numbers. The YAML is written from the form.
import { lang, t } from "./i18n.js";
import { cardName, findCard, kindLabel, loadedCards, matching, otherName } from "./cards.js";
import { h } from "./dom.js";

let table = null;
export const loadedTable = Promise.all([
  fetch(new URL(`../data/verbs.${lang}.json`, import.meta.url)).then((r) => r.json()),
  loadedCards,
]).then(([verbs]) => {
  table = verbs;
  return table;
});

// Elements and text nodes only (dom.js): a card name or a title is never read as markup.
const el = h;

let uid = 0;
const nextId = (name) => `b-${name}-${++uid}`;

// ---------------------------------------------------------------- values
// A default value for a PARAM: what the form starts with (null = left out, for optional ones).
function initial(p, ctx) {
  if (!p.required) return null;                 // left out: the kit's default applies (shown as a hint)
  if (p.default != null) return structuredClone(p.default);
  switch (p.type) {
    case "int": return Math.max(p.min ?? 0, Math.min(p.max ?? 0, p.min ?? 0));
    case "choice": case "team": return p.choices?.[0]?.value ?? null;
    case "player": return players(ctx)[0] ?? null;
    case "bool": return false;
    case "record": return Object.fromEntries(p.params.map((q) => [q.name, initial(q, ctx)]).filter(([, v]) => v != null));
    case "list": return Array.from({ length: p.min_items ?? 0 }, () => initial({ ...p.item, required: true }, ctx));
    case "team_map": return {};
    default: return "";
  }
}

// The tags a format's setup starts with when it has them (the verb table's default of `tags`).
const defaultTags = (format) => format?.setup.find((p) => p.name === "tags")?.default ?? [];

function players(ctx) {
  const tags = ctx.setup?.tags?.length === 2 ? ctx.setup.tags : ctx.defaultTags;
  return tags.flatMap((tag) => [`${tag}-A`, `${tag}-B`]);
}

// ---------------------------------------------------------------- controls
function stepOf(p) {
  const span = (p.max ?? 0) - (p.min ?? 0);
  return span >= 100000 ? 100 : 1;
}

function intControl(p, value, set, label) {
  const id = nextId(p.name);
  // A whole number at or above 0 is typed on the phone's number pad (type=text with inputmode=numeric:
  // type=number opens the full keyboard on some phones); the steppers stay for small changes.
  const pad = (p.min ?? -1) >= 0;
  const input = el("input", pad
    ? { id, type: "text", inputmode: "numeric", pattern: "[0-9]*", enterkeyhint: "done", autocomplete: "off",
        value: value ?? "", "aria-label": label, placeholder: p.default != null ? String(p.default) : undefined }
    : { id, type: "number", inputmode: "numeric", min: p.min, max: p.max, step: stepOf(p),
        value: value ?? "", "aria-label": label, placeholder: p.default != null ? String(p.default) : undefined });
  const clamp = (n) => Math.max(p.min ?? -Infinity, Math.min(p.max ?? Infinity, n));
  input.addEventListener("input", () => {
    if (pad && /[^0-9]|^0\d/.test(input.value)) input.value = input.value.replace(/[^0-9]/g, "").replace(/^0+(?=\d)/, "");
    if (input.value === "" && !p.required) return set(null);
    const n = Math.trunc(Number(input.value));
    if (Number.isFinite(n)) set(clamp(n));
  });
  // A tap on the field selects what it holds: the digits typed replace it (not "01000").
  if (pad) input.addEventListener("focus", () => input.select());
  const bump = (d) => () => {
    // From an empty box the first tap gives the smallest value; then each tap is one step.
    const n = input.value === "" ? clamp(p.min ?? 0) : clamp((Math.trunc(Number(input.value)) || 0) + d * stepOf(p));
    input.value = String(n);
    set(n);
  };
  return el("span", { class: "stepper" },
    el("button", { type: "button", class: "step-down", "aria-label": t("site.builder.less", { what: label }), onclick: bump(-1) }, "−"),
    input,
    el("button", { type: "button", class: "step-up", "aria-label": t("site.builder.more", { what: label }), onclick: bump(1) }, "+"));
}

function choiceControl(p, choices, value, set, label) {
  const options = [...choices];
  if (!p.required) {
    const known = p.default != null && choices.find((c) => c.value === p.default);
    options.unshift({ value: null, label: known ? t("site.builder.default", { value: known.label ?? String(p.default) })
                                              : t("site.builder.unset") });
  }
  if (options.length <= 4) {
    const group = el("span", { class: "seg", role: "group", "aria-label": label });
    for (const c of options) {
      const b = el("button", { type: "button", "aria-pressed": String(c.value === value), "data-value": String(c.value),
                               text: c.label ?? String(c.value) });
      b.addEventListener("click", () => {
        for (const o of group.children) o.setAttribute("aria-pressed", String(o === b));
        set(c.value);
      });
      group.append(b);
    }
    return group;
  }
  const select = el("select", { "aria-label": label });
  options.forEach((c, i) => {
    const o = el("option", { value: String(i), text: c.label ?? String(c.value) });
    if (c.value === value) o.selected = true;
    select.append(o);
  });
  select.addEventListener("change", () => set(options[Number(select.value)].value));
  return select;
}

function textControl(p, value, set, label) {
  const input = el("input", { type: "text", value: value ?? "", maxlength: p.max_len ?? 200, "aria-label": label,
                              autocomplete: "off" });
  input.addEventListener("input", () => set(input.value === "" && !p.required ? null : input.value));
  return input;
}

// A card name: typed (in either language) or picked from the catalogue's cards of the format,
// listed under the field in the reader's language with the other language's name and the kind.
// What a known card does is shown under it. Free text stays allowed (a card described by hand).
const SHORT = 6;
let combos = 0;
function cardControl(p, value, set, label, ctx) {
  const id = `b-cards-${++combos}`;
  const wrap = el("div", { class: "combo" });
  const input = el("input", { type: "text", role: "combobox", value: value ?? "", maxlength: p.max_len ?? 200,
                              "aria-label": label, "aria-autocomplete": "list", "aria-expanded": "false",
                              "aria-controls": `${id}-list`, autocomplete: "off", autocapitalize: "off",
                              spellcheck: "false", enterkeyhint: "done", placeholder: t("site.builder.card_hint") });
  const list = el("ul", { id: `${id}-list`, class: "cards", role: "listbox", "aria-label": label, hidden: true });
  const more = el("button", { type: "button", class: "more", hidden: true });
  const about = el("p", { class: "card-does", hidden: true });
  let all = false, active = -1, shown = [];

  // A card of the catalogue: what it does. A name outside it: said so, and that the step's own
  // numbers describe what it does (the engine plays it as described).
  const describe = () => {
    const c = findCard(input.value, ctx.format);
    const typed = input.value.trim() !== "";
    about.hidden = !c && !typed;
    about.classList.toggle("unknown", !c && typed);
    about.textContent = c ? `${kindLabel(c)}: ${c.does?.[lang] ?? c.does?.en ?? ""}`
      : typed ? t("site.builder.not_in_catalogue") : "";
    wrap.dataset.card = c?.id ?? "";
  };
  const close = () => {
    list.hidden = true;
    more.hidden = true;
    all = false;
    active = -1;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  };
  const commit = () => {
    const v = input.value.trim();
    set(v === "" && !p.required ? null : v);
    describe();
  };
  const choose = (c) => {
    input.value = cardName(c);
    close();
    commit();
  };
  // The cards matching what is typed; every card when the field holds one already (to pick another).
  const open = (typed = true) => {
    const found = matching(!typed && findCard(input.value, ctx.format) ? "" : input.value, ctx.format);
    shown = all ? found : found.slice(0, SHORT);
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.replaceChildren(...shown.map((c, i) => el("li", {
      id: `${id}-${i}`, role: "option", tabindex: "-1", "aria-selected": "false", "data-card": c.id,
      onclick: () => choose(c),
    }, el("span", { class: "cn", text: cardName(c) }), el("span", { class: "co", text: `${otherName(c)} · ${kindLabel(c)}` }))));
    list.hidden = shown.length === 0;
    input.setAttribute("aria-expanded", String(!list.hidden));
    more.hidden = shown.length >= found.length;
    more.textContent = t("site.builder.cards_all", { n: found.length });
  };
  const move = (d) => {
    if (list.hidden) open();
    if (!shown.length) return;
    active = (active + d + shown.length) % shown.length;
    [...list.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === active)));
    input.setAttribute("aria-activedescendant", `${id}-${active}`);
    list.children[active].scrollIntoView({ block: "nearest" });
  };
  input.addEventListener("focus", () => open(false));
  input.addEventListener("input", () => { commit(); open(); });
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") { e.preventDefault(); move(e.key === "ArrowDown" ? 1 : -1); }
    else if (e.key === "Enter" && active >= 0 && !list.hidden) { e.preventDefault(); choose(shown[active]); }
    else if (e.key === "Escape") close();
  });
  // A tap on the list keeps the focus in the field (the list stays until a card is chosen).
  list.addEventListener("mousedown", (e) => e.preventDefault());
  // "Show all": the focus goes back to the field first, so that the button, hidden once every card
  // is listed, takes no focus away with it (a focusout that closed the list).
  more.addEventListener("mousedown", (e) => e.preventDefault());
  more.addEventListener("click", () => { all = true; input.focus({ preventScroll: true }); open(false); });
  wrap.addEventListener("focusout", (e) => { if (!wrap.contains(e.relatedTarget)) close(); });
  wrap.append(input, list, more, about);
  describe();
  return wrap;
}

function boolControl(p, value, set, label) {
  const input = el("input", { type: "checkbox", "aria-label": label });
  input.checked = !!value;
  input.addEventListener("change", () => set(input.checked));
  return input;
}

// One field: its label, its help (visible: there are no tooltips on touch) and its control.
function field(p, value, set, ctx, path) {
  const label = p.label || p.name;
  const wrap = el("div", { class: `field f-${p.type}`, "data-param": path });
  const head = el("span", { class: "flabel", text: label });
  wrap.append(head);
  if (p.help) wrap.append(el("span", { class: "fhelp", text: p.help }));
  wrap.append(control(p, value, set, ctx, path, label));
  return wrap;
}

function control(p, value, set, ctx, path, label) {
  switch (p.type) {
    case "int": return intControl(p, value, set, label);
    case "choice": case "team": return choiceControl(p, p.choices ?? [], value, set, label);
    case "player": return choiceControl(p, players(ctx).map((v) => ({ value: v, label: v })), value, set, label);
    case "bool": return boolControl(p, value, set, label);
    case "record": return recordControl(p, value, set, ctx, path);
    case "list": return listControl(p, value, set, ctx, path, label);
    case "team_map": return teamMapControl(p, value, set, ctx, path);
    case "card": return cardControl(p, value, set, label, ctx);
    default: return textControl(p, value, set, label);
  }
}

// A record's fields. Its first `card` field, when it names a card of the catalogue, decides the
// others: the choices the card asks for (its PARAMs, e.g. Power Bond's `summon`) are shown in the
// card's words, and the optional fields without a default that the card does not ask for (the
// numbers it supplies: amounts, effects, kind, Spell Speed, other choices) are left out and
// dropped when the card is chosen. Values are kept in `v`; `changed()` after each change.
const SUPPLIED = new Set(["int", "record", "choice", "card", "text", "list"]);

function recordFields(params, v, changed, ctx, path) {
  const box = el("div", { class: "record" });
  const lead = params.find((q) => q.type === "card");
  const slots = new Map(params.map((q) => [q.name, el("div", { class: "slot" })]));
  let extra = [];
  let known = lead ? findCard(v[lead.name], ctx.format) : null;
  box.append(...slots.values());

  const put = (q) => field(q, v[q.name] ?? null, (x) => {
    if (x == null) delete v[q.name]; else v[q.name] = x;
    if (q === lead) {
      const now = findCard(x, ctx.format);
      if (now !== known) { known = now; fill(true); }
    }
    changed(q.name);
  }, ctx, `${path}.${q.name}`);

  // Every slot but the lead card's own (its field keeps the focus while a name is typed).
  const fill = (chosen) => {
    const asks = new Map((known?.choices ?? []).map((c) => [c.name, c]));
    for (const q of params) {
      if (q === lead && slots.get(q.name).firstChild) continue;
      const slot = slots.get(q.name);
      slot.replaceChildren();
      if (q !== lead && known && asks.has(q.name)) {
        const c = asks.get(q.name);
        slot.append(put({ ...q, ...c, type: q.type === "card" ? "card" : c.type }));
      } else if (q !== lead && known && !q.required && q.default == null && SUPPLIED.has(q.type)
                 && (chosen || v[q.name] == null)) {
        delete v[q.name];                 // the card supplies it
      } else {
        slot.append(put(q));
      }
    }
    for (const e of extra) e.remove();
    extra = [...asks.values()].filter((c) => !slots.has(c.name)).map((c) => put(c));
    box.append(...extra);
  };
  fill(false);
  return box;
}

function recordControl(p, value, set, ctx, path) {
  const box = el("div", { class: "recwrap" });
  const draw = () => {
    box.replaceChildren();
    if (!p.required && value == null) {
      box.append(el("button", { type: "button", class: "add", text: t("site.builder.set", { what: p.label || p.name }),
                                onclick: () => { value = initial({ ...p, required: true }, ctx); set(value); draw(); } }));
      return;
    }
    const v = value ?? {};
    value = v;
    box.append(recordFields(p.params, v, (name) => {
      set(v);
      if (path === "setup" && name === "tags") ctx.redraw?.();
    }, ctx, path));
    if (!p.required) {
      box.append(el("button", { type: "button", class: "remove", text: t("site.builder.unset_what", { what: p.label || p.name }),
                                onclick: () => { value = null; set(null); draw(); } }));
    }
  };
  draw();
  return box;
}

function listControl(p, value, set, ctx, path, label) {
  const box = el("div", { class: "list" });
  const items = Array.isArray(value) ? value : [];
  const draw = () => {
    box.replaceChildren();
    items.forEach((item, i) => {
      const row = el("div", { class: "item" });
      row.append(control({ ...p.item, required: true, label: `${label} ${i + 1}` }, item, (x) => { items[i] = x; set(items); },
                         ctx, `${path}[${i}]`, `${label} ${i + 1}`));
      if (items.length > (p.min_items ?? 0)) {
        row.append(el("button", { type: "button", class: "remove", "aria-label": t("site.builder.remove_item", { n: i + 1 }),
                                  text: "✕", onclick: () => { items.splice(i, 1); set(items.length || p.required ? items : null); draw(); } }));
      }
      box.append(row);
    });
    if (items.length < (p.max_items ?? 100)) {
      box.append(el("button", { type: "button", class: "add", text: t("site.builder.add_item", { what: label }),
                                onclick: () => { items.push(initial({ ...p.item, required: true }, ctx)); set(items); draw(); } }));
    }
  };
  draw();
  return box;
}

// The keys of a team_map: its own choices (the format's teams) when the verb table gives them, else the
// match's players (docs/contracts.md).
function mapKeys(p, ctx) {
  if (p.choices?.length) return p.choices.map((c) => [c.value, c.label ?? String(c.value)]);
  return players(ctx).map((x) => [x, x]);
}

function teamMapControl(p, value, set, ctx, path) {
  const box = el("div", { class: "teammap" });
  const v = value ?? {};
  for (const [team, name] of mapKeys(p, ctx)) {
    const label = `${p.label || p.name} ${name}`;
    box.append(field({ ...p.value, required: false, label }, v[team] ?? null, (x) => {
      if (x == null) delete v[team]; else v[team] = x;
      set(Object.keys(v).length ? v : null);
    }, ctx, `${path}.${team}`));
  }
  return box;
}

// ---------------------------------------------------------------- YAML
const PLAIN = /^[A-Za-z_][A-Za-z0-9_ .\-']*$/;
const RESERVED = /^(y|n|yes|no|on|off|true|false|null|~)$/i;

// Double quotes as JSON writes them, and as escapes what JSON leaves as it is but YAML reads otherwise:
// DEL and the C1 controls (NEL is a line break to YAML), the line and paragraph separators, the BOM
// and the non-characters U+FFFE and U+FFFF (tests/test_builder_yaml.py reads every kind back).
const YAML_RAW = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;
const quoted = (s) => JSON.stringify(s).replace(YAML_RAW, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));

function scalar(v) {
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (v == null) return "null";
  const s = String(v);
  return PLAIN.test(s) && !RESERVED.test(s) && !/ $/.test(s) ? s : quoted(s);
}

function flow(v) {
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`;
  if (v && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${scalar(k)}: ${flow(x)}`).join(", ")}}`;
  return scalar(v);
}

export function toYaml(q) {
  const lines = [`format: ${q.format}`];
  if (q.title) lines.push(`title: ${scalar(q.title)}`);
  const setup = Object.entries(q.setup ?? {}).filter(([, v]) => v != null);
  if (setup.length) {
    lines.push("setup:");
    for (const [k, v] of setup) lines.push(`  ${k}: ${flow(v)}`);
  }
  lines.push("steps:");
  if (!q.steps.length) lines[lines.length - 1] = "steps: []";
  for (const s of q.steps) lines.push(`  - ${s.verb}: ${flow(s.value)}`);
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------- the builder
// PARAMs named "at.turn", "at.lp"... as one optional record "at" holding them (as setup nests).
function nest(params) {
  const out = [], groups = new Map();
  for (const p of params) {
    const dot = p.name.indexOf(".");
    if (dot < 0) { out.push(p); continue; }
    const head = p.name.slice(0, dot);
    if (!groups.has(head)) {
      const g = { name: head, type: "record", required: false, default: null, label: t(`site.builder.group.${head}`),
                  help: "", params: [] };
      groups.set(head, g);
      out.push(g);
    }
    groups.get(head).params.push({ ...p, name: p.name.slice(dot + 1) });
  }
  return out;
}

// shape: record -> {param: value}; scalar and list -> the value of the verb's one parameter; empty -> {}.
function verbValue(v, values) {
  if (v.shape === "empty") return {};
  if (v.shape === "scalar" || v.shape === "list") return values[v.params[0].name] ?? (v.shape === "list" ? [] : null);
  return values;
}

function verbValues(v, value) {
  if (v.shape === "record") return value ?? {};
  if (v.shape === "empty") return {};
  return { [v.params[0].name]: value };
}

// A verb's form (its PARAMs from the verb table), the question builder's and the tracker's "activate a card".
export function verbForm(v, ctx, step, onchange) {
  if (v.shape === "empty") return el("p", { class: "muted", text: t("site.builder.nothing_to_set") });
  const params = v.params.map((p) => (v.shape === "record" ? p : { ...p, required: true }));
  const values = verbValues(v, step.value);
  return recordFields(params, values, () => {
    step.value = verbValue(v, values);
    onchange();
  }, ctx, `steps.${v.name}`);
}

export class Builder {
  constructor(root, onchange) {
    this.root = root;
    this.onchange = onchange;
    this.q = null;
  }

  get formats() { return table?.formats ?? []; }
  format() { return this.formats.find((f) => f.format === this.q.format); }
  ctx() {
    return { setup: this.q.setup, format: this.q.format, defaultTags: defaultTags(this.format()), redraw: () => this.draw() };
  }

  // A new, empty question of a format (the verb table's first, the registry's first, when none is named).
  start(format = this.formats[0]?.format) {
    this.q = { format, title: "", setup: {}, steps: [] };
    this.draw();
    this.changed();
  }

  // Load a question (from YAML read by the kit): true if every key and step fits the forms.
  load(data) {
    const f = this.formats.find((x) => x.format === data?.format);
    if (!f) return false;
    const keys = new Set(nest(f.setup).map((p) => p.name));
    const verbs = new Map(f.verbs.map((v) => [v.name, v]));
    if (Object.keys(data).some((k) => !["format", "title", "setup", "steps"].includes(k))) return false;
    if (Object.keys(data.setup ?? {}).some((k) => !keys.has(k))) return false;
    const steps = [];
    for (const s of data.steps ?? []) {
      const [verb, ...more] = Object.keys(s);
      if (more.length || !verbs.has(verb)) return false;
      steps.push({ verb, value: s[verb] });
    }
    // A title per language ({en, ja}) reads as the page's language.
    const title = data.title && typeof data.title === "object" ? (data.title[lang] ?? data.title.en ?? "") : data.title;
    this.q = { format: data.format, title: title ?? "", setup: data.setup ?? {}, steps };
    this.draw();
    this.changed();
    return true;
  }

  yaml() { return toYaml(this.q); }
  changed() { this.onchange?.(this.yaml()); }

  draw() {
    const f = this.format();
    const ctx = this.ctx();
    const root = this.root;
    root.replaceChildren();
    // The format.
    const fmt = el("div", { class: "field" }, el("span", { class: "flabel", text: t("site.builder.format") }));
    fmt.append(choiceControl({ required: true }, this.formats.map((x) => ({ value: x.format, label: x.label })), this.q.format,
                             (v) => { if (v !== this.q.format) this.start(v); }, t("site.builder.format")));
    root.append(fmt);
    const title = el("input", { type: "text", value: this.q.title, maxlength: 200, "aria-label": t("site.builder.title"),
                                placeholder: t("site.builder.title_hint") });
    title.addEventListener("input", () => { this.q.title = title.value; this.changed(); });
    root.append(el("label", { class: "field" }, el("span", { class: "flabel", text: t("site.builder.title") }), title));
    // The moment: the setup's PARAMs.
    // The setup's PARAMs are its keys and setup.at's (named "at.turn", ...): grouped as they nest.
    const moment = el("fieldset", { class: "moment" }, el("legend", { text: t("site.builder.moment") }));
    moment.append(recordControl({ name: "setup", type: "record", required: true, params: nest(f.setup) }, this.q.setup,
                                (v) => { this.q.setup = v; this.changed(); }, ctx, "setup"));
    root.append(moment);
    // The steps.
    const steps = el("fieldset", { class: "steps" }, el("legend", { text: t("site.builder.steps") }));
    const verbs = new Map(f.verbs.map((v) => [v.name, v]));
    this.q.steps.forEach((step, i) => {
      const v = verbs.get(step.verb);
      const card = el("div", { class: "step", "data-verb": step.verb });
      const head = el("div", { class: "step-head" },
        el("b", { text: `${i + 1}. ${v.label}` }),
        el("button", { type: "button", class: "remove", "aria-label": t("site.builder.remove_step", { n: i + 1 }), text: "✕",
                       onclick: () => { this.q.steps.splice(i, 1); this.draw(); this.changed(); } }));
      card.append(head);
      if (v.help) card.append(el("p", { class: "fhelp", text: v.help }));
      card.append(verbForm(v, ctx, step, () => this.changed()));
      steps.append(card);
    });
    const add = el("select", { id: "add-step", "aria-label": t("site.builder.add_step") },
                   el("option", { value: "", text: t("site.builder.add_step") }),
                   ...f.verbs.map((v) => el("option", { value: v.name, text: v.label })));
    add.addEventListener("change", () => {
      const v = verbs.get(add.value);
      if (!v) return;
      const params = v.shape === "record" ? v.params : v.params.map((p) => ({ ...p, required: true }));
      const values = Object.fromEntries(params.map((p) => [p.name, initial(p, ctx)]).filter(([, x]) => x != null));
      if (v.shape === "list" && !values[params[0].name]?.length) {
        values[params[0].name] = [initial({ ...params[0].item, required: true }, ctx)];
      }
      const value = verbValue(v, values);
      this.q.steps.push({ verb: v.name, value });
      this.draw();
      this.changed();
      this.root.querySelector(".step:last-of-type")?.scrollIntoView({ block: "nearest" });
    });
    steps.append(el("label", { class: "field add-step" }, add));
    root.append(steps);
  }
}
