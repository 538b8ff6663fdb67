// Links that carry a page's state in the fragment ("Try it": scorer/#hand=5H,...) must land at the
// top of the part of the page they set up, with its result in view. Material's instant navigation
// treats the fragment as an anchor, finds no such element and keeps the previous page's scroll
// offset, which would leave the hand and its breakdown off screen. A fragment with "=" is state, never
// an anchor (anchors on this site have no "=").
import { onEveryPage } from "./common/pages.js";
import { mountPage } from "./mount.js";
import { pageFragment, readFragment } from "./link.js";
import { headerRoom, pageTop, scrollUnderHeader } from "./scroll.js";

// The fragment's first key -> the section it fills in (the scorer's two halves) and its result.
// `drawn` is there once the result is on screen: only then does the landing move to it, so the
// result is never drawn (and grown) in view, which would move what sits below it.
/** @type {Record<string, {section: string, result: string, drawn: string}>} */
const SECTIONS = {
  hand: { section: "[data-show-scorer]", result: "[data-show-result]", drawn: "[data-show-result] .breakdown" },
  play: { section: "[data-play-scorer]", result: "[data-play-count]", drawn: "[data-play-steps] li" },
};
// A link whose message is under a form's box, above its picker: the form's top, when it says so.
/** @type {Record<string, {section: string, said: string}>} */
const MESSAGES = { deal: { section: "[data-analyser-form]", said: "[data-analyser-error]:not([hidden])" } };
const RESULT_ROOM = 240; // px of the result a landing must show, else it lands on the result

function stateKey() {
  const { ok, text } = readFragment();
  const match = ok && /^([a-z]+)=/.exec(text);
  return match ? match[1] : null;
}

function land() {
  const key = stateKey();
  if (!key) return;
  const parts = SECTIONS[key];
  const section = parts && /** @type {HTMLElement | null} */ (document.querySelector(parts.section));
  if (!section) {
    const message = MESSAGES[key];
    const form = message && document.querySelector(message.said) && document.querySelector(message.section);
    scrollUnderHeader(form ? Math.max(0, pageTop(form) - headerRoom()) : 0, "instant");
    return;
  }
  const result = document.querySelector(parts.drawn) && document.querySelector(parts.result);
  const above = headerRoom();
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
  scrollUnderHeader(top, "instant");
}

// The engine's status line, when it stands right above the section and the engine is not ready.
/** @param {HTMLElement} section */
function statusAbove(section) {
  const status = section.previousElementSibling;
  const area = /** @type {HTMLElement | null} */ (section.closest("[data-engine]"));
  if (!status || !status.matches("[data-engine-status]") || !area) return null;
  return area.dataset.engineState === "ready" ? null : status;
}

// The reader's own scrolling ends a landing: what arrives later must not move them.
const READER_INPUT = ["wheel", "touchstart", "keydown", "mousedown"];

/** Whether the reader has scrolled, typed or pressed since the call; `stop` ends the watch. */
function watchReader() {
  let moved = false;
  const onInput = () => { moved = true; };
  READER_INPUT.forEach((type) => window.addEventListener(type, onInput, { passive: true, once: true }));
  return { moved: () => moved, stop: () => READER_INPUT.forEach((type) => window.removeEventListener(type, onInput)) };
}

let reader = { moved: () => false, stop: () => {} }; // the landing at the top of this page's view

function landAtTop() {
  reader = watchReader();
  land();
  // Material restores its own offset after it swaps the content; take the last word.
  requestAnimationFrame(land);
  return reader.stop;
}

// Called by a page when a linked result has been drawn: the page may have been too short to
// scroll that far at landing (a phone, the result near the end), so land again unless the reader
// has moved since.
export function landOnResult() {
  // Two frames on: the result is laid out (and grown) where it was, off screen, before the move.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (!reader.moved()) land();
  }));
}

mountPage("[data-engine]", landAtTop);

// --- An anchor reached from search on a narrow screen ------------------------------------------
// Below 960 px Material's search is a full-screen layer, and while it is open the body is locked
// (data-md-scrolllock: position fixed, the page's offset kept in its style). A result tapped there
// navigates at once (the service worker answers from its cache in a few milliseconds), so Material
// jumps to the fragment while the body is still fixed and the jump goes nowhere; 100 ms later it
// releases the lock and puts back the offset the page had when search opened (the top). When the
// lock is released after the address changed under it, the fragment is landed on again here.
let viewed = window.location.pathname; // the page whose content is on screen
/** @type {string | null} */
let lockedAt = null; // the address when the lock began

let awaitingPage = false; // the lock ended on a new address whose page had not yet arrived

function landOnAnchor() {
  const { kind, text } = pageFragment();
  if (kind !== "none" || !text || viewed !== window.location.pathname) return;
  const target = document.getElementById(text);
  // history.pushState does not update :target, so Material's scroll-margin for it does not apply:
  // clear the header by hand
  if (target) scrollUnderHeader(target, "instant");
}

// The release is answered in the same moments by Material and the closing search (a focus, an
// offset put back): the anchor is landed on again two frames later, unless the reader has moved.
function landOnAnchorAndStay() {
  const watch = watchReader();
  landOnAnchor();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    watch.stop();
    if (!watch.moved()) landOnAnchor();
  }));
}

function watchScrollLock() {
  new MutationObserver(() => {
    if (document.body.hasAttribute("data-md-scrolllock")) {
      lockedAt ??= window.location.href;
      return;
    }
    if (lockedAt !== null && lockedAt !== window.location.href) {
      // the new page's content may still be on its way (a slow phone): land when it is swapped in
      if (viewed === window.location.pathname) landOnAnchorAndStay();
      else awaitingPage = true;
    }
    lockedAt = null;
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-scrolllock"] });
  onEveryPage(onPageSwapped);
}

function onPageSwapped() {
  viewed = window.location.pathname;
  if (!awaitingPage) return;
  awaitingPage = false;
  requestAnimationFrame(landOnAnchor);
}

if (document.body) watchScrollLock();
else document.addEventListener("DOMContentLoaded", watchScrollLock);
