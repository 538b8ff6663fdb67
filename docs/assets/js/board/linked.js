// A board shared by linked phones, as pure functions of plain data. The host's match is the
// truth: a guest's tap travels as a protocol message (link/protocol.js), the host checks it
// (`receive`), applies it through the board's own state functions in the order the taps arrive,
// and sends every phone the new board. Each peg and mark keeps who made it (`by`), so the shared
// Undo says whose score it takes back. A guest checks the board it is sent as it checks a saved
// match (io.js), and draws it as text only.
import { accept, acceptFromHost, admit, hostState, message, serialize } from "../link/protocol.js";
import { parseMatch } from "./io.js";
import { cutCard, markDeal, markShow, NAME_LENGTH, peg, redo, undo } from "./state.js";
import { possessive } from "./words.js";

/**
 * @typedef {import("./match.js").Match} Match @typedef {import("./state.js").Game} Game
 * @typedef {import("./state.js").Rules} Rules @typedef {import("../link/protocol.js").HostState} HostState
 * @typedef {{protocol: HostState, names: Record<string, string>, name: string, seq: number}} HostTable
 * @typedef {{protocol: {seq: number}, seat: number | null, sent: number}} GuestLink
 * @typedef {{op: string, side: number, points: number, source: string}} Tap
 * @typedef {{match: Match, said?: string, refused?: string}} Applied
 */

/** The host's phone is seat 0; up to three guests link to it, one at a time. */
export const HOST_SEAT = 0;
export const MAX_GUESTS = 3;

export const guestName = (/** @type {number} */ seat) => `Guest ${seat}`;
const cleanName = (/** @type {unknown} */ value, /** @type {string} */ fallback) =>
  (typeof value === "string" && value.trim() ? value.trim().slice(0, NAME_LENGTH) : fallback);

/**
 * The host's table: the protocol's view of its links, each link's player, and its own count.
 * @param {string} name the host's player
 * @returns {HostTable}
 */
export function hostTable(name) {
  return { protocol: hostState(), names: {}, name: cleanName(name, "Host"), seq: 0 };
}

/**
 * The lowest guest seat no open link holds, or null when the table is full.
 * @param {HostTable} table @param {string[]} open
 */
export function freeSeat(table, open) {
  for (let seat = HOST_SEAT + 1; seat <= MAX_GUESTS; seat += 1) {
    const held = Object.entries(table.protocol.seats).some(([link, taken]) => taken === seat && open.includes(link));
    if (!held) return seat;
  }
  return null;
}

/**
 * A new link in a seat (a phone that rejoins takes its seat again, counting from 1).
 * @param {HostTable} table @param {string} link @param {number} seat @returns {HostTable}
 */
export function admitGuest(table, link, seat) {
  const admitted = admit(table.protocol, link, seat);
  if (!admitted.ok) return table;
  return { ...table, protocol: admitted.state, names: { ...table.names, [link]: guestName(seat) } };
}

/** "Undo Ben's 4", or "Undo" when the last entry is a mark or has no author. @param {Game | null} game */
export function undoLabel(game) {
  const last = game && game.entries.at(-1);
  if (!last || last.mark !== undefined || typeof last.by !== "string") return "Undo";
  return `Undo ${possessive(last.by)} ${last.points}`;
}

const byLast = (/** @type {Game} */ game, /** @type {string} */ by) =>
  ({ ...game, entries: game.entries.map((entry, i) => (i === game.entries.length - 1 ? { ...entry, by } : entry)) });

/**
 * A tap applied to the match for `by`: {match, said} or, left as it was, {match, refused}.
 * @param {Match} match
 * @param {Tap} tap
 * @param {string} by
 * @param {number} now
 * @returns {Applied}
 */
export function applyTap(match, tap, by, now) {
  const { setup, game } = match;
  if (!game) return { match, refused: "No game is on the host's board yet." };
  const changed = (/** @type {Game} */ next, /** @type {string} */ said) =>
    (next === game ? { match, refused: "Nothing to change." } : { match: { ...match, game: next }, said });
  switch (tap.op) {
    case "peg": {
      const result = peg(setup, game, tap.side, tap.points, tap.source || undefined, now);
      if (result.refused) return { match, refused: result.refused };
      const said = `${by} pegs ${tap.points} for ${setup.names[tap.side]}.`;
      return { match: { ...match, game: byLast(result.game, by) }, said };
    }
    case "cut":
      return changed(cutCard(game, tap.side, tap.points), `${by} cuts for ${setup.names[tap.side] ?? "a player"}.`);
    case "undo": return changed(undo(game), `${by} took back: ${undoLabel(game).replace(/^Undo /, "")}.`);
    case "redo": return changed(redo(game), `${by} redid a peg.`);
    case "show": {
      const next = markShow(setup, game, now);
      return changed(next === game ? game : byLast(next, by), `${by}: the play is over.`);
    }
    case "deal": {
      const next = markDeal(setup, game, now);
      return changed(next === game ? game : byLast(next, by), `${by}: the deal passes.`);
    }
    default: return { match, refused: "The board does not know that tap." };
  }
}

/**
 * What the host does with text from a guest's link: {table, match, said?} when applied,
 * {table, match, refusal} (to log) when the message is refused, {.., refused} when the board
 * refuses the tap (to tell the guest why). `match` is the host's, unchanged unless applied.
 * @param {HostTable} table @param {Match} match @param {string} link @param {unknown} raw @param {number} now
 */
export function receive(table, match, link, raw, now) {
  const got = accept(table.protocol, link, raw);
  if (!got.ok) return { table, match, refusal: got.refusal };
  const next = { ...table, protocol: got.state };
  const { type, body } = got.message;
  if (type === "hello") {
    const name = cleanName(body.name, guestName(got.message.seat));
    return { table: { ...next, names: { ...next.names, [link]: name } }, match };
  }
  if (type !== "tap") return { table: next, match };
  const done = applyTap(match, body, next.names[link], now);
  return { table: next, ...done };
}

/** The board every guest is sent: the match without its finished games (kept on the host). */
export const sharedMatch = (/** @type {Match} */ match) => ({ ...match, games: [] });

/**
 * The host's next message to a guest in `seat`, as text: {table, text}.
 * @param {HostTable} table @param {string} type @param {number} seat @param {Record<string, unknown>} body
 */
export function hostSend(table, type, seat, body) {
  const seq = table.seq + 1;
  return { table: { ...table, seq }, text: serialize(message(type, seat, seq, body)) };
}

/** A guest's side of one link: the host's last message number, its own, and its seat. */
export const guestLink = () => /** @type {GuestLink} */ ({ protocol: { seq: 0 }, seat: null, sent: 0 });

/**
 * A guest's message to the host, as text: {link, text}.
 * @param {GuestLink} link @param {string} type @param {Record<string, unknown>} body
 */
export function guestSend(link, type, body) {
  const sent = link.sent + 1;
  return { link: { ...link, sent }, text: serialize(message(type, link.seat ?? HOST_SEAT + 1, sent, body)) };
}

/**
 * A guest's check of text from its host: {link, seat} on a welcome, {link, match} on a board
 * (checked as a saved match is), {link, refused} when the host refused a tap, {link, error}.
 * @param {GuestLink} link @param {unknown} raw @param {Rules} rules
 * @returns {{link: GuestLink, seat?: number, match?: Match, refused?: string, error?: string}}
 */
export function guestReceive(link, raw, rules) {
  const got = acceptFromHost(link.protocol, raw);
  if (!got.ok) return { link, error: got.error };
  const next = { ...link, protocol: got.state };
  const { type, body } = got.message;
  if (type === "welcome") {
    return { link: { ...next, seat: body.seat }, seat: body.seat };
  }
  if (type === "refused") return { link: next, refused: body.error };
  if (type !== "board") return { link: next };
  const parsed = parseMatch(JSON.stringify(body.board), rules);
  return parsed.match ? { link: next, match: parsed.match } : { link: next, error: `the host's board ${parsed.error}` };
}
