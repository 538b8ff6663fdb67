// Your side of the table drawn from the state: your cards, the moves open to you (buttons, the
// claim form when you count by hand), the finished game's summary, and where focus goes next.
// What a control does is the page's (`on`): these functions only draw and report.
import { cardButton } from "../common/cards.js";
import { confirmed } from "../common/confirm.js";
import { el } from "../common/ui.js";
import { footRoom, scrollFor, scrollUnderHeader } from "../scroll.js";
import { actionsModel, claimTotal, handModel, sideName, summaryRows, winnerLine, YOU } from "./state.js";

/**
 * @typedef {import("./types.js").View} View @typedef {import("./types.js").Cards} Cards
 * @typedef {import("./types.js").Action} Action @typedef {import("./types.js").Variant} Variant
 * @typedef {import("./state.js").Kinds} Kinds
 * @typedef {{select(code: string): void, pick(code: string): void, play(code: string): void, blocked(code: string): void,
 *   act(action: Action): void, hint(kind: "throw" | "card"): void, again(): void}} ControlActions  what each control does
 * @typedef {{discard: string[], hand_value: number, crib_value: number}} Throw  a throw the engine suggests
 */

// Your cards: `on.select(code)` while throwing, `on.pick(code)` and then `on.play(code)` in the
// play, `on.blocked(code)` for a card that cannot be laid now (still focusable, to say why).
/**
 * @param {HTMLElement} box @param {View} view @param {string[]} selected @param {Cards} cards
 * @param {Pick<ControlActions, "select" | "pick" | "play" | "blocked">} on
 */
export function drawHand(box, view, selected, cards, on) {
  delete box.dataset.waiting;
  box.replaceChildren(...handModel(view, selected).map((card) => {
    if (card.mode === "gap") {
      // the laid card's place, its exact size (a card's box inside), so the hand never reflows
      const gap = el("span", undefined, "table__card table__card-gap");
      gap.setAttribute("aria-hidden", "true");
      gap.append(el("span", undefined, "card card--face"));
      return gap;
    }
    const button = cardButton(cards[card.code], "picker__card table__card", "face");
    if ("pressed" in card) button.setAttribute("aria-pressed", card.pressed ? "true" : "false");
    if (card.mode === "blocked") button.setAttribute("aria-disabled", "true");
    const mode = card.mode;
    button.addEventListener("click", () => on[mode](card.code));
    return button;
  }));
  const buttons = [...box.querySelectorAll("button")];
  setStop(buttons, buttons.find((b) => b.getAttribute("aria-pressed") === "true")
    || buttons.find((b) => !b.hasAttribute("aria-disabled")) || buttons[0]);
}

/** @param {HTMLButtonElement[]} buttons @param {HTMLButtonElement | undefined} stop */
const setStop = (buttons, stop) => buttons.forEach((button) => { button.tabIndex = button === stop ? 0 : -1; });
/** @type {Record<string, number>} */
const STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

// Your cards are one Tab stop (a roving tabindex, as the picker has): the arrow keys move between
// them, Home and End go to the ends, Enter or Space presses the card (select, or lay it).
/** @param {HTMLElement} box @param {AbortSignal} signal */
export function roveCards(box, signal) {
  box.addEventListener("keydown", (event) => {
    const buttons = [...box.querySelectorAll("button")];
    const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    let next = null;
    if (event.key in STEPS) next = (at + STEPS[event.key] + buttons.length) % buttons.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    setStop(buttons, buttons[next]);
    buttons[next].focus();
  }, { signal });
  box.addEventListener("focusin", (event) => {
    const { target } = event;
    if (target instanceof HTMLButtonElement) setStop([...box.querySelectorAll("button")], target);
  }, { signal });
}

/** @param {string} label @param {string} className @param {string} key */
function button(label, className, key) {
  const node = el("button", label, className);
  node.type = "button";
  node.dataset[key] = "";
  return node;
}

// The form checks the number itself (noValidate), so a wrong entry gets the page's own words
// beside the box, in any browser, rather than the browser's bubble.
/** @param {string} part @param {number} most @param {Pick<ControlActions, "act">} on */
function claimForm(part, most, on) {
  const form = el("form", undefined, "table__claim");
  form.noValidate = true;
  const label = el("label", `Your ${part} holds`);
  const input = el("input");
  Object.assign(input, { type: "number", min: 0, max: most, step: 1, required: true, inputMode: "numeric" });
  input.dataset.claim = "";
  label.append(" ", input, " points");
  const submit = el("button", `Count your ${part}`, "md-button md-button--primary");
  submit.type = "submit";
  submit.dataset.action = "count";
  const error = el("p", "", "table__claim-error");
  Object.assign(error, { id: "table-claim-error", hidden: true });
  error.setAttribute("role", "alert");
  error.dataset.claimError = "";
  input.setAttribute("aria-describedby", error.id);
  form.append(label, submit, error);
  input.addEventListener("input", () => showClaimError(input, error, ""));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const total = claimTotal(input.value, most);
    if (total === null) {
      showClaimError(input, error, `Type a whole number from 0 to ${most}.`);
      input.focus();
      return;
    }
    on.act({ kind: "count", player: YOU, claim: { total } });
  });
  return form;
}

/** @param {HTMLInputElement} input @param {HTMLElement} error @param {string} text */
function showClaimError(input, error, text) {
  error.textContent = text;
  error.hidden = !text;
  if (text) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

// The moves: `on.act(action)`, `on.hint(kind)` ("throw" or "card"), `on.again()`.
/**
 * @param {HTMLElement} box @param {View} view @param {string[]} selected @param {number} most
 * @param {Pick<ControlActions, "act" | "hint" | "again">} on
 */
export function drawActions(box, view, selected, most, on) {
  box.replaceChildren(...actionsModel(view, selected).map((item) => {
    if (item.type === "prompt") return el("span", item.text, "table__prompt");
    if (item.type === "claim") return claimForm(item.part, most, on);
    if (item.type === "hint") {
      const { kind } = item;
      const hint = button(item.label, "md-button", "hint");
      hint.dataset.hint = kind;
      hint.addEventListener("click", () => on.hint(kind));
      return hint;
    }
    if (item.type === "again") {
      const again = button(item.label, "md-button md-button--primary", "again");
      again.addEventListener("click", on.again);
      return again;
    }
    const { action } = item;
    const node = el("button", item.label, "md-button" + (item.primary ? " md-button--primary" : ""));
    node.type = "button";
    node.dataset.action = action.kind;
    node.disabled = Boolean(item.disabled);
    node.addEventListener("click", () => on.act(action));
    return node;
  }));
}

// The finished game's points by source, a column per side (a team in the four-player game).
/** @param {HTMLElement} box @param {View | null} view @param {Variant} variant @param {Kinds} kinds */
export function drawSummary(box, view, variant, kinds) {
  if (!view || !view.summary || !view.result) {
    box.replaceChildren();
    return;
  }
  const table = el("table"); // unclassed: the theme's table style
  table.tabIndex = 0; // it scrolls sideways on a narrow screen: reachable by keyboard
  table.append(el("caption", `Points by source (${view.summary.deals} deals)`));
  const head = el("tr");
  const names = view.scores.map((_, side) => sideName(side, variant.players, variant.sides));
  ["Points from", ...names].forEach((text) => { const th = el("th", text); th.scope = "col"; head.append(th); });
  table.createTHead().append(head);
  const body = table.createTBody();
  const rows = summaryRows(view.summary, view.scores, kinds);
  rows.forEach(([label, ...values], index) => {
    const row = el("tr", undefined, index === rows.length - 1 ? "table__summary-total" : undefined);
    const th = el("th", String(label));
    th.scope = "row";
    row.append(th, ...values.map((value) => el("td", String(value))));
    body.append(row);
  });
  box.replaceChildren(el("h2", winnerLine(view.result, variant.players, variant.sides)), table);
}

// A question before anything destructive (its words are in the page's partial): true to go on.
// Asked by the page itself (a link opened over a game), the focus goes back to New game.
/** @param {HTMLElement} root */
export const ask = (root) => confirmed(/** @type {HTMLDialogElement} */ (root.querySelector("[data-confirm]")), {},
  root.querySelector("[data-new-game]"));

// After a move the control that was used may be gone: put focus on the next thing to do, unless
// the player is somewhere else on the page (or nothing in the table has been used yet: on load
// focus stays where the browser put it, so the settings above are not scrolled away).
/** @param {HTMLElement} root @param {string | null} previousKey @param {boolean} [force] @returns {HTMLElement | null} */
export function placeFocus(root, previousKey, force = false) {
  const active = document.activeElement;
  if (!force && active && active !== document.body && root.contains(active) && active.isConnected) return null;
  const $ = (/** @type {string} */ selector) => /** @type {HTMLButtonElement | HTMLInputElement | null} */ (root.querySelector(selector));
  const candidates = [previousKey && $(previousKey), $("[data-claim]"),
    $("[data-actions] .md-button--primary:not([disabled])"), $("[data-hand] button:not([aria-disabled])"),
    $("[data-actions] button:not([disabled])"), $("[data-hand] button"), $("[data-new-game]")];
  const target = candidates.find((node) => node && !node.disabled);
  if (target) target.focus({ preventScroll: true });
  return target || null;
}

/** @param {HTMLElement} root @returns {string | null} */
export function focusKey(root) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
  if (active.dataset.card && active.closest("[data-hand]")) return `[data-hand] [data-card="${active.dataset.card}"]`;
  return null;
}

// What covers the top of the screen: the fixed header, and on a phone the score line stuck under
// it. Its height, not where it is: above the felt the line is still in the page's flow, and a
// scroll down to the felt sticks it.
/** @param {HTMLElement} root */
function coveredTop(root) {
  const header = document.querySelector(".md-header");
  const scores = root.querySelector(".table__scores");
  const below = header ? header.getBoundingClientRect().bottom : 0;
  return scores instanceof HTMLElement && getComputedStyle(scores).position === "sticky" ? below + scores.offsetHeight : below;
}

// After a move, what the screen shows below the header (and the score line stuck under it on a
// phone): the whole felt (the other seats, the count, your hand) with the moves and what just
// happened, if they fit; else the felt with the moves; else, when there is no move to press but
// only a prompt, the felt alone; else the count (or the show) with the next
// thing to do, the moves and what happened; else without what happened; else without the moves;
// else the next thing to do with the moves (your cards and the Throw button, below a last show read
// during the throw); else the next thing to do alone. Whichever is shown, as much of the felt's
// top (the other seats, whose turn it is) as still leaves it in view.
/** @param {Element | null} node @returns {node is Element} */
const drawn = (node) => node !== null && node.getClientRects().length > 0;

/** @param {HTMLElement} root @param {HTMLElement} target @param {ScrollBehavior} behavior */
export function keepInView(root, target, behavior) {
  const top = coveredTop(root) + 8;
  const bottom = footRoom() - 8;
  const felt = root.querySelector(".felt");
  const show = root.querySelector(".felt[data-showing] [data-show]");
  const middle = show && show.getClientRects().length ? show : root.querySelector("[data-pile]");
  const [announce, actions] = ["[data-announce]", "[data-actions]"].map((selector) => root.querySelector(selector));
  // a prompt under the felt ("pick a card…") gives way to the other seats; a move to press does not
  const pressable = Boolean(actions?.querySelector("button:not([disabled]), input"));
  const groups = [[felt, actions, announce], [felt, actions], ...(pressable ? [] : [[felt]]),
    [middle, target, actions, announce], [middle, target, actions], [middle, target], [target, actions], [target]];
  const feltTop = drawn(felt) ? felt.getBoundingClientRect().top : top;
  for (const nodes of groups) {
    const boxes = nodes.filter(drawn).map((node) => node.getBoundingClientRect());
    const from = Math.min(...boxes.map((box) => box.top));
    const to = Math.max(...boxes.map((box) => box.bottom));
    if (to - from > bottom - top && nodes !== groups.at(-1)) continue; // the last is shown even if it does not fit
    const delta = scrollFor(from - top, to - bottom, Math.min(0, feltTop - top));
    if (delta) scrollUnderHeader(window.scrollY + delta, behavior);
    return;
  }
}

// The settings as saved (store.js), shown in their controls.
/** @param {HTMLElement} root @param {import("./store.js").Settings} settings */
export function showSettings(root, settings) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLInputElement} */ (root.querySelector(selector));
  $("[data-table-pace]").value = settings.pace;
  $("[data-count-by-hand]").checked = settings.countByHand;
  $("[data-muggins]").checked = settings.muggins;
  $("[data-muggins]").disabled = !settings.countByHand;
  $("[data-hints]").checked = settings.hints;
}

// The suggested throw, its cards drawn by `faces(codes)`: what it keeps, and what the crib is worth
// to you (`yours`: your side's crib) or against you.
/** @param {Throw} best @param {boolean} yours @param {(codes: string[]) => Node} faces */
export function hintLine(best, yours, faces) {
  const line = el("p");
  line.append("Suggested: throw ", faces(best.discard), ` (keeps ${best.hand_value.toFixed(2)} on average, `
    + `${yours ? "plus" : "minus"} ${best.crib_value.toFixed(2)} for the crib).`);
  return line;
}

// The suggested card, drawn by `faces(codes)`: the one the expert would lay from your seat's view,
// and what it scores as it is laid (the engine's words), if anything.
/**
 * @param {string} code @param {string} name @param {string} reason @param {(codes: string[]) => Node} faces
 */
export function cardHintLine(code, name, reason, faces) {
  const line = el("p");
  line.dataset.suggested = code;
  line.append("Suggested: lay ", faces([code]), ` (the ${name})${reason ? `: ${reason}` : ""}.`);
  return line;
}
