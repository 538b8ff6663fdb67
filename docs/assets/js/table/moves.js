// The table's moves at the edge: the engine asked (table/store.js), its reply taken in and drawn,
// the computer's cards paced and each show counted aloud (table/pace.js), a new game, a hint, the
// hand-over's tap, the deal checked and a finished game added to the record. Every change of the
// state goes through commit.js.
import words from "../vocabulary.js";
import { cardFaces } from "../common/cards.js";
import { addGame, drawRecord, PEOPLE_ONLY, recordKey, recordRows, saveRecord } from "./record.js";
import * as choice from "./choice.js";
import * as state from "./state.js";
import * as next from "./page-state.js";
import { commit, notice, setBusy } from "./commit.js";
import { logLines, say } from "./view.js";
import { focusNext, holdControls } from "./redraw.js";
import { ask, cardHintLine, drawSummary, focusKey, hintLine } from "./controls.js";
import { dealFromDeck, flights, reducedMotion } from "./motion.js";
import * as store from "./store.js";
import { takeLinkedSeed } from "./seed-link.js";
import { namesReady } from "./players.js";
import { heldCards, nameOf, people, seatKinds, seatNames, turnNames } from "./seats.js";
import { hideHandOver, showHandOver } from "./handover.js";
import { drawCheck, drawCheckAnswer, drawCommitment } from "./fairness.js";

/**
 * @typedef {import("./types.js").Page} Page @typedef {import("./types.js").TableState} TableState
 * @typedef {import("./types.js").Reply} Reply @typedef {import("./types.js").View} View
 * @typedef {import("./types.js").Action} Action @typedef {import("./types.js").TableEvent} TableEvent
 * @typedef {import("./types.js").Variant} Variant
 * @typedef {import("./pace.js").Token} Token @typedef {import("../engine.js").Method} Method
 */

const { YOU } = state;
/** @type {Variant[]} */
export const VARIANTS = words.variants;
// A computer level's label, for the seating line ("Computer (Strong)").
export const levelLabel = (/** @type {string} */ id) => words.levels.table.find((level) => level.id === id)?.label ?? "";
export const variantNamed = (/** @type {string | undefined} */ name) => choice.named(VARIANTS, name ?? state.STANDARD);

// What your cards and the moves do (controls.js draws them; redraw.js passes these on).
// Each is bound to the view the controls are drawn for.
/** @param {Page} page @returns {import("./controls.js").ControlActions} */
export function controlActions(page) {
  const view = /** @type {View} */ (page.state.view);
  return {
    select: (code) => pressed(page, code, next.cardToggled(page.state, code, state.throwSize(view))),
    pick: (code) => pressed(page, code, next.cardPicked(page.state, code)),
    play: (code) => act(page, { kind: "play", player: YOU, cards: [code] }),
    blocked: (code) => say(page.root, state.blockedReason(view, cardsOf(page)[code].name, words.rules.THIRTY_ONE)),
    act: (action) => act(page, action),
    hint: (kind) => suggest(page, kind),
    again: () => newGame(page, false),
  };
}

/** @param {Page} page @param {string} code @param {TableState} after */
function pressed(page, code, after) {
  commit(page, after, { draw: ["controls"] });
  // A pick that arrives after the card has left the hand (a second Enter laid it) moves nothing.
  page.$(`[data-hand] [data-card="${code}"]`)?.focus();
}

// The deck is read before any game is drawn (setup waits for it).
const cardsOf = (/** @type {Page} */ page) => /** @type {import("./types.js").Cards} */ (page.cards);

/**
 * @template R @param {Page} page @param {Method} method @param {Record<string, unknown>} params
 * @returns {Promise<R | null>}
 */
export const call = (page, method, params) => store.call(method, params, page.signal, (error) => notice(page, error));

// The events on the felt one by one; before each of the computer's cards a pause (all of them
// together never longer than one pace's pause, so input is not held back); each show counted aloud.
/** @param {Page} page @param {TableEvent[]} events @param {Token} token */
async function run(page, events, token) {
  const lay = page.paces[page.settings.pace].lay;
  const turns = state.computerTurns(events);
  const wait = turns ? lay / turns : 0;
  for (const event of events) {
    if (event.type === "play" && event.player !== YOU && wait && !token.cancelled) {
      commit(page, next.withTurn(page.state, event.player), { draw: ["felt"] });
      await token.pause(wait);
      const from = page.root.querySelector(`[data-seat="${event.player}"] .card-back:last-child`);
      const card = event.cards?.[0];
      const lands = `[data-pile] li[data-card="${card}"] .card`;
      if (from && !token.cancelled) page.flying.push([lands, from.getBoundingClientRect()]);
    }
    commit(page, next.withFelt(page.state, state.applyEvent(page.state.felt, event)));
    logLines(page.root, [event]);
    if (event.type === "show") {
      const index = page.state.felt.show.length - 1;
      page.pace.run((mine) => countAloud(page, index, mine));
    }
  }
  const said = state.announcement(events);
  if (said) say(page.root, said);
}

/** @param {Page} page @param {number} index @param {Token} token */
async function countAloud(page, index, token) {
  const step = reducedMotion() ? 0 : page.paces[page.settings.pace].show;
  const items = page.state.felt.show[index]?.event.breakdown.items || [];
  for (let lit = 0; lit < items.length && step && !token.cancelled; lit++) {
    commit(page, next.withFelt(page.state, state.lightShow(page.state.felt, index, lit)), { draw: ["show"] });
    await token.pause(step);
  }
  if (page.signal.aborted) return;
  commit(page, next.withFelt(page.state, state.finishShow(page.state.felt, index)), { draw: ["show"] });
}

// The engine's reply taken in: the seat it was made for, its view (hidden when the phone is to
// change hands), the game kept; then the log or the events drawn, and the felt and controls.
/** @param {Page} page @param {Reply} reply @param {{fromLog?: boolean, token?: Token}} how */
export async function present(page, reply, how) {
  const key = focusKey(page.root);
  const held = heldCards(page.state.view); // the cards of the one who moved, before this reply
  takeReply(page, reply);
  const { view } = /** @type {{view: View}} */ (page.state);
  if (how.fromLog) {
    page.$("[data-log]").replaceChildren();
    logLines(page.root, view.log || []);
    commit(page, next.withFelt(page.state, state.feltFromLog(view, page.state.variant)),
      { said: state.announcement(view.log || []) }); // what happened last, as before the reload
  } else {
    holdControls(page);
    await run(page, view.events, /** @type {Token} */ (how.token));
    commit(page, next.withFelt(page.state, state.withView(page.state.felt, view)));
  }
  drawAfterReply(page, Boolean(how.fromLog));
  const { handOver, names, seat } = page.state;
  if (handOver !== null) return showHandOver(page.root, held ? nameOf(names, seat) : "", nameOf(names, handOver));
  focusNext(page, key);
  performance.mark("cribbage:computer-moved"); // bench/bench_table.py measures up to here
  return undefined;
}

// The reply's view and seat kept and saved; the seats named for the felt, linked phones told.
/** @param {Page} page @param {Reply} reply */
function takeReply(page, reply) {
  const linked = Boolean(page.link?.linked());
  const seat = reply.view.seat ?? 0;
  state.nameSeats(turnNames(page.state.names, seat), seat, !linked);
  commit(page, next.replied(page.state, reply, variantNamed(reply.view.variant), linked), { save: true });
  page.link?.changed(); // the host sends every linked phone the view of its own seat
  page.root.dataset.phase = reply.view.phase;
  page.choices.set(page.state.variant.name); // the view of a standard game names none
}

/** @param {Page} page @param {boolean} fromLog */
function drawAfterReply(page, fromLog) {
  commit(page, next.turnAfterReply(page.state), { draw: ["felt", "controls"] });
  const { view, variant, commitment } = page.state;
  if (!view) return;
  if (!fromLog && view.events.some((event) => event.type === "deal")) dealFromDeck(page.root);
  drawSummary(page.$("[data-summary]"), view, variant, words.kinds);
  drawCommitment(page.root, commitment);
  drawCheck(page.root, view.seed);
  if (view.result) recordFinishedGame(page);
  page.review.update(view); // with people at one phone, each review is of one person (review-panel.js)
}

/** @param {Page} page @param {Action} action */
async function act(page, action) {
  if (page.state.busy) return;
  // the phone of the host applies it
  if (page.link?.guest()) { page.link.act({ ...action, player: page.state.seat }); return; }
  commit(page, next.moved(next.withBusy(page.state, true)));
  notice(page, "");
  page.$("[data-hint-box]").replaceChildren();
  const token = await page.pace.begin();
  page.flying.push(...flights(page.$("[data-hand]"), page.state.view?.dealer ?? null, action));
  const { sealed, seat } = page.state;
  /** @type {Reply | null} */
  const reply = await call(page, "table_act", { sealed, action: { ...action, player: seat }, ...logNames(page) });
  if (reply) {
    commit(page, next.unselected(page.state));
    await present(page, reply, { token });
  }
  setBusy(page, false);
}

// A suggested throw or card. The engine notes the hint in the sealed game (the record labels the
// move made after it), so the page keeps the game it sends back, as after a move.
/** @param {Page} page @param {"throw" | "card"} kind */
async function suggest(page, kind) {
  if (page.state.busy) return;
  setBusy(page, true);
  /** @type {{sealed: string, card: string, reason: string, throws: import("./controls.js").Throw[]} | null} */
  const reply = await call(page, "table_hint", { sealed: page.state.sealed, kind });
  setBusy(page, false);
  if (!reply) return;
  commit(page, next.hinted(page.state, reply.sealed), { save: true });
  const cards = cardsOf(page);
  const faces = (/** @type {string[]} */ codes) => cardFaces(cards, codes);
  const yours = state.cribIsYours(page.state.view?.dealer ?? null, page.state.variant);
  const line = kind === "card" ? cardHintLine(reply.card, cards[reply.card].name, reply.reason, faces)
    : hintLine(reply.throws[0], yours, faces);
  page.$("[data-hint-box]").replaceChildren(line);
}

/** Why a linked guest's phone starts no game, and has its game's choices disabled. */
export const GUEST_STARTS = "While this phone is linked, the host's phone starts each game.";

/** @param {Page} page @param {boolean} [asking] @param {string} [level] @param {string} [variant] */
export async function newGame(page, asking = true, level = page.levelSelect.value, variant = page.choices.chosen()) {
  if (page.link?.guest()) {
    notice(page, GUEST_STARTS);
    return false;
  }
  // a name two people share, at the field to change (the game in progress stays)
  if (!page.link?.linked() && !namesReady(page.root, page.settings, variantNamed(variant).players, levelLabel)) return false;
  if (asking && next.inProgress(page.state) && !(await ask(page.root))) return false;
  if (page.state.busy) return false;
  setBusy(page, true);
  notice(page, "");
  const token = await page.pace.begin();
  const { countByHand, muggins, hints } = page.settings;
  /** @type {Record<string, unknown> & {level: string}} */
  const params = { level: choice.levelFor(page.levels, variant, level), variant, count_by_hand: countByHand,
    muggins: countByHand && muggins, hints };
  const players = variantNamed(variant).players;
  // linked phones: their seats, and a seed from every phone
  const linked = await page.link?.prepare(players, params.level);
  if (linked === false) { setBusy(page, false); return false; }
  const seed = linked?.seed ?? takeSeed(page);
  const fit = (/** @type {string} */ id) => choice.levelFor(page.levels, variant, id);
  const kinds = linked?.seats ?? seatKinds(page.settings.players, players, params.level, fit);
  // a person, or a level of its own
  if (kinds.some((kind, seat) => seat && kind !== params.level)) params.seats = kinds;
  if (seed) params.seed = seed;
  const names = next.withGuestNames(seatNames(kinds, page.settings.names), linked?.names);
  /** @type {Reply | null} */
  const reply = await call(page, "table_new", { ...params, ...logNames(page, names) });
  if (reply) {
    startGame(page, variant, names, reply.view.commitment);
    page.levelSelect.value = params.level; // the level of the game: a seat with a level of its own leaves it as chosen
    await present(page, reply, { token });
  }
  setBusy(page, false);
  return true;
}

// A new game's reply: the felt cleared, the variant remembered for the next visit.
/** @param {Page} page @param {string} variant @param {(string | null)[] | null} names @param {string} commitment */
function startGame(page, variant, names, commitment) {
  commit(page, next.newGameState(page.state, variantNamed(variant), names, commitment));
  hideHandOver(page.root);
  page.settings.variant = variant;
  store.saveSettings(page.settings);
  page.$("[data-log]").replaceChildren();
  page.$("[data-option-note]").hidden = true;
}

// The link's seed for the game being started now, once.
/** @param {Page} page */
function takeSeed(page) {
  const seed = takeLinkedSeed(page.state.seedTaken);
  if (seed !== null) commit(page, next.seedTaken(page.state));
  return seed;
}

// The people's names for the engine's log: while they share this phone every seat by name, the
// same whoever holds it; on the host of linked phones "you", and each guest by the name its phone gave.
/** @param {Page} page @param {(string | null)[] | null} [names] */
export const logNames = (page, names = page.state.names) => {
  if (!names) return {};
  return page.link?.linked() ? { names } : { names, one_phone: true };
};

// The tap on "Show Ann's cards": only now is that seat's view asked for and drawn.
/** @param {Page} page */
export async function showNextHand(page) {
  if (page.state.busy || page.state.handOver === null) return;
  setBusy(page, true);
  const { sealed, handOver } = page.state;
  /** @type {Reply | null} */
  const reply = await call(page, "table_view", { sealed, seat: handOver, ...logNames(page) });
  if (reply) {
    hideHandOver(page.root);
    commit(page, next.moved(page.state));
    await present(page, reply, { fromLog: true });
    // from the hidden button to the move of the new player
    if (page.state.handOver === null) focusNext(page, null, true);
  }
  setBusy(page, false);
}

/** @param {Page} page */
export async function checkDeal(page) {
  const view = /** @type {View} */ (page.state.view);
  // every deal of the game: hand_number counts from 0, and the last deal is the one the game ended in
  const deals = Math.min(60, view.hand_number + 1);
  const params = { seed: view.seed, commitment: page.state.commitment, variant: view.variant || "standard", deals };
  /** @type {import("./fairness.js").CheckAnswer | null} */
  const answer = await call(page, "deal_check", params);
  if (!answer) return;
  const players = page.state.felt.seats;
  const shown = page.state.seat;
  // the felt is worded for the viewer
  const name = (/** @type {number} */ seat) => state.seatName((seat - shown + players) % players, players);
  const cards = cardsOf(page);
  drawCheckAnswer(page.root, answer, (code) => cards[code].label, name);
}

// A finished game added to the record: for the one player, or for each person under their name.
/** @param {Page} page */
function recordFinishedGame(page) {
  const { kinds: known, names, seat: shown, variant, record } = page.state;
  const view = /** @type {View} */ (page.state.view);
  const kinds = known || ["human"];
  const alone = people(kinds) <= 1;
  const level = kinds.some((kind) => kind !== "human") ? view.level : PEOPLE_ONLY.id;
  const key = recordKey(level, variant.name);
  const sides = variant.sides || kinds.length;
  let added = false;
  kinds.forEach((kind, seat) => {
    if (kind !== "human") return;
    const name = alone ? names?.[seat] || "" : nameOf(names, seat);
    // the summary of the view is turned to the seat shown
    const side = ((seat % sides) - (shown % sides) + sides) % sides;
    added = addGame(record, key, view.id, view.summary, side, name) || added;
  });
  if (added) saveRecord(record);
  drawRecord(page.$("[data-record]"), record, recordRows(page.levels, VARIANTS));
}
