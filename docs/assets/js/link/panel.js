// The "Link phones at this table" panel (overrides/partials/widgets/link.html), for every page
// that links phones: the board and the table. The host's phone makes one WebRTC offer per guest,
// shown as a QR code and as text; the guest scans or pastes it and shows its answer the same way;
// the host scans or pastes that. What the link then carries is the page's business: the page
// gives `hooks` and gets each open transport (`linked` on the host, `joined` on a guest).
import { decode, encode, toSdp } from "./codes.js";
import { draw, paint, read } from "./qr.js";
import { broadcastTransport, rtcAnswer, rtcOffer } from "./transport.js";

/** How long the host waits, from the answer entered, for the channel to open. */
export const OPEN_TIMEOUT_MS = 20000;
/** How long a guest waits for the host to scan its answer. */
export const GUEST_WAIT_MS = 180000;
const QR_SCALE = 4;
const SCAN_EVERY_MS = 250;
const FAILED = "The phones did not connect in time.";

/** Resolves true when the transport opens, false when `ms` pass first. */
function openedWithin(transport, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    transport.open().then(() => { clearTimeout(timer); resolve(true); }, () => { clearTimeout(timer); resolve(false); });
  });
}

// Every function below takes the panel's state `s` (made by openPanel): its root's `$`, the
// page's hooks, whether this phone hosts or is a guest, its links, and the step on screen. The
// page keeps its own fields on `s` too.
export const status = (s, text) => { s.$("[data-link-status]").textContent = text; };
export const myName = (s, fallback) => s.$("[data-link-name]").value.trim() || fallback;

function showCode(s, code, text) {
  s.$("[data-link-show-text]").textContent = text;
  s.$("[data-link-code]").value = code;
  paint(s.$("[data-link-qr]"), draw(code).modules, QR_SCALE);
  s.$("[data-link-show]").hidden = false;
}

function showEnter(s, label, onEnter) {
  s.$("[data-link-enter-label]").textContent = label;
  s.$("[data-link-input]").value = "";
  s.$("[data-link-enter]").hidden = false;
  s.onEnter = onEnter;
}

export function hideSteps(s) {
  stopScan(s);
  s.$("[data-link-show]").hidden = true;
  s.$("[data-link-code]").value = ""; // a code is used once: the next guest gets a new one
  s.$("[data-link-enter]").hidden = true;
  s.onEnter = null;
}

function failed(s, transport) {
  transport.close();
  hideSteps(s);
  status(s, FAILED);
  s.$("[data-link-failed]").hidden = false;
}

// A code from the other phone, checked: its essentials, or null with the reason said.
function codeOf(s, text, kind) {
  const decoded = decode(text.trim());
  if (!decoded.ok) { status(s, `That code cannot be used: ${decoded.error}.`); return null; }
  if (decoded.value.kind !== kind) {
    status(s, kind === "answer" ? "That is a host's code: enter the code the guest's phone shows." : "That is a guest's answer: enter the code the host's phone shows.");
    return null;
  }
  return decoded.value;
}

/**
 * The linked phones listed by the page's name for each, then any rows the page adds
 * (`awayRows(s)`: the table's seats whose phone has left), and Host a table turned to Link another phone.
 */
export function drawPhones(s) {
  const items = [...s.links.values()].map((link) => {
    const item = document.createElement("li");
    item.textContent = `${s.hooks.phoneName(s, link)}: linked`;
    return item;
  });
  s.$("[data-link-phones]").replaceChildren(...items, ...(s.hooks.awayRows?.(s) ?? []));
  s.$("[data-link-host]").textContent = s.links.size ? "Link another phone" : "Host a table";
  s.$("[data-link-host]").disabled = s.links.size >= s.hooks.maxGuests;
}

// --- the host -------------------------------------------------------------------------------

// A guest's channel open: the link is the page's from here, and a new code must not close it.
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

async function enterAnswer(s, text) {
  const value = codeOf(s, text, "answer");
  const pending = s.pending;
  if (!value || !pending) return;
  status(s, `Linking… (the phones have ${OPEN_TIMEOUT_MS / 1000} seconds to reach each other)`);
  try {
    await pending.made.accept(toSdp(value));
  } catch (error) {
    status(s, `That answer does not fit this code: ${error.message}. Make a new code with Host a table.`);
    return;
  }
  if (await openedWithin(pending.made.transport, OPEN_TIMEOUT_MS)) linked(s, pending.id, pending.seat, pending.made.transport);
  else failed(s, pending.made.transport);
}

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
  showCode(s, encode(made.sdp, "offer"), `Step 1: on the guest's phone, open this page, press Join a table and scan this code, or send it the text.`);
  showEnter(s, "Step 2: the guest's answer code", (text) => enterAnswer(s, text));
  status(s, "");
}

// --- a guest --------------------------------------------------------------------------------

// This guest's link to the host, before it opens: the page hears from the host from here.
function joinedBy(s, transport) {
  s.role = "guest";
  s.transport?.close();
  s.transport = transport;
  transport.onMessage((raw) => s.hooks.fromHost(s, raw));
  transport.onClose(() => {
    if (s.transport !== transport) return;
    s.transport = null;
    status(s, s.hooks.hostLeft);
  });
  s.hooks.joined(s);
}

async function enterOffer(s, text) {
  const value = codeOf(s, text, "offer");
  if (!value) return;
  status(s, "Making the answer…");
  const made = await rtcAnswer(toSdp(value));
  joinedBy(s, made.transport);
  s.$("[data-link-enter]").hidden = true;
  showCode(s, encode(made.sdp, "answer"), "Step 2: show this to the host's phone, which scans it (or paste the text there).");
  status(s, "Waiting for the host to scan the answer…");
  if (!(await openedWithin(made.transport, GUEST_WAIT_MS))) failed(s, made.transport);
}

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

function stopScan(s) {
  if (!s.scan) return;
  clearInterval(s.scan.timer);
  for (const track of s.scan.stream.getTracks()) track.stop();
  s.scan = null;
  s.$("[data-link-video]").hidden = true;
  s.$("[data-link-scan]").textContent = "Scan with the camera";
}

async function scan(s) {
  if (s.scan) { stopScan(s); return; }
  if (!navigator.mediaDevices?.getUserMedia) { status(s, "This browser cannot use the camera here: paste the code instead."); return; }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  } catch {
    status(s, "The camera was not allowed: paste the code instead, or allow the camera in the browser's settings.");
    return;
  }
  const video = s.$("[data-link-video]");
  video.srcObject = stream;
  video.hidden = false;
  await video.play();
  s.$("[data-link-scan]").textContent = "Stop scanning";
  const frame = document.createElement("canvas");
  s.scan = { stream, timer: setInterval(() => readFrame(s, video, frame), SCAN_EVERY_MS) };
}

async function readFrame(s, video, frame) {
  if (!video.videoWidth) return;
  frame.width = video.videoWidth;
  frame.height = video.videoHeight;
  const context = frame.getContext("2d", { willReadFrequently: true });
  context.drawImage(video, 0, 0);
  const text = await read(context.getImageData(0, 0, frame.width, frame.height));
  if (!text || !s.scan) return;
  stopScan(s);
  s.$("[data-link-input]").value = text;
  s.onEnter?.(text);
}

async function copy(s) {
  const field = s.$("[data-link-code]");
  try {
    await navigator.clipboard.writeText(field.value);
    status(s, "Copied: paste it on the other phone.");
  } catch {
    field.select();
    status(s, "This browser did not allow copying: the code is selected, copy it by hand.");
  }
}

/**
 * The panel's state, its buttons wired. `hooks` is the page's: `maxGuests`, `canHost(s)` (a
 * reason not to host yet, or ""), `freeSeat(s)`, `linked(s, link)` and `fromGuest(s, link, raw)`
 * on the host, `left(s, link)` optional; `joined(s)`, `fromHost(s, raw)` and `hostLeft` (what
 * to say when the host's link closes) on a guest; `phoneName(s, link)`.
 */
export function openPanel(root, hooks) {
  const s = { $: (selector) => root.querySelector(selector), hooks, role: null, links: new Map(), nextId: 1,
    pending: null, transport: null, onEnter: null, scan: null };
  const buttons = {
    "[data-link-host]": host, "[data-link-join]": join, "[data-link-scan]": scan, "[data-link-copy]": copy,
    "[data-link-go]": () => s.onEnter?.(s.$("[data-link-input]").value),
  };
  for (const [selector, run] of Object.entries(buttons)) s.$(selector).addEventListener("click", () => run(s));
  s.$("[data-link-input]").addEventListener("keydown", (event) => { if (event.key === "Enter") s.onEnter?.(event.target.value); });
  root.addEventListener("link-local", (event) => linkInPage(s, event.detail));
  return s;
}

// The in-page transport (BroadcastChannel) instead of WebRTC, for the protocol's browser tests:
// tabs of one browser linked without codes. A `link-local` event on the panel asks for it, with
// {role: "guest", channel, self, peer} on the guest first, then {role: "host", ...} on the host.
function linkInPage(s, detail) {
  const transport = broadcastTransport(detail.channel, detail.self, detail.peer);
  if (detail.role === "guest") { joinedBy(s, transport); return; }
  const refused = s.hooks.canHost(s);
  const seat = refused ? null : s.hooks.freeSeat(s);
  if (seat === null) { status(s, refused || "The table is full."); return; }
  s.role = "host";
  linked(s, `link-${s.nextId++}`, seat, transport);
}

/** Every link and the camera closed (the page is left). */
export function closePanel(s) {
  stopScan(s);
  s.pending?.made.transport.close();
  s.transport?.close();
  for (const link of s.links.values()) link.transport.close();
}
