"""The practice page in Chromium: answers judged, links reproduce problems, progress kept."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402

from cribbage import advise, score_show  # noqa: E402
from cribbage.quiz import discard_problem, play_problem, show_problem  # noqa: E402

pytestmark = pytest.mark.browser
ENGINE_TIMEOUT = 60_000
STORE = "cribbage.practice.v1"


def open_practice(page, server, fragment=""):
    page.goto(server + "practice/" + fragment)
    for quiz in ("show", "play", "discard"):
        expect(page.locator(f'[data-quiz="{quiz}"] [data-problem] .card').first).to_be_visible(timeout=ENGINE_TIMEOUT)


def section(page, quiz):
    return page.locator(f'[data-quiz="{quiz}"]')


def test_show_quiz_right_and_wrong(page, server):
    problem = show_problem("expert", 42)
    total = score_show(problem.hand, problem.starter, problem.is_crib).total
    open_practice(page, server, "#show/expert/42")
    show = section(page, "show")
    expect(show.locator("[data-problem] .card")).to_have_count(5)
    assert show.locator("[data-problem] .card").first.get_attribute("data-card") == problem.hand[0].code
    page.fill("#show-total", str(total + 1))
    page.press("#show-total", "Enter")
    expect(show.locator(".verdict")).to_contain_text(f"Not quite. The count is {total}; you said {total + 1}")
    page.fill("#show-total", str(total))
    page.press("#show-total", "Enter")
    expect(show.locator(".verdict")).to_contain_text(f"Right. The count is {total}")


def test_show_quiz_detailed_names_the_missed_category(page, server):
    problem = show_problem("standard", 7)
    by_kind = score_show(problem.hand, problem.starter, problem.is_crib).by_kind
    open_practice(page, server, "#show/standard/7")
    show = section(page, "show")
    show.locator("[data-show-detailed]").check()
    for kind, points in by_kind.items():
        show.locator(f'[data-kind="{kind}"]').fill(str(points + (2 if kind == "pair" else 0)))
    show.locator('[data-kind="nobs"]').press("Enter")
    expect(show.locator(".verdict__notes")).to_contain_text("over-counted pairs by 2")


def test_play_quiz_right_and_wrong(page, server):
    problem = play_problem(42)
    points = sum(i.points for i in problem.items())
    open_practice(page, server, "#play/42")
    play = section(page, "play")
    expect(play.locator("[data-problem]")).to_contain_text(f"The count is {sum(c.value for c in problem.previous)}")
    page.fill("#play-points", str(points + 2))
    page.press("#play-points", "Enter")
    expect(play.locator(".verdict")).to_contain_text(f"The card scores {points}; you said {points + 2}")
    page.fill("#play-points", str(points))
    page.press("#play-points", "Enter")
    expect(play.locator(".verdict")).to_contain_text("Right.")


def test_discard_quiz_best_and_worst(page, server):
    deal = discard_problem(42)
    ranked = advise(deal.six, deal.dealer)
    open_practice(page, server, "#discard/42")
    discard = section(page, "discard")

    def throw(cards):
        for button in discard.locator(".quiz__six button").all():
            pressed = button.get_attribute("data-card") in {c.code for c in cards}
            if (button.get_attribute("aria-pressed") == "true") != pressed:
                button.click()
        discard.locator("[data-answer-form] button").click()

    throw(ranked[-1].discard)
    expect(discard.locator(".verdict")).to_contain_text("ranks 15 of 15")
    expect(discard.locator("tbody tr")).to_have_count(15)
    throw(ranked[0].discard)
    expect(discard.locator(".verdict")).to_contain_text("That is the best throw")


def test_answers_that_are_not_numbers_get_a_message(page, server):
    open_practice(page, server)
    for text, message in [("", "Type your answer first"), ("twelve", "is not a whole number"),
                          ("45", "no hand scores 45")]:
        page.fill("#show-total", text)
        page.press("#show-total", "Enter")
        expect(section(page, "show").locator("[data-feedback]")).to_contain_text(message)


def test_rules_quiz_links_its_faq_answer(page, server):
    open_practice(page, server)
    item = page.locator('[data-rules-question="is-king-queen-a-pair"]')
    item.locator('[data-choice="yes"]').click()
    expect(item.locator(".rules-quiz__verdict")).to_have_text("✗ Not quite.")
    expect(item.locator("a")).to_have_attribute("href", re.compile(r"/faq/#pairs-in-the-play$"))


def test_next_problem_and_its_link_reproduce(page, server):
    open_practice(page, server)
    show = section(page, "show")
    page.locator("body").press("Tab")  # move focus off the inputs, then N for next
    show.locator("[data-next]").focus()
    first = show.get_attribute("data-seed")
    show.locator("[data-permalink]").focus()
    page.keyboard.press("n")
    expect(show).not_to_have_attribute("data-seed", first)
    seed = show.get_attribute("data-seed")
    cards = show.locator("[data-problem] .card").evaluate_all("els => els.map(e => e.dataset.card)")
    link = show.locator("[data-permalink]").get_attribute("href")
    assert link == f"#show/standard/{seed}"
    open_practice(page, server, link)
    expect(show.locator("[data-problem] .card").first).to_have_attribute("data-card", cards[0])
    assert show.locator("[data-problem] .card").evaluate_all("els => els.map(e => e.dataset.card)") == cards


def test_progress_survives_a_reload_and_resets(page, server):
    open_practice(page, server, "#show/standard/5")
    problem = show_problem("standard", 5)
    page.fill("#show-total", str(score_show(problem.hand, problem.starter, problem.is_crib).total))
    page.press("#show-total", "Enter")
    expect(page.locator("[data-progress]")).to_contain_text("Count the show: 1 of 1 (100%)")
    page.reload()
    expect(page.locator("[data-progress]")).to_contain_text("Count the show: 1 of 1 (100%)")
    expect(page.locator("[data-progress]")).to_contain_text("Streak: 1 right in a row")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))
    assert stored["version"] == 1 and stored["quizzes"]["show"] == {"right": 1, "total": 1}
    page.locator("[data-reset-progress]").click()
    expect(page.locator("[data-progress]")).to_contain_text("Streak: 0")


@pytest.mark.parametrize("corrupt", ["{not json", json.dumps({"version": 0}), json.dumps([1, 2])])
def test_corrupt_progress_is_reset_with_a_notice(page, server, corrupt):
    page.goto(server + "guide/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [STORE, corrupt])
    open_practice(page, server)
    expect(page.locator("[data-practice-notice]")).to_contain_text("could not be read")
    expect(page.locator("[data-progress]")).to_contain_text("Streak: 0")
    assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["version"] == 1


def test_detailed_entry_shows_only_when_asked(page, server):
    open_practice(page, server)
    show = section(page, "show")
    expect(show.locator("[data-detailed-entry]")).to_be_hidden()
    show.locator("[data-show-detailed]").check()
    expect(show.locator("[data-detailed-entry]")).to_be_visible()
    expect(show.locator("#show-total")).to_be_hidden()
