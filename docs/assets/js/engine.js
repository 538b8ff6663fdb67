// Engine client: one Web Worker for the whole visit. overrides/main.html loads this module
// (async) in the <head> of every page; page modules import the same instance, so Python loads
// only once and survives Material's instant navigation. Pages that need the engine at once say
// so with <meta name="cribbage-engine" content="eager">, and the worker starts before the body
// has parsed.
//   import { engine } from "./engine.js"
//   engine.start()                 start the worker (idempotent)
//   engine.call(method, params)    -> Promise<{ok, result, error, ms}>
//   engine.onStatus(fn)            fn({state, detail}) now and on every change; returns unsubscribe
const siteRoot = new URL("../../", import.meta.url); // this file is assets/js/engine.js
const configured = document.querySelector('meta[name="cribbage-pyodide"]');
const indexURL = (configured && configured.content) || new URL("pyodide/", siteRoot).href;
const snapshotMeta = document.querySelector('meta[name="cribbage-snapshot"]');
const snapshotURL = snapshotMeta ? new URL(snapshotMeta.getAttribute("content"), location.href).href : "";

let worker = null;
let nextId = 1;
const pending = new Map();
const listeners = new Set();
let current = { state: "idle", detail: "" };

function setStatus(state, detail) {
  if (state === "ready") performance.mark("cribbage:engine-ready"); // for the benchmark
  current = { state, detail };
  listeners.forEach((fn) => fn(current));
}

function start() {
  if (worker || current.state === "unsupported") return;
  if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
    setStatus("unsupported", "This browser cannot run WebAssembly.");
    return;
  }
  try {
    const url = new URL("assets/js/engine-worker.mjs", siteRoot);
    url.searchParams.set("index", indexURL);
    if (snapshotURL) url.searchParams.set("snapshot", snapshotURL);
    worker = new Worker(url, { type: "module" });
  } catch (error) {
    setStatus("failed", String(error));
    return;
  }
  worker.onmessage = ({ data }) => {
    if (data.type === "status") setStatus(data.state, data.detail);
    if (data.type === "result" && pending.has(data.id)) {
      pending.get(data.id)(data);
      pending.delete(data.id);
    }
  };
  worker.onerror = (event) => {
    setStatus("failed", event.message || "the engine failed to start");
    pending.forEach((resolve) => resolve({ ok: false, error: "The engine stopped." }));
    pending.clear();
  };
  performance.mark("cribbage:worker-start");
  setStatus("loading", "Starting");
}

function call(method, params) {
  start();
  if (!worker) return Promise.resolve({ ok: false, error: current.detail });
  return new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    worker.postMessage({ type: "call", id, method, params });
  });
}

function onStatus(fn) {
  listeners.add(fn);
  fn(current);
  return () => listeners.delete(fn);
}

export const engine = {
  start,
  call,
  onStatus,
  get state() { return current.state; },
  get listenerCount() { return listeners.size; }, // for the navigation test: no listener left behind
};

// Start early, in idle time, on pages that use the engine; elsewhere when a reader shows
// intent by pointing at or focusing a link to the scorer.
const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
function maybeStart() {
  if (document.querySelector("[data-engine]")) idle(start, { timeout: 1500 });
}
function onIntent(event) {
  if (event.target.closest && event.target.closest("a[data-engine-link], [data-engine]")) start();
}
document.addEventListener("pointerover", onIntent, { passive: true });
document.addEventListener("focusin", onIntent);
if (document.querySelector('meta[name="cribbage-engine"][content="eager"]')) start();
// This module runs async from the <head>: Material's document$ may not exist yet.
function watchPages() {
  if (window.document$) window.document$.subscribe(maybeStart);
  else maybeStart();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchPages);
else watchPages();
