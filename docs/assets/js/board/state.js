// The board's game, as pure functions of plain data (no DOM, no storage, no clock: the time of a
// peg is passed in). A game is its set-up and a list of entries, each a peg or a mark; everything
// the page shows (scores, both pegs, whose deal and crib, the phase, who counts next, the end) is
// folded from that list, so undo, redo and undoing any one entry are list edits.
//   entry: {side, points, source, seat, at}   source: play | heels | hand | crib | muggins | other
//          {mark: "show" | "deal", at}         the play is over / the deal passes without the crib
// Rule numbers (game holes, skunk lines, his heels) come from the engine's vocabulary (`rules`).

/**
 * @typedef {"two" | "three" | "teams"} Mode
 * @typedef {Record<string, number>} Rules  the engine's rule numbers (vocabulary.js `rules`)
 * @typedef {{mode: Mode, names: string[], players?: string[], hole: number, firstDealer: number | "cut",
 *   muggins: boolean, skunks: "games" | "acc", loserDeals: boolean}} Setup  a table of players, cleaned
 * @typedef {"play" | "heels" | "hand" | "crib" | "muggins" | "other"} Source
 * @typedef {{mark?: undefined, side: number, points: number, source: Source, seat: number | null, at: number,
 *   by?: string}} Peg  `by`: who pegged it, on linked phones (linked.js)
 * @typedef {{mark: "show" | "deal", at: number}} Mark
 * @typedef {Peg | Mark} Entry
 * @typedef {{hole: number, skunk: number, double: number}} Lines
 * @typedef {{cards: (number | null)[], contenders: number[], tie: {side: number, rank: number}[]}} Cut
 * @typedef {{entry: Entry, index: number}} Undone  an entry taken back, and where it stood
 * @typedef {{lines: Lines, firstDealer: number | null, cut: Cut | null, entries: Entry[], redo: Undone[],
 *   started: number, ended?: number}} Game  a finished game keeps no redo (match.js)
 * @typedef {"cut" | "play" | "show" | "over"} Phase
 * @typedef {{part: "hand" | "crib", seat: number}} Part  a hand or the crib, in the show
 * @typedef {{side: number, score: number, skunk: boolean, double: boolean}} Loser
 * @typedef {{entry: Entry, index: number, deal: number, dealer: number, total: number | null, void: boolean}} Row
 * @typedef {{lines: Lines, totals: number[], backs: number[], deal: number, winner: number | null, rows: Row[],
 *   phase: Phase, dealer: number, dealerSide: number, next: Part | null, heels: boolean, counted: Set<string>,
 *   losers: Loser[]}} Dealt  a game with a dealer, folded from its entries
 * @typedef {Omit<Dealt, "dealer" | "dealerSide" | "phase"> & {phase: "cut", dealer: null, dealerSide: null}} Cutting
 * @typedef {Dealt | Cutting} View  everything the page shows about a game
 * @typedef {Omit<Dealt, "next" | "losers">} Fold  the fold on its way
 * @typedef {{game: Game, refused?: string, early?: Part}} Pegged
 */

/** @type {Readonly<Record<Mode, {sides: number, seats: number}>>} */
export const MODES = Object.freeze({
  two: { sides: 2, seats: 2 },
  three: { sides: 3, seats: 3 },
  teams: { sides: 2, seats: 4 }, // partners sit opposite: seats 0 and 2 are team A, 1 and 3 team B
});
/** @type {Source[]} */
export const SOURCES = ["play", "heels", "hand", "crib", "muggins", "other"];
/** @type {Mark["mark"][]} */
export const MARKS = ["show", "deal"];
export const QUICK = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16]; // one tap each
export const OTHER = [11, 13, 14, 17, 18, 20, 21, 22, 23, 24, 28, 29]; // "Other", then one tap
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]; // for the cut
export const NAME_LENGTH = 24;

export const sidesOf = (/** @type {Setup} */ setup) => MODES[setup.mode].sides;
export const seatsOf = (/** @type {Setup} */ setup) => MODES[setup.mode].seats;
export const sideOfSeat = (/** @type {Setup} */ setup, /** @type {number} */ seat) => seat % sidesOf(setup);

/** @param {Mode} mode @returns {string[]} */
export function defaultNames(mode) {
  const { sides } = MODES[mode];
  return [...Array(sides).keys()].map((i) => (mode === "teams" ? `Team ${"AB"[i]}` : `Player ${i + 1}`));
}

// The player in a seat. In a team game each of the four players has a name, in seat order round
// the table (the deal passes to the left, seat 0 to seat 1); a game saved before players were
// named, or a seat left blank, is "Player 1" to "Player 4" in that order.
export const defaultPlayer = (/** @type {number} */ seat) => `Player ${seat + 1}`;
/** @param {Setup} setup @param {number} seat @returns {string} */
export function playerName(setup, seat) {
  if (setup.mode !== "teams") return setup.names[seat];
  const given = Array.isArray(setup.players) ? setup.players[seat] : null;
  return typeof given === "string" && given ? given : defaultPlayer(seat);
}
export const playersOf = (/** @type {Setup} */ setup) =>
  [...Array(seatsOf(setup)).keys()].map((seat) => playerName(setup, seat));
// The partners of a side, in seat order: "Ann and Cy".
export const partnersOf = (/** @type {Setup} */ setup, /** @type {number} */ side) =>
  playersOf(setup).filter((_, seat) => sideOfSeat(setup, seat) === side);

const cleanName = (/** @type {unknown} */ value) =>
  (typeof value === "string" ? value.trim().slice(0, NAME_LENGTH) : "");

// A team left unnamed is called after its partners ("Ann & Cy") when both are named and it fits.
/** @param {{names?: unknown}} given @param {string[]} players @returns {string[]} */
export function teamNames(given, players) {
  return defaultNames("teams").map((fallback, side) => {
    const typed = Array.isArray(given.names) ? cleanName(given.names[side]) : "";
    if (typed) return typed;
    const pair = [players[side], players[side + 2]];
    const joined = pair.join(" & ");
    const named = pair.every((name, i) => name !== defaultPlayer(side + 2 * i));
    return named && joined.length <= NAME_LENGTH ? joined : fallback;
  });
}

// The game's holes from the engine's numbers: 121 with skunks under 91 and 61, or once around.
/** @param {Rules} rules @param {number} hole @returns {Lines} */
export function gameLines(rules, hole) {
  if (hole === rules.SHORT_GAME_HOLE) {
    return { hole, skunk: rules.SHORT_SKUNK_LINE, double: rules.SHORT_DOUBLE_SKUNK_LINE };
  }
  return { hole: rules.GAME_HOLE, skunk: rules.SKUNK_LINE, double: rules.DOUBLE_SKUNK_LINE };
}

// Whatever a form or a saved file says, a set-up the board can play (names trimmed, defaults
// filled in, unknown choices replaced by the usual ones).
/** @param {unknown} input @param {Rules} rules @returns {Setup} */
export function normaliseSetup(input, rules) {
  const given = /** @type {Record<string, any>} */ (input && typeof input === "object" ? input : {});
  /** @type {Mode} */
  const mode = Object.hasOwn(MODES, given.mode) ? given.mode : "two";
  const { seats } = MODES[mode];
  const players = [...Array(seats).keys()].map((seat) =>
    (Array.isArray(given.players) ? cleanName(given.players[seat]) : "") || defaultPlayer(seat));
  const names = mode === "teams" ? teamNames(given, players)
    : defaultNames(mode).map((name, i) => (Array.isArray(given.names) ? cleanName(given.names[i]) : "") || name);
  // The first player deals unless the players cut for it (or chose another dealer): a seat.
  const dealer = given.firstDealer === "cut" ? "cut"
    : Number.isInteger(given.firstDealer) && given.firstDealer >= 0 && given.firstDealer < seats ? given.firstDealer
      : 0;
  return {
    mode, names, ...(mode === "teams" ? { players } : {}),
    hole: given.hole === rules.SHORT_GAME_HOLE ? rules.SHORT_GAME_HOLE : rules.GAME_HOLE,
    firstDealer: dealer,
    muggins: given.muggins === true,
    skunks: given.skunks === "acc" ? "acc" : "games",
    loserDeals: given.loserDeals !== false,
  };
}

// A new game: dealt by `firstDealer` (a seat), or, when null, the players cut for the deal first.
/** @param {Setup} setup @param {Rules} rules @param {number | null | undefined} firstDealer @param {number} now
 * @returns {Game} */
export function newGame(setup, rules, firstDealer, now) {
  const sides = sidesOf(setup);
  const seat = firstDealer === null || firstDealer === undefined ? null : firstDealer;
  return {
    lines: gameLines(rules, setup.hole),
    firstDealer: seat,
    cut: seat === null ? { cards: Array(sides).fill(null), contenders: [...Array(sides).keys()], tie: [] } : null,
    entries: [],
    redo: [],
    started: now,
  };
}

// --- cutting for the deal: the lowest card deals; those tied for lowest cut again --------------

/** @param {Game} game @param {number} side @param {number} rank @returns {Game} */
export function cutCard(game, side, rank) {
  const cut = game.cut;
  if (!cut || !cut.contenders.includes(side) || cut.cards[side] !== null) return game;
  if (!(Number.isInteger(rank) && rank >= 1 && rank <= RANKS.length)) return game;
  const cards = cut.cards.map((card, i) => (i === side ? rank : card));
  const waiting = cut.contenders.filter((i) => cards[i] === null);
  if (waiting.length) return { ...game, cut: { ...cut, cards } };
  const low = Math.min(...cut.contenders.map((i) => /** @type {number} */ (cards[i])));
  const lowest = cut.contenders.filter((i) => cards[i] === low);
  if (lowest.length === 1) return { ...game, firstDealer: lowest[0], cut: { ...cut, cards, contenders: [] } };
  return { ...game, cut: { cards: cards.map((card, i) => (lowest.includes(i) ? null : card)),
    contenders: lowest, tie: lowest.map((i) => ({ side: i, rank: low })) } };
}

// --- the fold ----------------------------------------------------------------------------------

// The order of the show: each hand from the dealer's left round to the dealer, then the crib.
/** @param {Setup} setup @param {number} dealer @returns {Part[]} */
export function showOrder(setup, dealer) {
  const seats = seatsOf(setup);
  const hands = [...Array(seats).keys()].map((n) => (dealer + 1 + n) % seats);
  return [...hands.map((seat) => /** @type {Part} */ ({ part: "hand", seat })), { part: "crib", seat: dealer }];
}

const partKey = (/** @type {{part: Part["part"], seat?: number | null}} */ { part, seat }) =>
  (part === "crib" ? "crib" : `hand:${seat}`);

/** @param {Fold} acc @param {number} dealer */
function startDeal(acc, dealer) {
  acc.dealer = dealer;
  acc.phase = "play";
  acc.counted = new Set();
  acc.heels = true; // until the first card is laid (the first peg of the play)
}

/** @param {Fold} acc @param {Setup} setup @param {Peg} entry */
function applyPeg(acc, setup, entry) {
  const side = entry.side;
  const before = acc.totals[side];
  acc.totals[side] = Math.min(before + entry.points, acc.lines.hole);
  if (entry.points > 0) acc.backs[side] = before;
  if (entry.source === "play" || entry.source === "heels") acc.heels = false;
  if (entry.source === "hand" || entry.source === "crib") {
    acc.phase = "show";
    acc.counted.add(partKey({ part: entry.source, seat: entry.seat }));
  }
  if (acc.totals[side] >= acc.lines.hole) {
    acc.winner = side;
    acc.phase = "over";
  } else if (entry.source === "crib") {
    startDeal(acc, (acc.dealer + 1) % seatsOf(setup)); // the deal passes to the left
    acc.deal += 1;
  }
}

/** @param {Fold} acc @param {Setup} setup @param {Entry} entry */
function applyEntry(acc, setup, entry) {
  if (acc.winner !== null) return false; // after the game hole nothing counts
  if (entry.mark === "show") acc.phase = "show";
  else if (entry.mark) { // the deal passes
    startDeal(acc, (acc.dealer + 1) % seatsOf(setup));
    acc.deal += 1;
  } else applyPeg(acc, setup, entry);
  return true;
}

// Everything the page shows about a game, folded from its entries.
/** @param {Setup} setup @param {Game} game @returns {View} */
export function derive(setup, game) {
  const sides = sidesOf(setup);
  const totals = Array(sides).fill(0), backs = Array(sides).fill(0);
  if (game.firstDealer === null) {
    return { lines: game.lines, totals, backs, deal: 0, winner: null, rows: [], phase: "cut", dealer: null,
      dealerSide: null, next: null, heels: false, counted: new Set(), losers: [] };
  }
  /** @type {Fold} */
  const acc = { lines: game.lines, totals, backs, deal: 0, winner: null, rows: [], phase: "play",
    dealer: game.firstDealer, dealerSide: 0, heels: true, counted: new Set() };
  startDeal(acc, game.firstDealer);
  game.entries.forEach((entry, index) => {
    const deal = acc.deal, dealer = acc.dealer;
    const counts = applyEntry(acc, setup, entry);
    acc.rows.push({ entry, index, deal, dealer, total: entry.mark ? null : acc.totals[entry.side], void: !counts });
  });
  const order = acc.phase === "over" ? [] : showOrder(setup, acc.dealer);
  const next = order.find((part) => !acc.counted.has(partKey(part))) || null;
  return { ...acc, heels: acc.heels && acc.phase === "play", dealerSide: sideOfSeat(setup, acc.dealer), next,
    losers: losers(acc) };
}

/** @param {Fold} acc @returns {Loser[]} */
function losers(acc) {
  if (acc.winner === null) return [];
  const { skunk, double } = acc.lines;
  return acc.totals.map((score, side) => ({ side, score, skunk: score < skunk, double: score < double }))
    .filter(({ side }) => side !== acc.winner);
}

// The part of the show a side counts next (its first uncounted hand, or the dealer's crib).
/** @param {Setup} setup @param {View} view @param {number} side @returns {Part | null} */
export function partFor(setup, view, side) {
  if (view.phase === "cut" || view.phase === "over") return null;
  return showOrder(setup, view.dealer)
    .find((part) => sideOfSeat(setup, part.seat) === side && !view.counted.has(partKey(part))) || null;
}

// --- pegging -----------------------------------------------------------------------------------

/** @param {Setup} setup @param {Dealt} view @param {number} side @param {string | undefined} requested
 * @returns {{source: Source, seat: number | null} | {refused: string}} */
function labelFor(setup, view, side, requested) {
  if (requested === "heels") {
    return view.heels && side === view.dealerSide ? { source: "heels", seat: view.dealer }
      : { refused: "His heels is the dealer's, pegged when the starter is turned, before the first card is laid." };
  }
  if (requested === "muggins" || requested === "other") return { source: requested, seat: null };
  // counted as a crib ("Count a hand" with Crib chosen): the dealer's crib, if it is still to count
  if (requested === "crib" && side === view.dealerSide && !view.counted.has("crib")) {
    return { source: "crib", seat: view.dealer };
  }
  if (requested === "show" || view.phase === "show") {
    const part = partFor(setup, view, side);
    return part ? { source: part.part, seat: part.seat } : { source: "other", seat: null };
  }
  return { source: "play", seat: null };
}

// Peg `points` for `side`. The source follows the phase (the play, then the show in counting
// order) unless `requested` names it. Returns {game} or {game, refused: reason} unchanged.
/**
 * @param {Setup} setup @param {Game} game @param {number} side @param {number} points
 * @param {string | undefined} requested @param {number} now @returns {Pegged}
 */
export function peg(setup, game, side, points, requested, now) {
  const view = derive(setup, game);
  const name = setup.names[side];
  if (view.phase === "cut") return { game, refused: "Cut for the deal first: the lowest card deals." };
  if (view.phase === "over") {
    const winner = setup.names[/** @type {number} */ (view.winner)];
    return { game,
      refused: `${winner} has reached ${view.lines.hole}: the game is over, so nothing more pegs this deal.` };
  }
  if (!(Number.isInteger(side) && side >= 0 && side < sidesOf(setup))) return { game, refused: "No such player." };
  if (!(Number.isInteger(points) && points >= 0 && points <= view.lines.hole)) {
    return { game, refused: `A score is a whole number from 0 to ${view.lines.hole}.` };
  }
  const label = labelFor(setup, view, side, requested);
  if ("refused" in label) return { game, refused: label.refused };
  if (points === 0 && label.source !== "hand" && label.source !== "crib") {
    return { game, refused: `Nothing to peg for ${name}: 0 is only for a hand or crib that holds nothing.` };
  }
  /** @type {Peg} */
  const entry = { side, points, source: label.source, seat: label.seat, at: now };
  const pegged = { game: { ...game, entries: [...game.entries, entry], redo: [] } };
  // Counted before its turn (people do, at a real table): pegged, and the part that was due is
  // returned so the page can say so.
  const counts = entry.source === "hand" || entry.source === "crib";
  const due = view.next;
  /** @type {{part: Part["part"], seat?: number | null}} */
  const part = entry.source === "crib" ? { part: "crib" } : { part: "hand", seat: entry.seat };
  return counts && due && partKey(due) !== partKey(part) ? { ...pegged, early: due } : pegged;
}

// "The play is over": the show starts (pegs are then counted as hands, in order).
/** @param {Setup} setup @param {Game} game @param {number} now @returns {Game} */
export function markShow(setup, game, now) {
  const view = derive(setup, game);
  if (view.phase !== "play") return game;
  return { ...game, entries: [...game.entries, { mark: "show", at: now }], redo: [] };
}

// The deal passes without the crib being pegged (say the rest of the show was pegged by hand).
/** @param {Setup} setup @param {Game} game @param {number} now @returns {Game} */
export function markDeal(setup, game, now) {
  const view = derive(setup, game);
  if (view.phase === "cut" || view.phase === "over") return game;
  return { ...game, entries: [...game.entries, { mark: "deal", at: now }], redo: [] };
}

// --- undo and redo, without limit; any one entry can be taken back --------------------------

/** @param {Game} game @returns {Game} */
export function undo(game) {
  if (!game.entries.length) return game;
  const index = game.entries.length - 1;
  const redone = [...game.redo, { entry: game.entries[index], index }];
  return { ...game, entries: game.entries.slice(0, index), redo: redone };
}

/** @param {Game} game @returns {Game} */
export function redo(game) {
  if (!game.redo.length) return game;
  const { entry, index } = /** @type {Undone} */ (game.redo.at(-1));
  const entries = [...game.entries];
  entries.splice(Math.min(index, entries.length), 0, entry);
  return { ...game, entries, redo: game.redo.slice(0, -1) };
}

/** @param {Game} game @param {number} index @returns {Game} */
export function removeEntry(game, index) {
  if (!(Number.isInteger(index) && index >= 0 && index < game.entries.length)) return game;
  const entries = game.entries.filter((_, i) => i !== index);
  return { ...game, entries, redo: [...game.redo, { entry: game.entries[index], index }] };
}
