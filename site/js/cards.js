// The card catalogue as the pages use it (data/cards.<lang>.json, written by the build from
// `rulings cards --json`): a card found by any of its names (English, Japanese, the rulebooks'
// spellings), matched as the kit matches them (rulings_lib.cards.fold: NFKC, case, spaces,
// punctuation and symbols ignored), and named in the reader's language.
import { bilingual, has, lang, t } from "./i18n.js";

// Python's case folding where it is not the lower case (ß -> ss, ς -> σ), shipped with the cards
// (rulings_lib.cards.case_folds): JavaScript has lower case only. tests/test_name_folding.py holds
// this fold to Python's over every kind of input.
const caseFolds = new Map();
export const setCaseFolds = (table) => {
  caseFolds.clear();
  for (const [ch, folded] of Object.entries(table ?? {})) caseFolds.set(ch, folded);
};
export const fold = (name) => {
  let out = "";
  for (const ch of String(name ?? "").normalize("NFKC")) out += caseFolds.get(ch) ?? ch.toLowerCase();
  return out.replace(/[\p{P}\p{Z}\p{S}]/gu, "");
};

const formats = new Map();        // format -> [card, ...] in the catalogue's order
const index = new Map();          // format -> Map(folded name -> card)

export const loadedCards = fetch(new URL(`../data/cards.${lang}.json`, import.meta.url))
  .then((r) => (r.ok ? r.json() : { formats: [] }))
  .catch(() => ({ formats: [] }))
  .then((data) => {
    setCaseFolds(data.case_folds);
    for (const f of data.formats ?? []) {
      const byName = new Map();
      for (const c of f.cards ?? []) {
        for (const n of names(c)) if (fold(n) && !byName.has(fold(n))) byName.set(fold(n), c);
      }
      formats.set(f.format, f.cards ?? []);
      index.set(f.format, byName);
    }
  });

export const names = (c) => [c.name?.en, c.name?.ja, ...(c.aliases ?? [])].filter(Boolean);
export const cardsOf = (format) => formats.get(format) ?? [];

// The card a name names (in `format`, or in any format when none is given); null when unknown.
export function findCard(name, format = null) {
  if (typeof name !== "string" || !fold(name)) return null;
  const key = fold(name);
  if (format) return index.get(format)?.get(key) ?? null;
  for (const byName of index.values()) if (byName.has(key)) return byName.get(key);
  return null;
}

export const cardName = (c, l = lang) => c.name?.[l] || c.name?.en;
export const otherName = (c) => cardName(c, lang === "ja" ? "en" : "ja");

// A name as the reader reads it: a card of the catalogue by its name in the page's language,
// anything else as written.
export const localName = (name, format = null) => {
  const c = findCard(name, format);
  return c ? cardName(c) : name;
};

export function kindLabel(c) {
  const code = `wrgp.kind.${String(c.kind ?? "").toLowerCase().replace(/[^a-z]+/g, "_")}`;
  return has(code) ? t(code) : c.kind ?? "";
}

// The cards of `format` whose names hold what was typed: those starting with it first, then the
// others in the catalogue's order; every card for an empty query.
export function matching(query, format) {
  const q = fold(query);
  const cards = cardsOf(format);
  if (!q) return [...cards];
  const rank = (c) => {
    const keys = names(c).map(fold);
    if (keys.some((k) => k.startsWith(q))) return 0;
    if (keys.some((k) => k.includes(q))) return 1;
    return 2;
  };
  return cards.map((c, i) => [rank(c), i, c]).filter(([r]) => r < 2).sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , c]) => c);
}

// Message arguments that hold a card's name (rulings_lib.cards.CARD_ARGS), and a card given by its
// number (St-220, Bo-20v) or passcode, which is a number, not a name.
const CARD_ARGS = new Set(["card", "cards", "monster", "source"]);
const NUMBER = /^(?:[A-Za-z]{1,4}-\d+[A-Za-z]?|\d+)$/;

// A card's name as running text writes it: in Japanese between 「」 (rulings_lib.cards.quoted).
export const quoted = (name) => (lang !== "ja" || !name || (name.startsWith("「") && name.endsWith("」")) ? name : `「${name}」`);

// A name in a sentence (rulings_lib.cards.in_text): a catalogue card by its name in the page's
// language, as a card's name is written; with `card`, any other name too, but not a number.
export function inText(name, card = false) {
  const c = findCard(name);
  if (c) return quoted(cardName(c));
  // A later copy of a card in a match, NAME #N (rulings_lib.cards.in_text).
  const copy = typeof name === "string" ? /^(.*\S)\s*#(\d{1,4})$/.exec(name) : null;
  const base = copy ? findCard(copy[1]) : null;
  if (base) return `${quoted(cardName(base))} #${copy[2]}`;
  if (card && typeof name === "string" && !NUMBER.test(name.trim())) return quoted(name);
  return name;
}

// Event arguments with every card named as the reader reads it (rulings_lib.cards.local_args):
// nested messages and lists included, a text given in both languages left as it is.
export function localArgs(value, key = null) {
  if (typeof value === "string") return inText(value, CARD_ARGS.has(key));
  if (Array.isArray(value)) return value.map((v) => localArgs(v, key));
  if (value && typeof value === "object") {
    if (bilingual(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "code" ? v : localArgs(v, k)]));
  }
  return value;
}
