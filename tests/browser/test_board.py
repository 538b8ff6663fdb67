"""The board (docs/board.md, assets/js/board/): keeping the score of a real game in the browser.

A whole two-player game from the engine pegged by taps and checked after every peg; three
players and two teams to the end; "Count a hand" pegs the engine's count; undo and redo across a
reload; the game hole; skunks at 90/91 and 60/61; a damaged or foreign save; the wake lock.
One page load per test wherever the test allows it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import expect

from cribbage import score_show
from cribbage.rules import DOUBLE_SKUNK_LINE, GAME_HOLE, SHORT_GAME_HOLE, SKUNK_LINE
from harness.board import PAGE_STATE, engine_game, start_two_player_game, tap_score, tap_step
from harness.browser import (
    NARROW_PHONE,
    PHONE,
    VIEWS,
    at_another_view,
    closes_as_a_modal,
    on_screen,
    scrolling_ends,
    storage_keys,
)
from harness.pagekinds import describe, run_axe

pytestmark = pytest.mark.browser
READY = "[data-board-page][data-ready]"


@pytest.fixture
def page(warm_page):
    """The board needs no fresh profile: a warm one spares each test a cold start of the engine and
    the service worker's download of the whole site beside it."""
    return warm_page


def open_board(page, server):
    page.goto(server + "board/")
    page.wait_for_selector(READY)


def saved(page) -> dict:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", storage_keys(page)["board"]))


def test_a_whole_two_player_game_pegged_by_taps_peg_by_peg(page, server):
    first, steps = engine_game("board/3")
    open_board(page, server)
    start_two_player_game(page, first)
    backs = [0, 0]
    for number, step in enumerate(steps):
        before = page.evaluate(PAGE_STATE)
        tap_step(page, step)
        state = page.evaluate(PAGE_STATE)
        where = f"step {number} {step}"
        assert state["scores"] == f"{step.scores[0]},{step.scores[1]}", where
        if step.kind != "show" and step.points:
            backs[step.side] = int(before["scores"].split(",")[step.side])
        for side in (0, 1):
            assert state["pegs"][side] == [step.scores[side], backs[side]], where
    assert state["phase"] == "over"
    winner = 0 if step.scores[0] == GAME_HOLE else 1
    expect(page.locator("[data-board-result]")).to_contain_text(f"{['Ann', 'Bob'][winner]} wins with {GAME_HOLE}")
    sources = [entry["source"] for entry in saved(page)["game"]["entries"] if "source" in entry]
    assert sources == [s.source for s in steps if s.kind != "show"]
    # a late peg that deal is refused, with the reason, and changes nothing
    page.click('.side__quick [data-side="0"][data-peg="2"]')
    expect(page.locator("[data-board-status]")).to_contain_text(f"has reached {GAME_HOLE}: the game is over")
    assert page.evaluate(PAGE_STATE)["scores"] == f"{step.scores[0]},{step.scores[1]}"
    # the record counts it; the rematch is dealt by the loser
    page.locator("details.scoreboard__record summary").click()
    caption = page.locator("[data-board-stats] caption")
    expect(caption).to_have_text("1 game finished")
    # "Reset statistics" asks first, in the page; the safe answer keeps them
    page.click("[data-reset-stats]")
    confirm = page.locator("[data-confirm]")
    expect(confirm).to_contain_text("Reset the statistics?")
    closes_as_a_modal(page, confirm, page.locator("[data-reset-stats]"))  # Escape: the safe answer
    expect(caption).to_have_text("1 game finished")
    page.click("[data-rematch]")
    expect(page.locator("[data-board-deal]")).to_contain_text(f"{['Ann', 'Bob'][1 - winner]} deals")
    assert page.evaluate(PAGE_STATE)["scores"] == "0,0"


def peg_deal(page, sides_in_order, play, show, played=False):
    """Some play pegs, "The play is over" (unless `played`), then the show in the order the board suggests."""
    for side, points in play:
        tap_score(page, side, points)
    if not played:
        page.click("[data-show]")
    for side, points in zip(sides_in_order, show, strict=True):
        expect(page.locator(f'.side[data-side="{side}"]')).to_have_attribute("data-next", "")
        tap_score(page, side, points)


# Start pressed as soon as it is parsed: the page's modules run only once the whole page is.
EARLY_START = """new MutationObserver((_, observer) => {
    const start = document.querySelector('[data-board-setup] [data-start]');
    if (!start || window.__startedEarly || location.search) return; // once: not again on a page it sent
    observer.disconnect();
    window.__startedEarly = true;
    start.click();
}).observe(document, { childList: true, subtree: true });"""


def test_a_start_tapped_before_the_page_is_set_up_leaves_the_page_as_it_is(page, server):
    """A tap on Start while the board's script is still coming does nothing it should not: the page
    is not sent off as a plain form (a reload with the set-up in its address); a tap once the page is
    set up starts the game."""
    page.add_init_script(EARLY_START)
    page.goto(server + "board/")
    page.wait_for_selector(READY)
    assert page.evaluate("window.__startedEarly") is True
    assert page.url == server + "board/"
    start_two_player_game(page, 0)
    expect(page.locator("[data-board-setup]")).to_be_hidden()
    assert page.url == server + "board/"


def test_three_players_to_the_end_with_the_deal_passing_left(page, server):
    open_board(page, server)
    page.click('input[name="board-mode"][value="three"]')
    page.click(f'input[name="board-hole"][value="{SHORT_GAME_HOLE}"]')
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f'[name="name-{i + 1}"]', name)
    page.select_option("[data-first-dealer]", "0")
    page.click("[data-start]")
    assert page.locator("[data-board] [data-layout='wide'] .board__track").count() == 3
    peg_deal(page, [1, 2, 0, 0], [(1, 2), (2, 3), (0, 1)], [8, 6, 12, 4])
    assert page.evaluate(PAGE_STATE)["scores"] == "17,10,9"
    expect(page.locator("[data-board-deal]")).to_contain_text("Bob deals")  # passed to the left
    expect(page.locator('.side[data-side="1"] .side__crib')).to_have_text("Crib")
    peg_deal(page, [2, 0, 1, 1], [(0, 4)], [10, 16, 7, 12])
    assert page.evaluate(PAGE_STATE)["scores"] == "37,29,19"
    # the points to go beside each score, seen under it, and said once with the last peg
    to_go = page.locator(".side__to-go").all_inner_texts()
    assert to_go == [f"{SHORT_GAME_HOLE - score} to go" for score in (37, 29, 19)], to_go
    expect(page.locator("[data-board-announce]")).to_have_text(
        f"Bob pegs 12 for the crib, now 29, {SHORT_GAME_HOLE - 29} to go. The deal passes: Cy's crib.")
    peg_deal(page, [0], [(2, 2)], [24])  # Cy deals; Ann, first to count, goes out: 61, mid-show
    state = page.evaluate(PAGE_STATE)
    assert state["scores"] == f"{SHORT_GAME_HOLE},29,21" and state["phase"] == "over"
    # in a game to 61 the site's choice is a skunk under 31 (no double): both are skunked
    expect(page.locator("[data-board-result]")).to_have_text(
        f"Ann wins with {SHORT_GAME_HOLE}: Bob 29 (skunked), Cy 21 (skunked).")
    assert page.locator(".side__to-go").all_inner_texts() == ["", "32 to go", "40 to go"]  # none at the game hole
    assert page.locator("[data-board] [data-line]").evaluate_all("ls => ls.map(l => l.dataset.hole)") == ["31", "31"]


def test_two_teams_to_the_end(page, server):
    open_board(page, server)
    page.click('input[name="board-mode"][value="teams"]')
    page.fill('[name="name-1"]', "Reds")
    page.fill('[name="name-2"]', "Blues")
    # the four players round the table, to the left: partners opposite
    for seat, name in enumerate(["Ann", "Ben", "Cy", "Di"]):
        page.get_by_label(f"Player {seat + 1}, {['Reds', 'Blues'][seat % 2]}").fill(name)
    page.select_option("[data-first-dealer]", "cut")
    page.click("[data-start]")
    # each team taps the rank it cut: a tie for lowest cuts again, then the lowest deals
    page.get_by_role("group", name="The card Reds cut").get_by_role("button", name="5").click()
    page.get_by_role("group", name="The card Blues cut").get_by_role("button", name="5").click()
    expect(page.locator("[data-board-cut-note]")).to_have_text(
        "Reds and Blues cut the same rank, the lowest: they cut again.")
    page.get_by_role("group", name="The card Reds cut").get_by_role("button", name="K").click()
    page.get_by_role("group", name="The card Blues cut").get_by_role("button", name="3").click()
    expect(page.locator(".side__name")).to_have_text(["Reds", "Blues"])
    expect(page.locator(".side__players")).to_have_text(["Ann and Cy", "Ben and Di"])
    expect(page.locator("[data-board-deal]")).to_have_text("Deal 1: Ben deals, Blues' crib. The play.")
    # a hand counted out of turn is pegged, and said plainly; Undo takes it back
    tap_score(page, 0, 2)
    tap_score(page, 1, 2)
    page.click("[data-show]")
    expect(page.locator("[data-board-deal]")).to_contain_text("The show: Cy's hand next.")
    tap_score(page, 1, 4)
    expect(page.locator("[data-board-status]")).to_have_text(
        "Counted out of turn: Cy's hand was due first (the show goes round from the dealer's left)."
        " Undo if that was a slip.")
    page.click("[data-undo]")
    # four hands from the dealer's left, then the crib: A, B, A, B, crib (B)
    peg_deal(page, [0, 1, 0, 1, 1], [], [10, 12, 8, 6, 9], played=True)
    assert page.evaluate(PAGE_STATE)["scores"] == "20,29"
    expect(page.locator("[data-board-deal]")).to_contain_text("Cy deals, Reds' crib")
    peg_deal(page, [1, 0, 1, 0, 0], [(1, 5)], [16, 20, 12, 8, 4])  # team A deals: B counts first
    peg_deal(page, [0, 1, 0, 1, 1], [], [12, 2, 10, 2, 2])
    assert page.evaluate(PAGE_STATE)["scores"] == "74,68"
    peg_deal(page, [1, 0, 1, 0, 0], [(1, 5)], [16, 20, 12, 8, 4])
    peg_deal(page, [0, 1, 0], [], [12, 2, 10])  # team A goes out on its second hand of the show
    state = page.evaluate(PAGE_STATE)
    assert state["phase"] == "over" and state["scores"] == f"{GAME_HOLE},103"
    expect(page.locator("[data-board-result]")).to_have_text(f"Reds wins with {GAME_HOLE}: Blues 103.")
    # a team game saved before players were named still loads: its seats are players 1 to 4
    page.evaluate("""key => { const match = JSON.parse(localStorage.getItem(key));
      delete match.setup.players; localStorage.setItem(key, JSON.stringify(match)); }""", storage_keys(page)["board"])
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator(".side__players")).to_have_text(["Player 1 and Player 3", "Player 2 and Player 4"])
    expect(page.locator("[data-board-result]")).to_have_text(f"Reds wins with {GAME_HOLE}: Blues 103.")


def test_the_play_is_over_and_next_deal_pressed_by_keyboard_keep_the_focus_in_their_place(page, server):
    open_board(page, server)
    start_two_player_game(page, 0)
    page.focus("[data-show]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-show]")).to_be_hidden()
    expect(page.locator("[data-deal]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-deal]")).to_be_hidden()
    expect(page.locator("[data-show]")).to_be_focused()


def test_count_a_hand_pegs_the_engines_total_and_notes_a_claim(page, server, rng):
    open_board(page, server)
    page.click("details.scoreboard__house summary")
    page.check("[data-muggins]")
    start_two_player_game(page, 0)
    page.click("[data-show]")
    hand = None
    while hand is None or score_show(hand[0], hand[1]).total < 4:  # a hand worth claiming short
        cards = rng.sample([r + s for r in "A23456789TJQK" for s in "SHDC"], 5)
        hand = (" ".join(cards[:4]), cards[4])
    total = score_show(hand[0], hand[1]).total
    page.click('[data-count="1"]')  # Bob, the pone, counts first
    dialog = page.locator("[data-board-count]")
    expect(dialog.locator("[data-count-title]")).to_have_text("Count Bob's hand")
    for code in [*hand[0].split(), hand[1]]:
        dialog.locator(f'button[data-card="{code}"]').click()
    expect(dialog.locator("[data-count-peg]")).to_have_text(f"Peg {total} for Bob", timeout=90_000)
    # its count drawn (a wide table), the dialog is still modal; closed by Escape and reopened for
    # the same count, the cards picked are still there and counted
    closes_as_a_modal(page, dialog, page.locator('[data-count="1"]'))
    page.click('[data-count="1"]')
    expect(dialog.locator("[data-count-chosen] [data-card]")).to_have_count(5)
    expect(dialog.locator("[data-count-peg]")).to_be_visible()
    expect(dialog.locator("[data-count-peg]")).to_have_text(f"Peg {total} for Bob")
    dialog.locator("[data-count-peg]").click()
    assert page.evaluate(PAGE_STATE)["scores"] == f"0,{total}"
    # the dealer claims 2 short: the claim is pegged, the note says so, muggins gives Bob the 2
    page.click('[data-count="0"]')
    starter, note = dialog.locator(f'button[data-card="{hand[1]}"]'), dialog.locator("[data-count-note]")
    starter.click()  # the starter stays chosen for the deal: pressing it takes it back, and says so
    expect(note).to_contain_text("is taken back: press it again to put it back, or pick another.")
    expect(dialog.locator('[data-count-chosen] [data-card]')).to_have_count(0)
    starter.click()  # pressed again, it is the starter again, not a card of the hand
    expect(note).to_have_text("")
    expect(dialog.locator('[data-count-chosen] [data-card]')).to_have_count(1)
    for code in [*hand[0].split(), hand[1]]:  # the starter stays chosen for the deal: press the four
        if code != hand[1]:
            dialog.locator(f'button[data-card="{code}"]').click()
    expect(dialog.locator("[data-count-peg]")).to_have_text(f"Peg {total} for Ann")
    dialog.locator("[data-count-claim]").fill(str(total - 2))
    dialog.locator("[data-count-claims] button").click()
    assert page.evaluate(PAGE_STATE)["scores"] == f"{total - 2},{total + 2}"
    expect(page.locator("[data-board-status]")).to_contain_text(f"Ann claimed {total - 2}; the engine counts {total}")
    entries = saved(page)["game"]["entries"]
    assert [e.get("source") for e in entries[-3:]] == ["hand", "hand", "muggins"]


def test_undo_and_redo_survive_a_reload(page, server):
    open_board(page, server)
    start_two_player_game(page, 0)
    for side, points in [(1, 2), (0, 3), (1, 5), (0, 4)]:
        tap_score(page, side, points)
    expect(page.locator("[data-board-announce]")).to_have_text(
        f"Ann pegs 4 for the play, now 7, {GAME_HOLE - 7} to go.")
    page.click("[data-undo]")
    page.click("[data-undo]")
    assert page.evaluate(PAGE_STATE)["scores"] == "3,2"
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate(PAGE_STATE)["scores"] == "3,2"
    page.click("[data-redo]")
    assert page.evaluate(PAGE_STATE)["scores"] == "3,7"
    page.reload()
    page.wait_for_selector(READY)
    page.click("[data-redo]")
    assert page.evaluate(PAGE_STATE)["scores"] == "7,7"
    expect(page.locator("[data-redo]")).to_be_disabled()
    # one entry from the middle of the history, by its own undo
    page.locator("[data-board-history]").locator("xpath=..").locator("summary").click()
    page.get_by_role("button", name="Undo Bob 5 for the play").click()
    assert page.evaluate(PAGE_STATE)["scores"] == "7,2"
    # "New game" asks first; yes goes back to the set-up, which remembers the players
    page.click("[data-new-game]")
    confirm = page.locator("[data-confirm]")
    expect(confirm).to_contain_text("The game in progress (Ann 7, Bob 2) will be lost")
    confirm.get_by_role("button", name="Keep playing").click()
    assert page.evaluate(PAGE_STATE)["scores"] == "7,2"
    page.click("[data-new-game]")
    confirm.get_by_role("button", name="Start a new game").click()
    expect(page.locator('[name="name-1"]')).to_have_value("Ann")
    expect(page.locator("[data-board-game]")).to_be_hidden()
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator('[name="name-2"]')).to_have_value("Bob")


def test_skunk_lines_at_90_91_and_60_61(page, server):
    open_board(page, server)
    start_two_player_game(page, 0)
    result = page.locator("[data-board-result]")
    for loser, words in [(SKUNK_LINE - 1, "Bob 90 (skunked)"), (SKUNK_LINE, "Bob 91."),
                         (DOUBLE_SKUNK_LINE - 1, "Bob 60 (double skunk)"), (DOUBLE_SKUNK_LINE, "Bob 61 (skunked)")]:
        tap_score(page, 1, loser)
        tap_score(page, 0, GAME_HOLE)
        expect(result).to_contain_text(f"Ann wins with {GAME_HOLE}: {words}")
        page.click("[data-undo]")
        page.click("[data-undo]")
    assert page.evaluate(PAGE_STATE)["scores"] == "0,0"


def test_a_damaged_or_foreign_save_is_reported_and_kept(page, server):
    open_board(page, server)
    keys = storage_keys(page)
    page.evaluate("""(keys) => {
        localStorage.setItem(keys.board, '{"kind": "cribbage-board", "version": 1, "setup": {"mode"');
        localStorage.setItem(keys.boardSetup, JSON.stringify({mode: 'three', names: ['Ann', 'Bob', 'Cy']}));
        localStorage.setItem(keys.practice, 'someone else\\'s');
    }""", keys)
    page.reload()
    page.wait_for_selector(READY)
    notice = page.locator("[data-board-unreadable]")
    expect(notice).to_contain_text("The saved board could not be read: it is not readable JSON")
    # the set-up is still remembered, nothing else is touched, and the text is kept to download
    expect(page.locator('[name="name-3"]')).to_have_value("Cy")
    kept = page.evaluate("(keys) => [keys.boardUnreadable, keys.practice].map((k) => localStorage.getItem(k))", keys)
    assert kept == ['{"kind": "cribbage-board", "version": 1, "setup": {"mode"', "someone else's"]
    with page.expect_download() as download:
        page.click("[data-kept-copy]")
    assert Path(download.value.path()).read_text() == kept[0]
    page.click("[data-start]")
    assert saved(page)["setup"]["names"] == ["Ann", "Bob", "Cy"]
    assert page.evaluate("key => localStorage.getItem(key)", keys["boardUnreadable"]) == kept[0]
    # a file from something else is named as such
    foreign = "key => localStorage.setItem(key, JSON.stringify({kind: 'cribbage-table', version: 1}))"
    page.evaluate(foreign, keys["board"])
    page.reload()
    page.wait_for_selector(READY)
    expect(notice).to_contain_text("it is not a board match")
    page.click("[data-forget-copy]")
    expect(notice).to_be_hidden()


NO_WAKE_LOCK = "Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => undefined});"
WAKE_LOCK_MOCK = """
window.__wakeRequests = [];
const wakeLock = {
  last: null,
  request: async (type) => {
    window.__wakeRequests.push(type);
    const sentinel = new EventTarget();
    sentinel.release = async () => sentinel.dispatchEvent(new Event('release'));
    wakeLock.last = sentinel;
    return sentinel;
  },
};
Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
"""


@pytest.mark.parametrize("script, says", [
    (WAKE_LOCK_MOCK, "The screen stays on while the board is open."),
    (NO_WAKE_LOCK, "This browser cannot keep the screen on: set a longer screen timeout"),
], ids=["wake-lock", "no-wake-lock"])
def test_the_screen_is_kept_awake_or_the_page_says_it_cannot(browser, server, script, says):
    context = browser.new_context()
    context.add_init_script(script)
    page = context.new_page()
    page.goto(server + "board/")
    page.wait_for_selector(READY)
    awake = page.locator("[data-board-awake]")
    expect(awake).to_contain_text(says)
    if script == WAKE_LOCK_MOCK:
        assert page.evaluate("window.__wakeRequests") == ["screen"]
        # the browser lets the lock go when the tab is hidden; back in view, it is taken again
        page.evaluate("navigator.wakeLock.last.release()")
        expect(awake).to_contain_text("The screen may dim again")
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(awake).to_have_text(says)
        assert page.evaluate("window.__wakeRequests") == ["screen", "screen"]
    context.close()


@pytest.mark.parametrize("view", [at_another_view(VIEWS[0]), *VIEWS[1:]], ids=lambda view: view.name)
def test_every_board_screen_is_axe_clean(warm_pages, server, view):
    """Set-up, the cut, a game with "Other", its history and record open under "Count a hand", the end."""
    page = warm_pages(view)  # fails on any console error or request elsewhere
    found = []

    def check(what):
        found.extend(f"{what}: {line}" for line in describe(run_axe(page)).splitlines())

    open_board(page, server)
    page.locator("details.scoreboard__house summary").click()
    check("set-up")
    page.select_option("[data-first-dealer]", "cut")
    page.click("[data-start]")
    check("cut")
    page.get_by_role("group", name="The card Player 1 cut").get_by_role("button", name="2").click()
    page.get_by_role("group", name="The card Player 2 cut").get_by_role("button", name="9").click()
    tap_score(page, 1, 2)
    pegs = page.locator("[data-board-sides] .side__peg")
    sizes = pegs.evaluate_all("els => els.map(e => e.getBoundingClientRect())")
    assert min(min(box["width"], box["height"]) for box in sizes) >= 48  # pegging buttons: 48 px
    page.click("[data-large]")  # large text, readable across the table
    assert page.locator(".side__total").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 48
    page.click('[data-other="0"]')
    for summary in page.locator("[data-board-game] details summary").all():
        summary.click()
    check("game")
    page.click('[data-count="1"]')
    check("count a hand")
    page.keyboard.press("Escape")
    tap_score(page, 0, GAME_HOLE)
    check("game over")
    assert not found, "\n".join(found)


def test_export_and_import_carry_a_match_to_another_browser(browser, page, server, tmp_path):
    open_board(page, server)
    start_two_player_game(page, 0)
    for side, points in [(1, 2), (0, 3), (1, 12)]:
        tap_score(page, side, points)
    page.locator("details.scoreboard__record summary").click()
    with page.expect_download() as download:
        page.click("[data-export-json]")
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert exported.name.startswith("cribbage-board-") and exported.suffix == ".json"
    with page.expect_download() as download:
        page.click("[data-export-csv]")
    rows = Path(download.value.path()).read_text().splitlines()
    assert rows[0] == "game,deal,dealer,player,points,for,total,time" and len(rows) == 4
    assert rows[3].startswith("1,1,Ann,Bob,12,the play,14,")
    other = browser.new_context()
    elsewhere = other.new_page()
    open_board(elsewhere, server)
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "cribbage-board", "version": 1}')
    importer = elsewhere.locator("[data-board-setup] [data-import]")  # from the set-up: a new device
    importer.set_input_files(str(bad))
    expect(elsewhere.locator("[data-board-notice]")).to_contain_text("could not be imported: it is damaged at setup")
    importer.set_input_files(str(exported))
    elsewhere.locator("[data-confirm]").get_by_role("button", name="Import it").click()
    expect(elsewhere.locator("[data-board-game]")).to_be_visible()
    assert elsewhere.evaluate(PAGE_STATE)["scores"] == "3,14"
    elsewhere.click("[data-undo]")  # the history came too
    assert elsewhere.evaluate(PAGE_STATE)["scores"] == "3,2"
    other.close()


@pytest.mark.parametrize("view", [PHONE, NARROW_PHONE], ids=lambda view: view.name)
def test_a_game_on_opens_with_both_sides_peg_buttons_in_the_first_screen(warm_pages, server, view):
    """A saved team game in the show (the longest deal line, and "Ann and Cy" under each team)."""
    match = {"kind": "cribbage-board", "version": 1, "games": [],
             "setup": {"mode": "teams", "names": ["Reds", "Blues"], "players": ["Ann", "Ben", "Cy", "Di"],
                       "hole": GAME_HOLE, "firstDealer": 1, "muggins": False, "skunks": "games", "loserDeals": True},
             "game": {"lines": {"hole": GAME_HOLE, "skunk": SKUNK_LINE, "double": DOUBLE_SKUNK_LINE}, "firstDealer": 1,
                      "cut": None, "started": 0, "redo": [],
                      "entries": [{"side": 1, "points": 2, "source": "play", "seat": None, "at": 1},
                                  {"mark": "show", "at": 2}]}}
    page = warm_pages(view)
    page.add_init_script(f"localStorage.setItem('cribbage.board.v1', {json.dumps(json.dumps(match))})")
    open_board(page, server)
    scrolling_ends(page)
    expect(page.locator("[data-board-deal]")).to_have_text("Deal 1: Ben deals, Blues' crib. The show: Cy's hand next.")
    for side in (0, 1):
        assert on_screen(page, f'.side[data-side="{side}"] .side__quick'), f"side {side}'s buttons below the fold"


def test_the_house_rules_fit_a_320_px_phone(page, server):
    """The longest option ("in ACC game points …") must not push the page sideways."""
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(server + "board/")
    page.click(".scoreboard__house summary")
    expect(page.locator("[data-skunks]")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    box = page.locator("[data-skunks]").bounding_box()
    assert box["x"] + box["width"] <= 320


def test_starting_a_team_game_from_the_form_brings_the_peg_buttons_into_the_first_screen(warm_pages, server):
    """The form is long on a phone: Start is pressed well down the page, past where the game is drawn."""
    page = warm_pages(PHONE)
    open_board(page, server)
    page.click('input[name="board-mode"][value="teams"]')
    for seat, name in enumerate(["Ann", "Ben", "Cy", "Di"]):
        page.fill(f'[name="player-{seat + 1}"]', name)  # the labels follow the names as they are typed
    page.locator("[data-start]").scroll_into_view_if_needed()
    page.click("[data-start]")
    expect(page.locator("[data-board-deal]")).to_contain_text("Ann deals")
    scrolling_ends(page)
    for side in (0, 1):
        assert on_screen(page, f'.side[data-side="{side}"] .side__quick'), f"side {side}'s buttons are not on screen"
