// The board shared by linked phones (docs/assets/js/board/linked.js): the host applies guests'
// taps in the order they arrive, refuses a hostile or replayed message without touching the
// board, labels the shared Undo with who pegged, and a guest checks the board it is sent.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  admitGuest, applyTap, freeSeat, guestLink, guestReceive, guestSend, hostSend, hostTable, receive, sharedMatch, undoLabel,
} from "../../docs/assets/js/board/linked.js";
import { newMatch } from "../../docs/assets/js/board/match.js";
import { derive, normaliseSetup } from "../../docs/assets/js/board/state.js";
import { message, serialize } from "../../docs/assets/js/link/protocol.js";
import { rules } from "./vocabulary.mjs";

const setup = normaliseSetup({ mode: "three", names: ["Ann", "Ben", "Cy"], firstDealer: 0 }, rules);
const tap = (op, side = 0, points = 0, source = "") => ({ op, side, points, source });

/** A host with Ben's phone on link "b" (seat 1) and Cy's on "c" (seat 2), each said hello. */
function table() {
  let t = hostTable("Ann");
  t = admitGuest(t, "b", 1);
  t = admitGuest(t, "c", 2);
  let match = newMatch(setup, rules, 0);
  for (const [link, seat, name] of [["b", 1, "Ben"], ["c", 2, "Cy"]]) {
    ({ table: t, match } = receive(t, match, link, serialize(message("hello", seat, 1, { name })), 1));
  }
  return { t, match };
}

const tapText = (seat, seq, body) => serialize(message("tap", seat, seq, body));

test("the host applies each guest's tap in the order it arrives, labelled with who tapped", () => {
  let { t, match } = table();
  const arrivals = [["c", 2, 2, tap("peg", 2, 2)], ["b", 1, 2, tap("peg", 1, 4)], ["c", 2, 3, tap("peg", 0, 3)]];
  for (const [link, seat, seq, body] of arrivals) {
    const done = receive(t, match, link, tapText(seat, seq, body), seq);
    assert.equal(done.refusal, undefined);
    assert.equal(done.refused, undefined);
    ({ table: t, match } = done);
  }
  assert.deepEqual(match.game.entries.map((e) => [e.by, e.side, e.points]), [["Cy", 2, 2], ["Ben", 1, 4], ["Cy", 0, 3]]);
  assert.deepEqual(derive(setup, match.game).totals, [3, 4, 2]);
  assert.equal(undoLabel(match.game), "Undo Cy's 3");
});

test("the shared Undo says whose peg it takes back, and anyone may press it", () => {
  let { t, match } = table();
  ({ table: t, match } = receive(t, match, "b", tapText(1, 2, tap("peg", 1, 4)), 2));
  assert.equal(undoLabel(match.game), "Undo Ben's 4");
  const done = receive(t, match, "c", tapText(2, 2, tap("undo")), 3);
  assert.equal(done.said, "Cy took back: Ben's 4.");
  assert.deepEqual(done.match.game.entries, []);
  assert.equal(undoLabel(done.match.game), "Undo");
  const own = applyTap(done.match, tap("peg", 0, 2), "Ann", 4);
  assert.equal(undoLabel(own.match.game), "Undo Ann's 2");
  assert.equal(undoLabel(applyTap(own.match, tap("show"), "Ann", 5).match.game), "Undo", "a mark is not a score");
});

test("a replayed, garbled or hostile message is refused and the board is left as it was", () => {
  let { t, match } = table();
  ({ table: t, match } = receive(t, match, "b", tapText(1, 2, tap("peg", 1, 4)), 2));
  const before = JSON.stringify(match);
  const hostile = [
    ["b", tapText(1, 2, tap("peg", 1, 4)), "replayed"],
    ["b", tapText(2, 3, tap("peg", 1, 4)), "cannot act for seat 2"],
    ["b", "{not json", "not JSON"],
    ["b", JSON.stringify({ ...message("tap", 1, 3, tap("peg", 1, 4)), body: { ...tap("peg", 1, 4), extra: "<img>" } }), "exactly"],
    ["b", JSON.stringify(message("tap", 1, 3, tap("peg", 1, 500))), "points is not valid"],
    ["b", JSON.stringify(message("tap", 1, 3, tap("remove", 1, 4))), "op is not valid"],
    ["b", serialize(message("board", 1, 3, { board: sharedMatch(match) })), "cannot send board"],
    ["z", tapText(1, 1, tap("peg", 1, 4)), "no seat"],
  ];
  for (const [link, raw, reason] of hostile) {
    const done = receive(t, match, link, raw, 9);
    assert.ok(done.refusal, reason);
    assert.match(done.refusal.error, new RegExp(reason));
    assert.equal(JSON.stringify(done.match), before);
  }
});

test("a tap the board refuses is refused with the board's reason, and the board is unchanged", () => {
  const { t, match } = table();
  const done = receive(t, match, "b", tapText(1, 2, tap("peg", 1, 0)), 2);
  assert.match(done.refused, /Nothing to peg/);
  assert.equal(done.match, match);
  assert.match(receive(t, match, "b", tapText(1, 2, tap("undo")), 2).refused, /Nothing to change/);
});

test("a guest takes its seat, checks the board it is sent, and refuses a replay or a damaged board", () => {
  let { t, match } = table();
  ({ match } = receive(t, match, "b", tapText(1, 2, tap("peg", 1, 4)), 2));
  let link = guestLink();
  let sent;
  ({ table: t, text: sent } = hostSend(t, "welcome", 1, { seat: 1, seats: 3 }));
  ({ link } = guestReceive(link, sent, rules));
  assert.equal(link.seat, 1);
  ({ table: t, text: sent } = hostSend(t, "board", 1, { board: sharedMatch(match) }));
  const got = guestReceive(link, sent, rules);
  assert.deepEqual(got.match.game.entries, match.game.entries);
  assert.match(guestReceive(got.link, sent, rules).error, /replayed/);
  const damaged = hostSend(t, "board", 1, { board: { ...sharedMatch(match), setup: { mode: "five" } } }).text;
  assert.match(guestReceive(got.link, damaged, rules).error, /the host's board it is damaged at setup/);
  const { text } = guestSend(got.link, "tap", tap("peg", 1, 2));
  assert.deepEqual(JSON.parse(text), message("tap", 1, 1, tap("peg", 1, 2)));
});

test("a guest that rejoins takes the lowest free seat again; the table holds three guests", () => {
  const { t } = table();
  assert.equal(freeSeat(t, ["b", "c"]), 3);
  assert.equal(freeSeat(t, ["c"]), 1, "Ben's link closed: his seat is free again");
  assert.equal(freeSeat(admitGuest(t, "d", 3), ["b", "c", "d"]), null);
  const rejoined = admitGuest(t, "b2", 1);
  assert.equal(receive(rejoined, newMatch(setup, rules, 0), "b", tapText(1, 5, tap("peg", 1, 2)), 1).refusal.error, "the link has no seat");
});
