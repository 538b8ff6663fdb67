// The worker's vault: it seals what the page must not read (the table's whole game: the
// computer's hand, the deck order, the seed) before a reply leaves the worker, and opens it
// again when the page hands the sealed text back. AES-GCM with a key created here as
// non-extractable and kept in IndexedDB, so nobody, the page included, can read the key's
// bytes; without IndexedDB the key lives for this visit only.
//   sealReply(result)  a result's `private` field becomes `sealed` (text)
//   openParams(params) a params' `sealed` field becomes `private` again
const DB = "cribbage-vault";
const STORE = "keys";
const KEY_NAME = "table-v1";
const VERSION = "v1";
/** @type {Promise<CryptoKey> | null} */
let keyPromise = null;

/** @template T @param {IDBRequest<T>} req @returns {Promise<T>} */
function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** @returns {Promise<CryptoKey>} */
async function storedKey() {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  const db = await request(open);
  try {
    // The store holds only this key, written below: what get() finds is a CryptoKey.
    /** @type {CryptoKey | undefined} */
    const found = await request(db.transaction(STORE).objectStore(STORE).get(KEY_NAME));
    if (found) return found;
    const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    // add() rather than put(): if another tab stored a key first, use that one
    await request(db.transaction(STORE, "readwrite").objectStore(STORE).add(key, KEY_NAME)).catch(() => {});
    /** @type {CryptoKey | undefined} */
    const kept = await request(db.transaction(STORE).objectStore(STORE).get(KEY_NAME));
    return kept || key;
  } finally {
    db.close();
  }
}

/** @returns {Promise<CryptoKey>} */
function key() {
  keyPromise ??= storedKey().catch(() =>
    crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]));
  return keyPromise;
}

const toBase64 = (/** @type {Uint8Array} */ bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
const fromBase64 = (/** @type {string} */ text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} transform */
async function pipe(bytes, transform) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());
}

/** @param {unknown} value @returns {Promise<string>} */
async function seal(value) {
  const plain = await pipe(new TextEncoder().encode(JSON.stringify(value)), new CompressionStream("gzip"));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await key(), plain));
  return `${VERSION}.${toBase64(iv)}.${toBase64(cipher)}`;
}

/** @param {unknown} text @returns {Promise<unknown>} */
async function open(text) {
  const [version, iv, cipher] = typeof text === "string" ? text.split(".") : [];
  if (version !== VERSION || !iv || !cipher) throw new Error("not a sealed game");
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv) }, await key(), fromBase64(cipher));
  return JSON.parse(new TextDecoder().decode(await pipe(new Uint8Array(plain), new DecompressionStream("gzip"))));
}

/** @template T @param {T} result @returns {Promise<T | Record<string, unknown>>} */
export async function sealReply(result) {
  if (!result || typeof result !== "object" || !("private" in result)) return result;
  const { private: hidden, ...rest } = result;
  return { ...rest, sealed: await seal(hidden) };
}

// Returns the params to pass on, or throws an Error whose message the page can show.
/** @param {Record<string, unknown>} params @returns {Promise<Record<string, unknown>>} */
export async function openParams(params) {
  if (!params || typeof params !== "object") return params;
  const { sealed, private: _ignored, ...rest } = params; // the page cannot pass a game in the clear
  if (sealed === undefined) return rest;
  try {
    return { ...rest, private: await open(sealed) };
  } catch {
    throw new Error("The saved game could not be opened in this browser.");
  }
}
