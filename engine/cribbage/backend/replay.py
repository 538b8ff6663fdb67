"""The replay viewer's steps: a game record read, replayed by the engine, and laid out move by move.

``replay_steps(text)`` checks the whole record first (``records.replay``: every line must follow
from the moves before it), then plays its moves again from its seed and, after each move, notes
what a viewer shows with both hands face up: the board, each seat's cards (those still held and
those already laid), the crib, the starter, the count and the lines the move wrote. A record that
cannot be read or replayed gives ``{"error": {"line", "problem", "hint"}}`` rather than raising,
so the page can say where it is wrong and keep what was typed.
"""

from __future__ import annotations

from typing import Any

from .. import records
from ..game import Game
from .log import describe

JSON = dict[str, Any]


def _codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def _seat_cards(game: Game, seat: int) -> JSON:
    """A seat's cards as the viewer lays them out: the kept four once thrown (laid ones marked), else the hand."""
    held = _codes(game.hands[seat])
    kept = _codes(game.kept[seat])
    shown = kept if kept else held
    return {"cards": shown, "laid": [code for code in shown if code not in held]}


def _snapshot(game: Game, lines: list[str], words: list[str], number: int) -> JSON:
    return {
        "line": number, "lines": lines, "words": words,
        "phase": game.phase, "deal": game.hand_number, "dealer": game.dealer,
        "scores": list(game.scores), "previous_scores": list(game.previous_scores),
        "seats": [_seat_cards(game, seat) for seat in range(game.seats)],
        "crib": _codes(game.crib), "starter": game.starter.code if game.starter else None,
        "count": game.count, "pile": _codes(game.count_cards),
    }


def replay_steps(text: str) -> JSON:
    """``{"variant", "seed", "result", "players", "sides", "board": {hole, skunk, double_skunk},
    "steps": [snapshot, ...]}`` (the first step is the
    game before any move), or ``{"error": {"line", "problem", "hint"}}``."""
    try:
        record = records.parse(text)
        records.replay(record)
    except records.RecordError as error:
        return {"error": {"line": error.line, "problem": error.problem, "hint": error.hint}}
    assert record.seed is not None  # replay() refuses a record without one
    game = Game(record.seed, record.count_by_hand, record.muggins, record.variant)
    steps = [_snapshot(game, [], [], 0)]
    moves = [line for line in record.lines if line.action is not None]
    for line in moves:
        assert line.action is not None
        events = game.apply(line.action)
        written = [records.event_line(e, game.hands if e.kind == "deal" else None) for e in events]
        said = [describe(e.to_json(), record.variant) for e in events]
        steps.append(_snapshot(game, written, said, line.number))
    rules_of = record.variant
    return {"variant": rules_of.name, "seed": str(record.seed), "result": record.result,
            "players": rules_of.players, "sides": rules_of.sides,
            "board": {"hole": rules_of.game_hole, "skunk": rules_of.skunk_line,
                      "double_skunk": rules_of.double_skunk_line},
            "steps": steps}
