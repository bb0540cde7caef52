// The card catalogue as the pages use it (data/cards.<lang>.json, written by the build from
// `rulings cards --json`): a card found by any of its names (English, Japanese, the rulebooks'
// spellings), matched as the kit matches them (rulings_lib.cards.fold: NFKC, case, spaces,
// punctuation and symbols ignored), and named in the reader's language.
import { has, lang, t } from "./i18n.js";

export const fold = (name) => String(name ?? "").normalize("NFKC").toLowerCase().replace(/[\p{P}\p{Z}\p{S}]/gu, "");

const formats = new Map();        // format -> [card, ...] in the catalogue's order
const index = new Map();          // format -> Map(folded name -> card)

export const loadedCards = fetch(new URL(`../data/cards.${lang}.json`, import.meta.url))
  .then((r) => (r.ok ? r.json() : { formats: [] }))
  .catch(() => ({ formats: [] }))
  .then((data) => {
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

// Event arguments with every card of the catalogue named in the reader's language (nested
// messages and lists included).
export function localArgs(value) {
  if (typeof value === "string") return localName(value);
  if (Array.isArray(value)) return value.map(localArgs);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "code" ? v : localArgs(v)]));
  }
  return value;
}
