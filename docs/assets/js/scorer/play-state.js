// The play scorer's state, as pure functions: the variant it counts in, the sequence the engine
// scored (what picking, Go and Undo build on), the box's text, what the list shows and the refusal
// said beside it. Each change takes the state and gives the next (a new object); play.js commits it.
// Nothing here touches the page.

/** @typedef {import("./state.js").Variant} Variant @typedef {import("./state.js").PlayResult} PlayResult */
/**
 * @typedef {"typed" | "pressed"} Where  where the player acted: the box, or a card picked or a button pressed
 * @typedef {PlayResult & {error: string, at?: number}} Refused  the engine's refusal: what it scored before `at`
 * @typedef {{result: PlayResult, typed: string[] | null}} Drawn
 *   the steps on screen; `typed`: a refused sequence as typed
 * @typedef {{message: string, where: Where, marked: boolean}} Refusal
 * @typedef {{variant: Variant, steps: string[], input: string, drawn: Drawn | null, refusal: Refusal,
 *   ms: number | null}} PlayState
 */

/** @type {Refusal} */
export const NO_REFUSAL = Object.freeze({ message: "", where: "typed", marked: false });

/** @param {import("./state.js").PlayStep[]} steps */
export const tokensOfSteps = (steps) => steps.map((s) => (s.go ? "go" : String(s.card)));

// A typed sequence the engine refused is listed as typed, the refused card marked; a refused press
// (Go, a picked card) leaves the list as it was, the reason said beside the buttons.
/** @param {Refused} reply @param {Where} where */
export const listsAsTyped = (reply, where) =>
  where === "typed" && Number.isInteger(reply.at) && Array.isArray(reply.steps);

/** @param {Variant} variant @returns {PlayState} */
export const playStart = (variant) => ({ variant, steps: [], input: "", drawn: null, refusal: NO_REFUSAL, ms: null });

// Another variant: the steps and totals were another game's, so they go; the box keeps its cards.
/** @param {PlayState} state @param {Variant} variant @returns {PlayState} */
export const playVariant = (state, variant) => ({ ...playStart(variant), input: state.input });

// Clear, or Undo of the last card: nothing laid, the box empty.
/** @param {PlayState} state @returns {PlayState} */
export const playCleared = (state) => ({ ...playStart(state.variant) });

// The engine scored the sequence: it is what the list shows, the box says and the next card extends.
/** @param {PlayState} state @param {PlayResult} result @param {number | null} ms @returns {PlayState} */
export function playScored(state, result, ms) {
  const steps = tokensOfSteps(result.steps ?? []);
  return { ...state, steps, input: steps.join(" "), drawn: { result, typed: null }, refusal: NO_REFUSAL, ms };
}

// The engine refused the sequence: the box keeps it as typed, and the reason is said where the player
// acted. Typed, the list shows it with the refused card marked (picking, Go and Undo go on from the
// scored part); pressed, the list stays as it was.
/**
 * @param {PlayState} state @param {Refused} reply @param {string[]} candidate @param {Where} where @returns {PlayState}
 */
export function playRefused(state, reply, candidate, where) {
  const marked = listsAsTyped(reply, where);
  const shown = marked ? { steps: tokensOfSteps(reply.steps ?? []), drawn: { result: reply, typed: candidate } } : {};
  return { ...state, ...shown, input: candidate.join(" "), refusal: { message: reply.error, where, marked } };
}

// The box as the player types it (scored only when entered).
/** @param {PlayState} state @param {string} input @returns {PlayState} */
export const playTyped = (state, input) => ({ ...state, input });
