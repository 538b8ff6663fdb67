// The board page (docs/board.md): keep the score of a real game. The state is a match (board/
// match.js, board/state.js: pure functions); this module holds the one current match (in `ctx`),
// turns taps into new states, saves after every tap, draws, and announces each peg. Only "Count a
// hand" needs the engine (board/count.js); everything else works at once, offline too.
import { mountPage } from "../mount.js";
import { scrollUnderHeader } from "../scroll.js";
import { drawBoard, skunkLines } from "../common/board-drawing.js";
import { keepFocus } from "../picker.js";
import { undoLabel } from "./linked.js";
import words from "../vocabulary.js";
import { countDialog } from "./count.js";
import { download, forgetUnreadable, keepAwake, loadMatch, loadSetup, saveMatch, saveSetup, unreadableCopy } from "./effects.js";
import { ask, fillForm, followMode, readForm } from "./form.js";
import { fileName, parseMatch, serialise, toCSV } from "./io.js";
import { finishedGames, record, rematch, resetRecord, sameTable, startGame, statistics } from "./match.js";
import { cutCard, derive, markDeal, markShow, normaliseSetup, partFor, peg, redo, removeEntry, undo } from "./state.js";
import { drawCut, drawHistory, drawSides, statsTable } from "./view.js";
import { cutText, dealText, earlyText, pegSentence, possessive, resultSentence } from "./words.js";

const rules = words.rules;
const AWAKE = {
  on: "The screen stays on while the board is open.",
  off: "The screen may dim again: come back to this tab to keep it on.",
  unsupported: "This browser cannot keep the screen on: set a longer screen timeout in your phone's settings while you play.",
  refused: "The browser did not let the board keep the screen on: set a longer screen timeout while you play.",
};

const $ = (ctx, selector) => ctx.root.querySelector(selector);
const say = (ctx, text) => { $(ctx, "[data-board-announce]").textContent = text; };
// The status line is seen; the hidden live region is heard (so nothing is said twice).
const status = (ctx, text) => { $(ctx, "[data-board-status]").textContent = text || ""; };
const confirmed = (ctx, question) => ask($(ctx, "[data-board-confirm]"), question);

function notice(ctx, text) {
  $(ctx, "[data-board-notice]").textContent = text || "";
  $(ctx, "[data-board-notice]").hidden = !text;
}

// The drawing is made again only when the tracks or the game's length change.
function boardFor(ctx, setup, game) {
  const key = JSON.stringify([setup.names, game.lines]);
  if (ctx.drawn.key !== key) {
    const lines = skunkLines(game.lines.skunk, game.lines.double);
    ctx.drawn = { key, board: drawBoard($(ctx, "[data-board]"), rules, { names: setup.names, hole: game.lines.hole, lines }) };
  }
  return ctx.drawn.board;
}

function renderGame(ctx) {
  const { setup, game } = ctx.match;
  const view = derive(setup, game);
  Object.assign(ctx.root.dataset, { phase: view.phase, scores: view.totals.join(",") });
  boardFor(ctx, setup, game).placePegs(view.totals.map((total, side) => [total, view.backs[side]]));
  $(ctx, "[data-board-deal]").textContent = dealText(setup, view, words);
  $(ctx, "[data-board-cut]").hidden = view.phase !== "cut";
  $(ctx, "[data-board-cut-note]").textContent = view.phase === "cut" ? cutText(setup, game.cut) : "";
  const sides = $(ctx, "[data-board-sides]");
  if (view.phase === "cut") {
    drawCut($(ctx, "[data-board-cut]"), setup, game);
    sides.replaceChildren(); // no pegging before the deal is known
  } else keepFocus(sides, () => drawSides(sides, setup, view, ctx.ui));
  $(ctx, "[data-undo]").disabled = !game.entries.length;
  $(ctx, "[data-undo]").textContent = undoLabel(game);
  $(ctx, "[data-redo]").disabled = !game.redo.length;
  $(ctx, "[data-show]").hidden = view.phase !== "play";
  $(ctx, "[data-deal]").hidden = view.phase !== "show";
  $(ctx, "[data-board-end]").hidden = view.phase !== "over";
  if (view.phase === "over") $(ctx, "[data-board-result]").textContent = resultSentence(setup, view);
  const history = $(ctx, "[data-board-history]");
  keepFocus(history, () => drawHistory(history, setup, view, words));
  const label = setup.skunks === "acc" ? "ACC game points"
    : `Games (a skunk ${rules.SKUNK_GAMES}, a double ${rules.DOUBLE_SKUNK_GAMES})`;
  $(ctx, "[data-board-stats]").replaceChildren(statsTable(setup, record(ctx.match, rules), statistics(ctx.match), label));
}

function render(ctx) {
  const playing = Boolean(ctx.screen === "game" && ctx.match && ctx.match.game);
  $(ctx, "[data-board-setup]").hidden = playing;
  $(ctx, "[data-board-game]").hidden = !playing;
  $(ctx, "[data-back-to-game]").hidden = !(ctx.match && ctx.match.game) || playing;
  ctx.root.classList.toggle("scoreboard--large", Boolean(ctx.prefs.large));
  $(ctx, "[data-large]").setAttribute("aria-pressed", String(Boolean(ctx.prefs.large)));
  if (playing) renderGame(ctx);
}

// Every change: the new match is saved at once, drawn, and said.
function commit(ctx, next, { said = "", note = "" } = {}) {
  ctx.match = next;
  if (!saveMatch(next)) notice(ctx, "This browser is not saving the board (storage is full or switched off): export it to keep it.");
  ctx.ui.otherOpen = null;
  render(ctx);
  status(ctx, note);
  if (said) say(ctx, said);
  ctx.link.changed(); // a host sends every linked phone the new board
}

// The taps every linked phone shares: sent to the host, which orders and applies them.
const tapped = (ctx, op, side = 0, points = 0, source = "") => ctx.link.tap({ op, side, points, source });
// What only the host's phone does while guests are linked (a guest's board is the host's).
const HOST_ONLY = new Set(["entryUndo", "rematch", "newGame", "resetStats"]);

const withGame = (ctx, game, said) => commit(ctx, { ...ctx.match, game }, { said });

// Peg for a side: refused with the reason, or saved and announced ("Ann pegs 2 ..., now 47.").
function pegFor(ctx, side, points, requested, note = "") {
  if (ctx.link.active()) return tapped(ctx, "peg", side, points, requested || "");
  const { setup, game } = ctx.match;
  const result = peg(setup, game, side, points, requested, Date.now());
  if (result.refused) {
    status(ctx, result.refused);
    say(ctx, result.refused);
    return null;
  }
  const before = derive(setup, game);
  if (result.early) note = [note, earlyText(setup, result.early)].filter(Boolean).join(" ");
  commit(ctx, { ...ctx.match, game: result.game }, { note });
  const view = derive(setup, result.game);
  const row = view.rows.at(-1);
  let said = pegSentence(setup, row.entry, row.total, words);
  if (view.phase === "over") said += ` ${resultSentence(setup, view)}`;
  else if (view.deal !== before.deal) said += ` The deal passes: ${possessive(setup.names[view.dealerSide])} crib.`;
  say(ctx, note ? `${note} ${said}` : said);
  return view;
}

function counted(ctx, { side, points, note, muggins, crib }) {
  const view = pegFor(ctx, side, points, crib ? "crib" : "show", note);
  // linked, both taps go to the host, which orders them
  if ((view || ctx.link.active()) && muggins) pegFor(ctx, muggins.side, muggins.points, "muggins", note);
  // the panel was drawn again while the dialog was open: focus its new button (or the rematch)
  ($(ctx, `[data-count="${side}"]`) || $(ctx, "[data-rematch]")).focus();
}

function openCount(ctx, side) {
  const { setup, game } = ctx.match;
  const view = derive(setup, game);
  const part = partFor(setup, view, side);
  const opponents = setup.names.map((name, i) => ({ side: i, name })).filter((other) => other.side !== side);
  // made on first use: a first visit that only pegs never binds the 52 cards or watches the engine
  ctx.counter ||= countDialog($(ctx, "[data-board-count]"), { size: rules.CARDS_KEPT, onPeg: (pegged) => counted(ctx, pegged) });
  ctx.counter.open({ side, name: setup.names[side], crib: part ? part.part === "crib" : false, opponents,
    muggins: setup.muggins, key: `${game.started}:${view.deal}` });
}

async function newGame(ctx) {
  const { setup, game } = ctx.match;
  const view = derive(setup, game);
  if (view.phase !== "over" && game.entries.length) {
    const scores = setup.names.map((name, i) => `${name} ${view.totals[i]}`).join(", ");
    if (!(await confirmed(ctx, { title: "Start a new game?", yes: "Start a new game", no: "Keep playing",
      text: `The game in progress (${scores}) will be lost; it does not count in the record.` }))) return;
  }
  ctx.screen = "setup";
  commit(ctx, { ...ctx.match, game: null, games: view.phase === "over" ? finishedGames(ctx.match) : ctx.match.games });
  fillForm($(ctx, "[data-board-setup]"), setup);
  followMode($(ctx, "[data-board-setup]"));
  $(ctx, "[data-board-setup] input").focus();
}

// Once a game is on, its peg buttons are the first screen: the page opens (and a game starts)
// scrolled to the game when they would be below the fold; a linked section is left alone.
function toTheGame(ctx) {
  const box = $(ctx, ".scoreboard__pegging").getBoundingClientRect();
  if (location.hash || (box.top >= 0 && box.bottom <= window.innerHeight)) return; // above the fold and not scrolled past
  scrollUnderHeader($(ctx, "[data-board-game]"), "auto");
}

async function startFromForm(ctx) {
  const chosen = normaliseSetup(readForm($(ctx, "[data-board-setup]")), rules);
  const { match } = ctx;
  if (match && match.games.length && !sameTable(match.setup, chosen)) {
    const n = match.games.length;
    if (!(await confirmed(ctx, { title: "New players, new record?", yes: "Start a new record", no: "Go back",
      text: `The record of ${n} game${n === 1 ? "" : "s"} between ${match.setup.names.join(", ")} will be replaced. Export it first to keep it.` }))) return;
  }
  saveSetup({ ...chosen, large: ctx.prefs.large });
  ctx.screen = "game";
  commit(ctx, startGame(match, chosen, rules, Date.now()), { said: "The game starts." });
  toTheGame(ctx);
  $(ctx, "[data-board-deal]").focus({ preventScroll: true });
}

async function resetStats(ctx) {
  if (!(await confirmed(ctx, { title: "Reset the statistics?", yes: "Reset the statistics", no: "Keep them",
    text: "Every finished game of this match is forgotten: the record, the skunks and the averages. The game in progress stays." }))) return;
  commit(ctx, resetRecord(ctx.match), { said: "The statistics are reset." });
}

async function importFile(ctx, file) {
  const result = parseMatch(await file.text(), rules);
  if (result.error) {
    notice(ctx, `That file could not be imported: ${result.error}. Nothing was changed.`);
    return;
  }
  if (!(await confirmed(ctx, { title: "Import this match?", yes: "Import it", no: "Keep mine",
    text: "It replaces the board's match here: the game in progress and the record." }))) return;
  ctx.screen = result.match.game ? "game" : "setup";
  notice(ctx, "");
  commit(ctx, result.match, { note: "The match was imported.", said: "The match was imported." });
}

function toggleOther(ctx, side) {
  ctx.ui.otherOpen = ctx.ui.otherOpen === side ? null : side;
  render(ctx);
  if (ctx.ui.otherOpen === side) $(ctx, `[data-focus-key="other-${side}-11"]`).focus();
}

function pegTyped(ctx, side) {
  const text = $(ctx, `[data-typed="${side}"]`).value.trim();
  pegFor(ctx, side, text === "" ? NaN : Number(text));
}

function toggleLarge(ctx) {
  ctx.prefs.large = !ctx.prefs.large;
  saveSetup({ ...loadSetup(), large: ctx.prefs.large });
  render(ctx);
}

// What each button does, by the data attribute it carries.
const ACTIONS = {
  peg: (ctx, node) => pegFor(ctx, Number(node.dataset.side), Number(node.dataset.peg)),
  heels: (ctx, node) => pegFor(ctx, Number(node.dataset.heels), rules.HEELS_POINTS, "heels"),
  other: (ctx, node) => toggleOther(ctx, Number(node.dataset.other)),
  typedPeg: (ctx, node) => pegTyped(ctx, Number(node.dataset.typedPeg)),
  count: (ctx, node) => openCount(ctx, Number(node.dataset.count)),
  cut: (ctx, node) => (ctx.link.active() ? tapped(ctx, "cut", Number(node.dataset.cut), Number(node.dataset.rank))
    : withGame(ctx, cutCard(ctx.match.game, Number(node.dataset.cut), Number(node.dataset.rank)))),
  undo: (ctx) => (ctx.link.active() ? tapped(ctx, "undo") : withGame(ctx, undo(ctx.match.game), "Undone.")),
  redo: (ctx) => (ctx.link.active() ? tapped(ctx, "redo") : withGame(ctx, redo(ctx.match.game), "Redone.")),
  entryUndo: (ctx, node) => withGame(ctx, removeEntry(ctx.match.game, Number(node.dataset.entryUndo)), "Taken back."),
  show: (ctx) => ctx.link.active() ? tapped(ctx, "show") : withGame(ctx, markShow(ctx.match.setup, ctx.match.game, Date.now()), "The show: the first hand from the dealer's left."),
  deal: (ctx) => ctx.link.active() ? tapped(ctx, "deal") : withGame(ctx, markDeal(ctx.match.setup, ctx.match.game, Date.now()), "The deal passes."),
  rematch: (ctx) => commit(ctx, rematch(ctx.match, rules, Date.now()), { said: "A new game: the rematch." }),
  newGame,
  large: toggleLarge,
  backToGame: (ctx) => { ctx.screen = "game"; render(ctx); },
  exportJson: (ctx) => download(fileName(Date.now(), "json"), "application/json", serialise(ctx.match)),
  exportCsv: (ctx) => download(fileName(Date.now(), "csv"), "text/csv", toCSV(ctx.match, words)),
  resetStats,
  keptCopy: () => download("cribbage-board-unreadable.json", "application/json", unreadableCopy() || ""),
  forgetCopy: (ctx) => { forgetUnreadable(); $(ctx, "[data-board-unreadable]").hidden = true; },
};

function onClick(ctx, event) {
  const node = event.target.closest("button");
  if (!node || !ctx.root.contains(node) || node.closest("dialog")) return;
  const name = Object.keys(ACTIONS).find((key) => key in node.dataset);
  if (name && HOST_ONLY.has(name) && ctx.link.guest()) status(ctx, "While this phone is linked, the host's phone does that.");
  else if (name) ACTIONS[name](ctx, node);
}

// The saved match (or the report that it could not be read, with its copy kept) and the set-up.
function load(ctx) {
  const form = $(ctx, "[data-board-setup]");
  const loaded = loadMatch(rules);
  fillForm(form, loaded.match && !loaded.match.game ? loaded.match.setup : normaliseSetup(ctx.prefs, rules));
  if (loaded.error) {
    $(ctx, "[data-board-unreadable-text]").textContent = `The saved board could not be read: ${loaded.error}. It is kept as it was: download a copy below. Starting a game saves a new board; the copy stays until you delete it.`;
  }
  $(ctx, "[data-board-unreadable]").hidden = !unreadableCopy();
  if (loaded.match) {
    ctx.match = loaded.match;
    ctx.screen = ctx.match.game ? "game" : "setup";
  }
  render(ctx);
  if (ctx.screen === "game" && window.scrollY === 0) toTheGame(ctx); // not over a scroll the browser restored
}

function listen(ctx) {
  const form = $(ctx, "[data-board-setup]");
  const click = (event) => onClick(ctx, event);
  ctx.root.addEventListener("click", click);
  form.addEventListener("submit", (event) => { event.preventDefault(); startFromForm(ctx); });
  form.addEventListener("change", () => followMode(form));
  form.addEventListener("input", (event) => event.target.matches("[data-name], [data-player]") && followMode(form));
  for (const importer of ctx.root.querySelectorAll("[data-import]")) { // on the set-up and in the record
    importer.addEventListener("change", () => {
      if (importer.files[0]) importFile(ctx, importer.files[0]);
      importer.value = "";
    });
  }
  ctx.root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("[data-typed]")) pegTyped(ctx, Number(event.target.dataset.typed));
  });
  return () => ctx.root.removeEventListener("click", click);
}

// Until the link panel is first opened the board is on its own (and never loads the QR code
// reader or WebRTC): a link that is never active.
const UNLINKED = { active: () => false, guest: () => false, tap() {}, changed() {}, close() {} };

function linkWhenOpened(ctx) {
  const panel = $(ctx, "[data-link]");
  panel.addEventListener("toggle", async () => {
    if (!panel.open || ctx.link !== UNLINKED) return;
    const { linkPanel } = await import("./link.js");
    if (ctx.link !== UNLINKED) return;
    ctx.link = linkPanel(panel, {
      rules, match: () => ctx.match,
      apply: (match, said) => { ctx.screen = "game"; commit(ctx, match, { said }); },
      refused: (text) => { status(ctx, text); say(ctx, text); },
    });
    panel.dataset.ready = ""; // its buttons answer from here
  });
}

function setup(root) {
  const ctx = { root, match: null, screen: "setup", prefs: { large: false, ...loadSetup() },
    ui: { otherOpen: null, heelsPoints: rules.HEELS_POINTS }, drawn: { key: "", board: null }, counter: null, link: UNLINKED };
  const stopListening = listen(ctx);
  linkWhenOpened(ctx);
  const wake = keepAwake((state, detail) => {
    $(ctx, "[data-board-awake]").textContent = AWAKE[state] + (detail && state === "refused" ? ` (${detail})` : "");
    root.dataset.wakeLock = state;
  });
  load(ctx);
  root.dataset.ready = ""; // the board answers taps from here (tests and the benchmark wait for it)
  performance.mark("cribbage:board-ready");
  return () => {
    wake.release();
    ctx.link.close();
    if (ctx.counter) ctx.counter.destroy();
    stopListening();
  };
}

mountPage("[data-board-page]", setup);
