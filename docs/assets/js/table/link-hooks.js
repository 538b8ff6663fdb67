// The table's link panel, loaded (with WebRTC and the QR code reader) only when it is first
// opened, or at once when this phone hosts a linked game it is coming back to (a reload), so
// that the game resumes as a linked one and its guests can join again.
import { KEYS, readText } from "../storage.js";

const hosting = () => {
  try {
    return JSON.parse(readText(KEYS.tableLink) || "null")?.role === "host";
  } catch {
    return false; // table/link.js keeps an unreadable copy aside when it is opened
  }
};

/** @param {import("./types.js").LinkHost} page @param {import("./types.js").LinkedGame} game */
export async function linkTable(page, game) {
  const panel = /** @type {HTMLDetailsElement} */ (page.$("[data-link]"));
  const load = async () => {
    if (page.link) return;
    const { tableLink } = await import("./link.js"); // loaded when needed (see above)
    if (page.link || page.signal.aborted) return;
    page.link = tableLink(panel, game);
    panel.dataset.ready = ""; // its buttons answer from here
  };
  panel.addEventListener("toggle", () => { if (panel.open) load(); }, { signal: page.signal });
  page.signal.addEventListener("abort", () => page.link?.close());
  if (hosting()) await load();
}
