// node tests/site/builder_yaml.mjs: the question builder's YAML (site/js/builder.js toYaml), without a
// browser. Reads a JSON list of questions ({format, title, setup, steps: [{verb, value}]}) on stdin;
// prints the list of their YAML texts.
import { readFileSync } from "node:fs";

globalThis.location = { search: "?lang=en" };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.navigator = { languages: ["en"] };
globalThis.document = { documentElement: {} };
globalThis.fetch = async () => ({ ok: true, json: async () => ({}) });
const { toYaml } = await import("../../site/js/builder.js");
const input = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(input.map(toYaml)));
