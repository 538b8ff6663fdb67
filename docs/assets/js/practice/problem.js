// The engine quizzes' state, as pure functions: the link a problem gets and reads back, the
// answer read from what was typed or picked, what an answer counts towards, the verdict's words,
// and the rules quiz's saved round. Nothing here touches the page.
/**
 * @typedef {"show" | "play" | "discard" | "adaptive"} Quiz  an engine quiz
 * @typedef {{kind: string, seed: number, level: string | undefined}} Named  the problem a link or a save names
 * @typedef {{chosen?: string[], byKind?: [string, string, string][], total?: string}} Typed  what the page read
 * @typedef {{discard?: string, by_kind?: Record<string, number>, total?: number, points?: number,
 *   error?: string}} Answer
 * @typedef {{kind: string, points: number, cards: string[]}} Item
 * @typedef {{correct: boolean, answer?: number | string, notes: string[], breakdown: {total: number, items: Item[],
 *   spoken: string, by_kind: Record<string, number>}, points: number, items: Item[], rank: number, cost: number,
 *   tolerance: number, explanation: string, throws: {keep: string[], discard: string[], hand_value: number,
 *   crib_value: number, value: number}[]}} Verdict  the engine's `answer` (the fields its quiz gives)
 * @typedef {{kind: string, hand: string[], starter: string, crib: boolean, previous: string[], count: number,
 *   card: string, last_card: boolean, cards: string[], dealer: boolean}} Problem
 *   the engine's `quiz` problem (each shape reads its fields)
 * @typedef {{first: string, last: string}} Given
  a rules question's first and last choice
 * @typedef {{order: string[], start: number, answers: Record<string, Given>}} Round  the rules quiz's saved round
 */

/** @type {Quiz[]} */
export const QUIZZES = ["show", "play", "discard", "adaptive"];
// The weak-spot quiz's categories: the show's kinds, and the play's go and thirty-one.
export const CATEGORIES = ["fifteen", "pair", "run", "flush", "nobs", "go", "thirty-one"];
// A play item's category in the weak-spot record: a pair royal is practice in pairs.
/** @type {Record<string, string>} */
const PLAY_CATEGORY = { "pair royal": "pair", "double pair royal": "pair" };

// What may stand between a quiz's name and its seed: the show's level, the weak spot's category.
/** @param {string[]} levels @returns {Record<string, string[]>} */
export const namedParts = (levels) => ({ show: levels, adaptive: CATEGORIES, play: [], discard: [] });

// "show/standard/42" -> { kind: "show", seed: 42, level: "standard" }; null when it names nothing
// (an unknown quiz, level or category, or no seed): a link or a saved problem is read the same way.
/** @param {string} text @param {Record<string, string[]>} named @returns {Named | null} */
export function parseProblem(text, named) {
  const [kind, ...rest] = String(text).split("/");
  const seed = Number(rest.at(-1));
  if (!Object.hasOwn(named, kind) || rest.length < 1 || rest.length > 2) return null;
  if (!/^\d+$/.test(rest.at(-1) ?? "") || !Number.isSafeInteger(seed)) return null;
  if (rest.length === 2 && !named[kind].includes(rest[0])) return null;
  return { kind, seed, level: rest.length === 2 ? rest[0] : undefined };
}

// The problem's link, the inverse of parseProblem.
/** @param {string} kind @param {{level?: string | null, category?: string | null, seed: number | null}} problem */
export function problemFragment(kind, { level, category, seed }) {
  if (kind === "show") return `${kind}/${level}/${seed}`;
  if (kind === "adaptive") return `${kind}/${category}/${seed}`;
  return `${kind}/${seed}`;
}

export const wholeNumber = (/** @type {string} */ text) => (/^\s*\d{1,3}\s*$/.test(text) ? Number(text) : null);

// The answer to send the engine, or {error} saying what to fix. `typed` is what the page read:
// {chosen} (the discard's cards), {byKind: [[kind, text, label]]} (points per category) or {total}.
/** @param {string} shape @param {Typed} typed @returns {Answer} */
export function readAnswer(shape, typed) {
  if (typed.chosen) {
    const n = typed.chosen.length;
    return n === 2 ? { discard: typed.chosen.join(" ") }
      : { error: `Pick exactly two cards to throw (you picked ${n}).` };
  }
  if (typed.byKind) {
    /** @type {Record<string, number>} */
    const byKind = {};
    let count = 0;
    for (const [kind, text, label] of typed.byKind) {
      if (text.trim() === "") { byKind[kind] = 0; continue; }
      const value = wholeNumber(text);
      if (value === null) return { error: `${label}: type a whole number, such as 4.` };
      byKind[kind] = value;
      count += 1;
    }
    return count ? { by_kind: byKind }
      : { error: "Type your points for at least one category (empty boxes count as 0)." };
  }
  const text = typed.total ?? "";
  if (text.trim() === "") return { error: "Type your answer first: a whole number." };
  const value = wholeNumber(text);
  if (value === null) {
    return { error: `“${text.trim().slice(0, 20)}” is not a whole number: type the points, such as 6.` };
  }
  return shape === "show" ? { total: value } : { points: value };
}

// What a first answer counts towards in the weak-spot record: {category: right}.
/** @param {string} kind @param {Answer} answer @param {Verdict} result @param {string | null} category */
export function answerCategories(kind, answer, result, category) {
  const byKind = answer.by_kind;
  /** @type {Record<string, boolean>} */
  const categories = kind === "show" && byKind
    ? Object.fromEntries(Object.keys(byKind).filter((k) => result.breakdown.by_kind[k] || byKind[k])
      .map((k) => [k, byKind[k] === result.breakdown.by_kind[k]]))
    : {};
  if (kind === "adaptive") categories[String(category)] = result.correct;
  if (kind === "play") {
    result.items.forEach((item) => { categories[PLAY_CATEGORY[item.kind] || item.kind] = result.correct; });
  }
  return categories;
}

// A problem counts as answered at its first answer: a right answer after a miss says so, and the
// progress keeps the miss.
const MISSED = "✓ Right, but this one counts as missed: the first answer was not.";
/** @param {boolean} correct @param {boolean} missedFirst */
export const verdictWords = (correct, missedFirst) => (!correct ? "✗ Not quite." : missedFirst ? MISSED : "✓ Right.");
/** @param {boolean} correct @param {boolean} missedFirst */
export const verdictClass = (correct, missedFirst) =>
  (!correct ? "verdict--wrong" : missedFirst ? "verdict--late" : "verdict--right");

// The discard quiz's verdict on the throw chosen.
/** @param {Verdict} result */
export function throwVerdict(result) {
  if (result.rank === 1) return "That is the best throw.";
  const behind = `Your throw ranks ${result.rank} of 15`;
  return result.correct
    ? `${behind}, ${result.cost.toFixed(2)} points a deal behind the best: `
      + `within ${result.tolerance.toFixed(2)}, so it counts as right.`
    : `${behind} and loses ${result.cost.toFixed(2)} points a deal against the best.`;
}

const RANK_ORDER = "A23456789TJQK";
const SUIT_ORDER = "SHCD";
// Cards in a steady order (rank, then suit) so kept hands are easy to compare row to row.
/** @param {string[]} codes */
export const sortCards = (codes) => [...codes].sort((a, b) =>
  RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0])
  || SUIT_ORDER.indexOf(a.at(-1) ?? "") - SUIT_ORDER.indexOf(b.at(-1) ?? ""));

// --- the rules quiz: five questions at a time, in a shuffled order kept with the answers ---------
export const RULES_ROUND = 5;
const isChoice = (/** @type {unknown} */ choice) => choice === "yes" || choice === "no";

// The saved round, if it fits this build's questions (`ids`); else null (a fresh shuffle).
/** @param {any} saved @param {string[]} ids @returns {Round | null} */
export function keptRound(saved, ids) {
  const known = new Set(ids);
  if (!saved || typeof saved !== "object" || !Array.isArray(saved.order) || saved.order.length !== ids.length
    || new Set(saved.order).size !== ids.length || !saved.order.every((/** @type {string} */ id) => known.has(id))) {
    return null;
  }
  const start = Number.isSafeInteger(saved.start) && saved.start >= 0 && saved.start < ids.length ? saved.start : 0;
  /** @type {Record<string, Given>} */
  const answers = {};
  for (const [id, given] of Object.entries(saved.answers && typeof saved.answers === "object" ? saved.answers : {})) {
    // {first, last}; a plain choice stands for both
    const { first, last } = typeof given === "string" ? { first: given, last: given } : given || {};
    if (known.has(id) && isChoice(first) && isChoice(last)) answers[id] = { first, last };
  }
  return { order: saved.order, start, answers };
}

/** @param {number} start @param {number} count */
export const nextRound = (start, count) => (start + RULES_ROUND >= count ? 0 : start + RULES_ROUND);
/** @param {number} start @param {number} count */
export const roundLine = (start, count) =>
 `Questions ${start + 1} to ${Math.min(start + RULES_ROUND, count)} of ${count}.`;

// --- one engine quiz's state: the problem shown and whether its first answer has counted ---
/**
 * @typedef {{seed: number | null, problem: Problem | null, answered: boolean, firstRight: boolean | null,
 *   category: string | null}} QuizState
 */

/** @type {QuizState} */
export const NO_PROBLEM = Object.freeze({ seed: null, problem: null, answered: false, firstRight: null,
  category: null });

// A new problem from the engine's `quiz` reply: the weak-spot quiz's comes with its category.
/** @param {QuizState} state @param {string} kind @param {number} seed @param {any} result @returns {QuizState} */
export function problemShown(state, kind, seed, result) {
  if (kind !== "adaptive") return { ...state, seed, problem: result, answered: false, firstRight: null };
  return { seed, problem: result.problem, answered: false, firstRight: null, category: result.category };
}

// An answer judged: the first one counts (and is kept), later ones only show the working.
/** @param {QuizState} state @param {boolean} correct @returns {QuizState} */
export const answerJudged = (state, correct) =>
  (state.answered ? state : { ...state, answered: true, firstRight: correct });

// How the problem looks: the weak-spot quiz draws each problem as its own kind.
/** @param {string} kind @param {QuizState} state */
export const shapeOf = (kind, state) => (kind === "adaptive" ? String(state.problem?.kind) : kind);
