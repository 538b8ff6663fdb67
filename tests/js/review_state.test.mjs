// The reviews' and the replay viewer's pure state (docs/assets/js/common/review-model.js,
// docs/assets/js/table/review-trend.js, docs/assets/js/replay/state.js): which deal may be
// reviewed, the panel's models, the trend, the steps.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import * as model from "../../docs/assets/js/common/review-model.js";
import * as trend from "../../docs/assets/js/table/review-trend.js";
import words from "./vocabulary.mjs";
import "./vocabulary-module.mjs"; // the replay names the seats in the vocabulary's words

const replay = await import("../../docs/assets/js/replay/state.js");
const review = { ...model, ...trend };

test("a deal is offered for review only once its show is over", () => {
  assert.equal(review.lastShownDeal(null), null);
  assert.equal(review.lastShownDeal({ phase: "cut_for_deal", hand_number: 0 }), null);
  assert.equal(review.lastShownDeal({ phase: "play", hand_number: 0 }), null); // the first deal, in play
  assert.equal(review.lastShownDeal({ phase: "show", hand_number: 2 }), 1); // deal 3 is being shown: not it
  assert.equal(review.lastShownDeal({ phase: "discard", hand_number: 3 }), 2);
  assert.equal(review.lastShownDeal({ phase: "game_over", hand_number: 4 }), 4); // the deal it ended in
  assert.deepEqual(review.reviewBar({ phase: "play", hand_number: 2, result: null }), { standard: true, deal: 1, game: false });
  assert.deepEqual(review.reviewBar({ phase: "play", hand_number: 2, variant: "five-card" }), { standard: false, deal: null, game: false });
  assert.equal(review.reviewBar({ phase: "game_over", hand_number: 5, result: { winner: 0 } }).game, true);
});

test("differences under 0.05 points are equal", () => {
  assert.equal(review.lostText(0.049), "equal");
  assert.equal(review.lostText(0.05), "0.05");
  assert.equal(review.lostText(2.1234), "2.12");
});

const throwEntry = (discard, hand, crib, pegging, value) => ({ discard, keep: [], hand, crib, pegging, value });

test("every figure has one form: two places, a true minus, no sign on zero", () => {
  assert.equal(review.pointsText(-1.5), "\u22121.50");
  assert.equal(review.pointsText(-0.004), "0.00"); // rounds to zero: no minus at all
  assert.equal(review.pointsText(0.5, true), "+0.50");
  assert.equal(review.pointsText(0, true), "0.00");
  assert.equal(review.pointsText(-0.5, true), "\u22120.50");
  assert.equal(review.lostText(-0.3), "equal");
  const values = review.throwValues(throwEntry(["5H"], 4.004, -2.337, 0.333, 2.0));
  assert.deepEqual([values.hand, values.crib, values.pegging, values.value], ["4.00", "\u22122.34", "+0.33", "1.99"]);
  const text = JSON.stringify(values);
  assert.ok(!/-\d/.test(text), text); // never a hyphen-minus before a figure
});

test("a shown total is always the sum of its shown parts", () => {
  const add = (...texts) => (texts.reduce((t, x) => t + Math.round((x === "equal" ? 0 : Number(x.replace("\u2212", "-"))) * 100), 0) / 100).toFixed(2);
  for (let seed = 1; seed < 400; seed++) {
    const r = (k) => ((Math.sin(seed * 12.9898 + k * 78.233) * 43758.5453) % 1 + 1) % 1 * 3; // repeatable
    const lost = { throw: r(1), pegging: r(2) / 20, counting: r(3) };
    lost.total = lost.throw + lost.pegging + lost.counting;
    const deal = review.dealModel({ deal: 0, lost, throw: null, plays: [], counts: [] });
    const total = deal.total === "equal" ? "0.00" : deal.total;
    assert.equal(add(...deal.lost.map((row) => row.lost)), total, JSON.stringify(lost));
    const chosen = throwEntry(["KC"], r(4), -r(5), r(6) - 1.5, 0);
    chosen.value = chosen.hand + chosen.crib + chosen.pegging;
    const shownChosen = review.throwValues(chosen);
    assert.equal(add(shownChosen.hand, shownChosen.crib, shownChosen.pegging), shownChosen.value.replace("\u2212", "-"));
    const best = throwEntry(["5H"], chosen.hand + r(7) + r(8) / 4, chosen.crib - r(8) / 4, chosen.pegging + r(9) / 10, 0);
    best.value = best.hand + best.crib + best.pegging;
    const decision = { where: "", lost: best.value - chosen.value, review: { dealer: false, cards: [], link: "", equal: false, chosen, best } };
    const model = review.dealModel({ deal: 0, lost, throw: decision, plays: [], counts: [] }).throw;
    const parts = model.cost.map((c) => (c.text.endsWith("gained") ? "\u2212" : "") + c.text.split(" ")[0]);
    assert.equal(add(...parts), model.lost);
    const game = review.gameModel({ deals: [{ deal: 0, ...lost }, { deal: 1, ...lost, counting: r(10) }], costliest: [], lost: 0, per_deal: 0 });
    assert.equal(add(...game.deals.map((row) => (row.total === "equal" ? "0.00" : row.total))), game.lost);
    game.deals.forEach((row) => assert.equal(add(...row.cells), row.total === "equal" ? "0.00" : row.total));
  }
});

test("the deal's model: the throw's cost by part, each card against the expert, the counts", () => {
  const reply = {
    deal: 2, lost: { throw: 1.5, pegging: 0.02, counting: 2, total: 3.52 },
    throw: { index: 9, deal: 2, phase: "throw", where: "Deal 3, the throw", lost: 1.5, review: {
      dealer: false, cards: ["5H"], link: "deal=5H&dealer=0", equal: false,
      chosen: throwEntry(["KC", "QD"], 4, -3, -1, 0), best: throwEntry(["5H", "5S"], 6, -3.5, -1, 1.5),
      cost: { hand: 2, crib: -0.5, pegging: 0.01, total: 1.5 } } },
    plays: [{ index: 10, lost: 0.02, review: { card: "7C", count: 8, best: ["2D"], equal: true, reason: "as good as the best card", exact: true, holdings: 40 } },
      { index: 12, lost: 1.25, review: { card: "5D", count: 10, best: ["KD"], equal: false, reason: "leaves a 15 for thirty-one", exact: false, holdings: 300 } }],
    counts: [{ index: 20, lost: 2, review: { part: "hand", points: 6, actual: 8, missed_points: 2, overcount: false,
      missed: [{ kind: "fifteen", label: "Fifteen", cards: ["5H", "TD"], points: 2 }] } }],
  };
  const model = review.dealModel(reply);
  assert.equal(model.deal, 3);
  assert.deepEqual(model.lost.map((row) => row.lost), ["1.50", "equal", "2.00"]);
  assert.equal(model.throw.isBest, false);
  assert.deepEqual(model.throw.cost, [{ part: "hand", text: "2.00 lost" }, { part: "crib", text: "0.50 gained" }]);
  assert.equal(model.throw.lost, "1.50");
  assert.equal(model.throw.chosen.crib, "\u22123.00");
  assert.equal(model.throw.chosen.value, "0.00");
  assert.equal(model.total, "3.50"); // the shown parts' sum: the play's 0.02 is "equal", so nothing
  assert.deepEqual(model.plays.map((p) => [p.isBest, p.lost, p.estimated]), [[true, "equal", false], [false, "1.25", true]]);
  assert.deepEqual(model.counts[0], { part: "hand", said: 6, holds: 8, lost: 2, overcount: false,
    missed: [{ label: "Fifteen", cards: ["5H", "TD"], points: 2 }] });
});

test("the game's model: per deal by phase, the costliest naming their deals", () => {
  const model = review.gameModel({ deals: [{ deal: 0, throw: 1, pegging: 0, counting: 0, total: 1 }],
    costliest: [{ deal: 0, where: "Deal 1, the throw", lost: 1, phase: "throw", review: {} }], lost: 1, per_deal: 1 });
  assert.deepEqual(model.deals, [{ deal: 0, label: "Deal 1", cells: ["1.00", "equal", "equal"], total: "1.00" }]);
  assert.deepEqual(model.costliest, [{ deal: 0, where: "Deal 1, the throw", lost: "1.00", phase: "throw", reason: "" }]);
});

const step = (extra = {}) => ({ line: 0, lines: [], words: [], phase: "deal", deal: 0, dealer: 1, scores: [0, 0],
  previous_scores: [0, 0], seats: [{ cards: ["5H", "6D"], laid: ["5H"] }, { cards: [], laid: [] }], crib: [], starter: null,
  count: 5, pile: ["5H"], ...extra });
const game = { players: 2, sides: 2, result: "seat 0 won 121-90", board: { hole: 121, skunk: 91, double_skunk: 61 }, steps: [step(), step({ line: 9 }), step({ line: 10, scores: [2, 0] })] };

test("the replay steps from first to last and no further, and keeps the text of a bad record", () => {
  let state = replay.withReply(replay.initial({ text: "cribbage record 1", step: 7 }), game);
  assert.equal(state.step, 2); // a saved step past the end is the last
  assert.deepEqual(replay.movesOpen(state), { first: true, prev: true, next: false, last: false });
  state = replay.go(state, "first");
  assert.equal(state.step, 0);
  assert.equal(replay.go(state, "prev").step, 0);
  assert.equal(replay.go(replay.go(state, "next"), "next").step, 2);
  assert.equal(replay.KEY_MOVES.ArrowRight, "next");
  const bad = replay.withReply(replay.withText(state, "garbled"), { error: { line: 4, problem: "'x' is not a line", hint: "lines start with cut" } });
  assert.equal(bad.text, "garbled");
  assert.equal(bad.game, null);
  assert.equal(replay.errorText(bad.error), "line 4: 'x' is not a line (lines start with cut)");
  assert.equal(replay.errorText({ line: 1, problem: "this is not a cribbage record", hint: "" }), "line 1: this is not a cribbage record");
  assert.deepEqual(replay.movesOpen(bad), { first: false, prev: false, next: false, last: false });
});

test("the position names the seats, marks laid cards and says whose crib", () => {
  const model = replay.positionModel({ ...replay.initial(), game, step: 2 });
  assert.equal(model.label, "Move 2 of 2");
  assert.equal(model.standing.join(" · "), "You 2 (119 to go) · Computer 0 (121 to go)");
  assert.equal(model.deal, "Deal 1, the computer's crib");
  assert.deepEqual(model.seats[0].cards, [{ code: "5H", laid: true }, { code: "6D", laid: false }]);
  const partners = { ...game, players: 4, sides: 2, steps: [step({ dealer: 0, seats: [0, 1, 2, 3].map(() => ({ cards: [], laid: [] })) })] };
  const four = replay.positionModel({ ...replay.initial(), game: partners, step: 0 });
  assert.equal(four.standing.join(" · "), "You and your partner 0 (121 to go) · The other side 0 (121 to go)");
  assert.equal(four.deal, "Deal 1, your crib");
  assert.equal(four.label, "Before the first move (of 0)");
});

test("Left, Right, Home and End step from anywhere but a text field; Up and Down only in the viewer; never with a modifier", () => {
  const key = (name, extra = {}) => ({ key: name, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...extra });
  const page = { typing: false, inViewer: false };
  assert.deepEqual(["ArrowLeft", "ArrowRight", "Home", "End"].map((k) => replay.keyMove(key(k), page)), ["prev", "next", "first", "last"]);
  assert.equal(replay.keyMove(key("ArrowDown"), page), null); // Down scrolls the page
  assert.equal(replay.keyMove(key("ArrowDown"), { typing: false, inViewer: true }), "next");
  assert.equal(replay.keyMove(key("ArrowRight"), { typing: true, inViewer: false }), null);
  for (const modifier of ["altKey", "ctrlKey", "metaKey", "shiftKey"]) {
    assert.equal(replay.keyMove(key("ArrowRight", { [modifier]: true }), page), null, modifier);
  }
  assert.equal(replay.keyMove(key("a"), { typing: false, inViewer: true }), null);
});

test("an empty box asks for a record, without a line to blame; a step is announced as where and what", () => {
  const empty = replay.withNothing(replay.initial());
  assert.equal(empty.prompt, replay.EMPTY);
  assert.ok(/^Paste a game record/.test(empty.prompt) && !/line \d/.test(empty.prompt));
  assert.equal(replay.withReply(empty, game).prompt, ""); // a record read clears the prompt
  const at = replay.positionModel({ ...replay.initial(), game: { ...game, steps: [step(), step({ line: 9, words: ["You lay the five of hearts: 5."] })] }, step: 1 });
  assert.equal(replay.announcement(at), "Move 1 of 1. You lay the five of hearts: 5.");
  assert.equal(replay.announcement(null), "");
  const hinted = replay.positionModel({ ...replay.initial(), game: { ...game, steps: [step(), step({ line: 9, hint: "card", words: ["You lay the five of hearts: 5."] })] }, step: 1 });
  assert.deepEqual(hinted.words, ["You lay the five of hearts: 5.", replay.AFTER_A_HINT.card]);
  assert.match(replay.AFTER_A_HINT.throw, /Suggest a throw/);
});

test("the replay names every seat as the table does, with the right possessive, for 2, 3 and 4 seats", () => {
  const seats = (n) => Array.from({ length: n }, () => ({ cards: [], laid: [] }));
  const at = (players, sides, dealer) => replay.positionModel({ ...replay.initial(), step: 0,
    game: { ...game, players, sides, steps: [step({ dealer, seats: seats(players), scores: Array(sides).fill(0) })] } });
  const cribs = (players, sides) => Array.from({ length: players }, (_, d) => at(players, sides, d).deal);
  assert.deepEqual(cribs(2, 2), ["Deal 1, your crib", "Deal 1, the computer's crib"]);
  assert.deepEqual(cribs(3, 3), ["Deal 1, your crib", "Deal 1, the left player's crib", "Deal 1, the right player's crib"]);
  assert.deepEqual(cribs(4, 2), ["Deal 1, your crib", "Deal 1, the left player's crib", "Deal 1, your partner's crib",
    "Deal 1, the right player's crib"]);
  assert.deepEqual(at(4, 2, 0).seats.map((s) => s.name), ["You", "Left player", "Your partner", "Right player"]);
  assert.deepEqual(at(3, 3, 0).seats.map((s) => s.name), ["You", "Left player", "Right player"]);
  assert.equal(at(3, 3, 0).standing.join(" · "), "You 0 (121 to go) · Left player 0 (121 to go) · Right player 0 (121 to go)");
  for (const players of [2, 3, 4]) {
    const model = at(players, players === 4 ? 2 : players, 1);
    const named = JSON.stringify([model.deal, model.sides, model.seats.map((s) => s.name)]);
    assert.ok(!/[Cc]omputer \d/.test(named), named);
  }
  assert.deepEqual(replay.boardNames({ players: 4, sides: 2 }), ["you and your partner", "the other side"]);
  assert.deepEqual(replay.boardNames({ players: 3, sides: 3 }), ["you", "left player", "right player"]);
});

test("a record's players line names the seats, the sides and the cribs by the people's names and the computers' levels", () => {
  const seats = (n) => Array.from({ length: n }, () => ({ cards: ["5H"], laid: [] }));
  const names = [{ kind: "human", name: "Ann" }, { kind: "strong", name: "" }, { kind: "human", name: "" }, { kind: "easy", name: "" }];
  const four = { ...game, players: 4, sides: 2, names, steps: [step({ dealer: 3, seats: seats(4), scores: [0, 0] })] };
  const model = replay.positionModel({ ...replay.initial(), step: 0, game: four });
  assert.deepEqual(model.seats.map((s) => s.name), ["Ann", "Computer 2 (strong)", "Player 3", "Computer 4 (easy)"]);
  assert.equal(model.standing.join(" · "),
    "Ann and Player 3 0 (121 to go) · Computer 2 (strong) and Computer 4 (easy) 0 (121 to go)");
  assert.equal(model.deal, "Deal 1, Computer 4 (easy)'s crib");
  assert.ok(model.seats.every((s) => s.cards.length === 1)); // every hand shown, the people's as the computers'
  assert.deepEqual(replay.boardNames(four), ["Ann and Player 3", "Computer 2 (strong) and Computer 4 (easy)"]);
  const two = { ...game, names: [{ kind: "human", name: "" }, { kind: "normal", name: "" }] };
  // one person against one computer: named as the table names them, the level in the record's header
  assert.deepEqual(replay.positionModel({ ...replay.initial(), step: 2, game: two }).seats.map((s) => s.name), ["You", "Computer"]);
  const three = { ...game, players: 3, sides: 3, names: [{ kind: "human", name: "Ann" }, { kind: "normal", name: "" }, { kind: "easy", name: "" }] };
  assert.deepEqual(replay.boardNames(three), ["Ann", "Computer 2 (normal)", "Computer 3 (easy)"]);
  const older = replay.positionModel({ ...replay.initial(), step: 2, game: { ...game, names: [] } }); // no players line
  assert.deepEqual(older.seats.map((s) => s.name), ["You", "Computer"]);
});

test("the points lost per deal are kept game by game, each game once, the newest last", () => {
  const row = (throwLost) => ({ deal: 0, throw: throwLost, pegging: 0, counting: 0, total: throwLost });
  const review1 = { per_deal: 4.5, deals: [row(4.5), row(4.5), row(4.5)] };
  let trend = review.addToTrend(review.emptyTrend(), "a", review1);
  assert.deepEqual(trend.games, [{ id: "a", per_deal: 4.5, deals: 3 }]);
  assert.equal(review.addToTrend(trend, "a", review1), trend); // a reload adds nothing
  assert.equal(review.addToTrend(trend, "z", { per_deal: 0, deals: [] }), trend); // no deal: no figure
  assert.equal(review.trendModel(trend, "a").sentence.startsWith("This is the first game"), true);
  trend = review.addToTrend(trend, "b", { per_deal: 2.25, deals: [row(2.25)] });
  const model = review.trendModel(trend, "b");
  assert.deepEqual(model.games.map((g) => [g.n, g.perDeal, g.current]), [[1, 4.5, false], [2, 2.25, true]]);
  assert.equal(model.sentence, "This game: 2.25 points lost per deal, fewer than your average of 4.50 over the 1 game before.");
  assert.ok(review.validTrend(trend));
  for (let i = 0; i < 60; i++) trend = review.addToTrend(trend, `g${i}`, review1);
  assert.equal(trend.games.length, review.TREND_GAMES);
  assert.equal(trend.games.at(-1).id, "g59");
  for (const bad of [null, { version: 2, games: [] }, { version: 1, games: [{ id: "x", per_deal: -1, deals: 2 }] },
    { version: 1, games: [{ id: 5, per_deal: 1, deals: 2 }] }, { version: 1, games: "many" }]) {
    assert.equal(review.validTrend(bad), false, JSON.stringify(bad));
  }
});

test("each player's figures are kept apart under their name; an older trend reads as the unnamed player's", () => {
  const row = (lost) => ({ deal: 0, throw: lost, pegging: 0, counting: 0, total: lost });
  const older = { version: 1, games: [{ id: "old", per_deal: 3, deals: 4 }] }; // saved before names were kept
  assert.ok(review.validTrend(older));
  let trend = review.addToTrend(older, "g", { deals: [row(1)] }, "Ann");
  trend = review.addToTrend(trend, "g", { deals: [row(2)] }, "Ben"); // the same game, the other person
  assert.equal(review.addToTrend(trend, "g", { deals: [row(2)] }, "Ben"), trend);
  assert.deepEqual(trend.games.map((g) => [g.id, g.player]), [["old", undefined], ["g", "Ann"], ["g", "Ben"]]);
  assert.deepEqual(review.trendModel(trend, "g", "Ann").games.map((g) => g.perDeal), [1]);
  assert.deepEqual(review.trendModel(trend, "g", "Ben").games.map((g) => g.perDeal), [2]);
  assert.deepEqual(review.trendModel(trend, "old").games.map((g) => g.perDeal), [3]);
  assert.ok(review.validTrend(trend));
  for (let i = 0; i < 60; i++) trend = review.addToTrend(trend, `a${i}`, { deals: [row(1)] }, "Ann");
  assert.equal(review.trendModel(trend, "", "Ann").games.length, review.TREND_GAMES); // Ann's own fifty
  assert.equal(review.trendModel(trend, "", "Ben").games.length, 1); // Ben's kept
  assert.equal(review.validTrend({ version: 1, games: [{ id: "x", per_deal: 1, deals: 1, player: 7 }] }), false);
});

test("the replay's review: the decision at the step, or why there is none", () => {
  const play = { index: 7, deal: 0, phase: "pegging", where: "Deal 1, the play: AD on 3", lost: 0.0705,
    review: { card: "AD", count: 3, best: ["TH", "TD"], equal: false, reason: "invites a run", exact: true, holdings: 10 } };
  const game = { review_note: "" };
  const model = replay.reviewModel(game, { review: play });
  assert.equal(model.phase, "pegging");
  assert.equal(model.play.lost, "0.07");
  assert.deepEqual(model.play.best, ["TH", "TD"]);
  assert.equal(replay.reviewModel(game, {}).note, replay.NOT_YOURS);
  assert.equal(replay.reviewModel({ review_note: "variants: none" }, { review: play }).note, "variants: none");
  const small = { ...play, lost: 0.04, review: { ...play.review, equal: true } };
  assert.equal(replay.reviewModel(game, { review: small }).play.lost, "equal");
});

test("Play these cards again: the table's address with the record's seed and variant", () => {
  const link = words.link;
  assert.equal(replay.againLink({ seed: "11", variant: "five-card" }, link), `../table/?seed=11#${link.variant}=five-card`);
  assert.equal(replay.againLink({ seed: "record/3", variant: "standard" }, link), "");
  assert.equal(replay.againLink({ seed: "0", variant: "standard" }, link), "");
  assert.equal(replay.againLink({ seed: "99999999999999999", variant: "standard" }, link), "");
  assert.equal(replay.againLink(null, link), "");
});

test("A refused record's line is found where it starts, counted from 1", () => {
  const text = "cribbage record 1\nseed 5\r\nplay 0 ZZ\n";
  assert.equal(replay.lineStart(text, 1), 0);
  assert.equal(replay.lineStart(text, 2), 18);
  assert.equal(replay.lineStart(text, 3), 26);
  assert.equal(text.slice(replay.lineStart(text, 3)).split("\n")[0], "play 0 ZZ");
  assert.equal(replay.lineStart(text, 9), text.length); // past the last line: the end
});
