// The board's side of the "Link phones at this table" panel (link/panel.js makes the links).
// From then on the host's board is the truth (board/linked.js): a guest's taps travel to the
// host, which applies them in order and sends every phone the new board. Everything from another
// phone is checked by the protocol and drawn as text only.
import { closePanel, drawPhones, hideSteps, myName, openPanel, status } from "../link/panel.js";
import {
  admitGuest, applyTap, freeSeat, guestLink, guestName, guestReceive, guestSend, hostSend, hostTable, MAX_GUESTS,
  receive, sharedMatch,
} from "./linked.js";

/**
 * @typedef {import("../link/panel.js").Panel} Panel @typedef {import("../link/panel.js").Link} Link
 * @typedef {import("./linked.js").HostTable} HostTable @typedef {import("./linked.js").GuestLink} GuestLink
 * @typedef {import("./match.js").Match} Match @typedef {import("./state.js").Rules} Rules
 */
/**
 * What the link needs of the board page: its match, a new match applied (with what to say), a
 * refusal shown, and the engine's rules.
 * @typedef {{match: () => Match | null, apply: (match: Match, said: string) => void, refused: (text: string) => void,
 *   rules: Rules}} BoardHost
 * @typedef {Panel & {page: BoardHost, table: HostTable | null, guest: GuestLink | null}} BoardLink
 */

/**
 * The host's table, made when it first hosts (canHost), which every step of the host's follows.
 * @param {BoardLink} s @returns {HostTable}
 */
function tableOf(s) {
  if (!s.table) throw new Error("this phone hosts no table");
  return s.table;
}

// --- the host -------------------------------------------------------------------------------

/** @param {BoardLink} s @param {Link} link @param {string} type @param {Record<string, unknown>} body */
function sendTo(s, link, type, body) {
  const made = hostSend(tableOf(s), type, link.seat, body);
  s.table = made.table;
  link.transport.send(made.text);
}

/** @param {BoardLink} s */
function broadcast(s) {
  const match = s.page.match();
  if (s.role !== "host" || !match) return;
  for (const link of s.links.values()) sendTo(s, link, "board", { board: sharedMatch(match) });
}

/** @param {BoardLink} s @param {Link} link @param {string} raw */
function fromGuest(s, link, raw) {
  const match = s.page.match();
  if (!match) return;
  const done = receive(tableOf(s), match, link.id, raw, Date.now());
  s.table = done.table;
  if (done.refusal) {
    console.warn("A linked phone's message was refused:", done.refusal);
    return;
  }
  if (done.refused) sendTo(s, link, "refused", { error: done.refused.slice(0, 200) });
  else if (done.match !== match) s.page.apply(done.match, done.said ?? "");
  drawPhones(s);
}

/** @param {BoardLink} s @param {Link} link */
function linked(s, link) {
  s.table = admitGuest(tableOf(s), link.id, link.seat);
  sendTo(s, link, "welcome", { seat: link.seat, seats: s.links.size + 1 });
  const match = s.page.match();
  if (match) sendTo(s, link, "board", { board: sharedMatch(match) });
  status(s, `${guestName(link.seat)} is linked. Every phone shows this board.`);
}

/** @param {BoardLink} s */
function canHost(s) {
  if (!s.page.match()?.game) return "Start a game first: every phone will show the host's board.";
  s.table ||= hostTable(myName(s, "Host"));
  return "";
}

// --- a guest --------------------------------------------------------------------------------

/**
 * This guest's side of its link, made when it joins, which every message from the host follows.
 * @param {BoardLink} s @returns {GuestLink}
 */
function guestOf(s) {
  if (!s.guest) throw new Error("this phone has not joined a table");
  return s.guest;
}

/** @param {BoardLink} s @param {string} raw */
function fromHost(s, raw) {
  const got = guestReceive(guestOf(s), raw, s.page.rules);
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

/** @param {BoardLink} s @param {string} type @param {Record<string, unknown>} body */
function send(s, type, body) {
  const made = guestSend(guestOf(s), type, body);
  s.guest = made.link;
  s.transport?.send(made.text);
}

/** @type {import("../link/panel.js").Hooks} */
const HOOKS = {
  maxGuests: MAX_GUESTS, canHost, linked, fromGuest, fromHost,
  freeSeat: (/** @type {BoardLink} */ s) => freeSeat(tableOf(s), [...s.links.keys()]),
  joined: (/** @type {BoardLink} */ s) => { s.guest = guestLink(); },
  hostLeft: "The link to the host closed. This phone keeps the board: press Join a table to link again.",
  phoneName: (/** @type {BoardLink} */ s, link) => tableOf(s).names[link.id],
};

/**
 * The panel, bound to the board page: `page` gives the current match (`match()`), takes a new
 * one (`apply(match, said)`), shows a refusal (`refused(text)`), and the engine's `rules`.
 * @param {HTMLElement} root @param {BoardHost} page @returns {import("./actions.js").Link}
 */
export function linkPanel(root, page) {
  /** @type {BoardLink} */
  const s = Object.assign(openPanel(root, HOOKS), { page, table: null, guest: null });
  return {
    /** Whether taps go through the link: while hosting guests, or linked as a guest. */
    active: () => (s.role === "host" && s.links.size > 0)
      || (s.role === "guest" && Boolean(s.transport) && s.guest?.seat !== null),
    guest: () => s.role === "guest" && Boolean(s.transport),
    tap(tap) {
      if (s.role === "guest") { send(s, "tap", tap); return; }
      const match = page.match();
      if (!match) return;
      const done = applyTap(match, tap, tableOf(s).name, Date.now());
      if (done.refused) page.refused(done.refused);
      else page.apply(done.match, done.said ?? "");
    },
    changed: () => broadcast(s),
    close: () => closePanel(s),
  };
}
