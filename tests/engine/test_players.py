"""Computer players: legal, deterministic, and as strong as their level says."""

import json

import pytest

from cribbage import Game, parse_cards
from cribbage.backend.api import call
from cribbage.players import computer_action, computer_player, match, play_game
from harness.games import check_invariants


@pytest.mark.parametrize("pairing", [("strong", "easy"), ("normal", "easy"), ("strong", "normal")])
def test_games_between_levels_keep_the_invariants(pairing):
    for seed in range(30):
        players = (computer_player(pairing[0], seed), computer_player(pairing[1], seed))
        check_invariants(play_game(Game(seed=f"inv/{seed}"), players))


def test_strong_beats_random_legal_play_in_a_short_match():
    # 30 wins in 40 games would happen by chance once in 900 matches of equal players.
    assert match("strong", "easy", 40)["share"] >= 0.75


@pytest.mark.exhaustive
def test_strong_beats_random_legal_play():
    result = match("strong", "easy", 300)
    assert result["share"] >= 0.8


@pytest.mark.slow
def test_strong_beats_normal_more_often_than_not():
    result = match("strong", "normal", 300)
    assert result["share"] > 0.5


def pegging_position(count_cards, hand, dealer_kept="AC 3C 4C 8C", pone_laid="", starter="KS"):
    """Player 1 (the pone) to lay onto ``count_cards`` holding ``hand``; player 0 deals."""
    count = parse_cards(count_cards) if count_cards else ()
    laid = parse_cards(pone_laid) if pone_laid else ()
    kept = [parse_cards(dealer_kept), laid + parse_cards(hand)]
    held = [[c for c in kept[0] if c not in count], parse_cards(hand)]
    return Game.at_play(0, kept, held=held, count=count, turn=1, starter=starter, seed="peg")


def choice(level, game):
    return computer_player(level)(game, game.legal_actions()).cards[0].code


def test_strong_pegging_does_not_lead_a_five():
    game = pegging_position("", "TC 5D 6H 2S")  # leading a five invites fifteen two
    assert choice("strong", game) != "5D"


def test_strong_pegging_does_not_leave_twenty_one():
    # Count 14 (the pone's 4C, the dealer's KH): the seven makes 21, where any ten-card
    # makes 31 for two; the eight makes 22 and the queen 24, where only a nine or a seven
    # does. None of them scores now.
    game = pegging_position("4C KH", "7H 8S QD", dealer_kept="KH 2D 3D 6S", pone_laid="4C")
    assert choice("strong", game) != "7H"
    # The position tells the levels apart: a player that ignores 21 (normal pegs greedily
    # and keeps high cards) lays the seven, so this test fails for such a player.
    assert choice("normal", game) == "7H"


def test_computer_action_is_determined_by_the_state():
    game = Game(seed=11)
    for _ in range(30):
        if game.legal_actions()[0].player == 1:
            copy = Game.from_json(game.to_json())
            assert computer_action(copy, "easy") == computer_action(game, "easy")
        game.apply(computer_action(game, "easy"))


def test_table_api_plays_a_game_and_rejects_illegal_moves():
    reply = json.loads(call("table_new", json.dumps({"seed": 3, "level": "normal"})))["result"]
    bad = json.loads(call("table_act", json.dumps({"private": reply["private"],
                                                    "action": {"kind": "play", "player": 0, "cards": ["5H"]}})))
    assert not bad["ok"] and "cannot play now" in bad["error"]
    cheat = json.loads(call("table_act", json.dumps({"private": reply["private"],
                                                     "action": {"kind": "cut", "player": 1}})))
    assert not cheat["ok"] and "only act for yourself" in cheat["error"]
    view = reply["view"]
    for _ in range(500):
        if view["phase"] == "game_over":
            break
        assert all(a["player"] == 0 for a in view["legal"])
        assert len(view["hand"]) <= 6 and "private" not in view  # the computer's cards stay hidden
        reply = json.loads(call("table_act", json.dumps({"private": reply["private"], "action": view["legal"][0]})))
        assert reply["ok"], reply
        reply = reply["result"]
        view = reply["view"]
    assert view["phase"] == "game_over" and max(view["scores"]) == 121
    corrupt = json.loads(call("table_view", json.dumps({"private": {"version": 1, "game": {"version": 7},
                                                                    "level": "normal", "id": "x"}})))
    assert not corrupt["ok"] and "saved game" in corrupt["error"]
