// The scorer page: a show scorer (four cards and a starter, hand or crib) and a play scorer
// (cards laid one by one across counts). All counting is done by the engine worker; this file
// only gathers input, keeps the URL fragment in step, and draws what the engine returns.
// Nothing from the URL or the engine is ever inserted as HTML: text goes in via textContent.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardFace, cardFromPicker, deck } from "./cards.js";
import { el, itemsTable, itemLabel, kindHeading } from "./ui.js";
import words from "./vocabulary.js";

const LINK = words.link; // the engine's scorer-link format: keys, separator, the word for a go
const LINK_KEYS = [LINK.hand, LINK.starter, LINK.crib, LINK.play];
const SAFE_FRAGMENT = /^[0-9A-Za-z♣♦♥♠,=&\s-]*$/; // nothing else can spell a card; checked first

// A chosen card, drawn from the picker the build rendered (it is there before the engine is).
function faceFor(root, code) {
  return cardFace(cardFromPicker(root, code) || { code, label: code, name: code, red: false });
}

// --- URL fragment --------------------------------------------------------------------------

const NOT_CARDS = "This link does not describe cards, so nothing was counted.";
const tokens = (text) => text.split(LINK.separator).flatMap((part) => part.split(/\s+/)).filter(Boolean);

// The fragment as the scorer reads it; the engine checks the cards themselves when it counts.
function readFragment() {
  let raw;
  try {
    raw = decodeURIComponent(location.hash.replace(/^#/, ""));
  } catch (error) {
    return { kind: "invalid", message: NOT_CARDS }; // a broken %-escape
  }
  if (!raw.includes("=")) return { kind: "none" };
  if (raw.length > LINK.max_length || !SAFE_FRAGMENT.test(raw)) return { kind: "invalid", message: NOT_CARDS };
  // keys as the engine reads them (cribbage.vocabulary.parse_fragment): trimmed, any case
  const fields = new Map([...new URLSearchParams(raw)].map(([key, value]) => [key.trim().toLowerCase(), value]));
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
  const input = root.querySelector("#scorer-cards");
  const error = root.querySelector("[data-show-error]");
  const chosen = root.querySelector("[data-show-chosen]");
  const result = root.querySelector("[data-show-result]");
  const picker = root.querySelector("[data-show-picker]");
  let selection = [];

  const isCrib = () => root.querySelector('input[name="scorer-kind"]:checked').value === "crib";
  const setCrib = (crib) => {
    root.querySelector(`input[name="scorer-kind"][value="${crib ? "crib" : "hand"}"]`).checked = true;
  };

  function showError(message) {
    error.textContent = message;
    error.hidden = !message;
    if (message) result.replaceChildren();
  }

  function drawSelection() {
    picker.querySelectorAll("button[data-card]").forEach((button) => {
      button.setAttribute("aria-pressed", selection.includes(button.dataset.card) ? "true" : "false");
    });
    const slots = [];
    for (let i = 0; i < 5; i++) {
      const slot = el("span", undefined, i === 4 ? "slot slot--starter" : "slot");
      if (selection[i]) slot.append(faceFor(root, selection[i]));
      else slot.append(el("span", i === 4 ? "starter" : "card " + (i + 1), "slot__empty"));
      slots.push(slot);
    }
    chosen.replaceChildren(el("span", isCrib() ? "Crib" : "Hand", "slot__label"), ...slots.slice(0, 4),
      el("span", "Starter", "slot__label"), slots[4]);
  }

  function drawBreakdown(info, data) {
    const block = el("div", undefined, "breakdown");
    const head = el("p", undefined, "breakdown__head");
    head.append(el("span", data.crib ? "Crib" : "Hand", "breakdown__tag"),
      el("span", "Total", "breakdown__title"), el("span", String(data.total), "breakdown__total"));
    block.append(head);
    if (data.items.length) {
      const table = itemsTable(info, data.items);
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
    result.replaceChildren(block);
  }

  function highlight(event) {
    const row = event.target.closest && event.target.closest("tr[data-cards]");
    const used = row ? row.dataset.cards.split(" ") : [];
    chosen.querySelectorAll(".card").forEach((face) => {
      face.classList.toggle("is-used", used.includes(face.dataset.card));
    });
  }

  async function count(tokens, crib, fromLink) {
    if (tokens.length !== 5) {
      showError(tokens.length < 5
        ? `Choose ${5 - tokens.length} more card${tokens.length === 4 ? " (the starter)" : "s"}: four for the ${crib ? "crib" : "hand"} and the starter.`
        : `That is ${tokens.length} cards: a ${crib ? "crib" : "hand"} is four cards and the starter.`);
      return;
    }
    const reply = await engine.call("score_cards", { cards: tokens.join(" "), crib });
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    showError("");
    selection = [...reply.result.hand, reply.result.starter];
    input.value = selection.join(" ");
    drawSelection();
    drawBreakdown(await deck(), reply.result);
    performance.mark("cribbage:breakdown"); // for bench/bench_browser.py
    root.dataset.lastMs = String(reply.ms);
    if (!fromLink) {
      writeFragment(showFragment(reply.result.hand, reply.result.starter, crib));
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    count(input.value.split(/[\s,]+/).filter(Boolean), isCrib(), false);
  });
  root.querySelectorAll('input[name="scorer-kind"]').forEach((radio) => radio.addEventListener("change", () => {
    drawSelection();
    if (selection.length === 5) count(selection, isCrib(), false);
  }));
  root.querySelector("[data-show-clear]").addEventListener("click", () => {
    selection = [];
    input.value = "";
    showError("");
    result.replaceChildren();
    drawSelection();
    writeFragment("");
  });
  picker.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const code = button.dataset.card;
    if (selection.includes(code)) selection = selection.filter((c) => c !== code);
    else if (selection.length < 5) selection = [...selection, code];
    else {
      showError("Five cards are chosen already: click one of them to take it back.");
      return;
    }
    input.value = selection.join(" ");
    showError("");
    drawSelection();
    if (selection.length === 5) count(selection, isCrib(), false);
    else result.replaceChildren();
  });
  result.addEventListener("mouseover", highlight);
  result.addEventListener("focusin", highlight);
  result.addEventListener("mouseleave", () => highlight({ target: document.body }));
  drawSelection();

  return {
    load(state) {
      setCrib(state.crib);
      const tokens = [...state.hand, ...(state.starter ? [state.starter] : [])];
      input.value = tokens.join(" ");
      // Draw the linked cards at once, from the page's own picker; the engine then confirms them.
      selection = tokens.map((code) => code.toUpperCase()).filter((code) => cardFromPicker(root, code)).slice(0, 5);
      drawSelection();
      count(tokens, state.crib, true);
    },
    showError,
  };
}

// --- the play scorer ----------------------------------------------------------------------

function playScorer(root) {
  const form = root.querySelector("[data-play-form]");
  const input = root.querySelector("#play-cards");
  const error = root.querySelector("[data-play-error]");
  const list = root.querySelector("[data-play-steps]");
  const countLine = root.querySelector("[data-play-count]");
  const picker = root.querySelector("[data-play-picker]");
  let steps = [];

  function showError(message) {
    error.textContent = message;
    error.hidden = !message;
  }

  function draw(result) {
    list.replaceChildren();
    let total = 0;
    let count = 0;
    result.steps.forEach((step) => {
      const item = el("li", undefined, step.closes_count ? "play-step play-step--closes" : "play-step");
      if (step.go) item.append(el("span", "Go", "play-step__go"));
      else item.append(faceFor(root, step.card));
      item.append(el("span", step.go ? "" : "count " + step.count, "play-step__count"));
      const why = step.items.map((i) => `${itemLabel(i.kind)} ${i.points}`).join(", ");
      item.append(el("span", step.points ? `${step.points}: ${why}` : "0", "play-step__points"));
      if (step.closes_count) item.append(el("span", "the count starts again", "play-step__reset"));
      list.append(item);
      total += step.points;
      count = step.closes_count ? 0 : step.count;
    });
    countLine.textContent = `Count: ${count}. Points pegged: ${total}.`;
    picker.querySelectorAll("button[data-card]").forEach((button) => {
      button.setAttribute("aria-pressed", steps.includes(button.dataset.card) ? "true" : "false");
    });
  }

  async function run(candidate, fromLink) {
    if (!candidate.length) {
      steps = [];
      list.replaceChildren();
      countLine.textContent = "Count: 0.";
      showError("");
      if (!fromLink) writeFragment("");
      return;
    }
    const reply = await engine.call("play", { steps: candidate.join(" ") });
    if (!reply.ok) {
      showError(reply.error);
      return;
    }
    showError("");
    steps = reply.result.steps.map((s) => (s.go ? "go" : s.card));
    input.value = steps.join(" ");
    draw(reply.result);
    root.dataset.lastMs = String(reply.ms);
    if (!fromLink) writeFragment(playFragment(steps));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(input.value.split(/[\s,]+/).filter(Boolean), false);
  });
  picker.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (button && !steps.includes(button.dataset.card)) run([...steps, button.dataset.card], false);
  });
  root.querySelector("[data-play-go]").addEventListener("click", () => run([...steps, "go"], false));
  root.querySelector("[data-play-undo]").addEventListener("click", () => run(steps.slice(0, -1), false));
  root.querySelector("[data-play-clear]").addEventListener("click", () => run([], false));

  return { load(state) { run(state.steps, true); }, showError };
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
  const unsubscribe = showEngineStatus(root, (state, detail) =>
    (state === "loading" && detail ? `Loading the engine: ${detail}…` : STATUS_TEXTS[state]));
  const show = showScorer(root.querySelector("[data-show-scorer]"));
  const play = playScorer(root.querySelector("[data-play-scorer]"));

  function applyFragment() {
    const state = readFragment();
    if (state.kind === "invalid") show.showError(state.message);
    if (state.kind === "show") show.load(state);
    if (state.kind === "play") {
      play.load(state);
      root.querySelector("[data-play-scorer]").scrollIntoView();
    }
  }
  applyFragment();
  window.addEventListener("hashchange", applyFragment);
  return () => {
    window.removeEventListener("hashchange", applyFragment);
    unsubscribe();
  };
}

mountPage("[data-scorer-page]", setup);
