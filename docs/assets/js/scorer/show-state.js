// The show scorer's state, as pure functions: the variant, hand or crib, the box a picked card
// goes to, the two boxes as typed and the cards the engine read in them, the note and the problem
// said, and the count on screen. Each change takes the state and gives the next (a new object);
// show.js commits it. Nothing here touches the page.
import { fifthToStarter, pickCard, showSize } from "./state.js";

/** @typedef {import("./state.js").Variant} Variant @typedef {import("./state.js").Token} Token */
/**
 * @typedef {import("./view.js").Breakdown} Breakdown @typedef {import("./view.js").Starters} Starters
 * @typedef {{faces: import("./view.js").Deck, breakdown: Breakdown, starter: string, fragment: string,
 *   fromLink: boolean, ms: number | null, starters?: Starters | null}} Shown
 *   a count on screen; `starters` undefined until the table of starters is asked for, null when there is none
 * @typedef {{message: string}} Problem  what stops a count, said once (a new object each time it is said)
 * @typedef {{variant: Variant, crib: boolean, target: string, handText: string, starterText: string, hand: string[],
 *   starters: string[], handTokens: Token[], starterTokens: Token[], note: string, problem: Problem | null,
 *   shown: Shown | null}} ShowState
 */

/**
 * @param {Variant} variant @param {{crib: boolean, target: string, handText: string, starterText: string}} boxes
 * @returns {ShowState}
 */
export const showStart = (variant, boxes) => ({ variant, ...boxes, hand: [], starters: [], handTokens: [],
  starterTokens: [], note: "", problem: null, shown: null });

// The cards a hand (or the crib) holds now.
export const sizeOf = (/** @type {ShowState} */ state) => showSize(state.variant, state.crib);
// The boxes hold a whole hand and a starter, typed but not yet read included.
/** @param {ShowState} state @param {(text: string) => string[]} tokensOf */
export const fills = (state, tokensOf) =>
  tokensOf(state.handText).length >= sizeOf(state) && state.starterText.trim() !== "";

/** @param {ShowState} state @param {string} handText @param {string} starterText @returns {ShowState} */
export const showTyped = (state, handText, starterText) => ({ ...state, handText, starterText, note: "" });

// The engine's reading of the two boxes: the valid cards, and every token for the slots.
/** @param {ShowState} state @param {Token[]} handTokens @param {Token[]} starterTokens @returns {ShowState} */
export function showRead(state, handTokens, starterTokens) {
  const cards = (/** @type {Token[]} */ tokens) => tokens.filter((t) => t.card).map((t) => String(t.card));
  // A read that says what the slots show already (a linked hand, drawn from the page's own picker
  // before the engine read it) keeps them: nothing is drawn again.
  const hand = sameTokens(handTokens, state.handTokens) ? state.handTokens : handTokens;
  const starter = sameTokens(starterTokens, state.starterTokens) ? state.starterTokens : starterTokens;
  return { ...state, hand: cards(hand), starters: cards(starter), handTokens: hand, starterTokens: starter };
}

/** @param {Token[]} read @param {Token[]} shown */
const sameTokens = (read, shown) => read.length === shown.length && read.every((token, at) =>
  token.token === shown[at].token && (token.card ?? null) === (shown[at].card ?? null)
  && (token.error ?? null) === (shown[at].error ?? null));

// One card more than the hand holds typed into the hand box: the last moves to the starter box.
/** @param {ShowState} state @returns {ShowState} */
export function showFifthMoved(state) {
  const moved = fifthToStarter(state.handText, sizeOf(state), state.starterText);
  return moved ? { ...state, handText: moved.hand, starterText: moved.starter, note: moved.note } : state;
}

// What stops a count (or a refused pick), said: the count on screen goes.
/** @param {ShowState} state @param {string} message @returns {ShowState} */
export const showFailed = (state, message) => ({ ...state, problem: { message }, shown: null });
/** @param {ShowState} state @returns {ShowState} */
export const showProblemCleared = (state) => ({ ...state, problem: null });
/** @param {ShowState} state @returns {ShowState} */
export const showResultCleared = (state) => ({ ...state, shown: null });
/** @param {ShowState} state @param {Shown} shown @returns {ShowState} */
export const showCounted = (state, shown) => ({ ...state, problem: null, shown });
// The table of starters for the count on screen (null: none, for a hand that is not four cards).
/** @param {ShowState} state @param {Starters | null} starters @returns {ShowState} */
export const showStarters = (state, starters) =>
  (state.shown ? { ...state, shown: { ...state.shown, starters } } : state);

/** @param {ShowState} state @param {boolean} crib @returns {ShowState} */
export const showCrib = (state, crib) => ({ ...state, crib });
/** @param {ShowState} state @param {Variant} variant @returns {ShowState} */
export const showVariant = (state, variant) => ({ ...state, variant, note: "" });

// Clear: both boxes empty, picked cards go to the hand; the count on screen stays until the next.
/** @param {ShowState} state @returns {ShowState} */
export const showCleared = (state) =>
  ({ ...state, handText: "", starterText: "", note: "", target: "hand", problem: null });

// A card pressed in the picker (pickCard): the boxes follow it at once, and fewer cards than a
// hand and a starter leave no count on screen; a refused press is said.
/** @param {ShowState} state @param {string} code @returns {ShowState} */
export function showPicked(state, code) {
  const picked = { hand: state.hand, starter: state.starters[0] || null, target: state.target };
  const next = pickCard(picked, code, sizeOf(state));
  if (next.error) return showFailed({ ...state, note: "" }, next.error);
  const full = next.hand.length === sizeOf(state) && Boolean(next.starter);
  return { ...state, hand: next.hand, starters: next.starter ? [next.starter] : [], target: next.target,
    handText: next.hand.join(" "), starterText: next.starter || "", note: "", problem: null,
    shown: full ? state.shown : null };
}

// A link's hand: hand or crib and the boxes as it says, the slots drawn at once from `known`
// (the cards the page can draw before the engine has read them).
/**
 * @param {ShowState} state @param {{hand: string[], starter: string, crib: boolean}} link
 * @param {(code: string) => boolean} known @returns {ShowState}
 */
export function showLinked(state, link, known) {
  const preview = (/** @type {string[]} */ codes) => codes.map((code) => code.toUpperCase()).filter(known)
    .map((code) => ({ token: code, card: code }));
  return { ...state, crib: link.crib, handText: link.hand.join(" "), starterText: link.starter,
    handTokens: preview(link.hand), starterTokens: preview(link.starter ? [link.starter] : []) };
}
