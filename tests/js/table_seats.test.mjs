// The table's seats as pure functions (docs/assets/js/table/seats.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fingerprint, heldCards, nameClashes, nextPerson, personNames, seatingLine, seatKinds, seatNames, turnView } from "../../docs/assets/js/table/seats.js";

test("seat 0 is always a person; the others as chosen, a computer at the level", () => {
  assert.deepEqual(seatKinds(["computer", "human", "computer", "human"], 4, "strong"), ["human", "human", "strong", "human"]);
  assert.deepEqual(seatKinds(["human", "computer"], 2, "easy"), ["human", "easy"]);
});

test("each computer seat may have a level of its own; one that plays only the standard game gives way", () => {
  assert.deepEqual(seatKinds(["human", "strong", "human", "easy"], 4, "normal"), ["human", "strong", "human", "easy"]);
  assert.deepEqual(seatKinds(["human", "expert", "computer"], 3, "normal", (id) => (id === "expert" ? "strong" : id)),
    ["human", "strong", "normal"]);
  assert.equal(seatingLine(["human", "strong", "normal"], ["Ann", "", ""], (id) => ({ strong: "Strong" })[id] ?? ""),
    "Round the table to the left: Ann, Computer (Strong), Computer.");
});

test("names: the typed ones, Player N for a person unnamed among several, none for one person alone", () => {
  assert.equal(seatNames(["human", "normal"], ["", ""]), null);
  assert.deepEqual(seatNames(["human", "normal"], ["Ann", ""]), ["Ann", null]);
  assert.deepEqual(seatNames(["human", "human", "normal"], ["", " Ben ", ""]), ["Player 1", "Ben", null]);
});

test("a computer's seat keeps no name typed when a person sat there", () => {
  const names = personNames(["human", "computer", "human", "strong"], ["Ann", "Ben", " Ben ", "Cy"]);
  assert.deepEqual(names, ["Ann", "", "Ben", ""]);
  assert.equal(seatingLine(seatKinds(["human", "computer", "human", "computer"], 4, "computer"), names),
    "Round the table to the left: Ann, Computer, Ben, Computer. Partners: Ann and Ben against Computer and Computer.");
});

test("the phone is passed only to another person", () => {
  const view = { seat: 0, to_act: 1, seat_kinds: ["human", "human"] };
  assert.equal(nextPerson(view), 1);
  assert.equal(nextPerson({ ...view, to_act: 0 }), null);
  assert.equal(nextPerson({ ...view, to_act: null }), null);
  assert.equal(nextPerson({ ...view, seat_kinds: ["human", "easy"] }), null);
});

test("a view is turned so that its seat is seat 0, sides with it", () => {
  const view = { seat: 1, dealer: 0, to_act: 1, cards_held: [4, 3, 2, 1], seat_kinds: ["human", "human", "easy", "easy"],
    scores: [10, 20], previous_scores: [5, 15], sides: 2, legal: [{ kind: "play", player: 1, cards: ["5H"] }],
    events: [{ type: "score", player: 3, scores: [10, 20] }], result: null };
  const turned = turnView(view);
  assert.equal(turned.dealer, 3);
  assert.equal(turned.to_act, 0);
  assert.deepEqual(turned.cards_held, [3, 2, 1, 4]);
  assert.deepEqual(turned.scores, [20, 10]);
  assert.equal(turned.legal[0].player, 0);
  assert.deepEqual(turned.events[0], { type: "score", player: 2, scores: [20, 10] });
  const over = turnView({ ...view, summary: { points: [{ hand: 1 }, { hand: 2 }], cribs: [3, 4], deals: 7,
    result: { winner: 1, scores: [99, 121] } } }).summary;
  assert.deepEqual([over.points, over.cribs, over.result], [[{ hand: 2 }, { hand: 1 }], [4, 3], { winner: 0, scores: [121, 99] }]);
  const own = { ...view, seat: 0 };
  assert.equal(turnView(own), own); // seat 0's view is as the engine sent it
});

test("the fingerprint and the seating", () => {
  assert.equal(fingerprint("0123456789abcdef".repeat(4)), "0123 4567 89ab");
  assert.equal(seatingLine(["human", "easy", "human", "easy"], ["Ann", "", "Cy", ""]),
    "Round the table to the left: Ann, Computer, Cy, Computer. Partners: Ann and Cy against Computer and Computer.");
  assert.equal(seatingLine(["human", "human"], ["", ""]), "Player 1 against Player 2."); // as the game calls them
  assert.equal(seatingLine(["human", "human"], ["", "Ann"]), "Player 1 against Ann.");
  assert.equal(seatingLine(["human", "normal"], ["", ""]), "You against Computer."); // one person alone is "you"
});

test("two people may not share a name, nor one differing only by case; the later seat is told", () => {
  assert.deepEqual(nameClashes(["human", "normal", "human", "normal"], ["Ann", "", "ann ", ""]),
    ["", "", "Seat 1 is already called Ann: give each person a different name.", ""]);
  assert.deepEqual(nameClashes(["human", "human"], ["", "Player 1"]), ["", "Seat 1 is already called Player 1: give each person a different name."]);
  assert.deepEqual(nameClashes(["human", "human", "human"], ["Ann", "Amy", ""]), ["", "", ""]);
  assert.deepEqual(nameClashes(["human", "normal"], ["Ann", "Ann"]), ["", ""]); // a computer's seat has no name
});

test("cards are put away at a hand-over only when the one who moved had some", () => {
  assert.equal(heldCards(null), false);
  assert.equal(heldCards({ hand: [], kept: [] }), false); // after the cut for deal, or before a first look at the deal
  assert.equal(heldCards({ hand: ["5H"], kept: [] }), true);
  assert.equal(heldCards({ hand: [], kept: ["5H"] }), true); // every card laid in the play
});
