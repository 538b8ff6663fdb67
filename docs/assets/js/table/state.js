// The table's state as pure functions: the seats from the engine's view, the felt (what lies on
// the table: cuts, starter, the count's pile, the show) from the events and then the view, and
// the models the view draws (your hand, the moves, the lines said). Nothing here touches the page.
// The felt is never changed in place: each function returns a new one. A variant is the
// vocabulary's entry for it (its players, sides, dealt, throws, to_crib, teams, game_hole...).

import { plural } from "../common/words.js";
import * as seatWords from "../common/seat-words.js";
import { cardHint, throwHint } from "./hints.js";

/**
 * @typedef {import("./types.js").View} View @typedef {import("./types.js").Felt} Felt
 * @typedef {import("./types.js").TableEvent} TableEvent @typedef {import("./types.js").Variant} Variant
 * @typedef {import("./types.js").Shown} Shown @typedef {import("./types.js").Verdict} Verdict
 * @typedef {import("./types.js").Action} Action @typedef {import("./types.js").Result} Result
 * @typedef {import("./types.js").Summary} Summary @typedef {import("./types.js").ShowPart} ShowPart
 * @typedef {Record<string, {label: string}>} Kinds  the vocabulary's scoring kinds
 * @typedef {{index: number, you: boolean, name: string, position: string, held: number}} Seat
 * @typedef {{code: string, mode: "gap" | "select" | "play" | "pick" | "blocked", pressed?: boolean}} HandCard
 * @typedef {{type: "action", label: string, action: Action, primary: boolean, disabled?: boolean}
 *   | {type: "claim", part: string} | {type: "prompt", text: string} | {type: "again", label: string}
 *   | import("./hints.js").HintItem} ActionItem  a move open to you, as the moves' row draws it
 * @typedef {{part: ShowPart, player: string, title: string, cards: string[], lit: string[], kind: string,
 *   counting: boolean, spoken: string, verdict: string | null}} ShowRowModel
 */

export const YOU = 0;
export const STANDARD = "standard"; // the variant a view without `variant` is
const COLOURS = ["blue", "red", "green"]; // each track's pegs on the board (board.css)
/** @type {Record<ShowPart, string>} */
export const PART_NAMES = { pone: "hand", dealer: "hand", crib: "crib" };
// Where each seat sits around the felt, by the number of seats: you always at the bottom.
/** @type {Record<number, string[]>} */
export const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] };
const SAID = new Set(["deal", "play", "go", "score", "show", "game_over", "starter"]);

// The seats as data: 2 in a standard game, up to 4 in a variant (view.cards_held is by seat).
/** @param {{cards_held?: number[], hand?: string[], computer_cards?: number}} view @returns {Seat[]} */
export function seatsOf(view) {
  const held = view.cards_held || [/** @type {string[]} */ (view.hand).length, /** @type {number} */ (view.computer_cards)];
  const positions = POSITIONS[held.length] || POSITIONS[2];
  return held.map((count, index) => ({
    index,
    you: index === YOU,
    name: seatName(index, held.length),
    position: positions[index],
    held: count,
  }));
}

// A seat's name where a card has little room under it (the count's pile): "Left", "Partner".
/** @param {number} index @param {number} [seats] */
export const shortName = (index, seats = 2) => seatName(index, seats).replace(/ player$/, "").replace(/^Your (.)/, (_, c) => c.toUpperCase());

// A text's graphemes (a letter with its accents, an emoji with its modifiers), never half of one:
// by code point where the browser cannot segment. The segmenter is made at its first use, and not at
// all for printable ASCII (each character a grapheme, as the table's own seat names are): making one
// loads the browser's break rules, tens of milliseconds of a phone's first draw of the table.
/** @type {Intl.Segmenter | null | undefined} */
let segmenter;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** @param {string} text @returns {string[]} */
export const graphemes = (text) => {
  if (PRINTABLE_ASCII.test(text)) return [...text];
  segmenter ??= typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  return segmenter ? [...segmenter.segment(text)].map((part) => part.segment) : [...text];
};

// Each seat's badge on a phone's fanned count, unique among the seats: the name's first grapheme;
// where two begin alike, its first two ("An", "Am"); where those clash too, the first and the
// seat's number in the game ("P1", "P3"), so that colour is never the only cue.
/** @param {number} seats @returns {string[]} */
export function pileInitials(seats) {
  const names = [...Array(seats).keys()].map((seat) => graphemes(shortName(seat, seats)));
  const key = (/** @type {string} */ text) => text.toLocaleLowerCase();
  const clashing = (/** @type {string[]} */ badges, /** @type {number} */ seat) =>
    badges.some((badge, other) => other !== seat && key(badge) === key(badges[seat]));
  const first = names.map((name) => name[0] ?? "");
  const two = names.map((name, seat) => (clashing(first, seat) ? name.slice(0, 2).join("") : first[seat]));
  return two.map((badge, seat) => (clashing(two, seat) ? `${first[seat]}${gameSide(seat, seats) + 1}` : badge));
}

// The badges spelled out under the count: "Y you · L left · R right", "An Ann · Am Amy · C computer"
// (a person's name as written, a seat's word in lower case).
export const pileKeyLine = (/** @type {number} */ seats) => pileInitials(seats).map((badge, seat) => {
  const name = shortName(seat, seats);
  return `${badge} ${givenName(seat) ? name : name.toLowerCase()}`;
}).join(" · ");

// The people's names, by seat counted from the player holding the phone (table/seats.js turnNames),
// null where the seat keeps its word above. The page sets them for each game and each hand-over;
// they are the one thing here the page sets rather than passes.
// `seat` is the game's seat of the person holding the phone, whom the felt draws as seat 0;
// `shared`: the people pass this phone round (on linked phones each holds their own: "Your turn").
/** @type {(string | null)[] | null} */
let given = null;
let shown = 0;
let passed = true;
/** @param {(string | null)[] | null} names @param {number} [seat] @param {boolean} [shared] */
export const nameSeats = (names, seat = 0, shared = true) => {
  given = names && names.some(Boolean) ? names : null;
  shown = seat;
  passed = shared;
};
const givenName = (/** @type {number} */ index) => given?.[index] || null;

// A side's colour and its track on the board are its seat's in the game, whoever holds the phone:
// `side` is counted from the seat shown, as the felt counts it; with one person (seat 0) the same.
/** @param {number} side @param {number} sides */
export const gameSide = (side, sides) => (side + shown) % sides;
/** @param {number} side @param {number} sides */
export const colourOf = (side, sides) => COLOURS[gameSide(side, sides)];
// A list by side as the felt counts them, put in the game's order (the board's tracks).
/** @template T @param {T[]} list @returns {T[]} */
export function inGameOrder(list) {
  const by = (list.length - (shown % list.length)) % list.length;
  return [...list.slice(by), ...list.slice(0, by)];
}

// The seats' words (common/seat-words.js), with the people's names the page set.
/** @param {number} index @param {number} [seats] */
export const seatName = (index, seats = 2) => seatWords.seatName(index, seats, given);
/** @param {number} index @param {number} [seats] */
export const whose = (index, seats = 2) => seatWords.whose(index, seats, given);
/** @param {number} side @param {number} seats @param {number} sides */
export const sideName = (side, seats, sides) => seatWords.sideName(side, seats, sides, given);
/** @param {{players: number, sides: number}} variant */
export const trackNames = (variant) => seatWords.trackNames(variant, given);
/** @param {number} [index] */
export const yourTurn = (index = YOU) => seatWords.yourTurn(index, passed ? given : null);
/** @param {number} index @param {number} [seats] */
export const seatInSentence = (index, seats = 2) => seatWords.seatInSentence(index, seats, given);

// Whether the crib of `dealer` is your side's (a partner's crib is yours too).
/** @param {number | null} dealer @param {{sides: number}} variant */
export const cribIsYours = (dealer, variant) => dealer !== null && dealer % variant.sides === YOU;
// A seat as the subject of a sentence: "You", "The computer", "Your partner".
/** @param {number} index @param {number} seats */
const subject = (index, seats) => givenName(index) || (index === YOU ? "You" : whose(index, seats).replace(/'s$/, "").replace(/^./, (c) => c.toUpperCase()));


/** @param {Variant} variant @returns {Felt} */
export function emptyFelt(variant) {
  const { players: seats, sides } = variant;
  return { seats, sides, scores: Array(sides).fill(0), previous: Array(sides).fill(0), dealer: null,
    held: Array(seats).fill(0), dealt: variant.dealt, throws: variant.throws, toCrib: variant.to_crib, cribCards: 0,
    starter: null, cuts: [], pile: [], pileClosed: false, count: 0, lastLaid: Array(seats).fill(null), show: [], showIsPast: false,
    result: null };
}

/** @param {Felt} felt @param {(held: number, seat: number) => number} count */
const others = (felt, count) => felt.held.map((held, seat) => (seat === YOU ? held : count(held, seat)));

// One event on the felt. The same code runs live (event by event, paced) and on resume (the log).
/** @param {Felt} felt @param {TableEvent} event @returns {Felt} */
export function applyEvent(felt, event) {
  const step = STEPS[event.type];
  return step ? { ...felt, ...step(felt, event) } : felt;
}

const openPile = (/** @type {Felt} */ felt) => (felt.pileClosed ? [] : felt.pile);

// An event's card: every cut, starter and play names one.
const card = (/** @type {TableEvent} */ event) => /** @type {string[]} */ (event.cards)[0];

/** @type {Record<string, (felt: Felt, event: TableEvent) => Partial<Felt>>} */
const STEPS = {
  cut: (felt, event) => ({ cuts: [...(felt.cuts.length >= felt.seats ? [] : felt.cuts), { card: card(event), player: event.player }] }),
  recut: () => ({ cuts: [] }),
  dealer: (felt, event) => ({ dealer: event.player }),
  // The last show stays laid out, marked as the last deal's, until the next starter is cut: the
  // crib is often counted in the same reply that deals the next hand.
  deal: (felt, event) => ({ dealer: event.player, held: others(felt, () => felt.dealt), cribCards: felt.toCrib, starter: null,
    cuts: [], pile: [], pileClosed: false, count: 0, lastLaid: felt.held.map(() => null), showIsPast: felt.show.length > 0 }),
  discard: (felt, event) => {
    const thrown = event.cards ? event.cards.length : felt.throws; // another seat's throw: face down
    return { cribCards: felt.cribCards + thrown, held: others(felt, (held, seat) => (seat === event.player ? held - thrown : held)) };
  },
  starter: (felt, event) => ({ starter: card(event), show: [], showIsPast: false }),
  play: (felt, event) => ({ pile: [...openPile(felt), { card: card(event), player: event.player }], pileClosed: false,
    count: /** @type {number} */ (event.count), held: others(felt, (held, seat) => (seat === event.player ? held - 1 : held)),
    lastLaid: felt.held.map((_, seat) => (seat === event.player ? card(event) : felt.lastLaid?.[seat] ?? null)) }),
  go: (felt, event) => ({ pile: [...openPile(felt), { go: /** @type {const} */ (true), player: event.player }], pileClosed: false }),
  reset: () => ({ pileClosed: true }), // the finished count stays in view until the next one begins
  score: (felt, event) => ({ previous: felt.previous.map((p, side) => (side === event.player % felt.sides ? felt.scores[side] : p)),
    scores: [.../** @type {number[]} */ (event.scores)] }),
  show: (felt, event) => ({
    held: event.part === "crib" ? felt.held : others(felt, (held, seat) => (seat === event.player ? 0 : held)),
    cribCards: event.part === "crib" ? 0 : felt.cribCards,
    show: [...felt.show, { event: /** @type {Shown["event"]} */ (event), done: false, lit: null }],
  }),
  game_over: (felt, event) => ({ result: event.result ?? null }),
};

/** @param {Felt} felt @param {TableEvent[]} events */
export const feltAfter = (felt, events) => events.reduce(applyEvent, felt);

// The engine's numbers are the truth, whatever the events showed on the way.
/** @param {Felt} felt @param {View} view @returns {Felt} */
export function withView(felt, view) {
  return { ...felt, scores: [...view.scores], previous: [...view.previous_scores], dealer: view.dealer,
    held: seatsOf(view).map((seat) => seat.held), starter: view.starter };
}

// The felt a saved game resumes to: its whole log, every show already counted.
/** @param {View} view @param {Variant} variant @returns {Felt} */
export function feltFromLog(view, variant) {
  const felt = feltAfter(emptyFelt(variant), view.log || []);
  return withView({ ...felt, show: felt.show.map((shown) => ({ ...shown, done: true })) }, view);
}

// The show being counted aloud: combination `lit` of the newest unfinished row, or that row done.
/** @param {Felt} felt @param {number} index @param {number} lit @returns {Felt} */
export const lightShow = (felt, index, lit) => ({ ...felt, show: felt.show.map((shown, i) => (i === index ? { ...shown, lit } : shown)) });
/** @param {Felt} felt @param {number} index @returns {Felt} */
export const finishShow = (felt, index) => ({ ...felt, show: felt.show.map((shown, i) => (i === index ? { ...shown, lit: null, done: true } : shown)) });
export const counting = (/** @type {Felt} */ felt) => felt.show.some((shown) => !shown.done);

// --- the models the view draws -----------------------------------------------------------------

/** @param {Felt} felt @param {number} thirtyOne */
export function pileStatus(felt, thirtyOne) {
  if (!felt.pile.length) return "";
  if (!felt.pileClosed) return `Count: ${felt.count}`;
  // two lines at most in a 320 px count
  return `Ended at ${felt.count}${felt.count === thirtyOne ? "" : " (go)"}: next count from zero`;
}

/** @param {Shown["event"]} event @param {number} [seats] */
export function showTitle(event, seats = 2) {
  const owner = whose(event.player, seats);
  return `${owner[0].toUpperCase()}${owner.slice(1)} ${PART_NAMES[event.part]}`;
}

// A row of the show: its title, the cards laid out (the starter last), which are lit, what is said.
/** @param {Shown} shown @param {Felt} felt @param {Kinds} kinds @returns {ShowRowModel} */
export function showRow(shown, felt, kinds) {
  const { event } = shown;
  const { breakdown } = event;
  const item = shown.lit === null ? null : breakdown.items[shown.lit];
  // The last deal's show, still on the felt while the next deal is thrown, says so in its titles:
  // a line of its own would move the cards below it.
  const past = felt.showIsPast ? "Last deal · " : "";
  let spoken = "";
  if (item) spoken = `${kinds[item.kind].label} ${item.points}`;
  else if (shown.done) spoken = breakdown.total ? `“${breakdown.spoken}”` : "Nineteen: nothing to count.";
  return {
    part: event.part,
    player: event.player === YOU ? "you" : "computer",
    title: `${past}${showTitle(event, felt.seats)}: ${shown.done ? breakdown.total : "…"}`,
    cards: [...breakdown.hand, breakdown.starter],
    lit: item ? item.cards : [],
    kind: item ? item.kind : "",
    counting: shown.lit !== null,
    spoken,
    verdict: shown.done && event.verdict ? verdictText(event.verdict, kinds) : null,
  };
}

/** @param {Verdict} verdict @param {Kinds} kinds */
export function verdictText(verdict, kinds) {
  let text = `You said ${verdict.claim.total}; it holds ${verdict.actual}.`;
  if (verdict.missed.length) {
    text += ` Missed ${verdict.missed_points}: ${verdict.missed.map((i) => kinds[i.kind].label.toLowerCase()).join(", ")}.`;
  }
  if (verdict.overcount) text += ` ${verdict.overcount} too many: you peg ${verdict.actual}.`;
  return text;
}

// Your turn to count: your hand (or crib) laid out face up with the starter, as at a real table,
// where the cards played are picked up again and shown. Counting by hand, it waits for your total.
/** @param {View | null} view @returns {{part: ShowPart, title: string, cards: string[]} | null} */
export function pendingCount(view) {
  if (!view || !view.legal.some((a) => a.kind === "count")) return null;
  const codes = view.show_part === "crib" ? view.crib : view.kept;
  if (!codes || !view.starter || !view.show_part) return null;
  const part = PART_NAMES[view.show_part];
  const title = view.count_by_hand ? `Your ${part}: count it` : `Your ${part}, to count`;
  return { part: view.show_part, title, cards: [...codes, view.starter] };
}

// The order of the play and the show, from the dealer's left round to the dealer (three or four
// seats; two need no saying).
// The dealer of the deal on the felt: while its show is still counted aloud that is the crib's
// owner, though the same reply has already passed the deal (and the view's dealer) on.
/** @param {Felt} felt */
export function dealerOnFelt(felt) {
  const crib = counting(felt) ? felt.show.find((shown) => shown.event.part === "crib") : null;
  return crib ? crib.event.player : felt.dealer;
}

// Between deals (the hands and the crib counted, nothing dealt yet) the crib named is the next one.
const betweenDeals = (/** @type {Felt} */ felt) => !felt.result && !counting(felt) && !felt.cribCards && felt.held.every((held) => !held);

/** @param {Felt} felt */
export function orderLine(felt) {
  const dealer = dealerOnFelt(felt);
  if (felt.seats < 3 || dealer === null) return "";
  const order = [...Array(felt.seats).keys()].map((n) => (dealer + 1 + n) % felt.seats);
  const names = order.map((seat) => seatInSentence(seat, felt.seats));
  return `Order of play and show: ${names.slice(0, -1).join(", ")}, then ${names.at(-1)} (the dealer).`;
}

/** @param {Felt} felt */
export function scoresLine(felt) {
  const names = felt.scores.map((score, side) => `${sideName(side, felt.seats, felt.sides)} (${colourOf(side, felt.sides)}) ${score}`);
  const dealer = dealerOnFelt(felt);
  const crib = dealer === null ? "" : ` · ${whose(dealer, felt.seats)} crib${betweenDeals(felt) ? " next" : ""}`;
  return names.join(" · ") + crib;
}

// Your hand: after the throw the kept cards keep their places and a laid card leaves a gap.
// Each card is "select" (to throw), "play" (it can be laid), "blocked" (it cannot), or a gap.
/** @param {View} view @param {string[]} selected @returns {HandCard[]} */
export function handModel(view, selected) {
  const playable = new Set(view.legal.filter((a) => a.kind === "play").map((a) => a.cards?.[0]));
  const discarding = view.legal.some((a) => a.kind === "discard");
  const places = view.kept.length && view.phase !== "discard" ? view.kept : view.hand;
  return places.map((code) => {
    if (!view.hand.includes(code)) return { code, mode: "gap" };
    if (discarding) return { code, mode: "select", pressed: selected.includes(code) };
    // in the play a first tap picks the card up and a second lays it (so a slip lays nothing)
    if (playable.has(code)) return { code, mode: selected.includes(code) ? "play" : "pick", pressed: selected.includes(code) };
    return { code, mode: "blocked" };
  });
}

// How many cards a throw takes: the legal discard's (two, or one in three- and four-handed play).
export const throwSize = (/** @type {View} */ view) => view.legal.find((a) => a.kind === "discard")?.cards?.length ?? 0;

// A card pressed while throwing: chosen or put back; never more than the throw takes.
/** @param {string[]} selected @param {string} code @param {number} [most] @returns {string[]} */
export const toggleSelected = (selected, code, most = 2) => (selected.includes(code)
  ? selected.filter((c) => c !== code) : [...selected, code].slice(-most));

/** @param {View} view @param {string} name @param {number} thirtyOne */
export function blockedReason(view, name, thirtyOne) {
  const yourTurn = view.legal.some((action) => action.kind === "play" || action.kind === "go");
  return view.phase === "play" && yourTurn ? `The ${name} would take the count past ${thirtyOne}.` : "Wait for your turn.";
}

// Your side while the others' moves after yours are shown at the table's pace: the cards as the
// reply left them (the one laid or thrown gone at once), none to press until your turn comes.
/** @param {View} view @returns {View} */
export const waitingView = (view) => ({ ...view, legal: [] });

// The moves open to you, in order: buttons (an action to send), the claim form, prompts.
/** @param {View} view @param {string[]} selected @returns {ActionItem[]} */
export function actionsModel(view, selected) {
  const kinds = new Set(view.legal.map((a) => a.kind));
  /** @param {string} label @param {{kind: Action["kind"], cards?: string[]}} action @param {{disabled?: boolean}} [extra] @returns {ActionItem} */
  const act = (label, action, extra = {}) => ({ type: "action", label, action: { player: YOU, ...action }, primary: true, ...extra });
  /** @type {ActionItem[]} */
  const items = [];
  if (kinds.has("cut")) items.push(act("Cut for deal", { kind: "cut" }));
  if (kinds.has("deal")) items.push(act(view.hand_number ? "Deal the next hand" : "Deal", { kind: "deal" }));
  if (kinds.has("discard")) {
    const size = throwSize(view);
    const chosen = selected.length === size;
    const what = size === 1 ? (chosen ? "this card" : "a card") : (chosen ? "these two" : "two cards");
    items.push(act(`Throw ${what} to the crib`, { kind: "discard", cards: selected }, { disabled: !chosen }));
    items.push(...throwHint(view));
  }
  if (kinds.has("starter")) items.push(act("Cut the starter", { kind: "starter" }));
  if (kinds.has("go")) items.push(act("Go", { kind: "go" }));
  if (kinds.has("count")) {
    const part = PART_NAMES[/** @type {ShowPart} */ (view.show_part)];
    items.push(view.count_by_hand ? { type: "claim", part } : act(`Count your ${part}`, { kind: "count" }));
  }
  if (kinds.has("play")) {
    const picked = view.legal.find((a) => a.kind === "play" && a.cards?.[0] === selected[0]);
    items.push(picked ? act("Lay this card", picked) : { type: "prompt", text: `${yourTurn()}: pick a card, then press it again to lay it.` });
    items.push(...cardHint(view));
  }
  if (view.result) items.push({ type: "prompt", text: "Game over." }, { type: "again", label: "Play again" });
  return items;
}

// A typed total for the claim form: the number, or null when it is not a whole number in range.
/** @param {string} text @param {number} most */
export function claimTotal(text, most) {
  const total = Number(text);
  return text !== "" && Number.isInteger(total) && total >= 0 && total <= most ? total : null;
}

// What just happened, in the few lines a phone has room for: a count that scored is said by its
// points ("The computer pegs 7 for the hand: …"), so its spoken words (on the felt) are left out.
/** @param {TableEvent[]} events */
export function announcement(events) {
  const said = events.filter((event) => SAID.has(event.type));
  return said.filter((event, i) => !(event.type === "show" && said[i + 1]?.type === "score"))
    .slice(-4).map((event) => event.text).join(" ");
}

// The finished game's points by source: rows of [label, you, computer…], always pegging and hands.
/** @param {Summary} summary @param {number[]} scores @param {Kinds} kinds @returns {(string | number)[][]} */
export function summaryRows(summary, scores, kinds) {
  const sources = [["pegging", "Pegging"], ["hand", "Hands"], ["crib", "Cribs"], ["heels", kinds.heels.label], ["muggins", "Muggins"]];
  const { points } = summary;
  const rows = sources.filter(([source]) => source === "pegging" || source === "hand" || points.some((side) => side[source]))
    .map(([source, label]) => [label, ...points.map((side) => side[source] ?? 0)]);
  return [...rows, ["Total", ...scores]];
}

export const computerTurns = (/** @type {TableEvent[]} */ events) => events.filter((e) => e.type === "play" && e.player !== YOU).length;

/** @param {Seat} seat @param {number} [seats] */
export const heldLabel = (seat, seats = 2) => `${subject(seat.index, seats)} ${seat.you && !givenName(seat.index) ? "hold" : "holds"} ${plural(seat.held, "card")} face down`;

// Who won, as the finished game's summary heads it: "You won", "The other side won".
/** @param {Result} result @param {number} seats @param {number} sides */
export const winnerLine = (result, seats, sides) => `${sides < seats ? sideName(result.winner, seats, sides) : subject(result.winner, seats)} won`;
