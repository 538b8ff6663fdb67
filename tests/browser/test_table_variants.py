"""The table's variants in Chromium, move by move beside the same game run by CPython's engine.

A variant is chosen at New game (or by a link, ``/table/#variant=five-card``), remembered, and
resumed; the felt has a place for each seat, the board a track per side with the variant's game
hole and skunk lines, and the throw takes as many cards as the legal throw does. The page is
checked against the engine's view in CPython (``harness.table.Mirror``) after every action.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from cribbage.variants import variant as variant_named
from harness.browser import ENGINE_TIMEOUT, storage_keys
from harness.table import Mirror, settle, start, step

LAYOUTS = ("wide", "narrow")


def pegs(page, sides, layout):
    return [int(page.get_attribute(f'[data-board] [data-layout="{layout}"] [data-player="{p}"][data-peg="front"]',
                                   "data-hole")) for p in range(sides)]


def assert_board_is_the_variants(page, name):
    rules = variant_named(name)
    for layout in LAYOUTS:
        svg = f'[data-board] [data-layout="{layout}"]'
        assert page.locator(f"{svg} .board__track").count() == rules.sides
        assert page.locator(f"{svg} .board__hole--game").get_attribute("data-hole") == str(rules.game_hole)
        lines = page.locator(f"{svg} [data-line]").evaluate_all(
            "ls => ls.map(l => [l.dataset.line, Number(l.dataset.hole)])")
        wanted = [["skunk", rules.skunk_line]]
        if rules.double_skunk_line:  # five-card has none
            wanted.append(["double-skunk", rules.double_skunk_line])
        assert sorted(lines) == sorted(wanted)
        assert page.locator(f"{svg} .board__peg").count() == 2 * rules.sides


def assert_matches(page, mirror, name):
    """The page shows the engine's view of a variant's game: phase, scores on every track, your
    cards, every other seat's cards face down, the crib, and the variant chosen."""
    view = mirror.view
    rules = variant_named(name)
    assert page.get_attribute("[data-table-page]", "data-phase") == view["phase"]
    assert page.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, view["scores"]))
    for layout in LAYOUTS:
        assert pegs(page, rules.sides, layout) == view["scores"]
    assert page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)") == view["hand"]
    seats = page.locator(".felt > [data-seat]")
    assert seats.count() == rules.players
    held = page.locator(".felt > [data-seat] .felt__hand[data-cards]").evaluate_all(
        "els => els.map(e => [Number(e.closest('[data-seat]').dataset.seat), Number(e.dataset.cards)])")
    assert sorted(held) == [[seat, view["cards_held"][seat]] for seat in range(1, rules.players)]
    if view["dealer"] is not None and view["phase"] not in ("show", "game_over"):
        crib = page.get_attribute(f'[data-crib-slot="{view["dealer"]}"]', "data-cards")
        assert int(crib or 0) == view["crib_cards"]
    assert page.locator("[data-table-variant] input:checked").get_attribute("value") == name


def test_a_three_player_game_to_the_play_is_resumed_after_a_reload(warm_page, server):
    page = warm_page
    start(page, server, 11, variant="three-player")
    mirror = Mirror(11, variant="three-player")
    assert mirror.view["variant"] == "three-player"
    assert_board_is_the_variants(page, "three-player")
    thrown = False
    while not (mirror.view["phase"] == "play" and len(mirror.view["hand"]) <= 3):
        action = mirror.view["legal"][0]
        if action["kind"] == "discard":  # one card, from the legal action: the button waits for one
            assert len(action["cards"]) == 1
            page.click(f'[data-hand] button[data-card="{action["cards"][0]}"]')
            expect(page.locator('[data-actions] [data-action="discard"]')).to_be_enabled()
            expect(page.locator('[data-actions] [data-action="discard"]')).to_have_text("Throw this card to the crib")
            page.click(f'[data-hand] button[data-card="{action["cards"][0]}"]')  # put back: step() presses it again
            expect(page.locator('[data-actions] [data-action="discard"]')).to_be_disabled()
            thrown = True
        step(page, mirror, action)
        assert_matches(page, mirror, "three-player")
    assert thrown
    expect(page.locator("[data-order]")).to_contain_text("Order of play and show:")
    log = page.locator("[data-log] li").all_inner_texts()
    pile = page.locator("[data-pile]").inner_text()
    page.reload()
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "play", timeout=ENGINE_TIMEOUT)
    settle(page)
    assert page.locator("[data-log] li").all_inner_texts() == log
    assert page.locator("[data-pile]").inner_text() == pile
    assert_matches(page, mirror, "three-player")
    assert_board_is_the_variants(page, "three-player")
    step(page, mirror)  # and the game goes on from there
    assert_matches(page, mirror, "three-player")


def test_the_variant_is_remembered_and_a_change_mid_game_asks_first(warm_page, server):
    page = warm_page
    start(page, server, 4)
    assert_board_is_the_variants(page, "standard")
    page.check('[data-table-variant] input[value="five-card"]')  # nothing in progress: a new game at once
    settle(page)
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "cut_for_deal")
    assert_board_is_the_variants(page, "five-card")
    settings = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_keys(page)["tableSettings"]))
    assert settings["variant"] == "five-card"
    for _ in range(3):  # cut, and deal if it is yours: a game in progress
        if page.get_attribute("[data-table-page]", "data-phase") == "discard":
            break
        page.click("[data-actions] button.md-button--primary")
        settle(page)
    assert page.get_attribute("[data-table-page]", "data-phase") == "discard"
    hand = page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(hand) == variant_named("five-card").dealt
    page.check('[data-table-variant] input[value="four-player"]')
    dialog = page.locator("[data-confirm]")
    expect(dialog).to_be_visible()
    page.click("[data-confirm-no]")  # kept: the game, its variant and its board
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("five-card")
    assert page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    assert_board_is_the_variants(page, "five-card")
    page.reload()
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "discard", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("five-card")
    page.check('[data-table-variant] input[value="four-player"]')
    page.click("[data-confirm-yes]")
    settle(page)
    assert_board_is_the_variants(page, "four-player")
    expect(page.locator(".felt > [data-seat]")).to_have_count(4)
    page.reload()  # the choice comes back with the saved game
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("four-player", timeout=ENGINE_TIMEOUT)
    settle(page)
    assert_board_is_the_variants(page, "four-player")
