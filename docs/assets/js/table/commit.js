// The table's one commit: the next state (made by page-state.js) kept as the page's, the game
// stored when a reply or a hint changed it, the parts named drawn again, and what happened said.
// Being busy and the variant's board follow the state whenever they change. No other module sets
// the page's state.
import words from "../vocabulary.js";
import { showNotice } from "../common/notice.js";
import * as next from "./page-state.js";
import { drawVariant } from "./variant.js";
import { say } from "./view.js";
import { redrawControls, redrawFelt, redrawShow } from "./redraw.js";
import * as store from "./store.js";

/**
 * @typedef {import("./types.js").Page} Page @typedef {import("./types.js").TableState} TableState
 * @typedef {"felt" | "show" | "controls"} Part  what a commit draws again
 * @typedef {{said?: string, save?: boolean, draw?: Part[]}} How
 */

/** @type {Record<Part, (page: Page) => void>} */
const PARTS = {
  felt: redrawFelt,
  show: redrawShow,
  controls: (page) => redrawControls(page, page.controls()),
};

// `save`: a reply or a hint changed the game; `draw`: a card pressed redraws your hand, a
// computer's card the felt, a count the show; `said`: what a screen reader hears.
/** @param {Page} page @param {TableState} after @param {How} [how] */
export function commit(page, after, { said = "", save = false, draw = [] } = {}) {
  const before = page.state;
  page.state = after;
  if (after.busy !== before.busy) {
    if (after.busy) page.root.dataset.busy = "true"; // tests and assistive tools can wait for the reply
    else delete page.root.dataset.busy;
  }
  if (after.variant !== before.variant) page.board = drawVariant(page.root, after.variant, words.rules);
  if (save) saveGame(page);
  for (const part of draw) PARTS[part](page);
  if (said) say(page.root, said);
}

/** @param {Page} page @param {string} text */
export const notice = ({ $ }, text) => showNotice($("[data-table-notice]"), text);

/** @param {Page} page @param {boolean} flag */
export const setBusy = (page, flag) => commit(page, next.withBusy(page.state, flag));

// A guest keeps its own game: the host's phone holds it.
/** @param {Page} page */
function saveGame(page) {
  const { sealed, view } = page.state;
  if (!page.link?.guest()) store.saveGame(sealed, view?.level, next.savedPart(page.state));
}
