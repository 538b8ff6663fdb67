// The scorer page's module: a show scorer (four cards and a starter, hand or crib) and a play
// scorer for two players (pone and dealer, cards laid in turn across counts). All counting is
// done by the engine worker. scorer/state.js holds the state as pure functions, scorer/view.js
// draws, scorer/show.js and scorer/play.js are the two halves' effects; here the page is wired
// to its link and its signal (mount.js), which ends every listener and drops late replies.
// Nothing from the URL or the engine is ever inserted as HTML: text goes in via textContent.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import words from "./vocabulary.js";
import { scorerState } from "./scorer/state.js";
import { showScorer } from "./scorer/show.js";
import { playScorer } from "./scorer/play.js";

// --- page wiring --------------------------------------------------------------------------

const STATUS_TEXTS = {
  idle: "The scorer starts when you need it.",
  loading: "Loading the engine…",
  ready: "Ready.",
  failed: "The scorer could not start in this browser. Everything else on this site still works.",
  unsupported: "This browser cannot run the scorer (it needs WebAssembly). Everything else on this site still works.",
};

function setup(root, signal) {
  engine.start();
  const unsubscribe = showEngineStatus(root, (state) => STATUS_TEXTS[state]); // the bar says the phase
  const show = showScorer(root.querySelector("[data-show-scorer]"), signal);
  const play = playScorer(root.querySelector("[data-play-scorer]"), signal);

  function applyFragment() {
    const state = scorerState(location.hash, words.link);
    if (state.kind !== "show") delete root.querySelector("[data-show-result]").dataset.pending; // set by the page for a hand link
    if (state.kind === "invalid") show.showError(state.message);
    if (state.kind === "show") show.load(state);
    if (state.kind === "play") play.load(state); // landing.js brings its result into view
  }
  applyFragment();
  window.addEventListener("hashchange", applyFragment, { signal });
  return () => {
    show.destroy();
    play.destroy();
    unsubscribe();
  };
}

mountPage("[data-scorer-page]", setup);
