// The show scorer: the two boxes read by the engine as they are typed, the count (in the chosen
// variant: a five-card hand is three cards) and the table of starters. One state (show-state.js:
// the changes are pure functions), drawn by one `commit` (view.js for the breakdown and the
// table); the engine calls and the landing are the effects at the edge, and every listener and
// reply ends with the page's signal.
import { engine } from "../engine.js";
import { afterNextPaint, afterQuiet, latestReply, latestRun } from "../mount.js";
import { cardFromPicker, deck, pickedFace } from "../common/cards.js";
import { bindPicker, drawSlots, keepFocus, pressedCard } from "../picker.js";
import { bringIntoView } from "../scroll.js";
import { landOnResult } from "../landing.js";
import { writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { countProblem, HAND, handBoxLabel, showFragment, STANDARD, tokensOf, variantFragment } from "./state.js";
import { fills, showCleared, showCounted, showCrib, showFailed, showFifthMoved, showLinked, showPicked,
  showProblemCleared, showRead, showResultCleared, showStart, showStarters, showTyped, showVariant, sizeOf }
  from "./show-state.js";
import { breakdown, startersTable } from "./view.js";

/** @typedef {import("./state.js").Variant} Variant @typedef {import("./state.js").Token} Token */
/** @typedef {import("./show-state.js").ShowState} ShowState @typedef {import("./show-state.js").Shown} Shown */
/** @typedef {{tokens: Token[], error: string | null}} BoxRead */

/** @param {string} text @returns {Promise<BoxRead>} */
const readBox = async (text) => {
  if (!text.trim()) return { tokens: [], error: null };
  const reply = await engine.call("read_cards", { text });
  return reply.ok ? reply.result : { tokens: [], error: reply.error };
};

// The two boxes read by the engine; a card in both is named by reading the two as one.
/** @param {string} handText @param {string} starterText */
async function readBoxes(handText, starterText) {
  const [handRead, starterRead] = await Promise.all([readBox(handText), readBox(starterText)]);
  const both = !handRead.error && !starterRead.error && handText.trim() && starterText.trim()
    ? await engine.call("read_cards", { text: `${handText} ${starterText}` }) : null;
  return { handRead, starterRead, clash: both && both.ok ? /** @type {string | null} */ (both.result.error) : null };
}

/** @param {HTMLElement} root */
function showParts(root) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  return { form: $("[data-show-form]"), handInput: /** @type {HTMLInputElement} */ ($("#scorer-cards")),
    starterInput: /** @type {HTMLInputElement} */ ($("#scorer-starter")), error: $("[data-show-error]"),
    note: $("[data-show-note]"), chosen: $("[data-show-chosen]"), result: $("[data-show-result]"),
    starterTable: $("[data-show-starters]"), link: /** @type {HTMLAnchorElement} */ ($("[data-show-link]")),
    pickerNode: $("[data-show-picker]"), clear: $("[data-show-clear]"), handLabel: $('label[for="scorer-cards"]'),
    kinds: /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('input[name="scorer-kind"]')),
    targets: /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('input[name="scorer-target"]')) };
}
/** @typedef {ReturnType<typeof showParts>} ShowParts */

// The controls from the state: hand or crib, where picked cards go, the boxes, the slots, the picker, the note.
/**
 * @param {HTMLElement} root @param {ShowParts} ui @param {import("../picker.js").Picker} picker @param {ShowState} next
 * @param {ShowState | null} before
 */
function drawControls(root, ui, picker, next, before) {
  ui.kinds.forEach((radio) => { radio.checked = radio.value === (next.crib ? "crib" : "hand"); });
  ui.targets.forEach((radio) => { radio.checked = radio.value === next.target; });
  if (ui.handInput.value !== next.handText) ui.handInput.value = next.handText;
  if (ui.starterInput.value !== next.starterText) ui.starterInput.value = next.starterText;
  const size = sizeOf(next);
  const slotsChanged = !before || next.handTokens !== before.handTokens || next.starterTokens !== before.starterTokens
    || size !== sizeOf(before) || next.crib !== before.crib;
  if (slotsChanged) {
    ui.handLabel.textContent = handBoxLabel(size);
    drawSlots(ui.chosen, [{ label: next.crib ? "Crib" : "Hand", size, tokens: next.handTokens },
      { label: "Starter", size: 1, tokens: next.starterTokens }], (code) => pickedFace(root, code, "face"));
  }
  picker.show([...next.hand, ...next.starters]);
  ui.note.textContent = next.note;
}

// The count on screen: a new breakdown drawn and announced (brought into view, its link in the
// address) unless it came from a link; the table of starters once it is known; or none.
/** @param {HTMLElement} root @param {ShowParts} ui @param {Shown | null} shown @param {Shown | null} before */
function drawShown(root, ui, shown, before) {
  if (!shown) {
    ui.result.replaceChildren();
    ui.starterTable.replaceChildren();
    ui.link.hidden = true;
    return;
  }
  if (shown.breakdown !== before?.breakdown) {
    keepFocus(ui.result, () => ui.result.replaceChildren(breakdown(shown.faces, shown.breakdown)));
    if (!shown.fromLink) bringIntoView(ui.result);
    performance.mark("cribbage:breakdown"); // for bench/bench_browser.py
    root.dataset.lastMs = String(shown.ms);
    if (!shown.fromLink) writeFragment(shown.fragment);
    ui.link.href = "#" + shown.fragment;
    ui.link.hidden = false;
  }
  if (shown.starters === undefined || shown.starters === before?.starters) return;
  if (shown.starters) ui.starterTable.replaceChildren(startersTable(shown.faces, shown.starters, shown.starter));
  else ui.starterTable.replaceChildren();
}

// The page drawn from the state. Returns `commit(next)` and `now()`.
/**
 * @param {HTMLElement} root @param {ShowParts} ui @param {import("../picker.js").Picker} picker
 * @param {ShowState} first
 */
function committer(root, ui, picker, first) {
  let state = first;
  let countedAt = ""; // the address when the count on screen was drawn
  /** @param {ShowState} next @param {ShowState | null} before */
  function draw(next, before) {
    drawControls(root, ui, picker, next, before);
    ui.error.textContent = next.problem ? next.problem.message : "";
    ui.error.hidden = !next.problem;
    if (next.shown !== before?.shown) drawShown(root, ui, next.shown, before?.shown ?? null);
    // The count gone (a bad hand typed, the cards changed) while the address still names it: the
    // address drops the hand, so a reload or a shared link does not bring back a count the reader
    // left. The variant stays; an address the page did not count from (a new link) stays as it is.
    if (next.shown && next.shown !== before?.shown) countedAt = location.hash;
    else if (!next.shown && before?.shown && location.hash === countedAt) {
      writeFragment(variantFragment(words.link, next.variant.name));
    }
    // on a phone the message may sit below the fold
    if (next.problem && next.problem !== before?.problem) bringIntoView(ui.error);
  }
  draw(state, null);
  /** @param {ShowState} next */
  const commit = (next) => {
    const before = state;
    state = next;
    draw(next, before);
    return next;
  };
  return { commit, now: () => state };
}

/** @param {HTMLElement} root @param {ShowParts} ui @param {Variant} variant @returns {ShowState} */
function firstState(root, ui, variant) {
  const checked = (/** @type {string} */ name) =>
    /** @type {HTMLInputElement | null} */ (root.querySelector(`input[name="${name}"]:checked`));
  return showStart(variant, { crib: checked("scorer-kind")?.value === "crib",
    target: checked("scorer-target")?.value ?? "hand",
    handText: ui.handInput.value, starterText: ui.starterInput.value });
}

/** @param {HTMLElement} root @param {AbortSignal} signal @param {Variant} initialVariant */
export function showScorer(root, signal, initialVariant) {
  const ui = showParts(root);
  const picker = bindPicker(ui.pickerNode, signal);
  const { commit, now } = committer(root, ui, picker, firstState(root, ui, initialVariant));
  const readLatest = latestRun(signal); // a newer read, or leaving the page, drops a read's replies

  // Slots and picker from the two boxes, whatever they say: bad tokens are shown as typed.
  async function readInputs() {
    const { handText, starterText } = now();
    const read = await readLatest(() => readBoxes(handText, starterText));
    if (!read) return null;
    const { handRead, starterRead, clash } = read;
    commit(showRead(now(), handRead.tokens, starterRead.tokens));
    return { error: handRead.error || starterRead.error || clash, handCount: handRead.tokens.length,
      starterCount: starterRead.tokens.length };
  }
  const readSoon = afterQuiet(150, readInputs, signal);
  const count = counter(ui, signal, { commit, now, readInputs, readSoon });
  // Count what the boxes say now, typed but not yet entered cards included, if they fill the hand.
  const recount = () => {
    commit(showFifthMoved(now()));
    if (fills(now(), tokensOf)) return count(false);
    commit(showResultCleared(now()));
    return readInputs();
  };
  const show = { commit, now, count, readInputs, readSoon, recount };
  listenToShow(ui, signal, show);
  highlightOnHover(ui, signal);
  return {
    /** @param {{hand: string[], starter: string, crib: boolean}} link */
    load(link) {
      // Draw the linked cards at once from the page's own picker; the engine then reads them.
      commit(showLinked(now(), link, (code) => Boolean(cardFromPicker(root, code))));
      count(true);
    },
    setVariant: variantChange(show),
    showError: (/** @type {string} */ message) => commit(showFailed(now(), message)),

  };
}

/**
 * @typedef {{commit: (next: ShowState) => ShowState, now: () => ShowState,
 *   readInputs: () => Promise<{error: string | null, handCount: number, starterCount: number} | null>,
 *   readSoon: (() => void) & {cancel(): void}}} ShowCore
 * @typedef {ShowCore & {count: (fromLink: boolean) => Promise<true | undefined>, recount: () => Promise<unknown>}} Show
 */

// Another variant chosen: the hand holds its number of cards. When the address holds the show's
// cards (`owner`), they are counted again in it, or, if they no longer make a hand, kept in the
// address with the new variant (nothing is lost on a reload); otherwise the slots are redrawn,
// ready to count. The boxes are left as typed.
/** @param {Show} show */
function variantChange(show) {
  /** @param {Variant} variant @param {boolean} owner */
  return async (variant, owner) => {
    const { commit, now } = show;
    commit(showVariant(now(), variant));
    const full = fills(now(), tokensOf);
    if (owner && full && await show.count(false)) return;
    if (!owner || !full) {
      commit(showResultCleared(now()));
      await show.readInputs();
    }
    const { hand, starters, crib } = now();
    if (owner) writeFragment(showFragment(words.link, hand, starters[0] || "", crib, variant.name));
  };
}

// Count what the boxes say: the breakdown, the link to it, then the table of every starter.
/** @param {ShowParts} ui @param {AbortSignal} signal @param {ShowCore} show */
function counter(ui, signal, show) {
  const askScore = latestReply(signal);
  const askStarters = latestReply(signal);
  const { commit, now } = show;
  /** @param {boolean} fromLink */
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

  /** @param {boolean} fromLink @returns {Promise<true | undefined>} */
  async function countNow(fromLink) {
    const read = await show.readInputs();
    if (!read) return;
    const problem = countProblem(read, now().crib, sizeOf(now()));
    if (problem) return void commit(showFailed(now(), problem));
    const { hand, starters: [starter], crib, variant: { name } } = now();
    const params = { hand: hand.join(" "), starter, crib, ...(name === STANDARD ? {} : { variant: name }) };
    const reply = await askScore("score", params);
    if (!reply) return;
    if (!reply.ok) return void commit(showFailed(now(), reply.error));
    commit(showProblemCleared(now()));
    const faces = await deck();
    if (signal.aborted) return;
    const fragment = showFragment(words.link, hand, starter, crib, name);
    commit(showCounted(now(), { faces, breakdown: reply.result, starter, fragment, fromLink, ms: reply.ms ?? null }));
    // every starter for four cards (the rules of four cards are alike in every variant); none for
    // three. Asked once the count is on screen (see afterNextPaint).
    await afterNextPaint();
    if (signal.aborted) return;
    const table = hand.length === HAND ? await askStarters("starters", { hand: hand.join(" "), crib }) : null;
    if (table || hand.length !== HAND) commit(showStarters(now(), table && table.ok ? table.result : null));
    if (fromLink) landOnResult(); // once all of it is drawn: nothing then grows in view
    return true;
  }

  return count;
}

// The reader's actions on the show scorer: typing, Count, hand or crib, Clear, the picker.
/** @param {ShowParts} ui @param {AbortSignal} signal @param {Show} show */
function listenToShow(ui, signal, show) {
  const { commit, now } = show;
  const typed = () => {
    commit(showTyped(now(), ui.handInput.value, ui.starterInput.value));
    show.readSoon();
  };
  ui.handInput.addEventListener("input", typed, { signal });
  ui.starterInput.addEventListener("input", typed, { signal });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    commit(showFifthMoved(now()));
    show.count(false);
  }, { signal });
  // Hand or crib: count what the boxes say now, typed but not yet entered cards included.
  ui.kinds.forEach((radio) => radio.addEventListener("change", () => {
    commit(showCrib(now(), radio.value === "crib"));
    show.recount();
  }, { signal }));
  ui.targets.forEach((radio) => radio.addEventListener("change", () => commit({ ...now(), target: radio.value }),
    { signal }));
  ui.clear.addEventListener("click", () => {
    commit(showCleared(now()));
    show.readInputs();
    writeFragment(variantFragment(words.link, now().variant.name)); // the variant stays chosen
  }, { signal });
  ui.pickerNode.addEventListener("click", (event) => {
    const card = pressedCard(event);
    if (!card) return;
    const next = commit(showPicked(now(), card));
    if (next.problem) return;
    if (next.hand.length === sizeOf(next) && next.starters.length) show.count(false);
    else show.readInputs();
  }, { signal });
}

// The cards a breakdown row uses are lit in the slots. Focusing a row scrolls the table under a
// pointer that has not moved; the browser then reports "mouseover" for whatever row lands there.
// Only a pointer that really moved since the focus takes the highlight from the focused row.
/** @param {ShowParts} ui @param {AbortSignal} signal */
function highlightOnHover(ui, signal) {
  const highlight = (/** @type {EventTarget | null} */ target) => {
    const row = target instanceof Element ? /** @type {HTMLElement | null} */ (target.closest("tr[data-cards]")) : null;
    const used = row ? (row.dataset.cards ?? "").split(" ") : [];
    ui.chosen.querySelectorAll(".card").forEach((node) => {
      node.classList.toggle("is-used", used.includes(/** @type {HTMLElement} */ (node).dataset.card ?? ""));
    });
  };
  let pointer = "";
  /** @type {string | null} */
  let pointerAtFocus = null;
  const pointerMoved = () => pointer !== pointerAtFocus;
  document.addEventListener("mousemove", (event) => { pointer = `${event.screenX},${event.screenY}`; },
    { capture: true, passive: true, signal });
  ui.result.addEventListener("focusin", (event) => { pointerAtFocus = pointer; highlight(event.target); }, { signal });
  ui.result.addEventListener("mousemove", (event) => { if (pointerMoved()) highlight(event.target); },
    { passive: true, signal });
  ui.result.addEventListener("mouseleave", () => {
    if (pointerMoved()) highlight(ui.result.contains(document.activeElement) ? document.activeElement : document.body);
  }, { signal });
}
