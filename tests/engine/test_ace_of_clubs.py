"""The ace of clubs is card index 0 (Card is an int): it must never read as "no card"."""

from __future__ import annotations

import json

from cribbage import DECK, Card, parse_card
from cribbage.backend.api import call


def api(method, **params):
    reply = json.loads(call(method, json.dumps(params)))
    assert reply["ok"], reply
    return reply["result"]


def test_every_card_is_true_including_the_ace_of_clubs():
    assert parse_card("AC") == 0
    assert all(bool(card) for card in DECK)
    assert bool(Card(0)) and bool(parse_card("AC"))


def test_the_play_scorer_lays_the_ace_of_clubs_and_scores_its_31():
    steps = api("play", steps="10h jd qc ac")["steps"]
    assert [s["card"] for s in steps] == ["TH", "JD", "QC", "AC"]
    assert steps[-1]["count"] == 31 and steps[-1]["points"] == 2
    lead = api("play", steps="ac")["steps"]
    assert lead[0]["card"] == "AC" and not lead[0]["go"]


def table_view_with_starter(code):
    """A seeded table game played on (the first legal action each time) until the starter is cut."""
    for seed in range(1, 400):
        reply = api("table_new", seed=seed, level="easy")
        for _ in range(40):
            view = reply["view"]
            if view.get("starter"):
                break
            if not view["legal"]:
                break
            reply = api("table_act", private=reply["private"], action=view["legal"][0])
        game = json.loads(reply["private"]["game"]) if isinstance(reply["private"].get("game"), str) else None
        if reply["view"].get("starter") == code or (game and game.get("starter") == code):
            return reply["view"]
    raise AssertionError(f"no seed below 400 cuts {code} as the starter")


def test_the_table_shows_an_ace_of_clubs_starter():
    view = table_view_with_starter("AC")
    assert view["starter"] == "AC"
