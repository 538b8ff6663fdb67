"""The reviews at the table, the game record and the replay viewer, in Chromium beside CPython.

A seeded game is played in the page through its buttons and in CPython through the same table
API (harness.table.Mirror); the CPython engine's review_deal, review_game and record for that
game are the oracle for what the page shows and copies. The record is then replayed in /replay/.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from cribbage import Game
from cribbage.players import computer_player, play_game
from cribbage.records import RecordError, replay, write
from harness.browser import (
    DESKTOP,
    ENGINE_TIMEOUT,
    LAYOUT_SHIFTS,
    NARROW_PHONE,
    PHONE,
    View,
    at_another_view,
    closes_as_a_modal,
    layout_shift,
    settled,
    shift_sources,
    storage_keys,
)
from harness.pagekinds import describe, run_axe
from harness.table import (
    WHOLE_GAMES,
    Mirror,
    api,
    finish_alone,
    finished_record,
    read_record,
    score_line,
    start,
    step,
    to_six_in_hand,
)

EQUAL = 0.05
DARK_PHONE = View("dark-phone", 390, 844, "dark", mobile=True)


def shown(text: str) -> float:
    """A figure as the panel shows it: 'equal' is anything under 0.05."""
    return 0.0 if text == "equal" else float(text)


def same(text: str, value: float) -> bool:
    return value < EQUAL if text == "equal" else abs(float(text) - value) <= 0.0051


def to_deal(page: Any, mirror: Mirror, deal: int) -> None:
    """Play (the first legal move each time) until deal ``deal`` (from 0) is being played."""
    while mirror.view["hand_number"] < deal and mirror.view["phase"] != "game_over":
        step(page, mirror)


def open_deal_review(page: Any) -> None:
    page.locator("[data-review-deal]").focus()
    page.keyboard.press("Enter")  # by keyboard
    expect(page.locator("[data-review-dialog]")).to_be_visible()
    expect(page.locator("[data-review-body] [data-review-lost]")).to_be_visible(timeout=ENGINE_TIMEOUT)


def cells(page: Any, selector: str) -> list[list[str]]:
    return page.locator(f"{selector} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))")


def assert_deal_review(page: Any, expected: dict[str, Any]) -> None:
    """The panel shows the engine's review of the deal: lost by phase, the throw, each card laid."""
    lost = cells(page, "[data-review-body] [data-review-lost]")
    assert [row[0] for row in lost] == ["The throw", "The play", "Counting", "In all"]
    for row, key in zip(lost[:3], ("throw", "pegging", "counting"), strict=True):
        assert same(row[1], expected["lost"][key]), (row, expected["lost"])
    assert shown(lost[3][1]) == round(sum(shown(row[1]) for row in lost[:3]), 2)  # the shown parts' sum
    throw = expected["throw"]
    assert same(page.get_attribute("[data-throw-lost]", "data-throw-lost") or "", throw["lost"]) or abs(
        shown(page.get_attribute("[data-throw-lost]", "data-throw-lost") or "") - throw["lost"]) <= 0.0151
    best = page.locator("[data-review-throw] tbody tr").nth(1).locator("[data-card]")
    assert best.evaluate_all("els => els.map(e => e.dataset.card)") == throw["review"]["best"]["discard"]
    link = page.get_attribute("[data-review-throw] a", "href")
    assert link == "../analyser/#" + throw["review"]["link"]
    plays = page.locator("[data-review-plays] tbody tr")
    expect(plays).to_have_count(len(expected["plays"]))
    for index, play in enumerate(expected["plays"]):
        row = plays.nth(index)
        assert row.locator("td").nth(0).locator("[data-card]").get_attribute("data-card") == play["review"]["card"]
        assert same(row.locator("td").nth(2).inner_text().strip(), play["lost"])
        if play["lost"] >= EQUAL:
            assert row.locator("td").nth(3).inner_text().strip() == play["review"]["reason"]


def test_a_deal_is_reviewed_once_shown_with_the_engines_figures(warm_page, server):
    page = warm_page
    start(page, server, 3)
    mirror = Mirror(3)
    while mirror.view["hand_number"] < 1:
        step(page, mirror)
        if mirror.view["hand_number"] == 0:  # the first deal in play: no review is offered
            assert page.locator("[data-review-deal]").count() == 0
            expect(page.locator("[data-review]")).to_contain_text("once its show is over")
    expect(page.locator("[data-review-deal]")).to_have_text("Review deal 1")
    open_deal_review(page)
    expect(page.locator("[data-review-close]")).to_be_focused()
    assert_deal_review(page, api("review_deal", private=mirror.reply["private"]))
    sizes = page.locator("[data-review-dialog] button, [data-review-bar] button").evaluate_all(
        "els => els.filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect().height)")
    assert sizes and min(sizes) >= 44
    # the review drawn (its tables), still modal: Escape closes it and focus goes back where it was
    closes_as_a_modal(page, page.locator("[data-review-dialog]"), page.locator("[data-review-deal]"))


def test_reviewing_a_deal_shows_none_of_the_computers_cards_in_play(warm_page, server):
    page = warm_page
    start(page, server, 9)
    mirror = Mirror(9)
    to_deal(page, mirror, 1)
    while mirror.view["phase"] in ("deal", "discard"):
        step(page, mirror)
    assert mirror.view["phase"] in ("starter", "play") and mirror.view["hand_number"] == 1
    open_deal_review(page)
    expect(page.locator("[data-review-dialog] [data-review-title]")).to_have_text("Deal 1")  # not the deal in play
    # the computer's cards of the deal in play, less any the human may see (the record written for
    # the human: deal 1 was shown whole, and a card of it may be dealt again)
    seen = set(re.findall(r"\b[A2-9TJQK][CDHS]\b", api("record", private=mirror.reply["private"])["text"]))
    hidden = set(mirror.game["kept"][1]) - seen
    assert hidden, "the seed was chosen so some hidden card was not seen in deal 1"
    codes = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert len(codes) > 10 and not hidden & codes, (hidden, codes)
    html = page.evaluate("document.documentElement.outerHTML")
    assert not any(f'data-card="{code}"' in html for code in hidden)
    assert "Review deal 2" not in html


def finish(page: Any, mirror: Mirror) -> None:
    """The game to its end: its first deal through the controls, the rest in the page's engine
    (test_a_whole_seeded_game_beside_the_engine plays this seed's every move through them)."""
    for _ in range(800):
        if mirror.view["phase"] == "game_over":
            return
        if mirror.view["hand_number"] == 1 and not WHOLE_GAMES:
            finish_alone(page, mirror)
            return
        step(page, mirror)
    pytest.fail("the game did not end")


def test_the_game_review_the_record_and_its_replay(warm_page, server):
    page = warm_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    start(page, server, 3)
    earlier = {"version": 1, "games": [{"id": "an-earlier-game", "per_deal": 9.5, "deals": 8}]}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [storage_keys(page)["reviewTrend"], json.dumps(earlier)])
    mirror = Mirror(3)
    assert page.locator("[data-copy-record]").count() == 0
    finish(page, mirror)
    expected = api("review_game", private=mirror.reply["private"])
    page.click("[data-review-game]")
    rows = page.locator("[data-review-body] [data-review-game-table] tbody tr")
    expect(rows).to_have_count(len(expected["deals"]), timeout=ENGINE_TIMEOUT)
    totals = []
    for row, deal in zip(cells(page, "[data-review-body] [data-review-game-table]"), expected["deals"], strict=True):
        assert row[0] == f"Deal {deal['deal'] + 1}"
        assert all(same(text, deal[key]) for text, key in zip(row[1:4], ("throw", "pegging", "counting"),
                                                              strict=True)), (row, deal)
        assert shown(row[4]) == round(sum(shown(text) for text in row[1:4]), 2)  # the shown parts' sum
        totals.append(shown(row[4]))
    per_deal = round(round(sum(totals) * 100) / len(totals)) / 100  # the shown total over the deals
    assert abs(per_deal - expected["per_deal"]) <= 3 * EQUAL + 0.01  # at most each phase "equal" dropped
    caption = page.locator("[data-review-body] [data-review-game-table] caption").inner_text()
    assert f"{per_deal:.2f} on average, {sum(totals):.2f} in all" in caption
    trend = page.locator("[data-review-trend]")  # this game's figure beside the earlier one, kept
    expect(trend).to_have_attribute("data-review-trend", "2")
    expect(trend).to_contain_text(f"This game: {per_deal:.2f} points lost per deal, fewer than your "
                                  "average of 9.50 over the 1 game before.")
    kept = json.loads(page.evaluate("key => localStorage.getItem(key)", storage_keys(page)["reviewTrend"]))
    assert [g["per_deal"] for g in kept["games"]] == [9.5, per_deal]  # the figure the review shows
    assert kept["games"][1]["deals"] == len(expected["deals"])
    costly = page.locator("[data-review-costly]")
    expect(costly).to_have_count(len(expected["costliest"]))
    worst = expected["costliest"][0]
    costly.first.click()  # the costliest decision: its deal's review
    expect(page.locator("[data-review-title]")).to_have_text(f"Deal {worst['deal'] + 1}")
    expect(page.locator("[data-review-body] [data-review-lost]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert_deal_review(page, api("review_deal", private=mirror.reply["private"], deal=worst["deal"]))
    page.click("[data-review-back]")
    expect(rows).to_have_count(len(expected["deals"]), timeout=ENGINE_TIMEOUT)
    page.keyboard.press("Escape")

    record = api("record", private=mirror.reply["private"])
    assert record["over"]
    page.click("[data-copy-record]")
    expect(page.locator("[data-record-status]")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == record["text"]
    with page.expect_download() as download:
        page.click("[data-download-record]")
    path = download.value.path()
    assert download.value.suggested_filename.endswith(".txt")
    assert Path(path).read_text(encoding="utf-8") == record["text"]

    page.click("[data-replay-record]")
    page.wait_for_url("**/replay/")
    expect(page.locator("[data-replay-controls]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert page.input_value("[data-replay-text]") == record["text"]
    page.locator('[data-replay-move="next"]').focus()
    page.keyboard.press("End")
    expect(page.locator("[data-replay-scores]")).to_have_text(score_line(("You", "Computer"), mirror.view["scores"]))
    last = len(api("replay_record", text=record["text"])["steps"]) - 1
    expect(page.locator("span[data-replay-step]")).to_contain_text(f"Move {last} of {last}")


def open_replay(page: Any, server: str, text: str) -> list[dict[str, Any]]:
    """/replay/ with ``text`` read and its controls shown; the engine's steps for it."""
    steps: list[dict[str, Any]] = api("replay_record", text=text)["steps"]
    page.goto(server + "replay/")
    read_record(page, text)
    expect(page.locator("[data-replay-controls]")).to_be_visible()
    return steps


def test_the_replay_viewer_by_keyboard(warm_page, server):
    page = warm_page
    text, mirror = finished_record(11)
    steps = open_replay(page, server, text)
    expect(page.locator("span[data-replay-step]")).to_have_text(f"Before the first move (of {len(steps) - 1})")
    assert page.get_attribute('[data-replay-move="prev"]', "aria-disabled") == "true"
    page.locator('[data-replay-move="next"]').focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    at = steps[5]
    expect(page.locator("span[data-replay-step]")).to_have_text(f"Move 5 of {len(steps) - 1} (line {at['line']})")
    for seat, name in enumerate(("You", "Computer")):
        faces = page.locator(f'[data-replay-seat="{name}"] [data-card]').evaluate_all(
            "els => els.map(e => e.dataset.card)")
        laid = page.locator(f'[data-replay-seat="{name}"] [data-replay-laid] [data-card]').evaluate_all(
            "els => els.map(e => e.dataset.card)")
        held = [c for c in at["seats"][seat]["cards"] if c not in at["seats"][seat]["laid"]]
        assert faces == held + at["seats"][seat]["laid"] and laid == at["seats"][seat]["laid"]  # both face up
    assert page.locator("[data-replay-lines]").inner_text() == "\n".join(at["lines"])
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", "4")
    played = next(i for i, s in enumerate(steps) if s["pile"])
    page.keyboard.press("Home")
    for _ in range(played):
        page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-pile]")).to_contain_text(f"The count: {steps[played]['count']}")
    scored = next(i for i in range(1, len(steps)) if steps[i]["scores"] != steps[i - 1]["scores"])
    page.keyboard.press("Home")
    for _ in range(scored):
        page.keyboard.press("ArrowRight")
    now, before = steps[scored]["scores"], steps[scored - 1]["scores"]
    changed = [side for side in (0, 1) if now[side] != before[side]]
    new_score = " ".join(score_line((("You", "Computer")[side],), [now[side]]) + "." for side in changed)
    expect(page.locator("[data-replay-said]")).to_have_text(re.compile(re.escape(new_score) + "$"))  # said with it
    page.keyboard.press("End")
    final = mirror.view["scores"]
    assert max(final) == 121 and min(final) < 121  # the winner's score alone, the loser's with its points to go
    expect(page.locator("[data-replay-scores]")).to_have_text(score_line(("You", "Computer"), final))
    assert page.get_attribute('[data-replay-move="next"]', "aria-disabled") == "true"
    expect(page.locator('[data-replay-move="next"]')).to_be_focused()  # focus kept at the end
    page.add_init_script(LAYOUT_SHIFTS)
    page.reload()  # the text and the step survive a reload
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", str(len(steps) - 1),
                                                                   timeout=ENGINE_TIMEOUT)
    assert page.input_value("[data-replay-text]") == text
    settled(page)
    assert layout_shift(page) < 0.02, shift_sources(page)  # the saved game appearing moved nothing in view


def test_the_arrow_keys_step_from_anywhere_on_the_page_and_each_step_is_said_once(warm_page, server):
    page = warm_page
    text, _ = finished_record(11)
    steps = open_replay(page, server, text)
    page.evaluate("""() => { window.__said = [];
      new MutationObserver(() => window.__said.push(document.querySelector('[data-replay-said]').textContent))
        .observe(document.querySelector('[data-replay-said]'),
                 {childList: true, characterData: true, subtree: true}); }""")
    assert page.locator("[aria-live]:not([data-replay-said])").evaluate_all(  # the one polite region for a step
        "els => els.filter(e => e.closest('[data-replay-viewer]')).length") == 0
    page.locator("h1").click()  # the focus on the page itself, not in the viewer
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", "1")
    said = f"Move 1 of {len(steps) - 1}. " + " ".join(steps[1]["words"])
    expect(page.locator("[data-replay-said]")).to_have_text(said)
    page.locator("details.replay-notes > summary").focus()  # a control outside the viewer: still steps
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", str(len(steps) - 1))
    page.keyboard.press("Home")
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", "0")
    assert page.evaluate("window.__said.length") == 4, page.evaluate("window.__said")  # once a step, no repeat
    page.keyboard.press("Control+ArrowRight")
    page.keyboard.press("ArrowDown")  # outside the viewer Down scrolls the page
    page.locator("[data-replay-text]").focus()
    page.keyboard.press("ArrowRight")  # in the text box the key moves the caret
    page.keyboard.type(" ")  # typing redraws, but says nothing
    page.locator('[data-replay-move="next"]').click()
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", "1")  # only the click stepped
    assert page.evaluate("window.__said.length") == 5


def test_a_four_player_replay_names_the_seats_as_the_table_does(warm_page, server):
    page = warm_page
    game = Game(seed=5, variant="four-player")
    text = write(play_game(game, [computer_player("normal", f"s{seat}") for seat in range(game.seats)]))
    steps = open_replay(page, server, text)
    names = page.locator("[data-replay-seat]").evaluate_all("els => els.map(e => e.dataset.replaySeat)")
    assert names == ["You", "Left player", "Your partner", "Right player"]
    sides = ("You and your partner", "The other side")
    expect(page.locator("[data-replay-scores]")).to_have_text(score_line(sides, [0, 0]))
    cribs = {0: "your crib", 1: "the left player's crib", 2: "your partner's crib", 3: "the right player's crib"}
    at = next(i for i, s in enumerate(steps) if s["dealer"] is not None)
    page.locator("h1").click()
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-deal]")).to_have_text(f"Deal 1, {cribs[steps[at]['dealer']]}")
    assert "omputer" not in page.locator("[data-replay-position]").inner_text()


def test_an_empty_box_asks_for_a_record_and_a_deleted_line_says_what_was_expected(warm_page, server):
    page = warm_page
    page.goto(server + "replay/")
    read_record(page, "  \n")
    expect(page.locator("p[data-replay-error]")).to_have_text(re.compile(r"^Paste a game record"))
    assert not re.search(r"line \d|not a cribbage record", page.locator("p[data-replay-error]").inner_text())
    text, _ = finished_record(4)
    rows = text.splitlines()
    gone = next(i for i, row in enumerate(rows) if row.startswith("starter "))
    read_record(page, "\n".join(rows[:gone] + rows[gone + 1:]) + "\n")
    expect(page.locator("p[data-replay-error]")).to_contain_text(f"expected here: '{rows[gone]}'")
    assert re.match(r"line \d+: ", page.locator("p[data-replay-error]").inner_text())


@pytest.mark.parametrize("view", [PHONE, DESKTOP], ids=lambda v: v.name)
def test_the_empty_replay_page_has_no_empty_band(warm_pages, server, view):
    page = warm_pages(view)
    page.goto(server + "replay/")
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-engine-state", "ready", timeout=ENGINE_TIMEOUT)
    gaps = page.evaluate("""() => {
      const box = (s) => document.querySelector(s).getBoundingClientRect();
      return { above: box('label[for=replay-text]').top - box('details.replay-notes').bottom,
               below: box('.md-footer').top - box('[data-replay-viewer]').bottom,
               viewer: box('[data-replay-viewer]').height }; }""")
    assert gaps["above"] < 48, gaps  # the notes, then the record's label: no band kept for a status line
    assert gaps["viewer"] < 200, gaps  # with nothing saved, the viewer is as tall as its placeholder
    assert gaps["below"] < 120, gaps


def damaged(text: str) -> tuple[str, RecordError]:
    rows = text.splitlines()
    plays = [i for i, row in enumerate(rows) if row.startswith("play 1")]
    at = plays[len(plays) // 2]  # mid-game: out of the box's first and last view
    rows[at] = rows[at].replace("play 1", "play 0") + ' <img src=x onerror="window.__owned=1">'
    bad = "\n".join(rows) + "\n"
    try:
        replay(bad)
    except RecordError as error:
        return bad, error
    raise AssertionError("the damage was not found")


def test_a_damaged_record_shows_its_line_as_text_and_keeps_what_was_typed(warm_page, server):
    page = warm_page
    text, _ = finished_record(4)
    bad, error = damaged(text)
    page.goto(server + "replay/")
    read_record(page, bad)
    expect(page.locator("p[data-replay-error]")).to_have_text(str(error))
    assert re.match(r"line \d+: ", str(error))
    assert page.locator("p[data-replay-error] img").count() == 0 and not page.evaluate("window.__owned")
    assert page.input_value("[data-replay-text]") == bad  # nothing typed is lost
    expect(page.locator("[data-replay-controls]")).to_be_hidden()
    # the box is scrolled to the faulty line (one line above it kept), the caret at its start;
    # at 1280 px no record line before it wraps, so line n's top is the padding and n - 1 lines down
    line = int(re.match(r"line (\d+)", str(error)).group(1))
    box = page.locator("[data-replay-text]").evaluate("""(box) => ({ top: box.scrollTop, caret: box.selectionStart,
        height: parseFloat(getComputedStyle(box).lineHeight),
        padding: parseFloat(getComputedStyle(box).paddingTop) })""")
    assert box["caret"] == len("".join(row + "\n" for row in bad.splitlines()[:line - 1])), box
    assert abs(box["top"] - box["padding"] - (line - 2) * box["height"]) < box["height"] / 2, (line, box)
    page.reload()
    expect(page.locator("p[data-replay-error]")).to_have_text(str(error), timeout=ENGINE_TIMEOUT)
    assert page.input_value("[data-replay-text]") == bad
    keys = storage_keys(page)
    page.evaluate("key => localStorage.setItem(key, '{\"version\": 1, \"text\": 5}')", keys["replay"])
    page.reload()
    expect(page.locator("[data-replay-notice]")).to_contain_text("could not be read")
    assert page.evaluate("key => localStorage.getItem(key)", keys["replayUnreadable"]) == '{"version": 1, "text": 5}'


# Light and dark, desktop and the narrowest phone: a colour is the same at every width, and the
# 320 px phone is the tightest layout (390 px is laid out the same way, with more room).
@pytest.mark.parametrize("view", [DESKTOP, DARK_PHONE, at_another_view(NARROW_PHONE)], ids=lambda v: v.name)
def test_axe_finds_nothing_on_the_review_and_the_replay(warm_pages, server, view):
    page = warm_pages(view)
    start(page, server, 3)
    mirror = Mirror(3)
    to_deal(page, mirror, 1)
    open_deal_review(page)
    found = run_axe(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    sideways = page.locator("[data-review-dialog], [data-review-dialog] table").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 0.5)"
        ".map(e => [e.tagName, e.scrollWidth, e.clientWidth])")
    assert not sideways, sideways  # no table of the review scrolls sideways, at 320 px either
    small = page.locator("[data-review-dialog] :is(a, button)").evaluate_all(
        "els => els.filter(e => e.checkVisibility() && e.getBoundingClientRect().height < 44).map(e => e.textContent)")
    assert not small, small
    dialog = page.locator("[data-review-dialog]").bounding_box()
    assert dialog and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= view.width + 0.5
    page.keyboard.press("Escape")
    text, _ = finished_record(3)
    page.goto(server + "replay/")
    read_record(page, text)
    page.click('[data-replay-move="next"]')
    page.click('[data-replay-move="last"]')
    found += run_axe(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    targets = page.locator("[data-replay-page] button, article summary").evaluate_all(
        "els => els.filter(e => e.checkVisibility())"
        ".map(e => [e.textContent.trim(), e.getBoundingClientRect().height])")
    assert len(targets) >= 7 and all(height >= 44 for _, height in targets), targets
    read_record(page, "cribbage record 1\nvariant: standard\n")
    expect(page.locator("p[data-replay-error]")).to_contain_text("line ")
    found += run_axe(page)
    # a form page: Material's floating "Back to top" would cover the text box while scrolling up
    assert page.locator(".md-top").count() == 0
    assert not found, describe(found)
    assert not page.problems, page.problems
    assert json.loads(page.evaluate("key => localStorage.getItem(key)", storage_keys(page)["replay"]))["version"] == 1


def test_counting_by_hand_the_review_lists_the_points_missed(warm_page, server):
    page = warm_page
    start(page, server, 8, countByHand=True)
    mirror = Mirror(8, count_by_hand=True)
    while mirror.view["hand_number"] < 1:
        action = dict(mirror.view["legal"][0])
        if action["kind"] == "count":
            action["claim"] = {"total": 0}  # every point missed
        step(page, mirror, action)
    open_deal_review(page)
    counts = api("review_deal", private=mirror.reply["private"])["counts"]
    assert counts and any(c["review"]["missed"] for c in counts)
    lines = page.locator("[data-review-body] .review__counts p")
    expect(lines).to_have_count(len(counts))
    for line, count in zip(lines.all(), counts, strict=True):
        review = count["review"]
        text = line.inner_text()
        assert text.startswith(f"Your {review['part']}: you said {review['points']}, it holds {review['actual']}.")
        for item in review["missed"]:
            assert f"{item['label']} " in text and f"({item['points']})" in text
        if review["missed"]:
            assert f"Missed {review['missed_points']}:" in text
    counting = cells(page, "[data-review-body] [data-review-lost]")[2]
    assert same(counting[1], sum(c["lost"] for c in counts))


# --- the review beside the replay, and the same cards again ------------------------------------

SHOTS = Path(tempfile.gettempdir()) / "replay-review-shots"  # to look at the screens by eye


def step_to(page: Any, number: int) -> None:
    """Step by the keyboard (Right, from the first move) to step ``number``."""
    page.locator('[data-replay-move="first"]').focus()
    page.keyboard.press("Home")
    for _ in range(number):
        page.keyboard.press("ArrowRight")
    expect(page.locator("[data-replay-page]")).to_have_attribute("data-step", str(number))


def test_the_replay_shows_your_decisions_review_beside_the_board(warm_page, server):
    page = warm_page
    text, _ = finished_record(11)
    steps = open_replay(page, server, text)
    reviewed = {n: s["review"] for n, s in enumerate(steps) if "review" in s}
    throw_at = min(n for n, r in reviewed.items() if r["phase"] == "throw")
    step_to(page, throw_at)
    box = page.locator("[data-replay-review]")
    expect(box).to_have_attribute("data-replay-review", "throw")
    review = reviewed[throw_at]["review"]
    rows = cells(page, "[data-replay-review] [data-review-throw]")
    expected = [row for row in (review["chosen"], review["best"]) if row]
    assert len(rows) == len(expected) == 2
    for row, throw in zip(rows, expected, strict=True):  # hand, crib, pegging, in all: CPython's figures
        for text_shown, key in zip(row[2:5], ("hand", "crib", "pegging"), strict=True):
            assert abs(shown(text_shown.replace("\u2212", "-").lstrip("+")) - throw[key]) <= 0.0051, (row, throw)
    best = box.locator("[data-review-throw] tbody tr").nth(1).locator("[data-card]")
    assert best.evaluate_all("els => els.map(e => e.dataset.card)") == review["best"]["discard"]
    lost = page.get_attribute("[data-replay-review] [data-throw-lost]", "data-throw-lost") or ""
    assert (lost == "equal") == bool(review["equal"])
    if not review["equal"]:
        assert abs(float(lost) - review["cost"]["total"]) <= 0.0151
    # the next step is not a decision of yours (or is another): the box says which, in the same room
    room = page.locator("[data-replay-review-box]")
    height = room.bounding_box()["height"]
    play_at = min(n for n, r in reviewed.items() if r["phase"] == "pegging")
    page.keyboard.press("End")
    step_to(page, play_at)
    expect(box).to_have_attribute("data-replay-review", "pegging")
    play = reviewed[play_at]
    row = box.locator("[data-review-plays] tbody tr")
    expect(row).to_have_count(1)
    assert row.locator("td").nth(0).locator("[data-card]").get_attribute("data-card") == play["review"]["card"]
    assert row.locator("td").nth(1).locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)") \
        == play["review"]["best"]
    assert same(row.locator("td").nth(2).inner_text().strip(), play["lost"])
    other = next(n for n in range(1, len(steps)) if n not in reviewed)
    step_to(page, other)
    expect(box).to_have_attribute("data-replay-review", "")
    expect(box).to_contain_text("No decision of yours at this move")
    assert abs(room.bounding_box()["height"] - height) < 1  # the room is kept: nothing below moves


def test_a_variant_replay_says_it_has_no_review(warm_page, server):
    page = warm_page
    game = play_game(Game(seed=21, variant="five-card"), [computer_player("normal", 1), computer_player("normal", 2)])
    open_replay(page, server, write(game))
    page.keyboard.press("End")
    expect(page.locator("[data-replay-review]")).to_have_text(
        "Reviews are for the standard two-player game only: this record is of another variant.")
    assert page.get_attribute("[data-replay-again]", "href") == "../table/?seed=21#variant=five-card"


def first_six(steps: list[dict[str, Any]]) -> list[str]:
    return next(sorted(s["seats"][0]["cards"]) for s in steps if len(s["seats"][0]["cards"]) == 6)


def test_play_these_cards_again_deals_the_records_cards_at_the_table(warm_page, server):
    page = warm_page
    page.goto(server + "guide/")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [storage_keys(page)["tableSettings"], json.dumps({"pace": "instant"})])
    text, _ = finished_record(11)
    steps = open_replay(page, server, text)
    again = page.locator("[data-replay-again]")
    # dealt again to the record's players line (human | normal): you against the normal computer
    expect(again).to_have_attribute("href", "../table/?seed=11#variant=standard&seats=human,normal")
    expect(page.locator("[data-replay-again-box]")).to_contain_text("not the same game")
    again.click()
    page.wait_for_url("**/table/**")
    assert sorted(to_six_in_hand(page)) == first_six(steps)
    assert page.evaluate("location.search") == ""  # taken once: a reload resumes this game
    page.reload()
    expect(page.locator("[data-hand] button")).to_have_count(6, timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-confirm]")).to_be_hidden()
    # with that game in progress, the link asks first; keeping it keeps it
    other, _ = finished_record(12)
    open_replay(page, server, other)
    page.click("[data-replay-again]")
    expect(page.locator("[data-confirm]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    page.click("[data-confirm-no]")
    expect(page.locator("[data-new-game]")).to_be_focused()  # the page asked by itself: focus is not left on <body>
    page.wait_for_selector("[data-table-page]:not([data-busy])", state="attached", timeout=ENGINE_TIMEOUT)
    assert sorted(page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")) \
        == first_six(steps)
    assert page.evaluate("location.search + location.hash") == ""
    open_replay(page, server, other)
    page.click("[data-replay-again]")
    page.click("[data-confirm-yes]")
    assert sorted(to_six_in_hand(page)) == first_six(api("replay_record", text=other)["steps"])
    assert not page.problems, page.problems


@pytest.mark.parametrize("view", [at_another_view(DESKTOP), DARK_PHONE, NARROW_PHONE], ids=lambda v: v.name)
def test_the_replays_review_is_axe_clean_and_fits(warm_pages, server, view):
    page = warm_pages(view)
    text, _ = finished_record(11)
    steps = open_replay(page, server, text)
    heights, controls = [], []
    for phase in ("throw", "pegging"):
        at = min(n for n, s in enumerate(steps) if s.get("review", {}).get("phase") == phase)
        step_to(page, at)
        found = run_axe(page)
        assert not found, describe(found)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        sideways = page.locator("[data-replay-review], [data-replay-review] table").evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 0.5)"
            ".map(e => [e.tagName, e.scrollWidth, e.clientWidth])")
        assert not sideways, sideways
        small = page.locator("[data-replay-page] :is(a.md-button, .review__link, button)").evaluate_all(
            "els => els.filter(e => e.checkVisibility() && e.getBoundingClientRect().height < 44)"
            ".map(e => e.textContent)")
        assert not small, small
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("[data-replay-viewer]").screenshot(path=str(SHOTS / f"{view.name}-{phase}.png"))
        heights.append(page.locator("[data-replay-review-box]").bounding_box()["height"])
        controls.append(page.evaluate("document.querySelector('[data-replay-controls]').getBoundingClientRect().top"
                                      " + window.scrollY"))
    assert abs(controls[0] - controls[1]) < 1, controls  # the step buttons stay where the finger is
    if view.width >= 960:  # beside the board the review's room is kept from step to step
        assert abs(heights[0] - heights[1]) < 1, heights
    else:  # last on a phone, it takes what it needs: no blank screen after a move with no decision
        other = next(n for n in range(1, len(steps)) if "review" not in steps[n])
        step_to(page, other)
        assert page.locator("[data-replay-review-box]").bounding_box()["height"] < 0.6 * min(heights), heights
    assert not page.problems, page.problems
