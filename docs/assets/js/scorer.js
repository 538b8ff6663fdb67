// The scorer page: a show scorer (four cards and a starter, hand or crib) and a play scorer for
// two players (pone and dealer, cards laid in turn across counts). All counting is done by the
// engine worker; this file gathers input, keeps the slots, the picker and the URL fragment in
// step with what the inputs say, and draws what the engine returns. Nothing from the URL or the
// engine is ever inserted as HTML: text goes in via textContent.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardFace, cardFaces, cardFromPicker, deck } from "./cards.js";
import { bindPicker, drawSlots, keepFocus } from "./picker.js";
import { bringIntoView, el, itemsTable, itemLabel, kindHeading } from "./ui.js";
import { landOnResult } from "./landing.js";
import { badLinkMessage, fragmentFields, pageFragment } from "./link.js";
import words from "./vocabulary.js";

const LINK = words.link; // the engine's scorer-link format: keys, separator, the word for a go
const LINK_KEYS = [LINK.hand, LINK.starter, LINK.crib, LINK.play];
const SAFE_FRAGMENT = /^[0-9A-Za-z♣♦♥♠,=&\s-]*$/; // nothing else can spell a card; checked first
const HAND = 4;
const PLAYER_NAMES = { pone: "Pone", dealer: "Dealer" };

// A chosen card, drawn from the picker the build rendered (it is there before the engine is).
function faceFor(root, code) {
  return cardFace(cardFromPicker(root, code) || { code, label: code, name: code, red: false });
}

const tokensOf = (text) => text.split(/[\s,;]+/).filter(Boolean);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// --- URL fragment --------------------------------------------------------------------------

const NOT_CARDS = badLinkMessage("cards", "nothing was counted");
const tokens = (text) => text.split(LINK.separator).flatMap((part) => part.split(/\s+/)).filter(Boolean);

// The fragment as the scorer reads it; the engine checks the cards themselves when it counts.
function scorerState() {
  const { kind, text: raw } = pageFragment();
  if (kind === "none") return { kind };
  if (kind === "bad" || !raw.includes("=")) return { kind: "invalid", message: NOT_CARDS }; // a broken %-escape, or no state
  if (raw.length > LINK.max_length || !SAFE_FRAGMENT.test(raw)) return { kind: "invalid", message: NOT_CARDS };
  const fields = fragmentFields(raw);
  if ([...fields.keys()].some((key) => !LINK_KEYS.includes(key))) return { kind: "invalid", message: NOT_CARDS };
  if (fields.has(LINK.play)) return { kind: "play", steps: tokens(fields.get(LINK.play)) };
  if (fields.has(LINK.hand)) {
    const hand = tokens(fields.get(LINK.hand));
    const starter = (fields.get(LINK.starter) || "").trim();
    return { kind: "show", hand, starter, crib: fields.get(LINK.crib) === LINK.crib_on };
  }
  return { kind: "invalid", message: NOT_CARDS };
}

const showFragment = (hand, starter, crib) =>
  `${LINK.hand}=${hand.join(LINK.separator)}&${LINK.starter}=${starter}${crib ? `&${LINK.crib}=${LINK.crib_on}` : ""}`;
const playFragment = (steps) => `${LINK.play}=${steps.join(LINK.separator)}`;

function writeFragment(text) {
  const url = new URL(location.href);
  url.hash = text;
  history.replaceState(history.state, "", url);
}

// --- the show scorer ----------------------------------------------------------------------

function showScorer(root) {
  const form = root.querySelector("[data-show-form]");
  const handInput = root.querySelector("#scorer-cards");
  const starterInput = root.querySelector("#scorer-starter");
  const error = root.querySelector("[data-show-error]");
  const note = root.querySelector("[data-show-note]");
  const chosen = root.querySelector("[data-show-chosen]");
  const result = root.querySelector("[data-show-result]");
  const starterTable = root.querySelector("[data-show-starters]");
  const link = root.querySelector("[data-show-link]");
  const pickerNode = root.querySelector("[data-show-picker]");
  const picker = bindPicker(pickerNode);
  const face = (code) => faceFor(root, code);
  let hand = []; // valid cards the hand box names
  let starter = null; // the valid card the starter box names
  let serial = 0;

  const isCrib = () => root.querySelector('input[name="scorer-kind"]:checked').value === "crib";
  const setCrib = (crib) => {
    root.querySelector(`input[name="scorer-kind"][value="${crib ? "crib" : "hand"}"]`).checked = true;
  };
  const target = () => root.querySelector('input[name="scorer-target"]:checked').value;
  const setTarget = (value) => { root.querySelector(`input[name="scorer-target"][value="${value}"]`).checked = true; };

  function showError(message) {
    error.textContent = message || "";
    error.hidden = !message;
    if (!message) return;
    clearResult();
    bringIntoView(error); // on a phone the message may sit below the fold
  }

  function clearResult() {
    result.replaceChildren();
    starterTable.replaceChildren();
    link.hidden = true;
  }

  // Five cards typed into the hand box: the fifth is the starter (said on the page, not silently).
  function moveFifthToStarter() {
    const tokens = tokensOf(handInput.value);
    if (tokens.length === HAND + 1) {
      starterInput.value = tokens[HAND];
      handInput.value = tokens.slice(0, HAND).join(" ");
      note.textContent = `The fifth card, ${tokens[HAND]}, went into the starter box.`;
    }
  }

  // Slots and picker from the two boxes, whatever they say: bad tokens are shown as typed.
  async function readInputs() {
    const mine = ++serial;
    const [handRead, starterRead] = await Promise.all([handInput.value, starterInput.value].map(async (text) => {
      if (!text.trim()) return { tokens: [], error: null };
      const reply = await engine.call("read_cards", { text });
      return reply.ok ? reply.result : { tokens: [], error: reply.error };
    }));
    // a card in both boxes: the engine names it, reading the two boxes as one
    const both = !handRead.error && !starterRead.error && handInput.value.trim() && starterInput.value.trim()
      ? await engine.call("read_cards", { text: `${handInput.value} ${starterInput.value}` }) : null;
    if (mine !== serial) return null;
    hand = handRead.tokens.filter((t) => t.card).map((t) => t.card);
    const starters = starterRead.tokens.filter((t) => t.card).map((t) => t.card);
    starter = starters[0] || null;
    drawSlots(chosen, [
      { label: isCrib() ? "Crib" : "Hand", size: HAND, tokens: handRead.tokens },
      { label: "Starter", size: 1, tokens: starterRead.tokens },
    ], face);
    picker.show([...hand, ...starters]);
    const clash = both && both.ok ? both.result.error : null;
    return { error: handRead.error || starterRead.error || clash, handCount: handRead.tokens.length,
      starterCount: starterRead.tokens.length };
  }

  function countProblem(read) {
    if (read.error) return read.error;
    const what = isCrib() ? "crib" : "hand";
    if (read.handCount < HAND) return `Choose ${plural(HAND - read.handCount, "more card")} for the ${what}: it holds four.`;
    if (read.handCount > HAND) return `That is ${read.handCount} cards in the ${what} box: a ${what} is four cards, and the starter has its own box.`;
    if (read.starterCount === 0) return "Choose the starter: pick it or type it in the starter box.";
    if (read.starterCount > 1) return `The starter is one card; the starter box has ${read.starterCount}.`;
    return null;
  }

  function drawBreakdown(cards, data) {
    const block = el("div", undefined, "breakdown");
    const head = el("p", undefined, "breakdown__head");
    head.append(el("span", data.crib ? "Crib" : "Hand", "breakdown__tag"),
      el("span", "Total", "breakdown__title"), el("span", String(data.total), "breakdown__total"));
    block.append(head);
    if (data.items.length) {
      const table = itemsTable(cards, data.items);
      table.querySelectorAll("tbody tr").forEach((row, i) => { row.dataset.focusKey = "item-" + i; });
      const foot = el("tfoot");
      Object.entries(data.by_kind).filter(([, points]) => points).forEach(([kind, points]) => {
        const row = el("tr", undefined, "subtotal");
        const th = el("th", kindHeading(kind));
        th.colSpan = 2;
        row.append(th, el("td", String(points)));
        foot.append(row);
      });
      const total = el("tr", undefined, "total");
      const th = el("th", "Total");
      th.colSpan = 2;
      total.append(th, el("td", String(data.total)));
      foot.append(total);
      table.append(foot);
      block.append(table);
    } else {
      block.append(el("p", "Nothing scores: the total is 0.", "breakdown__nothing"));
    }
    const spoken = el("p", undefined, "breakdown__spoken");
    spoken.append(el("span", "Said aloud: ", "breakdown__spoken-label"), document.createTextNode("“" + data.spoken + "”"));
    block.append(spoken);
    keepFocus(result, () => result.replaceChildren(block));
  }

  // What each of the other 48 cards would give these four as the starter, best first.
  function drawStarters(cards, data, current) {
    const table = el("table", undefined, "starters-table");
    table.append(el("caption", `What each starter would give these four cards (average ${data.mean.toFixed(2)})`));
    const head = el("tr");
    ["Total", "Starters", "How many"].forEach((text) => head.append(el("th", text)));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    data.by_total.forEach((row) => {
      const line = el("tr", undefined, row.starters.includes(current) ? "starters-table__current" : "");
      const faces = el("td");
      faces.append(cardFaces(cards, row.starters));
      if (row.starters.includes(current)) faces.append(el("span", " (your starter)", "starters-table__mark"));
      line.append(el("th", String(row.total)), faces, el("td", String(row.starters.length)));
      line.firstChild.scope = "row";
      body.append(line);
    });
    table.append(body);
    starterTable.replaceChildren(table);
  }

  async function count(fromLink) {
    clearTimeout(timer); // a pending read of the boxes would overtake this one
    // room for the breakdown while the engine reads and counts (it may still be starting), so
    // what is below does not jump when the count arrives
    if (!result.firstChild) result.dataset.pending = "";
    try {
      await countNow(fromLink);
    } finally {
      delete result.dataset.pending;
    }
  }

  async function countNow(fromLink) {
    const read = await readInputs();
    if (!read) return;
    const problem = countProblem(read);
    if (problem) {
      showError(problem);
      return;
    }
    const crib = isCrib();
    const reply = await engine.call("score", { hand: hand.join(" "), starter, crib });
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    showError("");
    const cards = await deck();
    drawBreakdown(cards, reply.result);
    if (!fromLink) bringIntoView(result);
    performance.mark("cribbage:breakdown"); // for bench/bench_browser.py
    root.dataset.lastMs = String(reply.ms);
    const fragment = showFragment(hand, starter, crib);
    if (!fromLink) writeFragment(fragment);
    link.href = "#" + fragment;
    link.hidden = false;
    const table = await engine.call("starters", { hand: hand.join(" "), crib });
    if (table.ok) drawStarters(cards, table.result, starter);
    if (fromLink) landOnResult(); // once all of it is drawn: nothing then grows in view
  }

  let timer = null;
  const onInput = () => {
    note.textContent = "";
    clearTimeout(timer);
    timer = setTimeout(readInputs, 150);
  };
  handInput.addEventListener("input", onInput);
  starterInput.addEventListener("input", onInput);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    moveFifthToStarter();
    count(false);
  });
  // Hand or crib: count what the boxes say now, typed but not yet entered cards included.
  root.querySelectorAll('input[name="scorer-kind"]').forEach((radio) => radio.addEventListener("change", () => {
    moveFifthToStarter();
    if (tokensOf(handInput.value).length >= HAND && starterInput.value.trim()) count(false);
    else readInputs();
  }));
  root.querySelector("[data-show-clear]").addEventListener("click", () => {
    handInput.value = "";
    starterInput.value = "";
    note.textContent = "";
    setTarget("hand");
    showError("");
    readInputs();
    writeFragment("");
  });
  pickerNode.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const code = button.dataset.card;
    note.textContent = "";
    if (hand.includes(code)) hand = hand.filter((c) => c !== code);
    else if (starter === code) starter = null;
    else if (target() === "starter" || hand.length === HAND) {
      if (starter && hand.length === HAND) {
        showError("The hand and the starter are chosen: press one of their cards to take it back.");
        return;
      }
      starter = code;
    } else hand = [...hand, code];
    if (hand.length === HAND && !starter) setTarget("starter");
    if (hand.length < HAND && starter) setTarget("hand");
    handInput.value = hand.join(" ");
    starterInput.value = starter || "";
    showError("");
    if (hand.length === HAND && starter) count(false);
    else {
      clearResult();
      readInputs();
    }
  });
  const highlight = (event) => {
    const row = event.target.closest && event.target.closest("tr[data-cards]");
    const used = row ? row.dataset.cards.split(" ") : [];
    chosen.querySelectorAll(".card").forEach((node) => node.classList.toggle("is-used", used.includes(node.dataset.card)));
  };
  // Focusing a row scrolls the table under a pointer that has not moved; the browser then
  // reports "mouseover" for whatever row lands there. Only a pointer that really moved since
  // the focus takes the highlight from the focused row.
  let pointer = "";
  let pointerAtFocus = null;
  const pointerMoved = () => pointer !== pointerAtFocus;
  const pageListeners = new AbortController();
  document.addEventListener("mousemove", (event) => { pointer = `${event.screenX},${event.screenY}`; },
    { capture: true, passive: true, signal: pageListeners.signal });
  result.addEventListener("focusin", (event) => { pointerAtFocus = pointer; highlight(event); });
  result.addEventListener("mousemove", (event) => { if (pointerMoved()) highlight(event); }, { passive: true });
  result.addEventListener("mouseleave", () => {
    if (pointerMoved()) highlight({ target: result.contains(document.activeElement) ? document.activeElement : document.body });
  });
  drawSlots(chosen, [{ label: "Hand", size: HAND, tokens: [] }, { label: "Starter", size: 1, tokens: [] }], face);

  return {
    load(state) {
      setCrib(state.crib);
      handInput.value = state.hand.join(" ");
      starterInput.value = state.starter;
      // Draw the linked cards at once from the page's own picker; the engine then reads them.
      const preview = (codes) => codes.map((code) => code.toUpperCase()).filter((code) => cardFromPicker(root, code))
        .map((code) => ({ token: code, card: code }));
      drawSlots(chosen, [{ label: isCrib() ? "Crib" : "Hand", size: HAND, tokens: preview(state.hand) },
        { label: "Starter", size: 1, tokens: preview(state.starter ? [state.starter] : []) }], face);
      count(true);
    },
    showError,
    destroy() {
      clearTimeout(timer);
      pageListeners.abort();
      picker.destroy();
    },
  };
}

// --- the play scorer: two players ---------------------------------------------------------

// What a go says about the hand, and how much of it the scorer knows: it sees only the cards laid,
// so a go is taken on the player's word until every card they held then has been laid (the engine
// refuses a go it can prove false, and any later card that would have fitted).
function goClaim(step) {
  const who = PLAYER_NAMES[step.player].toLowerCase();
  if (!step.held) return `the ${who} is out of cards`;
  const claim = `no card worth ${step.fits_up_to} or less`;
  return step.known ? `${claim}: the ${who}'s later cards show it`
    : `${claim}: taken on the ${who}'s word (the scorer cannot see the hand)`;
}

function playScorer(root) {
  const form = root.querySelector("[data-play-form]");
  const input = root.querySelector("#play-cards");
  const error = root.querySelector("[data-play-error]");
  const list = root.querySelector("[data-play-steps]");
  const countLine = root.querySelector("[data-play-count]");
  const totals = root.querySelector("[data-play-totals]");
  const pickerNode = root.querySelector("[data-play-picker]");
  const picker = bindPicker(pickerNode);
  let steps = [];

  // A refusal is said where the player acted: under the typed sequence, or beside Go and Undo for
  // a card picked or a button pressed (on a phone the picker stands a screen tall between them).
  const boxes = { typed: error, pressed: root.querySelector("[data-play-action-error]") };
  function showError(message, where = "typed") {
    // What is on screen stays the last sequence that was valid: say so, or it reads as current.
    const sentence = message && !/[.!?]$/.test(message) ? `${message}.` : message; // the engine's words end bare
    const text = message && steps.length ? `${sentence} The cards below are the last sequence that was valid.` : sentence || "";
    Object.entries(boxes).forEach(([name, box]) => {
      box.textContent = name === where ? text : "";
      box.hidden = name !== where || !message;
    });
    if (message) bringIntoView(boxes[where]);
  }

  function drawTotals(points) {
    totals.querySelectorAll("[data-player-total]").forEach((cell) => {
      cell.textContent = String(points[cell.dataset.playerTotal === "pone" ? 0 : 1]);
    });
  }

  function draw(result) {
    keepFocus(list, () => {
      list.replaceChildren();
      result.steps.forEach((step, i) => {
        const item = el("li", undefined, "play-step play-step--" + step.player + (step.closes_count ? " play-step--closes" : ""));
        item.append(el("span", PLAYER_NAMES[step.player], "play-step__player"));
        if (step.go) item.append(el("span", "Go", "play-step__go"));
        else item.append(faceFor(root, step.card));
        item.append(el("span", step.go ? "" : "count " + step.count, "play-step__count"));
        const why = step.items.map((it) => `${itemLabel(it.kind)} ${it.points}`).join(", ");
        item.append(el("span", step.points ? `${step.points} to ${PLAYER_NAMES[step.scorer].toLowerCase()}: ${why}` : "0",
          "play-step__points"));
        if (step.go) item.append(el("span", goClaim(step), "play-step__claim"));
        if (step.closes_count) item.append(el("span", "the count starts again", "play-step__reset"));
        item.dataset.focusKey = "step-" + i;
        list.append(item);
      });
    });
    const next = result.over ? "The play is over: all eight cards are down."
      : `Next to lay: ${PLAYER_NAMES[result.next].toLowerCase()}` + (result.said_go ? ` (the ${result.said_go} has said go).` : ".");
    countLine.textContent = `Count: ${result.count}. ${next}`;
    drawTotals(result.totals);
    picker.show(steps);
  }

  function reset() {
    steps = [];
    list.replaceChildren();
    countLine.textContent = "Count: 0. The pone lays first.";
    drawTotals([0, 0]);
    picker.show([]);
  }

  async function run(candidate, fromLink, where = "typed") {
    if (!candidate.length) {
      reset();
      input.value = "";
      showError("");
      if (!fromLink) writeFragment("");
      return;
    }
    const reply = await engine.call("play", { steps: candidate.join(" ") });
    if (!reply.ok) {
      showError(reply.error, where);
      input.value = candidate.join(" ");
      return;
    }
    showError("");
    steps = reply.result.steps.map((s) => (s.go ? "go" : s.card));
    input.value = steps.join(" ");
    draw(reply.result);
    root.dataset.lastMs = String(reply.ms);
    if (fromLink) landOnResult();
    else writeFragment(playFragment(steps));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(tokensOf(input.value), false);
  });
  pickerNode.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (button && !steps.includes(button.dataset.card)) run([...steps, button.dataset.card], false, "pressed");
  });
  root.querySelector("[data-play-go]").addEventListener("click", () => run([...steps, "go"], false, "pressed"));
  root.querySelector("[data-play-undo]").addEventListener("click", () => run(steps.slice(0, -1), false, "pressed"));
  root.querySelector("[data-play-clear]").addEventListener("click", () => run([], false));
  reset();

  return { load: (state) => run(state.steps, true), showError, destroy: () => picker.destroy() };
}

// --- page wiring --------------------------------------------------------------------------

const STATUS_TEXTS = {
  idle: "The scorer starts when you need it.",
  loading: "Loading the engine…",
  ready: "Ready.",
  failed: "The scorer could not start in this browser. Everything else on this site still works.",
  unsupported: "This browser cannot run the scorer (it needs WebAssembly). Everything else on this site still works.",
};

function setup(root) {
  engine.start();
  const unsubscribe = showEngineStatus(root, (state) => STATUS_TEXTS[state]); // the bar says the phase
  const show = showScorer(root.querySelector("[data-show-scorer]"));
  const play = playScorer(root.querySelector("[data-play-scorer]"));

  function applyFragment() {
    const state = scorerState();
    if (state.kind !== "show") delete root.querySelector("[data-show-result]").dataset.pending; // set by the page for a hand link
    if (state.kind === "invalid") show.showError(state.message);
    if (state.kind === "show") show.load(state);
    if (state.kind === "play") play.load(state); // landing.js brings its result into view
  }
  applyFragment();
  window.addEventListener("hashchange", applyFragment);
  return () => {
    window.removeEventListener("hashchange", applyFragment);
    show.destroy();
    play.destroy();
    unsubscribe();
  };
}

mountPage("[data-scorer-page]", setup);
