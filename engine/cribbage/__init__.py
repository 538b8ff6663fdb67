"""A small, exact cribbage engine: cards, the show, the play, a game, statistics, advice."""

from .advice import Throw, advise, crib_value
from .cards import DECK, Card, CardError, format_cards, parse_card, parse_cards
from .game import Action, Game, GameStateError, IllegalAction
from .play import PlayedCard, score_count, score_play_card
from .show import ScoreItem, ShowScore, score_show, show_total
from .stats import ShowStatistics, show_statistics

__version__ = "1.0.0"

__all__ = [
    "Action", "Card", "CardError", "DECK", "Game", "GameStateError", "IllegalAction",
    "PlayedCard", "ScoreItem", "ShowScore", "ShowStatistics", "Throw", "advise",
    "crib_value", "format_cards", "parse_card", "parse_cards", "score_count",
    "score_play_card", "score_show", "show_statistics", "show_total",
]
