// The table: a game against the computer. The engine (in the worker) holds the whole game and
// every rule; the page gets a view of what a player could see across a real table, plus the
// game sealed by the worker, which it stores but cannot read. table/state.js makes the felt and
// the controls' models from the view (pure), table/view.js and table/controls.js draw them
// (table/redraw.js with the page's state), table/pace.js paces the computer's cards and the
// show, table/store.js keeps the game and the settings and calls the engine. Here they are
// wired to the page and its signal (mount.js).
import { mountPage, showEngineStatus } from "../mount.js";
import { cardFaces, deck } from "../common/cards.js";
import { addGame, drawRecord, loadRecord, PEOPLE_ONLY, recordKey, recordRows, saveRecord } from "./record.js";
import words from "../vocabulary.js";
import * as choice from "./choice.js";
import { fillLevels, followLink, showVariant, variantChoices } from "./variant.js";
import * as state from "./state.js";
import { logLines, say } from "./view.js";
import { focusNext, redrawFelt, redrawShow } from "./redraw.js";
import { confirmed } from "../common/confirm.js";
import { ask, cardHintLine, drawActions, drawHand, drawSummary, focusKey, hintLine, roveCards, showSettings } from "./controls.js";
import { dealFromDeck, flights, reducedMotion } from "./motion.js";
import { pacer, pacesFrom } from "./pace.js";
import * as store from "./store.js";
import { reviewLater } from "./review-later.js";
import { followSeedLink, refusedSeedNotice, takeLinkedSeed } from "./seed-link.js";
import { dropFragment } from "../link.js";
import { headerRoom, pageTop, scrollUnderHeader } from "../scroll.js";
import { nameOf, nextPerson, people, personNames, seatKinds, seatNames, turnNames, turnView } from "./seats.js";
import { listenPlayers, showPlayers } from "./players.js";
import { concealed, hideHandOver, showHandOver } from "./handover.js";
import { drawCheck, drawCheckAnswer, drawCommitment } from "./fairness.js";
import { linkTable } from "./link-hooks.js";
import { showNotice } from "../common/notice.js";

const { YOU } = state;
const STATUS = { loading: "Loading the engine…", ready: "", idle: "" };
const FAILED = "The table could not start in this browser. Everything else on this site still works.";

function setup(root, signal) {
  const $ = (selector) => root.querySelector(selector);
  const stopStatus = showEngineStatus(root, (status) => STATUS[status] ?? FAILED);
  const levels = words.levels.table;
  const levelSelect = $("[data-table-level]");
  fillLevels(levelSelect, levels);
  const paces = pacesFrom($("[data-table-pace]"));
  const { settings, lost } = store.loadSettings(paces, words.variants, levels);
  const page = {
    root, $, signal, settings, paces, levels, levelSelect,
    choices: variantChoices($("[data-table-variant]"), levelSelect),
    variant: null, board: null, // the game's variant and its board (drawn for it: setVariant)
    pace: pacer(signal),
    cards: null, view: null, sealed: null, felt: null, selected: [], busy: false, moved: false,
    turn: null, // the seat to move: a computer while its card is awaited, you once your move is asked
    flying: [], // cards on their way: [selector of where they land, the rect they leave]
    record: null,
    seat: 0, // whose view is on screen (the engine's seat number; the felt draws it at the bottom)
    kinds: null, names: null, // the game's seats ("human" or a level) and its people's names, by seat
    handOver: null, // the seat the phone is being passed to, or null
    commitment: null, // the SHA-256 of the seed, as shown before the first cut
    linkedRecord: null, // on a linked guest, the finished game's record as the host sent it: {over, text}
    link: null, // the phones linked at this table (table/link.js), once its panel is opened or a linked game resumes
  };
  page.review = reviewLater(page, (method, params, onError) => store.call(method, params, signal, onError), signal);
  const loaded = loadRecord();
  if (lost) loaded.notice = [store.SETTINGS_LOST, loaded.notice].filter(Boolean).join(" ");
  page.record = loaded.record;
  setVariant(page, choice.named(words.variants, settings.variant));
  page.felt = state.emptyFelt(page.variant);
  showSettings(root, settings);
  showPlayers(root, settings, page.variant.players, levelLabel);
  listen(page);
  drawRecord($("[data-record]"), page.record, recordRows(levels, words.variants));
  if (loaded.notice) notice(page, loaded.notice);
  const saved = store.loadGame();
  if (saved.sealed) openAtTheFelt(page);
  Promise.all([deck(), linkTable(page, linkedGame(page))]).then(([found]) => {
    page.cards = found;
    return signal.aborted ? null : resume(page, loaded.notice, saved);
  }).catch((error) => notice(page, String(error.message || error)));
  return stopStatus;
}

const setVariant = (page, variant) => showVariant(page, variant, words.rules);
const levelLabel = (id) => words.levels.table.find((level) => level.id === id)?.label ?? "";

// A phone coming back to a game opens at the felt, just under the score line stuck below the
// header (a phone is where that line sticks: table.css); the intro and the settings stay above, a
// scroll away. A first visit, a link to a place on the page, or a page already scrolled opens as it is.
function openAtTheFelt({ $ }) {
  const scores = $(".table__scores");
  if (location.hash || window.scrollY > 0 || getComputedStyle(scores).position !== "sticky") return;
  scrollUnderHeader(pageTop($(".felt")) - headerRoom() - scores.offsetHeight, "instant");
}

const notice = ({ $ }, text) => showNotice($("[data-table-notice]"), text);

function setBusy(page, flag) {
  page.busy = flag;
  if (flag) page.root.dataset.busy = "true"; // tests and assistive tools can wait for the reply
  else delete page.root.dataset.busy;
}

const call = (page, method, params) => store.call(method, params, page.signal, (error) => notice(page, error));

// --- drawing ----------------------------------------------------------------------------------

function redrawControls(page) {
  const { view, $ } = page;
  drawHand($("[data-hand]"), view, page.selected, page.cards, {
    select: (code) => {
      page.selected = state.toggleSelected(page.selected, code, state.throwSize(view));
      redrawControls(page);
      $(`[data-hand] [data-card="${code}"]`).focus();
    },
    pick: (code) => {
      page.selected = [code];
      redrawControls(page);
      $(`[data-hand] [data-card="${code}"]`).focus();
    },
    play: (code) => act(page, { kind: "play", player: YOU, cards: [code] }),
    blocked: (code) => say(page.root, state.blockedReason(view, page.cards[code].name, words.rules.THIRTY_ONE)),
  });
  drawActions($("[data-actions]"), view, page.selected, words.rules.MAX_SHOW, {
    act: (action) => act(page, action),
    hint: (kind) => suggest(page, kind),
    again: () => newGame(page, false),
  });
}

// --- pacing: the computer's cards, then the show counted aloud --------------------------------

// The events on the felt one by one; before each of the computer's cards a pause (all of them
// together never longer than one pace's pause, so input is not held back); each show counted aloud.
async function run(page, events, token) {
  const lay = page.paces[page.settings.pace].lay;
  const turns = state.computerTurns(events);
  const wait = turns ? lay / turns : 0;
  for (const event of events) {
    if (event.type === "play" && event.player !== YOU && wait && !token.cancelled) {
      page.turn = event.player;
      redrawFelt(page);
      await token.pause(wait);
      const from = page.$(`[data-seat="${event.player}"] .card-back:last-child`);
      if (from && !token.cancelled) page.flying.push([`[data-pile] li[data-card="${event.cards[0]}"] .card`, from.getBoundingClientRect()]);
    }
    page.felt = state.applyEvent(page.felt, event);
    logLines(page.root, [event]);
    if (event.type === "show") {
      const index = page.felt.show.length - 1;
      page.pace.run((mine) => countAloud(page, index, mine));
    }
  }
  const said = state.announcement(events);
  if (said) say(page.root, said);
}

async function countAloud(page, index, token) {
  const step = reducedMotion() ? 0 : page.paces[page.settings.pace].show;
  const items = page.felt.show[index]?.event.breakdown.items || [];
  for (let lit = 0; lit < items.length && step && !token.cancelled; lit++) {
    page.felt = state.lightShow(page.felt, index, lit);
    redrawShow(page);
    await token.pause(step);
  }
  if (page.signal.aborted) return;
  page.felt = state.finishShow(page.felt, index);
  redrawShow(page);
}

// --- moves ------------------------------------------------------------------------------------

// The engine's reply taken in: the seat it was made for, its view (hidden when the phone is to
// change hands), the game kept; then the log or the events drawn, and the felt and controls.
async function present(page, reply, how) {
  const key = focusKey(page.root);
  const next = takeReply(page, reply);
  if (how.fromLog) {
    page.$("[data-log]").replaceChildren();
    logLines(page.root, page.view.log);
    page.felt = state.feltFromLog(page.view, page.variant);
    say(page.root, state.announcement(page.view.log)); // what happened last, as before the reload
  } else {
    await run(page, page.view.events, how.token);
    page.felt = state.withView(page.felt, page.view);
  }
  drawAfterReply(page, how.fromLog);
  if (next !== null) return showHandOver(page.root, nameOf(page.names, page.seat), nameOf(page.names, next));
  focusNext(page, key);
  performance.mark("cribbage:computer-moved"); // bench/bench_table.py measures up to here
}

// The reply's view and seat kept and saved; who is to get the phone next, or null.
function takeReply(page, reply) {
  const next = page.link?.linked() ? null : nextPerson(reply.view); // on linked phones each person has their own
  page.seat = reply.view.seat ?? 0;
  page.kinds = reply.view.seat_kinds;
  page.commitment = page.commitment || reply.view.commitment;
  state.nameSeats(turnNames(page.names, page.seat), page.seat, !page.link?.linked());
  page.view = turnView(reply.view);
  if (next !== null) page.view = concealed(page.view); // the phone changes hands after this reply
  page.sealed = reply.sealed;
  page.handOver = next;
  saveGame(page);
  page.link?.changed(); // the host sends every linked phone the view of its own seat
  page.root.dataset.phase = page.view.phase;
  setVariant(page, choice.named(words.variants, page.view.variant)); // the view of a standard game names none
  return next;
}

function drawAfterReply(page, fromLog) {
  page.turn = page.view.legal.length ? YOU : null;
  redrawFelt(page);
  redrawControls(page);
  if (!fromLog && page.view.events.some((event) => event.type === "deal")) dealFromDeck(page.root);
  drawSummary(page.$("[data-summary]"), page.view, page.variant, words.kinds);
  drawCommitment(page.root, page.commitment);
  drawCheck(page.root, page.view.seed);
  if (page.view.result) recordFinishedGame(page);
  page.review.update(page.view); // with people at one phone, each review is of one person (review-panel.js)
}

async function act(page, action) {
  if (page.busy) return;
  if (page.link?.guest()) { page.link.act({ ...action, player: page.seat }); return; } // the phone of the host applies it
  setBusy(page, true);
  page.moved = true;
  notice(page, "");
  page.$("[data-hint-box]").replaceChildren();
  const token = await page.pace.begin();
  page.flying.push(...flights(page.$("[data-hand]"), page.view.dealer, action));
  const reply = await call(page, "table_act", { sealed: page.sealed, action: { ...action, player: page.seat }, ...logNames(page) });
  if (reply) {
    page.selected = [];
    await present(page, reply, { token });
  }
  setBusy(page, false);
}

// A suggested throw or card. The engine notes the hint in the sealed game (the record labels the
// move made after it), so the page keeps the game it sends back, as after a move.
async function suggest(page, kind) {
  if (page.busy) return;
  setBusy(page, true);
  const reply = await call(page, "table_hint", { sealed: page.sealed, kind });
  setBusy(page, false);
  if (!reply) return;
  page.sealed = reply.sealed;
  saveGame(page);
  const faces = (codes) => cardFaces(page.cards, codes);
  const yours = state.cribIsYours(page.view.dealer, page.variant);
  const line = kind === "card" ? cardHintLine(reply.card, page.cards[reply.card].name, reply.reason, faces) : hintLine(reply.throws[0], yours, faces);
  page.$("[data-hint-box]").replaceChildren(line);
}

const inProgress = ({ view, handOver }) => handOver !== null || Boolean(view && !view.result && view.phase !== "cut_for_deal");

async function newGame(page, asking = true, level = page.levelSelect.value, variant = page.choices.chosen()) {
  if (page.link?.guest()) { notice(page, "While this phone is linked, the host's phone starts each game."); return false; }
  if (asking && inProgress(page) && !(await ask(page.root))) return false;
  if (page.busy) return false;
  setBusy(page, true);
  notice(page, "");
  const token = await page.pace.begin();
  const { countByHand, muggins, hints } = page.settings;
  const params = { level: choice.levelFor(page.levels, variant, level), variant, count_by_hand: countByHand, muggins: countByHand && muggins, hints };
  const players = choice.named(words.variants, variant).players;
  const linked = await page.link?.prepare(players, params.level); // linked phones: their seats, and a seed from every phone
  if (linked === false) { setBusy(page, false); return false; }
  const seed = linked?.seed ?? takeLinkedSeed(page);
  const fit = (id) => choice.levelFor(page.levels, variant, id);
  const kinds = linked?.seats ?? seatKinds(page.settings.players, players, params.level, fit);
  if (kinds.some((kind, seat) => seat && kind !== params.level)) params.seats = kinds; // a person, or a level of its own
  if (seed) params.seed = seed;
  const names = withGuestNames(seatNames(kinds, page.settings.names), linked?.names);
  const reply = await call(page, "table_new", { ...params, ...logNames(page, names) });
  if (reply) {
    page.selected = [];
    page.names = names;
    page.commitment = reply.view.commitment;
    hideHandOver(page.root);
    page.settings.variant = variant; // remembered for the next visit
    store.saveSettings(page.settings);
    page.felt = state.emptyFelt(choice.named(words.variants, variant));
    page.$("[data-log]").replaceChildren();
    page.$("[data-option-note]").hidden = true;
    page.levelSelect.value = params.level; // the level of the game: a seat with a level of its own leaves it as chosen
    await present(page, reply, { token });
  }
  setBusy(page, false);
  return true;
}

async function resume(page, recordNotice, saved) {
  Object.assign(page, { names: saved.names ?? null, commitment: saved.commitment ?? null });
  if (saved.sealed && saved.handOver !== null) { // back to the hand-over: no cards shown until the tap
    Object.assign(page, { sealed: saved.sealed, seat: saved.shown, handOver: saved.handOver });
    drawCommitment(page.root, page.commitment);
    showHandOver(page.root, "", nameOf(page.names, saved.handOver));
    return;
  }
  setBusy(page, true);
  const reply = saved.sealed ? await call(page, "table_view", { sealed: saved.sealed, seat: saved.shown, ...logNames(page) }) : null;
  if (reply) {
    page.levelSelect.value = reply.view.level;
    await present(page, reply, { fromLog: true });
    setBusy(page, false);
    const start = (name) => newGame(page, true, page.levelSelect.value, name);
    const seats = takeLinkedSeats(page); // before the seed's link is followed: "Play these cards again" seats the same players
    if (await followSeedLink(page, start, () => setVariant(page, page.variant))) return;
    notice(page, [refusedSeedNotice(), seats.text].filter(Boolean).join(" "));
    followVariantLink(page, seats.asked);
    return;
  }
  setBusy(page, false);
  if (page.signal.aborted) return;
  if (saved.sealed) store.keepAside();
  const lost = saved.sealed || saved.unreadable !== undefined;
  const linked = choice.linkedVariant(location.hash, words.link.variant, words.variants);
  if (linked.name) page.choices.set(linked.name); // a fresh game starts as the link asks
  const seats = takeLinkedSeats(page);
  await newGame(page, false);
  notice(page, [lost ? "The saved game could not be read, so a new game has started (the unreadable copy is kept on this device)." : "", recordNotice, refusedSeedNotice(), seats.text].filter(Boolean).join(" "));
  followVariantLink(page);
}

// A link to a variant (/table/#variant=five-card) chooses it, asking first if a game is in progress;
// `seatsAsked`: the link set the players too, so a game of the same variant starts afresh (asking).
function followVariantLink(page, seatsAsked = false) {
  const said = (text) => notice(page, [page.$("[data-table-notice]").textContent, text].filter(Boolean).join(" ")); // after the notice about the seats
  const chosen = followLink(words, page.variant.name, (name) => chooseVariant(page, name), said);
  if (chosen === null && seatsAsked) newGame(page, true);
}

// The players a link asks for (#...&seats=human,computer,human,computer), set up for the next game
// and kept like any other choice of players: {asked} when it set them, {text} for a notice when it
// asked for players the table cannot seat (the players set up stay).
function takeLinkedSeats(page) {
  const linked = choice.linkedVariant(location.hash, words.link.variant, words.variants);
  const players = choice.named(words.variants, linked.name || page.choices.chosen()).players;
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

async function chooseVariant(page, name) {
  page.choices.set(name);
  showPlayers(page.root, page.settings, choice.named(words.variants, name).players, levelLabel);
  if (!(await newGame(page, true, page.levelSelect.value, name))) setVariant(page, page.variant); // kept the game
}

const saveGame = (page) => page.link?.guest() || store.saveGame(page.sealed, page.view?.level, // a guest keeps its own game
  { shown: page.seat, handOver: page.handOver, commitment: page.commitment, names: page.names });

// What table/link.js may do with the page: the engine, the game, a guest's move applied here on
// the host's phone (checked first), the host's view drawn on a guest's.
const linkedGame = (page) => ({
  call: (method, params) => call(page, method, params),
  sealed: () => page.sealed,
  over: () => Boolean(page.view?.result),
  seed: () => page.view?.seed,
  notice: (text) => notice(page, text),
  name: (seat) => nameOf(page.names, seat),
  // "" once applied, or the engine's reason for refusing it (for the guest's phone to show)
  actFor: (action) => whenFree(page, async () => {
    let refused = "";
    const reply = await store.call("table_act", { sealed: page.sealed, action }, page.signal, (error) => { refused = error; });
    const own = reply && await call(page, "table_view", { sealed: reply.sealed, seat: page.seat, ...logNames(page) });
    if (own) await present(page, own, { fromLog: true });
    return refused;
  }),
  // the link's own question, in the page's dialog; the New game question's words come back after it
  ask: async (question) => {
    const dialog = page.$("[data-confirm]");
    const parts = [...dialog.querySelectorAll("[data-confirm-title], [data-confirm-text], [data-confirm-yes], [data-confirm-no]")];
    const words = parts.map((part) => part.textContent);
    try {
      return await confirmed(dialog, question, page.$("[data-new-game]"));
    } finally {
      parts.forEach((part, at) => { part.textContent = words[at]; });
    }
  },
  // a seat handed to the computer (its phone gone for good): the seats' kinds after, or null
  release: (seat) => whenFree(page, async () => {
    const reply = await call(page, "table_release", { sealed: page.sealed, seat, ...logNames(page) });
    if (reply) await present(page, reply, { fromLog: true });
    return reply ? reply.view.seat_kinds : null;
  }),
  // a guest's phone gave its name (it linked again, or under a new name): the felt, score line and log use it
  rename: (seat, name) => {
    page.names = withGuestNames(page.names ?? [], { [seat]: name });
    state.nameSeats(turnNames(page.names, page.seat));
    saveGame(page);
    if (page.view) redrawFelt(page);
  },
  keepRecord: (text) => { page.linkedRecord = { over: true, text }; }, // the host's, for the review panel's copy and download
  show: (view) => whenFree(page, async () => {
    page.cards ??= await deck(); // the view from the host can come before the engine of this phone has read the deck
    Object.assign(page, { selected: [], names: seatNames(view.seat_kinds, view.names) }); // "Player 2" where a phone sent no name
    return present(page, { view, sealed: null }, { fromLog: true });
  }),
});

// The people's names for the engine's log: while they share this phone every seat by name, the
// same whoever holds it; on the host of linked phones "you", and each guest by the name its phone gave.
const logNames = (page, names = page.names) => {
  if (!names) return {};
  return page.link?.linked() ? { names } : { names, one_phone: true };
};

// The names by seat with the linked guests' own names (by seat) in their seats.
const withGuestNames = (names, guests) => (guests ? Object.entries(guests).reduce((all, [seat, name]) => {
  const named = [...all];
  named[Number(seat)] = name;
  return named;
}, names ?? []) : names);

// One change at a time: a linked phone's move waits for this phone's own to be drawn.
async function whenFree(page, run) {
  while (page.busy) await new Promise((resolve) => setTimeout(resolve, 20));
  setBusy(page, true);
  try { return await run(); } finally { setBusy(page, false); }
}

// The tap on "Show Ann's cards": only now is that seat's view asked for and drawn.
async function showNextHand(page) {
  if (page.busy || page.handOver === null) return;
  setBusy(page, true);
  const reply = await call(page, "table_view", { sealed: page.sealed, seat: page.handOver, ...logNames(page) });
  if (reply) {
    hideHandOver(page.root);
    page.moved = true;
    await present(page, reply, { fromLog: true });
    if (page.handOver === null) focusNext(page, null, true); // from the hidden button to the move of the new player
  }
  setBusy(page, false);
}

async function checkDeal(page) {
  const { view } = page;
  const deals = Math.max(1, Math.min(60, view.hand_number)); // every deal of the game
  const params = { seed: view.seed, commitment: page.commitment, variant: view.variant || "standard", deals };
  const answer = await call(page, "deal_check", params);
  if (!answer) return;
  const players = page.felt.seats;
  const name = (seat) => state.seatName((seat - page.seat + players) % players, players); // the felt is worded for the viewer
  drawCheckAnswer(page.root, answer, (code) => page.cards[code].label, name);
}

// A finished game added to the record: for the one player, or for each person under their name.
function recordFinishedGame(page) {
  const kinds = page.kinds || ["human"];
  const alone = people(kinds) <= 1;
  const level = kinds.some((kind) => kind !== "human") ? page.view.level : PEOPLE_ONLY.id;
  const key = recordKey(level, page.variant.name);
  const sides = page.variant.sides || kinds.length;
  let added = false;
  kinds.forEach((kind, seat) => {
    if (kind !== "human") return;
    const name = alone ? page.names?.[seat] || "" : nameOf(page.names, seat);
    const side = ((seat % sides) - (page.seat % sides) + sides) % sides; // the summary of the view is turned to the seat shown
    added = addGame(page.record, key, page.view.id, page.view.summary, side, name) || added;
  });
  if (added) saveRecord(page.record);
  drawRecord(page.$("[data-record]"), page.record, recordRows(page.levels, words.variants));
}

// --- controls ---------------------------------------------------------------------------------

function listen(page) {
  const { $, settings, signal } = page;
  const on = (node, type, fn) => node.addEventListener(type, fn, { signal });
  const changed = () => {
    store.saveSettings(settings);
    $("[data-option-note]").hidden = !inProgress(page);
  };
  on($("[data-new-game]"), "click", () => newGame(page, true));
  on($("[data-table-variant]"), "change", (event) => chooseVariant(page, event.target.value));
  on(page.levelSelect, "change", async () => {
    const started = await newGame(page, true, page.levelSelect.value);
    if (!started && page.view) page.levelSelect.value = page.view.level; // asked, and the player kept the game
  });
  on($("[data-table-pace]"), "change", (event) => { settings.pace = event.target.value; store.saveSettings(settings); });
  on($("[data-count-by-hand]"), "change", (event) => {
    settings.countByHand = event.target.checked;
    $("[data-muggins]").disabled = !settings.countByHand;
    changed();
  });
  on($("[data-muggins]"), "change", (event) => { settings.muggins = event.target.checked; changed(); });
  on($("[data-hints]"), "change", (event) => { settings.hints = event.target.checked; changed(); });
  on($("[data-skip]"), "click", () => page.pace.skip());
  on($("[data-show-hand]"), "click", () => showNextHand(page));
  on($("[data-check-deal]"), "click", () => checkDeal(page));
  listenPlayers(page.root, settings, () => choice.named(words.variants, page.choices.chosen()).players, changed, signal, levelLabel);
  roveCards($("[data-hand]"), signal);
}

mountPage("[data-table-page]", setup);
