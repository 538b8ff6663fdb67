// The discard analyser's page module: six cards and whose crib it is -> the fifteen throws ranked
// by the engine (`analyse`: hand over the 46 starters, the crib valued exactly for this deal).
// The state is in analyser/state.js and the drawing in analyser/view.js; here are the effects:
// the engine's replies, the URL fragment (#deal=5H,5S,6C,7D,JD,KC&dealer=1, so a link reproduces
// the deal) and the page's listeners, all ended by the page's signal (mount.js). Nothing from the
// URL is inserted as HTML: the fragment is checked against a strict pattern, text goes in as text.
import { engine } from "./engine.js";
import { afterQuiet, latestReply, mountPage, showEngineStatus } from "./mount.js";
import { deck, pickedFace } from "./cards.js";
import { bindPicker, drawSlots, keepFocus } from "./picker.js";
import { bringIntoView } from "./scroll.js";
import { writeFragment } from "./link.js";
import { countProblem, dealFragment, readDealFragment, SIX, toggleCard } from "./analyser/state.js";
import { drawResult } from "./analyser/view.js";

const STATUS_TEXTS = {
  idle: "The analyser starts when you need it.",
  loading: "Loading the engine…",
  ready: "Ready.",
  failed: "The analyser could not start in this browser. Everything else on this site still works.",
  unsupported: "This browser cannot run the analyser (it needs WebAssembly). Everything else on this site still works.",
};
const SLOTS_LABEL = "Your six cards";

function parts(root) {
  const $ = (selector) => root.querySelector(selector);
  return {
    form: $("[data-analyser-form]"), input: $("#analyser-cards"), error: $("[data-analyser-error]"),
    slots: $("[data-analyser-chosen]"), result: $("[data-analyser-result]"), link: $("[data-analyser-link]"),
    picker: $("[data-analyser-picker]"), clear: $("[data-analyser-clear]"),
    radios: root.querySelectorAll('input[name="analyser-crib"]'),
  };
}

// The page's effects on its parts: what the reader sees for an error, an analysis or none.
function show(root, ui, picker) {
  const face = (code) => pickedFace(root, code, "face");
  return {
    error(message) {
      ui.error.textContent = message || "";
      ui.error.hidden = !message;
    },
    slots(tokens) {
      drawSlots(ui.slots, [{ label: SLOTS_LABEL, size: SIX, tokens }], face);
      picker.show(tokens.filter((t) => t.card).map((t) => t.card));
    },
    fail(message) {
      this.error(message);
      ui.result.replaceChildren();
      delete root.dataset.shown;
      ui.link.hidden = true;
    },
    async analysis(codes, dealer, reply, fromLink) {
      const cards = await deck();
      keepFocus(ui.result, () => drawResult(ui.result, cards, reply.result));
      if (!fromLink) bringIntoView(ui.result);
      root.dataset.lastMs = String(reply.ms);
      root.dataset.shown = codes.join(",");
      performance.mark("cribbage:analysis");
      const fragment = dealFragment(codes, dealer);
      if (!fromLink) writeFragment(fragment);
      ui.link.href = "#" + fragment;
      ui.link.hidden = false;
    },
  };
}

function setup(root, signal) {
  engine.start();
  const unsubscribe = showEngineStatus(root, (state) => STATUS_TEXTS[state]); // the bar says the phase
  const ui = parts(root);
  const picker = bindPicker(ui.picker);
  const view = show(root, ui, picker);
  // a newer read (or analysis), or leaving the page, drops the reply of the one before
  const askRead = latestReply(signal);
  const askAnalysis = latestReply(signal);
  const isDealer = () => root.querySelector('input[name="analyser-crib"]:checked').value === "dealer";
  let codes = []; // the valid cards the input names, in order

  // Slots and picker follow the input, whatever it says (bad tokens are shown as typed).
  async function readInput() {
    const text = ui.input.value;
    if (!text.trim()) askRead.drop();
    const reply = text.trim() ? await askRead("read_cards", { text }) : { ok: true, result: { tokens: [], error: null } };
    if (!reply) return null;
    if (!reply.ok) return { tokens: [], error: reply.error };
    codes = reply.result.tokens.filter((t) => t.card).map((t) => t.card);
    view.slots(reply.result.tokens);
    return reply.result;
  }
  const readSoon = afterQuiet(150, readInput, signal);

  const fail = (message) => view.fail(message);

  async function analyse(fromLink) {
    readSoon.cancel(); // a pending read of the box would overtake this one
    const read = await readInput();
    if (!read) return;
    const problem = read.error || countProblem(codes.length);
    if (problem) return fail(problem);
    const dealer = isDealer();
    const reply = await askAnalysis("analyse", { cards: codes.join(" "), dealer });
    if (!reply) return;
    if (!reply.ok) return fail(reply.error);
    view.error("");
    await view.analysis(codes, dealer, reply, fromLink);
  }

  function applyFragment() {
    const state = readDealFragment(location.hash);
    if (!state) return;
    if (state.invalid) return fail(state.invalid);
    root.querySelector(`input[name="analyser-crib"][value="${state.dealer ? "dealer" : "pone"}"]`).checked = true;
    ui.input.value = state.cards.join(" ");
    analyse(true);
  }

  listen(root, ui, signal, { readSoon, readInput, analyse, view, codes: () => codes });
  view.slots([]);
  openLink(fail, applyFragment, signal);
  return () => {
    picker.destroy();
    unsubscribe();
  };
}

// The deal the address names: a bad link is said at once; a deal waits for the card faces the
// engine draws. A link followed on the page is read the same way.
function openLink(fail, applyFragment, signal) {
  const linked = readDealFragment(location.hash);
  if (linked && linked.invalid) fail(linked.invalid);
  else if (linked) engine.call("deck", {}).then(() => signal.aborted || applyFragment());
  window.addEventListener("hashchange", applyFragment, { signal });
}

// The reader's actions: typing, Analyse, whose crib, Clear and a card in the picker.
function listen(root, ui, signal, page) {
  ui.input.addEventListener("input", () => page.readSoon(), { signal });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    page.analyse(false);
  }, { signal });
  ui.radios.forEach((radio) => radio.addEventListener("change", () => {
    if (page.codes().length === SIX) page.analyse(false);
  }, { signal }));
  ui.clear.addEventListener("click", () => {
    ui.input.value = "";
    page.view.error("");
    ui.result.replaceChildren();
    ui.link.hidden = true;
    page.readInput();
    writeFragment("");
  }, { signal });
  ui.picker.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const { codes, error } = toggleCard(page.codes(), button.dataset.card);
    if (error) return page.view.error(error);
    ui.input.value = codes.join(" ");
    page.view.error("");
    if (codes.length === SIX) page.analyse(false);
    else {
      ui.result.replaceChildren();
      page.readInput();
    }
  }, { signal });
}

mountPage("[data-analyser-page]", setup);
