// The board's effects, kept at the edge: localStorage (the match after every tap, the last
// set-up, a copy of a save that could not be read), files (download, import), and the Screen Wake
// Lock. Nothing read here is ever inserted as HTML; io.js checks a match before it is used.
import { KEYS, readText as read, writeText as write } from "../storage.js";
import { parseMatch, serialise } from "./io.js";

const { board: STORE, boardSetup: SETUP_STORE, boardUnreadable: UNREADABLE } = KEYS;

// The saved match: {match}, {} when there is none, or {error} when it cannot be read; then the
// text is copied aside (unless a copy is there already) and left in place, so nothing is lost.
export function loadMatch(rules) {
  const raw = read(STORE);
  if (raw === null) return {};
  const result = parseMatch(raw, rules);
  if (result.match) return result;
  if (read(UNREADABLE) === null) write(UNREADABLE, raw);
  return { error: result.error };
}

export const saveMatch = (match) => write(STORE, serialise(match));
export const unreadableCopy = () => read(UNREADABLE);

export function forgetUnreadable() {
  try {
    localStorage.removeItem(UNREADABLE);
  } catch { /* nothing to forget */ }
}

export function loadSetup() {
  try {
    const data = JSON.parse(read(SETUP_STORE) || "null");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch {
    return {}; // a damaged set-up is only defaults lost: the form shows them
  }
}

export const saveSetup = (data) => write(SETUP_STORE, JSON.stringify(data));

// Offer text as a file the browser saves.
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
// page comes back into view (the browser lets it go when the tab is hidden). `report(state,
// detail)` hears "on", "off", "unsupported" or "refused".
export function keepAwake(report) {
  let sentinel = null;
  let alive = true;
  async function request() {
    if (!alive || document.visibilityState !== "visible" || sentinel) return;
    try {
      sentinel = await navigator.wakeLock.request("screen");
      report("on");
      sentinel.addEventListener("release", () => {
        sentinel = null;
        if (alive) report("off");
      });
    } catch (error) {
      report("refused", error && error.message ? error.message : String(error));
    }
  }
  if (!("wakeLock" in navigator) || !navigator.wakeLock) {
    report("unsupported");
    return { release() {} };
  }
  const onVisible = () => request();
  document.addEventListener("visibilitychange", onVisible);
  request();
  return {
    release() {
      alive = false;
      document.removeEventListener("visibilitychange", onVisible);
      if (sentinel) sentinel.release().catch(() => {});
      sentinel = null;
    },
  };
}
