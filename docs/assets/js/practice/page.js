// The practice page's module: three engine-driven quizzes (count the show, count the play,
// choose the discard) and the weak spots, a rules quiz rendered at build time, and progress kept
// in localStorage. Problems come from the engine by (kind, level, seed); the URL fragment names
// the problem (#show/expert/123, #play/55, #discard/77), so a link reproduces it exactly.
// The state is in practice/progress.js and practice/problem.js, the drawing in practice/view.js;
// here are the effects: engine replies, storage, the address, and listeners, all ended by the
// page's signal (mount.js), so a reply that comes after the reader has left is dropped.
import { engine } from "../engine.js";
import { latestReply, mountPage, showEngineStatus } from "../mount.js";
import { deck as cardInfo } from "../cards.js";
import { scrollUnderHeader } from "../scroll.js";
import { KEYS, readSaved, writeSaved } from "../storage.js";
import { badLinkMessage, pageFragment, writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { categoryRecord, emptyProgress, isProgress, record } from "./progress.js";
import { answerCategories, CATEGORIES, namedParts, parseProblem, problemFragment, QUIZZES, readAnswer } from "./problem.js";
import { answerLabel, drawProblem, drawProgress, drawWeights, errorLine, explain } from "./view.js";
import { bindRulesQuiz } from "./rules.js";

const NAMED = namedParts(words.levels.practice.map((level) => level.id));
const BAD_LINK = badLinkMessage("a practice problem", "here are fresh ones");
const UNREADABLE = "Your saved progress could not be read (it may come from an older version of this page), so it starts again from zero. The old data is kept aside.";
const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

// --- storage: the progress, and the problem each quiz shows (its link, so a reload keeps it) ---

function loadProgress(notice) {
  const saved = readSaved(KEYS.practice, isProgress, KEYS.practiceUnreadable);
  if (saved.value) return saved.value;
  if (saved.unreadable !== undefined) {
    notice(UNREADABLE);
    writeSaved(KEYS.practice, emptyProgress());
  }
  return emptyProgress();
}

const isObject = (data) => Boolean(data) && typeof data === "object" && !Array.isArray(data);
const loadCurrent = () => readSaved(KEYS.practiceCurrent, isObject, KEYS.practiceCurrentUnreadable).value || {}; // else fresh problems
const saveCurrent = (kind, value) => writeSaved(KEYS.practiceCurrent, { ...loadCurrent(), [kind]: value });

// --- one engine quiz ----------------------------------------------------------------------------

function quizParts(section) {
  const $ = (selector) => section.querySelector(selector);
  return { problemBox: $("[data-problem]"), feedback: $("[data-feedback]"), form: $("[data-answer-form]"),
    next: $("[data-next]"), permalink: $("[data-permalink]"), level: $("[data-show-level]"),
    detailed: $("[data-show-detailed]"), weightsBox: $("[data-weights]") };
}

// What the reader typed or picked, for readAnswer.
function typedAnswer(kind, ui) {
  if (kind === "discard") return { chosen: [...ui.problemBox.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.dataset.card) };
  if (kind === "show" && ui.detailed.checked) {
    return { byKind: [...ui.form.querySelectorAll("[data-kind]")].map((input) => [input.dataset.kind, input.value, input.parentElement.textContent.trim()]) };
  }
  return { total: ui.form.querySelector("[data-total]").value };
}

// The engine's question for a problem: the quiz, its seed, and the show's level or the weak
// spots' record (and the category a link names).
function problemParams(kind, seed, levelName, ui, progress) {
  if (kind !== "adaptive") return { kind, seed, level: ui.level ? ui.level.value : undefined };
  return { kind, seed, record: categoryRecord(progress, CATEGORIES), ...(CATEGORIES.includes(levelName) ? { category: levelName } : {}) };
}

// A new problem on screen: the last verdict and answers cleared.
function showProblem(ui, kind, info, shape, problem) {
  ui.feedback.replaceChildren();
  ui.form.querySelectorAll("input").forEach((input) => { input.value = ""; });
  if (kind === "adaptive") ui.form.querySelector("label[for=adaptive-total]").textContent = answerLabel(problem);
  drawProblem(ui.problemBox, info, shape, problem);
}

function makeQuiz(section, kind, page) {
  const ui = quizParts(section);
  const state = { seed: null, problem: null, answered: false, firstRight: null, category: null };
  const askProblem = latestReply(page.signal);
  const askAnswer = latestReply(page.signal);
  const fragment = () => problemFragment(kind, { level: ui.level && ui.level.value, category: state.category, seed: state.seed });
  const shape = () => (kind === "adaptive" ? state.problem.kind : kind); // how the problem looks
  const fail = (reply) => ui.feedback.replaceChildren(errorLine(reply.error));

  async function load(seed, levelName) {
    if (levelName && ui.level) ui.level.value = levelName;
    const reply = await askProblem("quiz", problemParams(kind, seed, levelName, ui, page.progress));
    if (!reply) return;
    if (!reply.ok) return fail(reply);
    const info = await cardInfo();
    if (page.signal.aborted) return;
    Object.assign(state, { seed, answered: false, firstRight: null });
    if (kind === "adaptive") {
      state.category = reply.result.category;
      drawWeights(ui.weightsBox, reply.result.weights, state.category);
      section.dataset.category = state.category;
    }
    state.problem = kind === "adaptive" ? reply.result.problem : reply.result;
    showProblem(ui, kind, info, shape(), state.problem);
    ui.permalink.href = "#" + fragment();
    performance.mark("cribbage:problem"); // for bench/bench_browser.py
    section.dataset.seed = String(seed);
    saveCurrent(kind, fragment());
  }

  async function check(event) {
    event.preventDefault();
    if (!state.problem) return;
    const answer = readAnswer(shape(), typedAnswer(kind, ui));
    if (answer.error) return ui.feedback.replaceChildren(errorLine(answer.error));
    const seed = state.seed;
    const reply = await askAnswer("answer", { kind, seed, level: ui.level ? ui.level.value : undefined,
      ...(kind === "adaptive" ? { category: state.category } : {}), ...answer });
    if (!reply || state.seed !== seed) return; // the reader has left, or moved on to another problem
    if (!reply.ok) return fail(reply);
    const info = await cardInfo();
    if (page.signal.aborted) return;
    if (!state.answered) {
      page.answered(kind, reply.result.correct, answerCategories(kind, answer, reply.result, state.category));
      Object.assign(state, { answered: true, firstRight: reply.result.correct });
    }
    ui.feedback.replaceChildren(...explain(info, shape(), state.problem, reply.result, !state.firstRight));
    if (kind === "discard") ui.problemBox.querySelectorAll('button[aria-pressed="true"]').forEach((b) => b.setAttribute("aria-pressed", "false"));
    ui.next.focus();
  }

  listenToQuiz(section, ui, page.signal, { load, check, fragment });
  return { load, section, next: ui.next, reweigh: reweigher(kind, state, ui, page) };
}

// The weak-spot bars follow every answer that counts towards them (the play quiz's too), not
// only the next problem drawn here. The problem depends only on (category, seed): it stays.
function reweigher(kind, state, ui, page) {
  const ask = latestReply(page.signal);
  return async () => {
    if (kind !== "adaptive" || state.seed === null) return;
    const reply = await ask("quiz", { kind, seed: state.seed, record: categoryRecord(page.progress, CATEGORIES), category: state.category });
    if (reply && reply.ok) drawWeights(ui.weightsBox, reply.result.weights, state.category);
  };
}

function listenToQuiz(section, ui, signal, quiz) {
  ui.form.addEventListener("submit", quiz.check, { signal });
  ui.next.addEventListener("click", () => {
    quiz.load(newSeed()).then(() => signal.aborted || writeFragment(quiz.fragment()));
    section.querySelector("input:not([type=checkbox])")?.focus();
  }, { signal });
  if (ui.level) ui.level.addEventListener("change", () => ui.next.click(), { signal });
  if (ui.detailed) ui.detailed.addEventListener("change", () => {
    section.querySelector("[data-total-entry]").hidden = ui.detailed.checked;
    section.querySelector("[data-detailed-entry]").hidden = !ui.detailed.checked;
  }, { signal });
  ui.permalink.addEventListener("click", (event) => {
    event.preventDefault();
    writeFragment(quiz.fragment());
  }, { signal });
  // the discard's six cards: each press picks a card or puts it back
  ui.problemBox.addEventListener("click", (event) => {
    const button = event.target.closest(".quiz__six button[aria-pressed]");
    if (button) button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") !== "true" ? "true" : "false");
  }, { signal });
}

// --- page wiring ----------------------------------------------------------------------------

const statusText = (state) => (state === "ready" ? "Ready." : state === "loading" ? "Loading the engine…"
  : state === "idle" ? "" : "Practice could not start in this browser. Everything else on this site still works.");

function setup(root, signal) {
  engine.start();
  const unsubscribe = showEngineStatus(root, statusText);
  const notice = (text) => {
    const box = root.querySelector("[data-practice-notice]");
    box.textContent = text;
    box.hidden = false;
  };
  const page = { root, signal, progress: loadProgress(notice) };
  const progressChanged = (reweigh) => {
    writeSaved(KEYS.practice, page.progress);
    drawProgress(root, page.progress);
    if (reweigh) quizzes.adaptive.reweigh();
  };
  page.answered = (kind, correct, categories) => {
    page.progress = record(page.progress, kind, correct, categories);
    progressChanged(kind !== "rules");
  };
  page.reset = () => {
    page.progress = emptyProgress();
    progressChanged(true);
  };
  drawProgress(root, page.progress);
  const quizzes = Object.fromEntries(QUIZZES.map((kind) => [kind, makeQuiz(root.querySelector(`[data-quiz="${kind}"]`), kind, page)]));
  bindRulesQuiz({ root, signal, loadRound: () => loadCurrent().rules, keepRound: (round) => saveCurrent("rules", round),
    answered: (correct) => page.answered("rules", correct, {}) });
  bindReset(root, page, signal);
  showProblems(quizzes, linkedProblem(notice), signal);
  // A link followed on the page (or typed into the address bar) shows its problem too.
  window.addEventListener("hashchange", () => showProblems(quizzes, linkedProblem(notice), signal, true), { signal });
  bindKeys(root, quizzes, signal);
  return unsubscribe;
}

// A link names one problem; the other quizzes show the problem they showed last (a reload
// loses nothing), or a fresh one. `onlyLinked`: a link followed on the page changes its quiz only.
function showProblems(quizzes, linked, signal, onlyLinked = false) {
  const current = loadCurrent();
  Object.entries(quizzes).forEach(([name, quiz]) => {
    if (linked && name === linked.kind) {
      quiz.load(linked.seed, linked.level).then(() => signal.aborted || scrollUnderHeader(quiz.section, "instant"));
      return;
    }
    if (onlyLinked) return;
    const saved = typeof current[name] === "string" ? parseProblem(current[name], NAMED) : null;
    if (saved && saved.kind === name) quiz.load(saved.seed, saved.level);
    else quiz.load(newSeed());
  });
}

// N (outside a text box) or Enter after an answer: the next problem in the quiz in use.
function bindKeys(root, quizzes, signal) {
  root.addEventListener("keydown", (event) => {
    const quiz = Object.values(quizzes).find((q) => q.section.contains(event.target));
    if (!quiz) return;
    const typing = event.target.matches("input:not([type=checkbox]), select");
    if ((event.key === "n" || event.key === "N") && !typing) {
      event.preventDefault();
      quiz.next.click();
    }
  }, { signal });
}

// Resetting loses data: ask first, on the page (no browser dialog).
function bindReset(root, page, signal) {
  const confirmBox = root.querySelector("[data-reset-confirm]");
  const reset = root.querySelector("[data-reset-progress]");
  const done = () => {
    confirmBox.hidden = true;
    reset.focus();
  };
  reset.addEventListener("click", () => {
    confirmBox.hidden = false;
    confirmBox.querySelector("[data-reset-no]").focus();
  }, { signal });
  confirmBox.querySelector("[data-reset-no]").addEventListener("click", done, { signal });
  confirmBox.querySelector("[data-reset-yes]").addEventListener("click", () => {
    page.reset();
    done();
  }, { signal });
}

// The problem the address names, or null; a link that names none is said once, in the notice.
function linkedProblem(notice) {
  const fragment = pageFragment();
  const named = fragment.kind === "state" ? parseProblem(fragment.text, NAMED) : null;
  if (!named && fragment.kind !== "none") notice(BAD_LINK);
  return named;
}

mountPage("[data-practice-page]", setup);
