"""A JSON-in, JSON-out facade over the engine for other programs (the browser worker).

``call(method, params_json)`` returns a JSON string: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "..."}``. It never raises: bad JSON, wrong types, numbers too long,
nesting too deep, a tampered saved game all come back as ``ok: false`` with a message.
Strings keep the boundary simple and identical in every runtime.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Final

from . import params as check
from .advice import advise
from .cards import DECK, parse_cards
from .errors import CardError, CribbageError, IllegalAction, ParameterError
from .params import Params
from .play import score_count, score_play_steps
from .show import score_show
from .vocabulary import PRACTICE_LEVEL_IDS, TABLE_LEVEL_IDS, TABLE_LEVELS, default_level

if TYPE_CHECKING:
    from .game import Game

JSON = dict[str, Any]
MAX_INPUT: Final = check.MAX_TEXT  # characters; anything longer is not a hand
QUIZ_KINDS: Final = ("show", "play", "discard")


def score(params: Params) -> JSON:
    hand = parse_cards(check.text(params, "hand"), 4, "hand")
    starter = parse_cards(check.text(params, "starter"), 1, "starter")[0]
    return score_show(hand, starter, check.boolean(params, "crib")).to_json()


def score_cards(params: Params) -> JSON:
    """Four hand cards then the starter in one string, as a player types them."""
    cards = parse_cards(check.text(params, "cards"), 5, "four cards and a starter")
    return score_show(cards[:4], cards[4], check.boolean(params, "crib")).to_json()


def peg(params: Params) -> JSON:
    played = score_count(parse_cards(check.text(params, "cards"), what="count"))
    return {"cards": [p.to_json() for p in played], "total": sum(p.points for p in played)}


def play(params: Params) -> JSON:
    tokens = [t for t in check.text(params, "steps").replace(",", " ").split() if t]
    if not tokens:
        raise CardError("no cards given: lay a card, or type cards such as 4C 6D 5S")
    return {"steps": [step.to_json() for step in score_play_steps(tokens)]}


def advice(params: Params) -> JSON:
    six = parse_cards(check.text(params, "cards"), 6, "deal")
    return {"throws": [t.to_json() for t in advise(six, check.boolean(params, "dealer"))]}


def quiz(params: Params) -> JSON:
    """A practice problem: kind show (with level), play or discard, from its seed."""
    from . import quiz as quizzes  # loaded on first use: the scorer does not need it

    kind = check.one_of(params, "kind", QUIZ_KINDS, what="quiz")
    seed = int(check.seed(params))
    if kind == "show":
        return quizzes.show_problem(_practice_level(params), seed).to_json()
    if kind == "play":
        return quizzes.play_problem(seed).to_json()
    return quizzes.discard_problem(seed).to_json()


def answer(params: Params) -> JSON:
    """Judge an answer to the problem that (kind, level, seed) names."""
    from . import quiz as quizzes

    kind = check.one_of(params, "kind", QUIZ_KINDS, what="quiz")
    seed = int(check.seed(params))
    if kind == "show":
        problem = quizzes.show_problem(_practice_level(params), seed)
        by_kind = check.mapping(params, "by_kind")
        return quizzes.check_show(problem, params.get("total"), by_kind)
    if kind == "play":
        return quizzes.check_play(quizzes.play_problem(seed), params.get("points"))
    return quizzes.check_discard(quizzes.discard_problem(seed), check.text(params, "discard"))


def _practice_level(params: Params) -> str:
    return check.one_of(params, "level", PRACTICE_LEVEL_IDS, default="standard")


def vocabulary(params: Params) -> JSON:
    """The engine's words, levels, rule numbers and scorer-link format (see vocabulary.py)."""
    from . import vocabulary as words

    return words.as_json()


def link(params: Params) -> JSON:
    """Read a scorer link's fragment (``#hand=...&starter=...`` or ``#play=...``)."""
    from .vocabulary import parse_fragment

    return parse_fragment(check.text(params, "fragment")).to_json()


# --- the table: a game against the computer -----------------------------------------------------

HUMAN, COMPUTER = 0, 1


@dataclass(frozen=True)
class TableView:
    """What the table page shows: the human's cards, never the computer's."""

    game: Game
    level: str
    events: list[JSON]

    def to_json(self) -> JSON:
        game = self.game
        return {
            "state": game.to_json(),
            "level": self.level,
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
            "legal": [a.to_json() for a in game.legal_actions() if a.player == HUMAN],
            "events": self.events,
            "result": game.result(),
        }


def _computer_turns(game: Game, level: str) -> list[JSON]:
    from .players import computer_action

    events: list[JSON] = []
    while game.phase != "game_over":
        actions = game.legal_actions()
        if not actions or actions[0].player != COMPUTER:
            break
        events.extend(game.apply(computer_action(game, level)))
    return events


def _table_level(params: Params) -> str:
    return check.one_of(params, "level", TABLE_LEVEL_IDS, default=default_level(TABLE_LEVELS))


def _saved_game(params: Params) -> Game:
    from .game import Game

    return Game.from_json(check.required_object(params, "state"))


def table_new(params: Params) -> JSON:
    from .game import Game

    game, level = Game(seed=check.seed(params, allow_text=True)), _table_level(params)
    return TableView(game, level, _computer_turns(game, level)).to_json()


def table_act(params: Params) -> JSON:
    """Apply the human's action, then let the computer act until it is the human's turn."""
    from .game import Action

    level = _table_level(params)
    game = _saved_game(params)
    action = Action.from_json(check.required_object(params, "action"))
    if action.player != HUMAN:
        raise IllegalAction("you can only act for yourself")
    events = game.apply(action)
    return TableView(game, level, events + _computer_turns(game, level)).to_json()


def table_view(params: Params) -> JSON:
    """Restore a saved game (and let the computer move if it was its turn)."""
    level = _table_level(params)
    game = _saved_game(params)
    return TableView(game, level, _computer_turns(game, level)).to_json()


def table_hint(params: Params) -> JSON:
    """Suggest a throw (the advisor's ranking) for the human's six cards."""
    game = _saved_game(params)
    if game.phase != "discard" or len(game.hands[HUMAN]) != 6:
        raise IllegalAction("a throw can be suggested while you hold six cards")
    throws = advise(game.hands[HUMAN], dealer=game.dealer == HUMAN)
    return {"throws": [t.to_json() for t in throws]}


def deck(params: Params) -> JSON:
    return {"cards": [{"code": c.code, "label": c.label, "name": c.name, "red": c.is_red} for c in DECK]}


METHODS: Final[dict[str, Callable[[Params], JSON]]] = {
    "score": score, "score_cards": score_cards, "peg": peg, "play": play,
    "advice": advice, "deck": deck, "quiz": quiz, "answer": answer,
    "vocabulary": vocabulary, "link": link,
    "table_new": table_new, "table_act": table_act, "table_view": table_view, "table_hint": table_hint,
}

INTERNAL_ERROR: Final = "the engine failed on this input; please report it"


def call(method: object, params_json: object = "{}") -> str:
    """Run one method; always answer JSON, never raise."""
    try:
        handler = METHODS.get(method) if isinstance(method, str) else None
        if handler is None:
            shown = method if isinstance(method, str) and len(method) <= 40 else check.json_type(method)
            raise ParameterError(f"unknown method {shown!r} (use {', '.join(METHODS)})")
        return json.dumps({"ok": True, "result": handler(check.decode(params_json))})
    except CribbageError as error:
        return _failure(str(error))
    except RecursionError:
        return _failure("the input is nested too deeply")
    except Exception:  # noqa: BLE001 - the promise is "never raise"; tests fuzz for this path
        return _failure(INTERNAL_ERROR)


def _failure(message: str) -> str:
    return json.dumps({"ok": False, "error": message})
