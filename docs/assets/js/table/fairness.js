// A deal anyone can check, on the page: the commitment (SHA-256 of the seed) shown from the first
// view as a short fingerprint with the whole value a tap away, and at the end the seed with
// "Check this deal", which asks the engine (deal_check) to hash the seed and deal the game again.
import { el } from "../common/ui.js";
import { fingerprint } from "./seats.js";

/**
 * @typedef {{hand: number, dealer: number, hands: string[][], crib: string[], starter: string}} CheckedDeal
 * @typedef {{words: string, matches: boolean, deals: CheckedDeal[]}} CheckAnswer  the engine's deal_check
 */
/** @param {ParentNode} root @param {string} selector */
const $ = (root, selector) => /** @type {HTMLElement} */ (root.querySelector(selector));

/** @param {HTMLElement} root @param {string | null} commitment */
export function drawCommitment(root, commitment) {
  $(root, "[data-fingerprint]").textContent = fingerprint(commitment) || "···· ···· ····";
  $(root, "[data-commitment-hex]").textContent = commitment || "";
}

// The check's panel: shown with the seed once the game is over, emptied for a new game.
/** @param {HTMLElement} root @param {number | null | undefined} seed */
export function drawCheck(root, seed) {
  const panel = $(root, "[data-check]");
  const over = seed !== undefined && seed !== null;
  panel.hidden = !over;
  $(root, "[data-seed]").textContent = over ? String(seed) : "";
  if (!over) {
    $(root, "[data-check-words]").textContent = "";
    $(root, "[data-check-deals]").replaceChildren();
  }
}

// The engine's answer: its sentence, and each deal dealt again from the seed by `name(seat)`.
/**
 * @param {HTMLElement} root @param {CheckAnswer} answer @param {(code: string) => string} cardName
 * @param {(seat: number) => string} name
 */
export function drawCheckAnswer(root, answer, cardName, name) {
  const words = $(root, "[data-check-words]");
  words.textContent = answer.words;
  words.dataset.matches = String(answer.matches);
  $(root, "[data-check-deals]").replaceChildren(...answer.deals.map((deal) => {
    const hands = deal.hands.map((codes, seat) => `${name(seat)}: ${codes.map(cardName).join(", ")}`);
    const crib = deal.crib.length ? `; to the crib from the deck: ${deal.crib.map(cardName).join(", ")}` : "";
    const item = el("li", `Deal ${deal.hand + 1} (dealer: ${name(deal.dealer)}). ${hands.join("; ")}${crib}; starter ${cardName(deal.starter)}.`);
    item.dataset.deal = String(deal.hand);
    return item;
  }));
}
