"""One exception hierarchy: everything the engine raises on purpose is a ``CribbageError``.

Which error says what:

- ``CardError``: card input that cannot be what it claims (a token that is not a card, a card
  twice, the wrong number of cards, a count that would pass 31);
- ``ParameterError``: a parameter of the wrong type or outside its range (a level, a seed, a
  number typed as an answer, an option of the CLI or the worker API);
- ``IllegalAction``: an action the rules do not allow now; the game is left unchanged;
- ``GameStateError``: a game state that cannot serve the request: saved data that cannot be
  restored, or a question its phase cannot answer.

``cribbage.backend.api.call`` answers any of them as ``{"ok": false, "error": message}``. The
base subclasses ``ValueError``, so a caller that catches ``ValueError`` catches them all.
"""

from __future__ import annotations


class CribbageError(ValueError):
    """Base of every error the engine raises for input it cannot accept.

    ``details`` holds what a page needs to show where the input went wrong (for the play scorer,
    which token it refused and what the tokens before it scored); ``api.call`` adds it to its answer.
    """

    def __init__(self, message: str, details: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.details: dict[str, object] = details or {}


class CardError(CribbageError):
    """Card input the engine cannot accept; the message names the token and why."""


class ParameterError(CribbageError):
    """A parameter of the wrong type or outside its range (an API or CLI option, a level, a seed)."""


class IllegalAction(CribbageError):
    """An action that the rules do not allow now; the game is left unchanged."""


class GameStateError(CribbageError):
    """A game state that cannot be used: saved data that cannot be restored, or the wrong phase."""


def json_type(value: object) -> str:
    """The JSON name of a value's type, for messages: "a number", "text", "a list", "null"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
