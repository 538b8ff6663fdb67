// The board's game state (docs/assets/js/board/state.js): set-up, pegging, the phase and the
// counting order, the deal moving on, the end at the game hole, skunks, undo and redo.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  cutCard, defaultNames, derive, gameLines, markDeal, markShow, newGame, normaliseSetup, partFor, peg,
  redo, removeEntry, showOrder, undo,
} from "../../docs/assets/js/board/state.js";
import { rules } from "./vocabulary.mjs";

const setupFor = (mode, extra = {}) => normaliseSetup({ mode, firstDealer: 0, ...extra }, rules);
const start = (setup) => newGame(setup, rules, setup.firstDealer === "cut" ? null : setup.firstDealer, 0);

// Peg a list of [side, points, requested?]; every peg must be accepted.
function pegAll(setup, game, pegs) {
  let at = 1;
  for (const [side, points, requested] of pegs) {
    const result = peg(setup, game, side, points, requested, at++);
    assert.equal(result.refused, undefined, `peg ${side} ${points}: ${result.refused}`);
    game = result.game;
  }
  return game;
}

test("a set-up is filled in with defaults and cleaned of anything unknown", () => {
  const setup = normaliseSetup({ mode: "teams", names: ["  Reds ", ""], hole: 999, skunks: "x" }, rules);
  assert.deepEqual(setup.names, ["Reds", "Team B"]);
  assert.equal(setup.hole, rules.GAME_HOLE);
  assert.equal(setup.firstDealer, 0, "the first player deals unless they cut");
  assert.equal(normaliseSetup({ firstDealer: "cut" }, rules).firstDealer, "cut");
  assert.equal(setup.skunks, "games");
  assert.equal(setup.loserDeals, true);
  assert.deepEqual(defaultNames("three"), ["Player 1", "Player 2", "Player 3"]);
  assert.equal(normaliseSetup({ mode: "nonsense" }, rules).mode, "two");
  assert.equal(normaliseSetup({ names: ["x".repeat(80)] }, rules).names[0].length, 24);
  assert.equal(normaliseSetup({ hole: rules.SHORT_GAME_HOLE }, rules).hole, rules.SHORT_GAME_HOLE);
});

test("the game lines come from the engine's numbers", () => {
  assert.deepEqual(gameLines(rules, rules.GAME_HOLE), { hole: 121, skunk: 91, double: 61 });
  assert.deepEqual(gameLines(rules, rules.SHORT_GAME_HOLE), { hole: 61, skunk: 31, double: 0 });
});

test("front and back pegs: the gap is the last score", () => {
  const setup = setupFor("two");
  const game = pegAll(setup, start(setup), [[1, 2], [0, 3], [1, 4]]);
  const view = derive(setup, game);
  assert.deepEqual(view.totals, [3, 6]);
  assert.deepEqual(view.backs, [0, 2]);
  assert.deepEqual(view.rows.map((r) => r.total), [2, 3, 6]);
});

test("the play, then the show in counting order pone, dealer, crib; then the deal passes", () => {
  const setup = setupFor("two"); // player 0 deals
  let game = pegAll(setup, start(setup), [[1, 2], [0, 1]]);
  let view = derive(setup, game);
  assert.equal(view.phase, "play");
  assert.deepEqual(game.entries.map((e) => e.source), ["play", "play"]);
  game = markShow(setup, game, 5);
  view = derive(setup, game);
  assert.equal(view.phase, "show");
  assert.deepEqual(view.next, { part: "hand", seat: 1 }); // the pone counts first
  game = pegAll(setup, game, [[1, 8]]);
  assert.deepEqual(derive(setup, game).next, { part: "hand", seat: 0 });
  game = pegAll(setup, game, [[0, 12]]);
  assert.deepEqual(derive(setup, game).next, { part: "crib", seat: 0 });
  assert.deepEqual(partFor(setup, derive(setup, game), 0), { part: "crib", seat: 0 });
  game = pegAll(setup, game, [[0, 4]]);
  view = derive(setup, game);
  assert.deepEqual(game.entries.filter((e) => e.source).map((e) => e.source), ["play", "play", "hand", "hand", "crib"]);
  assert.equal(view.dealer, 1, "after the crib the deal passes to the left");
  assert.equal(view.deal, 1);
  assert.equal(view.phase, "play");
  assert.equal(view.heels, true);
});

test("a show peg out of turn is that player's hand, and a zero hand counts in the order", () => {
  const setup = setupFor("two");
  let game = markShow(setup, start(setup), 1);
  game = pegAll(setup, game, [[0, 6]]); // the dealer first, by mistake
  assert.equal(game.entries.at(-1).source, "hand");
  assert.deepEqual(derive(setup, game).next, { part: "hand", seat: 1 });
  game = pegAll(setup, game, [[1, 0]]); // nineteen: nothing
  assert.deepEqual(derive(setup, game).next, { part: "crib", seat: 0 });
  assert.match(peg(setup, start(setup), 0, 0, undefined, 1).refused, /0 is only for a hand or crib/);
});

test("a crib counted out of order is the crib; from anyone else it is their hand", () => {
  const setup = setupFor("two"); // player 0 deals
  const game = pegAll(setup, markShow(setup, start(setup), 1), [[1, 6, "crib"], [0, 4, "crib"]]);
  assert.deepEqual(game.entries.slice(1).map((e) => [e.source, e.seat]), [["hand", 1], ["crib", 0]]);
  assert.equal(derive(setup, game).dealer, 1, "the crib pegged: the deal passes");
});

test("a show peg in the play (count a hand) starts the show", () => {
  const setup = setupFor("two");
  const game = pegAll(setup, start(setup), [[1, 2], [1, 7, "show"]]);
  assert.deepEqual(game.entries.map((e) => e.source), ["play", "hand"]);
  assert.equal(derive(setup, game).phase, "show");
});

test("his heels is the dealer's, only before the first card of the play", () => {
  const setup = setupFor("two");
  const game = start(setup);
  assert.match(peg(setup, game, 1, rules.HEELS_POINTS, "heels", 1).refused, /dealer's/);
  const heeled = pegAll(setup, game, [[0, rules.HEELS_POINTS, "heels"]]);
  assert.equal(heeled.entries[0].source, "heels");
  assert.equal(derive(setup, heeled).heels, false);
  const played = pegAll(setup, game, [[1, 2]]);
  assert.match(peg(setup, played, 0, rules.HEELS_POINTS, "heels", 2).refused, /before the first card/);
});

test("three players: counting order from the dealer's left, deal passes to the left", () => {
  const setup = setupFor("three", { firstDealer: 2 });
  assert.deepEqual(showOrder(setup, 2).map((p) => [p.part, p.seat]), [["hand", 0], ["hand", 1], ["hand", 2], ["crib", 2]]);
  const game = pegAll(setup, markShow(setup, start(setup), 1), [[0, 4], [1, 5], [2, 6], [2, 3]]);
  const view = derive(setup, game);
  assert.equal(view.dealer, 0);
  assert.deepEqual(view.totals, [4, 5, 9]);
});

test("teams: two tracks, four seats; partners' hands go on one track in seat order", () => {
  const setup = setupFor("teams", { firstDealer: 1 });
  assert.deepEqual(showOrder(setup, 1).map((p) => p.seat), [2, 3, 0, 1, 1]);
  let game = markShow(setup, start(setup), 1);
  game = pegAll(setup, game, [[0, 4], [1, 6], [0, 8], [1, 2], [1, 5]]);
  assert.deepEqual(game.entries.slice(1).map((e) => [e.source, e.seat]),
    [["hand", 2], ["hand", 3], ["hand", 0], ["hand", 1], ["crib", 1]]);
  const view = derive(setup, game);
  assert.deepEqual(view.totals, [12, 13]);
  assert.equal(view.dealer, 2, "the deal passes to the left: seat 2, team A's second partner");
  assert.equal(view.dealerSide, 0);
});

test("the game stops the instant a peg reaches the game hole; later pegs are refused", () => {
  const setup = setupFor("two");
  let game = pegAll(setup, start(setup), [[0, 60], [1, 50], [0, 55]]);
  const last = peg(setup, game, 0, 12, undefined, 9); // from 115: 127 stops at 121
  game = last.game;
  const view = derive(setup, game);
  assert.equal(view.phase, "over");
  assert.equal(view.winner, 0);
  assert.deepEqual(view.totals, [121, 50]);
  const refused = peg(setup, game, 1, 2, undefined, 10);
  assert.match(refused.refused, /Player 1 has reached 121: the game is over/);
  assert.equal(refused.game, game);
  assert.equal(markDeal(setup, game, 11), game);
});

test("skunks from the engine's lines: 90 is skunked, 91 is not; 60 double, 61 not", () => {
  const setup = setupFor("two");
  const finish = (loser) => derive(setup, pegAll(setup, start(setup), [[1, loser], [0, 121]])).losers[0];
  assert.deepEqual([finish(90).skunk, finish(90).double], [true, false]);
  assert.deepEqual([finish(91).skunk, finish(91).double], [false, false]);
  assert.deepEqual([finish(60).skunk, finish(60).double], [true, true]);
  assert.deepEqual([finish(61).skunk, finish(61).double], [true, false]);
  const short = setupFor("two", { hole: rules.SHORT_GAME_HOLE });
  const shortFinish = (loser) => derive(short, pegAll(short, start(short), [...(loser ? [[1, loser]] : []), [0, 61]])).losers[0];
  assert.equal(shortFinish(30).skunk, true);
  assert.equal(shortFinish(31).skunk, false);
  assert.equal(shortFinish(0).double, false, "a game of 61 has no double skunk");
});

test("undo and redo without limit, and any one entry taken back", () => {
  const setup = setupFor("two");
  const game = pegAll(setup, start(setup), [[0, 1], [1, 2], [0, 3], [1, 4]]);
  let back = game;
  for (let i = 0; i < 4; i++) back = undo(back);
  assert.deepEqual(derive(setup, back).totals, [0, 0]);
  assert.equal(undo(back), back);
  let again = back;
  for (let i = 0; i < 4; i++) again = redo(again);
  assert.deepEqual(again.entries, game.entries);
  assert.equal(redo(again), again);
  const without = removeEntry(game, 1);
  assert.deepEqual(derive(setup, without).totals, [4, 4]);
  assert.deepEqual(redo(without).entries, game.entries, "redo puts it back where it was");
  const fresh = peg(setup, undo(game), 0, 2, undefined, 20).game;
  assert.equal(fresh.redo.length, 0, "a new peg clears the redo list");
});

test("undoing the winning peg reopens the game", () => {
  const setup = setupFor("two");
  const over = pegAll(setup, start(setup), [[0, 121]]);
  assert.equal(derive(setup, over).phase, "over");
  assert.equal(derive(setup, undo(over)).phase, "play");
});

test("cut for the deal: the lowest deals, ties for lowest cut again", () => {
  const setup = normaliseSetup({ mode: "three", firstDealer: "cut" }, rules);
  let game = start(setup);
  assert.equal(derive(setup, game).phase, "cut");
  assert.match(peg(setup, game, 0, 2, undefined, 1).refused, /Cut for the deal/);
  game = cutCard(game, 0, 4);
  game = cutCard(game, 1, 4);
  game = cutCard(game, 2, 9);
  assert.equal(game.firstDealer, null);
  assert.deepEqual(game.cut.contenders, [0, 1]);
  assert.deepEqual(game.cut.cards, [null, null, 9]);
  assert.equal(cutCard(game, 2, 1), game, "a player out of the tie does not cut again");
  game = cutCard(cutCard(game, 0, 12), 1, 1);
  assert.equal(game.firstDealer, 1);
  assert.equal(derive(setup, game).dealer, 1);
});

test("bad input is refused with a reason and changes nothing", () => {
  const setup = setupFor("two");
  const game = start(setup);
  for (const points of [-1, 1.5, 122, Number.NaN, "2"]) {
    assert.ok(peg(setup, game, 0, points, undefined, 1).refused, String(points));
  }
  assert.ok(peg(setup, game, 5, 2, undefined, 1).refused);
  assert.equal(removeEntry(game, 3), game);
});
