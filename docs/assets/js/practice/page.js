// The practice page's module: three engine-driven quizzes (count the show, count the play,
// choose the discard) and the weak spots, a rules quiz rendered at build time, and progress kept
// in localStorage. Problems come from the engine by (kind, level, seed); the URL fragment names
// the problem (#show/expert/123, #play/55, #discard/77), so a link reproduces it exactly.
// The page's state (the progress and its notice) and each quiz's are changed by pure functions
// (practice/progress.js, practice/problem.js) and drawn by practice/view.js; the page's `commit`
// stores, draws and announces. Here are the effects: engine replies, storage, the address, and
// listeners, all ended by the page's signal (mount.js), so a reply that comes after the reader has
// left is dropped.
import { engine } from "../engine.js";
import { latestReply, mountPage, showEngineStatus } from "../mount.js";
import { deck as cardInfo } from "../cards.js";
import { scrollUnderHeader } from "../scroll.js";
import { KEYS, readSaved, writeSaved } from "../storage.js";
import { badLinkMessage, pageFragment, writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { answerCounted, categoryRecord, emptyProgress, isProgress, noticed, practiceState, progressReset }
  from "./progress.js";
import { answerCategories, answerJudged, CATEGORIES, namedParts, NO_PROBLEM, parseProblem, problemFragment,
  problemShown, QUIZZES, readAnswer, shapeOf } from "./problem.js";
import { answerLabel, drawProblem, drawProgress, drawWeights, errorLine, explain } from "./view.js";
import { bindRulesQuiz } from "./rules.js";

/**
 * @typedef {import("./progress.js").Progress} Progress @typedef {import("./progress.js").PracticeState} PracticeState
 */
/** @typedef {import("./problem.js").QuizState} QuizState @typedef {import("./problem.js").Typed} Typed */
/** @typedef {import("./problem.js").Named} Named @typedef {import("../engine.js").Reply} Reply */
/**
 * @typedef {{root: HTMLElement, signal: AbortSignal, now: () => PracticeState,
 *   commit: (next: PracticeState, reweigh?: boolean) => void}} Page
 * @typedef {{load: (seed: number, levelName?: string) => Promise<void>, section: HTMLElement, next: HTMLElement,
 *   reweigh: () => Promise<void>}} Quiz
 */

const NAMED = namedParts(words.levels.practice.map((/** @type {{id: string}} */ level) => level.id));
const BAD_LINK = badLinkMessage("a practice problem", "here are fresh ones");
const UNREADABLE = "Your saved progress could not be read (it may come from an older version of this page), "
  + "so it starts again from zero. The old data is kept aside.";
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

// --- storage: the progress, and the problem each quiz shows (its link, so a reload keeps it) ---

// The saved progress as the page's first state; unreadable progress starts afresh, with a notice.
/** @returns {PracticeState} */
function loadState() {
  const saved = readSaved(KEYS.practice, isProgress, KEYS.practiceUnreadable);
  if (saved.value) return practiceState(saved.value);
  if (saved.unreadable === undefined) return practiceState(emptyProgress());
  writeSaved(KEYS.practice, emptyProgress());
  return noticed(practiceState(emptyProgress()), UNREADABLE);
}

const isObject = (/** @type {unknown} */ data) => Boolean(data) && typeof data === "object" && !Array.isArray(data);
/** @returns {Record<string, unknown>} */
// else fresh problems
const loadCurrent = () => readSaved(KEYS.practiceCurrent, isObject, KEYS.practiceCurrentUnreadable).value || {};
/** @param {string} kind @param {unknown} value */
const saveCurrent = (kind, value) => writeSaved(KEYS.practiceCurrent, { ...loadCurrent(), [kind]: value });

// The page's one commit: the progress stored and drawn, the notice shown, and the weak spots'
// bars weighed again when an answer changed what they weigh.
/** @param {HTMLElement} root @param {PracticeState} first @param {() => Quiz | undefined} adaptive */
function committer(root, first, adaptive) {
  let state = first;
  const box = /** @type {HTMLElement} */ (root.querySelector("[data-practice-notice]"));
  /** @param {PracticeState} next @param {boolean} [reweigh] */
  function commit(next, reweigh = false) {
    const before = state;
    state = next;
    if (next.progress !== before.progress) writeSaved(KEYS.practice, next.progress);
    drawProgress(root, next.progress);
    if (next.notice) {
      box.textContent = next.notice;
      box.hidden = false;
    }
    if (reweigh) adaptive()?.reweigh();
  }
  return { commit, now: () => state };
}

// --- one engine quiz ----------------------------------------------------------------------------

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

/** @param {HTMLElement} section @param {string} kind @param {Page} page @returns {Quiz} */
function makeQuiz(section, kind, page) {
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
    saveCurrent(kind, fragment());
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
      counted(page, kind, reply.result.correct, answerCategories(kind, answer, reply.result, state.category));
    }
    state = answerJudged(state, reply.result.correct);
    const problem = /** @type {import("./problem.js").Problem} */ (state.problem);
    ui.feedback.replaceChildren(...explain(info, shapeOf(kind, state), problem, reply.result, !state.firstRight));
    if (kind === "discard") {
      const pressed = pressedCards(ui.problemBox, 'button[aria-pressed="true"]');
      pressed.forEach((b) => b.setAttribute("aria-pressed", "false"));
    }
    ui.next.focus();
  }

  listenToQuiz(section, ui, page.signal, { load, check, fragment });
  return { load, section, next: ui.next, reweigh: reweigher(kind, () => state, ui, page) };
}

// An answer that counts: the progress after it, and the weak spots weighed again unless it was
// the rules quiz's (which the weak spots do not weigh).
/** @param {Page} page @param {string} kind @param {boolean} correct @param {Record<string, boolean>} categories */
const counted = (page, kind, correct, categories) =>
  page.commit(answerCounted(page.now(), kind, correct, categories), kind !== "rules");

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

// --- page wiring ----------------------------------------------------------------------------

const statusText = (/** @type {import("../engine.js").EngineState} */ state) => (state === "ready" ? "Ready."
  : state === "loading" ? "Loading the engine…"
    : state === "idle" ? "" : "Practice could not start in this browser. Everything else on this site still works.");

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  engine.start();
  const unsubscribe = showEngineStatus(root, statusText);
  /** @type {Record<string, Quiz>} */
  const quizzes = {};
  const { commit, now } = committer(root, loadState(), () => quizzes.adaptive);
  /** @type {Page} */
  const page = { root, signal, now, commit };
  commit(now());
  for (const kind of QUIZZES) {
    quizzes[kind] = makeQuiz(/** @type {HTMLElement} */ (root.querySelector(`[data-quiz="${kind}"]`)), kind, page);
  }
  bindRulesQuiz({ root, signal, loadRound: () => loadCurrent().rules, keepRound: (round) => saveCurrent("rules", round),
    answered: (correct) => counted(page, "rules", correct, {}) });
  bindReset(root, page, signal);
  showProblems(quizzes, linkedProblem(page), signal);
  // A link followed on the page (or typed into the address bar) shows its problem too.
  window.addEventListener("hashchange", () => showProblems(quizzes, linkedProblem(page), signal, true), { signal });
  bindKeys(root, quizzes, signal);
  return unsubscribe;
}

// A link names one problem; the other quizzes show the problem they showed last (a reload
// loses nothing), or a fresh one. `onlyLinked`: a link followed on the page changes its quiz only.
/**
 * @param {Record<string, Quiz>} quizzes @param {Named | null} linked @param {AbortSignal} signal
 * @param {boolean} [onlyLinked]
 */
function showProblems(quizzes, linked, signal, onlyLinked = false) {
  const current = loadCurrent();
  Object.entries(quizzes).forEach(([name, quiz]) => {
    if (linked && name === linked.kind) {
      quiz.load(linked.seed, linked.level).then(() => signal.aborted || scrollUnderHeader(quiz.section, "instant"));
      return;
    }
    if (onlyLinked) return;
    const kept = current[name];
    const saved = typeof kept === "string" ? parseProblem(kept, NAMED) : null;
    if (saved && saved.kind === name) quiz.load(saved.seed, saved.level);
    else quiz.load(newSeed());
  });
}

// N (outside a text box) or Enter after an answer: the next problem in the quiz in use.
/** @param {HTMLElement} root @param {Record<string, Quiz>} quizzes @param {AbortSignal} signal */
function bindKeys(root, quizzes, signal) {
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const quiz = Object.values(quizzes).find((q) => q.section.contains(target));
    if (!quiz) return;
    const typing = target.matches("input:not([type=checkbox]), select");
    if ((event.key === "n" || event.key === "N") && !typing) {
      event.preventDefault();
      quiz.next.click();
    }
  }, { signal });
}

// Resetting loses data: ask first, on the page (no browser dialog).
/** @param {HTMLElement} root @param {Page} page @param {AbortSignal} signal */
function bindReset(root, page, signal) {
  const $ = (/** @type {ParentNode} */ parent, /** @type {string} */ selector) =>
    /** @type {HTMLElement} */ (parent.querySelector(selector));
  const confirmBox = $(root, "[data-reset-confirm]");
  const reset = $(root, "[data-reset-progress]");
  const done = () => {
    confirmBox.hidden = true;
    reset.focus();
  };
  reset.addEventListener("click", () => {
    confirmBox.hidden = false;
    $(confirmBox, "[data-reset-no]").focus();
  }, { signal });
  $(confirmBox, "[data-reset-no]").addEventListener("click", done, { signal });
  $(confirmBox, "[data-reset-yes]").addEventListener("click", () => {
    page.commit(progressReset(page.now()), true);
    done();
  }, { signal });
}

// The problem the address names, or null; a link that names none is said once, in the notice.
/** @param {Page} page */
function linkedProblem(page) {
  const fragment = pageFragment();
  const named = fragment.kind === "state" ? parseProblem(fragment.text, NAMED) : null;
  if (!named && fragment.kind !== "none") page.commit(noticed(page.now(), BAD_LINK));
  return named;
}

mountPage("[data-practice-page]", setup);
