// Links that carry a page's state in the fragment ("Try it": scorer/#hand=5H,...) must land at the
// top of the part of the page they set up, with its result in view. Material's instant navigation
// treats the fragment as an anchor, finds no such element and keeps the previous page's scroll
// offset, which left the hand and its breakdown off screen. A fragment with "=" is state, never
// an anchor (anchors on this site have no "=").
import { mountPage } from "./mount.js";

// The fragment's first key -> the section it fills in (the scorer's two halves).
const SECTIONS = { hand: "[data-show-scorer]", play: "[data-play-scorer]" };

function stateKey(hash) {
  const match = /^#([a-z]+)=/.exec(hash);
  return match ? match[1] : null;
}

function land() {
  const key = stateKey(window.location.hash);
  if (!key) return;
  const section = SECTIONS[key] && document.querySelector(SECTIONS[key]);
  const header = document.querySelector(".md-header");
  const top = section
    ? Math.max(0, section.getBoundingClientRect().top + window.scrollY - (header ? header.offsetHeight : 0) - 8)
    : 0;
  window.scrollTo({ top, left: 0, behavior: "instant" });
}

function landAtTop() {
  land();
  // Material restores its own offset after it swaps the content; take the last word.
  requestAnimationFrame(land);
}

mountPage("[data-engine]", landAtTop);
