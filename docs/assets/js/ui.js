// Small DOM helpers shared by the scorer and practice pages. Text is always set with
// textContent: nothing from a URL or the engine is ever parsed as HTML.
import { cardFaces } from "./cards.js";

export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// What each scoring item is called in a breakdown table.
export const ITEM_LABELS = {
  fifteen: "Fifteen", pair: "Pair", run: "Run", flush: "Flush", nobs: "His nobs",
  "thirty-one": "Thirty-one", "pair royal": "Pair royal", "double pair royal": "Double pair royal",
  go: "Go (last card)",
};

// A breakdown: one focusable row per item, naming the cards it uses (data-cards for highlighting).
export function itemsTable(cards, items) {
  const table = el("table", undefined, "breakdown__items");
  const header = el("tr");
  ["Score", "Cards", "Points"].forEach((text) => header.append(el("th", text)));
  table.append(el("thead"));
  table.tHead.append(header);
  const body = el("tbody");
  items.forEach((item) => {
    const row = el("tr", undefined, "item item--" + item.kind.replace(/ /g, "-"));
    row.tabIndex = 0;
    row.dataset.cards = item.cards.join(" ");
    const cells = el("td");
    cells.append(cardFaces(cards, item.cards));
    row.append(el("td", ITEM_LABELS[item.kind] || item.kind), cells, el("td", String(item.points)));
    body.append(row);
  });
  table.append(body);
  return table;
}
