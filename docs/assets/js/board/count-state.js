// "Count a hand": the cards chosen, as pure functions. The first cards pressed are the hand, the
// next the starter; a chosen card pressed again comes back. The starter stays chosen for the rest
// of the deal, so taking it back is said, and pressing it again puts it back.

/**
 * @typedef {{hand: string[], starter: string | null, taken: string | null}} Chosen
 *   `taken`: the starter just taken back, put back by the next press of it
 * @typedef {{chosen: Chosen, tookStarter?: string, error?: string}} Picked
 */

/** @type {Chosen} */
export const NOTHING_CHOSEN = Object.freeze({ hand: [], starter: null, taken: null });

// The hand and the starter are all chosen.
export const complete = (/** @type {Chosen} */ chosen, /** @type {number} */ size) =>
  chosen.hand.length === size && Boolean(chosen.starter);

// A card pressed: the next choice, or the same cards with {error} when there is no room for it.
/** @param {Chosen} chosen @param {string} code @param {number} size @returns {Picked} */
export function picked(chosen, code, size) {
  const { hand, starter, taken } = chosen;
  const next = { hand, starter, taken: null };
  if (hand.includes(code)) return { chosen: { ...next, hand: hand.filter((other) => other !== code) } };
  if (starter === code) return { chosen: { ...next, starter: null, taken: code }, tookStarter: code };
  if (code === taken && !starter) return { chosen: { ...next, starter: code } };
  if (hand.length < size) return { chosen: { ...next, hand: [...hand, code] } };
  if (!starter) return { chosen: { ...next, starter: code } };
  return { chosen: next, error: "The cards and the starter are chosen: press one of them to take it back." };
}

// The cards of a dialog closed without pegging, kept for when the same count opens again
// (`id` names the deal, the side and hand or crib); the starter stays for the whole deal.
/**
 * @param {Chosen} chosen @param {{id: string, hand: string[]} | null} draft @param {string} id
 * @param {boolean} sameDeal @returns {Chosen}
 */
export function reopened(chosen, draft, id, sameDeal) {
  return { hand: draft?.id === id ? draft.hand : [], starter: sameDeal ? chosen.starter : null, taken: chosen.taken };
}
