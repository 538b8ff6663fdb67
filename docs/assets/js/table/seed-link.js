// A seeded link (/table/?seed=N: tests, examples, the replay's "Play these cards again") deals
// from that seed in the first game started after it is opened, once: the seed then leaves the
// address, so a reload resumes that game rather than dealing it again. A seed the engine cannot
// deal from is said so and stays in the address; the table deals fresh cards.
import words from "../vocabulary.js";
import { dealableSeed } from "../common/deal-link.js";
import * as choice from "./choice.js";
import { dropFragment, dropQuery, replaceAddress } from "../link.js";

/** @typedef {import("./variant.js").Choices} Choices */

// The link's seed: null when the address names none, {seed} when the table can deal from it, else
// {refused}: the text as given (a number past the engine's largest, a fraction, words, too long).
/** @returns {{seed: number} | {refused: string} | null} */
function linkedSeed() {
  const text = new URLSearchParams(location.search).get("seed");
  if (text === null) return null;
  const seed = dealableSeed(text, words.link);
  return seed === null ? { refused: text } : { seed };
}
// `taken`: a game has been dealt from it, or kept over it, already.
/** @param {boolean} taken @param {ReturnType<typeof linkedSeed>} link @returns {link is {seed: number}} */
const usable = (taken, link) => !taken && link !== null && "seed" in link;
const SHOWN = 24; // characters of a refused seed quoted back

// What to tell the reader when the link's seed cannot be dealt from ("" when it can, or there is
// none). The address keeps it, for the reader to see what was refused.
export function refusedSeedNotice() {
  const link = linkedSeed();
  if (!link || !("refused" in link)) return "";
  const text = link.refused.length > SHOWN ? `${link.refused.slice(0, SHOWN)}…` : link.refused;
  return `This link's seed, “${text}”, is not a game number the table can deal from (a whole number from 1 to ${words.link.max_seed.toLocaleString("en-GB")}), so it was not used: the table carries on your saved game, or deals fresh cards.`;
}

// The link's seed for the game being started now, or null (none, refused, or already used); the
// page keeps that it is taken.
/** @param {boolean} taken @returns {number | null} */
export function takeLinkedSeed(taken) {
  const link = linkedSeed();
  if (!usable(taken, link)) return null;
  dropQuery();
  return link.seed;
}

// A seeded link opened over a saved game (`current`: its variant): `start(variant)` a new game with
// its cards (and its variant, if the link names one), which asks first if the saved game is in
// progress; `kept()` when the player keeps that game (the page then takes the seed as used).
// False when there is no such link.
/**
 * @param {{taken: boolean, choices: Choices, current: string, start: (variant: string) => Promise<boolean>,
 *   kept: () => void}} how
 */
export async function followSeedLink({ taken, choices, current, start, kept }) {
  if (!usable(taken, linkedSeed())) return false;
  const linked = choice.linkedVariant(location.hash, words.link.variant, words.variants);
  if (linked.name) choices.set(linked.name);
  dropFragment();
  if (!(await start(linked.name || current))) {
    replaceAddress(location.pathname);
    kept();
  }
  return true;
}
