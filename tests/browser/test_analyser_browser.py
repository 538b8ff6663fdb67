"""The discard analyser page in Chromium: the same numbers as CPython, links, errors, slots."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from cribbage.backend.api import call
from harness.browser import (
    DESKTOP,
    ENGINE_TIMEOUT,
    LAYOUT_SHIFTS,
    PHONE,
    layout_shift,
    next_frames,
    open_engine_page,
    settled,
)

DEAL = "AD 7H 3S 4S 5D KD"


def open_analyser(page, server, fragment=""):
    open_engine_page(page, server, "analyser/", fragment)


def shown_throws(page):
    """Each throw as the page shows it: discard, keep, hand, crib, value (text)."""
    return page.locator(".throws-list > li").evaluate_all("""items => items.map(li => ({
        discard: li.dataset.discard,
        keep: [...li.querySelectorAll('.throw__head .cards')[0].querySelectorAll('.card')].map(c => c.dataset.card),
        numbers: [...li.querySelectorAll('dd')].map(d => d.firstChild.textContent.trim()),
        bars: li.querySelectorAll('.throw__bar').length,
        chart: li.querySelector('.throw__chart').getAttribute('aria-label'),
        labelled: [...li.querySelectorAll('.throw__tick')].map((t, i) =>
            [Number(t.textContent), Number(li.querySelectorAll('.throw__count')[i].textContent)]),
    }))""")


def expected(cards, dealer):
    return json.loads(call("analyse", json.dumps({"cards": cards, "dealer": dealer})))["result"]


def assert_same_as_cpython(page, cards, dealer):
    throws = shown_throws(page)
    want = expected(cards, dealer)["throws"]
    assert len(throws) == 15
    for shown, t in zip(throws, want, strict=True):
        assert shown["discard"] == ",".join(t["discard"])
        assert shown["keep"] == t["keep"]
        sign = "+" if dealer else "−"
        assert shown["numbers"] == [f"{t['hand_value']:.2f}", f"{sign}{t['crib_value']:.2f}", f"{t['value']:.2f}",
                                    f"{want[0]['value'] - t['value']:.2f}"]
        distribution = [tuple(pair) for pair in t["distribution"]]
        assert shown["bars"] == len(distribution)
        assert shown["chart"].endswith(", ".join(f"{p} points with {n}" for p, n in distribution) + ".")
        # a crowded chart labels some totals only (analyser_state.test.mjs), each with its own count
        assert shown["labelled"] and {tuple(pair) for pair in shown["labelled"]} <= set(distribution)


def test_typed_deal_equals_cpython_and_its_link_reproduces_it(warm_page, server):
    page = warm_page
    open_analyser(page, server)
    page.fill("#analyser-cards", DEAL.lower())
    page.press("#analyser-cards", "Enter")
    expect(page.locator(".throws-list > li")).to_have_count(15)
    assert_same_as_cpython(page, DEAL, True)
    expect(page.locator(".throws-list > li").first).to_have_attribute("data-discard", "AD,7H")
    assert unquote(page.url).endswith("#deal=AD,7H,3S,4S,5D,KD&dealer=1")
    # as pone: the crib is subtracted, and the link says so
    page.get_by_role("radio", name="My opponent's").check()
    expect(page.locator("[data-analyser-page]")).to_have_attribute("data-shown", "AD,7H,3S,4S,5D,KD")
    expect(page.locator(".throws-list > li").first).not_to_have_attribute("data-discard", "AD,7H")
    assert unquote(page.url).endswith("dealer=0")
    link = page.locator("[data-analyser-link]").get_attribute("href")
    # the shared link, opened fresh, shows the same analysis
    other = page.context.new_page()
    other.goto(server + "analyser/" + link)
    expect(other.locator(".throws-list > li")).to_have_count(15, timeout=ENGINE_TIMEOUT)
    assert_same_as_cpython(other, DEAL, False)
    expect(other.get_by_role("radio", name="My opponent's")).to_be_checked()
    other.close()


def test_picking_six_cards_analyses_and_slots_follow(warm_page, server):
    page = warm_page
    open_analyser(page, server)
    picker = page.locator("[data-analyser-picker]")
    for code in ["5H", "5S", "6C", "7D", "JD"]:
        picker.locator(f'button[data-card="{code}"]').click()
    expect(page.locator("#analyser-cards")).to_have_value("5H 5S 6C 7D JD")
    expect(page.locator(".throws-list > li")).to_have_count(0)
    picker.locator('button[data-card="KC"]').click()
    expect(page.locator(".throws-list > li")).to_have_count(15)
    assert_same_as_cpython(page, "5H 5S 6C 7D JD KC", True)
    expect(page.locator("[data-analyser-chosen] .card")).to_have_count(6)


@pytest.mark.parametrize("typed, message", [
    ("ZZ 5S 6C 7D JD KC", "'ZZ' is not a card: ranks A 2–10 J Q K, suits ♠ ♥ ♦ ♣ or S H D C"),
    ("5h5s 6C 7D JD KC", "'5h5s' is not a card: put a space between cards (5H 5S)"),
    ("5H 5H 6C 7D JD KC", "'5H': the five of hearts appears twice"),
    ("5 of hearts 6C 7D JD KC", "'5 of hearts' is not how cards are written here: type 5H"),
    ("5H 6C 7D", "Choose 3 more cards"),
])
def test_bad_input_is_named_and_slots_still_match_the_input(warm_page, server, typed, message):
    page = warm_page
    open_analyser(page, server)
    page.fill("#analyser-cards", typed)
    page.press("#analyser-cards", "Enter")
    expect(page.locator("[data-analyser-error]")).to_contain_text(message)
    expect(page.locator(".throws-list > li")).to_have_count(0)
    tokens = json.loads(call("read_cards", json.dumps({"text": typed})))["result"]["tokens"]
    good = [t["card"] for t in tokens if t["card"]]
    expect(page.locator("[data-analyser-chosen] .card")).to_have_count(len(good))
    pressed = page.locator('[data-analyser-picker] button[aria-pressed="true"]')
    assert sorted(pressed.evaluate_all("bs => bs.map(b => b.dataset.card)")) == sorted(good)


@pytest.mark.parametrize("fragment", ["#deal=<img src=x onerror=alert(1)>&dealer=1", "#deal=AD,7H&dealer=1",
                                      "#deal=AD,7H,3S,4S,5D,KD&dealer=yes"])
def test_bad_links_show_a_message_and_insert_nothing(warm_page, server, fragment):
    page = warm_page
    open_analyser(page, server, fragment)
    expect(page.locator("[data-analyser-error]")).to_contain_text("does not describe a deal")
    assert page.locator("[data-analyser-page] img, [data-analyser-page] script").count() == 0


def test_picker_arrow_keys_move_one_tab_stop(warm_page, server):
    page = warm_page
    open_analyser(page, server)
    picker = page.locator("[data-analyser-picker]")
    first = picker.locator('button[data-card="AS"]')
    first.focus()
    page.keyboard.press("ArrowRight")
    expect(picker.locator('button[data-card="2S"]')).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(picker.locator('button[data-card="2H"]')).to_be_focused()
    page.keyboard.press("End")
    expect(picker.locator('button[data-card="KH"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#analyser-cards")).to_have_value("KH")
    assert picker.locator('button[tabindex="0"]').count() == 1


def test_on_a_phone_the_analysis_is_brought_into_view(warm_pages, server):
    page = warm_pages(PHONE)
    open_analyser(page, server)
    page.fill("#analyser-cards", DEAL)
    page.press("#analyser-cards", "Enter")
    page.locator("[data-analyser-result] *").first.wait_for(timeout=ENGINE_TIMEOUT)
    top = page.locator("[data-analyser-result]").bounding_box()["y"]
    header = page.locator(".md-header").bounding_box()["height"]
    assert header - 1 <= top < 844 - 80, f"the analysis starts at {top}px, out of sight"


@pytest.mark.parametrize("view", [DESKTOP, PHONE], ids=lambda v: v.name)
def test_the_throws_below_the_first_screen_are_laid_out_when_scrolled_near_and_move_nothing(warm_pages, server, view):
    """A linked deal lands at the top: the fifteen throws are below the first screen, so the page
    skips their layout until they are scrolled near (content-visibility), in the room they take."""
    page = warm_pages(view)
    page.add_init_script(LAYOUT_SHIFTS)
    open_analyser(page, server, "#deal=5H,5S,6C,7D,JD,KC&dealer=1")
    page.locator(".throws-list > li").nth(14).wait_for(state="attached", timeout=ENGINE_TIMEOUT)
    settled(page)
    drawn = "(item) => item.querySelector('.throw__chart').checkVisibility({ contentVisibilityAuto: true })"
    throws = page.locator(".throws-list > li").all()
    assert throws[-1].evaluate(drawn) is False, "the last throw was laid out on a screen far above it"
    height = page.evaluate("document.documentElement.scrollHeight")
    for item in throws:
        item.scroll_into_view_if_needed()
        next_frames(page)
        assert item.evaluate(drawn), item.get_attribute("data-discard")
    grown = page.evaluate("document.documentElement.scrollHeight") - height
    assert abs(grown) <= len(throws) / 2, f"the throws kept {-grown} px more room than they take"
    assert layout_shift(page) < 0.01
