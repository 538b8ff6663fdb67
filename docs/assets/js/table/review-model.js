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

// Points lost, in words the panel shows: below EQUAL it is "equal" (no false precision).
export const lostText = (points) => (points < EQUAL ? "equal" : points.toFixed(2));
const signed = (value) => (value < 0 ? `−${(-value).toFixed(2)}` : `+${value.toFixed(2)}`);

// One throw's values for the seat: hand, crib (signed: against you when it is the other's), pegging.
export function throwValues(entry) {
  return { discard: entry.discard, keep: entry.keep, hand: entry.hand.toFixed(2), crib: signed(entry.crib),
    pegging: signed(entry.pegging), value: entry.value.toFixed(2) };
}

function throwModel(decision) {
  if (!decision) return null;
  const review = decision.review;
  const cost = review.cost || { hand: 0, crib: 0, pegging: 0, total: 0 };
  const best = !review.chosen || review.equal;
  return {
    where: decision.where, dealer: review.dealer, cards: review.cards, link: review.link,
    chosen: review.chosen ? throwValues(review.chosen) : null, best: throwValues(review.best),
    isBest: best, lost: lostText(decision.lost),
    cost: best ? [] : ["hand", "crib", "pegging"].map((part) => [part, cost[part]]).filter(([, v]) => Math.abs(v) >= EQUAL)
      .map(([part, v]) => ({ part, text: v > 0 ? `${v.toFixed(2)} lost` : `${(-v).toFixed(2)} gained` })),
  };
}

function playModel(decision) {
  const review = decision.review;
  const best = review.equal || review.best.includes(review.card);
  return { index: decision.index, card: review.card, count: review.count, best: review.best,
    isBest: best, lost: lostText(decision.lost), reason: review.reason,
    estimated: !review.exact, holdings: review.holdings };
}

function countModel(decision) {
  const review = decision.review;
  return { part: review.part, said: review.points, holds: review.actual, lost: review.missed_points,
    missed: review.missed.map((item) => ({ label: item.label, cards: item.cards, points: item.points })),
    overcount: review.overcount };
}

const phaseRows = (lost) => PHASES.map(([key, label]) => ({ key, label, lost: lostText(lost[key]) }));

// The panel for one deal: {deal (from 1), lost rows by phase, total, throw, plays, counts}.
export function dealModel(reply) {
  return {
    deal: reply.deal + 1, lost: phaseRows(reply.lost), total: lostText(reply.lost.total),
    throw: throwModel(reply.throw), plays: reply.plays.map(playModel), counts: reply.counts.map(countModel),
  };
}

// The panel for the game: each deal's points lost by phase, the costliest decisions (each names
// its deal, so the panel can open that deal's review), the total and the points lost per deal.
export function gameModel(reply) {
  return {
    deals: reply.deals.map((row) => ({ deal: row.deal, label: `Deal ${row.deal + 1}`,
      cells: PHASES.map(([key]) => lostText(row[key])), total: lostText(row.total) })),
    costliest: reply.costliest.map((d) => ({ deal: d.deal, where: d.where, lost: lostText(d.lost),
      phase: d.phase, reason: d.review.reason || "" })),
    lost: reply.lost.toFixed(2), perDeal: reply.per_deal.toFixed(2),
  };
}

// --- the points lost per deal, game by game (kept in this browser) -----------------------------

export const TREND_VERSION = 1;
export const TREND_GAMES = 50; // the games a trend keeps, the newest last
const isFigure = (value) => typeof value === "number" && Number.isFinite(value) && value >= 0;

export const emptyTrend = () => ({ version: TREND_VERSION, games: [] });

export function validTrend(value) {
  return Boolean(value) && value.version === TREND_VERSION && Array.isArray(value.games)
    && value.games.every((g) => g && typeof g.id === "string" && isFigure(g.per_deal) && Number.isInteger(g.deals) && g.deals > 0);
}

// A finished game's figure added once (a reload or a second look adds nothing).
export function addToTrend(trend, id, review) {
  if (trend.games.some((game) => game.id === id) || !review.deals.length) return trend;
  const game = { id, per_deal: review.per_deal, deals: review.deals.length };
  return { ...trend, games: [...trend.games, game].slice(-TREND_GAMES) };
}

// What the chart draws: each game's figure, the one asked about marked, and a sentence.
export function trendModel(trend, id) {
  const games = trend.games.map((game, index) => ({ n: index + 1, perDeal: game.per_deal, current: game.id === id }));
  const before = games.filter((game) => !game.current);
  const now = games.find((game) => game.current);
  const mean = before.length ? before.reduce((sum, g) => sum + g.perDeal, 0) / before.length : null;
  let sentence = "This is the first game reviewed in this browser: later games are charted beside it.";
  if (now && mean !== null) {
    const word = now.perDeal < mean - EQUAL ? "fewer than" : now.perDeal > mean + EQUAL ? "more than" : "about the same as";
    sentence = `This game: ${now.perDeal.toFixed(2)} points lost per deal, ${word} your average of ${mean.toFixed(2)} `
      + `over the ${before.length} game${before.length === 1 ? "" : "s"} before.`;
  }
  return { games, sentence, most: Math.max(1, ...games.map((g) => g.perDeal)) };
}
