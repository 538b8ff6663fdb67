// The engine in a Web Worker: Pyodide plus the cribbage wheel, behind one message API.
// Started as engine-worker.mjs?config=<JSON from engine.js>, it begins loading at once.
// As a shared worker (engine.js's choice where the browser has them) it serves every tab of the
// site at once: one Python, started once, however many pages use it. Each tab talks over its
// own port; what the start-up says goes to every tab, and a tab that connects later is told
// where the start has got to. As a dedicated worker it has one tab, itself.
//   config: {index, lock, stdlib, snapshot, sizes: {url: bytes}}
//   in:  {type: "call", id, method, params}   {type: "prefetch-snapshot"}
//   out: {type: "status", state: "loading" | "ready" | "failed", detail, restored,
//         snapshot: "restored" or why it was not (for diagnosis: "none stored yet", …)}
//        {type: "progress", phase: "download" | "python" | "engine", received, total, detail}
//        {type: "result", id, ok, result | error, ms, bug?}  (bug: an internal error's text, for
//         the tab's console, since a shared worker's own console is not the page's)
// How Python starts:
//   - the memory snapshot is in the Cache API (a repeat visit): restore it, then free the buffer;
//   - otherwise (a first visit): an ordinary start from the build's small stdlib; the page asks
//     for the snapshot later, in idle time ("prefetch-snapshot"), for the next visit.
// A snapshot that fails to restore falls back to an ordinary start.
import { openParams, sealReply } from "./vault.mjs";

// The messages are typed once for both ends (types/js/engine-messages.d.ts).
/**
 * @typedef {import("./engine-messages.js").WorkerConfig} WorkerConfig
 * @typedef {import("./engine-messages.js").ToWorker} ToWorker
 * @typedef {import("./engine-messages.js").FromWorker} FromWorker
 * @typedef {import("./engine-messages.js").StatusMessage} StatusMessage
 * @typedef {import("./engine-messages.js").ProgressMessage} ProgressMessage
 * @typedef {import("./engine-messages.js").Phase} Phase
 * @typedef {import("./engine-messages.js").Reply} Reply
 * @typedef {import("./engine-messages.js").CallMessage} CallMessage
 * @typedef {import("./engine-messages.js").Params} Params
 */
// What this file uses of Pyodide (loaded at run time from the build's index URL, so untyped).
/**
 * @typedef {{call(method: string, params: string): string}} EngineApi  cribbage.backend.api: JSON in and out
 * @typedef {{
 *   runPython(code: string): string,
 *   pyimport(name: string): EngineApi,
 *   loadPackage(name: string, options: {messageCallback: (message: string) => void}): Promise<void>,
 *   FS: {mkdirTree(path: string): void, writeFile(path: string, data: Uint8Array): void},
 *   _api?: {config?: {_loadSnapshot: Uint8Array | null}},
 * }} Pyodide
 * @typedef {{indexURL: string, lockFileURL?: string, stdLibURL?: string, _loadSnapshot?: Uint8Array}} PyodideOptions
 * @typedef {(options: PyodideOptions) => Promise<Pyodide>} LoadPyodide
 */
// This file runs as a worker, but the checker reads every page script with the page's library
// (DOM), which has no worker globals: the few used here are named, and `self` is read as one.
/**
 * @typedef {{
 *   postMessage(message: FromWorker): void,
 *   addEventListener(type: "close", listener: () => void): void,
 *   onmessage: ((event: MessageEvent<ToWorker>) => void) | null,
 * }} Port  a shared worker's port to one tab, or a dedicated worker's own scope
 * @typedef {{onconnect: ((event: MessageEvent) => void) | null}} SharedScope
 * @typedef {{SharedWorkerGlobalScope?: Function}} WorkerGlobals
 */

/** @type {WorkerConfig} */
const config = JSON.parse(new URL(import.meta.url).searchParams.get("config") || "{}");
const ENGINE_CACHE = "cribbage-engine"; // shared with sw.js
const realFetch = globalThis.fetch.bind(globalThis);
/** @type {EngineApi | null} */
let api = null;

// The tabs this worker serves, and what the start-up last said, for a tab that connects later.
/** @type {Set<Port>} */
const ports = new Set();
/** @type {{status: StatusMessage | null, progress: ProgressMessage | null}} */
const latest = { status: null, progress: null };

/** @param {StatusMessage | ProgressMessage} message */
function tell(message) {
  if (message.type === "status") latest.status = message;
  else latest.progress = message;
  for (const port of ports) port.postMessage(message);
}

/** @param {StatusMessage["state"]} state @param {string} detail @param {boolean} restored @param {string} snapshot */
function status(state, detail, restored = false, snapshot = "") {
  tell({ type: "status", state, detail, restored, snapshot });
}

/** @param {unknown} error @returns {string} an error's message, or what was thrown in its place */
function messageOf(error) {
  const message = error && typeof error === "object" && "message" in error ? error.message : "";
  return message ? String(message) : String(error);
}

// --- download progress: every file Pyodide fetches is counted as it arrives -------------------

const expected = new Map(Object.entries(config.sizes || {})); // absolute URL -> bytes
const received = new Map();
let lastReport = 0;
/** @type {(error: Error) => void} */
let rejectDownload = () => {};
/** @type {Promise<never>} */
const downloadFailed = new Promise((_, reject) => { rejectDownload = reject; });

/** @param {Phase} phase @param {string} detail @param {boolean} force */
function report(phase, detail, force = false) {
  if (api) return; // ready: the bar is gone
  const now = performance.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  let total = 0;
  for (const [url, size] of expected) total += Math.max(size, received.get(url) || 0);
  let got = 0;
  for (const url of expected.keys()) got += received.get(url) || 0;
  tell({ type: "progress", phase, received: Math.min(got, total), total, detail });
}

/** @param {string} url */
function fileName(url) {
  return decodeURIComponent(new URL(url, location.href).pathname.split("/").pop() ?? "");
}

/** @param {RequestInfo | URL} input @param {RequestInit} [init] */
async function countedFetch(input, init) {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, location.href).href;
  let response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    const why = (error instanceof Error && error.message) || "network error";
    rejectDownload(new Error(`${fileName(url)} could not be downloaded (${why})`));
    throw error;
  }
  if (!response.ok) {
    rejectDownload(new Error(`${fileName(url)} could not be downloaded (HTTP ${response.status})`));
    return response;
  }
  if (!response.body) return response;
  received.set(url, 0);
  const counter = new TransformStream({
    transform(chunk, controller) {
      received.set(url, (received.get(url) || 0) + chunk.byteLength);
      report("download", "Downloading");
      controller.enqueue(chunk);
    },
    flush() {
      report("download", "Downloading", true);
      if (bigFilesArrived()) report("python", "Starting Python", true);
    },
  });
  const body = response.body.pipeThrough(counter);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// --- start-up ------------------------------------------------------------------------------

// The snapshot stored by an earlier visit, or why there is none ({bytes} or {note}).
/** @returns {Promise<{bytes: Uint8Array, note?: undefined} | {note: string, bytes?: undefined}>} */
async function cachedSnapshot() {
  if (!config.snapshot) return { note: "this build has no snapshot" };
  if (!self.caches) return { note: "no Cache API here" };
  try {
    const cache = await caches.open(ENGINE_CACHE);
    const hit = await cache.match(config.snapshot);
    if (!hit) return { note: "none stored yet" };
    return { bytes: new Uint8Array(await hit.arrayBuffer()) };
  } catch (error) {
    return { note: `could not be read: ${messageOf(error)}` }; // storage blocked or evicted
  }
}

/**
 * @param {LoadPyodide} loadPyodide @param {PyodideOptions} options @param {Uint8Array} snapshot
 * @param {Promise<Uint8Array<ArrayBuffer>>} wheel
 */
async function restore(loadPyodide, options, snapshot, wheel) {
  report("python", "Starting Python", true);
  const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
  // Pyodide keeps its options for the whole visit; without this the 31 MB buffer stays alive.
  if (pyodide._api && pyodide._api.config) pyodide._api.config._loadSnapshot = null;
  report("engine", "Loading the cribbage engine", true);
  // The snapshot holds the imported modules, not the wheel's files (data, lazy imports).
  await install(pyodide, await wheel);
  return pyodide;
}

// --- the engine wheel, installed from JS ------------------------------------------------------
// Pyodide's loadPackage runs its installer in Python, which costs seconds of imports right after
// a snapshot restore. A wheel is a zip of a few pure-Python files: unpacking it here into
// site-packages does the same job in milliseconds. Its hash is checked as loadPackage would.

/** @returns {Promise<Uint8Array<ArrayBuffer>>} */
async function fetchWheel() {
  if (!config.lock) throw new Error("this build names no lock file");
  const lock = await (await realFetch(config.lock)).json();
  const entry = lock.packages && lock.packages.cribbage;
  if (!entry || !/^[0-9a-f]{64}$/.test(entry.sha256 || "")) throw new Error("the lock file names no engine wheel");
  const hexPairs = /** @type {string[]} */ (entry.sha256.match(/../g)); // 64 hex digits, tested above
  const integrity = "sha256-" + btoa(String.fromCharCode(...hexPairs.map((h) => parseInt(h, 16))));
  const url = new URL(entry.file_name, new URL(config.lock, location.href)).href;
  const response = await fetch(url, { integrity }); // counted: the progress bar includes it
  if (!response.ok) throw new Error(`${fileName(url)} could not be downloaded (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

// The files of a zip archive: [{name, data}] (stored or deflated entries, as wheels have).
/** @param {Uint8Array<ArrayBuffer>} bytes @returns {Promise<{name: string, data: Uint8Array}[]>} */
async function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("the engine wheel is not a zip archive");
  const files = [];
  let at = view.getUint32(end + 16, true);
  for (let left = view.getUint16(end + 10, true); left > 0; left -= 1) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the engine wheel's directory is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + size);
    if (name.endsWith("/")) continue;
    if (method !== 0 && method !== 8) throw new Error(`the engine wheel stores ${name} in a way this page cannot read`);
    const data = method === 0 ? raw
      : new Uint8Array(await new Response(
        new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
    files.push({ name, data });
  }
  return files;
}

/** @param {Pyodide} pyodide @param {Uint8Array<ArrayBuffer>} wheel */
async function install(pyodide, wheel) {
  if (typeof DecompressionStream !== "function") { // older browsers: Pyodide's own installer
    await pyodide.loadPackage("cribbage", { messageCallback: () => {} });
    return;
  }
  const root = pyodide.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
  for (const { name, data } of await unzip(wheel)) {
    if (name.split("/").includes("..") || name.startsWith("/")) throw new Error(`the engine wheel names ${name}`);
    const path = `${root}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
  // Only the path finders forget what they listed: importlib.invalidate_caches() would also
  // import importlib.metadata, which is most of what made loadPackage slow.
  pyodide.runPython("import sys\nfor finder in list(sys.path_importer_cache.values()):\n"
    + "    if type(finder).__name__ == 'FileFinder': finder.invalidate_caches()");
}

/** @returns {Promise<EngineApi>} the engine, once Python has started and imported it */
async function boot() {
  if (typeof WebAssembly !== "object") throw new Error("this browser cannot run WebAssembly");
  globalThis.fetch = countedFetch;
  status("loading", "Downloading");
  report("download", "Downloading", true);
  /** @type {{loadPyodide: LoadPyodide}} */
  const { loadPyodide } = await import(config.index + "pyodide.mjs");
  /** @type {PyodideOptions} */
  const options = { indexURL: config.index };
  if (config.lock) options.lockFileURL = config.lock;
  if (config.stdlib) options.stdLibURL = config.stdlib;
  let pyodide = null;
  let restored = false;
  // The wheel comes while Python starts, rather than after.
  const wheel = fetchWheel();
  wheel.catch(() => {}); // awaited below; a failure is reported there
  const found = await cachedSnapshot();
  let snapshotNote = found.note || "";
  if (found.bytes) {
    try {
      pyodide = await restore(loadPyodide, options, found.bytes, wheel);
      restored = true;
    } catch (error) {
      console.warn("the snapshot did not restore; starting Python normally", error);
      snapshotNote = `did not restore: ${messageOf(error)}`;
      pyodide = null;
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide(options);
    report("engine", "Loading the cribbage engine", true);
    await install(pyodide, await wheel);
  }
  report("engine", "Loading the cribbage engine", true);
  api = pyodide.pyimport("cribbage.backend.api");
  globalThis.fetch = realFetch;
  status("ready", restored ? "Ready (restored from the snapshot)"
    : snapshotNote.startsWith("did not restore") ? `Ready (the snapshot ${snapshotNote})` : "Ready", restored,
  restored ? "restored" : snapshotNote);
  return api;
}

// Python starts once the big files have arrived (the small wheel comes while it starts). Told
// from the download stream itself: while Python starts, this thread runs nothing else.
function bigFilesArrived() {
  return [...expected].every(([url, size]) => size <= 100000 || (received.get(url) || 0) >= size);
}

// A failed start ends this worker once every tab has been told: a shared one that stayed would
// hand the same failure to the next tab, and "Try again" must start afresh.
const ready = Promise.race([boot(), downloadFailed]).catch((error) => {
  status("failed", messageOf(error));
  setTimeout(() => self.close(), 0);
  throw error;
});
ready.catch(() => {}); // reported above; calls are answered below

// --- the snapshot for the next visit ------------------------------------------------------------

async function prefetchSnapshot() {
  if (!config.snapshot || !self.caches) return;
  const cache = await caches.open(ENGINE_CACHE);
  if (await cache.match(config.snapshot)) return;
  const response = await realFetch(config.snapshot);
  // The service worker may have stored it on the way through; otherwise store it here.
  if (response.ok && !(await cache.match(config.snapshot))) await cache.put(config.snapshot, response);
}

/** @param {Port} port @param {ToWorker} data */
async function answer(port, data) {
  if (data.type === "prefetch-snapshot") {
    prefetchSnapshot().catch((error) => console.warn("snapshot not stored for the next visit:", error));
    return;
  }
  if (data.type !== "call") return; // a tab of another version of the site may say other things
  let engine;
  try {
    engine = await ready;
  } catch {
    port.postMessage({ type: "result", id: data.id, ok: false, error: "The engine could not start." });
    return;
  }
  if (!ports.has(port)) return; // its tab has closed while the call waited: nobody to answer
  const started = performance.now();
  const reply = await run(engine, data);
  port.postMessage({ type: "result", id: data.id, ...reply, ms: performance.now() - started });
}

/** @param {EngineApi} engine @param {CallMessage} data @returns {Promise<Reply & {bug?: string}>} */
async function run(engine, data) {
  try {
    /** @type {Params} */
    let callParams;
    try {
      // A game's private part never reaches the page: it leaves sealed and comes back sealed.
      callParams = await openParams(data.params ?? {});
    } catch (error) {
      return { ok: false, error: messageOf(error) };
    }
    /** @type {Reply} */
    const reply = JSON.parse(engine.call(data.method, JSON.stringify(callParams)));
    if (reply.ok) reply.result = await sealReply(reply.result);
    return reply;
  } catch (error) {
    // A bug, not bad input (the engine reports that itself): answer anyway, so no caller waits forever.
    console.error(error);
    const lines = messageOf(error).split("\n");
    return { ok: false, error: "The engine failed on this input: " + lines.at(-2),
      bug: error instanceof Error && error.stack ? error.stack : String(error) };
  }
}

/** @param {Port} port */
function serve(port) {
  ports.add(port);
  port.addEventListener("close", () => ports.delete(port)); // where ports report it
  for (const said of [api ? null : latest.progress, latest.status]) if (said) port.postMessage(said);
  port.onmessage = ({ data }) => answer(port, data);
}

const SharedWorkerScope = /** @type {WorkerGlobals} */ (globalThis).SharedWorkerGlobalScope;
if (typeof SharedWorkerScope === "function" && self instanceof SharedWorkerScope) {
  /** @type {SharedScope} */ (/** @type {unknown} */ (self)).onconnect = (event) => serve(event.ports[0]);
} else {
  serve(/** @type {Port} */ (/** @type {unknown} */ (self)));
}
