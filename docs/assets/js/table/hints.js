/**
 * @typedef {import("./types.js").View} View
 * @typedef {{type: "hint", kind: "throw" | "card", label: string}} HintItem
 */

// The table's hints, a per-game setting (view.hints, off unless the game began with it): which
// suggestions the moves offer. A throw while you hold the dealt cards; a card in the play when it
// is your turn and more than one of yours fits (with one, there is nothing to suggest).
/** @param {View} view @returns {HintItem[]} */
export const throwHint = (view) => (view.hints ? [{ type: "hint", kind: "throw", label: "Suggest a throw" }] : []);

/** @param {View} view @returns {HintItem[]} */
export function cardHint(view) {
  const choices = view.legal.filter((a) => a.kind === "play").length;
  return view.hints && choices > 1 ? [{ type: "hint", kind: "card", label: "Suggest a card" }] : [];
}
