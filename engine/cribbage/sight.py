"""One seat's sight of a game: everything the computer players decide from, and nothing more.

A ``Sight`` is copied out of a ``Game`` for one seat (``Sight.of``) and keeps no link to it. It
holds the seat's own cards, how many cards every seat holds, the cards laid this deal, the
starter, the board, the seat's legal actions and the game's commitment (``seeds.commitment``),
which is public from the first cut. It has no field for another seat's unshown cards, the crib's
hidden cards, the undealt deck or the seed, so a player given only a ``Sight`` cannot read them:
``cribbage.players`` decides every computer move from one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card
from .kinds import Phase
from .seeds import commitment
from .variants import STANDARD, Variant

if TYPE_CHECKING:
    from .expert.seat import SeatView
    from .game import Game


@dataclass(frozen=True)
class Sight:
    """What ``seat`` may know now."""

    seat: int
    variant: Variant
    phase: Phase
    dealer: int | None
    scores: tuple[int, ...]
    hand_number: int
    turn: int | None
    """In the play, the seat to lay a card or say go (else None)."""
    count_cards: tuple[Card, ...]
    starter: Card | None
    hand: tuple[Card, ...]
    """The seat's cards held now."""
    kept: tuple[Card, ...]
    """The seat's kept cards (empty before every seat has thrown)."""
    held: tuple[int, ...]
    """How many cards each seat holds: counts, never faces."""
    laid: tuple[Card, ...]
    """The cards the other seats have laid in this deal's play."""
    legal: tuple[Action, ...]
    """The seat's own legal actions (empty when it is not its move)."""
    commitment: str
    moves: int
    """How many events the game has had: a fresh random draw at every step, the same on reload."""
    expert: SeatView | None
    """The expert's view of the seat where it chooses (a throw or a card of the standard game, the only
    game the expert plays), else None."""

    @property
    def seats(self) -> int:
        """How many players there are."""
        return self.variant.players

    @classmethod
    def of(cls, game: Game, seat: int, legal: Sequence[Action] | None = None) -> Sight:
        """``seat``'s sight of ``game`` now; ``legal`` are its legal actions when the caller has them."""
        from .expert.seat import seat_view  # on first use: the expert's view needs its package

        chooses = game.variant is STANDARD and game.phase in ("discard", "play")  # the expert's only choices
        hands, kept = game.hands, game.kept  # each reading copies the game's lists: read them once
        laid = tuple(card for other in range(game.seats) if other != seat
                     for card in kept[other] if card not in hands[other])
        return cls(
            seat=seat, variant=game.variant, phase=game.phase, dealer=game.dealer, scores=game.scores,
            hand_number=game.hand_number, turn=game.turn if game.phase == "play" else None,
            count_cards=game.count_cards, starter=game.starter, hand=hands[seat], kept=kept[seat],
            held=tuple(len(hand) for hand in hands), laid=laid,
            legal=tuple(action for action in (game.legal_actions() if legal is None else legal)
                        if action.player == seat),
            commitment=commitment(game.seed), moves=len(game.events),
            expert=seat_view(game, seat) if chooses else None,
        )
