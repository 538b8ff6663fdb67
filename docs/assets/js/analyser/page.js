// The discard analyser's page module: six cards and whose crib it is -> the fifteen throws ranked
// by the engine (`analyse`: hand over the 46 starters, the crib valued exactly for this deal).
// One state (analyser/state.js: the changes are pure functions), drawn by `commit` (analyser/view.js
// for the analysis); here are the effects at the edge: the engine's replies, the URL fragment
// (#deal=5H,5S,6C,7D,JD,KC&dealer=1, so a link reproduces the deal) and the page's listeners, all
// ended by the page's signal (mount.js). Nothing from the URL is inserted as HTML: the fragment is
// checked against a strict pattern, text goes in as text.
import { afterFirstPaint, engine } from "../engine.js";
import { afterQuiet, latestReply, mountPage, showEngineStatus } from "../mount.js";
import { deck, pickedFace } from "../common/cards.js";
import { bindPicker, drawSlots, keepFocus, pressedCard } from "../picker.js";
import { bringIntoView } from "../scroll.js";
import { writeFragment } from "../link.js";
import { analysed, cleared, codesOf, countProblem, dealerChosen, dealFragment, failed, initialState, linked, picked,
  read, readDealFragment, SIX, typed } from "./state.js";
import { drawResult } from "./view.js";

/** @typedef {import("./state.js").AnalyserState} AnalyserState @typedef {import("./state.js").Token} Token */
/** @typedef {import("../engine.js").EngineState} EngineState */

/** @type {Record<EngineState, string>} */
const STATUS_TEXTS = {
  idle: "The analyser starts when you need it.",
  loading: "Loading the engine…",
  ready: "Ready.",
  failed: "The analyser could not start in this browser. Everything else on this site still works.",
  unsupported: "This browser cannot run the analyser (it needs WebAssembly). Everything else on this site still works.",
};
const SLOTS_LABEL = "Your six cards";

/** @param {HTMLElement} root */
function parts(root) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  return {
    form: $("[data-analyser-form]"), input: /** @type {HTMLInputElement} */ ($("#analyser-cards")),
    error: $("[data-analyser-error]"), slots: $("[data-analyser-chosen]"), result: $("[data-analyser-result]"),
    link: /** @type {HTMLAnchorElement} */ ($("[data-analyser-link]")), picker: $("[data-analyser-picker]"),
    clear: $("[data-analyser-clear]"),
    radios: /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('input[name="analyser-crib"]')),
  };
}
/** @typedef {ReturnType<typeof parts>} Parts */

// The page drawn from the state: the box, whose crib, the message, the slots and picker, and the
// analysis (drawn, announced and put in the address when it is new). Returns `commit(next)`.
/** @param {HTMLElement} root @param {Parts} ui @param {import("../picker.js").Picker} picker */
function committer(root, ui, picker) {
  let state = initialState([...ui.radios].some((radio) => radio.checked && radio.value === "dealer"));

  const face = (/** @type {string} */ code) => pickedFace(root, code, "face");
  /** @param {AnalyserState} next */
  function commit(next) {
    const before = state;
    state = next;
    if (ui.input.value !== next.text) ui.input.value = next.text;
    ui.radios.forEach((radio) => { radio.checked = (radio.value === "dealer") === next.dealer; });
    ui.error.textContent = next.error;
    ui.error.hidden = !next.error;
    if (next.error && next.error !== before.error) bringIntoView(ui.error); // on a phone it may be out of sight
    drawSlots(ui.slots, [{ label: SLOTS_LABEL, size: SIX, tokens: next.tokens }], face);
    picker.show(codesOf(next));
    if (next.shown !== before.shown) drawShown(root, ui, next.shown);
    return next;
  }
  return { commit, now: () => state };
}

// A new analysis on screen (announced: brought into view, and its link in the address unless it
// came from one), or none.
/** @param {HTMLElement} root @param {Parts} ui @param {AnalyserState["shown"]} shown */
function drawShown(root, ui, shown) {
  ui.link.hidden = !shown;
  if (!shown) {
    ui.result.replaceChildren();
    delete root.dataset.shown;
    return;
  }
  keepFocus(ui.result, () => drawResult(ui.result, shown.cards, shown.result));
  if (!shown.fromLink) bringIntoView(ui.result);
  root.dataset.lastMs = String(shown.ms);
  root.dataset.shown = shown.codes.join(",");
  performance.mark("cribbage:analysis");
  const fragment = dealFragment(shown.codes, shown.dealer);
  if (!shown.fromLink) writeFragment(fragment);
  ui.link.href = "#" + fragment;
}

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  afterFirstPaint(engine.start); // the worker's download and compile must not hold the first paint
  const unsubscribe = showEngineStatus(root, (state) => STATUS_TEXTS[state]); // the bar says the phase
  const ui = parts(root);
  const { commit, now } = committer(root, ui, bindPicker(ui.picker, signal));
  const page = { commit, now, ...engineSide(signal, commit, now) };

  function applyFragment() {
    const deal = readDealFragment(location.hash);
    if (!deal) return;
    if ("invalid" in deal) return void commit(failed(now(), deal.invalid));
    commit(linked(now(), deal));
    page.analyse(true);
  }

  listen(ui, signal, page);
  commit(now());
  openLink(commit, now, applyFragment, signal);
  return unsubscribe;
}

// The engine's side: the box read (slots and picker follow it, whatever it says: bad tokens are
// shown as typed), and the deal analysed. A newer read (or analysis), or leaving the page, drops
// the reply of the one before.
/** @param {AbortSignal} signal @param {Page["commit"]} commit @param {Page["now"]} now */
function engineSide(signal, commit, now) {
  const askRead = latestReply(signal);
  const askAnalysis = latestReply(signal);

  // Null when a newer read took over.
  async function readInput() {
    const text = now().text;
    if (!text.trim()) askRead.drop();
    /** @type {import("../engine.js").Reply | null} */
    const reply = text.trim() ? await askRead("read_cards", { text })
      : { ok: true, result: { tokens: [], error: null } };
    if (!reply) return null;
    if (!reply.ok) return { tokens: [], error: reply.error };
    commit(read(now(), reply.result.tokens));
    return /** @type {{tokens: Token[], error: string | null}} */ (reply.result);
  }
  const readSoon = afterQuiet(150, readInput, signal);

  /** @param {boolean} fromLink */
  async function analyse(fromLink) {
    readSoon.cancel(); // a pending read of the box would overtake this one
    const outcome = await readInput();
    if (!outcome) return;
    const codes = codesOf(now());
    const problem = outcome.error || countProblem(codes.length);
    if (problem) return void commit(failed(now(), problem));
    const { dealer } = now();
    const reply = await askAnalysis("analyse", { cards: codes.join(" "), dealer });
    if (!reply) return;
    if (!reply.ok) return void commit(failed(now(), reply.error));
    const cards = await deck();
    if (signal.aborted) return;
    commit(analysed(now(), { codes, dealer, result: reply.result, ms: reply.ms ?? 0, fromLink, cards }));
  }
  return { readInput, readSoon, analyse };
}

/**
 * @typedef {{commit: (next: AnalyserState) => AnalyserState, now: () => AnalyserState,
 *   readSoon: () => void, readInput: () => Promise<unknown>, analyse: (fromLink: boolean) => Promise<void>}} Page
 */

// The deal the address names: a bad link is said at once; a deal waits for the card faces the
// engine draws. A link followed on the page is read the same way.
/**
 * @param {Page["commit"]} commit @param {Page["now"]} now @param {() => void} applyFragment @param {AbortSignal} signal
 */
function openLink(commit, now, applyFragment, signal) {
  const deal = readDealFragment(location.hash);
  if (deal && "invalid" in deal) commit(failed(now(), deal.invalid));
  else if (deal) engine.call("deck", {}).then(() => signal.aborted || applyFragment());
  window.addEventListener("hashchange", applyFragment, { signal });
}

// The reader's actions: typing, Analyse, whose crib, Clear and a card in the picker.
/** @param {Parts} ui @param {AbortSignal} signal @param {Page} page */
function listen(ui, signal, page) {
  const { commit, now } = page;
  ui.input.addEventListener("input", () => {
    commit(typed(now(), ui.input.value));
    page.readSoon();
  }, { signal });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    page.analyse(false);
  }, { signal });
  ui.radios.forEach((radio) => radio.addEventListener("change", () => {
    commit(dealerChosen(now(), radio.value === "dealer"));
    if (codesOf(now()).length === SIX) page.analyse(false);
  }, { signal }));
  ui.clear.addEventListener("click", () => {
    commit(cleared(now()));
    writeFragment("");
  }, { signal });
  ui.picker.addEventListener("click", (event) => {
    const card = pressedCard(event);
    if (!card) return;
    const next = commit(picked(now(), card));
    if (next.error) return;
    if (codesOf(next).length === SIX) page.analyse(false);
    else page.readInput();
  }, { signal });
}

mountPage("[data-analyser-page]", setup);
