"""The table's hints: off unless chosen, a throw or a card from the human's view only, and every
hint used labelled in the game's record, which still reads and replays."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cribbage.backend import table
from cribbage.backend.api import call
from cribbage.backend.hints import card_reason
from cribbage.backend.known import KNOWN_GAMES
from cribbage.errors import GameStateError
from cribbage.expert.player import expert_card
from cribbage.expert.seat import seat_view
from cribbage.game import Game
from cribbage.players import computer_player
from cribbage.records import Hint, parse, replay, write
from harness.games import game_on_a_king, hide_differently

HUMAN = 0


def answer(method: str, **params: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(call(method, json.dumps(params)))
    return reply


def ok(method: str, **params: Any) -> dict[str, Any]:
    reply = answer(method, **params)
    assert reply["ok"], reply
    result: dict[str, Any] = reply["result"]
    return result


def _to(reply: dict[str, Any], wanted: str, choices: int = 2) -> dict[str, Any]:
    """Play the human's first legal move until it stands at ``wanted`` (a discard, or a play with choices)."""
    while True:
        legal = reply["view"]["legal"]
        if legal and legal[0]["kind"] == wanted and (wanted != "play" or len(legal) >= choices):
            return reply
        reply = ok("table_act", private=reply["private"], action=legal[0])


def _at_a_choice_of_cards(seed: int, hints: bool = True) -> dict[str, Any]:
    reply = _to(ok("table_new", level="normal", seed=seed, hints=hints), "discard")
    return _to(reply, "play")


def test_hints_are_off_by_default_and_refused_then():
    reply = ok("table_new", level="normal", seed=4)
    assert reply["view"]["hints"] is False and reply["private"]["hints"] is False
    reply = _to(reply, "discard")
    refused = answer("table_hint", private=reply["private"])
    assert refused["ok"] is False and "hints are off" in refused["error"]
    reply = _to(reply, "play")
    refused = answer("table_hint", private=reply["private"], kind="card")
    assert refused["ok"] is False and "hints are off" in refused["error"]


def test_a_game_started_with_hints_keeps_them_across_a_reload():
    reply = ok("table_new", level="normal", seed=4, hints=True)
    assert reply["view"]["hints"] is True
    assert ok("table_view", private=reply["private"])["view"]["hints"] is True


def test_a_card_hint_is_refused_with_no_choice_of_cards():
    reply = _to(ok("table_new", level="normal", seed=4, hints=True), "discard")
    refused = answer("table_hint", private=reply["private"], kind="card")  # the throw, not the play
    assert refused["ok"] is False and "a card can be suggested in the play" in refused["error"]
    with pytest.raises(GameStateError):
        table.hint(reply["private"], "card")


@pytest.mark.parametrize("seed", [3, 8, 15])
def test_the_card_hint_is_the_experts_from_the_humans_view(seed):
    reply = _at_a_choice_of_cards(seed)
    hinted = ok("table_hint", private=reply["private"], kind="card")
    game = Game.from_json(reply["private"]["game"])
    rng = random.Random(f"hint/{game.hand_number}/{len(game.events)}")
    assert hinted["card"] == expert_card(seat_view(game, HUMAN), rng).code
    assert hinted["card"] in {a["cards"][0] for a in reply["view"]["legal"]}
    assert hinted["reason"] == card_reason(game, hinted["card"])
    hidden = list(game.hands[1])
    hide_differently(game, HUMAN, seed=seed)
    assert list(game.hands[1]) != hidden  # the computer's cards did change
    # Cards swapped by hand do not follow from the moves: the table opens them as a game it wrote.
    private = {**reply["private"], "game": KNOWN_GAMES.save(game)}
    assert ok("table_hint", private=private, kind="card")["card"] == hinted["card"]


def test_a_card_hint_says_what_the_card_scores_as_it_is_laid():
    game = game_on_a_king()  # the king led: the five makes fifteen, the ten nothing
    assert card_reason(game, "5D") == "it makes fifteen for 2"
    assert card_reason(game, "TC") is None


def test_a_card_hint_in_a_variant_is_the_strong_levels():
    reply = _to(ok("table_new", level="normal", seed=6, variant="three-player", hints=True), "discard")
    reply = _to(reply, "play")
    game = Game.from_json(reply["private"]["game"])
    plays = [a for a in game.legal_actions() if a.player == HUMAN]
    hinted = ok("table_hint", private=reply["private"], kind="card")["card"]
    assert hinted == computer_player("strong")(game, plays).cards[0].code


def _game_with_hints(seed: int) -> dict[str, Any]:
    """A game to its end at the table, asking for a throw in the first deal and a card in the first
    two plays with a choice; returns the last reply."""
    reply = ok("table_new", level="normal", seed=seed, hints=True)
    asked = {"throw": 0, "card": 0}
    while reply["view"]["phase"] != "game_over":
        legal = reply["view"]["legal"]
        kind = {"discard": "throw", "play": "card"}.get(legal[0]["kind"]) if legal else None
        if kind and asked[kind] < (1 if kind == "throw" else 2) and (kind == "throw" or len(legal) > 1):
            reply = {**reply, "private": table.hint(reply["private"], kind)["private"]}
            asked[kind] += 1
        reply = ok("table_act", private=reply["private"], action=legal[0])
    return reply


def test_hints_used_are_labelled_in_the_record_which_round_trips():
    reply = _game_with_hints(9)
    used = reply["private"]["hints_used"]
    assert [kind for _, kind in used] == ["throw", "card", "card"]
    text = ok("record", private=reply["private"])["text"]
    lines = text.splitlines()
    labels = [i for i, line in enumerate(lines) if line.startswith("hint ")]
    assert [lines[i] for i in labels] == ["hint 0 throw", "hint 0 card", "hint 0 card"]
    assert lines[labels[0] + 1].startswith("discard 0 ") and lines[labels[1] + 1].startswith("play 0 ")
    record = parse(text)
    assert record.hints == tuple(Hint(before, HUMAN, kind) for before, kind in used)
    again = replay(record)
    assert again.to_json() == Game.from_json(reply["private"]["game"]).to_json()
    assert write(again, HUMAN, record.hints, record.players) == text
    steps = ok("replay_record", text=text)["steps"]
    assert [step.get("hint") for step in steps if step.get("hint")] == ["throw", "card", "card"]


def test_a_record_without_hint_lines_still_reads_and_one_misplaced_is_named():
    reply = _game_with_hints(9)
    text = ok("record", private=reply["private"])["text"]
    old = "\n".join(line for line in text.splitlines() if not line.startswith("hint ")) + "\n"
    record = parse(old)
    assert record.hints == () and replay(record).to_json() == replay(parse(text)).to_json()
    lines = text.splitlines()
    first = lines.index("hint 0 throw")
    lines[first], lines[first - 1] = lines[first - 1], lines[first]  # now above the line before the throw
    with pytest.raises(Exception, match=f"line {first}: 'hint 0 throw' does not come right before a discard"):
        parse("\n".join(lines))


def test_a_saved_game_from_before_hints_opens_with_them_off():
    reply = ok("table_new", level="normal", seed=4, hints=True)
    old = {key: value for key, value in reply["private"].items() if not key.startswith("hints")}
    assert ok("table_view", private=old)["view"]["hints"] is False
    bad = {**reply["private"], "hints_used": [[-1, "card"]]}
    assert answer("table_view", private=bad)["ok"] is False
