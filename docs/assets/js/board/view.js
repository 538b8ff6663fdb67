// Drawing the board page from the state: the screen shown, one panel per track with its quick
// buttons, the cut for the deal, the history of every peg, the end of a game, the record and
// statistics. Functions of the state (and what is open); text only ever goes in with textContent.
import { el } from "../common/ui.js";
import { plural, toGo } from "../common/words.js";
import { keepFocus } from "../picker.js";
import { undoLabel } from "./linked.js";
import { record, statistics } from "./match.js";
import { playing } from "./page-state.js";
import { derive, OTHER, partFor, QUICK, RANKS, sideOfSeat } from "./state.js";
import { cutText, dealText, markText, partnersText, partText, resultSentence, skunkFigure, sourceText }
  from "./words.js";

/**
 * @typedef {import("./state.js").Setup} Setup @typedef {import("./state.js").View} View
 * @typedef {import("./state.js").Game} Game @typedef {import("./state.js").Rules} Rules
 * @typedef {import("./words.js").Words} Words @typedef {import("./page-state.js").BoardState} BoardState
 * @typedef {import("./match.js").Match} Match
 * @typedef {{otherOpen: number | null, heelsPoints: number}} Open  what is open, and his heels' points
 * @typedef {{board: (setup: Setup, game: Game) => import("../common/board-drawing.js").Board, rules: Rules,
 *   words: Words}} Drawing  the board's drawing (made again only when its shape changes) and the words
 */

// The page's parts, found once.
/** @param {HTMLElement} root */
export function boardParts(root) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  const button = (/** @type {string} */ selector) => /** @type {HTMLButtonElement} */ ($(selector));
  return {
    root, board: $("[data-board]"), setup: /** @type {HTMLFormElement} */ ($("[data-board-setup]")),
    game: $("[data-board-game]"), backToGame: $("[data-back-to-game]"), large: $("[data-large]"),
    deal: $("[data-board-deal]"), cut: $("[data-board-cut]"), cutNote: $("[data-board-cut-note]"),
    sides: $("[data-board-sides]"), pegging: $(".scoreboard__pegging"), undo: button("[data-undo]"),
    redo: button("[data-redo]"), show: $("[data-show]"), nextDeal: $("[data-deal]"), end: $("[data-board-end]"),
    result: $("[data-board-result]"), history: $("[data-board-history]"), stats: $("[data-board-stats]"),
    announce: $("[data-board-announce]"), status: $("[data-board-status]"), notice: $("[data-board-notice]"),
    confirm: /** @type {HTMLDialogElement} */ ($("[data-confirm]")),
    count: /** @type {HTMLDialogElement} */ ($("[data-board-count]")),
    link: /** @type {HTMLDetailsElement} */ ($("[data-link]")), awake: $("[data-board-awake]"),
    unreadable: $("[data-board-unreadable]"), unreadableText: $("[data-board-unreadable-text]"),
  };
}
/** @typedef {ReturnType<typeof boardParts>} Parts */

// The screen the state shows: the set-up form, or the game (with the way back to it).
/** @param {Parts} ui @param {BoardState} state @param {Drawing & Open} drawing */
export function drawPage(ui, state, drawing) {
  const on = playing(state);
  ui.setup.hidden = on;
  ui.game.hidden = !on;
  ui.backToGame.hidden = !state.match?.game || on;
  ui.root.classList.toggle("scoreboard--large", state.large);
  ui.large.setAttribute("aria-pressed", String(state.large));
  if (on) drawGame(ui, /** @type {Match} */ (state.match), drawing);
}

/** @param {Parts} ui @param {Match} match @param {Drawing & Open} drawing */
function drawGame(ui, match, drawing) {
  const { rules, words } = drawing;
  const setup = match.setup, game = /** @type {Game} */ (match.game);
  const view = derive(setup, game);
  Object.assign(ui.root.dataset, { phase: view.phase, scores: view.totals.join(",") });
  drawing.board(setup, game).placePegs(view.totals.map((total, side) => [total, view.backs[side]]));
  ui.deal.textContent = dealText(setup, view, words);
  ui.cut.hidden = view.phase !== "cut";
  ui.cutNote.textContent = view.phase === "cut" ? cutText(setup, game.cut) : "";
  if (view.phase === "cut") {
    drawCut(ui.cut, setup, game);
    ui.sides.replaceChildren(); // no pegging before the deal is known
  } else keepFocus(ui.sides, () => drawSides(ui.sides, setup, view, drawing));
  ui.undo.disabled = !game.entries.length;
  ui.undo.textContent = undoLabel(game);
  ui.redo.disabled = !game.redo.length;
  takeTurns(ui.show, ui.nextDeal, view.phase === "play", view.phase === "show");
  ui.end.hidden = view.phase !== "over";
  if (view.phase === "over") ui.result.textContent = resultSentence(setup, view);
  keepFocus(ui.history, () => drawHistory(ui.history, setup, view, words));
  const label = setup.skunks === "acc" ? "ACC game points"
    : `Games (a skunk ${rules.SKUNK_GAMES}, a double ${rules.DOUBLE_SKUNK_GAMES})`;
  ui.stats.replaceChildren(statsTable(setup, record(match, rules), statistics(match), label));
}

// "The play is over" and "Next deal" take turns in one place: a reader who pressed one by
// keyboard keeps the focus there, on the other, instead of losing it to the page.
/** @param {HTMLElement} first @param {HTMLElement} second @param {boolean} showFirst @param {boolean} showSecond */
function takeTurns(first, second, showFirst, showSecond) {
  const focused = document.activeElement;
  first.hidden = !showFirst;
  second.hidden = !showSecond;
  if (focused === first && showSecond && !showFirst) second.focus({ preventScroll: true });
  else if (focused === second && showFirst && !showSecond) first.focus({ preventScroll: true });
}

/** @param {string} text @param {Record<string, string>} data @param {string} [className] */
function button(text, data, className = "md-button") {
  const node = el("button", text, className);
  node.type = "button";
  for (const [key, value] of Object.entries(data)) node.dataset[key] = value;
  return node;
}

/** @param {Setup} setup @param {View} view @param {number} side */
function sideHint(setup, view, side) {
  if (view.phase === "over") {
    if (side === view.winner) return "Won the game";
    const loser = /** @type {import("./state.js").Loser} */ (view.losers.find((l) => l.side === side));
    return loser.double ? "Double skunked" : loser.skunk ? "Skunked" : "Lost";
  }
  if (view.phase === "play") {
    return view.heels && side === view.dealerSide ? "Deals: his heels if the starter is a jack" : "The play";
  }
  const part = partFor(setup, view, side);
  if (!part) return "Counted";
  const key = (/** @type {import("./state.js").Part} */ p) => `${p.part}:${p.seat}`;
  return `${view.next && key(view.next) === key(part) ? "Counts next" : "Then"}: ${partText(setup, part)}`;
}

/** @param {Setup} setup @param {View} view @param {number} side @param {Open} ui */
function quickButtons(setup, view, side, ui) {
  const name = setup.names[side];
  const group = el("div", undefined, "side__quick");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", `Peg for ${name}`);
  const zeroAllowed = Boolean(partFor(setup, view, side)) && view.phase === "show";
  for (const points of [...QUICK, 0]) {
    const peg = button(String(points), { peg: String(points), side: String(side), focusKey: `peg-${side}-${points}` },
      "side__peg");
    if (points === 0) {
      peg.disabled = !zeroAllowed;
      peg.title = "Nothing: a hand or crib that scores 0";
    }
    group.append(peg);
  }
  const other = button("Other", { other: String(side), focusKey: `other-${side}` }, "side__peg side__peg--other");
  group.append(other,
    button("Count a hand", { count: String(side), focusKey: `count-${side}` }, "md-button side__count"));
  if (view.heels && side === view.dealerSide) {
    group.append(button(`His heels ${ui.heelsPoints}`, { heels: String(side), focusKey: `heels-${side}` },
      "md-button side__heels"));
  }
  return group;
}

/** @param {Setup} setup @param {number} side @param {boolean} open */
function otherPad(setup, side, open) {
  const pad = el("div", undefined, "side__other");
  pad.setAttribute("role", "group");
  pad.setAttribute("aria-label", `Other scores for ${setup.names[side]}`);
  pad.hidden = !open;
  if (!open) return pad;
  for (const points of OTHER) {
    pad.append(button(String(points), { peg: String(points), side: String(side), focusKey: `other-${side}-${points}` },
      "side__peg"));
  }
  const label = el("label", "Any score ", "side__typed");
  const input = el("input");
  Object.assign(input, { type: "number", min: "0", inputMode: "numeric", name: `typed-${side}` });
  input.dataset.typed = String(side);
  input.dataset.focusKey = `typed-${side}`;
  label.append(input);
  pad.append(label,
    button("Peg it", { typedPeg: String(side), focusKey: `typed-peg-${side}` }, "side__peg side__peg--wide"));
  return pad;
}

// One track's panel: name, crib marker, score and the last peg, what it counts next, the buttons.
/** @param {Setup} setup @param {View} view @param {number} side @param {Open} ui */
export function sidePanel(setup, view, side, ui) {
  const panel = el("section", undefined, `side side--p${side}`);
  panel.dataset.side = String(side);
  const id = `board-side-${side}`;
  panel.setAttribute("aria-labelledby", id);
  const head = el("div", undefined, "side__head");
  const who = el("div", undefined, "side__who");
  const name = el("h3", setup.names[side], "side__name");
  name.id = id;
  who.append(name);
  const partners = partnersText(setup, side);
  if (partners) {
    const players = el("span", partners, "side__players");
    players.id = `${id}-players`;
    who.append(players);
    panel.setAttribute("aria-labelledby", `${id} ${players.id}`);
  }
  if (view.dealerSide === side && view.phase !== "over") who.append(el("span", "Crib", "side__crib"));
  const score = el("p", undefined, "side__score");
  const total = el("span", String(view.totals[side]), "side__total");
  total.dataset.total = String(view.totals[side]);
  score.append(total);
  const last = view.totals[side] - view.backs[side];
  if (view.totals[side] && last) score.append(el("span", ` +${last}`, "side__last"));
  // Seen, not announced: the peg's sentence says it once (page-state.js), this is redrawn on every tap.
  score.append(el("span", toGo(view.totals[side], view.lines.hole), "side__to-go"));
  const next = view.next && view.phase === "show" && sideOfSeat(setup, view.next.seat) === side;
  if (next) panel.dataset.next = "";
  head.append(who, score, el("p", sideHint(setup, view, side), "side__hint"));
  panel.append(head);
  // After the game hole the buttons stay: a late peg is refused with the reason, not ignored.
  panel.append(quickButtons(setup, view, side, ui), otherPad(setup, side, ui.otherOpen === side));
  return panel;
}

/** @param {HTMLElement} container @param {Setup} setup @param {View} view @param {Open} ui */
export function drawSides(container, setup, view, ui) {
  container.dataset.sides = String(setup.names.length);
  container.replaceChildren(...setup.names.map((_, side) => sidePanel(setup, view, side, ui)));
}

// Each player taps the rank they cut (suits do not matter); ties for lowest cut again.
/** @param {HTMLElement} container @param {Setup} setup @param {Game} game */
export function drawCut(container, setup, game) {
  const cut = /** @type {import("./state.js").Cut} */ (game.cut);
  const rows = setup.names.map((name, side) => {
    const row = el("div", undefined, "cut__row");
    const card = cut.cards[side];
    row.append(el("p", card ? `${name} cut ${RANKS[card - 1]}` : `${name} cuts:`, "cut__name"));
    if (card || !cut.contenders.includes(side)) return row;
    const ranks = el("div", undefined, "cut__ranks");
    ranks.setAttribute("role", "group");
    ranks.setAttribute("aria-label", `The card ${name} cut`);
    RANKS.forEach((rank, i) => ranks.append(
      button(rank, { cut: String(side), rank: String(i + 1), focusKey: `cut-${side}-${i}` }, "side__peg")));
    row.append(ranks);
    return row;
  });
  container.replaceChildren(...rows);
}

const clock = (/** @type {number} */ at) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

// Every peg, newest first, each with its own undo.
/** @param {HTMLElement} list @param {Setup} setup @param {View} view @param {Words} words */
export function drawHistory(list, setup, view, words) {
  const items = view.rows.slice().reverse().map((row) => {
    const item = el("li", undefined, "history__entry" + (row.void ? " history__entry--void" : ""));
    const { entry } = row;
    const what = entry.mark !== undefined ? markText(entry, words)
      : `${setup.names[entry.side]} ${entry.points} for ${sourceText(setup, entry, words)}, now ${row.total}`;
    const text = `Deal ${row.deal + 1} · ${what} · ${clock(entry.at)}`;
    item.append(el("span", text + (row.void ? " (after the game ended: does not count)" : ""), "history__text"));
    const undo = button("Undo", { entryUndo: String(row.index), focusKey: `entry-${row.index}` },
      "md-button history__undo");
    undo.setAttribute("aria-label", `Undo ${what}, deal ${row.deal + 1}, ${clock(entry.at)}`);
    item.append(undo);
    return item;
  });
  if (!items.length) items.push(el("li", "Nothing pegged yet.", "history__entry"));
  list.replaceChildren(...items);
}

const figure = (/** @type {number | string | null} */ value) => (value === null ? "—"
  : typeof value === "string" || Number.isInteger(value) ? String(value)
  : value.toFixed(1));

// The match record and each side's statistics, one column per side.
/**
 * @param {Setup} setup @param {import("./match.js").MatchRecord} recordData
 * @param {import("./match.js").Statistics[]} stats @param {string} pointsLabel
 */
export function statsTable(setup, recordData, stats, pointsLabel) {
  const table = el("table", undefined, "scoreboard__stats-table");
  table.append(el("caption", `${plural(recordData.games, "game")} finished`));
  const head = el("tr");
  head.append(el("td", ""), ...setup.names.map((name) => {
    const th = el("th", name);
    th.scope = "col";
    return th;
  }));
  table.createTHead().append(head);
  /** @type {[string, (side: number) => number | string | null][]} */
  const rows = [
    ["Games won", (s) => recordData.rows[s].wins],
    [pointsLabel, (s) => recordData.rows[s].points],
    ["Skunks given", (s) => skunkFigure(stats[s].skunksGiven, stats[s].doublesGiven)],
    ["Skunks taken", (s) => skunkFigure(stats[s].skunksTaken, stats[s].doublesTaken)],
    ["Average hand", (s) => stats[s].averageHand],
    ["Average crib", (s) => stats[s].averageCrib],
    ["Pegging per deal", (s) => stats[s].peggingPerDeal],
    ["Best hand", (s) => stats[s].bestHand],
  ];
  const body = table.createTBody();
  for (const [label, value] of rows) {
    const tr = el("tr");
    const th = el("th", label);
    th.scope = "row";
    tr.append(th, ...setup.names.map((_, side) => el("td", figure(value(side)))));
    body.append(tr);
  }
  return table;
}
