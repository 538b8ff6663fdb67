// The scorer's state, as pure functions: the link a hand or a play gets and reads back (in the
// engine's link format, vocabulary.js `link`), the variant it is scored in (vocabulary.js
// `variants`: the hand and crib sizes, the players, the partnerships), what is wrong with the cards
// in the boxes, a card pressed in the picker, and the play's lines (`players`: the engine's names
// for each seat, vocabulary.js `players`). Nothing here touches the page.
import { badLinkMessage, fragmentFields, pageFragment } from "../link.js";
import { plural } from "../common/words.js";

/**
 * @typedef {{name: string, hand_size: number, crib_size: number, players: number, sides: number,
 *   teams: number[][]}} Variant
 *   a game as vocabulary.js `variants` names it
 * @typedef {{hand: string, starter: string, crib: string, play: string, variant: string, separator: string,
 *   crib_on: string, max_length: number}} LinkFormat  the engine's link format (vocabulary.js `link`)
 * @typedef {{kind: "none"} | {kind: "invalid", message: string} | {kind: "variant", variant: string}
 *   | {kind: "play", steps: string[], variant: string}
 *   | {kind: "show", hand: string[], starter: string, crib: boolean, variant: string}} ScorerLink
 *   what the address says
 * @typedef {{kind: string, points: number}} Item
 * @typedef {{card?: string, go: boolean, player: string, scorer: string, count: number, points: number, items: Item[],
 *   closes_count?: boolean, held?: number, fits_up_to?: number, known?: boolean}} PlayStep  one card laid, or a go
 * @typedef {{steps?: PlayStep[], totals?: number[], team_totals?: number[], count?: number, next?: string,
 *   next_holds?: number, said_go?: string | null, gone?: string[], over?: boolean}} PlayResult  the engine's `play`
 * @typedef {{token: string, card?: string | null, error?: string | null}} Token  a typed token as `read_cards` reads it
 * @typedef {{error: string | null, handCount: number, starterCount: number}} BoxesRead
 * @typedef {{hand: string[], starter: string | null, target: string}} Picked
 * @typedef {Record<string, string>} Names  the engine's seat names -> the page's words ("pone" -> "Pone")
 */

export const HAND = 4; // the standard game's hand, the default of the functions below
export const STANDARD = "standard"; // the variant a link without `variant=` means
const SAFE_FRAGMENT = /^[0-9A-Za-z♣♦♥♠,=&\s-]*$/; // nothing else can spell a card; checked first
export const NOT_CARDS = badLinkMessage("cards", "nothing was counted");
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
  "twelve", "thirteen", "fourteen", "fifteen", "sixteen"];
const numberWord = (/** @type {number} */ n) => NUMBER_WORDS[n] || String(n);

/** @param {string} text @returns {string[]} */
export const tokensOf = (text) => text.split(/[\s,;]+/).filter(Boolean);
/** @param {LinkFormat} link @param {string} text */
const linkTokens = (link, text) => text.split(link.separator).flatMap((part) => part.split(/\s+/)).filter(Boolean);

// The hand box's label: "Four cards", "Three cards".
export const handBoxLabel = (/** @type {number} */ size) =>
  `${numberWord(size).replace(/^./, (c) => c.toUpperCase())} cards`;

// The variant named `name` among the vocabulary's `variants`; the standard game when there is none.
/** @param {Variant[]} variants @param {string} name @returns {Variant} */
export const variantNamed = (variants, name) => variants.find((v) => v.name === name)
  || /** @type {Variant} */ (variants.find((v) => v.name === STANDARD));
// The cards a hand (or the crib) holds in `variant`, the starter aside.
/** @param {Variant} variant @param {boolean} crib */
export const showSize = (variant, crib) => (crib ? variant.crib_size : variant.hand_size);

// A link's variant that the scorer does not know. Shown as text, cut short; never as HTML.
/** @param {string} name @param {Variant[]} variants */
export const badVariantMessage = (name, variants) => `The link asks for the variant “${name.slice(0, 20)}”, which the `
  + `scorer does not know: use ${variants.map((v) => v.name).join(", ")}, or leave it out for the standard game. `
  + "Nothing was counted.";

// The fragment as the scorer reads it; the engine checks the cards themselves when it counts.
// Every state carries its variant's name (the standard game when the link names none).
/** @param {string} hash @param {LinkFormat} link @param {Variant[]} variants @returns {ScorerLink} */
export function scorerState(hash, link, variants) {
  const { kind, text: raw } = pageFragment(hash);
  if (kind === "none") return { kind };
  /** @type {ScorerLink} */
  const invalid = { kind: "invalid", message: NOT_CARDS };

  if (kind === "bad" || !raw.includes("=")) return invalid; // a broken %-escape, or no state
  if (raw.length > link.max_length || !SAFE_FRAGMENT.test(raw)) return invalid;
  const fields = fragmentFields(raw);
  const known = [link.hand, link.starter, link.crib, link.play, link.variant];
  if ([...fields.keys()].some((key) => !known.includes(key))) return invalid;
  const variant = (fields.get(link.variant) ?? STANDARD).trim();
  if (!variants.some((v) => v.name === variant)) {
    return { kind: "invalid", message: badVariantMessage(variant, variants) };
  }
  if (fields.has(link.play)) return { kind: "play", steps: linkTokens(link, fields.get(link.play) ?? ""), variant };
  if (fields.size === 1 && fields.has(link.variant)) return { kind: "variant", variant };
  if (!fields.has(link.hand)) return invalid;
  return { kind: "show", hand: linkTokens(link, fields.get(link.hand) ?? ""),
    starter: (fields.get(link.starter) || "").trim(),
    crib: fields.get(link.crib) === link.crib_on, variant };
}

// `&variant=five-card` for any game but the standard one, which every older link means.
/** @param {LinkFormat} link @param {string} variant */
const variantPart = (link, variant) => (variant && variant !== STANDARD ? `&${link.variant}=${variant}` : "");
/**
 * @param {LinkFormat} link @param {string[]} hand @param {string} starter @param {boolean} crib
 * @param {string} [variant]
 */
export const showFragment = (link, hand, starter, crib, variant = STANDARD) =>
  `${link.hand}=${hand.join(link.separator)}&${link.starter}=${starter}${crib ? `&${link.crib}=${link.crib_on}` : ""}`
  + variantPart(link, variant);
/** @param {LinkFormat} link @param {string[]} steps @param {string} [variant] */
export const playFragment = (link, steps, variant = STANDARD) =>
  `${link.play}=${steps.join(link.separator)}` + variantPart(link, variant);
// The scorer set to a variant with no cards: "variant=five-card", or nothing for the standard game.
/** @param {LinkFormat} link @param {string} variant */
export const variantFragment = (link, variant) => (variant === STANDARD ? "" : `${link.variant}=${variant}`);

// One card more than the hand holds typed into the hand box: the last is the starter, said on the
// page. Null otherwise.
/** @param {string} handText @param {number} [size] @param {string} [starterText] what the starter box holds */
export function fifthToStarter(handText, size = HAND, starterText = "") {
  const tokens = tokensOf(handText);
  if (tokens.length !== size + 1) return null;
  const ordinal = size === HAND ? "fifth" : "last";
  // a starter in the box already is replaced, and said to be: the count is then of another hand
  const before = starterText.trim();
  const replaced = before && before.toUpperCase() !== tokens[size].toUpperCase() ? `, in place of ${before}` : "";
  return { hand: tokens.slice(0, size).join(" "), starter: tokens[size],
    note: `The ${ordinal} card, ${tokens[size]}, went into the starter box${replaced}.` };
}

// What stops a count: a card the engine could not read, or the wrong number in a box; else null.
/** @param {BoxesRead} read @param {boolean} crib @param {number} [size] @returns {string | null} */
export function countProblem(read, crib, size = HAND) {
  if (read.error) return read.error;
  const what = crib ? "crib" : "hand";
  if (read.handCount < size) {
    return `Choose ${plural(size - read.handCount, "more card")} for the ${what}: it holds ${numberWord(size)}.`;
  }
  if (read.handCount > size) {
    return `That is ${read.handCount} cards in the ${what} box: a ${what} is ${numberWord(size)} cards, `
      + "and the starter has its own box.";
  }
  if (read.starterCount === 0) return "Choose the starter: pick it or type it in the starter box.";
  if (read.starterCount > 1) return `The starter is one card; the starter box has ${read.starterCount}.`;
  return null;
}

// A card pressed in the picker: it leaves the hand or the starter if it is there, else it joins
// the box the reader chose (the starter once the hand's `size` cards are in). {hand, starter, target, error}.
/** @param {Picked} picked @param {string} code @param {number} [size] @returns {Picked & {error: string | null}} */
export function pickCard({ hand, starter, target }, code, size = HAND) {
  let next = { hand, starter, target, error: null };
  if (hand.includes(code)) next.hand = hand.filter((c) => c !== code);
  else if (starter === code) next.starter = null;
  else if (target === "starter" || hand.length === size) {
    if (starter && hand.length === size) {
      return { ...next, error: "The hand and the starter are chosen: press one of their cards to take it back." };
    }
    next.starter = code;
  } else next.hand = [...hand, code];
  if (next.hand.length === size && !next.starter) next.target = "starter";
  if (next.hand.length < size && next.starter) next.target = "hand";
  return next;
}

// What a go says about the hand, and how much of it the scorer knows: it sees only the cards laid,
// so a go is taken on the player's word until every card they held then has been laid (the engine
// refuses a go it can prove false, and any later card that would have fitted).
/** @param {PlayStep} step @param {Names} players */
export function goClaim(step, players) {
  const who = players[step.player].toLowerCase();
  if (!step.held) return `the ${who} is out of cards`;
  const claim = `no card worth ${step.fits_up_to} or less`;
  return step.known ? `${claim}: the ${who}'s later cards show it`
    : `${claim}: taken on the ${who}'s word (the scorer cannot see the hand)`;
}

// The points a step pegs, and for what: "2 to pone: Fifteen 2", or "0".
/** @param {PlayStep} step @param {(kind: string) => string} label @param {Names} players */
export const stepPoints = (step, label, players) => (step.points
  ? `${step.points} to ${players[step.scorer].toLowerCase()}: `
    + step.items.map((it) => `${label(it.kind)} ${it.points}`).join(", ")
  : "0");

// Who has said go in this count: "the pone", or "the first and the second" round the table.
/** @param {PlayResult} result @param {Names} players */
const saidGo = (result, players) => (result.gone && result.gone.length ? result.gone : [String(result.said_go)])
  .map((name) => `the ${players[name].toLowerCase()}`).join(" and ");

// Why the play is over in `variant`: every card laid, or (where the play does not go on after a
// go) the first go or 31 has ended it.
/** @param {PlayResult} result @param {Variant} variant */
function overLine(result, variant) {
  const laid = (result.steps || []).filter((step) => !step.go).length;
  const all = variant.players * variant.hand_size;
  if (!result.steps || laid === all) return `The play is over: all ${numberWord(all)} cards are down.`;
  return "The play is over: in this game the first go or 31 ends it, and the other cards are not laid.";
}

// The line under the steps: the count, and who lays next.
/** @param {PlayResult} result @param {Names} players @param {Variant} variant */
export function countLine(result, players, variant) {
  if (result.over) return `Count: ${result.count}. ${overLine(result, variant)}`;
  const verb = result.gone && result.gone.length > 1 ? "have" : "has";
  const gone = result.said_go ? ` (${saidGo(result, players)} ${verb} said go).` : ".";
  const next = players[String(result.next)].toLowerCase();
  if (result.next_holds === 0) {
    return `Count: ${result.count}. The ${next} has laid every card: go ends this count${gone}`;
  }
  return `Count: ${result.count}. Next to lay: ${next}${gone}`;
}

// The line before the first card: who leads (the player on the dealer's left). With two, that is
// the pone; with more, the seats are named by order ("First", ...), which would read "The first
// lays first", so the seat is named as the play's steps and totals name it.
/** @param {Names} players @param {string[]} seats */
export const leadLine = (players, seats) => (seats.length === 2
  ? `Count: 0. The ${players[seats[0]].toLowerCase()} lays first.`
  : `Count: 0. The player on the dealer's left (${players[seats[0]]}) lays first.`);

// The partnerships' names from their seats: "First and third".
/** @param {Names} players @param {string[]} seats @param {number[][]} teams */
export const teamNames = (players, seats, teams) => teams.map((team) => {
  const [head, ...rest] = team.map((seat) => players[seats[seat]]);
  return [head, ...rest.map((name) => name.toLowerCase())].join(" and ");
});

// A refusal in the play. What is on screen stays the last sequence that was valid: say so, or it
// reads as current. The engine's words end bare.
/** @param {string} message @param {boolean} hasSteps @param {boolean} [marked] */
export function playRefusal(message, hasSteps, marked = false) {
  const sentence = message && !/[.!?]$/.test(message) ? `${message}.` : message;
  if (message && marked) {
    return `${sentence} The list under Go and Undo shows the cards as typed: the refused card is marked, `
      + "and nothing after it is scored.";
  }
  return message && hasSteps ? `${sentence} The cards below are the last sequence that was valid.` : sentence || "";
}

// The typed tokens from the refused one on (`at`, from the engine), each with whether it is the
// refused one: the list shows them after the steps the engine scored, so the sequence reads as typed.
/** @param {string[]} tokens @param {number} at @returns {{token: string, refused: boolean}[]} */
export function refusedTail(tokens, at) {

  return tokens.slice(at).map((token, i) => ({ token, refused: i === 0 }));
}
