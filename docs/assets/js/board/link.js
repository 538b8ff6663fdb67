// The board's side of the "Link phones at this table" panel (link/panel.js makes the links).
// From then on the host's board is the truth (board/linked.js): a guest's taps travel to the
// host, which applies them in order and sends every phone the new board. Everything from another
// phone is checked by the protocol and drawn as text only.
import { closePanel, drawPhones, hideSteps, myName, openPanel, status } from "../link/panel.js";
import {
  admitGuest, applyTap, freeSeat, guestLink, guestName, guestReceive, guestSend, hostSend, hostTable, MAX_GUESTS, receive,
  sharedMatch,
} from "./linked.js";

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

function linked(s, link) {
  s.table = admitGuest(s.table, link.id, link.seat);
  sendTo(s, link, "welcome", { seat: link.seat, seats: s.links.size + 1 });
  sendTo(s, link, "board", { board: sharedMatch(s.page.match()) });
  status(s, `${guestName(link.seat)} is linked. Every phone shows this board.`);
}

function canHost(s) {
  if (!s.page.match() || !s.page.match().game) return "Start a game first: every phone will show the host's board.";
  s.table ||= hostTable(myName(s, "Host"));
  return "";
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

const HOOKS = {
  maxGuests: MAX_GUESTS, canHost, linked, fromGuest, fromHost,
  freeSeat: (s) => freeSeat(s.table, [...s.links.keys()]),
  joined: (s) => { s.guest = guestLink(); },
  hostLeft: "The link to the host closed. This phone keeps the board: press Join a table to link again.",
  phoneName: (s, link) => s.table.names[link.id],
};

/**
 * The panel, bound to the board page: `page` gives the current match (`match()`), takes a new
 * one (`apply(match, said)`), shows a refusal (`refused(text)`), and the engine's `rules`.
 */
export function linkPanel(root, page) {
  const s = Object.assign(openPanel(root, HOOKS), { page, table: null, guest: null });
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
    close: () => closePanel(s),
  };
}
