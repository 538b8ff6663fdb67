// The replay viewer page (docs/replay.md): a game record pasted, typed or opened from a file is
// read and replayed by the engine in the worker (replay_record), then stepped through with the
// buttons or the arrow keys. The state is replay/state.js (pure), the drawing replay/view.js;
// this module holds the one current state, saves the text and the step after every change (a
// reload loses nothing), and reports a save it could not read, which storage.js keeps aside.
import { mountPage, showEngineStatus } from "../mount.js";
import { boardDrawer, skunkLines } from "../common/board-drawing.js";
import { deck } from "../common/cards.js";
import { showNotice } from "../common/notice.js";
import words from "../vocabulary.js";
import * as state from "./state.js";
import { loadReplay, replayRecord, saveReplay } from "./store.js";
import { drawAgain, drawControls, drawError, drawPosition, showFaultyLine } from "./view.js";

const STATUS = { loading: "Loading the engine…", ready: "", idle: "" };
const FAILED = "The replay viewer could not start in this browser. Everything else on this site still works.";
const READING = "Reading the record and reviewing your decisions…";
const UNREADABLE = "The record saved in this browser could not be read, so the box starts empty (the old text is kept aside).";

function setup(root, signal) {
  const $ = (selector) => root.querySelector(selector);
  const stopStatus = showEngineStatus(root, (status) => STATUS[status] ?? FAILED);
  const saved = loadReplay();
  const ctx = { root, $, signal, state: state.initial(saved), cards: null, reading: 0,
    board: boardDrawer($("[data-replay-board]"), words.rules) };
  $("[data-replay-text]").value = ctx.state.text;
  if (!ctx.state.text.trim()) root.dataset.idle = ""; // nothing saved to read: no room kept for it
  if (saved.unreadable !== undefined) notice(ctx, UNREADABLE);
  listen(ctx);
  redraw(ctx);
  deck().then((cards) => {
    ctx.cards = cards;
    if (!signal.aborted && ctx.state.text.trim()) read(ctx, false);
  }).catch((error) => notice(ctx, String(error.message || error)));
  return stopStatus;
}

const notice = ({ $ }, text) => showNotice($("[data-replay-notice]"), text);

// While the engine reads and reviews a record (a second or so), said where the game will be.
function reading({ root }, text) {
  root.querySelectorAll("[data-replay-reading]").forEach((line) => {
    line.querySelector("span").textContent = text;
    line.hidden = !text;
  });
}

function setState(ctx, next) {
  ctx.state = next;
  saveReplay(next.text, next.step);
  redraw(ctx);
}

// The board is drawn once per game shape (its tracks and its length), then only its pegs move.
function boardFor(ctx) {
  const game = ctx.state.game;
  if (!game) return null;
  return ctx.board({ names: state.boardNames(game), hole: game.board.hole,
    lines: skunkLines(game.board.skunk, game.board.double_skunk) });
}

function redraw(ctx) {
  drawError(ctx.$("[data-replay-error]"), ctx.state);
  drawControls(ctx.root, ctx.state);
  if (ctx.cards) drawPosition(ctx.root, ctx.state, ctx.cards, boardFor(ctx));
  drawAgain(ctx.root, state.againLink(ctx.state.game, words.link));
  if (ctx.state.error) ctx.root.dataset.errorLine = String(ctx.state.error.line);
  else delete ctx.root.dataset.errorLine;
  ctx.root.dataset.step = ctx.state.game ? String(ctx.state.step) : "";
}

// Read the text in the box; `fresh` starts at the first move (a new record), else the saved step.
async function read(ctx, fresh) {
  const mine = ++ctx.reading;
  if (!ctx.state.text.trim()) {
    setState(ctx, state.withNothing(ctx.state));
    return;
  }
  ctx.root.dataset.busy = "true";
  reading(ctx, READING);
  const reply = await replayRecord(ctx.state.text);
  if (ctx.signal.aborted || mine !== ctx.reading) return;
  delete ctx.root.dataset.busy;
  reading(ctx, "");
  setState(ctx, state.withReply(fresh ? state.fromStart(ctx.state) : ctx.state, reply));
  showFaultyLine(ctx.$("[data-replay-text]"), ctx.state);
}

// A step by button or key: drawn, and said once in the polite live region.
function move(ctx, where) {
  const next = state.go(ctx.state, where);
  if (next === ctx.state || next.step === ctx.state.step) return;
  setState(ctx, next);
  ctx.$("[data-replay-said]").textContent = state.announcement(state.positionModel(next));
}

const isTextField = (node) => Boolean(node && (node.isContentEditable
  || node.matches?.("textarea, select, input:not([type=button], [type=submit], [type=checkbox], [type=radio], [type=file])")));

// Left and Right (Home, End) step from anywhere on the page, unless the focus is in a text field.
function onKey(ctx, event) {
  if (!ctx.state.game || event.defaultPrevented) return;
  const where = state.keyMove(event, { typing: isTextField(event.target),
    inViewer: ctx.$("[data-replay-viewer]").contains(event.target) });
  if (!where) return;
  event.preventDefault();
  move(ctx, where);
}

function listen(ctx) {
  const { $, signal } = ctx;
  const on = (node, type, fn) => node.addEventListener(type, fn, { signal });
  on($("[data-replay-text]"), "input", (event) => setState(ctx, state.withText(ctx.state, event.target.value)));
  on($("[data-replay-form]"), "submit", (event) => {
    event.preventDefault();
    read(ctx, true);
  });
  on($("[data-replay-open]"), "click", () => $("[data-replay-file]").click());
  on($("[data-replay-file]"), "change", async (event) => {
    const [file] = event.target.files;
    if (!file) return;
    const text = await file.text();
    $("[data-replay-text]").value = text;
    setState(ctx, state.withText(ctx.state, text));
    event.target.value = ""; // the same file may be opened again
    read(ctx, true);
  });
  ctx.root.querySelectorAll("[data-replay-move]").forEach((button) => {
    on(button, "click", () => move(ctx, button.dataset.replayMove));
  });
  on(ctx.root.ownerDocument, "keydown", (event) => onKey(ctx, event));
}

mountPage("[data-replay-page]", setup);
