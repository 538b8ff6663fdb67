"""Instant navigation between the engine pages leaves nothing behind: one worker for the visit,
and only the listeners of the page on screen (the engine's status, the scorer's hashchange)."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import expect

from harness.browser import (
    COUNT_ENGINE_WORKERS,
    DESKTOP,
    ENGINE_TIMEOUT,
    EXPECT_TIMEOUT,
    PHONE,
    engine_ready,
    scrolling_ends,
)

# Test-only instrumentation, installed before any page script runs: count engine Worker
# constructions (Material's search has a worker of its own) and the window's live hashchange
# listeners (one added with an AbortSignal goes when the signal aborts, as the browser removes it).
COUNTERS = COUNT_ENGINE_WORKERS + """
const hashListeners = new Set();
const add = window.addEventListener, remove = window.removeEventListener;
window.addEventListener = function (type, fn, options) {
  if (type === "hashchange") {
    hashListeners.add(fn);
    const signal = options && options.signal;
    if (signal) signal.addEventListener("abort", () => hashListeners.delete(fn), { once: true });
  }
  return add.call(this, type, fn, options);
};
window.removeEventListener = function (type, fn, options) {
  if (type === "hashchange") hashListeners.delete(fn);
  return remove.call(this, type, fn, options);
};
Object.defineProperty(window, "__hashListeners", { get: () => hashListeners.size });
"""
# The page's own engine client (an ES module): its listener count is exported for tests. The test
# keeps a handle on it (the page is never reloaded, so the handle stays the page's own).
KEEP_ENGINE = "async () => { window.__engine = (await import('/assets/js/engine.js')).engine; }"

# nav label -> (URL path, the page's root or None for a page without the engine, whether the page
# follows its URL fragment with a hashchange listener)
PAGES = {
    "Practice": ("practice/", "[data-practice-page]", True),
    "The table": ("table/", "[data-table-page]", False),
    "How to play cribbage": ("guide/", None, False),
    "Discard analyser": ("analyser/", "[data-analyser-page]", True),
    "Scorer": ("scorer/", "[data-scorer-page]", True),
}


def counts(page) -> dict:
    return {"workers": page.evaluate("window.__engineWorkers"),
            "status listeners": page.evaluate("window.__engine.listenerCount"),
            "hashchange listeners": page.evaluate("window.__hashListeners")}


def test_twenty_instant_navigations_leave_one_worker_and_one_listener_per_page(warm_page, server):
    page = warm_page
    page.add_init_script(COUNTERS)
    page.goto(server + "guide/")
    page.wait_for_load_state()
    base_hash = page.evaluate("window.__hashListeners")  # Material's own, before any engine page
    page.goto(server + "scorer/")
    engine_ready(page, "[data-scorer-page]")
    page.evaluate("window.__samePage = true")
    page.evaluate(KEEP_ENGINE)
    nav = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link")
    visits = list(PAGES) * 4
    assert len(visits) == 20
    for label in visits:
        path, root, follows_hash = PAGES[label]
        nav.filter(has_text=re.compile(rf"^\s*{label}\s*$")).click()
        expect(page).to_have_url(re.compile(re.escape(path) + "$"))
        if root:  # the page's module ran its setup on this view
            expect(page.locator(root)).to_have_attribute("data-engine-state", "ready")
        else:
            expect(page.locator("h1")).to_contain_text("How to play cribbage")
        expected = {"workers": 1, "status listeners": 1 if root else 0,
                    "hashchange listeners": base_hash + (1 if follows_hash else 0)}
        # the previous page's teardown runs when Material announces the new page: allow it a moment
        with contextlib.suppress(Exception):  # on a timeout, the assertion below says what is wrong
            page.wait_for_function(
                "([workers, status, hash]) => window.__engineWorkers === workers"
                " && window.__engine.listenerCount === status && window.__hashListeners === hash",
                arg=list(expected.values()), timeout=EXPECT_TIMEOUT)
        assert counts(page) == expected, f"after navigating to {label}"
    assert page.evaluate("window.__samePage") is True  # every navigation was instant: no reload
    # and the pages still work after all that: the scorer counts a hand
    page.fill("#scorer-cards", "5h 5s 5c jd 5d")
    page.press("#scorer-cards", "Enter")
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("29")


PAGE_MODULES = {"scorer/page.js", "practice/page.js", "table/page.js", "analyser/page.js"}


@pytest.mark.parametrize("path, expected", [
    ("guide/", set()), ("scorer/", {"scorer/page.js"}), ("practice/", {"practice/page.js"}),
    ("table/", {"table/page.js"}),
    ("analyser/", {"analyser/page.js"}),
])
def test_each_page_loads_only_its_own_module_and_sets_no_globals(warm_page, server, path, expected):
    page = warm_page
    scripts: list[str] = []
    page.on("request", lambda r: "/assets/js/" in r.url and scripts.append(r.url.split("/assets/js/", 1)[-1]))
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    assert PAGE_MODULES & set(scripts) == expected
    assert "engine.js" in scripts  # the engine client is on every page, for instant navigation
    # the site-wide modules no page module imports are asked for only once the page has painted
    late = page.evaluate("""() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0].startTime;
        return performance.getEntriesByType("resource")
            .filter((r) => /\\/(scroll-cue|copy-link)\\.js$/.test(r.name))
            .map((r) => [r.name.split("/").pop(), r.startTime > paint]);
    }""")
    assert sorted(late) == [["copy-link.js", True], ["scroll-cue.js", True]]
    # the engine's worker (Python's download and compile) starts once the page has loaded and painted
    after_load = page.evaluate("""() => {
        const mark = performance.getEntriesByName("cribbage:worker-start")[0];
        return mark ? mark.startTime >= performance.getEntriesByType("navigation")[0].loadEventStart : null;
    }""")
    assert after_load is (True if expected else None)
    # the front end keeps its state in modules, not on window
    assert page.evaluate("Object.keys(window).filter(k => /^cribbage/i.test(k))") == []


# --- the pages speak the engine's vocabulary (assets/js/vocabulary.js, generated at build time) ---

def test_scorer_reads_and_writes_links_in_the_engines_format(warm_page, server):
    page = warm_page
    from cribbage.backend import links, vocabulary
    from cribbage.cards import parse_card, parse_cards

    hand, starter = parse_cards("5H 5S 5C JD"), parse_card("5D")
    fragment = links.show_fragment(hand, starter, crib=True)
    page.goto(server + "scorer/#" + fragment.upper().replace("CRIB=", "Crib="))  # keys in any case
    total = page.locator("[data-show-result] .breakdown__total")
    expect(total).to_have_text("29", timeout=ENGINE_TIMEOUT)
    expect(page.get_by_role("radio", name="Crib", exact=True)).to_be_checked()
    # the subtotals are the engine's headings for each kind that scored
    headings = page.locator("[data-show-result] tfoot tr.subtotal th").all_inner_texts()
    assert headings == [vocabulary.KIND_WORDS[kind].heading for kind in ("fifteen", "pair", "nobs")]
    # counting again writes the engine's own fragment
    page.get_by_role("radio", name="Hand", exact=True).check()
    expect(page).to_have_url(re.compile(re.escape("#" + links.show_fragment(hand, starter)) + "$"))


@pytest.mark.parametrize("fragment", ["#hand=%E0%A4%A&starter=5D", "#hand=5H,5S,5C,JD&starter=5D&shoe=1"])
def test_a_broken_or_unknown_link_is_explained_not_thrown(warm_page, server, fragment):
    page = warm_page
    page.goto(server + "scorer/" + fragment)
    expect(page.locator("[data-show-error]")).to_contain_text("does not describe cards")
    expect(page.locator("[data-show-result] *")).to_have_count(0)


def test_level_choices_are_the_engines(warm_page, server):
    page = warm_page
    from cribbage.backend import vocabulary

    for path, select, levels in (("practice/", "[data-show-level]", vocabulary.PRACTICE_LEVELS),
                                 ("table/", "[data-table-level]", vocabulary.TABLE_LEVELS)):
        page.goto(server + path)
        options = page.locator(select + " option")
        assert options.evaluate_all("os => os.map(o => o.value)") == [level.id for level in levels]
        assert options.all_inner_texts() == [level.label for level in levels]
        default = next(level.id for level in levels if level.default)
        assert page.locator(select).input_value() == default  # a fresh visit: no saved game


def test_back_to_top_is_kept_off_the_pages_with_forms_only(warm_page, server):
    """Material's floating "Back to top" covered the scorer's Starter field while scrolling up."""
    shown = {}
    for path in ("scorer/", "analyser/", "practice/", "board/", "table/", "guide/", "faq/"):
        warm_page.goto(server + path)
        shown[path] = warm_page.evaluate("[...document.querySelectorAll('.md-top')]"
                                         ".some(button => getComputedStyle(button).display !== 'none')")
    assert shown == {"scorer/": False, "analyser/": False, "practice/": False, "board/": False, "table/": False,
                     "guide/": True, "faq/": True}
    # instant navigation swaps the page's container, the button with it: there and back
    warm_page.evaluate("document.querySelector('a[href$=\"scorer/\"]').click()")
    warm_page.wait_for_selector("[data-scorer-page]")
    assert warm_page.locator(".md-top").count() == 0
    warm_page.go_back()
    warm_page.wait_for_selector("[data-scorer-page]", state="detached")
    assert warm_page.locator(".md-top").count() == 1


# Each paint's time and the largest contentful paint's element, kept from the page's first moment.
PAINTS = """
window.__paints = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__paints[entry.name] = entry.startTime;
}).observe({ type: 'paint', buffered: true });
window.__largest = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__largest.push({ time: entry.startTime, inArticle: !!entry.element?.closest('article') });
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
"""


@pytest.mark.parametrize("path", ["", "table/", "scorer/#hand=4C,5D,5S,6H&starter=TC", "board/", "guide/"])
def test_the_first_paint_holds_the_pages_text_not_the_header_alone(warm_page, server, path):
    """A first paint of the header and the sidebars with the page's text a frame later made the
    largest paint wait for everything fetched in between (issue 43)."""
    page = warm_page
    page.add_init_script(PAINTS)
    page.goto(server + path)
    page.wait_for_function("window.__largest.length > 0 && 'first-contentful-paint' in window.__paints")
    first = page.evaluate("window.__largest[0]")
    assert first["inArticle"], "the first contentful paint was of the header alone"
    assert first["time"] == page.evaluate("window.__paints['first-contentful-paint']")


# Where a question's heading sits after its link is followed: its top against the header's bottom,
# now and after the answers around it have been laid out (they are, only as they come near).
HEADING_TOP = """(id) => new Promise((resolve) => {
    const top = () => document.getElementById(id).getBoundingClientRect().top
        - document.querySelector('.md-header').getBoundingClientRect().bottom;
    const first = top();
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve([first, top()]), 300)));
})"""


@pytest.mark.parametrize("view", [PHONE, DESKTOP], ids=lambda view: view.name)
def test_a_link_to_a_late_question_lands_on_it_and_stays(warm_pages, server, view):
    """The FAQ's answers are laid out only as they come near the screen (base.css): a link to a
    question far down the page, followed from another page or from the page itself, still lands
    exactly on its heading, and the answers laid out around it then move nothing."""
    page = warm_pages(view)
    page.goto(server + "faq/")
    ids = page.locator("article h3[id]").evaluate_all("hs => hs.map((h) => h.id)")
    late, later = ids[-20], ids[-10]  # with pages of answers below: each can reach the top
    page.goto(server + f"faq/#{late}")
    scrolling_ends(page)
    first, settled_top = page.evaluate(HEADING_TOP, late)
    assert 0 <= first < 48 and abs(settled_top - first) < 1, (first, settled_top)
    page.evaluate("(id) => { location.hash = id; }", later)  # a link within the page
    scrolling_ends(page)
    first, settled_top = page.evaluate(HEADING_TOP, later)
    assert 0 <= first < 48 and abs(settled_top - first) < 1, (first, settled_top)


def test_the_faq_is_left_by_a_full_load_and_reached_and_read_by_instant_navigation(warm_page, server):
    """The FAQ starts without instant navigation (its start cost a phone 100-150 ms on that page):
    a link followed from it loads the next page in full, where instant navigation starts again;
    reaching it from another page stays instant, and its links then stay instant too."""
    page = warm_page
    page.goto(server + "faq/")
    page.evaluate("window.__samePage = 'faq'")
    page.locator("article a", has_text="the guide").first.click()
    expect(page).to_have_url(server + "guide/")
    expect(page.locator("h1")).to_contain_text("How to play cribbage")
    assert page.evaluate("window.__samePage") is None  # a full load
    page.evaluate("window.__samePage = 'guide'")
    nav = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link")
    nav.filter(has_text=re.compile(r"^\s*Questions and answers\s*$")).click()
    expect(page).to_have_url(server + "faq/")
    expect(page.locator("h1")).to_contain_text("Questions and answers")
    page.locator("article a", has_text="the guide").first.click()
    expect(page).to_have_url(server + "guide/")
    expect(page.locator("h1")).to_contain_text("How to play cribbage")
    assert page.evaluate("window.__samePage") == "guide"  # both by instant navigation


# For each change to a stylesheet link's href: whether the page's header had been parsed by then.
SHEET_CHANGES = """new MutationObserver((records) => {
  for (const record of records) if (record.target.matches('link[rel~="stylesheet"]'))
    (window.__sheetChanges ||= []).push(document.querySelector('header') !== null);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['href'] });"""
STYLESHEETS = """() => [...document.head.querySelectorAll('link[rel~="stylesheet"]')].map((link) => ({
    href: link.getAttribute('href'), applied: Boolean(link.sheet && link.sheet.cssRules.length),
    kept: link.__kept === true}))"""


def test_the_stylesheets_are_absolute_before_instant_navigation_starts_and_kept_across_it(warm_page, server):
    """Instant navigation sets each relative link again as it starts, and a stylesheet set again
    is parsed again and the whole page restyled: the page makes them absolute first, while nothing
    is styled. Each is fetched once, applied, and kept (not replaced) by an instant navigation."""
    page = warm_page
    page.add_init_script(SHEET_CHANGES)
    fetched: list[str] = []
    page.on("request", lambda request: request.url.endswith(".css") and fetched.append(request.url))
    page.goto(server + "guide/")
    page.wait_for_load_state()
    changes = page.evaluate("window.__sheetChanges")
    assert changes and len(changes) >= 3 and not any(changes), changes  # each before the header was parsed
    sheets = page.evaluate(STYLESHEETS)
    assert len(sheets) >= 3 and all(sheet["href"].startswith(server) and sheet["applied"] for sheet in sheets), sheets
    assert len(fetched) == len(set(fetched)) and len(fetched) >= len(sheets), fetched  # none fetched twice
    page.evaluate("""() => document.head.querySelectorAll('link[rel~="stylesheet"]')
        .forEach((link) => { link.__kept = true; })""")
    nav = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link")
    nav.filter(has_text=re.compile(r"^\s*Every way to score\s*$")).click()
    expect(page).to_have_url(server + "scoring/")
    after = page.evaluate(STYLESHEETS)
    assert [sheet["href"] for sheet in after] == [sheet["href"] for sheet in sheets]
    assert all(sheet["kept"] and sheet["applied"] for sheet in after), after
