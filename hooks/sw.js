// The site's service worker, written into each build by hooks/offline.py with that build's list.
// At install it stores every page and asset (reusing unchanged files from the previous version's
// cache rather than downloading them again). The engine files (Pyodide, the engine's wheel, lock,
// stdlib and snapshot) are stored once they are fetched, in a cache shared across versions:
// their names carry a content hash. A new build waits until the page agrees to reload, or until
// the site's tabs are closed, then deletes the caches of older versions.
const BUILD = /*BUILD*/{};
const SITE = `cribbage-site-${BUILD.version}`;
const ENGINE = "cribbage-engine";
const scope = new URL(self.registration.scope);
const absolute = (path) => new URL(path, scope).href;
const PAGES = new Map(BUILD.precache.map(([path, revision]) => [absolute(path), revision]));
const ENGINE_FILES = new Set(BUILD.engine.map(absolute));
const ENGINE_DIR = absolute(BUILD.engineDir);

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(async () => {
    // A first install takes over at once; an update waits for the page's "reload" (see engine.js).
    if (!(await self.registration.active)) await self.skipWaiting();
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("cribbage-site-") && name !== SITE) await caches.delete(name);
    }
    const engine = await caches.open(ENGINE);
    for (const request of await engine.keys()) {
      if (!isCurrentEngineFile(request.url)) await engine.delete(request);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const { type } = event.data || {};
  if (type === "skip-waiting") self.skipWaiting();
  if (type === "cache-engine") {
    event.waitUntil(cacheEngineFiles().then((stored) => {
      if (stored && event.source) event.source.postMessage({ type: "engine-cached" });
    }));
  }
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(scope.origin)) return;
  const url = new URL(request.url);
  url.hash = "";
  if (isCurrentEngineFile(url.href)) {
    event.respondWith(engineFile(request, url.href));
  } else if (request.mode === "navigate" || PAGES.has(url.href) || PAGES.has(withoutSearch(url))) {
    event.respondWith(page(request, url));
  }
});

function withoutSearch(url) {
  return url.origin + url.pathname;
}

function isCurrentEngineFile(href) {
  return ENGINE_FILES.has(href) || href.startsWith(ENGINE_DIR);
}

async function precache() {
  const cache = await caches.open(SITE);
  const old = (await caches.keys()).filter((name) => name.startsWith("cribbage-site-") && name !== SITE);
  await Promise.all([...PAGES].map(async ([href, revision]) => {
    if (await cache.match(href)) return;
    for (const name of old) {  // unchanged since the last version: copy, do not download
      const previous = await (await caches.open(name)).match(href);
      if (previous && previous.headers.get("x-revision") === revision) return cache.put(href, previous);
    }
    const response = await fetch(href, { cache: "no-cache" });
    if (!response.ok) throw new Error(`precache ${href}: HTTP ${response.status}`);
    const headers = new Headers(response.headers);
    headers.set("x-revision", revision);
    await cache.put(href, new Response(await response.blob(), { status: 200, headers }));
  }));
}

async function page(request, url) {
  const cache = await caches.open(SITE);
  const hit = (await cache.match(url.href)) || (await cache.match(withoutSearch(url)))
    || (await cache.match(withoutSearch(url) + "/"));
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    const missing = request.mode === "navigate" && (await cache.match(absolute("404.html")));
    if (missing) return missing;
    throw error;
  }
}

async function engineFile(request, href) {
  const cache = await caches.open(ENGINE);
  const hit = await cache.match(href);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(href, response.clone());
  return response;
}

// Asked by the page once the engine has started: the files it fetched before this worker took
// control are in the HTTP cache; keep them here too so the engine starts offline.
// True when every engine file is stored.
async function cacheEngineFiles() {
  const cache = await caches.open(ENGINE);
  let stored = true;
  for (const href of ENGINE_FILES) {
    if (await cache.match(href)) continue;
    try {
      const response = await fetch(href);
      if (response.ok) await cache.put(href, response);
      else stored = false;
    } catch {
      stored = false;
    }
  }
  return stored;
}
