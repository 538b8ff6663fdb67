// The scorer drawn from the engine's answers: a hand's breakdown, the table of every starter,
// and the play step by step. Functions of what they are given; text goes in as text only.
import { cardFaces, cardFromPicker, pickedFace } from "../common/cards.js";
import { el, itemLabel, itemsTable, kindHeading } from "../common/ui.js";
import words from "../vocabulary.js";
import { goClaim, stepPoints } from "./state.js";

/** @typedef {import("./state.js").PlayStep} PlayStep @typedef {import("./state.js").Variant} Variant */
/** @typedef {Record<string, import("../common/cards.js").Card>} Deck */
/**
 * @typedef {{crib: boolean, total: number, items: {kind: string, cards: string[], points: number}[],
 *   by_kind: Record<string, number>, spoken: string}} Breakdown  the engine's `score`
 * @typedef {{mean: number, by_total: {total: number, starters: string[]}[]}} Starters  the engine's `starters`
 */

/** @type {Record<string, string>} */
const PLAYERS = words.players; // "Pone", "Dealer": the engine's words

/** @param {Breakdown} data */
function subtotals(data) {
  const foot = el("tfoot");
  const row = (/** @type {string} */ text, /** @type {number} */ points, /** @type {string} */ className) => {
    const line = el("tr", undefined, className);
    const th = el("th", text);
    th.colSpan = 2;
    line.append(th, el("td", String(points)));
    foot.append(line);
  };
  Object.entries(data.by_kind).filter(([, points]) => points)
    .forEach(([kind, points]) => row(kindHeading(kind), points, "subtotal"));
  row("Total", data.total, "total");
  return foot;
}

// The breakdown: the total, each item with its cards, the subtotals, and the count said aloud.
/** @param {Deck} cards @param {Breakdown} data */
export function breakdown(cards, data) {
  const block = el("div", undefined, "breakdown");
  const head = el("p", undefined, "breakdown__head");
  head.append(el("span", data.crib ? "Crib" : "Hand", "breakdown__tag"),
    el("span", "Total", "breakdown__title"), el("span", String(data.total), "breakdown__total"));
  block.append(head);
  if (data.items.length) {
    const table = itemsTable(cards, data.items);
    table.querySelectorAll("tbody tr").forEach((row, i) => {
      /** @type {HTMLElement} */ (row).dataset.focusKey = "item-" + i;
    });
    table.append(subtotals(data));
    block.append(table);
  } else {
    block.append(el("p", "Nothing scores: the total is 0.", "breakdown__nothing"));
  }
  const spoken = el("p", undefined, "breakdown__spoken");
  spoken.append(el("span", "Said aloud: ", "breakdown__spoken-label"),
    document.createTextNode("“" + data.spoken + "”"));
  block.append(spoken);
  return block;
}

// What each of the other 48 cards would give these four as the starter, best first.
/** @param {Deck} cards @param {Starters} data @param {string} current */
export function startersTable(cards, data, current) {
  const table = el("table", undefined, "starters-table");
  table.append(el("caption", `What each starter would give these four cards (average ${data.mean.toFixed(2)})`));
  const head = el("tr");
  ["Total", "Starters", "How many"].forEach((text) => head.append(el("th", text)));
  table.append(el("thead"));
  table.tHead?.append(head);
  const body = el("tbody");
  data.by_total.forEach((row) => {
    const line = el("tr", undefined, row.starters.includes(current) ? "starters-table__current" : "");
    const faces = el("td");
    faces.append(cardFaces(cards, row.starters));
    if (row.starters.includes(current)) faces.append(el("span", " (your starter)", "starters-table__mark"));
    const total = el("th", String(row.total));
    total.scope = "row";
    line.append(total, faces, el("td", String(row.starters.length)));
    body.append(line);
  });
  table.append(body);
  return table;
}

// A row of totals under its column heads, as a table: one cell per name, marked `data-<key>` with
// its id (a player's name in the engine, a partnership's number) for the play's totals to fill in.
/**
 * @param {string} caption @param {string[]} names @param {(string | number)[]} ids @param {string} key
 * @param {string} className
 */
function totalsTable(caption, names, ids, key, className) {
  const table = el("table", undefined, className);
  table.append(el("caption", caption));
  const head = el("tr");
  names.forEach((name) => { const th = el("th", name); th.scope = "col"; head.append(th); });
  const row = el("tr");
  ids.forEach((id) => { const td = el("td", "0"); td.dataset[key] = String(id); row.append(td); });
  table.append(el("thead"), el("tbody"));
  table.tHead?.append(head);
  table.tBodies[0].append(row);
  return table;
}

// The play's totals for `variant`: each player's points, and with partners each side's together.
// `seats` are the engine's names for the players in order, `teams` the variant's seats per side.
/** @param {Variant} variant @param {string[]} seats @param {string[]} teams */
export function playTotals(variant, seats, teams) {
  const tables = [totalsTable("Points pegged in the play", seats.map((name) => PLAYERS[name]), seats, "playerTotal",
    `play-totals play-totals--${seats.length}`)];
  if (variant.sides < variant.players) {
    tables.push(totalsTable("Partners’ points together", teams, teams.map((_, i) => i), "teamTotal",
      "play-totals play-totals--teams"));
  }
  return tables;
}

// A typed token the engine did not score: the refused one says so in words (not by colour alone),
// the ones after it say they were not scored. The token is shown as a card when the picker has it.
/** @param {ParentNode} root @param {{token: string, refused: boolean}} typed @param {number} i */
export function unscoredStep(root, { token, refused }, i) {
  const item = el("li", undefined, "play-step play-step--unscored" + (refused ? " play-step--refused" : ""));
  const code = token.toUpperCase().replace(/^10/, "T");
  item.append(el("span", "", "play-step__player"));
  item.append(token.toLowerCase() === "go" ? el("span", "Go", "play-step__go")
    : cardFromPicker(root, code) ? pickedFace(root, code) : el("span", token, "play-step__token"));
  item.append(el("span", refused ? "refused" : "not scored", "play-step__verdict"));
  item.dataset.focusKey = "unscored-" + i;
  return item;
}

// One card laid (or a go) in the play: who, what, the count, what it pegs and why.
/** @param {ParentNode} root @param {PlayStep} step @param {number} i */
export function playStep(root, step, i) {
  const closes = step.closes_count ? " play-step--closes" : "";
  const item = el("li", undefined, "play-step play-step--" + step.player + closes);
  item.append(el("span", PLAYERS[step.player], "play-step__player"));
  item.append(step.go ? el("span", "Go", "play-step__go") : pickedFace(root, String(step.card)));

  item.append(el("span", step.go ? "" : "count " + step.count, "play-step__count"));
  item.append(el("span", stepPoints(step, itemLabel, PLAYERS), "play-step__points"));
  if (step.go) item.append(el("span", goClaim(step, PLAYERS), "play-step__claim"));
  if (step.closes_count) item.append(el("span", "the count starts again", "play-step__reset"));
  item.dataset.focusKey = "step-" + i;
  return item;
}
