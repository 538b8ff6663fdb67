"""The table in Chromium: a whole seeded game through the interface, checked by CPython."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402

from cribbage import Game  # noqa: E402

pytestmark = pytest.mark.browser
STORE = "cribbage.table.v1"


def saved_game(page) -> Game:
    """The browser's saved state, read back by the CPython engine."""
    return Game.from_json(json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["state"])


def peg_holes(page) -> list[int]:
    return [int(page.get_attribute(f'[data-board] [data-player="{p}"][data-peg="front"]', "data-hole"))
            for p in (0, 1)]


def settle(page):
    page.wait_for_selector("[data-table-page]:not([data-busy])", state="attached")


def take_a_turn(page) -> None:
    """A simple human: throw the first two cards, lay the first card allowed, else press the button."""
    table = page.locator("[data-table-page]")
    hand = page.locator("[data-hand] button:not([disabled])")
    if page.locator('[data-actions] [data-action="discard"]').count():
        hand.nth(0).click()
        hand.nth(1).click()
        page.locator('[data-actions] [data-action="discard"]').click()
    elif page.locator("[data-actions] button").count():
        page.locator("[data-actions] button").first.click()
    else:
        hand.first.click()
    settle(page)
    assert table.get_attribute("data-phase")


def start(page, server, seed):
    page.goto(server + f"table/?seed={seed}")
    page.evaluate(f"localStorage.removeItem('{STORE}')")
    page.goto(server + f"table/?seed={seed}")
    expect(page.locator("[data-actions] button").first).to_be_visible(timeout=60_000)
    settle(page)


def test_a_whole_game_through_the_interface(page, server):
    start(page, server, 7)
    shows_checked = 0
    for _ in range(600):
        if page.get_attribute("[data-table-page]", "data-phase") == "game_over":
            break
        take_a_turn(page)
        game = saved_game(page)
        assert peg_holes(page) == game.scores  # the board shows the engine's scores, always
        if game.phase in ("show", "deal") or any(e["type"] == "show" for e in game.events[-6:]):
            shows_checked += 1
    game = saved_game(page)
    assert game.phase == "game_over" and max(game.scores) == 121 and peg_holes(page) == [*game.scores]
    assert shows_checked > 5
    # it ended the instant a peg reached 121: that score is the last thing that happened
    assert game.events[-1]["type"] == "game_over" and game.events[-2]["type"] == "score"
    assert game.events[-2]["scores"][game.winner] == 121
    expect(page.locator("[data-announce]")).to_contain_text("wins, 121 to")
    expect(page.locator("[data-actions]")).to_contain_text("Game over.")
    assert page.locator("[data-hand] button:not([disabled])").count() == 0


def test_reload_mid_deal_resumes_the_same_position(page, server):
    start(page, server, 12)
    while page.get_attribute("[data-table-page]", "data-phase") != "play":
        take_a_turn(page)
    take_a_turn(page)
    before = saved_game(page).to_json()
    hand = page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", before["phase"], timeout=60_000)
    settle(page)
    assert page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    assert saved_game(page).to_json() == before
    assert peg_holes(page) == before["scores"]


def test_corrupt_saved_game_starts_fresh_with_a_notice(page, server):
    page.goto(server + "guide/")
    page.evaluate(f"localStorage.setItem('{STORE}', '{{\"version\": 1, \"state\": {{\"version\": 99}}}}')")
    page.goto(server + "table/")
    expect(page.locator("[data-table-notice]")).to_contain_text("could not be read", timeout=60_000)
    expect(page.locator("[data-actions] button").first).to_be_visible(timeout=60_000)  # after the engine loads


def test_illegal_moves_are_not_offered(page, server):
    start(page, server, 5)
    while page.get_attribute("[data-table-page]", "data-phase") != "discard":
        take_a_turn(page)
    throw = page.locator('[data-actions] [data-action="discard"]')
    expect(throw).to_be_disabled()  # two cards first
    page.locator("[data-hand] button").nth(0).click()
    expect(throw).to_be_disabled()
    page.locator("[data-hand] button").nth(1).click()
    expect(throw).to_be_enabled()
    page.locator("[data-hint]").click()
    expect(page.locator("[data-hint-box]")).to_contain_text("Suggested: throw")


def test_each_count_in_the_show_can_be_explained(page, server):
    start(page, server, 7)
    while not page.locator(".table__explain").count():
        take_a_turn(page)
    explain = page.locator(".table__explain").first
    explain.locator("summary").click()
    items = explain.locator("li")
    assert items.count() >= 1
    expect(items.first).to_contain_text(":")
    assert items.first.locator(".card").count() >= 1  # the cards each item uses, with their names
    assert items.first.locator(".card").first.get_attribute("aria-label").count(" of ") == 1
