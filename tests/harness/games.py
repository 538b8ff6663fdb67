"""Engine-test helpers: random hands, a game placed at the play, a finished game's invariants."""

from __future__ import annotations

import random

from cribbage import DECK, Card, Game, parse_card, parse_cards
from cribbage.expert.seat import seat_view
from cribbage.players import computer_player
from cribbage.rules import GAME_HOLE, THIRTY_ONE


def random_hand(rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    cards = rng.sample(DECK, 5)
    return tuple(cards[:4]), cards[4]


def game_at_play(dealer: int, pone_hand: str, dealer_hand: str, scores: tuple[int, int] = (0, 0)) -> Game:
    """A game placed at the start of the play with chosen hands (test set-up only)."""
    game = Game(seed="set-up")
    game.phase, game.dealer = "play", dealer
    game.hands[1 - dealer], game.hands[dealer] = list(parse_cards(pone_hand)), list(parse_cards(dealer_hand))
    game.kept = [list(h) for h in game.hands]
    game.crib = list(parse_cards("2C 3C 4C 6C"))
    game.starter = parse_card("9H")
    game.scores = list(scores)
    game.turn = 1 - dealer
    return game


def check_invariants(game: Game) -> None:
    """A finished game: one winner at 121, every card once a hand, counts within 31, scores only rise."""
    assert game.phase == "game_over"
    winner = game.winner
    assert winner is not None
    assert game.scores[winner] == GAME_HOLE and game.scores[1 - winner] < GAME_HOLE
    last_scores = [0, 0]
    hand_cards: list[str] | None = None
    for event in game.events:
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
            last_scores = event["scores"]
    assert game.events[-1]["type"] == "game_over"
    assert last_scores == game.scores
    assert game.events[-2]["scores"][winner] == GAME_HOLE  # the score that reached 121 ended it


def at_first_choice(seed: int | str, seat: int, kind: str) -> Game:
    """A seeded game (strong for both) stopped where ``seat`` first has a real choice of ``kind``."""
    game = Game(seed=seed)
    strong = computer_player("strong", 3)
    while True:
        actions = game.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        if mine[0].player == seat and mine[0].kind == kind and len(mine) > 1:
            return game
        game.apply(strong(game, mine))


def hide_differently(game: Game, seat: int, seed: int = 0) -> Game:
    """Give the opponent other unseen cards in place of its hidden ones (hand, throw, the deck)."""
    view = seat_view(game, seat)
    opponent = 1 - seat
    hidden = list(game.hands[opponent]) + [c for c in game.crib if c not in view.thrown]
    others = [c for c in view.unseen() if c not in hidden]
    swap = dict(zip(hidden, random.Random(seed).sample(others, len(hidden)), strict=True))
    swap.update({new: old for old, new in swap.items()})  # a swap both ways: still one deck
    for pile in (game.hands[opponent], game.kept[opponent], game.crib, game.deck):
        pile[:] = [swap.get(c, c) for c in pile]
    assert seat_view(game, seat) == view  # nothing the seat can see moved
    return game
