// The service worker (sw.js, written by the build): every page and asset precached, the engine
// kept once fetched, so the site works with the network gone. Registered by engine.js once the
// page has loaded (and, on engine pages, once the engine is ready), so it never competes with a
// first visit's download. When a new build is waiting, a small notice offers to reload now;
// otherwise the new version takes over the next time the site is opened. The reader is told once
// per device that the site is saved for offline use.
import { KEYS, readText, writeText } from "./storage.js";

const SAVED_TEXT = {
  site: "Saved: these pages now work offline. The scorer, practice and table will too once one has run here.",
  engine: "Saved: the whole site now works offline, the engine included.",
};

/** @type {(ServiceWorkerRegistration & {cribbageWatched?: boolean}) | null} */
let registration = null;

/** @param {string} scriptURL @param {{engineStarted?: boolean}} [options] */
export async function registerOffline(scriptURL, { engineStarted = false } = {}) {
  if (!("serviceWorker" in navigator)) return;
  try {
    registration ??= await navigator.serviceWorker.register(scriptURL);
  } catch (error) {
    console.warn("offline use is not available:", error);
    return;
  }
  watchForUpdates(registration);
  const ready = await navigator.serviceWorker.ready; // active: every page and asset is stored
  if (engineStarted && ready.active) {
    // The engine's files were fetched before this worker existed: ask it to keep them. It answers
    // "engine-cached" once they are stored.
    listenForEngineCached();
    ready.active.postMessage({ type: "cache-engine" });
  } else {
    announceSaved("site");
  }
}

let listeningForEngineCached = false;
function listenForEngineCached() {
  if (listeningForEngineCached) return;
  listeningForEngineCached = true;
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data && data.type === "engine-cached") announceSaved("engine");
  });
}

// Said once per device, whichever comes first (the pages, or the pages and the engine): what was
// said is kept under KEYS.offlineSaved, and a later step is not announced again.
/** @param {"site" | "engine"} level */
function announceSaved(level) {
  if (readText(KEYS.offlineSaved)) return;
  if (!writeText(KEYS.offlineSaved, level)) return; // storage off: saying it on every page would nag
  // Information only, so it never covers the page: a line in the flow under the page's content,
  // which moves nothing above it (a floating notice hid the board's and the table's buttons).
  const notice = showNotice(SAVED_TEXT[level], [["OK", "md-button", (notice) => notice.remove()]], "offlineSaved",
    document.querySelector(".md-content") || document.body);
  if (notice) notice.classList.add("site-notice--line");
}

/** @param {ServiceWorkerRegistration & {cribbageWatched?: boolean}} reg */
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

/** @param {ServiceWorker} waiting */
function offerReload(waiting) {
  const reload = () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    waiting.postMessage({ type: "skip-waiting" });
  };
  showNotice("A new version of this site is ready.", [
    ["Reload", "md-button md-button--primary", reload],
    ["Later", "md-button", (notice) => notice.remove()],
  ], "newVersion");
}

// A small notice (role=status, so screen readers hear it) with its buttons, floating at the foot
// of the screen unless it is put in `parent`; one of each kind. Returns the notice, or null when
// one of its kind is already shown.
/**
 * @param {string} text
 * @param {[string, string, (notice: HTMLElement) => void][]} buttons label, class and what a press does
 * @param {string} kind
 * @param {Element} [parent]
 */
function showNotice(text, buttons, kind, parent = document.body) {
  const attribute = `data-${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (document.querySelector(`[${attribute}]`)) return null;
  const notice = document.createElement("div");
  notice.className = "site-notice";
  notice.dataset[kind] = "";
  notice.setAttribute("role", "status");
  const words = document.createElement("span");
  words.textContent = text;
  notice.append(words);
  for (const [label, className, onClick] of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = className;
    button.textContent = label;
    button.addEventListener("click", () => onClick(notice));
    notice.append(button);
  }
  parent.append(notice);
  return notice;
}
