// The board page (docs/board.md): keep the score of a real game. The state (page-state.js: the
// match, the screen, what is open) changes by pure functions (page-state.js, match.js,
// state.js); this module holds the one current state, and its one `commit` saves the match after
// every tap, draws (view.js) and announces each peg; what each tap does is in actions.js. Only
// "Count a hand" needs the engine (count.js); everything else works at once, offline too. Every
// listener ends with the page's signal (mount.js).
import { mountPage } from "../mount.js";
import { boardDrawer, skunkLines } from "../common/board-drawing.js";
import { showNotice } from "../common/notice.js";
import words from "../vocabulary.js";
import { importFile, onClick, pegTyped, startFromForm, toTheGame } from "./actions.js";
import { keepAwake, loadMatch, loadSetup, saveMatch, unreadableCopy } from "./effects.js";
import { fillForm, followMode } from "./form.js";
import { initialState, loaded, playing, withMatch } from "./page-state.js";
import { normaliseSetup } from "./state.js";
import { boardParts, drawPage } from "./view.js";

/**
 * @typedef {import("./page-state.js").BoardState} BoardState @typedef {import("./match.js").Match} Match
 * @typedef {import("./state.js").Game} Game @typedef {import("./view.js").Parts} Parts
 * @typedef {import("./actions.js").Link} Link @typedef {import("./actions.js").Page} Page
 * @typedef {import("./actions.js").Announce} Announce
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

/** @param {Page} page */
function linkWhenOpened(page) {
  const panel = page.ui.link;
  panel.addEventListener("toggle", async () => {
    if (!panel.open || page.link !== UNLINKED) return;
    const { linkPanel } = await import("./link.js"); // loaded when the panel is first opened
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
