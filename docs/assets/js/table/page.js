// The table: a game against the computer. The engine (in the worker) holds the whole game and
// every rule; the page gets a view of what a player could see across a real table, plus the
// game sealed by the worker, which it stores but cannot read. The page's state (types.js
// TableState) changes only by the pure functions of page-state.js, and only commit.js's one
// `commit` replaces it: it stores the game, draws (table/redraw.js, view.js, controls.js) and
// says what happened. moves.js asks the engine and paces its replies; table/state.js makes the
// felt and the controls' models from the view, table/store.js keeps the game and the settings.
// Here the page is set up, resumed, and wired to the links, the controls and its signal (mount.js).
import { mountPage, nextTask, showEngineStatus } from "../mount.js";
import { deck } from "../common/cards.js";
import { drawRecord, loadRecord, recordRows } from "./record.js";
import words from "../vocabulary.js";
import * as choice from "./choice.js";
import { fillLevels, followLink, seatVariant, variantChoices } from "./variant.js";
import { boardOf, focusNext } from "./redraw.js";
import * as next from "./page-state.js";
import { commit, notice, setBusy } from "./commit.js";
import {
  call, checkDeal, controlActions, GUEST_STARTS, levelLabel, logNames, newGame, present, showNextHand, VARIANTS,
  variantNamed,
} from "./moves.js";
import { roveCards, showSettings } from "./controls.js";
import { pacer, pacesFrom } from "./pace.js";
import * as store from "./store.js";
import { reviewLater } from "./review-later.js";
import { followSeedLink, refusedSeedNotice } from "./seed-link.js";
import { dropFragment } from "../link.js";
import { headerRoom, pageTop, scrollUnderHeader } from "../scroll.js";
import { nameOf, personNames, seatNames, turnNames } from "./seats.js";
import * as state from "./state.js";
import { confirmed } from "../common/confirm.js";
import { askNames, listenPlayers, showPlayers } from "./players.js";
import { showHandOver } from "./handover.js";
import { drawCommitment } from "./fairness.js";
import { linkTable } from "./link-hooks.js";

/**
 * @typedef {import("./types.js").Page} Page @typedef {import("./types.js").Reply} Reply
 * @typedef {import("./types.js").LinkedGame} LinkedGame
 */

/** @type {Record<string, string>} */
const STATUS = { loading: "Loading the engine…", ready: "", idle: "" };

const FAILED = "The table could not start in this browser. Everything else on this site still works.";

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
    root, $, signal, settings, paces, levels, levelSelect,
    choices: variantChoices($("[data-table-variant]"), levelSelect),
    pace: pacer(signal), review: { update() {} }, link: null, board: null, cards: null, flying: [], state: first,
    controls: () => controlActions(page),
  };
  page.review = reviewLater(page, (method, params, onError) => store.call(method, params, signal, onError), signal);
  const early = page.choices.early(); // chosen before this setup: started once the table has resumed
  page.choices.set(early ?? first.variant.name);
  seatVariant(root, first.variant, words.rules);
  nextTask(() => boardOf(page), signal); // the board's room is held: its drawing need not lengthen this task
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
  }).then(() => {
    if (early && !signal.aborted && early !== page.state.variant.name) return chooseVariant(page, early);
  }).catch((error) => notice(page, String(error.message || error)));
  return stopStatus;
}

// A phone coming back to a game opens at the felt, just under the score line stuck below the
// header (a phone is where that line sticks: table.css); the intro and the settings stay above, a
// scroll away. A first visit, a link to a place on the page, or a page already scrolled opens as it is.
/** @param {Page} page */
function openAtTheFelt({ $ }) {
  const scores = $(".table__scores");
  if (location.hash || window.scrollY > 0 || getComputedStyle(scores).position !== "sticky") return;
  scrollUnderHeader(pageTop($(".felt")) - headerRoom() - scores.offsetHeight, "instant");
}

/**
 * @param {Page} page @param {string} recordNotice
 * @param {ReturnType<typeof store.loadGame>} saved
 */
async function resume(page, recordNotice, saved) {
  commit(page, next.resumed(page.state, saved));
  // back to the hand-over: no cards shown until the tap
  if (saved.sealed && saved.handOver !== null && saved.handOver !== undefined) {
    const { sealed, shown = 0, handOver } = saved;
    commit(page, next.atHandOver(page.state, { sealed, shown, handOver }));
    drawCommitment(page.root, page.state.commitment);
    showHandOver(page.root, "", nameOf(page.state.names, saved.handOver));
    return;
  }
  setBusy(page, true);
  const asked = { sealed: saved.sealed, seat: saved.shown, ...logNames(page) };
  /** @type {Reply | null} */
  const reply = saved.sealed ? await call(page, "table_view", asked) : null;
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
  if (namesAsked(page, seats, lost ? "" : recordNotice)) return;
  await newGame(page, false);
  const lostText = lost ? "The saved game could not be read, so a new game has started (the unreadable copy is kept on "
    + "this device)." : "";
  notice(page, [lostText, recordNotice, refusedSeedNotice(), seats.text].filter(Boolean).join(" "));
  followVariantLink(page);
}

// A saved game drawn again: then the links the address holds, a seed's first (it may start a game).
/** @param {Page} page */
async function afterResume(page) {
  const start = (/** @type {string} */ name) => newGame(page, true, page.levelSelect.value, name);
  // before the link of the seed is followed: "Play these cards again" seats the same players
  const seats = takeLinkedSeats(page);
  const followed = await followSeedLink({ taken: page.state.seedTaken, choices: page.choices,
    current: page.state.variant.name, start, kept: () => {
      commit(page, next.seedTaken(page.state)); // kept the game: the link is not asked about again
      page.choices.set(page.state.variant.name);
    } });
  if (followed || namesAsked(page, seats, refusedSeedNotice())) return;
  notice(page, [refusedSeedNotice(), seats.text].filter(Boolean).join(" "));
  followVariantLink(page, seats.asked);
}

// A link to a variant (/table/#variant=five-card) chooses it, asking first if a game is in progress;
// `seatsAsked`: the link set the players too, so a game of the same variant starts afresh (asking).
/** @param {Page} page @param {boolean} [seatsAsked] */
function followVariantLink(page, seatsAsked = false) {
  // after the notice about the seats
  const said = (/** @type {string} */ text) =>
    notice(page, [page.$("[data-table-notice]").textContent, text].filter(Boolean).join(" "));
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

const NAMES_ASKED = "Type the players' names, then press New game (names are optional).";

// A link that seats people whose names this phone does not know yet: the set-up opens at the first
// name to type, and the game starts with New game, not at once as "Player 1" and "Player 3".
// Names remembered from before are used as ever. True when it asked.
/** @param {Page} page @param {{asked: boolean}} seats @param {string} said  a notice to keep */
function namesAsked(page, seats, said) {
  const linked = choice.linkedVariant(location.hash, words.link.variant, VARIANTS);
  const players = variantNamed(linked.name || page.choices.chosen()).players;
  if (!seats.asked || !askNames(page.root, page.settings, players)) return false;
  if (linked.name) page.choices.set(linked.name);
  dropFragment(); // followed now: a reload asks no more
  notice(page, [said, NAMES_ASKED].filter(Boolean).join(" "));
  return true;
}

// The table's next free moment (no reply being drawn), or the page's end.
/** @param {Page} page */
async function untilFree(page) {
  while (page.state.busy && !page.signal.aborted) await new Promise((resolve) => { setTimeout(resolve, 20); });
}

/** @type {WeakMap<Page, string>} the game each page's reader chose last */
const lastChosen = new WeakMap();

// A game chosen while the table is busy (its first game being dealt as the engine arrives, or a
// move on its way) is taken up once the table is free, not dropped; a later choice replaces it.
/** @param {Page} page @param {string} name */
async function chooseVariant(page, name) {
  lastChosen.set(page, name);
  page.choices.set(name);
  showPlayers(page.root, page.settings, variantNamed(name).players, levelLabel);
  await untilFree(page);
  if (lastChosen.get(page) !== name || page.signal.aborted) return;
  page.choices.set(name); // the reply that kept the table busy showed its own game's
  // kept the game
  if (!(await newGame(page, true, page.levelSelect.value, name))) page.choices.set(page.state.variant.name);
}

// The choices only the host's phone uses (its game's, and its pace: a guest draws each view at
// once), disabled on a linked guest; the suits' colours stay this phone's own.
const HOST_CHOICES = "[data-table-variant], [data-players], [data-table-level], [data-table-pace],"
  + " [data-count-by-hand], [data-muggins], [data-hints], [data-new-game]";

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
    const reply = await store.call("table_act", { sealed: page.state.sealed, action }, page.signal,
      (error) => { refused = error; });
    /** @type {Reply | null} */
    const own = reply && await call(page, "table_view", { sealed: reply.sealed, seat: page.state.seat,
      ...logNames(page) });
    if (own) await present(page, own, { fromLog: true });
    return refused;
  }),
  // the link's own question, in the page's dialog; the New game question's words come back after it
  ask: async (question) => {
    const dialog = /** @type {HTMLDialogElement} */ (page.$("[data-confirm]"));
    const parts = [...dialog.querySelectorAll("[data-confirm-title], [data-confirm-text], [data-confirm-yes], "
      + "[data-confirm-no]")];
    const words = parts.map((part) => part.textContent);
    try {
      return await confirmed(dialog, question, page.$("[data-new-game]"));
    } finally {
      parts.forEach((part, at) => { part.textContent = words[at]; });
    }
  },
  // a seat handed to the computer (its phone gone for good): the seats' kinds after, or null
  release: (seat) => whenFree(page, async () => {
    /** @type {Reply | null} */
    const reply = await call(page, "table_release", { sealed: page.state.sealed, seat, ...logNames(page) });
    if (reply) await present(page, reply, { fromLog: true });
    return reply ? reply.view.seat_kinds : null;
  }),
  // a guest phone gave its name (it linked again, or under a new name): the felt, score line and log use it
  rename: (seat, name) => {
    const after = next.renamed(page.state, seat, name);
    state.nameSeats(turnNames(after.names, after.seat));
    commit(page, after, { save: true, draw: after.view ? ["felt"] : [] });
  },
  guesting: (on) => {
    for (const part of page.root.querySelectorAll(HOST_CHOICES)) part.toggleAttribute("disabled", on);
    const note = page.$("[data-guest-note]");
    note.textContent = on ? GUEST_STARTS : "";
    note.hidden = !on;
  },
  joined: () => {
    commit(page, next.joinedTable(page.state));
    drawCommitment(page.root, null);
  },
  // the record of the host, for the copy and download of the review panel
  keepRecord: (text) => commit(page, next.withLinkedRecord(page.state, text)),
  show: (view) => whenFree(page, async () => {
    page.cards ??= await deck(); // the view from the host can come before the engine of this phone has read the deck
    // "Player 2" where a phone sent no name
    const names = seatNames(view.seat_kinds, view.names ?? []);
    commit(page, next.fromHost(page.state, names, view.commitment || null));
    await present(page, { view, sealed: null }, { fromLog: true });
    sayWaiting(page, view);
  }),
});

// What a guest waits for in the cut for deal and the discard, where at a real table every seat
// moves at once but the host's engine takes the seats in order.
/** @type {Record<string, string>} */
const WAITS = { cut_for_deal: "to cut for deal", discard: "to discard" };

// A guest's phone with no move yet says whose it waits for, and stops saying it once that is done.
/** @param {Page} page @param {import("./types.js").View} view */
function sayWaiting(page, view) {
  const other = view.to_act;
  const what = WAITS[view.phase];
  if (what && !view.legal.length && other !== null && other !== view.seat) {
    notice(page, `Waiting for ${nameOf(page.state.names, other)} ${what}.`);
  } else if (page.$("[data-table-notice]").textContent?.startsWith("Waiting for ")) notice(page, "");
}

// One change at a time: a linked phone's move waits for this phone's own to be drawn.
/** @template T @param {Page} page @param {() => Promise<T>} work @returns {Promise<T>} */
async function whenFree(page, work) {
  await untilFree(page);
  setBusy(page, true);
  try { return await work(); } finally { setBusy(page, false); }
}

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
  on($("[data-new-game]"), "click", async () => {
    // the new game's first move is where the reader goes next: focus, and the felt into view
    if (await newGame(page, true) && page.state.handOver === null) focusNext(page, null, true);
  });
  on($("[data-table-variant]"), "change",
    (event) => chooseVariant(page, /** @type {HTMLInputElement} */ (event.target).value));
  on(page.levelSelect, "change", async () => {
    const started = await newGame(page, true, page.levelSelect.value);
    // asked, and the player kept the game
    if (!started && page.state.view) page.levelSelect.value = page.state.view.level;
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
