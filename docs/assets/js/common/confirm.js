// The one question before anything destructive: an in-page <dialog> (never window.confirm), the
// partial partials/widgets/confirm.html, which holds [data-confirm-title], [data-confirm-text] and
// two buttons, [data-confirm-yes] and [data-confirm-no], in a <form method="dialog">. The safe
// choice has the focus, and Escape is the safe choice. A page whose question never changes keeps
// its words in the partial and passes none here.

/** @typedef {{title?: string, text?: string, yes?: string, no?: string}} Question */

// Resolves true only for the "yes" button. The focus goes back to the control that asked, or, for
// a question the page asked by itself (a link opened over a game), to `fallback`.
/** @param {HTMLDialogElement} dialog @param {Question} question @param {HTMLElement | null} [fallback]
    @returns {Promise<boolean>} */
export function confirmed(dialog, question, fallback = null) {
  const part = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ (dialog.querySelector(`[data-confirm-${name}]`));
  for (const [name, words] of Object.entries(question)) if (words !== undefined) part(name).textContent = words;
  const opener = document.activeElement;
  const back = opener instanceof HTMLElement && opener !== document.body ? opener : fallback;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "yes");
      if (back && back.isConnected) back.focus();
    }, { once: true });
    dialog.returnValue = "";
    dialog.showModal();
    part("no").focus();
  });
}
