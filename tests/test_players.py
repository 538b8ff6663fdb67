"""Computer players: legal, deterministic, and as strong as their level says."""

import json

import pytest

from cribbage import Game
from cribbage.api import call
from cribbage.players import computer_action, computer_player, match, play_game

from test_game import check_invariants


@pytest.mark.parametrize("pairing", [("strong", "easy"), ("normal", "easy"), ("strong", "normal")])
def test_games_between_levels_keep_the_invariants(pairing):
    for seed in range(60):
        players = (computer_player(pairing[0], seed), computer_player(pairing[1], seed))
        check_invariants(play_game(Game(seed=f"inv/{seed}"), players))


def test_strong_beats_random_legal_play():
    result = match("strong", "easy", 300)
    assert result["share"] >= 0.8


def test_strong_beats_normal_more_often_than_not():
    result = match("strong", "normal", 300)
    assert result["share"] > 0.5


def test_strong_pegging_avoids_leaving_five_and_twenty_one():
    game = Game(seed="peg")
    game.phase, game.dealer, game.turn = "play", 0, 1
    game.hands = [[], []]
    from cribbage import parse_cards

    game.hands[1] = list(parse_cards("TC 5D 6H 2S"))  # leading: a ten leaves 10, a five leaves 5
    game.kept = [list(parse_cards("AC 3C 4C 8C")), list(game.hands[1])]
    game.hands[0] = list(game.kept[0])
    game.starter = parse_cards("KS")[0]
    action = computer_player("strong")(game, game.legal_actions())
    assert action.cards[0].code not in ("5D",)  # leading a five invites fifteen two


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
