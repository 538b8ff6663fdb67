// "Copy link" controls (overrides/partials/catalog/share.html) on every shareable thing: FAQ
// answers, counted examples, plays, rulings and glossary terms. In the HTML they are plain links
// to the thing's own address, so they work without JavaScript. Here they become buttons that:
//   - on a phone with a share sheet (Web Share API), open it ("Share link");
//   - elsewhere copy the full address to the clipboard and say "Link copied";
//   - if the clipboard is refused, show the address in a selected text field to copy by hand.
// Material's instant navigation follows link clicks from a listener on <body>; ours listens on
// the document in the capture phase, so it runs first and the page stays where it is.
import { mountPage } from "./mount.js";

const SELECTOR = "a[data-copy-link]";
const CLEAR_AFTER_MS = 6000;
/** @type {WeakMap<Element, number>} each status line's pending clear, so a new message restarts it */
const clearTimers = new WeakMap();

/** @param {EventTarget | null} target @returns {HTMLAnchorElement | null} the copy link it is in */
const linkAt = (target) =>
  target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (target.closest(SELECTOR)) : null;

const canShare = () =>
  typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches;

// The thing's full address: its own page, or the page and its anchor.
const addressOf = (/** @type {HTMLAnchorElement} */ link) =>
  new URL(link.getAttribute("href") ?? "", window.location.href).href;

// Links become buttons once this module runs: role, Space key, and on phones "Share link". The
// live region beside each is in the HTML, so it is there before it speaks.
/** @param {HTMLAnchorElement} link */
function enhance(link) {
  if (link.dataset.copyReady) return;
  link.dataset.copyReady = "true";
  link.setAttribute("role", "button");
  if (canShare()) {
    const label = link.firstChild;
    if (label && label.nodeType === Node.TEXT_NODE) label.textContent = "Share link";
    const name = link.getAttribute("aria-label");
    if (name) link.setAttribute("aria-label", name.replace(/^Copy link/, "Share link"));
  }
}

/** @param {HTMLAnchorElement} link */
function statusFor(link) {
  const next = link.nextElementSibling;
  return next && next.classList.contains("copy-link__status") ? next : null;
}

/** @param {HTMLAnchorElement} link @param {string} text */
function announce(link, text) {
  const status = statusFor(link);
  if (!status) return;
  status.textContent = text;
  clearTimeout(clearTimers.get(status));
  clearTimers.set(status, setTimeout(() => { status.textContent = ""; }, CLEAR_AFTER_MS));
}

// The clipboard was refused: the address in a read-only field, selected, to copy by hand.
/** @param {HTMLAnchorElement} link @param {string} address */
function offerToCopyByHand(link, address) {
  const holder = link.closest(".breakdown__links, .faq-answer__links, .ruling__links, dd, p")
    || /** @type {ParentNode} */ (link.parentNode); // it was clicked, so it is in the page
  let box = holder.querySelector(".copy-link__fallback");
  if (!box) {
    box = document.createElement("span");
    box.className = "copy-link__fallback";
    const label = document.createElement("label");
    const field = document.createElement("input");
    field.type = "text";
    field.readOnly = true;
    field.id = `copy-by-hand-${Math.random().toString(36).slice(2, 9)}`;
    label.htmlFor = field.id;
    label.textContent = "Copy this link:";
    box.append(label, field);
    holder.append(box);
  }
  const field = /** @type {HTMLInputElement} */ (box.querySelector("input")); // made above, or earlier
  field.value = address;
  field.focus();
  field.select();
  announce(link, "Could not copy automatically: the link is selected in the field below.");
}

/** @param {HTMLAnchorElement} link */
async function copyOrShare(link) {
  const address = addressOf(link);
  if (canShare()) {
    try {
      await navigator.share({ title: link.dataset.shareTitle || document.title, url: address });
      announce(link, "Link shared");
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return; // the reader closed the share sheet
    }
  }
  try {
    if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard");
    await navigator.clipboard.writeText(address);
    announce(link, "Link copied");
  } catch {
    offerToCopyByHand(link, address);
  }
}

/** @param {MouseEvent} event */
function onClick(event) {
  const link = linkAt(event.target);
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopPropagation(); // keep it from instant navigation
  enhance(link);
  copyOrShare(link);
}

/** @param {KeyboardEvent} event */
function onKeydown(event) {
  if (event.key !== " ") return;
  const link = linkAt(event.target);
  if (!link) return;
  event.preventDefault(); // a button answers Space, and the page must not scroll
  link.click();
}

document.addEventListener("click", onClick, true);
document.addEventListener("keydown", onKeydown);
mountPage(SELECTOR, () => {
  for (const link of document.querySelectorAll(SELECTOR)) if (link instanceof HTMLAnchorElement) enhance(link);
});
