// The replay viewer drawn from its state (replay/state.js): the error of a bad record, the step
// controls, and the position (the board, both hands face up, the crib, the starter, the count
// and what the move did). Everything from the record goes in as text or as card faces.
import { cardFaces } from "../common/cards.js";
import { countsSection, playsSection, throwSection } from "../table/review.js";
import { el } from "../common/ui.js";
import { errorText, lineStart, movesOpen, positionModel } from "./state.js";

export function drawError(box, state) {
  box.textContent = state.failed || state.prompt || errorText(state.error);
}

// A refused record: its box scrolled to the faulty line (one line above it left for context), the
// caret put at that line's start, where the reader lands to mend it. The focus is not moved.
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
function textTop(input, index, style) {
  const copy = document.createElement("div");
  const same = ["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "wordSpacing", "tabSize", "textTransform"];
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
export function drawControls(root, state) {
  const open = movesOpen(state);
  root.querySelectorAll("[data-replay-move]").forEach((button) => {
    const can = open[button.dataset.replayMove];
    if (can) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  });
  root.querySelector("[data-replay-controls]").hidden = !state.game;
  root.querySelector("[data-replay-placeholder]").hidden = Boolean(state.game);
}

// A seat's cards: those still held, then (marked in words, not by colour) those already laid.
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

function line(label, codes, cards, data) {
  const row = el("div", undefined, "replay__seat");
  row.dataset[data] = "";
  row.append(el("span", label, "replay__seat-name"), codes.length ? cardFaces(cards, codes) : el("span", "none"));
  return row;
}

// The position at the step shown; `board` (board.js) gets the scores.
export function drawPosition(root, state, cards, board) {
  const box = root.querySelector("[data-replay-position]");
  const model = positionModel(state);
  box.hidden = !model;
  if (!model) return;
  root.querySelector("[data-replay-step]").textContent = `${model.label}${model.line ? ` (line ${model.line})` : ""}`;
  root.querySelector("[data-replay-scores]").textContent = model.scoreLine;
  if (board) board.place(model.scores, model.previous);
  root.querySelector("[data-replay-deal]").textContent = model.deal;
  const count = model.pile.length ? `The count: ${model.count}` : "The count";
  root.querySelector("[data-replay-hands]").replaceChildren(...model.seats.map((seat) => seatRow(seat, cards)),
    line("Crib", model.crib, cards, "replayCrib"), line("Starter", model.starter ? [model.starter] : [], cards, "replayStarter"),
    line(count, model.pile, cards, "replayPile"));
  const said = root.querySelector("[data-replay-words]");
  said.replaceChildren(...(model.words.length ? model.words : ["The game is about to begin: the players cut for the deal."])
    .map((text) => el("p", text)));
  root.querySelector("[data-replay-lines]").textContent = model.lines.join("\n");
  drawReview(root.querySelector("[data-replay-review]"), model.review, cards);
}

// The review of the player's decision at this step (the table's own sections), or why there is none.
function drawReview(box, review, cards) {
  box.dataset.replayReview = review.phase || "";
  if (review.note) {
    box.replaceChildren(el("p", review.note, "replay__note"));
    return;
  }
  const where = el("p", review.where, "replay__where");
  if (review.throw) box.replaceChildren(where, throwSection(review.throw, cards));
  else if (review.play) box.replaceChildren(where, playsSection([review.play], cards));
  else box.replaceChildren(where, countsSection([review.count], cards));
}

// "Play these cards again": shown with a record whose seed the table takes.
export function drawAgain(root, href) {
  const box = root.querySelector("[data-replay-again-box]");
  box.hidden = !href;
  if (href) root.querySelector("[data-replay-again]").href = href;
}
