"""First visit, start-up and offline use in a real browser (issue 10).

- after one visit to a scorer link, with the network gone: the guide, a FAQ answer, a PDF,
  the scorer with a new hand in its link, a practice problem and a resumed table all work,
  through full page loads and instant navigation, and the replay keeps the record it read and
  replays a new one;
- a new build replaces the old caches after "Reload";
- on a slow link the progress bar moves and the linked cards are drawn before the engine is
  ready; a click made while loading is answered; a failed engine download shows the error and
  "Try again" works; a wheel whose bytes are not the build's is refused and named;
- no engine page shifts its layout while it starts (CLS < 0.05, phone and desktop).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harness.board import start_two_player_game
from harness.browser import (
    DEDICATED_WORKER,
    ENGINE,
    ENGINE_TIMEOUT,
    LAYOUT_SHIFTS,
    NARROW_PHONE,
    PHONE,
    at_another_view,
    layout_shift,
    settled,
    shift_sources,
    wait_until,
    wait_until_offline_ready,
    watch,
)
from harness.run import free_port
from harness.table import api, finished_record, read_record, score_line, start, to_six_in_hand
from hooks import offline
from static_host import StaticServer

LINK = "scorer/#hand=4C,5D,5S,6H&starter=TC"
# the table's saved game, under the key the page uses
SAVED_GAME = "async () => localStorage.getItem((await import('/assets/js/storage.js')).KEYS.table)"


def test_after_one_visit_the_whole_site_works_offline(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    problems = watch(page, server, ignore=("ERR_INTERNET_DISCONNECTED",))
    page.goto(server + LINK)
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("16", timeout=ENGINE_TIMEOUT)
    # A table game in progress, saved in the browser, to be resumed offline.
    page.goto(server + "table/?seed=5")
    expect(page.locator("[data-actions] button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    hand = to_six_in_hand(page)  # cut for the deal, then the deal
    wait_until(page, SAVED_GAME, ENGINE_TIMEOUT)
    # the reader is told, once, that the site is saved (the scorer was an engine page: all of it);
    # the notice goes by itself after a while, so it is looked for as soon as it can appear
    saved = page.locator("[data-offline-saved]")
    expect(saved).to_contain_text("the whole site now works offline, the engine included", timeout=ENGINE_TIMEOUT)
    expect(saved).to_have_attribute("role", "status")
    saved.get_by_role("button", name="OK").click()
    expect(saved).to_have_count(0)
    wait_until_offline_ready(page)
    # a game record read into the replay, to be found there offline
    record, mirror = finished_record(6)
    page.goto(server + "replay/")
    read_record(page, record)
    expect(page.locator("[data-replay-controls]")).to_be_visible()

    context.set_offline(True)
    page.goto(server + "guide/")
    expect(page.locator("h1")).to_contain_text("How to play")
    page.goto(server + "faq/average-hand/")
    expect(page.locator("h1")).to_be_visible()
    assert "average" in page.locator("h1").inner_text().lower()
    pdf = page.evaluate("fetch('/print/rules-a4.pdf').then((r) => [r.status, r.headers.get('content-type')])")
    assert pdf == [200, "application/pdf"]
    # the scorer with a hand no earlier visit counted
    page.goto(server + "scorer/#hand=5H,5S,5C,JD&starter=5D")
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("29", timeout=ENGINE_TIMEOUT)
    # instant navigation offline: to the guide and back to the scorer without a reload
    page.evaluate("window.__samePage = true")
    guide_link = page.locator('.md-nav--primary a.md-nav__link[href$="guide/"]').first
    guide_link.dispatch_event("click")  # it is in the drawer on a phone
    expect(page).to_have_url(re.compile(r"/guide/$"))
    assert page.evaluate("window.__samePage") is True
    # a practice problem
    page.goto(server + "practice/#show/expert/42")
    expect(page.locator('[data-quiz="show"] [data-problem] .card')).to_have_count(5, timeout=ENGINE_TIMEOUT)
    # the saved table game (no seed in the address: a new game would deal other cards)
    page.goto(server + "table/")
    expect(page.locator("[data-actions] button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    # resumed: the same six cards, from the game saved online
    expect(page.locator("[data-hand] button")).to_have_count(6)
    assert page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    replay_works_offline(page, server, record, mirror.view["scores"])
    context.close()
    assert not problems, problems


def replay_works_offline(page, server, record, scores):
    """The replay opened offline: the record read online is kept and replayed, and a record never
    read online is replayed too."""
    page.goto(server + "replay/")
    expect(page.locator("[data-replay-controls]")).to_be_visible(timeout=ENGINE_TIMEOUT)
    assert page.input_value("[data-replay-text]") == record
    page.click('[data-replay-move="last"]')
    expect(page.locator("[data-replay-scores]")).to_have_text(score_line(("You", "Computer"), scores))
    other, _ = finished_record(7)
    read_record(page, other)
    last = api("replay_record", text=other)["steps"][-1]["scores"]
    page.click('[data-replay-move="last"]')
    expect(page.locator("[data-replay-scores]")).to_have_text(score_line(("You", "Computer"), last))


@pytest.fixture
def slow_server(site):
    """The same build behind a 12 Mbit/s link, so the start-up can be watched."""
    with StaticServer(site, rate_bits=12e6) as url:
        yield url


def test_progress_moves_and_linked_cards_come_first(browser, slow_server):
    context = browser.new_context()
    page = context.new_page()
    problems = watch(page, slow_server)
    page.goto(slow_server + LINK, wait_until="domcontentloaded")
    # the linked hand is drawn from the page itself while the engine is still loading
    expect(page.locator("[data-show-chosen] .card")).to_have_count(5)
    assert page.evaluate(f"async () => {ENGINE}.state") in ("idle", "loading")
    page.evaluate(f"""async () => {{
        window.__progress = [];
        {ENGINE}.onStatus((s) => window.__progress.push([s.state, s.phase, s.percent]));
    }}""")
    bar = page.locator("[data-engine-progress] progress")
    expect(bar).to_be_visible()
    expect(page.locator("[data-engine-progress]")).to_contain_text("Downloading the engine")
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("16", timeout=ENGINE_TIMEOUT)
    seen = page.evaluate("window.__progress")
    percents = [p for state, phase, p in seen if state == "loading" and phase == "download"]
    assert len(set(percents)) >= 3 and max(percents) >= 90, seen  # it moved, in steps, to the end
    assert any(phase == "python" for _, phase, _ in seen), seen
    assert page.locator("[data-engine-progress]").get_attribute("data-state") == "ready"
    context.close()
    assert not problems, problems


def test_a_click_while_loading_is_answered(browser, slow_server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(slow_server + "scorer/", wait_until="domcontentloaded")
    count = page.locator("[data-show-form] [data-needs-engine]")
    status = page.locator("[data-scorer-page] [data-engine-status]")
    # the button says it is waiting, and its description is the progress line
    expect(count).to_have_accessible_name("Count (engine loading)")
    expect(count).to_have_attribute("aria-describedby", status.get_attribute("id"))
    width = count.bounding_box()["width"]
    page.fill("#scorer-cards", "5h 5s 5c jd 5d")
    page.press("#scorer-cards", "Enter")
    assert page.evaluate(f"async () => {ENGINE}.state") == "loading"
    expect(status).to_contain_text("Your request is kept")
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("29", timeout=ENGINE_TIMEOUT)
    # ready: the words go, the button keeps its width (nothing beside it moves)
    expect(count).to_have_accessible_name("Count")
    expect(status).not_to_contain_text("Your request is kept")
    assert count.bounding_box()["width"] == width
    context.close()


def open_failing(context, server, pattern, handler):
    """The linked scorer in ``context`` with the requests matching ``pattern`` given to
    ``handler``, once its engine says it could not start: (page, the progress line). The engine
    runs in a dedicated worker, whose requests the context can route (a shared one's it cannot)."""
    context.add_init_script(DEDICATED_WORKER)
    context.route(re.compile(pattern), handler)
    page = context.new_page()
    page.goto(server + LINK)
    progress = page.locator("[data-engine-progress]")
    expect(progress).to_have_attribute("data-state", "failed", timeout=ENGINE_TIMEOUT)  # offline, it names no file
    return page, progress


# Every message the service worker posts to the page, kept for the test to wait on.
SW_MESSAGES = """navigator.serviceWorker && navigator.serviceWorker.addEventListener('message',
    ({ data }) => (window.__swMessages ||= []).push(data && data.type));"""


def test_saved_for_offline_is_said_once_per_device_in_the_flow(browser, server):
    context = browser.new_context()
    context.add_init_script(SW_MESSAGES)
    page = context.new_page()
    page.goto(server + "guide/")
    saved = page.locator("[data-offline-saved]")
    expect(saved).to_contain_text("these pages now work offline", timeout=ENGINE_TIMEOUT)
    expect(saved).to_have_attribute("role", "status")
    assert saved.evaluate("e => getComputedStyle(e).position") == "static"  # in the flow, over nothing
    saved.get_by_role("button", name="OK").click()
    expect(saved).to_have_count(0)
    # a second page load, where the engine is stored too: nothing more is said
    page.goto(server + LINK)
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("16", timeout=ENGINE_TIMEOUT)
    wait_until(page, "() => (window.__swMessages || []).includes('engine-cached')", ENGINE_TIMEOUT)
    expect(saved).to_have_count(0)
    kept = page.evaluate("async () => localStorage.getItem((await import('/assets/js/storage.js')).KEYS.offlineSaved)")
    assert kept == "site"
    context.close()


# A device never told: the key forgotten, then the page's own offline module registers the worker
# (already installed in a warm context), which says the site is saved.
TELL_AGAIN = """async () => {
    const { KEYS } = await import('/assets/js/storage.js');
    localStorage.removeItem(KEYS.offlineSaved);
    const { sw } = JSON.parse(document.querySelector('meta[name="cribbage-runtime"]').content);
    await (await import('/assets/js/offline.js')).registerOffline(new URL(sw, location.origin + '/').href);
}"""

# Each visible control of the page, scrolled to the foot of the screen (where a floating notice
# sits): the element at its centre (of its first line, for a link that wraps) is the control or
# inside it. Visually hidden inputs (a radio drawn by its label) are skipped.
UNCOVERED = """() => {
    const found = document.querySelectorAll('.md-content :is(button, a[href], input, select, textarea, summary)');
    const controls = [...found].filter((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
    const covered = [];
    let checked = 0;
    for (const el of controls) {
        el.scrollIntoView({ block: 'end', inline: 'nearest', behavior: 'instant' });
        const box = el.getClientRects()[0];  // a link wrapped over two lines: its first part
        if (!box || box.width < 2 || box.height < 2) continue;
        checked += 1;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !el.contains(hit)) {
            const what = (node) => (node
                ? `${node.tagName} ${node.className} ${(node.textContent || '').trim().slice(0, 30)}` : 'nothing');
            covered.push(`${what(el)} under ${what(hit)}`);
        }
    }
    return { checked, covered };
}"""


@pytest.mark.parametrize("view", [at_another_view(PHONE, id="390"), pytest.param(NARROW_PHONE, id="320")])
def test_the_saved_notice_covers_no_control_on_the_board_or_the_table(warm_pages, server, view):
    page = warm_pages(view)
    page.goto(server + "board/")
    page.wait_for_selector("[data-board-page][data-ready]")
    start_two_player_game(page, 0)
    for where in ("board", "table"):
        if where == "table":
            start(page, server, 3)
            to_six_in_hand(page)
        page.evaluate(TELL_AGAIN)
        expect(page.locator("[data-offline-saved]")).to_be_visible()
        found = page.evaluate(UNCOVERED)
        assert found["checked"] >= 10 and not found["covered"], (where, found)


def test_an_engine_that_cannot_start_offline_says_why(browser, server):
    context = browser.new_context()
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false })")
    offline = lambda route: route.abort("internetdisconnected")
    page, _ = open_failing(context, server, r".*/pyodide\.asm\.wasm$", offline)
    status = page.locator("[data-scorer-page] [data-engine-status]")
    expect(status).to_contain_text("You are offline, and the engine is not saved on this device yet")
    expect(status).not_to_contain_text("in this browser")
    context.close()


def test_a_failed_download_says_so_and_try_again_works(browser, server):
    context = browser.new_context()
    failures = {"left": 1}

    def fail_once(route):
        if failures["left"]:
            failures["left"] -= 1
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page, progress = open_failing(context, server, r".*/pyodide\.asm\.wasm$", fail_once)
    expect(progress).to_contain_text("pyodide.asm.wasm")
    count = page.locator("[data-show-form] [data-needs-engine]")
    expect(count).to_have_accessible_name("Count (engine not started)")
    retry = progress.get_by_role("button", name="Try again")
    expect(retry).to_be_visible()
    retry.click()
    # the linked hand's call, made before the failure, is answered after the retry
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("16", timeout=ENGINE_TIMEOUT)
    expect(retry).to_be_hidden()
    context.close()


@pytest.mark.parametrize("viewport", [
    pytest.param({"width": 390, "height": 844}, id="phone"),
    at_another_view({"width": 1280, "height": 900}, id="desktop"),
])
def test_engine_pages_do_not_shift_while_starting(browser, server, viewport):
    # a cold engine in a new profile; no service worker, whose install (storing the whole site) moves
    # nothing on the page and is checked by the tests above
    context = browser.new_context(viewport=viewport, service_workers="block")
    context.add_init_script(LAYOUT_SHIFTS)
    page = context.new_page()
    shifts = {}
    for path, done in ((LINK, "[data-show-result] .breakdown__total"),
                       ("analyser/#deal=AD,7H,3S,4S,5D,KD&dealer=1", ".throws-list > li"),
                       ("practice/", '[data-quiz="show"] [data-problem] .card'),
                       ("table/?seed=4", "[data-actions] button")):
        page.goto(server + path)
        expect(page.locator(done).first).to_be_visible(timeout=ENGINE_TIMEOUT)
        settled(page)  # started, drawn, nothing moving: any shift the start makes has been made
        shifts[path] = (layout_shift(page), shift_sources(page))
    context.close()
    assert all(value < 0.05 for value, _what in shifts.values()), shifts  # names what moved, if anything did


@pytest.mark.slow
def test_a_new_build_replaces_the_old_cache(browser, site, tmp_path):
    """A reader's browser holds one build's pages; a new build deployed at the same address is
    found, announced and swapped in, and the old caches go. The new build is this run's with one
    page changed and its service worker written again by the build's own code (a whole second
    build took a minute of the suite for the same files); both are served at another port, as the
    site's relative links and precache list allow."""
    port = free_port()
    out = tmp_path / "site"
    with StaticServer(site, port=port) as url:
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "guide/")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT)
        old_caches = page.evaluate("caches.keys()")
    deploy_with_a_changed_guide(site, out, "A sentence only the new build has.")
    with StaticServer(out, port=port):
        page.reload()  # the browser checks sw.js, finds the new one and installs it
        notice = page.locator("[data-new-version]")
        expect(notice).to_be_visible(timeout=ENGINE_TIMEOUT)
        notice.get_by_role("button", name="Reload").click()
        expect(page.locator("article")).to_contain_text("A sentence only the new build has.", timeout=ENGINE_TIMEOUT)
        wait_until(page, """async () => (await caches.keys())
            .filter((name) => name.startsWith('cribbage-site-')).length === 1""", ENGINE_TIMEOUT)
        new_caches = page.evaluate("caches.keys()")
        site_caches = [name for name in new_caches if name.startswith("cribbage-site-")]
        assert site_caches[0] not in old_caches, (old_caches, new_caches)
        context.close()
    shutil.rmtree(out, ignore_errors=True)


def deploy_with_a_changed_guide(site: Path, out: Path, sentence: str) -> None:
    """``site`` copied to ``out`` (hard links) with one sentence added to the guide, as a new build
    of it would be: the page and its compressed copies replaced, and sw.js written for the files."""
    shutil.copytree(site, out, copy_function=os.link)
    guide = out / "guide" / "index.html"
    html = guide.read_text()
    guide.unlink()  # a new file: the link still holds the old build's page
    guide.write_text(html.replace("</article>", f"<p>{sentence}</p></article>", 1))
    for compressed in (guide.with_name("index.html.br"), guide.with_name("index.html.gz")):
        compressed.unlink(missing_ok=True)
    settings = json.loads(re.search(r"const BUILD = (\{.*?\});", (site / "sw.js").read_text(), re.S).group(1))
    engine_dir = settings["engineDir"]
    files = [name.removeprefix(engine_dir) for name in settings["engine"] if name.startswith(engine_dir)]
    for stale in (out / "sw.js", out / "sw.js.br", out / "sw.js.gz"):
        stale.unlink(missing_ok=True)
    offline.write_service_worker(out, engine_dir, files)
    before = (site / "sw.js").read_text()
    assert (out / "sw.js").read_text() != before and sentence in guide.read_text()


def test_a_wheel_that_is_not_the_one_built_is_refused(browser, server):
    """The worker installs the engine wheel itself: bytes that do not match the lock file's
    sha256 never reach Python, and the page says which file failed."""
    context = browser.new_context()

    def tamper(route):
        body = bytearray(route.fetch().body())
        body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body), headers={"content-type": "application/octet-stream"})

    page, progress = open_failing(context, server, r".*/cribbage-[^/]*\.whl$", tamper)
    expect(progress).to_contain_text(".whl")
    assert page.evaluate(f"async () => {ENGINE}.state") == "failed"
    context.close()
