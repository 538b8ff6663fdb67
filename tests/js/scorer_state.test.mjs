// The scorer's state (docs/assets/js/scorer/state.js): links in the engine's format read back as
// written, the count's problems, a card pressed in the picker, and the play's lines.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";

globalThis.document = { getElementById: () => null }; // link.js asks whether a fragment is an anchor
const {
  countLine, countProblem, fifthToStarter, goClaim, HAND, handBoxLabel, leadLine, NOT_CARDS, pickCard, playFragment, playRefusal, refusedTail,
  scorerState, showFragment, showSize, stepPoints, teamNames, variantFragment, variantNamed,
} = await import("../../docs/assets/js/scorer/state.js");

const LINK = words.link;
const PLAYERS = words.players;
const VARIANTS = words.variants;
const variant = (name) => VARIANTS.find((v) => v.name === name);
const STANDARD = variant("standard");

test("a hand's link and a play's link are read back as written", () => {
  const hand = ["5H", "5S", "5C", "JD"];
  const read = (hash) => scorerState(hash, LINK, VARIANTS);
  assert.deepEqual(read("#" + showFragment(LINK, hand, "5D", true)), { kind: "show", hand, starter: "5D", crib: true, variant: "standard" });
  assert.deepEqual(read("#" + showFragment(LINK, hand, "5D", false)), { kind: "show", hand, starter: "5D", crib: false, variant: "standard" });
  const steps = ["4C", "6D", LINK.go, "5S"];
  assert.deepEqual(read("#" + playFragment(LINK, steps)), { kind: "play", steps, variant: "standard" });
  assert.equal("#" + showFragment(LINK, hand, "5D", true), LINK.examples.show);
});

test("a variant rides in the link, a link without one is the standard game, and an unknown one is said as text", () => {
  const read = (hash) => scorerState(hash, LINK, VARIANTS);
  const three = ["4H", "5H", "6H"];
  const fragment = showFragment(LINK, three, "5S", false, "five-card");
  assert.equal(fragment, "hand=4H,5H,6H&starter=5S&variant=five-card");
  assert.deepEqual(read("#" + fragment), { kind: "show", hand: three, starter: "5S", crib: false, variant: "five-card" });
  assert.equal(playFragment(LINK, ["AH", "2C"], "three-player"), "play=AH,2C&variant=three-player");
  assert.equal(read("#play=AH,2C&variant=three-player").variant, "three-player");
  assert.equal(showFragment(LINK, three, "5S", false, "standard"), "hand=4H,5H,6H&starter=5S");
  assert.deepEqual(read("#variant=four-player"), { kind: "variant", variant: "four-player" });
  assert.equal(variantFragment(LINK, "four-player"), "variant=four-player");
  assert.equal(variantFragment(LINK, "standard"), "");
  const bad = read("#hand=4H,5H,6H&starter=5S&variant=six-handed");
  assert.equal(bad.kind, "invalid");
  assert.match(bad.message, /“six-handed”.*five-card.*standard game/);
  assert.equal(read("#variant=" + "x".repeat(60)).message.includes("x".repeat(21)), false); // cut short
  assert.deepEqual(read("#variant=<b>five-card</b>"), { kind: "invalid", message: NOT_CARDS });
});

test("each variant's hand and crib sizes and its players come from the engine", () => {
  assert.deepEqual(VARIANTS.map((v) => [v.name, showSize(v, false), showSize(v, true)]),
    [["standard", 4, 4], ["five-card", 3, 4], ["three-player", 4, 4], ["four-player", 4, 4]]);
  assert.equal(variantNamed(VARIANTS, "nonsense").name, "standard");
  assert.equal(handBoxLabel(3), "Three cards");
  const seats = words.play_seats["3"];
  assert.equal(leadLine(PLAYERS, seats), "Count: 0. The player on the dealer's left (First) lays first.");
  assert.equal(leadLine(PLAYERS, words.play_seats["2"]), "Count: 0. The pone lays first.");
  assert.deepEqual(teamNames(PLAYERS, words.play_seats["4"], variant("four-player").teams), ["First and third", "Second and dealer"]);
  assert.match(countProblem({ handCount: 4, starterCount: 1 }, false, 3), /That is 4 cards in the hand box: a hand is three cards/);
  assert.match(countProblem({ handCount: 2, starterCount: 1 }, false, 3), /^Choose 1 more card for the hand: it holds three/);
  assert.deepEqual(fifthToStarter("4h 5h 6h 5s", 3), { hand: "4h 5h 6h", starter: "5s", note: "The last card, 5s, went into the starter box." });
  assert.equal(pickCard({ hand: ["4H", "5H"], starter: null, target: "hand" }, "6H", 3).target, "starter");
});

test("no fragment is nothing to do; one that names no cards says so", () => {
  assert.deepEqual(scorerState("", LINK, VARIANTS), { kind: "none" });
  for (const hash of ["#hand=%E0%A4%A&starter=5D", "#hand=5H,5S,5C,JD&starter=5D&shoe=1", "#nothing", "#hand=<b>", "#starter=5D",
    "#hand=" + "5H,".repeat(LINK.max_length)]) {
    assert.deepEqual(scorerState(hash, LINK, VARIANTS), { kind: "invalid", message: NOT_CARDS }, hash);
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
  assert.equal(countLine({ count: 15, next: "dealer", said_go: "pone" }, PLAYERS, STANDARD), "Count: 15. Next to lay: dealer (the pone has said go).");
  assert.equal(countLine({ count: 31, over: true }, PLAYERS, STANDARD), "Count: 31. The play is over: all eight cards are down.");
  assert.equal(countLine({ count: 27, next: "dealer", said_go: "first", gone: ["first", "second"] }, PLAYERS, variant("three-player")),
    "Count: 27. Next to lay: dealer (the first and the second have said go).");
  const fiveSteps = [{ card: "TC" }, { card: "KD" }, { card: "9H" }, { go: true }];
  assert.match(countLine({ count: 29, over: true, steps: fiveSteps }, PLAYERS, variant("five-card")), /the first go or 31 ends it/);
  const all = Array.from({ length: 12 }, () => ({ card: "x" }));
  assert.match(countLine({ count: 30, over: true, steps: all }, PLAYERS, variant("three-player")), /all twelve cards are down/);
  assert.equal(playRefusal("That card does not fit", false), "That card does not fit.");
  assert.equal(playRefusal("No.", true), "No. The cards below are the last sequence that was valid.");
  assert.equal(playRefusal("", true), "");
});

test("the count line says go ends the count when the player to move has laid every card", () => {
  assert.equal(countLine({ count: 30, next: "pone", next_holds: 0, said_go: "dealer", steps: [] }, PLAYERS, variant("standard")),
    "Count: 30. The pone has laid every card: go ends this count (the dealer has said go).");
  assert.match(countLine({ count: 30, next: "pone", next_holds: 2, steps: [] }, PLAYERS, variant("standard")), /Next to lay: pone\./);
});

test("a refused sequence is shown as typed: the refused token marked, the rest not scored", () => {
  assert.match(playRefusal("'AH': the pone has laid all four cards", true, true), /shows the cards as typed: the refused card is marked/);
  assert.deepEqual(refusedTail(["KC", "QD", "JH", "10s", "5d"], 3),
    [{ token: "10s", refused: true }, { token: "5d", refused: false }]);
  assert.deepEqual(refusedTail(["KC"], 1), []);
});
