// The table: a game against the computer. The engine (in the worker) holds the whole game and
// every rule; the page gets a view of what a player could see across a real table, plus the
// game sealed by the worker, which it stores but cannot read. The page's state (types.js
// TableState) changes only by the pure functions of page-state.js, and only this module's one
// `commit` replaces it: it stores the game, draws (table/redraw.js, view.js, controls.js) and
// says what happened. table/state.js makes the felt and the controls' models from the view,
// table/pace.js paces the computer's cards and the show, table/store.js keeps the game and the
// settings and calls the engine. Here they are wired to the page and its signal (mount.js).
import { mountPage, showEngineStatus } from "../mount.js";
import { cardFaces, deck } from "../common/cards.js";
import { addGame, drawRecord, loadRecord, PEOPLE_ONLY, recordKey, recordRows, saveRecord } from "./record.js";
import words from "../vocabulary.js";
import * as choice from "./choice.js";
import { drawVariant, fillLevels, followLink, variantChoices } from "./variant.js";
import * as state from "./state.js";
import * as next from "./page-state.js";
import { logLines, say } from "./view.js";
import { focusNext, redrawControls, redrawFelt, redrawShow } from "./redraw.js";
import { ask, cardHintLine, drawSummary, focusKey, hintLine, roveCards, showSettings } from "./controls.js";
import { dealFromDeck, flights, reducedMotion } from "./motion.js";
import { pacer, pacesFrom } from "./pace.js";
import * as store from "./store.js";
import { reviewLater } from "./review-later.js";
import { followSeedLink, refusedSeedNotice, takeLinkedSeed } from "./seed-link.js";
import { dropFragment } from "../link.js";
import { headerRoom, pageTop, scrollUnderHeader } from "../scroll.js";
import { nameOf, people, personNames, seatKinds, seatNames, turnNames } from "./seats.js";
import { listenPlayers, showPlayers } from "./players.js";
import { hideHandOver, showHandOver } from "./handover.js";
import { drawCheck, drawCheckAnswer, drawCommitment } from "./fairness.js";
import { linkTable } from "./link-hooks.js";
import { showNotice } from "../common/notice.js";

/**
 * @typedef {import("./types.js").Page} Page @typedef {import("./types.js").TableState} TableState
 * @typedef {import("./types.js").Reply} Reply @typedef {import("./types.js").View} View
 * @typedef {import("./types.js").Action} Action @typedef {import("./types.js").TableEvent} TableEvent
 * @typedef {import("./types.js").LinkedGame} LinkedGame @typedef {import("./types.js").Variant} Variant
 * @typedef {import("./pace.js").Token} Token @typedef {import("../engine.js").Method} Method
 * @typedef {"felt" | "show" | "controls"} Part  what a commit draws again
 * @typedef {{said?: string, save?: boolean, draw?: Part[]}} How
 */

const { YOU } = state;
/** @type {Record<string, string>} */
const STATUS = { loading: "Loading the engine…", ready: "", idle: "" };
const FAILED = "The table could not start in this browser. Everything else on this site still works.";
/** @type {Variant[]} */
const VARIANTS = words.variants;
const variantNamed = (/** @type {string | undefined} */ name) => choice.named(VARIANTS, name ?? state.STANDARD);

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  const stopStatus = showEngineStatus(root, (status) => STATUS[status] ?? FAILED);
  const levels = words.levels.table;
  const levelSelect = /** @type {HTMLSelectElement} */ ($("[data-table-level]"));
  fillLevels(levelSelect, levels);
  const paces = pacesFrom(/** @type {HTMLSelectElement} */ ($("[data-table-pace]")));
  const { settings, lost } = store.loadSettings(paces, VARIANTS, levels);
  const loaded = loadRecord();
  if (lost) loaded.notice = [store.SETTINGS_LOST, loaded.notice].filter(Boolean).join(" ");
  const first = next.initialState(variantNamed(settings.variant), loaded.record);
  /** @type {Page} */
  const page = {
    root, $, signal, settings, paces, levels, levelSelect, choices: variantChoices($("[data-table-variant]"), levelSelect),
    pace: pacer(signal), review: { update() {} }, link: null, board: null, cards: null, flying: [], state: first,
  };
  page.review = reviewLater(page, (method, params, onError) => store.call(method, params, signal, onError), signal);
  page.choices.set(first.variant.name);
  page.board = drawVariant(root, first.variant, words.rules);
  showSettings(root, settings);
  showPlayers(root, settings, first.variant.players, levelLabel);
  listen(page);
  drawRecord($("[data-record]"), first.record, recordRows(levels, VARIANTS));
  if (loaded.notice) notice(page, loaded.notice);
  const saved = store.loadGame();
  if (saved.sealed) openAtTheFelt(page);
  Promise.all([deck(), linkTable(page, linkedGame(page))]).then(([found]) => {
    page.cards = found;
    return signal.aborted ? null : resume(page, loaded.notice, saved);
  }).catch((error) => notice(page, String(error.message || error)));
  return stopStatus;
}

const levelLabel = (/** @type {string} */ id) => words.levels.table.find((/** @type {{id: string}} */ level) => level.id === id)?.label ?? "";

// --- the one commit -----------------------------------------------------------------------------

/** @type {Record<Part, (page: Page) => void>} */
const PARTS = {
  felt: redrawFelt,
  show: redrawShow,
  controls: (page) => redrawControls(page, controlActions(page)),
};

// The next state kept; the game stored (`save`: a reply or a hint changed it), the parts named
// drawn again (a card pressed redraws your hand, a computer's card the felt, a count the show),
// and what happened said. Being busy and the variant's board follow the state whenever they change.
/** @param {Page} page @param {TableState} after @param {How} [how] */
function commit(page, after, { said = "", save = false, draw = [] } = {}) {
  const before = page.state;
  page.state = after;
  if (after.busy !== before.busy) {
    if (after.busy) page.root.dataset.busy = "true"; // tests and assistive tools can wait for the reply
    else delete page.root.dataset.busy;
  }
  if (after.variant !== before.variant) page.board = drawVariant(page.root, after.variant, words.rules);
  if (save) saveGame(page);
  for (const part of draw) PARTS[part](page);
  if (said) say(page.root, said);
}

// What your cards and the moves do (controls.js draws them; redraw.js passes these on).
// Each is bound to the view the controls are drawn for.
/** @param {Page} page @returns {import("./controls.js").ControlActions} */
function controlActions(page) {
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
  page.$(`[data-hand] [data-card="${code}"]`).focus();
}

// The deck is read before any game is drawn (setup waits for it).
const cardsOf = (/** @type {Page} */ page) => /** @type {import("./types.js").Cards} */ (page.cards);

// A phone coming back to a game opens at the felt, just under the score line stuck below the
// header (a phone is where that line sticks: table.css); the intro and the settings stay above, a
// scroll away. A first visit, a link to a place on the page, or a page already scrolled opens as it is.
/** @param {Page} page */
function openAtTheFelt({ $ }) {
  const scores = $(".table__scores");
  if (location.hash || window.scrollY > 0 || getComputedStyle(scores).position !== "sticky") return;
  scrollUnderHeader(pageTop($(".felt")) - headerRoom() - scores.offsetHeight, "instant");
}

const notice = (/** @type {Page} */ { $ }, /** @type {string} */ text) => showNotice($("[data-table-notice]"), text);

const setBusy = (/** @type {Page} */ page, /** @type {boolean} */ flag) => commit(page, next.withBusy(page.state, flag));

/**
 * @template R @param {Page} page @param {Method} method @param {Record<string, unknown>} params
 * @returns {Promise<R | null>}
 */
const call = (page, method, params) => store.call(method, params, page.signal, (error) => notice(page, error));

// --- pacing: the computer's cards, then the show counted aloud --------------------------------

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
      if (from && !token.cancelled) page.flying.push([`[data-pile] li[data-card="${card}"] .card`, from.getBoundingClientRect()]);
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

// --- moves ------------------------------------------------------------------------------------

// The engine's reply taken in: the seat it was made for, its view (hidden when the phone is to
// change hands), the game kept; then the log or the events drawn, and the felt and controls.
/** @param {Page} page @param {Reply} reply @param {{fromLog?: boolean, token?: Token}} how */
async function present(page, reply, how) {
  const key = focusKey(page.root);
  takeReply(page, reply);
  const { view } = /** @type {{view: View}} */ (page.state);
  if (how.fromLog) {
    page.$("[data-log]").replaceChildren();
    logLines(page.root, view.log || []);
    commit(page, next.withFelt(page.state, state.feltFromLog(view, page.state.variant)),
      { said: state.announcement(view.log || []) }); // what happened last, as before the reload
  } else {
    await run(page, view.events, /** @type {Token} */ (how.token));
    commit(page, next.withFelt(page.state, state.withView(page.state.felt, view)));
  }
  drawAfterReply(page, Boolean(how.fromLog));
  const { handOver, names, seat } = page.state;
  if (handOver !== null) return showHandOver(page.root, nameOf(names, seat), nameOf(names, handOver));
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
  if (page.link?.guest()) { page.link.act({ ...action, player: page.state.seat }); return; } // the phone of the host applies it
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

/** @param {Page} page @param {boolean} [asking] @param {string} [level] @param {string} [variant] */
async function newGame(page, asking = true, level = page.levelSelect.value, variant = page.choices.chosen()) {
  if (page.link?.guest()) { notice(page, "While this phone is linked, the host's phone starts each game."); return false; }
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
  const linked = await page.link?.prepare(players, params.level); // linked phones: their seats, and a seed from every phone
  if (linked === false) { setBusy(page, false); return false; }
  const seed = linked?.seed ?? takeSeed(page);
  const fit = (/** @type {string} */ id) => choice.levelFor(page.levels, variant, id);
  const kinds = linked?.seats ?? seatKinds(page.settings.players, players, params.level, fit);
  if (kinds.some((kind, seat) => seat && kind !== params.level)) params.seats = kinds; // a person, or a level of its own
  if (seed) params.seed = seed;
  const names = seatNames(kinds, page.settings.names);
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

/**
 * @param {Page} page @param {string} recordNotice
 * @param {ReturnType<typeof store.loadGame>} saved
 */
async function resume(page, recordNotice, saved) {
  commit(page, next.resumed(page.state, saved));
  if (saved.sealed && saved.handOver !== null && saved.handOver !== undefined) { // back to the hand-over: no cards shown until the tap
    commit(page, next.atHandOver(page.state, { sealed: saved.sealed, shown: saved.shown ?? 0, handOver: saved.handOver }));
    drawCommitment(page.root, page.state.commitment);
    showHandOver(page.root, "", nameOf(page.state.names, saved.handOver));
    return;
  }
  setBusy(page, true);
  /** @type {Reply | null} */
  const reply = saved.sealed ? await call(page, "table_view", { sealed: saved.sealed, seat: saved.shown, ...logNames(page) }) : null;
  if (reply) {
    page.levelSelect.value = reply.view.level;
    await present(page, reply, { fromLog: true });
    setBusy(page, false);
    await afterResume(page);
    return;
  }
  setBusy(page, false);
  if (page.signal.aborted) return;
  if (saved.sealed) store.keepAside();
  const lost = saved.sealed || saved.unreadable !== undefined;
  const linked = choice.linkedVariant(location.hash, words.link.variant, VARIANTS);
  if (linked.name) page.choices.set(linked.name); // a fresh game starts as the link asks
  const seats = takeLinkedSeats(page);
  await newGame(page, false);
  const lostText = lost ? "The saved game could not be read, so a new game has started (the unreadable copy is kept on this device)." : "";
  notice(page, [lostText, recordNotice, refusedSeedNotice(), seats.text].filter(Boolean).join(" "));
  followVariantLink(page);
}

// A saved game drawn again: then the links the address holds, a seed's first (it may start a game).
/** @param {Page} page */
async function afterResume(page) {
  const start = (/** @type {string} */ name) => newGame(page, true, page.levelSelect.value, name);
  const seats = takeLinkedSeats(page); // before the seed's link is followed: "Play these cards again" seats the same players
  const followed = await followSeedLink({ taken: page.state.seedTaken, choices: page.choices,
    current: page.state.variant.name, start, kept: () => {
      commit(page, next.seedTaken(page.state)); // kept the game: the link is not asked about again
      page.choices.set(page.state.variant.name);
    } });
  if (followed) return;
  notice(page, [refusedSeedNotice(), seats.text].filter(Boolean).join(" "));
  followVariantLink(page, seats.asked);
}

// A link to a variant (/table/#variant=five-card) chooses it, asking first if a game is in progress;
// `seatsAsked`: the link set the players too, so a game of the same variant starts afresh (asking).
/** @param {Page} page @param {boolean} [seatsAsked] */
function followVariantLink(page, seatsAsked = false) {
  const said = (/** @type {string} */ text) => notice(page, [page.$("[data-table-notice]").textContent, text].filter(Boolean)
    .join(" ")); // after the notice about the seats
  const chosen = followLink(words, page.state.variant.name, (name) => chooseVariant(page, name), said);
  if (chosen === null && seatsAsked) newGame(page, true);
}

// The players a link asks for (#...&seats=human,computer,human,computer), set up for the next game
// and kept like any other choice of players: {asked} when it set them, {text} for a notice when it
// asked for players the table cannot seat (the players set up stay).
/** @param {Page} page @returns {{asked: boolean, text: string}} */
function takeLinkedSeats(page) {
  const linked = choice.linkedVariant(location.hash, words.link.variant, VARIANTS);
  const players = variantNamed(linked.name || page.choices.chosen()).players;
  const asked = choice.linkedSeats(location.hash, words.link, players, page.levels);
  const named = linked.name || linked.unknown !== undefined; // followLink clears a link that names a variant
  if ((asked.seats || asked.unknown !== undefined) && !named) dropFragment();
  if (asked.unknown !== undefined) return { asked: false, text: choice.unknownSeatsText(asked.unknown, players) };
  if (!asked.seats) return { asked: false, text: "" };
  asked.seats.forEach((kind, seat) => { if (seat) page.settings.players[seat] = kind; });
  page.settings.names = personNames(page.settings.players, page.settings.names);
  store.saveSettings(page.settings);
  showPlayers(page.root, page.settings, players, levelLabel);
  return { asked: true, text: "" };
}

/** @param {Page} page @param {string} name */
async function chooseVariant(page, name) {
  page.choices.set(name);
  showPlayers(page.root, page.settings, variantNamed(name).players, levelLabel);
  if (!(await newGame(page, true, page.levelSelect.value, name))) page.choices.set(page.state.variant.name); // kept the game
}

// A guest keeps its own game: the host's phone holds it.
/** @param {Page} page */
function saveGame(page) {
  const { sealed, view } = page.state;
  if (!page.link?.guest()) store.saveGame(sealed, view?.level, next.savedPart(page.state));
}

// What table/link.js may do with the page: the engine, the game, a guest's move applied here on
// the host's phone (checked first), the host's view drawn on a guest's.
/** @param {Page} page @returns {LinkedGame} */
const linkedGame = (page) => ({
  call: (method, params) => call(page, method, params),
  sealed: () => page.state.sealed,
  over: () => Boolean(page.state.view?.result),
  seed: () => page.state.view?.seed,
  notice: (text) => notice(page, text),
  name: (seat) => nameOf(page.state.names, seat),
  // "" once applied, or the engine's reason for refusing it (for the guest's phone to show)
  actFor: (action) => whenFree(page, async () => {
    let refused = "";
    /** @type {Reply | null} */
    const reply = await store.call("table_act", { sealed: page.state.sealed, action }, page.signal, (error) => { refused = error; });
    /** @type {Reply | null} */
    const own = reply && await call(page, "table_view", { sealed: reply.sealed, seat: page.state.seat });
    if (own) await present(page, own, { fromLog: true });
    return refused;
  }),
  keepRecord: (text) => commit(page, next.withLinkedRecord(page.state, text)), // the host's, for the review panel's copy and download
  show: (view) => whenFree(page, async () => {
    page.cards ??= await deck(); // the view from the host can come before the engine of this phone has read the deck
    commit(page, next.fromHost(page.state, seatNames(view.seat_kinds, view.names ?? []))); // "Player 2" where a phone sent no name
    return present(page, { view, sealed: null }, { fromLog: true });
  }),
});

// The people's names for the engine's log while they share this phone, so that it names every seat
// the same whoever holds it; a linked phone's log speaks to its own player as "you".
/** @param {Page} page @param {(string | null)[] | null} [names] */
const logNames = (page, names = page.state.names) => (names && !page.link?.linked() ? { names, one_phone: true } : {});

// One change at a time: a linked phone's move waits for this phone's own to be drawn.
/** @template T @param {Page} page @param {() => Promise<T>} work @returns {Promise<T>} */
async function whenFree(page, work) {
  while (page.state.busy) await new Promise((resolve) => { setTimeout(resolve, 20); });
  setBusy(page, true);
  try { return await work(); } finally { setBusy(page, false); }
}

// The tap on "Show Ann's cards": only now is that seat's view asked for and drawn.
/** @param {Page} page */
async function showNextHand(page) {
  if (page.state.busy || page.state.handOver === null) return;
  setBusy(page, true);
  /** @type {Reply | null} */
  const reply = await call(page, "table_view", { sealed: page.state.sealed, seat: page.state.handOver, ...logNames(page) });
  if (reply) {
    hideHandOver(page.root);
    commit(page, next.moved(page.state));
    await present(page, reply, { fromLog: true });
    if (page.state.handOver === null) focusNext(page, null, true); // from the hidden button to the move of the new player
  }
  setBusy(page, false);
}

/** @param {Page} page */
async function checkDeal(page) {
  const view = /** @type {View} */ (page.state.view);
  const deals = Math.max(1, Math.min(60, view.hand_number)); // every deal of the game
  const params = { seed: view.seed, commitment: page.state.commitment, variant: view.variant || "standard", deals };
  /** @type {import("./fairness.js").CheckAnswer | null} */
  const answer = await call(page, "deal_check", params);
  if (!answer) return;
  const players = page.state.felt.seats;
  const shown = page.state.seat;
  const name = (/** @type {number} */ seat) => state.seatName((seat - shown + players) % players, players); // the felt is worded for the viewer
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
    const side = ((seat % sides) - (shown % sides) + sides) % sides; // the summary of the view is turned to the seat shown
    added = addGame(record, key, view.id, view.summary, side, name) || added;
  });
  if (added) saveRecord(record);
  drawRecord(page.$("[data-record]"), record, recordRows(page.levels, VARIANTS));
}

// --- controls ---------------------------------------------------------------------------------

/** @param {Page} page */
function listen(page) {
  const { $, settings, signal } = page;
  /** @param {Element} node @param {string} type @param {(event: Event) => void} fn */
  const on = (node, type, fn) => node.addEventListener(type, fn, { signal });
  const checked = (/** @type {Event} */ event) => /** @type {HTMLInputElement} */ (event.target).checked;
  const changed = () => {
    store.saveSettings(settings);
    $("[data-option-note]").hidden = !next.inProgress(page.state);
  };
  on($("[data-new-game]"), "click", () => newGame(page, true));
  on($("[data-table-variant]"), "change", (event) => chooseVariant(page, /** @type {HTMLInputElement} */ (event.target).value));
  on(page.levelSelect, "change", async () => {
    const started = await newGame(page, true, page.levelSelect.value);
    if (!started && page.state.view) page.levelSelect.value = page.state.view.level; // asked, and the player kept the game
  });
  on($("[data-table-pace]"), "change", (event) => {
    settings.pace = /** @type {HTMLSelectElement} */ (event.target).value;
    store.saveSettings(settings);
  });
  on($("[data-count-by-hand]"), "change", (event) => {
    settings.countByHand = checked(event);
    /** @type {HTMLInputElement} */ ($("[data-muggins]")).disabled = !settings.countByHand;
    changed();
  });
  on($("[data-muggins]"), "change", (event) => { settings.muggins = checked(event); changed(); });
  on($("[data-hints]"), "change", (event) => { settings.hints = checked(event); changed(); });
  on($("[data-skip]"), "click", () => page.pace.skip());
  on($("[data-show-hand]"), "click", () => showNextHand(page));
  on($("[data-check-deal]"), "click", () => checkDeal(page));
  listenPlayers(page.root, settings, () => variantNamed(page.choices.chosen()).players, changed, signal, levelLabel);
  roveCards($("[data-hand]"), signal);
}

mountPage("[data-table-page]", setup);
