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


def _flag(params: dict, key: str) -> bool:
    value = params.get(key, False)
    if not isinstance(value, bool):
        raise CardError(f"'{key}' must be true or false")
    return value


def _level(params: dict) -> str:
    from .vocabulary import TABLE_LEVEL_IDS, TABLE_LEVELS, default_level

    level = params.get("level", default_level(TABLE_LEVELS))
    if level not in TABLE_LEVEL_IDS:
        raise CardError(f"unknown level '{level}' (use {', '.join(TABLE_LEVEL_IDS)})")
    return level


def table_new(params: dict) -> dict:
    """A new game against the computer: {view, private}. Keep ``private`` out of the page."""
    from . import table

    seed = params.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str)) or len(str(seed)) > 40):
        raise CardError("a game's seed is a number or a short text")
    return table.new_table(_level(params), seed, _flag(params, "count_by_hand"),
                           _flag(params, "muggins"))


def table_act(params: dict) -> dict:
    """Apply the human's action to the game in ``private``, then the computer's."""
    from . import table

    return table.act(params.get("private"), params.get("action"))


def table_view(params: dict) -> dict:
    """Resume the game in ``private``: the view with the whole (redacted) log.

    ``legacy`` ({state, level}) takes in a game an earlier page saved in the clear.
    """
    from . import table

    legacy = params.get("legacy")
    if isinstance(legacy, dict):
        return table.adopt(legacy.get("state"), legacy.get("level"))
    return table.resume(params.get("private"))


def table_hint(params: dict) -> dict:
    """Suggest a throw (the advisor's ranking) for the human's six cards."""
    from . import table

    return {"throws": table.hint(params.get("private"))}


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
