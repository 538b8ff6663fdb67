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
