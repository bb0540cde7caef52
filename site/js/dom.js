// The pages' HTML as elements and text nodes, never as markup made from text: what a
// person wrote (a share link's scenario, its title, card names, a refused step's reason) is always a
// text node, shown as typed, and can never become an element, an attribute or a script. No page sets
// innerHTML; the two kinds of markup the pages show are parsed here, inert:
// * the match picture, SVG written by the kit (rulings_lib/draw, every text escaped there): svg();
// * the FAQ's parts, HTML written by the build (rulings_lib/faq/html.py, every text escaped there):
//   fragment().
// Both are parsed by a DOMParser (whose documents run no script) and cleaned before they join the
// page: no script, no event handler attribute, no link or source that leaves the site, no style
// attribute (its declarations are given through the CSSOM, which the pages' Content-Security-Policy
// allows). The policy (every page's <meta http-equiv="Content-Security-Policy">) is the second wall.
// (Imported by the Node tests through verdict.js: nothing here touches the DOM until it is called.)

// h("li", {class: "ok", onclick: fn, text: "words"}, child, "more text", [children], null)
// -> an HTML element. A string child is a text node; an `on...` property must be a function (a
// listener); `text` sets the text; null, undefined and false attributes are left out, true is "".
export function h(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props ?? {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (/^on/i.test(k)) {
      if (typeof v !== "function") throw new TypeError(`h(${tag}): ${k} must be a function`);
      e.addEventListener(k.slice(2).toLowerCase(), v);
    } else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : String(v));
  }
  append(e, kids);
  return e;
}

// Children (nodes, strings as text nodes, nested lists; null and false left out) appended to `parent`.
export function append(parent, kids) {
  for (const k of [kids].flat(Infinity)) {
    if (k == null || k === false) continue;
    parent.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return parent;
}

// ---------------------------------------------------------------- markup written by the kit
const SCRIPT_TYPES = /^(|text\/javascript|application\/javascript|module|importmap|speculationrules|text\/ecmascript)$/i;
const DROP = new Set(["script", "iframe", "frame", "object", "embed", "foreignobject", "base", "meta", "link",
                      "style", "form", "template", "portal", "frameset", "animate", "set", "animatemotion",
                      "animatetransform", "use", "image", "audio", "video", "source", "track", "img"]);
const URL_ATTRS = new Set(["href", "xlink:href", "src", "action", "formaction", "data", "poster", "srcset",
                           "ping", "background", "cite", "longdesc", "usemap"]);

// Whether a link stays on this site: an address of the page's own origin over http(s), or a
// fragment. (The CSP allows nothing else either.)
function onSite(value) {
  const v = String(value).trim();
  if (v.startsWith("#")) return true;
  try {
    const u = new URL(v, document.baseURI);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === location.origin;
  } catch {
    return false;
  }
}

// Make `root` (a node not yet in the page) inert: what could run, load or style by markup goes.
// `keep(el)`: an element to keep although its tag is dropped (the FAQ's DOT data blocks).
function inert(root, keep = () => false) {
  const all = root.querySelectorAll ? [...root.querySelectorAll("*")] : [];
  if (root.nodeType === Node.ELEMENT_NODE) all.unshift(root);
  for (const el of all) {
    const tag = el.localName.toLowerCase();
    if (DROP.has(tag) && !keep(el)) { el.remove(); continue; }
    for (const a of [...el.attributes]) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on") || name === "srcdoc" || (URL_ATTRS.has(name) && !onSite(a.value))) {
        el.removeAttribute(a.name);
      } else if (name === "style") {
        el.removeAttribute(a.name);
        el.dataset.style = a.value;          // given back through the CSSOM once in the page (restyle)
      }
    }
  }
  return root;
}

// The kit writes its pictures' sizing as a style attribute (style="max-width:100%;height:auto", for
// Jupyter); a parser that met it would report the policy's refusal. It is renamed before parsing, in
// start tags only (quotes in the kit's text are escaped; a data block, the FAQ's DOT source, is left
// as it is) and given back through the CSSOM by restyle().
const unstyled = (markup) => markup.split(/(<script\b[^>]*>[\s\S]*?<\/script\s*>)/i)
  .map((piece, i) => (i % 2 ? piece : piece.replace(/(<[a-zA-Z][^<>]*?\s)style="/g, "$1data-style=\""))).join("");

// The style attributes set aside, given through the CSSOM (the CSP refuses style attributes).
function restyle(root) {
  const all = [...(root.querySelectorAll?.("[data-style]") ?? [])];
  if (root.nodeType === Node.ELEMENT_NODE && root.dataset?.style != null) all.unshift(root);
  for (const el of all) {
    // One property at a time (setting style.cssText counts as a style attribute for the policy).
    for (const declaration of el.dataset.style.split(";")) {
      const colon = declaration.indexOf(":");
      if (colon > 0) el.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    delete el.dataset.style;
  }
  return root;
}

// The kit's SVG picture (rulings_lib/draw), as an element of this page; null when the text is not
// one well-formed SVG document.
export function svg(markup) {
  if (typeof markup !== "string" || !markup) return null;
  const doc = new DOMParser().parseFromString(unstyled(markup), "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.localName !== "svg" || root.namespaceURI !== "http://www.w3.org/2000/svg"
      || doc.getElementsByTagName("parsererror").length) return null;
  return restyle(document.importNode(inert(root), true));
}

// HTML the build wrote (a part of the FAQ page), as a fragment of this page. The FAQ's diagram
// sources (<script type="text/vnd.graphviz">: data, never run) are kept.
export function fragment(html) {
  const doc = new DOMParser().parseFromString(`<body>${unstyled(html)}</body>`, "text/html");
  const dataBlock = (el) => el.localName === "script" && !SCRIPT_TYPES.test((el.getAttribute("type") ?? "").trim());
  inert(doc.body, dataBlock);
  const out = document.createDocumentFragment();
  for (const n of [...doc.body.childNodes]) out.append(document.importNode(n, true));
  return restyle(out);
}

// Put `node` (or nothing) in `box`, replacing what was there.
export function show(box, ...nodes) {
  box.replaceChildren();
  return append(box, nodes);
}
