// Card faces: the one way a card is drawn in the browser (build-time pages draw the same markup
// with overrides/partials/catalog/cards.html). The glyph and the colour both carry the suit; the
// accessible name starts with the visible text and then says it in words ("5♥, five of hearts").
// A card is {code, label, name, red}: from the engine's `deck` method, or read back from the
// card picker the build rendered (so the scorer can draw a choice before Python has loaded).
import { engine } from "../engine.js";

/** @typedef {{code: string, label: string, name: string, red: boolean}} Card  as the engine's `deck` names it */

export const accessibleName = (/** @type {Card} */ card) => `${card.label}, ${card.name}`;

// `style` "inline": the card as a chip in a line of text; "face": a portrait card, the rank and
// suit in its corner and the suit's pip in the middle (cards.css .card--face, for cards laid out
// as cards: a hand, the count, the show).
/** @param {Card} card @param {string} [style] */
export function cardFace(card, style = "inline") {
  const node = document.createElement("span");
  const suit = card.name.split(" ").pop();
  node.className = `card card--${suit}${card.red ? " card--red" : ""}${style === "face" ? " card--face" : ""}`;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", accessibleName(card));
  node.dataset.card = card.code;
  if (style === "face") node.append(faceParts(card.label));
  else node.append(hidden(card.label));
  return node;
}

/** @param {string} [text] @param {string} [className] */
function hidden(text, className) {
  const span = document.createElement("span");
  span.setAttribute("aria-hidden", "true");
  if (className) span.className = className;
  if (text !== undefined) span.textContent = text;
  return span;
}

// The corner index (rank over suit) and the centre pip; the label is rank then suit glyph.
/** @param {string} label */
function faceParts(label) {
  const glyph = label.slice(-1);
  const parts = document.createDocumentFragment();
  const index = hidden(undefined, "card__index");
  index.append(hidden(label.slice(0, -1), "card__rank"), hidden(glyph, "card__suit"));
  parts.append(index, hidden(glyph, "card__pip"));
  return parts;
}

// Several faces in a row; `cards` maps code -> card (see deck()).
/** @param {Record<string, Card>} cards @param {string[]} codes @param {string} [style] */
export function cardFaces(cards, codes, style = "inline") {
  const group = document.createElement("span");
  group.className = "cards";
  codes.forEach((code) => group.append(cardFace(cards[code], style)));
  return group;
}

// A card the reader can press (a hand to discard from, a card to lay). The caller adds
// aria-pressed or disabled and the click handler.
/** @param {Card} card @param {string} [className] @param {string} [style] */
export function cardButton(card, className = "picker__card", style = "inline") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.dataset.card = card.code;
  button.setAttribute("aria-label", accessibleName(card));
  const group = document.createElement("span");
  group.className = "cards";
  group.append(cardFace(card, style));
  button.append(group);
  return button;
}

/** @type {Record<string, Card> | null} */
let deckCache = null;
// code -> card, from the engine (the one place cards are named).
/** @returns {Promise<Record<string, Card>>} */
export async function deck() {
  if (!deckCache) {
    const reply = await engine.call("deck", {});
    if (!reply.ok) throw new Error(reply.error);
    deckCache = Object.fromEntries(reply.result.cards.map((/** @type {Card} */ card) => [card.code, card]));
  }
  return deckCache;
}

// A card drawn from the picker the build rendered inside `root` (it is there before the engine
// is); a code the picker lacks is drawn as itself.
/** @param {ParentNode} root @param {string} code @param {string} [style] */
export function pickedFace(root, code, style = "inline") {
  return cardFace(cardFromPicker(root, code) || { code, label: code, name: code, red: false }, style);
}

// The card as the build-time picker inside `root` shows it, or null when it is not there.
/** @param {ParentNode} root @param {string} code @returns {Card | null} */
export function cardFromPicker(root, code) {
  const face = root.querySelector(`button[data-card="${CSS.escape(code)}"] .card`);
  if (!face) return null;
  const label = (face.textContent ?? "").trim();
  const spoken = face.getAttribute("aria-label") || "";
  const name = spoken.startsWith(label + ", ") ? spoken.slice(label.length + 2) : spoken;
  return { code, label, name, red: face.classList.contains("card--red") };
}
