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

/**
 * The panel, bound to the board page: `page` gives the current match (`match()`), takes a new
 * one (`apply(match, said)`), shows a refusal (`refused(text)`), and the engine's `rules`.
 */
export function linkPanel(root, page) {
  const $ = (selector) => root.querySelector(selector);
  const s = { role: null, table: null, links: new Map(), nextId: 1, pending: null, guest: null, transport: null, onEnter: null, scan: null };
  const status = (text) => { $("[data-link-status]").textContent = text; };
  const myName = (fallback) => $("[data-link-name]").value.trim() || fallback;

  function showCode(code, text) {
    $("[data-link-show-text]").textContent = text;
    $("[data-link-code]").value = code;
    paint($("[data-link-qr]"), draw(code).modules, QR_SCALE);
    $("[data-link-show]").hidden = false;
  }

  function showEnter(label, onEnter) {
    $("[data-link-enter-label]").textContent = label;
    $("[data-link-input]").value = "";
    $("[data-link-enter]").hidden = false;
    s.onEnter = onEnter;
  }

  function hideSteps() {
    stopScan();
    $("[data-link-show]").hidden = true;
    $("[data-link-code]").value = ""; // a code is used once: the next guest gets a new one
    $("[data-link-enter]").hidden = true;
    s.onEnter = null;
  }

  function failed(transport) {
    transport.close();
    hideSteps();
    status(FAILED);
    $("[data-link-failed]").hidden = false;
  }

  // A code from the other phone, checked: its essentials, or null with the reason said.
  function codeOf(text, kind) {
    const decoded = decode(text.trim());
    if (!decoded.ok) { status(`That code cannot be used: ${decoded.error}.`); return null; }
    if (decoded.value.kind !== kind) {
      status(kind === "answer" ? "That is a host's code: enter the code the guest's phone shows." : "That is a guest's answer: enter the code the host's phone shows.");
      return null;
    }
    return decoded.value;
  }

  function drawPhones() {
    const list = $("[data-link-phones]");
    const items = [...s.links.values()].map((link) => {
      const item = document.createElement("li");
      item.textContent = `${s.table.names[link.id]}: linked`;
      return item;
    });
    list.replaceChildren(...items);
    const full = s.links.size >= MAX_GUESTS;
    $("[data-link-host]").textContent = s.links.size ? "Link another phone" : "Host a table";
    $("[data-link-host]").disabled = full;
  }

  // --- the host -------------------------------------------------------------------------------

  function sendTo(link, type, body) {
    const made = hostSend(s.table, type, link.seat, body);
    s.table = made.table;
    link.transport.send(made.text);
  }

  function broadcast() {
    if (s.role !== "host") return;
    for (const link of s.links.values()) sendTo(link, "board", { board: sharedMatch(page.match()) });
  }

  function fromGuest(link, raw) {
    const done = receive(s.table, page.match(), link.id, raw, Date.now());
    s.table = done.table;
    if (done.refusal) {
      console.warn("A linked phone's message was refused:", done.refusal);
      return;
    }
    if (done.refused) sendTo(link, "refused", { error: done.refused.slice(0, 200) });
    else if (done.match !== page.match()) page.apply(done.match, done.said);
    drawPhones();
  }

  function linked(id, seat, transport) {
    s.table = admitGuest(s.table, id, seat);
    s.pending = null; // its transport is the link's now: a new code must not close it
    const link = { id, seat, transport };
    s.links.set(id, link);
    transport.onMessage((raw) => fromGuest(link, raw));
    transport.onClose(() => {
      if (s.links.get(id) !== link) return;
      s.links.delete(id);
      drawPhones();
      status(`${s.table.names[id]}'s phone left the table. It can link again: press Link another phone.`);
    });
    sendTo(link, "welcome", { seat, seats: s.links.size + 1 });
    sendTo(link, "board", { board: sharedMatch(page.match()) });
    hideSteps();
    drawPhones();
    status(`${guestName(seat)} is linked. Every phone shows this board.`);
  }

  async function enterAnswer(text) {
    const value = codeOf(text, "answer");
    const pending = s.pending;
    if (!value || !pending) return;
    status(`Linking… (the phones have ${OPEN_TIMEOUT_MS / 1000} seconds to reach each other)`);
    try {
      await pending.made.accept(toSdp(value));
    } catch (error) {
      status(`That answer does not fit this code: ${error.message}. Make a new code with Host a table.`);
      return;
    }
    if (await openedWithin(pending.made.transport, OPEN_TIMEOUT_MS)) linked(pending.id, pending.seat, pending.made.transport);
    else failed(pending.made.transport);
  }

  async function host() {
    if (s.role === "guest" && s.transport) { status("This phone is linked as a guest."); return; }
    if (!page.match() || !page.match().game) { status("Start a game first: every phone will show the host's board."); return; }
    s.role = "host";
    s.table ||= hostTable(myName("Host"));
    const seat = freeSeat(s.table, [...s.links.keys()]);
    if (seat === null) { status("The table is full: three guests."); return; }
    s.pending?.made.transport.close();
    hideSteps();
    $("[data-link-failed]").hidden = true;
    status("Making a code…");
    const made = await rtcOffer();
    s.pending = { id: `link-${s.nextId++}`, seat, made };
    showCode(encode(made.sdp, "offer"), `Step 1: on the guest's phone, open this page, press Join a table and scan this code, or send it the text.`);
    showEnter("Step 2: the guest's answer code", enterAnswer);
    status("");
  }

  // --- a guest --------------------------------------------------------------------------------

  function fromHost(raw) {
    const got = guestReceive(s.guest, raw, page.rules);
    s.guest = got.link;
    if (got.error) console.warn("The host's message was refused:", got.error);
    if (got.seat !== undefined) {
      send("hello", { name: myName(guestName(got.seat)) });
      hideSteps();
      status(`Linked to the host as ${myName(guestName(got.seat))}: every tap here pegs on the host's board.`);
    }
    if (got.refused) page.refused(got.refused);
    if (got.match) page.apply(got.match, "");
  }

  function send(type, body) {
    const made = guestSend(s.guest, type, body);
    s.guest = made.link;
    s.transport.send(made.text);
  }

  async function enterOffer(text) {
    const value = codeOf(text, "offer");
    if (!value) return;
    status("Making the answer…");
    const made = await rtcAnswer(toSdp(value));
    s.transport?.close();
    s.transport = made.transport;
    s.guest = guestLink();
    made.transport.onMessage(fromHost);
    made.transport.onClose(() => {
      if (s.transport !== made.transport) return;
      s.transport = null;
      status("The link to the host closed. This phone keeps the board: press Join a table to link again.");
    });
    $("[data-link-enter]").hidden = true;
    showCode(encode(made.sdp, "answer"), "Step 2: show this to the host's phone, which scans it (or paste the text there).");
    status("Waiting for the host to scan the answer…");
    if (!(await openedWithin(made.transport, GUEST_WAIT_MS))) failed(made.transport);
  }

  function join() {
    if (s.role === "host" && s.links.size) { status("This phone hosts the table."); return; }
    s.role = "guest";
    hideSteps();
    $("[data-link-failed]").hidden = true;
    showEnter("Step 1: the host's code", enterOffer);
    status("");
    $("[data-link-input]").focus();
  }

  // --- the camera -----------------------------------------------------------------------------

  function stopScan() {
    if (!s.scan) return;
    clearInterval(s.scan.timer);
    for (const track of s.scan.stream.getTracks()) track.stop();
    s.scan = null;
    $("[data-link-video]").hidden = true;
    $("[data-link-scan]").textContent = "Scan with the camera";
  }

  async function scan() {
    if (s.scan) { stopScan(); return; }
    if (!navigator.mediaDevices?.getUserMedia) { status("This browser cannot use the camera here: paste the code instead."); return; }
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch {
      status("The camera was not allowed: paste the code instead, or allow the camera in the browser's settings.");
      return;
    }
    const video = $("[data-link-video]");
    video.srcObject = stream;
    video.hidden = false;
    await video.play();
    $("[data-link-scan]").textContent = "Stop scanning";
    const frame = document.createElement("canvas");
    s.scan = { stream, timer: setInterval(() => readFrame(video, frame), SCAN_EVERY_MS) };
  }

  async function readFrame(video, frame) {
    if (!video.videoWidth) return;
    frame.width = video.videoWidth;
    frame.height = video.videoHeight;
    const context = frame.getContext("2d", { willReadFrequently: true });
    context.drawImage(video, 0, 0);
    const text = await read(context.getImageData(0, 0, frame.width, frame.height));
    if (!text || !s.scan) return;
    stopScan();
    $("[data-link-input]").value = text;
    s.onEnter?.(text);
  }

  async function copy() {
    const field = $("[data-link-code]");
    try {
      await navigator.clipboard.writeText(field.value);
      status("Copied: paste it on the other phone.");
    } catch {
      field.select();
      status("This browser did not allow copying: the code is selected, copy it by hand.");
    }
  }

  const buttons = {
    "[data-link-host]": host, "[data-link-join]": join, "[data-link-scan]": scan, "[data-link-copy]": copy,
    "[data-link-go]": () => s.onEnter?.($("[data-link-input]").value),
  };
  for (const [selector, run] of Object.entries(buttons)) $(selector).addEventListener("click", () => run());
  $("[data-link-input]").addEventListener("keydown", (event) => { if (event.key === "Enter") s.onEnter?.(event.target.value); });

  return {
    /** Whether taps go through the link: always once hosting, while linked as a guest. */
    active: () => (s.role === "host" && s.links.size > 0) || (s.role === "guest" && Boolean(s.transport) && s.guest?.seat !== null),
    guest: () => s.role === "guest" && Boolean(s.transport),
    tap(tap) {
      if (s.role === "guest") { send("tap", tap); return; }
      const done = applyTap(page.match(), tap, s.table.name, Date.now());
      if (done.refused) page.refused(done.refused);
      else page.apply(done.match, done.said);
    },
    changed: broadcast,
    close() {
      stopScan();
      s.pending?.made.transport.close();
      s.transport?.close();
      for (const link of s.links.values()) link.transport.close();
    },
  };
}
