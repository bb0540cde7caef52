// node tests/site/share_link.mjs: the share-link decoder on hostile #z= links.
// Reads one JSON object on stdin {cases: [{name, hash}]}; prints {name: {ok, text_length | error, ms, rss_mb}}.
import { decode, encode, MAX_CHARS } from "../../site/js/share.js";

const input = JSON.parse(await new Promise((resolve) => {
  let data = "";
  process.stdin.on("data", (c) => { data += c; });
  process.stdin.on("end", () => resolve(data));
}));
const out = { max_chars: MAX_CHARS, round_trip: null, cases: {} };
const text = "format: wrgp\ntitle: \"日本語 ✓\"\n";
out.round_trip = (await decode("#" + await encode(text))).text === text;
for (const c of input.cases) {
  const before = process.memoryUsage().rss;
  const t0 = Date.now();
  let result;
  try {
    const r = await decode(c.hash);
    result = { ok: true, text_length: r?.text?.length ?? null };
  } catch (err) {
    result = { ok: false, error: String(err.message) };
  }
  result.ms = Date.now() - t0;
  result.rss_mb = Math.max(0, (process.memoryUsage().rss - before) / 1e6);
  out.cases[c.name] = result;
}
process.stdout.write(JSON.stringify(out));
