// The service worker (sw.js, written by the build): every page and asset precached, the engine
// kept once fetched, so the site works with the network gone. Registered by engine.js once the
// page has loaded (and, on engine pages, once the engine is ready), so it never competes with a
// first visit's download. When a new build is waiting, a small notice offers to reload now;
// otherwise the new version takes over the next time the site is opened.
let registration = null;

export async function registerOffline(scriptURL, { engineStarted = false } = {}) {
  if (!("serviceWorker" in navigator)) return;
  try {
    registration ??= await navigator.serviceWorker.register(scriptURL);
  } catch (error) {
    console.warn("offline use is not available:", error);
    return;
  }
  watchForUpdates(registration);
  if (engineStarted) {
    // The engine's files were fetched before this worker existed: ask it to keep them.
    const ready = await navigator.serviceWorker.ready;
    if (ready.active) ready.active.postMessage({ type: "cache-engine" });
  }
}

function watchForUpdates(reg) {
  if (reg.cribbageWatched) return;
  reg.cribbageWatched = true;
  if (reg.waiting && navigator.serviceWorker.controller) offerReload(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const incoming = reg.installing;
    if (!incoming) return;
    incoming.addEventListener("statechange", () => {
      // "installed" with a controller already in place: a new build waits for the reader.
      if (incoming.state === "installed" && navigator.serviceWorker.controller) offerReload(incoming);
    });
  });
}

function offerReload(waiting) {
  if (document.querySelector("[data-new-version]")) return;
  const notice = document.createElement("div");
  notice.className = "new-version";
  notice.dataset.newVersion = "";
  notice.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = "A new version of this site is ready.";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "md-button md-button--primary";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage({ type: "skip-waiting" });
  });
  const later = document.createElement("button");
  later.type = "button";
  later.className = "md-button";
  later.textContent = "Later";
  later.addEventListener("click", () => notice.remove());
  notice.append(text, reload, later);
  document.body.append(notice);
}
