"""The expert computer player.

It decides from a ``SeatView`` alone (``seat_view`` reads it from the game):

* **the throw**: each of the fifteen throws is worth the kept hand's exact average over the 46
  starters, plus or minus the crib valued exactly for this deal (``cribbage.analysis``), plus the
  kept hand's pegging value (``throws.pegging_value``: our pegging points less the opponent's, by
  kept ranks and seat, from a table built by simulation);
* **the play**: each card it may lay is valued by searching the rest of the play over the
  holdings the opponent may still have (``cribbage.expert.pegging``), each weighted by how likely
  it is that the opponent kept it: a keep with more points in it is the likelier
  (``pegging.infer_from_keep``);
* **the board**: when the end of the game is near, both choices maximise the chance of winning
  (``cribbage.expert.winprob``) instead of average points.

``Strategy`` switches each part off for the benchmark's ablation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import Card
from .pegging import SAMPLES, Holding, card_values, choose_holdings, infer_from_keep
from .seat import SeatView, seat_view
from .throws import best_throw
from .winprob import near_end, pegging_leaf

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True)
class Strategy:
    """Which parts of the expert's strategy are on (all, by default)."""

    pegging_throw: bool = True  # the kept hand's pegging value counts in the throw
    search: bool = True  # pegging searches the rest of the play (else strong's one-card look)
    board: bool = True  # near the end, maximise the chance of winning
    samples: int = SAMPLES  # opponent holdings sampled when there are too many to enumerate
    infer: float = 0.3  # how strongly the opponent's holdings lean to a keep with points in it (0: not at all)


EXPERT = Strategy()


def expert_throw(view: SeatView, strategy: Strategy = EXPERT) -> tuple[Card, Card]:
    """The two cards to throw from the six in ``view.held``."""
    return best_throw(view, pegging=strategy.pegging_throw, board=strategy.board)


def expert_card(view: SeatView, rng: random.Random, strategy: Strategy = EXPERT) -> Card:
    """The card to lay now (``view.turn`` is the seat's and it holds a card that fits)."""
    playable = [c for c in view.held if view.count + c.value <= 31]
    if len(playable) == 1:
        return playable[0]
    if not strategy.search:
        return _one_look(view, playable)
    weighted: Sequence[tuple[Holding, float]] = choose_holdings(view, rng, samples=strategy.samples)
    if strategy.infer:
        weighted = infer_from_keep(view, weighted, strategy.infer)
    leaf = pegging_leaf(view, weighted) if strategy.board and near_end(view) else None
    need = (view.hole - view.my_score, view.hole - view.their_score)
    values = card_values(view, weighted, leaf, need)
    rank = max(values, key=lambda r: (values[r], r))
    return max((c for c in playable if c.rank == rank), key=lambda c: c.suit)


def _one_look(view: SeatView, playable: list[Card]) -> Card:
    """Strong's pegging: points now less the reply the opponent can expect (for the ablation)."""
    from ..play import score_play_card

    unseen = view.unseen()

    def value(card: Card) -> float:
        points = sum(i.points for i in score_play_card(view.current, card))
        after = view.current + (card,)
        count = view.count + card.value
        if count == 31:
            return points + 0.5
        replies = [sum(i.points for i in score_play_card(after, c)) for c in unseen if count + c.value <= 31]
        expected = sum(replies) / len(unseen) * view.opponent_held if unseen else 0.0
        return points - 0.8 * expected - 0.02 * card.value

    return max(playable, key=value)


def expert_player(seed: int | str = 0, strategy: Strategy = EXPERT) -> Callable[[Game, list[Action]], Action]:
    """A ``cribbage.players.Player``: ``(game, legal actions) -> action``, from the seat's view only."""

    def choose(game: Game, actions: list[Action]) -> Action:
        return expert_choice(seat_view(game, actions[0].player), actions, f"expert/{seed}/{len(game.events)}",
                             strategy)

    return choose


def expert_choice(view: SeatView, actions: Sequence[Action], rng_key: str, strategy: Strategy = EXPERT) -> Action:
    """One of ``actions`` (all the seat's) chosen from ``view`` alone; ``rng_key`` draws the play's samples."""
    first = actions[0]
    if first.kind not in ("discard", "play"):
        return first  # one choice only: cut, deal, starter, go, count
    if first.kind == "discard":
        return Action("discard", first.player, expert_throw(view, strategy))
    return Action("play", first.player, (expert_card(view, random.Random(rng_key), strategy),))
