"""What each throw is worth: the kept hand, the crib, and the kept cards' pegging.

``throw_values(six, dealer)`` gives, for each of the fifteen throws, the kept hand's exact average
over the 46 starters, the crib's exact average for this deal (the opponent throws any two of the
46 unseen cards, the starter is any of the 44 left: ``cribbage.analysis``), and the pegging value
of the four kept cards: our pegging points less the opponent's, on average, for this seat (pone
or dealer), from ``data/peg_table.json``.

The pegging table is built offline by simulation (``cribbage.expert.tables.build_peg_table``,
``make peg-table``); this module only reads it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..analysis import analyse
from ..cards import RANKS, Card
from .seat import SeatView
from .winprob import near_end, throw_win_chance

PEG_TABLE_FILE = "peg_table.json"


@dataclass(frozen=True)
class ThrowValue:
    """One throw: the cards, and what it is worth to the seat in points a deal.

    ``crib`` is the crib's average for whoever owns it (the seat when ``dealer``), ``pegging``
    the kept cards' pegging value for the seat; ``value`` adds them with the crib's sign.
    ``totals`` is the kept hand's total with each starter, in deck order of the unseen cards.
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    dealer: bool
    hand: Fraction
    crib: Fraction
    pegging: float
    totals: tuple[int, ...]

    @property
    def crib_for_seat(self) -> Fraction:
        """The crib's value to the seat: plus when it deals, minus when the opponent does."""
        return self.crib if self.dealer else -self.crib

    @property
    def value(self) -> float:
        """Hand, crib (signed) and pegging together."""
        return float(self.hand + self.crib_for_seat) + self.pegging

    def to_json(self) -> dict[str, Any]:
        """JSON-ready, values rounded to 4 places."""
        return {"keep": [c.code for c in self.keep], "discard": [c.code for c in self.discard],
                "hand": round(float(self.hand), 4), "crib": round(float(self.crib_for_seat), 4),
                "pegging": round(self.pegging, 4), "value": round(self.value, 4)}


def throw_values(six: Sequence[Card], dealer: bool, pegging: bool = True) -> list[ThrowValue]:
    """All fifteen throws of ``six`` for the dealer (or pone), best first by ``value``.

    The hand and the exact crib are the discard analyser's (``cribbage.analysis.analyse``).
    """
    cards = tuple(six)
    order = {frozenset(d): i for i, d in enumerate(combinations(cards, 2))}  # ties keep the deal's order
    found = [ThrowValue(a.keep, a.discard, dealer, a.hand_value, a.crib_exact,
                        pegging_value(a.keep, dealer) if pegging else 0.0, a.starter_totals)
             for a in sorted(analyse(cards, dealer), key=lambda a: order[frozenset(a.discard)])]
    found.sort(key=lambda t: t.value, reverse=True)  # stable
    return found


def best_throw(view: SeatView, pegging: bool = True, board: bool = True) -> tuple[Card, Card]:
    """The throw the expert makes from the six cards it holds."""
    throws = throw_values(view.held, view.is_dealer, pegging)
    near = board and near_end(view)
    best = max(throws, key=lambda t: (throw_win_chance(view, t), t.value)) if near else throws[0]
    first, second = best.discard
    return first, second


# --- the pegging table ------------------------------------------------------------------------

def rank_key(ranks: Sequence[int]) -> str:
    """Four ranks as table text, low to high: ``"55TJ"``."""
    return "".join(RANKS[r - 1] for r in sorted(ranks))


def pegging_value(keep: Sequence[Card], dealer: bool) -> float:
    """Our pegging points less the opponent's, on average, when keeping these four as dealer or pone."""
    entry = _peg_table().get(rank_key([c.rank for c in keep]))
    if entry is None:
        return 0.0
    return entry[0 if dealer else 2] / 100 - entry[1 if dealer else 3] / 100


@lru_cache(maxsize=1)
def _peg_table() -> dict[str, list[int]]:
    from importlib import resources

    text = resources.files("cribbage").joinpath("data", PEG_TABLE_FILE).read_text("utf-8")
    table: dict[str, list[int]] = json.loads(text)["hands"]
    return table
