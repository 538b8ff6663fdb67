// The seats' and sides' names as the pages say them. The words come from the generated vocabulary
// (`seats`, `teams`: cribbage.backend.vocabulary, whose log speaks of the same seats), so no list
// of names is written here. Seat 0 is the person holding the phone; seats go round to the left.
// `names` (optional, by seat) are the people's own names, null or "" where a seat keeps its word.
import words from "../vocabulary.js";
import { possessive } from "./words.js";

/** @typedef {ReadonlyArray<string | null | undefined> | null} GivenNames */

export const YOU = 0;

// A seat's word on the felt, by the number of players: "You", "Computer", "Left player", ...
/** @param {number} index @param {number} [seats] @returns {string} */
export function seatWord(index, seats = 2) {
  /** @type {Record<string, string[]>} */
  const labels = words.seats;
  return (labels[String(seats)] || labels["2"])[index] ?? `Seat ${index + 1}`;
}

// Whether several people share the phone (more than one seat named): then no seat is "your"
// anything, and a computer among them is "Computer" (where it sits, "Right player", changes with
// who holds the phone; only between two computers is it said).
/** @param {GivenNames} [names] */
const shared = (names) => (names?.filter(Boolean).length ?? 0) > 1;

/** @param {number} index @param {number} [seats] @param {GivenNames} [names] @returns {string} */
export function seatName(index, seats = 2, names = null) {
  const word = names?.[index] || seatWord(index, seats);
  const alone = names?.filter((name) => !name).length === 1; // the one computer at the table
  return shared(names) && (word.startsWith("Your ") || (alone && !names?.[index])) ? "Computer" : word;
}

// A seat's name inside a sentence: a person's name as written, a seat's word in lower case
// ("ann" never; "left player", "you").
/** @param {number} index @param {number} [seats] @param {GivenNames} [names] @returns {string} */
export function seatInSentence(index, seats = 2, names = null) {
  const name = seatName(index, seats, names);
  return names?.[index] ? name : name.toLowerCase();
}

// Whose crib, whose turn, in a sentence: "your", "the computer's", "your partner's", "Ann's".
/** @param {number} index @param {number} [seats] @param {GivenNames} [names] @returns {string} */
export function whose(index, seats = 2, names = null) {
  const given = names?.[index];
  if (given) return possessive(given);
  if (index === YOU) return "your";
  const name = seatName(index, seats, names);
  return name.startsWith("Your ") ? `your ${name.slice(5).toLowerCase()}'s` : `the ${name.toLowerCase()}'s`;
}

// The turn of the seat holding the phone, on its badge: "Your turn", or while several people
// share the phone the name of the one holding it ("Ann's turn").
/** @param {number} index @param {GivenNames} [names] @returns {string} */
export const yourTurn = (index, names = null) => (shared(names) && names?.[index] ? `${possessive(names[index])} turn` : "Your turn");

// A side's name in the score line: a player's, or in a partnership game the team's ("Ann and Cy").
/** @param {number} side @param {number} seats @param {number} sides @param {GivenNames} [names] @returns {string} */
export function sideName(side, seats, sides, names = null) {
  if (sides >= seats) return seatName(side, seats, names);
  const pair = [side, side + sides].map((seat) => names?.[seat] || (shared(names) ? "Computer" : ""));
  return pair[0] && pair[1] && pair.join() !== "Computer,Computer" ? `${pair[0]} and ${pair[1]}` : words.teams[side];
}

// The board's tracks, named as its accessible name says them ("you 12, computer 9", "Ann 12,
// Ben 9"): a person's name as written, the seats' and sides' words in lower case.
/** @param {{players: number, sides: number}} variant @param {GivenNames} [names] @returns {string[]} */
export const trackNames = (variant, names = null) => [...Array(variant.sides).keys()].map((side) => {
  if (variant.sides >= variant.players) return seatInSentence(side, variant.players, names);
  const name = sideName(side, variant.players, variant.sides, names);
  return name === words.teams[side] ? name.toLowerCase() : name;
});

// Who won: the winning side's name as a sentence's subject ("You", "The other side").
/** @param {number} side */
export const teamWord = (side) => /** @type {string} */ (words.teams[side]);
