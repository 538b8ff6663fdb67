"""The table's backend in every variant: the computer at every other seat, only the human's cards shown."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cribbage.backend.api import call
from cribbage.game import Game


def ok(method: str, **params: Any) -> dict[str, Any]:
    answer = json.loads(call(method, json.dumps(params)))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def hidden_codes(private: dict[str, Any]) -> set[str]:
    """The cards the other seats hold unplayed, and the undealt pack: what the page must never see."""
    game = Game.from_json(private["game"])
    unplayed = {c.code for seat in range(1, game.seats) for c in game.hands[seat]}
    starter = {game.starter.code} if game.starter is not None else set()
    mine = set()  # the human's own throw this deal
    for event in reversed(game.events):
        if event.kind == "deal":
            break
        if event.kind == "discard" and event.player == 0:
            mine = {c.code for c in event.cards}
    crib = set() if game.show_part == "crib" else {c.code for c in game.crib} - mine
    return unplayed | crib | ({c.code for c in game._state.deck} - starter)  # the starter is face up


@pytest.mark.parametrize(("variant", "seats", "sides"), [("five-card", 2, 2), ("three-player", 3, 3),
                                                         ("four-player", 4, 2)])
def test_a_whole_game_at_the_table_shows_only_the_humans_cards(variant: str, seats: int, sides: int) -> None:
    reply = ok("table_new", level="normal", seed=8, variant=variant, hints=True)
    assert reply["view"]["variant"] == variant and reply["view"]["seats"] == seats
    moves = 0
    while reply["view"]["phase"] != "game_over":
        view = reply["view"]
        page = json.dumps(view)
        for code in hidden_codes(reply["private"]) - set(view["hand"]):
            assert f'"{code}"' not in page or _laid_or_shown(view, code), (code, view["phase"])
        if view["phase"] == "discard":
            hint = ok("table_hint", private=reply["private"])["throws"]
            assert len(hint[0]["discard"]) == (2 if variant == "five-card" else 1)
        reply = ok("table_act", private=reply["private"], action=view["legal"][0])
        moves += 1
    view = reply["view"]
    assert len(view["result"]["scores"]) == sides and len(view["summary"]["points"]) == sides
    assert moves > 10 and "win" in view["events"][-1]["text"]


def _laid_or_shown(view: dict[str, Any], code: str) -> bool:
    """A code in the page legitimately: in an event that laid or showed it (never a face-down throw)."""
    return any(code in json.dumps(e) for e in view["events"] if e["type"] != "discard")


def test_the_expert_is_offered_only_for_the_standard_game() -> None:
    answer = json.loads(call("table_new", json.dumps({"level": "expert", "variant": "three-player"})))
    assert not answer["ok"] and "only the standard game" in answer["error"]


def test_a_standard_table_view_is_as_it_was() -> None:
    view = ok("table_new", level="easy", seed=3)["view"]
    assert "variant" not in view and "seats" not in view
    assert set(view) >= {"computer_cards", "hand", "legal", "scores"}
