// The discard analyser's state, as pure functions: the page's one state and each change to it
// (typed, read, picked, cleared, analysed, failed), the deal a link names, the link a deal gets,
// what is wrong with the cards chosen, and the numbers and bars each throw is drawn from.
// Nothing here touches the page; view.js draws, page.js (the page module) does the rest.
import { badLinkMessage, fragmentFields, pageFragment } from "../link.js";
import { plural } from "../common/words.js";

/**
 * @typedef {{token: string, card?: string | null, error?: string | null}} Token  a typed token as `read_cards` reads it
 * @typedef {[number, number]} Bar  [points, how many starters give them]
 * @typedef {{keep: string[], discard: string[], hand_value: number, hand_min: number, hand_max: number,
 *   crib_value: number, value: number, distribution: Bar[]}} Throw  one of the fifteen, as `analyse` answers
 * @typedef {{dealer: boolean, throws: Throw[]}} Analysis  the engine's `analyse` result
 * @typedef {{codes: string[], dealer: boolean, result: Analysis, ms: number, fromLink: boolean,
 *   cards: Record<string, import("../common/cards.js").Card>}} Shown  an analysis on screen, and the faces it is drawn with
 * @typedef {{text: string, tokens: Token[], dealer: boolean, error: string, shown: Shown | null}} AnalyserState
 *   the page: the box as typed, its tokens as the engine read them, whose crib, the message, the analysis shown
 */

export const SIX = 6;

/** @param {boolean} dealer @returns {AnalyserState} */
export const initialState = (dealer) => ({ text: "", tokens: [], dealer, error: "", shown: null });
// The valid cards the box names, in order.
export const codesOf = (/** @type {AnalyserState} */ state) =>
  state.tokens.filter((t) => t.card).map((t) => String(t.card));

// --- the changes: each takes the state and gives the next (a new object) ---
/** @param {AnalyserState} state @param {string} text @returns {AnalyserState} */
export const typed = (state, text) => ({ ...state, text });
/** @param {AnalyserState} state @param {Token[]} tokens @returns {AnalyserState} */
export const read = (state, tokens) => ({ ...state, tokens });
/** @param {AnalyserState} state @param {boolean} dealer @returns {AnalyserState} */
export const dealerChosen = (state, dealer) => ({ ...state, dealer });
/** @param {AnalyserState} state @param {string} message @returns {AnalyserState} */
export const failed = (state, message) => ({ ...state, error: message, shown: null });
/** @param {AnalyserState} state @param {Shown} shown @returns {AnalyserState} */
export const analysed = (state, shown) => ({ ...state, error: "", shown });
/** @param {AnalyserState} state @returns {AnalyserState} */
export const cleared = (state) => ({ ...state, text: "", tokens: [], error: "", shown: null });
// A linked deal: its cards in the box, whose crib it is; the message goes.
/** @param {AnalyserState} state @param {{cards: string[], dealer: boolean}} deal @returns {AnalyserState} */
export const linked = (state, { cards, dealer }) => ({ ...state, text: cards.join(" "), dealer, error: "" });

// A card pressed in the picker: it joins the box or leaves it, or the message says six are chosen.
// Fewer than six leave no analysis on screen; the slots show the cards at once.
/** @param {AnalyserState} state @param {string} code @returns {AnalyserState} */
export function picked(state, code) {
  const { codes, error } = toggleCard(codesOf(state), code);
  if (error) return { ...state, error };
  return { ...state, text: codes.join(" "), tokens: codes.map((card) => ({ token: card, card })), error: "",
    shown: codes.length === SIX ? state.shown : null };
}

const CARD_CODE = /^(10|[2-9TJQKA])[CDHS]$/i;
export const NOT_A_DEAL = badLinkMessage("a deal of six cards", "nothing was analysed");
// What a link says, quoted in a message (as text) and kept short.
const quoted = (/** @type {string} */ text) => `“${text.length > 12 ? `${text.slice(0, 12)}…` : text}”`;

// What is wrong with a link's deal, in a few words; "" when nothing is.
/** @param {string[]} cards @param {string} dealer */
export function dealProblem(cards, dealer) {
  // a word that is not a card first: "ZZ" is not "1 card"
  const unreadable = cards.find((card) => !CARD_CODE.test(card));
  if (unreadable !== undefined) return `${quoted(unreadable)} is not a card`;
  if (cards.length !== SIX) return `it names ${plural(cards.length, "card")}`;
  const upper = cards.map((card) => card.toUpperCase());
  const twice = upper.find((card, i) => upper.indexOf(card) !== i);
  if (twice !== undefined) return `${twice} is in it twice`;
  const whoDeals = "dealer=1 is you, dealer=0 your opponent";
  if (dealer === "") return `it does not say who deals: ${whoDeals}`;
  if (!["0", "1"].includes(dealer)) return `the dealer is ${quoted(dealer)}: ${whoDeals}`;
  return "";
}

// #deal=AD,7H,3S,4S,5D,KD&dealer=1 -> {cards, dealer}; a bad link -> {invalid}, which says what is
// wrong where it can; none or an anchor -> null.
/** @param {string} [hash] @returns {{cards: string[], dealer: boolean} | {invalid: string} | null} */
export function readDealFragment(hash) {
  const { kind, text: raw } = pageFragment(hash);
  if (kind === "none") return null;
  // a broken %-escape, no deal, or more than a deal's link ever holds
  if (kind === "bad" || !raw.startsWith("deal=") || raw.length > 80) return { invalid: NOT_A_DEAL };
  const params = fragmentFields(raw);
  const listed = params.get("deal") || "";
  const cards = listed ? listed.split(",") : [];
  const dealer = params.get("dealer") ?? "";
  const problem = dealProblem(cards, dealer);
  if (problem) return { invalid: badLinkMessage(`a deal of six cards (${problem})`, "nothing was analysed") };
  return { cards: cards.map((c) => c.toUpperCase()), dealer: dealer === "1" };
}

/** @param {string[]} cards @param {boolean} dealer */
export const dealFragment = (cards, dealer) => `deal=${cards.join(",")}&dealer=${dealer ? 1 : 0}`;

// What to say when the cards read are not six; null when they are.
/** @param {number} count @returns {string | null} */
export function countProblem(count) {
  if (count === SIX) return null;
  if (count < SIX) return `Choose ${plural(SIX - count, "more card")}: the analyser needs the six you were dealt.`;
  return `That is ${count} cards: type the six you were dealt.`;
}

// A press on a card in the picker: the cards chosen after it, or {error} when six are chosen already.
/** @param {string[]} codes @param {string} code @returns {{codes: string[], error: string | null}} */
export function toggleCard(codes, code) {
  const next = codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
  if (next.length > SIX) return { codes, error: "Six cards are chosen already: press one of them to take it back." };
  return { codes: next, error: null };
}

const fixed = (/** @type {number} */ value) => value.toFixed(2);
const signed = (/** @type {number} */ value, /** @type {boolean} */ dealer) => (dealer ? "+" : "−") + fixed(value);

// The lowest and highest hand total over every throw: one scale for all the charts.
/** @param {Throw[]} throws @returns {[number, number]} */
export const handScale = (throws) =>
  [Math.min(...throws.map((t) => t.hand_min)), Math.max(...throws.map((t) => t.hand_max))];

// The four numbers under a throw: [term, value, note].
/** @param {Throw} throwData @param {Throw} best @param {boolean} dealer @returns {[string, string, string][]} */
export function throwNumbers(throwData, best, dealer) {
  return [
    ["Hand", fixed(throwData.hand_value), ` ${throwData.hand_min}–${throwData.hand_max}`],
    [dealer ? "Crib" : "Their crib", signed(throwData.crib_value, dealer), ""],
    ["Value", fixed(throwData.value), ""],
    ["Behind best", fixed(best.value - throwData.value), ""],
  ];
}

export const bestLine = (/** @type {Throw} */ best) => `, worth ${fixed(best.value)} points a deal on average.`;
export const cribNote = (/** @type {boolean} */ dealer) => (dealer
  ? "The crib is yours: its value is added to the hand's."
  : "The crib is your opponent's: its value is taken from the hand's.");

// The chart of a kept hand's totals over the 46 starters: a bar per total on the shared scale,
// the points under each bar and the number of starters above it. Sizes in the SVG's own units.
export const CHART = Object.freeze({ width: 200, height: 56 });
// A two-digit label at the chart's 9-unit font is about 11 units wide: closer labels run together
// ("14 15" read as "1415"), so a crowded chart labels every k-th total. The aria-label lists them all.
const LABEL_WIDTH = 11;

/** @param {Bar[]} distribution @param {[number, number]} scale */
export function chartBars(distribution, [low, high]) {
  const { width, height } = CHART;
  const step = width / (high - low + 1);
  const every = Math.ceil(LABEL_WIDTH / step);
  const tallest = Math.max(...distribution.map(([, n]) => n));
  return distribution.map(([points, n]) => {
    const barHeight = Math.max(2, ((height - 26) * n) / tallest);
    const x = (points - low) * step + step * 0.15;
    return {
      points, n,
      labelled: points % every === 0,
      bar: { x, y: height - 14 - barHeight, width: step * 0.7, height: barHeight },
      tick: { x: x + step * 0.35, y: height - 3 },
      count: { x: x + step * 0.35, y: height - 17 - barHeight },
    };
  });
}

export const chartLabel = (/** @type {Bar[]} */ distribution) =>

  `Hand totals over the 46 starters: ${distribution.map(([points, n]) => `${points} points with ${n}`).join(", ")}.`;
