// The table: a game against the computer on the engine's state machine. The engine holds every
// rule; this file draws the board and the cards, offers the human's legal actions as buttons,
// announces scores, and saves the game after every move (localStorage, versioned).
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardButton, cardFaces as faces, deck as cardInfo } from "./cards.js";
import { el } from "./ui.js";

const STORE = "cribbage.table.v1";
const YOU = 0;
const ITEM = { fifteen: "fifteen", pair: "a pair", "pair royal": "a pair royal", "double pair royal": "a double pair royal",
  run: "a run", "thirty-one": "thirty-one", go: "one for the go", heels: "his heels", flush: "a flush", nobs: "his nobs" };

// --- the board: 4 streets of 30 holes per player, then the game hole -----------------------

const HOLE = 20, STREET = 46, LEFT = 34, TOP = 22;

function holePosition(player, score) {
  if (score <= 0) return { x: 12, y: TOP + player * 12 };
  if (score >= 121) return { x: LEFT + 30 * HOLE + 14, y: TOP + 3 * STREET + 6 };
  const street = Math.floor((score - 1) / 30);
  const index = (score - 1) % 30;
  const along = street % 2 === 0 ? index : 29 - index; // streets run back and forth
  const gap = Math.floor(along / 5) * 4; // holes in groups of five
  return { x: LEFT + along * HOLE + gap - 10, y: TOP + street * STREET + player * 12 };
}

function drawBoard(box) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${LEFT + 30 * HOLE + 40} ${TOP + 4 * STREET}`);
  svg.setAttribute("class", "board__svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", "board-title");
  const title = document.createElementNS(ns, "title");
  title.id = "board-title";
  svg.append(title);
  for (let player = 0; player < 2; player++) {
    for (let score = 1; score <= 120; score++) {
      const { x, y } = holePosition(player, score);
      const hole = document.createElementNS(ns, "circle");
      hole.setAttribute("cx", x);
      hole.setAttribute("cy", y);
      hole.setAttribute("r", score % 5 === 0 ? 3 : 2.2);
      hole.setAttribute("class", "board__hole board__hole--p" + player);
      svg.append(hole);
    }
  }
  const game = holePosition(0, 121);
  const gameHole = document.createElementNS(ns, "circle");
  gameHole.setAttribute("cx", game.x);
  gameHole.setAttribute("cy", game.y);
  gameHole.setAttribute("r", 5);
  gameHole.setAttribute("class", "board__game-hole");
  svg.append(gameHole);
  for (let player = 0; player < 2; player++) {
    for (const which of ["back", "front"]) {
      const peg = document.createElementNS(ns, "circle");
      peg.setAttribute("r", 5.5);
      peg.setAttribute("class", `board__peg board__peg--p${player} board__peg--${which}`);
      peg.dataset.player = String(player);
      peg.dataset.peg = which;
      svg.append(peg);
    }
  }
  box.replaceChildren(svg);
  return svg;
}

function placePegs(svg, view) {
  for (let player = 0; player < 2; player++) {
    const front = view.scores[player];
    const back = view.previous_scores[player];
    for (const [which, score] of [["front", front], ["back", back === front ? 0 : back]]) {
      const peg = svg.querySelector(`[data-player="${player}"][data-peg="${which}"]`);
      const { x, y } = holePosition(player, score);
      peg.style.transform = `translate(${x}px, ${y}px)`;
      peg.dataset.hole = String(score);
    }
  }
  svg.querySelector("title").textContent =
    `Pegging board. You: ${view.scores[0]} (last peg from ${view.previous_scores[0]}). Computer: ${view.scores[1]} (last peg from ${view.previous_scores[1]}).`;
}

// --- words for events -----------------------------------------------------------------------

function describe(info, event) {
  const who = event.player === YOU ? "You" : "The computer";
  const name = (code) => info[code].name;
  switch (event.type) {
    case "cut": return `${who} cut the ${name(event.cards[0])}.`;
    case "recut": return "Equal cards: cut again.";
    case "dealer": return `${who} deal${event.player === YOU ? "" : "s"} first (lower card).`;
    case "deal": return `${who} deal${event.player === YOU ? "" : "s"} hand ${event.hand + 1}.`;
    case "discard": return `${who} put two cards in the crib.`;
    case "starter": return `The starter is the ${name(event.cards[0])}.`;
    case "play": return `${who} lay${event.player === YOU ? "" : "s"} the ${name(event.cards[0])}: ${event.count}.`;
    case "go": return `${who} say${event.player === YOU ? "" : "s"} go.`;
    case "reset": return "The count starts again from zero.";
    case "show": return `${who} count${event.player === YOU ? "" : "s"} the ${event.part === "crib" ? "crib" : "hand"}: ${event.breakdown.total}. “${event.breakdown.spoken}”`;
    case "score": {
      const what = [...new Set(event.items.map((i) => ITEM[i.kind] || i.kind))].join(" and ");
      return `${who} peg${event.player === YOU ? "" : "s"} ${event.points}: ${what}. (${event.scores[0]} to ${event.scores[1]})`;
    }
    case "game_over": {
      const r = event.result;
      const skunk = r.double_skunk ? " Double skunk!" : r.skunk ? " Skunk!" : "";
      return `${r.winner === YOU ? "You win" : "The computer wins"}, ${r.scores[r.winner]} to ${r.scores[1 - r.winner]}.${skunk}`;
    }
    default: return "";
  }
}

// --- the page -------------------------------------------------------------------------------

function setup(root) {
  engine.start();
  const $ = (selector) => root.querySelector(selector);
  const svg = drawBoard($("[data-board]"));
  let view = null;
  let selected = [];
  let busy = false;

  const unsubscribe = showEngineStatus(root, (state) => (state === "ready" ? "" : state === "loading" ? "Loading the engine…"
    : state === "idle" ? "" : "The table could not start in this browser. Everything else on this site still works."));

  function notice(text) {
    $("[data-table-notice]").textContent = text;
    $("[data-table-notice]").hidden = !text;
  }

  function save() {
    try {
      localStorage.setItem(STORE, JSON.stringify({ version: 1, level: view.level, state: view.state }));
    } catch (error) { /* storage unavailable: the game lasts for this visit */ }
  }

  async function call(method, params) {
    busy = true;
    root.dataset.busy = "true"; // tests and assistive tools can wait for the reply
    const reply = await engine.call(method, params);
    busy = false;
    delete root.dataset.busy;
    if (!reply.ok) {
      notice(reply.error);
      return null;
    }
    return reply.result;
  }

  async function show(next, fresh) {
    const info = await cardInfo();
    view = next;
    root.dataset.phase = view.phase;
    root.dataset.scores = view.scores.join(",");
    save();
    placePegs(svg, view);
    $("[data-scores]").textContent = `You (blue pegs, upper row) ${view.scores[0]} · Computer (red, lower row) ${view.scores[1]}` +
      (view.dealer === null ? "" : ` · ${view.dealer === YOU ? "your" : "the computer's"} crib`);
    $("[data-starter]").replaceChildren(...(view.starter ? ["Starter ", faces(info, [view.starter])] : []));
    $("[data-count]").textContent = view.phase === "play" ? `Count: ${view.count}` : "";
    $("[data-count-cards]").replaceChildren(...(view.count_cards.length ? [faces(info, view.count_cards)] : []));
    drawHand(info);
    drawActions();
    const log = $("[data-log]");
    const shown = fresh ? [] : view.events;
    shown.forEach((event) => {
      const line = describe(info, event);
      if (line) log.prepend(logEntry(info, event, line));
    });
    const lines = shown.map((event) => describe(info, event)).filter(Boolean);
    const scoring = view.events.filter((e) => e.type === "score" || e.type === "game_over").map((e) => describe(info, e));
    $("[data-announce]").textContent = fresh ? "" : (scoring.join(" ") || lines.at(-1) || "");
    if (view.result) $("[data-announce]").textContent = describe(info, { type: "game_over", result: view.result });
  }

  // A count in the show carries its breakdown: every item with the cards it uses.
  function logEntry(info, event, line) {
    const item = el("li", line);
    if (event.type !== "show" || !event.breakdown.items.length) return item;
    const details = el("details", undefined, "table__explain");
    details.append(el("summary", "Explain"));
    const list = el("ul");
    event.breakdown.items.forEach((scored) => {
      const row = el("li", `${ITEM[scored.kind] || scored.kind} ${scored.points}: `);
      row.append(faces(info, scored.cards));
      list.append(row);
    });
    details.append(list);
    item.append(details);
    return item;
  }

  function drawHand(info) {
    const hand = $("[data-hand]");
    const playable = new Set(view.legal.filter((a) => a.kind === "play").map((a) => a.cards[0]));
    const discarding = view.legal.some((a) => a.kind === "discard");
    hand.replaceChildren(...view.hand.map((code) => {
      const button = cardButton(info[code], "picker__card table__card");
      if (discarding) {
        button.setAttribute("aria-pressed", selected.includes(code) ? "true" : "false");
        button.addEventListener("click", () => {
          selected = selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code].slice(-2);
          drawHand(info);
          drawActions();
        });
      } else if (playable.has(code)) {
        button.addEventListener("click", () => act({ kind: "play", player: YOU, cards: [code] }));
      } else {
        button.disabled = true;
      }
      return button;
    }));
  }

  function drawActions() {
    const box = $("[data-actions]");
    const kinds = new Set(view.legal.map((a) => a.kind));
    const buttons = [];
    const add = (label, action) => {
      const button = el("button", label, "md-button md-button--primary");
      button.type = "button";
      button.dataset.action = action.kind;
      button.addEventListener("click", () => act(action));
      buttons.push(button);
    };
    if (kinds.has("cut")) add("Cut for deal", { kind: "cut", player: YOU });
    if (kinds.has("deal")) add(view.state.hand_number ? "Deal the next hand" : "Deal", { kind: "deal", player: YOU });
    if (kinds.has("discard")) {
      add(`Throw ${selected.length === 2 ? "these two" : "two cards"} to the crib`, { kind: "discard", player: YOU, cards: selected });
      buttons.at(-1).disabled = selected.length !== 2;
    }
    if (kinds.has("starter")) add("Cut the starter", { kind: "starter", player: YOU });
    if (kinds.has("go")) add("Go", { kind: "go", player: YOU });
    if (kinds.has("count")) add(view.state.show_step === 2 ? "Count your crib" : "Count your hand", { kind: "count", player: YOU });
    if (kinds.has("play")) buttons.push(el("span", "Your turn: lay a card.", "table__prompt"));
    if (view.result) buttons.push(el("span", "Game over.", "table__prompt"));
    box.replaceChildren(...buttons);
    $("[data-hint]").disabled = !kinds.has("discard");
  }

  async function act(action) {
    if (busy) return;
    notice("");
    $("[data-hint-box]").replaceChildren();
    const next = await call("table_act", { state: view.state, action, level: view.level });
    if (next) {
      selected = [];
      await show(next, false);
      performance.mark("cribbage:computer-moved"); // for bench/bench_browser.py
    }
  }

  async function newGame() {
    const level = $("[data-table-level]").value;
    const seed = Number(new URLSearchParams(location.search).get("seed")) || crypto.getRandomValues(new Uint32Array(1))[0];
    $("[data-log]").replaceChildren();
    const next = await call("table_new", { seed, level });
    if (next) await show(next, false);
  }

  async function resume() {
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(STORE) || "null");
    } catch (error) {
      saved = "corrupt";
    }
    if (saved === null) return newGame();
    const levels = [...$("[data-table-level]").options].map((o) => o.value);
    if (saved !== "corrupt" && saved && saved.version === 1 && saved.state && levels.includes(saved.level)) {
      $("[data-table-level]").value = saved.level;
      const next = await call("table_view", { state: saved.state, level: saved.level });
      if (next) return show(next, true);
    }
    notice("The saved game could not be read, so a new game has started.");
    const message = $("[data-table-notice]").textContent;
    await newGame();
    notice(message);
  }

  $("[data-new-game]").addEventListener("click", newGame);
  $("[data-table-level]").addEventListener("change", () => {
    if (view) view.level = $("[data-table-level]").value;
  });
  $("[data-hint]").addEventListener("click", async () => {
    const hint = await call("table_hint", { state: view.state });
    if (!hint) return;
    const info = await cardInfo();
    const best = hint.throws[0];
    const line = el("p");
    line.append("Suggested: throw ", faces(info, best.discard), ` (keeps ${best.hand_value.toFixed(2)} on average, `
      + `${view.dealer === YOU ? "plus" : "minus"} ${best.crib_value.toFixed(2)} for the crib).`);
    $("[data-hint-box]").replaceChildren(line);
  });
  resume();
  return unsubscribe;
}

mountPage("[data-table-page]", setup);
