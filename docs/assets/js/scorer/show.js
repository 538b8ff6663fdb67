// The show scorer's effects: the two boxes read by the engine as they are typed, the count (in the
// chosen variant: a five-card hand is three cards) and the table of starters, the slots, the picker and the fragment kept in step, every listener and
// reply ended by the page's signal. State: state.js; drawing: view.js.
import { engine } from "../engine.js";
import { afterQuiet, latestReply, latestRun } from "../mount.js";
import { cardFromPicker, deck, pickedFace } from "../cards.js";
import { bindPicker, drawSlots, keepFocus } from "../picker.js";
import { bringIntoView } from "../scroll.js";
import { landOnResult } from "../landing.js";
import { writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { countProblem, fifthToStarter, HAND, handBoxLabel, pickCard, showFragment, showSize, STANDARD, tokensOf, variantFragment }
  from "./state.js";
import { breakdown, startersTable } from "./view.js";

const readBox = async (text) => {
  if (!text.trim()) return { tokens: [], error: null };
  const reply = await engine.call("read_cards", { text });
  return reply.ok ? reply.result : { tokens: [], error: reply.error };
};

// The two boxes read by the engine; a card in both is named by reading the two as one.
async function readBoxes(handText, starterText) {
  const [handRead, starterRead] = await Promise.all([readBox(handText), readBox(starterText)]);
  const both = !handRead.error && !starterRead.error && handText.trim() && starterText.trim()
    ? await engine.call("read_cards", { text: `${handText} ${starterText}` }) : null;
  return { handRead, starterRead, both };
}

const cardsOf = (read) => read.tokens.filter((t) => t.card).map((t) => t.card);

function showParts(root) {
  const $ = (selector) => root.querySelector(selector);
  return { form: $("[data-show-form]"), handInput: $("#scorer-cards"), starterInput: $("#scorer-starter"),
    error: $("[data-show-error]"), note: $("[data-show-note]"), chosen: $("[data-show-chosen]"),
    result: $("[data-show-result]"), starterTable: $("[data-show-starters]"), link: $("[data-show-link]"),
    pickerNode: $("[data-show-picker]"), clear: $("[data-show-clear]"), handLabel: $('label[for="scorer-cards"]'),
    kinds: root.querySelectorAll('input[name="scorer-kind"]') };
}

// The show scorer's controls: hand or crib, where picked cards go, the slots and the messages.
// `game.variant` is the variant chosen, which sets how many cards the hand or crib holds.
function showControls(root, ui, picker, game) {
  const checked = (name) => root.querySelector(`input[name="${name}"]:checked`).value;
  const check = (name, value) => { root.querySelector(`input[name="${name}"][value="${value}"]`).checked = true; };
  const controls = {
    isCrib: () => checked("scorer-kind") === "crib",
    size: () => showSize(game.variant, controls.isCrib()),
    setCrib: (crib) => check("scorer-kind", crib ? "crib" : "hand"),
    target: () => checked("scorer-target"),
    setTarget: (value) => check("scorer-target", value),
    slots(handTokens, starterTokens) {
      ui.handLabel.textContent = handBoxLabel(controls.size());
      drawSlots(ui.chosen, [{ label: controls.isCrib() ? "Crib" : "Hand", size: controls.size(), tokens: handTokens },
        { label: "Starter", size: 1, tokens: starterTokens }], (code) => pickedFace(root, code, "face"));
    },
    clearResult() {
      ui.result.replaceChildren();
      ui.starterTable.replaceChildren();
      ui.link.hidden = true;
    },
    showError(message) {
      ui.error.textContent = message || "";
      ui.error.hidden = !message;
      if (!message) return;
      controls.clearResult();
      bringIntoView(ui.error); // on a phone the message may sit below the fold
    },
    moveFifthToStarter() {
      const moved = fifthToStarter(ui.handInput.value, controls.size());
      if (!moved) return;
      ui.handInput.value = moved.hand;
      ui.starterInput.value = moved.starter;
      ui.note.textContent = moved.note;
    },
    picker,
  };
  return controls;
}

export function showScorer(root, signal, initialVariant) {
  const ui = showParts(root);
  const picker = bindPicker(ui.pickerNode);
  const game = { variant: initialVariant };
  const controls = showControls(root, ui, picker, game);
  const cards = { hand: [], starter: null }; // the valid cards the boxes name
  const readLatest = latestRun(signal); // a newer read, or leaving the page, drops a read's replies

  // Slots and picker from the two boxes, whatever they say: bad tokens are shown as typed.
  async function readInputs() {
    const read = await readLatest(() => readBoxes(ui.handInput.value, ui.starterInput.value));
    if (!read) return null;
    const { handRead, starterRead, both } = read;
    const starters = cardsOf(starterRead);
    Object.assign(cards, { hand: cardsOf(handRead), starter: starters[0] || null });
    controls.slots(handRead.tokens, starterRead.tokens);
    picker.show([...cards.hand, ...starters]);
    const clash = both && both.ok ? both.result.error : null;
    return { error: handRead.error || starterRead.error || clash, handCount: handRead.tokens.length,
      starterCount: starterRead.tokens.length };
  }
  const readSoon = afterQuiet(150, readInputs, signal);

  const count = counter(root, ui, controls, signal, { cards, readInputs, readSoon, game });
  // Count what the boxes say now, typed but not yet entered cards included, if they fill the hand.
  const recount = () => {
    controls.moveFifthToStarter();
    if (tokensOf(ui.handInput.value).length >= controls.size() && ui.starterInput.value.trim()) return count(false);
    controls.clearResult();
    return readInputs();
  };

  listenToShow(ui, controls, signal, { cards, count, readInputs, readSoon, recount, game });
  highlightOnHover(ui, signal);
  controls.slots([], []);
  return {
    load(state) {
      controls.setCrib(state.crib);
      ui.handInput.value = state.hand.join(" ");
      ui.starterInput.value = state.starter;
      // Draw the linked cards at once from the page's own picker; the engine then reads them.
      const preview = (codes) => codes.map((code) => code.toUpperCase()).filter((code) => cardFromPicker(root, code))
        .map((code) => ({ token: code, card: code }));
      controls.slots(preview(state.hand), preview(state.starter ? [state.starter] : []));
      count(true);
    },
    setVariant: variantChange(ui, controls, { game, cards, count, readInputs }),
    showError: controls.showError,
    destroy: () => picker.destroy(),
  };
}

// Another variant chosen: the hand holds its number of cards. When the address holds the show's
// cards (`owner`), they are counted again in it, or, if they no longer make a hand, kept in the
// address with the new variant (nothing is lost on a reload); otherwise the slots are redrawn,
// ready to count. The boxes are left as typed.
function variantChange(ui, controls, show) {
  return async (variant, owner) => {
    show.game.variant = variant;
    ui.note.textContent = "";
    const fills = tokensOf(ui.handInput.value).length >= controls.size() && ui.starterInput.value.trim();
    if (owner && fills && await show.count(false)) return;
    if (!owner || !fills) {
      controls.clearResult();
      await show.readInputs();
    }
    if (owner) writeFragment(showFragment(words.link, show.cards.hand, show.cards.starter || "", controls.isCrib(), variant.name));
  };
}

// Count what the boxes say: the breakdown, the link to it, then the table of every starter.
function counter(root, ui, controls, signal, show) {
  const askScore = latestReply(signal);
  const askStarters = latestReply(signal);
  async function count(fromLink) {
    show.readSoon.cancel(); // a pending read of the boxes would overtake this one
    // room for the breakdown while the engine reads and counts (it may still be starting), so
    // what is below does not jump when the count arrives
    if (!ui.result.firstChild) ui.result.dataset.pending = "";
    try {
      return await countNow(fromLink); // true once counted
    } finally {
      delete ui.result.dataset.pending;
    }
  }

  async function countNow(fromLink) {
    const read = await show.readInputs();
    if (!read) return;
    const problem = countProblem(read, controls.isCrib(), controls.size());
    if (problem) return controls.showError(problem);
    const crib = controls.isCrib();
    const { hand, starter } = show.cards;
    const { name } = show.game.variant;
    const reply = await askScore("score", { hand: hand.join(" "), starter, crib, ...(name === STANDARD ? {} : { variant: name }) });
    if (!reply) return;
    if (!reply.ok) return controls.showError(reply.error);
    controls.showError("");
    const faces = await deck();
    if (signal.aborted) return;
    keepFocus(ui.result, () => ui.result.replaceChildren(breakdown(faces, reply.result)));
    if (!fromLink) bringIntoView(ui.result);
    performance.mark("cribbage:breakdown"); // for bench/bench_browser.py
    root.dataset.lastMs = String(reply.ms);
    const fragment = showFragment(words.link, hand, starter, crib, name);
    if (!fromLink) writeFragment(fragment);
    ui.link.href = "#" + fragment;
    ui.link.hidden = false;
    // every starter for four cards (the rules of four cards are alike in every variant); none for three
    const table = hand.length === HAND ? await askStarters("starters", { hand: hand.join(" "), crib }) : null;
    if (table && table.ok) ui.starterTable.replaceChildren(startersTable(faces, table.result, starter));
    else ui.starterTable.replaceChildren();
    if (fromLink) landOnResult(); // once all of it is drawn: nothing then grows in view
    return true;
  }

  return count;
}

// The reader's actions on the show scorer: typing, Count, hand or crib, Clear, the picker.
function listenToShow(ui, controls, signal, show) {
  ui.handInput.addEventListener("input", () => { ui.note.textContent = ""; show.readSoon(); }, { signal });
  ui.starterInput.addEventListener("input", () => { ui.note.textContent = ""; show.readSoon(); }, { signal });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    controls.moveFifthToStarter();
    show.count(false);
  }, { signal });
  // Hand or crib: count what the boxes say now, typed but not yet entered cards included.
  ui.kinds.forEach((radio) => radio.addEventListener("change", () => show.recount(), { signal }));
  ui.clear.addEventListener("click", () => {
    ui.handInput.value = "";
    ui.starterInput.value = "";
    ui.note.textContent = "";
    controls.setTarget("hand");
    controls.showError("");
    show.readInputs();
    writeFragment(variantFragment(words.link, show.game.variant.name)); // the variant stays chosen
  }, { signal });
  ui.pickerNode.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    ui.note.textContent = "";
    const next = pickCard({ hand: show.cards.hand, starter: show.cards.starter, target: controls.target() }, button.dataset.card,
      controls.size());
    if (next.error) return controls.showError(next.error);
    Object.assign(show.cards, { hand: next.hand, starter: next.starter });
    controls.setTarget(next.target);
    ui.handInput.value = next.hand.join(" ");
    ui.starterInput.value = next.starter || "";
    controls.showError("");
    if (next.hand.length === controls.size() && next.starter) show.count(false);
    else {
      controls.clearResult();
      show.readInputs();
    }
  }, { signal });
}

// The cards a breakdown row uses are lit in the slots. Focusing a row scrolls the table under a
// pointer that has not moved; the browser then reports "mouseover" for whatever row lands there.
// Only a pointer that really moved since the focus takes the highlight from the focused row.
function highlightOnHover(ui, signal) {
  const highlight = (event) => {
    const row = event.target.closest && event.target.closest("tr[data-cards]");
    const used = row ? row.dataset.cards.split(" ") : [];
    ui.chosen.querySelectorAll(".card").forEach((node) => node.classList.toggle("is-used", used.includes(node.dataset.card)));
  };
  let pointer = "";
  let pointerAtFocus = null;
  const pointerMoved = () => pointer !== pointerAtFocus;
  document.addEventListener("mousemove", (event) => { pointer = `${event.screenX},${event.screenY}`; },
    { capture: true, passive: true, signal });
  ui.result.addEventListener("focusin", (event) => { pointerAtFocus = pointer; highlight(event); }, { signal });
  ui.result.addEventListener("mousemove", (event) => { if (pointerMoved()) highlight(event); }, { passive: true, signal });
  ui.result.addEventListener("mouseleave", () => {
    if (pointerMoved()) highlight({ target: ui.result.contains(document.activeElement) ? document.activeElement : document.body });
  }, { signal });
}

