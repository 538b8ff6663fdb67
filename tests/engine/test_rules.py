"""The rule numbers and the last-card rule, each defined once in cribbage.rules."""

import pytest

from cribbage import parse_cards, rules, score_count, score_show
from cribbage.game import GameResult
from cribbage.play import last_card_items, score_play_steps


def test_named_numbers_are_the_acc_ones():
    assert (rules.JACK, rules.FIFTEEN, rules.THIRTY_ONE) == (11, 15, 31)
    assert (rules.GAME_HOLE, rules.MAX_SHOW) == (121, 29)
    assert (rules.SKUNK_LINE, rules.DOUBLE_SKUNK_LINE) == (91, 61)
    assert (rules.LAST_CARD_POINTS, rules.THIRTY_ONE_POINTS) == (1, 2)


@pytest.mark.parametrize("count, points", [(31, 0), (30, 1), (15, 1), (1, 1)])
def test_last_card_takes_one_unless_it_makes_31(count, points):
    assert rules.last_card_points(count) == points


def test_last_card_items_follow_the_rule():
    assert [i.points for i in last_card_items(parse_cards("TH KS 6D 5C"))] == []  # 31
    assert [i.points for i in last_card_items(parse_cards("TH KS 6D 4C"))] == [1]
    assert last_card_items(()) == ()


def test_a_go_after_a_count_closed_at_31_is_refused():
    with pytest.raises(ValueError):
        score_play_steps(["TH", "KS", "6D", "5C", "go"])
    steps = score_play_steps(["TH", "KS", "6D", "4C", "go", "go"])  # both players say go
    assert [i.kind for i in steps[-1].items] == ["go"]


def test_jack_is_nobs_and_the_best_show_is_max_show():
    best = score_show("5H 5S 5C JD", "5D")
    assert best.total == rules.MAX_SHOW
    assert best.by_kind["nobs"] == rules.NOBS_POINTS
    assert [c.rank for c in best.hand if c.rank == rules.JACK]


def test_thirty_one_pays_its_points_in_the_count():
    last = score_count("TH KS 6D 5C")[-1]
    assert last.count == rules.THIRTY_ONE
    assert [(i.kind, i.points) for i in last.items] == [("thirty-one", rules.THIRTY_ONE_POINTS)]


def test_skunk_lines_decide_the_result():
    result = GameResult.of(0, (rules.GAME_HOLE, rules.SKUNK_LINE - 1))
    assert result.to_json()["skunk"] and not result.to_json()["double_skunk"]
    assert GameResult.of(0, (rules.GAME_HOLE, rules.DOUBLE_SKUNK_LINE - 1)).to_json()["double_skunk"]
    assert not GameResult.of(0, (rules.GAME_HOLE, rules.SKUNK_LINE)).to_json()["skunk"]


def test_as_json_carries_every_named_number():
    numbers = rules.as_json()
    for name in ("JACK", "FIFTEEN", "THIRTY_ONE", "GAME_HOLE", "MAX_SHOW", "SKUNK_LINE",
                 "DOUBLE_SKUNK_LINE", "LAST_CARD_POINTS", "THIRTY_ONE_POINTS"):
        assert numbers[name] == getattr(rules, name)


def test_a_game_of_61_is_once_around_with_the_skunk_at_halfway():
    assert rules.SHORT_GAME_HOLE == 61 and rules.SHORT_SKUNK_LINE == 31
    assert rules.SHORT_DOUBLE_SKUNK_LINE == 0  # no double skunk: no loser is below hole 0
    assert (rules.SHORT_GAME_HOLE - 1) * 2 == rules.GAME_HOLE - 1
    numbers = rules.as_json()
    for name in ("SHORT_GAME_HOLE", "SHORT_SKUNK_LINE", "SHORT_DOUBLE_SKUNK_LINE", "WIN_GAME_POINTS",
                 "SKUNK_GAME_POINTS", "SKUNK_GAMES", "DOUBLE_SKUNK_GAMES"):
        assert numbers[name] == getattr(rules, name)
    assert (rules.WIN_GAME_POINTS, rules.SKUNK_GAME_POINTS) == (2, 3)
