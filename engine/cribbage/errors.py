"""One exception hierarchy: everything the engine raises on purpose is a ``CribbageError``.

``api.call`` catches this base (and any other bad input) and answers ``{"ok": false}``.
The base subclasses ``ValueError`` so older callers that catch ``ValueError`` keep working.
"""

from __future__ import annotations


class CribbageError(ValueError):
    """Base of every error the engine raises for input it cannot accept."""


class CardError(CribbageError):
    """Card input the engine cannot accept; the message names the token and why."""


class ParameterError(CribbageError):
    """An API or CLI parameter of the wrong type or outside its range."""


class IllegalAction(CribbageError):
    """An action that the rules do not allow now; the game is left unchanged."""


class GameStateError(CribbageError):
    """Saved game data that cannot be restored."""
