// The table's game state, as pure functions: each takes the state and returns the next one (never
// changed in place). page.js's one commit stores it, draws it and says it; the engine's replies,
// storage, pacing and links stay at the edge, in page.js.
import { YOU, emptyFelt, toggleSelected } from "./state.js";
import { nextPerson, turnView } from "./seats.js";
import { concealed } from "./handover.js";

/**
 * @typedef {import("./types.js").TableState} TableState @typedef {import("./types.js").Variant} Variant
 * @typedef {import("./types.js").View} View @typedef {import("./types.js").Reply} Reply
 * @typedef {import("./types.js").Felt} Felt @typedef {import("./record.js").GameRecord} GameRecord
 * @typedef {(string | null)[] | null} Names
 */

// Before any game: the variant chosen, the record read, nothing dealt.
/** @param {Variant} variant @param {GameRecord} record @returns {TableState} */
export const initialState = (variant, record) => ({
  variant, view: null, sealed: null, felt: emptyFelt(variant), selected: [], busy: false, moved: false, turn: null,
  record, seat: 0, kinds: null, names: null, handOver: null, commitment: null, linkedRecord: null, seedTaken: false,
});

/** @param {TableState} state @param {boolean} busy @returns {TableState} */
export const withBusy = (state, busy) => ({ ...state, busy });

/** @param {TableState} state @param {Felt} felt @returns {TableState} */
export const withFelt = (state, felt) => ({ ...state, felt });

// The seat to move: a computer while its card is awaited, you once your move is asked, or none.
/** @param {TableState} state @param {number | null} turn @returns {TableState} */
export const withTurn = (state, turn) => ({ ...state, turn });

// After a reply is drawn: your turn when the view has a move for you.
/** @param {TableState} state @returns {TableState} */
export const turnAfterReply = (state) => withTurn(state, state.view?.legal.length ? YOU : null);

// A card pressed while throwing: chosen or put back, never more than the throw takes (`most`).
/** @param {TableState} state @param {string} code @param {number} most @returns {TableState} */
export const cardToggled = (state, code, most) => ({ ...state, selected: toggleSelected(state.selected, code, most) });

// A card picked up in the play (a second press lays it).
/** @param {TableState} state @param {string} code @returns {TableState} */
export const cardPicked = (state, code) => ({ ...state, selected: [code] });

// A move made here: the cards pressed are let go, and from now on focus follows the game.
/** @param {TableState} state @returns {TableState} */
export const moved = (state) => ({ ...state, moved: true });

/** @param {TableState} state @returns {TableState} */
export const unselected = (state) => ({ ...state, selected: [] });

// A hint noted in the sealed game (the record labels the move made after it).
/** @param {TableState} state @param {string} sealed @returns {TableState} */
export const hinted = (state, sealed) => ({ ...state, sealed });

// A new game's reply on its way: its people's names and its commitment, the felt cleared for it.
/**
 * @param {TableState} state @param {Variant} variant @param {(string | null)[] | null} names
 * @param {string} commitment @returns {TableState}
 */
export const newGameState = (state, variant, names, commitment) =>
  ({ ...state, selected: [], names, commitment, felt: emptyFelt(variant) });

// The engine's reply taken in: the seat it was made for, its view turned to that seat (hidden when
// the phone is to change hands: `handOver`, the seat it goes to), and the game sealed. `linked`:
// on linked phones each person has their own, so the phone never changes hands.
/**
 * @param {TableState} state @param {Reply} reply @param {Variant} variant @param {boolean} linked
 * @returns {TableState}
 */
export function replied(state, reply, variant, linked) {
  const handOver = linked ? null : nextPerson(reply.view);
  const turned = turnView(reply.view);
  return {
    ...state, seat: reply.view.seat ?? 0, kinds: reply.view.seat_kinds,
    commitment: state.commitment || reply.view.commitment,
    view: handOver === null ? turned : concealed(turned), sealed: reply.sealed, handOver, variant,
  };
}

// A saved game at a hand-over: nothing of it is shown until the next person taps.
/** @param {TableState} state @param {{sealed: string, shown: number, handOver: number}} saved @returns {TableState} */
export const atHandOver = (state, { sealed, shown, handOver }) => ({ ...state, sealed, seat: shown, handOver });

// A saved game's people and commitment, read before its view is asked for.
/**
 * @param {TableState} state @param {{names?: (string | null)[] | null, commitment?: string | null}} saved
 * @returns {TableState}
 */
export const resumed = (state, { names = null, commitment = null }) => ({ ...state, names, commitment });

// The names by seat with the linked guests' own names (by seat) in their seats.
/** @param {Names} names @param {Record<string, string> | undefined} guests @returns {Names} */
export function withGuestNames(names, guests) {
  if (!guests) return names;
  /** @type {(string | null)[]} */
  const named = [...(names ?? [])];
  for (const [seat, name] of Object.entries(guests)) named[Number(seat)] = name;
  return named;
}

// A guest's phone gave its name: the felt, the score line and the log use it.
/** @param {TableState} state @param {number} seat @param {string} name @returns {TableState} */
export const renamed = (state, seat, name) =>
  ({ ...state, names: withGuestNames(state.names ?? [], { [seat]: name }) });

// The link's seed used (or refused by keeping the game): it is not asked about again.
/** @param {TableState} state @returns {TableState} */
export const seedTaken = (state) => ({ ...state, seedTaken: true });

// On a linked guest, the finished game's record as the host sent it.
/** @param {TableState} state @param {string} text @returns {TableState} */
export const withLinkedRecord = (state, text) => ({ ...state, linkedRecord: { over: true, text } });

// This phone joined a host's table: its own game's commitment is not the shared game's, which
// comes with the host's first view.
/** @param {TableState} state @returns {TableState} */
export const joinedTable = (state) => ({ ...state, commitment: null });

// The host's view arriving on a guest: the people named as the host names them, and the shared
// game's commitment (made from every phone's secret), never one left from this phone's own game.
/**
 * @param {TableState} state @param {(string | null)[] | null} names @param {string | null} commitment
 * @returns {TableState}
 */
export const fromHost = (state, names, commitment) => ({ ...state, selected: [], names, commitment });

// A game is in progress: asking before a new one replaces it.
/** @param {TableState} state */
export const inProgress = ({ view, handOver }) =>
  handOver !== null || Boolean(view && !view.result && view.phase !== "cut_for_deal");

// What the saved game keeps: the seat shown, the hand-over, the commitment and the names.
/** @param {TableState} state */
export const savedPart = ({ seat, handOver, commitment, names }) => ({ shown: seat, handOver, commitment, names });
