from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from cribbage import DECK, Card, show_statistics, show_total
from cribbage.stats import twenty_nine_hands

# The published distribution of hand scores (four cards + starter, hand rules).
PUBLISHED_HAND = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}


@pytest.fixture(scope="module")
def stats():
    return show_statistics()


def test_matches_the_published_table(stats):
    assert stats.hand == PUBLISHED_HAND
    assert stats.combinations == 12_994_800 == sum(stats.crib.values())
    assert stats.hand[0] == 1_009_008
    assert stats.impossible() == [19, 25, 26, 27] == stats.impossible(crib=True)
    assert stats.hand[29] == 4 and stats.hand[28] == 76


def test_crib_rules_only_lose_four_card_flushes(stats):
    # crib totals differ from hand totals only where a four-card flush was dropped
    assert stats.crib[0] > stats.hand[0]
    assert stats.mean(crib=True) < stats.mean()
    assert sum(t * n for t, n in stats.hand.items()) - sum(t * n for t, n in stats.crib.items()) == (
        4 * 4 * 13 * 12 * 11 * 10 // 24 * 39  # hands with 4 of a suit in hand x starters off-suit
    )


def test_mean_and_zero_share(stats):
    assert stats.mean() == Fraction(sum(t * n for t, n in PUBLISHED_HAND.items()), 12_994_800)
    assert round(float(stats.mean()), 4) == 4.7692
    assert stats.share(0) == Fraction(1_009_008, 12_994_800)


def test_twenty_nine_in_a_deal_is_one_in_216580(stats):
    hands = twenty_nine_hands()
    assert len(hands) == 4
    assert all(sorted(c.rank for c in hand) == [5, 5, 5, 11] and starter.rank == 5 for hand, starter in hands)
    assert stats.deals_per_29 == 216_580
    assert stats.deal_29_chance == Fraction(4 * 1081, 20_358_520 * 46)


@pytest.mark.slow
def test_exhaustive_enumeration_agrees(stats):
    """Second, independent way: score every four-card hand with every starter rank, one by one.

    Renaming the suits changes no score (a flush needs equal suits, nobs the starter's suit; the
    next test checks it for every starter), and such a renaming takes a starter to its rank's card
    of any suit. So one starter per rank stands for all four suits: each of the 13 x 249,900 hands
    scored here counts four times, for the 12,994,800 in all. The starter's suit turns with its
    rank, so each suit is the starter's for some ranks.
    """
    hand, crib = Counter(), Counter()
    for rank in range(1, 14):
        starter = Card.of(rank, rank % 4)
        rest = [card for card in DECK if card != starter]
        for four in combinations(rest, 4):
            hand[show_total(four, starter)] += 4
            crib[show_total(four, starter, True)] += 4
    assert sum(hand.values()) == 12_994_800
    assert dict(hand) == stats.hand
    assert dict(crib) == stats.crib


def test_renaming_the_suits_changes_no_score(rng):
    """What the exhaustive count above stands on, for every starter and every renaming of suits."""
    renamings = list(permutations(range(4)))
    for starter in DECK:
        rest = [card for card in DECK if card != starter]
        for _ in range(40):
            four = rng.sample(rest, 4)
            if rng.random() < 0.3:  # flushes are rare in random hands: make some
                suit = rng.randrange(4)
                four = [Card.of(card.rank, suit) for card in four]
                if len(set(four)) < 4 or starter in four:
                    continue
            for crib in (False, True):
                totals = {show_total([Card.of(c.rank, order[c.suit]) for c in four],
                                     Card.of(starter.rank, order[starter.suit]), crib) for order in renamings}
                assert totals == {show_total(four, starter, crib)}
