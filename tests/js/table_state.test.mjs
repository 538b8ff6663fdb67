// The table's state (docs/assets/js/table/state.js): the seats from the view, the felt from the
// events and the view, and the models the page draws.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";
import "./vocabulary-module.mjs"; // table/state.js reads the seats' words from vocabulary.js

const state = await import("../../docs/assets/js/table/state.js");
const choice = await import("../../docs/assets/js/table/choice.js");
const { dealableSeed } = await import("../../docs/assets/js/common/deal-link.js");

const KINDS = words.kinds;
const THIRTY_ONE = words.rules.THIRTY_ONE;
const VARIANT = Object.fromEntries(words.variants.map((v) => [v.name, v]));
const STD = VARIANT.standard;

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
  assert.deepEqual(four.map((s) => s.name), ["You", "Left player", "Your partner", "Right player"]);
  assert.deepEqual(state.seatsOf(view({ cards_held: [1, 1, 1] })).map((s) => s.position), ["bottom", "left", "right"]);
  // a view without cards_held (before the engine said it by seat) still gives two seats
  assert.deepEqual(state.seatsOf({ hand: ["5H"], computer_cards: 2 }).map((s) => s.held), [1, 2]);
});

test("a deal, the throw and the play move the cards on the felt, and the input felt is never changed", () => {
  const start = state.emptyFelt(STD);
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
  let felt = state.feltAfter(state.emptyFelt(STD), [play(0, "KH", 10), play(1, "KS", 20), play(0, "AH", 21),
    { type: "go", player: 1 }, { type: "reset" }]);
  assert.equal(felt.pileClosed, true);
  assert.equal(felt.pile.length, 4);
  assert.equal(state.pileStatus(felt, THIRTY_ONE), "Ended at 21 (go): next count from zero");
  felt = state.applyEvent(felt, play(1, "4D", 4));
  assert.deepEqual(felt.pile.map((laid) => laid.card), ["4D"]);
  assert.equal(state.pileStatus(felt, THIRTY_ONE), "Count: 4");
  const at31 = state.feltAfter(state.emptyFelt(STD), [play(0, "KH", 31), { type: "reset" }]);
  assert.equal(state.pileStatus(at31, THIRTY_ONE), "Ended at 31: next count from zero");
});

test("the engine's numbers win over what the events made", () => {
  const felt = state.feltAfter(state.emptyFelt(STD), [{ type: "deal", player: 0 }]);
  const after = state.withView(felt, view({ scores: [12, 7], previous_scores: [10, 5], dealer: 0, cards_held: [4, 4], starter: "5C" }));
  assert.deepEqual([after.scores, after.previous, after.held, after.starter], [[12, 7], [10, 5], [4, 4], "5C"]);
  // the crib face down is the events' count: a view's crib_cards still counts a crib already shown
  assert.equal(state.withView({ ...felt, cribCards: 0 }, view({ crib_cards: 4, cards_held: [0, 0] })).cribCards, 0);
});

const SHOW = { type: "show", player: 1, part: "pone", breakdown: { hand: ["5H", "5S", "JD", "4C"], starter: "6D", total: 4,
  spoken: "Fifteen two, fifteen four", items: [{ kind: "fifteen", points: 2, cards: ["5H", "JD"] }, { kind: "fifteen", points: 2, cards: ["5S", "JD"] }] } };

test("the show is counted aloud one combination at a time, then said whole", () => {
  let felt = state.feltAfter(state.emptyFelt(STD), [{ type: "deal", player: 0 }, SHOW]);
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
  const felt = state.feltFromLog(view({ log: [{ type: "deal", player: 0 }, SHOW], cards_held: [0, 0] }), STD);
  assert.equal(felt.show.length, 1);
  assert.ok(!state.counting(felt));
});

test("your hand: cards to throw, to lay, that cannot be laid, and the gaps laid cards leave", () => {
  const throwing = view({ phase: "discard", hand: ["AH", "2H", "3H"], legal: [{ kind: "discard" }] });
  assert.deepEqual(state.handModel(throwing, ["2H"]).map((c) => [c.mode, c.pressed]),
    [["select", false], ["select", true], ["select", false]]);
  const playing = view({ hand: ["KH", "5C"], kept: ["KH", "9S", "5C", "2D"], legal: [{ kind: "play", cards: ["5C"] }] });
  assert.deepEqual(state.handModel(playing, []).map((c) => c.mode), ["blocked", "gap", "pick", "gap"]);
  // the card picked up is laid by the next tap; a card that cannot be laid is never picked up
  assert.deepEqual(state.handModel(playing, ["5C"]).map((c) => [c.mode, c.pressed]),
    [["blocked", undefined], ["gap", undefined], ["play", true], ["gap", undefined]]);
  assert.deepEqual(state.handModel(playing, ["KH"]).map((c) => c.mode), ["blocked", "gap", "pick", "gap"]);
  assert.deepEqual(state.toggleSelected(["AH", "2H"], "3H"), ["2H", "3H"]);
  assert.deepEqual(state.toggleSelected(["AH", "2H"], "AH"), ["2H"]);
  assert.equal(state.blockedReason(playing, "king of hearts", THIRTY_ONE), "The king of hearts would take the count past 31.");
  // while the others move after you: the laid card gone, nothing to press, and why
  const waiting = state.waitingView(playing);
  assert.deepEqual(state.handModel(waiting, ["5C"]).map((c) => c.mode), ["blocked", "gap", "blocked", "gap"]);
  assert.equal(state.blockedReason(waiting, "five of clubs", THIRTY_ONE), "Wait for your turn.");
  assert.deepEqual(state.actionsModel(waiting, []).filter((item) => item.type === "action" && !item.disabled), []);
});

test("the moves open to you, and a typed total", () => {
  const throwing = view({ phase: "discard", hints: true, legal: [{ kind: "discard", cards: ["AH", "2H"] }] });
  const [throwButton, hint] = state.actionsModel(throwing, ["AH"]);
  assert.deepEqual([throwButton.label, throwButton.disabled, hint.type], ["Throw two cards to the crib", true, "hint"]);
  assert.equal(state.actionsModel(throwing, ["AH", "2H"])[0].disabled, false);
  const laying = view({ legal: [{ kind: "play", player: 0, cards: ["5C"] }, { kind: "play", player: 0, cards: ["2D"] }] });
  assert.equal(state.actionsModel(laying, [])[0].type, "prompt");
  assert.deepEqual(state.actionsModel(laying, ["2D"])[0].action, { player: 0, kind: "play", cards: ["2D"] });
  assert.equal(state.actionsModel(laying, ["KH"])[0].type, "prompt"); // not a card that can be laid
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
  const felt = { ...state.emptyFelt(STD), scores: [5, 9], dealer: 1, held: [4, 4] }; // mid-deal
  assert.equal(state.scoresLine(felt), "You (blue) 5 · Computer (red) 9 · the computer's crib");
  const verdict = { claim: { total: 4 }, actual: 6, missed: [{ kind: "pair" }], missed_points: 2, overcount: 0 };
  assert.equal(state.verdictText(verdict, KINDS), `You said 4; it holds 6. Missed 2: ${KINDS.pair.label.toLowerCase()}.`);
  const points = [{ pegging: 10, hand: 80, crib: 20, heels: 0, muggins: 0 }, { pegging: 12, hand: 70, crib: 9, heels: 2, muggins: 0 }];
  const rows = state.summaryRows({ points }, [121, 93], KINDS);
  assert.deepEqual(rows.map((r) => r[0]), ["Pegging", "Hands", "Cribs", KINDS.heels.label, "Total"]);
  assert.deepEqual(rows.at(-1), ["Total", 121, 93]);
});

test("a three-player deal: five cards each, one to the crib at once, one thrown by each seat", () => {
  let felt = state.feltAfter(state.emptyFelt(VARIANT["three-player"]), [{ type: "deal", player: 2 }]);
  assert.deepEqual([felt.held, felt.cribCards, felt.sides], [[0, 5, 5], 1, 3]);
  felt = state.feltAfter(felt, [{ type: "discard", player: 0, cards: ["5H"] }, { type: "discard", player: 1 }, { type: "discard", player: 2 }]);
  assert.deepEqual([felt.held, felt.cribCards], [[0, 4, 4], 4]);
  // the cuts for deal: one per seat, all three shown
  const cuts = state.feltAfter(state.emptyFelt(VARIANT["three-player"]), [0, 1, 2].map((p) => ({ type: "cut", player: p, cards: [`${p + 2}H`] })));
  assert.equal(cuts.cuts.length, 3);
});

test("four players: a partner's peg moves your side's back peg, and the score line names the teams", () => {
  const felt = state.feltAfter({ ...state.emptyFelt(VARIANT["four-player"]), scores: [10, 4] },
    [{ type: "score", player: 2, scores: [13, 4] }, { type: "score", player: 3, scores: [13, 6] }]);
  assert.deepEqual([felt.scores, felt.previous], [[13, 6], [10, 4]]);
  assert.equal(state.scoresLine({ ...felt, dealer: 2, cribCards: 4 }), "You and your partner (blue) 13 · The other side (red) 6 · your partner's crib");
  assert.deepEqual(state.trackNames(VARIANT["four-player"]), ["you and your partner", "the other side"]);
  assert.ok(state.cribIsYours(2, VARIANT["four-player"]) && !state.cribIsYours(1, VARIANT["four-player"]));
  assert.equal(state.winnerLine({ winner: 1 }, 4, 2), "The other side won");
  assert.equal(state.winnerLine({ winner: 2 }, 3, 3), "The right player won");
  assert.equal(state.winnerLine({ winner: 1 }, 2, 2), "The computer won");
});

test("four seats at one phone: the score line and the winner name the people, never 'your partner'", () => {
  state.nameSeats(["Ann", "Ben", null, null]); // Ann holds the phone; the computers sit opposite and on her right
  try {
    const felt = { ...state.emptyFelt(VARIANT["four-player"]), scores: [13, 6], dealer: 2, cribCards: 4 };
    assert.equal(state.scoresLine(felt), "Ann and Computer (blue) 13 · Ben and Computer (red) 6 · the computer's crib");
    assert.equal(state.winnerLine({ winner: 0 }, 4, 2), "Ann and Computer won");
  } finally {
    state.nameSeats(null);
  }
});

test("the order of play and show goes round from the dealer's left, said only with three or four seats", () => {
  assert.equal(state.orderLine({ ...state.emptyFelt(VARIANT["four-player"]), dealer: 1 }),
    "Order of play and show: your partner, right player, you, then left player (the dealer).");
  assert.equal(state.orderLine({ ...state.emptyFelt(VARIANT["three-player"]), dealer: 0 }),
    "Order of play and show: left player, right player, then you (the dealer).");
  assert.equal(state.orderLine({ ...state.emptyFelt(STD), dealer: 0 }), "");
  assert.equal(state.orderLine(state.emptyFelt(VARIANT["three-player"])), "");
});

test("seats named in sentences and under the cards they lay", () => {
  assert.equal(state.whose(2, 4), "your partner's");
  assert.equal(state.whose(1, 3), "the left player's");
  assert.equal(state.showTitle({ player: 2, part: "pone" }, 4), "Your partner's hand");
  assert.equal(state.showTitle({ player: 1, part: "crib" }, 2), "The computer's crib");
  assert.equal(state.heldLabel({ index: 2, you: false, held: 1 }, 4), "Your partner holds 1 card face down");
  assert.equal(state.heldLabel({ index: 3, you: false, held: 4 }, 4), "The right player holds 4 cards face down");
  assert.deepEqual([0, 1, 2, 3].map((i) => state.shortName(i, 4)), ["You", "Left", "Partner", "Right"]);
  assert.equal(state.shortName(1, 2), "Computer");
});

test("the throw takes as many cards as the legal throw: one in three- and four-handed play", () => {
  const one = view({ phase: "discard", legal: [{ kind: "discard", cards: ["AH"] }, { kind: "discard", cards: ["2H"] }] });
  assert.equal(state.throwSize(one), 1);
  assert.deepEqual(state.toggleSelected(["AH"], "2H", 1), ["2H"]);
  assert.deepEqual(state.actionsModel(one, []).map((i) => [i.label, i.disabled]).slice(0, 1), [["Throw a card to the crib", true]]);
  assert.deepEqual(state.actionsModel(one, ["2H"])[0].label, "Throw this card to the crib");
  assert.equal(state.actionsModel(one, ["2H"])[0].disabled, false);
  assert.equal(state.actionsModel(one, ["AH", "2H"])[0].disabled, true);
  const two = view({ phase: "discard", legal: [{ kind: "discard", cards: ["AH", "2H"] }] });
  assert.equal(state.throwSize(two), 2);
  assert.equal(state.actionsModel(two, ["AH", "2H"])[0].label, "Throw these two to the crib");
});

test("a link's variant: one the table plays, one it does not (cut short, for text), or none", () => {
  const key = words.link.variant;
  assert.deepEqual(choice.linkedVariant(`#${key}=five-card`, key, words.variants), { name: "five-card" });
  assert.deepEqual(choice.linkedVariant(`#${key}=%3Cimg%20src%3Dx%3E-and-a-long-tail`, key, words.variants), { unknown: "<img src=x>-and-a-lo…" });
  assert.deepEqual(choice.linkedVariant("#hand=5H", key, words.variants), {});
  assert.deepEqual(choice.linkedVariant("", key, words.variants), {});
  // a link too long to read is said, not ignored; one that names no variant stays unread
  assert.deepEqual(choice.linkedVariant(`#${key}=${"x".repeat(400)}`, key, words.variants), { unknown: `${"x".repeat(20)}…` });
  assert.deepEqual(choice.linkedVariant(`#hand=${"x".repeat(400)}`, key, words.variants), {});
  const seats = choice.linkedSeats(`#${words.link.seats}=${Array(2001).fill("human").join(",")}`, words.link, 2, []);
  assert.equal(seats.unknown?.slice(0, 12), "human,human,");
  assert.equal(choice.named(words.variants, "nonsense").name, "standard");
});

test("a link's players: people and computers by seat, or a plain notice for anything else", () => {
  const { link } = words;
  const levels = words.levels.table;
  const hash = (seats) => `#${link.variant}=four-player&${link.seats}=${seats}`;
  assert.deepEqual(choice.linkedSeats(hash("human,computer,human,strong"), link, 4, levels), { seats: ["human", "computer", "human", "strong"] });
  assert.deepEqual(choice.linkedSeats(`#${link.variant}=five-card`, link, 2, levels), {});
  for (const bad of ["human,computer", "computer,human,human,human", "human,wizard,human,human", "%3Cb%3E,human"]) {
    const answer = choice.linkedSeats(hash(bad), link, 4, levels);
    assert.ok(answer.unknown !== undefined && !answer.seats, bad);
  }
  assert.equal(choice.linkedSeats(hash("%3Cimg%20src%3Dx%3E"), link, 4, levels).unknown, "<img src=x>"); // text for a notice, never HTML
  assert.match(choice.unknownSeatsText("x", 4), /cannot seat \(4 seats/);
});

test("a level that plays only the standard game gives way to the strongest that plays them all", () => {
  const levels = words.levels.table;
  const only = levels.filter((l) => l.standard_only).map((l) => l.id);
  assert.ok(only.length >= 1);
  assert.equal(choice.levelFor(levels, "standard", only[0]), only[0]);
  const other = choice.levelFor(levels, "three-player", only[0]);
  assert.ok(!only.includes(other) && other === levels.filter((l) => !l.standard_only).at(-1).id);
  assert.equal(choice.levelFor(levels, "five-card", "easy"), "easy");
  assert.equal(choice.levelFor(levels, "five-card", "nonsense"), levels.find((l) => l.default).id);
});

test("your turn to count lays your hand or crib out face up with the starter, by hand or not", () => {
  const shown = { phase: "show", hand: [], kept: ["5H", "5S", "JD", "2C"], crib: ["AH", "3D", "9S", "KC"], starter: "5D" };
  const hand = state.pendingCount(view({ ...shown, show_part: "pone", legal: [{ kind: "count" }] }));
  assert.deepEqual([hand.title, hand.cards], ["Your hand, to count", ["5H", "5S", "JD", "2C", "5D"]]);
  const crib = state.pendingCount(view({ ...shown, show_part: "crib", count_by_hand: true, legal: [{ kind: "count" }] }));
  assert.deepEqual([crib.title, crib.cards], ["Your crib: count it", ["AH", "3D", "9S", "KC", "5D"]]);
  assert.equal(state.pendingCount(view({ ...shown, show_part: "pone", legal: [] })), null); // not your turn
});

test("the crib named beside the scores is the one on the felt: the last deal's while it is counted, the next one's once done", () => {
  const crib = { type: "show", player: 1, part: "crib", breakdown: { items: [], total: 0 } };
  const hand = { type: "show", player: 0, part: "hand", breakdown: { items: [], total: 0 } };
  // one reply: the hands and the computer's crib counted, then the deal passes to you and is dealt
  let felt = state.feltAfter({ ...state.emptyFelt(STD), dealer: 1, cribCards: 4 }, [hand, crib, { type: "deal", player: 0 }]);
  assert.equal(felt.dealer, 0);
  assert.match(state.scoresLine(felt), / · the computer's crib$/); // still being counted aloud
  felt = state.finishShow(state.finishShow(felt, 0), 1);
  assert.match(state.scoresLine(felt), / · your crib$/); // counted: the deal dealt is yours
  // counted, and the next deal not yet dealt (you press "Deal"): the crib named is the coming one
  const between = { ...felt, held: [0, 0], cribCards: 0 };
  assert.match(state.scoresLine(between), / · your crib next$/);
  assert.match(state.scoresLine({ ...between, result: { winner: 0 } }), / · your crib$/);
  const four = state.feltAfter({ ...state.emptyFelt(VARIANT["four-player"]), dealer: 1, cribCards: 4 },
    [{ ...crib, player: 1 }, { type: "deal", player: 2 }]);
  assert.match(state.orderLine(four), /then left player \(the dealer\)\.$/);
  assert.match(state.orderLine(state.finishShow(four, 0)), /then your partner \(the dealer\)\.$/);
});

test("hints: no suggestion unless the game has them; a card only with a choice of cards", () => {
  const hintsOf = (extra) => state.actionsModel(view(extra), []).filter((item) => item.type === "hint");
  const throwing = { phase: "discard", legal: [{ kind: "discard", cards: ["AH", "2H"] }] };
  const two = [{ kind: "play", player: 0, cards: ["5C"] }, { kind: "play", player: 0, cards: ["2D"] }];
  assert.deepEqual(hintsOf(throwing), []);
  assert.deepEqual(hintsOf({ legal: two }), []);
  assert.deepEqual(hintsOf({ ...throwing, hints: true }), [{ type: "hint", kind: "throw", label: "Suggest a throw" }]);
  assert.deepEqual(hintsOf({ legal: two, hints: true }), [{ type: "hint", kind: "card", label: "Suggest a card" }]);
  assert.deepEqual(hintsOf({ legal: two.slice(1), hints: true }), []); // one card fits: nothing to suggest
  assert.deepEqual(hintsOf({ legal: [{ kind: "go", player: 0 }], hints: true }), []);
  assert.deepEqual(hintsOf({ legal: [], hints: true }), []); // the computer's turn
  const items = state.actionsModel(view({ legal: two, hints: true }), ["2D"]);
  assert.deepEqual(items.map((item) => item.type), ["action", "hint"]); // after "Lay this card"
});

test("A link's seed is dealt from only when the engine can: a whole number from 1 to its largest", () => {
  const max = words.link.max_seed;
  assert.equal(max, 2 ** 53 - 1);
  assert.equal(dealableSeed("5", words.link), 5);
  assert.equal(dealableSeed(String(max), words.link), max);
  for (const text of ["1e300", "99999999999999999999", String(max + 1), "0", "007", "abc", "-3", "2.5", "", "9".repeat(500)]) {
    assert.equal(dealableSeed(text, words.link), null, text);
  }
});

test("pass and play: each seat keeps its colour and its track whoever holds the phone; names keep their capitals", () => {
  const felt = { ...state.emptyFelt(VARIANT.standard), scores: [7, 5], dealer: 1, cribCards: 4 };
  try {
    state.nameSeats(["Ann", "Ben"], 0);
    assert.equal(state.scoresLine(felt), "Ann (blue) 7 · Ben (red) 5 · Ben's crib");
    state.nameSeats(["Ben", "Ann"], 1); // the felt turned to Ben, who holds the phone: his seat is drawn first
    assert.equal(state.scoresLine({ ...felt, scores: [5, 7], dealer: 1 }), "Ben (red) 5 · Ann (blue) 7 · Ann's crib");
    assert.deepEqual([state.gameSide(0, 2), state.colourOf(1, 2)], [1, "blue"]);
    assert.deepEqual(state.inGameOrder([5, 7]), [7, 5]); // the board's tracks: Ann's first, as the game seats her
    assert.equal(state.pileKeyLine(2), "B Ben · A Ann");
    assert.equal(state.yourTurn(), "Ben's turn"); // the badge names who holds the phone
    state.nameSeats(["Ben", "Ann"], 1, false);
    assert.equal(state.yourTurn(), "Your turn"); // on linked phones each person holds their own
    state.nameSeats(["Ben", "Ann"], 1);
    const play = view({ hand: ["AS"], kept: ["AS"], legal: [{ kind: "play", player: 0, cards: ["AS"] }] });
    assert.equal(state.actionsModel(play, []).find((item) => item.type === "prompt").text,
      "Ben's turn: pick a card, then press it again to lay it.");
    state.nameSeats(["Cy", null, "Ann"], 1); // three seats, Cy at the game's seat 1 holds the phone
    assert.deepEqual(state.inGameOrder(["Cy", "left", "Ann"]), ["Ann", "Cy", "left"]);
    assert.equal(state.colourOf(0, 3), "red");
    assert.equal(state.pileKeyLine(3), "Cy Cy · Co computer · A Ann"); // two Cs: no badge alike
    assert.equal(state.orderLine({ ...state.emptyFelt(VARIANT["three-player"]), dealer: 0 }),
      "Order of play and show: computer, Ann, then Cy (the dealer).");
    assert.deepEqual(state.trackNames(VARIANT["three-player"]), ["Cy", "computer", "Ann"]); // the one computer, whoever holds the phone
  } finally {
    state.nameSeats(null);
  }
  assert.equal(state.colourOf(0, 2), "blue"); // one person against the computer: as ever
  assert.equal(state.yourTurn(), "Your turn");
  assert.equal(state.pileKeyLine(3), "Y you · L left · R right");
});

test("the count's badges: a whole first grapheme, and unique among the seats where names begin alike", () => {
  try {
    state.nameSeats(["\u{1F469}\u{1F3FD}\u200D\u{1F33E} Zoe", "\u{1F600}x"], 0); // a woman farmer, medium skin; a grin
    assert.deepEqual(state.pileInitials(2), ["\u{1F469}\u{1F3FD}\u200D\u{1F33E}", "\u{1F600}"]);
    assert.ok(!/[\uD800-\uDFFF]/u.test(state.pileKeyLine(2).replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}/gu, "")));
    assert.deepEqual(state.graphemes("Zoe\u0301"), ["Z", "o", "e\u0301"]); // an accent joins its letter
    assert.deepEqual(state.graphemes("Jo ~"), ["J", "o", " ", "~"]);
    state.nameSeats(["Player 1", "Player 2"], 0);
    assert.deepEqual(state.pileInitials(2), ["P1", "P2"]);
    assert.equal(state.pileKeyLine(2), "P1 Player 1 · P2 Player 2");
    state.nameSeats(["Amy", "Ann"], 1); // Amy holds the phone at the game's seat 2: the numbers are the game's
    assert.equal(state.pileKeyLine(2), "Am Amy · An Ann");
    state.nameSeats(["Player 2", null, "Player 4", null], 1);
    const four = state.pileInitials(4);
    assert.equal(new Set(four.map((b) => b.toLowerCase())).size, 4, four.join());
  } finally {
    state.nameSeats(null);
  }
});
