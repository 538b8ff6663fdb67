// Which game the table plays, as pure functions: a variant by name (the vocabulary's entries), the
// one a link's fragment asks for (/table/#variant=five-card), and the level a variant is played at.
// table/variant.js puts them on the page.
import { STANDARD } from "./state.js";

/**
 * @typedef {import("./types.js").Variant} Variant @typedef {import("./types.js").Level} Level
 * @typedef {{seats: string, separator: string, computer_seat: string}} SeatsLink  the link format's words
 */

const MAX_HASH = 200; // characters: no real link to the table is longer

/** @param {Variant[]} variants @param {string} name @returns {Variant} */
export const named = (variants, name) => variants.find((v) => v.name === name) || named(variants, STANDARD);
/** @param {Variant[]} variants @param {unknown} name */
export const knownName = (variants, name) => typeof name === "string" && variants.some((v) => v.name === name);

// One key's value in a link's fragment, or null.
/** @param {unknown} hash @param {string} key @returns {string | null} */
function fragmentValue(hash, key) {
  if (typeof hash !== "string" || !hash.startsWith("#")) return null;
  // too long to be a link the site wrote: not read, but said (its start is shown), never ignored
  if (hash.length > MAX_HASH) return hash.includes(`${key}=`) ? hash.slice(hash.indexOf(`${key}=`) + key.length + 1) : null;
  try {
    return new URLSearchParams(hash.slice(1)).get(key);
  } catch {
    return null;
  }
}

const cut = (/** @type {string} */ text, most = 20) => (text.length > most ? `${text.slice(0, most)}…` : text);

// The variant a link's fragment asks for: {name} for one the engine plays, {unknown} (the text,
// cut short, for a notice: never inserted as HTML) for any other, {} when it asks for none.
/** @param {string} hash @param {string} key @param {Variant[]} variants @returns {{name?: string, unknown?: string}} */
export function linkedVariant(hash, key, variants) {
  const value = fragmentValue(hash, key);
  if (value === null) return {};
  const name = value.trim();
  return knownName(variants, name) ? { name } : { unknown: cut(name) };
}

// The players a link asks for (#variant=four-player&seats=human,computer,human,computer): {seats}
// when there is one for each of `players` seats, the first "human", each "human", `computer` (the
// chosen level) or a level's id (`levels`); {unknown} (cut short, for a notice) otherwise; {} for none.
/**
 * @param {string} hash @param {SeatsLink} link @param {number} players @param {Level[]} levels
 * @returns {{seats?: string[], unknown?: string}}
 */
export function linkedSeats(hash, link, players, levels) {
  const value = fragmentValue(hash, link.seats);
  if (value === null) return {};
  const seats = value.split(link.separator).map((seat) => seat.trim());
  const known = (/** @type {string} */ seat) => seat === "human" || seat === link.computer_seat || levels.some((level) => level.id === seat);
  if (seats.length === players && seats[0] === "human" && seats.every(known)) return { seats };
  return { unknown: cut(value.trim(), 40) };
}

/** @param {string} unknown @param {number} players */
export const unknownSeatsText = (unknown, players) => `The link asks for the players “${unknown}”, which the table `
  + `cannot seat (${players} seats, the first a person, each a person, the computer or a computer level), `
  + "so the players set up below play.";

/** @param {string} unknown @param {Variant[]} variants */
export const unknownVariantText = (unknown, variants) => `The link asks for the game “${unknown}”, which the table `
  + `does not play (it plays ${variants.map((v) => v.name).join(", ")}).`;

// The level a game of `variant` is played at: the one asked for, unless it plays only the
// standard game; then the strongest level that plays them all.
// The vocabulary always has a default level and one that plays every variant.
/** @param {Level[]} levels @param {string} variantName @param {string} level @returns {string} */
export function levelFor(levels, variantName, level) {
  const wanted = /** @type {Level} */ (levels.find((l) => l.id === level) || levels.find((l) => l.default));
  if (variantName === STANDARD || !wanted.standard_only) return wanted.id;
  return /** @type {Level} */ (levels.filter((l) => !l.standard_only).at(-1)).id;
}
