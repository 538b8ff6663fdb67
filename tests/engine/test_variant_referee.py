"""Every variant refereed: seeded games replayed by a second implementation that knows no engine.

``harness.referee`` is written from the rule books, imports nothing of ``cribbage`` and checks
every event of each game's log: turns, goes, last cards, scores, resets, the show and the ending.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cribbage import Game
from cribbage.players import computer_player
from cribbage.variants import VARIANT_NAMES
from harness.referee import Mismatch, referee

GAMES = 300
CHUNK = 100  # games per test: each chunk reaches every corner below on its own
LEVELS = ("easy", "normal", "strong")


def played(variant: str, number: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A seeded game between computer players of mixed levels: the cards of each deal, and the log."""
    game = Game(seed=f"referee/{variant}/{number}", variant=variant)
    seats = game.seats
    # mostly random play (every odd corner of the rules), one game in three with the thinking levels
    levels = [LEVELS[(number + seat) % 3] if number % 3 == 0 else "easy" for seat in range(seats)]
    players = [computer_player(level, f"{number}/{seat}") for seat, level in enumerate(levels)]
    deals = []
    while actions := game.legal_actions():
        seat = actions[0].player
        action = players[seat](game, [a for a in actions if a.player == seat])
        game.apply(action)
        if action.kind == "deal":
            deals.append({"hands": [[c.code for c in hand] for hand in game.hands],
                          "crib": [c.code for c in game.crib]})
    return deals, game.to_json()["events"]


# The first chunk of each variant runs in make test (400 games), all three in make test-all.
CHUNKS = [pytest.param(first, id=f"games {first}-{first + CHUNK - 1}", marks=pytest.mark.exhaustive if first else ())
          for first in range(0, GAMES, CHUNK)]


@pytest.mark.slow
@pytest.mark.parametrize("first", CHUNKS)
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_referee_agrees_with_every_event_of_300_games(variant: str, first: int) -> None:
    # in chunks, so that the test processes share the 300 games of a variant
    _referee_games(variant, range(first, first + CHUNK))


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_referee_agrees_with_a_few_games(variant: str) -> None:
    _referee_games(variant, range(12))


def _referee_games(variant: str, numbers: range) -> None:
    games = len(numbers)
    endings = {"skunk": 0, "mid_play": 0, "goes": 0, "last_cards": 0}
    for number in numbers:
        deals, events = played(variant, number)
        referee(variant, deals, events)
        over = events[-1]["result"]
        endings["skunk"] += over["skunk"]
        endings["mid_play"] += any(e["type"] == "score" and e["reason"] in ("play", "go") for e in events[-2:])
        endings["goes"] += sum(e["type"] == "go" for e in events)
        endings["last_cards"] += sum(e["type"] == "score" and e["reason"] == "go" for e in events)
    # the games reach the corners the referee is there to check
    assert endings["goes"] > games and endings["last_cards"] > games
    assert endings["mid_play"] > 0


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_the_referee_refuses_a_log_with_one_thing_changed(variant: str) -> None:
    deals, events = played(variant, 1)
    referee(variant, deals, events)
    for change in ("points", "go", "leader", "show"):
        tampered = copy.deepcopy(events)
        _tamper(tampered, change)
        with pytest.raises(Mismatch):
            referee(variant, deals, tampered)


def _tamper(events: list[dict[str, Any]], change: str) -> None:
    if change == "points":  # a last card credited to the wrong player
        event = next(e for e in events if e["type"] == "score" and e["reason"] == "go")
        event["player"] = (event["player"] + 1) % 4 if event["player"] < 3 else 0
    elif change == "go":  # a go said with a card that fits
        index = next(i for i, e in enumerate(events) if e["type"] == "play" and e["count"] < 20)
        events[index] = {"type": "go", "player": events[index]["player"], "count": events[index]["count"]}
    elif change == "leader":  # the next count led by the wrong player (five-card has no second count:
        # there, three for last pegged by the dealer instead)
        event = next(e for e in events if e["type"] == "reset" or e.get("reason") == "bonus")
        event["player"] = event["player"] ^ 1
    else:
        event = next(e for e in events if e["type"] == "show" and e["breakdown"]["total"])
        event["breakdown"]["total"] += 1
