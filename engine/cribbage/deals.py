"""A game's deals dealt again from its seed alone: what a check of the deal compares.

Every card of a deal (each seat's hand, the crib's card from the deck in a game of three, the
starter) is drawn from the seed and the deal's number; the first dealer from the seed's cuts, and
the deal then passes to the left. No player's choice changes them, so anyone with the seed can
deal them again and see that they are the cards the game was played with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._flow import dealt
from .cards import Card
from .game import Game
from .seeds import Seed
from .variants import Variant


@dataclass(frozen=True)
class Deal:
    """One deal as the seed gives it."""

    hand: int
    """The deal's number, from 0."""
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards as dealt, sorted."""
    crib: tuple[Card, ...]
    """The crib's cards from the deck (one in a game of three, else none)."""
    starter: Card

    def to_json(self) -> dict[str, Any]:
        """``{"hand", "dealer", "hands": [[codes]], "crib": [codes], "starter"}``."""
        return {"hand": self.hand, "dealer": self.dealer, "hands": [[c.code for c in hand] for hand in self.hands],
                "crib": [c.code for c in self.crib], "starter": self.starter.code}


def first_dealer(seed: Seed, variant: Variant) -> int:
    """The seat the seed's cuts make the first dealer."""
    game = Game(seed, variant=variant)
    while game.phase == "cut_for_deal":
        game.apply(game.legal_actions()[0])
    assert game.dealer is not None  # the cuts end with a dealer
    return game.dealer


def deal(seed: Seed, variant: Variant, hand: int, dealer: int) -> Deal:
    """Deal number ``hand``, dealt by ``dealer``."""
    hands, crib, starter = dealt(seed, variant, hand, dealer)
    return Deal(hand, dealer, tuple(tuple(sorted(cards)) for cards in hands), tuple(crib), starter)


def deals(seed: Seed, variant: Variant, count: int) -> list[Deal]:
    """The first ``count`` deals of a game with this seed, the deal passing to the left each time."""
    first = first_dealer(seed, variant)
    return [deal(seed, variant, hand, (first + hand) % variant.players) for hand in range(count)]
