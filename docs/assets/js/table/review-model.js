// The reviews at the table as pure functions: which deal may be reviewed now (only one whose
// show is over: reviewing the deal in play would be a hint), and the models the review panel
// draws from the engine's review_deal and review_game replies. Nothing here touches the page.

export const EQUAL = 0.05; // points: the engine's models are good to about this, so less is "equal"
export const PHASES = [["throw", "The throw"], ["pegging", "The play"], ["counting", "Counting"]];
const STANDARD = "standard";

// The last deal whose show is over, from 0, or null while none is. In play the deals before the
// current one are shown; at the end the deal the game ended in is too.
export function lastShownDeal(view) {
  if (!view || view.phase === "cut_for_deal") return null;
  const deal = view.phase === "game_over" ? view.hand_number : view.hand_number - 1;
  return Number.isInteger(deal) && deal >= 0 ? deal : null;
}

// What the review bar offers: {standard, deal (from 0, or null), game (the game is over)}.
export function reviewBar(view) {
  const standard = !view || !view.variant || view.variant === STANDARD;
  return { standard, deal: standard ? lastShownDeal(view) : null, game: Boolean(standard && view && view.result) };
}

// --- the one number formatter: points to two places, in whole hundredths so shown parts add up ---

const MINUS = "\u2212"; // a true minus sign, never a hyphen
// Points as whole hundredths (a rounded -0 is 0).
export const toCents = (points) => Math.round(points * 100) + 0;
// Hundredths as text: "1.25", "−0.50", and with `signed` "+0.50" (zero has no sign).
export function centsText(cents, signed = false) {
  const text = (Math.abs(cents) / 100).toFixed(2);
  if (cents < 0) return MINUS + text;
  return signed && cents > 0 ? `+${text}` : text;
}
export const pointsText = (points, signed = false) => centsText(toCents(points), signed);
// A loss as shown: below EQUAL it is "equal" (no false precision) and counts as nothing in a total.
const lostCents = (points) => (points < EQUAL ? 0 : toCents(points));
const lostCentsText = (cents) => (cents === 0 ? "equal" : centsText(cents));
export const lostText = (points) => lostCentsText(lostCents(points));
const sum = (values) => values.reduce((total, value) => total + value, 0);

// One throw's values for the seat: hand, crib (signed: against you when it is the other's), pegging,
// and in all the sum of the three as shown.
const THROW_PARTS = ["hand", "crib", "pegging"];
const throwCents = (entry) => Object.fromEntries(THROW_PARTS.map((part) => [part, toCents(entry[part])]));
export function throwValues(entry) {
  const cents = throwCents(entry);
  return { discard: entry.discard, keep: entry.keep, hand: centsText(cents.hand), crib: centsText(cents.crib, true),
    pegging: centsText(cents.pegging, true), value: centsText(sum(Object.values(cents))) };
}

// What the throw cost, part by part: the best throw's shown figure less yours, so the parts are
// the table's differences and the cost is their sum. Parts under EQUAL are left out unless the
// others alone would not add up to what was lost.
function throwCost(chosen, best) {
  const [mine, top] = [throwCents(chosen), throwCents(best)];
  const all = THROW_PARTS.map((part) => ({ part, cents: top[part] - mine[part] })).filter((p) => p.cents !== 0);
  const large = all.filter((p) => Math.abs(p.cents) >= EQUAL * 100);
  const parts = sum(large.map((p) => p.cents)) === sum(all.map((p) => p.cents)) ? large : all;
  return { lost: centsText(sum(parts.map((p) => p.cents))),
    parts: parts.map(({ part, cents }) => ({ part, text: `${centsText(Math.abs(cents))} ${cents > 0 ? "lost" : "gained"}` })) };
}

export function throwModel(decision) {
  if (!decision) return null;
  const review = decision.review;
  const best = !review.chosen || review.equal;
  const cost = best ? { lost: "equal", parts: [] } : throwCost(review.chosen, review.best);
  return {
    where: decision.where, dealer: review.dealer, cards: review.cards, link: review.link,
    chosen: review.chosen ? throwValues(review.chosen) : null, best: throwValues(review.best),
    isBest: best, lost: cost.lost, cost: cost.parts,
  };
}

export function playModel(decision) {
  const review = decision.review;
  const best = review.equal || review.best.includes(review.card);
  return { index: decision.index, card: review.card, count: review.count, best: review.best,
    isBest: best, lost: lostText(decision.lost), reason: review.reason,
    estimated: !review.exact, holdings: review.holdings };
}

export function countModel(decision) {
  const review = decision.review;
  return { part: review.part, said: review.points, holds: review.actual, lost: review.missed_points,
    missed: review.missed.map((item) => ({ label: item.label, cards: item.cards, points: item.points })),
    overcount: review.overcount };
}

// A deal's points lost by phase as shown (hundredths, "equal" as nothing) and their sum, the total.
const phaseCents = (lost) => PHASES.map(([key]) => lostCents(lost[key]));

// The panel for one deal: {deal (from 1), lost rows by phase, total, throw, plays, counts}.
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
export function gameFigures(reply) {
  const deals = reply.deals.map((row) => phaseCents(row));
  const lost = sum(deals.map(sum));
  return { deals, lost, perDeal: deals.length ? Math.round(lost / deals.length) : 0 };
}

// The panel for the game: each deal's points lost by phase, the costliest decisions (each names
// its deal, so the panel can open that deal's review), the total and the points lost per deal.
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

// --- the points lost per deal, game by game (kept in this browser) -----------------------------

export const TREND_VERSION = 1;
export const TREND_GAMES = 50; // the games a trend keeps, the newest last
const isFigure = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

export const emptyTrend = () => ({ version: TREND_VERSION, games: [] });

// Each game's figure is a player's: `player` is their name, left out for the one player without
// a name (every figure kept before names were), so an older trend reads as that player's.
export function validTrend(value) {
  return Boolean(value) && value.version === TREND_VERSION && Array.isArray(value.games)
    && value.games.every((g) => g && typeof g.id === "string" && isFigure(g.per_deal) && Number.isInteger(g.deals) && g.deals > 0
      && (g.player === undefined || (typeof g.player === "string" && g.player.length > 0 && g.player.length <= 40)));
}

const playerOf = (game) => game.player || "";
const theirs = (trend, player) => trend.games.filter((game) => playerOf(game) === (player || ""));

// A finished game's figure added once for each player (a reload or a second look adds nothing).
// Each player keeps up to TREND_GAMES games.
export function addToTrend(trend, id, review, player = "") {
  const mine = theirs(trend, player);
  if (mine.some((game) => game.id === id) || !review.deals.length) return trend;
  const game = { id, per_deal: gameFigures(review).perDeal / 100, deals: review.deals.length }; // as the review shows it
  if (player) game.player = player;
  const dropped = mine.length >= TREND_GAMES ? mine[0] : null; // the player's oldest, past their TREND_GAMES
  return { ...trend, games: [...trend.games.filter((kept) => kept !== dropped), game] };
}

// What the chart draws: each of `player`'s games' figure, the one asked about marked, and a sentence.
export function trendModel(trend, id, player = "") {
  const games = theirs(trend, player).map((game, index) => ({ n: index + 1, perDeal: game.per_deal, current: game.id === id }));
  const before = games.filter((game) => !game.current);
  const now = games.find((game) => game.current);
  const mean = before.length ? before.reduce((sum, g) => sum + g.perDeal, 0) / before.length : null;
  let sentence = "This is the first game reviewed in this browser: later games are charted beside it.";
  if (now && mean !== null) {
    const word = now.perDeal < mean - EQUAL ? "fewer than" : now.perDeal > mean + EQUAL ? "more than" : "about the same as";
    sentence = `This game: ${pointsText(now.perDeal)} points lost per deal, ${word} your average of ${pointsText(mean)} `
      + `over the ${before.length} game${before.length === 1 ? "" : "s"} before.`;
  }
  return { games, sentence, most: Math.max(1, ...games.map((g) => g.perDeal)) };
}
