// The table played on linked phones (docs/assets/js/table/linked.js): the host refuses a guest
// acting for another seat, a garbled or replayed message, and applies nothing it refuses; a
// guest takes only its own seat's view; the seed's round steps a guest through commit, reveal
// and the check at the end, and a round the host changed is refused.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { message, serialize } from "../../docs/assets/js/link/protocol.js";
import { addCommit, addReveal, commitment, newRound } from "../../docs/assets/js/link/seed.js";
import {
  admitLink, claimSeat, freeSeat, giveToken, releaseSeat, guestLink, guestReceive, guestSend, guestView, hostGame, hostReceive, hostSend, roundStep,
  sealedRound, seatHeld,
} from "../../docs/assets/js/table/linked.js";
import "./vocabulary-module.mjs"; // table/state.js (under page-state.js) reads the seats' words from vocabulary.js

const pageState = await import("../../docs/assets/js/table/page-state.js");

const play = (player, card = "5H") => ({ kind: "play", player, cards: [card] });
const hostWith = () => admitLink(admitLink(hostGame(), "b", 1), "c", 2);

test("a guest's action for its own seat is passed on; for another seat it is refused and nothing moves", () => {
  const game = hostWith();
  const own = hostReceive(game, "b", serialize(message("action", 1, 1, { action: play(1) })));
  assert.equal(own.type, "action");
  assert.deepEqual(own.body.action, play(1));
  const other = hostReceive(own.game, "b", serialize(message("action", 1, 2, { action: play(2) })));
  assert.match(other.refusal.error, /seat 1 cannot act for seat 2/);
  assert.equal(other.game, own.game); // refused: the state as it was, the sequence number not spent
  const posing = hostReceive(own.game, "b", serialize(message("action", 2, 2, { action: play(2) })));
  assert.match(posing.refusal.error, /seat 1 cannot act for seat 2/);
});

test("garbled, replayed and host-only messages are refused and logged, never applied", () => {
  const game = hostWith();
  for (const raw of ["{not json", JSON.stringify({ v: 1, type: "action", seat: 1, seq: 1, body: { action: play(1) }, extra: 1 }),
    serialize(message("view", 1, 1, { view: {} })), JSON.stringify({ v: 2, type: "hello", seat: 1, seq: 1, body: { name: "x" } })]) {
    const got = hostReceive(game, "b", raw);
    assert.ok(got.refusal, raw);
    assert.equal(got.game, game);
  }
  const first = hostReceive(game, "b", serialize(message("hello", 1, 1, { name: " Ben " })));
  assert.equal(first.game.names[1], "Ben");
  assert.ok(hostReceive(first.game, "b", serialize(message("hello", 1, 1, { name: "Ben" }))).refusal, "a replay");
  assert.ok(hostReceive(first.game, "z", serialize(message("hello", 1, 1, { name: "Eve" }))).refusal, "a link with no seat");
});

test("a phone that rejoins takes its seat back; the seat's old link is refused", () => {
  const game = hostWith();
  assert.equal(freeSeat(game, ["c"]), 1);
  const back = admitLink(game, "b2", 1);
  assert.ok(hostReceive(back, "b", serialize(message("hello", 1, 9, { name: "Old" }))).refusal);
  assert.equal(hostReceive(back, "b2", serialize(message("action", 1, 1, { action: play(1) }))).type, "action");
  assert.equal(freeSeat(back, ["b2", "c"], 3), null);
});

test("a guest takes only a view of its own seat, in order", () => {
  let host = hostGame();
  let guest = guestLink();
  const sent = (type, seat, body) => { const made = hostSend(host, type, seat, body); host = made.game; return made.text; };
  const welcome = guestReceive(guest, sent("welcome", 1, { seat: 1, seats: 2 }));
  guest = welcome.link;
  assert.equal(guest.seat, 1);
  const view = { seat: 1, hand: ["5H"], legal: [], log: [] };
  const mine = guestReceive(guest, sent("view", 1, { view }));
  assert.deepEqual(mine.view, { ...view, names: [] });
  const named = guestReceive(mine.link, sent("view", 1, { view: { ...view, names: ["Ann", "Ben".repeat(9), { html: 1 }] } }));
  assert.deepEqual(named.view.names, ["Ann", "Ben".repeat(9).slice(0, 20), ""], "each name text, and short");
  assert.match(guestReceive(mine.link, sent("view", 1, { view: { ...view, seat: 0 } })).error, /not this seat's/);
  assert.match(guestReceive(named.link, sent("view", 1, { view })).error ?? "", /^$/); // a later one is taken
  const replayed = hostSend(hostGame(), "view", 1, { view }).text;
  assert.match(guestReceive(mine.link, replayed).error, /replayed/);
  assert.match(guestReceive(guest, guestSend(guest, "action", { action: play(1) }).text).error, /a host does not send action/);
});

test("a guest's view keeps the current deal's log and says how many events the game has", () => {
  const log = [{ type: "cut" }, { type: "deal" }, { type: "play" }, { type: "deal" }, { type: "discard" }];
  const cut = guestView({ seat: 1, log }, ["Ann", "Ben"]);
  assert.deepEqual(cut.log, log.slice(3));
  assert.deepEqual(cut.names, ["Ann", "Ben"]);
  assert.equal(cut.events_seen, 5);
});

test("a guest is offered its moves only on its own turn: a cut for deal before the host's is not offered", () => {
  const cuts = [{ kind: "cut", player: 1 }];
  const waiting = guestView({ seat: 1, to_act: 0, phase: "cut_for_deal", legal: cuts, log: [] });
  assert.deepEqual(waiting.legal, [], "the engine takes the cuts in seat order: the host's first");
  assert.equal(waiting.to_act, 0); // whose move it is, for the guest's page to say
  assert.deepEqual(guestView({ seat: 1, to_act: 1, phase: "cut_for_deal", legal: cuts, log: [] }).legal, cuts);
  const throws = [{ kind: "discard", player: 1, cards: ["5H", "5S"] }];
  assert.deepEqual(guestView({ seat: 1, to_act: 0, phase: "discard", legal: throws, log: [] }).legal, []);
});

test("a linked guest shows the shared game's commitment, never its own old game's, and none between", () => {
  const own = { commitment: "0".repeat(64), names: null, selected: [], seat: 0, handOver: null };
  const joined = pageState.joinedTable(own);
  assert.equal(joined.commitment, null, "nothing shown until the host's first view");
  const shared = "f".repeat(64);
  const view = { seat: 1, seat_kinds: ["human", "human"], commitment: shared, to_act: 0, legal: [], log: [], events: [],
    cards_held: [0, 0], scores: [0, 0], previous_scores: [0, 0], dealer: null };
  for (const before of [own, joined]) {
    const hosted = pageState.fromHost(before, ["Ann", "Ben"], shared);
    const drawn = pageState.replied(hosted, { view, sealed: null }, { name: "standard", players: 2 }, true);
    assert.equal(drawn.commitment, shared);
  }
});

test("the seed's round: commit, reveal once all have committed, check at the end; a changed round refused", async () => {
  const secrets = { 0: "a".repeat(64), 1: "b".repeat(64) };
  const mine = await commitment(1, secrets[1]);
  let round = newRound([0, 1]);
  round = addCommit(round, 0, await commitment(0, secrets[0])).round;
  assert.deepEqual(roundStep(sealedRound(round), 1, undefined), { step: "commit" });
  round = addCommit(round, 1, mine).round;
  assert.deepEqual(roundStep(sealedRound(round), 1, mine), { step: "reveal" });
  assert.deepEqual(roundStep(sealedRound(round), 1, "c".repeat(64)).error, "the host's round does not hold this phone's commitment");
  round = (await addReveal(round, 1, secrets[1])).round;
  assert.deepEqual(sealedRound(round).reveals, {}, "no guest sees a secret before the end");
  round = (await addReveal(round, 0, secrets[0])).round;
  assert.deepEqual(roundStep(round, 1, mine), { step: "check" });
  const early = { seats: [0, 1], commits: { 0: round.commits[0] }, reveals: { 0: secrets[0] } };
  assert.match(roundStep(early, 1, undefined).error, /before every seat committed/);
  assert.match(roundStep({ seats: [0, 1], commits: { 0: "zz" }, reveals: {} }, 1, undefined).error, /not one this phone can use/);
});

test("two guests drop; the one that links first is offered the other's seat, and only its own token takes a seat back", () => {
  const [ben, cy] = ["b".repeat(64), "c".repeat(64)];
  let game = giveToken(giveToken(hostWith(), 1, ben), 2, cy); // Ben was given seat 1, Cy seat 2
  game = hostGame(game.tokens); // the host reloads: the tokens come back with its saved game
  // Cy's phone links first: the lowest free seat is Ben's, held in the game, so Cy must claim
  game = admitLink(game, "cy2", freeSeat(game, ["cy2"]));
  assert.equal(game.protocol.seats.cy2, 1);
  assert.ok(seatHeld(game, 1, true));
  assert.ok(!seatHeld(game, 3, true) && !seatHeld(game, 1, false), "a seat no phone of the game holds is given freely");
  const claim = hostReceive(game, "cy2", serialize(message("claim", 1, 1, { seat: 1, token: cy })));
  assert.equal(claim.type, "claim");
  const posing = claimSeat(claim.game, "cy2", claim.body, []);
  assert.match(posing.refusal.error, /does not hold the token that seat was given/);
  assert.equal(posing.game, claim.game, "refused: nothing moved");
  assert.match(claimSeat(game, "cy2", { seat: 2, token: ben }).refusal?.error ?? "", /does not hold the token/, "another seat's token");
  assert.match(claimSeat(game, "cy2", { seat: 3, token: cy }, []).refusal.error, /does not hold the token/, "a seat never given");
  const own = claimSeat(claim.game, "cy2", { seat: 2, token: cy }, []);
  assert.equal(own.seat, 2);
  assert.equal(own.game.protocol.seats.cy2, 2);
  // Ben's phone links next and takes seat 1 back; Cy's seat cannot be taken from it while it is linked
  let next = admitLink(own.game, "ben2", freeSeat(own.game, ["cy2", "ben2"]));
  assert.equal(next.protocol.seats.ben2, 1);
  assert.match(claimSeat(next, "ben2", { seat: 2, token: cy }, ["cy2"]).refusal.error, /linked to another phone/);
  next = claimSeat(next, "ben2", { seat: 1, token: ben }, ["cy2"]);
  assert.equal(next.seat, 1);
  assert.equal(hostReceive(next.game, "ben2", serialize(message("action", 1, 1, { action: play(1) }))).type, "action");
});

test("a released seat's token is dropped: a claim with it is refused, the other seats keep theirs", () => {
  const [ben, cy] = ["b".repeat(64), "c".repeat(64)];
  const game = releaseSeat(giveToken(giveToken(hostWith(), 1, ben), 2, cy), 1); // Ben's phone gone for good
  assert.deepEqual(game.tokens, { 2: cy });
  assert.ok(!seatHeld(game, 1, true), "the seat is no phone's to claim");
  const again = admitLink(game, "ben2", 2); // offered Cy's seat while Cy is away, it claims its own old one
  assert.match(claimSeat(again, "ben2", { seat: 1, token: ben }, []).refusal.error, /does not hold the token that seat was given/);
  assert.equal(claimSeat(again, "cy2", { seat: 2, token: cy }, []).seat, 2);
  assert.deepEqual(releaseSeat(game, 3).tokens, game.tokens, "a seat never given: nothing changes");
});

test("a guest keeps the token its host gives, and hears when its seat must be claimed", () => {
  let host = hostGame();
  const sent = (type, body) => { const made = hostSend(host, type, 1, body); host = made.game; return made.text; };
  const guest = guestReceive(guestLink(), sent("welcome", { seat: 1, seats: 2 })).link;
  assert.equal(guestReceive(guest, sent("token", { token: "d".repeat(64) })).token, "d".repeat(64));
  assert.equal(guestReceive(guest, sent("held", { seat: 1 })).held, 1);
  assert.match(guestReceive(guest, guestSend(guest, "claim", { seat: 1, token: "d".repeat(64) }).text).error, /a host does not send claim/);
});
