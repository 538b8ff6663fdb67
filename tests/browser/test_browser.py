"""The scorer in a real browser: Debian's Chromium driven by Playwright, against the built site."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml
from playwright.sync_api import expect

from cribbage.backend.api import call
from harness.browser import (
    COUNT_ENGINE_WORKERS,
    DEDICATED_WORKER,
    ENGINE,
    ENGINE_TIMEOUT,
    SNAPSHOT_STORED,
    View,
    engine_ready,
    engine_worker_targets,
    new_context,
    next_frames,
    open_engine_page,
    wait_until,
    watch,
)

ROOT = Path(__file__).resolve().parents[2]


def catalog(name):
    return yaml.safe_load((ROOT / "docs" / "catalog" / f"{name}.yml").read_text())


def open_scorer(page, server, fragment=""):
    open_engine_page(page, server, "scorer/", fragment)


def show_total(page):
    return page.locator("[data-show-result] .breakdown__total")


def follow_each_try_link(page, server, kind, ids, check):
    """Click each block's "Try it" link (instant navigation), check the scorer, come back."""
    page.goto(server + "examples/")
    for ident in ids:
        link = page.locator(f'[data-{kind}="{ident}"] .try-it a')
        fragment = link.get_attribute("href").split("#", 1)[1]
        link.click()
        expect(page).to_have_url(re.compile(re.escape(fragment) + "$"))
        check(ident, unquote(fragment))
        page.go_back()
        expect(page.locator(f'[data-{kind}="{ident}"]')).to_be_visible()


def test_a_try_link_shows_the_catalog_total(warm_page, server):
    page = warm_page
    totals = {e["id"]: e["total"] for e in catalog("examples")}

    def check(ident, fragment):
        state = dict(part.split("=") for part in fragment.split("&"))
        expect(show_total(page)).to_have_text(str(totals[ident]), timeout=ENGINE_TIMEOUT)
        expect(page.locator("#scorer-cards")).to_have_value(" ".join(state["hand"].split(",")))
        expect(page.locator("#scorer-starter")).to_have_value(state["starter"])

    # one link of each shape, a hand and a crib (tests/site/test_site.py reads every link as built)
    shapes = [next(e["id"] for e in catalog("examples") if e.get("crib", False) is crib) for crib in (False, True)]
    follow_each_try_link(page, server, "example", shapes, check)
    assert page.evaluate(f"async () => {ENGINE}.state") == "ready"


def test_a_play_try_link_shows_the_last_card_points(warm_page, server):
    page = warm_page
    plays = {e["id"]: e for e in catalog("plays")}

    def check(ident, fragment):
        expected = fragment.removeprefix("play=").split(",")
        expect(page.locator("#play-cards")).to_have_value(" ".join(expected), timeout=ENGINE_TIMEOUT)
        points = page.locator("[data-play-steps] .play-step__points")
        expect(points).to_have_count(len(expected))
        # the last card, plus the go that closes its count when the example says so
        last = points.all_inner_texts()[len(plays[ident]["cards"].split()) - 1:]
        assert sum(int(re.match(r"\d+", t).group()) for t in last) == plays[ident]["points"], ident

    # a last card at a count where the players of a play replayed from its lead still hold cards
    # that fit has no link (the scorer refuses the goes it would need), and says why
    page.goto(server + "examples/")
    ids = "(nodes) => nodes.map((n) => n.dataset.play)"
    linked = page.locator("[data-play]:has(.try-it a)").evaluate_all(ids)
    unlinked = page.locator("[data-play]:has(.try-it__none)").evaluate_all(ids)
    assert unlinked == ["fifteen-on-the-last-card"] and set(linked) | set(unlinked) == set(plays), (linked, unlinked)
    # one link of each shape: a last card that takes the go, and one that does not
    shapes = [next(i for i in linked if plays[i].get("last_card", False) is last) for last in (False, True)]
    follow_each_try_link(page, server, "play", shapes, check)


def test_clicking_cards_builds_a_hand(warm_page, server):
    page = warm_page
    open_scorer(page, server)
    picker = page.locator("[data-show-picker]")
    for code in ["5H", "5S", "5C", "JD"]:
        picker.locator(f'button[data-card="{code}"]').click()
    expect(show_total(page)).to_have_count(0)  # four cards: waiting for the starter
    picker.locator('button[data-card="5D"]').click()
    expect(show_total(page)).to_have_text("29")
    result = page.locator("[data-show-result]")
    expect(result.locator("tr.item--fifteen")).to_have_count(8)
    expect(result.locator("tr.item--pair")).to_have_count(6)
    expect(result.locator("tr.item--nobs")).to_have_count(1)
    expect(result.locator(".breakdown__spoken")).to_contain_text("twenty-nine")
    expect(picker.locator('button[data-card="JD"]')).to_have_attribute("aria-pressed", "true")
    expect(picker.locator('button[data-card="JD"]')).to_have_attribute("aria-label", "J♦, jack of diamonds")
    assert "hand=5H,5S,5C,JD&starter=5D" in unquote(page.url)
    # the cards of a row are highlighted in the hand when the row has focus
    used = page.locator('[data-show-chosen] .card.is-used')
    pair = result.locator("tr.item--pair").first
    pair.scroll_into_view_if_needed()
    pair_box = pair.bounding_box()
    still = (pair_box["x"] + 5, pair_box["y"] + pair_box["height"] / 2)
    page.mouse.move(*still)
    expect(used).to_have_count(2)  # hovering the pair row
    result.locator("tr.item--nobs").focus()
    expect(used).to_have_count(1)
    # focusing scrolls rows under a pointer that has not moved: the browser's mouseover for
    # the row that lands there (a mouse event at the same point) must not take the highlight
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('tr')?.className", list(still))
    assert under and "item--nobs" not in under
    page.mouse.move(*still)
    next_frames(page)  # the move's events have been handled (mouse moves are dispatched with the next frame)
    expect(used).to_have_count(1)
    # a pointer that really moves takes it; leaving the table returns it to the focused row
    pair.scroll_into_view_if_needed()
    pair_box = pair.bounding_box()
    page.mouse.move(pair_box["x"] + 9, pair_box["y"] + pair_box["height"] / 2)
    expect(used).to_have_count(2)
    page.mouse.move(2, 2)
    expect(used).to_have_count(1)
    # taking a card back clears the count
    picker.locator('button[data-card="JD"]').click()
    expect(show_total(page)).to_have_count(0)


def test_typed_input_and_crib_rules(warm_page, server):
    page = warm_page
    open_scorer(page, server)
    page.fill("#scorer-cards", "4s 5♠ 6S js 9h")
    page.press("#scorer-cards", "Enter")
    expect(show_total(page)).to_have_text("13")
    page.get_by_role("radio", name="Crib", exact=True).check()
    expect(show_total(page)).to_have_text("9")
    assert "crib=1" in page.url
    page.fill("#scorer-cards", "10h 4c 5d 5s 6h")
    page.press("#scorer-cards", "Enter")
    expect(page.locator("[data-show-error]")).to_be_hidden()


@pytest.mark.parametrize("typed, message", [
    ("5h 5s 5c jd 5h", "the five of hearts appears twice"),
    ("5h 5s 5c", "Choose 1 more card for the hand"),
    ("5h 5s 5c jd 5d 6d", "That is 6 cards"),
    ("5h 5s 5x jd 5d", "'5x' is not a card: 'x' is not a suit"),
])
def test_bad_typed_input_is_explained_inline(warm_page, server, typed, message):
    page = warm_page
    open_scorer(page, server)
    page.fill("#scorer-cards", typed)
    page.press("#scorer-cards", "Enter")
    expect(page.locator("[data-show-error]")).to_contain_text(message)
    expect(show_total(page)).to_have_count(0)


def test_a_bad_hand_after_a_count_takes_the_counted_hand_out_of_the_address(warm_page, server):
    """The address named the last count after it had gone, so a reload brought back a hand the
    reader had left. A link the page could not use stays in the address (test above)."""
    page = warm_page
    open_scorer(page, server, "#hand=4C,5D,5S,6H&starter=TC")
    expect(show_total(page)).to_have_text("16", timeout=ENGINE_TIMEOUT)
    page.fill("#scorer-cards", "5h 5s 5x jd")
    page.press("#scorer-cards", "Enter")
    expect(page.locator("[data-show-error]")).to_contain_text("'5x' is not a card")
    expect(show_total(page)).to_have_count(0)
    assert "hand=" not in page.url
    page.reload()
    engine_ready(page, "[data-scorer-page]")
    expect(page.locator("#scorer-cards")).not_to_have_value("4C 5D 5S 6H")
    expect(show_total(page)).to_have_count(0)


def play_totals(page):
    return [page.locator(f'[data-player-total="{who}"]').inner_text() for who in ("pone", "dealer")]


def test_play_scorer_credits_each_player(warm_page, server):
    page = warm_page
    open_scorer(page, server)
    page.fill("#play-cards", "7C 7D 8H 6S 3C 5D")
    page.press("#play-cards", "Enter")
    steps = page.locator("[data-play-steps] li")
    expect(steps).to_have_count(6)
    players = steps.locator(".play-step__player").all_text_contents()
    assert players == ["Pone", "Dealer", "Pone", "Dealer", "Pone", "Dealer"]  # 31 by the pone: the dealer leads
    points = steps.locator(".play-step__points").all_inner_texts()
    assert points[1].startswith("2 to dealer: Pair 2")
    assert points[3].startswith("3 to dealer: Run 3")  # 7-8-6 laid out of order
    assert points[4].startswith("2 to pone: Thirty-one 2")
    expect(steps.nth(4)).to_contain_text("the count starts again")
    expect(page.locator("[data-play-count]")).to_have_text("Count: 5. Next to lay: pone.")
    assert play_totals(page) == ["2", "5"]
    # lay by clicking: the pone's fourth card makes fifteen
    page.locator('[data-play-picker] button[data-card="TD"]').click()
    expect(steps).to_have_count(7)
    expect(page.locator("[data-play-count]")).to_have_text("Count: 15. Next to lay: dealer.")
    assert play_totals(page) == ["4", "5"]
    # at 15 the dealer's last card fits whatever it is: a go is refused, and said beside the button
    page.get_by_role("button", name="Go").click()
    expect(page.locator("[data-play-action-error]")).to_contain_text("at a count of 15 every card fits")
    expect(steps).to_have_count(7)
    # the dealer lays it, the last card of the play: it takes one
    page.locator('[data-play-picker] button[data-card="KH"]').click()
    expect(steps.last).to_contain_text("1 to dealer: Go")
    expect(page.locator("[data-play-count]")).to_contain_text("The play is over")
    assert play_totals(page) == ["4", "6"]
    assert unquote(page.url).endswith("#play=7C,7D,8H,6S,3C,5D,TD,KH")


def test_play_scorer_go_then_the_other_player_lays_on(warm_page, server):
    page = warm_page
    open_scorer(page, server, "#play=TC,TD,9H,go,go,5S")
    steps = page.locator("[data-play-steps] li")
    expect(steps).to_have_count(6, timeout=ENGINE_TIMEOUT)
    assert steps.locator(".play-step__player").all_text_contents() == [
        "Pone", "Dealer", "Pone", "Dealer", "Pone", "Dealer"]
    expect(steps.nth(3)).to_contain_text("0")  # the dealer's go pays nothing by itself
    expect(steps.nth(4)).to_contain_text("1 to pone: Go")
    assert play_totals(page) == ["1", "2"]
    page.fill("#play-cards", "TC TD 9H go 5S")
    page.press("#play-cards", "Enter")
    expect(page.locator("[data-play-error]")).to_contain_text("the count is 29, so the five of spades would pass 31")
    expect(page.locator("#play-cards")).to_have_value("TC TD 9H go 5S")


@pytest.mark.parametrize("fragment, message", [
    ("#hand=ZZ,5S,5C,JD&starter=5D", "'ZZ' is not a card: ranks A 2–10 J Q K, suits ♠ ♥ ♦ ♣ or S H D C"),
    ("#hand=1H,5S,5C,JD&starter=5D", "'1H' is not a card: '1' is not a rank"),
    ("#hand=5H,5S,5C,5H&starter=5D", "appears twice"),
    ("#hand=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&starter=5D", "does not describe cards"),
    ("#hand=<script>alert(1)</script>&starter=5D", "does not describe cards"),
    ("#hand=5H,5S,5C,JD&starter=5D&x=" + "A" * 300, "does not describe cards"),
])
def test_invalid_and_hostile_fragments_show_a_message_and_run_nothing(warm_page, server, fragment, message):
    page = warm_page
    open_scorer(page, server, fragment)
    expect(page.locator("[data-show-error]")).to_contain_text(message)
    expect(page.locator("[data-show-result] *")).to_have_count(0)
    assert page.locator("[data-scorer-page] img, [data-scorer-page] script").count() == 0


def test_instant_navigation_keeps_the_worker(warm_page, server):
    page = warm_page
    page.add_init_script(COUNT_ENGINE_WORKERS)
    open_scorer(page, server)
    page.evaluate("window.__samePage = true")
    nav = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link")
    nav.filter(has_text="How to play cribbage").click()
    expect(page).to_have_url(re.compile(r"/guide/$"))
    nav.filter(has_text="Scorer").click()
    expect(page.locator("[data-scorer-page]")).to_have_attribute("data-engine-state", "ready")
    assert page.evaluate("window.__samePage") is True  # no full reload
    assert page.evaluate("window.__engineWorkers") == 1  # one worker for both visits to the scorer
    page.fill("#scorer-cards", "4c 5d 5s 6h 10c")
    page.press("#scorer-cards", "Enter")
    expect(show_total(page)).to_have_text("16")


# Resolves once the browser has been idle twice after the page loaded. engine.js starts an engine
# page's worker once the page has loaded and painted (in an idle callback it asks for then, or at
# once on eager pages), so by then an engine that was going to start by itself has started.
AFTER_IDLE_TIME = """() => new Promise((done) => requestIdleCallback(
    () => requestIdleCallback(done, {timeout: 5000}), {timeout: 5000}))"""


def engine_activity(page, server, path):
    """What the engine did by itself on a page, once the page's idle-time work is done:
    (its state, engine workers made, Pyodide files requested)."""
    pyodide = []
    page.on("request", lambda r: "/pyodide/" in r.url and pyodide.append(r.url))
    page.goto(server + path, wait_until="load")
    page.evaluate(AFTER_IDLE_TIME)
    return page.evaluate(f"async () => {ENGINE}.state"), page.evaluate("window.__engineWorkers"), pyodide


def engine_workers(page):
    """The kinds of the engine's workers in the page's context ("shared_worker", "worker")."""
    return sorted(target["type"] for target in engine_worker_targets(page))


def test_a_second_tab_joins_the_running_engine_and_a_browser_without_shared_workers_has_its_own(browser, server):
    """Where shared workers exist, the site's tabs share one Python: a second tab's engine is
    ready without a start of its own. Where they do not (Chrome on Android), each tab has a
    dedicated worker, and the engine works the same."""
    context = new_context(browser)
    first, second = context.new_page(), context.new_page()
    problems = watch(first, server) + watch(second, server)
    open_scorer(first, server, "#hand=5H,5S,5C,JD&starter=5D")
    expect(show_total(first)).to_have_text("29")
    assert engine_workers(first) == ["shared_worker"]
    second.add_init_script(COUNT_ENGINE_WORKERS)
    open_engine_page(second, server, "table/")
    assert second.evaluate("window.__engineWorkers") == 1  # it joined one...
    assert engine_workers(second) == ["shared_worker"]  # ...the one already running
    status = second.evaluate(f"async () => {ENGINE}.status")
    assert status["state"] == "ready" and status["detail"] == "Ready"  # told how that one started
    deck = second.evaluate(f"async () => (await {ENGINE}.call('deck', {{}})).result.cards.length")
    assert deck == 52
    first.close()
    second.close()
    android = context.new_page()
    problems += watch(android, server)
    android.add_init_script(DEDICATED_WORKER)
    open_scorer(android, server, "#hand=5H,5S,5C,JD&starter=5D")
    expect(show_total(android)).to_have_text("29")
    assert engine_workers(android).count("worker") == 1  # its own (the shared one may still be ending)
    context.close()
    assert not problems, problems


def test_pages_without_the_engine_do_not_load_it(warm_page, server):
    page = warm_page
    page.add_init_script(DEDICATED_WORKER)  # its requests are the page's to see
    page.add_init_script(COUNT_ENGINE_WORKERS)
    # the same look at the scorer sees its engine start: the wait is long enough, the counts count
    state, workers, requests = engine_activity(page, server, "scorer/")
    assert state in ("loading", "ready") and workers == 1
    # a loaded machine can still be fetching the scorer's files (the engine starts once the page has
    # painted): let them land before leaving, or the guide's look would count them
    engine_ready(page)
    assert requests  # the scorer's engine fetched its files (the list fills as they are requested)
    assert engine_activity(page, server, "guide/") == ("idle", 0, [])


def test_scorer_says_so_when_webassembly_is_missing(browser, server):
    context = browser.new_context()
    context.add_init_script("delete window.WebAssembly")
    page = context.new_page()
    page.goto(server + "scorer/#hand=5H,5S,5C,JD&starter=5D")
    expect(page.locator("[data-engine-status]")).to_contain_text("cannot run the scorer")
    expect(page.locator("h1")).to_contain_text("Scorer")  # the static page is all there
    context.close()


def test_a_repeat_visit_restores_the_snapshot_fetched_in_idle_time(page, server):
    """A first visit starts Python normally and stores the snapshot; the next one restores it."""
    status = f"async () => {{ let d; ({ENGINE}).onStatus(s => d = s)(); return d; }}"
    open_scorer(page, server)
    first = page.evaluate(status)
    assert (first["detail"], first["snapshot"]) == ("Ready", "none stored yet")
    wait_until(page, SNAPSHOT_STORED, ENGINE_TIMEOUT)
    open_scorer(page, server)
    second = page.evaluate(status)
    assert (second["detail"], second["snapshot"]) == ("Ready (restored from the snapshot)", "restored"), second
    # files that are not in the snapshot (the crib table) still load from the wheel
    reply = page.evaluate(f"async () => ({ENGINE}).call('advice', {{cards: '5H 5S 6C 7D JD KC', dealer: true}})")
    assert reply["ok"] and len(reply["result"]["throws"]) == 15


def test_waiting_for_an_async_condition_really_waits(warm_page, server):
    """The helper above awaits the page's promise (wait_for_function would pass at once)."""
    page = warm_page
    page.goto(server + "guide/")
    with pytest.raises(TimeoutError):
        wait_until(page, "async () => false", timeout_ms=600)
    page.evaluate("setTimeout(() => { window.__late = true; }, 700)")
    wait_until(page, "async () => Boolean(window.__late)", timeout_ms=10_000)
    assert page.evaluate("window.__late") is True


@pytest.mark.parametrize("hand, starter, message", [
    ("ZZ 5S 5C JD", "5D", "'ZZ' is not a card: ranks A 2–10 J Q K, suits ♠ ♥ ♦ ♣ or S H D C"),
    ("5 of hearts 5S 5C JD", "5D", "'5 of hearts' is not how cards are written here: type 5H"),
    ("5h5s5cjd5d", "", "'5h5s5cjd5d' is not a card: put a space between cards (5H 5S 5C JD 5D)"),
    ("5H 5H 5C JD", "5D", "'5H': the five of hearts appears twice"),
    ("5H 5S 5C JD", "5H", "the five of hearts appears twice"),
    ("5H 5S 5C JD", "", "Choose the starter"),
])
def test_each_parse_error_is_named_and_slots_match_the_input(warm_page, server, hand, starter, message):
    page = warm_page
    open_scorer(page, server, "#hand=4C,5D,5S,6H&starter=TC")
    expect(show_total(page)).to_have_text("16")  # a count on screen before the bad input
    page.fill("#scorer-cards", hand)
    page.fill("#scorer-starter", starter)
    page.press("#scorer-cards", "Enter")
    expect(page.locator("[data-show-error]")).to_contain_text(message)
    expect(show_total(page)).to_have_count(0)
    # slots and picker show exactly the good cards the boxes name, not the previous hand
    good = []
    for text in (hand, starter):
        if text:
            tokens = json.loads(call("read_cards", json.dumps({"text": text})))["result"]["tokens"]
            good += [t["card"] for t in tokens if t["card"]]
    expect(page.locator("[data-show-chosen] .card")).to_have_count(len(good))
    shown = page.locator("[data-show-chosen] .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert shown == good
    pressed = (page.locator('[data-show-picker] button[aria-pressed="true"]')
               .evaluate_all("bs => bs.map(b => b.dataset.card)"))
    assert sorted(pressed) == sorted(set(good))


def test_starter_slot_table_and_share_link(warm_page, server):
    page = warm_page
    open_scorer(page, server)
    picker = page.locator("[data-show-picker]")
    page.get_by_role("radio", name="the starter").check()
    picker.locator('button[data-card="5D"]').click()  # the starter first, on purpose
    expect(page.locator("#scorer-starter")).to_have_value("5D")
    for code in ["5H", "5S", "5C", "JD"]:
        picker.locator(f'button[data-card="{code}"]').click()
    expect(show_total(page)).to_have_text("29")
    expect(page.locator("#scorer-cards")).to_have_value("5H 5S 5C JD")
    table = page.locator(".starters-table")
    by_total = json.loads(call("starters", json.dumps({"hand": "5H 5S 5C JD"})))["result"]["by_total"]
    expect(table.locator("tbody tr")).to_have_count(len(by_total))
    expect(table.locator("tbody tr").first).to_contain_text("29")
    expect(table.locator(".starters-table__current")).to_contain_text("your starter")
    link = page.locator("[data-show-link]")
    expect(link).to_be_visible()
    assert unquote(link.get_attribute("href")) == "#hand=5H,5S,5C,JD&starter=5D"
    expect(link).to_have_attribute("data-copy-link", "")


# When each engine call leaves the page, and the first frame after the count was put in it.
CALLS_AND_FRAMES = """
    window.__sent = [];
    for (const kind of [MessagePort, Worker]) {
      const post = kind.prototype.postMessage;
      kind.prototype.postMessage = function (message, ...rest) {
        if (message && message.type === "call") window.__sent.push([message.method, performance.now()]);
        return post.call(this, message, ...rest);
      };
    }
    new MutationObserver((changes, observer) => {
      if (!document.querySelector("[data-show-result] .breakdown")) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__countFramed = performance.now(); });
    }).observe(document, { childList: true, subtree: true });
"""


def test_the_table_of_starters_is_asked_for_once_the_count_is_on_screen(warm_page, server):
    """The starters (46 counts) sent in the task that drew the count made the engine's worker share
    a phone's cores with the count's style and layout: asked once a frame has drawn it."""
    page = warm_page
    page.add_init_script(CALLS_AND_FRAMES)
    open_scorer(page, server, "#hand=4C,5D,5S,6H&starter=TC")
    expect(page.locator(".starters-table tbody tr").first).to_be_visible()
    sent = dict(page.evaluate("window.__sent"))
    framed = page.evaluate("window.__countFramed")
    assert "score" in sent and "starters" in sent, sent
    assert sent["score"] < framed < sent["starters"], (sent, framed)


def test_a_hand_entered_by_keyboard_alone_keeps_focus_in_the_picker(warm_page, server):
    page = warm_page
    open_scorer(page, server)
    picker = page.locator("[data-show-picker]")
    picker.locator('button[data-card="AS"]').focus()
    for key in ["ArrowRight"] * 4:  # along the spades to the five
        page.keyboard.press(key)
    page.keyboard.press("Enter")  # 5S
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # 5H
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # 5C
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # 5D
    for key in ["ArrowRight"] * 6:
        page.keyboard.press(key)
    page.keyboard.press("Enter")  # JD: the starter box gets it, the hand being full
    expect(show_total(page)).to_have_text("28")
    expect(page.locator("#scorer-cards")).to_have_value("5S 5H 5C 5D")
    expect(page.locator("#scorer-starter")).to_have_value("JD")
    # the count was drawn, and the keyboard is still where it was, the only tab stop of the grid
    expect(picker.locator('button[data-card="JD"]')).to_be_focused()
    assert picker.locator('button[tabindex="0"]').count() == 1


def test_switching_to_crib_counts_the_cards_just_typed(warm_page, server):
    page = warm_page
    open_scorer(page, server, "#hand=TH,JH,QH,KH&starter=AH")
    linked = json.loads(call("score", json.dumps(
        {"hand": "TH JH QH KH", "starter": "AH", "crib": False})))["result"]["total"]
    expect(show_total(page)).to_have_text(str(linked))
    page.fill("#scorer-cards", "4s 5s 6s js 9h")  # typed, not entered
    page.locator("label:has(input[name='scorer-kind'][value='crib'])").click()
    expect(page.locator("[data-show-result] .breakdown__tag")).to_have_text("Crib")
    expect(page.locator("#scorer-cards")).to_have_value("4s 5s 6s js")
    expect(page.locator("#scorer-starter")).to_have_value("9h")
    expect(page.locator("[data-show-note]")).to_have_text(
        "The fifth card, 9h, went into the starter box, in place of AH.")
    expected = json.loads(call("score", json.dumps(
        {"hand": "4S 5S 6S JS", "starter": "9H", "crib": True})))["result"]["total"]
    expect(show_total(page)).to_have_text(str(expected))


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_on_a_phone_the_count_is_brought_into_view(warm_pages, server, motion):
    page = warm_pages(View("phone", 390, 844, mobile=True, motion=motion))
    open_scorer(page, server)
    page.locator("#scorer-cards").scroll_into_view_if_needed()
    page.fill("#scorer-cards", "5h 5s 5c jd 5d")
    page.press("#scorer-cards", "Enter")
    expect(show_total(page)).to_have_text("29")
    page.wait_for_function("""() => {
        const r = document.querySelector('[data-show-result]').getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight - 80; }""")
    header = page.locator(".md-header").bounding_box()["height"]
    assert page.locator("[data-show-result]").bounding_box()["y"] >= header - 1  # not under the header
