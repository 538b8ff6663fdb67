// Reading and writing a match: the saved state, the JSON export (the same text) and its import,
// and a CSV of every peg. Whatever is read is checked field by field before the board uses it;
// a problem is reported with where it is ("games[2].entries[5].points: ..."), never guessed at.
// Pure functions; the page stores and downloads the text.
import { KIND, VERSION } from "./match.js";
import { derive, MARKS, MODES, NAME_LENGTH, RANKS, sideOfSeat, SOURCES } from "./state.js";
import { sourceText } from "./words.js";

// What is read here is not yet known to be a match: the checks take it as `any` (from JSON) and
// look at each field before anything relies on it.
/** @typedef {import("./match.js").Match} Match @typedef {import("./state.js").Rules} Rules */
/** @typedef {import("./state.js").Setup} Setup */

export const MAX_ENTRIES = 5000; // pegs and marks in one game: a real game has about a hundred
export const MAX_GAMES = 2000;

export const serialise = (/** @type {Match} */ match) => JSON.stringify(match);

const isInt = (/** @type {any} */ value, /** @type {number} */ low, /** @type {number} */ high) =>
  Number.isInteger(value) && value >= low && value <= high;
const isName = (/** @type {unknown} */ name) => typeof name === "string" && Boolean(name) && name.length <= NAME_LENGTH;
const isTime = (/** @type {unknown} */ value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** @param {any} setup @param {Rules} rules @returns {string | null} */
function checkSetup(setup, rules) {
  if (!setup || typeof setup !== "object") return "setup: missing";
  if (!Object.hasOwn(MODES, setup.mode)) {
    return `setup.mode: "${String(setup.mode).slice(0, 20)}" is not two, three or teams`;
  }
  const { sides, seats } = MODES[/** @type {Setup["mode"]} */ (setup.mode)];
  if (!Array.isArray(setup.names) || setup.names.length !== sides) return `setup.names: ${sides} names expected`;
  if (!setup.names.every(isName)) {
    return `setup.names: each name is text of 1 to ${NAME_LENGTH} characters`;
  }
  // The four players of a team game (saved since players were named; older saves have none).
  const { players } = setup;
  if (players !== undefined && (setup.mode !== "teams" || !Array.isArray(players) || players.length !== seats
    || !players.every(isName))) {
    return `setup.players: ${seats} names of 1 to ${NAME_LENGTH} characters, in a team game only`;
  }
  if (setup.hole !== rules.GAME_HOLE && setup.hole !== rules.SHORT_GAME_HOLE) return "setup.hole: not a game length";
  if (setup.firstDealer !== "cut" && !isInt(setup.firstDealer, 0, seats - 1)) {
    return "setup.firstDealer: no such player";
  }
  if (typeof setup.muggins !== "boolean" || typeof setup.loserDeals !== "boolean") {
    return "setup: an option is not on or off";
  }
  if (setup.skunks !== "games" && setup.skunks !== "acc") return "setup.skunks: not games or acc";
  return null;
}

/** @param {any} entry @param {Setup} setup @param {number} hole @returns {string | null} */
function checkEntry(entry, setup, hole) {
  if (!entry || typeof entry !== "object" || !isTime(entry.at)) return "not a peg with a time";
  if ("mark" in entry) return MARKS.includes(entry.mark) ? null : "an unknown mark";
  const { sides, seats } = MODES[setup.mode];
  if (!isInt(entry.side, 0, sides - 1)) return "side: no such player";
  if (!isInt(entry.points, 0, hole)) return `points: not a whole number from 0 to ${hole}`;
  if (!SOURCES.includes(entry.source)) return "source: not one the board knows";
  if (entry.seat !== null && !isInt(entry.seat, 0, seats - 1)) return "seat: no such seat";
  return null;
}

/** @param {any} cut @param {number} sides @returns {string | null} */
function checkCut(cut, sides) {
  if (cut === null) return null;
  if (!cut || !Array.isArray(cut.cards) || cut.cards.length !== sides
    || cut.cards.some((/** @type {unknown} */ card) => card !== null && !isInt(card, 1, RANKS.length))) {
    return "cut.cards: not a card per player";
  }
  const isSide = (/** @type {unknown} */ side) => isInt(side, 0, sides - 1);
  if (!Array.isArray(cut.contenders) || !cut.contenders.every(isSide)) return "cut.contenders";
  const isTie = (/** @type {any} */ t) => Boolean(t) && isSide(t.side) && isInt(t.rank, 1, 13);
  if (!Array.isArray(cut.tie) || !cut.tie.every(isTie)) {
    return "cut.tie";
  }
  return null;
}

/** @param {any} lines @returns {string | null} */
function checkLines(lines) {
  if (!lines || !isInt(lines.hole, 2, 1000)) return "lines.hole: not a game hole";
  if (!isInt(lines.skunk, 0, lines.hole) || !isInt(lines.double, 0, lines.hole)) {
    return "lines: a skunk line is off the board";
  }
  return null;
}

/** @param {any} game @param {Setup} setup @param {boolean} finished @returns {string | null} */
function checkGame(game, setup, finished) {
  if (!game || typeof game !== "object") return "missing";
  const { sides, seats } = MODES[setup.mode];
  const problem = checkLines(game.lines)
    || (game.firstDealer === null && finished ? "firstDealer: a finished game has a dealer" : null)
    || (game.firstDealer !== null && !isInt(game.firstDealer, 0, seats - 1) ? "firstDealer: no such seat" : null)
    || (!isTime(game.started) ? "started: not a time" : null)
    || checkCut(game.cut ?? null, sides)
    || (!Array.isArray(game.entries) || game.entries.length > MAX_ENTRIES ? "entries: not a list of pegs" : null);
  if (problem) return problem;
  for (const [i, entry] of game.entries.entries()) {
    const wrong = checkEntry(entry, setup, game.lines.hole);
    if (wrong) return `entries[${i}]: ${wrong}`;
  }
  if (!finished) {
    if (!Array.isArray(game.redo) || game.redo.length > MAX_ENTRIES) return "redo: not a list";
    for (const [i, item] of game.redo.entries()) {
      const wrong = !item || !isInt(item.index, 0, MAX_ENTRIES) ? "no place"
        : checkEntry(item.entry, setup, game.lines.hole);
      if (wrong) return `redo[${i}]: ${wrong}`;
    }
  } else if (derive(setup, game).phase !== "over") return "a finished game that nobody won";
  return null;
}

// Check a whole match; null when it is sound, else where the first problem is.
/** @param {any} data @param {Rules} rules @returns {string | null} */
export function checkMatch(data, rules) {
  const setupProblem = checkSetup(data.setup, rules);
  if (setupProblem) return setupProblem;
  if (data.game !== null) {
    const wrong = checkGame(data.game, data.setup, false);
    if (wrong) return `game.${wrong}`;
  }
  if (!Array.isArray(data.games) || data.games.length > MAX_GAMES) return "games: not a list";
  for (const [i, game] of data.games.entries()) {
    const wrong = checkGame(game, data.setup, true);
    if (wrong) return `games[${i}].${wrong}`;
  }
  return null;
}

// Text from storage or a file: {match} when it is a board match this page can use, or
// {error} saying why not (not JSON, another kind of file, another version, or where it is wrong).
/**
 * @param {string} text @param {Rules} rules
 * @returns {{match: Match, error?: undefined} | {error: string, foreign?: boolean, match?: undefined}}
 */
export function parseMatch(text, rules) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "it is not readable JSON (the text is damaged or cut short)" };
  }
  return readMatch(data, rules);
}

// The same for a value already read from JSON.
/**
 * @param {any} data @param {Rules} rules
 * @returns {{match: Match, error?: undefined} | {error: string, foreign?: boolean, match?: undefined}}
 */
export function readMatch(data, rules) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { error: "it holds no match" };
  if (data.kind !== KIND) return { error: "it is not a board match (it was written by something else)", foreign: true };
  if (data.version !== VERSION) {
    const version = String(data.version).slice(0, 12);
    return { error: `it was written by version ${version} of the board; this page reads version ${VERSION}`,
      foreign: true };
  }
  const problem = checkMatch(data, rules);
  if (problem) return { error: `it is damaged at ${problem}` };
  return { match: /** @type {Match} */ (data) };
}

// --- CSV: one row per peg, every game of the match ------------------------------------------

export const CSV_COLUMNS = ["game", "deal", "dealer", "player", "points", "for", "total", "time"];

// A cell as text a spreadsheet reads back as text: quoted when needed, and a leading = + - @
// defused so a name is never run as a formula.
/** @param {unknown} value */
export function csvCell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** @param {Match} match @param {import("./words.js").Words} words */
export function toCSV(match, words) {
  const { setup } = match;
  const games = match.game ? [...match.games, match.game] : match.games;
  const lines = [CSV_COLUMNS.join(",")];
  games.forEach((game, g) => {
    for (const row of derive(setup, game).rows) {
      if (row.entry.mark !== undefined || row.void) continue;
      const cells = [g + 1, row.deal + 1, setup.names[sideOfSeat(setup, row.dealer)], setup.names[row.entry.side],
        row.entry.points, sourceText(setup, row.entry, words), row.total, new Date(row.entry.at).toISOString()];
      lines.push(cells.map(csvCell).join(","));
    }
  });
  return lines.join("\r\n") + "\r\n";
}

// A file name for a download: "cribbage-board-2026-11-29.json".
export const fileName = (/** @type {number} */ now, /** @type {string} */ extension) =>
  `cribbage-board-${new Date(now).toISOString().slice(0, 10)}.${extension}`;
