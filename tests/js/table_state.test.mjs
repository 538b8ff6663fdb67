// The table's state (docs/assets/js/table/state.js): the seats from the view, the felt from the
// events and the view, and the models the page draws.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";
import * as state from "../../docs/assets/js/table/state.js";

const KINDS = words.kinds;
const THIRTY_ONE = words.rules.THIRTY_ONE;

function view(extra = {}) {
  return { phase: "play", hand: [], kept: [], legal: [], computer_cards: 0, cards_held: [0, 0], scores: [0, 0],
    previous_scores: [0, 0], dealer: 0, starter: null, hand_number: 1, count_by_hand: false, result: null, ...extra };
}

const play = (player, card, count) => ({ type: "play", player, cards: [card], count });

test("the seats come from the view: two now, up to four, you always at the bottom", () => {
  const two = state.seatsOf(view({ cards_held: [4, 3] }));
  assert.deepEqual(two.map((s) => [s.name, s.position, s.held, s.you]), [["You", "bottom", 4, true], ["Computer", "top", 3, false]]);
  const four = state.seatsOf(view({ cards_held: [5, 5, 5, 5] }));
  assert.deepEqual(four.map((s) => s.position), ["bottom", "left", "top", "right"]);
  assert.deepEqual(four.map((s) => s.name), ["You", "Computer 1", "Computer 2", "Computer 3"]);
  assert.deepEqual(state.seatsOf(view({ cards_held: [1, 1, 1] })).map((s) => s.position), ["bottom", "left", "right"]);
  // a view without cards_held (before the engine said it by seat) still gives two seats
  assert.deepEqual(state.seatsOf({ hand: ["5H"], computer_cards: 2 }).map((s) => s.held), [1, 2]);
});

test("a deal, the throw and the play move the cards on the felt, and the input felt is never changed", () => {
  const start = state.emptyFelt();
  const frozen = JSON.stringify(start);
  let felt = state.feltAfter(start, [{ type: "deal", player: 1 }]);
  assert.deepEqual(felt.held, [0, 6]);
  assert.equal(felt.dealer, 1);
  felt = state.feltAfter(felt, [{ type: "discard", player: 0, cards: ["5H", "5S"] }, { type: "discard", player: 1 },
    { type: "starter", player: 1, cards: ["JD"] }, play(0, "9H", 9), play(1, "6C", 15)]);
  assert.deepEqual(felt.held, [0, 3]);
  assert.equal(felt.cribCards, 4);
  assert.equal(felt.starter, "JD");
  assert.deepEqual(felt.pile.map((laid) => laid.card), ["9H", "6C"]);
  assert.equal(felt.count, 15);
  assert.equal(JSON.stringify(start), frozen);
});

test("a finished count stays in view until the next card starts a new one", () => {
  let felt = state.feltAfter(state.emptyFelt(), [play(0, "KH", 10), play(1, "KS", 20), play(0, "AH", 21),
    { type: "go", player: 1 }, { type: "reset" }]);
  assert.equal(felt.pileClosed, true);
  assert.equal(felt.pile.length, 4);
  assert.equal(state.pileStatus(felt, THIRTY_ONE), "Count ended at 21 (go): the next count starts from zero");
  felt = state.applyEvent(felt, play(1, "4D", 4));
  assert.deepEqual(felt.pile.map((laid) => laid.card), ["4D"]);
  assert.equal(state.pileStatus(felt, THIRTY_ONE), "Count: 4");
  const at31 = state.feltAfter(state.emptyFelt(), [play(0, "KH", 31), { type: "reset" }]);
  assert.equal(state.pileStatus(at31, THIRTY_ONE), "Count ended at 31: the next count starts from zero");
});

test("the engine's numbers win over what the events made", () => {
  const felt = state.feltAfter(state.emptyFelt(), [{ type: "deal", player: 0 }]);
  const after = state.withView(felt, view({ scores: [12, 7], previous_scores: [10, 5], dealer: 0, cards_held: [4, 4], starter: "5C" }));
  assert.deepEqual([after.scores, after.previous, after.held, after.starter], [[12, 7], [10, 5], [4, 4], "5C"]);
});

const SHOW = { type: "show", player: 1, part: "pone", breakdown: { hand: ["5H", "5S", "JD", "4C"], starter: "6D", total: 4,
  spoken: "Fifteen two, fifteen four", items: [{ kind: "fifteen", points: 2, cards: ["5H", "JD"] }, { kind: "fifteen", points: 2, cards: ["5S", "JD"] }] } };

test("the show is counted aloud one combination at a time, then said whole", () => {
  let felt = state.feltAfter(state.emptyFelt(), [{ type: "deal", player: 0 }, SHOW]);
  assert.deepEqual(felt.held, [0, 0]);
  assert.ok(state.counting(felt));
  let row = state.showRow(felt.show[0], felt, KINDS);
  assert.equal(row.title, "The computer's hand: …");
  assert.deepEqual(row.cards, ["5H", "5S", "JD", "4C", "6D"]);
  felt = state.lightShow(felt, 0, 1);
  row = state.showRow(felt.show[0], felt, KINDS);
  assert.deepEqual([row.lit, row.kind, row.spoken], [["5S", "JD"], "fifteen", `${KINDS.fifteen.label} 2`]);
  felt = state.finishShow(felt, 0);
  row = state.showRow(felt.show[0], felt, KINDS);
  assert.deepEqual([row.title, row.spoken, row.lit], ["The computer's hand: 4", "“Fifteen two, fifteen four”", []]);
  assert.ok(!state.counting(felt));
  // the next deal keeps it on the felt, marked as the last deal's, until the starter is cut
  felt = state.applyEvent(felt, { type: "deal", player: 1 });
  assert.match(state.showRow(felt.show[0], felt, KINDS).title, /^Last deal · /);
  assert.equal(state.applyEvent(felt, { type: "starter", player: 0, cards: ["2C"] }).show.length, 0);
});

test("a resumed game has every show counted", () => {
  const felt = state.feltFromLog(view({ log: [{ type: "deal", player: 0 }, SHOW], cards_held: [0, 0] }));
  assert.equal(felt.show.length, 1);
  assert.ok(!state.counting(felt));
});

test("your hand: cards to throw, to lay, that cannot be laid, and the gaps laid cards leave", () => {
  const throwing = view({ phase: "discard", hand: ["AH", "2H", "3H"], legal: [{ kind: "discard" }] });
  assert.deepEqual(state.handModel(throwing, ["2H"]).map((c) => [c.mode, c.pressed]),
    [["select", false], ["select", true], ["select", false]]);
  const playing = view({ hand: ["KH", "5C"], kept: ["KH", "9S", "5C", "2D"], legal: [{ kind: "play", cards: ["5C"] }] });
  assert.deepEqual(state.handModel(playing, []).map((c) => c.mode), ["blocked", "gap", "play", "gap"]);
  assert.deepEqual(state.toggleSelected(["AH", "2H"], "3H"), ["2H", "3H"]);
  assert.deepEqual(state.toggleSelected(["AH", "2H"], "AH"), ["2H"]);
  assert.equal(state.blockedReason(playing, "king of hearts", THIRTY_ONE), "The king of hearts would take the count past 31.");
});

test("the moves open to you, and a typed total", () => {
  const throwing = view({ phase: "discard", legal: [{ kind: "discard" }] });
  const [throwButton, hint] = state.actionsModel(throwing, ["AH"]);
  assert.deepEqual([throwButton.label, throwButton.disabled, hint.type], ["Throw two cards to the crib", true, "hint"]);
  assert.equal(state.actionsModel(throwing, ["AH", "2H"])[0].disabled, false);
  const counting = view({ show_part: "crib", count_by_hand: true, legal: [{ kind: "count" }] });
  assert.deepEqual(state.actionsModel(counting, []), [{ type: "claim", part: "crib" }]);
  assert.deepEqual(state.actionsModel(view({ legal: [{ kind: "cut" }] }), [])[0].action, { player: 0, kind: "cut" });
  const over = state.actionsModel(view({ result: { winner: 0 } }), []);
  assert.deepEqual(over.map((item) => item.type), ["prompt", "again"]);
  assert.equal(state.claimTotal("12", 29), 12);
  for (const bad of ["", "-1", "30", "2.5", "x"]) assert.equal(state.claimTotal(bad, 29), null, bad);
});

test("what is said, the scores line, a verdict and the summary", () => {
  const events = [{ type: "discard", text: "thrown" }, { type: "show", text: "counted" }, { type: "score", text: "pegs 4" },
    { type: "play", text: "a" }, { type: "play", text: "b" }, { type: "play", text: "c" }, { type: "go", text: "d" }];
  assert.equal(state.announcement(events), "a b c d");
  assert.equal(state.announcement(events.slice(0, 3)), "pegs 4");
  const felt = { ...state.emptyFelt(), scores: [5, 9], dealer: 1 };
  assert.equal(state.scoresLine(felt), "You (blue) 5 · Computer (red) 9 · the computer's crib");
  const verdict = { claim: { total: 4 }, actual: 6, missed: [{ kind: "pair" }], missed_points: 2, overcount: 0 };
  assert.equal(state.verdictText(verdict, KINDS), `You said 4; it holds 6. Missed 2: ${KINDS.pair.label.toLowerCase()}.`);
  const points = [{ pegging: 10, hand: 80, crib: 20, heels: 0, muggins: 0 }, { pegging: 12, hand: 70, crib: 9, heels: 2, muggins: 0 }];
  const rows = state.summaryRows({ points }, [121, 93], KINDS);
  assert.deepEqual(rows.map((r) => r[0]), ["Pegging", "Hands", "Cribs", KINDS.heels.label, "Total"]);
  assert.deepEqual(rows.at(-1), ["Total", 121, 93]);
});
