// The engine in a Web Worker: Pyodide plus the cribbage wheel, behind one message API.
//   in:  {type: "init", indexURL, lockFileURL}
//        {type: "call", id, method, params}
//   out: {type: "status", state: "loading" | "ready" | "failed", detail}
//        {type: "result", id, ok, result | error, ms}
let api = null;
let ready = null;

function status(state, detail) {
  postMessage({ type: "status", state, detail });
}

async function boot({ indexURL, lockFileURL }) {
  if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
  status("loading", "Downloading Python");
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL, lockFileURL, fullStdLib: false });
  status("loading", "Loading the cribbage engine");
  await pyodide.loadPackage("cribbage", { messageCallback: () => {}, errorCallback: () => {} });
  api = pyodide.pyimport("cribbage.api");
  api.call("deck", "{}"); // first call compiles the engine's modules before the reader asks
  status("ready", "Ready");
}

onmessage = async ({ data }) => {
  if (data.type === "init") {
    ready ??= boot(data).catch((error) => {
      status("failed", String(error && error.message ? error.message : error));
      throw error;
    });
    return;
  }
  if (data.type !== "call") return;
  try {
    await ready;
  } catch {
    postMessage({ type: "result", id: data.id, ok: false, error: "The engine could not start." });
    return;
  }
  const started = performance.now();
  const reply = JSON.parse(api.call(data.method, JSON.stringify(data.params ?? {})));
  postMessage({ type: "result", id: data.id, ...reply, ms: performance.now() - started });
};
