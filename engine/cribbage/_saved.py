"""Saving and restoring a game: its JSON form and the replay that checks it.

A saved game is restored by replaying the moves recorded in its events from its seed; every
other field must then equal the replayed one, so an accepted state is one the rules can reach.
(The site's table keeps the last few games it wrote, so that its round trip skips the replay:
``cribbage.backend.known``. The core keeps nothing between calls.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Final

from ._flow import State
from .actions import Action, ActionKind
from .errors import GameStateError, IllegalAction, json_type
from .seeds import MAX_SEED_TEXT, Seed, seed_problem
from .variants import STANDARD, VARIANTS, Variant

STATE_VERSION: Final = 1
MAX_EVENTS: Final = 20_000  # far more than any game to 121 produces
_MOVE_OF_EVENT: Final[dict[str, ActionKind]] = {
    "cut": "cut", "deal": "deal", "discard": "discard", "starter": "starter",
    "play": "play", "go": "go", "show": "count",
}
_MOVE_CARDS: Final = frozenset({"discard", "play"})  # the moves whose event names their cards
_SEED_PROBLEMS: Final = {
    "type": "saved game has no seed (a whole number or a short text)",
    "range": "saved game's seed is out of range",
    "length": "saved game's seed is too long",
    "encoding": "saved game's seed is not readable text",
}


def fields(state: State) -> dict[str, Any]:
    """Every field of the saved form but the events."""
    def codes(cards: list[Any]) -> list[str]:
        return [c.code for c in cards]

    data = {
        "version": STATE_VERSION, "seed": state.seed, "count_by_hand": list(state.count_by_hand),
        "muggins": state.muggins, "phase": state.phase, "dealer": state.dealer, "scores": list(state.scores),
        "previous_scores": list(state.previous_scores), "hand_number": state.hand_number,
        "cut_attempt": state.cut_attempt, "cuts": [c.code if c is not None else None for c in state.cuts],
        "deck": codes(state.deck), "hands": [codes(h) for h in state.hands], "kept": [codes(h) for h in state.kept],
        "crib": codes(state.crib), "starter": state.starter.code if state.starter is not None else None,
        "count_cards": codes(state.count_cards), "turn": state.turn, "said_go": list(state.said_go),
        "last_player": state.last_player, "show_step": state.show_step, "winner": state.winner,
    }
    if state.variant is not STANDARD:  # a standard game saves as it always has
        data["variant"] = state.variant.name
    return data


def saved_seed(seed: object) -> Seed:
    """The seed of a saved game, or ``GameStateError`` saying what is wrong with it."""
    problem = seed_problem(seed)
    if problem is not None:
        raise GameStateError(_SEED_PROBLEMS[problem])
    assert isinstance(seed, int | str)
    return seed


def saved_variant(data: dict[str, Any]) -> Variant:
    """The variant of a saved game (absent from a standard game's state)."""
    name = data.get("variant", STANDARD.name)
    if not isinstance(name, str) or name not in VARIANTS or (name == STANDARD.name and "variant" in data):
        raise GameStateError("saved game's variant is not one this engine plays")
    return VARIANTS[name]


def saved_options(data: dict[str, Any], players: int = 2) -> tuple[tuple[bool, ...], bool]:
    """Counting by hand and muggins (absent from a state saved without them: off)."""
    count_by_hand = data.get("count_by_hand", [False] * players)
    muggins = data.get("muggins", False)
    if (not isinstance(count_by_hand, list) or len(count_by_hand) != players
            or not all(isinstance(flag, bool) for flag in count_by_hand) or not isinstance(muggins, bool)):
        raise GameStateError("saved game's counting options are not readable")
    return tuple(count_by_hand), muggins


def check_version(data: dict[str, Any]) -> None:
    """A saved game of a version this engine reads."""
    version = data.get("version")
    if isinstance(version, bool) or version != STATE_VERSION:
        raise GameStateError("saved game has an unknown version")


def saved_moves(events: object) -> Iterator[Action]:
    """The moves recorded in a saved game's events (scores, resets and the like follow from them)."""
    if not isinstance(events, list):
        raise GameStateError("saved game has no list of events")
    if len(events) > MAX_EVENTS:
        raise GameStateError("saved game has too many events")
    for number, event in enumerate(events, start=1):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise GameStateError(f"saved game: event {number} is not readable")
        kind = _MOVE_OF_EVENT.get(event["type"])
        if kind is None:
            continue
        cards = event.get("cards", []) if kind in _MOVE_CARDS else []
        verdict = event.get("verdict")  # a count by hand: the claim is part of the move
        claim = verdict.get("claim") if isinstance(verdict, dict) else None
        try:
            yield Action.from_json({"kind": kind, "player": event.get("player"), "cards": cards, "claim": claim})
        except IllegalAction as error:
            raise GameStateError(f"saved game: event {number} is not readable ({error})") from None


def check_same(replayed: dict[str, Any], saved: dict[str, Any]) -> None:
    """Every saved field (the events aside, which the replay rebuilds) equals the replayed one."""
    for key, value in replayed.items():
        if canonical(saved.get(key)) != canonical(value):
            raise GameStateError(f"saved game: '{key}' does not follow from its moves")
    extra = sorted(set(saved) - set(replayed) - {"events"})
    if extra:
        raise GameStateError(f"saved game has an unknown field {extra[0][:MAX_SEED_TEXT]!r}")


def not_an_object(data: object) -> GameStateError:
    """The error for saved data that is not a JSON object."""
    return GameStateError(f"saved game is not readable: expected an object, got {json_type(data)}")


def canonical(value: object) -> str:
    """JSON text that tells 1 from 1.0 and true; unreadable values never match."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return "<unreadable>"
