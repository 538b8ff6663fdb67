// A seeded link (/table/?seed=N: tests, examples, the replay's "Play these cards again") deals
// from that seed in the first game started after it is opened, once: the seed then leaves the
// address, so a reload resumes that game rather than dealing it again.
import words from "../vocabulary.js";
import * as choice from "./choice.js";

const linkedSeed = () => Number(new URLSearchParams(location.search).get("seed"));
const usable = (page, seed) => !page.seedTaken && Number.isInteger(seed) && seed > 0;

// The link's seed for the game being started now, or null (none, or already used).
export function takeLinkedSeed(page) {
  const seed = linkedSeed();
  if (!usable(page, seed)) return null;
  page.seedTaken = true;
  history.replaceState(null, "", location.pathname + location.hash);
  return seed;
}

// A seeded link opened over a saved game: `start(variant)` a new game with its cards (and its
// variant, if the link names one), which asks first if the saved game is in progress; `kept()`
// when the player keeps that game. False when there is no such link.
export async function followSeedLink(page, start, kept) {
  if (!usable(page, linkedSeed())) return false;
  const linked = choice.linkedVariant(location.hash, words.link.variant, words.variants);
  if (linked.name) page.choices.set(linked.name);
  history.replaceState(null, "", location.pathname + location.search);
  if (!(await start(linked.name || page.variant.name))) {
    page.seedTaken = true; // kept the game: the link is not asked about again
    history.replaceState(null, "", location.pathname);
    kept();
  }
  return true;
}
