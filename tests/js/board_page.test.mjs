// The board page's state (docs/assets/js/board/page-state.js: the match, the screen, what is
// open, a peg and what it says) and "Count a hand"'s cards (board/count-state.js), as pure
// functions; and a saved match read from a value already parsed (board/io.js readMatch).
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import { complete, NOTHING_CHOSEN, picked, reopened } from "../../docs/assets/js/board/count-state.js";
import { readMatch, serialise } from "../../docs/assets/js/board/io.js";
import { newMatch } from "../../docs/assets/js/board/match.js";
import {
  backToGame, initialState, largeToggled, loaded, otherToggled, pegged, playing, withMatch,
} from "../../docs/assets/js/board/page-state.js";
import { derive, normaliseSetup } from "../../docs/assets/js/board/state.js";
import { toGo } from "../../docs/assets/js/common/words.js";
import words, { rules } from "./vocabulary.mjs";

const setup = normaliseSetup({ mode: "two", names: ["Ann", "Bob"], firstDealer: 0 }, rules);
const playingState = () => withMatch(initialState(false), newMatch(setup, rules, 0), "game");
const pegAt = (state, side, points, requested, note) => pegged(state, side, points, requested, { now: 1, note, words });

test("the first state: the set-up form, no match; a saved match opens on the screen it was left on", () => {
  const first = initialState(true);
  assert.deepEqual(first, { match: null, screen: "setup", large: true, otherOpen: null });
  assert.equal(playing(first), false);
  assert.equal(loaded(first, undefined), first, "nothing saved: the same state");
  const match = newMatch(setup, rules, 0);
  assert.equal(loaded(first, match).screen, "game");
  assert.equal(loaded(first, { ...match, game: null }).screen, "setup");
  assert.equal(playing(loaded(first, match)), true);
});

test("a new match closes the Other pad; the pad, large print and the way back change only what they name", () => {
  const state = otherToggled(playingState(), 1);
  assert.equal(state.otherOpen, 1);
  assert.equal(otherToggled(state, 1).otherOpen, null, "the same side closes it");
  assert.equal(otherToggled(state, 0).otherOpen, 0, "another side moves it");
  assert.equal(otherToggled(state, 1).match, state.match, "the match is untouched");
  const next = withMatch(state, { ...state.match });
  assert.equal(next.otherOpen, null);
  assert.equal(next.screen, "game", "the screen stays unless named");
  assert.equal(largeToggled(state).large, true);
  assert.equal(largeToggled(largeToggled(state)).large, false);
  const onSetup = withMatch(state, state.match, "setup");
  assert.equal(playing(onSetup), false);
  assert.equal(playing(backToGame(onSetup)), true);
});

test("a peg makes the next state and says itself; a refused peg changes nothing and says why", () => {
  const state = playingState();
  const done = pegAt(state, 1, 2);
  assert.ok(!("refused" in done));
  assert.deepEqual(done.view.totals, [0, 2]);
  assert.equal(done.said, "Bob pegs 2 for the play, now 2, 119 to go.");
  assert.equal(done.note, "");
  assert.equal(done.state.match.game.entries.length, 1);
  assert.equal(state.match.game.entries.length, 0, "the state it came from is untouched");
  const refused = pegAt(state, 0, 0);
  assert.match(refused.refused, /Nothing to peg for Ann/);
  assert.equal(pegAt(state, 5, 2).refused, "No such player.");
});

test("a note leads what is said; a count out of turn is noted; the end and the deal passing are said", () => {
  let state = pegAt(playingState(), 0, 3).state;
  const early = pegAt(state, 0, 8, "show", "Ann claimed 9.");
  assert.match(early.note, /^Ann claimed 9\. Counted out of turn: Bob's hand was due first/);
  assert.ok(early.said.startsWith(`${early.note} Ann pegs 8 for Ann's hand`));
  state = pegAt(state, 1, 4, "show").state;
  state = pegAt(state, 0, 6, "show").state;
  const crib = pegAt(state, 0, 2, "crib");
  assert.match(crib.said, /Ann pegs 2 for the crib, now 11, 110 to go\. The deal passes: Bob's crib\.$/);
  assert.equal(crib.view.deal, 1);
  const won = pegAt(state, 1, rules.GAME_HOLE);
  assert.equal(derive(setup, won.state.match.game).phase, "over");
  assert.match(won.said, new RegExp(`Bob wins with ${rules.GAME_HOLE}: Ann 9 \\(double skunk\\)\\.$`));
});

test("Count a hand: the hand first, then the starter; a chosen card comes back; no room is an error", () => {
  let chosen = NOTHING_CHOSEN;
  for (const code of ["5H", "5S", "5C", "JD"]) chosen = picked(chosen, code, 4).chosen;
  assert.deepEqual(chosen.hand, ["5H", "5S", "5C", "JD"]);
  assert.equal(complete(chosen, 4), false);
  chosen = picked(chosen, "5D", 4).chosen;
  assert.equal(chosen.starter, "5D");
  assert.equal(complete(chosen, 4), true);
  const full = picked(chosen, "KC", 4);
  assert.match(full.error, /are chosen: press one of them/);
  assert.deepEqual(full.chosen.hand, chosen.hand);
  assert.deepEqual(picked(chosen, "5S", 4).chosen.hand, ["5H", "5C", "JD"], "a hand card comes back");
  assert.equal(NOTHING_CHOSEN.hand.length, 0, "the empty choice is never changed");
});

test("Count a hand: the starter taken back is said, and pressing it again puts it back", () => {
  const hand = ["5H", "5S", "5C", "JD"];
  const took = picked({ hand, starter: "5D", taken: null }, "5D", 4);
  assert.equal(took.tookStarter, "5D");
  assert.deepEqual(took.chosen, { hand, starter: null, taken: "5D" });
  assert.deepEqual(picked(took.chosen, "5D", 4).chosen, { hand, starter: "5D", taken: null }, "put back");
  const other = picked(took.chosen, "5H", 4).chosen; // a hand card taken out instead
  assert.deepEqual(other, { hand: ["5S", "5C", "JD"], starter: null, taken: null });
  assert.deepEqual(picked(other, "5D", 4).chosen.hand, ["5S", "5C", "JD", "5D"], "then it is a hand card again");
});

test("Count a hand opened again: the same count keeps its cards; the starter stays for the deal", () => {
  const chosen = { hand: ["AH"], starter: "KS", taken: null };
  const draft = { id: "deal1|0|hand", hand: ["2H", "3H"] };
  assert.deepEqual(reopened(chosen, draft, "deal1|0|hand", true), { hand: ["2H", "3H"], starter: "KS", taken: null });
  assert.deepEqual(reopened(chosen, draft, "deal1|1|hand", true).hand, [], "another side's count starts empty");
  assert.equal(reopened(chosen, draft, "deal2|0|hand", false).starter, null, "a new deal, a new starter");
});

test("a match read from a value already parsed is checked as its text would be", () => {
  const match = newMatch(setup, rules, 0);
  assert.deepEqual(readMatch(JSON.parse(serialise(match)), rules).match, match);
  assert.equal(readMatch(null, rules).error, "it holds no match");
  assert.equal(readMatch({ kind: "other" }, rules).foreign, true);
  assert.match(readMatch({ ...match, games: "x" }, rules).error, /damaged at games/);
});

test("a peg is said with the points still to go, in a game to 121 or to 61, and none at the game hole", () => {
  assert.deepEqual([toGo(109, 121), toGo(0, 61), toGo(60, 61), toGo(61, 61), toGo(121, 121)],
    ["12 to go", "61 to go", "1 to go", "", ""]);
  for (const hole of [rules.GAME_HOLE, rules.SHORT_GAME_HOLE]) {
    const short = withMatch(initialState(false), newMatch({ ...setup, hole }, rules, 0), "game");
    const done = pegAt(short, 1, 7);
    assert.equal(done.said, `Bob pegs 7 for the play, now 7, ${hole - 7} to go.`);
    assert.match(pegAt(done.state, 1, hole - 7).said, new RegExp(`^Bob pegs ${hole - 7} for the play, now ${hole}\\. Bob wins`));
  }
});
