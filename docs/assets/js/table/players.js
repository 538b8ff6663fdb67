// The set-up's players at the edge: who plays each seat (you at seat 1, each other seat a
// person, the computer at the game's level, or the computer at a level of its own) and the
// names, shown from the settings, kept as they are typed, and said as the seating ("Round the table to the left: Ann, Computer, Ben, Computer. Partners: …").
// Two people may not share a name: the later field says so, and no game starts until it is changed.
// They take effect from the next game, as the counting options do.
import { cleanName, COMPUTER, HUMAN, MAX_NAME, nameClashes, personNames, seatingLine, seatKinds } from "./seats.js";

/** @typedef {import("./store.js").Settings} Settings */

/** @param {ParentNode} root @returns {HTMLElement[]} */
const rows = (root) => [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-player-row]"))];
const field = (/** @type {Element} */ row, /** @type {string} */ selector) =>
  /** @type {HTMLInputElement | HTMLSelectElement | null} */ (row.querySelector(selector));
const nameField = (/** @type {Element} */ row) => /** @type {HTMLInputElement} */ (field(row, "[data-player-name]"));

export const NAMES_HINT = `Names are optional, ${MAX_NAME} characters at most, a different one for each person.`;

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
    const name = nameField(row);
    name.value = settings.names[seat];
    name.maxLength = MAX_NAME; // the field stops where the name would be cut
    // a computer seat has no name to ask
    /** @type {HTMLLabelElement} */ (name.closest("label")).hidden = settings.players[seat] !== HUMAN;
  });
  /** @type {HTMLElement} */ (root.querySelector("[data-names-hint]")).textContent = NAMES_HINT;
  showSeating(root, settings, players, label);
}

// The seating line, and each name another seat already has marked as wrong, its reason beside it.
// Returns the first such field, or null when every name will do.
/**
 * @param {HTMLElement} root @param {Settings} settings @param {number} players
 * @param {(id: string) => string} label @returns {HTMLInputElement | null}
 */
export function showSeating(root, settings, players, label) {
  const kinds = seatKinds(settings.players, players, COMPUTER);
  /** @type {HTMLElement} */ (root.querySelector("[data-seating]")).textContent = seatingLine(kinds, settings.names, label);
  const clashes = nameClashes(kinds, settings.names);
  /** @type {HTMLInputElement | null} */
  let wrong = null;
  rows(root).forEach((row, seat) => {
    const name = nameField(row);
    const error = /** @type {HTMLElement} */ (row.querySelector("[data-name-error]"));
    const clash = clashes[seat] ?? "";
    error.textContent = clash;
    error.hidden = !clash;
    if (clash) name.setAttribute("aria-invalid", "true");
    else name.removeAttribute("aria-invalid");
    wrong ??= clash ? name : null;
  });
  return wrong;
}

// Before a game starts: a name two people share keeps it from starting; the set-up opens at the
// field to change. True when the names will do.
/**
 * @param {HTMLElement} root @param {Settings} settings @param {number} players
 * @param {(id: string) => string} label
 */
export function namesReady(root, settings, players, label) {
  const wrong = showSeating(root, settings, players, label);
  if (!wrong) return true;
  /** @type {HTMLDetailsElement} */ (root.querySelector(".table__players")).open = true;
  wrong.focus();
  return false;
}

// A link that seats people whose names are not known yet: the set-up opens at the first empty
// name (names stay optional: New game starts without them). True when it asked.
/** @param {HTMLElement} root @param {Settings} settings @param {number} players */
export function askNames(root, settings, players) {
  const kinds = seatKinds(settings.players, players, COMPUTER);
  if (kinds.filter((kind) => kind === HUMAN).length < 2) return false;
  const empty = kinds.findIndex((kind, seat) => kind === HUMAN && !settings.names[seat]);
  if (empty < 0) return false;
  /** @type {HTMLDetailsElement} */ (root.querySelector(".table__players")).open = true;
  nameField(rows(root)[empty]).focus();
  return true;
}

// `changed()` after each change is kept in the settings: a name as each letter is typed.
/**
 * @param {HTMLElement} root @param {Settings} settings @param {() => number} players @param {() => void} changed
 * @param {AbortSignal} signal @param {(id: string) => string} label
 */
export function listenPlayers(root, settings, players, changed, signal, label) {
  rows(root).forEach((row, seat) => {
    const kind = field(row, "[data-player-kind]");
    const name = nameField(row);
    kind?.addEventListener("change", () => {
      settings.players[seat] = kind.value; // one of the select's own options
      settings.names = personNames(settings.players, settings.names);
      showPlayers(root, settings, players(), label);
      changed();
    }, { signal });
    // kept as typed, the field left as it is (a space being typed between two words stays)
    name.addEventListener("input", () => {
      settings.names[seat] = cleanName(name.value);
      showSeating(root, settings, players(), label);
      changed();
    }, { signal });
    name.addEventListener("change", () => {
      settings.names[seat] = cleanName(name.value);
      showPlayers(root, settings, players(), label);
      changed();
    }, { signal });
  });
}
