// Motion: a card laid or thrown moves from where it was to where it lands (FLIP: the new place is
// drawn first, then the card is moved back by a transform and let go), 150–300 ms, transforms
// only, so nothing around it moves. None at all under prefers-reduced-motion.
const DURATION = 220;

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// Where the cards with these codes are now, inside `box`: code -> rect.
/** @param {ParentNode} box @param {string[]} codes */
export function placesOf(box, codes) {
  /** @type {Map<string, DOMRect>} */
  const places = new Map();
  for (const code of codes) {
    const node = box.querySelector(`[data-card="${CSS.escape(code)}"]`);
    if (node) places.set(code, node.getBoundingClientRect());
  }
  return places;
}

// Move `node` from `from` (a rect it was drawn at before) to where it is drawn now.
/** @param {Element | null} node @param {DOMRect | undefined} from */
export function flyFrom(node, from) {
  if (!node || !from || reducedMotion()) return null;
  const to = node.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  return node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: DURATION, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" });
}

// Where the cards of your move will land, and where they leave from: a card you lay flies from
// your hand to the count; the two you throw, to the dealer's crib. [[selector, rect], ...]
/**
 * @param {ParentNode} hand @param {number | null} dealer @param {import("./types.js").Action} action
 * @returns {[string, DOMRect | undefined][]}
 */
export function flights(hand, dealer, action) {
  if (action.kind !== "play" && action.kind !== "discard") return [];
  const cards = action.cards ?? [];
  const places = placesOf(hand, cards);
  return cards.map((code, i) => [action.kind === "play" ? `[data-pile] li[data-card="${code}"] .card`
    : `[data-crib-slot="${dealer}"] .card-back:nth-child(${i + 1})`, places.get(code)]);
}

// A deal: every card now in a hand, yours face up and the others' face down, comes from the deck.
/** @param {HTMLElement} root */
export function dealFromDeck(root) {
  const deck = root.querySelector("[data-deck] .card-back--deck");
  if (!deck || reducedMotion()) return;
  const from = deck.getBoundingClientRect();
  for (const card of root.querySelectorAll("[data-hand] button[data-card] .card, .felt__hand .felt__backs .card-back")) flyFrom(card, from);
}
