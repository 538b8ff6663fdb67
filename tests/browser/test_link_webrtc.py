"""The table link over real WebRTC: two browser contexts in one Chromium linked through the page
modules' text codes, a protocol message each way over the data channel, and each code drawn as a
QR code and read back from the pixels by the site's self-hosted reader (no camera).

All of it runs inside a network namespace that the test makes (``harness.link_netns``): the
static host and Chromium both, so no address outside the namespace can be contacted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from harness.link_netns import namespace_available, run_in_namespace

ROUNDS = 3


def in_namespace(site: Path, site_url: str, rounds: int, page: str = "") -> dict[str, Any]:
    """The driver's report for ``page``, run inside a network namespace of its own (skipped where
    this machine cannot make one)."""
    reason = namespace_available()
    if reason:
        pytest.skip(reason)
    port = urlsplit(site_url).port
    assert port
    return run_in_namespace(site, port, rounds, page=page)


def test_two_contexts_link_by_text_codes_and_talk_inside_a_network_namespace(site: Path, site_url: str) -> None:
    report = in_namespace(site, site_url, ROUNDS)
    assert report["problems"] == []
    offer, answer = report["offer"], report["answer"]
    # every candidate gathered before the code was made: the veth's address, not a .local name
    assert " 10.99.0.1 " in offer["sdp"] and " 10.99.0.1 " in answer["sdp"]
    assert ".local" not in offer["sdp"]
    assert "a=setup:actpass" in offer["sdp"] and "a=setup:active" in answer["sdp"]
    assert len(offer["code"]) < 120 and len(answer["code"]) < 120, (offer["code"], answer["code"])
    assert report["open_ms"] > 0
    pings = [f'"type":"ping","seat":0,"seq":{i},"body":{{"t":{i}}}' for i in range(1, ROUNDS + 1)]
    pongs = [f'"type":"pong","seat":1,"seq":{i},"body":{{"t":{i}}}' for i in range(1, ROUNDS + 1)]
    assert [next(p for p in pings if p in text) for text in report["guest_received"]] == pings
    assert [next(p for p in pongs if p in text) for text in report["host_received"]] == pongs
    assert len(report["round_trips_ms"]) == ROUNDS
    for side, code in (("offer", offer["code"]), ("answer", answer["code"])):
        assert report["qr"][side]["read"] == code
        assert 1 <= report["qr"][side]["version"] <= 10


def test_three_phones_share_the_board_linked_through_the_page_codes(site: Path, site_url: str) -> None:
    """A host and two guests on /board/, linked through the page's own text codes (the host's
    drawn QR code read back once from the canvas): a peg from each guest shows on every phone,
    either may undo, labelled with whose peg it takes back, and a guest that reloads keeps its
    board and links again with one new pair of codes."""
    report = in_namespace(site, site_url, 1, page="board")
    assert report["problems"] == []
    assert report["qr"]["read"] == report["qr"]["offer"]
    assert all(len(link["offer"]) < 120 and len(link["answer"]) < 120 for link in report["links"])
    # Ben pegs 2, Cy pegs 4, Ben undoes Cy's 4; after one timed peg Ben reloads, links, pegs 3
    assert [step["undo"] for step in report["steps"]] == [
        ["Undo Ben's 2"] * 3, ["Undo Cy's 4"] * 3, ["Undo Ben's 2"] * 3, ["Undo Ben's 3"] * 3]
    assert report["kept"] == "2,1"
    assert report["phones"] == ["Cy: linkedBen: linked", "", ""]
    assert len(report["peg_ms"]) == 1


def test_two_phones_link_a_table_by_the_page_codes_and_play_a_whole_game(site: Path, site_url: str) -> None:
    """The table linked over the data channel through the page's own text codes (the host's drawn
    QR code read back from the canvas): a whole game of five-card cribbage to 61, each move on its
    seat's phone; after every move the guest's page and storage hold none of the host's unshown
    cards and its hand and scores are the engine's (checked in the driver, ``harness.table_link.play``),
    and at the end both phones offer the same record, the engine's. The suite's own run plays the
    first deal to its end; ``make test-all`` the whole game."""
    report = in_namespace(site, site_url, 1, page="table")
    assert report["problems"] == []
    assert report["qr"]["read"] == report["qr"]["offer"]
    assert len(report["links"]) == 1 and len(report["links"][0]["answer"]) < 120
    assert report["phones"] == "Ben: linked"
    # the guest's narration calls the host's seat by the name its score line shows
    log = "\n".join(report["guest_log"])
    assert "Player 1 throws two cards" in log and "Player 1 lays the " in log and "The computer" not in log, log
    if not report["whole"]:  # the suite's own run (make test, CI): the first deal, to its end
        assert report["moves"] > 10 and report["hands"] >= 1
        return
    assert report["guest_status"].startswith("Every phone's secret matches its commitment")
    assert report["moves"] > 30 and report["hands"] >= 2  # a whole game, move by move
    # the host's record names the guest as the guest's phone does: both phones keep the same record
    assert report["records"] == [report["engine_record"]] * 2
    assert "Ben" in report["engine_record"]
