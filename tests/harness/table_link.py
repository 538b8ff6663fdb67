"""The linked table's test helpers, shared by the in-page transport's tests and the WebRTC driver
(``harness.link_netns``): guests' phones with storage of their own, the game beside it in CPython's
engine, and every guest's page and storage checked for the other seats' unshown cards."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cribbage.backend.table import open_game, table_view, to_act
from cribbage.game import Action
from cribbage.players import decide
from cribbage.sight import Sight
from harness.browser import ENGINE_TIMEOUT, storage_keys
from harness.table import api, settle

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
    """The game in CPython's engine (its ``Game``), from the seed the host's phone drew with every
    phone's secret, each seat's view made from it at once (no saved game replayed at each move)."""

    def __init__(self, seed: int, seats: list[str], variant: str) -> None:
        self.reply = api("table_new", seed=seed, level="normal", seats=seats, variant=variant, count_by_hand=False,
                         muggins=False, hints=False)
        self.game = open_game(self.reply["private"])
        self.seats = seats

    def view(self, seat: int) -> Any:
        return table_view(self.game, "normal", "", [], seat, self.seats)

    def act(self, action: dict[str, Any]) -> None:
        self.game.apply(Action.from_json(action))
        self.computers()

    def release(self, seat: int, level: str) -> None:
        """The seat the host released, the computer's at ``level`` from now on."""
        self.seats = [*self.seats[:seat], level, *self.seats[seat + 1:]]
        self.computers()

    def computers(self) -> None:
        """The computer seats' moves until a person's, as the host's engine makes them."""
        while (seat := to_act(self.game)) is not None and self.seats[seat] != "human":
            self.game.apply(decide(Sight.of(self.game, seat), self.seats[seat]))

    def choose(self, seat: int) -> dict[str, Any]:
        return dict(decide(Sight.of(self.game, seat), "normal").to_json())

    @property
    def crib(self) -> set[str]:
        return {card.code for card in self.game.crib}

    @property
    def private(self) -> Any:
        """The game as the table's API keeps it (for ``record``)."""
        return {**self.reply["private"], "game": self.game.to_json(), "seats": self.seats}

    @property
    def events(self) -> int:
        return len(self.game.events)


def open_panel(page: Any) -> None:
    page.click("[data-link] summary")
    page.wait_for_selector("[data-link][data-ready]", state="attached")


def start_linked(host: Any, guests: list[Any], variant: str, link: Callable[[Any, Any, str], Any]) -> Table:
    """Every guest linked by ``link(host, guest, name)``, New game on the host: the game in CPython
    from the seed every phone drew."""
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


def phone(page: Any, server: str, host: Any, n: int) -> Any:
    """Guest ``n``'s phone: ``page`` with storage of its own, at the table, its link panel open."""
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
# hands (face up for all), its hand, the scores its board shows, and everything in its own storage.
HOLDS = """(prefix) => ({
  cards: [...document.querySelectorAll('[data-card]')].filter(e => !e.closest('.show-row:not(.show-row--yours)'))
    .map(e => e.dataset.card),
  hand: [...document.querySelectorAll('[data-hand] button')].map(e => e.dataset.card),
  scores: document.querySelector('[data-table-page]').dataset.scores,
  stored: Object.keys(localStorage).filter(k => k.startsWith(prefix)).map(k => localStorage.getItem(k)).join('\\n'),
})"""
SYNCED = """(events) => document.querySelector('[data-link]').dataset.events === String(events)
  && !('busy' in document.querySelector('[data-table-page]').dataset)"""


def synced(pages: list[Any], events: int) -> None:
    """Every phone (None for a seat released to the computer) has drawn the game as it is after
    ``events`` events. Polled on a timer: only the tab in front draws frames at full rate (the
    others about one a second), as with phones."""
    for page in filter(None, pages):
        page.wait_for_function(SYNCED, arg=events, timeout=ENGINE_TIMEOUT, polling=20)


def check_guests(pages: list[Any], views: list[Any], thrown: dict[int, set[str]], crib: set[str]) -> None:
    """No guest's page or storage holds a card another seat holds unplayed, or a card of the crib
    face down but its own throw (``thrown``: each seat's throw this deal; another's, a computer's
    or the card dealt to the crib); each guest's hand and scores (its own side's first) are the engine's."""
    for seat, guest in enumerate(pages[1:], 1):
        if guest is None:
            continue
        others = [other for other in range(len(views)) if other != seat]
        hidden = set().union(*(set(views[other]["hand"]) for other in others)) | (crib - thrown.get(seat, set()))
        holds = guest.evaluate(HOLDS, guest.prefix)
        leaked = hidden & set(holds["cards"])
        assert not leaked, (f"seat {seat}'s page holds another seat's cards", views[0]["phase"], where(guest, leaked))
        over = views[0]["result"] is not None  # then every phone keeps the game's record, every hand in it
        stored = [code for code in hidden if f'"{code}"' in holds["stored"]]
        assert over or not stored, f"seat {seat}'s storage holds another's card"
        assert holds["hand"] == views[seat]["hand"]
        side = seat % len(views[0]["scores"])
        assert holds["scores"] == ",".join(map(str, views[0]["scores"][side:] + views[0]["scores"][:side]))


def press(page: Any, action: dict[str, Any]) -> None:
    """One move made from the keyboard (Enter on each control, as a person without a pointer makes
    it): no pointer to place, so no frame to wait for on a phone that is not in front."""
    hand, button = '[data-hand] button[data-card="{}"]', '[data-actions] [data-action="{}"]'
    if action["kind"] == "discard":
        keys = [hand.format(code) for code in action["cards"]] + [button.format("discard")]
    elif action["kind"] == "play":  # the first press picks the card up, the second lays it
        keys = [hand.format(action["cards"][0])] * 2
    else:
        keys = [button.format(action["kind"])]
    for selector in keys:
        page.press(selector, "Enter")
    settle(page)


def play(pages: list[Any], table: Table, done: Any, steps: int = 400) -> int:
    """The move the engine's normal computer would make for the seat to act (a game a quarter
    shorter than with the first legal move each time), made on that seat's phone, until
    ``done(view)``; every guest's page and storage checked after each move. The moves made."""
    thrown: dict[int, set[str]] = {}
    views = [table.view(seat) for seat in range(len(pages))]
    for step in range(steps):
        if done(views[0]):
            return step
        seat = views[0]["to_act"]
        action = table.choose(seat)
        press(pages[seat], action)
        table.act(action)
        views = [table.view(seat) for seat in range(len(pages))]
        if action["kind"] == "discard":
            thrown[seat] = set(action["cards"])
        if views[0]["crib"] is not None:  # turned up: every throw is face up
            thrown.clear()
        synced(pages, table.events)
        check_guests(pages, views, thrown, set() if views[0]["crib"] is not None else table.crib)
    raise AssertionError("the game did not get there")


def finished(pages: list[Any], table: Table, names: list[str]) -> None:
    """The game over: every guest has every secret and checked the deal, shows the engine's final
    scores (its own side's first), and keeps the game's record with every seat's name."""
    from playwright.sync_api import expect

    host = pages[0]
    game, final = kept(host, "tableLink"), table.view(0)["scores"]
    record = api("record", private=table.private, names=names)["text"]
    assert host.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, final))
    for seat, guest in enumerate(pages[1:], 1):
        if guest is None:
            continue
        expect(guest.locator("[data-link-status]")).to_contain_text("no phone chose the cards", timeout=ENGINE_TIMEOUT)
        mine = kept(guest, "tableLinkGuest")[str(seat)]
        assert mine["checked"] is True and mine["seed"] == game["seed"]
        assert mine["round"]["reveals"] == game["round"]["reveals"]
        side = seat % len(final)
        shown = guest.get_attribute("[data-table-page]", "data-scores")
        assert shown == ",".join(map(str, final[side:] + final[:side]))
        assert mine["record"] == record
