"""The games this process wrote lately, so the table's round trip restores without a replay.

``Game.from_json`` replays a saved game's moves, which grows with the game (tens of milliseconds
late in one). The table page sends back the state it was just given, so the table keeps the last
few games it saved, keyed by their exact JSON text: a state that matches one is the engine's own,
as trustworthy as a replayed one. Anything else is replayed.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Final

from ..game import Game


class KnownGames:
    """The last few games saved by ``save``, by their exact JSON text (the one replay cache)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._games: OrderedDict[str, Game] = OrderedDict()

    def save(self, game: Game) -> dict[str, Any]:
        """``game.to_json()``, remembering a private copy of the game under that text."""
        data = game.to_json()
        key = _key(data)
        if key is not None:
            self._games[key] = game.copy()
            self._games.move_to_end(key)
            while len(self._games) > self.size:
                self._games.popitem(last=False)
        return data

    def open(self, data: object) -> Game:
        """A copy of the game saved as exactly ``data`` lately, or ``Game.from_json(data)``."""
        key = _key(data) if isinstance(data, dict) else None
        known = self._games.get(key) if key is not None else None
        return known.copy() if known is not None else Game.from_json(data)

    def clear(self) -> None:
        """Forget them all (a benchmark timing the replay, a test that wants one)."""
        self._games.clear()


def _key(data: dict[str, Any]) -> str | None:
    try:
        return json.dumps(data, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None


KNOWN_GAMES: Final = KnownGames(size=8)
"""The games the table wrote lately (``_private`` saves through it, ``_open`` opens through it)."""


def forget_known_games() -> None:
    """Forget the games saved lately, so the next ``KNOWN_GAMES.open`` replays its moves."""
    KNOWN_GAMES.clear()
