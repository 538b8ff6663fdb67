// The set-up's players at the edge: who plays each seat (you at seat 1, each other seat a
// person, the computer at the game's level, or the computer at a level of its own) and the
// names, shown from the settings, kept as they change, and said as the seating ("Round the table to the left: Ann, Computer, Ben, Computer. Partners: …").
// They take effect from the next game, as the counting options do.
import { cleanName, COMPUTER, HUMAN, personNames, seatingLine, seatKinds } from "./seats.js";

/** @typedef {import("./store.js").Settings} Settings */

/** @param {ParentNode} root @returns {HTMLElement[]} */
const rows = (root) => [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-player-row]"))];
const field = (/** @type {Element} */ row, /** @type {string} */ selector) =>
  /** @type {HTMLInputElement | HTMLSelectElement | null} */ (row.querySelector(selector));

// `label(id)`: a level's label, for the seating line.
/**
 * @param {HTMLElement} root @param {Settings} settings @param {number} players
 * @param {(id: string) => string} label
 */
export function showPlayers(root, settings, players, label) {
  rows(root).forEach((row, seat) => {
    row.hidden = seat >= players;
    const kind = field(row, "[data-player-kind]");
    if (kind) kind.value = settings.players[seat];
    const name = /** @type {HTMLInputElement} */ (field(row, "[data-player-name]"));
    name.value = settings.names[seat];
    // a computer seat has no name to ask
    /** @type {HTMLLabelElement} */ (name.closest("label")).hidden = settings.players[seat] !== HUMAN;
  });
  const seating = seatingLine(seatKinds(settings.players, players, COMPUTER), settings.names, label);
  /** @type {HTMLElement} */ (root.querySelector("[data-seating]")).textContent = seating;
}

// `changed()` after each change is kept in the settings.
/**
 * @param {HTMLElement} root @param {Settings} settings @param {() => number} players @param {() => void} changed
 * @param {AbortSignal} signal @param {(id: string) => string} label
 */
export function listenPlayers(root, settings, players, changed, signal, label) {
  rows(root).forEach((row, seat) => {
    const kind = field(row, "[data-player-kind]");
    const name = /** @type {HTMLInputElement} */ (field(row, "[data-player-name]"));
    kind?.addEventListener("change", () => {
      settings.players[seat] = kind.value; // one of the select's own options
      settings.names = personNames(settings.players, settings.names);
      showPlayers(root, settings, players(), label);
      changed();
    }, { signal });
    name.addEventListener("change", () => {
      settings.names[seat] = cleanName(name.value);
      showPlayers(root, settings, players(), label);
      changed();
    }, { signal });
  });
}
