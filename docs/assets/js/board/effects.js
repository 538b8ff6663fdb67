// The board's effects, kept at the edge: storage through storage.js (the match after every tap,
// the last set-up, a copy of a save that could not be read), files (download, import), and the
// Screen Wake Lock. Nothing read here is ever inserted as HTML; io.js checks a match before it is
// used.
import { KEYS, readSaved, readText as read, removeText, writeText as write } from "../storage.js";
import { parseMatch, readMatch, serialise } from "./io.js";

/** @typedef {import("./match.js").Match} Match @typedef {import("./state.js").Rules} Rules */

const { board: STORE, boardSetup: SETUP_STORE, boardUnreadable: UNREADABLE } = KEYS;

// The saved match: {match}, {} when there is none, or {error} when it cannot be read; then the
// text is copied aside (unless a copy is there already) and left in place, so nothing is lost.
/** @param {Rules} rules @returns {{match?: Match, error?: string}} */
export function loadMatch(rules) {
  const saved = readSaved(STORE, (value) => readMatch(value, rules).match, UNREADABLE);
  if (saved.value) return { match: saved.value };
  return saved.unreadable === undefined ? {} : { error: parseMatch(saved.unreadable, rules).error };
}

export const saveMatch = (/** @type {Match} */ match) => write(STORE, serialise(match));
export const unreadableCopy = () => read(UNREADABLE);
export const forgetUnreadable = () => removeText(UNREADABLE);

// The last set-up and display choices, as saved (normaliseSetup cleans them).
/** @returns {Record<string, any>} */
export function loadSetup() {
  try {
    const data = JSON.parse(read(SETUP_STORE) || "null");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {}; // a damaged set-up is only defaults lost: the form shows them
  }
}

export const saveSetup = (/** @type {Record<string, unknown>} */ data) => write(SETUP_STORE, JSON.stringify(data));

// Offer text as a file the browser saves.
/** @param {string} name @param {string} type @param {string} text */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Keep the screen on while the board is open: the Screen Wake Lock, taken again whenever the
// page comes back into view (the browser lets it go when the tab is hidden), and let go when the
// reader leaves the page (`signal`). `report(state, detail)` hears "on", "off", "unsupported" or
// "refused".
/** @typedef {"on" | "off" | "unsupported" | "refused"} Awake */
/** @param {(state: Awake, detail?: string) => void} report @param {AbortSignal} signal */
export function keepAwake(report, signal) {
  /** @type {WakeLockSentinel | null} */
  let sentinel = null;
  let alive = true;
  async function request() {
    if (!alive || document.visibilityState !== "visible" || sentinel) return;
    try {
      sentinel = await navigator.wakeLock.request("screen");
      report("on");
      sentinel.addEventListener("release", () => { // the browser let it go (the tab was hidden)
        sentinel = null;
        if (alive) report("off");
      }, { signal });
    } catch (error) {
      report("refused", error instanceof Error && error.message ? error.message : String(error));
    }
  }
  if (!("wakeLock" in navigator) || !navigator.wakeLock) {
    report("unsupported");
    return;
  }
  document.addEventListener("visibilitychange", () => request(), { signal });
  signal.addEventListener("abort", () => {
    alive = false;
    if (sentinel) sentinel.release().catch(() => {});
    sentinel = null;
  }, { once: true });
  request();
}
