"""The discard analyser: every throw of a six-card deal, with its hand distribution and exact crib.

``advise`` ranks throws with the shipped crib table, which averages over all 50 unseen cards.
Here the crib is valued exactly for *this* deal: the opponent throws any two of the 46 cards you
cannot see and the starter is any of the 44 left, so 1,035 x 44 = 45,540 cribs per throw.

Enumerating them one by one is too slow for the browser, but it is not needed. A crib's
fifteens, pairs and runs depend only on its five ranks, and the three unknown cards (the
opponent's two and the starter) score the same ranks whichever of them is the starter. So the
rank part is a sum over the at most 455 rank multisets of three unknown cards, each weighted by
how many card triples have those ranks. Flush and nobs depend on suits and are counted in
closed form (see ``exact_crib_points``). The tests compare the result with the full enumeration.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from operator import mul
from typing import Any

from . import rules
from .cards import DECK, Card, ensure_distinct
from .errors import CardError
from .show import RANK_CODE, rank_score_table, show_total

UNSEEN = 46  # cards you cannot see once you hold six
CRIB_CASES_KNOWN = comb(UNSEEN, 2) * (UNSEEN - 2)  # 45,540 (opponent throw, starter) pairs
UNKNOWN_TRIO_SLOTS = 3  # each of the three unknown cards can be the starter


@dataclass(frozen=True)
class Analysis:
    """One throw valued exactly: the kept hand over each unseen starter and the crib given all six cards."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    dealer: bool
    starter_totals: tuple[int, ...]  # the kept hand's total with each of the 46 starters
    crib_exact: Fraction  # average crib over every opponent throw and starter, given the six cards

    @property
    def hand_value(self) -> Fraction:
        """The kept hand's average over the 46 starters."""
        return Fraction(sum(self.starter_totals), len(self.starter_totals))

    @property
    def value(self) -> Fraction:
        """The hand's average, plus the exact crib value for the dealer, minus it for the pone."""
        return self.hand_value + (self.crib_exact if self.dealer else -self.crib_exact)

    def distribution(self) -> list[list[int]]:
        """[points, how many starters give them], lowest points first."""
        return [[points, n] for points, n in sorted(Counter(self.starter_totals).items())]

    def to_json(self) -> dict[str, Any]:
        """The throw, its hand figures (average, least, most, distribution) and its values, rounded."""
        return {
            "keep": [c.code for c in self.keep],
            "discard": [c.code for c in self.discard],
            "hand_value": round(float(self.hand_value), 4),
            "hand_min": min(self.starter_totals),
            "hand_max": max(self.starter_totals),
            "distribution": self.distribution(),
            "crib_value": round(float(self.crib_exact), 4),
            "value": round(float(self.value), 4),
        }


def analyse(six: Sequence[Card], dealer: bool) -> list[Analysis]:
    """All fifteen throws, best first by hand value plus (or minus) the exact crib value."""
    cards = tuple(six)
    if len(cards) != 6:
        raise CardError(f"the analyser needs six cards, got {len(cards)}")
    ensure_distinct(cards)
    unseen = [card for card in DECK if card not in cards]
    trios = unseen_rank_trios(unseen)
    throws = []
    for discard in combinations(cards, 2):
        keep = tuple(c for c in cards if c not in discard)
        totals = tuple(show_total(keep, starter) for starter in unseen)
        exact = Fraction(exact_crib_points(discard, unseen, trios), CRIB_CASES_KNOWN)
        throws.append(Analysis(keep, discard, dealer, totals, exact))
    throws.sort(key=lambda throw: throw.value, reverse=True)  # stable: ties keep card order
    return throws


def unseen_rank_trios(unseen: Sequence[Card]) -> tuple[list[int], list[int]]:
    """Rank codes of every multiset of three unseen ranks, and how many card triples have each."""
    per_rank = [0] * 14
    for card in unseen:
        per_rank[card.rank] += 1
    codes, ways = [], []
    for a in range(1, 14):
        for b in range(a, 14):
            for c in range(b, 14):
                if a == c:
                    n = comb(per_rank[a], 3)
                elif a == b:
                    n = comb(per_rank[a], 2) * per_rank[c]
                elif b == c:
                    n = per_rank[a] * comb(per_rank[b], 2)
                else:
                    n = per_rank[a] * per_rank[b] * per_rank[c]
                if n:
                    codes.append((1 << 3 * (a - 1)) + (1 << 3 * (b - 1)) + (1 << 3 * (c - 1)))
                    ways.append(n)
    return codes, ways


def exact_crib_points(discard: Sequence[Card], unseen: Sequence[Card],
                      trios: tuple[list[int], list[int]] | None = None) -> int:
    """Total crib points over every opponent throw and starter drawn from ``unseen``.

    Rank part: each unseen triple stands for three (throw, starter) cases that score alike.
    Flush: thrown cards of one suit, and all three unseen cards of that suit too.
    Nobs: a thrown jack with a starter of its suit (any two unseen cards go with it), or an
    unseen jack thrown by the opponent with a starter of its suit.
    """
    first, second = discard
    codes, ways = trios or unseen_rank_trios(unseen)
    thrown = RANK_CODE[first] + RANK_CODE[second]
    scores = map(rank_score_table().__getitem__, map(thrown.__add__, codes))  # C-speed loop
    total: int = UNKNOWN_TRIO_SLOTS * sum(map(mul, ways, scores))
    per_suit = Counter(card.suit for card in unseen)
    if first.suit == second.suit:
        total += rules.FIVE_FLUSH_POINTS * UNKNOWN_TRIO_SLOTS * comb(per_suit[first.suit], 3)
    others = len(unseen) - 1
    for card in discard:
        if card.rank == rules.JACK:
            total += rules.NOBS_POINTS * per_suit[card.suit] * comb(others, 2)
    for card in unseen:
        if card.rank == rules.JACK:
            total += rules.NOBS_POINTS * (others - 1) * (per_suit[card.suit] - 1)
    return total


def brute_force_crib_points(discard: Sequence[Card], unseen: Sequence[Card]) -> int:
    """The same total by scoring all 45,540 cribs one by one (for the tests: slow)."""
    total = 0
    for pair in combinations(unseen, 2):
        crib = tuple(discard) + pair
        total += sum(show_total(crib, starter, True) for starter in unseen if starter not in pair)
    return total


def starter_totals(hand: Sequence[Card], is_crib: bool = False) -> list[tuple[Card, int]]:
    """What each of the 48 other starters would give these four cards."""
    cards = tuple(hand)
    if len(cards) != 4:
        raise CardError(f"the starter table needs four cards, got {len(cards)}")
    ensure_distinct(cards)
    return [(starter, show_total(cards, starter, is_crib)) for starter in DECK if starter not in cards]
