// "Count a hand": the scorer's card picker (its keyboard grid too) in a dialog; the engine counts
// the four cards and the starter, the breakdown is shown, and one tap pegs the total, or the
// player's own claim with a note of the difference (the engine's count settles it; muggins only
// when the players chose it). The only part of the board that needs the engine: the dialog's
// status line says so, with the progress bar, while it loads. The cards chosen change by pure
// functions (count-state.js); a count overtaken by another choice, or by leaving the page, is
// dropped (`latestReply`); every listener ends with the page's signal.
import { engine } from "../engine.js";
import { latestReply, showEngineStatus } from "../mount.js";
import { cardFace, cardFromPicker } from "../common/cards.js";
import { el, itemsTable } from "../common/ui.js";
import { bindPicker, drawSlots, pressedCard } from "../picker.js";
import { showInBox } from "../scroll.js";
import { complete, NOTHING_CHOSEN, picked, reopened } from "./count-state.js";
import { claimChoices, possessive } from "./words.js";

/**
 * @typedef {import("./words.js").ClaimChoice} ClaimChoice @typedef {import("./count-state.js").Chosen} Chosen
 * @typedef {{side: number, name: string, crib: boolean, opponents: {side: number, name: string}[],
 *   muggins: boolean, key: string}} Context  the count opened: whose, which deal (`key`)
 * @typedef {{side: number, points: number, note: string, muggins: {side: number, points: number} | null,
 *   crib: boolean}} Counted  what the dialog pegs
 * @typedef {{dialog: HTMLDialogElement, size: number, onPeg: (counted: Counted) => void,
 *   picker: import("../picker.js").Picker, ask: ReturnType<typeof latestReply>, signal: AbortSignal,
 *   context: Context | null, chosen: Chosen, starterKey: string | null, total: number | null,
 *   draft: {id: string, hand: string[]} | null}} Count  the dialog and its state
 */

/** @type {Record<string, string>} */
const STATUS = {
  idle: "Counting a hand needs the engine; it starts when this opens.",
  loading: "Loading the engine. Pegging works meanwhile, and the count comes as soon as it is ready.",
  ready: "",
  failed: "The engine could not start in this browser: count the hand yourself and peg with the buttons.",
  unsupported: "This browser cannot run the engine (it needs WebAssembly): count the hand yourself and peg with "
    + "the buttons.",
};

const OFFLINE = "Count the hand yourself and peg with the buttons; once this has counted a hand with a connection, "
  + "it counts offline too.";

/** @param {Element} root @param {string[]} codes @returns {Record<string, import("../common/cards.js").Card>} */
function faces(root, codes) {
  return Object.fromEntries(codes.map((code) => [code, cardFromPicker(root, code)
    || { code, label: code, name: code, red: false }]));
}

const $ = (/** @type {Count} */ c, /** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (c.dialog.querySelector(selector));
const input = (/** @type {Count} */ c, /** @type {string} */ selector) =>
  /** @type {HTMLInputElement} */ ($(c, selector));
const isCrib = (/** @type {Count} */ c) => input(c, 'input[name="count-kind"]:checked').value === "crib";
const ready = (/** @type {Count} */ c) => complete(c.chosen, c.size);

/** @param {Count} c @param {string} text */
function error(c, text) {
  $(c, "[data-count-error]").textContent = text;
  $(c, "[data-count-error]").hidden = !text;
}

const note = (/** @type {Count} */ c, /** @type {string} */ text) => { $(c, "[data-count-note]").textContent = text; };

/** @param {Count} c */
function drawChosen(c) {
  const { hand, starter } = c.chosen;
  const token = (/** @type {string} */ code) => ({ token: code, card: code });
  drawSlots($(c, "[data-count-chosen]"), [
    { label: isCrib(c) ? "Crib" : "Hand", size: c.size, tokens: hand.map(token) },
    { label: "Starter", size: 1, tokens: starter ? [token(starter)] : [] },
  ], (code) => cardFace(faces(c.dialog, [code])[code], "face"));
  c.picker.show(starter ? [...hand, starter] : hand);
}

/** @param {Count} c */
function clearResult(c) {
  c.ask.drop(); // a count still on its way is for cards no longer chosen
  c.total = null;
  $(c, "[data-count-result]").replaceChildren();
  $(c, "[data-count-actions]").hidden = true;
}

/**
 * @param {Count} c
 * @param {{crib: boolean, total: number, items: {kind: string, cards: string[], points: number}[]}} result
 */
function drawResult(c, result) {
  const { hand, starter } = c.chosen;
  const name = /** @type {Context} */ (c.context).name;
  const block = el("div", undefined, "breakdown");
  const head = el("p", undefined, "breakdown__head");
  head.append(el("span", result.crib ? "Crib" : "Hand", "breakdown__tag"), el("span", "Total", "breakdown__title"),
    el("span", String(result.total), "breakdown__total"));
  const cards = faces(c.dialog, [...hand, /** @type {string} */ (starter)]);
  block.append(head, result.items.length ? itemsTable(cards, result.items)
    : el("p", "Nothing scores: the total is 0.", "breakdown__nothing"));
  $(c, "[data-count-result]").replaceChildren(block);
  $(c, "[data-count-peg]").textContent = `Peg ${result.total} for ${name}`;
  input(c, "[data-count-claim]").value = "";
  $(c, "[data-count-claim-label]").textContent = `Or ${possessive(name)} own count `;
  drawClaims(c);
  $(c, "[data-count-actions]").hidden = false;
  showInBox($(c, "[data-count-actions]"));
}

/** @param {Count} c */
async function count(c) {
  clearResult(c);
  $(c, "[data-count-result]").replaceChildren(el("p", engine.state === "ready" ? "Counting…"
    : "Counting as soon as the engine is ready (see the bar above)…", "scoreboard__counting"));
  const { hand, starter } = c.chosen;
  const reply = await c.ask("score", { hand: hand.join(" "), starter, crib: isCrib(c) });
  if (!reply || !c.context) return; // overtaken, or the dialog was closed
  if (!reply.ok) {
    $(c, "[data-count-result]").replaceChildren();
    error(c, reply.error);
    return;
  }
  c.total = reply.result.total;
  drawResult(c, reply.result);
}

/** @param {Count} c */
function drawClaims(c) {
  const text = input(c, "[data-count-claim]").value.trim();
  const claim = text === "" ? NaN : Number(text);
  const context = /** @type {Context} */ (c.context);
  const choices = c.total === null ? []
    : claimChoices(c.total, claim, context.name, context.opponents, context.muggins);
  $(c, "[data-count-claims]").replaceChildren(...choices.map((choice, i) => {
    const node = el("button", choice.text, "md-button");
    node.type = "button";
    node.dataset.claimChoice = String(i);
    node.addEventListener("click", () => finish(c, choice), { signal: c.signal });
    return node;
  }));
}

/** @param {Count} c @param {{points: number, note?: string, muggins?: {side: number, points: number}}} choice */
function finish(c, choice) {
  const done = /** @type {Context} */ (c.context);
  c.draft = null; // pegged: the next count starts with no cards (the close event comes later)
  c.context = null;
  c.dialog.close();
  c.onPeg({ side: done.side, points: choice.points, note: choice.note || "", muggins: choice.muggins || null,
    crib: isCrib(c) });
}

// A card pressed: chosen or taken back (count-state.js), then counted once all five are there.
/** @param {Count} c @param {Event} event */
function pick(c, event) {
  const code = pressedCard(event);
  if (!code) return;
  error(c, "");
  note(c, "");
  const next = picked(c.chosen, code, c.size);
  c.chosen = next.chosen;
  if (next.error) return error(c, next.error);
  if (next.tookStarter) {
    const name = faces(c.dialog, [code])[code].name;
    note(c, `The starter, ${name}, is taken back: press it again to put it back, or pick another.`);
  }
  drawChosen(c);
  if (ready(c)) count(c);
  else clearResult(c);
}

/** @param {Count} c */
function listen(c) {
  const signal = c.signal;
  $(c, "[data-count-picker]").addEventListener("click", (event) => pick(c, event), { signal });
  $(c, "[data-count-claim]").addEventListener("input", () => drawClaims(c), { signal });
  $(c, "[data-count-peg]").addEventListener("click", () => {
    if (c.total !== null) finish(c, { points: c.total });
  }, { signal });
  $(c, "[data-count-clear]").addEventListener("click", () => {
    c.chosen = { ...c.chosen, hand: [], starter: null };
    error(c, "");
    note(c, "");
    drawChosen(c);
    clearResult(c);
  }, { signal });
  $(c, "[data-count-close]").addEventListener("click", () => c.dialog.close(), { signal });
  c.dialog.querySelectorAll('input[name="count-kind"]').forEach((radio) => radio.addEventListener("change", () => {
    drawChosen(c);
    if (ready(c)) count(c);
  }, { signal }));
  c.dialog.addEventListener("close", () => {
    const { hand } = c.chosen;
    if (c.context) c.draft = hand.length ? { id: draftOf(c.context), hand } : null;
    c.context = null;
    clearResult(c);
  }, { signal });
}

// The starter stays chosen for the rest of the deal (`next.key` names the deal). A dialog closed
// without pegging (Escape, Close) keeps its cards for when the same count is opened again.
const draftOf = (/** @type {Context} */ next) => `${next.key}|${next.side}|${next.crib ? "crib" : "hand"}`;

/** @param {Count} c @param {Context} next */
function open(c, next) {
  engine.start();
  c.context = next;
  c.chosen = reopened(c.chosen, c.draft, draftOf(next), c.starterKey === next.key);
  c.starterKey = next.key;
  $(c, "[data-count-title]").textContent = `Count ${possessive(next.name)} ${next.crib ? "crib" : "hand"}`;
  input(c, `input[name="count-kind"][value="${next.crib ? "crib" : "hand"}"]`).checked = true;
  error(c, "");
  note(c, "");
  clearResult(c);
  drawChosen(c);
  c.dialog.showModal();
  if (ready(c)) count(c);
}

// The dialog, bound once; its listeners, its engine status line and its late counts end with
// the page (`signal`). Returns `open(context)`.
/**
 * @param {HTMLDialogElement} dialog
 * @param {{size: number, onPeg: (counted: Counted) => void, signal: AbortSignal}} options
 */
export function countDialog(dialog, { size, onPeg, signal }) {
  /** @type {Count} */
  const c = { dialog, size, onPeg, signal, ask: latestReply(signal),
    picker: bindPicker(/** @type {HTMLElement} */ (dialog.querySelector("[data-count-picker]")), signal),
    context: null, chosen: NOTHING_CHOSEN, starterKey: null, total: null, draft: null };
  const stopStatus = showEngineStatus(dialog, (state) => STATUS[state] ?? "", OFFLINE);
  listen(c);
  signal.addEventListener("abort", () => {
    if (dialog.open) dialog.close();
    stopStatus();
  }, { once: true });
  return { open: (/** @type {Context} */ next) => open(c, next) };
}
