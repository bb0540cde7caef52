// The service worker: on the first visit it stores every file of the site, so that afterwards every
// page works with the network off. One cache per build (the version is the hash of the build's inputs).
const VERSION = "__VERSION__";
const CACHE = "rulings-kit-" + VERSION;
const PRECACHE = "__PRECACHE__";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("rulings-kit-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    // An exact match first: with ignoreSearch the browser reads every entry of the cache, which made each
    // of a page's requests wait 80 ms or so. Only an address with a query (worker.js?offline=1) needs it.
    const hit = (await cache.match(event.request)) ?? (url.search ? await cache.match(event.request, { ignoreSearch: true }) : undefined);
    return hit || fetch(event.request);
  }));
});
