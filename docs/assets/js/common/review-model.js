// The reviews as pure functions, shared by the table's review panel and the replay: which deal
// may be reviewed now (only one whose show is over: reviewing the deal in play would be a hint),
// and the models drawn from the engine's review_deal and review_game replies (common/review-view.js).
// Nothing here touches the page.

/**
 * @typedef {{phase?: string, hand_number?: number, variant?: string, result?: unknown}} ReviewedView  the table's view
 * @typedef {{discard: string[], keep: string[], hand: number, crib: number, pegging: number}} ThrowEntry
 * @typedef {{where: string, review: any, index?: number, lost?: number, phase?: string}} Decision  the engine's
 * @typedef {{discard: string[], keep: string[], hand: string, crib: string, pegging: string,
 *   value: string}} ThrowValues  a throw's figures as shown
 * @typedef {{where: string, dealer: unknown, cards: string[], link: string, chosen: ThrowValues | null,
 *   best: ThrowValues, isBest: boolean, lost: string, cost: {part: string, text: string}[]}} ThrowModel
 * @typedef {{index: number | undefined, card: string, count: number, best: string[], isBest: boolean, lost: string,
 *   reason: string, estimated: boolean, holdings: any}} PlayModel
 * @typedef {{part: string, said: number, holds: number, lost: number,
 *   missed: {label: string, cards: string[], points: number}[], overcount: number}} CountModel
 * @typedef {Record<string, number>} PhaseLoss  points lost by phase key
 * @typedef {{deal: number, lost: PhaseLoss, throw: Decision | null, plays: Decision[], counts: Decision[]}} DealReply
 * @typedef {{deals: ({deal: number} & PhaseLoss)[],
 *   costliest: (Decision & {deal: number, phase: string, lost: number})[]}} GameReply
 */

// The words a review uses for the cards it never sees: against the computer, the computer's; when
// several people play, the other players', and the person reviewed by name (`person`, "" for you).
/** @param {boolean} [people] @param {string} [person] */
export function reviewWords(people = false, person = "") {
  const others = people ? { owner: "the other players'", holder: "the other players" } : { owner: "the computer's", holder: "the computer" };
  return {
    note: `Each figure is worked out from what ${person || "you"} could see at the time, never from ${others.owner} hidden cards.`,
    caption: `Each card against the expert's choice (points lost: yours less ${others.owner}, for the rest of the play)`,
    estimated: `Where ${others.holder} could still hold many hands, the loss is an average over a sample of them, the same every time.`,
    again: people ? "The same cards, not the same game: each player may choose otherwise, so the play can go otherwise."
      : "The same cards, not the same game: the computer answers your moves.",
  };
}

export const EQUAL = 0.05; // points: the engine's models are good to about this, so less is "equal"
/** @type {[string, string][]} */
export const PHASES = [["throw", "The throw"], ["pegging", "The play"], ["counting", "Counting"]];
const STANDARD = "standard";

// The last deal whose show is over, from 0, or null while none is. In play the deals before the
// current one are shown; at the end the deal the game ended in is too.
/** @param {ReviewedView | null | undefined} view @returns {number | null} */
export function lastShownDeal(view) {
  if (!view || view.phase === "cut_for_deal") return null;
  const number = view.hand_number ?? NaN;
  const deal = view.phase === "game_over" ? number : number - 1;
  return Number.isInteger(deal) && deal >= 0 ? deal : null;
}

// What the review bar offers: {standard, deal (from 0, or null), game (the game is over)}.
/** @param {ReviewedView | null | undefined} view */
export function reviewBar(view) {
  const standard = !view || !view.variant || view.variant === STANDARD;
  return { standard, deal: standard ? lastShownDeal(view) : null, game: Boolean(standard && view && view.result) };
}

// --- the one number formatter: points to two places, in whole hundredths so shown parts add up ---

const MINUS = "\u2212"; // a true minus sign, never a hyphen
// Points as whole hundredths (a rounded -0 is 0).
export const toCents = (/** @type {number} */ points) => Math.round(points * 100) + 0;
// Hundredths as text: "1.25", "−0.50", and with `signed` "+0.50" (zero has no sign).
/** @param {number} cents @param {boolean} [signed] */
export function centsText(cents, signed = false) {
  const text = (Math.abs(cents) / 100).toFixed(2);
  if (cents < 0) return MINUS + text;
  return signed && cents > 0 ? `+${text}` : text;
}
export const pointsText = (/** @type {number} */ points, signed = false) => centsText(toCents(points), signed);
// A loss as shown: below EQUAL it is "equal" (no false precision) and counts as nothing in a total.
const lostCents = (/** @type {number} */ points) => (points < EQUAL ? 0 : toCents(points));
const lostCentsText = (/** @type {number} */ cents) => (cents === 0 ? "equal" : centsText(cents));
export const lostText = (/** @type {number} */ points) => lostCentsText(lostCents(points));
const sum = (/** @type {number[]} */ values) => values.reduce((total, value) => total + value, 0);

// One throw's values for the seat: hand, crib (signed: against you when it is the other's), pegging,
// and in all the sum of the three as shown.
/** @type {("hand" | "crib" | "pegging")[]} */
const THROW_PARTS = ["hand", "crib", "pegging"];
/** @param {ThrowEntry} entry @returns {Record<"hand" | "crib" | "pegging", number>} */
const throwCents = (entry) => ({ hand: toCents(entry.hand), crib: toCents(entry.crib),
  pegging: toCents(entry.pegging) });
/** @param {ThrowEntry} entry @returns {ThrowValues} */
export function throwValues(entry) {
  const cents = throwCents(entry);
  return { discard: entry.discard, keep: entry.keep, hand: centsText(cents.hand), crib: centsText(cents.crib, true),
    pegging: centsText(cents.pegging, true), value: centsText(sum(Object.values(cents))) };
}

// What the throw cost, part by part: the best throw's shown figure less yours, so the parts are
// the table's differences and the cost is their sum. Parts under EQUAL are left out unless the
// others alone would not add up to what was lost.
/** @param {ThrowEntry} chosen @param {ThrowEntry} best */
function throwCost(chosen, best) {
  const [mine, top] = [throwCents(chosen), throwCents(best)];
  const all = THROW_PARTS.map((part) => ({ part, cents: top[part] - mine[part] })).filter((p) => p.cents !== 0);
  const large = all.filter((p) => Math.abs(p.cents) >= EQUAL * 100);
  const parts = sum(large.map((p) => p.cents)) === sum(all.map((p) => p.cents)) ? large : all;
  return { lost: centsText(sum(parts.map((p) => p.cents))),
    parts: parts.map(({ part, cents }) => ({ part,
      text: `${centsText(Math.abs(cents))} ${cents > 0 ? "lost" : "gained"}` })) };
}

/** @param {Decision | null} decision @returns {ThrowModel | null} */
export function throwModel(decision) {
  if (!decision) return null;
  const review = decision.review;
  const best = !review.chosen || review.equal;
  const cost = best ? { lost: "equal", parts: [] } : throwCost(review.chosen, review.best);
  return {
    where: decision.where, dealer: review.dealer, cards: review.cards, link: review.link,
    chosen: review.chosen ? throwValues(review.chosen) : null,
    best: throwValues(review.best),
    isBest: best, lost: cost.lost, cost: cost.parts,
  };
}

/** @param {Decision} decision @returns {PlayModel} */
export function playModel(decision) {
  const review = decision.review;
  const best = review.equal || review.best.includes(review.card);
  return { index: decision.index, card: review.card, count: review.count, best: review.best,
    isBest: best, lost: lostText(decision.lost ?? 0), reason: review.reason,
    estimated: !review.exact, holdings: review.holdings };
}

/** @param {Decision} decision @returns {CountModel} */
export function countModel(decision) {
  const review = decision.review;
  return { part: review.part, said: review.points, holds: review.actual, lost: review.missed_points,
    missed: review.missed.map((/** @type {CountModel["missed"][number]} */ item) => ({ label: item.label,
      cards: item.cards, points: item.points })),
    overcount: review.overcount };
}

// A deal's points lost by phase as shown (hundredths, "equal" as nothing) and their sum, the total.
const phaseCents = (/** @type {PhaseLoss} */ lost) => PHASES.map(([key]) => lostCents(lost[key]));

// The panel for one deal: {deal (from 1), lost rows by phase, total, throw, plays, counts}.
/** @param {DealReply} reply */
export function dealModel(reply) {
  const cents = phaseCents(reply.lost);
  return {
    deal: reply.deal + 1, lost: PHASES.map(([key, label], i) => ({ key, label, lost: lostCentsText(cents[i]) })),
    total: lostCentsText(sum(cents)),
    throw: throwModel(reply.throw), plays: reply.plays.map(playModel), counts: reply.counts.map(countModel),
  };
}

// The game's figures as shown, in hundredths: each deal's phases and total, the game's total (the
// sum of the deals' totals) and the points lost per deal (that total over the deals).
/** @param {{deals: PhaseLoss[]}} reply */
export function gameFigures(reply) {
  const deals = reply.deals.map((row) => phaseCents(row));
  const lost = sum(deals.map(sum));
  return { deals, lost, perDeal: deals.length ? Math.round(lost / deals.length) : 0 };
}

// The panel for the game: each deal's points lost by phase, the costliest decisions (each names
// its deal, so the panel can open that deal's review), the total and the points lost per deal.
/** @param {GameReply} reply */
export function gameModel(reply) {
  const figures = gameFigures(reply);
  return {
    deals: reply.deals.map((row, n) => ({ deal: row.deal, label: `Deal ${row.deal + 1}`,
      cells: figures.deals[n].map(lostCentsText), total: lostCentsText(sum(figures.deals[n])) })),
    costliest: reply.costliest.map((d) => ({ deal: d.deal, where: d.where, lost: lostText(d.lost),
      phase: d.phase, reason: d.review.reason || "" })),
    lost: centsText(figures.lost), perDeal: centsText(figures.perDeal),
  };
}
