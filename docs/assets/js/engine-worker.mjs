// The engine in a Web Worker: Pyodide plus the cribbage wheel, behind one message API.
// Started as engine-worker.mjs?index=<Pyodide URL>[&snapshot=<URL>], it begins loading at once
// (waiting for a first message would cost a round trip through a busy page). With a snapshot it
// restores a Python that has already started and imported the engine; if that fails for any
// reason it starts Python the ordinary way.
//   in:  {type: "call", id, method, params}
//   out: {type: "status", state: "loading" | "ready" | "failed", detail}
//        {type: "result", id, ok, result | error, ms}
import { openParams, sealReply } from "./vault.mjs";

const params = new URL(import.meta.url).searchParams;
const indexURL = params.get("index");
const snapshotURL = params.get("snapshot");
let api = null;

function status(state, detail) {
  postMessage({ type: "status", state, detail });
}

async function boot() {
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  status("loading", "Downloading Python");
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const lockFileURL = indexURL + "pyodide-lock.json";
  let pyodide = null;
  let restored = false;
  if (snapshotURL) {
    try {
      const response = await fetch(snapshotURL);
      if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
      const snapshot = new Uint8Array(await response.arrayBuffer());
      pyodide = await loadPyodide({ indexURL, lockFileURL, _loadSnapshot: snapshot });
      // The snapshot holds the imported modules, not the wheel's files (data, lazy imports).
      await pyodide.loadPackage("cribbage", { messageCallback: () => {} });
      restored = true;
    } catch (error) {
      pyodide = null; // fall through to an ordinary start
    }
  }
  // Without a snapshot, the wheel is fetched while Python starts, rather than after.
  pyodide ??= await loadPyodide({ indexURL, lockFileURL, packages: ["cribbage"] });
  status("loading", "Loading the cribbage engine");
  api = pyodide.pyimport("cribbage.api");
  status("ready", restored ? "Ready (restored from the snapshot)" : "Ready");
}

const ready = boot().catch((error) => {
  status("failed", String(error && error.message ? error.message : error));
  throw error;
});

onmessage = async ({ data }) => {
  if (data.type !== "call") return;
  try {
    await ready;
  } catch {
    postMessage({ type: "result", id: data.id, ok: false, error: "The engine could not start." });
    return;
  }
  const started = performance.now();
  let reply;
  try {
    // A game's private part never reaches the page: it leaves sealed and comes back sealed.
    const callParams = await openParams(data.params ?? {}).catch((error) => ({ unopened: error.message }));
    if (callParams.unopened) reply = { ok: false, error: callParams.unopened };
    else reply = JSON.parse(api.call(data.method, JSON.stringify(callParams)));
    if (reply.ok) reply.result = await sealReply(reply.result);
  } catch (error) {
    // A bug, not bad input (the engine reports that itself): answer anyway, so no caller waits forever.
    console.error(error);
    reply = { ok: false, error: "The engine failed on this input: " + String(error.message || error).split("\n").at(-2) };
  }
  postMessage({ type: "result", id: data.id, ...reply, ms: performance.now() - started });
};
