// The table's game record (docs/assets/js/table/record.js): games added per level and variant,
// a game of three sides folded into yours and the others', and the rows the record can show.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import words from "./vocabulary.mjs";
import { addGame, emptyRecord, loadRecord, recordKey, recordRows, saveRecord } from "../../docs/assets/js/table/record.js";
import { KEYS } from "../../docs/assets/js/storage.js";

const side = (pegging, hand, crib) => ({ pegging, hand, crib, heels: 0, muggins: 0 });

test("a variant's games are kept apart from the standard game's, by level", () => {
  assert.equal(recordKey("easy"), "easy");
  assert.equal(recordKey("easy", "standard"), "easy");
  assert.equal(recordKey("easy", "three-player"), "three-player:easy");
  const rows = recordRows(words.levels.table, words.variants);
  assert.equal(rows.length, (words.levels.table.length + 1) * words.variants.length); // each level, and people only
  assert.deepEqual(rows[0], { id: words.levels.table[0].id, label: words.levels.table[0].label });
  const five = words.variants.find((v) => v.name === "five-card");
  assert.ok(rows.some((row) => row.id === "five-card:easy" && row.label === `${five.label} · Easy`));
});

test("a three-player game adds your side and the two others together, and says they were two", () => {
  const record = emptyRecord();
  const summary = { result: { winner: 2, skunk: false, double_skunk: false }, deals: 9, cribs: [3, 3, 3],
    points: [side(10, 40, 12), side(8, 50, 15), side(14, 60, 20)] };
  assert.ok(addGame(record, "three-player:easy", "g1", summary));
  const level = record.levels["three-player:easy"];
  assert.deepEqual([level.games, level.losses, level.deals, level.opponents], [1, 1, 9, 2]);
  assert.deepEqual(level.cribs, [3, 6]);
  assert.deepEqual([level.points[0].hand, level.points[1].hand, level.points[1].crib], [40, 110, 35]);
  assert.ok(!addGame(record, "three-player:easy", "g1", summary)); // the same game never twice
  const two = { result: { winner: 0, skunk: true }, deals: 8, cribs: [4, 4], points: [side(20, 70, 30), side(9, 50, 12)] };
  assert.ok(addGame(record, "easy", "g2", two));
  assert.equal(record.levels.easy.opponents, undefined);
  assert.deepEqual([record.levels.easy.wins, record.levels.easy.skunks_given], [1, 1]);
});

// A stand-in for the browser's localStorage: the record is read and kept through storage.js.
function fakeStorage(entries) {
  const kept = new Map(Object.entries(entries));
  globalThis.localStorage = {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem: (key, text) => { kept.set(key, String(text)); },
    removeItem: (key) => { kept.delete(key); },
  };
  return kept;
}

const FORMER_ASIDE = "cribbage.table.record.unreadable"; // the kept-aside key's name before it had ".v1"

test("a record kept aside under the key's former name moves to the new key once, and nothing is lost", () => {
  const kept = fakeStorage({ [FORMER_ASIDE]: "an old unreadable record" });
  assert.deepEqual(loadRecord(), { record: emptyRecord(), notice: "" });
  assert.equal(KEYS.tableRecordUnreadable, "cribbage.table.record.unreadable.v1");
  assert.deepEqual([...kept], [[KEYS.tableRecordUnreadable, "an old unreadable record"]]);
  kept.set(KEYS.tableRecord, "{not json");
  assert.match(loadRecord().notice, /could not be read/);
  assert.equal(kept.get(KEYS.tableRecordUnreadable), "an old unreadable record"); // the first copy kept
  delete globalThis.localStorage;
});

test("an unreadable record is kept aside once, a sound one read back, and storage switched off starts afresh", () => {
  const kept = fakeStorage({ [KEYS.tableRecord]: '{"version": 1, "levels": 5}' });
  assert.match(loadRecord().notice, /could not be read/);
  assert.equal(kept.get(KEYS.tableRecordUnreadable), '{"version": 1, "levels": 5}');
  kept.set(KEYS.tableRecord, "[]");
  loadRecord();
  assert.equal(kept.get(KEYS.tableRecordUnreadable), '{"version": 1, "levels": 5}'); // never overwritten
  const record = emptyRecord();
  addGame(record, "easy", "g1", { result: { winner: 0 }, deals: 3, points: [{}, {}], cribs: [1, 2] });
  saveRecord(record);
  assert.deepEqual(loadRecord(), { record, notice: "" });
  globalThis.localStorage = { getItem() { throw new Error("off"); }, setItem() { throw new Error("off"); } };
  assert.deepEqual(loadRecord(), { record: emptyRecord(), notice: "" });
  delete globalThis.localStorage;
});

test("a game of people is added for each person under their name; an older record still reads", () => {
  const kept = fakeStorage({});
  const record = emptyRecord();
  const summary = { result: { winner: 1 }, deals: 9, points: [{ hand: 40 }, { hand: 50 }], cribs: [5, 4] };
  assert.ok(addGame(record, "people", "g1", summary, 0, "Ann"));
  assert.ok(addGame(record, "people", "g1", summary, 1, "Ben"));
  assert.ok(!addGame(record, "people", "g1", summary, 1, "Ben")); // each person once
  assert.deepEqual([record.people.Ann.people.losses, record.people.Ben.people.wins], [1, 1]);
  assert.equal(record.people.Ben.people.points[0].hand, 50); // Ben's own side first
  assert.deepEqual(record.levels, {}); // nothing added to the one player's rows
  saveRecord(record);
  assert.deepEqual(loadRecord().record, record);
  assert.ok(recordRows([{ id: "easy", label: "Easy" }], [{ name: "standard", label: "Standard" }]).some((row) => row.id === "people"));
  kept.clear();
  const older = { version: 1, counted: ["x"], levels: {} }; // saved before names were kept
  saveRecord(older);
  assert.deepEqual(loadRecord(), { record: older, notice: "" });
  saveRecord({ ...older, people: { "": {} } }); // a name must be a name: kept aside, a new record started
  assert.match(loadRecord().notice, /could not be read/);
  assert.match(kept.get(KEYS.tableRecordUnreadable), /"people"/); // the unreadable copy kept aside
  delete globalThis.localStorage;
});
