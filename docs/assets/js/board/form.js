// The set-up form: reading and filling its fields, and the names and dealers following the
// number of players. The form itself is in the page's HTML (docs/board.md).
import { defaultNames, defaultPlayer, MODES, teamNames } from "./state.js";

/** @typedef {import("./state.js").Setup} Setup @typedef {import("./state.js").Mode} Mode */

const inputs = (/** @type {HTMLFormElement} */ form, /** @type {string} */ selector) =>
  /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(selector));
const field = (/** @type {HTMLFormElement} */ form, /** @type {string} */ selector) =>
  /** @type {HTMLInputElement} */ (form.querySelector(selector));
const dealerOf = (/** @type {HTMLFormElement} */ form) =>
  /** @type {HTMLSelectElement} */ (form.querySelector("[data-first-dealer]"));
// An input's label text: the text before the input inside its <label>.
const labelText = (/** @type {HTMLInputElement} */ input) =>
  /** @type {Text} */ (/** @type {NodeListOf<HTMLLabelElement>} */ (input.labels)[0].firstChild);

// The form as a raw set-up (state.normaliseSetup cleans it).
/** @param {HTMLFormElement} form */
export function readForm(form) {
  const value = (/** @type {string} */ name) => field(form, `[name="${name}"]:checked`)?.value;
  const mode = value("board-mode");
  const names = [...inputs(form, "[data-name]")].map((input) => input.value);
  const players = [...inputs(form, "[data-player]")].map((input) => input.value);
  const dealer = dealerOf(form).value;
  return {
    mode, names, players,
    hole: Number(value("board-hole")),
    firstDealer: dealer === "cut" ? "cut" : Number(dealer),
    muggins: field(form, "[data-muggins]").checked,
    skunks: field(form, "[data-skunks]").value,
    loserDeals: field(form, "[data-loser-deals]").checked,
  };
}

const typed = (/** @type {HTMLFormElement} */ form, /** @type {string} */ selector) =>
  [...inputs(form, selector)].map((input) => input.value.trim());

// In a team game, the four seats: each labelled with its team, and a team left unnamed shown
// as what it will be called ("Ann & Cy" once both partners are named).
/** @param {HTMLFormElement} form @param {boolean} teams */
function followSeats(form, teams) {
  const seats = /** @type {HTMLFieldSetElement} */ (form.querySelector("[data-board-seats]"));
  seats.hidden = !teams;
  seats.disabled = !teams;
  if (!teams) return;
  const players = typed(form, "[data-player]").map((name, seat) => name || defaultPlayer(seat));
  const teamsCalled = teamNames({ names: typed(form, "[data-name]") }, players);
  const called = teamNames({}, players);
  inputs(form, "[data-name]").forEach((input, side) => { if (side < 2) input.placeholder = called[side]; });
  inputs(form, "[data-player]").forEach((input, seat) => {
    labelText(input).textContent = `${defaultPlayer(seat)}, ${teamsCalled[seat % 2]} `;
  });
}

// Names and first-dealer choices follow the number of players (placeholders Player 1 / Team A).
/** @param {HTMLFormElement} form */
export function followMode(form) {
  const mode = /** @type {Mode} */ (field(form, '[name="board-mode"]:checked')?.value || "two");
  const teams = mode === "teams";
  const defaults = defaultNames(mode);
  inputs(form, "[data-name]").forEach((input, i) => {
    const used = i < MODES[mode].sides;
    /** @type {HTMLElement} */ (input.closest("p")).hidden = !used;
    input.disabled = !used;
    input.placeholder = defaults[i] || "";
    labelText(input).textContent = teams ? `Team ${"AB"[i]} ` : `Player ${i + 1} `;
  });
  followSeats(form, teams);
  const select = dealerOf(form);
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

/** @param {HTMLFormElement} form @param {Setup} setup */
export function fillForm(form, setup) {
  const check = (/** @type {string} */ name, /** @type {unknown} */ value) => {
    const input = /** @type {HTMLInputElement | null} */ (form.querySelector(`[name="${name}"][value="${value}"]`));
    if (input) input.checked = true;
  };
  check("board-mode", setup.mode || "two");
  check("board-hole", setup.hole);
  const defaults = defaultNames(setup.mode || "two");
  inputs(form, "[data-name]").forEach((input, i) => {
    const name = Array.isArray(setup.names) && typeof setup.names[i] === "string" ? setup.names[i] : "";
    input.value = name === defaults[i] ? "" : name; // a default name stays a placeholder
  });
  inputs(form, "[data-player]").forEach((input, seat) => {
    const name = Array.isArray(setup.players) && typeof setup.players[seat] === "string" ? setup.players[seat] : "";
    input.value = name === defaultPlayer(seat) ? "" : name;
  });
  // a team called after its partners stays a placeholder too
  if (setup.mode === "teams") {
    const players = [...inputs(form, "[data-player]")].map((input, seat) => input.value || defaultPlayer(seat));
    const called = teamNames({}, players);
    inputs(form, "[data-name]").forEach((input, side) => { if (input.value === called[side]) input.value = ""; });
  }
  field(form, "[data-muggins]").checked = setup.muggins === true;
  field(form, "[data-skunks]").value = setup.skunks === "acc" ? "acc" : "games";
  field(form, "[data-loser-deals]").checked = setup.loserDeals !== false;
  followMode(form);
  const dealer = dealerOf(form);
  const first = setup.firstDealer;
  dealer.value = first === "cut" ? "cut" : String(Number.isInteger(first) ? first : 0);
  if (!dealer.value) dealer.value = "0";
}
