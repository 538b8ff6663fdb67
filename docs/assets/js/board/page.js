// The board page (docs/board.md): keep the score of a real game. The state (page-state.js: the
// match, the screen, what is open) changes by pure functions (page-state.js, match.js,
// state.js); this module holds the one current state, and its one `commit` saves the match after
// every tap, draws (view.js) and announces each peg. Only "Count a hand" needs the engine
// (count.js); everything else works at once, offline too. Every listener ends with the page's
// signal (mount.js).
import { mountPage } from "../mount.js";
import { scrollUnderHeader } from "../scroll.js";
import { boardDrawer, skunkLines } from "../common/board-drawing.js";
import { confirmed } from "../common/confirm.js";
import { showNotice } from "../common/notice.js";
import { plural } from "../common/words.js";
import words from "../vocabulary.js";
import { countDialog } from "./count.js";
import { download, forgetUnreadable, keepAwake, loadMatch, loadSetup, saveMatch, saveSetup, unreadableCopy }
  from "./effects.js";
import { fillForm, followMode, readForm } from "./form.js";
import { fileName, parseMatch, serialise, toCSV } from "./io.js";
import { finishedGames, rematch, resetRecord, sameTable, startGame } from "./match.js";
import { backToGame, initialState, largeToggled, loaded, otherToggled, pegged, playing, withMatch }
  from "./page-state.js";
import { cutCard, derive, markDeal, markShow, normaliseSetup, partFor, redo, removeEntry, undo } from "./state.js";
import { boardParts, drawPage } from "./view.js";

/**
 * @typedef {import("./page-state.js").BoardState} BoardState @typedef {import("./match.js").Match} Match
 * @typedef {import("./state.js").Game} Game @typedef {import("./view.js").Parts} Parts
 * @typedef {{op: string, side: number, points: number, source: string}} Tap  a tap sent through the link
 * @typedef {{active(): boolean, guest(): boolean, tap(tap: Tap): void, changed(): void, close(): void}} Link
 * @typedef {{said?: string, note?: string}} Announce
 * @typedef {{ui: Parts, now: () => BoardState, commit: (next: BoardState, announce?: Announce) => void,
 *   status: (text: string) => void, say: (text: string) => void, link: Link, signal: AbortSignal,
 *   counter: ReturnType<typeof countDialog> | null}} Page
 */

const rules = words.rules;
const AWAKE = {
  on: "The screen stays on while the board is open.",
  off: "The screen may dim again: come back to this tab to keep it on.",
  unsupported: "This browser cannot keep the screen on: set a longer screen timeout in your phone's settings while "
    + "you play.",
  refused: "The browser did not let the board keep the screen on: set a longer screen timeout while you play.",
};
const NOT_SAVING = "This browser is not saving the board (storage is full or switched off): export it to keep it.";
const HOST_DOES_THAT = "While this phone is linked, the host's phone does that.";

// Until the link panel is first opened the board is on its own (and never loads the QR code
// reader or WebRTC): a link that is never active.
/** @type {Link} */
const UNLINKED = { active: () => false, guest: () => false, tap() {}, changed() {}, close() {} };

// The page's one commit: a new match is saved at once and said; then the page is drawn from the
// state. A change of the screen alone is only drawn.
/** @param {Parts} ui @param {BoardState} first @param {() => Link} link */
function committer(ui, first, link) {
  let state = first;
  const draw = { board: boardFor(ui), rules, words, heelsPoints: rules.HEELS_POINTS };
  const status = (/** @type {string} */ text) => { ui.status.textContent = text; };
  // The status line is seen; the hidden live region is heard (so nothing is said twice).
  const say = (/** @type {string} */ text) => { ui.announce.textContent = text; };
  /** @param {BoardState} next @param {Announce} [announce] */
  function commit(next, { said = "", note = "" } = {}) {
    const before = state;
    state = next;
    const changed = next.match !== before.match;
    if (changed && next.match && !saveMatch(next.match)) showNotice(ui.notice, NOT_SAVING);
    drawPage(ui, next, { ...draw, otherOpen: next.otherOpen });
    if (!changed) return;
    status(note);
    if (said) say(said);
    link().changed(); // a host sends every linked phone the new board
  }
  return { commit, now: () => state, status, say };
}

// The drawing is made again only when the tracks or the game's length change.
/** @param {Parts} ui */
function boardFor(ui) {
  const drawn = boardDrawer(ui.board, rules);
  return (/** @type {import("./state.js").Setup} */ setup, /** @type {Game} */ game) => drawn({ names: setup.names,
    hole: game.lines.hole, lines: skunkLines(game.lines.skunk, game.lines.double) });
}

const matchOf = (/** @type {Page} */ page) => /** @type {Match} */ (page.now().match);
const gameOf = (/** @type {Page} */ page) => /** @type {Game} */ (matchOf(page).game);
/** @param {Page} page @param {Game} game @param {string} [said] */
const withGame = (page, game, said) => page.commit(withMatch(page.now(), { ...matchOf(page), game }), { said });
const ask = (/** @type {Page} */ page, /** @type {import("../common/confirm.js").Question} */ question) =>
  confirmed(page.ui.confirm, question);

// The taps every linked phone shares: sent to the host, which orders and applies them.
/** @param {Page} page @param {string} op */
const tapped = (page, op, side = 0, points = 0, source = "") => page.link.tap({ op, side, points, source });
// What only the host's phone does while guests are linked (a guest's board is the host's).
const HOST_ONLY = new Set(["entryUndo", "rematch", "newGame", "resetStats"]);

// Peg for a side: refused with the reason, or saved and announced ("Ann pegs 2 ..., now 47.").
/** @param {Page} page @param {number} side @param {number} points @param {string} [requested] */
function pegFor(page, side, points, requested, note = "") {
  if (page.link.active()) return void tapped(page, "peg", side, points, requested || "");
  const done = pegged(page.now(), side, points, requested, { now: Date.now(), note, words });
  if ("refused" in done) {
    page.status(done.refused);
    page.say(done.refused);
    return null;
  }
  page.commit(done.state, { note: done.note, said: done.said });
  return done.view;
}

/** @param {Page} page @param {import("./count.js").Counted} counted */
function counted(page, { side, points, note, muggins, crib }) {
  const view = pegFor(page, side, points, crib ? "crib" : "show", note);
  // linked, both taps go to the host, which orders them
  if ((view || page.link.active()) && muggins) pegFor(page, muggins.side, muggins.points, "muggins", note);
  // the panel was drawn again while the dialog was open: focus its new button (or the rematch)
  const again = page.ui.root.querySelector(`[data-count="${side}"]`) || page.ui.root.querySelector("[data-rematch]");
  /** @type {HTMLElement | null} */ (again)?.focus();
}

/** @param {Page} page @param {number} side */
function openCount(page, side) {
  const { setup } = matchOf(page);
  const game = gameOf(page);
  const view = derive(setup, game);
  const part = partFor(setup, view, side);
  const opponents = setup.names.map((name, i) => ({ side: i, name })).filter((other) => other.side !== side);
  // made on first use: a first visit that only pegs never binds the 52 cards or watches the engine
  page.counter ||= countDialog(page.ui.count, { size: rules.CARDS_KEPT, signal: page.signal,
    onPeg: (done) => counted(page, done) });
  page.counter.open({ side, name: setup.names[side], crib: part ? part.part === "crib" : false, opponents,
    muggins: setup.muggins, key: `${game.started}:${view.deal}` });
}

/** @param {Page} page */
async function newGame(page) {
  const match = matchOf(page);
  const { setup } = match;
  const game = gameOf(page);
  const view = derive(setup, game);
  if (view.phase !== "over" && game.entries.length) {
    const scores = setup.names.map((name, i) => `${name} ${view.totals[i]}`).join(", ");
    if (!(await ask(page, { title: "Start a new game?", yes: "Start a new game", no: "Keep playing",
      text: `The game in progress (${scores}) will be lost; it does not count in the record.` }))) return;
  }
  const games = view.phase === "over" ? finishedGames(match) : match.games;
  page.commit(withMatch(page.now(), { ...match, game: null, games }, "setup"));
  fillForm(page.ui.setup, setup);
  followMode(page.ui.setup);
  /** @type {HTMLElement} */ (page.ui.setup.querySelector("input")).focus();
}

// Once a game is on, its peg buttons are the first screen: the page opens (and a game starts)
// scrolled to the game when they would be below the fold; a linked section is left alone.
/** @param {Parts} ui */
function toTheGame(ui) {
  const box = ui.pegging.getBoundingClientRect();
  if (location.hash || (box.top >= 0 && box.bottom <= window.innerHeight)) return; // in view, not scrolled past
  scrollUnderHeader(ui.game, "auto");
}

/** @param {Page} page */
async function startFromForm(page) {
  const chosen = normaliseSetup(readForm(page.ui.setup), rules);
  const { match, large } = page.now();
  if (match && match.games.length && !sameTable(match.setup, chosen)) {
    const record = `The record of ${plural(match.games.length, "game")} between ${match.setup.names.join(", ")}`;
    if (!(await ask(page, { title: "New players, new record?", yes: "Start a new record", no: "Go back",
      text: `${record} will be replaced. Export it first to keep it.` }))) return;
  }
  saveSetup({ ...chosen, large });
  page.commit(withMatch(page.now(), startGame(match, chosen, rules, Date.now()), "game"), { said: "The game starts." });
  toTheGame(page.ui);
  page.ui.deal.focus({ preventScroll: true });
}

/** @param {Page} page */
async function resetStats(page) {
  if (!(await ask(page, { title: "Reset the statistics?", yes: "Reset the statistics", no: "Keep them",
    text: "Every finished game of this match is forgotten: the record, the skunks and the averages. "
      + "The game in progress stays." }))) return;
  page.commit(withMatch(page.now(), resetRecord(matchOf(page))), { said: "The statistics are reset." });
}

/** @param {Page} page @param {File} file */
async function importFile(page, file) {
  const result = parseMatch(await file.text(), rules);
  if (!result.match) {
    showNotice(page.ui.notice, `That file could not be imported: ${result.error}. Nothing was changed.`);
    return;
  }
  if (!(await ask(page, { title: "Import this match?", yes: "Import it", no: "Keep mine",
    text: "It replaces the board's match here: the game in progress and the record." }))) return;
  showNotice(page.ui.notice, "");
  const screen = result.match.game ? "game" : "setup";
  page.commit(withMatch(page.now(), result.match, screen),
    { note: "The match was imported.", said: "The match was imported." });
}

/** @param {Page} page @param {number} side */
function toggleOther(page, side) {
  page.commit(otherToggled(page.now(), side));
  if (page.now().otherOpen === side) {
    /** @type {HTMLElement} */ (page.ui.root.querySelector(`[data-focus-key="other-${side}-11"]`)).focus();
  }
}

/** @param {Page} page @param {number} side */
function pegTyped(page, side) {
  const text = /** @type {HTMLInputElement} */ (page.ui.root.querySelector(`[data-typed="${side}"]`)).value.trim();
  pegFor(page, side, text === "" ? NaN : Number(text));
}

/** @param {Page} page */
function toggleLarge(page) {
  page.commit(largeToggled(page.now()));
  saveSetup({ ...loadSetup(), large: page.now().large });
}

// A tap shared with linked phones goes through the link; on its own the board changes the game.
/** @param {Page} page @param {string} op @param {() => Game} next @param {string} [said] */
function shared(page, op, next, said) {
  if (page.link.active()) tapped(page, op);
  else withGame(page, next(), said);
}

/** @param {Page} page @param {HTMLElement} node */
function cutFor(page, node) {
  const side = Number(node.dataset.cut), rank = Number(node.dataset.rank);
  if (page.link.active()) tapped(page, "cut", side, rank);
  else withGame(page, cutCard(gameOf(page), side, rank));
}

/** @typedef {(page: Page, node: HTMLElement) => unknown} Action */
// What each button does, by the data attribute it carries.
/** @type {Record<string, Action>} */
const ACTIONS = {
  peg: (page, node) => pegFor(page, Number(node.dataset.side), Number(node.dataset.peg)),
  heels: (page, node) => pegFor(page, Number(node.dataset.heels), rules.HEELS_POINTS, "heels"),
  other: (page, node) => toggleOther(page, Number(node.dataset.other)),
  typedPeg: (page, node) => pegTyped(page, Number(node.dataset.typedPeg)),
  count: (page, node) => openCount(page, Number(node.dataset.count)),
  cut: cutFor,
  undo: (page) => shared(page, "undo", () => undo(gameOf(page)), "Undone."),
  redo: (page) => shared(page, "redo", () => redo(gameOf(page)), "Redone."),
  entryUndo: (page, node) => withGame(page, removeEntry(gameOf(page), Number(node.dataset.entryUndo)), "Taken back."),
  show: (page) => shared(page, "show", () => markShow(matchOf(page).setup, gameOf(page), Date.now()),
    "The show: the first hand from the dealer's left."),
  deal: (page) => shared(page, "deal", () => markDeal(matchOf(page).setup, gameOf(page), Date.now()),
    "The deal passes."),
  rematch: (page) => page.commit(withMatch(page.now(), rematch(matchOf(page), rules, Date.now())),
    { said: "A new game: the rematch." }),
  newGame,
  large: toggleLarge,
  backToGame: (page) => page.commit(backToGame(page.now())),
  exportJson: (page) => download(fileName(Date.now(), "json"), "application/json", serialise(matchOf(page))),
  exportCsv: (page) => download(fileName(Date.now(), "csv"), "text/csv", toCSV(matchOf(page), words)),
  resetStats,
  keptCopy: () => download("cribbage-board-unreadable.json", "application/json", unreadableCopy() || ""),
  forgetCopy: (page) => {
    forgetUnreadable();
    page.ui.unreadable.hidden = true;
  },
};

/** @param {Page} page @param {Event} event */
function onClick(page, event) {
  const node = event.target instanceof Element ? event.target.closest("button") : null;
  if (!node || !page.ui.root.contains(node) || node.closest("dialog")) return;
  const name = Object.keys(ACTIONS).find((key) => key in node.dataset);
  if (name && HOST_ONLY.has(name) && page.link.guest()) page.status(HOST_DOES_THAT);
  else if (name) ACTIONS[name](page, node);
}

// The first state: the saved match (or the report that it could not be read, with its copy
// kept) and the set-up form filled in.
/** @param {Parts} ui @param {Record<string, any>} prefs @returns {BoardState} */
function load(ui, prefs) {
  const saved = loadMatch(rules);
  fillForm(ui.setup, saved.match && !saved.match.game ? saved.match.setup : normaliseSetup(prefs, rules));
  if (saved.error) {
    ui.unreadableText.textContent = `The saved board could not be read: ${saved.error}. It is kept as it was: `
      + "download a copy below. Starting a game saves a new board; the copy stays until you delete it.";
  }
  ui.unreadable.hidden = !unreadableCopy();
  return loaded(initialState(Boolean(prefs.large)), saved.match);
}

/** @param {Page} page */
function listen(page) {
  const { ui, signal } = page;
  const form = ui.setup;
  ui.root.addEventListener("click", (event) => onClick(page, event), { signal });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    startFromForm(page);
  }, { signal });
  form.addEventListener("change", () => followMode(form), { signal });
  form.addEventListener("input", (event) => {
    if (event.target instanceof Element && event.target.matches("[data-name], [data-player]")) followMode(form);
  }, { signal });
  for (const importer of ui.root.querySelectorAll("input[data-import]")) { // on the set-up and in the record
    const file = /** @type {HTMLInputElement} */ (importer);
    file.addEventListener("change", () => {
      if (file.files?.[0]) importFile(page, file.files[0]);
      file.value = "";
    }, { signal });
  }
  ui.root.addEventListener("keydown", (event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (event.key === "Enter" && target?.matches("[data-typed]")) pegTyped(page, Number(target.dataset.typed));
  }, { signal });
}

// The link panel's module, loaded when the panel is first opened. Named by a variable so the type
// checker does not follow it: link.js is not typed yet, and `Link` above is what the page uses.
const LINK_PANEL = "./link.js";

/** @param {Page} page */
function linkWhenOpened(page) {
  const panel = page.ui.link;
  panel.addEventListener("toggle", async () => {
    if (!panel.open || page.link !== UNLINKED) return;
    const { linkPanel } = await import(LINK_PANEL);
    if (page.link !== UNLINKED || page.signal.aborted) return;
    page.link = linkPanel(panel, {
      rules, match: () => page.now().match,
      apply: (/** @type {Match} */ match, /** @type {string} */ said) =>
        page.commit(withMatch(page.now(), match, "game"), { said }),
      refused: (/** @type {string} */ text) => {
        page.status(text);
        page.say(text);
      },
    });
    panel.dataset.ready = ""; // its buttons answer from here
  }, { signal: page.signal });
}

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  const ui = boardParts(root);
  const prefs = { large: false, ...loadSetup() };
  const first = load(ui, prefs);
  /** @type {Page} */
  const page = { ui, signal, link: UNLINKED, counter: null, ...committer(ui, first, () => page.link) };
  listen(page);
  linkWhenOpened(page);
  keepAwake((state, detail) => {
    ui.awake.textContent = AWAKE[state] + (detail && state === "refused" ? ` (${detail})` : "");
    root.dataset.wakeLock = state;
  }, signal);
  page.commit(first); // drawn: the match as it was saved, not saved again
  if (playing(first) && window.scrollY === 0) toTheGame(ui); // not over a scroll the browser restored
  root.dataset.ready = ""; // the board answers taps from here (tests and the benchmark wait for it)
  performance.mark("cribbage:board-ready");
  return () => page.link.close();
}

mountPage("[data-board-page]", setup);
