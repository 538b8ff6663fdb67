"""The scorer's variant switch and the play scorer round three and four players, each checked against
the engine in CPython: a five-card hand of three cards with its flush, a standard link unchanged, an
unknown variant in a link said as text, the switch by keyboard kept in the link over a reload, the
go passing round three players, partners' totals, five-card's play ended by the first go; and on a
phone with three players, axe-core in light and dark with nothing wider than the screen."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from cribbage.backend.api import call
from cribbage.backend.vocabulary import PLAYER_LABELS
from harness.browser import ENGINE_TIMEOUT, PHONE, View, engine_ready, open_engine_page, settled
from harness.pagekinds import describe, run_axe

THREE = "KH QS 9C go AH go go 5D 5H 5C 4S 3D 8S go go 7H 9D"
"""A three-handed play: twice the go passes round the table to the player who laid the last card
(the second, both times), and the first lays the twelfth card."""
FOUR = "5H 5S 5C 5D TH go go go go 9C 6S"
"""A four-handed play under way: a double pair royal, a go round all four, a fifteen."""


def engine(method: str, **params: Any) -> Any:
    reply = json.loads(call(method, json.dumps(params)))
    assert reply["ok"], reply
    return reply["result"]


def link(steps: str, variant: str) -> str:
    return f"#play={steps.replace(' ', ',')}&variant={variant}"


def step_points(step: dict[str, Any]) -> str:
    """What the page says a step pegs (scorer/state.js stepPoints), from the engine's step."""
    if not step["points"]:
        return "0"
    items = ", ".join(f"{item['kind'].capitalize()} {item['points']}" for item in step["items"])
    return f"{step['points']} to {PLAYER_LABELS[step['scorer']].lower()}: {items}"


def expect_total(page: Any, expected: dict[str, Any]) -> None:
    result = page.locator("[data-show-result]")
    expect(result.locator(".breakdown__total")).to_have_text(str(expected["total"]), timeout=ENGINE_TIMEOUT)
    flush = [item["points"] for item in expected["items"] if item["kind"] == "flush"]
    if flush:
        expect(result.locator("tfoot tr", has_text="Flush").locator("td")).to_have_text(str(flush[0]))


def test_a_five_card_link_scores_three_cards_and_their_flush_and_other_links_keep_their_meaning(warm_page, server):
    page = warm_page
    open_engine_page(page, server, "scorer/", "#hand=4H,5H,6H&starter=5S&variant=five-card")
    expect(page.locator('input[name="scorer-variant"][value="five-card"]')).to_be_checked()
    expect(page.locator('label[for="scorer-cards"]')).to_have_text("Three cards")
    three_card_flush = engine("score", hand="4H 5H 6H", starter="5S", variant="five-card")
    assert [i["points"] for i in three_card_flush["items"] if i["kind"] == "flush"] == [3]
    expect_total(page, three_card_flush)

    page.evaluate("location.hash = 'hand=4H,5H,6H&starter=9H&variant=five-card'")  # with the starter: 4
    with_starter = engine("score", hand="4H 5H 6H", starter="9H", variant="five-card")
    assert [i["points"] for i in with_starter["items"] if i["kind"] == "flush"] == [4]
    expect_total(page, with_starter)

    page.evaluate("location.hash = 'hand=5H,5S,5C,JD&starter=5D'")  # an older link: the standard game
    expect(page.locator('input[name="scorer-variant"][value="standard"]')).to_be_checked()
    expect_total(page, engine("score", hand="5H 5S 5C JD", starter="5D"))
    expect(page.locator('label[for="scorer-cards"]')).to_have_text("Four cards")
    assert page.evaluate("location.hash") == "#hand=5H,5S,5C,JD&starter=5D"

    page.evaluate("location.hash = 'hand=4H,5H,6H&starter=5S&variant=six-handed'")
    error = page.locator("[data-show-error]")
    expect(error).to_contain_text("“six-handed”")
    expect(error).to_contain_text("five-card")
    expect(page.locator("[data-show-result] .breakdown")).to_have_count(0)
    assert error.locator("*").count() == 0  # the link's text as text, never as markup


def test_the_switch_by_keyboard_counts_in_its_variant_and_a_reload_keeps_it(warm_page, server):
    page = warm_page
    open_engine_page(page, server, "scorer/")
    page.locator('input[name="scorer-variant"][value="standard"]').focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator('input[name="scorer-variant"][value="five-card"]')).to_be_checked()
    expect(page).to_have_url(re.compile(r"#variant=five-card$"))
    page.fill("#scorer-cards", "7c 8c 9c")
    page.fill("#scorer-starter", "kc")
    page.press("#scorer-starter", "Enter")
    expected = engine("score", hand="7C 8C 9C", starter="KC", variant="five-card")
    expect_total(page, expected)
    expect(page).to_have_url(re.compile(r"#hand=7C,8C,9C&starter=KC&variant=five-card$"))

    page.reload()
    engine_ready(page, "[data-scorer-page]")
    expect(page.locator('input[name="scorer-variant"][value="five-card"]')).to_be_checked()
    expect_total(page, expected)

    page.locator('input[name="scorer-variant"][value="standard"]').check()  # three cards are no standard hand
    expect(page.locator("[data-show-result] .breakdown")).to_have_count(0)
    expect(page.locator("#scorer-cards")).to_have_value("7C 8C 9C")
    expect(page.locator('label[for="scorer-cards"]')).to_have_text("Four cards")
    expect(page).to_have_url(re.compile(r"#hand=7C,8C,9C&starter=KC$"))  # the cards stay in the address


def test_three_players_the_go_passes_round_and_the_last_card_takes_its_point(warm_page, server):
    page = warm_page
    open_engine_page(page, server, "scorer/")
    page.locator("[data-scorer-variant] label", has_text="Three players").click()
    lead = "Count: 0. The player on the dealer's left (First) lays first."
    expect(page.locator("[data-play-count]")).to_have_text(lead)
    page.fill("#play-cards", THREE)
    page.press("#play-cards", "Enter")
    expected = engine("play", steps=THREE, variant="three-player")
    steps = expected["steps"]
    # the engine's own account, which the page must show: both goes to the second, the last card to the first
    assert [(i, s["scorer"]) for i, s in enumerate(steps) if s["go"] and s["points"]] == [(6, "second"), (14, "second")]
    assert steps[-1]["scorer"] == "first" and steps[-1]["items"][-1]["kind"] == "go"
    shown = page.locator("[data-play-steps] .play-step")
    expect(shown).to_have_count(len(steps), timeout=ENGINE_TIMEOUT)
    assert shown.locator(".play-step__player").all_text_contents() == [PLAYER_LABELS[s["player"]] for s in steps]
    assert shown.locator(".play-step__points").all_text_contents() == [step_points(s) for s in steps]
    totals = page.locator("[data-play-totals] td[data-player-total]")
    assert totals.all_text_contents() == [str(points) for points in expected["totals"]]
    assert page.locator("[data-play-totals] th").all_text_contents() == ["First", "Second", "Dealer"]
    expect(page.locator("[data-play-count]")).to_have_text("Count: 0. The play is over: all twelve cards are down.")
    assert page.evaluate("location.hash") == link(THREE, "three-player")


def test_partners_totals_are_shown_together_and_five_card_play_ends_at_the_first_go(warm_page, server):
    page = warm_page
    open_engine_page(page, server, "scorer/", link(FOUR, "four-player"))
    expected = engine("play", steps=FOUR, variant="four-player")
    expect(page.locator("[data-play-steps] .play-step")).to_have_count(len(expected["steps"]), timeout=ENGINE_TIMEOUT)
    players = page.locator("[data-play-totals] td[data-player-total]")
    assert players.all_text_contents() == [str(points) for points in expected["totals"]]
    teams = page.locator("[data-play-totals] .play-totals--teams")
    assert teams.locator("th").all_text_contents() == ["First and third", "Second and dealer"]
    assert teams.locator("td").all_text_contents() == [str(points) for points in expected["team_totals"]]
    first, second, third, dealer = expected["totals"]
    assert expected["team_totals"] == [first + third, second + dealer]
    expect(page.locator("[data-play-count]")).to_have_text("Count: 15. Next to lay: dealer.")

    page.evaluate("location.hash = 'play=TC,KD,9H,go,go&variant=five-card'")
    five = engine("play", steps="TC KD 9H go go", variant="five-card")
    assert five["over"] and five["totals"] == [1, 0]
    expect(page.locator('input[name="scorer-variant"][value="five-card"]')).to_be_checked()
    # The variant's note can show before the engine's answer for the new steps: wait for the totals.
    expect(players).to_have_text(["1", "0"], timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-play-count]")).to_contain_text("the first go or 31 ends it")
    expect(teams).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_three_players_on_a_phone_pass_axe_and_fit_the_screen(warm_pages, server, scheme):
    page = warm_pages(View(f"{scheme}-phone", PHONE.width, PHONE.height, scheme, mobile=True))
    open_engine_page(page, server, "scorer/", link(THREE, "three-player"))
    expect(page.locator("[data-play-steps] .play-step")).to_have_count(17, timeout=ENGINE_TIMEOUT)
    settled(page)
    violations = run_axe(page)
    assert not violations, describe(violations)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE.width
