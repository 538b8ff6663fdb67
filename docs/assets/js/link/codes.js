// A WebRTC offer or answer as a short code that fits a small QR code or one chat message.
//
// A browser's session description runs to several hundred bytes; a data channel with no STUN or
// TURN server needs only a few of its fields: the ICE user fragment and password, the DTLS
// certificate's SHA-256 fingerprint, the DTLS role, and the host candidates (address and port).
// `encode` keeps those, packed into bytes, as base64url text; `toSdp` writes a description a
// browser accepts from them. Every other line is the same for every such channel.
//
// A code comes from another phone, so `decode` checks every byte and says what is wrong, never
// throwing: a pasted code may be cut short, mangled by a chat app or made up.

/** Bumped whenever the packed layout changes: an old phone refuses a new code by name. */
export const CODE_FORMAT = 2;
/** What decode says of a code whose check bytes do not match: one character typed wrong, most likely. */
export const TYPO = "the code has a typo";
// Two check bytes (CRC-16) end every code, so that a code with a character typed wrong is refused
// at once, rather than failing to connect half a minute later.
const CHECK_BYTES = 2;
/** Longer text is refused before it is decoded (8 candidates of the longest kind fit well within). */
export const MAX_CODE_CHARS = 600;
export const MAX_CANDIDATES = 8;

const KINDS = /** @type {const} */ (["offer", "answer"]);
const SETUPS = /** @type {const} */ (["actpass", "active", "passive"]);
// RFC 8445 ice-char: ALPHA / DIGIT / "+" / "/", 64 characters, so 6 bits each
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const FAMILY = Object.freeze({ ipv4: 4, ipv6: 6, mdns: 0x6d });
const FINGERPRINT_BYTES = 32;
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/**
 * @typedef {{family: "ipv4"|"ipv6"|"mdns", address: string, port: number}} Candidate
 * @typedef {{kind: "offer"|"answer", ufrag: string, pwd: string, fingerprint: string,
 *   setup: "actpass"|"active"|"passive", candidates: Candidate[]}} Essentials
 * @typedef {{ok: true, value: Essentials} | {ok: false, error: string}} Decoded
 */

/**
 * The fields a data channel needs, read from a browser's description.
 * @param {string} sdp
 * @param {"offer"|"answer"} kind
 * @returns {Essentials}
 */
export function essentials(sdp, kind) {
  const lines = sdp.split(/\r?\n/);
  /** @param {string} name */
  const attribute = (name) => {
    const line = lines.find((text) => text.startsWith("a=" + name + ":"));
    if (line === undefined) throw new Error("the description has no " + name);
    return line.slice(name.length + 3).trim();
  };
  const [hash, fingerprint] = attribute("fingerprint").split(" ");
  if (hash.toLowerCase() !== "sha-256") throw new Error("only SHA-256 fingerprints are supported");
  const setup = /** @type {Essentials["setup"]} */ (attribute("setup"));
  if (!SETUPS.includes(setup)) throw new Error("unknown DTLS role " + setup);
  /** @type {Candidate[]} */
  const candidates = [];
  for (const line of lines) {
    const candidate = hostCandidate(line);
    if (candidate && candidates.length < MAX_CANDIDATES
        && !candidates.some((seen) => seen.address === candidate.address && seen.port === candidate.port)) {
      candidates.push(candidate);
    }
  }
  return { kind, ufrag: attribute("ice-ufrag"), pwd: attribute("ice-pwd"), fingerprint: fingerprint.toUpperCase(),
    setup, candidates };
}

/**
 * A UDP host candidate's address and port, or null for any other line.
 * @param {string} line
 * @returns {Candidate | null}
 */
function hostCandidate(line) {
  const match = /^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host\b/i.exec(line.trim());
  if (!match) return null;
  const [, address, digits] = match;
  const port = Number(digits);
  if (port < 1 || port > 65535) return null;
  if (UUID.test(address)) return { family: "mdns", address: address.toLowerCase(), port };
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    return address.split(".").every((part) => Number(part) < 256) ? { family: "ipv4", address, port } : null;
  }
  if (address.includes(":")) return { family: "ipv6", address: formatIpv6(parseIpv6(address)), port };
  return null;
}

/**
 * The code for a browser's description.
 * @param {string} sdp
 * @param {"offer"|"answer"} kind
 * @returns {string}
 */
export function encode(sdp, kind) {
  return toBase64url(withCheck(pack(essentials(sdp, kind))));
}

/**
 * CRC-16/CCITT-FALSE: it catches every change of up to 16 bits in a row, so any one character
 * of a code typed wrong (6 bits).
 * @param {Uint8Array} bytes @returns {number}
 */
export function crc16(bytes) {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** @param {Uint8Array} bytes @returns {Uint8Array} the bytes and their check */
export function withCheck(bytes) {
  const crc = crc16(bytes);
  return Uint8Array.from([...bytes, crc >> 8, crc & 255]);
}

/**
 * The packed bytes without their check, once the check matches (the format first: an older
 * site's code is refused by name, not as a typo).
 * @param {Uint8Array} bytes @returns {Uint8Array}
 */
function checked(bytes) {
  if (bytes.length && bytes[0] >> 4 !== CODE_FORMAT) throw new Error("the code is from another version of the site");
  if (bytes.length <= CHECK_BYTES) throw new Error("the code is cut short");
  const body = bytes.subarray(0, bytes.length - CHECK_BYTES);
  const crc = crc16(body);
  if (bytes[body.length] !== crc >> 8 || bytes[body.length + 1] !== (crc & 255)) throw new Error(TYPO);
  return body;
}

/**
 * The packed bytes: a header (format, kind, role), the user fragment and password at six bits a
 * character, the fingerprint, then each candidate as family, address and port.
 * @param {Essentials} value
 * @returns {Uint8Array}
 */
export function pack(value) {
  const out = [(CODE_FORMAT << 4) | (KINDS.indexOf(value.kind) << 2) | SETUPS.indexOf(value.setup)];
  for (const text of [value.ufrag, value.pwd]) {
    if (text.length > 255) throw new Error("an ICE credential is too long");
    out.push(text.length, ...packIceChars(text));
  }
  const fingerprint = value.fingerprint.split(":").map((pair) => parseInt(pair, 16));
  if (fingerprint.length !== FINGERPRINT_BYTES || fingerprint.some((byte) => !(byte >= 0 && byte < 256))) {
    throw new Error("the fingerprint is not a SHA-256 digest");
  }
  out.push(...fingerprint, value.candidates.length);
  for (const { family, address, port } of value.candidates) {
    out.push(FAMILY[family], ...addressBytes(family, address), port >> 8, port & 255);
  }
  return Uint8Array.from(out);
}

/**
 * @param {Candidate["family"]} family
 * @param {string} address
 * @returns {number[]}
 */
function addressBytes(family, address) {
  if (family === "ipv4") return address.split(".").map(Number);
  if (family === "ipv6") return parseIpv6(address);
  const match = /** @type {RegExpExecArray} */ (UUID.exec(address));
  const hex = match.slice(1).join("");
  return Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/**
 * The description a code stands for, or what is wrong with the code.
 * @param {string} text
 * @returns {Decoded}
 */
export function decode(text) {
  if (typeof text !== "string") return { ok: false, error: "a code is text" };
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, error: "the code is empty" };
  if (trimmed.length > MAX_CODE_CHARS) return { ok: false, error: "the code is too long" };
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) {
    return { ok: false, error: "the code has a character that is not in any code" };
  }
  try {
    return { ok: true, value: unpack(checked(fromBase64url(trimmed))) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * @param {Uint8Array} bytes
 * @returns {Essentials}
 */
export function unpack(bytes) {
  let at = 0;
  /** @param {number} count */
  const take = (count) => {
    if (at + count > bytes.length) throw new Error("the code is cut short");
    const part = bytes.subarray(at, at + count);
    at += count;
    return part;
  };
  const header = take(1)[0];
  if (header >> 4 !== CODE_FORMAT) throw new Error("the code is from another version of the site");
  const kind = KINDS[(header >> 2) & 3];
  const setup = SETUPS[header & 3];
  if (!kind || !setup) throw new Error("the code's header is garbled");
  const [ufrag, pwd] = [4, 22].map((least) => {
    const length = take(1)[0];
    if (length < least) throw new Error("an ICE credential in the code is too short");
    return unpackIceChars(take(Math.ceil(length * 6 / 8)), length);
  });
  const fingerprint = Array.from(take(FINGERPRINT_BYTES), (byte) => byte.toString(16).padStart(2, "0").toUpperCase())
    .join(":");
  const count = take(1)[0];
  if (count === 0 || count > MAX_CANDIDATES) throw new Error("the code has no usable address");
  const candidates = Array.from({ length: count }, () => unpackCandidate(take));
  if (at !== bytes.length) throw new Error("the code has bytes after its end");
  return { kind, ufrag, pwd, fingerprint, setup, candidates };
}

/**
 * @param {(count: number) => Uint8Array} take
 * @returns {Candidate}
 */
function unpackCandidate(take) {
  const code = take(1)[0];
  const family = /** @type {Candidate["family"] | undefined} */ (
    Object.keys(FAMILY).find((name) => FAMILY[/** @type {keyof typeof FAMILY} */ (name)] === code));
  if (!family) throw new Error("the code names an unknown kind of address");
  const raw = Array.from(take(family === "ipv4" ? 4 : 16));
  const [high, low] = take(2);
  const port = (high << 8) | low;
  if (port === 0) throw new Error("the code names port 0");
  if (family === "ipv4") return { family, address: raw.join("."), port };
  if (family === "ipv6") return { family, address: formatIpv6(raw), port };
  const hex = raw.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const parts = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)];
  const address = parts.join("-") + ".local";
  return { family, address, port };
}

/**
 * A description a browser accepts, from the fields a code carries.
 * @param {Essentials} value
 * @returns {string}
 */
export function toSdp(value) {
  const candidates = value.candidates.map((candidate, index) => {
    // host type preference 126, the first candidate preferred, component 1 (RFC 8445 5.1.2.1)
    const priority = ((126 << 24) + ((65535 - index) << 8) + 255) >>> 0;
    return `a=candidate:${index + 1} 1 udp ${priority} ${candidate.address} ${candidate.port} typ host generation 0`;
  });
  return [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates, "a=end-of-candidates",
    `a=ice-ufrag:${value.ufrag}`, `a=ice-pwd:${value.pwd}`,
    `a=fingerprint:sha-256 ${value.fingerprint}`, `a=setup:${value.setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
}

/**
 * @param {string} text
 * @returns {number[]}
 */
function packIceChars(text) {
  const out = [];
  let bits = 0;
  let count = 0;
  for (const char of text) {
    const value = ICE_CHARS.indexOf(char);
    if (value < 0) throw new Error("an ICE credential has a character outside the ICE alphabet");
    bits = ((bits << 6) | value) & 0xffff;
    count += 6;
    while (count >= 8) {
      count -= 8;
      out.push((bits >> count) & 255);
    }
  }
  if (count > 0) out.push((bits << (8 - count)) & 255);
  return out;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} length
 * @returns {string}
 */
function unpackIceChars(bytes, length) {
  let text = "";
  let bits = 0;
  let count = 0;
  for (const byte of bytes) {
    bits = ((bits << 8) | byte) & 0xffff;
    count += 8;
    while (count >= 6 && text.length < length) {
      count -= 6;
      text += ICE_CHARS[(bits >> count) & 63];
    }
  }
  return text;
}

/**
 * @param {string} text
 * @returns {number[]} 16 bytes
 */
export function parseIpv6(text) {
  const [head, tail, extra] = text.toLowerCase().split("::");
  if (extra !== undefined) throw new Error("not an IPv6 address: " + text);
  const groups = (part = "") => (part ? part.split(":") : []);
  const front = groups(head);
  const back = groups(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) throw new Error("not an IPv6 address: " + text);
  const all = [...front, ...Array(tail === undefined ? 0 : missing).fill("0"), ...back];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) throw new Error("not an IPv6 address: " + text);
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]);
}

/**
 * RFC 5952's short form: lower case, the longest run of two or more zero groups as "::".
 * @param {number[]} bytes
 * @returns {string}
 */
export function formatIpv6(bytes) {
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1]);
  let best = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start += 1) {
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > bestLength) [best, bestLength] = [start, end - start];
  }
  const hex = groups.map((group) => group.toString(16));
  if (best < 0) return hex.join(":");
  return hex.slice(0, best).join(":") + "::" + hex.slice(best + bestLength).join(":");
}

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function toBase64url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * @param {string} text
 * @returns {Uint8Array}
 */
export function fromBase64url(text) {
  if (text.length % 4 === 1) throw new Error("the code is cut short");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
