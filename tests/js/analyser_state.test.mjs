// The discard analyser's state (docs/assets/js/analyser/state.js): the deal a link names, the
// link a deal gets, the count of cards chosen, the picker's toggle, and each throw's numbers and bars.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

globalThis.document = { getElementById: () => null }; // link.js asks whether a fragment is an anchor

const {
  analysed, chartBars, chartLabel, CHART, cleared, codesOf, countProblem, dealerChosen, dealFragment, failed, handScale,
  initialState, linked, NOT_A_DEAL, picked, read, readDealFragment, SIX, throwNumbers, toggleCard, typed,
} = await import("../../docs/assets/js/analyser/state.js");


test("a link's deal is read back as it was written, cards in upper case", () => {
  const cards = ["5H", "5S", "6C", "7D", "JD", "KC"];
  assert.deepEqual(readDealFragment("#" + dealFragment(cards, true)), { cards, dealer: true });
  assert.deepEqual(readDealFragment("#deal=ah,2s,3c,4d,5h,10s&dealer=0"), { cards: ["AH", "2S", "3C", "4D", "5H", "10S"], dealer: false });
  assert.equal(dealFragment(cards, false), "deal=5H,5S,6C,7D,JD,KC&dealer=0");
});

test("no fragment is no deal; a link that names no deal says so", () => {
  assert.equal(readDealFragment(""), null);
  for (const hash of ["#hand=5H", "#%E0%A4%A", "#deal=5H,5S,6C,7D,JD,KC&dealer=1&" + "x".repeat(80)]) {
    assert.deepEqual(readDealFragment(hash), { invalid: NOT_A_DEAL }, hash);
  }
});

test("a link whose deal is wrong says what is wrong with it", () => {
  const said = (/** @type {string} */ hash) => {
    const read = readDealFragment(hash);
    assert.ok(read && "invalid" in read, hash);
    assert.match(read.invalid, /^This link does not describe a deal of six cards \(.+\), so nothing was analysed\.$/);
    return read.invalid;
  };
  assert.match(said("#deal=5H,5S,6C,7D,JD&dealer=1"), /\(it names 5 cards\)/);
  assert.match(said("#deal=&dealer=1"), /\(it names 0 cards\)/);
  assert.match(said("#deal=5H,5S,6C,7D,JD,XX&dealer=1"), /\(“XX” is not a card\)/);
  assert.match(said("#deal=ZZ"), /\(“ZZ” is not a card\)/); // not "it names 1 card"
  assert.match(said("#deal=5H,5S,6C,7D,JD,<b>hello-there-long</b>&dealer=1"), /\(“<b>hello-the…” is not a card\)/);
  assert.match(said("#deal=5H,5S,6C,7D,5h,KC&dealer=1"), /\(5H is in it twice\)/);
  assert.match(said("#deal=5H,5S,6C,7D,JD,KC"), /\(it does not say who deals: dealer=1 is you, dealer=0 your opponent\)/);
  assert.match(said("#deal=5H,5S,6C,7D,JD,KC&dealer=9"), /\(the dealer is “9”: dealer=1 is you/);
  assert.deepEqual(readDealFragment("#deal=5H,5S,6C,7D,JD,KC&dealer=0"), { cards: ["5H", "5S", "6C", "7D", "JD", "KC"], dealer: false });
});

test("the count of cards: six is right, fewer or more says what to do", () => {
  assert.equal(countProblem(SIX), null);
  assert.match(countProblem(5), /Choose 1 more card:/);
  assert.match(countProblem(2), /Choose 4 more cards:/);
  assert.match(countProblem(7), /That is 7 cards/);
});

test("a card pressed in the picker is added or taken back; a seventh is refused", () => {
  assert.deepEqual(toggleCard(["AH"], "2S"), { codes: ["AH", "2S"], error: null });
  assert.deepEqual(toggleCard(["AH", "2S"], "AH"), { codes: ["2S"], error: null });
  const six = ["AH", "2S", "3C", "4D", "5H", "6S"];
  const refused = toggleCard(six, "7C");
  assert.deepEqual(refused.codes, six);
  assert.match(refused.error, /Six cards are chosen already/);
});

const THROW = { hand_value: 8.5, hand_min: 6, hand_max: 14, crib_value: 4.25, value: 12.75, distribution: [[6, 10], [8, 30], [14, 6]] };

test("a throw's numbers: the crib added for the dealer, taken for the pone, and the gap to the best", () => {
  const best = { ...THROW, value: 13.5 };
  assert.deepEqual(throwNumbers(THROW, best, true), [
    ["Hand", "8.50", " 6–14"], ["Crib", "+4.25", ""], ["Value", "12.75", ""], ["Behind best", "0.75", ""],
  ]);
  assert.deepEqual(throwNumbers(THROW, best, false)[1], ["Their crib", "−4.25", ""]);
});

test("the charts share one scale; the tallest bar fills the room, none is thinner than 2", () => {
  const scale = handScale([THROW, { ...THROW, hand_min: 2, hand_max: 12 }]);
  assert.deepEqual(scale, [2, 14]);
  const bars = chartBars([[6, 30], [8, 0.1]], scale);
  const step = CHART.width / 13;
  assert.equal(bars[0].bar.height, CHART.height - 26);
  assert.equal(bars[1].bar.height, 2);
  assert.ok(Math.abs(bars[0].bar.x - (4 * step + step * 0.15)) < 1e-9);
  assert.equal(bars[0].bar.y + bars[0].bar.height, CHART.height - 14); // every bar stands on the axis
  assert.equal(chartLabel(THROW.distribution), "Hand totals over the 46 starters: 6 points with 10, 8 points with 30, 14 points with 6.");
});

test("a crowded chart labels every other total, so neighbouring labels never run together", () => {
  const wide = [[14, 3], [15, 5], [16, 2], [17, 1]];
  const crowded = chartBars(wide, [0, 29]); // 30 totals in 200 units: under 7 units each
  assert.deepEqual(crowded.map((b) => b.labelled), [true, false, true, false]);
  const labelled = crowded.filter((b) => b.labelled).map((b) => b.tick.x);
  assert.ok(labelled[1] - labelled[0] >= 11, "labels at least a label's width apart");
  const roomy = chartBars(wide, [10, 20]); // 11 totals: 18 units each, every total labelled
  assert.ok(roomy.every((b) => b.labelled));
});

// --- the page's one state and its changes ---

const SIXCARDS = ["5H", "5S", "6C", "7D", "JD", "KC"];
const tokens = (codes) => codes.map((card) => ({ token: card, card }));
const shownFor = (codes) => ({ codes, dealer: true, result: { dealer: true, throws: [] }, ms: 1, fromLink: false, cards: {} });

test("the page starts empty; typing changes the box only, reading gives the cards it names", () => {
  const start = initialState(true);
  assert.deepEqual(start, { text: "", tokens: [], dealer: true, error: "", shown: null });
  const typedState = typed(start, "5h zz");
  assert.equal(typedState.text, "5h zz");
  assert.deepEqual(codesOf(typedState), []);
  const readState = read(typedState, [{ token: "5h", card: "5H" }, { token: "zz", card: null, error: "not a card" }]);
  assert.deepEqual(codesOf(readState), ["5H"]);
  assert.equal(start.text, "", "the state before is left as it was");
});

test("a card picked joins the box, a card picked again leaves it, and a seventh is refused with the analysis kept", () => {
  let state = initialState(true);
  for (const code of SIXCARDS.slice(0, 5)) state = picked(state, code);
  assert.equal(state.text, "5H 5S 6C 7D JD");
  assert.deepEqual(codesOf(state), SIXCARDS.slice(0, 5));
  state = analysed(picked(state, "KC"), shownFor(SIXCARDS));
  const refused = picked(state, "AS");
  assert.match(refused.error, /Six cards are chosen already/);
  assert.equal(refused.shown, state.shown);
  assert.deepEqual(codesOf(refused), SIXCARDS);
  const fewer = picked(state, "JD");
  assert.equal(fewer.shown, null, "five cards leave no analysis on screen");
  assert.equal(fewer.text, "5H 5S 6C 7D KC");
});

test("a failure says why and takes the analysis away; an analysis clears the message; Clear empties all but whose crib", () => {
  const shown = analysed(read(initialState(false), tokens(SIXCARDS)), shownFor(SIXCARDS));
  assert.equal(shown.error, "");
  const failure = failed(shown, "Choose 1 more card");
  assert.deepEqual([failure.error, failure.shown], ["Choose 1 more card", null]);
  assert.equal(analysed(failure, shownFor(SIXCARDS)).error, "");
  assert.deepEqual(cleared(failure), { text: "", tokens: [], dealer: false, error: "", shown: null });
  assert.equal(dealerChosen(failure, true).dealer, true);
});

test("a linked deal fills the box and whose crib it is", () => {
  const state = linked(failed(initialState(true), "old"), { cards: SIXCARDS, dealer: false });
  assert.deepEqual([state.text, state.dealer, state.error], ["5H 5S 6C 7D JD KC", false, ""]);
});
