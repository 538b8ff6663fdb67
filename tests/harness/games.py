"""Engine-test helpers: random hands, a game placed at the play, a finished game's invariants."""

from __future__ import annotations

import random

from cribbage import DECK, Card, Game
from cribbage.events import GameOverEvent, ScoreEvent
from cribbage.rules import GAME_HOLE, THIRTY_ONE


def random_hand(rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    cards = rng.sample(DECK, 5)
    return tuple(cards[:4]), cards[4]


def game_at_play(dealer: int, pone_hand: str, dealer_hand: str, scores: tuple[int, int] = (0, 0)) -> Game:
    """A game at the start of the play with chosen hands (the crib 2C 3C 4C 6C, the starter 9H or,
    when a hand holds it, 9C: the play does not look at either)."""
    kept = [pone_hand, dealer_hand] if dealer == 1 else [dealer_hand, pone_hand]
    starter = "9H" if "9H" not in f"{pone_hand} {dealer_hand}".upper().split() else "9C"
    return Game.at_play(dealer, kept, crib="2C 3C 4C 6C", starter=starter, scores=scores, seed="set-up")


def check_invariants(game: Game) -> None:
    """A finished game: one winner at 121, every card once a hand, counts within 31, scores only rise."""
    assert game.phase == "game_over"
    winner = game.winner
    assert winner is not None
    assert game.scores[winner] == GAME_HOLE and game.scores[1 - winner] < GAME_HOLE
    last_scores = (0, 0)
    hand_cards: list[str] | None = None
    for event in (e.to_json() for e in game.events):
        kind = event["type"]
        if kind == "deal":
            if hand_cards is not None:
                assert len(hand_cards) == 8 and len(set(hand_cards)) == 8  # every card once
            hand_cards = []
        elif kind == "play":
            assert hand_cards is not None
            hand_cards.append(event["cards"][0])
            assert event["count"] <= THIRTY_ONE
        elif kind == "score":
            assert event["points"] > 0
            assert all(new >= old for new, old in zip(event["scores"], last_scores, strict=True))
            last_scores = tuple(event["scores"])
    assert isinstance(game.events[-1], GameOverEvent)
    assert last_scores == game.scores
    before_last = game.events[-2]
    assert isinstance(before_last, ScoreEvent) and before_last.scores[winner] == GAME_HOLE  # the score that ended it
