// Engine client: one Web Worker for the whole visit. overrides/main.html loads this module
// (async) in the <head> of every page; page modules import the same instance, so Python loads
// only once and survives Material's instant navigation. Where the browser has shared workers,
// the worker is one for every open tab of the site: a second tab finds Python already running
// (a dedicated worker where it has not: Chrome on Android). Pages that need the engine at once say
// so with <meta name="cribbage-engine" content="eager">: the worker starts as soon as the page
// has loaded and painted. A call made before then waits for it; other engine pages start the
// worker in idle time after that.
//   import { engine } from "./engine.js"
//   engine.start()                 start the worker now (idempotent)
//   engine.call(method, params)    -> Promise<{ok, result, error, ms}>; a call made while the
//                                     engine loads is answered once it is ready
//   engine.onStatus(fn)            fn(status) now and on every change; returns unsubscribe.
//                                  status = {state: idle|loading|ready|failed|unsupported, detail,
//                                  phase: download|python|engine, received, total (bytes), percent,
//                                  restored, snapshot: "restored" or why not, once ready}
//   engine.retry()                 after "failed": a fresh worker, and the waiting calls resent
//
// Start-up (the build's <meta name="cribbage-runtime">, hooks/runtime.py): on a first visit
// Python starts the ordinary way from a small stdlib; once the engine is ready and the browser is
// idle, the memory snapshot is fetched into the Cache API for the next visit (not under Save-Data
// or a slow connection), and the next visit restores it. The service worker is registered then
// too, so nothing competes with the first download (offline.js).
import { registerOffline } from "./offline.js";

const siteRoot = new URL("../../", import.meta.url); // this file is assets/js/engine.js
const runtime = readRuntime();

let worker = null; // {port, stop}: the worker's message port, and how this tab lets go of it
let attempts = 0;
let nextId = 1;
const pending = new Map(); // id -> {resolve, message}
const listeners = new Set();
let current = { state: "idle", detail: "", phase: "", received: 0, total: 0, percent: 0 };

function readRuntime() {
  const meta = document.querySelector('meta[name="cribbage-runtime"]');
  const cdn = document.querySelector('meta[name="cribbage-pyodide"]');
  const settings = meta ? JSON.parse(meta.content) : { index: "pyodide/" };
  const absolute = (path) => (path ? new URL(path, siteRoot).href : "");
  return {
    index: cdn ? cdn.content : absolute(settings.index),
    lock: absolute(settings.lock),
    stdlib: absolute(settings.stdlib),
    snapshot: absolute(settings.snapshot),
    sizes: Object.fromEntries(Object.entries(settings.sizes || {}).map(([path, bytes]) => [absolute(path), bytes])),
    serviceWorker: absolute(settings.sw),
    transfer: settings.transfer || 0, // bytes on the wire with brotli, for the progress bar
  };
}

function setStatus(change) {
  current = { ...current, ...change };
  if (change.state === "ready") performance.mark("cribbage:engine-ready"); // for the benchmark
  listeners.forEach((fn) => fn(current));
}

function start() {
  // After a failure only retry() starts again: a page's call must not loop on a dead network.
  if (worker || current.state === "unsupported" || current.state === "failed") return;
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    setStatus({ state: "unsupported", detail: "This browser cannot run WebAssembly, which the engine needs." });
    for (const { resolve } of pending.values()) resolve({ ok: false, error: current.detail }); // made before the start
    pending.clear();
    return;
  }
  try {
    const url = new URL("assets/js/engine-worker.mjs", siteRoot);
    url.searchParams.set("config", JSON.stringify({
      index: runtime.index, lock: runtime.lock, stdlib: runtime.stdlib, snapshot: runtime.snapshot,
      sizes: runtime.sizes,
    }));
    worker = connect(url);
  } catch (error) {
    setStatus({ state: "failed", detail: String(error) });
    return;
  }
  attempts += 1;
  performance.mark("cribbage:worker-start");
  setStatus({ state: "loading", detail: "Starting", phase: "download", received: 0, percent: 0 });
  for (const [id, { message }] of pending) worker.port.postMessage({ ...message, id }); // after a retry
}

// The worker: shared by the site's tabs where the browser can, else this tab's own. A retry
// names a new shared worker, so it never joins the one that failed.
function connect(url) {
  const failed = (event) => {
    event.preventDefault();
    fail(event.message || "the engine stopped");
  };
  let found;
  if (typeof SharedWorker === "function") {
    const name = attempts ? `cribbage-engine-${Date.now()}-${attempts}` : "cribbage-engine";
    const shared = new SharedWorker(url, { type: "module", name });
    shared.onerror = failed;
    found = { port: shared.port, stop: () => shared.port.close() };
  } else {
    const own = new Worker(url, { type: "module" });
    own.onerror = failed;
    found = { port: own, stop: () => own.terminate() };
  }
  found.port.onmessage = ({ data }) => onWorkerMessage(data);
  return found;
}

function onWorkerMessage(data) {
  if (data.type === "status") {
    if (data.state === "failed") return fail(data.detail);
    setStatus({ state: data.state, detail: data.detail, restored: Boolean(data.restored), snapshot: data.snapshot || "" });
    if (data.state === "ready") afterReady(data.restored);
  }
  if (data.type === "progress") {
    const percent = data.total ? Math.min(100, Math.floor((100 * data.received) / data.total)) : 0;
    // The worker counts unpacked bytes; the reader is told roughly what crosses the network.
    const total = runtime.transfer || data.total;
    setStatus({ phase: data.phase, received: Math.round((total * percent) / 100), total, percent, detail: data.detail });
  }
  if (data.type === "result" && pending.has(data.id)) {
    if (data.bug) console.error("the engine failed:", data.bug);
    pending.get(data.id).resolve(data);
    pending.delete(data.id);
  }
}

// A failed start keeps the waiting calls: retry() sends them again. Calls made while failed
// are answered at once with the reason, so nothing waits without a message on screen.
function fail(detail) {
  if (worker) worker.stop();
  worker = null;
  setStatus({ state: "failed", detail: String(detail || "the engine could not start") });
}

function retry() {
  if (current.state !== "failed") return;
  setStatus({ state: "idle", detail: "" });
  start();
}

function call(method, params) {
  if (current.state === "unsupported" || current.state === "failed") {
    return Promise.resolve({ ok: false, error: current.detail });
  }
  return new Promise((resolve) => {
    const id = nextId++;
    const message = { type: "call", method, params };
    pending.set(id, { resolve, message });
    if (worker) worker.port.postMessage({ ...message, id });
    else afterFirstPaint(start); // start() sends the waiting calls
  });
}

function onStatus(fn) {
  listeners.add(fn);
  fn(current);
  return () => listeners.delete(fn);
}

// Save-Data, or a connection the browser rates slow: do not spend 5 MB on a faster next start.
function snapshotWelcome() {
  const connection = navigator.connection;
  if (!connection) return true;
  return !connection.saveData && !["slow-2g", "2g", "3g"].includes(connection.effectiveType);
}

function afterReady(restored) {
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 2000));
  const later = (fn) => idle(fn, { timeout: 10000 });
  if (runtime.snapshot && !restored && snapshotWelcome()) {
    later(() => worker && worker.port.postMessage({ type: "prefetch-snapshot" }));
  }
  if (runtime.serviceWorker) later(() => registerOffline(runtime.serviceWorker, { engineStarted: true }));
}

export const engine = {
  start,
  call,
  retry,
  onStatus,
  get state() { return current.state; },
  get status() { return current; },
  get listenerCount() { return listeners.size; }, // for the navigation test: no listener left behind
};

// Start early on pages that use the engine; elsewhere when a reader shows intent by pointing at
// or focusing a link to the scorer.
const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
function maybeStart() {
  if (document.querySelector("[data-engine]")) afterFirstPaint(() => idle(start, { timeout: 1500 }));
}

// Python's download and compile keep a phone's cores busy for seconds; started while the page
// still parses and lays out, they made its main-thread work at load take longer: the worker
// starts once the page has loaded and painted. A tab opened in the background paints only when
// shown, and a browser may not report paints, so the wait for the paint is bounded.
function afterFirstPaint(fn) {
  const go = () => (performance.getEntriesByType("paint").length ? fn() : onFirstPaint(fn));
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
function onFirstPaint(fn) {
  let done = false;
  const once = () => {
    if (!done) fn();
    done = true;
  };
  try {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      once();
    }).observe({ type: "paint", buffered: true });
  } catch (error) {
    once();
  }
  setTimeout(once, 1000);
}
function onIntent(event) {
  if (event.target.closest && event.target.closest("a[data-engine-link], [data-engine]")) start();
}
document.addEventListener("pointerover", onIntent, { passive: true });
document.addEventListener("focusin", onIntent);
if (document.querySelector('meta[name="cribbage-engine"][content="eager"]')) afterFirstPaint(start);
// This module runs async from the <head>: Material's document$ may not exist yet.
function watchPages() {
  if (window.document$) window.document$.subscribe(maybeStart);
  else maybeStart();
  // Pages without the engine make the site available offline once the page has loaded.
  if (runtime.serviceWorker && !document.querySelector("[data-engine]")) {
    const register = () => idle(() => registerOffline(runtime.serviceWorker, { engineStarted: Boolean(worker) }));
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchPages);
else watchPages();
