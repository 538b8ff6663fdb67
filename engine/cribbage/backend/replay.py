"""The replay viewer's steps: a game record read, replayed by the engine, and laid out move by move.

``replay_steps(text)`` checks the whole record first (``records.replay``: every line must follow
from the moves before it), then plays its moves again from its seed and, after each move, notes
what a viewer shows with both hands face up: the board, each seat's cards (those still held and
those already laid), the crib, the starter, the count and the lines the move wrote. A record that
cannot be read or replayed gives ``{"error": {"line", "problem", "hint"}}`` rather than raising,
so the page can say where it is wrong and keep what was typed. A move the record labels as made
after a hint has its step's ``hint`` (``throw`` or ``card``).

In the standard two-player game each step where a person decided (seat 0, the player at the table,
or every ``human`` seat of the record's ``players`` line), its throw, a card laid with a choice of
ranks, a count by hand, carries ``review``: that decision reviewed (``review.review_decision``) from
what that seat could see then (``seat_decisions``), never from the faces the viewer shows. A
variant's reply says in ``review_note`` why it has none. ``names`` says who played each seat,
``{"kind", "name"}``, from the ``players`` line (empty when the record has none).
"""

from __future__ import annotations

from typing import Any

from .. import records
from ..expert.seat import Decision, is_move, seat_decisions
from ..game import Game
from .log import describe, seat_subjects
from .review import review_decision

JSON = dict[str, Any]
REVIEWED_SEAT = 0  # the seat the table gives the player, in a record that names no players
STANDARD = "standard"
NO_REVIEW = "Reviews are for the standard two-player game only: this record is of another variant."


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
    hinted = {hint.before: hint.kind for hint in record.hints}
    subjects = seat_subjects([p.kind for p in record.players], [p.name for p in record.players])
    moved: list[int] = []  # after each step from 1, how many move events the game holds
    for index, line in enumerate(record.lines):
        if line.action is None:
            continue
        events = game.apply(line.action)
        written = [records.event_line(e, game.hands if e.kind == "deal" else None) for e in events]
        said = [describe(e.to_json(), record.variant, subjects, everyone=True) for e in events]
        steps.append(_snapshot(game, written, said, line.number))
        if index in hinted:
            steps[-1]["hint"] = hinted[index]  # the move was made after a suggested throw or card
        moved.append(sum(1 for e in game.events if is_move(e)))
    rules_of = record.variant
    note = "" if rules_of.name == STANDARD else NO_REVIEW
    if not note:
        people = [seat for seat, player in enumerate(record.players) if player.kind == records.HUMAN_PLAYER]
        for seat in people if record.players else [REVIEWED_SEAT]:
            _add_reviews(game, steps, moved, seat)
    names = [{"kind": player.kind, "name": player.name} for player in record.players]
    return {"review_note": note, "names": names, "variant": rules_of.name, "seed": str(record.seed),
            "result": record.result,
            "players": rules_of.players, "sides": rules_of.sides,
            "board": {"hole": rules_of.game_hole, "skunk": rules_of.skunk_line,
                      "double_skunk": rules_of.double_skunk_line},
            "steps": steps}


def had_choice(decision: Decision) -> bool:
    """Whether a decision was one: a throw or a count always; a card laid only with two ranks to choose from."""
    if decision.kind != "play":
        return True
    view = decision.view
    return len({c.rank for c in view.held if view.count + c.value <= 31}) > 1


def _add_reviews(game: Game, steps: list[JSON], moved: list[int], seat: int) -> None:
    """Put each of ``seat``'s decisions' review on the step whose move it was (``moved``: see
    ``replay_steps``); a decision's ``index`` numbers the game's move events from 0."""
    for decision in seat_decisions(game, seat):
        if had_choice(decision):
            step = next(n for n, count in enumerate(moved, start=1) if count > decision.index)
            steps[step]["review"] = review_decision(decision)
