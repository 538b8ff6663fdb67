// The board's match (docs/assets/js/board/match.js): the record, rematch, statistics; and its
// saved form (io.js): storage and the JSON export read back, damage found, the CSV of every peg.
import assert from "node:assert/strict";
import { test } from "node:test";

import { csvCell, fileName, parseMatch, serialise, toCSV } from "../../docs/assets/js/board/io.js";
import {
  finishedGames, gameValue, newMatch, record, rematch, rematchDealer, resetRecord, sameTable, startGame, statistics,
} from "../../docs/assets/js/board/match.js";
import { derive, markShow, normaliseSetup, peg } from "../../docs/assets/js/board/state.js";
import {
  claimChoices, dealText, earlyText, partnersText, skunkFigure, pegSentence, possessive, resultSentence,
} from "../../docs/assets/js/board/words.js";
import words, { rules } from "./vocabulary.mjs";

const setupFor = (mode, extra = {}) => normaliseSetup({ mode, firstDealer: 0, names: ["Ann", "Bob", "Cy"], ...extra }, rules);

function pegMatch(match, pegs) {
  let game = match.game;
  for (const [side, points, requested] of pegs) {
    if (requested === "mark") {
      game = markShow(match.setup, game, 1);
      continue;
    }
    const result = peg(match.setup, game, side, points, requested, 1000);
    assert.equal(result.refused, undefined, result.refused);
    game = result.game;
  }
  return { ...match, game };
}

// A deal: some play, then pone's hand, dealer's hand, the crib.
const deal = (pone, dealer, [p1, p2, h1, h2, crib]) => [[pone, p1], [dealer, p2], [0, 0, "mark"], [pone, h1], [dealer, h2], [dealer, crib]];

test("the record: wins, skunks given and taken, match points in games or ACC points", () => {
  let match = newMatch(setupFor("two"), rules, 0);
  match = pegMatch(match, [[1, 85], [0, 121]]); // Ann wins, Bob skunked at 85
  assert.equal(finishedGames(match).length, 1, "a game that has ended counts before the rematch");
  let result = record(match, rules);
  assert.deepEqual(result.rows[0], { wins: 1, points: rules.SKUNK_GAMES, skunksGiven: 1, doublesGiven: 0, skunksTaken: 0, doublesTaken: 0 });
  assert.equal(result.rows[1].skunksTaken, 1);
  match = rematch(match, rules, 5);
  assert.equal(match.games.length, 1);
  assert.equal(match.game.firstDealer, 1, "the loser deals the rematch");
  match = pegMatch(match, [[0, 50], [1, 121]]); // Bob wins, Ann double skunked
  result = record(match, rules);
  assert.equal(result.games, 2);
  assert.equal(result.rows[1].points, rules.DOUBLE_SKUNK_GAMES);
  assert.equal(result.rows[1].doublesGiven, 1);
  const acc = record({ ...match, setup: { ...match.setup, skunks: "acc" } }, rules);
  assert.deepEqual(acc.rows.map((r) => r.points), [rules.SKUNK_GAME_POINTS, rules.SKUNK_GAME_POINTS]);
  assert.equal(gameValue({ skunks: "acc" }, rules, [{ skunk: false, double: false }]), rules.WIN_GAME_POINTS);
  assert.equal(resetRecord(match).games.length, 0);
});

test("rematch: the loser deals by default; as a setting, the deal moves on instead", () => {
  const three = newMatch(setupFor("three"), rules, 0);
  const over = pegMatch(three, [[1, 40], [2, 30], [0, 121]]);
  assert.equal(rematchDealer(over.setup, over.game), 2, "the lowest score deals");
  const moving = { ...over, setup: { ...over.setup, loserDeals: false } };
  assert.equal(rematchDealer(moving.setup, moving.game), 1);
  assert.equal(rematch(three, rules, 1), three, "no rematch before the end");
});

test("new players start a new match; the same table keeps its record", () => {
  let match = pegMatch(newMatch(setupFor("two"), rules, 0), [[0, 121]]);
  const same = startGame(match, setupFor("two", { muggins: true }), rules, 9);
  assert.equal(same.games.length, 1);
  assert.equal(same.setup.muggins, true);
  const other = startGame(match, setupFor("two", { names: ["Ann", "Dee"] }), rules, 9);
  assert.equal(other.games.length, 0);
  match = pegMatch(match, []);
  const abandoned = startGame(pegMatch(newMatch(setupFor("two"), rules, 0), [[0, 5]]), setupFor("two"), rules, 9);
  assert.equal(abandoned.games.length, 0, "an unfinished game is not recorded");
});

test("statistics: average hand and crib, pegging per deal, best hand, skunks", () => {
  let match = newMatch(setupFor("two"), rules, 0); // Ann (0) deals first
  match = pegMatch(match, deal(1, 0, [2, 1, 8, 12, 4])); // deal 1: Bob pone
  match = pegMatch(match, deal(0, 1, [3, 2, 6, 10, 0])); // deal 2: Ann pone
  const stats = statistics(match);
  assert.equal(stats[0].deals, 2);
  assert.equal(stats[0].averageHand, 9); // 12 and 6
  assert.equal(stats[1].averageHand, 9); // 8 and 10
  assert.equal(stats[0].bestHand, 12);
  assert.equal(stats[0].averageCrib, 4);
  assert.equal(stats[1].averageCrib, 0);
  assert.equal(stats[0].peggingPerDeal, 2); // 1 + 3 over two deals
  assert.equal(stats[1].peggingPerDeal, 2); // 2 + 2
  assert.equal(stats[0].doublesGiven, 0);
  const doubled = statistics(pegMatch(newMatch(setupFor("two"), rules, 0), [[1, 50], [0, 121]]));
  assert.deepEqual([doubled[0].skunksGiven, doubled[0].doublesGiven, doubled[1].skunksTaken, doubled[1].doublesTaken],
    [1, 1, 1, 1], "a double skunk is a skunk, and named as double");
  assert.equal(skunkFigure(3, 1), "3 (1 double)");
  assert.equal(skunkFigure(2, 0), 2);
  const empty = statistics(newMatch(setupFor("two"), rules, 0));
  assert.equal(empty[0].averageHand, null);
  assert.equal(empty[0].peggingPerDeal, null);
});

test("a saved match reads back exactly; damage and foreign files are named", () => {
  const match = pegMatch(newMatch(setupFor("teams"), rules, 0), deal(1, 0, [2, 1, 8, 12, 4]));
  const text = serialise(match);
  assert.deepEqual(parseMatch(text, rules).match, match);
  assert.match(parseMatch("{not json", rules).error, /not readable JSON/);
  assert.match(parseMatch("[1,2]", rules).error, /holds no match/);
  const foreign = parseMatch(JSON.stringify({ kind: "something else" }), rules);
  assert.equal(foreign.foreign, true);
  assert.match(parseMatch(JSON.stringify({ ...match, version: 99 }), rules).error, /version 99/);
  const broken = JSON.parse(text);
  broken.game.entries[3].points = "lots";
  assert.match(parseMatch(JSON.stringify(broken), rules).error, /game\.entries\[3\]: points/);
  const badName = JSON.parse(text);
  badName.setup.names = ["<img src=x onerror=alert(1)>".repeat(3), "B"];
  assert.match(parseMatch(JSON.stringify(badName), rules).error, /setup\.names/);
  const unfinished = JSON.parse(text);
  unfinished.games = [unfinished.game];
  assert.match(parseMatch(JSON.stringify(unfinished), rules).error, /games\[0\]/);
});

test("CSV: one row per peg, names that look like formulas defused, quotes doubled", () => {
  const match = pegMatch(newMatch(setupFor("two", { names: ["=SUM(A1)", 'Bob "B", Jr'] }), rules, Date.UTC(2026, 0, 2)),
    [[1, 2], [0, rules.HEELS_POINTS], [0, 0, "mark"], [1, 7]]);
  const lines = toCSV(match, words).trimEnd().split("\r\n");
  assert.equal(lines[0], "game,deal,dealer,player,points,for,total,time");
  assert.equal(lines.length, 4);
  assert.equal(lines[1], `1,1,'=SUM(A1),"Bob ""B"", Jr",2,the play,2,1970-01-01T00:00:01.000Z`);
  assert.match(lines[3], /,7,"Bob ""B"", Jr's hand",9,/);
  assert.equal(csvCell("-3"), "'-3");
  assert.equal(fileName(Date.UTC(2026, 10, 29), "csv"), "cribbage-board-2026-11-29.csv");
});

test("the sentences a screen reader hears", () => {
  const match = pegMatch(newMatch(setupFor("two"), rules, 0), [[0, 2], [1, 90], [0, 119]]);
  const view = derive(match.setup, match.game);
  const last = view.rows.at(-1);
  assert.equal(pegSentence(match.setup, last.entry, last.total, 121, words), "Ann pegs 119 for the play, now 121.");
  assert.equal(resultSentence(match.setup, view), "Ann wins with 121: Bob 90 (skunked).");
});

test("where the game stands, in words; possessives of names ending in s", () => {
  assert.equal(possessive("Reds"), "Reds'");
  assert.equal(possessive("Ann"), "Ann's");
  const players = ["Ann", "Ben", "Cy", "Di"];
  let match = newMatch(normaliseSetup({ mode: "teams", names: ["Reds", "Blues"], players, firstDealer: 1 }, rules), rules, 0);
  assert.equal(dealText(match.setup, derive(match.setup, match.game), words), "Deal 1: Ben deals, Blues' crib. The play.");
  match = pegMatch(match, [[0, 0, "mark"]]);
  assert.equal(dealText(match.setup, derive(match.setup, match.game), words),
    "Deal 1: Ben deals, Blues' crib. The show: Cy's hand next.");
  assert.equal(partnersText(match.setup, 0), "Ann and Cy");
  assert.equal(partnersText(match.setup, 1), "Ben and Di");
});

test("teams: unnamed teams are called after their partners; without names, players 1 to 4 round the table", () => {
  const named = normaliseSetup({ mode: "teams", players: ["Ann", "Ben", "Cy", "Di"], firstDealer: 3 }, rules);
  assert.deepEqual(named.names, ["Ann & Cy", "Ben & Di"]);
  assert.equal(partnersText(named, 0), "", "a team called after its partners is not named twice");
  assert.equal(named.firstDealer, 3, "the first dealer is any of the four seats");
  const long = normaliseSetup({ mode: "teams", players: ["A".repeat(20), "Ben", "C".repeat(20), "Di"] }, rules);
  assert.deepEqual(long.names, ["Team A", "Ben & Di"], "a pair too long for a track keeps the plain name");
  const plain = normaliseSetup({ mode: "teams", firstDealer: 1 }, rules);
  assert.deepEqual(plain.names, ["Team A", "Team B"]);
  const match = pegMatch(newMatch(plain, rules, 0), [[0, 0, "mark"]]);
  assert.equal(dealText(plain, derive(plain, match.game), words),
    "Deal 1: Player 2 deals, Team B's crib. The show: Player 3's hand next.");
  assert.equal(partnersText(plain, 1), "Player 2 and Player 4");
  assert.equal(partnersText(normaliseSetup({ mode: "two" }, rules), 0), "", "no partners outside a team game");
});

test("a team game saved before players were named still loads, and is worded by seat", () => {
  const match = pegMatch(newMatch(setupFor("teams", { names: ["Us", "Them"], firstDealer: 0 }), rules, 0), [[0, 0, "mark"]]);
  const { players: _players, ...oldSetup } = match.setup; // what the board saved before
  const old = parseMatch(serialise({ ...match, setup: oldSetup }), rules);
  assert.equal(old.error, undefined);
  assert.equal(old.match.setup.players, undefined);
  assert.equal(dealText(old.match.setup, derive(old.match.setup, old.match.game), words),
    "Deal 1: Player 1 deals, Us' crib. The show: Player 2's hand next.");
  assert.equal(sameTable(old.match.setup, match.setup), true, "players 1 to 4 are the old game's seats: the record carries on");
  assert.equal(sameTable(match.setup, normaliseSetup({ ...match.setup, players: ["Ann"] }, rules)), false);
  const wrong = JSON.parse(serialise(match));
  wrong.setup.players = ["Ann", "Ben"];
  assert.match(parseMatch(JSON.stringify(wrong), rules).error, /setup\.players/);
  wrong.setup.players = ["Ann", "Ben", "Cy", "D".repeat(30)];
  assert.match(parseMatch(JSON.stringify(wrong), rules).error, /setup\.players/);
});

test("a hand counted out of turn is pegged, and the part that was due is named", () => {
  const setup = normaliseSetup({ mode: "teams", players: ["Ann", "Ben", "Cy", "Di"], firstDealer: 0 }, rules);
  let game = markShow(setup, newMatch(setup, rules, 0).game, 1);
  const early = peg(setup, game, 0, 8, undefined, 2); // team A first: Cy's hand, but Ben's is due
  assert.deepEqual(early.game.entries.at(-1), { side: 0, points: 8, source: "hand", seat: 2, at: 2 });
  assert.deepEqual(early.early, { part: "hand", seat: 1 });
  assert.equal(earlyText(setup, early.early),
    "Counted out of turn: Ben's hand was due first (the show goes round from the dealer's left). Undo if that was a slip.");
  game = peg(setup, game, 1, 6, undefined, 2).game; // Ben, in turn
  assert.equal(peg(setup, game, 0, 4, undefined, 3).early, undefined);
  assert.equal(peg(setup, game, 0, 4, "crib", 3).early.seat, 2, "the crib before the hands is out of turn too");
  assert.equal(peg(setup, newMatch(setup, rules, 0).game, 1, 2, undefined, 1).early, undefined, "the play has no turn here");
});

test("a claimed count: under it the claim is pegged (muggins gives the rest), over it the count is", () => {
  const opponents = [{ side: 1, name: "Bob" }];
  assert.deepEqual(claimChoices(12, 12, "Ann", opponents, false), []);
  const [under] = claimChoices(12, 10, "Ann", opponents, false);
  assert.equal(under.points, 10);
  assert.equal(under.muggins, undefined);
  assert.match(under.note, /Ann claimed 10; the engine counts 12: 2 missed/);
  const [mugged] = claimChoices(12, 10, "Ann", opponents, true);
  assert.deepEqual(mugged.muggins, { side: 1, points: 2 });
  const [over] = claimChoices(12, 14, "Ann", opponents, true);
  assert.equal(over.points, 12);
  assert.equal(over.muggins, undefined);
  const three = claimChoices(8, 5, "Ann", [...opponents, { side: 2, name: "Cy" }], true);
  assert.deepEqual(three.map((c) => c.muggins && c.muggins.side), [1, 2, undefined], "who called it, or nobody");
  assert.deepEqual(claimChoices(8, Number.NaN, "Ann", opponents, true), []);
});
