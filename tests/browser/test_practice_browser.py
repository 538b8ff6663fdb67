"""The practice page in Chromium: answers judged, links reproduce problems, progress kept."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from cribbage import score_show
from cribbage.analysis import analyse
from cribbage.backend.quiz import adaptive_problem, adaptive_weights, discard_problem, play_problem, show_problem
from harness.browser import ENGINE_TIMEOUT, NARROW_PHONE, closes_as_a_modal, storage_keys


def store(page):
    """Where the page keeps the reader's progress (its localStorage key)."""
    return storage_keys(page)["practice"]


def open_practice(page, server, fragment=""):
    page.goto(server + "practice/" + fragment)
    for quiz in ("show", "play", "discard", "adaptive"):
        expect(page.locator(f'[data-quiz="{quiz}"] [data-problem] .card').first).to_be_visible(timeout=ENGINE_TIMEOUT)


def section(page, quiz):
    return page.locator(f'[data-quiz="{quiz}"]')


def test_show_quiz_right_and_wrong(warm_page, server):
    page = warm_page
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
    # right after a miss: it counts as missed, and says so (it said "Right." as if it were first)
    expect(show.locator(".verdict")).to_contain_text(f"Right, but this one counts as missed: the first answer was not. "
                                                     f"The count is {total}")


def test_show_quiz_detailed_names_the_missed_category(warm_page, server):
    page = warm_page
    problem = show_problem("standard", 7)
    by_kind = score_show(problem.hand, problem.starter, problem.is_crib).by_kind
    open_practice(page, server, "#show/standard/7")
    show = section(page, "show")
    show.locator("[data-show-detailed]").check()
    for kind, points in by_kind.items():
        show.locator(f'[data-kind="{kind}"]').fill(str(points + (2 if kind == "pair" else 0)))
    show.locator('[data-kind="nobs"]').press("Enter")
    expect(show.locator(".verdict__notes")).to_contain_text("over-counted pairs by 2")


def test_play_quiz_right_and_wrong(warm_page, server):
    page = warm_page
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
    expect(play.locator(".verdict")).to_contain_text("Right, but this one counts as missed")


def test_discard_quiz_best_and_worst(warm_page, server):
    page = warm_page
    deal = discard_problem(42)
    ranked = analyse(deal.six, deal.dealer)
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


def test_answers_that_are_not_numbers_get_a_message(warm_page, server):
    page = warm_page
    open_practice(page, server)
    for text, message in [("", "Type your answer first"), ("twelve", "is not a whole number"),
                          ("45", "no hand scores 45")]:
        page.fill("#show-total", text)
        page.press("#show-total", "Enter")
        expect(section(page, "show").locator("[data-feedback]")).to_contain_text(message)


def test_rules_quiz_draws_five_questions_at_a_time_from_the_catalog(warm_page, server):
    page = warm_page
    open_practice(page, server)
    questions = page.locator("[data-rules-question]")
    assert questions.count() >= 40
    shown = page.locator("[data-rules-question]:visible")
    expect(shown).to_have_count(5)
    item = shown.first
    wrong = "no" if item.get_attribute("data-answer") == "yes" else "yes"
    item.locator(f'[data-choice="{wrong}"]').click()
    expect(item.locator(".rules-quiz__verdict")).to_have_text("✗ Not quite.")
    expect(item.locator(".rules-quiz__answer")).to_have_text(f"The answer is {item.get_attribute('data-answer')}.")
    expect(item.locator("a")).to_have_attribute("href", re.compile(r"/faq/#[a-z0-9-]+$"))
    first_round = shown.evaluate_all("items => items.map(i => i.dataset.rulesQuestion)")
    page.locator("[data-rules-more]").click()
    expect(shown).to_have_count(5)
    second_round = shown.evaluate_all("items => items.map(i => i.dataset.rulesQuestion)")
    assert not set(first_round) & set(second_round)
    expect(page.locator("[data-rules-count]")).to_contain_text(f"Questions 6 to 10 of {questions.count()}")


def test_the_rules_quiz_comes_back_as_it_was_after_a_reload(warm_page, server):
    page = warm_page
    open_practice(page, server)
    page.locator("[data-rules-more]").click()  # the second round
    shown = page.locator("[data-rules-question]:visible")
    expect(shown).to_have_count(5)
    round_ids = shown.evaluate_all("items => items.map(i => i.dataset.rulesQuestion)")
    answered = {}
    for index in (0, 2):
        item = shown.nth(index)
        right = item.get_attribute("data-answer")
        choice = right if index == 0 else ("no" if right == "yes" else "yes")
        item.locator(f'[data-choice="{choice}"]').click()
        answered[item.get_attribute("data-rules-question")] = "✓ Right." if index == 0 else "✗ Not quite."
    expect(page.locator("[data-progress]")).to_contain_text("Rules quiz: 1 of 2")
    page.reload()
    open_practice(page, server)
    expect(shown).to_have_count(5)
    assert shown.evaluate_all("items => items.map(i => i.dataset.rulesQuestion)") == round_ids
    expect(page.locator("[data-rules-count]")).to_contain_text("Questions 6 to 10")
    for question, verdict in answered.items():
        expect(page.locator(f'[data-rules-question="{question}"] .rules-quiz__verdict')).to_have_text(verdict)
    unanswered = [q for q in round_ids if q not in answered]
    for question in unanswered:
        expect(page.locator(f'[data-rules-question="{question}"] .rules-quiz__feedback')).to_be_hidden()
    # answering again after the reload does not count twice
    page.locator(f'[data-rules-question="{round_ids[0]}"] [data-choice]').first.click()
    expect(page.locator("[data-progress]")).to_contain_text("Rules quiz: 1 of 2")


def test_next_problem_and_its_link_reproduce(warm_page, server):
    page = warm_page
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
    expect(page).to_have_url(re.compile(re.escape(link) + "$"))  # the address names it too
    # the link, opened in another tab, loads the page afresh and draws the same problem (opened in
    # this tab it is the same address: nothing would load)
    other = page.context.new_page()
    open_practice(other, server, link)
    again = section(other, "show")
    expect(again).to_have_attribute("data-seed", seed)
    assert again.locator("[data-problem] .card").evaluate_all("els => els.map(e => e.dataset.card)") == cards
    other.close()


def test_progress_survives_a_reload_and_resets(warm_page, server):
    page = warm_page
    open_practice(page, server, "#show/standard/5")
    problem = show_problem("standard", 5)
    page.fill("#show-total", str(score_show(problem.hand, problem.starter, problem.is_crib).total))
    page.press("#show-total", "Enter")
    expect(page.locator("[data-progress]")).to_contain_text("Count the show: 1 of 1 (100%)")
    page.reload()
    expect(page.locator("[data-progress]")).to_contain_text("Count the show: 1 of 1 (100%)")
    expect(page.locator("[data-progress]")).to_contain_text("Streak: 1 right in a row")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{store(page)}')"))
    assert stored["version"] == 1 and stored["quizzes"]["show"] == {"right": 1, "total": 1}
    reset = page.locator("[data-reset-progress]")
    reset.click()  # asks first, in the site's one question dialog; Escape is the safe answer
    expect(page.locator("[data-confirm]")).to_contain_text("Forget every answer")
    closes_as_a_modal(page, page.locator("[data-confirm]"), reset)
    reset.click()
    page.locator("[data-confirm-no]").click()
    expect(page.locator("[data-progress]")).to_contain_text("Count the show: 1 of 1 (100%)")
    page.locator("[data-reset-progress]").click()
    page.locator("[data-confirm-yes]").click()
    expect(page.locator("[data-progress]")).to_be_hidden()
    expect(page.locator("[data-progress-empty]")).to_be_visible()
    assert json.loads(page.evaluate(f"localStorage.getItem('{store(page)}')"))["quizzes"] == {}


@pytest.mark.parametrize("corrupt", ["{not json", json.dumps({"version": 0}), json.dumps([1, 2])])
def test_corrupt_progress_is_reset_with_a_notice(warm_page, server, corrupt):
    page = warm_page
    page.goto(server + "guide/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [store(page), corrupt])
    open_practice(page, server)
    expect(page.locator("[data-practice-notice]")).to_contain_text("could not be read")
    expect(page.locator("[data-progress-empty]")).to_be_visible()
    assert json.loads(page.evaluate(f"localStorage.getItem('{store(page)}')"))["version"] == 1


def test_detailed_entry_shows_only_when_asked(warm_page, server):
    page = warm_page
    open_practice(page, server)
    show = section(page, "show")
    expect(show.locator("[data-detailed-entry]")).to_be_hidden()
    show.locator("[data-show-detailed]").check()
    expect(show.locator("[data-detailed-entry]")).to_be_visible()
    expect(show.locator("#show-total")).to_be_hidden()


def throw_cards(section_locator, codes):
    for button in section_locator.locator(".quiz__six button").all():
        pressed = button.get_attribute("data-card") in codes
        if (button.get_attribute("aria-pressed") == "true") != pressed:
            button.click()
    section_locator.locator("[data-answer-form] button").click()


def test_problem_108_the_exactly_best_throw_is_right(warm_page, server):
    page = warm_page
    open_practice(page, server, "#discard/108")
    discard = section(page, "discard")
    throw_cards(discard, {"AD", "7H"})
    expect(discard.locator(".verdict")).to_contain_text("Right. That is the best throw.")
    # the crib table's favourite loses 0.18 points a deal against the exact best
    throw_cards(discard, {"AD", "KD"})
    expect(discard.locator(".verdict")).to_contain_text("loses 0.18 points a deal against the best")
    expect(discard.locator(".verdict")).to_contain_text("Not quite")
    # kept cards sorted by rank, the numbers in their own columns, the selection cleared
    mine = discard.locator("tr.throws__mine")
    keep = mine.locator("td").nth(1).locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert keep == ["3S", "4S", "5D", "7H"]
    assert mine.locator("td").last.inner_text() == "0.18"
    expect(discard.locator('.quiz__six button[aria-pressed="true"]')).to_have_count(0)
    link = discard.locator(".try-it a")
    expect(link).to_have_attribute("href", re.compile(r"/analyser/#deal=AD,7H,3S,4S,5D,KD&dealer=1$"))


def test_the_table_of_throws_has_its_caption_in_view_on_the_narrowest_phone(warm_pages, server):
    """The table is wider than a 320 px phone and scrolls; its caption wraps within the box's visible
    width, clear of the scroll cue's fade, rather than running on as wide as the table."""
    page = warm_pages(NARROW_PHONE)
    open_practice(page, server, "#discard/108")
    discard = section(page, "discard")
    throw_cards(discard, {"AD", "7H"})
    caption = discard.locator("table.throws caption")
    expect(caption).to_be_visible()
    # the scroll cue wraps a box once it has seen it overflow (a resize observer's callback)
    expect(discard.locator(".scroll-cue .throws__wrap")).to_be_attached()
    box, text, fade = caption.evaluate("""c => {
      const box = c.closest('.throws__wrap');
      return [box.getBoundingClientRect().toJSON(), c.getBoundingClientRect().toJSON(),
              parseFloat(getComputedStyle(box.closest('.scroll-cue'), '::after').width)]; }""")
    assert discard.locator(".throws__wrap").evaluate("box => box.scrollWidth > box.clientWidth")  # it does scroll
    assert text["left"] >= box["left"] and text["right"] <= box["right"] - fade + 0.5, (box, text, fade)


def test_a_near_best_throw_within_the_tolerance_is_right(warm_page, server):
    page = warm_page
    problem = discard_problem(8)
    ranked = analyse(problem.six, problem.dealer)
    second = {c.code for c in ranked[1].discard}
    assert 0 < ranked[0].value - ranked[1].value <= 0.05
    open_practice(page, server, "#discard/8")
    discard = section(page, "discard")
    throw_cards(discard, second)
    expect(discard.locator(".verdict")).to_contain_text("Right. Your throw ranks 2 of 15")
    expect(discard.locator(".verdict")).to_contain_text("within 0.05, so it counts as right")


def shown_weights(page):
    items = page.locator("[data-weights] li")
    categories = items.evaluate_all("ls => ls.map(l => l.dataset.category)")
    values = [int(t.rstrip("%")) for t in page.locator("[data-weights] .weights__value").all_inner_texts()]
    return dict(zip(categories, values, strict=True))


def test_adaptive_weighting_follows_the_misses_and_the_seed(warm_page, server):
    page = warm_page
    record = {"flush": {"right": 0, "total": 8}, "fifteen": {"right": 8, "total": 8}}
    stored = {"version": 1, "streak": 0, "best": 0, "quizzes": {"show": {"right": 8, "total": 16}},
              "categories": record, "sessions": [{"day": "2026-11-28", "right": 8, "total": 16}]}
    page.goto(server + "guide/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [store(page), json.dumps(stored)])
    open_practice(page, server, "#adaptive/7")
    adaptive = section(page, "adaptive")
    want = adaptive_problem(7, record)
    expect(adaptive).to_have_attribute("data-category", want["category"])
    weights = shown_weights(page)
    assert weights == {k: round(float(v) * 100) for k, v in adaptive_weights(record).items()}
    assert weights["flush"] > weights["pair"] > weights["fifteen"]
    # the seeded problem is the engine's: same cards as CPython drew
    cards = adaptive.locator("[data-problem] .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    problem = want["problem"]
    assert cards == (problem["hand"] + [problem["starter"]] if problem["kind"] == "show"
                     else problem["previous"] + [problem["card"]])
    # a wrong answer is a miss for that category, and its weight grows on the next problem
    page.fill("#adaptive-total", "0" if want["category"] != "flush" else "1")
    page.press("#adaptive-total", "Enter")
    expect(adaptive.locator(".verdict")).to_be_visible()
    saved = json.loads(page.evaluate(f"localStorage.getItem('{store(page)}')"))
    assert saved["categories"][want["category"]]["total"] == record.get(want["category"], {"total": 0})["total"] + 1
    adaptive.locator("[data-next]").click()
    expect(adaptive).not_to_have_attribute("data-seed", "7")
    again = {k: round(float(v) * 100) for k, v in adaptive_weights(saved["categories"]).items()}
    category = want["category"]
    weight = page.locator(f'[data-weights] li[data-category="{category}"] .weights__value')
    expect(weight).to_have_text(f"{again[category]}%")


def test_a_miss_in_the_play_quiz_moves_the_weak_spot_bars_at_once(warm_page, server):
    """The bars follow the record as it changes, not only when the next weak-spot problem is drawn."""
    page = warm_page
    problem = play_problem(1)
    kinds = {item.kind for item in problem.items()}
    assert kinds == {"go"}
    open_practice(page, server, "#play/1")
    adaptive_seed = section(page, "adaptive").get_attribute("data-seed")
    before = shown_weights(page)
    page.fill("#play-points", str(sum(i.points for i in problem.items()) + 2))
    page.press("#play-points", "Enter")
    expect(section(page, "play").locator(".verdict")).to_contain_text("Not quite")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{store(page)}')"))
    assert saved["categories"]["go"] == {"right": 0, "total": 1}
    want = {k: round(float(v) * 100) for k, v in adaptive_weights(saved["categories"]).items()}
    assert want["go"] > before["go"]
    expect(page.locator('[data-weights] li[data-category="go"] .weights__value')).to_have_text(f"{want['go']}%")
    assert shown_weights(page) == want
    assert section(page, "adaptive").get_attribute("data-seed") == adaptive_seed  # the same problem


def test_progress_chart_is_hidden_until_there_is_data_then_has_axes(warm_page, server):
    page = warm_page
    open_practice(page, server, "#show/standard/5")
    expect(page.locator("[data-progress]")).to_be_hidden()
    expect(page.locator("[data-progress-empty]")).to_be_visible()
    problem = show_problem("standard", 5)
    page.fill("#show-total", str(score_show(problem.hand, problem.starter, problem.is_crib).total))
    page.press("#show-total", "Enter")
    chart = page.locator("[data-progress] svg")
    expect(chart).to_be_visible()
    labels = chart.locator("text").all_text_contents()
    assert {"0%", "50%", "100%"} <= set(labels)
    day = page.evaluate("new Date().toISOString().slice(5, 10)")
    assert day in labels and labels.count("100%") == 2  # the axis and the day's bar
    assert "100% (1 of 1)" in chart.get_attribute("aria-label")


def test_a_reload_keeps_the_problems_not_yet_answered(warm_page, server):
    page = warm_page
    open_practice(page, server)
    seeds = {quiz: section(page, quiz).get_attribute("data-seed") for quiz in ("show", "play", "discard")}
    cards = section(page, "show").locator("[data-problem] .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    open_practice(page, server)
    for quiz, seed in seeds.items():
        expect(section(page, quiz)).to_have_attribute("data-seed", seed)
    assert section(page, "show").locator("[data-problem] .card").evaluate_all(
        "els => els.map(e => e.dataset.card)") == cards
