// The one way the pages scroll: to an element's top just under the fixed header. A result that
// arrived out of sight (on a phone it lies below the card picker) is brought into view; a linked
// section or anchor is landed on. No animation when the reader asks for reduced motion.

// An element's top in page coordinates.
export const pageTop = (/** @type {Element} */ element) => element.getBoundingClientRect().top + window.scrollY;

// The fixed header's height and a little air: what a scroll must leave above its target.
export function headerRoom() {
  const header = document.querySelector(".md-header");
  return (header instanceof HTMLElement ? header.offsetHeight : 0) + 8;
}

/** @returns {ScrollBehavior} */
const motion = () => (window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

// Scroll so that `top` (page coordinates, or an element's top) sits just under the header.
/** @param {number | Element} target @param {ScrollBehavior} [behavior] */
export function scrollUnderHeader(target, behavior = motion()) {
  const top = typeof target === "number" ? target : pageTop(target) - headerRoom();
  window.scrollTo({ top: Math.max(0, top), left: 0, behavior });
}

// The screen's foot, above a notice floating there (offline.js's "Saved" line, fixed at the foot
// until it is dismissed): what a scroll must keep the next thing to do above.
export function footRoom() {
  const notice = document.querySelector(".site-notice");
  const floating = notice instanceof HTMLElement && notice.getClientRects().length > 0 && getComputedStyle(notice).position === "fixed";
  return floating ? Math.min(window.innerHeight, notice.getBoundingClientRect().top) : window.innerHeight;
}

// How far to scroll (down is positive) to keep a stretch in view: no further down than its top
// allows (`upTo`, its top's distance below the covered top, negative when it is covered), no
// further up than its bottom allows (`downTo`, its bottom's distance past the screen's foot), and
// within that as near `wanted` as it can (0: no scroll; less: up, to bring more of what lies above
// into view). A stretch taller than the room shows its top.
/** @param {number} upTo @param {number} downTo @param {number} wanted */
export function scrollFor(upTo, downTo, wanted) {
  if (downTo > upTo) return upTo;
  return Math.min(Math.max(wanted, downTo), upTo);
}

// A result drawn out of sight, scrolled to just under the sticky header; left alone when its
// top is in view already.
/** @param {Element} node */
export function bringIntoView(node) {
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const box = node.getBoundingClientRect();
  if (box.top >= top && box.top < window.innerHeight - 80) return; // already in view
  scrollUnderHeader(window.scrollY + box.top - top - 8);
}

// Something drawn inside a scrolling box (a dialog's content) shown in that box, moved the least
// distance; the page under a modal dialog stays where it is.
/** @param {Element} node */
export function showInBox(node) {
  node.scrollIntoView({ block: "nearest" });
}
