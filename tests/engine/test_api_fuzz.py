"""Fuzzing the worker API: random JSON and mutated saved games never make it raise.

Bounded example counts keep this to seconds; raise them locally with
``--hypothesis-seed`` / ``FUZZ_EXAMPLES=...`` when hunting.
"""

import json
import os

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cribbage import Game
from cribbage.backend.api import INTERNAL_ERROR, METHODS, call
from cribbage.players import computer_action

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Text no UTF-8 encoder writes: JSON's "\ud800" escape reads as a lone surrogate.
LONE_SURROGATES = st.text(st.characters(categories=["Cs"]), min_size=1, max_size=3) | st.sampled_from(
    ["\ud800", "5\udc00H", "seed\udfff"])
CODES = [r + s for r in "A23456789TJQK" for s in "CDHS"] + ["10H", "5♥", "XX", "", "go"]
SCALARS = (st.none() | st.booleans() | st.integers(-10, 60) | st.integers() | st.floats(allow_nan=False)
           | st.sampled_from(CODES) | st.text(max_size=12) | LONE_SURROGATES)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=6), max_leaves=25)
KEYS = ["hand", "starter", "crib", "cards", "steps", "dealer", "kind", "level", "seed", "total",
        "by_kind", "points", "discard", "state", "private", "action", "fragment", "text", "category",
        "record", "count_by_hand", "muggins", "seats", "seat", "commitment", "deals", "variant"]
PARAMS = st.dictionaries(st.sampled_from(KEYS), JSON, max_size=5)


def answer_of(method, text):
    answer = json.loads(call(method, text))
    assert answer["ok"] in (True, False)
    assert answer.get("error") != INTERNAL_ERROR, (method, text[:300])
    return answer


@FUZZ
@given(method=st.sampled_from(sorted(METHODS)), params=PARAMS)
def test_random_parameters_get_an_answer(method, params):
    answer_of(method, json.dumps(params))


@FUZZ
@given(method=st.sampled_from(sorted(METHODS)), text=st.text(max_size=60))
def test_random_text_gets_an_answer(method, text):
    answer_of(method, text)


def _states():
    """Saved games at several points of a few seeded games, cut for deal to game over."""
    states = []
    for seed in (1, 2):
        game = Game(seed=seed)
        for step in range(400):
            if step % 9 == 0 or game.phase == "game_over":
                states.append(game.to_json())
            if game.phase == "game_over":
                break
            game.apply(computer_action(game, "easy"))
    return states


STATES = _states()
FIELDS = sorted(STATES[0])


def restored_again(game):
    """A copy of a restored game, one per action tried. Replaying the mutated state again would give
    the same game at the cost of a whole replay: the engine recalls the state the game just wrote."""
    return Game.from_json(game.to_json())


def _mutate(state, field, value, index):
    state = json.loads(json.dumps(state))
    target = state[field]
    if isinstance(target, list) and target and index is not None:
        target[index % len(target)] = value
    else:
        state[field] = value
    return state


@settings(FUZZ, max_examples=EXAMPLES * 3 // 2)
@given(state=st.sampled_from(STATES), field=st.sampled_from(FIELDS), value=JSON,
       index=st.none() | st.integers(0, 400))
def test_mutated_saved_games_are_refused_or_fully_playable(state, field, value, index):
    mutated = _mutate(state, field, value, index)
    private = {"version": 1, "level": "easy", "id": "fuzz", "game": mutated}
    answer = answer_of("table_view", json.dumps({"private": private}))
    event("accepted" if answer["ok"] else "refused")
    if not answer["ok"]:
        return
    game = Game.from_json(mutated)  # accepted: every legal action must apply cleanly
    for action in game.legal_actions():
        restored_again(game).apply(action)


@settings(FUZZ, max_examples=EXAMPLES // 3)
@given(state=st.sampled_from(STATES), data=st.data())
def test_every_legal_action_of_a_restored_game_applies(state, data):
    game = Game.from_json(state)
    actions = game.legal_actions()
    if not actions:
        assert game.phase == "game_over"
        return
    action = data.draw(st.sampled_from(actions))
    private = {"version": 1, "level": "easy", "id": "fuzz", "game": state}
    reply = answer_of("table_act", json.dumps({"private": private, "action": action.to_json()}))
    assert reply["ok"] or action.player != 0, reply


MOVE_EVENTS = {"cut", "deal", "discard", "starter", "play", "go", "show"}


@settings(FUZZ, max_examples=EXAMPLES // 2)
@given(state=st.sampled_from(STATES), index=st.integers(0, 400), key=st.text(max_size=8), value=JSON)
def test_edited_scoring_events_are_rebuilt_from_the_moves(state, index, key, value):
    derived = [i for i, e in enumerate(state["events"]) if e["type"] not in MOVE_EVENTS]
    if not derived:
        return
    mutated = json.loads(json.dumps(state))
    field = key if key not in ("", "type") else "points"  # an edited type would make it a move
    mutated["events"][derived[index % len(derived)]][field] = value
    game = Game.from_json(mutated)  # the moves are intact: accepted, with the true history
    assert game.to_json() == state
    for action in game.legal_actions():
        restored_again(game).apply(action)


CATEGORY_NAMES = ["fifteen", "pair", "run", "flush", "nobs", "go", "thirty-one"]


@settings(FUZZ, max_examples=EXAMPLES // 2)
@given(method=st.sampled_from(["quiz", "answer"]),
       record=JSON | st.dictionaries(st.sampled_from(CATEGORY_NAMES), JSON | st.fixed_dictionaries(
           {"right": st.integers(-2, 12), "total": st.integers(-2, 12)}), max_size=7),
       category=st.sampled_from(CATEGORY_NAMES) | JSON, seed=st.integers(0, 10**6) | SCALARS,
       points=st.integers(0, 30) | SCALARS)
def test_adaptive_practice_takes_any_record(method, record, category, seed, points):
    params = {"kind": "adaptive", "record": record, "category": category, "seed": seed, "points": points}
    answer_of(method, json.dumps(params))


def test_a_saved_game_whose_seed_is_a_lone_surrogate_is_refused_in_words():
    state = {**STATES[1], "seed": "\ud800"}
    private = {"version": 1, "level": "easy", "id": "fuzz", "game": state}
    action = Game.from_json(STATES[1]).legal_actions()[0].to_json()
    for method, params in (("table_view", {"private": private}), ("table_hint", {"private": private}),
                           ("table_act", {"private": private, "action": action})):
        answer = answer_of(method, json.dumps(params))
        assert answer == {"ok": False, "error": "saved game's seed is not readable text"}, method


SEAT_KINDS = st.sampled_from(["human", "easy", "normal", "strong", "expert", "wizard", ""]) | SCALARS


@settings(FUZZ, max_examples=EXAMPLES // 5)
@given(state=st.sampled_from(STATES), seats=st.lists(SEAT_KINDS, max_size=5) | JSON, seat=JSON,
       used=st.lists(st.lists(st.integers(-2, 500) | st.sampled_from(["throw", "card"]) | SCALARS, max_size=4),
                     max_size=3) | JSON)
def test_a_saved_game_with_any_seats_is_refused_or_played(state, seats, seat, used):
    private = {"version": 1, "level": "easy", "id": "fuzz", "game": state, "seats": seats, "hints": True,
               "hints_used": used}
    view = answer_of("table_view", json.dumps({"private": private, "seat": seat}))
    answer_of("table_hint", json.dumps({"private": private}))
    if view["ok"] and view["result"]["view"]["to_act"] is not None:
        action = Game.from_json(state).legal_actions()[0].to_json()
        answer_of("table_act", json.dumps({"private": private, "action": action}))


def _record_rows():
    game = Game(seed=3)
    for _ in range(400):
        if game.phase == "game_over":
            break
        game.apply(computer_action(game, "easy"))
    from cribbage.records import write

    return write(game).splitlines()


RECORD_ROWS = _record_rows()


@settings(FUZZ, max_examples=EXAMPLES // 4)
@given(index=st.integers(0, len(RECORD_ROWS) - 1), row=st.text(max_size=80) | st.sampled_from(
    ["seed: 4", "commitment: " + "0" * 64, "commitment: xyz", "seed: \ud800", "written for: seat 1", ""]))
def test_a_damaged_record_gets_a_deal_check_answer(index, row):
    rows = list(RECORD_ROWS)
    rows[index] = row
    answer_of("deal_check", json.dumps({"text": "\n".join(rows) + "\n"}))
