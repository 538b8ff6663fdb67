// The table's effects at the edge: what it keeps in localStorage (the game sealed by the worker,
// and the settings) and its calls to the engine. A save that cannot be read is kept aside
// (storage.js), reported, and never silently replaced.
import { engine } from "../engine.js";
import { KEYS, readSaved, readText, writeSaved, writeText } from "../storage.js";

const DEFAULTS = { pace: "normal", countByHand: false, muggins: false, hints: false, variant: "standard" };
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isGame = (value) => isObject(value) && value.version === 2 && typeof value.sealed === "string";

// The settings, each checked: an unknown pace or variant (`variants`: the vocabulary's) is the default one.
// The table's settings, the defaults where a saved one is missing or wrong; `lost` says that the
// saved settings could not be read at all (they are kept aside, and the page says so).
export function loadSettings(paces, variants) {
  const { value, unreadable } = readSaved(KEYS.tableSettings, isObject, KEYS.tableSettingsUnreadable);
  const settings = { ...DEFAULTS, ...(value || {}) };
  if (!(settings.pace in paces)) settings.pace = DEFAULTS.pace;
  if (!variants.some((v) => v.name === settings.variant)) settings.variant = DEFAULTS.variant;
  settings.countByHand = Boolean(settings.countByHand);
  settings.muggins = Boolean(settings.muggins);
  settings.hints = settings.hints === true;
  return { settings, lost: unreadable !== undefined };
}

export const SETTINGS_LOST = "Your table settings could not be read, so the defaults are back (the unreadable copy is kept on this device).";

export const saveSettings = (settings) => writeSaved(KEYS.tableSettings, settings);

// The saved game: {sealed} when there is one that looks sound, {} when none, {unreadable} else.
export function loadGame() {
  const { value, unreadable } = readSaved(KEYS.table, isGame, KEYS.tableUnreadable);
  if (value) return { sealed: value.sealed };
  return unreadable === undefined ? {} : { unreadable };
}

export const saveGame = (sealed, level) => writeSaved(KEYS.table, { version: 2, sealed, level });

// A sealed game the engine would not open: kept aside too, before a new game replaces it.
export function keepAside() {
  const raw = readText(KEYS.table);
  if (raw !== null && readText(KEYS.tableUnreadable) === null) writeText(KEYS.tableUnreadable, raw);
}

// One engine call: its result, or null after `onError(message)`; null too once the page is left.
export async function call(method, params, signal, onError) {
  const reply = await engine.call(method, params);
  if (signal.aborted) return null;
  if (!reply.ok) {
    onError(reply.error);
    return null;
  }
  return reply.result;
}
