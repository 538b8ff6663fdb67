// A game at the table played on linked phones, as pure functions of plain data. The host's phone
// runs the engine and holds the whole game (sealed in its page state, as a game against the
// computer is); each linked phone is one person's seat. The host sends each guest only the
// engine's view for that guest's seat (`view` message), and a guest sends only actions for its
// own seat, which the host checks (`hostReceive`: the protocol's `accept`, then the action's
// player against the link's seat) before the engine applies them.
//
// The seed is drawn by commit and reveal (link/seed.js): the host sends the round with no
// commitments (`round`), each guest commits to a secret of its own; once every seat has
// committed the host sends every commitment, and each guest, having seen its own among them,
// reveals its secret to the host. The guests get the others' secrets only when the game is over
// (a guest holding every secret could deal every hand), and then check the seed themselves.
import { accept, acceptFromHost, admit, hostState, message, serialize } from "../link/protocol.js";
import { allCommitted, allRevealed } from "../link/seed.js";

export const HOST_SEAT = 0;
export const MAX_GUESTS = 3;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * @typedef {import("../link/protocol.js").HostState} HostState @typedef {import("../link/protocol.js").Refusal} Refusal
 * @typedef {import("../link/protocol.js").Bodies} Bodies @typedef {import("../link/protocol.js").Opaque} Opaque
 * @typedef {import("../link/seed.js").Round} Round
 * @typedef {{protocol: HostState, seq: number, names: Record<number, string>, tokens: Record<number, string>}} HostGame
 * @typedef {{protocol: {seq: number}, seat: number | null, sent: number}} GuestLink
 * @typedef {Bodies["claim"]} Claim a phone's seat and the token that seat was given
 * @typedef {"hello" | "commit" | "reveal" | "action" | "claim"} GuestMove what the host applies from a guest
 */
/**
 * What the host applies from a guest's message (the other types it has no use for are "none").
 * @typedef {{[T in GuestMove]: {game: HostGame, type: T, seat: number, body: Bodies[T], refusal?: undefined}}}
 *   Moves
 * @typedef {{game: HostGame, type: "none", seat: number, body: Opaque, refusal?: undefined}} Unused
 * @typedef {Moves[GuestMove] | Unused} FromGuest
 */
/**
 * An engine's view of one seat as the host sends it: opaque but for its log, which is cut to the deal.
 * @typedef {Opaque & {log?: {type: string}[]}} SeatView
 */

/**
 * The host's side: the protocol's view of its links, its message count, the people's names, and
 * the token each guest seat was given (kept with the saved game, so a reload keeps them).
 * @param {Record<number, string>} [tokens] @returns {HostGame}
 */
export const hostGame = (tokens = {}) => ({ protocol: hostState(), seq: 0, names: {}, tokens });

/**
 * The token given to the phone in `seat`: it claims the seat back with it after a drop.
 * @param {HostGame} game @param {number} seat @param {string} token @returns {HostGame}
 */
export const giveToken = (game, seat, token) => ({ ...game, tokens: { ...game.tokens, [seat]: token } });

/**
 * The seat handed to the computer: its token dropped, so that no phone can claim it back.
 * @param {HostGame} game @param {number} seat @returns {HostGame}
 */
export function releaseSeat(game, seat) {
  const { [seat]: _dropped, ...tokens } = game.tokens;
  return { ...game, tokens };
}

/**
 * Whether `seat` belongs to a phone of the game in progress, so a phone linking must claim it.
 * @param {HostGame} game @param {number} seat @param {boolean} playing
 */
export const seatHeld = (game, seat, playing) => playing && Object.hasOwn(game.tokens, seat);

/**
 * A linking phone's claim to a seat: {game, seat} with the link admitted to that seat when the
 * token is the one that seat was given and no other claimed link holds it, else {game, refusal}.
 * `claimed` lists the open links already in their seats (a link still claiming holds none).
 * @param {HostGame} game @param {string} link @param {Claim} claim @param {string[]} claimed
 * @returns {{game: HostGame, refusal: Refusal, seat?: undefined} | {game: HostGame, seat: number, refusal?: undefined}}
 */
export function claimSeat(game, link, claim, claimed) {
  const refuse = (/** @type {string} */ error) => ({ game, refusal: { from: link, error, type: "claim" } });
  if (!Object.hasOwn(game.tokens, claim.seat) || game.tokens[claim.seat] !== claim.token) {
    return refuse(`the claim to seat ${claim.seat} does not hold the token that seat was given`);
  }
  const holder = Object.entries(game.protocol.seats)
    .find(([other, seat]) => seat === claim.seat && other !== link && claimed.includes(other));
  if (holder) return refuse(`seat ${claim.seat} is linked to another phone`);
  return { game: admitLink(game, link, claim.seat), seat: claim.seat };
}

/**
 * A link admitted to a seat (a phone that rejoins takes its seat again, counting from 1).
 * @param {HostGame} game @param {string} link @param {number} seat @returns {HostGame}
 */
export function admitLink(game, link, seat) {
  const admitted = admit(game.protocol, link, seat);
  return admitted.ok ? { ...game, protocol: admitted.state } : game;
}

/**
 * The lowest guest seat no open link holds, or null when the table is full.
 * @param {HostGame} game @param {string[]} open @param {number} [players]
 */
export function freeSeat(game, open, players = MAX_GUESTS + 1) {
  const held = (/** @type {number} */ seat) => Object.entries(game.protocol.seats)
    .some(([link, taken]) => taken === seat && open.includes(link));
  for (let seat = HOST_SEAT + 1; seat < players; seat += 1) {
    if (!held(seat)) return seat;
  }
  return null;
}

/**
 * The host's next message to the guest in `seat`, as text: {game, text}.
 * @param {HostGame} game @param {string} type @param {number} seat @param {Record<string, unknown>} body
 */
export function hostSend(game, type, seat, body) {
  const seq = game.seq + 1;
  return { game: { ...game, seq }, text: serialize(message(type, seat, seq, body)) };
}

/**
 * What the host does with text from a guest's link: {game, refusal} to log (nothing applied), or
 * {game, type, seat, body} for the page to apply: a hello's name, a commitment, a secret, or an
 * action for the engine. An action for any seat but the link's own is refused here, before the
 * engine sees it.
 * @param {HostGame} game @param {string} link @param {unknown} raw
 * @returns {{game: HostGame, refusal: Refusal} | FromGuest}
 */
export function hostReceive(game, link, raw) {
  const got = accept(game.protocol, link, raw);
  if (!got.ok) return { game, refusal: got.refusal };
  const next = { ...game, protocol: got.state };
  const { type, seat, body, seq } = got.message;
  if (type === "action" && body.action.player !== seat) {
    const error = `seat ${seat} cannot act for seat ${String(body.action.player)}`;
    return { game, refusal: { from: link, error, type, seq } };
  }
  switch (type) { // a case for each type, so that each result's body keeps its type's shape
    case "hello": {
      const names = { ...next.names, [seat]: String(body.name).trim().slice(0, 20) };
      return { game: { ...next, names }, type, seat, body };
    }
    case "commit": return { game: next, type, seat, body };
    case "reveal": return { game: next, type, seat, body };
    case "action": return { game: next, type, seat, body };
    case "claim": return { game: next, type, seat, body };
    default: return { game: next, type: "none", seat, body };
  }
}

/**
 * The round as a guest may see it during the game: every commitment, no secret.
 * @param {Round} round @returns {Round}
 */
export const sealedRound = (round) => ({ seats: round.seats, commits: round.commits, reveals: {} });

/**
 * A view for a guest, cut to the current deal's log (the felt is drawn from it; the message
 * stays small), with the number of events in the game, so every phone can say it is up to date,
 * and the people's names by seat. Its moves only when its seat is the one to act: in the cut for
 * deal and the discard the rules let every seat move, but the engine takes them in seat order,
 * so a move offered out of turn would be refused.
 * @template {SeatView & {seat?: unknown, to_act?: unknown, legal?: unknown[]}} V
 * @param {V} view @param {string[]} [names]
 */
export function guestView(view, names = []) {
  const log = view.log || [];
  const start = log.findLastIndex((event) => event.type === "deal");
  const legal = view.to_act === view.seat ? view.legal : [];
  return { ...view, legal, log: start > 0 ? log.slice(start) : log, events_seen: log.length, names };
}

// Names from the host are drawn as text only, and a name that is not a short string is dropped.
const namesOf = (/** @type {unknown} */ names) =>
  (Array.isArray(names) ? names.map((name) => (typeof name === "string" ? name.slice(0, 20) : "")) : []);

// --- a guest ----------------------------------------------------------------------------------

/**
 * A guest's side of one link: the host's last message number, its own, its seat.
 * @param {number | null} [seat] @returns {GuestLink}
 */
export const guestLink = (seat = null) => ({ protocol: { seq: 0 }, seat, sent: 0 });

/**
 * A guest's message to the host, as text: {link, text}.
 * @param {GuestLink} link @param {string} type @param {Record<string, unknown>} body
 */
export function guestSend(link, type, body) {
  const sent = link.sent + 1;
  return { link: { ...link, sent }, text: serialize(message(type, link.seat ?? HOST_SEAT + 1, sent, body)) };
}

/**
 * A round of secrets in the shape link/seed.js makes, every seat a number and every hash and secret hex.
 * @param {unknown} value @returns {value is Round}
 */
export function isRound(value) {
  if (!value || typeof value !== "object") return false;
  if (!("seats" in value && "commits" in value && "reveals" in value)) return false;
  const seats = value.seats;
  return Array.isArray(seats) && seats.every(Number.isInteger)
    && [value.commits, value.reveals].every((map) => map && typeof map === "object"
      && Object.entries(map).every(([seat, hex]) => seats.includes(Number(seat)) && HEX64.test(hex)));
}

/**
 * The guest's next step in the seed's round, from the round the host sent and what this phone
 * committed: "commit", "reveal", "check" (every secret is in: the game is over), or an error.
 * @param {unknown} round @param {number | null} seat (null before the host's welcome) @param {string | undefined} mine
 * @returns {{step: "commit" | "reveal" | "wait" | "check", error?: undefined} | {error: string, step?: undefined}}
 */
export function roundStep(round, seat, mine) {
  if (!isRound(round) || seat === null || !round.seats.includes(seat)) {
    return { error: "the host's round of secrets is not one this phone can use" };
  }
  if (allRevealed(round)) {
    if (round.commits[seat] !== mine) return { error: "the host's record changed this phone's commitment" };
    return { step: "check" };
  }
  if (!Object.hasOwn(round.commits, seat)) {
    if (Object.keys(round.reveals).length) return { error: "the host revealed a secret before every seat committed" };
    return { step: "commit" };
  }
  if (round.commits[seat] !== mine) return { error: "the host's round does not hold this phone's commitment" };
  return allCommitted(round) ? { step: "reveal" } : { step: "wait" };
}

/**
 * A guest's check of text from its host: {link, welcome: {seat, seats}}, {link, round},
 * {link, view}, {link, refused}, {link, token} (keep it to claim the seat back), {link, held}
 * (claim the seat), {link, record} (the finished game's), or {link, error} (logged, nothing applied).
 * @param {GuestLink} link @param {unknown} raw
 * @returns {{link: GuestLink, welcome?: Bodies["welcome"], round?: Opaque, view?: Opaque & {names: string[]},
 *   refused?: string, token?: string, held?: number, record?: string, error?: string}}
 */
export function guestReceive(link, raw) {
  const got = acceptFromHost(link.protocol, raw);
  if (!got.ok) return { link, error: got.error };
  const next = { ...link, protocol: got.state };
  const { type, body } = got.message;
  if (type === "welcome") return { link: { ...next, seat: body.seat }, welcome: body };
  if (type === "round") return { link: next, round: body.round };
  if (type === "refused") return { link: next, refused: body.error };
  if (type === "token") return { link: next, token: body.token };
  if (type === "held") return { link: next, held: body.seat };
  if (type === "record") return { link: next, record: body.text };
  if (type !== "view") return { link: next };
  const view = body.view;
  if (view.seat !== link.seat || !Array.isArray(view.hand) || !Array.isArray(view.legal)) {
    return { link: next, error: "the host sent a view that is not this seat's" };
  }
  return { link: next, view: { ...view, names: namesOf(view.names) } };
}
