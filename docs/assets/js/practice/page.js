// The practice page's module: three engine-driven quizzes (count the show, count the play,
// choose the discard) and the weak spots (quiz.js), a rules quiz rendered at build time
// (rules.js), and progress kept in localStorage. Problems come from the engine by (kind, level,
// seed); the URL fragment names the problem (#show/expert/123, #play/55, #discard/77), so a link
// reproduces it exactly. The page's state (the progress and its notice) is changed by pure
// functions (progress.js) and drawn by view.js; the page's one `commit` stores, draws and
// announces. Here are the effects: storage, the address, and listeners, all ended by the page's
// signal (mount.js).
import { afterFirstPaint, engine } from "../engine.js";
import { mountPage, showEngineStatus } from "../mount.js";
import { scrollUnderHeader } from "../scroll.js";
import { KEYS, readSaved, writeSaved } from "../storage.js";
import { badLinkMessage, pageFragment } from "../link.js";
import { showNotice } from "../common/notice.js";
import words from "../vocabulary.js";
import { confirmed } from "../common/confirm.js";
import { answerCounted, emptyProgress, isProgress, noticed, practiceState, progressReset } from "./progress.js";
import { namedParts, parseProblem, QUIZZES } from "./problem.js";
import { drawProgress } from "./view.js";
import { makeQuiz, newSeed } from "./quiz.js";
import { bindRulesQuiz } from "./rules.js";

/** @typedef {import("./progress.js").PracticeState} PracticeState @typedef {import("./problem.js").Named} Named */
/** @typedef {import("./quiz.js").Quiz} Quiz */
/**
 * @typedef {import("./quiz.js").Page & {commit: (next: PracticeState, reweigh?: boolean) => void}} Page
 *   what a quiz sees of the page, and the page's one commit
 */

const NAMED = namedParts(words.levels.practice.map((/** @type {{id: string}} */ level) => level.id));
const BAD_LINK = badLinkMessage("a practice problem", "here are fresh ones");
const UNREADABLE = "Your saved progress could not be read (it may come from an older version of this page), "
  + "so it starts again from zero. The old data is kept aside.";

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
    showNotice(box, next.notice);
    if (reweigh) adaptive()?.reweigh();
  }
  return { commit, now: () => state };
}

// --- page wiring ----------------------------------------------------------------------------

const statusText = (/** @type {import("../engine.js").EngineState} */ state) => (state === "ready" ? "Ready."
  : state === "loading" ? "Loading the engine…"
    : state === "idle" ? "" : "Practice could not start in this browser. Everything else on this site still works.");

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  afterFirstPaint(engine.start); // the worker's download and compile must not hold the first paint
  const unsubscribe = showEngineStatus(root, statusText);
  /** @type {Record<string, Quiz>} */
  const quizzes = {};
  const { commit, now } = committer(root, loadState(), () => quizzes.adaptive);
  /** @type {Page} */
  const page = { root, signal, now, commit, keep: saveCurrent,
    // an answer that counts; the weak spots are weighed again unless it was the rules quiz's
    counted: (kind, correct, categories) =>
      commit(answerCounted(now(), kind, correct, categories), kind !== "rules") };
  commit(now());
  for (const kind of QUIZZES) {
    quizzes[kind] = makeQuiz(/** @type {HTMLElement} */ (root.querySelector(`[data-quiz="${kind}"]`)), kind, page);
  }
  bindRulesQuiz({ root, signal, loadRound: () => loadCurrent().rules, keepRound: (round) => saveCurrent("rules", round),
    answered: (correct) => page.counted("rules", correct, {}) });
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

// Resetting loses data: ask first (the question's words are in the page's partial).
/** @param {HTMLElement} root @param {Page} page @param {AbortSignal} signal */
function bindReset(root, page, signal) {
  const dialog = /** @type {HTMLDialogElement} */ (root.querySelector("[data-confirm]"));
  const reset = /** @type {HTMLElement} */ (root.querySelector("[data-reset-progress]"));
  reset.addEventListener("click", async () => {
    if (await confirmed(dialog, {})) page.commit(progressReset(page.now()), true);
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
