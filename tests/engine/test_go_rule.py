"""The play scorer's go: impossible while any card the player could hold still fits.

The scorer sees only the cards laid. It refuses a go it can prove false (at 21 or less every card
fits; a card laid later was in the hand at the go), and it says which goes it takes on trust."""

from __future__ import annotations

import json

import pytest

from cribbage import DECK, CardError
from cribbage.backend.api import call
from cribbage.play import go_problem, run_play


def play(steps: str) -> dict:
    return json.loads(call("play", json.dumps({"steps": steps})))


@pytest.mark.parametrize("steps, count, player", [
    ("ah go go 2h go go 3h go go 4h go go", 1, "dealer"),  # the first example
    ("4c 4d 4h 3s kh go 6s 9d go 8c", 9, "dealer"),         # a slip: a go with the eight in hand
    ("TC 9D go", 19, "pone"),
    ("TC JD AH go", 21, "dealer"),                          # 21: even a ten fits
])
def test_a_go_while_every_card_fits_is_refused(steps, count, player):
    reply = play(steps)
    assert not reply["ok"]
    assert f"at a count of {count} every card fits" in reply["error"]
    assert f"the {player} still holds" in reply["error"] and "a go is said only when no card fits" in reply["error"]


def test_the_slip_scores_what_the_play_really_scored_without_the_extra_go():
    reply = play("4c 4d 4h 3s kh go 6s 9d 8c")
    assert reply["ok"] and reply["result"]["totals"] == [8, 5]  # the dealer 5, never the 6 of the slip


def test_a_card_laid_later_that_would_have_fitted_at_the_go_is_refused():
    # the dealer says go at 26, then leads the five of spades, which fitted there (26 + 5 = 31)
    reply = play("TC 9D 7H go go 5S")
    assert not reply["ok"]
    assert "the dealer said go at a count of 26 (step 4)" in reply["error"]
    assert "five of spades" in reply["error"] and "26 + 5 = 31" in reply["error"]


def test_a_possible_go_is_taken_on_trust_until_the_cards_prove_it():
    steps = play("TC 9D 7H go go")["result"]["steps"]
    goes = [s for s in steps if s["go"]]
    assert [(s["player"], s["held"], s["fits_up_to"], s["known"]) for s in goes] == [
        ("dealer", 3, 5, False), ("pone", 2, 5, False)]
    # the whole play laid out: every card held at each go is down, and none fitted
    whole = play("KS 9H QD go go TC 8H KH go go 5C TD")["result"]
    assert whole["over"] and all(s["known"] for s in whole["steps"] if s["go"])
    assert whole["totals"] == [1, 4]


def test_a_go_by_a_player_out_of_cards_only_ends_the_count():
    # the pone's fourth card makes 28; the dealer cannot lay the eight, and the count ends
    steps = play("AC 2D 3C 4D 5C 6D 7C go 8D")["result"]["steps"]
    assert steps[7]["go"] and steps[7]["held"] == 1 and steps[7]["closes_count"]
    assert steps[-1]["items"][-1]["kind"] == "go"  # the last card of the play


def test_go_problem_counts_the_cards_that_could_be_too_big():
    everything = list(DECK)
    assert go_problem(21, 1, everything, "pone") is not None
    assert go_problem(22, 4, everything, "pone") is None  # sixteen tens could all be too big
    tens_left = [c for c in DECK if c.value == 10][:2] + [c for c in DECK if c.value < 10]
    assert go_problem(22, 3, tens_left, "pone") is not None  # three cards, only two tens unseen
    assert go_problem(22, 2, tens_left, "pone") is None
    assert go_problem(5, 0, everything, "pone") is None  # no cards: nothing to fit


def test_run_play_raises_card_error_for_an_impossible_go():
    with pytest.raises(CardError, match="every card fits"):
        run_play(["5C", "TD", "go"])
