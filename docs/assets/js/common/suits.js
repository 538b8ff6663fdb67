// Four-colour suits, a reader's setting for every page: diamonds blue and clubs green (cards.css),
// for readers who confuse ♥ with ♦ or ♠ with ♣. Kept with the site's storage helper and applied
// as a class on the root element, so every card on every page follows it; loaded on every page
// (mkdocs.yml extra_javascript), and a checkbox marked [data-four-colour] anywhere sets it.
import { KEYS, readSaved, writeSaved } from "../storage.js";

const CLASS = "suits-four";
/** @param {any} value */
const isSetting = (value) => value !== null && typeof value === "object" && typeof value.four === "boolean";

export function fourColour() {
  const { value } = readSaved(KEYS.suits, isSetting, KEYS.suitsUnreadable);
  return Boolean(value && value.four);
}

/** @param {boolean} four */
export function setFourColour(four) {
  writeSaved(KEYS.suits, { four });
  document.documentElement.classList.toggle(CLASS, four);
}

// The page's checkboxes show the setting (instant navigation brings new ones with each page).
function showSetting() {
  const four = fourColour();
  document.documentElement.classList.toggle(CLASS, four);
  for (const box of document.querySelectorAll("input[data-four-colour]")) {
    if (box instanceof HTMLInputElement) box.checked = four;
  }
}

document.addEventListener("change", (event) => {
  const box = event.target;
  if (box instanceof HTMLInputElement && box.matches("[data-four-colour]")) setFourColour(box.checked);
});
// Each page view, as pages.js's onEveryPage does; not imported from it, because this module loads
// before the first paint on every page, and sharing that module made it one more request there.
function watchPages() {
  if (window.document$) window.document$.subscribe(showSetting);
  else showSetting();
}
// The cards are coloured as soon as a module can, and the page views followed once Material's
// deferred bundle has run: this module runs before it, always before DOMContentLoaded.
showSetting();
document.addEventListener("DOMContentLoaded", watchPages, { once: true });
