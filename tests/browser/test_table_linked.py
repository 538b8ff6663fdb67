"""The linked table: people on their own phones (tabs of one browser linked by the in-page
BroadcastChannel transport), the host's phone running the engine, each checked beside the same
game in CPython's engine, and every guest's page and storage checked at every decision for the
other seats' unshown cards."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from harness.browser import DESKTOP, ENGINE_TIMEOUT, storage_keys
from harness.table import WHOLE_GAMES, settle, start
from harness.table_link import HOLDS, finished, kept, open_panel, phone, play, start_linked, synced

LINK = "(d) => document.querySelector('[data-link]').dispatchEvent(new CustomEvent('link-local', {detail: d}))"


def link(host: Any, guest: Any, name: str) -> None:
    """The guest joins the host over the in-page transport (a fresh pair of ends called ``name``):
    it takes the host's lowest free seat."""
    guest.evaluate(LINK, {"role": "guest", "channel": "table-test", "self": f"g-{name}", "peer": f"h-{name}"})
    host.evaluate(LINK, {"role": "host", "channel": "table-test", "self": f"h-{name}", "peer": f"g-{name}"})
    expect(guest.locator("[data-link-status]")).to_contain_text("Linked to the host's table")  # its seat's token given


def test_two_phones_play_a_whole_linked_game_checked_against_the_engine(warm_pages, server):
    """Five-card cribbage to 61: a whole two-seat game in a third of the moves of a game to 121."""
    host = warm_pages(DESKTOP)
    host.emulate_media(reduced_motion="reduce")
    start(host, server, 5, variant="five-card")
    guest = phone(warm_pages(DESKTOP), server, host, 1)
    guest.fill("[data-link-name]", "Ben")
    table = start_linked(host, [guest], "five-card", link_and_commit_early)
    expect(host.locator("[data-link]")).to_contain_text("Ben: linked")
    # the host cuts first: Ben's phone offers no cut and says whose it waits for, and while linked
    # it can neither start a game nor host or join another table
    expect(guest.locator("[data-table-notice]")).to_have_text("Waiting for Player 1 to cut for deal.")
    expect(guest.locator("[data-actions] [data-action]")).to_have_count(0)
    expect(guest.locator("[data-new-game]")).to_be_disabled()
    expect(guest.locator("[data-table-level]")).to_be_disabled()
    starts = "While this phone is linked, the host's phone starts each game."
    expect(guest.locator("[data-guest-note]")).to_have_text(starts)
    expect(guest.locator("[data-link-start]")).to_be_hidden()
    expect(guest.locator("[data-fingerprint]")).to_have_text(host.text_content("[data-fingerprint]") or "")
    moves = play([host, guest], table, lambda view: view["phase"] == "play")
    for page, other in ((host, 1), (guest, 0)):  # each phone draws the other's hand face down
        held = table.view(other)["cards_held"][other]
        assert held > 0
        expect(page.locator(".felt [data-seat='1'] .felt__hand .card-back")).to_have_count(held)
    moves += play([host, guest], table, lambda view: view["result"] is not None)
    assert moves > 30 and table.view(0)["hand_number"] >= 2  # a whole game, move by move
    finished([host, guest], table, ["Player 1", "Ben"])  # every secret, the deal checked, the scores and record
    expect(guest.locator("[data-check]")).to_be_visible()  # Check this deal, on the guest's phone too
    # the game's record, with the names every phone gave, kept on the guest's phone to copy or download
    expect(guest.locator("[data-download-record]")).to_have_attribute("href", re.compile("^blob:"))

def link_and_commit_early(host: Any, guest: Any, name: str) -> None:
    """``link``, then a phone in the next seat sends a commitment before any deal is being made:
    refused and counted like any refused message, and the phone gone again before the game."""
    link(host, guest, name)
    expect(host.locator("[data-link-status]")).to_have_text("Ben is linked.")  # by the name the list shows
    host.evaluate(LINK, {"role": "host", "channel": "table-test", "self": "h-early", "peer": "g-early"})
    forge(host, "early", json.dumps({"v": 1, "type": "commit", "seat": 2, "seq": 1, "body": {"hash": "a" * 64}}))
    host.wait_for_selector("[data-link][data-link-refused='1']", state="attached")
    host.evaluate("() => new BroadcastChannel('table-test').postMessage({from: 'g-early', to: 'h-early', bye: true})")
    expect(host.locator("[data-link-phones] li")).to_have_count(1)


def forge(page: Any, name: str, text: str) -> None:
    """Text on the in-page channel as if from the guest's end ``name``: what a hostile phone could send."""
    page.evaluate("([from, to, text]) => new BroadcastChannel('table-test').postMessage({from, to, text})",
                  [f"g-{name}", f"h-{name}", text])


def test_three_phones_through_a_forgery_two_drops_a_wrong_claim_and_the_host_reloading(warm_pages, server):
    host = warm_pages(DESKTOP)
    host.emulate_media(reduced_motion="reduce")
    start(host, server, 6, variant="three-player")
    guests = [phone(warm_pages(DESKTOP), server, host, n) for n in (1, 2)]
    pages = [host, *guests]
    table = start_linked(host, guests, "three-player", link)
    play(pages, table, lambda view: view["phase"] == "play" and sum(view["cards_held"]) <= 9)  # mid-deal: three laid
    # Ben's phone sends garbage, then a move for Cy's seat: both refused and logged, nothing applied
    events = table.events
    forge(host, "1", "{not json")
    bens_hand, cys_hand = table.view(1)["hand"], table.view(2)["hand"]
    forge(host, "1", json.dumps({"v": 1, "type": "action", "seat": 1, "seq": 50,
                                 "body": {"action": {"kind": "play", "player": 2, "cards": [cys_hand[0]]}}}))
    host.wait_for_selector("[data-link][data-link-refused='2']", state="attached")
    # then a move for its own seat that the engine refuses (a card it does not hold): Ben's phone says why
    forge(host, "1", json.dumps({"v": 1, "type": "action", "seat": 1, "seq": 51,
                                 "body": {"action": {"kind": "play", "player": 1, "cards": [cys_hand[0]]}}}))
    expect(host.locator("[data-link-status]")).to_contain_text("Player 2's move was refused: ")
    why = host.text_content("[data-link-status]").split("refused: ", 1)[1]
    expect(guests[0].locator("[data-table-notice]")).to_have_text(why)
    assert host.get_attribute("[data-link]", "data-events") == str(events)
    # Both guests drop. Cy's phone links first and is offered the lowest free seat, Ben's: with a
    # claim to it (Cy's own token, Ben's seat number) it is refused and sent nothing of seat 1
    guests[0].reload()
    claim_key = storage_keys(host)["tableLinkClaim"]
    cys_claim = kept(guests[1], "tableLinkClaim")
    assert cys_claim["seat"] == 2 and kept(guests[0], "tableLinkClaim")["token"] != cys_claim["token"]
    guests[1].evaluate("([k, v]) => localStorage.setItem(k, v)", [claim_key, json.dumps({**cys_claim, "seat": 1})])
    guests[1].evaluate(LINK, {"role": "guest", "channel": "table-test", "self": "g-2b", "peer": "h-2b"})
    host.evaluate(LINK, {"role": "host", "channel": "table-test", "self": "h-2b", "peer": "g-2b"})
    host.wait_for_selector("[data-link][data-link-refused='3']", state="attached")
    expect(guests[1].locator("[data-link-status]")).to_contain_text("does not hold the token")
    assert not set(bens_hand) & set(guests[1].evaluate(HOLDS, guests[1].prefix)["cards"]), "Ben's cards on Cy's phone"
    # with its own claim Cy's phone takes seat 2 back; Ben's phone, reloaded, takes seat 1
    guests[1].evaluate("([k, v]) => localStorage.setItem(k, v)", [claim_key, json.dumps(cys_claim)])
    link(host, guests[1], "2c")
    expect(guests[1].locator("[data-link-status]")).to_contain_text("plays seat 3")
    settle(guests[0])
    open_panel(guests[0])
    link(host, guests[0], "1b")
    synced(pages, events)
    assert [guest.evaluate(HOLDS, guest.prefix)["hand"] for guest in guests] == [bens_hand, cys_hand]
    # the host reloads: its game comes back, and both guests link again and claim their seats
    host.reload()
    host.wait_for_selector("[data-table-page][data-phase='play'] [data-link][data-ready]", state="attached",
                           timeout=ENGINE_TIMEOUT)  # the saved game drawn, the link panel ready
    settle(host)
    for n, guest in enumerate(guests, 1):
        link(host, guest, f"{n}d")
    synced(pages, events)
    if not WHOLE_GAMES:  # the suite's own run: on through the rest of this deal, every phone checked
        play(pages, table, lambda view: view["hand_number"] >= 1 or view["result"] is not None)
        assert host.get_attribute("[data-link]", "data-link-refused") is None  # nothing refused since the reload
        return
    play(pages, table, lambda view: view["result"] is not None, steps=600)  # on to the end of the game, to 121
    assert host.get_attribute("[data-link]", "data-link-refused") is None  # nothing refused since the reload
    finished(pages, table, ["Player 1", "Player 2", "Player 3"])


def test_four_phones_play_a_partners_game_and_one_seat_is_released(warm_pages, server):
    """Four phones linked, every seat's moves made on its own phone, each guest checked at every
    move, to the end of a game to 121 (`make test-all`; the suite's own run: on to the next deal);
    near the end (in the first deal) Dee's phone leaves for good, and the host, asked first,
    releases Dee's seat: the computer plays it from then on, and its token is gone."""
    host = warm_pages(DESKTOP)
    host.emulate_media(reduced_motion="reduce")
    start(host, server, 7, variant="four-player")
    guests = [phone(warm_pages(DESKTOP), server, host, n) for n in (1, 2, 3)]
    table = start_linked(host, guests, "four-player", link)
    pages = [host, *guests]
    near_the_end = 90 if WHOLE_GAMES else 0  # the suite's own run: Dee leaves in the first deal
    moves = play(pages, table, lambda view: max(view["scores"]) >= near_the_end and view["to_act"] == 3
                 and view["phase"] != "cut_for_deal", steps=600)
    guests[2].close()  # Dee's phone is gone, on Dee's turn
    release = host.locator("[data-link-release='3']")
    expect(release).to_have_text("Release Player 4's seat")
    expect(host.locator("[data-link-phones]")).to_contain_text("Player 4: left the table")
    release.click()
    expect(host.locator("[data-confirm]")).to_contain_text("Release Player 4's seat?")
    host.click("[data-confirm-yes]")
    expect(host.locator("[data-link-status]")).to_have_text("The computer plays Player 4's seat now.")
    expect(release).to_have_count(0)
    kept_game = kept(host, "tableLink")
    assert kept_game["seats"][:3] == ["human"] * 3 and kept_game["seats"][3] != "human"
    assert "3" not in kept_game["tokens"] and kept_game["tokens"].keys() == {"1", "2"}  # no phone can claim it back
    table.release(3, kept_game["seats"][3])
    pages[3] = None
    synced(pages, table.events)  # the computer's move for Dee made, on every phone left
    if not WHOLE_GAMES:  # on to the next deal, the computer in Dee's seat
        play(pages, table, lambda view: view["hand_number"] >= 1 or view["result"] is not None)
        return
    moves += play(pages, table, lambda view: view["result"] is not None, steps=600)
    assert moves > 100 and table.view(0)["hand_number"] >= 3  # a whole game, move by move
    finished(pages, table, ["Player 1", "Player 2", "Player 3", "Player 4"])
