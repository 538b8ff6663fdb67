// The set-up form and the in-page question (a <dialog>, never window.confirm): reading and
// filling the form's fields; the form itself is in the page's HTML (docs/board.md).
import { defaultNames, defaultPlayer, MODES, teamNames } from "./state.js";

// The form as a raw set-up (state.normaliseSetup cleans it).
export function readForm(form) {
  const value = (name) => form.querySelector(`[name="${name}"]:checked`)?.value;
  const mode = value("board-mode");
  const names = [...form.querySelectorAll("[data-name]")].map((input) => input.value);
  const players = [...form.querySelectorAll("[data-player]")].map((input) => input.value);
  const dealer = form.querySelector("[data-first-dealer]").value;
  return {
    mode, names, players,
    hole: Number(value("board-hole")),
    firstDealer: dealer === "cut" ? "cut" : Number(dealer),
    muggins: form.querySelector("[data-muggins]").checked,
    skunks: form.querySelector("[data-skunks]").value,
    loserDeals: form.querySelector("[data-loser-deals]").checked,
  };
}

const typed = (form, selector) => [...form.querySelectorAll(selector)].map((input) => input.value.trim());

// In a team game, the four seats: each labelled with its team, and a team left unnamed shown
// as what it will be called ("Ann & Cy" once both partners are named).
function followSeats(form, teams) {
  const seats = form.querySelector("[data-board-seats]");
  seats.hidden = !teams;
  seats.disabled = !teams;
  if (!teams) return;
  const players = typed(form, "[data-player]").map((name, seat) => name || defaultPlayer(seat));
  const teamsCalled = teamNames({ names: typed(form, "[data-name]") }, players);
  const called = teamNames({}, players);
  form.querySelectorAll("[data-name]").forEach((input, side) => { if (side < 2) input.placeholder = called[side]; });
  form.querySelectorAll("[data-player]").forEach((input, seat) => {
    input.labels[0].firstChild.textContent = `${defaultPlayer(seat)}, ${teamsCalled[seat % 2]} `;
  });
}

// Names and first-dealer choices follow the number of players (placeholders Player 1 / Team A).
export function followMode(form) {
  const mode = form.querySelector('[name="board-mode"]:checked')?.value || "two";
  const teams = mode === "teams";
  const defaults = defaultNames(mode);
  form.querySelectorAll("[data-name]").forEach((input, i) => {
    const used = i < MODES[mode].sides;
    input.closest("p").hidden = !used;
    input.disabled = !used;
    input.placeholder = defaults[i] || "";
    input.labels[0].firstChild.textContent = teams ? `Team ${"AB"[i]} ` : `Player ${i + 1} `;
  });
  followSeats(form, teams);
  const select = form.querySelector("[data-first-dealer]");
  const chosen = select.value;
  // the first dealer is a seat: one of the four players in a team game
  const names = teams ? typed(form, "[data-player]").map((name, seat) => name || defaultPlayer(seat))
    : typed(form, "[data-name]").map((name, i) => name || defaults[i]).slice(0, defaults.length);
  const options = [["cut", "Cut for the deal"], ...names.map((name, i) => [String(i), `${name} deals`])];
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
  form.querySelectorAll("[data-player]").forEach((input, seat) => {
    const name = Array.isArray(setup.players) && typeof setup.players[seat] === "string" ? setup.players[seat] : "";
    input.value = name === defaultPlayer(seat) ? "" : name;
  });
  // a team called after its partners stays a placeholder too
  if (setup.mode === "teams") {
    const called = teamNames({}, [...form.querySelectorAll("[data-player]")].map((input, seat) => input.value || defaultPlayer(seat)));
    form.querySelectorAll("[data-name]").forEach((input, side) => { if (input.value === called[side]) input.value = ""; });
  }
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
