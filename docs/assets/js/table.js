// The table: a game against the computer. The engine (in the worker) holds the whole game and
// every rule; the page gets a view of what a player could see across a real table, plus the
// game sealed by the worker, which it stores but cannot read. This file lays out the felt,
// paces the computer's cards and the show, keeps the board, log and record, and saves.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardButton, cardFace, cardFaces, deck } from "./cards.js";
import { drawBoard } from "./board.js";
import { addGame, drawRecord, loadRecord, saveRecord } from "./table-record.js";
import { el } from "./ui.js";
import words from "./vocabulary.js";
import { KEYS } from "./storage.js";

const STORE = KEYS.table;
const SETTINGS = KEYS.tableSettings;
const YOU = 0, COMPUTER = 1;
const WHO = ["You", "Computer"];
const PACE = { instant: 0, normal: 700, slow: 1400 }; // ms before the computer's card shows
const SHOW_STEP = { instant: 0, normal: 900, slow: 1600 }; // ms per combination at the show
const PART_NAMES = { pone: "hand", dealer: "hand", crib: "crib" };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function readJSON(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return undefined; // unreadable
  }
}

function writeJSON(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage unavailable: this visit only */ }
}

// --- what the felt shows, built from the events (the same code live and on resume) -----------

function emptyFelt() {
  return { scores: [0, 0], previous: [0, 0], dealer: null, computerCards: 0, cribCards: 0,
    starter: null, cuts: [], pile: [], pileClosed: false, count: 0, show: [], result: null };
}

function applyEvent(felt, event) {
  switch (event.type) {
    case "cut":
      if (felt.cuts.length >= 2) felt.cuts = [];
      felt.cuts.push({ card: event.cards[0], player: event.player });
      break;
    case "recut":
      felt.cuts = [];
      break;
    case "dealer":
      felt.dealer = event.player;
      break;
    case "deal":
      // The last show stays laid out, marked as the last deal's, until the next starter is cut:
      // the crib is often counted in the same reply that deals the next hand.
      Object.assign(felt, { dealer: event.player, computerCards: 6, cribCards: 0, starter: null,
        cuts: [], pile: [], pileClosed: false, count: 0, showIsPast: felt.show.length > 0 });
      break;
    case "discard":
      felt.cribCards += 2;
      if (event.player === COMPUTER) felt.computerCards -= 2;
      break;
    case "starter":
      felt.starter = event.cards[0];
      felt.show = [];
      felt.showIsPast = false;
      break;
    case "play":
      if (felt.pileClosed) felt.pile = [];
      felt.pileClosed = false;
      felt.pile.push({ card: event.cards[0], player: event.player });
      felt.count = event.count;
      if (event.player === COMPUTER) felt.computerCards -= 1;
      break;
    case "go":
      if (felt.pileClosed) felt.pile = [];
      felt.pileClosed = false;
      felt.pile.push({ go: true, player: event.player });
      break;
    case "reset": // the finished count stays in view until the next one begins
      felt.pileClosed = true;
      break;
    case "score":
      felt.previous[event.player] = felt.scores[event.player];
      felt.scores = [...event.scores];
      break;
    case "show":
      if (event.player === COMPUTER && event.part !== "crib") felt.computerCards = 0;
      if (event.part === "crib") felt.cribCards = 0;
      felt.show.push({ event, done: false, lit: null });
      break;
    case "game_over":
      felt.result = event.result;
      break;
    default:
  }
}

// --- the page ---------------------------------------------------------------------------------

function setup(root) {
  const $ = (selector) => root.querySelector(selector);
  const stopStatus = showEngineStatus(root, (state) => ({
    loading: "Loading the engine…", ready: "", idle: "",
  }[state] ?? "The table could not start in this browser. Everything else on this site still works."));
  const rules = words.rules;
  const levels = words.levels.table;
  const board = drawBoard($("[data-board]"), rules);
  const levelSelect = $("[data-table-level]");
  levelSelect.replaceChildren(...levels.map((level) => { // the engine's list, in the page's words
    const option = el("option", level.label);
    option.value = level.id;
    option.selected = level.default;
    option.title = level.description;
    return option;
  }));
  const settings = { pace: "normal", countByHand: false, muggins: false, ...(readJSON(SETTINGS) || {}) };
  if (!(settings.pace in PACE)) settings.pace = "normal";
  $("[data-table-pace]").value = settings.pace;
  $("[data-count-by-hand]").checked = Boolean(settings.countByHand);
  $("[data-muggins]").checked = Boolean(settings.muggins);
  $("[data-muggins]").disabled = !settings.countByHand;

  let cards = null; // code -> card
  let view = null;
  let sealed = null;
  let felt = emptyFelt();
  let selected = [];
  let busy = false;
  let hurry = false; // set by any action: finish what is being shown at once
  let showing = Promise.resolve(); // the show being counted aloud, one combination at a time
  let alive = true;
  let { record, notice: recordNotice } = loadRecord();

  function notice(text) {
    $("[data-table-notice]").textContent = text;
    $("[data-table-notice]").hidden = !text;
  }

  function setBusy(flag) {
    busy = flag;
    if (flag) root.dataset.busy = "true"; // tests and assistive tools can wait for the reply
    else delete root.dataset.busy;
  }

  function save() {
    writeJSON(STORE, { version: 2, sealed, level: view.level });
  }

  async function call(method, params) {
    const reply = await engine.call(method, params);
    if (!reply.ok) {
      notice(reply.error);
      return null;
    }
    return reply.result;
  }

  // --- drawing --------------------------------------------------------------------------------

  function backs(count, label) {
    const box = el("div", undefined, "felt__backs");
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", label);
    for (let i = 0; i < count; i++) box.append(el("span", undefined, "card-back"));
    return box;
  }

  function drawFelt() {
    $("[data-computer-hand]").replaceChildren(el("span", "Computer", "felt__label"),
      backs(felt.computerCards, `The computer holds ${felt.computerCards} card${felt.computerCards === 1 ? "" : "s"} face down`));
    $("[data-computer-hand]").dataset.cards = String(felt.computerCards);
    for (const owner of [YOU, COMPUTER]) {
      const slot = $(`[data-crib-slot="${owner}"]`);
      const here = felt.dealer === owner && felt.cribCards > 0;
      slot.replaceChildren(...(here ? [el("span", owner === YOU ? "Your crib" : "Computer's crib", "felt__label"),
        backs(felt.cribCards, `${owner === YOU ? "Your" : "The computer's"} crib: ${felt.cribCards} cards face down`)] : []));
      slot.dataset.cards = here ? String(felt.cribCards) : "0";
    }
    drawDeck();
    drawPile();
    drawShow();
    drawScores();
  }

  function drawDeck() {
    const box = $("[data-deck]");
    const parts = [el("span", "Deck", "felt__label"), el("span", undefined, "card-back card-back--deck")];
    if (felt.starter) {
      const starter = el("span", undefined, "felt__starter");
      starter.append(el("span", "Starter", "felt__label"), cardFace(cards[felt.starter]));
      parts.push(starter);
    } else if (felt.cuts.length) {
      felt.cuts.forEach(({ card, player }) => {
        const cut = el("span", undefined, "felt__starter");
        cut.append(el("span", `${WHO[player]} cut`, "felt__label"), cardFace(cards[card]));
        parts.push(cut);
      });
    }
    box.replaceChildren(...parts);
    box.dataset.starter = felt.starter || "";
  }

  function drawPile() {
    const box = $("[data-pile]");
    const inPlay = felt.pile.length > 0;
    const status = !inPlay ? "" : felt.pileClosed
      ? `Count ended at ${felt.count}${felt.count === rules.THIRTY_ONE ? "" : " (go)"}: the next count starts from zero`
      : `Count: ${felt.count}`;
    const row = el("ol", undefined, "pile");
    row.setAttribute("aria-label", "Cards in this count, in the order laid");
    felt.pile.forEach((laid) => {
      const item = el("li", undefined, `pile__card pile__card--${laid.player === YOU ? "you" : "computer"}`);
      item.dataset.by = laid.player === YOU ? "you" : "computer";
      if (laid.go) item.append(el("span", "Go", "pile__go"));
      else {
        item.dataset.card = laid.card;
        item.append(cardFace(cards[laid.card]));
      }
      item.append(el("span", laid.player === YOU ? "You" : "Computer", "pile__by"));
      row.append(item);
    });
    box.replaceChildren(el("p", status, "pile__status"), row);
    box.dataset.count = String(felt.count);
    box.dataset.closed = felt.pileClosed ? "true" : "false";
  }

  function showTitle(event) {
    const owner = event.player === YOU ? "Your" : "The computer's";
    return `${owner} ${PART_NAMES[event.part]}`;
  }

  // Each counted hand laid out with the starter; the combination being counted is lit.
  function drawShow() {
    const box = $("[data-show]");
    const rows = felt.show.map((shown, index) => {
      const { event } = shown;
      const breakdown = event.breakdown;
      const row = el("div", undefined, "show-row" + (shown.lit !== null ? " show-row--counting" : ""));
      row.dataset.part = event.part;
      row.dataset.player = event.player === YOU ? "you" : "computer";
      // The last deal's show, still on the felt while the next deal is thrown, says so in its
      // titles: a line of its own would move the cards below it.
      const past = felt.showIsPast ? "Last deal · " : "";
      row.append(el("p", `${past}${showTitle(event)}: ${shown.done ? breakdown.total : "…"}`, "show-row__title"));
      const item = shown.lit === null ? null : breakdown.items[shown.lit];
      const lit = new Set(item ? item.cards : []);
      const laid = el("div", undefined, "show-row__cards");
      [...breakdown.hand, breakdown.starter].forEach((code, position) => {
        const face = cardFace(cards[code]);
        if (position === 4) face.classList.add("card--starter");
        if (lit.has(code)) face.classList.add("card--lit");
        laid.append(face);
      });
      row.append(laid);
      row.dataset.highlight = item ? item.cards.join(" ") : "";
      row.dataset.highlightKind = item ? item.kind : "";
      const said = el("p", undefined, "show-row__spoken");
      if (item) said.textContent = `${words.kinds[item.kind].label} ${item.points}`;
      else if (shown.done) said.textContent = breakdown.total ? `“${breakdown.spoken}”` : "Nineteen: nothing to count.";
      row.append(said);
      if (shown.done && event.verdict) row.append(verdictLine(event.verdict));
      return row;
    });
    const pending = pendingCount();
    if (pending) rows.push(pending);
    box.querySelector("[data-show-rows]").replaceChildren(...rows);
    root.querySelector(".felt").toggleAttribute("data-showing", rows.length > 0);
    const counting = felt.show.some((shown) => !shown.done);
    const skip = box.querySelector("[data-skip]");
    if (!counting && skip.contains(document.activeElement)) placeFocus(null, true); // before it hides
    skip.hidden = !counting;
  }

  function verdictLine(verdict) {
    const line = el("p", undefined, "show-row__verdict");
    const said = verdict.claim.total;
    let text = `You said ${said}; it holds ${verdict.actual}.`;
    if (verdict.missed.length) text += ` Missed ${verdict.missed_points}: ${verdict.missed.map((i) => words.kinds[i.kind].label.toLowerCase()).join(", ")}.`;
    if (verdict.overcount) text += ` ${verdict.overcount} too many: you peg ${verdict.actual}.`;
    line.textContent = text;
    return line;
  }

  // Counting by hand: your hand (or crib) laid out, waiting for your total.
  function pendingCount() {
    if (!view || !view.count_by_hand || !view.legal.some((a) => a.kind === "count")) return null;
    const codes = view.show_part === "crib" ? view.crib : view.kept;
    if (!codes || !view.starter) return null;
    const row = el("div", undefined, "show-row show-row--yours");
    row.dataset.part = view.show_part;
    row.append(el("p", `Your ${PART_NAMES[view.show_part]}: count it`, "show-row__title"));
    const laid = el("div", undefined, "show-row__cards");
    [...codes, view.starter].forEach((code, position) => {
      const face = cardFace(cards[code]);
      if (position === 4) face.classList.add("card--starter");
      laid.append(face);
    });
    row.append(laid);
    return row;
  }

  function drawScores() {
    board.place(felt.scores, felt.previous);
    $("[data-scores]").textContent = `You (blue) ${felt.scores[0]} · Computer (red) ${felt.scores[1]}`
      + (felt.dealer === null ? "" : ` · ${felt.dealer === YOU ? "your" : "the computer's"} crib`);
    root.dataset.scores = felt.scores.join(",");
  }

  function drawHand() {
    const hand = $("[data-hand]");
    const playable = new Set(view.legal.filter((a) => a.kind === "play").map((a) => a.cards[0]));
    const discarding = view.legal.some((a) => a.kind === "discard");
    // after the throw the four kept cards keep their places; a laid card leaves a gap
    const places = view.kept.length && view.phase !== "discard" ? view.kept : view.hand;
    hand.replaceChildren(...places.map((code) => {
      if (!view.hand.includes(code)) {
        const gap = el("span", undefined, "table__card-gap");
        gap.setAttribute("aria-hidden", "true");
        return gap;
      }
      const button = cardButton(cards[code], "picker__card table__card");
      if (discarding) {
        button.setAttribute("aria-pressed", selected.includes(code) ? "true" : "false");
        button.addEventListener("click", () => {
          selected = selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code].slice(-2);
          drawHand();
          drawActions();
          $(`[data-hand] [data-card="${code}"]`).focus();
        });
      } else if (playable.has(code)) {
        button.addEventListener("click", () => act({ kind: "play", player: YOU, cards: [code] }));
      } else {
        button.setAttribute("aria-disabled", "true"); // still focusable: say why it cannot be laid
        button.addEventListener("click", () => {
          say(view.phase === "play"
            ? `The ${cards[code].name} would take the count past ${rules.THIRTY_ONE}.` : "Wait for your turn.");
        });
      }
      return button;
    }));
  }

  function drawActions() {
    const box = $("[data-actions]");
    const kinds = new Set(view.legal.map((a) => a.kind));
    const items = [];
    const add = (label, action, primary = true) => {
      const button = el("button", label, "md-button" + (primary ? " md-button--primary" : ""));
      button.type = "button";
      button.dataset.action = action.kind;
      button.addEventListener("click", () => act(action));
      items.push(button);
      return button;
    };
    if (kinds.has("cut")) add("Cut for deal", { kind: "cut", player: YOU });
    if (kinds.has("deal")) add(view.hand_number ? "Deal the next hand" : "Deal", { kind: "deal", player: YOU });
    if (kinds.has("discard")) {
      add(`Throw ${selected.length === 2 ? "these two" : "two cards"} to the crib`,
        { kind: "discard", player: YOU, cards: selected }).disabled = selected.length !== 2;
      const hint = el("button", "Suggest a throw", "md-button");
      hint.type = "button";
      hint.dataset.hint = "";
      hint.addEventListener("click", suggest);
      items.push(hint);
    }
    if (kinds.has("starter")) add("Cut the starter", { kind: "starter", player: YOU });
    if (kinds.has("go")) add("Go", { kind: "go", player: YOU });
    if (kinds.has("count")) {
      const part = PART_NAMES[view.show_part];
      if (view.count_by_hand) items.push(claimForm(part));
      else add(`Count your ${part}`, { kind: "count", player: YOU });
    }
    if (kinds.has("play")) items.push(el("span", "Your turn: lay a card.", "table__prompt"));
    if (view.result) {
      items.push(el("span", "Game over.", "table__prompt"));
      const again = el("button", "Play again", "md-button md-button--primary");
      again.type = "button";
      again.dataset.again = "";
      again.addEventListener("click", () => newGame(false));
      items.push(again);
    }
    box.replaceChildren(...items);
  }

  function claimForm(part) {
    const form = el("form", undefined, "table__claim");
    const label = el("label", `Your ${part} holds`);
    const input = el("input");
    Object.assign(input, { type: "number", min: 0, max: rules.MAX_SHOW, step: 1, required: true, inputMode: "numeric" });
    input.dataset.claim = "";
    label.append(" ", input, " points");
    const submit = el("button", `Count your ${part}`, "md-button md-button--primary");
    submit.type = "submit";
    submit.dataset.action = "count";
    form.append(label, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const total = Number(input.value);
      if (input.value === "" || !Number.isInteger(total) || total < 0 || total > rules.MAX_SHOW) {
        notice(`Type a whole number from 0 to ${rules.MAX_SHOW}.`);
        input.focus();
        return;
      }
      act({ kind: "count", player: YOU, claim: { total } });
    });
    return form;
  }

  function drawSummary() {
    const box = $("[data-summary]");
    if (!view || !view.summary) {
      box.replaceChildren();
      return;
    }
    const { points } = view.summary;
    const table = el("table"); // unclassed: the theme's table style
    table.tabIndex = 0; // it scrolls sideways on a narrow screen: reachable by keyboard
    table.append(el("caption", `Points by source (${view.summary.deals} deals)`));
    const head = el("tr");
    ["Points from", "You", "Computer"].forEach((text) => { const th = el("th", text); th.scope = "col"; head.append(th); });
    table.createTHead().append(head);
    const body = table.createTBody();
    const sources = [["pegging", "Pegging"], ["hand", "Hands"], ["crib", "Cribs"], ["heels", words.kinds.heels.label], ["muggins", "Muggins"]];
    for (const [source, label] of sources) {
      if (!points[0][source] && !points[1][source] && source !== "pegging" && source !== "hand") continue;
      const row = el("tr");
      const th = el("th", label);
      th.scope = "row";
      row.append(th, el("td", String(points[0][source])), el("td", String(points[1][source])));
      body.append(row);
    }
    const total = el("tr", undefined, "table__summary-total");
    const th = el("th", "Total");
    th.scope = "row";
    total.append(th, el("td", String(view.scores[0])), el("td", String(view.scores[1])));
    body.append(total);
    box.replaceChildren(el("h2", view.result.winner === YOU ? "You won" : "The computer won"), table);
  }

  function logLine(event) {
    if (!event.text) return;
    const item = el("li", event.text);
    item.dataset.type = event.type;
    $("[data-log]").append(item); // oldest first: earlier lines never move when one is added
  }

  // After a move the control that was used may be gone: put focus on the next thing to do.
  function placeFocus(previousKey, force = false) {
    const active = document.activeElement;
    if (!force && active && active !== document.body && root.contains(active) && active.isConnected) return;
    const candidates = [previousKey && root.querySelector(previousKey), $("[data-claim]"),
      $("[data-actions] .md-button--primary:not([disabled])"), $("[data-hand] button:not([aria-disabled])"),
      $("[data-actions] button:not([disabled])"), $("[data-hand] button"), $("[data-new-game]")];
    const target = candidates.find((node) => node && !node.disabled);
    if (!target) return;
    target.focus({ preventScroll: true });
    keepInView(target);
  }

  // On a phone the felt, the announcement and the actions do not fit on one screen. After a move
  // show the count (or the show) with the next thing to do and what just happened, if they fit;
  // else the count and the next thing to do; else the next thing to do alone.
  function keepInView(target) {
    const header = document.querySelector(".md-header");
    const top = (header ? header.getBoundingClientRect().bottom : 0) + 8;
    const bottom = window.innerHeight - 8;
    const middle = $(".felt[data-showing]") ? $("[data-show]") : $("[data-pile]");
    const choices = [[middle, target, $("[data-announce]")], [middle, target], [target]];
    for (const nodes of choices) {
      const boxes = nodes.filter((node) => node && node.getClientRects().length).map((node) => node.getBoundingClientRect());
      const from = Math.min(...boxes.map((box) => box.top));
      const to = Math.max(...boxes.map((box) => box.bottom));
      if (to - from > bottom - top && nodes.length > 1) continue;
      const delta = from < top ? from - top : to > bottom ? Math.min(to - bottom, from - top) : 0;
      if (delta) window.scrollBy({ top: delta, behavior: reducedMotion() ? "instant" : "smooth" });
      return;
    }
  }

  function focusKey() {
    const active = document.activeElement;
    if (!active || !root.contains(active)) return null;
    if (active.dataset.card && active.closest("[data-hand]")) return `[data-hand] [data-card="${active.dataset.card}"]`;
    return null;
  }

  // --- pacing: the computer's cards, then the show counted aloud --------------------------------

  async function run(events, paced) {
    const pace = paced ? PACE[settings.pace] : 0;
    const computerCards = events.filter((e) => e.type === "play" && e.player === COMPUTER).length;
    const wait = computerCards ? pace / computerCards : 0; // input is never held back longer than one pause
    const said = [];
    for (const event of events) {
      if (event.type === "play" && event.player === COMPUTER && wait && !hurry) {
        drawFelt();
        await sleep(wait);
      }
      applyEvent(felt, event);
      logLine(event);
      if (["deal", "play", "go", "score", "show", "game_over", "starter"].includes(event.type)) said.push(event);
      if (event.type === "show") {
        const shown = felt.show.at(-1);
        if (paced) showing = showing.then(() => countAloud(shown));
        else shown.done = true;
      }
    }
    if (said.length) announce(said);
    const log = $("[data-log]");
    log.scrollTop = log.scrollHeight; // the newest line in view (scrolling moves no layout)
  }

  // What just happened, in the few lines a phone has room for: a count that scored is said by its
  // points ("The computer pegs 7 for the hand: …"), so its spoken words (on the felt) are left out;
  // the newest line, with the score, stays in view.
  function announce(said) {
    const lines = said.filter((event, i) => !(event.type === "show" && said[i + 1]?.type === "score"))
      .slice(-4).map((event) => event.text);
    say(lines.join(" "));
  }

  // The announcement box is a Tab stop only while it has more than it shows (to scroll it by keyboard).
  function say(text) {
    const box = $("[data-announce]");
    box.textContent = text;
    box.scrollTop = box.scrollHeight;
    if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
    else box.removeAttribute("tabindex");
  }

  async function countAloud(shown) {
    const step = reducedMotion() ? 0 : SHOW_STEP[settings.pace];
    const items = shown.event.breakdown.items;
    for (let index = 0; index < items.length && step && !hurry && alive; index++) {
      shown.lit = index;
      drawShow();
      await sleep(step);
    }
    shown.lit = null;
    shown.done = true;
    if (alive) drawShow();
  }

  async function finishShowing() {
    hurry = true;
    await showing;
    hurry = false;
  }

  // --- moves ----------------------------------------------------------------------------------

  async function present(reply, { paced, fromLog }) {
    const key = focusKey();
    view = reply.view;
    sealed = reply.sealed;
    save();
    root.dataset.phase = view.phase;
    if (fromLog) {
      felt = emptyFelt();
      $("[data-log]").replaceChildren();
      await run(view.log, false);
    } else {
      await run(view.events, paced);
    }
    // the engine's numbers are the truth whatever the events showed on the way
    Object.assign(felt, { scores: view.scores, previous: view.previous_scores, dealer: view.dealer,
      computerCards: view.computer_cards, starter: view.starter });
    drawFelt();
    drawHand();
    drawActions();
    drawSummary();
    if (view.result) recordFinishedGame();
    placeFocus(key);
    performance.mark("cribbage:computer-moved"); // bench/bench_table.py measures up to here
  }

  async function act(action) {
    if (busy) return;
    setBusy(true);
    notice("");
    $("[data-hint-box]").replaceChildren();
    await finishShowing();
    const reply = await call("table_act", { sealed, action });
    if (reply && alive) {
      selected = [];
      await present(reply, { paced: true });
    }
    setBusy(false);
  }

  async function suggest() {
    const reply = await call("table_hint", { sealed });
    if (!reply) return;
    const best = reply.throws[0];
    const line = el("p");
    line.append("Suggested: throw ", cardFaces(cards, best.discard), ` (keeps ${best.hand_value.toFixed(2)} on average, `
      + `${view.dealer === YOU ? "plus" : "minus"} ${best.crib_value.toFixed(2)} for the crib).`);
    $("[data-hint-box]").replaceChildren(line);
  }

  function inProgress() {
    return Boolean(view && !view.result && view.phase !== "cut_for_deal");
  }

  const dialog = $("[data-confirm]");
  function confirm(title, text, yes) {
    if (!inProgress()) return Promise.resolve(true);
    $("[data-confirm-title]").textContent = title;
    $("[data-confirm-text]").textContent = text;
    $("[data-confirm-yes]").textContent = yes;
    const opener = document.activeElement;
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => {
        resolve(dialog.returnValue === "yes");
        if (opener && opener.isConnected) opener.focus();
      }, { once: true });
      dialog.returnValue = "";
      dialog.showModal();
      $("[data-confirm-no]").focus(); // the safe choice first
    });
  }

  async function newGame(ask = true, level = levelSelect.value) {
    if (ask && !(await confirm("Start a new game?", "The game in progress will be lost; it does not count in your record.", "Start a new game"))) return false;
    if (busy) return false;
    setBusy(true);
    notice("");
    await finishShowing();
    const seed = Number(new URLSearchParams(location.search).get("seed")); // seeded games for tests and examples
    const params = { level, count_by_hand: Boolean(settings.countByHand), muggins: Boolean(settings.countByHand && settings.muggins) };
    if (Number.isInteger(seed) && seed > 0 && !view) params.seed = seed;
    const reply = await call("table_new", params);
    if (reply && alive) {
      selected = [];
      felt = emptyFelt();
      $("[data-log]").replaceChildren();
      $("[data-option-note]").hidden = true;
      levelSelect.value = reply.view.level;
      await present(reply, { paced: true });
    }
    setBusy(false);
    return true;
  }

  async function resume() {
    const saved = readJSON(STORE);
    let reply = null;
    setBusy(true);
    if (saved && saved.version === 2 && typeof saved.sealed === "string") {
      reply = await call("table_view", { sealed: saved.sealed });
    }
    setBusy(false);
    if (reply && alive) {
      levelSelect.value = reply.view.level;
      setBusy(true);
      await present(reply, { fromLog: true });
      setBusy(false);
      return;
    }
    const message = saved !== null ? "The saved game could not be read, so a new game has started." : "";
    await newGame(false);
    notice([message, recordNotice].filter(Boolean).join(" "));
  }

  function recordFinishedGame() {
    if (addGame(record, view.level, view.id, view.summary)) saveRecord(record);
    drawRecord($("[data-record]"), record, levels);
  }

  // --- controls -------------------------------------------------------------------------------

  async function changeLevel() {
    const wanted = levelSelect.value;
    const started = await newGame(true, wanted);
    if (!started && view) levelSelect.value = view.level; // asked, and the player kept the game
  }

  function saveSettings() {
    writeJSON(SETTINGS, settings);
  }

  const listeners = [
    [$("[data-new-game]"), "click", () => newGame(true)],
    [levelSelect, "change", changeLevel],
    [$("[data-table-pace]"), "change", (event) => { settings.pace = event.target.value; saveSettings(); }],
    [$("[data-count-by-hand]"), "change", (event) => {
      settings.countByHand = event.target.checked;
      $("[data-muggins]").disabled = !settings.countByHand;
      saveSettings();
      $("[data-option-note]").hidden = !inProgress();
    }],
    [$("[data-muggins]"), "change", (event) => {
      settings.muggins = event.target.checked;
      saveSettings();
      $("[data-option-note]").hidden = !inProgress();
    }],
  ];
  listeners.forEach(([node, type, fn]) => node.addEventListener(type, fn));

  const skip = el("button", "Skip the count", "md-button table__skip");
  skip.type = "button";
  skip.dataset.skip = "";
  skip.hidden = true;
  skip.addEventListener("click", () => {
    hurry = true;
    showing.then(() => { hurry = false; });
  });
  const showRows = el("div", undefined, "felt__show-rows");
  showRows.dataset.showRows = "";
  $("[data-show]").replaceChildren(showRows, skip);

  drawRecord($("[data-record]"), record, levels);
  if (recordNotice) notice(recordNotice);
  deck().then((found) => {
    cards = found;
    if (alive) return resume();
    return null;
  }).catch((error) => notice(String(error.message || error)));

  return () => {
    alive = false;
    hurry = true;
    stopStatus();
    listeners.forEach(([node, type, fn]) => node.removeEventListener(type, fn));
  };
}

mountPage("[data-table-page]", setup);
