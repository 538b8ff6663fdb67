// A match at the board: one table of players (a set-up), the game being pegged, and the games
// finished before it. The record (games won, skunks, match points) and the statistics (average
// hand, crib and pegging per deal, best hand) are folded from the games, like the scores.
// Pure functions of plain data; the time is passed in.
import { derive, newGame, playersOf, seatsOf, sidesOf } from "./state.js";

/**
 * @typedef {import("./state.js").Setup} Setup @typedef {import("./state.js").Game} Game
 * @typedef {import("./state.js").Rules} Rules @typedef {import("./state.js").Loser} Loser
 * @typedef {{kind: string, version: number, setup: Setup, game: Game | null, games: Game[]}} Match
 *   the set-up, the game being pegged (null on the set-up screen) and the games finished before it
 * @typedef {{wins: number, points: number, skunksGiven: number, doublesGiven: number, skunksTaken: number,
 *   doublesTaken: number}} RecordRow
 * @typedef {{games: number, rows: RecordRow[]}} MatchRecord
 * @typedef {{deals: number, hands: number, averageHand: number | null, bestHand: number | null, cribs: number,
 *   averageCrib: number | null, peggingPerDeal: number | null, skunksGiven: number, skunksTaken: number,
 *   doublesGiven: number, doublesTaken: number}} Statistics  one side's, across the match
 */

export const KIND = "cribbage-board"; // what a saved or exported match says it is
export const VERSION = 1;

/** @param {Setup} setup @param {Rules} rules @param {number} now @returns {Match} */
export function newMatch(setup, rules, now) {
  const first = setup.firstDealer === "cut" ? null : setup.firstDealer;
  return { kind: KIND, version: VERSION, setup, game: newGame(setup, rules, first, now), games: [] };
}

// The same players at the table (so the record carries on): the same mode, names and seats.
const sameNames = (/** @type {string[]} */ a, /** @type {string[]} */ b) =>
  a.length === b.length && a.every((name, i) => name === b[i]);
export const sameTable = (/** @type {Setup} */ a, /** @type {Setup} */ b) =>
  a.mode === b.mode && sameNames(a.names, b.names) && sameNames(playersOf(a), playersOf(b));

const isOver = (/** @type {Setup} */ setup, /** @type {Game | null} */ game) =>
  (game ? derive(setup, game).phase === "over" : false);

// Every finished game, the current one too once it has ended.
/** @param {Match} match @returns {Game[]} */
export function finishedGames(match) {
  const current = match.game && isOver(match.setup, match.game) ? [match.game] : [];
  return [...match.games, ...current];
}

// The game in progress is put away: kept in the record if it has ended, dropped if not.
/** @param {Match} match @param {number} now @returns {Game[]} */
function closeGame(match, now) {
  if (!match.game || !isOver(match.setup, match.game)) return match.games;
  const { redo: _redo, ...kept } = match.game;
  return [...match.games, /** @type {Game} */ ({ ...kept, ended: now })];
}

// From the set-up form: the same table carries its record on; new players start a new match.
/** @param {Match | null} match @param {Setup} setup @param {Rules} rules @param {number} now @returns {Match} */
export function startGame(match, setup, rules, now) {
  if (!match || !sameTable(match.setup, setup)) return newMatch(setup, rules, now);
  const first = setup.firstDealer === "cut" ? null : setup.firstDealer;
  return { ...match, setup, games: closeGame(match, now), game: newGame(setup, rules, first, now) };
}

// Who deals the rematch: the loser (lowest score), as the rules have it (ACC 1.5: only a match's
// first game is cut for), or, with that setting off, the player left of the last first dealer.
/** @param {Setup} setup @param {Game} game @returns {number} */
export function rematchDealer(setup, game) {
  const view = derive(setup, game);
  if (setup.loserDeals && view.losers.length) {
    return view.losers.reduce((low, loser) => (loser.score < low.score ? loser : low)).side;
  }
  return ((game.firstDealer ?? 0) + 1) % seatsOf(setup);
}

/** @param {Match} match @param {Rules} rules @param {number} now @returns {Match} */
export function rematch(match, rules, now) {
  if (!match.game || !isOver(match.setup, match.game)) return match;
  const dealer = rematchDealer(match.setup, match.game);
  return { ...match, games: closeGame(match, now), game: newGame(match.setup, rules, dealer, now) };
}

/** @param {Match} match @returns {Match} */
export function resetRecord(match) {
  return { ...match, games: [] };
}

// What a won game is worth: by the players' choice, in games (a skunk 2, a double skunk 4) or in
// ACC game points (a win 2, a skunk 3). The worst-beaten loser decides it.
/** @param {Setup} setup @param {Rules} rules @param {Loser[]} losers @returns {number} */
export function gameValue(setup, rules, losers) {
  const skunk = losers.some((l) => l.skunk);
  const double = losers.some((l) => l.double);
  if (setup.skunks === "acc") return skunk ? rules.SKUNK_GAME_POINTS : rules.WIN_GAME_POINTS;
  return double ? rules.DOUBLE_SKUNK_GAMES : skunk ? rules.SKUNK_GAMES : 1;
}

// Games won, match points and skunks given and taken, per side (`rules` for what a game is
// worth; without them the points are left at 0).
/** @param {Match} match @param {Rules | null} [rules] @returns {MatchRecord} */
export function record(match, rules = null) {
  const sides = sidesOf(match.setup);
  const rows = [...Array(sides).keys()].map(() => ({ wins: 0, points: 0, skunksGiven: 0, doublesGiven: 0,
    skunksTaken: 0, doublesTaken: 0 }));
  const games = finishedGames(match);
  for (const game of games) {
    const view = derive(match.setup, game);
    const winner = rows[/** @type {number} */ (view.winner)]; // every finished game has one
    winner.wins += 1;
    if (rules) winner.points += gameValue(match.setup, rules, view.losers);
    for (const loser of view.losers) {
      if (loser.double) { winner.doublesGiven += 1; rows[loser.side].doublesTaken += 1; }
      else if (loser.skunk) { winner.skunksGiven += 1; rows[loser.side].skunksTaken += 1; }
    }
  }
  return { games: games.length, rows };
}

const mean = (/** @type {number[]} */ values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length
  : null);

/** @typedef {{hands: number[], cribs: number[], play: number, deals: number}} Figures */
/** @param {Setup} setup @param {Game} game @param {Figures[]} rows */
function gameFigures(setup, game, rows) {
  const view = derive(setup, game);
  const deals = new Set(view.rows.filter((row) => !row.void).map((row) => row.deal)).size;
  for (const { entry, void: late } of view.rows) {
    if (late || entry.mark !== undefined) continue;
    const row = rows[entry.side];
    if (entry.source === "hand") row.hands.push(entry.points);
    if (entry.source === "crib") row.cribs.push(entry.points);
    if (entry.source === "play") row.play += entry.points;
  }
  rows.forEach((row) => { row.deals += deals; });
}

// Per side, across every game of the match (the one in progress too), from the labelled pegs.
/** @param {Match} match @returns {Statistics[]} */
export function statistics(match) {
  const sides = sidesOf(match.setup);
  const rows = [...Array(sides).keys()].map(() => /** @type {Figures} */ ({ hands: [], cribs: [], play: 0, deals: 0 }));
  const games = match.game ? [...match.games, match.game] : match.games;
  games.forEach((game) => gameFigures(match.setup, game, rows));
  const taken = record(match);
  return rows.map((row, side) => ({
    deals: row.deals,
    hands: row.hands.length,
    averageHand: mean(row.hands),
    bestHand: row.hands.length ? Math.max(...row.hands) : null,
    cribs: row.cribs.length,
    averageCrib: mean(row.cribs),
    peggingPerDeal: row.deals ? row.play / row.deals : null,
    skunksGiven: taken.rows[side].skunksGiven + taken.rows[side].doublesGiven,
    skunksTaken: taken.rows[side].skunksTaken + taken.rows[side].doublesTaken,
    doublesGiven: taken.rows[side].doublesGiven, // of those, the double skunks
    doublesTaken: taken.rows[side].doublesTaken,
  }));
}
