// The scorer's state, as pure functions: the link a hand or a play gets and reads back (in the
// engine's link format, vocabulary.js `link`), what is wrong with the cards in the boxes, a card
// pressed in the picker, and the play's lines (`players`: the engine's names for pone and dealer,
// vocabulary.js `players`). Nothing here touches the page.
import { badLinkMessage, fragmentFields, pageFragment } from "../link.js";

export const HAND = 4;
const SAFE_FRAGMENT = /^[0-9A-Za-z♣♦♥♠,=&\s-]*$/; // nothing else can spell a card; checked first
export const NOT_CARDS = badLinkMessage("cards", "nothing was counted");

export const tokensOf = (text) => text.split(/[\s,;]+/).filter(Boolean);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const linkTokens = (link, text) => text.split(link.separator).flatMap((part) => part.split(/\s+/)).filter(Boolean);

// The fragment as the scorer reads it; the engine checks the cards themselves when it counts.
export function scorerState(hash, link) {
  const { kind, text: raw } = pageFragment(hash);
  if (kind === "none") return { kind };
  const invalid = { kind: "invalid", message: NOT_CARDS };
  if (kind === "bad" || !raw.includes("=")) return invalid; // a broken %-escape, or no state
  if (raw.length > link.max_length || !SAFE_FRAGMENT.test(raw)) return invalid;
  const fields = fragmentFields(raw);
  const known = [link.hand, link.starter, link.crib, link.play];
  if ([...fields.keys()].some((key) => !known.includes(key))) return invalid;
  if (fields.has(link.play)) return { kind: "play", steps: linkTokens(link, fields.get(link.play)) };
  if (!fields.has(link.hand)) return invalid;
  return { kind: "show", hand: linkTokens(link, fields.get(link.hand)), starter: (fields.get(link.starter) || "").trim(),
    crib: fields.get(link.crib) === link.crib_on };
}

export const showFragment = (link, hand, starter, crib) =>
  `${link.hand}=${hand.join(link.separator)}&${link.starter}=${starter}${crib ? `&${link.crib}=${link.crib_on}` : ""}`;
export const playFragment = (link, steps) => `${link.play}=${steps.join(link.separator)}`;

// Five cards typed into the hand box: the fifth is the starter, said on the page. Null otherwise.
export function fifthToStarter(handText) {
  const tokens = tokensOf(handText);
  if (tokens.length !== HAND + 1) return null;
  return { hand: tokens.slice(0, HAND).join(" "), starter: tokens[HAND], note: `The fifth card, ${tokens[HAND]}, went into the starter box.` };
}

// What stops a count: a card the engine could not read, or the wrong number in a box; else null.
export function countProblem(read, crib) {
  if (read.error) return read.error;
  const what = crib ? "crib" : "hand";
  if (read.handCount < HAND) return `Choose ${plural(HAND - read.handCount, "more card")} for the ${what}: it holds four.`;
  if (read.handCount > HAND) return `That is ${read.handCount} cards in the ${what} box: a ${what} is four cards, and the starter has its own box.`;
  if (read.starterCount === 0) return "Choose the starter: pick it or type it in the starter box.";
  if (read.starterCount > 1) return `The starter is one card; the starter box has ${read.starterCount}.`;
  return null;
}

// A card pressed in the picker: it leaves the hand or the starter if it is there, else it joins
// the box the reader chose (the starter once the hand is full). {hand, starter, target, error}.
export function pickCard({ hand, starter, target }, code) {
  let next = { hand, starter, target, error: null };
  if (hand.includes(code)) next.hand = hand.filter((c) => c !== code);
  else if (starter === code) next.starter = null;
  else if (target === "starter" || hand.length === HAND) {
    if (starter && hand.length === HAND) {
      return { ...next, error: "The hand and the starter are chosen: press one of their cards to take it back." };
    }
    next.starter = code;
  } else next.hand = [...hand, code];
  if (next.hand.length === HAND && !next.starter) next.target = "starter";
  if (next.hand.length < HAND && next.starter) next.target = "hand";
  return next;
}

// What a go says about the hand, and how much of it the scorer knows: it sees only the cards laid,
// so a go is taken on the player's word until every card they held then has been laid (the engine
// refuses a go it can prove false, and any later card that would have fitted).
export function goClaim(step, players) {
  const who = players[step.player].toLowerCase();
  if (!step.held) return `the ${who} is out of cards`;
  const claim = `no card worth ${step.fits_up_to} or less`;
  return step.known ? `${claim}: the ${who}'s later cards show it`
    : `${claim}: taken on the ${who}'s word (the scorer cannot see the hand)`;
}

// The points a step pegs, and for what: "2 to pone: Fifteen 2", or "0".
export const stepPoints = (step, label, players) => (step.points
  ? `${step.points} to ${players[step.scorer].toLowerCase()}: ${step.items.map((it) => `${label(it.kind)} ${it.points}`).join(", ")}` : "0");

// The line under the steps: the count, and who lays next.
export function countLine(result, players) {
  const next = result.over ? "The play is over: all eight cards are down."
    : `Next to lay: ${players[result.next].toLowerCase()}` + (result.said_go ? ` (the ${result.said_go} has said go).` : ".");
  return `Count: ${result.count}. ${next}`;
}

// A refusal in the play. What is on screen stays the last sequence that was valid: say so, or it
// reads as current. The engine's words end bare.
export function playRefusal(message, hasSteps) {
  const sentence = message && !/[.!?]$/.test(message) ? `${message}.` : message;
  return message && hasSteps ? `${sentence} The cards below are the last sequence that was valid.` : sentence || "";
}
