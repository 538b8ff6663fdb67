// The board page (docs/board.md): keep the score of a real game. The state is a match (board/
// match.js, board/state.js: pure functions); this module holds the one current match, turns taps
// into new states, saves after every tap, draws, and announces each peg. Only "Count a hand"
// needs the engine (board/count.js); everything else works at once, offline too.
import { mountPage } from "../mount.js";
import { drawBoard, skunkLines } from "../board.js";
import { keepFocus } from "../picker.js";
import words from "../vocabulary.js";
import { countDialog } from "./count.js";
import { download, forgetUnreadable, keepAwake, loadMatch, loadSetup, saveMatch, saveSetup, unreadableCopy } from "./effects.js";
import { ask, fillForm, followMode, readForm } from "./form.js";
import { fileName, parseMatch, serialise, toCSV } from "./io.js";
import { finishedGames, record, rematch, resetRecord, sameTable, startGame, statistics } from "./match.js";
import { cutCard, derive, markDeal, markShow, normaliseSetup, partFor, peg, redo, removeEntry, undo } from "./state.js";
import { drawCut, drawHistory, drawSides, statsTable } from "./view.js";
import { cutText, dealText, pegSentence, possessive, resultSentence } from "./words.js";

const rules = words.rules;
const AWAKE = {
  on: "The screen stays on while the board is open.",
  off: "The screen may dim again: come back to this tab to keep it on.",
  unsupported: "This browser cannot keep the screen on: set a longer screen timeout in your phone's settings while you play.",
  refused: "The browser did not let the board keep the screen on: set a longer screen timeout while you play.",
};

function setup(root) {
  const $ = (selector) => root.querySelector(selector);
  const form = $("[data-board-setup]");
  const prefs = { large: false, ...loadSetup() };
  let match = null;
  let screen = "setup";
  const ui = { otherOpen: null, heelsPoints: rules.HEELS_POINTS };
  let drawn = { key: "", board: null };

  function notice(text) {
    $("[data-board-notice]").textContent = text || "";
    $("[data-board-notice]").hidden = !text;
  }
  const say = (text) => { $("[data-board-announce]").textContent = text; };
  const status = (text) => { $("[data-board-status]").textContent = text || ""; };

  function drawBoardFor(setup, game) {
    const key = JSON.stringify([setup.names, game.lines]);
    if (drawn.key === key) return drawn.board;
    const lines = skunkLines(game.lines.skunk, game.lines.double);
    drawn = { key, board: drawBoard($("[data-board]"), rules, { names: setup.names, hole: game.lines.hole, lines }) };
    return drawn.board;
  }

  function renderGame() {
    const { setup: table, game } = match;
    const view = derive(table, game);
    root.dataset.phase = view.phase;
    root.dataset.scores = view.totals.join(",");
    drawBoardFor(table, game).placePegs(view.totals.map((total, side) => [total, view.backs[side]]));
    $("[data-board-deal]").textContent = dealText(table, view, words);
    $("[data-board-cut]").hidden = view.phase !== "cut";
    if (view.phase === "cut") drawCut($("[data-board-cut]"), table, game);
    $("[data-board-cut-note]").textContent = view.phase === "cut" ? cutText(table, game.cut) : "";
    if (view.phase === "cut") $("[data-board-sides]").replaceChildren(); // no pegging before the deal is known
    else keepFocus($("[data-board-sides]"), () => drawSides($("[data-board-sides]"), table, view, ui));
    $("[data-undo]").disabled = !game.entries.length;
    $("[data-redo]").disabled = !game.redo.length;
    $("[data-show]").hidden = view.phase !== "play";
    $("[data-deal]").hidden = view.phase !== "show";
    $("[data-board-end]").hidden = view.phase !== "over";
    if (view.phase === "over") $("[data-board-result]").textContent = resultSentence(table, view);
    keepFocus($("[data-board-history]"), () => drawHistory($("[data-board-history]"), table, view, words));
    renderStats();
    return view;
  }

  function renderStats() {
    const label = match.setup.skunks === "acc" ? "ACC game points" : "Games (skunk 2, double 4)";
    $("[data-board-stats]").replaceChildren(statsTable(match.setup, record(match, rules), statistics(match), label));
  }

  function render() {
    const playing = screen === "game" && match && match.game;
    form.hidden = Boolean(playing);
    $("[data-board-game]").hidden = !playing;
    $("[data-back-to-game]").hidden = !(match && match.game) || playing;
    root.classList.toggle("scoreboard--large", Boolean(prefs.large));
    $("[data-large]").setAttribute("aria-pressed", String(Boolean(prefs.large)));
    return playing ? renderGame() : null;
  }

  // Every change: the new match is saved at once, drawn, and said.
  function commit(next, { said = "", note = "" } = {}) {
    match = next;
    if (!saveMatch(match)) notice("This browser is not saving the board (storage is full or switched off): export it to keep it.");
    ui.otherOpen = null;
    render();
    status(note);
    if (said) say(said);
  }

  function pegFor(side, points, requested, note = "") {
    const result = peg(match.setup, match.game, side, points, requested, Date.now());
    if (result.refused) {
      status(result.refused);
      say(result.refused);
      return null;
    }
    const before = derive(match.setup, match.game);
    commit({ ...match, game: result.game }, { note });
    const view = derive(match.setup, match.game);
    const row = view.rows.at(-1);
    let said = pegSentence(match.setup, row.entry, row.total, words);
    if (view.phase === "over") said += ` ${resultSentence(match.setup, view)}`;
    else if (view.deal !== before.deal) said += ` The deal passes: ${possessive(match.setup.names[view.dealerSide])} crib.`;
    say(note ? `${note} ${said}` : said);
    return view;
  }

  const counter = countDialog($("[data-board-count]"), {
    size: rules.CARDS_KEPT,
    onPeg({ side, points, note, muggins }) {
      const view = pegFor(side, points, "show", note);
      if (view && muggins) pegFor(muggins.side, muggins.points, "muggins", note);
      // the panel was drawn again while the dialog was open: focus its new button (or the rematch)
      ($(`[data-count="${side}"]`) || $("[data-rematch]")).focus();
    },
  });

  function openCount(side) {
    const view = derive(match.setup, match.game);
    const part = partFor(match.setup, view, side);
    const opponents = match.setup.names.map((name, i) => ({ side: i, name })).filter(({ side: i }) => i !== side);
    counter.open({ side, name: match.setup.names[side], crib: part ? part.part === "crib" : false, opponents,
      muggins: match.setup.muggins, key: `${match.game.started}:${view.deal}` });
  }

  async function newGame() {
    const view = derive(match.setup, match.game);
    if (view.phase !== "over" && match.game.entries.length) {
      const scores = match.setup.names.map((name, i) => `${name} ${view.totals[i]}`).join(", ");
      if (!(await ask($("[data-board-confirm]"), { title: "Start a new game?", yes: "Start a new game", no: "Keep playing",
        text: `The game in progress (${scores}) will be lost; it does not count in the record.` }))) return;
    }
    const games = view.phase === "over" ? finishedGames(match) : match.games;
    commit({ ...match, game: null, games });
    screen = "setup";
    fillForm(form, match.setup);
    render();
    form.querySelector("input")?.focus();
  }

  async function startFromForm() {
    const chosen = normaliseSetup(readForm(form), rules);
    if (match && match.games.length && !sameTable(match.setup, chosen)) {
      const n = match.games.length;
      if (!(await ask($("[data-board-confirm]"), { title: "New players, new record?", yes: "Start a new record",
        no: "Go back", text: `The record of ${n} game${n === 1 ? "" : "s"} between ${match.setup.names.join(", ")} will be replaced. Export it first to keep it.` }))) return;
    }
    saveSetup({ ...chosen, large: prefs.large });
    screen = "game";
    commit(startGame(match, chosen, rules, Date.now()), { said: "The game starts." });
    $("[data-board-deal]").focus();
  }

  async function resetStats() {
    if (!(await ask($("[data-board-confirm]"), { title: "Reset the statistics?", yes: "Reset the statistics", no: "Keep them",
      text: "Every finished game of this match is forgotten: the record, the skunks and the averages. The game in progress stays." }))) return;
    commit(resetRecord(match), { said: "The statistics are reset." });
  }

  async function importFile(file) {
    const result = parseMatch(await file.text(), rules);
    if (result.error) {
      status(`That file could not be imported: ${result.error}. Nothing was changed.`);
      return;
    }
    if (!(await ask($("[data-board-confirm]"), { title: "Import this match?", yes: "Import it", no: "Keep mine",
      text: "It replaces the board's match here: the game in progress and the record." }))) return;
    screen = result.match.game ? "game" : "setup";
    commit(result.match, { note: "The match was imported.", said: "The match was imported." });
  }

  const actions = {
    peg: (node) => pegFor(Number(node.dataset.side), Number(node.dataset.peg)),
    heels: (node) => pegFor(Number(node.dataset.heels), rules.HEELS_POINTS, "heels"),
    other: (node) => {
      const side = Number(node.dataset.other);
      ui.otherOpen = ui.otherOpen === side ? null : side;
      render();
      if (ui.otherOpen === side) $(`[data-focus-key="other-${side}-11"]`)?.focus();
    },
    typedPeg: (node) => {
      const side = Number(node.dataset.typedPeg);
      const text = $(`[data-typed="${side}"]`).value.trim();
      pegFor(side, text === "" ? NaN : Number(text));
    },
    count: (node) => openCount(Number(node.dataset.count)),
    cut: (node) => commit({ ...match, game: cutCard(match.game, Number(node.dataset.cut), Number(node.dataset.rank)) }),
    undo: () => commit({ ...match, game: undo(match.game) }, { said: "Undone." }),
    redo: () => commit({ ...match, game: redo(match.game) }, { said: "Redone." }),
    entryUndo: (node) => commit({ ...match, game: removeEntry(match.game, Number(node.dataset.entryUndo)) }, { said: "Taken back." }),
    show: () => commit({ ...match, game: markShow(match.setup, match.game, Date.now()) }, { said: "The show: the pone counts first." }),
    deal: () => commit({ ...match, game: markDeal(match.setup, match.game, Date.now()) }, { said: "The deal passes." }),
    rematch: () => commit(rematch(match, rules, Date.now()), { said: "A new game: the rematch." }),
    newGame,
    large: () => {
      prefs.large = !prefs.large;
      saveSetup({ ...loadSetup(), large: prefs.large });
      render();
    },
    backToGame: () => { screen = "game"; render(); },
    exportJson: () => download(fileName(Date.now(), "json"), "application/json", serialise(match)),
    exportCsv: () => download(fileName(Date.now(), "csv"), "text/csv", toCSV(match, words)),
    resetStats,
    keptCopy: () => download("cribbage-board-unreadable.json", "application/json", unreadableCopy() || ""),
    forgetCopy: () => { forgetUnreadable(); $("[data-board-unreadable]").hidden = true; },
  };

  function onClick(event) {
    const node = event.target.closest("button");
    if (!node || !root.contains(node) || node.closest("dialog")) return;
    const name = Object.keys(actions).find((key) => key in node.dataset);
    if (name) actions[name](node);
  }

  function load() {
    fillForm(form, normaliseSetup(prefs, rules));
    const loaded = loadMatch(rules);
    if (loaded.error) {
      $("[data-board-unreadable-text]").textContent = `The saved board could not be read: ${loaded.error}. It is kept as it was: download a copy below. Starting a game saves a new board; the copy stays until you delete it.`;
    }
    $("[data-board-unreadable]").hidden = !unreadableCopy();
    if (loaded.match) {
      match = loaded.match;
      screen = match.game ? "game" : "setup";
      if (!match.game) fillForm(form, match.setup);
    }
    render();
  }

  root.addEventListener("click", onClick);
  form.addEventListener("submit", (event) => { event.preventDefault(); startFromForm(); });
  form.addEventListener("change", () => followMode(form));
  form.addEventListener("input", (event) => event.target.matches("[data-name]") && followMode(form));
  const importer = $("[data-import]");
  importer.addEventListener("change", () => { if (importer.files[0]) importFile(importer.files[0]); importer.value = ""; });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches("[data-typed]")) actions.typedPeg({ dataset: { typedPeg: event.target.dataset.typed } });
  });
  const wake = keepAwake((state, detail) => {
    $("[data-board-awake]").textContent = AWAKE[state] + (detail && state === "refused" ? ` (${detail})` : "");
    root.dataset.wakeLock = state;
  });
  load();
  root.dataset.ready = ""; // the board answers taps from here (tests and the benchmark wait for it)
  performance.mark("cribbage:board-ready");

  return () => {
    wake.release();
    counter.destroy();
    root.removeEventListener("click", onClick);
  };
}

mountPage("[data-board-page]", setup);

