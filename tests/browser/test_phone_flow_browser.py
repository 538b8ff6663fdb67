"""On a phone, what a player needs next is on screen: scorer errors, the play's count, the table's
count with the next move. And the ace of clubs plays in the page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from harness.browser import (
    DEDICATED_WORKER,
    ENGINE_TIMEOUT,
    LAYOUT_SHIFTS,
    NARROW_PHONE,
    PHONE,
    View,
    at_another_view,
    layout_shift,
    new_context,
    on_screen,
    open_engine_page,
    scrolling_ends,
    watch,
)
from harness.table import Mirror, start, step


@pytest.fixture(params=[PHONE, NARROW_PHONE], ids=lambda v: str(v.width))
def phone(request, warm_pages):
    return warm_pages(request.param)


@pytest.fixture(params=[at_another_view(PHONE), NARROW_PHONE], ids=lambda v: str(v.width))
def first_visit_phone(request, browser, server):
    """A phone that has never seen the site: a fresh profile, the engine not yet downloaded, in a
    dedicated worker (as on Chrome for Android) whose downloads the test can hold."""
    context = new_context(browser, request.param)
    context.add_init_script(DEDICATED_WORKER)
    page = context.new_page()
    problems = watch(page, server)
    yield page
    context.close()
    assert not problems, problems


def open_scorer(page, server):
    open_engine_page(page, server, "scorer/")


def test_a_typing_mistake_is_shown_where_the_player_looks(phone, server):
    open_scorer(phone, server)
    phone.fill("#scorer-cards", "5h 5s 5x jd")
    phone.fill("#scorer-starter", "5d")
    phone.locator("[data-show-form] button[type=submit]").tap()
    error = phone.locator("[data-show-scorer] [role=alert]")
    expect(error).to_contain_text("'5x' is not a card")
    scrolling_ends(phone)
    assert on_screen(phone, "[data-show-scorer] [role=alert]")


def test_the_ace_of_clubs_makes_31_in_the_play_scorer_and_a_rejected_sequence_says_what_is_shown(warm_page, server):
    page = warm_page
    open_scorer(page, server)
    page.fill("#play-cards", "10h jd qc ac")
    page.press("#play-cards", "Enter")
    expect(page.locator("[data-play-steps] li")).to_have_count(4)
    expect(page.locator("[data-play-steps] li").last).to_contain_text("31")
    expect(page.locator("[data-player-total='pone']")).to_have_text("3")  # the run 10-J-Q
    expect(page.locator("[data-player-total='dealer']")).to_have_text("2")  # the ace of clubs makes 31
    page.fill("#play-cards", "10h jd qc ac 5d 5d")
    page.press("#play-cards", "Enter")
    error = page.locator("[data-play-error]")
    expect(error).to_contain_text("already been laid")
    expect(error).to_contain_text("The list under Go and Undo shows the cards as typed: the refused card is marked")
    steps = page.locator("[data-play-steps] li")
    expect(steps).to_have_count(6)  # the five scored, then the second 5D marked as refused
    expect(steps.nth(4)).to_contain_text("count 5")
    expect(steps.last).to_have_class(re.compile(r"play-step--refused"))
    expect(steps.last).to_contain_text("refused")
    expect(page.locator("[data-player-total='pone']")).to_have_text("3")  # what the scored part pegged
    # another invalid entry lists the cards just typed, not the earlier sequence
    page.fill("#play-cards", "kc qd jh 10s")  # 30, then a ten would pass 31
    page.press("#play-cards", "Enter")
    expect(steps).to_have_count(4)
    expect(steps.first).to_contain_text("count 10")
    expect(steps.nth(2)).to_contain_text("count 30")
    expect(steps.last).to_have_class(re.compile(r"play-step--refused"))
    expect(page.locator("[data-play-count]")).to_contain_text("30")


def test_the_table_keeps_the_count_and_the_next_move_in_view(phone, server):
    start(phone, server, 7)
    mirror = Mirror(7)
    checked = 0
    while checked < 4 and mirror.view["hand_number"] < 2:
        step(phone, mirror)
        view = mirror.view
        if view["phase"] == "play" and view["legal"] and view["legal"][0]["kind"] == "play":
            scrolling_ends(phone)
            focused = phone.evaluate("document.activeElement.closest('[data-hand], [data-actions]') !== null")
            assert focused, "focus is not on the next move"
            assert on_screen(phone, "[data-pile]"), "the count is off screen"
            assert phone.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
                return r.top >= 0 && r.bottom <= innerHeight; }"""), "the next move is off screen"
            checked += 1
    assert checked >= 2
    # New game, pressed in the settings above the felt (and confirmed: a game is in progress): the
    # new game's first move is focused, on screen below the header and the score line stuck under it
    phone.locator("[data-new-game]").scroll_into_view_if_needed()
    phone.click("[data-new-game]")
    phone.click("[data-confirm-yes]")
    expect(phone.locator("[data-actions] [data-action='cut']")).to_be_focused(timeout=ENGINE_TIMEOUT)
    scrolling_ends(phone)
    assert phone.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
        const covered = document.querySelector('.md-header').offsetHeight
            + document.querySelector('.table__scores').offsetHeight;
        return r.top >= covered && r.bottom <= innerHeight; }"""), "the first move is off screen"


@pytest.mark.parametrize("size", [(412, 823), (390, 844), (320, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_linked_hand_lands_on_its_breakdown_without_moving_what_is_on_screen(warm_pages, server, size):
    """412 x 823 is Lighthouse's phone, where landing on the breakdown before it was complete
    moved the play section into view and out again (CLS 0.128)."""
    phone = warm_pages(View(f"{size[0]}x{size[1]}", *size, mobile=True, motion="no-preference"))
    phone.add_init_script(LAYOUT_SHIFTS)
    phone.goto(server + "scorer/#hand=4C,5D,5S,6H&starter=TC")
    expect(phone.locator("[data-show-result] .breakdown__total")).to_have_text("16", timeout=ENGINE_TIMEOUT)
    expect(phone.locator("[data-show-starters] table")).to_be_visible()
    scrolling_ends(phone, quiet_ms=500)  # the landing waits two frames, then may scroll
    assert on_screen(phone, "[data-show-result] .breakdown__total")
    assert layout_shift(phone, with_input=True) < 0.01, phone.evaluate("window.__shifts")


@pytest.mark.parametrize("view", [NARROW_PHONE, PHONE, View("desktop", 1280, 900)], ids=lambda v: str(v.width))
def test_the_scorers_slots_are_in_the_html_as_the_page_draws_them(browser, warm_pages, server, view):
    """The row of slots takes its drawn height before any script runs, so drawing it, or a linked
    hand's cards into it, moves nothing (at 320 px it is two rows: it grew in view on a fast start)."""
    static = new_context(browser, view, java_script_enabled=False)
    page = static.new_page()
    page.goto(server + "scorer/")
    chosen = "[data-show-chosen]"
    before = page.locator(chosen).evaluate("e => [e.getBoundingClientRect().height, e.innerText]")
    static.close()
    drawn = warm_pages(view)
    open_scorer(drawn, server)
    expect(drawn.locator(f"{chosen} .slot")).to_have_count(5)
    after = drawn.locator(chosen).evaluate("e => [e.getBoundingClientRect().height, e.innerText]")
    assert before == after
    assert before[0] > 0


def test_a_whole_deal_at_the_table_fits_the_phone_and_the_last_show_is_marked_as_past(phone, server):
    """No sideways scroll in any phase (a six-card hand at 320 px widened the felt to 364 px); the
    score line after the show is in view, not cut off; once the next hand is dealt, the show still
    laid out says it is the last deal's."""
    start(phone, server, 7)
    mirror = Mirror(7)
    width = phone.viewport_size["width"]
    seen = set()
    while mirror.view["hand_number"] < 2:
        phase = mirror.view["phase"]
        seen.add(phase)
        assert phone.evaluate("document.documentElement.scrollWidth") <= width, f"sideways scroll at {phase}"
        step(phone, mirror)
    assert {"discard", "play", "show"} <= seen
    assert mirror.view["phase"] == "deal"
    step(phone, mirror)  # deal the second hand
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    # the new deal: the last show, if still laid out, says it is the last deal's; the announcement
    # says what happened
    titles = phone.locator("[data-show] .show-row__title").all_inner_texts()
    assert all(title.startswith("Last deal · ") for title in titles), titles
    announce = phone.locator("[data-announce]")
    expect(announce).to_contain_text("deal")
    # its newest line is in view, and it is a Tab stop only when it has more than it shows
    assert announce.evaluate("b => b.scrollHeight - b.scrollTop - b.clientHeight") <= 1
    assert announce.evaluate("b => (b.scrollHeight > b.clientHeight + 1) === (b.tabIndex === 0)")


def test_a_linked_hand_on_a_slow_first_visit_lands_with_the_progress_in_view(first_visit_phone, server):
    """While the engine downloads, the landing shows its progress and the form together (the tester
    on a 1.6 Mbit/s phone saw only "Count (engine loading)"), then the breakdown once it is drawn."""
    phone = first_visit_phone
    held = []
    phone.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # stalls until let go
    with phone.expect_request(re.compile(r"pyodide\.asm\.wasm$"), timeout=ENGINE_TIMEOUT):
        phone.goto(server + "scorer/#hand=4C,5D,5S,6H&starter=TC")
    expect(phone.locator("[data-engine-progress] progress")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert held, "the engine's download never started"
    scrolling_ends(phone)
    assert on_screen(phone, "[data-engine-status]"), "the progress is off screen"
    assert on_screen(phone, "[data-show-form] button[type=submit]"), "the Count button is off screen"
    held[0].continue_()
    expect(phone.locator("[data-show-result] .breakdown__total")).to_have_text("16", timeout=ENGINE_TIMEOUT)
    # the landing comes once the starters' table is drawn too, which on a first visit can take
    # longer than any quiet spell: wait for the table, not for the scrolling to pause
    expect(phone.locator("[data-show-starters] table")).to_be_visible(timeout=ENGINE_TIMEOUT)
    scrolling_ends(phone, quiet_ms=500)
    assert on_screen(phone, "[data-show-result] .breakdown__total")


ENGINE_STATUS_PAGES = {"scorer/": "scorer/page.js", "analyser/": "analyser/page.js",
                       "practice/": "practice/page.js", "table/": "table/page.js", "replay/": "replay/page.js"}


@pytest.mark.parametrize("path", ENGINE_STATUS_PAGES)
def test_the_status_line_says_a_browser_needs_scripts_only_where_none_run(browser, server, path):
    """While the page's module is on its way, the line for browsers without scripts is not shown
    (it said "needs JavaScript" for half a second on a slow network); its room is kept, and the
    module's words take it over. Without scripts, the words are there."""
    held = []
    context = new_context(browser, PHONE)
    context.route(f"**/assets/js/{ENGINE_STATUS_PAGES[path]}", lambda route: held.append(route))
    page = context.new_page()
    with page.expect_request(f"**/assets/js/{ENGINE_STATUS_PAGES[path]}"):
        page.goto(server + path, wait_until="commit")  # the held module holds DOMContentLoaded
    line = page.locator("[data-engine-status]").first
    expect(line).to_be_attached()  # a round trip: the route's handler has run by its answer
    assert held, "the page's module was not held"
    box = line.bounding_box()
    assert box and box["height"] > 0
    assert line.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    assert "needs JavaScript" in line.text_content()
    held[0].continue_()
    expect(line).not_to_contain_text("needs JavaScript")
    expect(line).to_have_attribute("data-state", re.compile(r"\w"))
    assert line.evaluate("e => getComputedStyle(e).visibility") == "visible"
    assert line.bounding_box()["y"] == box["y"]
    # with scripts the tool's forms, fieldsets and pickers are as they are drawn (a button may be faded while
    # it cannot be used); without, every control is faded and deaf to the pointer
    live = page_controls(page, "form, fieldset, .picker")
    assert live and all(opacity == "1" and pointer == "auto" for opacity, pointer in live), live
    context.close()
    static = new_context(browser, PHONE, java_script_enabled=False)
    page = static.new_page()
    page.goto(server + path)
    expect(page.locator("[data-engine-status]").first).to_be_visible()
    expect(page.locator("[data-engine-status]").first).to_contain_text("needs JavaScript and WebAssembly")
    faded = page_controls(page, "form, fieldset, .picker, button")
    assert faded and all(float(opacity) < 0.5 and pointer == "none" for opacity, pointer in faded), faded
    static.close()


def page_controls(page, kinds: str) -> list[tuple[str, str]]:
    """Each control of those ``kinds`` in the engine's tool on the page: its opacity and pointer-events."""
    return [tuple(pair) for pair in page.locator(f"[data-engine] :is({kinds})").evaluate_all(
        "els => els.map((e) => [getComputedStyle(e).opacity, getComputedStyle(e).pointerEvents])")]
