// The table's side of the "Link phones at this table" panel (link/panel.js makes the links): a
// game whose people each play on their own phone. The rules are in table/linked.js (pure); here
// are the effects: the messages, the engine through the page (`game`, given by page.js), and the
// linked game kept in localStorage (KEYS.tableLink) so that a reload on either side resumes.
import { asGuest, closePanel, drawPhones, hideSteps, myName, openPanel, status } from "../link/panel.js";
import { addCommit, addReveal, combinedSeed, commitment, newRound, newSecret, verify } from "../link/seed.js";
import { KEYS, readSaved, removeText, writeSaved } from "../storage.js";
import {
  admitLink, claimSeat, freeSeat, giveToken, guestLink, guestReceive, guestSend, guestView, hostGame, hostReceive,
  hostSend, HOST_SEAT, isRound, MAX_GUESTS, releaseSeat, roundStep, sealedRound, seatHeld,
} from "./linked.js";

/**
 * @typedef {import("../link/panel.js").Panel} Panel @typedef {import("../link/protocol.js").Refusal} Refusal
 * @typedef {import("../link/protocol.js").Opaque} Opaque @typedef {import("../link/seed.js").Round} Round
 * @typedef {import("./linked.js").HostGame} HostGame @typedef {import("./linked.js").GuestLink} GuestLink
 * @typedef {import("./linked.js").FromGuest} FromGuest @typedef {import("./linked.js").SeatView} SeatView
 * @typedef {import("../common/confirm.js").Question} Question
 */
/**
 * A guest's link on the host: `claiming` until it has claimed the seat it holds in the game, and
 * the name its hello gave meanwhile.
 * @typedef {import("../link/panel.js").Link & {claiming?: boolean, name?: string}} PhoneLink
 */
/**
 * What this phone keeps of a linked game (KEYS.tableLink on the host, KEYS.tableLinkGuest by seat
 * on a guest): the host's seats, round, seed and tokens; a guest's own secret and commitment; on a
 * guest that had no part in the seed, only the finished game's record.
 * @typedef {{role: "host", seats: string[], round: Round, seed: number, tokens: Record<number, string>,
 *   record?: string}} HostKept
 * @typedef {{role: "guest", seat: number, secret: string, commit: string, round: Round, revealed?: boolean,
 *   seed?: number, checked?: boolean, record?: string}} GuestKept
 * @typedef {HostKept | GuestKept | {role?: undefined, record: string}} Kept
 */
/**
 * What the link needs of the table page's game (page.js gives it): the engine, the sealed game,
 * whether it is over, its seed once over, a notice, a seat's name, a guest's checked move applied
 * (its refusal, or ""), a question asked, a seat released (the seats' kinds after, or null), a
 * guest's new name, the host's record kept, this phone joined as a guest, its host's choices put away while
 * it is linked as one, and the host's view drawn on a guest.
 * @typedef {{
 *   call: {
 *     (method: "record", params: {sealed: unknown, names: string[]}): Promise<{over: boolean, text: string} | null>,
 *     (method: "table_view", params: {sealed: unknown, seat: number, names: string[]}):
 *       Promise<{view: SeatView} | null>,
 *   },
 *   sealed: () => unknown, over: () => boolean, seed: () => number | undefined, notice: (text: string) => void,
 *   name: (seat: number) => string, actFor(action: Opaque): Promise<string>,
 *   ask: (question: Question) => Promise<boolean>, release: (seat: number) => Promise<string[] | null>,
 *   rename: (seat: number, name: string) => void, keepRecord: (text: string) => void, joined: () => void,
 *   guesting: (on: boolean) => void,
 *   show(view: Opaque): Promise<unknown>,
 * }} LinkGame
 * `actFor` and `show` are methods: the page takes the guest's action and the host's view as the
 * engine's own types, while the link has them as the messages' bodies, opaque plain objects, which
 * the engine checks (a move) or the page draws as text only (a view).
 */
/**
 * The panel's state with the table's: the game, the host's table or a guest's link, what is kept,
 * the seed's round, the refusals so far, the queue of views and moves, and the round's waiter.
 * @typedef {import("../link/panel.js").Hooks & {names: (s: TableLinkState, seats: number) => string[]}} TableHooks
 * @typedef {Omit<Panel, "links" | "hooks"> & {links: Map<string, PhoneLink>, hooks: TableHooks, root: HTMLElement,
 *   game: LinkGame, table: HostGame | null, guest: GuestLink | null, kept: Kept | null, round: Round | null,
 *   refusals: Refusal[], queue: Promise<unknown>, roundChanged: () => void}} TableLinkState
 */

/** How long the host waits for every phone's commitment and secret before it gives up on the deal. */
export const SEED_TIMEOUT_MS = 60000;
/** @param {unknown} value @returns {value is object} */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** @returns {HostKept | null} */
export const loadLinked = () => readSaved(KEYS.tableLink, isObject, KEYS.tableLinkUnreadable).value ?? null;
/** @returns {Record<number, Kept>} */
const guestKept = () => readSaved(KEYS.tableLinkGuest, isObject, KEYS.tableLinkGuestUnreadable).value ?? {};
/**
 * The host's game and a guest's part are kept apart (a phone may have been both), a guest's by seat.
 * @param {TableLinkState} s
 */
function saveLinked(s) {
  if (s.role === "host") writeSaved(KEYS.tableLink, s.kept);
  else writeSaved(KEYS.tableLinkGuest, { ...guestKept(), [String(guestOf(s).seat)]: s.kept });
}
/** @param {TableLinkState} s @param {string} text */
const say = (s, text) => { status(s, text); s.game.notice(text); };

// --- the host -------------------------------------------------------------------------------

/**
 * The host's table, made when it first hosts (canHost) or resumes a game, which every step of the host's follows.
 * @param {TableLinkState} s @returns {HostGame}
 */
function tableOf(s) {
  if (!s.table) throw new Error("this phone hosts no table");
  return s.table;
}

/** @param {TableLinkState} s @param {PhoneLink} link @param {string} type @param {Record<string, unknown>} body */
function sendTo(s, link, type, body) {
  const made = hostSend(tableOf(s), type, link.seat, body);
  s.table = made.game;
  link.transport.send(made.text);
}

/** The host's kept game, while there is one. @param {TableLinkState} s */
const hosted = (s) => (s.kept?.role === "host" ? s.kept : null);
/** @param {TableLinkState} s @param {number} seat */
const playing = (s, seat) => hosted(s)?.seats?.[seat] === "human";
// A link still claiming its seat is sent nothing of the game.
/** @param {TableLinkState} s @param {PhoneLink} link */
const inGame = (s, link) => !link.claiming && playing(s, link.seat);

/**
 * Every linked guest in the game gets its own seat's view, and nothing else.
 * @param {TableLinkState} s
 */
async function sendViews(s) {
  const kept = hosted(s);
  if (!kept) return;
  const sealed = s.game.sealed();
  const names = s.hooks.names(s, kept.seats.length);
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
  // the events every linked phone has been sent (tests wait on it)
  if (seen !== null) s.root.dataset.events = String(seen);
  const now = hosted(s); // as it is after the engine's replies
  if (now && now.seed !== undefined && s.game.over()) endRound(s, now);
}

/**
 * The game is over: every phone gets every secret, to check the deal itself.
 * @param {TableLinkState} s @param {HostKept} kept
 */
function endRound(s, kept) {
  drawPhones(s); // no seat to release now
  for (const link of s.links.values()) if (inGame(s, link)) sendTo(s, link, "round", { round: kept.round });
}

/** @param {TableLinkState} s @param {PhoneLink} link @param {Refusal} refusal */
function refuse(s, link, refusal) {
  console.warn("A linked phone's message was refused:", refusal);
  s.refusals.push(refusal);
  s.root.dataset.linkRefused = String(s.refusals.length); // tests wait for it; nothing is applied
  const type = refusal.type ?? "";
  if (["action", "claim"].includes(type)) sendTo(s, link, "refused", { error: refusal.error.slice(0, 200) });
}

/** @param {TableLinkState} s @param {PhoneLink} link @param {string} raw */
async function fromGuest(s, link, raw) {
  const names = tableOf(s).names;
  const got = hostReceive(tableOf(s), link.id, raw);
  s.table = got.game;
  if (got.refusal) { refuse(s, link, got.refusal); return; }
  if (Boolean(link.claiming) !== (got.type === "claim") && got.type !== "hello") {
    const error = link.claiming ? "this phone has not claimed its seat" : "this phone has its seat";
    refuse(s, link, { from: link.id, error, type: got.type });
    return;
  }
  if (got.type === "hello") named(s, link, names);
  if (got.type === "claim") claimed(s, link, got.body);
  if (got.type === "commit" || got.type === "reveal") await seedStep(s, link, got);
  if (got.type === "action") {
    const action = got.body.action;
    s.queue = s.queue.then(() => s.game.actFor(action)).then((error) => refusedMove(s, link, error));
  }
}

/**
 * The seats of the game in progress whose phone is not linked: each may be handed to the computer.
 * @param {TableLinkState} s @returns {number[]}
 */
function away(s) {
  const kept = hosted(s);
  if (!kept || kept.seed === undefined || s.game.over()) return [];
  const here = (/** @type {number} */ seat) =>
    [...s.links.values()].some((link) => link.seat === seat && !link.claiming);
  return kept.seats.flatMap((kind, seat) => (seat !== HOST_SEAT && kind === "human" && !here(seat) ? [seat] : []));
}

/** @param {TableLinkState} s @param {number} seat */
const seatName = (s, seat) => tableOf(s).names[seat] || `Player ${seat + 1}`;

/**
 * Under the linked phones, each seat whose phone has left, with a button to release it.
 * @param {TableLinkState} s
 */
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

/**
 * A phone gone for good: the computer plays its seat to the end of the game, and the seat's token
 * is dropped, so that no phone can claim the seat with it.
 * @param {TableLinkState} s @param {number} seat @param {string} name
 */
async function release(s, seat, name) {
  const text = `The computer plays ${name}'s seat from now to the end of this game, and ${name}'s phone cannot take it`
    + " back.";
  const question = { title: `Release ${name}'s seat?`, text, yes: "Release the seat", no: "Keep the seat" };
  if (!(await s.game.ask(question)) || !away(s).includes(seat)) return;
  const kinds = await s.game.release(seat);
  const kept = hosted(s);
  if (!kinds || !kept) return;
  s.table = releaseSeat(tableOf(s), seat);
  s.kept = { ...kept, seats: kinds, tokens: s.table.tokens };
  saveLinked(s);
  drawPhones(s);
  status(s, `The computer plays ${name}'s seat now.`);
}

/**
 * A guest's phone gave its name: listed in the panel, and in the host's game where its seat plays.
 * A phone still claiming a seat may have been offered another's: the name waits for its claim.
 * @param {TableLinkState} s @param {PhoneLink} link @param {Record<number, string>} [before]
 */
function named(s, link, before = tableOf(s).names) {
  const table = tableOf(s);
  if (link.claiming) {
    link.name = table.names[link.seat];
    s.table = { ...table, names: before };
    return;
  }
  drawPhones(s);
  status(s, `${seatName(s, link.seat)} is linked.`); // by the name the list shows (seated waits for it)
  if (playing(s, link.seat) && hosted(s)?.seed !== undefined) s.game.rename(link.seat, table.names[link.seat]);
}

/**
 * The engine refused a guest's move: the guest's phone says why, and the host's says whose it was.
 * @param {TableLinkState} s @param {PhoneLink} link @param {string} error
 */
function refusedMove(s, link, error) {
  if (!error || s.links.get(link.id) !== link) return;
  sendTo(s, link, "refused", { error: error.slice(0, 200) });
  status(s, `${s.hooks.phoneName(s, link)}'s move was refused: ${error}`);
}

/** @param {TableLinkState} s @param {PhoneLink} link @param {Extract<FromGuest, {type: "commit" | "reveal"}>} got */
async function seedStep(s, link, got) {
  const round = s.round;
  if (!round) { refuse(s, link, { from: link.id, error: "no deal is being made", type: got.type }); return; }
  const step = got.type === "commit" ? addCommit(round, got.seat, got.body.hash)
    : await addReveal(round, got.seat, got.body.secret);
  if (!step.ok) { refuse(s, link, { from: link.id, error: step.error, type: got.type }); return; }
  s.round = step.round;
  s.roundChanged();
}

/**
 * A phone linking to a seat of the game in progress must claim it with the token that seat was
 * given (so a guest that drops cannot be sent another seat's cards); any other seat gets a token.
 * @param {TableLinkState} s @param {PhoneLink} link
 */
function linked(s, link) {
  s.table = admitLink(tableOf(s), link.id, link.seat);
  sendTo(s, link, "welcome", { seat: link.seat, seats: s.links.size + 1 });
  if (seatHeld(s.table, link.seat, playing(s, link.seat))) {
    link.claiming = true;
    sendTo(s, link, "held", { seat: link.seat });
    status(s, "A phone has linked and is claiming its seat…");
    return;
  }
  s.table = giveToken(s.table, link.seat, newSecret());
  const kept = hosted(s);
  if (kept) { s.kept = { ...kept, tokens: s.table.tokens }; saveLinked(s); }
  seated(s, link);
}

/** @param {TableLinkState} s @param {PhoneLink} link @param {import("./linked.js").Claim} claim */
function claimed(s, link, claim) {
  const open = [...s.links.values()].filter((one) => !one.claiming).map((one) => one.id);
  const got = claimSeat(tableOf(s), link.id, claim, open);
  s.table = got.game;
  if (got.refusal) { refuse(s, link, got.refusal); return; }
  const moved = got.seat !== link.seat;
  Object.assign(link, { seat: got.seat, claiming: false });
  if (moved) sendTo(s, link, "welcome", { seat: link.seat, seats: s.links.size + 1 });
  const table = tableOf(s); // after the welcome, if sent
  if (link.name) s.table = { ...table, names: { ...table.names, [link.seat]: link.name } }; // its hello's name
  named(s, link);
  seated(s, link);
}

/**
 * The link in its seat: its token (again, after a claim: the guest's word that it is seated), then the game.
 * @param {TableLinkState} s @param {PhoneLink} link
 */
function seated(s, link) {
  sendTo(s, link, "token", { token: tableOf(s).tokens[link.seat] });
  // said by its name: a new phone's comes with its hello, just after (named)
  if (tableOf(s).names[link.seat]) status(s, `${s.hooks.phoneName(s, link)} is linked.`);
  const kept = hosted(s);
  if (inGame(s, link) && kept && kept.seed !== undefined) {
    if (s.game.over()) sendTo(s, link, "round", { round: kept.round });
    else sendTo(s, link, "round", { round: sealedRound(kept.round) });
    sendViews(s);
  }
}

/**
 * The round until `done(round)`, each change sent to every guest in the game; false after the timeout.
 * @param {TableLinkState} s @param {(round: Round) => boolean} done @returns {Promise<boolean>}
 */
function roundUntil(s, done) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { s.roundChanged = () => {}; resolve(false); }, SEED_TIMEOUT_MS);
    s.roundChanged = () => {
      if (!s.round || !done(s.round)) return;
      clearTimeout(timer);
      s.roundChanged = () => {};
      resolve(true);
    };
    s.roundChanged();
  });
}

/**
 * A new linked game's seats, seed and guests' names (by seat), or null when no phone is linked (a
 * game on this phone alone), or false when the phones did not all send their secrets in time.
 * @param {TableLinkState} s @param {number} players @param {string} level
 * @returns {Promise<{seats: string[], seed: number, names: Record<number, string>} | null | false>}
 */
async function prepare(s, players, level) {
  const guests = [...s.links.values()].filter((link) => link.seat < players);
  if (s.role !== "host" || !guests.length) {
    if (s.role === "host") { s.kept = null; removeText(KEYS.tableLink); } // a game on this phone alone
    return null;
  }
  const human = (/** @type {number} */ seat) => seat === 0 || guests.some((link) => link.seat === seat);
  const seats = [...Array(players).keys()].map((seat) => (human(seat) ? "human" : level));
  const people = seats.flatMap((kind, seat) => (kind === "human" ? [seat] : []));
  const secret = newSecret();
  s.round = (addCommit(newRound(people), 0, await commitment(0, secret))).round;
  say(s, "Every phone adds a secret to the deal…");
  for (const link of guests) sendTo(s, link, "round", { round: sealedRound(s.round) });
  const committed = await roundUntil(s, (round) => people.every((seat) => Object.hasOwn(round.commits, seat)));
  if (committed) for (const link of guests) sendTo(s, link, "round", { round: sealedRound(s.round) });
  const revealed = committed
    && await roundUntil(s, (round) => people.every((seat) => seat === 0 || Object.hasOwn(round.reveals, seat)));
  if (!revealed) {
    say(s, "A linked phone did not send its secret in time, so no game started. Link it again, or play on one phone.");
    return false;
  }
  s.round = (await addReveal(s.round, 0, secret)).round;
  const seed = await combinedSeed(s.round);
  if (!seed.ok) throw new Error(seed.error); // every seat has revealed: roundUntil waited for it
  const table = tableOf(s);
  s.kept = { role: "host", seats, round: s.round, seed: seed.seed, tokens: table.tokens };
  saveLinked(s);
  say(s, "");
  drawPhones(s);
  const named = guests.filter((link) => table.names[link.seat]);
  const names = Object.fromEntries(named.map((link) => [link.seat, table.names[link.seat]]));
  return { seats, seed: seed.seed, names };
}

// --- a guest --------------------------------------------------------------------------------

/**
 * This guest's side of its link, made when it joins, which every message from the host follows.
 * @param {TableLinkState} s @returns {GuestLink}
 */
function guestOf(s) {
  if (!s.guest) throw new Error("this phone has not joined a table");
  return s.guest;
}

/** @param {TableLinkState} s @param {string} type @param {Record<string, unknown>} body */
function send(s, type, body) {
  const made = guestSend(guestOf(s), type, body);
  s.guest = made.link;
  s.transport?.send(made.text);
}

/** @param {TableLinkState} s @param {string} raw */
async function fromHost(s, raw) {
  const got = guestReceive(guestOf(s), raw);
  s.guest = got.link;
  if (got.error) { console.warn("The host's message was refused:", got.error); return; }
  if (got.welcome) {
    send(s, "hello", { name: myName(s, `Player ${got.welcome.seat + 1}`) });
    hideSteps(s);
    asGuest(s, true);
    s.game.guesting(true);
  }
  if (got.held !== undefined) claimBack(s);
  if (got.token) {
    const seat = got.link.seat;
    writeSaved(KEYS.tableLinkClaim, { seat, token: got.token });
    status(s, `Linked to the host's table: this phone plays seat ${Number(seat) + 1}.`);
  }
  if (got.round) await guestRound(s, got.round);
  if (got.record) { s.game.keepRecord(got.record); s.kept = { ...s.kept, record: got.record }; saveLinked(s); }
  if (got.refused) { s.game.notice(got.refused); status(s, `The host refused: ${got.refused}`); }
  const view = got.view;
  if (view) {
    s.queue = s.queue.then(() => s.game.show(view)).then(() => { s.root.dataset.events = String(view.events_seen); });
  }
}

/**
 * The host's game holds the seat this phone was given: the phone claims the seat it had, with its token.
 * @param {TableLinkState} s
 */
function claimBack(s) {
  const claim = readSaved(KEYS.tableLinkClaim, isObject, KEYS.tableLinkClaimUnreadable).value;
  if (!claim || !Number.isInteger(claim.seat) || typeof claim.token !== "string") {
    status(s, "The host's game has a phone in every free seat, and this phone has no seat in it to take back.");
    return;
  }
  status(s, `Taking back seat ${claim.seat + 1}…`);
  send(s, "claim", { seat: claim.seat, token: claim.token });
}

/**
 * This phone's part in the seed: a new secret committed, revealed once every seat has committed
 * (once: a phone that rejoins has revealed already), and every secret checked when the game is
 * over. Until then this phone keeps only its own secret.
 * @param {TableLinkState} s @param {unknown} round the host's, checked here (roundStep)
 */
async function guestRound(s, round) {
  const seat = guestOf(s).seat;
  const stored = () => (seat === null ? undefined : guestKept()[seat]);
  const kept = s.kept?.role === "guest" && s.kept.seat === seat ? s.kept : stored();
  const mine = isObject(kept) && "secret" in kept && typeof kept.secret === "string" ? kept : null;
  const next = roundStep(round, seat, mine?.commit);
  // roundStep has checked the seat and the round; the two last tests tell the type checker so
  if (next.error !== undefined || seat === null || !isRound(round)) {
    s.game.notice(`The deal cannot be trusted: ${next.error}.`);
    return;
  }
  if (mine) s.kept = mine; // a phone that reloaded takes up its part again, and keeps it
  if (next.step === "commit") {
    const secret = newSecret();
    const commit = await commitment(seat, secret);
    s.kept = { role: "guest", seat, secret, commit, round };
    send(s, "commit", { hash: commit });
  } else if (next.step === "reveal" && mine && !mine.revealed) {
    s.kept = { ...mine, round, revealed: true };
    send(s, "reveal", { secret: mine.secret });
  } else if (next.step === "check" && mine) {
    await s.queue; // the game's last view drawn, with its seed
    const seed = s.game.seed();
    const checked = await verify(round, seed);
    s.kept = { ...mine, round, seed, checked: checked.ok };
    const sound = "Every phone's secret matches its commitment, and together they make this game's seed: no phone chose"
      + " the cards.";
    status(s, checked.ok ? sound : `The deal does not check: ${checked.error}.`);
  }
  if (s.kept) saveLinked(s);
}

/** @param {TableLinkState} s */
function canHost(s) {
  if (s.role === "guest" && s.transport) return "This phone is linked as a guest.";
  s.table ||= hostGame();
  return "";
}

/** @type {TableHooks} */
const HOOKS = {
  maxGuests: MAX_GUESTS, canHost, linked, fromGuest, fromHost,
  freeSeat: (/** @type {TableLinkState} */ s) => freeSeat(tableOf(s), [...s.links.keys()]),
  joined: (/** @type {TableLinkState} */ s) => { s.guest = guestLink(); s.game.joined(); },
  hostGone: (/** @type {TableLinkState} */ s) => s.game.guesting(false),
  hostLeft: "The link to the host closed. Press Join a table and scan a new code from the host to take your seat"
    + " again.",
  phoneName: (/** @type {TableLinkState} */ s, link) => seatName(s, link.seat),
  awayRows,
  // every seat's name as its own phone gave it (the host's own from this page)
  names: (s, seats) => [...Array(seats).keys()]
    .map((seat) => (seat === HOST_SEAT ? s.game.name(0) : tableOf(s).names[seat] || s.game.name(seat))),
};

/**
 * The link of the table page: whether it is linked (the host of a linked game, whose guests may
 * have left for now, or a linked guest: no hand-over), whether as a guest, a new game's seats and
 * seed (prepare), a guest's move sent, the host's views sent after a change, and closing.
 * @typedef {ReturnType<typeof tableLink>} TableLink
 */

/**
 * The panel bound to the table. `game` is page.js's (LinkGame above).
 * @param {HTMLElement} root @param {LinkGame} game
 */
export function tableLink(root, game) {
  const kept = loadLinked();
  /** @type {TableLinkState} */
  const s = Object.assign(openPanel(root, HOOKS), {
    root, game, table: null, guest: null, kept, round: kept?.round ?? null,
    refusals: [], queue: Promise.resolve(), roundChanged: () => {},
  });
  if (kept?.role === "host") { s.role = "host"; s.table = hostGame(isObject(kept.tokens) ? kept.tokens : {}); }
  return {
    /** The host of a linked game (its guests may have left for now), or a linked guest: no hand-over. */
    linked: () => (s.role === "host" && Boolean(s.kept)) || (s.role === "guest" && Boolean(s.transport)),
    guest: () => s.role === "guest" && Boolean(s.transport),
    prepare: (/** @type {number} */ players, /** @type {string} */ level) => prepare(s, players, level),
    act: (/** @type {Opaque} */ action) => send(s, "action", { action }),
    changed: () => { if (s.role === "host" && s.kept) s.queue = s.queue.then(() => sendViews(s)); },
    close: () => closePanel(s),
  };
}
