"""Counting by hand: judge a player's own count of a hand or crib against the engine's.

A claim is either a total ("twelve") or a list of items (each a kind and its cards).
The verdict says which of the real items the player is credited with, which they missed
and which claimed items are not there. The player pegs only combinations that are really
there; what they leave out the opponent may take under the muggins house rule.

A total below the true count credits the set of real items that adds up to the most points
without passing the claim (earlier items in counting order first: fifteens, pairs, runs,
flush, nobs), so a claim of 6 on "fifteen two, fifteen four and a pair" credits the two
fifteens and the pair, and a claim of 5 credits 4 and leaves a fifteen or pair missed.
A total above the true count is corrected down to the true count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import rules
from .cards import Card, parse_card
from .errors import ParameterError
from .kinds import SHOW_KINDS as KINDS
from .show import ScoreItem

MAX_CLAIM = rules.MAX_SHOW  # the most a hand or crib can hold
MAX_CLAIMED_ITEMS = 30


@dataclass(frozen=True)
class Claim:
    """What a player said their hand holds: a total, or items (kind, cards)."""

    total: int | None = None
    items: tuple[tuple[str, frozenset[Card]], ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"total": N}`` or ``{"items": [{"kind", "cards"}, ...]}``."""
        if self.items is None:
            return {"total": self.total}
        return {"items": [{"kind": kind, "cards": sorted(c.code for c in cards)} for kind, cards in self.items]}


@dataclass(frozen=True)
class Verdict:
    """A claim judged against what the hand holds: what is credited, missed and not there."""

    claim: Claim
    credited: tuple[ScoreItem, ...]  # real items the player pegs
    missed: tuple[ScoreItem, ...]  # real items the player did not claim
    not_there: tuple[dict[str, Any], ...]  # claimed items the hand does not hold (items claims)
    actual: int  # what the hand really holds

    @property
    def points(self) -> int:
        """The points the player pegs."""
        return sum(item.points for item in self.credited)

    @property
    def missed_points(self) -> int:
        """The points the player did not claim (the opponent takes them under muggins)."""
        return sum(item.points for item in self.missed)

    @property
    def overcount(self) -> int:
        """Points claimed beyond the true count (total claims only)."""
        return max(0, (self.claim.total or 0) - self.actual)

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON: the claim, the true count, the points credited and missed, and why."""
        return {
            "claim": self.claim.to_json(),
            "actual": self.actual,
            "points": self.points,
            "credited": [item.to_json() for item in self.credited],
            "missed": [item.to_json() for item in self.missed],
            "missed_points": self.missed_points,
            "not_there": list(self.not_there),
            "overcount": self.overcount,
        }


def parse_claim(data: Any) -> Claim:
    """A claim from JSON: {"total": 12} or {"items": [{"kind": "fifteen", "cards": [...]}, ...]}.

    A claim of the wrong shape raises ``ParameterError``; a card that is not one, ``CardError``.
    """
    if isinstance(data, Claim):
        return data
    if not isinstance(data, dict):
        raise ParameterError('a count is {"total": N} or {"items": [...]}')
    if "total" in data:
        total = data["total"]
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= MAX_CLAIM:
            raise ParameterError(f"a count is a whole number from 0 to {MAX_CLAIM}")
        return Claim(total=total)
    items = data.get("items")
    if not isinstance(items, list) or len(items) > MAX_CLAIMED_ITEMS:
        raise ParameterError('a count is {"total": N} or {"items": [...]}')
    parsed = []
    for item in items:
        if not isinstance(item, dict) or item.get("kind") not in KINDS:
            raise ParameterError(f"each counted item names its kind ({', '.join(KINDS)}) and its cards")
        codes = item.get("cards")
        if not isinstance(codes, list) or not 1 <= len(codes) <= 5:
            raise ParameterError("each counted item names between one and five cards")
        parsed.append((item["kind"], frozenset(parse_card(code) for code in codes)))
    return Claim(items=tuple(parsed))


def judge(items: Sequence[ScoreItem], claim: Claim) -> Verdict:
    """Compare a claim with the real items of a hand or crib."""
    actual = sum(item.points for item in items)
    if claim.items is None:
        credited = _credit_total(items, claim.total or 0)
        not_there: tuple[dict[str, Any], ...] = ()
    else:
        credited, not_there = _credit_items(items, claim.items)
    missed = tuple(item for index, item in enumerate(items) if index not in credited)
    return Verdict(claim, tuple(items[i] for i in sorted(credited)), missed, not_there, actual)


def _credit_total(items: Sequence[ScoreItem], claimed: int) -> set[int]:
    """Indexes of the real items that add up to the most points without passing the claim."""
    reachable: dict[int, tuple[int, ...]] = {0: ()}  # points -> the first item set found for it
    for index, item in enumerate(items):
        for points, chosen in list(reachable.items()):
            total = points + item.points
            if total <= claimed and total not in reachable:
                reachable[total] = chosen + (index,)
    return set(reachable[max(reachable)])


ClaimedItems = tuple[tuple[str, frozenset[Card]], ...]


def _credit_items(items: Sequence[ScoreItem], claimed: ClaimedItems) -> tuple[set[int], tuple[dict[str, Any], ...]]:
    credited: set[int] = set()
    not_there = []
    for kind, cards in claimed:
        match = next((i for i, item in enumerate(items)
                      if i not in credited and item.kind == kind and frozenset(item.cards) == cards), None)
        if match is None:
            not_there.append({"kind": kind, "cards": sorted(c.code for c in cards)})
        else:
            credited.add(match)
    return credited, tuple(not_there)
