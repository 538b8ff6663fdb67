// Practice progress, as pure functions: the empty record, whether stored data is one, an answer
// added to it, and the lines that sum it up. practice.js keeps it in storage; view.js draws it.
export const SESSIONS_KEPT = 12;

/**
 * @typedef {{right: number, total: number}} Tally
 * @typedef {Tally & {day: string}} Session  one day's answers ("YYYY-MM-DD")
 * @typedef {{version: 1, streak: number, best: number, quizzes: Record<string, Tally>,
 *   categories: Record<string, Tally>, sessions: Session[]}} Progress  what is stored under cribbage.practice.v1
 */

/** @returns {Progress} */
export function emptyProgress() {
  return { version: 1, streak: 0, best: 0, quizzes: {}, categories: {}, sessions: [] };
}

/** @param {any} data @returns {data is Progress} */
export function isProgress(data) {
  return Boolean(data) && data.version === 1 && Number.isInteger(data.streak) && Number.isInteger(data.best)
    && typeof data.quizzes === "object" && typeof data.categories === "object" && Array.isArray(data.sessions)
    && data.sessions.every((/** @type {any} */ s) => typeof s.day === "string" && Number.isInteger(s.right)
      && Number.isInteger(s.total));
}

/** @param {Tally | undefined} entry @param {boolean} correct @returns {Tally} */
const tallied = (entry = { right: 0, total: 0 }, correct) =>
  ({ right: entry.right + (correct ? 1 : 0), total: entry.total + 1 });

// The progress after one answer (a new object): the quiz's and each category's tally, the
// streak, and today's session (`day` is "YYYY-MM-DD"), the last SESSIONS_KEPT days kept.
/**
 * @param {Progress} progress @param {string} quiz @param {boolean} correct
 * @param {Record<string, boolean>} [categories] @param {string} [day] @returns {Progress}
 */
export function record(progress, quiz, correct, categories = {}, day = new Date().toISOString().slice(0, 10)) {
  const next = structuredClone(progress);
  next.quizzes[quiz] = tallied(next.quizzes[quiz], correct);
  Object.entries(categories).forEach(([kind, right]) => {
    next.categories[kind] = tallied(next.categories[kind], right);
  });
  next.streak = correct ? next.streak + 1 : 0;
  next.best = Math.max(next.best, next.streak);
  const last = next.sessions.at(-1);
  if (last && last.day === day) next.sessions[next.sessions.length - 1] = { day, ...tallied(last, correct) };
  else next.sessions.push({ day, ...tallied(undefined, correct) });
  next.sessions = next.sessions.slice(-SESSIONS_KEPT);
  return next;
}

export const answered = (/** @type {Progress} */ progress) =>
  Object.values(progress.quizzes).some((entry) => entry.total);

export const share = (/** @type {Tally} */ { right, total }) =>
  `${right} of ${total} (${Math.round((100 * right) / total)}%)`;

/** @type {Record<string, string>} */
const QUIZ_NAMES = { show: "Count the show", play: "Count the play", discard: "Choose the discard",
  adaptive: "Weak spots", rules: "Rules quiz" };

// The summary's lines: the streak, each quiz, then each category under the engine's heading for it.
/** @param {Progress} progress @param {(kind: string) => string} heading */
export function progressLines(progress, heading) {
  const lines = [`Streak: ${progress.streak} right in a row (best ${progress.best}).`];
  Object.entries(QUIZ_NAMES).forEach(([key, name]) => {
    if (progress.quizzes[key]) lines.push(`${name}: ${share(progress.quizzes[key])}`);
  });
  Object.entries(progress.categories).forEach(([kind, entry]) => lines.push(`${heading(kind)}: ${share(entry)}`));
  return lines;
}

// What the adaptive quiz weighs: each of `categories` tried so far, with its tally.
/** @param {Progress} progress @param {string[]} categories @returns {Record<string, Tally>} */
export const categoryRecord = (progress, categories) => Object.fromEntries(categories
  .filter((c) => progress.categories[c])
  .map((c) => [c, { right: progress.categories[c].right, total: progress.categories[c].total }]));

// The progress chart's bars: accuracy per day on a 0-100% axis (sizes in the SVG's own units).
export const CHART = Object.freeze({ left: 34, top: 14, width: 250, height: 90 });
export const percent = (/** @type {Tally} */ s) => Math.round((100 * s.right) / s.total);

/** @param {Session[]} sessions */
export function chartBars(sessions) {

  const { left, top, width, height } = CHART;
  const slot = width / Math.max(sessions.length, 6);
  return sessions.map((session, i) => {
    const barHeight = Math.max(1, (height * session.right) / session.total);
    const x = left + i * slot + slot * 0.2;
    return { x, y: top + height - barHeight, width: slot * 0.6, height: barHeight, centre: x + slot * 0.3,
      percent: `${percent(session)}%`, day: session.day.slice(5) };
  });
}

// --- the page's state: the progress, and the notice above it (saved data unreadable, a bad link) ---
/** @typedef {{progress: Progress, notice: string}} PracticeState */

/** @param {Progress} progress @returns {PracticeState} */
export const practiceState = (progress) => ({ progress, notice: "" });
// An answer counted (a rules question, or a problem's first answer).
/**
 * @param {PracticeState} state @param {string} quiz @param {boolean} correct
 * @param {Record<string, boolean>} categories
 * @param {string} [day] @returns {PracticeState}
 */
export const answerCounted = (state, quiz, correct, categories, day) =>
  ({ ...state, progress: record(state.progress, quiz, correct, categories, day) });
/** @param {PracticeState} state @returns {PracticeState} */
export const progressReset = (state) => ({ ...state, progress: emptyProgress() });
/** @param {PracticeState} state @param {string} notice @returns {PracticeState} */
export const noticed = (state, notice) => ({ ...state, notice });
