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
from harness.table import api, perform, settle, start

LINK = "(d) => document.querySelector('[data-link]').dispatchEvent(new CustomEvent('link-local', {detail: d}))"
# Each guest tab is a phone of its own: its localStorage keys carry its prefix (tabs of one browser
# share one storage, phones do not), and its table starts at the Instant pace.
OWN_STORAGE = """([prefix, settings]) => {
  const proto = Storage.prototype;
  const get = proto.getItem, set = proto.setItem, remove = proto.removeItem;
  proto.getItem = function (key) { return get.call(this, prefix + key); };
  proto.setItem = function (key, value) { return set.call(this, prefix + key, value); };
  proto.removeItem = function (key) { return remove.call(this, prefix + key); };
  if (get.call(localStorage, prefix + settings) === null) {
    set.call(localStorage, prefix + settings, '{"pace": "instant"}');
  }
}"""


class Table:
    """The game in CPython, from the seed the host's phone drew with every phone's secret."""

    def __init__(self, seed: int, seats: list[str], variant: str) -> None:
        self.reply = api("table_new", seed=seed, level="normal", seats=seats, variant=variant, count_by_hand=False,
                         muggins=False, hints=False)

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


def link(host: Any, guest: Any, name: str) -> None:
    """The guest joins the host over the in-page transport (a fresh pair of ends called ``name``):
    it takes the host's lowest free seat."""
    guest.evaluate(LINK, {"role": "guest", "channel": "table-test", "self": f"g-{name}", "peer": f"h-{name}"})
    host.evaluate(LINK, {"role": "host", "channel": "table-test", "self": f"h-{name}", "peer": f"g-{name}"})
    expect(guest.locator("[data-link-status]")).to_contain_text("Linked to the host's table")  # its seat's token given


def start_linked(host: Any, guests: list[Any], variant: str) -> Table:
    """Every guest linked, New game on the host: the game in CPython from the seed every phone drew."""
    open_panel(host)
    for n, guest in enumerate(guests, 1):
        link(host, guest, f"{n}")
    host.click("[data-new-game]")  # the game on the host's phone had not begun: no question
    host.wait_for_function("(k) => (localStorage.getItem(k) || '').includes('seed')",
                           arg=storage_keys(host)["tableLink"], timeout=ENGINE_TIMEOUT)
    game = kept(host, "tableLink")
    seats = ["human"] * (len(guests) + 1)
    assert game["seats"] == seats and sorted(game["round"]["commits"]) == [str(n) for n in range(len(seats))]
    table = Table(game["seed"], seats, variant)
    synced([host, *guests], table.events)
    for n, guest in enumerate(guests, 1):  # a guest holds its own secret and every commitment, no other secret
        mine = kept(guest, "tableLinkGuest")[str(n)]
        assert mine["round"]["reveals"] == {} and mine["round"]["commits"] == game["round"]["commits"]
    return table


def phone(warm_pages: Any, server: str, host: Any, n: int) -> Any:
    """Guest ``n``'s phone: a tab with storage of its own, at the table, its link panel open."""
    page = warm_pages(DESKTOP)
    page.emulate_media(reduced_motion="reduce")  # no card in flight for a click to wait on
    prefix = f"phone{n}:"
    page.add_init_script(f"({OWN_STORAGE})({json.dumps([prefix, storage_keys(host)['tableSettings']])})")
    page.goto(server + "table/")
    settle(page)
    page.prefix = prefix
    open_panel(page)
    return page


def where(page: Any, codes: set[str]) -> list[str]:
    """The markup around each of these cards in the page: what a failure shows."""
    found: list[str] = page.evaluate(
        "(codes) => codes.flatMap(c => [...document.querySelectorAll(`[data-card='${c}']`)]"
        ".map(e => (e.parentElement.parentElement || e).outerHTML.slice(0, 300)))", sorted(codes))
    return found


def kept(page: Any, key: str) -> Any:
    return json.loads(page.evaluate("(k) => localStorage.getItem(k) || 'null'", storage_keys(page)[key]))


# What a guest's phone holds, read at once: every card in its DOM but the show's rows of others'
# hands (face up for all), its hand, and everything in its own storage.
HOLDS = """(prefix) => ({
  cards: [...document.querySelectorAll('[data-card]')].filter(e => !e.closest('.show-row:not(.show-row--yours)'))
    .map(e => e.dataset.card),
  hand: [...document.querySelectorAll('[data-hand] button')].map(e => e.dataset.card),
  stored: Object.keys(localStorage).filter(k => k.startsWith(prefix)).map(k => localStorage.getItem(k)).join('\\n'),
})"""
SYNCED = """(events) => document.querySelector('[data-link]').dataset.events === String(events)
  && !('busy' in document.querySelector('[data-table-page]').dataset)"""


def synced(pages: list[Any], events: int) -> None:
    """Every phone has drawn the game as it is after ``events`` events. Polled on a timer: only the
    tab in front draws frames at full rate (the others about one a second), as with phones."""
    for page in pages:
        page.wait_for_function(SYNCED, arg=events, timeout=ENGINE_TIMEOUT, polling=20)


def check_guests(pages: list[Any], views: list[Any], thrown: dict[int, set[str]]) -> None:
    """No guest's page or storage holds a card another seat holds unplayed, or another seat's throw
    before the crib is turned up; each guest's hand is the engine's."""
    for seat, guest in enumerate(pages[1:], 1):
        others = [other for other in range(len(views)) if other != seat]
        hidden = set().union(*(set(views[other]["hand"]) | thrown.get(other, set()) for other in others))
        holds = guest.evaluate(HOLDS, guest.prefix)
        leaked = hidden & set(holds["cards"])
        assert not leaked, (f"seat {seat}'s page holds another seat's cards", views[0]["phase"], where(guest, leaked))
        over = views[0]["result"] is not None  # then every phone keeps the game's record, every hand in it
        stored = [code for code in hidden if f'"{code}"' in holds["stored"]]
        assert over or not stored, f"seat {seat}'s storage holds another's card"
        assert holds["hand"] == views[seat]["hand"]


def pick_up(page: Any) -> None:
    """The phone whose turn it is in front, as its person picks it up: headless Chromium draws a tab
    behind others at about a frame a second, and every click waits for two frames."""
    page.bring_to_front()


def play(pages: list[Any], table: Table, done: Any, steps: int = 400) -> int:
    """The first legal move of the seat to act, on that seat's phone, until ``done(view)``; every
    guest's page and storage checked after each move. The moves made."""
    thrown: dict[int, set[str]] = {}
    views = [table.view(seat) for seat in range(len(pages))]
    for step in range(steps):
        if done(views[0]):
            return step
        seat = views[0]["to_act"]
        action = dict(views[seat]["legal"][0])
        pick_up(pages[seat])
        perform(pages[seat], action)
        table.act(action)
        views = [table.view(seat) for seat in range(len(pages))]
        if action["kind"] == "discard":
            thrown[seat] = set(action["cards"])
        if views[0]["crib"] is not None:  # turned up: every throw is face up
            thrown.clear()
        synced(pages, table.events)
        check_guests(pages, views, thrown)
    raise AssertionError("the game did not get there")


def test_two_phones_play_a_whole_linked_game_checked_against_the_engine(warm_pages, server):
    """Five-card cribbage to 61: a whole two-seat game in a third of the moves of a game to 121."""
    host = warm_pages(DESKTOP)
    host.emulate_media(reduced_motion="reduce")
    start(host, server, 5, variant="five-card")
    guest = phone(warm_pages, server, host, 1)
    guest.fill("[data-link-name]", "Ben")
    table = start_linked(host, [guest], "five-card")
    expect(host.locator("[data-link]")).to_contain_text("Ben: linked")
    moves = play([host, guest], table, lambda view: view["result"] is not None)
    assert moves > 30 and table.view(0)["hand_number"] >= 2  # a whole game, move by move
    # at the end every phone has every secret and checks the deal; the scores are the engine's
    expect(guest.locator("[data-link-status]")).to_contain_text("no phone chose the cards", timeout=ENGINE_TIMEOUT)
    game, mine = kept(host, "tableLink"), kept(guest, "tableLinkGuest")["1"]
    assert mine["checked"] is True and mine["seed"] == game["seed"]
    assert mine["round"]["reveals"] == game["round"]["reveals"]
    final = table.view(0)["scores"]
    assert host.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, final))
    assert guest.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, final[1:] + final[:1]))
    expect(guest.locator("[data-check]")).to_be_visible()  # Check this deal, on the guest's phone too
    # the game's record, with the names every phone gave, kept on the guest's phone to copy or download
    expect(guest.locator("[data-download-record]")).to_have_attribute("href", re.compile("^blob:"))
    assert mine["record"] == api("record", private=table.reply["private"], names=["Player 1", "Ben"])["text"]


def forge(page: Any, name: str, text: str) -> None:
    """Text on the in-page channel as if from the guest's end ``name``: what a hostile phone could send."""
    page.evaluate("([from, to, text]) => new BroadcastChannel('table-test').postMessage({from, to, text})",
                  [f"g-{name}", f"h-{name}", text])


def test_three_phones_through_a_forgery_two_drops_a_wrong_claim_and_the_host_reloading(warm_pages, server):
    host = warm_pages(DESKTOP)
    host.emulate_media(reduced_motion="reduce")
    start(host, server, 6, variant="three-player")
    guests = [phone(warm_pages, server, host, n) for n in (1, 2)]
    pages = [host, *guests]
    table = start_linked(host, guests, "three-player")
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
    play(pages, table, lambda view: view["hand_number"] >= 1 and view["phase"] == "discard")
    assert host.get_attribute("[data-link]", "data-link-refused") is None  # nothing refused since the reload


def test_four_phones_through_the_first_decisions(warm_pages, server):
    """Four phones linked, every seat's cut and throw made on its own phone, each guest checked."""
    host = warm_pages(DESKTOP)
    host.emulate_media(reduced_motion="reduce")
    start(host, server, 7, variant="four-player")
    guests = [phone(warm_pages, server, host, n) for n in (1, 2, 3)]
    table = start_linked(host, guests, "four-player")
    play([host, *guests], table, lambda view: view["phase"] not in ("cut_for_deal", "deal", "discard"))
    assert table.view(0)["phase"] == "starter" and all(len(table.view(seat)["hand"]) == 4 for seat in range(4))
