"""The table's suggestions: a throw or a card for a person, from what that person's seat can see.

The throw is the advisor's ranking (fifteen from six). The card is the expert's in the standard
game, from the seat's view (``cribbage.expert.seat.seat_view``), and in a variant the strong
level's, which reads only the cards laid; neither looks at the other seats' hidden cards. The
expert's random draws (the holdings it samples) are seeded from the position alone, never from
the game's seed, so the suggestion follows from what the seat knows.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import GameStateError
from ..game import Action, Game
from ..variants import STANDARD
from ..words import number_word
from .log import HUMAN

JSON = dict[str, Any]


def suggest_throw(game: Game, seat: int = HUMAN) -> list[JSON]:
    """The advisor's ranking of the throws of the seat's dealt cards, best first."""
    from ..advice import advise_variant

    rules_of = game.variant
    if game.phase != "discard" or len(game.hands[seat]) != rules_of.dealt:
        raise GameStateError(f"a throw can be suggested while you hold {number_word(rules_of.dealt)} cards")
    crib_mine = game.dealer is not None and rules_of.side_of(game.dealer) == rules_of.side_of(seat)
    return [t.to_json() for t in advise_variant(game.hands[seat], rules_of, crib_mine)]


def card_choices(game: Game, seat: int = HUMAN) -> list[Action]:
    """The cards the seat may lay now (none when it is not its turn in the play)."""
    return [a for a in game.legal_actions() if a.player == seat and a.kind == "play"]


def card_reason(game: Game, code: str) -> str | None:
    """What the card scores as it is laid, in words ("it makes fifteen for 2"), or None if nothing."""
    from ..cards import parse_card
    from ..play import score_play_card
    from .vocabulary import KIND_WORDS

    items = score_play_card(game.count_cards, parse_card(code))
    if not items:
        return None
    what = " and ".join(KIND_WORDS[item.kind].phrase for item in items if item.kind in KIND_WORDS)
    return f"it makes {what} for {sum(item.points for item in items)}"


def suggest_card(game: Game, seat: int = HUMAN) -> str:
    """The code of the card the seat should lay now; only when it has more than one that fits."""
    choices = card_choices(game, seat)
    if len(choices) < 2:
        raise GameStateError("a card can be suggested in the play, on your turn, when more than one of yours fits")
    if game.variant is not STANDARD:
        from ..players import computer_player

        return computer_player("strong")(game, choices).cards[0].code
    from ..expert.player import expert_card
    from ..expert.seat import seat_view

    rng = random.Random(f"hint/{game.hand_number}/{len(game.events)}")
    return expert_card(seat_view(game, seat), rng).code
