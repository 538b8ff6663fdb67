// The rules quiz (questions and rulings are rendered from the catalog at build time): the
// questions in a shuffled order, five at a time. The order, the round and the answers given are
// kept with the current problems, so a reload shows the same questions answered. "More
// questions" brings the next five. Every listener ends with the page's signal.
import { keptRound, nextRound, roundLine, RULES_ROUND, verdictClass, verdictWords } from "./problem.js";

/** @typedef {import("./problem.js").Round} Round @typedef {import("./problem.js").Given} Given */

/** @template T @param {T[]} items @returns {T[]} */
function shuffle(items) {
  const order = crypto.getRandomValues(new Uint32Array(items.length));
  return items.map((item, i) => /** @type {[number, T]} */ ([order[i], item])).sort((a, b) => a[0] - b[0])
    .map(([, item]) => item);
}

/**
 * @typedef {{root: HTMLElement, signal: AbortSignal, loadRound(): unknown, keepRound(round: Round): void,
 *   answered(correct: boolean): void}} RulesPage
 */

const idOf = (/** @type {HTMLElement} */ item) => item.dataset.rulesQuestion ?? "";

// A question's verdict shown: `first` is the choice that counted (the first one), `choice` the one
// shown now; both kept in `answers`. Returns whether `choice` is right.
/** @param {Record<string, Given>} answers */
function revealer(answers) {
  /** @param {HTMLElement} item @param {string} choice @param {string} [first] */
  return (item, choice, first = choice) => {
    const correct = choice === item.dataset.answer;
    const missedFirst = first !== item.dataset.answer;
    const box = /** @type {HTMLElement} */ (item.querySelector(".rules-quiz__feedback"));
    box.hidden = false;
    const verdict = /** @type {HTMLElement} */ (box.querySelector(".rules-quiz__verdict"));
    verdict.textContent = verdictWords(correct, missedFirst);
    ["verdict--right", "verdict--wrong", "verdict--late"].forEach((name) => box.classList.remove(name));
    box.classList.add(verdictClass(correct, missedFirst));
    item.dataset.answered = "true";
    answers[idOf(item)] = { first, last: choice };
    return correct;
  };
}

/** @param {RulesPage} page */
export function bindRulesQuiz(page) {
  const { root, signal } = page;
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  const list = $("[data-rules-list]");
  const more = $("[data-rules-more]");
  const count = $("[data-rules-count]");
  const items = [.../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll("[data-rules-question]"))];
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const kept = keptRound(page.loadRound(), [...byId.keys()]);
  const shuffled = kept ? kept.order.map((id) => /** @type {HTMLElement} */ (byId.get(id))) : shuffle(items);
  shuffled.forEach((item) => list.append(item));
  let start = kept ? kept.start : 0;
  /** @type {Record<string, Given>} */
  const answers = {};
  const keep = () => page.keepRound({ order: shuffled.map(idOf), start, answers });

  function showRound() {
    shuffled.forEach((item, i) => { item.hidden = i < start || i >= start + RULES_ROUND; });
    count.textContent = roundLine(start, shuffled.length);
  }
  const reveal = revealer(answers);

  more.addEventListener("click", () => {
    start = nextRound(start, shuffled.length);
    showRound();
    keep();
    /** @type {HTMLElement} */ (shuffled[start].querySelector("[data-choice]")).focus();
  }, { signal });
  // the kept answers were tallied when given: shown again, not counted again
  if (kept) {
    for (const [id, { first, last }] of Object.entries(kept.answers)) {
      reveal(/** @type {HTMLElement} */ (byId.get(id)), last, first);
    }
  }
  showRound();
  keep();
  list.addEventListener("click", (event) => {
    const button = event.target instanceof Element
      ? /** @type {HTMLElement | null} */ (event.target.closest("[data-choice]")) : null;
    const item = button && /** @type {HTMLElement | null} */ (button.closest("[data-rules-question]"));
    if (!button || !item) return;
    const choice = button.dataset.choice ?? "";
    const first = !item.dataset.answered;
    const counted = first ? choice : answers[idOf(item)].first;
    const correct = reveal(item, choice, counted);
    keep();

    if (first) page.answered(correct);
  }, { signal });
}
