"""The board needs no engine and no network: usable at once on a first visit (Python is not
even fetched until "Count a hand"), and offline from that first visit on (the service worker
precaches the page)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect

from harness.board import PAGE_STATE, start_two_player_game, tap_score
from harness.browser import DEDICATED_WORKER, ENGINE_TIMEOUT, wait_until, watch

pytestmark = pytest.mark.browser
READY = "[data-board-page][data-ready]"
# Chromium 150 keeps the context's offline emulation for the network but not for a document loaded
# after it (here from the service worker's cache): its navigator.onLine says true, where a phone
# without a network says false. The test says it for the browser, for the rest of the tab's life.
GONE_OFFLINE = "sessionStorage.setItem('test-offline', '1')"
OFFLINE_STAYS_OFFLINE = """if (sessionStorage.getItem('test-offline'))
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false });"""
OFFLINE_READY = """async () => navigator.serviceWorker.controller !== null
    && Boolean(await caches.match(new URL('board/', location.origin + '/').href))"""


def test_the_board_works_at_once_and_offline_from_the_first_visit(browser, server):
    context = browser.new_context()
    # the engine in a dedicated worker, which the context's offline switch covers (a shared one it
    # may not: its fetches would go on, and the start neither finish nor fail)
    context.add_init_script(DEDICATED_WORKER)
    context.add_init_script(OFFLINE_STAYS_OFFLINE)
    page = context.new_page()
    problems = watch(page, server)
    engine_files = []
    page.on("request", lambda r: "/pyodide/" in r.url and engine_files.append(r.url))
    page.goto(server + "board/")
    page.wait_for_selector(READY)
    start_two_player_game(page, 1)
    tap_score(page, 0, 2)
    assert page.evaluate(PAGE_STATE)["scores"] == "2,0"
    assert page.evaluate("async () => (await import('/assets/js/engine.js')).engine.state") == "idle"
    wait_until(page, OFFLINE_READY, 60_000)
    context.set_offline(True)
    page.evaluate(GONE_OFFLINE)
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate(PAGE_STATE)["scores"] == "2,0"  # the saved game, back without a network
    tap_score(page, 1, 12)
    assert page.evaluate(PAGE_STATE)["scores"] == "2,12"
    needed = list(engine_files)  # the engine was never needed, until a hand is counted
    # Count a hand with the engine never fetched: said plainly, with what to do instead
    page.click("[data-show]")
    page.click('[data-count="0"]')
    status = page.locator("[data-board-count] [data-engine-status]")
    expect(status).to_contain_text("You are offline, and the engine is not saved on this device yet",
                                   timeout=ENGINE_TIMEOUT)
    expect(status).to_contain_text("Count the hand yourself and peg with the buttons")
    assert "fetch" not in status.inner_text().lower()
    page.keyboard.press("Escape")
    page.goto(server + "print/score-sheet-teams/")
    expect(page.locator("h1")).to_contain_text("Cribbage score sheet: two teams")
    context.close()
    assert not needed, needed
    assert not [p for p in problems if "ERR_INTERNET_DISCONNECTED" not in p], problems
