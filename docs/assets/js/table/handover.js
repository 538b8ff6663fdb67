// The hand-over between two people at one phone: the cards of the one who just moved are taken
// out of the page (the hand, the moves, the hint, the log and the lines said, which name their
// throw), and only then the screen "Pass the phone to Ann" shows. The next player's cards are
// asked for only when they tap "Show Ann's cards" (page.js).
import { headerRoom, pageTop, scrollUnderHeader } from "../scroll.js";
import { possessive } from "../common/words.js";

/** @typedef {import("./types.js").View} View */
const $ = (/** @type {ParentNode} */ root, /** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));

// The view with nothing of its seat's own: what the felt may keep while the phone changes hands.
/** @param {View} view @returns {View} */
export const concealed = (view) => ({ ...view, hand: [], kept: [], legal: [], crib: view.crib });

const PRIVATE = ["[data-hand]", "[data-actions]", "[data-hint-box]", "[data-announce]", "[data-log]", "[data-review]", "[data-summary]"];

/** @param {HTMLElement} root @param {string} from @param {string} to */
export function showHandOver(root, from, to) {
  for (const selector of PRIVATE) $(root, selector).replaceChildren();
  const box = $(root, "[data-handover]");
  $(root, "[data-handover-title]").textContent = `Pass the phone to ${to}`;
  const away = from ? `${possessive(from)} cards are put away. ` : "";
  $(root, "[data-handover-text]").textContent = `${away}${to}, press the button when only you can see the screen.`;
  $(root, "[data-show-hand]").textContent = `Show ${possessive(to)} cards`;
  root.dataset.passing = "";
  box.hidden = false;
  $(root, "[data-show-hand]").focus({ preventScroll: true });
  scrollUnderHeader(pageTop(box) - headerRoom() - 8, "instant"); // the whole screen in view, under the header
}

/** @param {HTMLElement} root */
export function hideHandOver(root) {
  $(root, "[data-handover]").hidden = true;
  delete root.dataset.passing;
}
