// On every page: the site's bar (links between the pages, the language switch) and the service
// worker (offline after one visit). The pages' words come from the kit's catalogue (i18n.js).
import { has, lang, loaded, switchTo, t, tIn, translate } from "./i18n.js";

// The first notebook in the reader's language (the Japanese edition is lab/files/ja/).
// The first notebook in the reader's language (the lab ships a Japanese notebook under a name of its own,
// ja/NAME.ja.ipynb: tools/build_lite.py lab_path).
const FIRST_NOTEBOOK = lang === "ja" ? "ja/01-start-here.ja.ipynb" : "01-start-here.ipynb";
export const LAB = `lab/lab/index.html?path=${FIRST_NOTEBOOK}`;
// Below a tablet's width the notebooks are not usable: the bar leads to a page that says so.
const narrow = () => matchMedia("(max-width: 767px)").matches;
const pages = [["index.html", "site.page.playground"], ["faq.html", "site.page.faq"],
               ["tracker.html", "site.page.tracker"], ["tag.html", "site.page.tag"],
               [null, "site.page.notebooks"]];

function bar() {
  const here = location.pathname.split("/").pop() || "index.html";
  const nav = document.createElement("nav");
  nav.className = "sitebar";
  nav.setAttribute("aria-label", t("site.bar.label"));
  const home = document.createElement("b");
  home.textContent = t("site.bar.home");
  nav.append(home);
  for (const [href, code] of pages) {
    const a = document.createElement("a");
    a.href = href ?? (narrow() ? "notebooks.html" : LAB);
    a.textContent = t(code);
    if (a.getAttribute("href") === here) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const net = document.createElement("span");
  net.className = "net";
  net.setAttribute("role", "status");
  const update = () => { net.textContent = navigator.onLine ? "" : t("site.bar.offline"); };
  addEventListener("online", update);
  addEventListener("offline", update);
  update();
  nav.append(net);
  const other = lang === "ja" ? "en" : "ja";
  const sw = document.createElement("button");
  sw.className = "lang";
  sw.lang = other;
  sw.textContent = other === "ja" ? "日本語" : "English";
  sw.dataset.switch = t("site.bar.switch");             // its own name, in its own language, is the label
  sw.addEventListener("click", () => switchTo(other));
  nav.append(sw);
  document.body.prepend(nav);
  const anyway = document.getElementById("anyway");      // notebooks.html: the notebooks in the reader's language
  if (anyway) anyway.href = anyway.getAttribute("href").replace("path=01-start-here.ipynb", `path=${FIRST_NOTEBOOK}`);
}

// The FAQ page is written by the kit (rulings_lib/faq/html.py) with both languages in it: show the
// chosen one, and its own buttons switch the whole site.
function faq() {
  if (typeof window.setLang !== "function") return;
  // The rules reference: each rule's title in both languages (the kit's catalogue).
  for (const dt of document.querySelectorAll("dt[id^='rule-']")) {
    const dd = dt.nextElementSibling;
    const code = "site.rule." + dt.id.slice(5);
    const first = dd?.firstChild;
    if (!first || first.nodeType !== Node.TEXT_NODE || !has(code)) continue;
    const en = Object.assign(document.createElement("span"), { lang: "en", textContent: first.textContent });
    const ja = Object.assign(document.createElement("span"), { lang: "ja", textContent: tIn("ja", code) });
    dd.replaceChild(en, first);
    en.after(ja);
  }
  window.setLang(lang);
  for (const old of document.querySelectorAll(".langs button[data-lang]")) {
    const b = old.cloneNode(true);          // without the page's own listener (js/faq.js: this page only)
    old.replaceWith(b);
    b.addEventListener("click", () => switchTo(b.dataset.lang));
  }
}

async function start() {
  await loaded;
  translate();
  bar();
  faq();
  document.body.dataset.lang = lang;
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();

function register() {
  navigator.serviceWorker.register(new URL("../sw.js", import.meta.url), { scope: new URL("../", import.meta.url).pathname })
    .catch((err) => console.warn("offline use unavailable: " + err));
}

// A page that starts Python registers once Python is up: the service worker then stores files the
// browser has just fetched (revalidated, not downloaded twice), and does not slow the first ruling.
if ("serviceWorker" in navigator) {
  if (document.getElementById("loading")) addEventListener("kit-ready", register, { once: true });
  else register();
}
