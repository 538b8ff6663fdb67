// The table's game record: wins, losses, skunks given and taken and points by source, per
// level (and per variant: a five-card or three-player game is its own row), added up from the
// engine's summary of each finished game. A game of more than two sides keeps yours and the
// others' together (with how many they are, to average them). Kept through storage.js,
// versioned; data that cannot be read is kept aside (never silently dropped) and a new
// record starts, with a notice. A game of people at one phone is added for each person, under
// their name (`people`: name -> the same rows); the rows without a name are the one player's who
// never gave one, as every record kept before names were.
import { KEYS, readSaved, writeSaved } from "../storage.js";
import { possessive } from "../common/words.js";

/**
 * @typedef {{games: number, wins: number, losses: number, skunks_given: number, skunks_taken: number,
 *   double_given: number, double_taken: number, deals: number, opponents?: number, cribs: number[],
 *   points: Record<string, number>[]}} LevelRow  one level's figures: yours, then the others' (points, cribs)
 * @typedef {Record<string, LevelRow>} Rows  by record key (recordKey)
 * @typedef {{version: number, counted: string[], levels: Rows, people?: Record<string, Rows>}} GameRecord
 * @typedef {{id: string, label: string}} RowName
 * @typedef {import("./types.js").Summary} Summary
 */

const VERSION = 1;
const SOURCES = ["pegging", "hand", "crib", "heels", "muggins"];
const COUNTS = ["games", "wins", "losses", "skunks_given", "skunks_taken", "double_given", "double_taken", "deals"];
const REMEMBERED_GAMES = 50; // ids of finished games already added, so a reload adds nothing twice

/** @returns {LevelRow} */
function emptyLevel() {
  return {
    games: 0, wins: 0, losses: 0, skunks_given: 0, skunks_taken: 0, double_given: 0, double_taken: 0, deals: 0,
    cribs: [0, 0],
    points: [0, 1].map(() => Object.fromEntries(SOURCES.map((source) => [source, 0]))),
  };
}

/** @param {unknown} value @returns {value is number} */
const isCount = (value) => typeof value === "number" && Number.isInteger(value) && value >= 0;
/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => value !== null && typeof value === "object";
const STANDARD = "standard";

// Where a game is added up: its level's row, or its variant's and level's ("three-player:easy").
export const recordKey = (/** @type {string} */ level, variant = STANDARD) => (variant === STANDARD ? level : `${variant}:${level}`);

// The row of a game no computer played in.
export const PEOPLE_ONLY = { id: "people", label: "People only" };

// The record's possible rows, in order: every level of the standard game, then of each variant.
/** @param {RowName[]} levels @param {{name: string, label: string}[]} variants @returns {RowName[]} */
export const recordRows = (levels, variants) => variants.flatMap((variant) => [...levels, PEOPLE_ONLY].map((level) => ({
  id: recordKey(level.id, variant.name),
  label: variant.name === STANDARD ? level.label : `${variant.label} · ${level.label}`,
})));

/** @param {unknown} level */
function validLevel(level) {
  return isRecord(level)
    && (level.opponents === undefined || (isCount(level.opponents) && level.opponents > 0))
    && COUNTS.every((name) => isCount(level[name]))
    && Array.isArray(level.cribs) && level.cribs.length === 2 && level.cribs.every(isCount)
    && Array.isArray(level.points) && level.points.length === 2
    && level.points.every((/** @type {unknown} */ side) => isRecord(side) && SOURCES.every((source) => isCount(side[source])));
}

const validLevels = (/** @type {unknown} */ levels) => isRecord(levels) && !Array.isArray(levels) && Object.values(levels).every(validLevel);

/** @param {unknown} record */
function valid(record) {
  return isRecord(record) && record.version === VERSION && Array.isArray(record.counted)
    && record.counted.every((id) => typeof id === "string")
    && validLevels(record.levels)
    && (record.people === undefined || (record.people !== null && typeof record.people === "object" && !Array.isArray(record.people)
      && Object.entries(record.people).every(([name, levels]) => name.length > 0 && name.length <= 40 && validLevels(levels))));
}

/** @returns {GameRecord} */
export function emptyRecord() {
  return { version: VERSION, counted: [], levels: {} };
}

const UNREADABLE = "Your game record could not be read, so a new one has started (the old data is kept aside).";

/** @returns {{record: GameRecord, notice: string}} */
export function loadRecord() {
  const saved = readSaved(KEYS.tableRecord, valid, KEYS.tableRecordUnreadable);
  if (saved.value) return { record: saved.value, notice: "" };
  return { record: emptyRecord(), notice: saved.unreadable === undefined ? "" : UNREADABLE };
}

// When storage is off or full the record lasts for this visit only.
export const saveRecord = (/** @type {GameRecord} */ record) => writeSaved(KEYS.tableRecord, record);

// Adds one finished game (the engine's summary) unless it was added before, for the side `you`,
// under the player's `name` ("" for the one player without a name). Returns true if added.
/**
 * @param {GameRecord} record @param {string} levelId @param {string} gameId @param {Summary | undefined} summary
 * @param {number} [you] @param {string} [name]
 */
export function addGame(record, levelId, gameId, summary, you = 0, name = "") {
  const counted = name ? `${gameId}/${name}` : gameId; // each person of one game once
  if (!summary || !summary.result || record.counted.includes(counted)) return false;
  const rows = name ? ((record.people ??= {})[name] ??= {}) : record.levels;
  const level = (rows[levelId] ??= emptyLevel());
  const won = summary.result.winner === you;
  level.games += 1;
  level[won ? "wins" : "losses"] += 1;
  if (summary.result.skunk) level[won ? "skunks_given" : "skunks_taken"] += 1;
  if (summary.result.double_skunk) level[won ? "double_given" : "double_taken"] += 1;
  level.deals += summary.deals;
  const others = summary.points.length - 1; // every side but yours, added together
  if (others > 1) level.opponents = others;
  const sideOf = (/** @type {number} */ side) => (side === you ? 0 : 1);
  summary.points.forEach((points, side) => {
    level.cribs[sideOf(side)] += summary.cribs[side];
    SOURCES.forEach((source) => { level.points[sideOf(side)][source] += points[source] ?? 0; });
  });
  record.counted = [...record.counted, counted].slice(-REMEMBERED_GAMES);
  return true;
}

const per = (/** @type {number} */ points, /** @type {number} */ deals) => (deals ? (points / deals).toFixed(1) : "–");

/** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} text @returns {HTMLElementTagNameMap[K]} */
function cell(tag, text) {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

/** @param {Rows} rows @param {RowName[]} levels @param {string} caption */
function recordTable(rows, levels, caption) {
  const table = document.createElement("table"); // unclassed: the theme's table style
  table.tabIndex = 0; // it scrolls sideways on a narrow screen: reachable by keyboard
  table.append(cell("caption", caption));
  const head = document.createElement("tr");
  ["Level", "Won", "Lost", "Skunks given", "Skunks taken", "Pegging", "Hand", "Crib (per own crib)"]
    .forEach((text) => { const th = cell("th", text); th.scope = "col"; head.append(th); });
  table.createTHead().append(head);
  const body = table.createTBody();
  levels.forEach(({ id, label }) => {
    const level = rows[id];
    if (!level) return;
    const row = document.createElement("tr");
    const name = cell("th", label);
    name.scope = "row";
    const others = level.opponents || 1; // the others' points, each on average
    const pair = (/** @type {string} */ source, /** @type {number[]} */ deals) => `${per(level.points[0][source], deals[0])} / ${per(level.points[1][source], deals[1])}`;
    const dealt = [level.deals, level.deals * others];
    row.append(name, cell("td", String(level.wins)), cell("td", String(level.losses)),
      cell("td", `${level.skunks_given}${level.double_given ? ` (${level.double_given} double)` : ""}`),
      cell("td", `${level.skunks_taken}${level.double_taken ? ` (${level.double_taken} double)` : ""}`),
      cell("td", pair("pegging", dealt)), cell("td", pair("hand", dealt)),
      cell("td", pair("crib", level.cribs)));
    body.append(row);
  });
  return table;
}

// A small bar chart: share of games won at each level played.
/** @param {GameRecord} record @param {RowName[]} levels */
function winChart(record, levels) {
  const NS = "http://www.w3.org/2000/svg";
  const played = levels.filter(({ id }) => record.levels[id] && record.levels[id].games);
  const svg = document.createElementNS(NS, "svg");
  const rowHeight = 22, width = 300;
  svg.setAttribute("viewBox", `0 0 ${width} ${played.length * rowHeight + 4}`);
  svg.setAttribute("class", "table__record-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Games won at each level: " + played.map(({ id, label }) =>
    `${label} ${record.levels[id].wins} of ${record.levels[id].games}`).join(", ") + ".");
  played.forEach(({ id, label }, index) => {
    const level = record.levels[id];
    const y = index * rowHeight + 2;
    const text = document.createElementNS(NS, "text");
    text.setAttribute("x", "0");
    text.setAttribute("y", String(y + 14));
    text.textContent = label;
    const track = document.createElementNS(NS, "rect");
    Object.entries({ x: 70, y, width: 180, height: 16, class: "table__chart-lost" }).forEach(([k, v]) => track.setAttribute(k, String(v)));
    const bar = document.createElementNS(NS, "rect");
    Object.entries({ x: 70, y, width: (180 * level.wins) / level.games, height: 16, class: "table__chart-won" })
      .forEach(([k, v]) => bar.setAttribute(k, String(v)));
    const share = document.createElementNS(NS, "text");
    share.setAttribute("x", "256");
    share.setAttribute("y", String(y + 14));
    share.textContent = `${Math.round((100 * level.wins) / level.games)}%`;
    svg.append(text, track, bar, share);
  });
  return svg;
}

const hasGames = (/** @type {Rows} */ rows) => Object.values(rows).some((level) => level.games);

// Your own rows (chart and table), then each named person's table.
/** @param {HTMLElement} box @param {GameRecord} record @param {RowName[]} levels */
export function drawRecord(box, record, levels) {
  const named = Object.entries(record.people || {}).filter(([, rows]) => hasGames(rows));
  if (!hasGames(record.levels) && !named.length) {
    box.replaceChildren(cell("p", "No finished games yet. Finished games are added here, level by level."));
    return;
  }
  const parts = hasGames(record.levels) ? [winChart(record, levels), recordTable(record.levels, levels,
    "Games against the computer, and average points per deal (you / the computer, or each other side)")] : [];
  for (const [name, rows] of named) {
    parts.push(recordTable(rows, levels, `${possessive(name)} games, and average points per deal (${possessive(name)} side / the others)`));
  }
  box.replaceChildren(...parts);
}
