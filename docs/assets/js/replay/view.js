// The replay viewer drawn from its state (replay/state.js): the error of a bad record, the step
// controls, and the position (the board, both hands face up, the crib, the starter, the count
// and what the move did). Everything from the record goes in as text or as card faces.
import { cardFaces } from "../common/cards.js";
import { countsSection, playsSection, throwSection } from "../common/review-view.js";
import { el } from "../common/ui.js";
import { lineStart, messageText, movesOpen, positionModel } from "./state.js";

/**
 * @typedef {import("./state.js").ReplayState} ReplayState @typedef {import("./state.js").SeatModel} SeatModel
 * @typedef {import("./state.js").ReviewModel} ReviewModel @typedef {Record<string, import("../common/cards.js").Card>} Cards
 * @typedef {import("../common/board-drawing.js").Board} Board
 * @typedef {ReturnType<typeof import("../common/review-model.js").reviewWords>} ReviewWords
 */

/** @param {HTMLElement} box @param {ReplayState} state */
export function drawError(box, state) {
  box.textContent = messageText(state);
}

// A refused record: its box scrolled to the faulty line (one line above it left for context), the
// caret put at that line's start, where the reader lands to mend it. The focus is not moved.
/** @param {HTMLTextAreaElement} input @param {ReplayState} state */
export function showFaultyLine(input, state) {
  if (!state.error) return;
  const start = lineStart(input.value, state.error.line);
  input.setSelectionRange(start, start);
  const style = getComputedStyle(input);
  const { top, height } = textTop(input, start, style);
  input.scrollTop = Math.max(0, parseFloat(style.paddingTop) + top - height); // the padding scrolls too
}

// How far down the box's text the character at `index` sits, wrapped lines included, and a line's
// height: measured on an unseen copy of the box's text up to it, at the same width and type.
/** @param {HTMLTextAreaElement} input @param {number} index @param {CSSStyleDeclaration} style */
function textTop(input, index, style) {
  const copy = document.createElement("div");
  /** @type {("fontFamily" | "fontSize" | "fontWeight" | "lineHeight" | "letterSpacing" | "wordSpacing" | "tabSize"
   *   | "textTransform")[]} */
  const same = ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "wordSpacing", "tabSize",
    "textTransform"];
  for (const name of same) copy.style[name] = style[name];
  Object.assign(copy.style, { position: "absolute", visibility: "hidden", top: "0", left: "0", padding: "0",
    width: `${input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)}px`,
    whiteSpace: "pre-wrap", overflowWrap: "break-word" });
  copy.textContent = input.value.slice(0, index);
  const mark = document.createElement("span");
  mark.textContent = "\u200b";
  mark.style.display = "inline-block"; // as tall as a line, not as the letters
  copy.append(mark);
  document.body.append(copy);
  const found = { top: mark.offsetTop, height: mark.offsetHeight };
  copy.remove();
  return found;
}

// The controls stay focusable at the ends (aria-disabled), so focus is never dropped.
/** @param {HTMLElement} root @param {ReplayState} state */
export function drawControls(root, state) {
  /** @type {Record<string, boolean>} */
  const open = movesOpen(state);
  root.querySelectorAll("[data-replay-move]").forEach((button) => {
    const can = open[/** @type {HTMLElement} */ (button).dataset.replayMove ?? ""];
    if (can) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  });
  part(root, "[data-replay-controls]").hidden = !state.game;
  part(root, "[data-replay-placeholder]").hidden = Boolean(state.game);
}

// A part of the page the markup always has (overrides/partials/widgets/replay.html).
/** @param {ParentNode} root @param {string} selector */
const part = (root, selector) => /** @type {HTMLElement} */ (root.querySelector(selector));

// A seat's cards: those still held, then (marked in words, not by colour) those already laid.
/** @param {SeatModel} seat @param {Cards} cards */
function seatRow(seat, cards) {
  const row = el("div", undefined, "replay__seat");
  row.dataset.replaySeat = seat.name;
  row.append(el("span", seat.name, "replay__seat-name"));
  const held = seat.cards.filter((card) => !card.laid).map((card) => card.code);
  const laid = seat.cards.filter((card) => card.laid).map((card) => card.code);
  if (!seat.cards.length) row.append(el("span", "no cards"));
  if (held.length) row.append(cardFaces(cards, held));
  if (laid.length) {
    const group = cardFaces(cards, laid);
    group.classList.add("replay__laid");
    group.dataset.replayLaid = "";
    row.append(el("span", "laid:", "replay__laid-label"), group);
  }
  return row;
}

/** @param {string} label @param {string[]} codes @param {Cards} cards @param {string} data */
function line(label, codes, cards, data) {
  const row = el("div", undefined, "replay__seat");
  row.dataset[data] = "";
  row.append(el("span", label, "replay__seat-name"), codes.length ? cardFaces(cards, codes) : el("span", "none"));
  return row;
}

// Each side's score and points to go on a line of its own ("You 7 (114 to go)"), so the line
// count never changes as the scores grow; the dots between them are for the text alone.
/** @param {HTMLElement} box @param {string[]} standing */
function drawStanding(box, standing) {
  box.replaceChildren(...standing.flatMap((text, i) => {
    const side = el("span", text, "replay__standing");
    if (!i) return [side];
    const dot = el("span", " · ", "replay__standing-dot");
    dot.setAttribute("aria-hidden", "true");
    return [dot, side];
  }));
}

// The position at the step shown; `board` (board.js) gets the scores.
/** @param {HTMLElement} root @param {ReplayState} state @param {Cards} cards @param {Board | null} board */
export function drawPosition(root, state, cards, board) {
  const box = part(root, "[data-replay-position]");
  const model = positionModel(state);
  box.hidden = !model;
  if (!model) return;
  part(root, "[data-replay-step]").textContent = `${model.label}${model.line ? ` (line ${model.line})` : ""}`;
  drawStanding(part(root, "[data-replay-scores]"), model.standing);
  if (board) board.place(model.scores, model.previous);
  part(root, "[data-replay-deal]").textContent = model.deal;
  const count = model.pile.length ? `The count: ${model.count}` : "The count";
  part(root, "[data-replay-hands]").replaceChildren(...model.seats.map((seat) => seatRow(seat, cards)),
    line("Crib", model.crib, cards, "replayCrib"),
    line("Starter", model.starter ? [model.starter] : [], cards, "replayStarter"),
    line(count, model.pile, cards, "replayPile"));
  const said = model.words.length ? model.words : ["The game is about to begin: the players cut for the deal."];
  part(root, "[data-replay-words]").replaceChildren(...said.map((text) => el("p", text)));
  part(root, "[data-replay-lines]").textContent = model.lines.join("\n");
  drawReview(part(root, "[data-replay-review]"), model.review, cards, model.others);
}

// The review of the player's decision at this step (the table's own sections), or why there is none.
/** @param {HTMLElement} box @param {ReviewModel} review @param {Cards} cards @param {ReviewWords} words */
function drawReview(box, review, cards, words) {
  box.dataset.replayReview = review.phase || "";
  if ("note" in review) {
    box.replaceChildren(el("p", review.note, "replay__note"));
    return;
  }
  const where = el("p", review.where, "replay__where");
  if (review.throw) box.replaceChildren(where, throwSection(review.throw, cards));
  else if (review.play) box.replaceChildren(where, playsSection([review.play], cards, words));
  else box.replaceChildren(where, countsSection([review.count], cards));
}

// "Play these cards again": shown with a record whose seed the table takes; `why` says that the
// other players (the computer, or the people) may not play as before.
/** @param {HTMLElement} root @param {string} href @param {string} why */
export function drawAgain(root, href, why) {
  part(root, "[data-replay-again-box]").hidden = !href;
  if (!href) return;
  /** @type {HTMLAnchorElement} */ (part(root, "[data-replay-again]")).href = href;
  part(root, "[data-replay-again-why]").textContent = why;
}
