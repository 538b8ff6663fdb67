"""Sharing and reading in a real browser: copy link under instant navigation, the clipboard
fallback, the share sheet on phones, "Try it" landing, print and the play-sequence layout."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from harness.browser import ENGINE_TIMEOUT, PHONE, new_context, next_frames, wait_until, watch
from harness.pagekinds import KINDS, open_kind


@pytest.fixture
def clipboard_page(browser, server):
    """A fresh context allowed to read the clipboard (a permission is the context's: not a warm one)."""
    context = new_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    page = context.new_page()
    problems = watch(page, server)
    yield page
    context.close()
    assert not problems, problems


def _first_copy_link(page, within: str = ".faq-answer"):
    return page.locator(f"{within} a[data-copy-link]").first


def test_copy_link_on_the_faq_keeps_the_page_and_copies_the_answer_address(clipboard_page, server):
    page = clipboard_page
    page.goto(server + "faq/")
    page.wait_for_function("document.querySelector('a[data-copy-link]').dataset.copyReady === 'true'")
    page.evaluate("window.__samePage = true")
    link = page.locator('[data-faq="crib-flush"] .faq-answer__links a[data-copy-link]')
    link.scroll_into_view_if_needed()
    next_frames(page, 3)  # the answers scrolled near are drawn (content-visibility: auto) before it is measured
    before = page.evaluate("window.scrollY")
    # instant navigation fetches the page it goes to while handling the click: none may go out
    fetched = []
    page.on("request", lambda r: r.url.startswith(server + "faq/crib-flush") and fetched.append(r.url))
    link.click()
    status = page.locator('[data-faq="crib-flush"] .faq-answer__links .copy-link__status')
    status.wait_for(state="visible")
    assert status.inner_text() == "Link copied"
    assert page.url == server + "faq/"  # not navigated away (instant navigation used to take it)
    next_frames(page)
    assert page.url == server + "faq/" and not fetched
    assert page.evaluate("window.__samePage") is True
    assert abs(page.evaluate("window.scrollY") - before) < 5
    assert page.evaluate("navigator.clipboard.readText()") == server + "faq/crib-flush/"
    assert link.get_attribute("role") == "button"
    assert status.get_attribute("role") == "status"


def test_copy_link_works_by_keyboard_on_an_answer_page(clipboard_page, server):
    page = clipboard_page
    page.goto(server + "faq/his-nobs/")
    link = _first_copy_link(page, "[data-faq='his-nobs'] .faq-answer__links")
    page.wait_for_function("document.querySelector('[data-faq=\"his-nobs\"] .faq-answer__links a[data-copy-link]')"
                           ".dataset.copyReady")
    link.focus()
    page.keyboard.press("Space")
    status = page.locator("[data-faq='his-nobs'] .faq-answer__links .copy-link__status")
    status.filter(has_text="Link copied").wait_for()
    assert page.url == server + "faq/his-nobs/"
    assert page.evaluate("navigator.clipboard.readText()") == server + "faq/his-nobs/"
    page.evaluate("navigator.clipboard.writeText('')")
    link.focus()
    page.keyboard.press("Enter")
    wait_until(page, "async () => (await navigator.clipboard.readText()).length > 0", 15_000)
    assert page.evaluate("navigator.clipboard.readText()") == server + "faq/his-nobs/"


@pytest.mark.parametrize("path, selector, address", [
    ("examples/", "[data-example='perfect-29']", "examples/perfect-29/"),
    ("examples/", "[data-play='fifteen-and-a-run']", "examples/#play-fifteen-and-a-run"),
    ("disputes/", "[data-dispute='crib-flush-needs-five']", "disputes/#crib-flush-needs-five"),
    ("glossary/", "dd:has(a[data-copy-link][href$='#go'])", "glossary/#go"),
])
def test_every_kind_of_shareable_thing_copies_its_own_address(clipboard_page, server, path, selector, address):
    page = clipboard_page
    page.goto(server + path)
    link = page.locator(f"{selector} a[data-copy-link]").first
    page.wait_for_function("document.querySelector('a[data-copy-link]').dataset.copyReady === 'true'")
    link.click()
    page.locator(f"{selector} .copy-link__status").first.filter(has_text="Link copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == server + address
    assert page.url == server + path


def test_when_the_clipboard_is_refused_the_address_is_offered_selected(warm_page, server):
    page = warm_page
    page.add_init_script("""
        Object.defineProperty(navigator, 'clipboard',
            {value: {writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError'))}});
    """)
    page.goto(server + "faq/")
    page.wait_for_function("document.querySelector('a[data-copy-link]').dataset.copyReady === 'true'")
    page.locator('[data-faq="crib-flush"] .faq-answer__links a[data-copy-link]').click()
    field = page.locator('[data-faq="crib-flush"] .copy-link__fallback input')
    field.wait_for()
    assert field.input_value() == server + "faq/crib-flush/"
    assert page.evaluate("document.activeElement === "
                         "document.querySelector('[data-faq=\"crib-flush\"] .copy-link__fallback input')")
    selected = page.evaluate("(() => { const f = document.activeElement; "
                             "return f.value.slice(f.selectionStart, f.selectionEnd); })()")
    assert selected == server + "faq/crib-flush/"
    assert page.get_by_label("Copy this link:").count() >= 1  # the field has a name
    status = page.locator('[data-faq="crib-flush"] .faq-answer__links .copy-link__status')
    assert "Could not copy" in status.inner_text()
    assert page.url == server + "faq/"


def test_phones_with_a_share_sheet_share_the_address(warm_pages, server):
    page = warm_pages(PHONE)
    problems = page.problems
    page.add_init_script("""
        window.__shared = [];
        navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
    """)
    page.goto(server + "faq/")
    page.wait_for_function("document.querySelector('a[data-copy-link]').dataset.copyReady === 'true'")
    link = page.locator('[data-faq="crib-flush"] .faq-answer__links a[data-copy-link]')
    assert link.inner_text().startswith("Share link")
    link.tap()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == server + "faq/crib-flush/"
    assert "crib" in shared["title"].lower()
    assert page.url == server + "faq/"
    assert not problems, problems


LAST_DRAWN = {"[data-show-scorer]": "[data-show-starters] table", "[data-play-scorer]": "[data-play-steps] li"}


@pytest.mark.parametrize("viewport", [
    pytest.param({"width": 1280, "height": 900}, id="desktop"),
    pytest.param({"width": 390, "height": 844}, id="phone"),
])
@pytest.mark.parametrize("example, section, result, expected", [
    ("[data-example='perfect-29']", "[data-show-scorer]", "[data-show-result] table", "29"),
    ("[data-play='eight-six-seven']", "[data-play-scorer]", "[data-play-steps] li", "Count"),
])
def test_try_it_lands_at_the_top_of_the_scorer_with_the_result_in_view(warm_page, server, example, section, result,
                                                                       expected, viewport):
    """On a desktop the scorer's section starts at the top; on a phone, where the card picker
    stands between the two, the page lands on the result if the section's top would hide it."""
    page = warm_page
    page.set_viewport_size(viewport)
    page.goto(server + "examples/")
    link = page.locator(f"{example} .try-it a")
    link.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")
    assert page.evaluate("window.scrollY") > 500
    link.click()
    page.wait_for_url("**/scorer/#*=*")
    page.locator(result).first.wait_for(timeout=ENGINE_TIMEOUT)
    # the scorer lands two frames after the last of the linked result is drawn (a hand's starter table)
    page.locator(LAST_DRAWN[section]).first.wait_for(timeout=ENGINE_TIMEOUT)
    next_frames(page, 3)
    header = page.locator(".md-header").bounding_box()["height"]
    top = page.locator(section).bounding_box()["y"]
    if viewport["width"] > 600:
        assert header - 1 <= top <= header + 40, f"the scorer section starts at {top}px, not at the top"
    else:
        assert top <= header + 40, f"the scorer section starts at {top}px, lower than the top"
    shown = page.locator(result).first.bounding_box()["y"]
    assert header - 1 <= shown < viewport["height"] - 80, f"the result starts at {shown}px, not in view"
    assert expected in page.locator(section).inner_text()


def test_a_faq_answer_prints_on_one_page(warm_page, server, tmp_path):
    page = warm_page
    for answer in ("crib-flush", "his-nobs", "average-hand"):
        page.goto(server + f"faq/{answer}/")
        target = tmp_path / f"{answer}.pdf"
        page.pdf(path=str(target), format="A4", print_background=True)
        assert len(PdfReader(target).pages) == 1, answer


RESULTS = {"scorer": "[data-show-result] table", "practice": "[data-quiz='show'] [data-problem]",
           "table": "[data-hand] .card", "examples": "figure.breakdown", "faq-answer": ".faq-answer__short"}


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_printing_hides_controls_and_keeps_results(warm_page, server, kind):
    """Buttons, fields and pickers go; results stay. The table's hand stays too: in print its
    card buttons are just the cards you hold."""
    page = warm_page
    open_kind(page, server, kind)
    page.emulate_media(media="print")
    visible = page.evaluate("""() => [...document.querySelectorAll(
        'button:not(.table__card), input, select, textarea, .picker, .copy-link, .try-it, '
        + '.md-header, .md-sidebar, .md-footer')]
        .filter(e => e.checkVisibility()).map(e => e.outerHTML.slice(0, 80))""")
    assert visible == [], f"{kind.path} prints controls: {visible[:5]}"
    if kind.name in RESULTS:
        assert page.locator(RESULTS[kind.name]).first.is_visible(), f"{kind.path} lost its result in print"


@pytest.mark.parametrize("path", ["guide/", "scoring/", "examples/"])
def test_play_sequences_lie_in_a_row(warm_page, server, path):
    page = warm_page
    page.goto(server + path)
    tops = page.evaluate("""() => [...document.querySelector('.play-sequence').children]
        .map(li => Math.round(li.getBoundingClientRect().top))""")
    assert len(tops) >= 2 and len(set(tops)) == 1, tops
