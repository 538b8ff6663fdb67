"""The expert's decision times over seeded games against strong (CPython and Pyodide alike).

``bench/bench_expert.py`` calls ``move_times`` on CPython with the process clock;
``bench/expert_pyodide.mjs`` loads this file into Pyodide and calls it there (standard library
and the engine only, so it runs in both).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cribbage import Game
from cribbage.expert.player import expert_player
from cribbage.players import computer_player, play_game


def move_times(games: int, clock: Callable[[], float] = time.process_time) -> list[float]:
    """Milliseconds by ``clock`` for each expert throw and each card it lays with a choice, vs strong."""
    samples: list[float] = []
    for seed in range(games):
        expert = expert_player(f"t{seed}")

        def timed(game: Game, actions: list[Any], expert: Any = expert) -> Any:
            if actions[0].kind not in ("discard", "play") or len(actions) == 1:
                return expert(game, actions)
            start = clock()
            action = expert(game, actions)
            samples.append((clock() - start) * 1000)
            return action

        strong = computer_player("strong", f"s{seed}")
        play_game(Game(seed=f"expert-times/{seed}"), (timed, strong) if seed % 2 else (strong, timed))
    return samples
