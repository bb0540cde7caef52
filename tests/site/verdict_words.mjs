// node tests/site/verdict_words.mjs DATA_DIR LANG: the pages' wording of verdicts (site/js/verdict.js
// verdictLines, through cards.js localArgs and i18n.js t), without a browser. DATA_DIR holds
// words.<lang>.json and cards.<lang>.json as the build writes them (rulings_lib.webdata.files).
// Reads one JSON list of [verdict, rejected] on stdin; prints, for each, the list of its [class, text, rule].
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";

const [dir, lang] = process.argv.slice(2);
const store = new Map();
globalThis.location = { search: `?lang=${lang}` };
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: [lang] };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => {
  const text = readFileSync(join(dir, basename(new URL(url).pathname)), "utf8");
  return { ok: true, json: async () => JSON.parse(text) };
};
const { loaded } = await import("../../site/js/i18n.js");
const { loadedCards } = await import("../../site/js/cards.js");
const { verdictLines } = await import("../../site/js/verdict.js");
await Promise.all([loaded, loadedCards]);
const input = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(input.map(([v, rejected]) => verdictLines(v, rejected).map((r) => [r.cls, r.text, r.rule]))));
