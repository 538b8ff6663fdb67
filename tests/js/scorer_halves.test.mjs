// The scorer's two halves as states (docs/assets/js/scorer/show-state.js and play-state.js): each
// change a pure function from one state to the next, which the halves' `commit` draws.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";

const {
  fills, showCleared, showCounted, showCrib, showFailed, showFifthMoved, showLinked, showPicked, showRead, showStart,
  showStarters, showTyped, showVariant, sizeOf,
} = await import("../../docs/assets/js/scorer/show-state.js");
const { playCleared, playRefused, playScored, playStart, playTyped, playVariant, NO_REFUSAL } =
  await import("../../docs/assets/js/scorer/play-state.js");
const { tokensOf } = await import("../../docs/assets/js/scorer/state.js");

const variant = (name) => words.variants.find((v) => v.name === name);
const STANDARD = variant("standard");
const FIVE = variant("five-card");
const BOXES = { crib: false, target: "hand", handText: "", starterText: "" };
const tokens = (codes) => codes.map((card) => ({ token: card, card }));
const SHOWN = { faces: {}, breakdown: { total: 29 }, starter: "5D", fragment: "hand=5H", fromLink: false, ms: 3 };

test("the show starts from the boxes as found; typing changes them and takes the note away", () => {
  const start = showStart(STANDARD, { ...BOXES, handText: "5h" });
  assert.deepEqual([start.handText, start.hand, start.problem, start.shown], ["5h", [], null, null]);
  const typed = showTyped({ ...start, note: "moved" }, "5h 5s", "5d");
  assert.deepEqual([typed.handText, typed.starterText, typed.note], ["5h 5s", "5d", ""]);
  assert.equal(start.handText, "5h", "the state before is left as it was");
});

test("the engine's reading gives the valid cards; the hand's size follows the variant and hand or crib", () => {
  const read = showRead(showStart(STANDARD, BOXES), [...tokens(["5H", "5S"]), { token: "zz", card: null }], tokens(["5D"]));
  assert.deepEqual([read.hand, read.starters, read.handTokens.length], [["5H", "5S"], ["5D"], 3]);
  assert.equal(sizeOf(read), STANDARD.hand_size);
  assert.equal(sizeOf(showCrib(read, true)), STANDARD.crib_size);
  assert.equal(sizeOf(showVariant(read, FIVE)), FIVE.hand_size);
  assert.equal(showVariant({ ...read, note: "n" }, FIVE).note, "");
});

test("a reading that says what the slots show keeps them, so nothing is drawn again; a new one replaces them", () => {
  const linked = showLinked(showStart(STANDARD, BOXES), { hand: ["4c", "5d", "5s", "6h"], starter: "tc", crib: false },
    () => true);
  const same = showRead(linked, [...tokens(["4C", "5D", "5S", "6H"])].map((t) => ({ ...t, error: null })), tokens(["TC"]));
  assert.equal(same.handTokens, linked.handTokens);
  assert.equal(same.starterTokens, linked.starterTokens);
  assert.deepEqual([same.hand, same.starters], [["4C", "5D", "5S", "6H"], ["TC"]]);
  const other = showRead(same, tokens(["4C", "5D", "5S", "7H"]), [{ token: "tx", card: null, error: "not a card" }]);
  assert.notEqual(other.handTokens, same.handTokens);
  assert.notEqual(other.starterTokens, same.starterTokens);
  assert.deepEqual([other.hand, other.starters], [["4C", "5D", "5S", "7H"], []]);
});

test("a fifth card typed into the hand box moves to the starter box, said in the note", () => {
  const moved = showFifthMoved(showTyped(showStart(STANDARD, BOXES), "5h 5s 5c jd 5d", ""));
  assert.deepEqual([moved.handText, moved.starterText], ["5h 5s 5c jd", "5d"]);
  assert.match(moved.note, /fifth card, 5d, went into the starter box/);
  assert.equal(fills(moved, tokensOf), true);
  const four = showTyped(showStart(STANDARD, BOXES), "5h 5s 5c jd", "");
  assert.equal(showFifthMoved(four), four);
  assert.equal(fills(four, tokensOf), false, "no starter: the boxes do not fill a count");
});

test("a fifth card typed beside a typed starter takes its place, and the note names the starter it replaced", () => {
  const moved = showFifthMoved(showTyped(showStart(STANDARD, BOXES), "4c 5d 5s 6h 7c", "tc"));
  assert.deepEqual([moved.handText, moved.starterText], ["4c 5d 5s 6h", "7c"]);
  assert.equal(moved.note, "The fifth card, 7c, went into the starter box, in place of tc.");
  const five = showFifthMoved(showTyped(showStart(FIVE, BOXES), "4c 5d 5s 6h", " TC "));
  assert.equal(five.note, "The last card, 6h, went into the starter box, in place of TC.");
  const same = showFifthMoved(showTyped(showStart(STANDARD, BOXES), "4c 5d 5s 6h tc", "TC"));
  assert.equal(same.note, "The fifth card, tc, went into the starter box.", "the same card replaces nothing");
});

test("picking fills the hand then the starter; a full pick keeps the count, a short one takes it away", () => {
  let state = showStart(STANDARD, BOXES);
  for (const code of ["5H", "5S", "5C", "JD"]) state = showPicked(state, code);
  assert.deepEqual([state.handText, state.target, state.starterText], ["5H 5S 5C JD", "starter", ""]);
  state = showCounted(showPicked(state, "5D"), SHOWN);
  assert.deepEqual([state.starterText, state.starters], ["5D", ["5D"]]);
  const refused = showPicked(state, "KC");
  assert.match(refused.problem.message, /The hand and the starter are chosen/);
  assert.equal(refused.shown, null, "a refused pick is said as a problem, which takes the count away");
  const back = showPicked(state, "JD");
  assert.deepEqual([back.handText, back.shown, back.problem], ["5H 5S 5C", null, null]);
});

test("a failure is a new problem each time it is said; a count clears it; Clear keeps the count on screen", () => {
  const counted = showCounted(showFailed(showStart(STANDARD, BOXES), "Choose the starter"), SHOWN);
  assert.deepEqual([counted.problem, counted.shown], [null, SHOWN]);
  const once = showFailed(counted, "x");
  const twice = showFailed(once, "x");
  assert.notEqual(once.problem, twice.problem, "said again, it is announced again");
  const cleared = showCleared({ ...counted, handText: "5h", target: "starter", note: "n" });
  assert.deepEqual([cleared.handText, cleared.starterText, cleared.target, cleared.note, cleared.shown],
    ["", "", "hand", "", SHOWN]);
});

test("the starters' table joins the count on screen, and none without a count", () => {
  const table = { mean: 1, by_total: [] };
  const counted = showStarters(showCounted(showStart(STANDARD, BOXES), SHOWN), table);
  assert.deepEqual(counted.shown, { ...SHOWN, starters: table });
  const none = showStart(STANDARD, BOXES);
  assert.equal(showStarters(none, table), none);
});

test("a linked hand sets hand or crib and the boxes, its slots drawn from the cards the page knows", () => {
  const linked = showLinked(showStart(STANDARD, BOXES), { hand: ["5h", "5s", "xx", "jd"], starter: "5d", crib: true },
    (code) => code !== "XX");
  assert.deepEqual([linked.crib, linked.handText, linked.starterText], [true, "5h 5s xx jd", "5d"]);
  assert.deepEqual(linked.handTokens, tokens(["5H", "5S", "JD"]));
  assert.deepEqual(linked.starterTokens, tokens(["5D"]));
});

// --- the play ---

const STEP = (card, extra = {}) => ({ card, go: false, player: "pone", scorer: "pone", count: 5, points: 0, items: [], ...extra });

test("the play scored: the steps are what the next card extends, the box says them, the refusal goes", () => {
  const start = playTyped(playStart(STANDARD), "5h 5s");
  const scored = playScored({ ...start, refusal: { message: "old", where: "typed", marked: false } },
    { steps: [STEP("5H"), { ...STEP(undefined), go: true }, STEP("5S")] }, 4);
  assert.deepEqual([scored.steps, scored.input, scored.refusal, scored.ms], [["5H", "go", "5S"], "5H go 5S", NO_REFUSAL, 4]);
  assert.equal(scored.drawn.typed, null);
});

test("a refused sequence: typed, it is listed as typed and the steps become the scored part; pressed, nothing moves", () => {
  const scored = playScored(playStart(STANDARD), { steps: [STEP("5H")] }, 1);
  const reply = { ok: false, error: "That card is not in play", at: 1, steps: [STEP("5H")] };
  const typed = playRefused(scored, reply, ["5H", "5H"], "typed");
  assert.deepEqual([typed.steps, typed.input, typed.drawn.typed], [["5H"], "5H 5H", ["5H", "5H"]]);
  assert.deepEqual(typed.refusal, { message: "That card is not in play", where: "typed", marked: true });
  const pressed = playRefused(scored, reply, ["5H", "5H"], "pressed");
  assert.equal(pressed.drawn, scored.drawn);
  assert.deepEqual(pressed.refusal, { message: "That card is not in play", where: "pressed", marked: false });
});

test("another variant clears the steps but keeps the box; Clear empties both", () => {
  const scored = playScored(playStart(STANDARD), { steps: [STEP("5H")] }, 1);
  const other = playVariant(playTyped(scored, "5H 6D"), variant("three-player"));
  assert.deepEqual([other.steps, other.drawn, other.input, other.variant.name], [[], null, "5H 6D", "three-player"]);
  const cleared = playCleared(scored);
  assert.deepEqual([cleared.steps, cleared.input, cleared.drawn, cleared.variant], [[], "", null, STANDARD]);
});
