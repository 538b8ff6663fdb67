// The messages linked phones send each other, and the rules the host applies to each.
//
// Every message is `{v, type, seat, seq, body}`: the protocol version, a type from a closed set,
// the seat it is sent for, the sender's sequence number (one more than its last, so a replayed or
// reordered message is refused) and a body whose shape the type fixes. Anything else, a key
// too many, a string too long, an object nested too deep, is refused by `validate`. The host's
// `accept` also refuses a guest acting for a seat that is not its own or sending what only the
// host sends; a refusal is returned to be logged, and the state is left as it was.
//
// The game's views and actions travel as opaque objects: the engine checks an action, and a view
// is only ever drawn as text. The seed is drawn by commit and reveal: every phone commits to a
// secret by its SHA-256 before any secret is shown, and the seed is the hash of all of them, so
// no phone chooses the cards.

export const VERSION = 1;
export const MAX_SEATS = 4;
/** Longer text is refused before it is parsed (a four-seat view is a few kilobytes). */
export const MAX_MESSAGE_CHARS = 64 * 1024;
export const MAX_STRING_CHARS = 2000;
export const MAX_DEPTH = 12;
export const MAX_ENTRIES = 5000;
export const MAX_SEQ = 2 ** 31 - 1;
/** What a guest's tap on a linked board may ask: a peg, a cut card, or the shared tools. */
export const TAP_OPS = Object.freeze(["peg", "cut", "undo", "redo", "show", "deal"]);
/** A peg's source as the board names it, or "" to let the board follow the phase. */
export const TAP_SOURCES = Object.freeze(["", "heels", "show", "crib", "muggins", "other"]);
/** The most a tap may peg: a game to 121 holes. */
export const MAX_POINTS = 121;
const HEX64 = /^[0-9a-f]{64}$/;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** @typedef {{v: number, type: string, seat: number, seq: number, body: Record<string, unknown>}} Message */
/**
 * Each type's body once `validate` has passed it (the shapes BODIES checks); `opaque` ones are plain objects.
 * @typedef {Record<string, unknown>} Opaque
 * @typedef {{
 *   hello: {name: string}, welcome: {seat: number, seats: number}, commit: {hash: string}, reveal: {secret: string},
 *   action: {action: Opaque}, view: {view: Opaque}, refused: {error: string},
 *   tap: {op: string, side: number, points: number, source: string}, board: {board: Opaque}, round: {round: Opaque},
 *   token: {token: string}, held: {seat: number}, claim: {seat: number, token: string}, record: {text: string},
 *   ping: {t: number}, pong: {t: number}, bye: Record<string, never>,
 * }} Bodies
 */
/**
 * A message that `validate` passed: its type tells its body's shape.
 * @typedef {{[T in keyof Bodies]: {v: number, type: T, seat: number, seq: number, body: Bodies[T]}}[keyof Bodies]}
 *   Received
 */
/** @typedef {{ok: true} | {ok: false, error: string}} Check */

/** @param {unknown} value @param {number} most */
const text = (value, most) => typeof value === "string" && value.length <= most;
/** @param {unknown} value */
const count = (value) => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
/** A whole number from `least` to `most`. @param {unknown} value @param {number} least @param {number} most */
const whole = (value, least, most) =>
  typeof value === "number" && Number.isInteger(value) && value >= least && value <= most;
/** @param {unknown} value */
const seatNumber = (value) => whole(value, 0, MAX_SEATS - 1);

/**
 * Each type's body: its keys, each with its check. `opaque` is any plain JSON object within the limits.
 * @type {Readonly<Record<string, Readonly<Record<string, (value: unknown) => boolean>>>>}
 */
export const BODIES = Object.freeze({
  hello: { name: (value) => text(value, 40) },
  welcome: { seat: seatNumber, seats: (value) => whole(value, 2, MAX_SEATS) },
  commit: { hash: (value) => typeof value === "string" && HEX64.test(value) },
  reveal: { secret: (value) => typeof value === "string" && HEX64.test(value) },
  action: { action: (value) => opaque(value).ok },
  view: { view: (value) => opaque(value).ok },
  refused: { error: (value) => text(value, 200) },
  // the board for real cards: a guest's tap, and the host's board after it (board/linked.js)
  tap: {
    op: (value) => typeof value === "string" && TAP_OPS.includes(value),
    side: seatNumber,
    points: (value) => whole(value, 0, MAX_POINTS),
    source: (value) => typeof value === "string" && TAP_SOURCES.includes(value),
  },
  board: { board: (value) => opaque(value).ok },
  // the linked game's seed round as the host has it (link/seed.js): commitments, then at the end the secrets
  round: { round: (value) => opaque(value).ok },
  // a seat of the linked game: the host's token for it, the host's word that the seat is held in a
  // game (the phone must claim it), and a guest's claim with the token it was given
  token: { token: (value) => typeof value === "string" && HEX64.test(value) },
  held: { seat: seatNumber },
  claim: { seat: seatNumber, token: (value) => typeof value === "string" && HEX64.test(value) },
  // the finished game's record as text, for every phone to keep
  record: { text: (value) => text(value, MAX_MESSAGE_CHARS - 1024) },
  ping: { t: count },
  pong: { t: count },
  bye: {},
});
export const TYPES = Object.freeze(Object.keys(BODIES));
/** What a guest may send the host; the rest (the views, the seat, refusals) only the host sends. */
export const GUEST_TYPES = Object.freeze([
  "hello", "commit", "reveal", "action", "tap", "claim", "ping", "pong", "bye",
]);
export const HOST_TYPES = Object.freeze(TYPES.filter((type) => !["action", "hello", "tap", "claim"].includes(type)));

/**
 * A plain JSON value within the depth, size and string limits, with no key that could reach an
 * object's prototype when copied.
 * @param {unknown} value
 * @returns {Check}
 */
export function opaque(value) {
  let entries = 0;
  /** @param {unknown} item @param {number} depth @returns {string} */
  const walk = (item, depth) => {
    if (depth > MAX_DEPTH) return "nested too deep";
    if (item === null || typeof item === "boolean") return "";
    if (typeof item === "number") return Number.isFinite(item) ? "" : "a number that is not finite";
    if (typeof item === "string") return item.length <= MAX_STRING_CHARS ? "" : "a string too long";
    if (typeof item !== "object") return "a value JSON cannot carry";
    const proto = Object.getPrototypeOf(item);
    if (!Array.isArray(item) && proto !== Object.prototype && proto !== null) return "an object that is not plain";
    for (const [key, inner] of Object.entries(item)) {
      entries += 1;
      if (entries > MAX_ENTRIES) return "too many entries";
      if (FORBIDDEN_KEYS.has(key)) return `a forbidden key "${key}"`;
      const problem = walk(inner, depth + 1);
      if (problem) return problem;
    }
    return "";
  };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { ok: false, error: "not an object" };
  const problem = walk(value, 0);
  return problem ? { ok: false, error: problem } : { ok: true };
}

/**
 * Whether a value is a message of this protocol, exactly.
 * @param {unknown} message
 * @returns {Check}
 */
export function validate(message) {
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    return { ok: false, error: "not an object" };
  }
  const record = /** @type {Record<string, unknown>} */ (message);
  const keys = Object.keys(record).sort().join(",");
  if (keys !== "body,seat,seq,type,v") {
    return { ok: false, error: "the message's keys are not v, type, seat, seq, body" };
  }
  if (record.v !== VERSION) return { ok: false, error: `protocol version ${String(record.v)} is not ${VERSION}` };
  if (typeof record.type !== "string" || !Object.hasOwn(BODIES, record.type)) {
    return { ok: false, error: "unknown message type" };
  }
  if (!seatNumber(record.seat)) return { ok: false, error: "no such seat" };
  if (!whole(record.seq, 1, MAX_SEQ)) {
    return { ok: false, error: "the sequence number is not a whole number from 1" };
  }
  return validateBody(record.type, record.body);
}

/**
 * @param {string} type
 * @param {unknown} body
 * @returns {Check}
 */
function validateBody(type, body) {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, error: "the body is not an object" };
  }
  const shape = BODIES[type];
  const keys = Object.keys(body);
  const expected = Object.keys(shape);
  if (keys.length !== expected.length || !keys.every((key) => Object.hasOwn(shape, key))) {
    return { ok: false, error: `a ${type} body has exactly ${expected.join(", ") || "no keys"}` };
  }
  for (const key of expected) {
    const value = /** @type {Record<string, unknown>} */ (body)[key];
    if (!shape[key](value)) return { ok: false, error: `the ${type} body's ${key} is not valid` };
  }
  return { ok: true };
}

/**
 * A message from text, checked; never throws.
 * @param {unknown} raw
 * @returns {{ok: true, message: Received} | {ok: false, error: string}}
 */
export function parse(raw) {
  if (typeof raw !== "string") return { ok: false, error: "a message is text" };
  if (raw.length > MAX_MESSAGE_CHARS) return { ok: false, error: "the message is too long" };
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: "the message is not JSON" };
  }
  const check = validate(value);
  return check.ok ? { ok: true, message: value } : check;
}

/**
 * @param {string} type
 * @param {number} seat
 * @param {number} seq
 * @param {Record<string, unknown>} body
 * @returns {Message}
 */
export function message(type, seat, seq, body) {
  return { v: VERSION, type, seat, seq, body };
}

/**
 * The text to send; a message this side would refuse is never sent.
 * @param {Message} value
 * @returns {string}
 */
export function serialize(value) {
  const check = validate(value);
  if (!check.ok) throw new Error("refusing to send an invalid message: " + check.error);
  const out = JSON.stringify(value);
  if (out.length > MAX_MESSAGE_CHARS) throw new Error("refusing to send a message over the size limit");
  return out;
}

/**
 * The host's view of its links: which seat each link plays, and the last sequence number it sent.
 * @typedef {{seats: Readonly<Record<string, number>>, seq: Readonly<Record<string, number>>}} HostState
 * @typedef {{from: string, error: string, type?: string, seq?: number}} Refusal
 * @typedef {{ok: true, state: HostState, message: Received} | {ok: false, state: HostState, refusal: Refusal}} Accepted
 */

/** @returns {HostState} */
export function hostState() {
  return { seats: {}, seq: {} };
}

/**
 * Gives a link a seat. A seat's new link (a phone that rejoined) replaces its old one, whose
 * messages are refused from then on; the new link counts its messages from 1.
 * @param {HostState} state
 * @param {string} from
 * @param {number} seat
 * @returns {{ok: true, state: HostState} | {ok: false, state: HostState, error: string}}
 */
export function admit(state, from, seat) {
  if (!seatNumber(seat)) return { ok: false, state, error: "no such seat" };
  const kept = Object.entries(state.seats).filter(([link, taken]) => taken !== seat && link !== from);
  const seats = Object.fromEntries(kept);
  const seq = Object.fromEntries(Object.entries(state.seq).filter(([link]) => Object.hasOwn(seats, link)));
  return { ok: true, state: { seats: { ...seats, [from]: seat }, seq } };
}

/**
 * The host's check of a guest's message, text or parsed: applied only when every rule holds.
 * @param {HostState} state
 * @param {string} from the link it came on
 * @param {unknown} raw
 * @returns {Accepted}
 */
export function accept(state, from, raw) {
  const parsed = typeof raw === "string" ? parse(raw) : validate(raw);
  /** @param {string} error @param {Partial<Message>} [seen] @returns {Accepted} */
  const refuse = (error, seen = {}) => ({ ok: false, state, refusal: { from, error, type: seen.type, seq: seen.seq } });
  if (!parsed.ok) return refuse(parsed.error);
  const value = /** @type {Received} */ (typeof raw === "string" && "message" in parsed ? parsed.message : raw);
  if (!Object.hasOwn(state.seats, from)) return refuse("the link has no seat", value);
  const seat = state.seats[from];
  if (value.seat !== seat) return refuse(`seat ${seat} cannot act for seat ${value.seat}`, value);
  if (!GUEST_TYPES.includes(value.type)) return refuse(`a guest cannot send ${value.type}`, value);
  const last = state.seq[from] ?? 0;
  if (value.seq <= last) return refuse(`sequence number ${value.seq} after ${last}: replayed or out of order`, value);
  return { ok: true, state: { seats: state.seats, seq: { ...state.seq, [from]: value.seq } }, message: value };
}

/**
 * A guest's check of what its host sends: the host's types only, in order.
 * @param {{seq: number}} state
 * @param {unknown} raw
 * @returns {{ok: true, state: {seq: number}, message: Received} | {ok: false, state: {seq: number}, error: string}}
 */
export function acceptFromHost(state, raw) {
  const parsed = parse(raw);
  if (!parsed.ok) return { ok: false, state, error: parsed.error };
  const value = parsed.message;
  if (!HOST_TYPES.includes(value.type)) return { ok: false, state, error: `a host does not send ${value.type}` };
  if (value.seq <= state.seq) {
    return { ok: false, state, error: `sequence number ${value.seq} after ${state.seq}: replayed or out of order` };
  }
  return { ok: true, state: { seq: value.seq }, message: value };
}
