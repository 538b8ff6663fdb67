// Links that carry a page's state in the fragment ("Try it": scorer/#hand=5H,...) must land at the
// top of that page. Material's instant navigation treats the fragment as an anchor, finds no such
// element and keeps the previous page's scroll offset, which left the hand and its breakdown off
// screen. A fragment with "=" is state, never an anchor (anchors on this site have no "=").
import { mountPage } from "./mount.js";

const isState = (hash) => hash.includes("=");

function landAtTop() {
  if (!isState(window.location.hash)) return;
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  // Material restores its own offset after it swaps the content; take the last word.
  requestAnimationFrame(() => window.scrollTo({ top: 0, left: 0, behavior: "instant" }));
}

mountPage("[data-engine]", landAtTop);
