// Linking phones at one table to the board (the "Link phones at this table" panel of board.md).
// The host's phone makes one WebRTC offer per guest, shown as a QR code and as text; the guest
// scans or pastes it and shows its answer the same way; the host scans or pastes that. From then
// on the host's board is the truth (board/linked.js): a guest's taps travel to the host, which
// applies them in order and sends every phone the new board. Everything from another phone is
// checked by the protocol and drawn as text only.
import { decode, encode, toSdp } from "../link/codes.js";
import { draw, paint, read } from "../link/qr.js";
import { rtcAnswer, rtcOffer } from "../link/transport.js";
import {
  admitGuest, applyTap, freeSeat, guestLink, guestName, guestReceive, guestSend, hostSend, hostTable, MAX_GUESTS, receive,
  sharedMatch,
} from "./linked.js";

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

// Every function below takes the panel's state `s` (made by linkPanel): its root's `$`, the
// page, whether this phone hosts or is a guest, its links, and the step on screen.
const status = (s, text) => { s.$("[data-link-status]").textContent = text; };
const myName = (s, fallback) => s.$("[data-link-name]").value.trim() || fallback;

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

function hideSteps(s) {
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

function drawPhones(s) {
  const list = s.$("[data-link-phones]");
  const items = [...s.links.values()].map((link) => {
    const item = document.createElement("li");
    item.textContent = `${s.table.names[link.id]}: linked`;
    return item;
  });
  list.replaceChildren(...items);
  const full = s.links.size >= MAX_GUESTS;
  s.$("[data-link-host]").textContent = s.links.size ? "Link another phone" : "Host a table";
  s.$("[data-link-host]").disabled = full;
}

// --- the host -------------------------------------------------------------------------------

function sendTo(s, link, type, body) {
  const made = hostSend(s.table, type, link.seat, body);
  s.table = made.table;
  link.transport.send(made.text);
}

function broadcast(s) {
  if (s.role !== "host") return;
  for (const link of s.links.values()) sendTo(s, link, "board", { board: sharedMatch(s.page.match()) });
}

function fromGuest(s, link, raw) {
  const done = receive(s.table, s.page.match(), link.id, raw, Date.now());
  s.table = done.table;
  if (done.refusal) {
    console.warn("A linked phone's message was refused:", done.refusal);
    return;
  }
  if (done.refused) sendTo(s, link, "refused", { error: done.refused.slice(0, 200) });
  else if (done.match !== s.page.match()) s.page.apply(done.match, done.said);
  drawPhones(s);
}

function linked(s, id, seat, transport) {
  s.table = admitGuest(s.table, id, seat);
  s.pending = null; // its transport is the link's now: a new code must not close it
  const link = { id, seat, transport };
  s.links.set(id, link);
  transport.onMessage((raw) => fromGuest(s, link, raw));
  transport.onClose(() => {
    if (s.links.get(id) !== link) return;
    s.links.delete(id);
    drawPhones(s);
    status(s, `${s.table.names[id]}'s phone left the table. It can link again: press Link another phone.`);
  });
  sendTo(s, link, "welcome", { seat, seats: s.links.size + 1 });
  sendTo(s, link, "board", { board: sharedMatch(s.page.match()) });
  hideSteps(s);
  drawPhones(s);
  status(s, `${guestName(seat)} is linked. Every phone shows this board.`);
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
  if (!s.page.match() || !s.page.match().game) { status(s, "Start a game first: every phone will show the host's board."); return; }
  s.role = "host";
  s.table ||= hostTable(myName(s, "Host"));
  const seat = freeSeat(s.table, [...s.links.keys()]);
  if (seat === null) { status(s, "The table is full: three guests."); return; }
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

function fromHost(s, raw) {
  const got = guestReceive(s.guest, raw, s.page.rules);
  s.guest = got.link;
  if (got.error) console.warn("The host's message was refused:", got.error);
  if (got.seat !== undefined) {
    send(s, "hello", { name: myName(s, guestName(got.seat)) });
    hideSteps(s);
    status(s, `Linked to the host as ${myName(s, guestName(got.seat))}: every tap here pegs on the host's board.`);
  }
  if (got.refused) s.page.refused(got.refused);
  if (got.match) s.page.apply(got.match, "");
}

function send(s, type, body) {
  const made = guestSend(s.guest, type, body);
  s.guest = made.link;
  s.transport.send(made.text);
}

async function enterOffer(s, text) {
  const value = codeOf(s, text, "offer");
  if (!value) return;
  status(s, "Making the answer…");
  const made = await rtcAnswer(toSdp(value));
  s.transport?.close();
  s.transport = made.transport;
  s.guest = guestLink();
  made.transport.onMessage((raw) => fromHost(s, raw));
  made.transport.onClose(() => {
    if (s.transport !== made.transport) return;
    s.transport = null;
    status(s, "The link to the host closed. This phone keeps the board: press Join a table to link again.");
  });
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
 * The panel, bound to the board page: `page` gives the current match (`match()`), takes a new
 * one (`apply(match, said)`), shows a refusal (`refused(text)`), and the engine's `rules`.
 */
export function linkPanel(root, page) {
  const s = { $: (selector) => root.querySelector(selector), page, role: null, table: null, links: new Map(), nextId: 1,
    pending: null, guest: null, transport: null, onEnter: null, scan: null };
  const buttons = {
    "[data-link-host]": host, "[data-link-join]": join, "[data-link-scan]": scan, "[data-link-copy]": copy,
    "[data-link-go]": () => s.onEnter?.(s.$("[data-link-input]").value),
  };
  for (const [selector, run] of Object.entries(buttons)) s.$(selector).addEventListener("click", () => run(s));
  s.$("[data-link-input]").addEventListener("keydown", (event) => { if (event.key === "Enter") s.onEnter?.(event.target.value); });
  return {
    /** Whether taps go through the link: while hosting guests, or linked as a guest. */
    active: () => (s.role === "host" && s.links.size > 0) || (s.role === "guest" && Boolean(s.transport) && s.guest?.seat !== null),
    guest: () => s.role === "guest" && Boolean(s.transport),
    tap(tap) {
      if (s.role === "guest") { send(s, "tap", tap); return; }
      const done = applyTap(page.match(), tap, s.table.name, Date.now());
      if (done.refused) page.refused(done.refused);
      else page.apply(done.match, done.said);
    },
    changed: () => broadcast(s),
    close() {
      stopScan(s);
      s.pending?.made.transport.close();
      s.transport?.close();
      for (const link of s.links.values()) link.transport.close();
    },
  };
}
