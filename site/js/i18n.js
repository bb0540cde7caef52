// The site's words in English or Japanese: the kit's own catalogue (rulings_lib/i18n/*.json, the
// `site` domain for the pages' words), written by the build to data/words.<lang>.json.
// The language: ?lang= in the address, else the one chosen before (kept in this browser), else the
// browser's. Every page has a switch in the site bar; the choice is kept, so links between pages keep it.
export const LANGS = ["en", "ja"];
const KEY = "rulings-kit.lang";

function chosen() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) {
    try { localStorage.setItem(KEY, asked); } catch { /* private mode: this page only */ }
    return asked;
  }
  let kept = null;
  try { kept = localStorage.getItem(KEY); } catch { /* no storage */ }
  if (LANGS.includes(kept)) return kept;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const l of browser) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export const lang = chosen();
document.documentElement.lang = lang;

const load = (l) => fetch(new URL(`../data/words.${l}.json`, import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`data/words.${l}.json: HTTP ${r.status}`);
  return r.json();
});
let table = {}, english = {};
export const loaded = Promise.all([load(lang), lang === "en" ? null : load("en")]).then(([mine, en]) => {
  table = mine;
  english = en ?? mine;
});

const SEP = { en: ", ", ja: "、" };

// A text data gives in each language ({en, ja}: a card's words), as rulings_lib.i18n reads it.
export const bilingual = (v) => "en" in v && Object.keys(v).every((k) => k === "en" || k === "ja");

function show(value) {
  if (value && typeof value === "object" && !Array.isArray(value) && typeof value.code === "string" && "args" in value) {
    return t(value.code, value.args);
  }
  if (Array.isArray(value)) return value.map(show).join(SEP[lang]);
  if (value && typeof value === "object" && bilingual(value)) return String(value[lang] || value.en);
  if (value === true || value === false) return String(value);
  if (value == null) return "null";
  return String(value);
}

// The text of `code` with `args` filled in ({name} placeholders, {{ and }} for braces); a nested
// {code, args} is a message in the same language; a list is joined; a text given in each language
// ({en, ja}) is the page's. Missing in Japanese: English.
// A `count` argument chooses the singular (`CODE_one`, English only; Japanese has none) as the
// kit's catalogue does (rulings_lib/i18n plural_form).
export function t(code, args = {}) {
  if (lang === "en" && args?.count === 1 && (code + "_one") in english) code += "_one";
  const text = table[code] ?? english[code];
  if (text == null) {
    console.warn(`no words for ${code}`);
    return code;
  }
  const said = text.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, name) =>
    m === "{{" ? "{" : m === "}}" ? "}" : show(args?.[name]));
  return lang === "en" || !said.includes("-") ? said : namedReadings(said);
}

// Outside English a Reading is shown by its name, never its id, as rulings_lib.i18n does
// (named_readings): the catalogue's `readings.<id>` codes (the id's hyphens written as underscores).
let readingId = null;
const READING = "readings.";
const readingName = (id) => "「" + t(READING + id.replace(/-/g, "_")).replace(/「/g, "『").replace(/」/g, "』") + "」";

function namedReadings(text) {
  if (readingId === null) {
    const ids = Object.keys(english).filter((c) => c.startsWith(READING))
      .map((c) => c.slice(READING.length).replace(/_/g, "-")).sort((a, b) => b.length - a.length);
    if (!ids.length) return text;          // (the words are not loaded yet)
    readingId = new RegExp(" ?(?<![A-Za-z0-9_-])(" + ids.map((i) => i.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")
                           + ")(?![A-Za-z0-9_-])", "g");
  }
  return text.replace(readingId, (m, id) => readingName(id));
}

export const has = (code) => code in table || code in english;

// A code's text in Japanese whatever the page's language (the FAQ page holds both): the
// Japanese table is the page's when the page is Japanese, else it is not loaded: English then.
export const tIn = (l, code) => (l === lang ? t(code) : english[code] ?? code);

// Elements marked data-t="code" get the words; data-t-label / data-t-title / data-t-placeholder
// give an attribute (aria-label, title, placeholder) its words.
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const [data, attr] of [["tLabel", "aria-label"], ["tTitle", "title"], ["tPlaceholder", "placeholder"],
                              ["tContent", "content"]]) {
    const sel = "[data-" + data.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()) + "]";
    for (const el of root.querySelectorAll(sel)) el.setAttribute(attr, t(el.dataset[data]));
  }
  const title = document.querySelector("title[data-t]");
  if (title) document.title = t(title.dataset.t);
}

export function switchTo(l) {
  if (!LANGS.includes(l) || l === lang) return;
  try { localStorage.setItem(KEY, l); } catch { /* no storage */ }
  const url = new URL(location.href);
  url.searchParams.set("lang", l);
  location.replace(url.href);
}
