// Engine client, loaded on every page. One worker for the whole visit: Material's instant
// navigation swaps page content but keeps this script's state, so Python loads only once.
//   cribbageEngine.start()                 start the worker (idempotent)
//   cribbageEngine.call(method, params)    -> Promise<{ok, result, error, ms}>
//   cribbageEngine.onStatus(fn)            fn({state, detail}) now and on every change
(function () {
  if (window.cribbageEngine) return;
  const script = document.currentScript;
  const siteRoot = new URL("../../", script.src); // this file is assets/js/engine.js
  const configured = document.querySelector('meta[name="cribbage-pyodide"]');
  const indexURL = (configured && configured.content) || new URL("pyodide/", siteRoot).href;

  let worker = null;
  let nextId = 1;
  const pending = new Map();
  const listeners = new Set();
  let current = { state: "idle", detail: "" };

  function setStatus(state, detail) {
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
      worker = new Worker(new URL("assets/js/engine-worker.mjs", siteRoot), { type: "module" });
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
    worker.onerror = (event) => setStatus("failed", event.message || "the engine failed to start");
    setStatus("loading", "Starting");
    worker.postMessage({ type: "init", indexURL, lockFileURL: indexURL + "pyodide-lock.json" });
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

  window.cribbageEngine = { start, call, onStatus, get state() { return current.state; } };

  // Start early, in idle time, on pages that use the engine; elsewhere when a reader
  // shows intent by pointing at or focusing a link to the scorer.
  const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 300));
  function maybeStart() {
    if (document.querySelector("[data-engine]")) idle(start, { timeout: 1500 });
  }
  function onIntent(event) {
    if (event.target.closest && event.target.closest("a[data-engine-link], [data-engine]")) start();
  }
  document.addEventListener("pointerover", onIntent, { passive: true });
  document.addEventListener("focusin", onIntent);
  if (window.document$) window.document$.subscribe(maybeStart);
  else document.addEventListener("DOMContentLoaded", maybeStart);
})();
