// The table page's state (docs/assets/js/table/page-state.js): each change makes a new state from
// the one before, never changing it in place; page.js's commit stores and draws it.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";
import "./vocabulary-module.mjs"; // table/state.js reads the seats' words from vocabulary.js

const next = await import("../../docs/assets/js/table/page-state.js");

const VARIANT = Object.fromEntries(words.variants.map((v) => [v.name, v]));
const RECORD = { version: 1, counted: [], levels: {} };

function view(extra = {}) {
  return { id: "t1", level: "normal", seat: 0, seat_kinds: ["human", "normal"], to_act: 0, commitment: "c".repeat(64),
    phase: "discard", dealer: 1, hand_number: 0, scores: [0, 0], previous_scores: [0, 0], hand: ["AH", "2H"], kept: [],
    computer_cards: 6, cards_held: [6, 6], crib_cards: 0, starter: null, crib: null, count: 0, show_part: null,
    count_by_hand: false, muggins: false, legal: [{ kind: "discard", player: 0, cards: ["AH", "2H"] }], events: [],
    result: null, ...extra };
}

// Every change leaves the state it was given as it was.
const frozen = (state) => Object.freeze({ ...state, selected: Object.freeze([...state.selected]) });

test("the first state: the variant chosen, the record read, nothing dealt", () => {
  const first = next.initialState(VARIANT["three-player"], RECORD);
  assert.equal(first.variant.name, "three-player");
  assert.equal(first.record, RECORD);
  assert.deepEqual(first.felt.held, [0, 0, 0]);
  assert.deepEqual([first.view, first.sealed, first.handOver, first.turn, first.seedTaken], [null, null, null, null, false]);
});

test("cards pressed: a throw takes at most its size; a card picked in the play is the only one", () => {
  const before = frozen(next.initialState(VARIANT.standard, RECORD));
  const one = next.cardToggled(before, "AH", 2);
  const two = next.cardToggled(one, "2H", 2);
  assert.deepEqual(next.cardToggled(two, "3H", 2).selected, ["2H", "3H"]);
  assert.deepEqual(next.cardToggled(two, "AH", 2).selected, ["2H"]); // pressed again: put back
  assert.deepEqual(next.cardPicked(two, "5C").selected, ["5C"]);
  assert.deepEqual(next.unselected(two).selected, []);
  assert.deepEqual(before.selected, []);
});

test("a reply taken in: its seat, its kinds, the game sealed, the commitment kept from the first view", () => {
  const before = frozen({ ...next.initialState(VARIANT.standard, RECORD), commitment: "a".repeat(64) });
  const after = next.replied(before, { view: view(), sealed: "sealed-1" }, VARIANT.standard, false);
  assert.equal(after.sealed, "sealed-1");
  assert.deepEqual(after.kinds, ["human", "normal"]);
  assert.equal(after.commitment, "a".repeat(64));
  assert.equal(after.handOver, null);
  assert.deepEqual(after.view.hand, ["AH", "2H"]);
  assert.equal(before.sealed, null);
});

test("a reply for the next person at one phone hides the cards and names the seat it passes to", () => {
  const before = next.initialState(VARIANT.standard, RECORD);
  const reply = { view: view({ seat_kinds: ["human", "human"], to_act: 1 }), sealed: "s" };
  const passing = next.replied(before, reply, VARIANT.standard, false);
  assert.equal(passing.handOver, 1);
  assert.deepEqual([passing.view.hand, passing.view.legal], [[], []]);
  const linked = next.replied(before, reply, VARIANT.standard, true); // each linked phone is its own person's
  assert.equal(linked.handOver, null);
  assert.deepEqual(linked.view.hand, ["AH", "2H"]);
});

test("a reply for another seat is turned so that seat is the one at the bottom", () => {
  const before = next.initialState(VARIANT.standard, RECORD);
  const reply = { view: view({ seat: 1, dealer: 1, scores: [5, 9], seat_kinds: ["human", "human"], to_act: 1 }), sealed: "s" };
  const after = next.replied(before, reply, VARIANT.standard, false);
  assert.equal(after.seat, 1);
  assert.equal(after.view.dealer, 0);
  assert.deepEqual(after.view.scores, [9, 5]);
});

test("your turn after a reply is yours only while the view has a move for you", () => {
  const state = next.initialState(VARIANT.standard, RECORD);
  assert.equal(next.turnAfterReply({ ...state, view: view() }).turn, 0);
  assert.equal(next.turnAfterReply({ ...state, view: view({ legal: [] }) }).turn, null);
  assert.equal(next.withTurn(state, 2).turn, 2);
});

test("a new game clears the felt for its variant and keeps its people and commitment", () => {
  const state = { ...next.initialState(VARIANT.standard, RECORD), selected: ["AH"] };
  const after = next.newGameState(state, VARIANT["four-player"], ["Ann", null, "Ben", null], "b".repeat(64));
  assert.deepEqual(after.felt.held, [0, 0, 0, 0]);
  assert.deepEqual(after.names, ["Ann", null, "Ben", null]);
  assert.equal(after.commitment, "b".repeat(64));
  assert.deepEqual(after.selected, []);
  assert.equal(after.variant, VARIANT.standard); // the game's variant is the reply's (replied)
});

test("a saved game: its people first, then back to the hand-over without any cards", () => {
  const state = next.initialState(VARIANT.standard, RECORD);
  const named = next.resumed(state, { names: ["Ann", "Ben"], commitment: "c".repeat(64) });
  assert.deepEqual([named.names, named.commitment], [["Ann", "Ben"], "c".repeat(64)]);
  assert.deepEqual([next.resumed(state, {}).names, next.resumed(state, {}).commitment], [null, null]);
  const waiting = next.atHandOver(named, { sealed: "s", shown: 0, handOver: 1 });
  assert.deepEqual([waiting.sealed, waiting.seat, waiting.handOver, waiting.view], ["s", 0, 1, null]);
});

test("a game is in progress while it is dealt and unfinished, or while the phone changes hands", () => {
  const state = next.initialState(VARIANT.standard, RECORD);
  assert.equal(next.inProgress(state), false);
  assert.equal(next.inProgress({ ...state, view: view() }), true);
  assert.equal(next.inProgress({ ...state, view: view({ phase: "cut_for_deal" }) }), false);
  assert.equal(next.inProgress({ ...state, view: view({ result: { winner: 0, scores: [121, 80] } }) }), false);
  assert.equal(next.inProgress({ ...state, handOver: 1 }), true);
});

test("the small changes: busy, moved, a hint's sealed game, the seed taken, the host's record and names", () => {
  const state = frozen(next.initialState(VARIANT.standard, RECORD));
  assert.equal(next.withBusy(state, true).busy, true);
  assert.equal(next.moved(state).moved, true);
  assert.equal(next.hinted(state, "after-hint").sealed, "after-hint");
  assert.equal(next.seedTaken(state).seedTaken, true);
  assert.deepEqual(next.withLinkedRecord(state, "record text").linkedRecord, { over: true, text: "record text" });
  assert.deepEqual(next.fromHost({ ...state, selected: ["AH"] }, ["Ann", null]).names, ["Ann", null]);
  assert.deepEqual(next.savedPart({ ...state, seat: 1, handOver: 0, commitment: "x", names: ["A", "B"] }),
    { shown: 1, handOver: 0, commitment: "x", names: ["A", "B"] });
  assert.equal(state.busy || state.moved || state.seedTaken, false);
});

test("linked guests' names go in their seats; a guest renamed keeps the others' names", () => {
  assert.deepEqual(next.withGuestNames(["Ann", null, null], { 2: "Cy" }), ["Ann", null, "Cy"]);
  const alone = next.withGuestNames(null, { 1: "Ben" });
  assert.deepEqual([alone.length, alone[0], alone[1]], [2, undefined, "Ben"]);
  const names = ["Ann", null];
  assert.equal(next.withGuestNames(names, undefined), names); // no guests: the names as they were
  const state = { ...next.initialState(VARIANT.standard, RECORD), names: Object.freeze(["Ann", "Ben"]) };
  assert.deepEqual(next.renamed(state, 1, "Bea").names, ["Ann", "Bea"]);
  assert.deepEqual(state.names, ["Ann", "Ben"]);
  assert.equal(next.renamed(next.initialState(VARIANT.standard, RECORD), 1, "Bea").names[1], "Bea");
});
