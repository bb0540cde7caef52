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

export async function encode(text) {
  return "z=" + toB64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

// {text} for #z=, {id} for #s=, null for anything else; a damaged link throws an Error that says so.
export async function decode(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.has("s")) return { id: params.get("s") };
  if (params.has("z")) {
    try {
      const bytes = await pipe(fromB64url(params.get("z")), new DecompressionStream("deflate-raw"));
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
    } catch {
      throw new Error("this link's scenario is damaged (was it cut short when copied?)");
    }
  }
  return null;
}
