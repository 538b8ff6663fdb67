"""api.call never raises and never coerces: every input gets a JSON answer with a reason."""

import json

import pytest

from cribbage import Game
from cribbage.backend.api import INTERNAL_ERROR, METHODS, call
from cribbage.errors import GameStateError, IllegalAction
from cribbage.game import Action
from cribbage.players import computer_action


def reply(method, params):
    text = params if isinstance(params, str) else json.dumps(params)
    answer = json.loads(call(method, text))
    assert set(answer) in ({"ok", "result"}, {"ok", "error"})
    return answer


def refused(method, params, fragment=""):
    answer = reply(method, params)
    assert answer["ok"] is False, answer
    assert answer["error"] != INTERNAL_ERROR
    assert fragment in answer["error"]
    return answer["error"]


def private(state, level="easy"):
    """A saved game as the table API takes it (the worker seals this; the page never reads it)."""
    return {"version": 1, "level": level, "id": "test", "game": state}


def saved_game(seed=3, moves=40):
    game = Game(seed=seed)
    for _ in range(moves):
        if game.phase == "game_over":
            break
        game.apply(computer_action(game, "easy"))
    return game.to_json()


def state_in_phase(phase, seed=3):
    game = Game(seed=seed)
    while game.phase != phase:
        game.apply(computer_action(game, "easy"))
    return game.to_json()


@pytest.mark.parametrize("action", ["cut", [0], 5, None, True, {"kind": 5, "player": 0},
                                    {"kind": "cut", "player": 0.5}, {"kind": "cut", "player": "0"},
                                    {"kind": "cut", "player": False}, {"kind": "cut", "player": 0, "cards": "5H"},
                                    {"kind": "cut", "player": 0, "cards": [["5H"]]}])
def test_malformed_actions_are_refused(action):
    refused("table_act", {"private": private(Game(seed=1).to_json()), "action": action})


def test_numbers_too_long_and_nesting_too_deep_are_refused():
    for method in METHODS:
        refused(method, '{"seed": ' + "9" * 5000 + "}", "digits")
        refused(method, "[" * 5000 + "]" * 5000, "nested")
        refused(method, '{"a":' * 3000 + "1" + "}" * 3000, "nested")
        refused(method, '{"seed": 1e999}', "finite")
        refused(method, '{"seed": NaN}')
        refused(method, "[1, 2]", "object")
        refused(method, "{not json", "JSON")


def test_a_method_that_is_not_text_or_unknown_is_refused():
    assert json.loads(call(None, "{}"))["ok"] is False
    assert json.loads(call(["score"], "{}"))["ok"] is False
    assert "unknown method" in json.loads(call("frobnicate", "{}"))["error"]
    assert json.loads(call("deck", b"{}"))["ok"] is False  # bytes are not JSON text


@pytest.mark.parametrize("field, value", [
    ("cut_attempt", float("inf")), ("scores", [float("inf"), 0]), ("hand_number", float("inf")),
    ("cuts", []), ("turn", None), ("turn", 0.5), ("scores", [1.0, 0]), ("said_go", [0, 0]),
    ("dealer", "no"), ("deck", []), ("events", "all of them"), ("events", [5]),
    ("seed", 10**400), ("seed", True), ("version", True), ("surprise", 1),
])
def test_tampered_saved_games_are_refused(field, value):
    state = state_in_phase("play")
    state[field] = value
    with pytest.raises(Exception) as raised:
        Game.from_json(state)
    assert raised.type.__name__ == "GameStateError"
    text = json.dumps({"private": private(state)}, allow_nan=True)
    refused("table_view", text)


def test_a_play_state_without_a_turn_and_a_starter_without_a_deck_are_refused():
    play = state_in_phase("play")
    play["turn"] = None
    refused("table_view", {"private": private(play)}, "turn")
    starter = state_in_phase("starter")
    starter["deck"] = []
    refused("table_act", {"private": private(starter), "action": {"kind": "starter", "player": 0}}, "deck")


def test_wrong_types_are_not_coerced():
    refused("score", {"hand": "AH 2H 3H 4H", "starter": "9C", "crib": "false"}, "true or false")
    assert reply("score", {"hand": "AH 2H 3H 4H", "starter": "9C", "crib": True})["result"]["total"] == 8
    assert reply("score", {"hand": "AH 2H 3H 4H", "starter": "9C"})["result"]["total"] == 12
    refused("advice", {"cards": "5H 5S 6C 7D JD KC", "dealer": "no"}, "true or false")
    refused("score", {"hand": ["9C", ["6D"]], "starter": "5H"}, "list of texts")
    refused("quiz", {"kind": "show", "seed": 1.5}, "whole number")
    refused("quiz", {"kind": "show", "seed": True}, "whole number")
    refused("quiz", {"kind": "show", "seed": 1, "level": ["expert"]}, "unknown level a list")
    refused("table_new", {"seed": 1, "level": 7}, "level")
    refused("answer", {"kind": "show", "seed": 1, "by_kind": [1, 2]}, "object")
    refused("answer", {"kind": "show", "seed": 1, "total": "12"}, "whole number")


def test_every_method_answers_empty_and_null_parameters():
    for method in METHODS:
        for params in ("", "{}", "null", '{"state": null, "action": null}'):
            answer = json.loads(call(method, params))
            assert answer.get("error") != INTERNAL_ERROR, (method, params)


def test_legal_table_moves_still_work_through_the_strict_checks():
    table = reply("table_new", {"seed": "strict", "level": "strong"})["result"]
    for _ in range(60):
        if table["view"]["phase"] == "game_over":
            break
        table = reply("table_act", {"private": table["private"], "action": table["view"]["legal"][-1]})
        assert table["ok"], table
        table = table["result"]
    assert table["view"]["events"] is not None
    restored = reply("table_view", {"private": table["private"]})["result"]
    assert restored["private"]["game"] == table["private"]["game"]


def test_an_accepted_action_object_round_trips():
    action = Action.from_json({"kind": "play", "player": 1, "cards": ["5h"]})
    assert action.to_json() == {"kind": "play", "player": 1, "cards": ["5H"]}
    with pytest.raises(IllegalAction):
        Action.from_json({"kind": "dance", "player": 0})


def test_the_show_names_the_part_to_count_in_order():
    game = Game.from_json(state_in_phase("show"))
    parts = []
    while game.phase == "show":
        parts.append(game.show_part)
        game.apply(game.legal_actions()[0])
    assert parts == ["pone", "dealer", "crib"] or game.phase == "game_over"
    assert game.show_part is None


def test_a_state_the_engine_wrote_restores_without_a_replay_and_tampering_still_fails():
    game = Game(seed="known")
    for _ in range(30):
        game.apply(computer_action(game, "easy"))
    state = game.to_json()
    restored = Game.from_json(json.loads(json.dumps(state)))
    assert restored.to_json() == state and restored is not game
    restored.apply(restored.legal_actions()[0])  # a copy: the remembered state is untouched
    assert Game.from_json(state).to_json() == state
    state["scores"] = [state["scores"][0] + 1, state["scores"][1]]
    with pytest.raises(GameStateError):
        Game.from_json(state)
