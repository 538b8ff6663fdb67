// The scorer's state (docs/assets/js/scorer/state.js): links in the engine's format read back as
// written, the count's problems, a card pressed in the picker, and the play's lines.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";

globalThis.document = { getElementById: () => null }; // link.js asks whether a fragment is an anchor
const {
  countLine, countProblem, fifthToStarter, goClaim, HAND, NOT_CARDS, pickCard, playFragment, playRefusal, scorerState,
  showFragment, stepPoints,
} = await import("../../docs/assets/js/scorer/state.js");

const LINK = words.link;
const PLAYERS = words.players;

test("a hand's link and a play's link are read back as written", () => {
  const hand = ["5H", "5S", "5C", "JD"];
  assert.deepEqual(scorerState("#" + showFragment(LINK, hand, "5D", true), LINK), { kind: "show", hand, starter: "5D", crib: true });
  assert.deepEqual(scorerState("#" + showFragment(LINK, hand, "5D", false), LINK), { kind: "show", hand, starter: "5D", crib: false });
  const steps = ["4C", "6D", LINK.go, "5S"];
  assert.deepEqual(scorerState("#" + playFragment(LINK, steps), LINK), { kind: "play", steps });
  assert.equal("#" + showFragment(LINK, hand, "5D", true), LINK.examples.show);
});

test("no fragment is nothing to do; one that names no cards says so", () => {
  assert.deepEqual(scorerState("", LINK), { kind: "none" });
  for (const hash of ["#hand=%E0%A4%A&starter=5D", "#hand=5H,5S,5C,JD&starter=5D&shoe=1", "#nothing", "#hand=<b>", "#starter=5D",
    "#hand=" + "5H,".repeat(LINK.max_length)]) {
    assert.deepEqual(scorerState(hash, LINK), { kind: "invalid", message: NOT_CARDS }, hash);
  }
});

test("a fifth card typed into the hand box goes to the starter, and the page says so", () => {
  assert.deepEqual(fifthToStarter("5h 5s 5c jd 5d"), { hand: "5h 5s 5c jd", starter: "5d", note: "The fifth card, 5d, went into the starter box." });
  assert.equal(fifthToStarter("5h 5s 5c jd"), null);
});

test("a count needs four cards and one starter; the problem is said for the hand or the crib", () => {
  assert.equal(countProblem({ handCount: HAND, starterCount: 1 }, false), null);
  assert.equal(countProblem({ error: "“ZZ” is not a card", handCount: 4, starterCount: 1 }, false), "“ZZ” is not a card");
  assert.match(countProblem({ handCount: 3, starterCount: 1 }, true), /^Choose 1 more card for the crib/);
  assert.match(countProblem({ handCount: 1, starterCount: 1 }, false), /^Choose 3 more cards for the hand/);
  assert.match(countProblem({ handCount: 5, starterCount: 1 }, false), /That is 5 cards in the hand box/);
  assert.match(countProblem({ handCount: 4, starterCount: 0 }, false), /Choose the starter/);
  assert.match(countProblem({ handCount: 4, starterCount: 2 }, false), /the starter box has 2/);
});

test("a card pressed in the picker joins the hand, then the starter; a chosen one is taken back", () => {
  let state = { hand: ["AH", "2H", "3H"], starter: null, target: "hand" };
  state = pickCard(state, "4H");
  assert.deepEqual(state, { hand: ["AH", "2H", "3H", "4H"], starter: null, target: "starter", error: null });
  state = pickCard(state, "5H");
  assert.equal(state.starter, "5H");
  const full = pickCard(state, "6H");
  assert.match(full.error, /The hand and the starter are chosen/);
  assert.deepEqual(full.hand, state.hand);
  const back = pickCard(state, "2H");
  assert.deepEqual([back.hand, back.starter, back.target], [["AH", "3H", "4H"], "5H", "hand"]);
  assert.equal(pickCard(state, "5H").starter, null);
});

test("the play's lines: a go's claim, the points a step pegs, who lays next, a refusal", () => {
  assert.equal(goClaim({ player: "pone", held: 0 }, PLAYERS), "the pone is out of cards");
  assert.equal(goClaim({ player: "dealer", held: 2, fits_up_to: 5, known: true }, PLAYERS), "no card worth 5 or less: the dealer's later cards show it");
  assert.match(goClaim({ player: "dealer", held: 2, fits_up_to: 5, known: false }, PLAYERS), /taken on the dealer's word/);
  const label = (kind) => words.kinds[kind].label;
  assert.equal(stepPoints({ points: 4, scorer: "pone", items: [{ kind: "fifteen", points: 2 }, { kind: "pair", points: 2 }] }, label, PLAYERS),
    "4 to pone: Fifteen 2, Pair 2");
  assert.equal(stepPoints({ points: 0, items: [] }, label, PLAYERS), "0");
  assert.equal(countLine({ count: 15, next: "dealer", said_go: "pone" }, PLAYERS), "Count: 15. Next to lay: dealer (the pone has said go).");
  assert.equal(countLine({ count: 31, over: true }, PLAYERS), "Count: 31. The play is over: all eight cards are down.");
  assert.equal(playRefusal("That card does not fit", false), "That card does not fit.");
  assert.equal(playRefusal("No.", true), "No. The cards below are the last sequence that was valid.");
  assert.equal(playRefusal("", true), "");
});
