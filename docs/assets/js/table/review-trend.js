// The points lost per deal, game by game, kept in this browser for the table's review panel: each
// person's finished games' figures (common/review-model.js works them out) and the chart's model.
// Pure: the panel (review-panel.js) reads and writes them through storage.js.
import { EQUAL, gameFigures, pointsText } from "../common/review-model.js";
import { plural } from "../common/words.js";

/**
 * @typedef {{id: string, per_deal: number, deals: number, player?: string}} TrendGame
 * @typedef {{version: number, games: TrendGame[]}} Trend
 */

export const TREND_VERSION = 1;
export const TREND_GAMES = 50; // the games a trend keeps, the newest last
const isFigure = (/** @type {unknown} */ value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** @returns {Trend} */
export const emptyTrend = () => ({ version: TREND_VERSION, games: [] });

// Each game's figure is a player's: `player` is their name, left out for the one player without
// a name (every figure kept before names were), so an older trend reads as that player's.
/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => value !== null && typeof value === "object";

/** @param {unknown} value @returns {boolean} */
export function validTrend(value) {
  return isRecord(value) && value.version === TREND_VERSION && Array.isArray(value.games)
    && value.games.every((/** @type {unknown} */ g) => isRecord(g) && typeof g.id === "string" && isFigure(g.per_deal)
      && typeof g.deals === "number" && Number.isInteger(g.deals) && g.deals > 0
      && (g.player === undefined || (typeof g.player === "string" && g.player.length > 0 && g.player.length <= 40)));
}

const playerOf = (/** @type {TrendGame} */ game) => game.player || "";
const theirs = (/** @type {Trend} */ trend, /** @type {string} */ player) =>
  trend.games.filter((game) => playerOf(game) === (player || ""));

// A finished game's figure added once for each player (a reload or a second look adds nothing).
// Each player keeps up to TREND_GAMES games.
/** @param {Trend} trend @param {string} id @param {{deals: import("../common/review-model.js").PhaseLoss[]}} review
 * @param {string} [player] @returns {Trend} */
export function addToTrend(trend, id, review, player = "") {
  const mine = theirs(trend, player);
  if (mine.some((game) => game.id === id) || !review.deals.length) return trend;
  /** @type {TrendGame} */
  const game = { id, per_deal: gameFigures(review).perDeal / 100, deals: review.deals.length }; // as the review says
  if (player) game.player = player;
  const dropped = mine.length >= TREND_GAMES ? mine[0] : null; // the player's oldest, past their TREND_GAMES
  return { ...trend, games: [...trend.games.filter((kept) => kept !== dropped), game] };
}

// What the chart draws: each of `player`'s games' figure, the one asked about marked, and a sentence.
/** @param {Trend} trend @param {string} id @param {string} [player] */
export function trendModel(trend, id, player = "") {
  const games = theirs(trend, player).map((game, index) => ({ n: index + 1, perDeal: game.per_deal,
    current: game.id === id }));
  const before = games.filter((game) => !game.current);
  const now = games.find((game) => game.current);
  const mean = before.length ? before.reduce((sum, g) => sum + g.perDeal, 0) / before.length : null;
  let sentence = "This is the first game reviewed in this browser: later games are charted beside it.";
  if (now && mean !== null) {
    const near = Math.abs(now.perDeal - mean) <= EQUAL;
    const word = near ? "about the same as" : now.perDeal < mean ? "fewer than" : "more than";
    sentence = `This game: ${pointsText(now.perDeal)} points lost per deal, ${word} your average of `
      + `${pointsText(mean)} over the ${plural(before.length, "game")} before.`;
  }
  return { games, sentence, most: Math.max(1, ...games.map((g) => g.perDeal)) };
}
