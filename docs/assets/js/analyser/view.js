// The discard analyser drawn from its state (state.js): the ranked throws, each with its numbers
// and chart. Functions of what they are given; text goes in through textContent only.
import { cardFaces } from "../common/cards.js";
import { el } from "../common/ui.js";
import { bestLine, chartBars, chartLabel, CHART, cribNote, handScale, throwNumbers } from "./state.js";

/** @typedef {import("./state.js").Throw} Throw @typedef {import("./state.js").Analysis} Analysis */
/** @typedef {Record<string, import("../common/cards.js").Card>} Deck */

const SVG = "http://www.w3.org/2000/svg";

/** @param {string} tag @param {Record<string, string | number>} attributes @param {string} [text] */
function svgNode(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, String(v)));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** @param {Throw} throwData @param {[number, number]} scale */
function chart(throwData, scale) {
  const { width, height } = CHART;
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, class: "throw__chart", role: "img",
    "aria-label": chartLabel(throwData.distribution) });
  svg.append(svgNode("line", { x1: 0, x2: width, y1: height - 14, y2: height - 14, class: "throw__axis" }));
  for (const { points, n, labelled, bar, tick, count } of chartBars(throwData.distribution, scale)) {
    svg.append(svgNode("rect", { ...bar, class: "throw__bar" }));
    if (labelled) {
      svg.append(svgNode("text", { ...tick, class: "throw__tick" }, String(points)),
        svgNode("text", { ...count, class: "throw__count" }, String(n)));
    }
  }
  return svg;
}

/** @param {Throw} throwData @param {Throw} best @param {boolean} dealer */
function numbers(throwData, best, dealer) {
  const list = el("dl", undefined, "throw__numbers");
  for (const [term, value, note] of throwNumbers(throwData, best, dealer)) {
    const dd = el("dd", value);
    if (note) dd.append(el("span", note, "throw__note"));
    const row = el("div");
    row.append(el("dt", term), dd);
    list.append(row);
  }
  return list;
}

/**
 * @param {Deck} cards @param {Throw} t @param {number} i @param {Throw} best @param {boolean} dealer
 * @param {[number, number]} scale
 */
function throwItem(cards, t, i, best, dealer, scale) {
  const item = el("li", undefined, "throw" + (i === 0 ? " throw--best" : ""));
  item.dataset.discard = t.discard.join(",");
  const head = el("p", undefined, "throw__head");
  head.append(el("span", String(i + 1), "throw__rank"), el("span", "Keep", "throw__what"), cardFaces(cards, t.keep),
    el("span", "Throw", "throw__what"), cardFaces(cards, t.discard));
  item.append(head, numbers(t, best, dealer), chart(t, scale));
  return item;
}

// The analysis: the best throw in a sentence, whose crib it is, then all fifteen ranked.
/** @param {Element} box @param {Deck} cards @param {Analysis} data */
export function drawResult(box, cards, data) {

  const best = data.throws[0];
  const scale = handScale(data.throws);
  const summary = el("p", undefined, "analyser__summary");
  summary.append("Best: keep ", cardFaces(cards, best.keep), " and throw ", cardFaces(cards, best.discard),
    bestLine(best));
  const list = el("ol", undefined, "throws-list");
  list.setAttribute("aria-label", "The fifteen throws, best first");
  data.throws.forEach((t, i) => list.append(throwItem(cards, t, i, best, data.dealer, scale)));
  box.replaceChildren(summary, el("p", cribNote(data.dealer), "analyser__note"), list);
}
