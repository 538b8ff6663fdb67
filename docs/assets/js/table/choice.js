// Which game the table plays, as pure functions: a variant by name (the vocabulary's entries), the
// one a link's fragment asks for (/table/#variant=five-card), and the level a variant is played at.
// table/variant.js puts them on the page.
import { STANDARD } from "./state.js";

const MAX_HASH = 200; // characters: no real link to the table is longer

export const named = (variants, name) => variants.find((v) => v.name === name) || named(variants, STANDARD);
export const knownName = (variants, name) => typeof name === "string" && variants.some((v) => v.name === name);

// The variant a link's fragment asks for: {name} for one the engine plays, {unknown} (the text,
// cut short, for a notice: never inserted as HTML) for any other, {} when it asks for none.
export function linkedVariant(hash, key, variants) {
  if (typeof hash !== "string" || !hash.startsWith("#") || hash.length > MAX_HASH) return {};
  let value;
  try {
    value = new URLSearchParams(hash.slice(1)).get(key);
  } catch {
    return {};
  }
  if (value === null) return {};
  const name = value.trim();
  return knownName(variants, name) ? { name } : { unknown: name.length > 20 ? `${name.slice(0, 20)}…` : name };
}

export const unknownVariantText = (unknown, variants) => `The link asks for the game “${unknown}”, which the table `
  + `does not play (it plays ${variants.map((v) => v.name).join(", ")}).`;

// The level a game of `variant` is played at: the one asked for, unless it plays only the
// standard game; then the strongest level that plays them all.
export function levelFor(levels, variantName, level) {
  const wanted = levels.find((l) => l.id === level) || levels.find((l) => l.default);
  if (variantName === STANDARD || !wanted.standard_only) return wanted.id;
  return levels.filter((l) => !l.standard_only).at(-1).id;
}
