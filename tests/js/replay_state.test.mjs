// The replay page's one state (docs/assets/js/replay/state.js) as its commit uses it: what is said
// after a change, the reading flag, the notice and the message box; and the seats' words shared
// with the table (docs/assets/js/common/seat-words.js), which come from the engine's vocabulary.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";
import "./vocabulary-module.mjs"; // the page modules import the words from vocabulary.js

const replay = await import("../../docs/assets/js/replay/state.js");
const seats = await import("../../docs/assets/js/common/seat-words.js");
const { possessive } = await import("../../docs/assets/js/common/words.js");
const { dealAgainLink } = await import("../../docs/assets/js/common/deal-link.js");

const step = (extra = {}) => ({ line: 0, lines: [], words: [], deal: 0, dealer: 1, scores: [0, 0], previous_scores: [0, 0],
  seats: [{ cards: [], laid: [] }, { cards: [], laid: [] }], crib: [], starter: null, count: 0, pile: [], ...extra });
const game = { players: 2, sides: 2, result: null, seed: "7", variant: "standard", board: { hole: 121, skunk: 91, double_skunk: 61 },
  steps: [step(), step({ line: 3, words: ["You cut the five of hearts."] }), step({ line: 4 })] };

test("a step is said once when the same game moves, and a record read is shown without being said", () => {
  const read = replay.withReply(replay.initial({ text: "record", step: 0 }), game);
  assert.equal(replay.saidAfter(replay.initial(), read), ""); // a new game: drawn, not read out
  const next = replay.go(read, "next");
  assert.equal(replay.saidAfter(read, next), "Move 1 of 2. You cut the five of hearts.");
  assert.equal(replay.saidAfter(next, replay.go(next, "prev")), "Before the first move (of 2).");
  assert.equal(replay.saidAfter(next, replay.withText(next, "record, edited")), ""); // typing moves nothing
  const again = replay.withReply(next, { ...game }); // the same text read again: a new game object
  assert.equal(replay.saidAfter(next, again), "");
});

test("reading is shown from the ask until the answer, whatever it is, and an emptied box ends it", () => {
  const asked = replay.reading(replay.withText(replay.initial(), "record"));
  assert.equal(asked.busy, true);
  assert.equal(replay.initial().busy, false);
  assert.equal(replay.withReply(asked, game).busy, false);
  assert.equal(replay.withReply(asked, { failed: "The engine stopped." }).busy, false);
  assert.equal(replay.withReply(asked, { error: { line: 2, problem: "no", hint: "" } }).busy, false);
  assert.equal(replay.withNothing(asked).busy, false); // the box emptied while a record was being read
});

test("the message box says the engine's failure, else the prompt, else the faulty line; a notice is kept apart", () => {
  assert.equal(replay.messageText(replay.initial()), "");
  assert.equal(replay.messageText(replay.withNothing(replay.initial())), replay.EMPTY);
  const bad = replay.withReply(replay.initial(), { error: { line: 4, problem: "'x' is not a line", hint: "" } });
  assert.equal(replay.messageText(bad), "line 4: 'x' is not a line");
  assert.equal(replay.messageText(replay.withReply(bad, { failed: "The record is too long." })), "The record is too long.");
  const noticed = replay.withNotice(bad, "The saved record could not be read.");
  assert.equal(noticed.notice, "The saved record could not be read.");
  assert.equal(replay.messageText(noticed), replay.messageText(bad));
});

test("the table's address deals a record again only from a seed the table takes", () => {
  assert.equal(replay.againLink(game, words.link), `../table/?seed=7#${words.link.variant}=standard`);
  assert.equal(replay.againLink(null, words.link), "");
  assert.equal(dealAgainLink("07", "standard", words.link), "");
  assert.equal(dealAgainLink("3", "four-player", words.link), `../table/?seed=3#${words.link.variant}=four-player`);
});

test("the seats' words are the vocabulary's, the people's names go first, and a name's possessive is one rule", () => {
  assert.deepEqual([0, 1, 2, 3].map((seat) => seats.seatName(seat, 4)), words.seats["4"]);
  assert.equal(seats.seatName(1, 3, [null, "Ann", null]), "Ann");
  assert.equal(seats.seatName(2, 3, [null, "Ann", null]), words.seats["3"][2]);
  assert.equal(seats.whose(0, 2), "your");
  assert.equal(seats.whose(1, 2), "the computer's");
  assert.equal(seats.whose(2, 4), "your partner's");
  assert.equal(seats.whose(1, 3, [null, "Jess"]), "Jess'");
  assert.equal(possessive("Ann"), "Ann's");
  assert.equal(seats.sideName(1, 4, 2), words.teams[1]);
  assert.equal(seats.sideName(0, 4, 2, ["Ann", null, "Cy", null]), "Ann and Cy");
  assert.equal(seats.sideName(0, 4, 2, ["Ann", null, null, null]), words.teams[0]); // a pair named only in part
  assert.deepEqual(seats.trackNames({ players: 2, sides: 2 }), ["you", "computer"]);
});

test("people sharing a phone are named, and their computer partner is no one's 'partner'", () => {
  const names = ["Ann", "Ben", null, null]; // Ann holds the phone; Ben on her left; computers opposite and right
  assert.equal(seats.seatName(2, 4, names), "Computer");
  assert.equal(seats.seatName(3, 4, names), words.seats["4"][3]); // where it sits is still said
  assert.equal(seats.whose(2, 4, names), "the computer's");
  assert.equal(seats.sideName(0, 4, 2, names), "Ann and Computer");
  assert.equal(seats.sideName(1, 4, 2, names), "Ben and Computer");
  assert.equal(seats.sideName(1, 4, 2, ["Ann", null, "Cy", null]), words.teams[1]); // two computers
});

test("dealt again, a record keeps its seats; a game among people is worded about people", () => {
  const people = { ...game, names: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Ben" }] };
  const seatsKey = `${words.link.seats}=human${words.link.separator}human`;
  assert.equal(replay.againLink(people, words.link), `../table/?seed=7#${words.link.variant}=standard&${seatsKey}`);
  const mixed = { ...game, names: [{ kind: "human", name: "" }, { kind: "strong", name: "" }] };
  assert.match(replay.againLink(mixed, words.link), /&seats=human,strong$/);
  assert.doesNotMatch(replay.gameWords(people).again, /computer/);
  assert.match(replay.gameWords(mixed).again, /the computer answers your moves/);
  const review = replay.gameWords(people);
  assert.doesNotMatch([review.caption, review.estimated, review.note].join(" "), /computer/);
  assert.match(review.note, /the other players' hidden cards/);
});

test("a person's review says whose sight it is, and never the computer's with people only", async () => {
  const { reviewWords } = await import("../../docs/assets/js/common/review-model.js");
  assert.equal(reviewWords(true, "Ben").note, "Each figure is worked out from what Ben could see at the time, never from "
    + "the other players' hidden cards.");
  assert.match(reviewWords().note, /what you could see at the time, never from the computer's hidden cards\.$/);
});

test("each side's score is shown with the points it has to go, and said once, by whoever scored at the step", () => {
  const scoring = { ...game, steps: [step(), step({ words: ["You peg 2."], scores: [2, 0] }), step({ scores: [2, 0] }),
    step({ scores: [121, 100] })] };
  const state = replay.withReply(replay.initial(), scoring);
  assert.equal(replay.positionModel(state).standing.join(" · "), "You 0 (121 to go) · Computer 0 (121 to go)");
  const moved = replay.go(state, "next");
  assert.equal(replay.positionModel(moved).standing.join(" · "), "You 2 (119 to go) · Computer 0 (121 to go)");
  assert.equal(replay.saidAfter(state, moved), "Move 1 of 3. You peg 2. You 2 (119 to go).");
  const still = replay.go(moved, "next");
  assert.equal(replay.saidAfter(moved, still), "Move 2 of 3."); // nobody scored: no score said
  assert.equal(replay.positionModel(replay.go(still, "next")).standing.join(" · "), "You 121 · Computer 100 (21 to go)");
  assert.equal(replay.standingText("You", 50, 61), "You 50 (11 to go)"); // the five-card game, to 61
  assert.equal(replay.standingText("You", 61, 61), "You 61");
});
