"""A game against the computer, as the table page sees it.

The whole game (hands, deck order, seed) travels only as ``private``: the caller keeps it
out of the page (the browser worker seals it before anything reaches the page). The page
gets a ``view``: the human's cards, counts of the hidden ones, what has been laid or shown,
and every event redacted to what the human may know, each with its sentence (``log``).
``summary`` turns a finished game's events into points by source for both sides, the
figures the page's game record adds up.

``private`` also keeps the game's hints setting (off unless the game was started with it) and
every hint used, with the move it came before, for the game's text record to label.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Final

from ..errors import GameStateError, IllegalAction, ParameterError
from ..events import Event
from ..game import Action, Game
from ..kinds import COMPUTER_LEVELS, STANDARD_ONLY_LEVELS, ComputerLevel
from ..players import computer_action
from ..records import HINT_KINDS, Hint
from ..seeds import Seed
from ..variants import STANDARD, Variant
from ..variants import variant as get_variant
from .hints import card_reason, suggest_card, suggest_throw
from .known import KNOWN_GAMES
from .log import COMPUTER, HUMAN, describe

JSON = dict[str, Any]
PRIVATE_VERSION: Final = 1
"""The version of the ``private`` object's shape."""
SOURCES: Final = ("pegging", "hand", "crib", "heels", "muggins")
"""Where a game's points came from, as ``summary`` adds them up."""
_SOURCE_OF_REASON: Final = {"play": "pegging", "go": "pegging", "pone": "hand", "dealer": "hand"}
_UNREADABLE: Final = "the saved game is not readable: start a new game"
_HINTS_OFF: Final = "hints are off in this game: turn Hints on, and they are offered from the next game"


class _Table:
    """A table opened from ``private``: the game, the computer's level, its id and the hints."""

    def __init__(self, game: Game, level: ComputerLevel, table_id: str, hints: bool, used: list[Hint]) -> None:
        self.game, self.level, self.id, self.hints, self.used = game, level, table_id, hints, used


# --- starting, acting, resuming ---------------------------------------------------------------

def new_table(level: str, seed: Seed | None = None, count_by_hand: bool = False, muggins: bool = False,
              variant: Variant | str | None = None, hints: bool = False) -> JSON:
    """A new game; without a seed, one nobody can guess (the page must not know it).

    With ``hints`` the human may ask for a suggested throw or card (``hint``); without, it may not.

    In a ``variant`` of three or four players the computer plays every other seat (in the
    four-player game, the human's partner opposite too).
    """
    computer = _level(level)
    rules_of = get_variant(variant)
    if computer in STANDARD_ONLY_LEVELS and rules_of is not STANDARD:
        raise ParameterError(f"the {computer} level plays only the standard game, not {rules_of.name}")
    flags = (bool(count_by_hand),) + (False,) * (rules_of.players - 1)
    game = Game(seed=secrets.randbits(53) if seed is None else seed, count_by_hand=flags,
                muggins=bool(muggins) and bool(count_by_hand), variant=rules_of)
    events = _computer_turns(game, computer)
    return _reply(_Table(game, computer, secrets.token_hex(8), bool(hints), []), events, log=True)


def act(private: Any, action: Any) -> JSON:
    """Apply the human's action, then the computer's until the human must decide again."""
    table = _open(private)
    move = Action.from_json(action if isinstance(action, dict) else {})
    if move.player != HUMAN:
        raise IllegalAction("you can only act for yourself")
    events = table.game.apply(move)
    return _reply(table, events + _computer_turns(table.game, table.level))


def resume(private: Any) -> JSON:
    """The saved game with its whole log (and the computer's move if it was its turn)."""
    table = _open(private)
    _computer_turns(table.game, table.level)
    return _reply(table, [], log=True)


def hint(private: Any, kind: str = "throw") -> JSON:
    """A suggestion, noted in ``private`` for the record: ``{"throws": the advisor's ranking of
    the throws, best first, "private"}`` or ``{"card": the card to lay, "reason": what it scores
    as it is laid in words, or None, "private"}``.

    Refused (``GameStateError``) when the game has hints off, or there is nothing to choose.
    """
    table = _open(private)
    if kind not in HINT_KINDS:
        raise ParameterError(f"a hint is for a {' or a '.join(HINT_KINDS)}, not {str(kind)[:20]!r}")
    if not table.hints:
        raise GameStateError(_HINTS_OFF)
    game = table.game
    if kind == "throw":
        answer: JSON = {"throws": suggest_throw(game)}
    else:
        card = suggest_card(game)
        answer = {"card": card, "reason": card_reason(game, card)}
    used = Hint(len(game.events), HUMAN, kind)
    if used not in table.used:
        table.used.append(used)
    answer["private"] = _private(table)
    return answer


def open_with_hints(private: Any) -> tuple[Game, list[Hint]]:
    """The game in ``private`` and the hints used in it, for its record."""
    table = _open(private)
    return table.game, table.used


def _level(level: object) -> ComputerLevel:
    for known in COMPUTER_LEVELS:
        if level == known:
            return known
    raise ParameterError(f"unknown level '{level}' (use {', '.join(COMPUTER_LEVELS)})")


def open_game(private: Any) -> Game:
    """The game in ``private`` (for the reviews and the record), or ``GameStateError``."""
    return _open(private).game


def _open(private: Any) -> _Table:
    """The table in ``private``, restored (``Game.from_json`` replays it unless the table wrote it lately).

    A game saved before hints were kept has them off and none used.
    """
    if not isinstance(private, dict) or private.get("version") != PRIVATE_VERSION:
        raise GameStateError(_UNREADABLE)
    level, table_id = private.get("level"), private.get("id")
    if not isinstance(level, str) or level not in COMPUTER_LEVELS or not isinstance(table_id, str):
        raise GameStateError(_UNREADABLE)
    game = KNOWN_GAMES.open(private.get("game"))
    hints, used = private.get("hints", False), private.get("hints_used", [])
    if not isinstance(hints, bool) or not isinstance(used, list):
        raise GameStateError(_UNREADABLE)
    return _Table(game, _level(level), table_id, hints, [_hint_used(entry, game) for entry in used])


def _hint_used(entry: object, game: Game) -> Hint:
    """One hint used, ``[before, kind]``: a move's place among the game's events, and what was suggested."""
    if not (isinstance(entry, list) and len(entry) == 2 and entry[1] in HINT_KINDS and isinstance(entry[0], int)
            and not isinstance(entry[0], bool) and 0 <= entry[0] <= len(game.events)):
        raise GameStateError(_UNREADABLE)
    return Hint(entry[0], HUMAN, entry[1])


def _computer_turns(game: Game, level: ComputerLevel) -> list[Event]:
    events: list[Event] = []
    while game.phase != "game_over":
        actions = game.legal_actions()
        if not actions or actions[0].player == HUMAN:  # every other seat is the computer's
            break
        events.extend(game.apply(computer_action(game, level)))
    return events


def _private(table: _Table) -> JSON:
    return {"version": PRIVATE_VERSION, "level": table.level, "id": table.id, "game": KNOWN_GAMES.save(table.game),
            "hints": table.hints, "hints_used": [[used.before, used.kind] for used in table.used]}


def _reply(table: _Table, events: Sequence[Event], log: bool = False) -> JSON:
    game = table.game
    private = _private(table)
    view = table_view(game, table.level, table.id, [event.to_json() for event in events])
    view["hints"] = table.hints
    if log:
        view["log"] = [redact(event, game.variant) for event in private["game"]["events"]]
    return {"view": view, "private": private}


# --- what the human may see -------------------------------------------------------------------

def table_view(game: Game, level: str, table_id: str, events: Sequence[JSON]) -> JSON:
    """Only what the human may know: never the computer's unplayed cards, the deck or the seed."""
    outcome = game.outcome
    view = {
        "id": table_id,
        "level": level,
        "phase": game.phase,
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "scores": list(game.scores),
        "previous_scores": list(game.previous_scores),
        "hand": [c.code for c in game.hands[HUMAN]],
        "kept": [c.code for c in game.kept[HUMAN]],
        "computer_cards": len(game.hands[COMPUTER]),
        "cards_held": [len(hand) for hand in game.hands],  # by seat: how many each holds, never which
        "crib_cards": len(game.crib),
        "starter": game.starter.code if game.starter is not None else None,
        "crib": [c.code for c in game.crib] if game.show_part == "crib" else None,  # face up now
        "count": game.count,
        "show_part": game.show_part,
        "count_by_hand": game.count_by_hand[HUMAN],
        "muggins": game.muggins,
        "legal": [a.to_json() for a in game.legal_actions() if a.player == HUMAN],
        "events": [redact(event, game.variant) for event in events],
        "result": outcome.to_json() if outcome is not None else None,
    }
    if game.variant is not STANDARD:  # a standard game's view is as it always was
        view.update(variant=game.variant.name, seats=game.seats, sides=game.variant.sides)
    if outcome is not None:
        view["summary"] = summary([event.to_json() for event in game.events], game.variant)
    return view


def redact(event: JSON, variant: Variant = STANDARD) -> JSON:
    """An event's JSON form as the human may know it, with its sentence."""
    public = dict(event)
    if event["type"] == "discard" and event["player"] != HUMAN:
        public.pop("cards", None)  # every other throw stays face down until the crib is shown
    public["text"] = describe(public, variant)
    return public


# --- the finished game in figures -------------------------------------------------------------

def summary(events: Sequence[JSON], variant: Variant = STANDARD) -> JSON:
    """Points by source for every side, deals and cribs, and the result, from events' JSON forms."""
    sources = SOURCES + ("bonus",) if variant.last_bonus else SOURCES  # five-card's three for last
    points = [dict.fromkeys(sources, 0) for _ in range(variant.sides)]
    deals, cribs = 0, [0] * variant.sides
    result = None
    scores = [0] * variant.sides
    for event in events:
        if event["type"] == "deal":
            deals += 1
            cribs[variant.side_of(event["player"])] += 1
        elif event["type"] == "score":
            side = variant.side_of(event["player"])  # points actually pegged: the last peg stops at the hole
            reason: str = event["reason"]
            source = _SOURCE_OF_REASON.get(reason, reason)  # crib, heels, muggins keep their names
            points[side][source] += event["scores"][side] - scores[side]
            scores = list(event["scores"])
        elif event["type"] == "game_over":
            result = event["result"]
    return {"points": points, "deals": deals, "cribs": cribs, "result": result}
