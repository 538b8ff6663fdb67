// Card faces: the one way a card is drawn in the browser (build-time pages draw the same markup
// with overrides/partials/catalog/cards.html). The glyph and the colour both carry the suit; the
// accessible name starts with the visible text and then says it in words ("5♥, five of hearts").
// A card is {code, label, name, red}: from the engine's `deck` method, or read back from the
// card picker the build rendered (so the scorer can draw a choice before Python has loaded).
import { engine } from "./engine.js";

export const accessibleName = (card) => `${card.label}, ${card.name}`;

export function cardFace(card) {
  const node = document.createElement("span");
  node.className = "card card--" + card.name.split(" ").pop() + (card.red ? " card--red" : "");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", accessibleName(card));
  node.dataset.card = card.code;
  const glyph = document.createElement("span");
  glyph.setAttribute("aria-hidden", "true");
  glyph.textContent = card.label;
  node.append(glyph);
  return node;
}

// Several faces in a row; `cards` maps code -> card (see deck()).
export function cardFaces(cards, codes) {
  const group = document.createElement("span");
  group.className = "cards";
  codes.forEach((code) => group.append(cardFace(cards[code])));
  return group;
}

// A card the reader can press (a hand to discard from, a card to lay). The caller adds
// aria-pressed or disabled and the click handler.
export function cardButton(card, className = "picker__card") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.dataset.card = card.code;
  button.setAttribute("aria-label", accessibleName(card));
  const group = document.createElement("span");
  group.className = "cards";
  group.append(cardFace(card));
  button.append(group);
  return button;
}

let deckCache = null;
// code -> card, from the engine (the one place cards are named).
export async function deck() {
  if (!deckCache) {
    const reply = await engine.call("deck", {});
    if (!reply.ok) throw new Error(reply.error);
    deckCache = Object.fromEntries(reply.result.cards.map((card) => [card.code, card]));
  }
  return deckCache;
}

// The card as the build-time picker inside `root` shows it, or null when it is not there.
export function cardFromPicker(root, code) {
  const face = root.querySelector(`button[data-card="${CSS.escape(code)}"] .card`);
  if (!face) return null;
  const label = face.textContent.trim();
  const spoken = face.getAttribute("aria-label") || "";
  const name = spoken.startsWith(label + ", ") ? spoken.slice(label.length + 2) : spoken;
  return { code, label, name, red: face.classList.contains("card--red") };
}
