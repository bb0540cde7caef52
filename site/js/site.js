// On every page: the site's bar (links between the pages) and the service worker (offline after one visit).
const pages = [["index.html", "Playground"], ["faq.html", "FAQ"], ["tracker.html", "Match tracker"],
               ["tag.html", "Tag turn helper"]];

function bar() {
  const here = location.pathname.split("/").pop() || "index.html";
  const nav = document.createElement("nav");
  nav.className = "sitebar";
  nav.setAttribute("aria-label", "pages");
  const home = document.createElement("b");
  home.textContent = "Rulings kit";
  nav.append(home);
  for (const [href, text] of pages) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    if (href === here) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const net = document.createElement("span");
  net.className = "net";
  const update = () => { net.textContent = navigator.onLine ? "" : "offline"; };
  addEventListener("online", update);
  addEventListener("offline", update);
  update();
  nav.append(net);
  document.body.prepend(nav);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", bar);
else bar();

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
