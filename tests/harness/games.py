"""Engine-test helpers: random hands, a game placed at the play, a finished game's invariants."""

from __future__ import annotations

import random
from dataclasses import replace

from cribbage import DECK, Card, Game
from cribbage.events import DiscardEvent, GameOverEvent, ScoreEvent
from cribbage.expert.seat import seat_view
from cribbage.players import computer_player
from cribbage.rules import GAME_HOLE, THIRTY_ONE


def random_hand(rng: random.Random) -> tuple[tuple[Card, ...], Card]:
    cards = rng.sample(DECK, 5)
    return tuple(cards[:4]), cards[4]


def game_at_play(dealer: int, pone_hand: str, dealer_hand: str, scores: tuple[int, int] = (0, 0)) -> Game:
    """A game at the start of the play with chosen hands (the crib 2C 3C 4C 6C, or low diamonds in
    place of any a hand holds, the starter 9H or, when a hand holds it, 9C: the play looks at neither)."""
    kept = [pone_hand, dealer_hand] if dealer == 1 else [dealer_hand, pone_hand]
    used = f"{pone_hand} {dealer_hand}".upper().split()
    starter = "9H" if "9H" not in used else "9C"
    crib = [code for code in ("2C", "3C", "4C", "6C", "2D", "3D", "4D", "6D") if code not in used][:4]
    return Game.at_play(dealer, kept, crib=" ".join(crib), starter=starter, scores=scores, seed="set-up")


def game_on_a_king() -> Game:
    """The pone (seat 1, TC 5D 6H 2S) to lay on the king the dealer (seat 0) led, holding AC 3C 4C."""
    return Game.at_play(0, ["AC 3C 4C KH", "TC 5D 6H 2S"], held=["AC 3C 4C", "TC 5D 6H 2S"], count="KH",
                        starter="9H", crib="2D 3D 4D 6D")


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
    """Give the opponent other unseen cards in place of its hidden ones (hand, throw, the deck), in place.

    A ``Game`` is read-only from outside, and its factories (``Game.at_play``, ``Game.at_show``)
    set up a position without a history, so a game rebuilt with them would lose what the seat saw
    (its throw, the play so far) and could not stand in the discard. So this test helper alone
    rewrites the game's private state: it must change exactly what the seat cannot see, and the
    closing assertion checks that it did not touch anything else.
    """
    view = seat_view(game, seat)
    opponent = 1 - seat
    hidden = list(game.hands[opponent]) + [c for c in game.crib if c not in view.thrown]
    others = [c for c in view.unseen() if c not in hidden]
    swap = dict(zip(hidden, random.Random(seed).sample(others, len(hidden)), strict=True))
    swap.update({new: old for old, new in swap.items()})  # a swap both ways: still one deck
    state = game._state  # the test harness only: see the docstring
    for pile in (state.hands[opponent], state.kept[opponent], state.crib, state.deck):
        pile[:] = [swap.get(c, c) for c in pile]
    state.events = [  # the opponent's throw as recorded, so the history agrees with the crib
        replace(e, cards=tuple(swap.get(c, c) for c in e.cards)) if isinstance(e, DiscardEvent)
        and e.player == opponent else e for e in state.events]
    assert seat_view(game, seat) == view  # nothing the seat can see moved
    return game


def with_held(game: Game, seat: int, cards: list[Card]) -> Game:
    """The same play with ``seat`` holding ``cards`` in place of its cards now (as many), set up afresh.

    The cards swap places with those they replace wherever else they were (the crib, the other
    seat's kept cards stay as they are). A game set up at a position has no history, so a go said in
    the count in progress is forgotten: the rules then ask for it again, which scores the same.
    """
    assert game.phase == "play" and game.dealer is not None and game.starter is not None
    swap = dict(zip(game.hands[seat], cards, strict=True))
    swap.update({new: old for old, new in swap.items() if new not in swap})

    def swapped(pile: tuple[Card, ...]) -> list[Card]:
        return [swap.get(c, c) for c in pile]

    kept = [swapped(game.kept[s]) if s == seat else list(game.kept[s]) for s in range(game.seats)]
    held = [swapped(game.hands[s]) if s == seat else list(game.hands[s]) for s in range(game.seats)]
    return Game.at_play(game.dealer, kept, held=held, count=game.count_cards, turn=game.turn,
                        starter=game.starter, crib=swapped(game.crib), scores=game.scores, seed=game.seed)
