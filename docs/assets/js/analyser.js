// The discard analyser: six cards and whose crib it is -> the fifteen throws ranked by the
// engine (`analyse`: hand over the 46 starters, the crib valued exactly for this deal), each
// with a small chart of the kept hand's totals. The URL fragment holds the deal
// (#deal=5H,5S,6C,7D,JD,KC&dealer=1), so a link reproduces it. Nothing from the URL is
// inserted as HTML: the fragment is checked against a strict pattern and text goes in via
// textContent.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardFace, cardFaces, cardFromPicker, deck } from "./cards.js";
import { bindPicker, drawSlots, keepFocus } from "./picker.js";
import { bringIntoView } from "./ui.js";
import { badLinkMessage, fragmentFields, pageFragment } from "./link.js";

const SIX = 6;
const CARD_CODE = /^(10|[2-9TJQKA])[CDHS]$/i;
const SVG = "http://www.w3.org/2000/svg";
const STATUS_TEXTS = {
  idle: "The analyser starts when you need it.",
  loading: "Loading the engine…",
  ready: "Ready.",
  failed: "The analyser could not start in this browser. Everything else on this site still works.",
  unsupported: "This browser cannot run the analyser (it needs WebAssembly). Everything else on this site still works.",
};

const fixed = (value) => value.toFixed(2);
const signed = (value, dealer) => (dealer ? "+" : "−") + fixed(value);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

const NOT_A_DEAL = badLinkMessage("a deal of six cards", "nothing was analysed");

// #deal=AD,7H,3S,4S,5D,KD&dealer=1 -> {cards, dealer}; a bad link -> {invalid}; none or an anchor -> null.
export function readDealFragment(hash) {
  const { kind, text: raw } = pageFragment(hash);
  if (kind === "none") return null;
  if (kind === "bad" || !raw.startsWith("deal=")) return { invalid: NOT_A_DEAL }; // a broken %-escape, or no deal
  const params = fragmentFields(raw);
  const cards = (params.get("deal") || "").split(",");
  const dealer = params.get("dealer");
  if (raw.length > 80 || cards.length !== SIX || !cards.every((c) => CARD_CODE.test(c)) || !["0", "1"].includes(dealer)) {
    return { invalid: NOT_A_DEAL };
  }
  return { cards: cards.map((c) => c.toUpperCase()), dealer: dealer === "1" };
}

export const dealFragment = (cards, dealer) => `deal=${cards.join(",")}&dealer=${dealer ? 1 : 0}`;

// The kept hand's totals over the 46 starters: a bar per total on a shared scale, with the
// points under each bar and the number of starters above it.
function chart(throwData, [low, high]) {
  const width = 200;
  const height = 56;
  const step = width / (high - low + 1);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "throw__chart");
  svg.setAttribute("role", "img");
  const words = throwData.distribution.map(([points, n]) => `${points} points with ${n}`).join(", ");
  svg.setAttribute("aria-label", `Hand totals over the 46 starters: ${words}.`);
  const tallest = Math.max(...throwData.distribution.map(([, n]) => n));
  const axis = document.createElementNS(SVG, "line");
  Object.entries({ x1: 0, x2: width, y1: height - 14, y2: height - 14, class: "throw__axis" })
    .forEach(([k, v]) => axis.setAttribute(k, String(v)));
  svg.append(axis);
  throwData.distribution.forEach(([points, n]) => {
    const barHeight = Math.max(2, ((height - 26) * n) / tallest);
    const x = (points - low) * step + step * 0.15;
    const bar = document.createElementNS(SVG, "rect");
    Object.entries({ x, y: height - 14 - barHeight, width: step * 0.7, height: barHeight, class: "throw__bar" })
      .forEach(([k, v]) => bar.setAttribute(k, String(v)));
    const label = document.createElementNS(SVG, "text");
    Object.entries({ x: x + step * 0.35, y: height - 3, class: "throw__tick" }).forEach(([k, v]) => label.setAttribute(k, String(v)));
    label.textContent = String(points);
    const count = document.createElementNS(SVG, "text");
    Object.entries({ x: x + step * 0.35, y: height - 17 - barHeight, class: "throw__count" }).forEach(([k, v]) => count.setAttribute(k, String(v)));
    count.textContent = String(n);
    svg.append(bar, label, count);
  });
  return svg;
}

function numbers(throwData, best, dealer) {
  const list = el("dl", undefined, "throw__numbers");
  const add = (term, value, note) => {
    const row = el("div");
    const dd = el("dd", value);
    if (note) dd.append(el("span", note, "throw__note"));
    row.append(el("dt", term), dd);
    list.append(row);
  };
  add("Hand", fixed(throwData.hand_value), ` ${throwData.hand_min}–${throwData.hand_max}`);
  add(dealer ? "Crib" : "Their crib", signed(throwData.crib_value, dealer));
  add("Value", fixed(throwData.value));
  add("Behind best", fixed(best.value - throwData.value));
  return list;
}

function drawResult(box, cards, data) {
  const best = data.throws[0];
  const scale = [Math.min(...data.throws.map((t) => t.hand_min)), Math.max(...data.throws.map((t) => t.hand_max))];
  const summary = el("p", undefined, "analyser__summary");
  summary.append("Best: keep ", cardFaces(cards, best.keep), " and throw ", cardFaces(cards, best.discard),
    `, worth ${fixed(best.value)} points a deal on average.`);
  const note = el("p", data.dealer
    ? "The crib is yours: its value is added to the hand's."
    : "The crib is your opponent's: its value is taken from the hand's.", "analyser__note");
  const list = el("ol", undefined, "throws-list");
  list.setAttribute("aria-label", "The fifteen throws, best first");
  data.throws.forEach((t, i) => {
    const item = el("li", undefined, "throw" + (i === 0 ? " throw--best" : ""));
    item.dataset.discard = t.discard.join(",");
    const head = el("p", undefined, "throw__head");
    head.append(el("span", String(i + 1), "throw__rank"), el("span", "Keep", "throw__what"), cardFaces(cards, t.keep),
      el("span", "Throw", "throw__what"), cardFaces(cards, t.discard));
    item.append(head, numbers(t, best, data.dealer), chart(t, scale));
    list.append(item);
  });
  box.replaceChildren(summary, note, list);
}

function setup(root) {
  engine.start();
  const unsubscribe = showEngineStatus(root, (state) => STATUS_TEXTS[state]); // the bar says the phase
  const form = root.querySelector("[data-analyser-form]");
  const input = root.querySelector("#analyser-cards");
  const error = root.querySelector("[data-analyser-error]");
  const slots = root.querySelector("[data-analyser-chosen]");
  const result = root.querySelector("[data-analyser-result]");
  const link = root.querySelector("[data-analyser-link]");
  const picker = bindPicker(root.querySelector("[data-analyser-picker]"));
  const face = (code) => cardFace(cardFromPicker(root, code) || { code, label: code, name: code, red: false });
  const isDealer = () => root.querySelector('input[name="analyser-crib"]:checked').value === "dealer";
  let codes = []; // the valid cards the input names, in order
  let readSerial = 0;

  function showError(message) {
    error.textContent = message || "";
    error.hidden = !message;
  }

  // Slots and picker follow the input, whatever it says (bad tokens are shown as typed).
  async function readInput() {
    const serial = ++readSerial;
    const text = input.value;
    if (!text.trim()) {
      codes = [];
      drawSlots(slots, [{ label: "Your six cards", size: SIX, tokens: [] }], face);
      picker.show([]);
      return { tokens: [], error: null };
    }
    const reply = await engine.call("read_cards", { text });
    if (serial !== readSerial || !reply.ok) return reply.ok ? null : { tokens: [], error: reply.error };
    codes = reply.result.tokens.filter((t) => t.card).map((t) => t.card);
    drawSlots(slots, [{ label: "Your six cards", size: SIX, tokens: reply.result.tokens }], face);
    picker.show(codes);
    return reply.result;
  }

  async function analyse(fromLink) {
    clearTimeout(timer); // a pending read of the box would overtake this one
    const read = await readInput();
    if (!read) return;
    if (read.error) return fail(read.error);
    if (codes.length !== SIX) {
      return fail(codes.length < SIX
        ? `Choose ${SIX - codes.length} more card${SIX - codes.length === 1 ? "" : "s"}: the analyser needs the six you were dealt.`
        : `That is ${codes.length} cards: type the six you were dealt.`);
    }
    const dealer = isDealer();
    const reply = await engine.call("analyse", { cards: codes.join(" "), dealer });
    if (!reply.ok) return fail(reply.error);
    showError("");
    const cards = await deck();
    keepFocus(result, () => drawResult(result, cards, reply.result));
    if (!fromLink) bringIntoView(result);
    root.dataset.lastMs = String(reply.ms);
    root.dataset.shown = codes.join(",");
    performance.mark("cribbage:analysis");
    const fragment = dealFragment(codes, dealer);
    if (!fromLink) history.replaceState(history.state, "", "#" + fragment);
    link.href = "#" + fragment;
    link.hidden = false;
    return undefined;
  }

  function fail(message) {
    showError(message);
    result.replaceChildren();
    delete root.dataset.shown;
    link.hidden = true;
  }

  let timer = null;
  const onInput = () => {
    clearTimeout(timer);
    timer = setTimeout(readInput, 150);
  };
  input.addEventListener("input", onInput);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    analyse(false);
  });
  root.querySelectorAll('input[name="analyser-crib"]').forEach((radio) => radio.addEventListener("change", () => {
    if (codes.length === SIX) analyse(false);
  }));
  root.querySelector("[data-analyser-clear]").addEventListener("click", () => {
    input.value = "";
    showError("");
    result.replaceChildren();
    link.hidden = true;
    readInput();
    history.replaceState(history.state, "", location.pathname);
  });
  root.querySelector("[data-analyser-picker]").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const code = button.dataset.card;
    let next = codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
    if (next.length > SIX) {
      showError("Six cards are chosen already: press one of them to take it back.");
      return;
    }
    input.value = next.join(" ");
    showError("");
    if (next.length === SIX) analyse(false);
    else {
      result.replaceChildren();
      readInput();
    }
  });

  function applyFragment() {
    const state = readDealFragment(location.hash);
    if (!state) return;
    if (state.invalid) {
      fail(state.invalid);
      return;
    }
    root.querySelector(`input[name="analyser-crib"][value="${state.dealer ? "dealer" : "pone"}"]`).checked = true;
    input.value = state.cards.join(" ");
    analyse(true);
  }
  drawSlots(slots, [{ label: "Your six cards", size: SIX, tokens: [] }], face);
  // a bad link is said at once; a deal waits for the card faces the engine draws
  const linked = readDealFragment(location.hash);
  if (linked && linked.invalid) fail(linked.invalid);
  else if (linked) engine.call("deck", {}).then(applyFragment);
  window.addEventListener("hashchange", applyFragment);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("hashchange", applyFragment);
    picker.destroy();
    unsubscribe();
  };
}

mountPage("[data-analyser-page]", setup);
