// The board page's state, as pure functions: the match (board/match.js), the screen shown (the
// set-up form or the game), the large-print choice and which "Other" pad is open. A tap makes the
// next state here; page.js commits it (stores the match, draws, announces). A peg also says
// itself: what a screen reader hears, and the note seen under the board.
import { derive, peg } from "./state.js";
import { earlyText, pegSentence, possessive, resultSentence } from "./words.js";

/**
 * @typedef {import("./match.js").Match} Match @typedef {import("./state.js").View} View
 * @typedef {import("./words.js").Words} Words
 * @typedef {{match: Match | null, screen: "setup" | "game", large: boolean, otherOpen: number | null}} BoardState
 * @typedef {{state: BoardState, view: View, note: string, said: string}} PegDone
 */

/** @param {boolean} large @returns {BoardState} */
export const initialState = (large) => ({ match: null, screen: "setup", large, otherOpen: null });

// The game is on screen (a match with a game, and not the set-up form over it).
export const playing = (/** @type {BoardState} */ state) => state.screen === "game" && Boolean(state.match?.game);

// A new match (every tap that scores, and every set-up): any "Other" pad closes.
/** @param {BoardState} state @param {Match} match @param {BoardState["screen"]} [screen] @returns {BoardState} */
export const withMatch = (state, match, screen = state.screen) => ({ ...state, match, screen, otherOpen: null });

// The match saved in this browser, on the screen it was left on.
/** @param {BoardState} state @param {Match | undefined} match @returns {BoardState} */
export const loaded = (state, match) => (match ? { ...state, match, screen: match.game ? "game" : "setup" } : state);

/** @param {BoardState} state @param {number} side @returns {BoardState} */
export const otherToggled = (state, side) => ({ ...state, otherOpen: state.otherOpen === side ? null : side });

/** @param {BoardState} state @returns {BoardState} */
export const largeToggled = (state) => ({ ...state, large: !state.large });

/** @param {BoardState} state @returns {BoardState} */
export const backToGame = (state) => ({ ...state, screen: "game" });

// Peg for a side: {refused: reason}, or the next state with what is said ("Ann pegs 2 for the
// play, now 47.", the end of the game or the deal passing) and the note shown (`note`, and a
// count out of turn).
/**
 * @param {BoardState} state @param {number} side @param {number} points @param {string | undefined} requested
 * @param {{now: number, note?: string, words: Words}} how @returns {{refused: string} | PegDone}
 */
export function pegged(state, side, points, requested, { now, note = "", words }) {
  const match = /** @type {Match} */ (state.match);
  const { setup } = match;
  const game = /** @type {import("./state.js").Game} */ (match.game);
  const result = peg(setup, game, side, points, requested, now);
  if (result.refused) return { refused: result.refused };
  const before = derive(setup, game);
  const shown = result.early ? [note, earlyText(setup, result.early)].filter(Boolean).join(" ") : note;
  const view = derive(setup, result.game);
  const row = /** @type {import("./state.js").Row} */ (view.rows.at(-1));
  let said = pegSentence(setup, /** @type {import("./state.js").Peg} */ (row.entry), row.total, view.lines.hole,
    words);
  if (view.phase === "over") said += ` ${resultSentence(setup, view)}`;
  else if (view.deal !== before.deal) {
    said += ` The deal passes: ${possessive(setup.names[/** @type {number} */ (view.dealerSide)])} crib.`;
  }
  return { state: withMatch(state, { ...match, game: result.game }), view, note: shown,
    said: shown ? `${shown} ${said}` : said };
}
