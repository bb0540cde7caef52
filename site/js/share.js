// A scenario in a URL fragment: deflate-raw, then base64url (#z=...). A shipped one travels by id (#s=...).
function toB64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

// The most scenario text a link may carry: the page's own limit (rulings_lib/web.py MAX_TEXT; a test
// checks that they agree). UTF-8 needs at most 4 bytes a character, so no text within the limit
// inflates to more than MAX_BYTES; the inflating stops there (a 350 KB link can inflate to 256 MB).
export const MAX_CHARS = 200000;
const MAX_BYTES = 4 * MAX_CHARS;
const PIECE = 1024;   // compressed bytes fed at a time: at most ~1 MB of output each (deflate's 1:1032)

export class LinkTooLong extends Error {}

// Inflate deflate-raw `bytes`, reading the output as it comes and stopping (the rest never inflated)
// as soon as it passes `cap` bytes.
export async function inflateCapped(bytes, cap = MAX_BYTES) {
  let at = 0;
  const source = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) { controller.close(); return; }
      controller.enqueue(bytes.subarray(at, at + PIECE));
      at += PIECE;
    },
  }, { highWaterMark: 0 });
  const reader = source.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > cap) {
      await reader.cancel().catch(() => {});
      throw new LinkTooLong(`this link's scenario is too long (over ${MAX_CHARS.toLocaleString("en")} characters)`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let i = 0;
  for (const c of chunks) { out.set(c, i); i += c.length; }
  return out;
}

export async function encode(text) {
  return "z=" + toB64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

// {text} for #z=, {id} for #s=, null for anything else; a damaged link throws an Error that says so.
export async function decode(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("s")) return { id: params.get("s") };
  if (params.has("z")) {
    let text;
    try {
      const z = params.get("z");
      // Deflate never shrinks text to less than 1/1032; a payload longer than the longest text
      // could need is refused before anything is decoded.
      if (z.length > 2 * MAX_BYTES) throw new LinkTooLong(`this link's scenario is too long (over ${MAX_CHARS.toLocaleString("en")} characters)`);
      text = new TextDecoder("utf-8", { fatal: true }).decode(await inflateCapped(fromB64url(z)));
    } catch (err) {
      if (err instanceof LinkTooLong) throw err;
      throw new Error("this link's scenario is damaged (was it cut short when copied?)");
    }
    if (text.length > MAX_CHARS) {
      throw new LinkTooLong(`this link's scenario is too long (${text.length.toLocaleString("en")} characters, at most ${MAX_CHARS.toLocaleString("en")})`);
    }
    return { text };
  }
  return null;
}
