// Wide tables scroll sideways inside their own box, and nothing showed that they did: at 390 px the
// strategy page's deciding "Net" column read "Ne…", and the table page's record hid its "Crib"
// column even on a desktop. Every table whose scroll box holds more than it shows gets a cue on each
// side where columns are hidden (an arrow over a fade, drawn by CSS from data-more), a keyboard
// stop and a name while it scrolls. The cue follows scrolling and resizing, and tables drawn later
// (the table page's record, practice's fifteen throws) get it too.
import { onEveryPage } from "./common/pages.js";

const CONTENT = ".md-content";
const SCROLLING = new Set(["auto", "scroll"]);
/** @type {Set<HTMLElement>} scroll boxes with a cue wrapper */
const boxes = new Set();
/** @type {Set<Element>} tables the browser has not drawn yet: looked at once it does */
const undrawn = new Set();

/** @typedef {{box: HTMLElement, hidden: number, left: number}} Measure  what a box hides, and where it is scrolled */

/** @param {Element | null} node @returns {HTMLElement | null} the node, if it is a box with a cue */
const cued = (node) => (node instanceof HTMLElement && boxes.has(node) ? node : null);

// The element that scrolls a table sideways: Material's scroll box around a Markdown table (the
// table inside it scrolls too by style, but it is the box that clips), else the table itself or
// the nearest ancestor that scrolls. None for a table in a <dialog> or a box holding one: wrapping
// moves the box, and moving an open modal dialog takes it out of the top layer (no backdrop, no
// Escape, focus lost).
/** @param {Element} table @returns {HTMLElement | null} */
function scrollBox(table) {
  if (table.closest("dialog")) return null;
  const box = scrollingAncestor(table);
  return box && !box.querySelector("dialog") ? box : null;
}

/** @param {Element} table @returns {HTMLElement | null} */
function scrollingAncestor(table) {
  const material = table.closest(".md-typeset__scrollwrap");
  if (material instanceof HTMLElement) return material;
  for (let node = /** @type {Element | null} */ (table); node && !node.matches(CONTENT); node = node.parentElement) {
    if (node instanceof HTMLElement && SCROLLING.has(getComputedStyle(node).overflowX)) return node;
  }
  return null;
}

// What a box hides now, read only: a page's boxes are all measured in one layout, then marked.
/** @param {HTMLElement} box @returns {Measure} */
function measure(box) {
  return { box, hidden: box.scrollWidth - box.clientWidth, left: box.scrollLeft };
}

// data-more on the wrapper: "start", "end", both or none, from what the box hides.
/** @param {Measure} measured */
function mark({ box, hidden, left }) {
  const wrapper = /** @type {HTMLElement} */ (box.parentElement); // the cue wrapper: wrap() put it there
  const more = hidden > 1 ? [left > 1 && "start", left < hidden - 1 && "end"].filter(Boolean) : [];
  if (more.length) wrapper.dataset.more = more.join(" ");
  else delete wrapper.dataset.more;
  // a box that scrolls is reached by keyboard (arrow keys scroll it) and says what it holds
  if (hidden > 1 && !box.hasAttribute("tabindex")) {
    box.tabIndex = 0;
    box.dataset.cueFocus = "";
    // a table stays a table
    if (box.tagName !== "TABLE" && !box.hasAttribute("role")) box.setAttribute("role", "region");
    if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", `${tableName(box)} (scrolls sideways)`);
  } else if (hidden <= 1 && "cueFocus" in box.dataset) {
    ["tabindex", "role", "aria-label", "data-cue-focus"].forEach((name) => box.removeAttribute(name));
  }
}

const update = (/** @type {HTMLElement[]} */ many) => many.map(measure).forEach(mark);

/** @param {HTMLElement} box */
function tableName(box) {
  const caption = box.querySelector("caption");
  const head = box.querySelector("th");
  return (caption && caption.textContent.trim()) || (head ? `Table: ${head.textContent.trim()}, …` : "Table");
}

// Called after layout with every box whose size changed, and with each undrawn table once it is
// drawn (one shown later, or in a part of the page skipped until scrolled near, content-visibility).
const resized = new ResizeObserver((entries) => {
  const drawn = entries.filter((entry) => undrawn.has(entry.target) && entry.contentRect.width > 0)
    .map((entry) => entry.target);
  drawn.forEach((table) => { undrawn.delete(table); resized.unobserve(table); });
  const found = drawn.map(scrollBox).filter((box) => box !== null).filter((box) => !boxes.has(box));
  found.forEach(wrap);
  const changed = new Set(entries.map((entry) => cued(entry.target) ?? cued(entry.target.parentElement)));
  update([...new Set([...changed, ...found])].filter((box) => box !== null)); // every one is cued by now
});

/** @param {HTMLElement} box */
function wrap(box) {
  const wrapper = document.createElement("div");
  wrapper.className = "scroll-cue";
  box.before(wrapper);
  wrapper.append(box);
  boxes.add(box);
  box.addEventListener("scroll", () => update([box]), { passive: true });
  resized.observe(box);
  if (box.firstElementChild) resized.observe(box.firstElementChild); // its content may grow alone
}

// A table the browser draws now, or inside Material's scroll box; the others wait, unstyled, for
// the ResizeObserver (asking their style would make the browser style what it skips).
/** @param {HTMLTableElement} table */
function ready(table) {
  if (table.closest(".md-typeset__scrollwrap") || table.checkVisibility({ contentVisibilityAuto: true })) return true;
  if (!undrawn.has(table)) { undrawn.add(table); resized.observe(table); }
  return false;
}

// Every box found first (style reads only), the new ones wrapped, then all measured in one layout
// but those the browser has not drawn yet, which the ResizeObserver measures when it does.
/** @param {Iterable<Element>} tables */
function scan(tables) {
  const drawn = [...tables].filter((table) => table.isConnected && ready(/** @type {HTMLTableElement} */ (table)));
  const found = [...new Set(drawn.map(scrollBox))].filter((box) => box !== null);
  found.filter((box) => !boxes.has(box)).forEach(wrap);
  update(found.filter((box) => box.checkVisibility({ contentVisibilityAuto: true })));
  for (const table of undrawn) if (!table.isConnected) { undrawn.delete(table); resized.unobserve(table); }
  for (const box of boxes) if (!box.isConnected) boxes.delete(box);
}

/** @param {Node} node @returns {Element[]} the tables a node added to the page is or holds */
const tablesIn = (node) => (!(node instanceof Element) ? []
  : node instanceof HTMLTableElement ? [node] : [...node.querySelectorAll("table")]);

// Tables a page draws after it loads: those added are scanned when the browser is next idle, after
// the frame that lays them out, so measuring them costs no layout of its own. Only they: scanning
// the whole page would force a layout for every card, line or bar a page draws, 25-40 ms each on a
// phone while an engine page draws its first answer. A box already cued follows its size by itself
// (the ResizeObserver).
const whenIdle = (/** @type {() => void} */ run) => ("requestIdleCallback" in window
  ? requestIdleCallback(run, { timeout: 250 }) : setTimeout(run, 50)); // Safari has no idle callback
/** @type {Set<Element>} */
const added = new Set();
const additions = new MutationObserver((records) => {
  const waiting = added.size > 0;
  for (const record of records) for (const node of record.addedNodes) tablesIn(node).forEach((t) => added.add(t));
  if (waiting || !added.size) return;
  whenIdle(() => {
    const tables = [...added];
    added.clear();
    scan(tables);
  });
});

function onPage() {
  const content = document.querySelector(CONTENT);
  if (!content) return;
  additions.disconnect();
  added.clear();
  scan(content.querySelectorAll("table"));
  additions.observe(content, { childList: true, subtree: true });
}

onEveryPage(onPage);
