"""The table's variants in Chromium, move by move beside the same game run by CPython's engine.

A variant is chosen at New game (or by a link, ``/table/#variant=five-card``), remembered, and
resumed; the felt has a place for each seat, the board a track per side with the variant's game
hole and skunk lines, and the throw takes as many cards as the legal throw does. The page is
checked against the engine's view in CPython (``harness.table.Mirror``) after every action.
"""

from __future__ import annotations

import itertools
import json

import pytest
from playwright.sync_api import expect

from cribbage.backend.vocabulary import VARIANT_LABELS
from cribbage.variants import variant as variant_named
from harness.browser import (
    ENGINE_TIMEOUT,
    LAYOUT_SHIFTS,
    View,
    at_another_view,
    layout_shift,
    scrolling_ends,
    settled,
    shift_sources,
    storage_keys,
)
from harness.pagekinds import describe, run_axe
from harness.table import WATCH_WORKER, WHOLE_GAMES, Mirror, api, axe_through_a_game, finish_alone, settle, start, step

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
    cribs = dict(page.locator("[data-crib-slot]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.cribSlot), Number(e.dataset.cards || 0)])"))
    if view["phase"] in ("discard", "starter", "play"):  # the crib face down by the dealer, as it grows
        assert cribs[view["dealer"]] == view["crib_cards"] and sum(cribs.values()) == view["crib_cards"]
    elif view["phase"] in ("cut_for_deal", "deal"):  # the last deal's crib was counted: none face down
        assert sum(cribs.values()) == 0, cribs
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


def test_a_game_chosen_while_the_table_is_busy_is_taken_up_when_it_is_free(warm_page, server):
    """Three players chosen while the computer is still answering your card: the choice stays
    checked and, once the table is free, the game in progress is asked about, then the new one starts."""
    page = warm_page
    start(page, server, 12, pace="slow")
    mirror = Mirror(12)
    while not any(a["kind"] == "play" for a in mirror.view["legal"]):
        step(page, mirror)
    card = f'[data-hand] button[data-card="{mirror.view["legal"][0]["cards"][0]}"]'
    page.click(card)
    page.wait_for_selector(f'{card}[aria-pressed="true"]', state="attached")
    page.click(card)  # laid: the computer answers after the slow pace's pause
    page.click('[data-table-variant] input[value="three-player"]')
    assert page.evaluate("document.querySelector('[data-table-page]').hasAttribute('data-busy')")
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("three-player")
    expect(page.locator("[data-confirm]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    page.click("[data-confirm-yes]")
    # the new game is asked of the engine after the click: the old one's play ends when it is drawn
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "cut_for_deal", timeout=ENGINE_TIMEOUT)
    settle(page)
    assert_board_is_the_variants(page, "three-player")


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


def record_text(page):
    """The game record ("record" API) through the page's own engine client, from the sealed save."""
    return page.evaluate("""async (key) => {
        const { engine } = await import('/assets/js/engine.js');
        const reply = await engine.call('record', { sealed: JSON.parse(localStorage.getItem(key)).sealed });
        return reply.ok ? reply.result : { error: reply.error };
    }""", storage_keys(page)["table"])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seed"), [("five-card", 21), ("three-player", 22), ("four-player", 23)])
def test_a_whole_seeded_variant_game_beside_the_engine(warm_page, server, name, seed):
    page = warm_page
    rules = variant_named(name)
    start(page, server, seed, variant=name)
    mirror = Mirror(seed, variant=name)
    resumed = False
    for _ in range(400):
        if mirror.view["phase"] == "game_over":
            break
        if resumed and mirror.view["hand_number"] == 3 and not WHOLE_GAMES:
            finish_alone(page, mirror)  # a deal after the reload, then to the end in the page's engine
            break
        step(page, mirror)
        assert_matches(page, mirror, name)
        if not resumed and mirror.view["hand_number"] == 2 and mirror.view["phase"] == "play":
            mid = record_text(page)  # the record while the game is played: only what you may know
            assert mid["over"] is False and f"variant: {name}" in mid["text"]
            page.reload()  # and resumed, at once, from the sealed save
            expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "play", timeout=ENGINE_TIMEOUT)
            settle(page)
            assert_matches(page, mirror, name)
            resumed = True
    view = mirror.view
    assert resumed and view["phase"] == "game_over" and max(view["scores"]) == rules.game_hole
    assert len(view["scores"]) == rules.sides
    totals = page.locator("[data-summary] table .table__summary-total td").all_inner_texts()
    assert totals == [str(s) for s in view["scores"]]
    winners = {"five-card": ["You won", "The computer won"],
               "three-player": ["You won", "The left player won", "The right player won"],
               "four-player": ["You and your partner won", "The other side won"]}
    expect(page.locator("[data-summary] h2")).to_have_text(winners[name][view["result"]["winner"]])
    record = json.loads(page.evaluate("k => localStorage.getItem(k)", storage_keys(page)["tableRecord"]))
    assert record["levels"][f"{name}:normal"]["games"] == 1 and "normal" not in record["levels"]
    expect(page.locator("[data-record] table")).to_contain_text(VARIANT_LABELS[name])
    done = record_text(page)
    assert done["over"] is True and f"variant: {name}" in done["text"]
    assert done["text"] == api("record", private=mirror.reply["private"])["text"]


@pytest.mark.parametrize(("name", "seed"), [("three-player", 31), ("four-player", 32), ("five-card", 33)])
def test_no_other_seats_cards_the_deck_or_the_seed_reach_the_page(warm_page, server, name, seed):
    page = warm_page
    page.add_init_script(WATCH_WORKER)
    start(page, server, seed, variant=name)
    mirror = Mirror(seed, variant=name)
    while not (mirror.view["phase"] == "play" and any(a["kind"] == "play" for a in mirror.view["legal"])):
        step(page, mirror)
    game = mirror.game
    log = api_log(mirror)
    mine = set(game["kept"][0]) | {c for e in log if e["type"] == "discard" and e["player"] == 0 for c in e["cards"]}
    public = {e["cards"][0] for e in log if e["type"] in ("cut", "starter", "play")} | mine
    others = {code for seat in range(1, variant_named(name).players) for code in game["hands"][seat]}
    hidden = (others | set(game["crib"])) - public
    assert len(hidden) >= 4
    deck = {c["code"]: c for c in api("deck")["cards"]}
    words = [w for code in sorted(hidden) for w in (code, deck[code]["label"], deck[code]["name"])]
    dom = page.evaluate("document.documentElement.outerHTML")
    storage = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    messages = [json.loads(m) for m in page.evaluate("window.__fromWorker")]
    listing = [m for m in messages if len((m.get("result") or {}).get("cards", [])) == 52]
    received = "\n".join(json.dumps(m) for m in messages if m not in listing)
    for text, where in ((dom, "the page"), (storage, "localStorage"), (received, "what the worker sent")):
        for word in words:
            assert f'"{word}"' not in text and f"the {word}" not in text and f"{word}," not in text, (word, where)
    assert '"deck"' not in received and '"seed"' not in received and '"hands"' not in received


def api_log(mirror):
    """Every event of the game so far, as the human may know them (the engine's redacted log)."""
    return api("table_view", private=mirror.reply["private"])["view"]["log"]


PHONES = [View("light-phone", 390, 844, "light", mobile=True), View("dark-phone", 390, 844, "dark", mobile=True),
          View("light-phone-320", 320, 640, "light", mobile=True)]


@pytest.mark.parametrize("view", [at_another_view(PHONES[0]), *PHONES[1:]], ids=lambda v: v.name)
def test_axe_finds_nothing_at_a_three_track_table_on_a_phone(warm_pages, server, view):
    page = warm_pages(view)
    problems = page.problems
    start(page, server, 11, variant="three-player", countByHand=True)
    mirror = Mirror(11, variant="three-player", count_by_hand=True)
    assert page.locator('[data-board] [data-layout="narrow"] .board__track').count() == 3
    found = run_axe(page)
    more, states = axe_through_a_game(page, mirror, pile=3, to_the_end=False, steps=200)
    found += more
    assert states == {"play", "claim", "show"}
    assert not found, describe(found)
    assert not problems, problems


@pytest.mark.parametrize(("name", "view"), [("three-player", PHONES[0]), ("four-player", PHONES[2]),
                                            ("four-player", View("desktop", 1280, 900, motion="no-preference"))],
                         ids=["three-390", "four-320", "four-1280"])
def test_nothing_moves_at_a_bigger_table(warm_pages, server, name, view):
    page = warm_pages(view)
    page.add_init_script(LAYOUT_SHIFTS)
    start(page, server, 12, variant=name, pace="normal")
    mirror = Mirror(12, variant=name)
    while mirror.view["hand_number"] < 1 or mirror.view["phase"] != "play":  # a whole deal, the show included
        step(page, mirror)
    page.wait_for_selector("[data-skip]", state="hidden", timeout=ENGINE_TIMEOUT)
    settled(page)
    assert layout_shift(page) < 0.005, shift_sources(page)


COVERED_TOP = """() => Math.max(document.querySelector('.md-header').getBoundingClientRect().bottom,
    document.querySelector('.table__scores').getBoundingClientRect().bottom)"""


# The other seats' top, the felt's and the moves' foot, against the covered top and the screen.
SEATS_AND_MOVES = """() => {
    const others = [...document.querySelectorAll('.felt__seat:not([data-seat="0"])')];
    return {seats: Math.min(...others.map((seat) => seat.getBoundingClientRect().top)),
            felt: document.querySelector('.felt').getBoundingClientRect().top,
            moves: document.querySelector('[data-actions]').getBoundingClientRect().bottom};
}"""


@pytest.mark.parametrize(("name", "view"), [
    at_another_view("three-player", PHONES[0], id="three-390"),
    pytest.param("three-player", PHONES[2], id="three-320"),
    at_another_view("four-player", PHONES[0], id="four-390"),
    pytest.param("four-player", PHONES[2], id="four-320")])
def test_the_count_and_your_hand_share_a_phone_screen_in_the_play(warm_pages, server, name, view):
    """After each card you lay, the count (its line and the cards in it) and your hand are both on
    the screen, below the header and the score line stuck under it; and where the whole felt fits
    with the moves under it, the other seats (whose turn it is) are on the screen too."""
    page = warm_pages(view)
    start(page, server, 12, variant=name)
    mirror = Mirror(12, variant=name)
    laid = seen = 0
    while mirror.view["hand_number"] < 1 and laid < 4:
        action = mirror.view["legal"][0]
        step(page, mirror)
        if action["kind"] != "play" or not page.locator("[data-hand] button").count():
            continue
        laid += 1
        scrolling_ends(page)
        top = page.evaluate(COVERED_TOP)
        count = page.locator("[data-pile]").bounding_box()
        hand = page.locator("[data-hand]").bounding_box()
        assert count["y"] >= top - 1, (laid, count, top)
        assert hand["y"] + hand["height"] <= view.height + 1, (laid, hand, view.height)
        at = page.evaluate(SEATS_AND_MOVES)
        if at["moves"] - at["felt"] <= view.height - top - 16:
            seen += 1
            assert at["seats"] >= top - 1 and at["moves"] <= view.height + 1, (laid, at, top)
    assert laid >= 2
    assert seen == laid or view.height < 844, (seen, laid)  # on a 390 x 844 phone the felt and the moves fit


# A notice floating at the foot of the screen, made as offline.js makes its "Saved" notice.
FLOATING_NOTICE = """() => {
    const notice = document.createElement("div");
    notice.className = "site-notice";
    notice.setAttribute("role", "status");
    const words = document.createElement("span");
    words.textContent = "Saved: the whole site now works offline, the engine included.";
    const ok = document.createElement("button");
    ok.className = "md-button";
    ok.textContent = "OK";
    notice.append(words, ok);
    document.body.append(notice);
    return notice.getBoundingClientRect().top;
}"""


SPANS = """() => {
    const box = (node) => node.getBoundingClientRect();
    const covered = (""" + COVERED_TOP + """)();
    const show = document.querySelector('.felt[data-showing] [data-show]');  // the show laid over the count
    const pile = box(show && show.getClientRects().length ? show : document.querySelector('[data-pile]'));
    const next = box(document.activeElement);
    return {covered, countTop: pile.top, nextTop: next.top, nextBottom: next.bottom,
            focused: document.activeElement !== document.body};
}"""


@pytest.mark.parametrize("view", [at_another_view(PHONES[0], id="390"), pytest.param(PHONES[2], id="320")])
def test_a_notice_at_the_foot_of_a_phone_does_not_hide_the_next_move(warm_pages, server, view):
    """A notice at the foot of a phone is one short block (its words with the OK beside them), and
    the count and what you do next stay above it whenever they fit there together."""
    page = warm_pages(view)
    start(page, server, 3)
    mirror = Mirror(3)
    notice_top = page.evaluate(FLOATING_NOTICE)
    assert view.height - notice_top < 100, notice_top  # not the two-row notice that covered the moves
    checked = 0
    while mirror.view["hand_number"] < 1:
        step(page, mirror)
        scrolling_ends(page)
        at = page.evaluate(SPANS)
        room = (notice_top - 8) - (at["covered"] + 8)
        if not at["focused"] or at["nextBottom"] - min(at["countTop"], at["nextTop"]) > room:
            continue
        checked += 1
        assert at["nextBottom"] <= notice_top + 1, (checked, at, notice_top)
        assert at["countTop"] >= at["covered"] - 1, (checked, at)
    assert checked >= 3


def test_the_variants_pages_links_start_their_game_at_the_table(warm_page, server):
    page = warm_page
    page.goto(server + "variants/")
    # the links against the computer (the links that seat people are followed in test_table_people.py)
    hrefs = page.locator('a[href*="table/#variant="]:not([href*="seats="])').evaluate_all("as => as.map(a => a.href)")
    assert [h.rsplit("=", 1)[1] for h in hrefs] == ["three-player", "four-player", "five-card"]
    for href in hrefs:
        name = href.rsplit("=", 1)[1]
        page.goto(server + "guide/")
        page.evaluate("localStorage.clear()")
        page.goto(href)  # nothing saved: the game the link names starts at once
        expect(page.locator("[data-table-variant] input:checked")).to_have_value(name, timeout=ENGINE_TIMEOUT)
        settle(page)
        assert_board_is_the_variants(page, name)
        expect(page.locator(".felt > [data-seat]")).to_have_count(variant_named(name).players)
        assert page.evaluate("location.hash") == ""  # read once: a reload does not ask again
    # with a game of another variant in progress, the link asks first; keeping the game keeps it
    # Enter rather than a click: on a first visit the "saved for offline use" notice can appear
    # over the button between Playwright's check of what is under the pointer and the click
    # the cut is made and saved (a game still at the cut for deal is not in progress: no question);
    # the game is not seeded, so equal cuts (about one time in seventeen) are cut again
    table = page.locator("[data-table-page]")
    for _ in range(6):
        page.locator("[data-actions] button.md-button--primary").press("Enter")
        settle(page)
        if table.get_attribute("data-phase") != "cut_for_deal":
            break
    expect(table).not_to_have_attribute("data-phase", "cut_for_deal")
    page.goto(server + "table/#variant=three-player")
    expect(page.locator("[data-confirm]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    page.click("[data-confirm-no]")
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("five-card")
    assert_board_is_the_variants(page, "five-card")


def test_a_link_to_an_unknown_variant_is_said_as_text(warm_page, server):
    page = warm_page
    start(page, server, 3)
    page.goto(server + "table/#variant=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&seats=%3Cb%3Ebold%3C%2Fb%3E,human")
    notice = page.locator("[data-table-notice]")
    expect(notice).to_contain_text("does not play", timeout=ENGINE_TIMEOUT)
    expect(notice).to_contain_text("<img src=x")
    expect(notice).to_contain_text("the players “<b>bold</b>,human”, which the table cannot seat")
    assert page.locator("[data-table-page] img, [data-table-page] b").count() == 0  # text, never markup
    expect(page.locator("[data-actions] button").first).to_be_enabled()  # the table plays on
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("standard")


ROOM = """() => {
    const felt = document.querySelector('.felt').getBoundingClientRect().height;
    const covered = document.querySelector('.md-header').offsetHeight
        + document.querySelector('.table__scores').offsetHeight;
    return {felt, room: innerHeight - covered};
}"""


SHORT_DESKTOP = View("desktop-800", 1280, 800)


@pytest.mark.parametrize(("name", "view"), [("three-player", PHONES[0]), ("three-player", PHONES[2]),
                                            ("four-player", PHONES[2]), ("four-player", SHORT_DESKTOP)],
                         ids=["three-390", "three-320", "four-320", "four-1280x800"])
def test_a_bigger_tables_felt_fits_under_the_header_and_the_scores(warm_pages, server, name, view):
    """Through the throw and the play the whole felt (the other seats, the count and your hand)
    fits on the screen below the header and the score line, at one height all the while."""
    page = warm_pages(view)
    start(page, server, 12, variant=name)
    assert page.evaluate("scrollY") == 0  # a first visit opens at the top, with the intro
    mirror = Mirror(12, variant=name)
    heights = set()
    while mirror.view["hand_number"] < 1 or mirror.view["phase"] != "play":
        if mirror.view["phase"] in ("discard", "play"):
            at = page.evaluate(ROOM)
            assert at["felt"] <= at["room"], (mirror.view["phase"], at)
            heights.add(at["felt"])
        step(page, mirror)
    assert max(heights) - min(heights) < 1, heights
    if view.mobile:  # coming back to the game, a phone opens at the felt, just under the score line
        page.goto(server + "table/")  # a new visit (a reload would restore the scroll where it was)
        settle(page)
        top = page.evaluate(COVERED_TOP)
        felt = page.locator(".felt").bounding_box()
        assert top - 1 <= felt["y"] <= top + 16, (felt, top)


# Every text the turn line takes, in order: it is said when it changes, never again on a redraw.
TURN_SAID = """() => {
    window.__turns = [];
    const line = document.querySelector('[data-turn-said]');
    new MutationObserver(() => window.__turns.push(line.textContent))
        .observe(line, {childList: true, characterData: true, subtree: true});
}"""


# Your side each time a computer is said to be thinking: whether the card you laid is still in your
# hand, how many of your cards and moves can be pressed, and how many cards are hatched.
WHILE_THINKING = """(laid) => {
    window.__whileThinking = [];
    const line = document.querySelector('[data-turn-said]');
    new MutationObserver(() => {
        if (!line.textContent.endsWith('thinking…')) return;
        const hand = [...document.querySelectorAll('[data-hand] button')];
        window.__whileThinking.push({
            laidInHand: hand.some((card) => card.dataset.card === laid),
            pressable: hand.filter((card) => !card.hasAttribute('aria-disabled')).length,
            moves: [...document.querySelectorAll('[data-actions] button')].filter((b) => !b.disabled).length,
            hatched: hand.filter((card) => getComputedStyle(card, '::after').content !== 'none').length,
        });
    }).observe(line, {childList: true, characterData: true, subtree: true});
}"""


def test_the_seat_to_move_is_marked_and_said_once(warm_page, server):
    """While a computer's card is awaited its seat is outlined and says "Thinking…", and the
    polite turn line names it; then your seat says "Your turn". Each is said once. Meanwhile the
    card you laid has left your hand and nothing on your side can be pressed."""
    page = warm_page
    start(page, server, 12, variant="three-player", pace="slow")
    mirror = Mirror(12, variant="three-player")
    while not any(a["kind"] == "play" for a in mirror.view["legal"]):
        step(page, mirror)
    page.evaluate(TURN_SAID)
    expect(page.locator("[data-turn-said]")).to_have_attribute("aria-live", "polite")
    yours = mirror.view["legal"][0]
    page.evaluate(WHILE_THINKING, yours["cards"][0])
    step(page, mirror, yours)  # your card: the others lay theirs after a pause each
    held = page.evaluate("window.__whileThinking")
    # and your cards readable: not hatched as a card that cannot be laid
    assert held and all(h == {"laidInHand": False, "pressable": 0, "moves": 0, "hatched": 0} for h in held), held
    marks = page.locator(".felt__seat[data-turn] .felt__turn").all_inner_texts()
    assert marks == ["Your turn"], marks
    assert page.locator('.felt__seat[data-turn]').get_attribute("data-seat") == "0"
    said = page.evaluate("window.__turns")
    thinking = [text for text in said if text.endswith("is thinking…")]
    assert thinking and all(n in ("Left player is thinking…", "Right player is thinking…") for n in thinking), said
    assert said[-1] == "Your turn.", said
    assert all(a != b for a, b in itertools.pairwise(said)), said  # never the same words twice running


# Three players chosen as soon as the radio is parsed: the page's modules run only once the whole
# page is, so this is a choice made before the table is set up, whatever the machine's speed.
EARLY_CHOICE = """new MutationObserver((_, observer) => {
    const radio = document.querySelector('[data-table-variant] input[value="three-player"]');
    if (!radio) return;
    radio.checked = true;
    observer.disconnect();
}).observe(document, { childList: true, subtree: true });"""


def test_a_game_chosen_before_the_table_is_set_up_is_the_game_started(warm_page, server):
    """A reader quick enough to choose a game while the table's script is still coming (a slow phone
    or network) gets that game: the choice is neither undone nor lost when the page is set up."""
    page = warm_page
    page.add_init_script(EARLY_CHOICE)
    page.goto(server + "table/")
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "cut_for_deal", timeout=ENGINE_TIMEOUT)
    settle(page)
    expect(page.locator("[data-table-variant] input:checked")).to_have_value("three-player")
    expect(page.locator(".felt > [data-seat]")).to_have_count(3)
    assert_board_is_the_variants(page, "three-player")
