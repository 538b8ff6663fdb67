"""The linked table: people on their own phones (tabs of one browser linked by the in-page
BroadcastChannel transport), the host's phone running the engine, each checked beside the same
game in CPython's engine, and every guest's page and storage checked at every decision for the
other seats' unshown cards."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from harness.browser import DESKTOP, ENGINE_TIMEOUT, storage_keys
from harness.table import api, perform, settle, start

LINK = "(d) => document.querySelector('[data-link]').dispatchEvent(new CustomEvent('link-local', {detail: d}))"


class Table:
    """The game in CPython, from the seed the host's phone drew with every phone's secret."""

    def __init__(self, seed: int, seats: list[str]) -> None:
        self.reply = api("table_new", seed=seed, level="normal", seats=seats, count_by_hand=False, muggins=False, hints=False)

    def view(self, seat: int) -> Any:
        return api("table_view", private=self.reply["private"], seat=seat)["view"]

    def act(self, action: dict[str, Any]) -> None:
        self.reply = api("table_act", private=self.reply["private"], action=action)

    @property
    def events(self) -> int:
        return len(self.reply["private"]["game"]["events"])


def open_panel(page: Any) -> None:
    page.click("[data-link] summary")
    page.wait_for_selector("[data-link][data-ready]", state="attached")


def link(host: Any, guest: Any, n: int) -> None:
    """Guest ``n`` joins the host over the in-page transport: its seat is the host's next free one."""
    guest.evaluate(LINK, {"role": "guest", "channel": "table-test", "self": f"g{n}", "peer": f"h{n}"})
    host.evaluate(LINK, {"role": "host", "channel": "table-test", "self": f"h{n}", "peer": f"g{n}"})
    expect(guest.locator("[data-link-status]")).to_contain_text("Linked to the host's table")


def cards_in_page(page: Any) -> set[str]:
    """Every card in the DOM but the show's rows of others' hands, which are face up for all."""
    codes: list[str] = page.locator("[data-card]").evaluate_all(
        "els => els.filter(e => !e.closest('.show-row:not(.show-row--yours)')).map(e => e.dataset.card)")
    return set(codes)


def stored(page: Any) -> str:
    return str(page.evaluate("Object.keys(localStorage).map(k => localStorage.getItem(k)).join('\\n')"))


def secrets_of_others(table: Table, seat: int, seats: int, thrown: dict[int, set[str]]) -> set[str]:
    """The cards the other seats hold unplayed, and their throws until the crib is shown."""
    hidden: set[str] = set()
    for other in range(seats):
        if other != seat:
            hidden |= set(table.view(other)["hand"]) | thrown.get(other, set())
    return hidden


def synced(pages: list[Any], events: int) -> None:
    for page in pages:
        page.wait_for_selector(f"[data-link][data-events='{events}']", state="attached", timeout=ENGINE_TIMEOUT)
        settle(page)


def play(pages: list[Any], table: Table, done: Any, steps: int = 400) -> None:
    """The first legal move of the seat to act, on that seat's phone, until ``done(view)``; every
    guest's page and storage checked for the others' cards after each move."""
    seats = len(pages)
    thrown: dict[int, set[str]] = {}
    for _ in range(steps):
        view = table.view(0)
        if done(view):
            return
        seat = view["to_act"]
        action = dict(table.view(seat)["legal"][0])
        perform(pages[seat], action)
        table.act(action)
        if action["kind"] == "discard":
            thrown[seat] = set(action["cards"])
        if any(event["type"] == "show" and event.get("part") == "crib" for event in table.reply["view"]["events"]):
            thrown.clear()
        synced(pages, table.events)
        for guest_seat in range(1, seats):
            guest = pages[guest_seat]
            hidden = secrets_of_others(table, guest_seat, seats, thrown)
            assert not hidden & cards_in_page(guest), f"seat {guest_seat}'s page holds another seat's cards"
            assert not any(f'"{code}"' in stored(guest) for code in hidden), "another seat's card in storage"
            mine = guest.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")
            assert mine == table.view(guest_seat)["hand"]
    raise AssertionError("the game did not get there")


def test_two_phones_play_a_whole_linked_game_checked_against_the_engine(warm_pages, server):
    host, guest = warm_pages(DESKTOP), warm_pages(DESKTOP)
    start(host, server, 5)
    guest.goto(server + "table/")
    settle(guest)
    for page in (host, guest):
        open_panel(page)
    link(host, guest, 1)
    host.click("[data-new-game]")  # the game on the host's phone had not begun: no question
    keys = storage_keys(host)
    host.wait_for_function(f"(localStorage.getItem('{keys['tableLink']}') || '').includes('seed')", timeout=ENGINE_TIMEOUT)
    kept = json.loads(host.evaluate(f"localStorage.getItem('{keys['tableLink']}')"))
    assert kept["seats"] == ["human", "human"] and sorted(kept["round"]["commits"]) == ["0", "1"]
    table = Table(kept["seed"], ["human", "human"])
    synced([host, guest], table.events)
    # the guest holds its own secret and the commitments only, never the host's secret before the end
    guest_kept = json.loads(guest.evaluate(f"localStorage.getItem('{keys['tableLinkGuest']}')"))["1"]
    assert guest_kept["round"]["reveals"] == {} and guest_kept["round"]["commits"] == kept["round"]["commits"]
    play([host, guest], table, lambda view: view["result"] is not None)
    # at the end every phone has every secret and checks the deal; the scores are the engine's
    expect(guest.locator("[data-link-status]")).to_contain_text("no phone chose the cards", timeout=ENGINE_TIMEOUT)
    guest_kept = json.loads(guest.evaluate(f"localStorage.getItem('{keys['tableLinkGuest']}')"))["1"]
    assert guest_kept["checked"] is True and guest_kept["round"]["reveals"] == kept["round"]["reveals"]
    assert guest_kept["seed"] == kept["seed"]
    final = table.view(0)["scores"]
    assert host.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, final))
    assert guest.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, final[1:] + final[:1]))
