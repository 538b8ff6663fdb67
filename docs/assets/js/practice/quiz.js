// One engine quiz of the practice page (count the show, count the play, choose the discard, the
// weak spots): its problem as a typed state changed by pure functions (problem.js), drawn by
// view.js. The engine calls go through latestReply, and what an answer counts for and where the
// problem is kept are the page's (page.js: `page.counted`, `page.keep`). Every listener ends with
// the page's signal.
import { latestReply } from "../mount.js";
import { deck as cardInfo } from "../common/cards.js";
import { writeFragment } from "../link.js";
import { categoryRecord } from "./progress.js";
import { answerCategories, answerJudged, CATEGORIES, NO_PROBLEM, problemFragment, problemShown, readAnswer, shapeOf }
  from "./problem.js";
import { answerLabel, drawProblem, drawWeights, errorLine, explain } from "./view.js";

/** @typedef {import("./progress.js").Progress} Progress */
/** @typedef {import("./progress.js").PracticeState} PracticeState */
/** @typedef {import("./problem.js").QuizState} QuizState @typedef {import("./problem.js").Typed} Typed */
/**
 * @typedef {{root: HTMLElement, signal: AbortSignal, now: () => PracticeState,
 *   counted: (kind: string, correct: boolean, categories: Record<string, boolean>) => void,
 *   keep: (kind: string, fragment: string) => void}} Page
 *   the page's state, an answer that counts (committed there), and the problem each quiz shows kept
 * @typedef {{load: (seed: number, levelName?: string) => Promise<void>, section: HTMLElement, next: HTMLElement,
 *   reweigh: () => Promise<void>}} Quiz
 */

export const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/** @param {HTMLElement} section */
function quizParts(section) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (section.querySelector(selector));
  return { problemBox: $("[data-problem]"), feedback: $("[data-feedback]"), form: $("[data-answer-form]"),
    next: $("[data-next]"), permalink: /** @type {HTMLAnchorElement} */ ($("[data-permalink]")),
    level: /** @type {HTMLSelectElement | null} */ ($("[data-show-level]")),
    detailed: /** @type {HTMLInputElement | null} */ ($("[data-show-detailed]")), weightsBox: $("[data-weights]") };
}
/** @typedef {ReturnType<typeof quizParts>} QuizParts */

/** @param {Element} box @param {string} selector */
const pressedCards = (box, selector) => /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll(selector));

// What the reader typed or picked, for readAnswer.
/** @param {string} kind @param {QuizParts} ui @returns {Typed} */
function typedAnswer(kind, ui) {
  if (kind === "discard") {
    return { chosen: [...pressedCards(ui.problemBox, 'button[aria-pressed="true"]')].map((b) => b.dataset.card ?? "") };
  }
  if (kind === "show" && ui.detailed?.checked) {
    const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (ui.form.querySelectorAll("[data-kind]"));
    const label = (/** @type {HTMLInputElement} */ input) => (input.parentElement?.textContent ?? "").trim();
    return { byKind: [...inputs].map((input) => [input.dataset.kind ?? "", input.value, label(input)]) };
  }
  return { total: /** @type {HTMLInputElement} */ (ui.form.querySelector("[data-total]")).value };
}

// The engine's question for a problem: the quiz, its seed, and the show's level or the weak
// spots' record (and the category a link names).
/**
 * @param {string} kind @param {number} seed @param {string | undefined} levelName @param {QuizParts} ui
 * @param {Progress} progress
 */
function problemParams(kind, seed, levelName, ui, progress) {
  if (kind !== "adaptive") return { kind, seed, level: ui.level ? ui.level.value : undefined };
  const category = levelName && CATEGORIES.includes(levelName) ? { category: levelName } : {};
  return { kind, seed, record: categoryRecord(progress, CATEGORIES), ...category };
}

// A new problem on screen: the last verdict and answers cleared.
/** @param {QuizParts} ui @param {string} kind @param {import("./view.js").Deck} info @param {QuizState} state */
function showProblem(ui, kind, info, state) {
  const problem = /** @type {import("./problem.js").Problem} */ (state.problem);
  ui.feedback.replaceChildren();
  ui.form.querySelectorAll("input").forEach((input) => { input.value = ""; });
  const label = ui.form.querySelector("label[for=adaptive-total]");
  if (kind === "adaptive" && label) label.textContent = answerLabel(problem);
  drawProblem(ui.problemBox, info, shapeOf(kind, state), problem);
}

// The verdict on an answer, with the engine's working; the discard's cards put back, and the
// focus on Next.
/**
 * @param {QuizParts} ui @param {string} kind @param {import("./view.js").Deck} info @param {QuizState} state
 * @param {import("./problem.js").Verdict} result
 */
function drawVerdict(ui, kind, info, state, result) {
  const problem = /** @type {import("./problem.js").Problem} */ (state.problem);
  ui.feedback.replaceChildren(...explain(info, shapeOf(kind, state), problem, result, !state.firstRight));
  if (kind === "discard") {
    pressedCards(ui.problemBox, 'button[aria-pressed="true"]').forEach((b) => b.setAttribute("aria-pressed", "false"));
  }
  ui.next.focus();
}

/** @param {HTMLElement} section @param {string} kind @param {Page} page @returns {Quiz} */
export function makeQuiz(section, kind, page) {

  const ui = quizParts(section);
  let state = NO_PROBLEM;
  const askProblem = latestReply(page.signal);
  const askAnswer = latestReply(page.signal);
  const fragment = () => problemFragment(kind, { level: ui.level && ui.level.value, category: state.category,
    seed: state.seed });
  const fail = (/** @type {string} */ error) => ui.feedback.replaceChildren(errorLine(error));

  /** @param {number} seed @param {string} [levelName] */
  async function load(seed, levelName) {
    if (levelName && ui.level) ui.level.value = levelName;
    const reply = await askProblem("quiz", problemParams(kind, seed, levelName, ui, page.now().progress));
    if (!reply) return;
    if (!reply.ok) return void fail(reply.error);
    const info = await cardInfo();
    if (page.signal.aborted) return;
    state = problemShown(state, kind, seed, reply.result);
    if (kind === "adaptive") {
      drawWeights(ui.weightsBox, reply.result.weights, String(state.category));
      section.dataset.category = String(state.category);
    }
    showProblem(ui, kind, info, state);
    ui.permalink.href = "#" + fragment();
    performance.mark("cribbage:problem"); // for bench/bench_browser.py
    section.dataset.seed = String(seed);
    page.keep(kind, fragment());
  }

  /** @param {Event} event */
  async function check(event) {
    event.preventDefault();
    if (!state.problem) return;
    const answer = readAnswer(shapeOf(kind, state), typedAnswer(kind, ui));
    if (answer.error) return void ui.feedback.replaceChildren(errorLine(answer.error));
    const seed = state.seed;
    const reply = await askAnswer("answer", { kind, seed, level: ui.level ? ui.level.value : undefined,
      ...(kind === "adaptive" ? { category: state.category } : {}), ...answer });
    if (!reply || state.seed !== seed) return; // the reader has left, or moved on to another problem
    if (!reply.ok) return void fail(reply.error);
    const info = await cardInfo();
    if (page.signal.aborted) return;
    if (!state.answered) {
      page.counted(kind, reply.result.correct, answerCategories(kind, answer, reply.result, state.category));
    }
    state = answerJudged(state, reply.result.correct);
    drawVerdict(ui, kind, info, state, reply.result);
  }

  listenToQuiz(section, ui, page.signal, { load, check, fragment });
  return { load, section, next: ui.next, reweigh: reweigher(kind, () => state, ui, page) };
}

// The weak-spot bars follow every answer that counts towards them (the play quiz's too), not
// only the next problem drawn here. The problem depends only on (category, seed): it stays.
/** @param {string} kind @param {() => QuizState} now @param {QuizParts} ui @param {Page} page */
function reweigher(kind, now, ui, page) {
  const ask = latestReply(page.signal);
  return async () => {
    const { seed, category } = now();
    if (kind !== "adaptive" || seed === null) return;
    const reply = await ask("quiz", { kind, seed, record: categoryRecord(page.now().progress, CATEGORIES), category });
    if (reply && reply.ok) drawWeights(ui.weightsBox, reply.result.weights, String(category));
  };
}

/**
 * @param {HTMLElement} section @param {QuizParts} ui @param {AbortSignal} signal
 * @param {{load: Quiz["load"], check: (event: Event) => Promise<void>, fragment: () => string}} quiz
 */
function listenToQuiz(section, ui, signal, quiz) {
  ui.form.addEventListener("submit", quiz.check, { signal });
  ui.next.addEventListener("click", () => {
    quiz.load(newSeed()).then(() => signal.aborted || writeFragment(quiz.fragment()));
    /** @type {HTMLElement | null} */ (section.querySelector("input:not([type=checkbox])"))?.focus();
  }, { signal });
  const { level, detailed } = ui;
  if (level) level.addEventListener("change", () => ui.next.click(), { signal });
  if (detailed) detailed.addEventListener("change", () => {
    /** @type {HTMLElement} */ (section.querySelector("[data-total-entry]")).hidden = detailed.checked;
    /** @type {HTMLElement} */ (section.querySelector("[data-detailed-entry]")).hidden = !detailed.checked;
  }, { signal });
  ui.permalink.addEventListener("click", (event) => {
    event.preventDefault();
    writeFragment(quiz.fragment());
  }, { signal });
  // the discard's six cards: each press picks a card or puts it back
  ui.problemBox.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest(".quiz__six button[aria-pressed]") : null;
    if (button) button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") !== "true" ? "true" : "false");
  }, { signal });
}
