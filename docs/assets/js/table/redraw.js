// The page's parts drawn from its state (page.js's commit names which): the felt, the show as it
// is counted aloud, the Skip button while a count is said, your cards and moves, and where focus
// goes after a move.
import words from "../vocabulary.js";
import * as state from "./state.js";
import { drawFelt, drawScores, drawShow, say } from "./view.js";
import { drawActions, drawHand, keepInView, placeFocus } from "./controls.js";
import { flyFrom, reducedMotion } from "./motion.js";
import { drawVariant } from "./variant.js";

/** @typedef {import("./types.js").Page} Page @typedef {import("./types.js").Cards} Cards */

// The deck is read before any game is drawn (page.js waits for it).
const cardsOf = (/** @type {Page} */ page) => /** @type {Cards} */ (page.cards);
// The board is drawn a task after the page is set up (page.js), or at its first use if sooner.
/** @param {Page} page @returns {import("./types.js").Board} */
export const boardOf = (page) => (page.board ??= drawVariant(page.root, page.state.variant, words.rules));

/** @param {Page} page */
export function redrawFelt(page) {
  const { felt, view, turn } = page.state;
  const seats = state.seatsOf(view || { cards_held: felt.held });
  drawFelt(page.root, { felt, view, seats, cards: cardsOf(page), board: boardOf(page), words, turn });
  showSkip(page);
  for (const [selector, from] of page.flying.splice(0)) flyFrom(page.root.querySelector(selector), from);
}

/** @param {Page} page */
export function redrawShow(page) {
  const { felt, view } = page.state;
  drawShow(page.root, felt, view, cardsOf(page), words.kinds);
  if (!state.counting(felt)) drawScores(page.root, boardOf(page), felt); // the crib named moves on
  showSkip(page);
}

// Your cards and the moves open to you, each doing what `on` says.
/** @param {Page} page @param {import("./controls.js").ControlActions} on */
export function redrawControls(page, on) {
  const { view, selected } = page.state;
  if (!view) return;
  drawHand(page.$("[data-hand]"), view, selected, cardsOf(page), on);
  drawActions(page.$("[data-actions]"), view, selected, words.rules.MAX_SHOW, on);
}

// While the moves after yours are shown at the table's pace: your cards as the reply left them
// (the one laid or thrown gone at once), none to press ("Wait for your turn"), and the moves'
// buttons disabled where they stand, so nothing under them moves. When the phone is to change
// hands the reply's hand is not this person's: the cards on screen are only disabled. Focus on a
// card or a move stays in your hand.
/** @param {Page} page */
export function holdControls(page) {
  const { view, handOver } = page.state;
  const hand = page.$("[data-hand]");
  const actions = page.$("[data-actions]");
  const focused = hand.contains(document.activeElement) || actions.contains(document.activeElement);
  if (view && handOver === null) {
    const waiting = state.waitingView(view);
    const wait = (/** @type {string} */ code) =>
      say(page.root, state.blockedReason(waiting, cardsOf(page)[code].name, words.rules.THIRTY_ONE));
    drawHand(hand, waiting, [], cardsOf(page), { select: wait, pick: wait, play: wait, blocked: wait });
    hand.dataset.waiting = ""; // readable, not hatched as a card that cannot be laid (table.css)
  } else {
    for (const card of hand.querySelectorAll("button")) card.setAttribute("aria-disabled", "true");
  }
  for (const button of actions.querySelectorAll("button")) button.disabled = true;
  if (focused) /** @type {HTMLElement | null} */ (hand.querySelector("button[tabindex='0']"))?.focus({ preventScroll: true });
}

// Skip shows while a count is being said.
/** @param {Page} page */
function showSkip(page) {
  const skip = page.$("[data-skip]");
  const counting = state.counting(page.state.felt);
  if (!counting && skip.contains(document.activeElement)) focusNext(page, null, true); // before it hides
  skip.hidden = !counting;
}

/** @param {Page} page @param {string | null} key @param {boolean} [force] */
export function focusNext(page, key, force = false) {
  if (!page.state.moved && !force) return; // on load focus stays put: the settings above stay in view
  const target = placeFocus(page.root, key, force);
  if (target) keepInView(page.root, target, reducedMotion() ? "instant" : "smooth");
}
