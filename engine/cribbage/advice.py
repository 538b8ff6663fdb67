"""Discard advice: rank the fifteen ways to throw two cards from a six-card deal.

A throw is worth its kept hand's exact average over the 46 possible starters,
plus the two thrown cards' average value in the crib when you deal (minus it
when your opponent deals).

The crib value comes from a table the engine computes itself (``build_crib_table``)
and ships as data: for each pair of thrown cards (rank pair, and suited or not)
it is the exact average crib over every pair the opponent could throw from the
other 50 cards and every starter from the 48 left, 58,800 cribs each. It knows
nothing of the four cards you keep, as is usual for crib tables.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Any

from .cards import DECK, RANKS, Card, CardError, ensure_distinct
from .show import RANK_CODE, rank_score_table, short_show_total, show_total
from .variants import Variant

CRIB_CASES = 50 * 49 // 2 * 48  # opponent throws x starters for one pair of thrown cards
_TABLE_FILE = "crib_table.json"


@dataclass(frozen=True)
class Throw:
    """One of the fifteen throws of a six-card deal, valued by the shipped crib table."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand_value: Fraction  # exact average over the 46 starters
    crib_value: Fraction  # average crib of the thrown pair (for whoever owns the crib)
    dealer: bool

    @property
    def value(self) -> Fraction:
        """What the throw is worth: the kept hand's average, plus the crib's for the dealer, minus it for the pone."""
        return self.hand_value + (self.crib_value if self.dealer else -self.crib_value)

    def to_json(self) -> dict[str, Any]:
        """``{"keep", "discard", "hand_value", "crib_value", "value"}``, values rounded to four places."""
        return {
            "keep": [c.code for c in self.keep],
            "discard": [c.code for c in self.discard],
            "hand_value": round(float(self.hand_value), 4),
            "crib_value": round(float(self.crib_value), 4),
            "value": round(float(self.value), 4),
        }


def advise(six: Sequence[Card], dealer: bool) -> list[Throw]:
    """All fifteen throws, best first (ties keep a stable, card-order ranking)."""
    cards = tuple(six)
    if len(cards) != 6:
        raise CardError(f"advice needs six cards, got {len(cards)}")
    ensure_distinct(cards)
    starters = [card for card in DECK if card not in cards]
    throws = []
    for discard in combinations(cards, 2):
        keep = tuple(c for c in cards if c not in discard)
        hand_points = sum(show_total(keep, starter) for starter in starters)
        throws.append(
            Throw(keep, discard, Fraction(hand_points, len(starters)), crib_value(*discard), dealer)
        )
    throws.sort(key=lambda throw: throw.value, reverse=True)
    return throws


def advise_variant(cards: Sequence[Card], variant: Variant, crib_mine: bool) -> list[Throw]:
    """Every throw of a deal in any variant, best first: the kept hand's exact average over the
    starters, plus (``crib_mine``: the crib is the player's side's) or minus the thrown cards' crib.

    The standard game is ``advise``. A two-card throw (five-card cribbage) is valued by the same
    table, since its crib is also two cards from each player; a one-card throw by that card's average
    crib over every other card it could share the crib with (``single_crib_value``).
    """
    cards = tuple(cards)
    if len(cards) == 6 and variant.throws == 2:
        return advise(cards, crib_mine)
    if len(cards) != variant.dealt:
        raise CardError(f"advice needs {variant.dealt} cards, got {len(cards)}")
    ensure_distinct(cards)
    starters = [card for card in DECK if card not in cards]
    throws = []
    for discard in combinations(cards, variant.throws):
        keep = tuple(c for c in cards if c not in discard)
        hand_points = sum(short_show_total(keep, starter) for starter in starters)
        crib = crib_value(*discard) if len(discard) == 2 else single_crib_value(discard[0])
        throws.append(Throw(keep, discard, Fraction(hand_points, len(starters)), crib, crib_mine))
    throws.sort(key=lambda throw: throw.value, reverse=True)
    return throws


@lru_cache(maxsize=52)
def single_crib_value(card: Card) -> Fraction:
    """The average crib one thrown card makes, the other three crib cards and the starter at random.

    Exactly the mean of the pair table over the 51 cards that could be the crib's second card.
    """
    others = [other for other in DECK if other != card]
    return sum((crib_value(card, other) for other in others), Fraction(0)) / len(others)


def crib_key(first: Card, second: Card) -> str:
    """Table key: ranks low to high, then 's' suited or 'o' offsuit (pairs have neither)."""
    low, high = sorted((first, second), key=lambda c: c.rank)
    key = RANKS[low.rank - 1] + RANKS[high.rank - 1]
    if low.rank == high.rank:
        return key
    return key + ("s" if low.suit == high.suit else "o")


def crib_value(first: Card, second: Card) -> Fraction:
    """The average crib two thrown cards make, over every opponent's throw and starter (from the shipped table)."""
    return Fraction(_crib_table()[crib_key(first, second)], CRIB_CASES)


@lru_cache(maxsize=1)
def _crib_table() -> dict[str, int]:
    from importlib import resources  # on first use: the import chain is costly under Pyodide

    text = resources.files("cribbage").joinpath("data", _TABLE_FILE).read_text("utf-8")
    points: dict[str, int] = json.loads(text)["points"]
    return points


def build_crib_table() -> dict[str, int]:
    """Total crib points over all 58,800 cribs for each class of thrown pair (slow: seconds)."""
    return {crib_key(a, b): crib_points_total(a, b) for a, b in _class_representatives()}


def _class_representatives() -> list[tuple[Card, Card]]:
    pairs = []
    for low in range(1, 14):
        for high in range(low, 14):
            if low == high:
                pairs.append((Card.of(low, 0), Card.of(high, 1)))
            else:
                pairs.append((Card.of(low, 0), Card.of(high, 0)))
                pairs.append((Card.of(low, 0), Card.of(high, 1)))
    return pairs


def crib_points_total(first: Card, second: Card) -> int:
    """Sum of crib scores over every opponent pair and starter, given two thrown cards."""
    rank_scores = rank_score_table()
    rest = [card for card in DECK if card not in (first, second)]
    thrown_code = RANK_CODE[first] + RANK_CODE[second]
    total = 0
    for trio in combinations(rest, 3):
        base = rank_scores[thrown_code + RANK_CODE[trio[0]] + RANK_CODE[trio[1]]
                           + RANK_CODE[trio[2]]]
        total += 3 * base
        for i, starter in enumerate(trio):
            crib = (first, second) + trio[:i] + trio[i + 1:]
            total += show_total(crib, starter, True) - base
    return total


def write_crib_table(path: str) -> None:
    """Compute the crib table afresh and write it as JSON to ``path`` (slow: seconds)."""
    table = build_crib_table()
    payload = {
        "method": "exact average over all opponent throws (C(50,2)) and starters (48)",
        "cases_per_entry": CRIB_CASES,
        "points": table,
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(payload, handle, indent=0, sort_keys=True)
        handle.write("\n")
