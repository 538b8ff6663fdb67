// A seeded link (/table/?seed=N: tests, examples, the replay's "Play these cards again") deals
// from that seed in the first game started after it is opened, once: the seed then leaves the
// address, so a reload resumes that game rather than dealing it again. A seed the engine cannot
// deal from is said so and stays in the address; the table deals fresh cards.
import words from "../vocabulary.js";
import { dealableSeed } from "../common/deal-link.js";
import * as choice from "./choice.js";
import { dropFragment, dropQuery, replaceAddress } from "../link.js";

// The link's seed: null when the address names none, {seed} when the table can deal from it, else
// {refused}: the text as given (a number past the engine's largest, a fraction, words, too long).
function linkedSeed() {
  const text = new URLSearchParams(location.search).get("seed");
  if (text === null) return null;
  const seed = dealableSeed(text, words.link);
  return seed === null ? { refused: text } : { seed };
}
const usable = (page, link) => !page.seedTaken && Boolean(link) && "seed" in link;
const SHOWN = 24; // characters of a refused seed quoted back

// What to tell the reader when the link's seed cannot be dealt from ("" when it can, or there is
// none). The address keeps it, for the reader to see what was refused.
export function refusedSeedNotice() {
  const link = linkedSeed();
  if (!link || !("refused" in link)) return "";
  const text = link.refused.length > SHOWN ? `${link.refused.slice(0, SHOWN)}…` : link.refused;
  return `This link's seed, “${text}”, is not a game number the table can deal from (a whole number from 1 to ${words.link.max_seed.toLocaleString("en-GB")}), so it was not used: the table carries on your saved game, or deals fresh cards.`;
}

// The link's seed for the game being started now, or null (none, refused, or already used).
export function takeLinkedSeed(page) {
  const link = linkedSeed();
  if (!usable(page, link)) return null;
  page.seedTaken = true;
  dropQuery();
  return link.seed;
}

// A seeded link opened over a saved game: `start(variant)` a new game with its cards (and its
// variant, if the link names one), which asks first if the saved game is in progress; `kept()`
// when the player keeps that game. False when there is no such link.
export async function followSeedLink(page, start, kept) {
  if (!usable(page, linkedSeed())) return false;
  const linked = choice.linkedVariant(location.hash, words.link.variant, words.variants);
  if (linked.name) page.choices.set(linked.name);
  dropFragment();
  if (!(await start(linked.name || page.variant.name))) {
    page.seedTaken = true; // kept the game: the link is not asked about again
    replaceAddress(location.pathname);
    kept();
  }
  return true;
}
