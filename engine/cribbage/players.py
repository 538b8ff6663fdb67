"""Computer players that choose among the game's legal actions."""

from __future__ import annotations

import random
from typing import Callable

from .game import Action, Game

Player = Callable[[Game, list[Action]], Action]


def random_player(seed: int | str) -> Player:
    """Picks any legal action at random: the baseline for simulations."""
    rng = random.Random(f"random-player/{seed}")

    def choose(game: Game, actions: list[Action]) -> Action:
        return rng.choice(actions)

    return choose


def play_game(game: Game, players: tuple[Player, Player], max_actions: int = 10_000) -> Game:
    """Drive a game to its end, each player choosing its own legal actions."""
    for _ in range(max_actions):
        actions = game.legal_actions()
        if not actions:
            return game
        player = actions[0].player
        game.apply(players[player](game, [a for a in actions if a.player == player]))
    raise RuntimeError("game did not finish")  # a bug in the state machine, not in play
