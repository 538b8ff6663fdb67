import { afterFirstPaint } from "../engine.js";

// The review panel is not part of the table's first screen: its modules (the panel, its models,
// the record handed to the replay) are fetched once the table has painted, not preloaded with it, so they never
// hold up the first screen. The table's replies are kept until the panel is there.
export function reviewLater(page, call, signal) {
  let latest = null;
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
