// The one question before anything destructive: an in-page <dialog> (never window.confirm) that
// holds [data-confirm-title], [data-confirm-text] and two buttons, [data-confirm-yes] and
// [data-confirm-no], in a <form method="dialog">. The safe choice has the focus, and Escape is
// the safe choice.

/** @typedef {{title: string, text: string, yes: string, no?: string}} Question */

// Resolves true only for the "yes" button.
/** @param {HTMLDialogElement} dialog @param {Question} question @returns {Promise<boolean>} */
export function confirmed(dialog, { title, text, yes, no = "Keep it" }) {
  const part = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ (dialog.querySelector(`[data-confirm-${name}]`));
  return new Promise((resolve) => {
    part("title").textContent = title;
    part("text").textContent = text;
    part("yes").textContent = yes;
    part("no").textContent = no;
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
    part("no").focus();
  });
}
