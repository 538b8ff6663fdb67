// Links that carry a page's state in the fragment ("Try it": scorer/#hand=5H,...) must land at the
// top of the part of the page they set up, with its result in view. Material's instant navigation
// treats the fragment as an anchor, finds no such element and keeps the previous page's scroll
// offset, which left the hand and its breakdown off screen. A fragment with "=" is state, never
// an anchor (anchors on this site have no "=").
import { mountPage } from "./mount.js";

// The fragment's first key -> the section it fills in (the scorer's two halves) and its result.
const SECTIONS = {
  hand: { section: "[data-show-scorer]", result: "[data-show-result]" },
  play: { section: "[data-play-scorer]", result: "[data-play-count]" },
};
const RESULT_ROOM = 240; // px of the result a landing must show, else it lands on the result

function stateKey(hash) {
  const match = /^#([a-z]+)=/.exec(hash);
  return match ? match[1] : null;
}

const pageTop = (element) => element.getBoundingClientRect().top + window.scrollY;

function land() {
  const key = stateKey(window.location.hash);
  if (!key) return;
  const parts = SECTIONS[key];
  const section = parts && document.querySelector(parts.section);
  const result = parts && document.querySelector(parts.result);
  const header = document.querySelector(".md-header");
  const above = (header ? header.offsetHeight : 0) + 8;
  let top = section ? Math.max(0, pageTop(section) - above) : 0;
  // On a phone the card picker stands between the section's top and its result: land on the
  // result instead, so the linked hand's breakdown or the play's count is what the reader sees.
  if (result && pageTop(result) - top > window.innerHeight - RESULT_ROOM) top = Math.max(0, pageTop(result) - above);
  window.scrollTo({ top, left: 0, behavior: "instant" });
}

function landAtTop() {
  land();
  // Material restores its own offset after it swaps the content; take the last word.
  requestAnimationFrame(land);
}

mountPage("[data-engine]", landAtTop);
