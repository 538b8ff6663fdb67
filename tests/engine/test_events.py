"""The typed events ``Game.apply`` returns: one frozen dataclass per kind, and their JSON forms."""

import dataclasses
import json
from typing import get_args

import pytest

from cribbage import Action, Game, parse_card, parse_cards, score_show
from cribbage.events import (
    CutEvent,
    DealerEvent,
    DealEvent,
    DiscardEvent,
    Event,
    EventKind,
    GameOverEvent,
    GameResult,
    GoEvent,
    PlayEvent,
    RecutEvent,
    ResetEvent,
    ScoreEvent,
    ShowEvent,
    StarterEvent,
)
from cribbage.muggins import Claim, judge
from cribbage.players import computer_action
from cribbage.show import ScoreItem

FIVE_H, JACK_D = parse_card("5H"), parse_card("JD")
FIFTEEN = ScoreItem("fifteen", (FIVE_H, JACK_D), 2)


@pytest.mark.parametrize(("event", "expected"), [
    (CutEvent(0, FIVE_H), {"type": "cut", "player": 0, "cards": ["5H"]}),
    (RecutEvent(), {"type": "recut", "player": None, "note": "equal ranks: both players cut again"}),
    (DealerEvent(1), {"type": "dealer", "player": 1, "note": "lower card deals"}),
    (DealEvent(1, 3), {"type": "deal", "player": 1, "hand": 3}),
    (DiscardEvent(0, (FIVE_H, JACK_D)), {"type": "discard", "player": 0, "cards": ["5H", "JD"]}),
    (StarterEvent(0, JACK_D), {"type": "starter", "player": 0, "cards": ["JD"]}),
    (PlayEvent(1, JACK_D, 15), {"type": "play", "player": 1, "cards": ["JD"], "count": 15}),
    (GoEvent(0, 27), {"type": "go", "player": 0, "count": 27}),
    (ResetEvent(1), {"type": "reset", "player": 1, "note": "the count starts again from zero"}),
    (ScoreEvent(1, "play", 2, (FIFTEEN,), (0, 2)),
     {"type": "score", "player": 1, "reason": "play", "points": 2,
      "items": [{"kind": "fifteen", "cards": ["5H", "JD"], "points": 2}], "scores": [0, 2]}),
    (GameOverEvent(0, GameResult.of(0, (121, 60))),
     {"type": "game_over", "player": 0,
      "result": {"winner": 0, "scores": [121, 60], "skunk": True, "double_skunk": True}}),
])
def test_each_event_kind_gives_its_json_form(event, expected):
    assert event.to_json() == expected
    assert event.kind == expected["type"]
    json.dumps(event.to_json())  # JSON-ready: nothing but dicts, lists, text, numbers and null


def test_a_show_event_carries_its_breakdown_and_a_verdict_only_for_a_count_by_hand():
    breakdown = score_show("5H 5S 5C JD", "5D")
    plain = ShowEvent(0, "pone", breakdown).to_json()
    assert plain == {"type": "show", "player": 0, "part": "pone", "breakdown": breakdown.to_json()}
    verdict = judge(breakdown.items, Claim(total=28))
    by_hand = ShowEvent(0, "pone", breakdown, verdict).to_json()
    assert by_hand["verdict"] == verdict.to_json() and by_hand["verdict"]["claim"] == {"total": 28}


def test_events_are_frozen():
    event = PlayEvent(0, FIVE_H, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.count = 6  # type: ignore[misc]


@pytest.mark.parametrize(("loser", "skunk", "double"), [(91, False, False), (90, True, False), (60, True, True)])
def test_game_result_follows_from_the_scores(loser, skunk, double):
    result = GameResult.of(1, (loser, 121))
    assert (result.winner, result.scores, result.skunk, result.double_skunk) == (1, (loser, 121), skunk, double)


def _finished_games():
    for seed in (3, 8):
        game = Game(seed=seed)
        returned: list[Event] = []
        while game.phase != "game_over":
            returned.extend(game.apply(computer_action(game, "normal")))
        yield game, returned


def test_apply_returns_the_events_it_added_and_every_kind_occurs():
    kinds = set()
    for game, returned in _finished_games():
        assert tuple(returned) == game.events  # what apply returned, in order, is the whole history
        kinds |= {type(event) for event in returned}
        assert all(isinstance(event, get_args(Event)) for event in returned)
    assert kinds >= set(get_args(Event)) - {RecutEvent}  # a recut needs equal cuts: seeded below
    assert {cls.kind for cls in get_args(Event)} == set(get_args(EventKind))  # one class per kind


def test_a_recut_is_an_event_of_its_own():
    for seed in range(200):
        game = Game(seed=seed)
        events = game.apply(Action("cut", 0)) + game.apply(Action("cut", 1))
        if any(isinstance(e, RecutEvent) for e in events):
            assert [type(e) for e in events] == [CutEvent, CutEvent, RecutEvent]
            assert game.phase == "cut_for_deal" and game.dealer is None
            return
    pytest.fail("no seed in 200 cut equal ranks")


def test_a_restored_game_has_equal_typed_events_and_the_saved_json():
    for game, _ in _finished_games():
        saved = game.to_json()
        assert saved["events"] == [event.to_json() for event in game.events]
        restored = Game.from_json(json.loads(json.dumps(saved)))
        assert restored.events == game.events


def test_score_events_name_the_cards_and_the_scores_after_them():
    game = Game.at_play(0, ["5H 5S 5C JD", "TC TD KH KS"], crib="AC 2C 3C 4C", starter="9H", seed="events")
    events = game.apply(Action("play", 1, parse_cards("TC")))
    assert events == [PlayEvent(1, parse_card("TC"), 10)]
    events = game.apply(Action("play", 0, parse_cards("5H")))
    assert [type(e) for e in events] == [PlayEvent, ScoreEvent]
    score = events[1]
    assert isinstance(score, ScoreEvent)
    assert (score.player, score.reason, score.points, score.scores) == (0, "play", 2, (2, 0))
    assert [(i.kind, [c.code for c in i.cards]) for i in score.items] == [("fifteen", ["TC", "5H"])]
