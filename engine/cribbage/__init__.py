"""A small, exact cribbage engine: cards, the show, the play, a game, statistics, advice.

    >>> from cribbage import score_show
    >>> score_show("5H 5S 5C JD", "5D").total
    29

The names below are the library's public face; each lives in a module of its own
(``cribbage.cards``, ``cribbage.show``, ``cribbage.game`` ...). They are imported on first use
(PEP 562), so a program that needs only scoring (the browser worker) does not pay for loading
the game and statistics modules. Type checkers see the real imports.
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .advice import Throw, advise, crib_value
    from .cards import DECK, Card, format_cards, parse_card, parse_cards
    from .errors import CardError, CribbageError, GameStateError, IllegalAction, ParameterError
    from .game import Action, Game, GameResult
    from .play import PlayedCard, score_count, score_play_card
    from .players import computer_player
    from .show import ScoreItem, ShowScore, score_show, show_total
    from .stats import ShowStatistics, show_statistics

__version__ = "1.0.0"

_EXPORTS = {
    "CribbageError": "errors", "ParameterError": "errors",
    "Card": "cards", "CardError": "errors", "DECK": "cards", "format_cards": "cards",
    "parse_card": "cards", "parse_cards": "cards",
    "ScoreItem": "show", "ShowScore": "show", "score_show": "show", "show_total": "show",
    "PlayedCard": "play", "score_count": "play", "score_play_card": "play",
    "Action": "game", "Game": "game", "GameResult": "game", "GameStateError": "errors",
    "IllegalAction": "errors", "computer_player": "players",
    "ShowStatistics": "stats", "show_statistics": "stats",
    "Throw": "advice", "advise": "advice", "crib_value": "advice",
}

__all__ = [
    "DECK", "Action", "Card", "CardError", "CribbageError", "Game", "GameResult", "GameStateError",
    "IllegalAction", "ParameterError", "PlayedCard", "ScoreItem", "ShowScore", "ShowStatistics",
    "Throw", "advise", "computer_player", "crib_value", "format_cards", "parse_card", "parse_cards",
    "score_count", "score_play_card", "score_show", "show_statistics", "show_total",
]


def __getattr__(name: str) -> object:
    """Import an exported name from its module the first time it is asked for."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cribbage' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the exported ones included before they are imported."""
    return sorted(list(globals()) + __all__)
