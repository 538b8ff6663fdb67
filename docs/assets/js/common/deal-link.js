// The table's address that deals a game's cards again: its seed and variant, as the table's
// `?seed=N` link takes them (table/seed-link.js reads it; the replay offers it). Pure.

/** @typedef {{max_seed: number, variant: string, seats: string, separator: string}} LinkWords  the vocabulary's `link` fields used here */

// A link's seed the table can deal from: a whole number from 1 to the engine's largest
// (`link.max_seed`, vocabulary.js), written without leading zeros; else null.
/** @param {string} text @param {{max_seed: number}} link @returns {number | null} */
export function dealableSeed(text, link) {
  const seed = /^[1-9][0-9]{0,19}$/.test(text) ? Number(text) : NaN;
  return seed <= link.max_seed ? seed : null;
}

// The table's page dealing `seed` again in `variant` (from a page beside it), or "" when the seed
// is not one the table takes (a whole number: the table's own games have one). `seats`: who played
// each seat ("human" or a computer level), so that a game of people is dealt again to people; the
// table seats the one opening the link at seat 1, so seats whose first is not a person are left out.
/** @param {string} seed @param {string} variant @param {LinkWords} link @param {string[] | null} [seats] */
export function dealAgainLink(seed, variant, link, seats = null) {
  if (dealableSeed(seed, link) === null) return "";
  const players = seats?.[0] === "human" ? `&${link.seats}=${seats.map(encodeURIComponent).join(link.separator)}` : "";
  return `../table/?seed=${seed}#${link.variant}=${encodeURIComponent(variant)}${players}`;
}
