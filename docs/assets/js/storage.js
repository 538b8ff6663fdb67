// What the pages keep in localStorage, under these keys, and the one way to read and write it.
// The page modules import the keys from here, and the tests read them from here in the page, so
// a key is written once.
export const KEYS = Object.freeze({
  practice: "cribbage.practice.v1", // progress: {version, streak, best, quizzes, categories, sessions}
  practiceCurrent: "cribbage.practice.current.v1", // the problem on screen in each quiz
  practiceCurrentUnreadable: "cribbage.practice.current.unreadable.v1", // the same, when it could not be read
  practiceUnreadable: "cribbage.practice.unreadable.v1", // progress that could not be read, kept as it was
  table: "cribbage.table.v2", // {version, sealed, level}: the game, sealed by the worker
  tableUnreadable: "cribbage.table.unreadable.v2", // a saved game that could not be opened, kept as it was
  tableSettings: "cribbage.table.settings.v1",
  tableSettingsUnreadable: "cribbage.table.settings.unreadable.v1",
  tableRecord: "cribbage.table.record.v1", // wins, skunks and points per deal by level
  tableRecordUnreadable: "cribbage.table.record.unreadable.v1", // a record that could not be read, kept
  tableLink: "cribbage.table.link.v1", // the host's linked game: {role, seats, round (every secret), seed, tokens by seat}
  tableLinkUnreadable: "cribbage.table.link.unreadable.v1",
  tableLinkGuest: "cribbage.table.link.guest.v1", // by seat, a guest's part: its own secret, the commitments, at the end every secret
  tableLinkGuestUnreadable: "cribbage.table.link.guest.unreadable.v1",
  tableLinkClaim: "cribbage.table.link.claim.v1", // a guest's {seat, token}: what it claims its seat back with after a drop
  tableLinkClaimUnreadable: "cribbage.table.link.claim.unreadable.v1",
  suits: "cribbage.suits.v1", // {four}: four-colour suits on every page
  suitsUnreadable: "cribbage.suits.unreadable.v1",
  board: "cribbage.board.v1", // the board's match: set-up, game, finished games
  boardSetup: "cribbage.board.setup.v1", // the board's last set-up and display choices
  boardUnreadable: "cribbage.board.unreadable.v1", // a board save that could not be read, kept as it was
  reviewTrend: "cribbage.review.trend.v1", // {version, games: [{id, per_deal, deals}]}: points lost per deal, by game
  reviewTrendUnreadable: "cribbage.review.trend.unreadable.v1", // the same, when it could not be read
  replay: "cribbage.replay.v1", // {version, text, step}: the record in the replay viewer, as typed or pasted
  replayUnreadable: "cribbage.replay.unreadable.v1", // a replay save that could not be read, kept as it was
  offlineSaved: "cribbage.offline.saved", // "site" or "engine": what the reader was told is saved offline
});

// Keys that were once written under another name: the old name of each. readSaved moves what the
// old name holds to the new one (unless the new one holds something already), once, so nothing a
// reader kept is lost to the rename.
/** @type {Readonly<Record<string, string>>} */
const FORMER_NAMES = Object.freeze({
  [KEYS.tableRecordUnreadable]: "cribbage.table.record.unreadable",
});

// The text kept under `key`; null when there is none or storage is switched off (this visit only).
/** @param {string} key @returns {string | null} */
export function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// Keep `text` under `key`; false when storage is off or full (then it lasts for this visit only).
/** @param {string} key @param {string} text @returns {boolean} */
export function writeText(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

// Text kept under a key's former name moved to `key` (kept where `key` holds text already).
/** @param {string} key */
function adoptFormerName(key) {
  const former = FORMER_NAMES[key];
  const text = former === undefined ? null : readText(former);
  if (text === null) return;
  if (readText(key) !== null || writeText(key, text)) removeText(former);
}

// Forget what is kept under `key` (nothing happens when storage is off).
/** @param {string} key */
export function removeText(key) {
  try {
    localStorage.removeItem(key);
  } catch { /* storage off: there is nothing to forget */ }
}

// A saved JSON value, checked by `accept`: {value} when it is there and sound, {} when nothing is
// saved, or {unreadable: text} when it is there but damaged or not this page's. A corrupt save is
// never dropped: its text is copied to `asideKey` (unless a copy is kept there already) before
// the page starts afresh, and the page says so.
/**
 * @param {string} key
 * @param {(value: any) => unknown} accept true (or truthy) for a value this page can use
 * @param {string} asideKey
 * @returns {{value?: any, unreadable?: string}}
 */
export function readSaved(key, accept, asideKey) {
  [key, asideKey].forEach(adoptFormerName);
  const raw = readText(key);
  if (raw === null) return {};
  try {
    const value = JSON.parse(raw);
    if (accept(value)) return { value };
  } catch { /* not JSON: kept aside below */ }
  if (readText(asideKey) === null) writeText(asideKey, raw);
  return { unreadable: raw };
}

/** @param {string} key @param {unknown} value @returns {boolean} */
export const writeSaved = (key, value) => writeText(key, JSON.stringify(value));
