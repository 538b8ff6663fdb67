// The set-up form and the in-page question (a <dialog>, never window.confirm): reading and
// filling the form's fields; the form itself is in the page's HTML (docs/board.md).
import { defaultNames, MODES } from "./state.js";

// The form as a raw set-up (state.normaliseSetup cleans it).
export function readForm(form) {
  const value = (name) => form.querySelector(`[name="${name}"]:checked`)?.value;
  const mode = value("board-mode");
  const names = [...form.querySelectorAll("[data-name]")].map((input) => input.value);
  const dealer = form.querySelector("[data-first-dealer]").value;
  return {
    mode, names,
    hole: Number(value("board-hole")),
    firstDealer: dealer === "cut" ? "cut" : Number(dealer),
    muggins: form.querySelector("[data-muggins]").checked,
    skunks: form.querySelector("[data-skunks]").value,
    loserDeals: form.querySelector("[data-loser-deals]").checked,
  };
}

// Names and first-dealer choices follow the number of players (placeholders Player 1 / Team A).
export function followMode(form) {
  const mode = form.querySelector('[name="board-mode"]:checked')?.value || "two";
  const defaults = defaultNames(mode);
  form.querySelectorAll("[data-name]").forEach((input, i) => {
    const used = i < MODES[mode].sides;
    input.closest("p").hidden = !used;
    input.disabled = !used;
    input.placeholder = defaults[i] || "";
    input.labels[0].firstChild.textContent = mode === "teams" ? `Team ${"AB"[i]} ` : `Player ${i + 1} `;
  });
  const select = form.querySelector("[data-first-dealer]");
  const chosen = select.value;
  const names = [...form.querySelectorAll("[data-name]")].map((input, i) => input.value.trim() || defaults[i]);
  const options = [["cut", "Cut for the deal"], ...defaults.map((_, i) => [String(i), `${names[i]} deals`])];
  select.replaceChildren(...options.map(([value, text]) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = text;
    return option;
  }));
  select.value = options.some(([value]) => value === chosen) ? chosen : "0";
}

export function fillForm(form, setup) {
  const check = (name, value) => {
    const input = form.querySelector(`[name="${name}"][value="${value}"]`);
    if (input) input.checked = true;
  };
  check("board-mode", setup.mode || "two");
  check("board-hole", setup.hole);
  const defaults = defaultNames(setup.mode || "two");
  form.querySelectorAll("[data-name]").forEach((input, i) => {
    const name = Array.isArray(setup.names) && typeof setup.names[i] === "string" ? setup.names[i] : "";
    input.value = name === defaults[i] ? "" : name; // a default name stays a placeholder
  });
  form.querySelector("[data-muggins]").checked = setup.muggins === true;
  form.querySelector("[data-skunks]").value = setup.skunks === "acc" ? "acc" : "games";
  form.querySelector("[data-loser-deals]").checked = setup.loserDeals !== false;
  followMode(form);
  const dealer = form.querySelector("[data-first-dealer]");
  dealer.value = setup.firstDealer === "cut" ? "cut" : String(Number.isInteger(setup.firstDealer) ? setup.firstDealer : 0);
  if (!dealer.value) dealer.value = "0";
}

// Ask before anything destructive: resolves true only for the "yes" button; the safe choice
// has the focus, and Escape is the safe choice.
export function ask(dialog, { title, text, yes, no = "Keep it" }) {
  return new Promise((resolve) => {
    dialog.querySelector("[data-confirm-title]").textContent = title;
    dialog.querySelector("[data-confirm-text]").textContent = text;
    dialog.querySelector("[data-confirm-yes]").textContent = yes;
    dialog.querySelector("[data-confirm-no]").textContent = no;
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
    dialog.querySelector("[data-confirm-no]").focus();
  });
}
