// Small pieces of English that several pages' sentences share. Pure: nothing here touches the page.

// "1 card", "3 cards": a count and its noun, the noun plural unless the count is one.
export const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// "Ann's", "Reds'": the possessive of a name.
export const possessive = (/** @type {string} */ name) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

// "12 to go": the points a score still needs to reach the game hole, or "" once it is there.
export const toGo = (/** @type {number} */ score, /** @type {number} */ hole) =>
  (score < hole ? `${hole - score} to go` : "");
