// Who plays each seat, as pure functions: the seats chosen at set-up (you at seat 0; each other
// seat a person or the computer), the names the page gives them, a view turned so that the seat
// it belongs to is seat 0 (the felt always draws the player holding the phone at the bottom, as
// the engine's sentences call that seat "you"), when the phone must be passed, and the deal's
// fingerprint. Nothing here touches the page.

/**
 * @typedef {import("./types.js").View} View @typedef {import("./types.js").TableEvent} TableEvent
 * @typedef {import("./types.js").Result} Result @typedef {import("./types.js").SeatKind} SeatKind
 * @typedef {(string | null)[] | null} Names  the people's names by seat (null: the page's own words)
 */

export const HUMAN = "human";
export const COMPUTER = "computer";
export const MAX_NAME = 20; // characters: a name fits the score line on a 320 px phone

// The seats' kinds for a game of `players` at the computer level `level`: `chosen` is the set-up's
// "human", "computer" (the game's level) or a level's id, by seat; seat 0 is always a person (the
// one who set the game up). `fit(level)` is the level played for one chosen (a level that plays
// only the standard game gives way in a variant: choice.js levelFor).
/**
 * @param {string[]} chosen @param {number} players @param {string} level @param {(id: string) => string} [fit]
 * @returns {SeatKind[]}
 */
export const seatKinds = (chosen, players, level, fit = (id) => id) => [...Array(players).keys()]
  .map((seat) => {
    if (seat === 0 || chosen[seat] === HUMAN) return HUMAN;
    return chosen[seat] && chosen[seat] !== COMPUTER ? fit(chosen[seat]) : level;
  });

export const people = (/** @type {SeatKind[]} */ kinds) => kinds.filter((kind) => kind === HUMAN).length;

// A name as typed: trimmed, cut to MAX_NAME, "" when none.
export const cleanName = (/** @type {unknown} */ text) => (typeof text === "string" ? text.trim().slice(0, MAX_NAME) : "");

// The names the felt uses, by seat (null for a seat the page's own words name: "Computer", "Left
// player"). A person with no name is "Player N" when more than one person plays, and "you" alone.
// With several people and several computers, each computer is "Computer N" by its seat in the
// game, as the log and the replay call it: "Left player" would change with who holds the phone.
/** @param {SeatKind[]} kinds @param {ReadonlyArray<string | null | undefined>} names @returns {Names} */
export function seatNames(kinds, names) {
  const several = people(kinds) > 1;
  const named = kinds.some((kind, seat) => kind === HUMAN && cleanName(names[seat]));
  if (!several && !named) return null;
  const computers = kinds.length - people(kinds);
  return kinds.map((kind, seat) => {
    if (kind !== HUMAN) return several && computers > 1 ? `Computer ${seat + 1}` : null;
    return cleanName(names[seat]) || (several ? `Player ${seat + 1}` : null);
  });
}

// Two people may not share a name, nor names differing only by case ("Ann", "ann"): the message for
// each seat whose name an earlier seat already has ("" where none), said next to its field.
/** @param {SeatKind[]} kinds @param {ReadonlyArray<string | null | undefined>} names @returns {string[]} */
export function nameClashes(kinds, names) {
  const called = seatNames(kinds, names) ?? [];
  const key = (/** @type {string | null | undefined} */ name) => (name ? name.toLocaleLowerCase() : "");
  return kinds.map((kind, seat) => {
    const first = called.findIndex((name) => key(name) && key(name) === key(called[seat]));
    return kind === HUMAN && first >= 0 && first < seat
      ? `Seat ${first + 1} is already called ${called[first]}: give each person a different name.` : "";
  });
}

// The one who just moved had cards in view (after the cut, or before a first look at a deal, none
// are put away when the phone changes hands).
/** @param {View | null} view */
export const heldCards = (view) => Boolean(view && (view.hand.length || view.kept.length));

// A seat's name for a sentence of the page's ("Pass the phone to Ann").
/** @param {Names} names @param {number} seat */
export const nameOf = (names, seat) => names?.[seat] || `Player ${seat + 1}`;

// The phone must change hands when a person other than the one it shows is to move next.
/** @param {View} view @returns {number | null} */
export function nextPerson(view) {
  const next = view.to_act;
  return next !== null && next !== undefined && next !== view.seat && view.seat_kinds?.[next] === HUMAN ? next : null;
}

// --- a view turned to its seat ----------------------------------------------------------------

/** @template T @param {T[]} list @param {number} by @returns {T[]} */
const turn = (list, by) => (Array.isArray(list) ? [...list.slice(by), ...list.slice(0, by)] : list);

// An event's seats and sides turned as the engine turns them for its sentences.
/**
 * @param {TableEvent} event @param {number} seat @param {number} players @param {number} side @param {number} sides
 * @returns {TableEvent}
 */
function turnEvent(event, seat, players, side, sides) {
  const seen = { ...event };
  if (Number.isInteger(event.player)) seen.player = (event.player - seat + players) % players;
  if (Array.isArray(event.scores)) seen.scores = turn(event.scores, side);
  if (event.result) seen.result = turnResult(event.result, side, sides);
  return seen;
}

/** @param {Result} result @param {number} side @param {number} sides @returns {Result} */
const turnResult = (result, side, sides) => ({ ...result, winner: (result.winner - side + sides) % sides, scores: turn(result.scores, side) });

// `view` (the engine's, for view.seat) with every seat and side counted from that seat: the
// page's seat 0 is the viewer. Actions go back to the engine with the viewer's own seat number.
/** @param {View} view @returns {View} */
export function turnView(view) {
  const seat = view.seat || 0;
  if (!seat) return view;
  const players = view.cards_held.length;
  const sides = view.sides || players;
  const side = seat % sides;
  const one = (/** @type {number | null} */ index) => (index === null || index === undefined ? index : (index - seat + players) % players);
  const events = (/** @type {TableEvent[]} */ list) => list.map((event) => turnEvent(event, seat, players, side, sides));
  /** @type {View} */
  const turned = { ...view, dealer: one(view.dealer), to_act: one(view.to_act), cards_held: turn(view.cards_held, seat),
    seat_kinds: turn(view.seat_kinds, seat), scores: turn(view.scores, side), previous_scores: turn(view.previous_scores, side),
    legal: view.legal.map((action) => ({ ...action, player: 0 })), events: events(view.events), log: view.log && events(view.log),
    computer_cards: view.cards_held[(seat + 1) % players] };
  if (view.result) turned.result = turnResult(view.result, side, sides);
  if (view.summary) {
    const { summary } = view;
    turned.summary = { ...summary, points: turn(summary.points, side), cribs: turn(summary.cribs, side),
      result: summary.result && turnResult(summary.result, side, sides) };
  }
  return turned;
}

// The names by seat, turned the same way.
// The set-up's names kept only for people: "" at each seat a computer plays (`chosen` as seatKinds
// takes it), so that a name typed for a person never follows the seat when it becomes a computer's.
/** @param {string[]} chosen @param {string[]} names @returns {string[]} */
export const personNames = (chosen, names) => names.map((name, seat) => (seat === 0 || chosen[seat] === HUMAN ? cleanName(name) : ""));

/** @param {Names} names @param {number} seat @returns {Names} */
export const turnNames = (names, seat) => (names ? turn(names, seat || 0) : null);

// --- the deal's fingerprint --------------------------------------------------------------------

// The commitment's first twelve hex digits in groups of four: "3f2a 9c41 07bd".
export const fingerprint = (/** @type {string | null | undefined} */ hex) => (hex || "").slice(0, 12).match(/.{1,4}/g)?.join(" ") ?? "";

// The seating said at set-up: who sits where, round to the left, and in partnerships who with whom.
// A computer seat is "Computer", or with its own level "Computer (Strong)" (`label(id)`: the level's label).
/** @param {SeatKind[]} kinds @param {string[]} names @param {(id: string) => string} [label] */
export function seatingLine(kinds, names, label = () => "") {
  const computer = (/** @type {string} */ kind) => (kind === COMPUTER || !label(kind) ? "Computer" : `Computer (${label(kind)})`);
  // the names the game will use: "You" only for one person alone, else "Player 1" as the felt says
  const named = seatNames(kinds, names);
  const called = kinds.map((kind, seat) => (kind === HUMAN ? named?.[seat] || (seat ? `Player ${seat + 1}` : "You") : computer(kind)));
  const order = kinds.length > 2 ? `Round the table to the left: ${called.join(", ")}.` : `${called[0]} against ${called[1]}.`;
  if (kinds.length !== 4) return order;
  return `${order} Partners: ${called[0]} and ${called[2]} against ${called[1]} and ${called[3]}.`;
}
