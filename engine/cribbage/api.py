"""A JSON-in, JSON-out facade over the engine for other programs (the browser worker).

``call(method, params_json)`` returns a JSON string: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "..."}`` for bad input, so callers never see a traceback for a
user's mistake. Strings keep the boundary simple and identical in every runtime.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .advice import advise
from .cards import DECK, CardError, parse_cards
from .play import score_count, score_play_steps
from .show import score_show

MAX_INPUT = 400  # characters; anything longer is not a hand


def _text(params: dict, key: str) -> str:
    value = params.get(key, "")
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise CardError(f"'{key}' must be text")
    if len(value) > MAX_INPUT:
        raise CardError(f"'{key}' is too long to be cards")
    return value


def score(params: dict) -> dict:
    hand = parse_cards(_text(params, "hand"), 4, "hand")
    starter = parse_cards(_text(params, "starter"), 1, "starter")[0]
    return score_show(hand, starter, bool(params.get("crib", False))).to_json()


def score_cards(params: dict) -> dict:
    """Four hand cards then the starter in one string, as a player types them."""
    cards = parse_cards(_text(params, "cards"), 5, "four cards and a starter")
    return score_show(cards[:4], cards[4], bool(params.get("crib", False))).to_json()


def peg(params: dict) -> dict:
    played = score_count(parse_cards(_text(params, "cards"), what="count"))
    return {"cards": [p.to_json() for p in played], "total": sum(p.points for p in played)}


def play(params: dict) -> dict:
    tokens = [t for t in _text(params, "steps").replace(",", " ").split() if t]
    if not tokens:
        raise CardError("no cards given: lay a card, or type cards such as 4C 6D 5S")
    return {"steps": [step.to_json() for step in score_play_steps(tokens)]}


def advice(params: dict) -> dict:
    six = parse_cards(_text(params, "cards"), 6, "deal")
    return {"throws": [t.to_json() for t in advise(six, bool(params.get("dealer", False)))]}


def _seed(params: dict) -> int:
    seed = params.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise CardError("a problem number is a whole number")
    return seed


def quiz(params: dict) -> dict:
    """A practice problem: kind show (with level), play or discard, from its seed."""
    from . import quiz as quizzes  # loaded on first use: the scorer does not need it

    kind = params.get("kind")
    if kind == "show":
        return quizzes.show_problem(str(params.get("level", "standard")), _seed(params)).to_json()
    if kind == "play":
        return quizzes.play_problem(_seed(params)).to_json()
    if kind == "discard":
        return quizzes.discard_problem(_seed(params)).to_json()
    raise CardError(f"unknown quiz '{kind}' (use show, play or discard)")


def answer(params: dict) -> dict:
    """Judge an answer to the problem that (kind, level, seed) names."""
    from . import quiz as quizzes

    kind = params.get("kind")
    if kind == "show":
        problem = quizzes.show_problem(str(params.get("level", "standard")), _seed(params))
        by_kind = params.get("by_kind")
        if by_kind is not None and not isinstance(by_kind, dict):
            raise CardError("points per category must be a mapping")
        return quizzes.check_show(problem, params.get("total"), by_kind)
    if kind == "play":
        return quizzes.check_play(quizzes.play_problem(_seed(params)), params.get("points"))
    if kind == "discard":
        return quizzes.check_discard(quizzes.discard_problem(_seed(params)), _text(params, "discard"))
    raise CardError(f"unknown quiz '{kind}' (use show, play or discard)")


HUMAN, COMPUTER = 0, 1


def _table_view(game, level: str, events: list) -> dict:
    """What the table page shows: the human's cards, never the computer's."""
    legal = [a.to_json() for a in game.legal_actions() if a.player == HUMAN]
    return {
        "state": game.to_json(),
        "level": level,
        "phase": game.phase,
        "dealer": game.dealer,
        "scores": list(game.scores),
        "previous_scores": list(game.previous_scores),
        "hand": [c.code for c in game.hands[HUMAN]],
        "computer_cards": len(game.hands[COMPUTER]),
        "crib_cards": len(game.crib),
        "starter": game.starter.code if game.starter else None,
        "count": game.count,
        "count_cards": [c.code for c in game.count_cards],
        "cuts": [c.code if c else None for c in game.cuts],
        "legal": legal,
        "events": events,
        "result": game.result(),
    }


def _computer_turns(game, level: str) -> list:
    from .players import computer_action

    events = []
    while game.phase != "game_over":
        actions = game.legal_actions()
        if not actions or actions[0].player != COMPUTER:
            break
        events.extend(game.apply(computer_action(game, level)))
    return events


def _level(params: dict) -> str:
    from .vocabulary import TABLE_LEVELS, default_level

    LEVELS = [level.id for level in TABLE_LEVELS]
    level = params.get("level", default_level(TABLE_LEVELS))
    if level not in LEVELS:
        raise CardError(f"unknown level '{level}' (use {', '.join(LEVELS)})")
    return level


def table_new(params: dict) -> dict:
    from .game import Game

    seed = params.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or len(str(seed)) > 40:
        raise CardError("a game needs a seed: a number or a short text")
    game, level = Game(seed=seed), _level(params)
    return _table_view(game, level, _computer_turns(game, level))


def table_act(params: dict) -> dict:
    """Apply the human's action, then let the computer act until it is the human's turn."""
    from .game import Action, Game, GameStateError, IllegalAction

    level = _level(params)
    try:
        game = Game.from_json(params.get("state"))
        action = Action.from_json(params.get("action") or {})
        if action.player != HUMAN:
            raise IllegalAction("you can only act for yourself")
        events = game.apply(action)
    except (GameStateError, IllegalAction) as error:
        raise CardError(str(error)) from None
    return _table_view(game, level, events + _computer_turns(game, level))


def table_view(params: dict) -> dict:
    """Restore a saved game (and let the computer move if it was its turn)."""
    from .game import Game, GameStateError

    level = _level(params)
    try:
        game = Game.from_json(params.get("state"))
    except GameStateError as error:
        raise CardError(str(error)) from None
    return _table_view(game, level, _computer_turns(game, level))


def table_hint(params: dict) -> dict:
    """Suggest a throw (the advisor's ranking) for the human's six cards."""
    from .game import Game, GameStateError

    try:
        game = Game.from_json(params.get("state"))
    except GameStateError as error:
        raise CardError(str(error)) from None
    if game.phase != "discard" or len(game.hands[HUMAN]) != 6:
        raise CardError("a throw can be suggested while you hold six cards")
    throws = advise(game.hands[HUMAN], dealer=game.dealer == HUMAN)
    return {"throws": [t.to_json() for t in throws]}


def vocabulary(params: dict) -> dict:
    """The engine's words, levels, rule numbers and scorer-link format (see vocabulary.py)."""
    from . import vocabulary as words

    return words.as_json()


def deck(params: dict) -> dict:
    return {"cards": [{"code": c.code, "label": c.label, "name": c.name, "red": c.is_red} for c in DECK]}


METHODS: dict[str, Callable[[dict], Any]] = {
    "score": score, "score_cards": score_cards, "peg": peg, "play": play,
    "advice": advice, "deck": deck, "quiz": quiz, "answer": answer,
    "vocabulary": vocabulary,
    "table_new": table_new, "table_act": table_act, "table_view": table_view, "table_hint": table_hint,
}


def call(method: str, params_json: str = "{}") -> str:
    try:
        params = json.loads(params_json or "{}")
        if not isinstance(params, dict):
            raise CardError("parameters must be a JSON object")
        if method not in METHODS:
            raise CardError(f"unknown method '{method}'")
        return json.dumps({"ok": True, "result": METHODS[method](params)})
    except (CardError, json.JSONDecodeError) as error:
        return json.dumps({"ok": False, "error": str(error)})
