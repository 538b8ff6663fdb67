// The board's sentences, from the state and the engine's words (`words` is the generated
// vocabulary: labels such as "His heels" and the phase names come from it). Pure: text only,
// which the page sets with textContent.
import { possessive, toGo } from "../common/words.js";
import { partnersOf, playerName, sideOfSeat } from "./state.js";

/**
 * @typedef {import("./state.js").Setup} Setup @typedef {import("./state.js").Part} Part
 * @typedef {import("./state.js").Entry} Entry @typedef {import("./state.js").Peg} Peg
 * @typedef {import("./state.js").View} View @typedef {import("./state.js").Cut} Cut
 * @typedef {typeof import("../vocabulary.js").default} Words  the engine's words (vocabulary.js)
 * @typedef {{text: string, points: number, note: string, muggins?: {side: number, points: number}}} ClaimChoice
 */

export { possessive }; // the one possessive of a name (common/words.js), for the board's modules

// A seat at the table: the player's name (in a team game, the partner in that seat).
export const seatName = (/** @type {Setup} */ setup, /** @type {number} */ seat) => playerName(setup, seat);

// A team's players: "Ann and Cy" (nothing outside a team game, or when the team is called "Ann & Cy").
/** @param {Setup} setup @param {number} side */
export function partnersText(setup, side) {
  const partners = setup.mode === "teams" ? partnersOf(setup, side) : [];
  return partners.length && partners.join(" & ") !== setup.names[side] ? partners.join(" and ") : "";
}

/** @param {Setup} setup @param {Part | null} part */
export function partText(setup, part) {
  if (!part) return "";
  if (part.part === "crib") return `${possessive(setup.names[sideOfSeat(setup, part.seat)])} crib`;
  return `${possessive(seatName(setup, part.seat))} hand`;
}

// What a peg was for: "the play", "his heels", "Ann's hand", "the crib", ...
/** @param {Setup} setup @param {Peg} entry @param {Words} words @returns {string} */
export function sourceText(setup, entry, words) {
  switch (entry.source) {
    case "play": return words.phases.play.toLowerCase();
    case "heels": return words.kinds.heels.label.toLowerCase();
    case "hand": return partText(setup, { part: "hand", seat: /** @type {number} */ (entry.seat) });
    case "crib": return "the crib";
    case "muggins": return "muggins";
    default: return "other points";
  }
}

export const markText = (/** @type {import("./state.js").Mark} */ entry, /** @type {Words} */ words) =>
  (entry.mark === "show"
  ? `${words.phases.play} is over: ${words.phases.show.toLowerCase()}`
  : "The deal passes");

// "Ann pegs 2 for the play, now 47, 74 to go." (what a screen reader hears after each peg: the
// points to go are said here, with the score, and nowhere else)
/**
 * @param {Setup} setup @param {Peg} entry @param {number | null} total @param {number} hole
 * @param {Words} words
 */
export function pegSentence(setup, entry, total, hole, words) {
  const left = total === null ? "" : toGo(total, hole);
  return `${setup.names[entry.side]} pegs ${entry.points} for ${sourceText(setup, entry, words)}, now ${total}`
    + `${left ? `, ${left}` : ""}.`;
}

// Skunks with the double skunks among them named: "3 (1 double)".
export const skunkFigure = (/** @type {number} */ all, /** @type {number} */ doubles) =>
  (doubles ? `${all} (${doubles} double)` : all);

/** @param {Setup} setup @param {View} view */
export function resultSentence(setup, view) {
  const winner = setup.names[/** @type {number} */ (view.winner)];
  const beaten = view.losers.map(({ side, score, skunk, double }) =>
    `${setup.names[side]} ${score}${double ? " (double skunk)" : skunk ? " (skunked)" : ""}`);
  return `${winner} wins with ${view.lines.hole}: ${beaten.join(", ")}.`;
}

// Where the game stands: "Deal 3 · Bob's crib · the play".
/** @param {Setup} setup @param {View} view @param {Words} words */
export function dealText(setup, view, words) {
  if (view.phase === "cut") return "Cut for the deal: each player taps the card they cut; the lowest deals.";
  if (view.phase === "over") return `${words.phases.game_over}.`;
  const crib = `${seatName(setup, view.dealer)} deals, ${possessive(setup.names[view.dealerSide])} crib`;
  const phase = view.phase === "play" ? words.phases.play : words.phases.show;
  const next = view.phase === "show" && view.next ? `: ${partText(setup, view.next)} next` : "";
  return `Deal ${view.deal + 1}: ${crib}. ${phase}${next}.`;
}

// A hand or crib pegged before its turn: pegged, and said plainly (a slip is one Undo away).
export const earlyText = (/** @type {Setup} */ setup, /** @type {Part} */ due) =>
  `Counted out of turn: ${partText(setup, due)} was due first (the show goes round from the dealer's left). `
  + "Undo if that was a slip.";

/** @param {Setup} setup @param {Cut | null} cut */
export function cutText(setup, cut) {
  if (!cut) return "";
  if (cut.tie.length) {
    const tied = cut.tie.map(({ side }) => setup.names[side]).join(" and ");
    return `${tied} cut the same rank, the lowest: they cut again.`;
  }
  const waiting = cut.contenders.filter((side) => cut.cards[side] === null);
  return waiting.length ? `Waiting for ${waiting.map((side) => setup.names[side]).join(", ")} to cut.` : "";
}

// What pegging a claim does, in words and points: under the count, the player pegs what they
// claimed (and with muggins an opponent may take the rest); over it, the count is pegged.
/**
 * @param {number} actual @param {number} claim @param {string} name
 * @param {{side: number, name: string}[]} opponents @param {boolean} muggins @returns {ClaimChoice[]}
 */
export function claimChoices(actual, claim, name, opponents, muggins) {
  if (!Number.isInteger(claim) || claim < 0 || claim === actual) return [];
  if (claim > actual) {
    return [{ text: `Peg ${actual}: ${name} claimed ${claim}, the hand holds ${actual}`, points: actual,
      note: `${name} claimed ${claim}; the engine counts ${actual}, so ${name} pegs ${actual}.` }];
  }
  const missed = actual - claim;
  const note = `${name} claimed ${claim}; the engine counts ${actual}: ${missed} missed.`;
  if (!muggins) return [{ text: `Peg ${name}'s ${claim} (${missed} missed)`, points: claim, note }];
  const taken = opponents.map(({ side, name: other }) => ({ text: `Peg ${claim}; muggins: ${other} takes ${missed}`,
    points: claim, note: `${note} Muggins: ${other} takes them.`, muggins: { side, points: missed } }));
  const nobody = { text: `Peg ${claim}; nobody called muggins`, points: claim, note };
  return opponents.length > 1 ? [...taken, nobody] : taken;
}

