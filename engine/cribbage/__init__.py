"""A small, exact cribbage engine: cards, the show, the play, a game, statistics, advice.

Names are imported on first use (PEP 562), so a program that needs only scoring
(the browser worker) does not pay for loading the game and statistics modules.
"""

from importlib import import_module

__version__ = "1.0.0"

_EXPORTS = {
    "CribbageError": "errors", "ParameterError": "errors",
    "Card": "cards", "CardError": "errors", "DECK": "cards", "format_cards": "cards",
    "parse_card": "cards", "parse_cards": "cards",
    "ScoreItem": "show", "ShowScore": "show", "score_show": "show", "show_total": "show",
    "PlayedCard": "play", "score_count": "play", "score_play_card": "play",
    "Action": "game", "Game": "game", "GameStateError": "errors", "IllegalAction": "errors",
    "ShowStatistics": "stats", "show_statistics": "stats",
    "Throw": "advice", "advise": "advice", "crib_value": "advice",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cribbage' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + __all__)
