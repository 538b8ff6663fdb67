"""A deliberately naive second scorer, written straight from the rule book.

It knows nothing of the engine's tables or item functions: it tries every subset
of the cards and asks of each whether it scores. Slow and obvious on purpose.
"""

from itertools import combinations


def value(card):
    return min(card.rank, 10)


def is_run(cards):
    ranks = [c.rank for c in cards]
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def naive_show(hand, starter, is_crib):
    five = list(hand) + [starter]  # four cards and the starter, or three in five-card cribbage
    subsets = [s for n in range(1, len(five) + 1) for s in combinations(five, n)]
    fifteens = 2 * sum(1 for s in subsets if len(s) >= 2 and sum(map(value, s)) == 15)
    pairs = 2 * sum(1 for s in subsets if len(s) == 2 and s[0].rank == s[1].rank)
    runs_found = [s for s in subsets if len(s) >= 3 and is_run(s)]
    longest = max((len(s) for s in runs_found), default=0)
    runs = sum(len(s) for s in runs_found if len(s) == longest)
    flush = 0
    if all(c.suit == hand[0].suit for c in hand):  # a point a card: 4 (three in five-card cribbage: 3)
        if starter.suit == hand[0].suit:
            flush = len(hand) + 1
        elif not is_crib:
            flush = len(hand)
    nobs = sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return {"fifteen": fifteens, "pair": pairs, "run": runs, "flush": flush, "nobs": nobs}


def naive_play_points(sequence):
    """Points for the last card of a count (no go point)."""
    total = sum(map(value, sequence))
    points = 2 if total in (15, 31) else 0
    last = sequence[-1]
    same = 0
    while same < len(sequence) and sequence[-1 - same].rank == last.rank:
        same += 1
    points += {0: 0, 1: 0, 2: 2, 3: 6, 4: 12}[same]
    run = 0
    for length in range(3, len(sequence) + 1):
        if is_run(sequence[-length:]):
            run = length
    return points + run
