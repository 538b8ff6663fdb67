// The discard analyser's state, as pure functions: the deal a link names, the link a deal gets,
// what is wrong with the cards chosen, and the numbers and bars each throw is drawn from.
// Nothing here touches the page; view.js draws, analyser.js (the page module) does the rest.
import { badLinkMessage, fragmentFields, pageFragment } from "../link.js";

export const SIX = 6;
const CARD_CODE = /^(10|[2-9TJQKA])[CDHS]$/i;
export const NOT_A_DEAL = badLinkMessage("a deal of six cards", "nothing was analysed");

// #deal=AD,7H,3S,4S,5D,KD&dealer=1 -> {cards, dealer}; a bad link -> {invalid}; none or an anchor -> null.
export function readDealFragment(hash) {
  const { kind, text: raw } = pageFragment(hash);
  if (kind === "none") return null;
  if (kind === "bad" || !raw.startsWith("deal=")) return { invalid: NOT_A_DEAL }; // a broken %-escape, or no deal
  const params = fragmentFields(raw);
  const cards = (params.get("deal") || "").split(",");
  const dealer = params.get("dealer");
  if (raw.length > 80 || cards.length !== SIX || !cards.every((c) => CARD_CODE.test(c)) || !["0", "1"].includes(dealer)) {
    return { invalid: NOT_A_DEAL };
  }
  return { cards: cards.map((c) => c.toUpperCase()), dealer: dealer === "1" };
}

export const dealFragment = (cards, dealer) => `deal=${cards.join(",")}&dealer=${dealer ? 1 : 0}`;

// What to say when the cards read are not six; null when they are.
export function countProblem(count) {
  if (count === SIX) return null;
  if (count < SIX) {
    const more = SIX - count;
    return `Choose ${more} more card${more === 1 ? "" : "s"}: the analyser needs the six you were dealt.`;
  }
  return `That is ${count} cards: type the six you were dealt.`;
}

// A press on a card in the picker: the cards chosen after it, or {error} when six are chosen already.
export function toggleCard(codes, code) {
  const next = codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
  if (next.length > SIX) return { codes, error: "Six cards are chosen already: press one of them to take it back." };
  return { codes: next, error: null };
}

const fixed = (value) => value.toFixed(2);
const signed = (value, dealer) => (dealer ? "+" : "−") + fixed(value);

// The lowest and highest hand total over every throw: one scale for all the charts.
export const handScale = (throws) => [Math.min(...throws.map((t) => t.hand_min)), Math.max(...throws.map((t) => t.hand_max))];

// The four numbers under a throw: [term, value, note].
export function throwNumbers(throwData, best, dealer) {
  return [
    ["Hand", fixed(throwData.hand_value), ` ${throwData.hand_min}–${throwData.hand_max}`],
    [dealer ? "Crib" : "Their crib", signed(throwData.crib_value, dealer), ""],
    ["Value", fixed(throwData.value), ""],
    ["Behind best", fixed(best.value - throwData.value), ""],
  ];
}

export const bestLine = (best) => `, worth ${fixed(best.value)} points a deal on average.`;
export const cribNote = (dealer) => (dealer
  ? "The crib is yours: its value is added to the hand's."
  : "The crib is your opponent's: its value is taken from the hand's.");

// The chart of a kept hand's totals over the 46 starters: a bar per total on the shared scale,
// the points under each bar and the number of starters above it. Sizes in the SVG's own units.
export const CHART = Object.freeze({ width: 200, height: 56 });
// A two-digit label at the chart's 9-unit font is about 11 units wide: closer labels run together
// ("14 15" read as "1415"), so a crowded chart labels every k-th total. The aria-label lists them all.
const LABEL_WIDTH = 11;

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

export const chartLabel = (distribution) =>
  `Hand totals over the 46 starters: ${distribution.map(([points, n]) => `${points} points with ${n}`).join(", ")}.`;
