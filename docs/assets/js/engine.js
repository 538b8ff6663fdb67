// Engine client: one Web Worker for the whole visit. Every page imports this module once it has
// painted (mkdocs.yml extra.after_paint); page modules import the same instance, so Python loads
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
import { onEveryPage } from "./common/pages.js";
import { registerOffline } from "./offline.js";

// The worker API's messages, shared with engine-worker.mjs (types/js/engine-messages.d.ts).
/**
 * @typedef {import("./engine-messages.js").Method} Method
 * @typedef {import("./engine-messages.js").Params} Params
 * @typedef {import("./engine-messages.js").CallMessage} CallMessage
 * @typedef {import("./engine-messages.js").ToWorker} ToWorker
 * @typedef {import("./engine-messages.js").FromWorker} FromWorker
 * @typedef {import("./engine-messages.js").WorkerConfig} WorkerConfig
 * @typedef {import("./engine-messages.js").Phase} Phase
 * @typedef {import("./engine-messages.js").Reply} Reply
 * @typedef {"idle" | "loading" | "ready" | "failed" | "unsupported"} EngineState
 * @typedef {{state: EngineState, detail: string, phase: Phase | "", received: number, total: number, percent: number,
 *   restored?: boolean, snapshot?: string, offline?: boolean}} Status  what engine.onStatus tells; offline: failed
 *   with the network gone (the engine not saved on this device)
 * @typedef {{port: MessagePort | Worker, stop: () => void}} Connection  the worker, and how this tab lets go of it
 */

const siteRoot = new URL("../../", import.meta.url); // this file is assets/js/engine.js
const runtime = readRuntime();

/** @type {Connection | null} */
let worker = null;
let attempts = 0;
let nextId = 1;
/** @type {Map<number, {resolve: (reply: Reply) => void, message: Omit<CallMessage, "id">}>} */
const pending = new Map();
/** @type {Set<(status: Status) => void>} */
const listeners = new Set();
/** @type {Status} */
let current = { state: "idle", detail: "", phase: "", received: 0, total: 0, percent: 0 };

function readRuntime() {
  const meta = document.querySelector('meta[name="cribbage-runtime"]');
  const cdn = document.querySelector('meta[name="cribbage-pyodide"]');
  const settings = meta instanceof HTMLMetaElement ? JSON.parse(meta.content) : { index: "pyodide/" };
  const absolute = (/** @type {string | undefined} */ path) => (path ? new URL(path, siteRoot).href : "");
  return {
    index: cdn instanceof HTMLMetaElement ? cdn.content : absolute(settings.index),
    lock: absolute(settings.lock),
    stdlib: absolute(settings.stdlib),
    snapshot: absolute(settings.snapshot),
    /** @type {Record<string, number>} */
    sizes: Object.fromEntries(Object.entries(settings.sizes || {}).map(([path, bytes]) => [absolute(path), bytes])),
    serviceWorker: absolute(settings.sw),
    transfer: settings.transfer || 0, // bytes on the wire with brotli, for the progress bar
  };
}

/** @param {Partial<Status>} change */
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
    /** @type {WorkerConfig} */
    const config = {
      index: runtime.index, lock: runtime.lock, stdlib: runtime.stdlib, snapshot: runtime.snapshot,
      sizes: runtime.sizes,
    };
    url.searchParams.set("config", JSON.stringify(config));
    worker = connect(url);
  } catch (error) {
    fail(error);
    return;
  }
  attempts += 1;
  performance.mark("cribbage:worker-start");
  setStatus({ state: "loading", detail: "Starting", phase: "download", received: 0, percent: 0 });
  for (const [id, { message }] of pending) post(worker, { ...message, id }); // after a retry
}

// The worker: shared by the site's tabs where the browser can, else this tab's own. A retry
// names a new shared worker, so it never joins the one that failed.
/** @param {URL} url @returns {Connection} */
function connect(url) {
  const failed = (/** @type {ErrorEvent} */ event) => {
    event.preventDefault();
    fail(event.message || "the engine stopped");
  };
  /** @type {Connection} */
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
  found.port.onmessage = (/** @type {MessageEvent<FromWorker>} */ { data }) => onWorkerMessage(data);
  return found;
}

// Every message to the worker goes through here: postMessage takes anything, this only what it reads.
/** @param {Connection} connection @param {ToWorker} message */
function post(connection, message) {
  connection.port.postMessage(message);
}

/** @param {FromWorker} data */
function onWorkerMessage(data) {
  if (data.type === "status") {
    if (data.state === "failed") return fail(data.detail);
    const { state, detail, restored, snapshot } = data;
    setStatus({ state, detail, restored: Boolean(restored), snapshot: snapshot || "" });
    if (data.state === "ready") afterReady(data.restored);
  }
  if (data.type === "progress") {
    const percent = data.total ? Math.min(100, Math.floor((100 * data.received) / data.total)) : 0;
    // The worker counts unpacked bytes; the reader is told roughly what crosses the network.
    const total = runtime.transfer || data.total;
    const received = Math.round((total * percent) / 100);
    setStatus({ phase: data.phase, received, total, percent, detail: data.detail });
  }
  if (data.type === "result" && pending.has(data.id)) {
    if (data.bug) console.error("the engine failed:", data.bug);
    pending.get(data.id)?.resolve(data);
    pending.delete(data.id);
  }
}

// Offline, a failed start means the engine's files are not on this device yet: the reason every
// page and every refused call gives, in place of the browser's words for a failed fetch.
const OFFLINE_DETAIL = "You are offline, and the engine is not saved on this device yet.";

// A failed start keeps the waiting calls: retry() sends them again. Calls made while failed
// are answered at once with the reason, so nothing waits without a message on screen.
/** @param {unknown} detail */
function fail(detail) {
  if (worker) worker.stop();
  worker = null;
  const offline = navigator.onLine === false;
  if (offline) console.warn("the engine could not start offline:", detail);
  const said = offline ? OFFLINE_DETAIL : String(detail || "the engine could not start");
  setStatus({ state: "failed", offline, detail: said });
}

function retry() {
  if (current.state !== "failed") return;
  setStatus({ state: "idle", detail: "", offline: false });
  start();
}

/** @param {Method} method @param {Params} params @returns {Promise<Reply>} */
function call(method, params) {
  if (current.state === "unsupported" || current.state === "failed") {
    return Promise.resolve({ ok: false, error: current.detail });
  }
  return new Promise((resolve) => {
    const id = nextId++;
    const message = /** @type {const} */ ({ type: "call", method, params });
    pending.set(id, { resolve, message });
    if (worker) post(worker, { ...message, id });
    else afterFirstPaint(start); // start() sends the waiting calls
  });
}

/** @param {(status: Status) => void} fn @returns {() => void} */
function onStatus(fn) {
  listeners.add(fn);
  fn(current);
  return () => { listeners.delete(fn); };
}

// Save-Data, or a connection the browser rates slow: do not spend 5 MB on a faster next start.
function snapshotWelcome() {
  const connection = navigator.connection;
  if (!connection) return true;
  return !connection.saveData && !["slow-2g", "2g", "3g"].includes(connection.effectiveType ?? "");
}

/** @param {boolean} restored */
function afterReady(restored) {
  const later = (/** @type {() => void} */ fn) => whenIdle(fn, 2000, 10000);
  if (runtime.snapshot && !restored && snapshotWelcome()) {
    later(() => worker && post(worker, { type: "prefetch-snapshot" }));
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
// `fn` when the browser is idle (within `timeout` ms), or after `fallback` ms where it cannot say.
/** @param {() => void} fn @param {number} fallback @param {number} [timeout] */
function whenIdle(fn, fallback, timeout) {
  if (window.requestIdleCallback) window.requestIdleCallback(fn, timeout === undefined ? {} : { timeout });
  else setTimeout(fn, fallback);
}
function maybeStart() {
  if (document.querySelector("[data-engine]")) afterFirstPaint(() => whenIdle(start, 300, 1500));
}

// Python's download and compile keep a phone's cores busy for seconds; started while the page
// still parses and lays out, they made its main-thread work at load take longer: the worker
// starts once the page has loaded and painted. A tab opened in the background paints only when
// shown, and a browser may not report paints, so the wait for the paint is bounded.
/** @param {() => void} fn */
export function afterFirstPaint(fn) {
  // in a task of its own: not added to the load event's, which other modules' handlers share
  const go = () => (performance.getEntriesByType("paint").length ? setTimeout(fn) : onFirstPaint(fn));
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
/** @param {() => void} fn */
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
/** @param {Event} event */
function onIntent(event) {
  if (event.target instanceof Element && event.target.closest("a[data-engine-link], [data-engine]")) start();
}
document.addEventListener("pointerover", onIntent, { passive: true });
document.addEventListener("focusin", onIntent);
if (document.querySelector('meta[name="cribbage-engine"][content="eager"]')) afterFirstPaint(start);
onEveryPage(maybeStart);
// Pages without the engine make the site available offline once the page has loaded.
function registerWhenLoaded() {
  if (runtime.serviceWorker && !document.querySelector("[data-engine]")) {
    const register = () => whenIdle(
      () => registerOffline(runtime.serviceWorker, { engineStarted: Boolean(worker) }), 300);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", registerWhenLoaded);
else registerWhenLoaded();
