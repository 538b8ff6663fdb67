// The "Link phones at this table" panel (overrides/partials/widgets/link.html), for every page
// that links phones: the board and the table. The host's phone makes one WebRTC offer per guest,
// shown as a QR code and as text; the guest scans or pastes it and shows its answer the same way;
// the host scans or pastes that. What the link then carries is the page's business: the page
// gives `hooks` and gets each open transport (`linked` on the host, `joined` on a guest).
import { decode, encode, toSdp, TYPO } from "./codes.js";
import { draw, paint, read } from "./qr.js";
import { broadcastTransport, rtcAnswer, rtcOffer } from "./transport.js";

/** How long the host waits, from the answer entered, for the channel to open. */
export const OPEN_TIMEOUT_MS = 20000;
/** How long a guest waits for the host to scan its answer. */
export const GUEST_WAIT_MS = 180000;
const QR_SCALE = 4;
const SCAN_EVERY_MS = 250;
const FAILED = "The phones did not connect in time.";

/**
 * @typedef {import("./transport.js").Transport} Transport
 * @typedef {{id: string, seat: number, transport: Transport}} Link a guest's open link, on the host
 * @typedef {{sdp: string, transport: Transport, accept: (answerSdp: string) => Promise<void>}} Offer
 * @typedef {{role: "host" | "guest", channel: string, self: string, peer: string}} LocalLink
 */
/**
 * What the page gives the panel (see openPanel). They are methods so that a page's hooks may take
 * its own state, the panel's with the page's fields added, and its links with the page's fields.
 * @typedef {{
 *   maxGuests: number,
 *   hostLeft: string,
 *   canHost(s: Panel): string,
 *   freeSeat(s: Panel): number | null,
 *   linked(s: Panel, link: Link): void,
 *   fromGuest(s: Panel, link: Link, raw: string): unknown,
 *   left?(s: Panel, link: Link): void,
 *   joined(s: Panel): void,
 *   hostGone?(s: Panel): void,
 *   fromHost(s: Panel, raw: string): unknown,
 *   phoneName(s: Panel, link: Link): string,
 *   awayRows?(s: Panel): HTMLElement[],
 * }} Hooks
 */
/**
 * The panel's state, made by openPanel.
 * @typedef {object} Panel
 * @property {(selector: string) => HTMLElement} $ one of the panel's own elements
 * @property {Hooks} hooks
 * @property {"host" | "guest" | null} role
 * @property {Map<string, Link>} links
 * @property {number} nextId
 * @property {{id: string, seat: number, made: Offer} | null} pending the host's code, waiting for its answer
 * @property {Transport | null} transport a guest's link to its host
 * @property {((text: string) => unknown) | null} onEnter
 * @property {{stream: MediaStream, timer: ReturnType<typeof setInterval>} | null} scan
 */

/**
 * Resolves true when the transport opens, false when `ms` pass first.
 * @param {Transport} transport @param {number} ms @returns {Promise<boolean>}
 */
function openedWithin(transport, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const settle = (/** @type {boolean} */ opened) => { clearTimeout(timer); resolve(opened); };
    transport.open().then(() => settle(true), () => settle(false));
  });
}

// Every function below takes the panel's state `s` (made by openPanel): its root's `$`, the
// page's hooks, whether this phone hosts or is a guest, its links, and the step on screen. The
// page keeps its own fields on `s` too.
// The panel's text fields (inputs) by selector.
const field = (/** @type {Panel} */ s, /** @type {string} */ selector) =>
  /** @type {HTMLInputElement} */ (s.$(selector));
/** @param {Panel} s @param {string} text */
export const status = (s, text) => { s.$("[data-link-status]").textContent = text; };
/** @param {Panel} s @param {string} fallback */
export const myName = (s, fallback) => field(s, "[data-link-name]").value.trim() || fallback;

/** @param {Panel} s @param {string} code @param {string} text */
function showCode(s, code, text) {
  s.$("[data-link-show-text]").textContent = text;
  field(s, "[data-link-code]").value = code;
  paint(/** @type {HTMLCanvasElement} */ (s.$("[data-link-qr]")), draw(code).modules, QR_SCALE);
  s.$("[data-link-show]").hidden = false;
}

/** @param {Panel} s @param {string} label @param {(text: string) => unknown} onEnter */
function showEnter(s, label, onEnter) {
  s.$("[data-link-enter-label]").textContent = label;
  field(s, "[data-link-input]").value = "";
  s.$("[data-link-enter]").hidden = false;
  s.onEnter = onEnter;
}

/** @param {Panel} s */
export function hideSteps(s) {
  stopScan(s);
  s.$("[data-link-show]").hidden = true;
  field(s, "[data-link-code]").value = ""; // a code is used once: the next guest gets a new one
  s.$("[data-link-enter]").hidden = true;
  s.onEnter = null;
}

/** @param {Panel} s @param {Transport} transport */
function failed(s, transport) {
  transport.close();
  hideSteps(s);
  status(s, FAILED);
  s.$("[data-link-failed]").hidden = false;
}

/**
 * A code from the other phone, checked: its essentials, or null with the reason said.
 * @param {Panel} s @param {string} text @param {"offer" | "answer"} kind
 */
function codeOf(s, text, kind) {
  const decoded = decode(text.trim());
  if (decoded.ok) return kindOf(s, decoded.value, kind);
  status(s, decoded.error === TYPO ? "That code has a typo: check it against the other phone's, character by character,"
    + " or scan it instead." : `That code cannot be used: ${decoded.error}.`);
  return null;
}

/**
 * A checked code's essentials when it is the kind this step needs, or null with the reason said.
 * @param {Panel} s @param {import("./codes.js").Essentials} value @param {"offer" | "answer"} kind
 */
function kindOf(s, value, kind) {
  if (value.kind !== kind) {
    status(s, kind === "answer" ? "That is a host's code: enter the code the guest's phone shows."
      : "That is a guest's answer: enter the code the host's phone shows.");
    return null;
  }
  return value;
}

/**
 * The linked phones listed by the page's name for each, then any rows the page adds
 * (`awayRows(s)`: the table's seats whose phone has left), and Host a table turned to Link another phone.
 * @param {Panel} s
 */
export function drawPhones(s) {
  const items = [...s.links.values()].map((link) => {
    const item = document.createElement("li");
    item.textContent = `${s.hooks.phoneName(s, link)}: linked`;
    return item;
  });
  s.$("[data-link-phones]").replaceChildren(...items, ...(s.hooks.awayRows?.(s) ?? []));
  s.$("[data-link-host]").textContent = s.links.size ? "Link another phone" : "Host a table";
  /** @type {HTMLButtonElement} */ (s.$("[data-link-host]")).disabled = s.links.size >= s.hooks.maxGuests;
}

// --- the host -------------------------------------------------------------------------------

/**
 * A guest's channel open: the link is the page's from here, and a new code must not close it.
 * @param {Panel} s @param {string} id @param {number} seat @param {Transport} transport
 */
function linked(s, id, seat, transport) {
  s.pending = null;
  const link = { id, seat, transport };
  s.links.set(id, link);
  transport.onMessage((raw) => s.hooks.fromGuest(s, link, raw));
  transport.onClose(() => {
    if (s.links.get(id) !== link) return;
    s.links.delete(id);
    drawPhones(s);
    status(s, `${s.hooks.phoneName(s, link)}'s phone left the table. It can link again: press Link another phone.`);
    s.hooks.left?.(s, link);
  });
  hideSteps(s);
  s.hooks.linked(s, link);
  drawPhones(s);
}

/** @param {Panel} s @param {string} text */
async function enterAnswer(s, text) {
  const value = codeOf(s, text, "answer");
  const pending = s.pending;
  if (!value || !pending) return;
  status(s, `Linking… (the phones have ${OPEN_TIMEOUT_MS / 1000} seconds to reach each other)`);
  try {
    await pending.made.accept(toSdp(value));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    status(s, `That answer does not fit this code: ${reason}. Make a new code with Host a table.`);
    return;
  }
  const opened = await openedWithin(pending.made.transport, OPEN_TIMEOUT_MS);
  if (opened) linked(s, pending.id, pending.seat, pending.made.transport);
  else failed(s, pending.made.transport);
}

/** @param {Panel} s */
async function host(s) {
  if (s.role === "guest" && s.transport) { status(s, "This phone is linked as a guest."); return; }
  const refused = s.hooks.canHost(s);
  if (refused) { status(s, refused); return; }
  s.role = "host";
  const seat = s.hooks.freeSeat(s);
  if (seat === null) { status(s, "The table is full."); return; }
  s.pending?.made.transport.close();
  hideSteps(s);
  s.$("[data-link-failed]").hidden = true;
  status(s, "Making a code…");
  const made = await rtcOffer();
  s.pending = { id: `link-${s.nextId++}`, seat, made };
  const step = "Step 1: on the guest's phone, open this page, press Join a table and scan this code, or send it the"
    + " text.";
  showCode(s, encode(made.sdp, "offer"), step);
  showEnter(s, "Step 2: the guest's answer code", (text) => enterAnswer(s, text));
  status(s, "");
}

// --- a guest --------------------------------------------------------------------------------

/**
 * While this phone is a linked guest it can neither host nor join another table: Host a table and
 * Join a table are put away (the status says whose table it is on), and back once the link closes.
 * @param {Panel} s @param {boolean} on
 */
export function asGuest(s, on) {
  s.$("[data-link-start]").hidden = on;
}

/**
 * This guest's link to the host, before it opens: the page hears from the host from here.
 * @param {Panel} s @param {Transport} transport
 */
function joinedBy(s, transport) {
  s.role = "guest";
  s.transport?.close();
  s.transport = transport;
  transport.onMessage((raw) => s.hooks.fromHost(s, raw));
  transport.onClose(() => {
    if (s.transport !== transport) return;
    s.transport = null;
    asGuest(s, false);
    s.hooks.hostGone?.(s);
    status(s, s.hooks.hostLeft);
  });
  s.hooks.joined(s);
}

/** @param {Panel} s @param {string} text */
async function enterOffer(s, text) {
  const value = codeOf(s, text, "offer");
  if (!value) return;
  status(s, "Making the answer…");
  const made = await rtcAnswer(toSdp(value));
  joinedBy(s, made.transport);
  s.$("[data-link-enter]").hidden = true;
  const step = "Step 2: show this to the host's phone, which scans it (or paste the text there).";
  showCode(s, encode(made.sdp, "answer"), step);
  status(s, "Waiting for the host to scan the answer…");
  if (!(await openedWithin(made.transport, GUEST_WAIT_MS))) failed(s, made.transport);
}

/** @param {Panel} s */
function join(s) {
  if (s.role === "host" && s.links.size) { status(s, "This phone hosts the table."); return; }
  s.role = "guest";
  hideSteps(s);
  s.$("[data-link-failed]").hidden = true;
  showEnter(s, "Step 1: the host's code", (text) => enterOffer(s, text));
  status(s, "");
  s.$("[data-link-input]").focus();
}

// --- the camera -----------------------------------------------------------------------------

/** @param {Panel} s */
function stopScan(s) {
  if (!s.scan) return;
  clearInterval(s.scan.timer);
  for (const track of s.scan.stream.getTracks()) track.stop();
  s.scan = null;
  s.$("[data-link-video]").hidden = true;
  s.$("[data-link-scan]").textContent = "Scan with the camera";
}

/** @param {Panel} s */
async function scan(s) {
  if (s.scan) { stopScan(s); return; }
  if (!navigator.mediaDevices?.getUserMedia) {
    status(s, "This browser cannot use the camera here: paste the code instead.");
    return;
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  } catch {
    status(s, "The camera was not allowed: paste the code instead, or allow the camera in the browser's settings.");
    return;
  }
  const video = /** @type {HTMLVideoElement} */ (s.$("[data-link-video]"));
  video.srcObject = stream;
  video.hidden = false;
  await video.play();
  s.$("[data-link-scan]").textContent = "Stop scanning";
  const frame = document.createElement("canvas");
  s.scan = { stream, timer: setInterval(() => readFrame(s, video, frame), SCAN_EVERY_MS) };
}

/** @param {Panel} s @param {HTMLVideoElement} video @param {HTMLCanvasElement} frame */
async function readFrame(s, video, frame) {
  if (!video.videoWidth) return;
  frame.width = video.videoWidth;
  frame.height = video.videoHeight;
  const context = frame.getContext("2d", { willReadFrequently: true });
  if (!context) return;
  context.drawImage(video, 0, 0);
  const text = await read(context.getImageData(0, 0, frame.width, frame.height));
  if (!text || !s.scan) return;
  stopScan(s);
  field(s, "[data-link-input]").value = text;
  s.onEnter?.(text);
}

/** @param {Panel} s */
async function copy(s) {
  const code = field(s, "[data-link-code]");
  try {
    await navigator.clipboard.writeText(code.value);
    status(s, "Copied: paste it on the other phone.");
  } catch {
    code.select();
    status(s, "This browser did not allow copying: the code is selected, copy it by hand.");
  }
}

/**
 * The panel's state, its buttons wired. `hooks` is the page's: `maxGuests`, `canHost(s)` (a
 * reason not to host yet, or ""), `freeSeat(s)`, `linked(s, link)` and `fromGuest(s, link, raw)`
 * on the host, `left(s, link)` optional; `joined(s)`, `fromHost(s, raw)` and `hostLeft` (what
 * to say when the host's link closes) on a guest; `phoneName(s, link)`.
 * @template {Hooks} H the page's, which may have more of its own
 * @param {HTMLElement} root @param {H} hooks @returns {Panel & {hooks: H}}
 */
export function openPanel(root, hooks) {
  /** @type {Panel & {hooks: H}} */
  const s = {
    // the panel's markup (overrides/partials/widgets/link.html) has every element asked for
    $: (selector) => /** @type {HTMLElement} */ (root.querySelector(selector)),
    hooks, role: null, links: new Map(), nextId: 1, pending: null, transport: null, onEnter: null, scan: null,
  };
  /** @type {Record<string, (s: Panel) => unknown>} */
  const buttons = {
    "[data-link-host]": host, "[data-link-join]": join, "[data-link-scan]": scan, "[data-link-copy]": copy,
    "[data-link-go]": () => s.onEnter?.(field(s, "[data-link-input]").value),
  };
  for (const [selector, run] of Object.entries(buttons)) s.$(selector).addEventListener("click", () => run(s));
  const input = field(s, "[data-link-input]");
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") s.onEnter?.(input.value); });
  // the browser tests' event: its detail is theirs (see linkInPage)
  root.addEventListener("link-local", (event) => linkInPage(s, /** @type {CustomEvent<LocalLink>} */ (event).detail));
  return s;
}

// The in-page transport (BroadcastChannel) instead of WebRTC, for the protocol's browser tests:
// tabs of one browser linked without codes. A `link-local` event on the panel asks for it, with
// {role: "guest", channel, self, peer} on the guest first, then {role: "host", ...} on the host.
/** @param {Panel} s @param {LocalLink} detail */
function linkInPage(s, detail) {
  const transport = broadcastTransport(detail.channel, detail.self, detail.peer);
  if (detail.role === "guest") { joinedBy(s, transport); return; }
  const refused = s.hooks.canHost(s);
  const seat = refused ? null : s.hooks.freeSeat(s);
  if (seat === null) { status(s, refused || "The table is full."); return; }
  s.role = "host";
  linked(s, `link-${s.nextId++}`, seat, transport);
}

/** Every link and the camera closed (the page is left). @param {Panel} s */
export function closePanel(s) {
  stopScan(s);
  s.pending?.made.transport.close();
  s.transport?.close();
  for (const link of s.links.values()) link.transport.close();
}
