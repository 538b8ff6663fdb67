// Links that carry a page's state in the fragment ("Try it": scorer/#hand=5H,...) must land at the
// top of the part of the page they set up, with its result in view. Material's instant navigation
// treats the fragment as an anchor, finds no such element and keeps the previous page's scroll
// offset, which left the hand and its breakdown off screen. A fragment with "=" is state, never
// an anchor (anchors on this site have no "=").
import { mountPage } from "./mount.js";

// The fragment's first key -> the section it fills in (the scorer's two halves) and its result.
// `drawn` is there once the result is on screen: only then does the landing move to it, so the
// result is never drawn (and grown) in view, which would move what sits below it.
const SECTIONS = {
  hand: { section: "[data-show-scorer]", result: "[data-show-result]", drawn: "[data-show-result] .breakdown" },
  play: { section: "[data-play-scorer]", result: "[data-play-count]", drawn: "[data-play-steps] li" },
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
  if (!section) {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    return;
  }
  const result = document.querySelector(parts.drawn) && document.querySelector(parts.result);
  const header = document.querySelector(".md-header");
  const above = (header ? header.offsetHeight : 0) + 8;
  // On a phone the card picker stands between the section's top and its result: land on the
  // result instead, so the linked hand's breakdown or the play's count is what the reader sees.
  // While the engine loads, its status line just above the section comes into view with it: the
  // progress of a first visit, and the word that an early request is kept.
  const target = result && pageTop(result) - pageTop(section) > window.innerHeight - RESULT_ROOM ? result
    : (!result && statusAbove(section)) || section;
  const top = Math.max(0, pageTop(target) - above);
  // The play's section ends the page: if the target cannot reach the top, the section grows by
  // just what is missing (only then: growing it otherwise moves what is on screen).
  const missing = top - (document.documentElement.scrollHeight - window.innerHeight);
  if (missing > 0) section.style.minHeight = `${section.offsetHeight + missing}px`;
  window.scrollTo({ top, left: 0, behavior: "instant" });
}

// The engine's status line, when it stands right above the section and the engine is not ready.
function statusAbove(section) {
  const status = section.previousElementSibling;
  const area = section.closest("[data-engine]");
  if (!status || !status.matches("[data-engine-status]") || !area) return null;
  return area.dataset.engineState === "ready" ? null : status;
}

// The reader's own scrolling ends the landing: a result that arrives later must not move them.
let readerMoved = false;
const READER_INPUT = ["wheel", "touchstart", "keydown", "mousedown"];
const onReaderInput = () => { readerMoved = true; };

function landAtTop() {
  readerMoved = false;
  READER_INPUT.forEach((type) => window.addEventListener(type, onReaderInput, { passive: true, once: true }));
  land();
  // Material restores its own offset after it swaps the content; take the last word.
  requestAnimationFrame(land);
  return () => READER_INPUT.forEach((type) => window.removeEventListener(type, onReaderInput));
}

// Called by a page when a linked result has been drawn: the page may have been too short to
// scroll that far at landing (a phone, the result near the end), so land again unless the reader
// has moved since.
export function landOnResult() {
  // Two frames on: the result is laid out (and grown) where it was, off screen, before the move.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (!readerMoved) land();
  }));
}

mountPage("[data-engine]", landAtTop);
