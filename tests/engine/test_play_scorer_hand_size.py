"""The play scorer knows how many cards a hand holds, and agrees with ``Game`` on random legal plays.

A player who has laid every card can lay no more in any variant: when every other player is out
of the count, the turn stays with them only to say go and take one for the last card. Each
random play below comes from a whole game played with random legal moves; the scorer is fed the
same cards and goes (plus the closing go that ``Game`` says by itself) and must peg what ``Game``
pegged, player by player. The ``reset`` lines name who really leads the next count.
"""

from __future__ import annotations

import random

import pytest

from cribbage.cards import DECK
from cribbage.errors import CardError
from cribbage.events import DealEvent, Event, GoEvent, PlayEvent, ResetEvent, ScoreEvent, ShowEvent, StarterEvent
from cribbage.game import Game
from cribbage.play import run_play
from cribbage.records import parse, replay, write
from cribbage.variants import VARIANT_NAMES
from cribbage.variants import variant as get_variant

FIFTH_CARDS = [
    ("standard", "KC KD 5C go 2C 3C AH", "pone", "four cards of a 4-card hand"),
    ("five-card", "KC KD 5C go 2C 4C", "pone", "three cards of a 3-card hand"),
    ("three-player", "5C KD KH 2C go go AC AD AH", "first", "four cards of a 4-card hand"),
    ("four-player", "5C KD KH go 2C go go AC AD AH", "first", "four cards of a 4-card hand"),
]


@pytest.mark.parametrize(("variant", "sequence", "player", "size"), FIFTH_CARDS)
def test_a_player_who_has_laid_every_card_can_lay_no_more(variant: str, sequence: str, player: str,
                                                           size: str) -> None:
    tokens = sequence.split()
    with pytest.raises(CardError) as refused:
        run_play(tokens, variant)
    message = str(refused.value)
    assert f"the {player} has laid all {size}" in message
    assert "say go" in message
    play = run_play([*tokens[:-1], "go"], variant)  # the go the message asks for ends the count
    last = play.steps[-1]
    assert last.card is None and last.closes_count and last.points == 1


def test_a_refusal_says_which_token_and_what_came_before_it() -> None:
    with pytest.raises(CardError) as refused:
        run_play(["KC", "QD", "JH", "10S"], explain=True)
    details = refused.value.details
    assert details["at"] == 3
    assert [step["card"] for step in details["steps"]] == ["KC", "QD", "JH"]  # type: ignore[index]
    assert details["count"] == 30


def _deal_plays(game: Game, events: list[Event]) -> list[tuple[int, list[Event]]]:
    """Each whole play of the game's events: (the dealer, its events from the starter to the show)."""
    plays, current, dealer = [], None, 0
    for event in events:
        if isinstance(event, DealEvent):
            dealer = event.player
        elif isinstance(event, StarterEvent):
            current = []
        elif current is not None:
            if isinstance(event, ShowEvent):
                plays.append((dealer, current))
                current = None
            else:
                current.append(event)
    return plays


def _random_game(variant: str, seed: int) -> tuple[Game, list[Event]]:
    game, chooser, events = Game(seed, variant=variant), random.Random(seed), []
    while game.outcome is None:
        events.extend(game.apply(chooser.choice(game.legal_actions())))
    return game, events


def _check_play(variant: str, dealer: int, events: list[Event], seats: int) -> None:
    """Feed one deal's play to the scorer as a player would type it; its pegs must be ``Game``'s."""
    seat_of = [(dealer + 1 + index) % seats for index in range(seats)]  # the scorer counts from the dealer's left
    tokens: list[str] = []
    pegged = [0] * seats
    for event in events:
        if isinstance(event, PlayEvent):
            tokens.append(event.card.code)
        elif isinstance(event, GoEvent):
            tokens.append("go")
        elif isinstance(event, ScoreEvent) and event.reason in ("play", "go"):
            pegged[event.player] += event.points
            if event.reason == "go" and not run_play(tokens, variant).over:
                tokens.append("go")  # the closing go Game says by itself
    play = run_play(tokens, variant)
    assert play.over, tokens
    scorer = [0] * seats
    for step in play.steps:
        scorer[seat_of[step.scorer]] += step.points
    assert scorer == pegged, tokens


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_scorer_accepts_random_legal_plays_and_pegs_what_the_game_pegs(variant: str) -> None:
    checked, seed = 0, 0
    while checked < 300:
        game, events = _random_game(variant, seed)
        for dealer, play_events in _deal_plays(game, events):
            _check_play(variant, dealer, play_events, game.seats)
            checked += 1
        seed += 1


def _random_play(variant: str, chooser: random.Random) -> tuple[int, list[Event], int]:
    """One play from random kept hands and a random starter, every card and go chosen at random
    among the legal moves: (the dealer, its events, the seats)."""
    rules_of = get_variant(variant)
    deck = list(DECK)
    chooser.shuffle(deck)
    size, seats = rules_of.hand_size, rules_of.players
    kept = [deck[seat * size:(seat + 1) * size] for seat in range(seats)]
    dealer = chooser.randrange(seats)
    game = Game.at_play(dealer, kept, starter=deck[seats * size], variant=variant)
    events: list[Event] = []
    while game.phase == "play":
        events.extend(game.apply(chooser.choice(game.legal_actions())))
    return dealer, events, seats


@pytest.mark.slow
@pytest.mark.parametrize("plays", [500, pytest.param(3000, marks=pytest.mark.exhaustive)])
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_scorer_accepts_random_legal_plays_from_random_hands(variant: str, plays: int) -> None:
    chooser = random.Random(f"plays/{variant}")
    for _ in range(plays):
        dealer, events, seats = _random_play(variant, chooser)
        _check_play(variant, dealer, events, seats)


@pytest.mark.parametrize("variant", [name for name in VARIANT_NAMES if name != "five-card"])
def test_every_reset_names_a_leader_who_holds_cards_or_nobody_when_the_play_is_over(variant: str) -> None:
    for seed in range(40):
        game = Game(seed, variant=variant)
        chooser = random.Random(seed)
        while game.outcome is None:
            for event in game.apply(chooser.choice(game.legal_actions())):
                if isinstance(event, ResetEvent):
                    if any(game.hands):
                        assert event.player is not None and game.hands[event.player], (seed, event)
                        assert game.legal_actions()[0].player == event.player  # the turn agrees
                    else:
                        assert event.player is None


def test_a_record_says_reset_nobody_after_the_plays_last_card_and_still_reads_an_older_line() -> None:
    game, chooser = Game(5), random.Random(5)
    while game.hand_number < 2 and game.outcome is None:
        game.apply(chooser.choice(game.legal_actions()))
    text = write(game)
    assert "reset nobody" in text
    replay(parse(text))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line == "reset nobody")
    last_card = next(line for line in reversed(lines[:at]) if line.startswith("play "))
    lines[at] = f"reset {(int(last_card.split()[1]) + 1) % 2}"  # how earlier records wrote it
    replay(parse("\n".join(lines)))
    lines[at] = f"reset {int(last_card.split()[1])}"  # any other seat is a changed line
    with pytest.raises(Exception, match="changed"):
        replay(parse("\n".join(lines)))
