// The page's felt redrawn from its state: the felt, the show as it is counted aloud, the Skip
// button while a count is said, and where focus goes after a move.
import words from "../vocabulary.js";
import * as state from "./state.js";
import { drawFelt, drawScores, drawShow } from "./view.js";
import { keepInView, placeFocus } from "./controls.js";
import { flyFrom, reducedMotion } from "./motion.js";

export function redrawFelt(page) {
  const seats = state.seatsOf(page.view || { cards_held: page.felt.held });
  drawFelt(page.root, { felt: page.felt, view: page.view, seats, cards: page.cards, board: page.board, words, turn: page.turn });
  showSkip(page);
  for (const [selector, from] of page.flying.splice(0)) flyFrom(page.root.querySelector(selector), from);
}

export function redrawShow(page) {
  drawShow(page.root, page.felt, page.view, page.cards, words.kinds);
  if (!state.counting(page.felt)) drawScores(page.root, page.board, page.felt); // the crib named moves on
  showSkip(page);
}

// Skip shows while a count is being said.
function showSkip(page) {
  const skip = page.$("[data-skip]");
  const counting = state.counting(page.felt);
  if (!counting && skip.contains(document.activeElement)) focusNext(page, null, true); // before it hides
  skip.hidden = !counting;
}

export function focusNext(page, key, force = false) {
  if (!page.moved && !force) return; // on load focus stays put: the settings above stay in view
  const target = placeFocus(page.root, key, force);
  if (target) keepInView(page.root, target, reducedMotion() ? "instant" : "smooth");
}
