// The felt drawn from the state (table/state.js): the seats around it (each with its cards face
// down and its crib), the deck with the cuts or the starter, the count in the middle and the show.
// Each function draws one part from its arguments; none keeps state of its own.
import { cardFace } from "../common/cards.js";
import { el } from "../common/ui.js";
import { plural, possessive } from "../common/words.js";
import { gameSide, heldLabel, inGameOrder, orderLine, pileInitials, pileKeyLine, pileStatus, pendingCount, scoresLine, seatName, shortName, showRow, trackNames, whose,
  YOU, yourTurn } from "./state.js";

/**
 * @typedef {import("./types.js").Felt} Felt @typedef {import("./types.js").View} View
 * @typedef {import("./types.js").Cards} Cards @typedef {import("./types.js").Board} Board
 * @typedef {import("./types.js").TableEvent} TableEvent @typedef {import("./state.js").Seat} Seat
 * @typedef {import("./state.js").Kinds} Kinds @typedef {import("./state.js").ShowRowModel} ShowRowModel
 */

// An element the table's markup always has.
const $ = (/** @type {ParentNode} */ root, /** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));

/** @param {number} count @param {string} label */
function backs(count, label) {
  const box = el("div", undefined, "felt__backs");
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", label);
  for (let i = 0; i < count; i++) box.append(el("span", undefined, "card-back"));
  return box;
}

// A seat's place on the felt: the build writes a standard game's two; a variant's are added,
// and each seat sits where its position says (seat 1 is on top with two players, on your left with more).
/** @param {HTMLElement} felt @param {Seat} seat @returns {HTMLElement} */
function seatBox(felt, seat) {
  let box = /** @type {HTMLElement | null} */ (felt.querySelector(`:scope > [data-seat="${seat.index}"]`));
  if (!box) {
    box = el("div", undefined, "felt__side felt__seat felt__side--computer");
    box.dataset.seat = String(seat.index);
    box.append(el("div", undefined, "felt__hand"), el("div", undefined, "felt__crib"));
    /** @type {HTMLElement} */ (box.lastChild).dataset.cribSlot = String(seat.index);
    felt.append(box);
  }
  box.dataset.position = seat.position;
  return box;
}

// Another seat's line under its cards: the last card it laid this deal and its side's score, as
// a compact seat shows them (its cards face down above).
/** @param {Seat} seat @param {Felt} state @param {Cards | null} cards */
function brief(seat, state, cards) {
  const line = el("span", undefined, "felt__brief");
  const last = state.lastLaid?.[seat.index];
  if (last && cards) {
    const laid = el("span", undefined, "felt__last");
    laid.append(el("span", "Last laid ", "visually-hidden"), cardFace(cards[last]));
    line.append(laid);
  }
  const points = el("span", String(state.scores[seat.index % state.sides] ?? 0), "felt__points");
  const short = el("span", " pts"); // a compact seat's width: the word is read in full
  short.setAttribute("aria-hidden", "true");
  points.append(short, el("span", " points", "visually-hidden"));
  line.append(points);
  return line;
}

// Whose turn it is, on that seat: a word beside the seat's outline (not colour alone).
/** @param {HTMLElement} box @param {Seat} seat @param {number | null} turn */
function turnMark(box, seat, turn) {
  let mark = /** @type {HTMLElement | null} */ (box.querySelector(":scope > .felt__turn"));
  if (!mark) {
    mark = el("span", undefined, "felt__turn");
    mark.setAttribute("aria-hidden", "true"); // said once by the page's turn line (turnLine)
    box.append(mark);
  }
  const here = turn === seat.index;
  mark.textContent = here ? (seat.you ? yourTurn(seat.index) : "Thinking…") : "";
  if (here) box.dataset.turn = "";
  else delete box.dataset.turn;
}

// The seats: `turn` is the seat to move (the one thinking, or you), or null.
/**
 * @param {HTMLElement} root @param {Felt} state @param {Seat[]} seats
 * @param {{cards?: Cards | null, turn?: number | null}} [drawn]
 */
export function drawSeats(root, state, seats, { cards = null, turn = null } = {}) {
  const felt = $(root, ".felt");
  felt.dataset.seats = String(seats.length);
  for (const extra of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(":scope > [data-seat]"))) { // a bigger table's seats, gone
    if (Number(extra.dataset.seat) >= seats.length) extra.remove();
  }
  for (const seat of seats) {
    const box = seatBox(felt, seat);
    box.dataset.side = String(gameSide(seat.index % state.sides, state.sides)); // the seat's colour
    if (!seat.you) {
      const hand = $(box, ".felt__hand");
      const held = state.held[seat.index];
      hand.replaceChildren(el("span", seat.name, "felt__label"), backs(held, heldLabel({ ...seat, held }, seats.length)), brief(seat, state, cards));
      hand.dataset.cards = String(held);
    }
    turnMark(box, seat, turn);
    const slot = $(box, "[data-crib-slot]");
    const here = state.dealer === seat.index && state.cribCards > 0;
    const owner = whose(seat.index, seats.length);
    const title = seat.you ? "Your crib" : seats.length > 2 ? "Crib" : `${possessive(seat.name)} crib`; // in its seat's box: whose is plain
    slot.replaceChildren(...(here ? [el("span", title, "felt__label"),
      backs(state.cribCards, `${owner[0].toUpperCase()}${owner.slice(1)} crib: ${plural(state.cribCards, "card")} face down`)] : []));
    slot.dataset.cards = here ? String(state.cribCards) : "0";
  }
}

// The turn said to a screen reader once, when it changes hands: "Your turn", "Ann's turn", "Left player is thinking…".
/** @param {HTMLElement} root @param {Seat[]} seats @param {number | null} turn */
export function turnLine(root, seats, turn) {
  const line = $(root, "[data-turn-said]");
  const seat = seats.find((s) => s.index === turn);
  const text = !seat ? "" : seat.you ? `${yourTurn(seat.index)}.` : `${seat.name} is thinking…`;
  if (line.textContent !== text) line.textContent = text;
}

/** @param {HTMLElement} box @param {Felt} state @param {Cards} cards */
export function drawDeck(box, state, cards) {
  const parts = [el("span", "Deck", "felt__label"), el("span", undefined, "card-back card-back--deck")];
  /** @type {[string, string][]} */
  const shown = state.starter ? [["Starter", state.starter]]
    : state.cuts.map(({ card, player }) => [`${seatName(player, state.seats)} cut`, card]);
  for (const [label, code] of shown) {
    const spot = el("span", undefined, "felt__starter");
    spot.append(el("span", label, "felt__label"), cardFace(cards[code], "face"));
    parts.push(spot);
  }
  box.replaceChildren(...parts);
  box.dataset.starter = state.starter || "";
}

// Who laid a card: the name, and its initial for a phone's fanned count, where a name is wider
// than the part of the card left showing (the name is still read out there).
/** @param {string} name @param {string} badge  its initials, unique at the table (state.js pileInitials) */
function layBy(name, badge) {
  const by = el("span", undefined, "pile__by");
  const initial = el("span", badge, "pile__initial");
  initial.setAttribute("aria-hidden", "true");
  by.append(el("span", name, "pile__name"), initial);
  return by;
}

// The initials a phone's fanned count shows, spelled out under it (state.js pileKeyLine).
/** @param {number} seats */
function pileKey(seats) {
  const key = el("p", pileKeyLine(seats), "pile__key");
  key.setAttribute("aria-hidden", "true"); // each card's layer is read by name
  return key;
}

/** @param {HTMLElement} box @param {Felt} state @param {Cards} cards @param {number} thirtyOne */
export function drawPile(box, state, cards, thirtyOne) {
  const row = el("ol", undefined, "pile");
  row.setAttribute("aria-label", "Cards in this count, in the order laid");
  const badges = pileInitials(state.seats);
  for (const laid of state.pile) {
    const by = laid.player === YOU ? "you" : "computer";
    const item = el("li", undefined, `pile__card pile__card--p${gameSide(laid.player, state.sides)}`); // the seat's colour
    item.dataset.by = by;
    item.dataset.seat = String(laid.player);
    if (laid.go) item.append(el("span", "Go", "pile__go"));
    else {
      item.dataset.card = laid.card;
      item.append(cardFace(cards[laid.card], "face"));
    }
    item.append(layBy(shortName(laid.player, state.seats), badges[laid.player]));
    row.append(item);
  }
  box.replaceChildren(el("p", pileStatus(state, thirtyOne), "pile__status"), row, pileKey(state.seats));
  box.dataset.count = String(state.count);
  box.dataset.closed = state.pileClosed ? "true" : "false";
}

/** @param {string[]} codes @param {Cards} cards @param {Set<string>} [lit] */
function laidOut(codes, cards, lit = new Set()) {
  const laid = el("div", undefined, "show-row__cards");
  codes.forEach((code, position) => {
    const face = cardFace(cards[code], "face");
    if (position === codes.length - 1) face.classList.add("card--starter");
    if (lit.has(code)) face.classList.add("card--lit");
    laid.append(face);
  });
  return laid;
}

/** @param {ShowRowModel} model @param {Cards} cards */
function showRowNode(model, cards) {
  const row = el("div", undefined, "show-row" + (model.counting ? " show-row--counting" : ""));
  row.dataset.part = model.part;
  row.dataset.player = model.player;
  row.append(el("p", model.title, "show-row__title"), laidOut(model.cards, cards, new Set(model.lit)));
  row.dataset.highlight = model.lit.join(" ");
  row.dataset.highlightKind = model.kind;
  row.append(el("p", model.spoken, "show-row__spoken"));
  if (model.verdict) row.append(el("p", model.verdict, "show-row__verdict"));
  return row;
}

/** @param {{part: string, title: string, cards: string[]}} pending @param {Cards} cards */
function pendingNode(pending, cards) {
  const row = el("div", undefined, "show-row show-row--yours");
  row.dataset.part = pending.part;
  row.append(el("p", pending.title, "show-row__title"), laidOut(pending.cards, cards));
  return row;
}

// Each counted hand laid out with the starter; the combination being counted is lit. Returns
// whether a count is still being said (the Skip button shows while it is).
/** @param {HTMLElement} root @param {Felt} state @param {View | null} view @param {Cards} cards @param {Kinds} kinds */
export function drawShow(root, state, view, cards, kinds) {
  const rows = state.show.map((shown) => showRowNode(showRow(shown, state, kinds), cards));
  const pending = pendingCount(view);
  if (pending) rows.push(pendingNode(pending, cards));
  $(root, "[data-show-rows]").replaceChildren(...rows);
  const felt = $(root, ".felt");
  if (rows.length) felt.dataset.showing = state.showIsPast ? "past" : "now";
  else delete felt.dataset.showing;
}

/** @param {HTMLElement} root @param {Board} board @param {Felt} state */
export function drawScores(root, board, state) {
  const tracks = trackNames({ players: state.seats, sides: state.sides });
  board.place(inGameOrder(state.scores), inGameOrder(state.previous), inGameOrder(tracks)); // the board does not turn
  $(root, "[data-scores]").textContent = scoresLine(state);
  $(root, "[data-order]").textContent = orderLine(state);
  root.dataset.seats = String(state.seats);
  root.dataset.scores = state.scores.join(",");
}

/**
 * @param {HTMLElement} root
 * @param {{felt: Felt, view: View | null, seats: Seat[], cards: Cards, board: Board,
 *   words: {rules: Record<string, number>, kinds: Kinds}, turn?: number | null}} drawn
 */
export function drawFelt(root, { felt, view, seats, cards, board, words, turn = null }) {
  drawSeats(root, felt, seats, { cards, turn });
  turnLine(root, seats, turn);
  drawDeck($(root, "[data-deck]"), felt, cards);
  drawPile($(root, "[data-pile]"), felt, cards, words.rules.THIRTY_ONE);
  drawShow(root, felt, view, cards, words.kinds);
  drawScores(root, board, felt);
}

// The announcement box is a Tab stop only while it has more than it shows (to scroll it by keyboard).
/** @param {HTMLElement} root @param {string} text */
export function say(root, text) {
  const box = $(root, "[data-announce]");
  box.textContent = text;
  box.scrollTop = box.scrollHeight;
  if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
  else box.removeAttribute("tabindex");
}

/** @param {HTMLElement} root @param {TableEvent[]} events */
export function logLines(root, events) {
  const log = $(root, "[data-log]");
  for (const event of events) {
    if (!event.text) continue;
    const item = el("li", event.text);
    item.dataset.type = event.type;
    log.append(item); // oldest first: earlier lines never move when one is added
  }
  log.scrollTop = log.scrollHeight; // the newest line in view (scrolling moves no layout)
}
