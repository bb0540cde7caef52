// node tests/site/fold_names.mjs: the pages' card-name folding (site/js/cards.js fold), without a
// browser. Reads {"cards": data/cards.<lang>.json as the build writes it, "names": [...]} on stdin;
// the page loads the cards file as it does in a browser. Prints {"folds": the names folded,
// "unassigned": the indexes of the names holding a character this Node's Unicode has not assigned}.
import { readFileSync } from "node:fs";

const input = JSON.parse(readFileSync(0, "utf8"));
globalThis.location = { search: "?lang=en" };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.navigator = { languages: ["en"] };
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => {
  const name = new URL(url).pathname.split("/").pop();
  const data = name.startsWith("cards.") ? input.cards : {};
  return { ok: true, json: async () => data };
};
const { fold, loadedCards } = await import("../../site/js/cards.js");
await loadedCards;
const unassigned = input.names.flatMap((n, i) => (/\p{Cn}/u.test(n) ? [i] : []));
process.stdout.write(JSON.stringify({ folds: input.names.map(fold), unassigned }));
