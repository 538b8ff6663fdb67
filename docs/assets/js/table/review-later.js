import { afterFirstPaint } from "../engine.js";

/** @typedef {import("./types.js").View} View */

// The review panel is not part of the table's first screen: its modules (the panel, its models,
// the record handed to the replay) are fetched once the table has painted, not preloaded with it, so they never
// hold up the first screen. The table's replies are kept until the panel is there.
/**
 * @param {import("./types.js").Page} page @param {import("./review-panel.js").Call} call @param {AbortSignal} signal
 * @returns {{update(view: View | null): void}}
 */
export function reviewLater(page, call, signal) {
  /** @type {View | null} */
  let latest = null;
  /** @type {{update(view: View | null): void} | null} */
  let panel = null;
  afterFirstPaint(() => import("./review-panel.js").then(({ mountReview }) => {
    if (signal.aborted) return; // the reader has gone to another page meanwhile
    panel = mountReview(page, call);
    if (latest) panel.update(latest);
  }).catch((error) => console.warn("The review panel did not load:", error)));
  return {
    update(view) {
      latest = view;
      if (panel) panel.update(view);
    },
  };
}
