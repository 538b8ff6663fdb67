// The board's taps, each a new state committed (page.js holds the state and its commit): a peg,
// the cut, undo and redo, the play over, the deal, a rematch, the set-up and import behind a
// question first (common/confirm.js), the exports. Linked, the taps every phone shares go to the
// host instead (`page.link`), and what only the host does is refused on a guest's phone.
import { scrollUnderHeader } from "../scroll.js";
import { confirmed } from "../common/confirm.js";
import { showNotice } from "../common/notice.js";
import { plural } from "../common/words.js";
import words from "../vocabulary.js";
import { countDialog } from "./count.js";
import { download, forgetUnreadable, loadSetup, saveSetup, unreadableCopy } from "./effects.js";
import { fillForm, followMode, readForm } from "./form.js";
import { fileName, parseMatch, serialise, toCSV } from "./io.js";
import { finishedGames, rematch, resetRecord, sameTable, startGame } from "./match.js";
import { backToGame, largeToggled, otherToggled, pegged, withMatch } from "./page-state.js";
import { cutCard, derive, markDeal, markShow, normaliseSetup, partFor, redo, removeEntry, undo } from "./state.js";

/**
 * @typedef {import("./page-state.js").BoardState} BoardState @typedef {import("./match.js").Match} Match
 * @typedef {import("./state.js").Game} Game @typedef {import("./view.js").Parts} Parts
 * @typedef {{op: string, side: number, points: number, source: string}} Tap  a tap sent through the link
 * @typedef {{active(): boolean, guest(): boolean, tap(tap: Tap): void, changed(): void, close(): void}} Link
 * @typedef {{said?: string, note?: string}} Announce
 * @typedef {{ui: Parts, now: () => BoardState, commit: (next: BoardState, announce?: Announce) => void,
 *   status: (text: string) => void, say: (text: string) => void, link: Link, signal: AbortSignal,
 *   counter: ReturnType<typeof countDialog> | null}} Page  the one current state, its commit, and the page's parts
 */

const rules = words.rules;
const HOST_DOES_THAT = "While this phone is linked, the host's phone does that.";

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
export function toTheGame(ui) {
  const box = ui.pegging.getBoundingClientRect();
  if (location.hash || (box.top >= 0 && box.bottom <= window.innerHeight)) return; // in view, not scrolled past
  scrollUnderHeader(ui.game, "auto");
}

/** @param {Page} page */
export async function startFromForm(page) {
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
export async function importFile(page, file) {
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
export function pegTyped(page, side) {
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
export function onClick(page, event) {
  const node = event.target instanceof Element ? event.target.closest("button") : null;
  if (!node || !page.ui.root.contains(node) || node.closest("dialog")) return;
  const name = Object.keys(ACTIONS).find((key) => key in node.dataset);
  if (name && HOST_ONLY.has(name) && page.link.guest()) page.status(HOST_DOES_THAT);
  else if (name) ACTIONS[name](page, node);
}
