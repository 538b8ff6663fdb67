// The table's effects at the edge: what it keeps in localStorage (the game sealed by the worker,
// and the settings) and its calls to the engine. A save that cannot be read is kept aside
// (storage.js), reported, and never silently replaced.
import { engine } from "../engine.js";
import { KEYS, readSaved, readText, writeSaved, writeText } from "../storage.js";
import { cleanName, COMPUTER, HUMAN } from "./seats.js";

/**
 * @typedef {{pace: string, countByHand: boolean, muggins: boolean, hints: boolean, variant: string,
 *   players: string[], names: string[]}} Settings  by seat: who plays it ("human", "computer" or a level), a person's name
 * @typedef {{sealed?: string, shown?: number, handOver?: number | null, commitment?: string | null,
 *   names?: (string | null)[] | null, unreadable?: string}} SavedGame
 */

/** @type {Settings} */
const DEFAULTS = { pace: "normal", countByHand: false, muggins: false, hints: false, variant: "standard",
  players: [HUMAN, COMPUTER, COMPUTER, COMPUTER], names: ["", "", "", ""] }; // by seat: who plays it, and a person's name
/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isGame = (/** @type {unknown} */ value) => isObject(value) && value.version === 2 && typeof value.sealed === "string";

// The settings, each checked: an unknown pace or variant (`variants`: the vocabulary's) is the
// default one, and a seat's player one of "human", "computer" or a level of `levels` (the table's).
// The table's settings, the defaults where a saved one is missing or wrong; `lost` says that the
// saved settings could not be read at all (they are kept aside, and the page says so).
/**
 * @param {Record<string, unknown>} paces @param {{name: string}[]} variants @param {{id: string}[]} [levels]
 * @returns {{settings: Settings, lost: boolean}}
 */
export function loadSettings(paces, variants, levels = []) {
  const { value, unreadable } = readSaved(KEYS.tableSettings, isObject, KEYS.tableSettingsUnreadable);
  /** @type {Settings} */
  const settings = { ...DEFAULTS, ...(value || {}) };
  if (!(settings.pace in paces)) settings.pace = DEFAULTS.pace;
  if (!variants.some((v) => v.name === settings.variant)) settings.variant = DEFAULTS.variant;
  settings.countByHand = Boolean(settings.countByHand);
  settings.muggins = Boolean(settings.muggins);
  settings.hints = settings.hints === true;
  const known = (/** @type {unknown} */ kind) => kind === HUMAN || levels.some((level) => level.id === kind);
  settings.players = DEFAULTS.players.map((kind, seat) => (seat && known(settings.players?.[seat]) ? settings.players[seat] : kind));
  settings.names = DEFAULTS.names.map((_, seat) => cleanName(settings.names?.[seat]));
  return { settings, lost: unreadable !== undefined };
}

export const SETTINGS_LOST = "Your table settings could not be read, so the defaults are back (the unreadable copy is kept on this device).";

export const saveSettings = (/** @type {Settings} */ settings) => writeSaved(KEYS.tableSettings, settings);

// The saved game: {sealed, shown, handOver, commitment} when there is one that looks sound, {}
// when none, {unreadable} else. `shown` is the seat whose cards the page last showed, `handOver`
// the seat the phone is being passed to (null when none): a reload comes back to the hand-over,
// never to the next player's cards. `commitment` is the one shown before the first cut.
/** @returns {SavedGame} */
export function loadGame() {
  const { value, unreadable } = readSaved(KEYS.table, isGame, KEYS.tableUnreadable);
  if (value) {
    /** @param {unknown} n @returns {number | null} */
    const seat = (n) => (typeof n === "number" && Number.isInteger(n) && n >= 0 && n < 4 ? n : null);
    const commitment = typeof value.commitment === "string" && /^[0-9a-f]{64}$/.test(value.commitment) ? value.commitment : null;
    const names = Array.isArray(value.names) && value.names.length <= 4 ? value.names.map((/** @type {unknown} */ name) => cleanName(name) || null) : null;
    return { sealed: value.sealed, shown: seat(value.shown) ?? 0, handOver: seat(value.handOver), commitment, names };
  }
  return unreadable === undefined ? {} : { unreadable };
}

/**
 * @param {string | null} sealed @param {string | undefined} level
 * @param {{shown?: number, handOver?: number | null, commitment?: string | null, names?: (string | null)[] | null}} [kept]
 */
export const saveGame = (sealed, level, { shown = 0, handOver = null, commitment = null, names = null } = {}) => writeSaved(KEYS.table,
  { version: 2, sealed, level, shown, handOver, commitment, names });

// A sealed game the engine would not open: kept aside too, before a new game replaces it.
export function keepAside() {
  const raw = readText(KEYS.table);
  if (raw !== null && readText(KEYS.tableUnreadable) === null) writeText(KEYS.tableUnreadable, raw);
}

// One engine call: its result, or null after `onError(message)`; null too once the page is left.
/**
 * @template R
 * @param {import("../engine.js").Method} method @param {Record<string, unknown>} params @param {AbortSignal} signal
 * @param {(error: string) => void} onError @returns {Promise<R | null>}
 */
export async function call(method, params, signal, onError) {
  const reply = await engine.call(method, params);
  if (signal.aborted) return null;
  if (!reply.ok) {
    onError(reply.error);
    return null;
  }
  return reply.result;
}
