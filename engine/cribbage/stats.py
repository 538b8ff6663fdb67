"""Exact statistics of the show over all 12,994,800 hands (four cards + starter).

Rather than scoring every combination, hands are grouped by the ranks of the
four hand cards and the starter's rank (23,000-odd groups). Fifteens, pairs and
runs depend on ranks only, so one table lookup scores a whole group; the flush
and nobs depend on suits, and how many suit choices give each bonus depends only
on the group's shape (multiplicities, jacks, starter rank), so each shape's
bonus counts are enumerated once and reused. The tests check the result
against a plain enumeration of every combination.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product
from math import comb
from typing import Any

from . import rules
from .cards import DECK, Card
from .rules import JACK, MAX_SHOW
from .show import rank_code, rank_score_table, short_show_total, show_total
from .variants import Variant, variant

Shape = tuple[tuple[int, ...], int, int, bool]  # multiplicities, starter's, jacks, starter is a jack
Bonus = tuple[int, int]  # flush and nobs points with hand rules, with crib rules


class _Distributions:
    """The exact mean and shares of a hand and a crib distribution (total -> combinations)."""

    hand: dict[int, int]
    crib: dict[int, int]

    def mean(self, crib: bool = False) -> Fraction:
        """The average show total, exact, of a hand or (``crib``) of a crib."""
        table = self.crib if crib else self.hand
        return Fraction(sum(t * n for t, n in table.items()), sum(table.values()))

    def share(self, total: int, crib: bool = False) -> Fraction:
        """The share of combinations that make ``total``, exact."""
        table = self.crib if crib else self.hand
        return Fraction(table.get(total, 0), sum(table.values()))


@dataclass(frozen=True)
class ShowStatistics(_Distributions):
    """The exact distribution of show totals over every four cards and starter, for hands and cribs."""

    hand: dict[int, int]  # total -> number of (four cards, starter) combinations
    crib: dict[int, int]
    deal_29_chance: Fraction  # a six-card deal plus its starter holds a 29 hand

    @property
    def deals_per_29(self) -> int:
        """About how many six-card deals (with their starter) there are to one 29 hand."""
        return round(1 / self.deal_29_chance)

    @property
    def combinations(self) -> int:
        """How many (four cards, starter) combinations there are."""
        return sum(self.hand.values())

    def impossible(self, crib: bool = False) -> list[int]:
        """The totals from 0 to 29 no hand (or crib) can make."""
        table = self.crib if crib else self.hand
        return [t for t in range(MAX_SHOW + 1) if not table.get(t)]

    def to_json(self) -> dict[str, Any]:
        """The distributions, means and shares as JSON."""
        return {
            "combinations": self.combinations,
            "hand": {str(t): n for t, n in sorted(self.hand.items())},
            "crib": {str(t): n for t, n in sorted(self.crib.items())},
            "hand_mean": float(self.mean()),
            "crib_mean": float(self.mean(crib=True)),
            "impossible_hand": self.impossible(),
            "impossible_crib": self.impossible(crib=True),
            "zero_hands": self.hand.get(0, 0),
            "zero_share": float(self.share(0)),
            "hands_28": self.hand.get(MAX_SHOW - 1, 0),
            "hands_29": self.hand.get(MAX_SHOW, 0),
            "deals_per_29": self.deals_per_29,
        }


def show_statistics() -> ShowStatistics:
    """The exact statistics of the show, counted afresh by enumeration (keep the result rather than call again)."""
    hand, crib = show_distributions()
    return ShowStatistics(hand, crib, deal_29_chance())


def show_distributions() -> tuple[dict[int, int], dict[int, int]]:
    """Exact counts of each show total with hand rules and with crib rules."""
    hand: Counter[int] = Counter()
    crib: Counter[int] = Counter()
    bonus_cache: dict[Shape, Counter[Bonus]] = {}
    for hand_ranks, starter_rank, base in _rank_groups():
        shape = _shape(Counter(hand_ranks), starter_rank)
        bonuses = bonus_cache.get(shape)
        if bonuses is None:
            bonuses = bonus_cache[shape] = _bonus_counts(hand_ranks, starter_rank)
        for (hand_bonus, crib_bonus), ways in bonuses.items():
            hand[base + hand_bonus] += ways
            crib[base + crib_bonus] += ways
    return dict(sorted(hand.items())), dict(sorted(crib.items()))


def _rank_groups() -> Iterator[tuple[tuple[int, ...], int, int]]:
    """(hand ranks, starter rank, fifteens + pairs + runs) for every possible rank group."""
    table = rank_score_table()
    for hand_ranks in combinations_with_replacement(range(1, 14), 4):
        hand_code = sum(1 << 3 * (r - 1) for r in hand_ranks)
        for starter_rank in range(1, 14):
            code = hand_code + (1 << 3 * (starter_rank - 1))
            if code in table:  # absent: a fifth card of one rank
                yield hand_ranks, starter_rank, table[code]


def _shape(multiplicity: Counter[int], starter_rank: int) -> Shape:
    """Everything about a rank group that the flush and nobs counts depend on."""
    return (
        tuple(sorted(multiplicity.values())),
        multiplicity[starter_rank],
        multiplicity[JACK],
        starter_rank == JACK,
    )


def _bonus_counts(hand_ranks: tuple[int, ...], starter_rank: int) -> Counter[Bonus]:
    """(hand flush+nobs, crib flush+nobs) -> number of suit choices, for one rank group."""
    counts: Counter[Bonus] = Counter()
    groups = Counter(hand_ranks)
    per_rank = [combinations(range(4), n) for n in groups.values()]
    for suit_sets in product(*(list(p) for p in per_rank)):
        hand = tuple(Card.of(rank, s) for rank, suits in zip(groups, suit_sets, strict=True) for s in suits)
        for starter_suit in range(4):
            starter = Card.of(starter_rank, starter_suit)
            if starter in hand:
                continue
            base = _rank_only(hand, starter)
            counts[(show_total(hand, starter) - base, show_total(hand, starter, True) - base)] += 1
    return counts


def _rank_only(hand: tuple[Card, ...], starter: Card) -> int:
    return rank_score_table()[rank_code(hand + (starter,))]


def twenty_nine_hands() -> list[tuple[tuple[Card, ...], Card]]:
    """Every (hand, starter) that scores 29, found by search rather than assumed."""
    found: list[tuple[tuple[Card, ...], Card]] = []
    for hand_ranks, starter_rank, base in _rank_groups():
        if base + rules.FIVE_FLUSH_POINTS + rules.NOBS_POINTS >= MAX_SHOW:  # suits add 6 at most
            found.extend(_hands_scoring(hand_ranks, starter_rank, MAX_SHOW))
    return found


def _hands_scoring(
    hand_ranks: tuple[int, ...], starter_rank: int, target: int
) -> Iterator[tuple[tuple[Card, ...], Card]]:
    hand_pool = [c for c in DECK if c.rank in hand_ranks]
    wanted = Counter(hand_ranks)
    for hand in combinations(hand_pool, 4):
        if Counter(c.rank for c in hand) != wanted:
            continue
        for starter in (Card.of(starter_rank, s) for s in range(4)):
            if starter not in hand and show_total(hand, starter) == target:
                yield hand, starter


def deal_29_chance() -> Fraction:
    """Chance that a six-card deal and a starter from the other 46 cards hold a 29 hand."""
    by_starter: dict[Card, list[frozenset[Card]]] = {}
    for hand, starter in twenty_nine_hands():
        by_starter.setdefault(starter, []).append(frozenset(hand))
    favourable = sum(_six_card_sets_containing_any(hands) for hands in by_starter.values())
    return Fraction(favourable, comb(52, 6) * 46)


def _six_card_sets_containing_any(hands: list[frozenset[Card]]) -> int:
    """Six-card sets (from the 51 non-starter cards) that contain at least one hand:
    inclusion and exclusion over the hands."""
    total = 0
    for size in range(1, len(hands) + 1):
        for group in combinations(hands, size):
            union = frozenset().union(*group)
            if len(union) <= 6:
                total += (-1) ** (size + 1) * comb(51 - len(union), 6 - len(union))
    return total



# --- the variants ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class VariantStatistics(_Distributions):
    """The exact distribution of show totals in one variant: every hand of its size with a starter,
    and every four-card crib with a starter (the crib's flush needs all five cards in every variant)."""

    variant: str
    hand_cards: int  # the cards of a hand, the starter aside
    hand: dict[int, int]  # total -> number of (hand, starter) combinations
    crib: dict[int, int]  # total -> number of (crib, starter) combinations

    @property
    def hands(self) -> int:
        """How many (hand, starter) combinations there are."""
        return sum(self.hand.values())

    @property
    def cribs(self) -> int:
        """How many (crib, starter) combinations there are."""
        return sum(self.crib.values())

    def impossible(self, crib: bool = False) -> list[int]:
        """The totals up to the highest no hand (or crib) of the variant can make."""
        table = self.crib if crib else self.hand
        return [t for t in range(max(table) + 1) if not table.get(t)]

    def to_json(self) -> dict[str, Any]:
        """The distributions, means and gaps as JSON."""
        return {
            "variant": self.variant, "hand_cards": self.hand_cards, "hands": self.hands, "cribs": self.cribs,
            "hand": {str(t): n for t, n in sorted(self.hand.items())},
            "crib": {str(t): n for t, n in sorted(self.crib.items())},
            "hand_mean": float(self.mean()), "crib_mean": float(self.mean(crib=True)),
            "max_hand": max(self.hand), "impossible_hand": self.impossible(),
            "impossible_crib": self.impossible(crib=True),
        }


def variant_statistics(name: Variant | str | None = None) -> VariantStatistics:
    """The exact show statistics of a variant (slow for the four-card hands: about a second).

    Only five-card cribbage changes the hand (three cards); every variant's crib is four cards with
    crib rules, so its distribution over every possible crib is the standard one.
    """
    rules_of = variant(name)
    hand, crib = show_distributions()
    if rules_of.hand_size != rules.CARDS_KEPT:
        hand = short_hand_distribution(rules_of.hand_size)
    return VariantStatistics(rules_of.name, rules_of.hand_size, hand, crib)


def short_hand_distribution(size: int) -> dict[int, int]:
    """Exact counts of each show total over every hand of ``size`` cards (fewer than four) and starter.

    Every ``size + 1`` cards are scored once for their ranks, then once for each card as the starter.
    """
    counts: Counter[int] = Counter()
    for cards in combinations(DECK, size + 1):
        for i, starter in enumerate(cards):
            counts[short_show_total(cards[:i] + cards[i + 1:], starter)] += 1
    return dict(sorted(counts.items()))


@dataclass(frozen=True)
class CribEstimate:
    """The mean crib of a variant when every player throws as the strong computer does, over seeded deals."""

    variant: str
    deals: int
    mean: float  # each deal's crib averaged exactly over its possible starters, then over the deals
    standard_error: float  # of that mean, from the spread between deals

    def to_json(self) -> dict[str, Any]:
        """``{"variant", "deals", "mean", "standard_error"}``."""
        return {"variant": self.variant, "deals": self.deals, "mean": self.mean,
                "standard_error": self.standard_error}


def mean_crib(name: Variant | str | None, deals: int, seed: str = "mean-crib") -> CribEstimate:
    """The crib's average in ``deals`` seeded deals of the variant, every player throwing for the
    best expected value from their seat (the dealer's side adds the crib, the others take it off);
    the three-player crib's dealt card is whatever the shuffle puts there. Each deal's crib is
    averaged over every starter left in the pack, so only the deals are sampled."""
    import random
    from statistics import fmean, stdev

    from .advice import advise_variant  # the advice's tables load only for this estimate

    rules_of = variant(name)
    means = []
    for number in range(deals):
        deck = list(DECK)
        random.Random(f"{seed}/{rules_of.name}/{number}").shuffle(deck)
        dealt = rules_of.players * rules_of.dealt
        crib = deck[dealt:dealt + rules_of.to_crib]
        for seat in range(rules_of.players):  # seat 0 deals
            hand = deck[seat * rules_of.dealt:(seat + 1) * rules_of.dealt]
            mine = rules_of.side_of(seat) == rules_of.side_of(0)
            crib += advise_variant(hand, rules_of, crib_mine=mine)[0].discard
        starters = deck[dealt + rules_of.to_crib:]
        means.append(sum(show_total(crib, s, True) for s in starters) / len(starters))
    return CribEstimate(rules_of.name, deals, fmean(means), stdev(means) / deals ** 0.5)
