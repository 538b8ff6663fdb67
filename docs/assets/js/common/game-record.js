// A game record held for the replay viewer (its text as typed, pasted or opened, and the step
// shown), kept in localStorage under KEYS.replay so a reload loses nothing. The table hands a
// finished game's record over this way, then links to the replay. A save that cannot be read is
// kept aside (storage.js) and reported, never silently replaced.
import { KEYS, readSaved, writeSaved } from "../storage.js";

/** @typedef {{text: string, step: number, unreadable?: string}} KeptRecord  unreadable: a damaged save's text */

const VERSION = 1;
/** @param {any} value */
const isSave = (value) => value !== null && typeof value === "object" && value.version === VERSION
  && typeof value.text === "string" && Number.isInteger(value.step) && value.step >= 0;

// {text, step} as saved, {text: "", step: 0} when nothing is, plus `unreadable` when a save was damaged.
/** @returns {KeptRecord} */
export function loadRecord() {
  const { value, unreadable } = readSaved(KEYS.replay, isSave, KEYS.replayUnreadable);
  if (value) return { text: value.text, step: value.step };
  return unreadable === undefined ? { text: "", step: 0 } : { text: "", step: 0, unreadable };
}

/** @param {string} text @param {number} step */
export const saveRecord = (text, step) => writeSaved(KEYS.replay, { version: VERSION, text, step });

// A finished game's record handed to the viewer, to be read from its first move.
/** @param {string} text */
export const handOverRecord = (text) => saveRecord(text, 0);
