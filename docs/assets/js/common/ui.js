// Small DOM helpers shared by the scorer and practice pages. Text is always set with
// textContent: nothing from a URL or the engine is ever parsed as HTML.
import { cardFaces } from "./cards.js";
import words from "../vocabulary.js";

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [text]
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The engine's words for each scoring kind (vocabulary.js is generated from cribbage.backend.vocabulary):
// an item in a breakdown ("His nobs"), a category totalled ("Fifteens"), in a sentence ("a pair").
// An unknown kind is shown as it is rather than failing.
/** @param {string} kind @param {"label" | "heading" | "phrase"} form @returns {string} */
const wordsFor = (kind, form) => (words.kinds[kind] ? words.kinds[kind][form] : kind);
export const itemLabel = (/** @type {string} */ kind) => wordsFor(kind, "label");
export const kindHeading = (/** @type {string} */ kind) => wordsFor(kind, "heading");
export const kindPhrase = (/** @type {string} */ kind) => wordsFor(kind, "phrase");

// A breakdown: one focusable row per item, naming the cards it uses (data-cards for highlighting).
/**
 * @param {Record<string, import("./cards.js").Card>} cards
 * @param {{kind: string, cards: string[], points: number}[]} items
 */
export function itemsTable(cards, items) {
  const table = el("table", undefined, "breakdown__items");
  const header = el("tr");
  ["Score", "Cards", "Points"].forEach((text) => header.append(el("th", text)));
  table.append(el("thead"));
  table.tHead?.append(header);
  const body = el("tbody");
  items.forEach((item) => {
    const row = el("tr", undefined, "item item--" + item.kind.replace(/ /g, "-"));
    row.tabIndex = 0;
    row.dataset.cards = item.cards.join(" ");
    const cells = el("td");
    cells.append(cardFaces(cards, item.cards));
    row.append(el("td", itemLabel(item.kind)), cells, el("td", String(item.points)));
    body.append(row);
  });
  table.append(body);
  return table;
}
