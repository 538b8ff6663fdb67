// The scorer page's module: a show scorer (four cards and a starter, hand or crib) and a play
// scorer (two players, pone and dealer, or three or four round the table, cards laid in turn
// across counts), both in the variant the switch names. All counting is done by the engine
// worker. Each half (show.js, play.js) keeps one state changed by pure functions (show-state.js,
// play-state.js; the link and the sentences in state.js) and drawn by its own commit (view.js);
// here the page is wired to its link and its signal (mount.js), which ends every listener and
// drops late replies.
// Nothing from the URL or the engine is ever inserted as HTML: text goes in via textContent.
import { afterFirstPaint, engine } from "../engine.js";
import { mountPage, showEngineStatus } from "../mount.js";
import words from "../vocabulary.js";
import { writeFragment } from "../link.js";
import { scorerState, STANDARD, variantFragment, variantNamed } from "./state.js";
import { showScorer } from "./show.js";
import { playScorer } from "./play.js";

// --- page wiring --------------------------------------------------------------------------

/** @typedef {import("./state.js").Variant} Variant */

/** @type {Record<import("../engine.js").EngineState, string>} */
const STATUS_TEXTS = {
  idle: "The scorer starts when you need it.",
  loading: "Loading the engine…",
  ready: "Ready.",
  failed: "The scorer could not start in this browser. Everything else on this site still works.",
  unsupported: "This browser cannot run the scorer (it needs WebAssembly). Everything else on this site still works.",
};

// The variant switch: which game is chosen, and choosing one (a name the vocabulary holds).
/** @param {HTMLElement} root */
function variantSwitch(root) {
  const box = /** @type {HTMLElement} */ (root.querySelector("[data-scorer-variant]"));
  return {
    box,
    /** @returns {Variant} */
    chosen: () => variantNamed(words.variants,
      /** @type {HTMLInputElement} */ (box.querySelector("input:checked")).value),
    choose(/** @type {string} */ name) {
      box.querySelectorAll("input").forEach((radio) => { radio.checked = radio.value === name; });
    },
  };
}

/** @param {HTMLElement} root @param {AbortSignal} signal */
function setup(root, signal) {
  afterFirstPaint(engine.start); // the worker's download and compile must not hold the first paint
  const unsubscribe = showEngineStatus(root, (state) => STATUS_TEXTS[state]); // the bar says the phase
  const switcher = variantSwitch(root);
  const half = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  const show = showScorer(half("[data-show-scorer]"), signal, switcher.chosen());
  const play = playScorer(half("[data-play-scorer]"), signal, switcher.chosen());
  const readLink = () => scorerState(location.hash, words.link, words.variants);

  // Both halves in the chosen variant; the half the address holds counts again and keeps it.
  function useVariant(/** @type {string | null} */ owner) {
    const variant = switcher.chosen();
    show.setVariant(variant, owner === "show");
    play.setVariant(variant, owner === "play");
  }

  function applyFragment() {
    const state = readLink();
    if (state.kind !== "show") delete half("[data-show-result]").dataset.pending; // set by the page for a hand link
    if (state.kind === "invalid") show.showError(state.message);
    // no link is the standard game, whatever the browser restored into the switch on a reload
    const wanted = state.kind === "none" ? STANDARD : state.kind === "invalid" ? undefined : state.variant;
    if (wanted && wanted !== switcher.chosen().name) {
      switcher.choose(wanted);
      useVariant(null); // the link's own cards follow, counted in it
    }
    if (state.kind === "show") show.load(state);
    if (state.kind === "play") play.load(state); // landing.js brings its result into view
  }
  applyFragment();
  window.addEventListener("hashchange", applyFragment, { signal });
  switcher.box.addEventListener("change", () => {
    const { kind } = readLink();
    useVariant(kind);
    if (kind !== "show" && kind !== "play") writeFragment(variantFragment(words.link, switcher.chosen().name));
  }, { signal });
  return unsubscribe;

}

mountPage("[data-scorer-page]", setup);
