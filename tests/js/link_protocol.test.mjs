// The table link's messages (docs/assets/js/link/protocol.js), the seed's commit and reveal
// (link/seed.js) and the in-page transport (link/transport.js) they are tested over.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import * as protocol from "../../docs/assets/js/link/protocol.js";
import * as seed from "../../docs/assets/js/link/seed.js";
import { broadcastTransport } from "../../docs/assets/js/link/transport.js";

const { message, validate, parse, accept, admit, hostState } = protocol;

/** A host with guests on links "a" (seat 1) and "b" (seat 2). */
function table() {
  let state = hostState();
  for (const [link, seat] of [["a", 1], ["b", 2]]) state = admit(state, link, seat).state;
  return state;
}

test("every type's well-formed message validates and survives the text round trip", () => {
  const bodies = {
    hello: { name: "Ann" }, welcome: { seat: 1, seats: 3 }, commit: { hash: "a".repeat(64) },
    reveal: { secret: "0".repeat(64) }, action: { action: { kind: "discard", cards: ["5H", "JD"] } },
    view: { view: { phase: "play", hand: ["5H"], scores: [0, 0] } }, refused: { error: "not yours" },
    ping: { t: 1 }, pong: { t: 1 }, bye: {},
    tap: { op: "peg", side: 1, points: 4, source: "" }, board: { board: { game: { entries: [] } } },
    round: { round: { seats: [0, 1], commits: {}, reveals: {} } },
    token: { token: "e".repeat(64) }, held: { seat: 2 }, claim: { seat: 2, token: "e".repeat(64) },
    record: { text: "Deal 1\n..." },
  };
  assert.deepEqual(Object.keys(bodies).sort(), [...protocol.TYPES].sort());
  for (const [type, body] of Object.entries(bodies)) {
    const value = message(type, 1, 7, body);
    assert.deepEqual(validate(value), { ok: true }, type);
    assert.deepEqual(parse(protocol.serialize(value)), { ok: true, message: value });
  }
});

test("validate refuses every shape that is not exactly a message", () => {
  const good = message("ping", 1, 1, { t: 3 });
  const bad = [
    [null, "not an object"], [[good], "not an object"], ["ping", "not an object"],
    [{ ...good, extra: 1 }, "keys"], [{ v: 1, type: "ping", seat: 1, seq: 1 }, "keys"],
    [{ ...good, v: 2 }, "version 2"], [{ ...good, v: "1" }, "version"],
    [{ ...good, type: "shuffle" }, "unknown message type"], [{ ...good, type: "toString" }, "unknown message type"],
    [{ ...good, seat: 4 }, "no such seat"], [{ ...good, seat: -1 }, "no such seat"], [{ ...good, seat: 1.5 }, "no such seat"],
    [{ ...good, seq: 0 }, "sequence"], [{ ...good, seq: 2 ** 31 }, "sequence"], [{ ...good, seq: "2" }, "sequence"],
    [{ ...good, body: null }, "body is not an object"], [{ ...good, body: [] }, "body is not an object"],
    [{ ...good, body: { t: 1, u: 2 } }, "exactly t"], [{ ...good, body: {} }, "exactly t"],
    [{ ...good, body: { t: -1 } }, "t is not valid"], [{ ...good, body: { t: "1" } }, "t is not valid"],
    [message("commit", 1, 1, { hash: "A".repeat(64) }), "hash is not valid"],
    [message("commit", 1, 1, { hash: "a".repeat(63) }), "hash is not valid"],
    [message("hello", 1, 1, { name: "x".repeat(41) }), "name is not valid"],
    [message("bye", 1, 1, { why: "bored" }), "no keys"],
  ];
  for (const [value, error] of bad) {
    const check = validate(value);
    assert.equal(check.ok, false, JSON.stringify(value));
    assert.match(/** @type {{error: string}} */ (check).error, new RegExp(error), JSON.stringify(value));
  }
});

test("opaque actions and views: deep, huge, non-finite or prototype-reaching payloads are refused", () => {
  let deep = {};
  for (let i = 0; i < 20; i += 1) deep = { inner: deep };
  const cases = [
    [deep, "nested too deep"],
    [{ list: Array.from({ length: 6000 }, (_, i) => i) }, "too many entries"],
    [{ text: "x".repeat(protocol.MAX_STRING_CHARS + 1) }, "string too long"],
    [JSON.parse('{"__proto__": {"admin": true}}'), "forbidden key"],
    [{ nested: { constructor: { prototype: 1 } } }, "forbidden key"],
    [{ n: Infinity }, "not finite"], [{ when: new Date(0) }, "not plain"], [{ f: () => 1 }, "JSON cannot carry"],
  ];
  for (const [payload, error] of cases) {
    assert.equal(protocol.opaque(payload).ok, false);
    assert.match(/** @type {{error: string}} */ (protocol.opaque(payload)).error, new RegExp(error));
    assert.equal(validate(message("action", 1, 1, { action: payload })).ok, false);
  }
  assert.equal(({}).admin, undefined, "nothing reached Object.prototype");
});

test("parse never throws on garbled text and refuses oversized text before parsing it", () => {
  const garbled = ["", "{", "null", "[]", "\u0000\u0001", '{"v":1', "1e999", '"text"', "{\"v\":1,\"type\":\"ping\"}"];
  for (const raw of garbled) assert.equal(parse(raw).ok, false, raw);
  assert.deepEqual(parse(42), { ok: false, error: "a message is text" });
  const huge = JSON.stringify(message("view", 0, 1, { view: { pad: "x".repeat(10) } })).replace("x".repeat(10), "x".repeat(70000));
  assert.deepEqual(parse(huge), { ok: false, error: "the message is too long" });
  assert.throws(() => protocol.serialize(/** @type {any} */ (message("shuffle", 0, 1, {}))), /invalid message/);
});

test("the host applies a guest's own messages in order and refuses replays, other seats and host-only types", () => {
  let state = table();
  const first = accept(state, "a", protocol.serialize(message("action", 1, 1, { action: { kind: "go" } })));
  assert.equal(first.ok, true);
  state = first.state;
  const refusals = [
    [accept(state, "a", protocol.serialize(message("action", 1, 1, { action: { kind: "go" } }))), "replayed or out of order"],
    [accept(state, "a", message("action", 1, 1, { action: { kind: "go" } })), "replayed"],
    [accept(state, "a", message("action", 2, 2, { action: { kind: "go" } })), "seat 1 cannot act for seat 2"],
    [accept(state, "a", message("action", 0, 2, { action: { kind: "go" } })), "seat 1 cannot act for seat 0"],
    [accept(state, "a", message("view", 1, 2, { view: { hand: ["5H"] } })), "a guest cannot send view"],
    [accept(state, "a", message("welcome", 1, 2, { seat: 3, seats: 4 })), "a guest cannot send welcome"],
    [accept(state, "c", message("ping", 3, 1, { t: 1 })), "the link has no seat"],
    [accept(state, "a", "{\"v\":1,\"type\":\"action\""), "not JSON"],
    [accept(state, "a", { ...message("ping", 1, 2, { t: 1 }), seq: -5 }), "sequence number is not"],
  ];
  for (const [index, [result, error]] of refusals.entries()) {
    assert.equal(result.ok, false);
    assert.equal(result.refusal.from, index === 6 ? "c" : "a", "the refusal names the link to log");
    assert.equal(result.state, state, "a refusal leaves the state as it was");
    assert.match(result.refusal.error, new RegExp(error));
  }
  const second = accept(state, "a", message("ping", 1, 5, { t: 1 }));
  assert.equal(second.ok, true, "a gap in the numbers is allowed: only going back is refused");
  assert.equal(second.state.seq.a, 5);
  assert.equal(accept(second.state, "b", message("ping", 2, 1, { t: 1 })).ok, true, "each link counts its own");
});

test("a seat's new link replaces its old one, which is refused from then on", () => {
  let state = table();
  state = accept(state, "a", message("ping", 1, 9, { t: 1 })).state;
  state = admit(state, "a2", 1).state;
  assert.deepEqual(state.seats, { b: 2, a2: 1 });
  assert.match(accept(state, "a", message("ping", 1, 10, { t: 1 })).refusal.error, /no seat/);
  assert.equal(accept(state, "a2", message("ping", 1, 1, { t: 1 })).ok, true, "the rejoined phone counts from 1");
  assert.equal(admit(state, "z", 4).ok, false);
});

test("a guest accepts only the host's types, in order", () => {
  const start = { seq: 0 };
  const view = protocol.serialize(message("view", 0, 1, { view: { phase: "deal" } }));
  const got = protocol.acceptFromHost(start, view);
  assert.equal(got.ok, true);
  assert.match(protocol.acceptFromHost(got.state, view).error, /replayed/);
  assert.match(protocol.acceptFromHost(start, protocol.serialize(message("action", 0, 1, { action: {} }))).error, /does not send action/);
  assert.equal(protocol.acceptFromHost(start, "garbage").ok, false);
});

test("commit and reveal: the seed comes from every secret, and every out-of-turn step is refused", async () => {
  const secrets = [seed.newSecret(), seed.newSecret(), seed.newSecret()];
  assert.match(secrets[0], /^[0-9a-f]{64}$/);
  assert.notEqual(secrets[0], secrets[1]);
  let round = seed.newRound([2, 0, 1]);
  const early = await seed.addReveal(round, 0, secrets[0]);
  assert.match(early.error, /only once every seat has committed/);
  for (const seat of [0, 1]) round = seed.addCommit(round, seat, await seed.commitment(seat, secrets[seat])).round;
  assert.match(seed.addCommit(round, 1, await seed.commitment(1, secrets[1])).error, /committed already/);
  assert.match(seed.addCommit(round, 3, "a".repeat(64)).error, /not at this table/);
  // seat 2 copying seat 1's commitment cannot reveal seat 1's secret as its own
  round = seed.addCommit(round, 2, round.commits[1]).round;
  assert.match((await seed.addReveal(round, 2, secrets[1])).error, /does not match/);
  assert.match((await seed.combinedSeed(round)).error, /not every seat/);
  round = seed.newRound([0, 1, 2]);
  for (const seat of [0, 1, 2]) round = seed.addCommit(round, seat, await seed.commitment(seat, secrets[seat])).round;
  round = (await seed.addReveal(round, 0, secrets[0])).round;
  assert.match(seed.addCommit(round, 0, "b".repeat(64)).error, /commitments are closed/);
  assert.match((await seed.addReveal(round, 1, secrets[2])).error, /does not match/);
  assert.match((await seed.addReveal(round, 0, secrets[0])).error, /revealed already/);
  for (const seat of [1, 2]) round = (await seed.addReveal(round, seat, secrets[seat])).round;
  const combined = await seed.combinedSeed(round);
  assert.equal(combined.ok, true);
  assert.ok(Number.isSafeInteger(combined.seed) && combined.seed >= 0 && combined.seed < 2 ** 53);
  assert.deepEqual(await seed.verify(JSON.parse(JSON.stringify(round)), combined.seed), { ok: true });
  assert.match((await seed.verify(round, combined.seed + 1)).error, /not the one/);
  const swapped = { ...round, reveals: { ...round.reveals, 1: seed.newSecret() } };
  assert.match((await seed.verify(swapped, combined.seed)).error, /does not match/);
});

test("the seed changes with any one secret, and not with the order seats committed in", async () => {
  const secrets = ["1".repeat(64), "2".repeat(64)];
  const make = async (order, values) => {
    let round = seed.newRound([0, 1]);
    for (const seat of order) round = seed.addCommit(round, seat, await seed.commitment(seat, values[seat])).round;
    for (const seat of order) round = (await seed.addReveal(round, seat, values[seat])).round;
    return (await seed.combinedSeed(round)).hex;
  };
  const base = await make([0, 1], secrets);
  assert.equal(await make([1, 0], secrets), base);
  assert.notEqual(await make([0, 1], [secrets[0], "3".repeat(64)]), base);
  assert.notEqual(await make([0, 1], [secrets[1], secrets[0]]), base, "a secret counts for its own seat");
});

test("over the in-page transport the host refuses a hostile guest's messages and applies its own", async (t) => {
  const name = "link-test-" + Math.random();
  const host = broadcastTransport(name, "host", "a");
  const guest = broadcastTransport(name, "a", "host");
  const bystander = broadcastTransport(name, "b", "host");
  t.after(() => { for (const end of [host, guest, bystander]) end.close(); }); // an open channel keeps Node running
  await Promise.all([host.open(), guest.open()]);
  let state = admit(hostState(), "a", 1).state;
  const applied = [];
  const refused = [];
  const done = new Promise((resolve) => host.onMessage((text) => {
    const result = accept(state, "a", text);
    if (result.ok) { state = result.state; applied.push(result.message); } else refused.push(result.refusal.error);
    if (applied.length + refused.length === 5) resolve(undefined);
  }));
  bystander.send(protocol.serialize(message("ping", 2, 1, { t: 0 }))); // addressed from b: never reaches a's end
  guest.send(protocol.serialize(message("action", 1, 1, { action: { kind: "cut" } })));
  guest.send(protocol.serialize(message("action", 1, 1, { action: { kind: "cut" } })));
  guest.send(protocol.serialize(message("action", 2, 2, { action: { kind: "cut" } })));
  guest.send("\u00ff\u00fe garbage");
  guest.send(protocol.serialize(message("bye", 1, 2, {})));
  await done;
  assert.deepEqual(applied.map((m) => [m.type, m.seq]), [["action", 1], ["bye", 2]]);
  assert.equal(refused.length, 3);
  const closed = new Promise((resolve) => host.onClose(resolve));
  guest.close();
  assert.equal(await closed, "closed by the other end");
  assert.throws(() => guest.send("late"), /not open/);
});
