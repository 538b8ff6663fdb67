// The replay viewer's effects at the edge: the record it holds (as typed, pasted or opened, and
// the step shown), kept in localStorage so a reload loses nothing, and its one engine call. A
// save that cannot be read is kept aside (storage.js) and reported, never silently replaced.
import { engine } from "../engine.js";
import { KEYS, readSaved, writeSaved } from "../storage.js";

const VERSION = 1;
const MAX_TEXT = 200000; // the engine reads records up to this many characters
const isSave = (value) => value !== null && typeof value === "object" && value.version === VERSION
  && typeof value.text === "string" && Number.isInteger(value.step) && value.step >= 0;

// {text, step} as saved, {text: "", step: 0} when nothing is, plus `unreadable` when a save was damaged.
export function loadReplay() {
  const { value, unreadable } = readSaved(KEYS.replay, isSave, KEYS.replayUnreadable);
  if (value) return { text: value.text, step: value.step };
  return unreadable === undefined ? { text: "", step: 0 } : { text: "", step: 0, unreadable };
}

export const saveReplay = (text, step) => writeSaved(KEYS.replay, { version: VERSION, text, step });

// The table hands a finished game's record to the viewer this way (then links to it).
export const saveReplayText = (text) => saveReplay(text, 0);

// The record replayed by the engine: {steps...} or {error: {line, problem, hint}}, or
// {failed: message} when the engine could not answer at all.
export async function replayRecord(text) {
  if (text.length > MAX_TEXT) return { failed: `The record is too long (at most ${MAX_TEXT} characters).` };
  const reply = await engine.call("replay_record", { text });
  return reply.ok ? reply.result : { failed: reply.error };
}
