// The table's side of the "Link phones at this table" panel (link/panel.js makes the links): a
// game whose people each play on their own phone. The rules are in table/linked.js (pure); here
// are the effects: the messages, the engine through the page (`game`, given by page.js), and the
// linked game kept in localStorage (KEYS.tableLink) so that a reload on either side resumes.
import { closePanel, drawPhones, hideSteps, myName, openPanel, status } from "../link/panel.js";
import { addCommit, addReveal, combinedSeed, commitment, newRound, newSecret, verify } from "../link/seed.js";
import { KEYS, readSaved, removeText, writeSaved } from "../storage.js";
import {
  admitLink, claimSeat, freeSeat, giveToken, guestLink, guestReceive, guestSend, guestView, hostGame, hostReceive, hostSend,
  HOST_SEAT, MAX_GUESTS, releaseSeat, roundStep, sealedRound, seatHeld,
} from "./linked.js";

/** How long the host waits for every phone's commitment and secret before it gives up on the deal. */
export const SEED_TIMEOUT_MS = 60000;
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

export const loadLinked = () => readSaved(KEYS.tableLink, isObject, KEYS.tableLinkUnreadable).value ?? null;
const guestKept = () => readSaved(KEYS.tableLinkGuest, isObject, KEYS.tableLinkGuestUnreadable).value ?? {};
// The host's game and a guest's part are kept apart (a phone may have been both), a guest's by seat.
function saveLinked(s) {
  if (s.role === "host") writeSaved(KEYS.tableLink, s.kept);
  else writeSaved(KEYS.tableLinkGuest, { ...guestKept(), [s.guest.seat]: s.kept });
}
const say = (s, text) => { status(s, text); s.game.notice(text); };

// --- the host -------------------------------------------------------------------------------

function sendTo(s, link, type, body) {
  const made = hostSend(s.table, type, link.seat, body);
  s.table = made.game;
  link.transport.send(made.text);
}

const playing = (s, seat) => s.kept?.role === "host" && s.kept.seats?.[seat] === "human";
// A link still claiming its seat is sent nothing of the game.
const inGame = (s, link) => !link.claiming && playing(s, link.seat);

// Every linked guest in the game gets its own seat's view, and nothing else.
async function sendViews(s) {
  const sealed = s.game.sealed();
  const names = s.hooks.names(s, s.kept.seats.length);
  const record = s.game.over() ? await s.game.call("record", { sealed, names }) : null;
  let seen = null;
  for (const link of [...s.links.values()].filter((one) => inGame(s, one))) {
    // the log's sentences call each seat by the name its score line shows, not "The computer"
    const reply = await s.game.call("table_view", { sealed, seat: link.seat, names });
    if (!reply || s.links.get(link.id) !== link) continue;
    const view = guestView(reply.view, names);
    if (record?.over) sendTo(s, link, "record", { text: record.text }); // before the view that ends the game
    sendTo(s, link, "view", { view });
    seen = view.events_seen;
  }
  if (seen !== null) s.root.dataset.events = String(seen); // the events every linked phone has been sent (tests wait on it)
  if (s.kept?.seed !== undefined && s.game.over()) endRound(s);
}

// The game is over: every phone gets every secret, to check the deal itself.
function endRound(s) {
  drawPhones(s); // no seat to release now
  for (const link of s.links.values()) if (inGame(s, link)) sendTo(s, link, "round", { round: s.kept.round });
}

function refuse(s, link, refusal) {
  console.warn("A linked phone's message was refused:", refusal);
  s.refusals.push(refusal);
  s.root.dataset.linkRefused = String(s.refusals.length); // tests wait for it; nothing is applied
  if (["action", "claim"].includes(refusal.type)) sendTo(s, link, "refused", { error: refusal.error.slice(0, 200) });
}

async function fromGuest(s, link, raw) {
  const names = s.table.names;
  const got = hostReceive(s.table, link.id, raw);
  s.table = got.game;
  if (got.refusal) { refuse(s, link, got.refusal); return; }
  if (Boolean(link.claiming) !== (got.type === "claim") && got.type !== "hello") {
    refuse(s, link, { from: link.id, error: link.claiming ? "this phone has not claimed its seat" : "this phone has its seat", type: got.type });
    return;
  }
  if (got.type === "hello") named(s, link, names);
  if (got.type === "claim") claimed(s, link, got.body);
  if (got.type === "commit" || got.type === "reveal") await seedStep(s, link, got);
  if (got.type === "action") s.queue = s.queue.then(() => s.game.actFor(got.body.action)).then((error) => refusedMove(s, link, error));
}

// The seats of the game in progress whose phone is not linked: each may be handed to the computer.
function away(s) {
  if (s.kept?.role !== "host" || s.kept.seed === undefined || s.game.over()) return [];
  const here = (seat) => [...s.links.values()].some((link) => link.seat === seat && !link.claiming);
  return s.kept.seats.flatMap((kind, seat) => (seat !== HOST_SEAT && kind === "human" && !here(seat) ? [seat] : []));
}

const seatName = (s, seat) => s.table.names[seat] || `Player ${seat + 1}`;

// Under the linked phones, each seat whose phone has left, with a button to release it.
function awayRows(s) {
  return away(s).map((seat) => {
    const name = seatName(s, seat);
    const item = document.createElement("li");
    const button = document.createElement("button");
    Object.assign(button, { type: "button", className: "md-button", textContent: `Release ${name}'s seat` });
    button.dataset.linkRelease = String(seat);
    button.addEventListener("click", () => release(s, seat, name));
    item.append(`${name}: left the table `, button);
    return item;
  });
}

// A phone gone for good: the computer plays its seat to the end of the game, and the seat's token
// is dropped, so that no phone can claim the seat with it.
async function release(s, seat, name) {
  const text = `The computer plays ${name}'s seat from now to the end of this game, and ${name}'s phone cannot take it back.`;
  const question = { title: `Release ${name}'s seat?`, text, yes: "Release the seat", no: "Keep the seat" };
  if (!(await s.game.ask(question)) || !away(s).includes(seat)) return;
  const kinds = await s.game.release(seat);
  if (!kinds) return;
  s.table = releaseSeat(s.table, seat);
  s.kept = { ...s.kept, seats: kinds, tokens: s.table.tokens };
  saveLinked(s);
  drawPhones(s);
  status(s, `The computer plays ${name}'s seat now.`);
}

// A guest's phone gave its name: listed in the panel, and in the host's game where its seat plays.
// A phone still claiming a seat may have been offered another's: the name waits for its claim.
function named(s, link, before = s.table.names) {
  if (link.claiming) {
    link.name = s.table.names[link.seat];
    s.table = { ...s.table, names: before };
    return;
  }
  drawPhones(s);
  if (playing(s, link.seat) && s.kept.seed !== undefined) s.game.rename(link.seat, s.table.names[link.seat]);
}

// The engine refused a guest's move: the guest's phone says why, and the host's says whose it was.
function refusedMove(s, link, error) {
  if (!error || s.links.get(link.id) !== link) return;
  sendTo(s, link, "refused", { error: error.slice(0, 200) });
  status(s, `${s.hooks.phoneName(s, link)}'s move was refused: ${error}`);
}

async function seedStep(s, link, got) {
  const step = got.type === "commit" ? addCommit(s.round, got.seat, got.body.hash) : await addReveal(s.round, got.seat, got.body.secret);
  if (!step.ok) { refuse(s, link, { from: link.id, error: step.error, type: got.type }); return; }
  s.round = step.round;
  s.roundChanged();
}

// A phone linking to a seat of the game in progress must claim it with the token that seat was
// given (so a guest that drops cannot be sent another seat's cards); any other seat gets a token.
function linked(s, link) {
  s.table = admitLink(s.table, link.id, link.seat);
  sendTo(s, link, "welcome", { seat: link.seat, seats: s.links.size + 1 });
  if (seatHeld(s.table, link.seat, playing(s, link.seat))) {
    link.claiming = true;
    sendTo(s, link, "held", { seat: link.seat });
    status(s, "A phone has linked and is claiming its seat…");
    return;
  }
  s.table = giveToken(s.table, link.seat, newSecret());
  if (s.kept?.role === "host") { s.kept = { ...s.kept, tokens: s.table.tokens }; saveLinked(s); }
  seated(s, link);
}

function claimed(s, link, claim) {
  const open = [...s.links.values()].filter((one) => !one.claiming).map((one) => one.id);
  const got = claimSeat(s.table, link.id, claim, open);
  s.table = got.game;
  if (got.refusal) { refuse(s, link, got.refusal); return; }
  const moved = got.seat !== link.seat;
  Object.assign(link, { seat: got.seat, claiming: false });
  if (moved) sendTo(s, link, "welcome", { seat: link.seat, seats: s.links.size + 1 });
  if (link.name) s.table = { ...s.table, names: { ...s.table.names, [link.seat]: link.name } }; // its hello's name
  named(s, link);
  seated(s, link);
}

// The link in its seat: its token (again, after a claim: the guest's word that it is seated), then the game.
function seated(s, link) {
  sendTo(s, link, "token", { token: s.table.tokens[link.seat] });
  status(s, `${s.hooks.phoneName(s, link)} is linked.`);
  if (inGame(s, link) && s.kept.seed !== undefined) {
    if (s.game.over()) sendTo(s, link, "round", { round: s.kept.round });
    else sendTo(s, link, "round", { round: sealedRound(s.kept.round) });
    sendViews(s);
  }
}

// The round until `done(round)`, each change sent to every guest in the game; false after the timeout.
function roundUntil(s, done) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { s.roundChanged = () => {}; resolve(false); }, SEED_TIMEOUT_MS);
    s.roundChanged = () => {
      if (!done(s.round)) return;
      clearTimeout(timer);
      s.roundChanged = () => {};
      resolve(true);
    };
    s.roundChanged();
  });
}

/**
 * A new linked game's seats, seed and guests' names (by seat), or null when no phone is linked (a game on this phone
 * alone), or false when the phones did not all send their secrets in time.
 */
async function prepare(s, players, level) {
  const guests = [...s.links.values()].filter((link) => link.seat < players);
  if (s.role !== "host" || !guests.length) {
    if (s.role === "host") { s.kept = null; removeText(KEYS.tableLink); } // a game on this phone alone
    return null;
  }
  const seats = [...Array(players).keys()].map((seat) => (seat === 0 || guests.some((link) => link.seat === seat) ? "human" : level));
  const people = seats.flatMap((kind, seat) => (kind === "human" ? [seat] : []));
  const secret = newSecret();
  s.round = (addCommit(newRound(people), 0, await commitment(0, secret))).round;
  say(s, "Every phone adds a secret to the deal…");
  for (const link of guests) sendTo(s, link, "round", { round: sealedRound(s.round) });
  const committed = await roundUntil(s, (round) => people.every((seat) => Object.hasOwn(round.commits, seat)));
  if (committed) for (const link of guests) sendTo(s, link, "round", { round: sealedRound(s.round) });
  const revealed = committed && await roundUntil(s, (round) => people.every((seat) => seat === 0 || Object.hasOwn(round.reveals, seat)));
  if (!revealed) { say(s, "A linked phone did not send its secret in time, so no game started. Link it again, or play on one phone."); return false; }
  s.round = (await addReveal(s.round, 0, secret)).round;
  const seed = await combinedSeed(s.round);
  s.kept = { role: "host", seats, round: s.round, seed: seed.seed, tokens: s.table.tokens };
  saveLinked(s);
  say(s, "");
  drawPhones(s);
  const names = Object.fromEntries(guests.filter((link) => s.table.names[link.seat]).map((link) => [link.seat, s.table.names[link.seat]]));
  return { seats, seed: seed.seed, names };
}

// --- a guest --------------------------------------------------------------------------------

function send(s, type, body) {
  const made = guestSend(s.guest, type, body);
  s.guest = made.link;
  s.transport.send(made.text);
}

async function fromHost(s, raw) {
  const got = guestReceive(s.guest, raw);
  s.guest = got.link;
  if (got.error) { console.warn("The host's message was refused:", got.error); return; }
  if (got.welcome) {
    send(s, "hello", { name: myName(s, `Player ${got.welcome.seat + 1}`) });
    hideSteps(s);
  }
  if (got.held !== undefined) claimBack(s);
  if (got.token) {
    writeSaved(KEYS.tableLinkClaim, { seat: s.guest.seat, token: got.token });
    status(s, `Linked to the host's table: this phone plays seat ${s.guest.seat + 1}.`);
  }
  if (got.round) await guestRound(s, got.round);
  if (got.record) { s.game.keepRecord(got.record); s.kept = { ...s.kept, record: got.record }; saveLinked(s); }
  if (got.refused) { s.game.notice(got.refused); status(s, `The host refused: ${got.refused}`); }
  if (got.view) {
    s.queue = s.queue.then(() => s.game.show(got.view)).then(() => { s.root.dataset.events = String(got.view.events_seen); });
  }
}

// The host's game holds the seat this phone was given: the phone claims the seat it had, with its token.
function claimBack(s) {
  const claim = readSaved(KEYS.tableLinkClaim, isObject, KEYS.tableLinkClaimUnreadable).value;
  if (!claim || !Number.isInteger(claim.seat) || typeof claim.token !== "string") {
    status(s, "The host's game has a phone in every free seat, and this phone has no seat in it to take back.");
    return;
  }
  status(s, `Taking back seat ${claim.seat + 1}…`);
  send(s, "claim", { seat: claim.seat, token: claim.token });
}

// This phone's part in the seed: a new secret committed, revealed once every seat has committed
// (once: a phone that rejoins has revealed already), and every secret checked when the game is
// over. Until then this phone keeps only its own secret.
async function guestRound(s, round) {
  const seat = s.guest.seat;
  const kept = s.kept?.role === "guest" && s.kept.seat === seat ? s.kept : guestKept()[seat];
  const mine = isObject(kept) && typeof kept.secret === "string" ? kept : null;
  const next = roundStep(round, seat, mine?.commit);
  if (next.error) { s.game.notice(`The deal cannot be trusted: ${next.error}.`); return; }
  if (mine) s.kept = mine; // a phone that reloaded takes up its part again, and keeps it
  if (next.step === "commit") {
    const secret = newSecret();
    s.kept = { role: "guest", seat, secret, commit: await commitment(seat, secret), round };
    send(s, "commit", { hash: s.kept.commit });
  } else if (next.step === "reveal" && !mine.revealed) {
    s.kept = { ...mine, round, revealed: true };
    send(s, "reveal", { secret: mine.secret });
  } else if (next.step === "check") {
    await s.queue; // the game's last view drawn, with its seed
    const seed = s.game.seed();
    const checked = await verify(round, seed);
    s.kept = { ...mine, round, seed, checked: checked.ok };
    status(s, checked.ok ? "Every phone's secret matches its commitment, and together they make this game's seed: no phone chose the cards."
      : `The deal does not check: ${checked.error}.`);
  }
  if (s.kept) saveLinked(s);
}

function canHost(s) {
  if (s.role === "guest" && s.transport) return "This phone is linked as a guest.";
  s.table ||= hostGame();
  return "";
}

const HOOKS = {
  maxGuests: MAX_GUESTS, canHost, linked, fromGuest, fromHost,
  freeSeat: (s) => freeSeat(s.table, [...s.links.keys()]),
  joined: (s) => { s.guest = guestLink(); },
  hostLeft: "The link to the host closed. Press Join a table and scan a new code from the host to take your seat again.",
  phoneName: (s, link) => seatName(s, link.seat),
  awayRows,
  // every seat's name as its own phone gave it (the host's own from this page)
  names: (s, seats) => [...Array(seats).keys()].map((seat) => (seat === HOST_SEAT ? s.game.name(0) : s.table.names[seat] || s.game.name(seat))),
};

/**
 * The panel bound to the table. `game` is page.js's: `call(method, params)`, `sealed()`,
 * `over()`, `seed()` (the finished game's), `actFor(action)` (a guest's checked move applied),
 * `show(view)` (the host's view drawn on a guest) and `notice(text)`.
 */
export function tableLink(root, game) {
  const kept = loadLinked();
  const s = Object.assign(openPanel(root, HOOKS), { root, game, table: null, guest: null, kept, round: kept?.round ?? null,
    refusals: [], queue: Promise.resolve(), roundChanged: () => {} });
  if (kept?.role === "host") { s.role = "host"; s.table = hostGame(isObject(kept.tokens) ? kept.tokens : {}); }
  return {
    /** The host of a linked game (its guests may have left for now), or a linked guest: no hand-over. */
    linked: () => (s.role === "host" && Boolean(s.kept)) || (s.role === "guest" && Boolean(s.transport)),
    guest: () => s.role === "guest" && Boolean(s.transport),
    prepare: (players, level) => prepare(s, players, level),
    act: (action) => send(s, "action", { action }),
    changed: () => { if (s.role === "host" && s.kept) s.queue = s.queue.then(() => sendViews(s)); },
    close: () => closePanel(s),
  };
}
