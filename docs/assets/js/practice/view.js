// The practice page drawn from its state: the progress and its chart, the weak spots' weights,
// a problem, and the verdict on an answer. Functions of what they are given; text goes in
// through textContent only.
import { cardButton, cardFaces as faces } from "../common/cards.js";
import { el, itemsTable, kindHeading } from "../common/ui.js";
import { answered, CHART, chartBars, percent, progressLines } from "./progress.js";
import { sortCards, throwVerdict, verdictClass, verdictWords } from "./problem.js";

/** @typedef {import("./progress.js").Progress} Progress @typedef {import("./progress.js").Session} Session */
/** @typedef {import("./problem.js").Problem} Problem @typedef {import("./problem.js").Verdict} Verdict */
/** @typedef {Record<string, import("../common/cards.js").Card>} Deck */

const SVG = "http://www.w3.org/2000/svg";

/**
 * @param {Element} parent @param {string} tag @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svgNode(parent, tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, String(v)));
  if (text !== undefined) node.textContent = text;
  parent.append(node);
  return node;
}

/** @param {HTMLElement} root @param {Progress} progress */
export function drawProgress(root, progress) {
  const box = /** @type {HTMLElement} */ (root.querySelector("[data-progress]"));
  const any = answered(progress);
  box.hidden = !any;
  /** @type {HTMLElement} */ (root.querySelector("[data-progress-empty]")).hidden = any;
  if (!any) {
    box.replaceChildren();
    return;
  }
  const lines = el("ul", undefined, "progress__lines");
  progressLines(progress, kindHeading).forEach((line) => lines.append(el("li", line)));
  box.replaceChildren(lines, chart(progress.sessions));
}

// Accuracy per day of practice: bars on a 0-100% axis, the day under each bar and the
// percentage over it; the same figures are the chart's text alternative.
/** @param {Session[]} sessions */
function chart(sessions) {
  const { left, top, width, height } = CHART;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${left + width + 6} ${top + height + 28}`);
  svg.setAttribute("class", "progress__chart");
  svg.setAttribute("role", "img");
  const figures = sessions.map((s) => `${s.day} ${percent(s)}% (${s.right} of ${s.total})`).join(", ");
  svg.setAttribute("aria-label", "Share of answers right, by day: " + figures);
  [0, 50, 100].forEach((value) => {
    const y = top + height - (height * value) / 100;
    svgNode(svg, "line",
      { x1: left, x2: left + width, y1: y, y2: y, class: value ? "progress__grid" : "progress__axis" });
    svgNode(svg, "text", { x: left - 4, y: y + 3, class: "progress__label progress__label--y" }, `${value}%`);
  });
  svgNode(svg, "line", { x1: left, x2: left, y1: top, y2: top + height, class: "progress__axis" });
  chartBars(sessions).forEach((bar) => {
    svgNode(svg, "rect", { x: bar.x, y: bar.y, width: bar.width, height: bar.height, class: "progress__bar" });
    svgNode(svg, "text", { x: bar.centre, y: bar.y - 3, class: "progress__label" }, bar.percent);
    svgNode(svg, "text", { x: bar.centre, y: top + height + 12, class: "progress__label" }, bar.day);
  });
  svgNode(svg, "text", { x: left + width / 2, y: top + height + 26, class: "progress__label" }, "Day (month-day)");
  return svg;
}

/** @param {Element} box @param {Record<string, number>} weights @param {string} chosen */
export function drawWeights(box, weights, chosen) {
  const list = el("ul", undefined, "weights");
  Object.entries(weights).sort((a, b) => b[1] - a[1]).forEach(([category, weight]) => {
    const item = el("li", undefined, "weights__item" + (category === chosen ? " weights__item--chosen" : ""));
    item.dataset.category = category;
    const share = Math.round(weight * 100);
    const bar = el("span", undefined, "weights__bar");
    bar.style.width = `${Math.max(2, share)}%`;
    const track = el("span", undefined, "weights__track");
    track.append(bar);
    item.append(el("span", kindHeading(category), "weights__name"), track, el("span", `${share}%`, "weights__value"));
    list.append(item);
  });
  box.replaceChildren(list,
    el("p", `This problem practises: ${kindHeading(chosen).toLowerCase()}.`, "weights__chosen"));
}

/** @param {boolean} correct @param {string} verdict @param {string[]} notes @param {boolean} [missedFirst] */
export function feedbackBlock(correct, verdict, notes, missedFirst = false) {
  const block = el("div", undefined, `verdict ${verdictClass(correct, missedFirst)}`);
  block.append(el("p", `${verdictWords(correct, missedFirst)} ${verdict}`, "verdict__line"));
  if (notes.length) {
    const list = el("ul", undefined, "verdict__notes");
    notes.forEach((note) => list.append(el("li", note)));
    block.append(list);
  }
  return block;
}

export const errorLine = (/** @type {string} */ text) => el("p", text, "scorer__error");

/** @param {Deck} info @param {Problem} problem @returns {Node[]} */
function showProblem(info, problem) {
  const line = el("p", undefined, "quiz__cards");
  line.append(el("span", problem.crib ? "Crib" : "Hand", "breakdown__tag"), " ", faces(info, problem.hand, "face"),
    el("span", "starter", "breakdown__starter-label"), faces(info, [problem.starter], "face"));
  return [line];
}

/** @param {Deck} info @param {Problem} problem @returns {Node[]} */
function playProblem(info, problem) {
  const list = el("ol", undefined, "play-sequence");
  list.setAttribute("aria-label", "Cards laid in this count");
  problem.previous.forEach((code) => {
    const item = el("li");
    item.append(faces(info, [code]));
    list.append(item);
  });
  const nextLine = el("p", undefined, "quiz__next-card");
  nextLine.append(`The count is ${problem.count}. The next card laid is `, faces(info, [problem.card]), ".");
  const parts = [list, nextLine];
  if (problem.last_card) parts.push(el("p", "Neither player can lay another card after it.", "quiz__hint"));
  return parts;
}

/** @param {Deck} info @param {Problem} problem @returns {Node[]} */
function discardProblem(info, problem) {
  const group = el("div", undefined, "quiz__six");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "Your six cards");
  problem.cards.forEach((code) => {
    const button = cardButton(info[code], "picker__card", "face");
    button.setAttribute("aria-pressed", "false");
    group.append(button); // pressed and released by the page's one listener on the problem box
  });
  const whose = problem.dealer ? "You deal: the crib is yours." : "Your opponent deals: the crib is theirs.";
  return [el("p", whose, "quiz__hint"), group];
}

/** @type {Record<string, (info: Deck, problem: Problem) => Node[]>} */
const PROBLEMS = { show: showProblem, play: playProblem, discard: discardProblem };
/** @param {Element} box @param {Deck} info @param {string} shape @param {Problem} problem */
export const drawProblem = (box, info, shape, problem) => box.replaceChildren(...PROBLEMS[shape](info, problem));

export const answerLabel = (/** @type {Problem} */ problem) =>
  (problem.kind === "show" ? `Points in this ${problem.crib ? "crib" : "hand"}` : "Points for the next card");

/** @param {Deck} info @param {Verdict} result @param {boolean} dealer */
function throwsTable(info, result, dealer) {
  const mine = result.throws[result.rank - 1];
  const table = el("table", undefined, "throws");
  table.append(el("caption", "All fifteen throws, best first (hand over the 46 starters, "
    + "crib over every throw your opponent could make)"));
  const head = el("tr");
  ["#", "Keep", "Throw", "Hand", dealer ? "Crib" : "Their crib", "Value", "Lost"].forEach((text) => {
    const th = el("th", text);
    th.scope = "col";
    head.append(th);
  });
  table.append(el("thead"));
  table.tHead?.append(head);
  const body = el("tbody");
  const best = result.throws[0].value;
  result.throws.forEach((t, i) => {
    const row = el("tr", undefined, t === mine ? "throws__mine" : "");
    const keep = el("td");
    keep.append(faces(info, sortCards(t.keep)));
    const thrown = el("td");
    thrown.append(faces(info, sortCards(t.discard)));
    if (t === mine) thrown.append(el("span", " (yours)", "throws__yours"));
    row.append(el("td", String(i + 1)), keep, thrown, el("td", t.hand_value.toFixed(2)),
      el("td", (dealer ? "+" : "−") + t.crib_value.toFixed(2)), el("td", t.value.toFixed(2)),
      el("td", (best - t.value).toFixed(2)));
    body.append(row);
  });
  table.append(body);
  const wrap = el("div", undefined, "throws__wrap");
  wrap.tabIndex = 0; // it may scroll sideways on a phone: reachable by keyboard
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", "All fifteen throws");
  wrap.append(table);
  return wrap;
}

/** @param {Problem} problem */
function analyserLink(problem) {
  const line = el("p", undefined, "try-it");
  const link = el("a", "Try this deal in the discard analyser");
  const deal = `../analyser/#deal=${problem.cards.join(",")}&dealer=${problem.dealer ? 1 : 0}`;
  link.href = new URL(deal, location.href).href;
  line.append(link);
  return line;
}

const youSaid = (/** @type {Verdict} */ result) => (result.correct ? "." : `; you said ${result.answer}.`);

// The verdict on an answer, with the engine's working: the breakdown, or the fifteen throws.
/**
 * @param {Deck} info @param {string} shape @param {Problem} problem @param {Verdict} result
 * @param {boolean} missedFirst
 */
export function explain(info, shape, problem, result, missedFirst) {

  if (shape === "show") {
    const verdict = `The count is ${result.breakdown.total}${youSaid(result)}`;
    const parts = [feedbackBlock(result.correct, verdict, result.notes, missedFirst)];
    if (result.breakdown.items.length) parts.push(itemsTable(info, result.breakdown.items));
    parts.push(el("p", "Said aloud: “" + result.breakdown.spoken + "”", "breakdown__spoken"));
    return parts;
  }
  if (shape === "play") {
    return [feedbackBlock(result.correct, `The card scores ${result.points}${youSaid(result)}`, result.notes,
      missedFirst),
      ...(result.items.length ? [itemsTable(info, result.items)] : [])];
  }
  const rule = `Throws within ${result.tolerance.toFixed(2)} points a deal of the best count as right: `
    + "below that, which is better depends on how your opponent really throws.";
  return [feedbackBlock(result.correct, throwVerdict(result), [result.explanation, rule], missedFirst),
    throwsTable(info, result, problem.dealer), analyserLink(problem)];
}
