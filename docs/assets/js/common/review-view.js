// The reviews drawn from their models (common/review-model.js, made from the engine's replies):
// the throw against the best throw, each card laid against the expert's choice, the counts (the
// table's review panel and the replay draw these), the points lost by phase, the game's review and
// the trend (the panel's). Text goes in as text; what a control does is the page's (`on`): these
// functions only draw and report.
import { cardFaces } from "./cards.js";
import { el } from "./ui.js";
import { PHASES, pointsText, reviewWords } from "./review-model.js";

/**
 * @typedef {import("./cards.js").Card} Card @typedef {Record<string, Card>} Cards
 * @typedef {import("./review-model.js").ThrowModel} ThrowModel
 * @typedef {import("./review-model.js").PlayModel} PlayModel
 * @typedef {import("./review-model.js").CountModel} CountModel
 * @typedef {string | Node} Cell
 */

// A table of figures. On a narrow screen (review.css) each row stacks as a card, each cell led by
// its column's heading (data-label), so nothing scrolls sideways; the roles keep it a table to a
// screen reader whatever its display.
/** @param {string} caption @param {string[]} headings @param {Cell[][]} rows */
function tableOf(caption, headings, rows) {
  const table = el("table"); // unclassed: the theme's table style
  table.setAttribute("role", "table");
  if (headings.length > 2) table.dataset.stack = ""; // two columns fit any screen as they are
  table.append(el("caption", caption));
  const head = el("tr");
  head.setAttribute("role", "row");
  headings.forEach((text) => {
    const th = el("th", text);
    th.scope = "col";
    th.setAttribute("role", "columnheader");
    head.append(th);
  });
  table.createTHead().append(head);
  const body = table.createTBody();
  [table.tHead, body].forEach((group) => group?.setAttribute("role", "rowgroup"));
  rows.forEach((cells) => body.append(rowOf(headings, cells)));
  return table;
}

/** @param {string[]} headings @param {Cell[]} cells */
function rowOf(headings, cells) {
  const row = el("tr");
  row.setAttribute("role", "row");
  cells.forEach((cell, index) => {
    const node = el(index === 0 ? "th" : "td");
    if (index === 0) node.scope = "row";
    node.setAttribute("role", index === 0 ? "rowheader" : "cell");
    node.dataset.label = headings[index];
    node.append(cell);
    row.append(node);
  });
  return row;
}

/** @param {string} label @param {string} data @param {() => void} onClick */
const button = (label, data, onClick) => {
  const node = el("button", label, "md-button");
  node.type = "button";
  node.dataset[data] = "";
  node.addEventListener("click", onClick);
  return node;
};

/** @param {ThrowModel} model @param {Cards} cards */
export function throwSection(model, cards) {
  const section = el("section", undefined, "review__throw");
  section.dataset.reviewThrow = "";
  section.append(el("h3", "Your throw"));
  /** @type {[string, import("./review-model.js").ThrowValues | null][]} */
  const throws = [["Your throw", model.chosen], ["The best throw", model.best]];
  const rows = throws.flatMap(([label, t]) => (t
    ? [[label, cardFaces(cards, t.discard), t.hand, t.crib, t.pegging, t.value]] : []));
  section.append(tableOf(`Average points for you, as ${model.dealer ? "dealer" : "pone"}`,
    ["Throw", "Thrown", "Hand", "Crib", "Pegging", "In all"], rows));
  const verdict = el("p", undefined, "review__verdict");
  verdict.dataset.throwLost = model.lost;
  verdict.textContent = model.isBest ? "Your throw was as good as the best one."
    : `It cost ${model.lost} points on average: ${model.cost.map((c) => `${c.text} in the ${c.part}`).join(", ")}.`;
  const link = el("a", "See this deal in the discard analyser", "review__link");
  link.href = `../analyser/#${model.link}`;
  const more = el("p");
  more.append(link);
  section.append(verdict, more);
  return section;
}

// `words`: reviewWords(), as the game was played (against the computer, or among people).
/** @param {PlayModel[]} plays @param {Cards} cards @param {ReturnType<typeof reviewWords>} [words] */
export function playsSection(plays, cards, words = reviewWords()) {
  const section = el("section", undefined, "review__plays");
  section.append(el("h3", "The cards you laid"));
  if (!plays.length) {
    section.append(el("p", "You laid no card this deal."));
    return section;
  }
  const rows = plays.map((p) => [String(p.count), cardFaces(cards, [p.card]), cardFaces(cards, p.best), p.lost,
    p.isBest ? "as good as the best card" : p.reason]);
  const table = tableOf(words.caption,
    ["Count", "You laid", "Expert", "Points lost", "Why"], rows);
  table.dataset.reviewPlays = "";
  section.append(table);
  if (plays.some((p) => p.estimated)) {
    section.append(el("p", words.estimated, "review__note"));
  }
  return section;
}

/** @param {CountModel[]} counts @param {Cards} cards */
export function countsSection(counts, cards) {
  const section = el("section", undefined, "review__counts");
  section.append(el("h3", "Your counts"));
  counts.forEach((count) => {
    const line = el("p", `Your ${count.part}: you said ${count.said}, it holds ${count.holds}. `);
    if (!count.missed.length) line.append(count.overcount ? "You claimed too much." : "Nothing missed.");
    else line.append(`Missed ${count.lost}: `);
    count.missed.forEach((item, index) => {
      line.append(index ? ", " : "", `${item.label} `, cardFaces(cards, item.cards), ` (${item.points})`);
    });
    section.append(line);
  });
  return section;
}

// One deal reviewed: the points lost by phase first, then each decision.
/**
 * @param {HTMLElement} box @param {ReturnType<typeof import("./review-model.js").dealModel>} model
 * @param {Cards} cards @param {ReturnType<typeof reviewWords>} [words]
 */
export function drawDealReview(box, model, cards, words = reviewWords()) {
  const total = tableOf(`Deal ${model.deal}: points lost against the best play`, ["Phase", "Points lost"],
    [...model.lost.map((row) => [row.label, row.lost]), ["In all", model.total]]);
  total.dataset.reviewLost = "";
  /** @type {HTMLElement[]} */
  const parts = [total];
  if (model.throw) parts.push(throwSection(model.throw, cards));
  parts.push(playsSection(model.plays, cards, words));
  if (model.counts.length) parts.push(countsSection(model.counts, cards));
  box.replaceChildren(...parts);
}

// The whole game: points lost per deal by phase, the costliest decisions; `on.deal(n)` opens one.
/**
 * @param {HTMLElement} box @param {ReturnType<typeof import("./review-model.js").gameModel>} model
 * @param {{deal(n: number): void}} on
 */
export function drawGameReview(box, model, on) {
  const rows = model.deals.map((row) => [button(row.label, "reviewDealRow", () => on.deal(row.deal)), ...row.cells,
    row.total]);
  const table = tableOf(`Points lost per deal: ${model.perDeal} on average, ${model.lost} in all`,
    ["Deal", ...PHASES.map(([, label]) => label), "In all"], rows);
  table.dataset.reviewGameTable = "";
  const worst = el("ol", undefined, "review__costliest");
  model.costliest.forEach((item) => {
    const entry = el("li", `${item.where}: ${item.lost} points${item.reason ? ` (${item.reason})` : ""} `);
    entry.append(button(`Review deal ${item.deal + 1}`, "reviewCostly", () => on.deal(item.deal)));
    worst.append(entry);
  });
  const heading = el("h3", model.costliest.length ? "Your costliest decisions" : "No decision cost you a point");
  box.replaceChildren(table, heading, worst);
}

// The points lost per deal, game by game: one bar a game, this game's marked; the sentence and
// the chart's name say the figures in words.
/**
 * @param {HTMLElement} box
 * @param {{games: {n: number, perDeal: number, current: boolean}[], sentence: string, most: number}} model
 * @param {string} [notice]
 */
export function drawTrend(box, model, notice = "") {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const bar = 12, gap = 4, height = 80;
  svg.setAttribute("viewBox", `0 0 ${Math.max(1, model.games.length) * (bar + gap)} ${height + 2}`);
  svg.setAttribute("class", "review__trend");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Points lost per deal, game by game: "
    + model.games.map((g) => `game ${g.n} ${pointsText(g.perDeal)}${g.current ? " (this game)" : ""}`).join(", ")
    + ".");
  model.games.forEach((game, index) => {
    const rect = document.createElementNS(NS, "rect");
    const tall = Math.max(1, (height * game.perDeal) / model.most);
    Object.entries({ x: index * (bar + gap), y: height - tall + 1, width: bar, height: tall,
      class: game.current ? "review__trend-now" : "review__trend-bar" })
      .forEach(([k, v]) => rect.setAttribute(k, String(v)));
    svg.append(rect);
  });
  const section = el("section", undefined, "review__trend-box");
  section.dataset.reviewTrend = String(model.games.length);
  section.append(el("h3", "Points lost per deal, game by game"), el("p", model.sentence));
  if (notice) section.append(el("p", notice, "review__note"));
  section.append(svg);
  box.append(section);
}
