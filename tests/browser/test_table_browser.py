"""The table in Chromium, move by move beside the same game run by CPython's engine.

The page never holds the game (the worker keeps it sealed), so each test plays a seeded
game twice: in the browser through its buttons, and in CPython through the same table API
with the same actions. The engine's view in CPython is the oracle for what the page shows.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from cribbage import parse_cards, score_show
from harness.browser import (
    DESKTOP,
    ENGINE_TIMEOUT,
    LAYOUT_SHIFTS,
    VIEWS,
    at_another_view,
    closes_as_a_modal,
    layout_shift,
    settled,
    shift_sources,
    storage_keys,
)
from harness.pagekinds import describe, run_axe
from harness.table import WATCH_WORKER, WHOLE_GAMES, Mirror, api, axe_through_a_game, finish_alone, settle, start, step

PEG_SCORES = (0, 1, 5, 30, 31, 60, 61, 90, 91, 120, 121)
PHONE = {"width": 390, "height": 844}


def peg_holes(page, layout="wide"):
    return [int(page.get_attribute(f'[data-board] [data-layout="{layout}"] [data-player="{p}"][data-peg="front"]',
                                   "data-hole")) for p in (0, 1)]


def hand_on_page(page):
    return page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")


def assert_page_matches(page, mirror, loaded=False):
    """The page shows the engine's view; focus is on the next thing to do after a move, and where
    the browser left it (not pulled into the table, which would scroll the settings away) on load."""
    view = mirror.view
    assert page.get_attribute("[data-table-page]", "data-phase") == view["phase"]
    assert page.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, view["scores"]))
    assert peg_holes(page, "wide") == view["scores"] == peg_holes(page, "narrow")
    assert hand_on_page(page) == view["hand"]
    if loaded:
        assert page.evaluate("document.activeElement === document.body"), "focus was moved on load"
    else:
        assert page.evaluate("document.activeElement !== document.body"), "focus fell to <body>"


def closed_count(events):
    """The cards of the last count closed in this batch, if no new count began after it."""
    cards, closed = [], None
    for event in events:
        if event["type"] == "play":
            cards.append(event["cards"][0])
        elif event["type"] == "reset":
            closed, cards = cards, []
    return closed if closed and not cards else None


def to_the_throw(page, server, seed, started=False, hints=False):
    """A seeded game (started here unless ``started``) played through the cut to your throw."""
    if not started:
        start(page, server, seed, **({"hints": True} if hints else {}))
    mirror = Mirror(seed, hints=hints)
    while mirror.view["phase"] != "discard":
        step(page, mirror)
    return mirror


def test_a_whole_seeded_game_beside_the_engine(warm_page, server):
    page = warm_page
    start(page, server, 3)
    mirror = Mirror(3)
    commitment = mirror.view["commitment"]
    # before the first cut: the deal's fingerprint, its whole value a tap away, and no seed
    expect(page.locator("[data-fingerprint]")).to_have_text(f"{commitment[:4]} {commitment[4:8]} {commitment[8:12]}")
    assert page.text_content("[data-commitment-hex]") == commitment and page.locator("[data-check]").is_hidden()
    thirty_ones_seen = 0
    for _ in range(700):
        if mirror.view["phase"] == "game_over":
            break
        if thirty_ones_seen and mirror.view["hand_number"] == 3 and not WHOLE_GAMES:
            finish_alone(page, mirror)  # three deals through the controls, then on to the end at once
            break
        step(page, mirror)
        assert_page_matches(page, mirror)
        shut = closed_count(mirror.view["events"])
        if shut:  # the finished count stays in view, in order, until the next count begins
            pile = page.locator("[data-pile] li[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
            assert pile[-len(shut):] == shut  # (earlier cards of the count came in earlier replies)
            assert page.get_attribute("[data-pile]", "data-closed") == "true"
            thirty_ones_seen += page.get_attribute("[data-pile]", "data-count") == "31"
    assert mirror.view["phase"] == "game_over" and max(mirror.view["scores"]) == 121
    assert thirty_ones_seen >= 1  # the card that made 31 was still on the table
    expect(page.locator("[data-announce]")).to_contain_text("wins, 121 to")
    summary = page.locator("[data-summary] table")
    expect(summary).to_contain_text("Pegging")
    totals = summary.locator(".table__summary-total td").all_inner_texts()
    assert totals == [str(s) for s in mirror.view["scores"]]
    expect(page.locator("[data-record] table")).to_contain_text("Normal")
    page.click("[data-check-deal]")  # the seed revealed, hashed again and every deal dealt again from it
    words = page.locator("[data-check-words]")
    expect(words).to_contain_text(f"The seed '3' hashes (SHA-256) to {commitment[:12]}…, "
                                  "the commitment shown before the first cut.")
    assert words.get_attribute("data-matches") == "true"
    # every deal, the one the game ended in too (the engine's summary counts them)
    expect(page.locator("[data-check-deals] li")).to_have_count(mirror.view["summary"]["deals"])
    assert mirror.view["summary"]["deals"] == mirror.view["hand_number"] + 1
    page.reload()  # a finished game is added to the record once, not again on reload
    expect(page.locator("[data-record] table tbody tr")).to_have_count(1, timeout=ENGINE_TIMEOUT)
    record = json.loads(page.evaluate("key => localStorage.getItem(key)", storage_keys(page)["tableRecord"]))
    assert record["levels"]["normal"]["games"] == 1


RECORD_HIGHLIGHTS = """
window.__lit = [];
new MutationObserver((mutations) => {
  for (const m of mutations) for (const node of m.addedNodes) {
    if (node.nodeType === 1 && node.matches('.show-row') && node.dataset.highlight) {
      const faces = [...node.querySelectorAll('.show-row__cards .card')].map((c) => c.dataset.card);
      const entry = {part: node.dataset.part, player: node.dataset.player, kind: node.dataset.highlightKind,
                     cards: node.dataset.highlight, faces};
      const last = window.__lit.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(entry)) window.__lit.push(entry);
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_the_show_is_laid_out_and_lit_item_by_item(warm_page, server):
    page = warm_page
    page.add_init_script(RECORD_HIGHLIGHTS)
    start(page, server, 7, pace="normal")
    mirror = Mirror(7)
    shows = []
    while len(shows) < 3:
        step(page, mirror)
        shows += [e for e in mirror.view["events"] if e["type"] == "show"]
        page.wait_for_selector("[data-skip]", state="hidden", timeout=ENGINE_TIMEOUT)  # counted to the end
        assert_page_matches(page, mirror)
    lit = page.evaluate("window.__lit")
    for show in shows[:3]:
        breakdown = show["breakdown"]
        expected = [(i["kind"], sorted(i["cards"])) for i in breakdown["items"]]
        engine = score_show(tuple(parse_cards(" ".join(breakdown["hand"]))), breakdown["starter"],
                            is_crib=show["part"] == "crib")
        assert expected == [(i.kind, sorted(c.code for c in i.cards)) for i in engine.items]
        seen = [(e["kind"], sorted(e["cards"].split())) for e in lit if e["part"] == show["part"]]
        assert seen == expected  # every combination lit, in the order it is counted
        faces = next((e["faces"] for e in lit if e["part"] == show["part"]), breakdown["hand"] + [breakdown["starter"]])
        assert faces == breakdown["hand"] + [breakdown["starter"]]  # the hand laid out with the starter
    rows = page.locator("[data-show] .show-row")
    expect(rows).to_have_count(3)
    for row, show in zip(rows.all(), shows[:3], strict=True):
        expect(row.locator(".show-row__title")).to_contain_text(str(show["breakdown"]["total"]))


def test_counting_by_hand_a_wrong_total_gives_muggins_to_the_computer(warm_page, server):
    page = warm_page
    start(page, server, 8, countByHand=True, muggins=True)
    mirror = Mirror(8, count_by_hand=True, muggins=True)
    for _ in range(200):
        action = dict(mirror.view["legal"][0])
        if action["kind"] == "count":
            part = mirror.view["show_part"]
            cards = mirror.game["crib"] if part == "crib" else mirror.game["kept"][0]
            actual = score_show(tuple(parse_cards(" ".join(cards))), mirror.game["starter"],
                                is_crib=part == "crib").total
            if actual >= 2:
                expect(page.locator("[data-claim]")).to_be_focused()
                # a total out of range is refused beside the box, in the page's words, and sends nothing
                page.fill("[data-claim]", "99")
                page.press("[data-claim]", "Enter")
                expect(page.locator("[data-claim-error]")).to_have_text("Type a whole number from 0 to 29.")
                expect(page.locator("[data-claim]")).to_have_attribute("aria-invalid", "true")
                expect(page.locator("[data-claim]")).to_be_focused()
                assert run_axe(page) == []
                page.fill("[data-claim]", "")
                expect(page.locator("[data-claim-error]")).to_be_hidden()
                step(page, mirror, {**action, "claim": {"total": actual - 2}})
                break
            action["claim"] = {"total": actual}
        step(page, mirror, action)
    else:
        pytest.fail("no hand worth counting came up")
    assert_page_matches(page, mirror)
    expect(page.locator("[data-log]")).to_contain_text("Muggins! The computer takes 2 you missed")
    expect(page.locator(".show-row__verdict")).to_contain_text(f"You said {actual - 2}; it holds {actual}.")
    muggins = [e for e in mirror.view["events"] if e["type"] == "score" and e["reason"] == "muggins"]
    assert muggins and muggins[0]["player"] == 1 and muggins[0]["points"] == 2


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE], ids=["desktop", "phone"])
def test_pegs_stand_on_the_right_holes(warm_page, server, viewport):
    page = warm_page
    page.set_viewport_size(viewport)
    page.goto(server + "table/")
    layout = "narrow" if viewport["width"] < 600 else "wide"
    result = page.evaluate("""async ([scores, layout]) => {
        const { drawBoard } = await import(new URL('../assets/js/common/board-drawing.js', location).href);
        const { default: words } = await import(new URL('../assets/js/vocabulary.js', location).href);
        const box = document.querySelector('[data-board]');
        const board = drawBoard(box, words.rules);
        const svg = box.querySelector(`[data-layout="${layout}"]`);
        const centre = (node) => {
          const r = node.getBoundingClientRect();
          return [r.x + r.width / 2, r.y + r.height / 2, r.width];
        };
        const out = [];
        for (const score of scores) {
          board.place([score, Math.max(0, score - 1)], [0, 0]);
          for (const player of [0, 1]) {
            svg.querySelectorAll('.board__peg').forEach((peg) => { peg.style.transition = 'none'; });
            const peg = svg.querySelector(`.board__peg[data-player="${player}"][data-peg="front"]`);
            const want = player === 0 ? score : Math.max(0, score - 1);
            const hole = svg.querySelector(
              `.board__hole[data-hole="${want}"][data-player="${want === 121 ? 'both' : player}"]`);
            out.push({score: want, player, peg: centre(peg), hole: centre(hole), shown: svg.checkVisibility()});
          }
        }
        const path = [];
        for (let s = 0; s <= 120; s++) {
          path.push(centre(svg.querySelector(`.board__hole[data-hole="${s}"][data-player="0"]`)));
        }
        path.push(centre(svg.querySelector('.board__hole[data-hole="121"]')));
        const lines = [...svg.querySelectorAll('[data-line]')].map((l) => [l.dataset.line, l.dataset.hole]);
        const held = [box.getBoundingClientRect().height, svg.getBoundingClientRect().height];
        return {out, path, lines, held};
    }""", [list(PEG_SCORES), layout])
    for spot in result["out"]:
        assert spot["shown"], f"the {layout} board is not the one shown"
        assert abs(spot["peg"][0] - spot["hole"][0]) < 0.5 and abs(spot["peg"][1] - spot["hole"][1]) < 0.5, spot
        assert spot["peg"][2] >= 10, f"peg {spot['peg'][2]:.1f} px across"
    steps = [((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
             for a, b in zip(result["path"], result["path"][1:], strict=False)]
    assert max(steps) < 4 * min(steps)  # one continuous track: no jump from one end to the other
    assert sorted(result["lines"]) == [["double-skunk", "61"], ["skunk", "91"]]
    held, drawn = result["held"]
    assert abs(held - drawn) < 1.5  # the room the CSS holds for the board before it is drawn
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_resume_restores_the_log_the_board_and_the_count(warm_page, server):
    page = warm_page
    start(page, server, 12)
    mirror = Mirror(12)
    while not (mirror.view["phase"] == "play" and len(mirror.view["hand"]) == 2):
        step(page, mirror)
    log = page.locator("[data-log] li").all_inner_texts()
    pile = page.locator("[data-pile]").inner_text()
    said = page.locator("[data-announce]").inner_text()
    assert len(log) > 10 and said
    page.reload()
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "play", timeout=ENGINE_TIMEOUT)
    settle(page)
    assert page.locator("[data-log] li").all_inner_texts() == log
    assert page.locator("[data-announce]").inner_text().endswith(said)  # what happened last is said again
    assert page.locator("[data-pile]").inner_text() == pile
    assert_page_matches(page, mirror, loaded=True)
    step(page, mirror)  # and the game goes on from there
    assert_page_matches(page, mirror)


def test_new_game_and_a_level_change_ask_first(warm_page, server):
    page = warm_page
    to_the_throw(page, server, 5)
    hand = hand_on_page(page)
    page.click("[data-new-game]")
    dialog = page.locator("[data-confirm]")
    expect(dialog).to_be_visible()
    expect(page.locator("[data-confirm-no]")).to_be_focused()
    closes_as_a_modal(page, dialog, page.locator("[data-new-game]"))  # Escape, the safe answer: nothing happens
    assert hand_on_page(page) == hand
    page.select_option("[data-table-level]", "strong")
    expect(dialog).to_be_visible()
    page.click("[data-confirm-no]")
    expect(page.locator("[data-table-level]")).to_have_value("normal")
    assert hand_on_page(page) == hand
    page.click("[data-new-game]")
    page.click("[data-confirm-yes]")
    settle(page)
    expect(page.locator("[data-table-page]")).to_have_attribute("data-phase", "cut_for_deal")
    assert page.locator("[data-log] li").count() == 0


def test_after_a_deal_the_page_holds_none_of_the_computers_cards(warm_page, server):
    page = warm_page
    page.add_init_script(WATCH_WORKER)
    start(page, server, 9)
    mirror = Mirror(9)
    while mirror.view["phase"] in ("cut_for_deal", "deal", "discard"):
        step(page, mirror)
    hidden = mirror.game["kept"][1]
    assert len(hidden) == 4 and mirror.view["phase"] in ("starter", "play")
    cuts = {e["cards"][0] for e in mirror.view["events"] if e["type"] == "cut"}
    assert not cuts & set(hidden)  # the seed was chosen so no cut card is one of them
    deck = {c["code"]: c for c in api("deck")["cards"]}
    words = [w for code in hidden for w in (code, deck[code]["label"], deck[code]["name"])]
    dom = page.evaluate("document.documentElement.outerHTML")
    storage = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    messages = [json.loads(m) for m in page.evaluate("window.__fromWorker")]
    listing = [m for m in messages if len((m.get("result") or {}).get("cards", [])) == 52]
    assert len(listing) == 1  # the 52 card names, asked for once: not a hand
    received = "\n".join(json.dumps(m) for m in messages if m not in listing)
    window = page.evaluate("""() => { const out = [];
        for (const key of Object.keys(window)) { try { out.push(key + '=' + JSON.stringify(window[key])); } catch {} }
        return out.join('\\n'); }""")
    assert "table_" not in storage or "sealed" in storage
    for text, where in ((dom, "the page"), (storage, "localStorage"),
                        (received, "what the worker sent"), (window, "window")):
        for word in words:
            assert f'"{word}"' not in text and f"the {word}" not in text and f"{word}," not in text, (word, where)
    assert '"deck"' not in received and '"seed"' not in received and '"hands"' not in received
    assert page.evaluate("key => JSON.parse(localStorage.getItem(key)).sealed.startsWith('v1.')",
                         storage_keys(page)["table"])
    # and the computer's cards do appear once they are laid: the test can see them
    while not any(e["type"] == "play" and e["player"] == 1 for e in mirror.view["events"]):
        step(page, mirror)
    laid = [e["cards"][0] for e in mirror.view["events"] if e["type"] == "play" and e["player"] == 1]
    assert laid and page.locator(f'[data-pile] [data-card="{laid[0]}"]').count() >= 1


def test_a_corrupt_save_starts_fresh_with_a_notice(warm_page, server):
    page = warm_page
    page.goto(server + "guide/")
    keys = storage_keys(page)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [keys["table"], '{"version": 2, "sealed": "v1.AAAA.BBBB"}'])
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [keys["tableRecord"], '{"version": 1, "levels": 5}'])
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [keys["tableSettings"], "{pace: fast"])
    page.goto(server + "table/")
    expect(page.locator("[data-actions] button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-table-notice]")).to_contain_text("saved game could not be read")
    expect(page.locator("[data-table-notice]")).to_contain_text("game record could not be read")
    expect(page.locator("[data-table-notice]")).to_contain_text("table settings could not be read")
    assert page.evaluate("key => localStorage.getItem(key)", keys["tableSettingsUnreadable"]) == "{pace: fast"
    assert page.evaluate("key => localStorage.getItem(key)", keys["tableRecordUnreadable"]) == \
        '{"version": 1, "levels": 5}'


def test_a_seed_link_the_table_cannot_deal_from_is_said_and_the_table_plays(warm_page, server):
    """A seed past the engine's largest, with no game saved and then over the saved one: said, kept
    in the address for the reader to see, and the table deals (or resumes) a game that plays."""
    page = warm_page
    log = page.locator("[data-log] li")
    for link in ("table/?seed=1e300", "table/?seed=99999999999999999999"):
        page.goto(server + link)
        notice = page.locator("[data-table-notice]")
        expect(notice).to_contain_text("is not a game number the table can deal from", timeout=ENGINE_TIMEOUT)
        expect(notice).to_contain_text(link.split("=")[1])
        assert page.url == server + link
        settle(page)
        if link.endswith("1e300"):  # a fresh game: the cut for the deal is made
            page.locator("[data-actions] button:not([disabled])").first.click()
            settle(page)
        expect(log.first).to_be_visible()  # then resumed over the saved game, as it was


def test_a_card_is_picked_up_and_then_laid_so_a_slip_lays_nothing(warm_page, server):
    """In the play a tap picks a card up (it rises, and "Lay this card" appears); a tap on another
    card picks that one instead; a second tap on the card, or the button, lays it."""
    page = warm_page
    start(page, server, 5)
    mirror = Mirror(5)
    while not sum(a["kind"] == "play" for a in mirror.view["legal"]) >= 2:
        step(page, mirror)
    first, second = [a["cards"][0] for a in mirror.view["legal"] if a["kind"] == "play"][:2]
    card = lambda code: page.locator(f'[data-hand] button[data-card="{code}"]')
    lay = page.locator('[data-actions] [data-action="play"]')
    mine = page.locator("[data-pile] li[data-by=you]")
    laid = mine.count()
    expect(lay).to_have_count(0)
    expect(page.locator("[data-actions]")).to_contain_text("pick a card")
    card(first).click()
    expect(card(first)).to_have_attribute("aria-pressed", "true")
    expect(lay).to_have_text("Lay this card")
    card(second).click()
    expect(card(second)).to_have_attribute("aria-pressed", "true")
    expect(card(first)).to_have_attribute("aria-pressed", "false")
    assert mine.count() == laid
    lay.click()
    settle(page)
    mirror.act({"kind": "play", "player": 0, "cards": [second]})
    assert page.locator(f'[data-pile] li[data-card="{second}"]').count() == 1
    assert_page_matches(page, mirror)


def test_cards_that_cannot_be_laid_say_why(warm_page, server):
    page = warm_page
    to_the_throw(page, server, 5)
    throw = page.locator('[data-actions] [data-action="discard"]')
    expect(throw).to_be_disabled()
    page.locator("[data-hand] button").nth(0).click()
    expect(page.locator("[data-hand] button").nth(0)).to_be_focused()
    expect(throw).to_be_disabled()
    page.locator("[data-hand] button").nth(1).click()
    expect(throw).to_be_enabled()
    expect(page.locator("[data-hint]")).to_have_count(0)  # hints are off unless chosen
    boxes = page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert min(boxes) >= 44


@pytest.mark.parametrize("viewport", [at_another_view({"width": 1280, "height": 900}, id="desktop"),
                                      pytest.param(PHONE, id="phone")])
def test_nothing_moves_when_the_computer_answers(warm_page, server, viewport):
    page = warm_page
    page.set_viewport_size(viewport)
    page.add_init_script(LAYOUT_SHIFTS)
    start(page, server, 3, pace="normal")
    mirror = Mirror(3)
    while mirror.view["hand_number"] < 1 or mirror.view["phase"] != "play":  # a whole deal, show included
        step(page, mirror)
    # the computer's answer shown to the end: its cards laid at the normal pace, any show counted
    page.wait_for_selector("[data-skip]", state="hidden", timeout=ENGINE_TIMEOUT)
    settled(page)
    shifts = layout_shift(page)
    assert shifts < 0.005, shift_sources(page)  # layout shift not caused by the player's own input


@pytest.mark.parametrize("view_index", [at_another_view(0, id="light-desktop"), pytest.param(1, id="dark-desktop"),
                                        pytest.param(2, id="light-phone")])
def test_axe_finds_nothing_mid_play_at_the_show_and_at_the_end(warm_pages, server, view_index):
    page = warm_pages(VIEWS[view_index])
    problems = page.problems
    start(page, server, 3, countByHand=True, muggins=True)
    mirror = Mirror(3, count_by_hand=True, muggins=True)
    found, states = axe_through_a_game(page, mirror, pile=2, to_the_end=True)
    assert mirror.view["phase"] == "game_over" and states == {"claim", "play", "show"}
    found += run_axe(page)
    assert not found, describe(found)
    assert not problems, problems


def test_the_board_is_named_with_the_scores(warm_page, server):
    page = warm_page
    start(page, server, 7)
    mirror = Mirror(7)

    def assert_named():
        you, computer = mirror.view["scores"]
        for layout in ("wide", "narrow"):
            name = page.get_attribute(f'[data-board] [data-layout="{layout}"]', "aria-label")
            assert name and name.startswith(f"Pegging board: you {you}, computer {computer}"), name

    assert_named()
    for _ in range(60):  # until someone has pegged: the name follows the scores
        step(page, mirror)
        if any(mirror.view["scores"]):
            break
    assert any(mirror.view["scores"])
    assert_named()


def test_cards_are_played_with_the_arrow_keys(warm_page, server):
    page = warm_page
    start(page, server, 5)
    assert page.evaluate("document.activeElement === document.body")  # nothing pulled into the table on load
    assert page.evaluate("window.scrollY") == 0
    mirror = to_the_throw(page, server, 5, started=True)
    hand = page.locator("[data-hand] button")
    expect(hand.nth(0)).to_be_focused()
    assert hand.evaluate_all("bs => bs.map(b => b.tabIndex)") == [0, -1, -1, -1, -1, -1]  # one Tab stop
    page.keyboard.press("ArrowLeft")  # from the first card round to the last
    expect(hand.nth(5)).to_be_focused()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    thrown = mirror.view["hand"][1:3]
    pressed = "bs => bs.filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.card)"
    assert hand.evaluate_all(pressed) == thrown
    assert hand.evaluate_all("bs => bs.map(b => b.tabIndex)").count(0) == 1
    page.click('[data-actions] [data-action="discard"]')
    settle(page)
    mirror.act({"kind": "discard", "player": 0, "cards": thrown})
    for _ in range(40):  # to a turn of yours in the play
        if any(a["kind"] == "play" for a in mirror.view["legal"]):
            break
        step(page, mirror)
    playable = [a["cards"][0] for a in mirror.view["legal"] if a["kind"] == "play"]
    target = playable[-1]
    codes = hand.evaluate_all("bs => bs.map(b => b.dataset.card)")
    hand.nth(0).focus()
    for _ in range(codes.index(target)):
        page.keyboard.press("ArrowRight")
    chosen = page.locator(f'[data-hand] button[data-card="{target}"]')
    expect(chosen).to_be_focused()
    page.keyboard.press("Enter")  # picks the card up: nothing is laid yet
    expect(chosen).to_have_attribute("aria-pressed", "true")
    expect(chosen).to_be_focused()
    expect(page.locator('[data-actions] [data-action="play"]')).to_have_text("Lay this card")
    assert page.locator(f'[data-pile] li[data-card="{target}"]').count() == 0
    page.keyboard.press("Enter")  # and lays it
    settle(page)
    mirror.act({"kind": "play", "player": 0, "cards": [target]})
    assert page.locator(f'[data-pile] li[data-card="{target}"]').count() == 1
    assert_page_matches(page, mirror)


def test_a_skip_link_takes_the_keyboard_past_the_settings_to_the_cards(warm_page, server):
    """From the top of the page the cards are a few keys away, not thirty Tabs."""
    page = warm_page
    to_the_throw(page, server, 5)
    page.reload()  # a resumed game: nothing has the focus
    expect(page.locator("[data-hand] button")).to_have_count(6, timeout=ENGINE_TIMEOUT)
    settle(page)
    jump = page.locator("[data-jump]")
    assert jump.bounding_box()["width"] <= 1  # out of sight until it has the focus
    page.keyboard.press("Tab")
    expect(page.locator(".md-skip")).to_be_focused()  # Material's "Skip to content"
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile("#the-table$"))
    # Material's instant navigation takes the click, pushes the URL, then navigates to the fragment,
    # which is what moves the keyboard's starting point to the title: :target marks that moment.
    expect(page.locator("#the-table:target")).to_have_count(1)
    passed = []  # Tabs past the title's link and the introduction's
    while len(passed) < 4 and not jump.evaluate("link => link === document.activeElement"):
        page.keyboard.press("Tab")
        passed.append(page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)"))
    expect(jump).to_be_focused()
    assert len(passed) <= 3, passed
    box = jump.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    expect(jump).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("#the-felt")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("[data-hand] button").nth(0)).to_be_focused()


RECORD_ANIMATIONS = """
window.__animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animated.push(this.dataset.card || this.className);
  return animate.apply(this, args);
};
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_deal_and_a_card_laid_move_unless_motion_is_reduced(warm_pages, server, motion):
    page = warm_pages(DESKTOP if motion == "no-preference" else VIEWS[0])  # VIEWS: reduced motion
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") == (motion == "reduce")
    page.add_init_script(RECORD_ANIMATIONS)
    mirror = to_the_throw(page, server, 5)
    dealt = page.evaluate("window.__animated.splice(0)")  # the deal came from the deck (or did not)
    if motion == "reduce":
        assert dealt == []
    else:  # your six cards, and the computer's six backs
        assert set(mirror.view["hand"]) <= set(dealt) and dealt.count("card-back") == 6, dealt
    while not any(a["kind"] == "play" for a in mirror.view["legal"]):
        step(page, mirror)
    thrown = page.evaluate("window.__animated.slice()")  # the throw flew to the crib (or did not)
    action = next(a for a in mirror.view["legal"] if a["kind"] == "play")
    step(page, mirror, action)
    laid = page.evaluate("window.__animated")
    if motion == "reduce":
        assert laid == [] and page.evaluate("document.getAnimations().length") == 0
    else:
        assert thrown and action["cards"][0] in laid  # the laid card, by a transform from the hand
        keyframes = page.evaluate("""document.getAnimations()
            .filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation))
            .map((a) => a.effect.getKeyframes().map((k) => k.transform))""")
        assert all(frames[-1] == "none" and frames[0].startswith("translate(") for frames in keyframes)


def test_the_cuts_for_deal_lie_apart_on_a_phone(warm_page, server):
    page = warm_page
    page.set_viewport_size(PHONE)
    start(page, server, 3)
    mirror = Mirror(3)
    step(page, mirror)  # both cut: the starter's place over the deck takes the first cut only
    assert mirror.view["phase"] == "deal"
    spots = page.locator("[data-deck] .felt__starter")
    expect(spots).to_have_count(2)
    first, second = (spots.nth(i).bounding_box() for i in range(2))
    assert first["x"] + first["width"] <= second["x"], (first, second)
    assert page.locator("[data-deck] .felt__starter .felt__label").all_inner_texts() == ["You cut", "Computer cut"]


def record_text(page):
    """The game's record through the page's own engine client, from the sealed save."""
    return page.evaluate("""async (key) => {
        const { engine } = await import('/assets/js/engine.js');
        const reply = await engine.call('record', { sealed: JSON.parse(localStorage.getItem(key)).sealed });
        return reply.ok ? reply.result.text : reply.error;
    }""", storage_keys(page)["table"])


def test_hints_suggest_a_throw_and_a_card_and_the_record_labels_them(warm_page, server):
    page = warm_page
    mirror = to_the_throw(page, server, 5, hints=True)
    expect(page.locator("[data-hints]")).to_be_checked()
    expect(page.locator('[data-hint="card"]')).to_have_count(0)
    page.click('[data-hint="throw"]')
    settle(page)
    best = mirror.hint("throw")["throws"][0]
    box = page.locator("[data-hint-box]")
    expect(box).to_contain_text("Suggested: throw")
    expect(box).to_contain_text(f"keeps {best['hand_value']:.2f} on average")
    step(page, mirror, {"kind": "discard", "player": 0, "cards": best["discard"]})
    expect(box).to_be_empty()  # a suggestion goes with the move it was for
    while sum(a["kind"] == "play" for a in mirror.view["legal"]) < 2:
        expect(page.locator('[data-hint="card"]')).to_have_count(0)  # one card or none: nothing to suggest
        step(page, mirror)
    page.click('[data-hint="card"]')
    settle(page)
    suggested = mirror.hint("card")
    card = suggested["card"]
    expect(box.locator("[data-suggested]")).to_have_attribute("data-suggested", card)
    expect(box).to_contain_text("Suggested: lay")
    if suggested["reason"]:
        expect(box).to_contain_text(suggested["reason"])
    found = run_axe(page)
    assert not found, describe(found)
    step(page, mirror, {"kind": "play", "player": 0, "cards": [card]})
    text = record_text(page)
    assert text == api("record", private=mirror.reply["private"])["text"]  # the page's game noted both hints
    lines = text.splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith("hint ")]
    assert [lines[i] for i in at] == ["hint 0 throw", "hint 0 card"]
    assert lines[at[0] + 1] == f"discard 0 {' '.join(best['discard'])}"
    assert lines[at[1] + 1].startswith(f"play 0 {card} count ")
