// The replay viewer page (docs/replay.md): a game record pasted, typed or opened from a file is
// read and replayed by the engine in the worker (replay_record), then stepped through with the
// buttons or the arrow keys. One state (replay/state.js: the changes are pure functions), drawn by
// `commit` (replay/view.js), which also keeps the text and the step (common/game-record.js: a
// reload loses nothing) and says a step once. Here are the effects at the edge: the engine's
// replies (a newer read, or leaving the page, drops the one before: `latestRun`), the deck, the
// file opened and the page's listeners, all ended by the page's signal (mount.js).
import { boardDrawer, skunkLines } from "../common/board-drawing.js";
import { deck } from "../common/cards.js";
import { loadRecord, saveRecord } from "../common/game-record.js";
import { showNotice } from "../common/notice.js";
import { latestRun, mountPage, showEngineStatus } from "../mount.js";
import words from "../vocabulary.js";
import { againLink, boardNames, gameWords, fromStart, go, initial, keyMove, reading, saidAfter, withNothing, withNotice, withReply,
  withText } from "./state.js";
import { replayRecord } from "./store.js";
import { drawAgain, drawControls, drawError, drawPosition, showFaultyLine } from "./view.js";

/**
 * @typedef {import("./state.js").ReplayState} ReplayState @typedef {import("./state.js").Game} Game
 * @typedef {import("../engine.js").EngineState} EngineState @typedef {Record<string, import("../common/cards.js").Card>} Cards
 */

/** @type {Partial<Record<EngineState, string>>} */
const STATUS = { loading: "Loading the engine…", ready: "", idle: "" };
const FAILED = "The replay viewer could not start in this browser. Everything else on this site still works.";
const READING = "Reading the record and reviewing your decisions…";
const UNREADABLE = "The record saved in this browser could not be read, so the box starts empty (the old text is "
  + "kept aside).";

/** @param {HTMLElement} root */
function parts(root) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  return {
    text: /** @type {HTMLTextAreaElement} */ ($("[data-replay-text]")), form: $("[data-replay-form]"),
    open: $("[data-replay-open]"), file: /** @type {HTMLInputElement} */ ($("[data-replay-file]")),
    notice: $("[data-replay-notice]"), error: $("[data-replay-error]"), said: $("[data-replay-said]"),
    board: $("[data-replay-board]"), viewer: $("[data-replay-viewer]"),
    reading: /** @type {HTMLElement[]} */ ([...root.querySelectorAll("[data-replay-reading]")]),
    moves: /** @type {HTMLButtonElement[]} */ ([...root.querySelectorAll("[data-replay-move]")]),
  };
}
/** @typedef {ReturnType<typeof parts>} Parts */

// The board is drawn again only when the game's shape or names change, then only its pegs move.
/** @param {HTMLElement} box */
function boardKeeper(box) {
  const boardFor = boardDrawer(box, words.rules);
  /** @param {Game | null} game */
  return (game) => (game ? boardFor({ names: boardNames(game), hole: game.board.hole,
    lines: skunkLines(game.board.skunk, game.board.double_skunk) }) : null);
}

// The page drawn from the state; the cards' faces once the deck has come (`cards.now`).
/** @param {HTMLElement} root @param {Parts} ui @param {{now: Cards | null}} cards */
function drawer(root, ui, cards) {
  const boardFor = boardKeeper(ui.board);
  /** @param {ReplayState} state */
  return (state) => {
    if (ui.text.value !== state.text) ui.text.value = state.text;
    showNotice(ui.notice, state.notice);
    for (const line of ui.reading) {
      /** @type {HTMLElement} */ (line.querySelector("span")).textContent = state.busy ? READING : "";
      line.hidden = !state.busy;
    }
    if (state.busy) root.dataset.busy = "true";
    else delete root.dataset.busy;
    drawError(ui.error, state);
    drawControls(root, state);
    if (cards.now) drawPosition(root, state, cards.now, boardFor(state.game));
    drawAgain(root, againLink(state.game, words.link), gameWords(state.game).again);
    if (state.error) root.dataset.errorLine = String(state.error.line);
    else delete root.dataset.errorLine;
    root.dataset.step = state.game ? String(state.step) : "";
  };
}

// The one state and its commit: kept, drawn, a step said once, a refused line shown in the box.
/** @param {HTMLElement} root @param {Parts} ui @param {ReplayState} first */
function committer(root, ui, first) {
  let state = first;
  /** @type {{now: Cards | null}} */
  const cards = { now: null };
  const draw = drawer(root, ui, cards);
  /** @param {ReplayState} next */
  function commit(next) {
    const before = state;
    state = next;
    saveRecord(next.text, next.step);
    draw(next);
    const said = saidAfter(before, next);
    if (said) ui.said.textContent = said;
    if (next.error && next.error !== before.error) showFaultyLine(ui.text, next);
  }
  // The cards' faces once the deck has come, drawn at once.
  /** @param {Cards} faces */
  const withCards = (faces) => {
    cards.now = faces;
    draw(state);
  };
  return { commit, now: () => state, redraw: () => draw(state), withCards };
}
/** @typedef {ReturnType<typeof committer>} Page */

// Read the text in the box; `fresh` starts at the first move (a new record), else the saved step.
// A newer read, or leaving the page, drops the reply of the one before.
/** @param {AbortSignal} signal @param {Page} page */
function reader(signal, { commit, now }) {
  const latest = latestRun(signal);
  /** @param {boolean} fresh */
  return async (fresh) => {
    const { text } = now();
    if (!text.trim()) {
      latest.drop();
      return void commit(withNothing(now()));
    }
    commit(reading(now()));
    const reply = await latest(() => replayRecord(text));
    if (reply) commit(withReply(fresh ? fromStart(now()) : now(), reply));
  };
}

const TEXT_FIELDS = "textarea, select, "
  + "input:not([type=button], [type=submit], [type=checkbox], [type=radio], [type=file])";
const isTextField = (/** @type {EventTarget | null} */ node) => node instanceof HTMLElement
  && (node.isContentEditable || node.matches(TEXT_FIELDS));

/** @param {Parts} ui @param {AbortSignal} signal @param {Page} page @param {(fresh: boolean) => Promise<void>} read */
function listen(ui, signal, { commit, now }, read) {
  /** @param {EventTarget} node @param {string} type @param {(event: any) => void} fn */
  const on = (node, type, fn) => node.addEventListener(type, fn, { signal });
  // A step by button or key (a move to where it already is does nothing).
  const move = (/** @type {string} */ where) => {
    const next = go(now(), where);
    if (next.step !== now().step) commit(next);
  };
  on(ui.text, "input", () => commit(withText(now(), ui.text.value)));
  on(ui.form, "submit", (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    read(true);
  });
  on(ui.open, "click", () => ui.file.click());
  on(ui.file, "change", async () => {
    const [file] = ui.file.files || [];
    if (!file) return;
    const text = await file.text();
    ui.file.value = ""; // the same file may be opened again
    if (signal.aborted) return;
    commit(withText(now(), text));
    read(true);
  });
  ui.moves.forEach((button) => on(button, "click", () => move(button.dataset.replayMove ?? "")));
  // Left and Right (Home, End) step from anywhere on the page, unless the focus is in a text field.
  on(ui.viewer.ownerDocument, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (!now().game || event.defaultPrevented) return;
    const where = keyMove(event, { typing: isTextField(event.target),
      inViewer: event.target instanceof Node && ui.viewer.contains(event.target) });
    if (!where) return;
    event.preventDefault();
    move(where);
  });
}

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  const stopStatus = showEngineStatus(root, (status) => STATUS[status] ?? FAILED);
  const ui = parts(root);
  const saved = loadRecord();
  const first = initial(saved);
  const page = committer(root, ui, saved.unreadable === undefined ? first : withNotice(first, UNREADABLE));
  if (!first.text.trim()) root.dataset.idle = ""; // nothing saved to read: no room kept for it
  const read = reader(signal, page);
  listen(ui, signal, page, read);
  page.redraw(); // drawn, not kept: a save that could not be read stays until the first change
  deck().then((cards) => {
    if (signal.aborted) return;
    page.withCards(cards);
    if (page.now().text.trim()) read(false);
  }).catch((error) => {
    if (!signal.aborted) page.commit(withNotice(page.now(), String(error.message || error)));
  });
  return stopStatus;
}

mountPage("[data-replay-page]", setup);
