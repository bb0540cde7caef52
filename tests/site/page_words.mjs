// node tests/site/page_words.mjs DATA_DIR LANG WHAT: the pages' wording, without a browser (site/js/
// verdict.js, through cards.js localArgs and i18n.js t). DATA_DIR holds words.<lang>.json and
// cards.<lang>.json as the build writes them (rulings_lib.webdata.files). Reads one JSON list on stdin:
//   WHAT = events:   {code, args} each (events and refusals); prints the list of their texts;
//   WHAT = verdicts: [verdict, rejected] each; prints, for each, the list of its [class, text, rule];
//   WHAT = messages: {code, args} each, worded by i18n.js t alone; prints the list of their texts.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";

const [dir, lang, what] = process.argv.slice(2);
const store = new Map();
globalThis.location = { search: `?lang=${lang}` };
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
globalThis.navigator = { languages: [lang] };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => {
  const text = readFileSync(join(dir, basename(new URL(url).pathname)), "utf8");
  return { ok: true, json: async () => JSON.parse(text) };
};
const { loaded, t } = await import("../../site/js/i18n.js");
const { loadedCards } = await import("../../site/js/cards.js");
const { eventText, verdictLines } = await import("../../site/js/verdict.js");
await Promise.all([loaded, loadedCards]);
const input = JSON.parse(readFileSync(0, "utf8"));
const words = {
  events: (e) => eventText(e),
  verdicts: ([v, rejected]) => verdictLines(v, rejected).map((r) => [r.cls, r.text, r.rule]),
  messages: (m) => t(m.code, m.args),
}[what];
if (!words) throw new Error(`WHAT must be events, verdicts or messages, not ${what}`);
process.stdout.write(JSON.stringify(input.map(words)));
