"""Computer players that choose among the game's legal actions.

Levels: ``easy`` plays any legal action at random; ``normal`` keeps the four cards with the
best average hand and pegs greedily for the most points now; ``strong`` throws by full
expected value (hand plus or minus the crib, from the advisor) and pegs by points now minus
what the opponent can expect to score in reply (so it avoids leaving 5, 21 and easy pairs);
``expert`` (``cribbage.expert``) throws with the kept cards' pegging in view, searches the rest
of the play over the opponent's possible cards and plays for the win near the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final

from . import rules
from .advice import advise_variant
from .cards import DECK, Card
from .errors import ParameterError
from .game import Action, Game
from .kinds import COMPUTER_LEVELS, ComputerLevel
from .play import can_play, count_of, score_play_card
from .seeds import Seed
from .sight import Sight
from .variants import STANDARD

Player = Callable[[Game, list[Action]], Action]
"""A player: given the game and the actions it may take now (all its own), it chooses one."""

LEVELS: Final = COMPUTER_LEVELS
"""The computer's levels, weakest first: ``easy``, ``normal``, ``strong``, ``expert``."""


def random_player(seed: Seed) -> Player:
    """Picks any legal action at random: the baseline for simulations."""
    rng = random.Random(f"random-player/{seed}")

    def choose(game: Game, actions: list[Action]) -> Action:
        return rng.choice(actions)

    return choose


SightPlayer = Callable[[Sight, list[Action]], Action]
"""A player that sees one seat's sight of the game (``cribbage.sight``), never the game itself."""


def computer_player(level: ComputerLevel | str, seed: Seed = 0) -> Player:
    """A computer player of the given level (``LEVELS``); ``seed`` draws its random choices.

    It decides from the acting seat's ``Sight`` alone. An unknown level raises ``ParameterError``.
    """
    chooser = sight_player(level, seed)
    if level == "easy":
        return random_player(seed)  # the same draws, and it reads nothing of the game: no sight to make

    def choose(game: Game, actions: list[Action]) -> Action:
        return chooser(Sight.of(game, actions[0].player, actions), actions)

    return choose


def sight_player(level: ComputerLevel | str, seed: Seed = 0) -> SightPlayer:
    """The computer player of ``level`` over a seat's sight; an unknown level raises ``ParameterError``."""
    if level not in LEVELS:
        raise ParameterError(f"unknown level {level!r} (use {', '.join(LEVELS)})")
    if level == "easy":
        rng = random.Random(f"random-player/{seed}")
        return lambda sight, actions: rng.choice(actions)
    if level == "expert":  # its own package: the search, the tables, the board (cribbage.expert); standard only
        return _expert(seed)
    strong = level == "strong"

    def choose(sight: Sight, actions: list[Action]) -> Action:
        kind = actions[0].kind
        if kind == "discard":
            return _discard(sight, strong)
        if kind == "play":
            return max(actions, key=lambda a: _play_value(sight, a, strong))
        return actions[0]  # one choice only: cut, deal, starter, go, count

    return choose


def _expert(seed: Seed) -> SightPlayer:
    """The expert's search and tables are the two-handed six-card game's: it plays nothing else."""
    from .expert.player import expert_choice

    def choose(sight: Sight, actions: list[Action]) -> Action:
        if sight.variant is not STANDARD:
            raise ParameterError(f"the expert level plays only the standard game, not {sight.variant.name} "
                                 "(use easy, normal or strong)")
        if sight.expert is None:
            return actions[0]  # one choice only: cut, deal, starter, go, count
        return expert_choice(sight.expert, actions, f"expert/{seed}/{sight.moves}")

    return choose


def _discard(sight: Sight, strong: bool) -> Action:
    variant = sight.variant
    crib_mine = sight.dealer is not None and variant.side_of(sight.dealer) == variant.side_of(sight.seat)
    throws = advise_variant(sight.hand, variant, crib_mine)
    best = throws[0] if strong else max(throws, key=lambda t: t.hand_value)
    return Action("discard", sight.seat, best.discard)


def _play_value(sight: Sight, action: Action, strong: bool) -> float:
    card = action.cards[0]
    laid = tuple(c.rank for c in sight.count_cards)
    points = _play_points(laid, card.rank)
    if not strong:
        return points - card.rank / 100  # ties: keep the high cards for later
    after = (*sight.count_cards, card)
    count = count_of(after)
    if count == rules.THIRTY_ONE:
        return points + 0.5  # the count restarts and the opponent leads: no reply to fear
    unseen = _unseen(sight)
    opponent_cards = sight.held[(sight.seat + 1) % sight.seats]  # the next to lay is an opponent
    # the pegging points depend on the ranks alone: each unseen rank is scored once, times its cards
    playable = Counter(c.rank for c in unseen if can_play(c, count))
    replies = sum(ways * _play_points((*laid, card.rank), rank) for rank, ways in playable.items())
    expected_reply = replies / len(unseen) * opponent_cards if unseen else 0.0
    keep_low = 0.02 * card.value  # a low card left in hand helps later counts
    return points - 0.8 * expected_reply - keep_low


@lru_cache(maxsize=1 << 16)
def _play_points(laid: tuple[int, ...], rank: int) -> int:
    """Points for laying a card of ``rank`` onto cards of the ranks ``laid`` (suits never peg)."""
    cards = [Card.of(r, seen) for seen, r in _numbered(laid)]
    return sum(i.points for i in score_play_card(cards, Card.of(rank, laid.count(rank))))


def _numbered(ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """Each rank with how many of it came before (a suit for it, so no card repeats)."""
    return [(ranks[:i].count(r), r) for i, r in enumerate(ranks)]


def _unseen(sight: Sight) -> list[Card]:
    """Cards this seat cannot see: not in its own kept cards, not laid, not the starter."""
    known = set(sight.kept) | set(sight.laid) | {sight.starter}
    return [c for c in DECK if c not in known]


def computer_action(game: Game, level: ComputerLevel | str) -> Action:
    """The computer's next action for the seat to act, from that seat's sight alone (``decide``)."""
    return decide(Sight.of(game, game.legal_actions()[0].player), level)


def decide(sight: Sight, level: ComputerLevel | str) -> Action:
    """The computer's move for ``sight.seat``, from its sight alone: the same sight, the same move.

    Its random draws are keyed by the game's commitment and its number of events (public both),
    so a saved game replays; never by the seed, which would tell it every card.
    """
    return sight_player(level, f"{sight.commitment}/{sight.moves}")(sight, list(sight.legal))


def play_game(game: Game, players: Sequence[Player], max_actions: int = 10_000) -> Game:
    """Drive a game to its end, each player choosing its own legal actions."""
    for _ in range(max_actions):
        actions = game.legal_actions()
        if not actions:
            return game
        player = actions[0].player
        game.apply(players[player](game, [a for a in actions if a.player == player]))
    raise RuntimeError("game did not finish")  # a bug in the state machine, not in play


def match(level_a: ComputerLevel | str, level_b: ComputerLevel | str, games: int, first_seed: int = 0
          ) -> dict[str, Any]:
    """Seeded games between two levels; sides alternate so neither always cuts first."""
    wins = [0, 0]
    skunks = [0, 0]
    for i in range(games):
        seed = first_seed + i
        a_side = i % 2
        a, b = computer_player(level_a, f"a{seed}"), computer_player(level_b, f"b{seed}")
        game = play_game(Game(seed=f"match/{seed}"), (a, b) if a_side == 0 else (b, a))
        outcome = game.outcome
        assert outcome is not None  # play_game plays to the end
        winner = 0 if outcome.winner == a_side else 1
        wins[winner] += 1
        skunks[winner] += outcome.skunk
    return {"games": games, "wins": wins, "share": wins[0] / games, "skunks": skunks}
