// The linked game's seed, which no phone chooses: commit, then reveal.
//
// Every phone draws a secret and sends the SHA-256 of it (with its seat and this protocol's
// name, so a phone cannot copy another's commitment) before any secret is shown. Once every
// seat has committed, each reveals its secret, which must match its commitment; the seed is the
// SHA-256 of all the secrets in seat order. A phone that saw the others' secrets before choosing
// its own could steer the deal, and the order of the steps is what rules that out: a commitment
// after the first reveal is refused. The round is plain data, so the game record keeps it and
// anyone can check the deal with `verify`.

const DOMAIN = "cribbage-link-seed-v1";
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * @typedef {{seats: number[], commits: Record<string, string>, reveals: Record<string, string>}} Round
 * @typedef {{ok: true, round: Round} | {ok: false, round: Round, error: string}} Step
 */

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function sha256Hex(text) {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

/** A phone's secret: 32 random bytes as hex. */
export function newSecret() {
  return hex(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * What a seat sends first: the hash of its secret, bound to the seat.
 * @param {number} seat
 * @param {string} secret
 * @returns {Promise<string>}
 */
export function commitment(seat, secret) {
  return sha256Hex(`${DOMAIN}/commit/${seat}/${secret}`);
}

/**
 * @param {number[]} seats every seat at the table, the host's included
 * @returns {Round}
 */
export function newRound(seats) {
  return { seats: [...seats].sort((a, b) => a - b), commits: {}, reveals: {} };
}

/**
 * @param {Round} round
 * @param {number} seat
 * @param {string} hash
 * @returns {Step}
 */
export function addCommit(round, seat, hash) {
  if (!round.seats.includes(seat)) return { ok: false, round, error: `seat ${seat} is not at this table` };
  if (Object.keys(round.reveals).length) {
    return { ok: false, round, error: "a secret has been revealed: commitments are closed" };
  }
  if (Object.hasOwn(round.commits, seat)) return { ok: false, round, error: `seat ${seat} has committed already` };
  if (typeof hash !== "string" || !HEX64.test(hash)) {
    return { ok: false, round, error: "a commitment is a SHA-256 in hex" };
  }
  return { ok: true, round: { ...round, commits: { ...round.commits, [seat]: hash } } };
}

/** @param {Round} round */
export function allCommitted(round) {
  return round.seats.every((seat) => Object.hasOwn(round.commits, seat));
}

/** @param {Round} round */
export function allRevealed(round) {
  return round.seats.every((seat) => Object.hasOwn(round.reveals, seat));
}

/**
 * @param {Round} round
 * @param {number} seat
 * @param {string} secret
 * @returns {Promise<Step>}
 */
export async function addReveal(round, seat, secret) {
  if (!round.seats.includes(seat)) return { ok: false, round, error: `seat ${seat} is not at this table` };
  if (!allCommitted(round)) {
    return { ok: false, round, error: "a secret is revealed only once every seat has committed" };
  }
  if (Object.hasOwn(round.reveals, seat)) return { ok: false, round, error: `seat ${seat} has revealed already` };
  if (typeof secret !== "string" || !HEX64.test(secret)) {
    return { ok: false, round, error: "a secret is 32 bytes in hex" };
  }
  if (await commitment(seat, secret) !== round.commits[seat]) {
    return { ok: false, round, error: `seat ${seat}'s secret does not match its commitment` };
  }
  return { ok: true, round: { ...round, reveals: { ...round.reveals, [seat]: secret } } };
}

/**
 * The seed from every secret: its SHA-256 in hex and, for the engine, its first 53 bits.
 * @param {Round} round
 * @returns {Promise<{ok: true, hex: string, seed: number} | {ok: false, error: string}>}
 */
export async function combinedSeed(round) {
  if (!allRevealed(round)) return { ok: false, error: "not every seat has revealed its secret" };
  const secrets = round.seats.map((seat) => `${seat}:${round.reveals[seat]}`).join(",");
  const digest = await sha256Hex(`${DOMAIN}/seed/` + secrets);
  return { ok: true, hex: digest, seed: Number(BigInt("0x" + digest.slice(0, 14)) >> 3n) };
}

/**
 * Anyone's check of a finished round from the record: every secret matches its commitment,
 * and the seed is the one they make.
 * @param {Round} round
 * @param {number | undefined} seed the game's (a game with none does not check)
 * @returns {Promise<{ok: boolean, error?: string}>}
 */
export async function verify(round, seed) {
  let replay = newRound(round.seats);
  for (const seat of round.seats) {
    const step = addCommit(replay, seat, round.commits[seat]);
    if (!step.ok) return { ok: false, error: step.error };
    replay = step.round;
  }
  for (const seat of round.seats) {
    const step = await addReveal(replay, seat, round.reveals[seat]);
    if (!step.ok) return { ok: false, error: step.error };
    replay = step.round;
  }
  const combined = await combinedSeed(replay);
  if (!combined.ok) return { ok: false, error: combined.error };
  return combined.seed === seed ? { ok: true } : { ok: false, error: "the seed is not the one the secrets make" };
}
