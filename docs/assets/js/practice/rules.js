// The rules quiz (questions and rulings are rendered from the catalog at build time): the
// questions in a shuffled order, five at a time. The order, the round and the answers given are
// kept with the current problems, so a reload shows the same questions answered. "More
// questions" brings the next five. Every listener ends with the page's signal.
import { keptRound, nextRound, roundLine, RULES_ROUND, verdictClass, verdictWords } from "./problem.js";

function shuffle(items) {
  const order = crypto.getRandomValues(new Uint32Array(items.length));
  return items.map((item, i) => [order[i], item]).sort((a, b) => a[0] - b[0]).map(([, item]) => item);
}

// `page`: {root, signal, loadRound(), keepRound(round), answered(correct)}.
export function bindRulesQuiz(page) {
  const { root, signal } = page;
  const list = root.querySelector("[data-rules-list]");
  const more = root.querySelector("[data-rules-more]");
  const count = root.querySelector("[data-rules-count]");
  const items = [...list.querySelectorAll("[data-rules-question]")];
  const byId = new Map(items.map((item) => [item.dataset.rulesQuestion, item]));
  const kept = keptRound(page.loadRound(), [...byId.keys()]);
  const shuffled = kept ? kept.order.map((id) => byId.get(id)) : shuffle(items);
  shuffled.forEach((item) => list.append(item));
  let start = kept ? kept.start : 0;
  const answers = {};
  const keep = () => page.keepRound({ order: shuffled.map((item) => item.dataset.rulesQuestion), start, answers });

  function showRound() {
    shuffled.forEach((item, i) => { item.hidden = i < start || i >= start + RULES_ROUND; });
    count.textContent = roundLine(start, shuffled.length);
  }
  // `first` is the choice that counted (the first one), `choice` the one shown now.
  function reveal(item, choice, first = choice) {
    const correct = choice === item.dataset.answer;
    const missedFirst = first !== item.dataset.answer;
    const box = item.querySelector(".rules-quiz__feedback");
    box.hidden = false;
    box.querySelector(".rules-quiz__verdict").textContent = verdictWords(correct, missedFirst);
    ["verdict--right", "verdict--wrong", "verdict--late"].forEach((name) => box.classList.remove(name));
    box.classList.add(verdictClass(correct, missedFirst));
    item.dataset.answered = "true";
    answers[item.dataset.rulesQuestion] = { first, last: choice };
    return correct;
  }

  more.addEventListener("click", () => {
    start = nextRound(start, shuffled.length);
    showRound();
    keep();
    shuffled[start].querySelector("[data-choice]").focus();
  }, { signal });
  if (kept) Object.entries(kept.answers).forEach(([id, { first, last }]) => reveal(byId.get(id), last, first)); // tallied already
  showRound();
  keep();
  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-choice]");
    const item = button && button.closest("[data-rules-question]");
    if (!item) return;
    const first = !item.dataset.answered;
    const counted = first ? button.dataset.choice : answers[item.dataset.rulesQuestion].first;
    const correct = reveal(item, button.dataset.choice, counted);
    keep();
    if (first) page.answered(correct);
  }, { signal });
}
