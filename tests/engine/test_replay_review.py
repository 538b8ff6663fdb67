"""The replay's review beside each step: review.py on the seat's own decisions, from its view alone.

A finished game's record is replayed (``replay_steps``); each step where seat 0 decided carries
``review_decision`` of that decision as ``seat_decisions`` gives it, and the same review comes
out when the computer's unseen cards are swapped for others (``hide_differently``).
"""

from __future__ import annotations

from typing import Any

import pytest

from cribbage import Game
from cribbage.actions import Action
from cribbage.backend.replay import NO_REVIEW, had_choice, replay_steps
from cribbage.backend.review import review_decision
from cribbage.expert.seat import Decision, seat_decisions, seat_view
from cribbage.muggins import parse_claim
from cribbage.players import computer_player, play_game
from cribbage.records import write
from harness.games import hide_differently


def finished(seed: int, variant: str = "standard", by_hand: bool = False) -> Game:
    game = Game(seed=seed, variant=variant, count_by_hand=[by_hand, False] if variant == "standard" else None)
    players = [computer_player("normal", seat) for seat in range(game.seats)]
    if by_hand:
        players[0] = claiming_two(players[0])
    return play_game(game, players)


def claiming_two(inner: Any) -> Any:
    """A player that counts every hand of its own as two points (so most counts miss some)."""
    def choose(game: Game, actions: Any) -> Action:
        if actions[0].kind == "count":
            return Action("count", actions[0].player, (), claim=parse_claim({"total": 2}))
        return inner(game, actions)  # type: ignore[no-any-return]
    return choose


@pytest.fixture(scope="module")
def replayed() -> tuple[Game, dict[str, Any]]:
    game = finished(5, by_hand=True)
    return game, replay_steps(write(game))


def test_each_reviewed_step_is_the_seats_decision_reviewed(replayed):
    game, reply = replayed
    assert reply["review_note"] == ""
    wanted = [review_decision(d) for d in seat_decisions(game, 0) if had_choice(d)]
    got = [step["review"] for step in reply["steps"] if "review" in step]
    assert got == wanted
    assert {r["phase"] for r in got} == {"throw", "pegging", "counting"}
    plays = [d for d in seat_decisions(game, 0) if d.kind == "play"]
    assert len(wanted) < len(list(seat_decisions(game, 0)))  # a card laid with no choice of rank is not reviewed
    assert any(not had_choice(d) for d in plays)


def test_a_review_sits_on_the_step_of_its_move(replayed):
    _game, reply = replayed
    steps = reply["steps"]
    for number, step in enumerate(steps):
        review = step.get("review")
        if review is None:
            continue
        before, after = steps[number - 1], step
        if review["phase"] == "throw":  # the seat's four kept cards appear at this step
            assert sorted(after["seats"][0]["cards"]) == sorted(set(review["review"]["cards"])
                                                                - set(review["review"]["chosen"]["discard"]))
            assert len(before["seats"][0]["cards"]) == 6
        elif review["phase"] == "pegging":
            assert after["pile"][-1] == review["review"]["card"] if after["pile"] else True
            assert review["review"]["card"] in after["seats"][0]["laid"]
            assert review["review"]["card"] not in before["seats"][0]["laid"]


def test_the_review_does_not_change_with_the_computers_unseen_cards(replayed):
    game, reply = replayed
    by_index = {d.index: d for d in seat_decisions(game, 0) if had_choice(d)}
    shown = {s["review"]["index"]: s["review"] for s in reply["steps"] if "review" in s}
    checked = 0
    for index in sorted(by_index)[:12]:  # the first deals' throws and plays (each replay is costly)
        decision = by_index[index]
        if decision.kind == "count":
            continue
        replay = Game(seed=game.seed, count_by_hand=game.count_by_hand, muggins=game.muggins)
        moves = [e for e in game.events if e.kind in ("cut", "deal", "discard", "starter", "play", "go", "show")]
        for event in moves[:index]:
            replay.apply(_action(event))
        assert seat_view(replay, 0) == decision.view
        hide_differently(replay, 0, seed=index)
        other = Decision(decision.kind, index, seat_view(replay, 0), decision.cards)
        assert review_decision(other) == shown[index]
        checked += 1
    assert checked >= 4


def _action(event: Any) -> Action:
    from cribbage.expert.seat import _move

    return _move(event)


@pytest.mark.parametrize("variant", ["five-card", "three-player"])
def test_a_variant_record_has_no_review_and_says_why(variant):
    reply = replay_steps(write(finished(2, variant)))
    assert reply["review_note"] == NO_REVIEW
    assert not any("review" in step for step in reply["steps"])
    assert reply["seed"] and reply["variant"] == variant


def dealt_sixes(seed: int, level: str, deals: int = 2) -> list[tuple[list[str], str]]:
    """Seat 0's six cards and the starter in each of the first ``deals`` deals, seat 0 playing at
    ``level``; the moves made are in ``MOVES_MADE[level]``."""
    game = Game(seed=seed)
    players = [computer_player(level, 7), computer_player("normal", 1)]
    sixes: list[tuple[list[str], str]] = []
    while len(sixes) < deals:
        actions = game.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        if mine[0].kind == "discard" and mine[0].player == 0:
            six = [c.code for c in game.hands[0]]
        game.apply(players[mine[0].player](game, mine))
        if game.starter is not None and game.phase == "play" and len(sixes) == game.hand_number:
            sixes.append((six, game.starter.code))
    MOVES_MADE[level] = [e.to_json() for e in game.events]
    return sixes


MOVES_MADE: dict[str, list[Any]] = {}


def test_the_same_seed_deals_the_same_cards_whatever_the_moves():
    first, second = dealt_sixes(31, "strong"), dealt_sixes(31, "easy")
    assert first == second
    assert MOVES_MADE["strong"] != MOVES_MADE["easy"]  # other throws or plays: the same cards all the same
    assert first[0] != first[1]
    assert dealt_sixes(32, "strong") != first  # another seed, other cards
