"""What a new player tripped on (issue 20), each in a real browser.

1. a search result tapped on a phone lands on its answer, not at the top;
2. the play scorer refuses a go that cannot happen, and says which goes it takes on trust;
3. the printed rules sheet keeps its labels legible when the site is dark; an empty scorer prints
   on one Letter page; offline, the service worker's PDF never invites a range request;
4. a table that hides columns says so, with a cue, at 320 and 390 px (and fits a desktop);
5. a bad link gets the page's friendly message, never a page error;
6. a right answer after a miss is labelled as such;
7. the home page's cards are whole-card links;
8. rough edges: heading gaps, baselines, radio groups, the score sheet's names, Go and Undo.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cribbage import score_show
from cribbage.backend.quiz import show_problem
from harness.browser import ENGINE_TIMEOUT, engine_ready, wait_until
from harness.browser import PHONE as PHONE_VIEW

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


# --- 1. search lands on the answer ---------------------------------------------------------------

IN_VIEW = """(id) => {
  const target = document.getElementById(id);
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  if (!target) return false;
  const top = target.getBoundingClientRect().top;
  return top >= header - 1 && top < innerHeight / 3;
}"""


WHERE = """(id) => ({scrollY, top: document.getElementById(id)?.getBoundingClientRect().top,
  header: document.querySelector('.md-header').getBoundingClientRect().bottom, innerHeight,
  locked: document.body.hasAttribute('data-md-scrolllock'), target: document.querySelector(':target')?.id ?? null})"""


def lands_on(page, anchor):
    """The heading comes to rest just under the header; if not, where it is and what holds the page."""
    try:
        page.wait_for_function(IN_VIEW, arg=anchor, timeout=5_000)
    except PlaywrightTimeout:
        pytest.fail(f"#{anchor} is not just under the header: {page.evaluate(WHERE, anchor)}")


def search_and_tap(page, query, href):
    narrow = page.viewport_size["width"] < 960
    page.locator("label.md-header__button[for='__search']" if narrow else ".md-search__input").first.click()
    # typing before the search index is ready is lost: wait for Material's "Type to start searching"
    expect(page.locator(".md-search-result__meta")).not_to_contain_text("Initializing", timeout=30_000)
    page.locator(".md-search__input").fill("")
    page.locator(".md-search__input").press_sequentially(query)
    result = page.locator(f".md-search-result__link{href}").first
    expect(result).to_be_visible()
    if narrow:  # as on a phone, where reading the results takes longer than Material's 400 ms
        page.wait_for_function("document.body.hasAttribute('data-md-scrolllock')")
    result.click()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_search_result_lands_on_its_answer(page, server, width):
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(server + "disputes/")
    # a result on the page itself (on a phone Material's search lock swallowed the jump every time)
    search_and_tap(page, "muggins", "[href*='/disputes/'][href$='#do-you-play-muggins']")
    expect(page).to_have_url(re.compile(r"#do-you-play-muggins$"))
    lands_on(page, "do-you-play-muggins")
    # and on another page, deep down it
    search_and_tap(page, "four-card flush crib", "[href*='/faq/'][href$='#crib-flush']")
    expect(page).to_have_url(re.compile(r"/faq/\?h=[^#]*#crib-flush$"))
    lands_on(page, "crib-flush")
    assert page.evaluate("scrollY") > 2_000  # the answer is far down the FAQ


def test_the_search_index_waits_until_search_is_wanted(page, server):
    """Parsing the index holds a phone's main thread: it is fetched at the first search, not on load."""
    fetched = []
    page.on("request", lambda request: fetched.append(request.url) if "search_index" in request.url else None)
    page.goto(server + "guide/")
    page.wait_for_load_state("networkidle")
    assert fetched == []
    with page.expect_request("**/search/search_index.json", timeout=ENGINE_TIMEOUT):
        page.keyboard.press("/")  # Material's key for search focuses the box
    expect(page.locator(".md-search-result__meta")).not_to_contain_text("Initializing", timeout=30_000)
    page.locator(".md-search__input").press_sequentially("muggins")
    expect(page.locator(".md-search-result__link[href*='#do-you-play-muggins']").first).to_be_visible()
    # a page opened from a search result (?h=) highlights the words at once, so asks for the index
    with page.expect_request("**/search/search_index.json", timeout=ENGINE_TIMEOUT):
        page.goto(server + "disputes/?h=muggins")
    expect(page.locator("article mark").first).to_contain_text("muggins", ignore_case=True)


# --- 2. an impossible go -------------------------------------------------------------------------

def test_the_play_scorer_refuses_an_impossible_go(warm_page, server):
    page = warm_page
    page.goto(server + "scorer/#play=AH")
    engine_ready(page, "[data-scorer-page]")
    error, pressed = page.locator("[data-play-error]"), page.locator("[data-play-action-error]")
    totals = page.locator("[data-player-total]")
    expect(page.locator("[data-play-steps] li")).to_have_count(1)
    page.click("[data-play-go]")  # the dealer says go at 1 with four cards in hand
    # said beside the Go button that was pressed
    expect(pressed).to_contain_text("at a count of 1 every card fits")
    expect(pressed).to_contain_text("the dealer still holds 4 cards")
    expect(page.locator("[data-play-steps] li")).to_have_count(1)  # nothing was laid or pegged
    # the slip from the issue: a go with the eight still to come gave the dealer 6
    page.fill("#play-cards", "4c 4d 4h 3s kh go 6s 9d go 8c")
    page.press("#play-cards", "Enter")
    expect(error).to_contain_text("at a count of 9 every card fits")  # under the typed sequence
    expect(pressed).to_be_hidden()
    expect(totals).to_have_text(["8", "4"])  # what the typed cards before the refused go pegged
    expect(page.locator("[data-play-steps] li")).to_have_count(10)  # as typed: 8 scored, the go refused, the 8C
    expect(page.locator(".play-step--refused")).to_contain_text("Go")
    # a go the scorer cannot prove false is taken on the player's word, and it says so
    page.fill("#play-cards", "tc 9d 7h go")
    page.press("#play-cards", "Enter")
    expect(error).to_be_hidden()
    expect(page.locator(".play-step__claim")).to_have_text(
        "no card worth 5 or less: taken on the dealer's word (the scorer cannot see the hand)")


# --- 3. printing while the site is dark ----------------------------------------------------------

def luminance(gray: int) -> float:
    c = gray / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def raster(pdf: bytes, folder: Path, dpi: int) -> tuple[int, int, bytes]:
    (folder / "sheet.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-singlefile", str(folder / "sheet.pdf"),
                    str(folder / "page")], check=True)
    header = (folder / "page.pgm").read_bytes().split(b"\n", 3)  # P5, width height, max value, pixels
    width, height = map(int, header[1].split())
    return width, height, header[3][: width * height]


def label_boxes(folder: Path) -> list[tuple[str, float, float, float, float]]:
    """The example lines' labels (Hand / Crib / Play before the cards, starter between them), in
    PDF points, from pdftotext's word boxes."""
    html = subprocess.run(["pdftotext", "-bbox", str(folder / "sheet.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    words = [(m.group(5), *map(float, m.group(1, 2, 3, 4))) for m in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', html)]
    card = lambda i: 0 <= i < len(words) and bool(re.search("[♠♥♦♣]", words[i][0]))
    return [w for i, w in enumerate(words) if (w[0] in ("Hand", "Crib", "Play") and card(i + 1))
            or (w[0] == "starter" and card(i - 1) and card(i + 1))]


def test_the_rules_sheet_prints_legibly_from_the_dark_scheme(warm_page, server):
    page = warm_page
    page.emulate_media(color_scheme="dark")
    page.goto(server + "print/rules/")
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"  # the site is dark
    dpi = 150
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        width, height, pixels = raster(page.pdf(prefer_css_page_size=True), folder, dpi)
        labels = label_boxes(folder)
        assert len(labels) >= 10, labels  # six example lines: each a Hand/Crib/Play, most a starter
        scale = dpi / 72
        for word, x0, y0, x1, y1 in labels:
            box = [pixels[y * width + x] for y in range(int(y0 * scale), int(y1 * scale) + 1)
                   for x in range(int(x0 * scale), int(x1 * scale) + 1)]
            ratio = (luminance(max(box)) + 0.05) / (luminance(min(box)) + 0.05)
            assert ratio >= 4.5, f"{word!r} at ({x0:.0f}, {y0:.0f}) pt prints at {ratio:.2f}:1"
        # with background graphics on, the page stays white to its edges (no dark border)
        width, height, pixels = raster(page.pdf(prefer_css_page_size=True, print_background=True), folder, 20)
        edges = [pixels[i] for i in range(width)] + [pixels[(height - 1) * width + i] for i in range(width)]
        assert min(edges) > 240, f"the sheet's edge prints at gray {min(edges)}"


def test_a_scorer_prints_what_it_counted_and_not_its_empty_half(warm_page, server):
    page = warm_page
    page.goto(server + "scorer/#hand=5H,5S,5C,JD&starter=5D")
    expect(page.locator("[data-show-result] .breakdown__total")).to_have_text("29", timeout=ENGINE_TIMEOUT)
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "scorer.pdf"
        path.write_bytes(page.pdf(format="Letter"))
        text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    assert "Said aloud" in text and "29" in text  # the hand's breakdown prints
    # the play scorer holds nothing: on Letter its empty totals table took a page of its own
    assert "Points pegged in the play" not in text and "Score the play" not in text


def test_offline_a_sheet_in_the_pdf_viewer_finds_its_icon(page, server):
    """A PDF open in the browser's viewer is not a page naming its icon, so the browser asks for
    /favicon.ico; the site had none, and offline that request failed (ERR_INTERNET_DISCONNECTED)."""
    page.goto(server + "print/rules/")
    wait_until(page, """async () => navigator.serviceWorker.controller !== null
        && !!(await caches.match(new URL('../rules-a4.pdf', location.href).href))""", 60_000)
    page.context.set_offline(True)
    icon = page.evaluate("""fetch('/favicon.ico').then(async (r) =>
        [r.status, new Uint8Array(await r.arrayBuffer()).slice(0, 4).join(',')])""")
    page.context.set_offline(False)
    assert icon == [200, "0,0,1,0"], icon  # an ICO file's header: reserved 0, type 1


# --- 4. wide tables ------------------------------------------------------------------------------

RECORD = {"version": 1, "counted": ["a"], "levels": {"normal": {
    "games": 3, "wins": 2, "losses": 1, "skunks_given": 1, "skunks_taken": 0, "double_given": 0,
    "double_taken": 0, "deals": 24, "cribs": [12, 12],
    "points": [{"pegging": 100, "hand": 180, "crib": 60, "heels": 2, "muggins": 0},
               {"pegging": 90, "hand": 170, "crib": 55, "heels": 0, "muggins": 0}]}}}

# Every table in the content whose scroll box hides columns, and whether a cue shows on that side.
CLIPPED = """() => [...document.querySelectorAll('.md-content table')].filter((t) => t.checkVisibility()).map((t) => {
  let box = t.closest('.md-typeset__scrollwrap') || t;
  while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
  if (!box || box.scrollWidth <= box.clientWidth + 1) return null;
  const cue = box.parentElement.matches('.scroll-cue') ? box.parentElement : null;
  const shown = (side) => !!cue && getComputedStyle(cue, side).content !== 'none';
  const end = box.scrollLeft < box.scrollWidth - box.clientWidth - 1, start = box.scrollLeft > 1;
  return {table: (t.querySelector('th') || t).textContent.trim().slice(0, 30),
          cued: (!end || shown('::after')) && (!start || shown('::before')), focusable: box.tabIndex >= 0};
}).filter(Boolean)"""


@pytest.mark.parametrize("width", [320, 390])
def test_no_table_hides_a_column_without_a_cue(warm_page, server, width):
    page = warm_page
    page.add_init_script(f"localStorage.setItem('cribbage.table.record.v1', {json.dumps(json.dumps(RECORD))})")
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(server + "strategy/")
    if width == 320:  # the cues are drawn by a module that loads after the first paint
        page.wait_for_function("() => document.querySelector('.md-content .scroll-cue')")
    clipped = page.evaluate(CLIPPED)
    if width == 390:  # the advice tables' phone layout fits all five columns ("Net" was cut to "Ne…")
        assert clipped == [], clipped
    else:  # narrower, they scroll, and say so
        assert clipped and all(c["cued"] and c["focusable"] for c in clipped), clipped
    # the table page's record, drawn after the page loads: cued on a phone, whole on a desktop
    page.goto(server + "table/")
    expect(page.locator("[data-record] table")).to_be_visible()
    page.wait_for_function("() => document.querySelector('[data-record] .scroll-cue[data-more]')")
    clipped = page.evaluate(CLIPPED)
    assert clipped and all(c["cued"] and c["focusable"] for c in clipped), clipped
    # scrolled to its end, the cue moves to the side that now hides columns
    cue = page.locator("[data-record] .scroll-cue")
    cue.locator(":scope > *").evaluate("(b) => b.scrollTo({left: b.scrollWidth, behavior: 'instant'})")
    expect(cue).to_have_attribute("data-more", "start")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_function("() => !document.querySelector('[data-record] .scroll-cue[data-more]')")
    assert page.evaluate(CLIPPED) == []  # "Crib" was cut off at 1280


# --- 5. bad links --------------------------------------------------------------------------------

def test_a_bad_analyser_link_says_so_and_throws_nothing(warm_page, server):
    page = warm_page
    error = page.locator("[data-analyser-error]")
    page.goto(server + "analyser/#deal=%ZZ")
    expect(error).to_have_text("This link does not describe a deal of six cards, so nothing was analysed.")
    for fragment in ("%", "%E0%A4%A", "deal=%ZZ&dealer=1", "no-such-section"):
        error.evaluate("(e) => { e.textContent = ''; e.hidden = true; }")
        page.evaluate("(f) => { location.hash = f; }", fragment)  # a hash change, not a load
        expect(error).to_have_text(re.compile("does not describe a deal"))
    # a deal that is nearly right says what is wrong with it, as text
    page.evaluate("(f) => { location.hash = f; }", "deal=5H,5S,6C,7D,JD,KC&dealer=9")
    expect(error).to_contain_text("deal of six cards (the dealer is “9”: dealer=1 is you, dealer=0 your opponent)")
    page.evaluate("(f) => { location.hash = f; }", "deal=5H,5S,6C,7D,JD,<i>x</i>&dealer=1")
    expect(error).to_contain_text("“<i>x</i>” is not a card")
    assert error.locator("i").count() == 0
    # an anchor on the page is not a bad link
    error.evaluate("(e) => { e.textContent = ''; e.hidden = true; }")
    page.evaluate("location.hash = document.querySelector('.md-content [id]').id")
    expect(error).to_be_hidden()
    assert not page.problems  # no "URI malformed"


# The element below the sticky header and above the screen's foot.
ON_SCREEN = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= document.querySelector('.md-header').getBoundingClientRect().bottom - 1
    && box.bottom <= innerHeight;
}"""


def test_a_bad_analyser_link_on_a_phone_shows_its_message(warm_pages, server):
    """The message is under the box, above the picker: the page lands on it, and a link followed
    on the page brings it into view."""
    page = warm_pages(PHONE_VIEW)
    error = page.locator("[data-analyser-error]")
    page.goto(server + "analyser/#deal=ZZ")
    expect(error).to_contain_text("(“ZZ” is not a card)")
    page.wait_for_function(ON_SCREEN, arg="[data-analyser-error]")
    page.evaluate("window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'})")
    page.evaluate("(f) => { location.hash = f; }", "deal=5S,5H,KH,KC,AH,AH&dealer=1")
    expect(error).to_contain_text("(AH is in it twice)")
    page.wait_for_function(ON_SCREEN, arg="[data-analyser-error]")


def test_a_practice_link_with_an_unknown_level_gets_fresh_problems(warm_page, server):
    page = warm_page
    page.goto(server + "practice/#show/zzz/42")
    notice = page.locator("[data-practice-notice]")
    expect(notice).to_have_text("This link does not describe a practice problem, so here are fresh ones.")
    show = page.locator("[data-quiz='show']")
    expect(show.locator("[data-show-level]")).to_have_value("standard")  # never a blank level
    expect(show.locator("[data-problem] .card").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    expect(show.locator("[data-feedback]")).not_to_contain_text("unknown level")
    # a bad link followed on the page says so too, and a good one shows its problem
    notice.evaluate("(e) => { e.textContent = ''; }")
    page.evaluate("location.hash = 'play/%E0%A4%A'")
    expect(notice).to_contain_text("does not describe a practice problem")
    page.evaluate("location.hash = 'show/expert/7'")
    expect(show).to_have_attribute("data-seed", "7")
    expect(show.locator("[data-show-level]")).to_have_value("expert")


# --- 6. right after a miss -----------------------------------------------------------------------

def test_a_right_answer_after_a_miss_counts_as_missed(warm_page, server):
    page = warm_page
    problem = show_problem("standard", 42)
    total = score_show(problem.hand, problem.starter, is_crib=problem.is_crib).total
    page.goto(server + "practice/#show/standard/42")
    show = page.locator("[data-quiz='show']")
    expect(show).to_have_attribute("data-seed", "42", timeout=ENGINE_TIMEOUT)
    answer, verdict = show.locator("[data-total]"), show.locator(".verdict__line")
    answer.fill(str(total + 1))
    answer.press("Enter")
    expect(verdict).to_contain_text("✗ Not quite.")
    answer.fill(str(total))
    answer.press("Enter")
    expect(verdict).to_contain_text("✓ Right, but this one counts as missed")
    expect(page.locator("[data-progress]")).to_contain_text("Count the show: 0 of 1 (0%)")
    # the rules quiz: the wrong choice, then the right one
    item = page.locator("[data-rules-question]:not([hidden])").first
    right = item.get_attribute("data-answer")
    item.locator(f"[data-choice='{'no' if right == 'yes' else 'yes'}']").click()
    item.locator(f"[data-choice='{right}']").click()
    expect(item.locator(".rules-quiz__verdict")).to_have_text(re.compile("^✓ Right, but this one counts as missed"))
    page.reload()  # kept as it was answered
    item = page.locator(f"[data-rules-question='{item.get_attribute('data-rules-question')}']")
    expect(item.locator(".rules-quiz__verdict")).to_have_text(re.compile("counts as missed"))


# --- 7. the home page's cards --------------------------------------------------------------------

CARDS = """() => [...document.querySelectorAll('.md-content ul.tools > li')].map((card) => {
  const links = card.querySelectorAll('a');
  card.scrollIntoView({block: 'center', behavior: 'instant'});  // a point off screen hits nothing
  const box = card.getBoundingClientRect();
  // the whole card is the link: its corners and its middle all hit it
  const points = [[box.left + 3, box.top + 3], [box.right - 3, box.bottom - 3],
                  [box.left + box.width / 2, box.top + box.height / 2]];
  const hits = points.every(([x, y]) => {
    const e = document.elementFromPoint(x, y);
    return !!e && !!e.closest('a') && e.closest('a') === links[0];
  });
  return {name: links[0] && links[0].querySelector('.tools__name').textContent, links: links.length, hits,
          width: box.width, height: box.height, href: links[0] && links[0].getAttribute('href')};
})"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_home_page_cards_are_whole_card_links(warm_page, server, width):
    page = warm_page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server)
    cards = page.evaluate(CARDS)
    names = [c["name"] for c in cards]
    assert names[:4] == ["Scorer", "Discard analyser", "Practice", "The table"], names
    assert {"The board", "Print sheets"} <= set(names), names
    for card in cards:
        assert card["links"] == 1 and card["hits"], card
        assert card["height"] >= 44 and card["width"] >= 44, card
    hrefs = {c["name"]: c["href"] for c in cards}
    assert hrefs["Discard analyser"].endswith("/analyser/") and hrefs["Print sheets"].endswith("/print/")
    page.locator("ul.tools a", has_text="Print sheets").click()  # the whole card navigates
    expect(page).to_have_url(server + "print/")


# --- 8. rough edges ------------------------------------------------------------------------------

# How far the last line of each text box sits from the heading's bottom: a heading whose permalink
# wrapped onto a line of its own is a line taller than its text.
HEADING_SLACK = """() => [...document.querySelectorAll('.md-content h3[id]')].slice(0, 12).map((h) => {
  const range = document.createRange();
  range.selectNodeContents(h.firstChild);
  return h.getBoundingClientRect().bottom - range.getBoundingClientRect().bottom;
})"""
# The bottom of a text node's last line box (its baseline sits a fixed distance above it).
TEXT_BOTTOM = """(e) => {
  const t = [...e.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim())
    || e.firstChild.firstChild || e.firstChild;
  const r = document.createRange();
  r.selectNodeContents(t);
  const rects = r.getClientRects();
  return rects[rects.length - 1].bottom;
}"""


def test_the_faq_reads_evenly_on_a_phone(warm_page, server):
    page = warm_page
    page.set_viewport_size(PHONE)
    page.goto(server + "faq/")
    slack = page.evaluate(HEADING_SLACK)
    assert max(slack) < 12, slack  # no empty permalink line under a question
    answer = page.locator(".faq-answer").first
    label, source = answer.locator(".source-refs__label"), answer.locator(".source-refs a").first
    assert abs(label.evaluate(TEXT_BOTTOM) - source.evaluate(TEXT_BOTTOM)) < 1.5  # "Sources:" on the links' line
    more, link = answer.locator(".faq-answer__links > span").first, answer.locator(".faq-answer__links a").first
    assert abs(more.evaluate(TEXT_BOTTOM) - link.evaluate(TEXT_BOTTOM)) < 1.5  # "Read more:" too
    # "Link copied" beside its link, where there is room for both on one line
    page.set_viewport_size({"width": 1280, "height": 900})
    status = answer.locator(".copy-link__status")
    status.evaluate("(e) => { e.textContent = 'Link copied'; }")
    copy = answer.locator(".copy-link")
    assert abs(status.evaluate(TEXT_BOTTOM) - copy.evaluate(TEXT_BOTTOM)) < 1.5  # on the link's line


LINES = ("(e) => { const r = document.createRange(); r.selectNodeContents(e.firstChild);"
         " return r.getClientRects().length; }")


def test_phone_forms_keep_their_options_and_names_together(warm_page, server):
    page = warm_page
    page.set_viewport_size(PHONE)
    page.goto(server + "print/score-sheet/")
    for name in ("Player A:", "Player B:", "Date:"):
        field = page.locator(".sheet-field", has_text=name)
        lines = field.evaluate(LINES)
        assert lines == 1, f"{name} is split over {lines} lines"
    page.goto(server + "scorer/#play=TC")
    engine_ready(page, "[data-scorer-page]")
    for group in ("scorer-kind", "scorer-target"):
        tops = page.locator(f"label:has(input[name='{group}'])").evaluate_all(
            "(labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, f"the {group} options wrap: {tops}"
    # the play scorer's Go and Undo sit below the cards, next to the count and the totals
    # measured in one frame: the page may still be landing on the linked play
    box = page.evaluate("""() => Object.fromEntries(['[data-play-picker]', '[data-play-go]', '[data-play-undo]',
        '[data-play-totals]'].map((s) => [s, document.querySelector(s).getBoundingClientRect().toJSON()]))""")
    picker, go, undo, totals = (box[s] for s in ("[data-play-picker]", "[data-play-go]", "[data-play-undo]",
                                                 "[data-play-totals]"))
    assert go["top"] >= picker["bottom"] and undo["top"] >= picker["bottom"]
    assert totals["bottom"] - go["top"] < PHONE["height"] / 2  # one glance: Go and its result
    page.click("[data-play-go]")  # a go at 10 with cards in hand: refused beside the button, in view
    refusal = page.locator("[data-play-action-error]")
    expect(refusal).to_contain_text("every card fits")
    top = "(s) => document.querySelector(s).getBoundingClientRect().top"
    apart = page.evaluate(f"""() => {{ const top = {top};  // one frame, scrolling or not
        return Math.abs(top('[data-play-action-error]') - top('[data-play-go]')); }}""")
    assert apart < PHONE["height"] / 2, apart


# --- found on a fresh pass: a keyboard-only player on a 320 px phone ------------------------------

def test_a_keyboard_on_a_phone_reaches_the_cards_without_the_closed_drawer(warm_page, server):
    page = warm_page
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(server)
    passed = []
    for _ in range(10):
        page.keyboard.press("Tab")
        where = page.evaluate("""() => { const e = document.activeElement;
            return e.closest('ul.tools') ? 'card' : e.closest('.md-sidebar--primary') ? 'drawer'
              : e.closest('.md-search__output') ? 'search results'
              : e.tagName + ' ' + e.textContent.trim().slice(0, 20); }""")
        if where == "card":
            break
        passed.append(where)
    assert where == "card", f"ten tab stops and no card yet: {passed}"
    assert "drawer" not in passed and "search results" not in passed, passed  # closed, off screen
    page.click("label.md-header__button[for='__drawer']")  # an open drawer is reached as before
    link = page.locator(".md-sidebar--primary a.md-nav__link", has_text="Scorer").first
    expect(link).to_be_visible()
    link.focus()
    assert link.evaluate("(e) => e === document.activeElement")


def test_the_hand_link_shows_only_once_a_hand_is_counted_and_moves_nothing(warm_page, server):
    page = warm_page
    page.set_viewport_size(PHONE)
    page.goto(server + "scorer/")
    engine_ready(page, "[data-scorer-page]")
    link = page.locator("[data-show-link]")
    expect(link).to_be_hidden()  # nothing counted yet: nothing to link to
    assert link.evaluate("a => a.tabIndex < 0 || getComputedStyle(a).visibility === 'hidden'")
    below = page.locator("#scorer-help")
    page_y = "e => e.getBoundingClientRect().top + scrollY"  # the count scrolls its result into view
    before = below.evaluate(page_y)
    page.locator("#scorer-cards").fill("5H 5S 5C JD")
    page.locator("#scorer-starter").fill("5D")
    page.locator("[data-show-scorer] button[type='submit']").click()
    expect(link).to_be_visible()
    assert below.evaluate(page_y) == before  # its room was held: the help line did not move
