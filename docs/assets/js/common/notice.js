// The one page notice: a line (role="alert", hidden while empty) that says what went wrong with
// something kept or imported, and what was done about it. Text only, never HTML.

// Show `text` in the notice, or hide it when there is none.
/** @param {HTMLElement} box @param {string} text */
export function showNotice(box, text) {
  box.textContent = text;
  box.hidden = !text;
}
