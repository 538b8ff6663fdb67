// Practice's state (docs/assets/js/practice/progress.js and problem.js): progress after each
// answer, the problem links, the answer read from what was typed, what it counts towards, the
// verdicts, and the rules quiz's saved round.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  answerCounted, categoryRecord, chartBars, emptyProgress, isProgress, noticed, practiceState, progressLines, progressReset,
  record, SESSIONS_KEPT,
} from "../../docs/assets/js/practice/progress.js";
import {
  answerCategories, answerJudged, CATEGORIES, keptRound, namedParts, nextRound, NO_PROBLEM, parseProblem, problemFragment,
  problemShown, readAnswer, roundLine, RULES_ROUND, shapeOf, sortCards, throwVerdict, verdictClass, verdictWords,
} from "../../docs/assets/js/practice/problem.js";

import words from "./vocabulary.mjs";

const LEVELS = words.levels.practice.map((level) => level.id);
const NAMED = namedParts(LEVELS);
const heading = (kind) => words.kinds[kind].heading;

test("an answer adds to its quiz, its categories, the streak and today's session, leaving the old progress as it was", () => {
  const start = emptyProgress();
  const one = record(start, "show", true, { fifteen: true, pair: false }, "2026-12-01");
  assert.deepEqual(start, emptyProgress());
  assert.deepEqual(one.quizzes.show, { right: 1, total: 1 });
  assert.deepEqual(one.categories, { fifteen: { right: 1, total: 1 }, pair: { right: 0, total: 1 } });
  const two = record(record(one, "play", true, {}, "2026-12-01"), "play", false, {}, "2026-12-02");
  assert.equal(two.streak, 0);
  assert.equal(two.best, 2);
  assert.deepEqual(two.sessions, [{ day: "2026-12-01", right: 2, total: 2 }, { day: "2026-12-02", right: 0, total: 1 }]);
  assert.ok(isProgress(two));
});

test("only the last sessions are kept", () => {
  let progress = emptyProgress();
  for (let day = 1; day <= SESSIONS_KEPT + 3; day += 1) progress = record(progress, "show", true, {}, `2026-11-${String(day).padStart(2, "0")}`);
  assert.equal(progress.sessions.length, SESSIONS_KEPT);
  assert.equal(progress.sessions[0].day, "2026-11-04");
});

test("stored data that is not progress is recognised", () => {
  for (const data of [null, [], { version: 0 }, { ...emptyProgress(), streak: "3" }, { ...emptyProgress(), sessions: [{ day: 1 }] }]) {
    assert.equal(isProgress(data), false, JSON.stringify(data));
  }
});

test("the summary names each quiz and each category by the engine's heading", () => {
  const progress = record(emptyProgress(), "adaptive", true, { "thirty-one": true }, "2026-12-01");
  assert.deepEqual(progressLines(progress, heading), ["Streak: 1 right in a row (best 1).", "Weak spots: 1 of 1 (100%)", "Thirty-one: 1 of 1 (100%)"]);
  assert.deepEqual(categoryRecord(progress, CATEGORIES), { "thirty-one": { right: 1, total: 1 } });
});

test("the progress chart: a bar per day, never thinner than 1", () => {
  const [full, none] = chartBars([{ day: "2026-12-01", right: 4, total: 4 }, { day: "2026-12-02", right: 0, total: 3 }]);
  assert.equal(full.height, 90);
  assert.equal(none.height, 1);
  assert.equal(full.percent, "100%");
  assert.equal(none.day, "12-02");
});

test("a problem's link is read back as written; a link that names nothing is null", () => {
  for (const [kind, state] of [["show", { level: LEVELS[0], seed: 42 }], ["adaptive", { category: "go", seed: 7 }], ["play", { seed: 55 }]]) {
    assert.deepEqual(parseProblem(problemFragment(kind, state), NAMED), { kind, seed: state.seed, level: state.level ?? state.category });
  }
  for (const text of ["", "show", "show/nolevel/3", "table/3", "play/3/4", "discard/-1", "discard/1e3", `play/${2 ** 60}`]) {
    assert.equal(parseProblem(text, NAMED), null, text);
  }
});

test("an answer is read from what was typed, or says what to fix", () => {
  assert.deepEqual(readAnswer("show", { total: " 12 " }), { total: 12 });
  assert.deepEqual(readAnswer("play", { total: "2" }), { points: 2 });
  assert.match(readAnswer("show", { total: "" }).error, /Type your answer first/);
  assert.match(readAnswer("show", { total: "twelve" }).error, /“twelve” is not a whole number/);
  assert.deepEqual(readAnswer("discard", { chosen: ["5H", "KC"] }), { discard: "5H KC" });
  assert.match(readAnswer("discard", { chosen: ["5H"] }).error, /you picked 1/);
  assert.deepEqual(readAnswer("show", { byKind: [["fifteen", "4", "Fifteens"], ["pair", "", "Pairs"]] }), { by_kind: { fifteen: 4, pair: 0 } });
  assert.match(readAnswer("show", { byKind: [["run", "x", "Runs"]] }).error, /^Runs: type a whole number/);
  assert.match(readAnswer("show", { byKind: [["run", " ", "Runs"]] }).error, /at least one category/);
});

test("a first answer counts towards the categories it tried", () => {
  const show = { breakdown: { by_kind: { fifteen: 4, pair: 2 } }, correct: false };
  assert.deepEqual(answerCategories("show", { by_kind: { fifteen: 4, pair: 0, run: 0 } }, show), { fifteen: true, pair: false });
  assert.deepEqual(answerCategories("show", { total: 6 }, show), {});
  const play = { items: [{ kind: "pair royal" }, { kind: "fifteen" }], correct: true };
  assert.deepEqual(answerCategories("play", { points: 8 }, play), { pair: true, fifteen: true });
  assert.deepEqual(answerCategories("adaptive", { points: 1 }, { correct: false }, "go"), { go: false });
});

test("verdicts: right, wrong, and right after a miss", () => {
  assert.equal(verdictWords(true, false), "✓ Right.");
  assert.equal(verdictWords(false, true), "✗ Not quite.");
  assert.match(verdictWords(true, true), /counts as missed/);
  assert.deepEqual([verdictClass(true, false), verdictClass(false, false), verdictClass(true, true)], ["verdict--right", "verdict--wrong", "verdict--late"]);
  assert.equal(throwVerdict({ rank: 1 }), "That is the best throw.");
  assert.match(throwVerdict({ rank: 3, correct: true, cost: 0.1, tolerance: 0.25 }), /ranks 3 of 15, 0.10 points a deal behind the best: within 0.25/);
  assert.match(throwVerdict({ rank: 9, correct: false, cost: 1.5, tolerance: 0.25 }), /loses 1.50 points/);
  assert.deepEqual(sortCards(["KC", "5H", "AS", "5S"]), ["AS", "5S", "5H", "KC"]);
});

test("the rules quiz: a saved round is kept only if it fits the questions, its answers checked", () => {
  const ids = ["a", "b", "c", "d", "e", "f", "g"];
  const saved = { order: [...ids].reverse(), start: 5, answers: { a: "yes", b: { first: "no", last: "yes" }, c: "maybe", zz: "yes" } };
  assert.deepEqual(keptRound(saved, ids), { order: saved.order, start: 5, answers: { a: { first: "yes", last: "yes" }, b: { first: "no", last: "yes" } } });
  assert.equal(keptRound({ ...saved, order: ids.slice(1) }, ids), null);
  assert.equal(keptRound({ ...saved, order: ["a", "a", "b", "c", "d", "e", "f"] }, ids), null);
  assert.equal(keptRound({ ...saved, start: 99 }, ids).start, 0);
  assert.equal(nextRound(0, ids.length), RULES_ROUND);
  assert.equal(nextRound(RULES_ROUND, ids.length), 0);
  assert.equal(roundLine(5, 7), "Questions 6 to 7 of 7.");
});

// --- the page's state and each quiz's ---

test("the page's state: an answer counted makes new progress, a reset empties it, a notice is kept beside it", () => {
  const start = practiceState(emptyProgress());
  assert.deepEqual(start, { progress: emptyProgress(), notice: "" });
  const one = answerCounted(start, "show", true, { fifteen: true }, "2026-01-02");
  assert.deepEqual(one.progress, record(emptyProgress(), "show", true, { fifteen: true }, "2026-01-02"));
  assert.deepEqual(start.progress, emptyProgress(), "the state before is left as it was");
  const told = noticed(one, "Saved progress could not be read.");
  assert.equal(told.notice, "Saved progress could not be read.");
  assert.equal(told.progress, one.progress);
  const reset = progressReset(told);
  assert.deepEqual(reset, { progress: emptyProgress(), notice: "Saved progress could not be read." });
});

test("a quiz's problem: shown fresh from the engine's reply, the weak spots' with its category", () => {
  const show = { hand: ["5H", "5S", "5C", "JD"], starter: "5D", crib: false };
  const shown = problemShown(NO_PROBLEM, "show", 42, show);
  assert.deepEqual(shown, { seed: 42, problem: show, answered: false, firstRight: null, category: null });
  assert.equal(shapeOf("show", shown), "show");
  const adaptive = problemShown(NO_PROBLEM, "adaptive", 7, { category: "go", problem: { kind: "play" }, weights: {} });
  assert.deepEqual([adaptive.seed, adaptive.category, adaptive.problem], [7, "go", { kind: "play" }]);
  assert.equal(shapeOf("adaptive", adaptive), "play", "the weak spots draw each problem as its own kind");
  const again = problemShown(answerJudged(shown, false), "show", 43, show);
  assert.deepEqual([again.answered, again.firstRight], [false, null], "a new problem has no answer yet");
});

test("a problem's first answer is the one that counts: a later right answer keeps the miss", () => {
  const shown = problemShown(NO_PROBLEM, "play", 5, { previous: [], count: 0, card: "5H" });
  const missed = answerJudged(shown, false);
  assert.deepEqual([missed.answered, missed.firstRight], [true, false]);
  assert.equal(answerJudged(missed, true), missed);
  assert.equal(answerJudged(shown, true).firstRight, true);
});
