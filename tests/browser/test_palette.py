"""The light/dark toggle (overrides/partials/palette.html, javascripts/scheme-early.html and
scheme-toggle.html): the scheme is set before anything is painted, follows the system until the
reader chooses, keeps the choice, switches from the keyboard, and survives an unreadable saved
entry. The reader's other colour setting, four-colour suits, follows them from page to page."""

from __future__ import annotations

from playwright.sync_api import expect

SCHEME = "document.body.dataset.mdColorScheme"
KEY = "__md_scope.pathname + '.__palette'"  # where Material keeps the choice
SAVED = f"localStorage.getItem({KEY})"
VISIBLE_LABEL = "[data-site-palette] label:visible"


def test_the_scheme_follows_the_system_until_the_reader_chooses(warm_page, server):
    page = warm_page
    page.emulate_media(color_scheme="dark")
    page.goto(server + "faq/")
    assert page.evaluate(SCHEME) == "slate"
    # Material's own palette component is not mounted, so it cannot restyle the page a second time.
    assert page.locator('[data-md-component="palette"]').count() == 0
    assert page.evaluate(SAVED) is None  # nothing is stored until the reader chooses
    page.emulate_media(color_scheme="light")
    page.wait_for_function(f"{SCHEME} === 'default'", timeout=5_000)
    assert page.locator(VISIBLE_LABEL).count() == 1
    assert page.locator(VISIBLE_LABEL).get_attribute("title") == "Dark mode"

    page.locator(VISIBLE_LABEL).click()
    assert page.evaluate(SCHEME) == "slate"
    assert '"scheme":"slate"' in page.evaluate(SAVED)
    assert page.locator(VISIBLE_LABEL).get_attribute("title") == "Light mode"
    page.emulate_media(color_scheme="light")  # the reader's choice now wins over the system
    page.reload()
    assert page.evaluate(SCHEME) == "slate"


def test_enter_switches_the_scheme_and_keeps_focus_on_the_toggle(warm_page, server):
    page = warm_page
    page.emulate_media(color_scheme="light")
    page.goto(server + "faq/")
    page.focus("[data-site-palette] input:checked")
    page.keyboard.press("Enter")
    assert page.evaluate(SCHEME) == "slate"
    assert page.evaluate("document.activeElement.id") == "__palette_1"
    page.keyboard.press("Enter")
    assert page.evaluate(SCHEME) == "default"


def test_an_unreadable_saved_scheme_is_kept_and_the_system_scheme_used(warm_page, server):
    page = warm_page
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.emulate_media(color_scheme="dark")
    page.goto(server + "faq/")
    page.evaluate(f"localStorage.setItem({KEY}, '{{broken')")
    page.reload()
    assert page.evaluate(SCHEME) == "slate"
    assert page.evaluate(SAVED) == "{broken"  # reported, not overwritten
    assert any("colour scheme is unreadable" in text for text in warnings), warnings
    page.locator(VISIBLE_LABEL).click()  # a new choice replaces it
    assert page.evaluate(SCHEME) == "default"
    assert '"scheme":"default"' in page.evaluate(SAVED)


def test_four_colour_suits_follow_the_reader_across_pages_and_reloads(warm_page, server):
    """The setting (common/suits.js) colours every page from its first module, and the table's
    checkbox shows it on every view, a view by instant navigation included: Material announces
    those after the page's modules have run (its bundle is deferred)."""
    page = warm_page
    four = "document.documentElement.classList.contains('suits-four')"
    page.goto(server + "table/")
    box = page.locator("input[data-four-colour]")
    assert not box.is_checked() and not page.evaluate(four)
    box.check()
    assert page.evaluate(four)
    page.evaluate("document.querySelector('a[href$=\"guide/\"]').click()")  # instant navigation
    page.wait_for_url("**/guide/")
    assert page.evaluate(four)
    page.evaluate("document.querySelector('a[href$=\"table/\"]').click()")
    page.wait_for_selector("[data-table-page]")
    expect(page.locator("input[data-four-colour]")).to_be_checked()
    page.reload()
    assert page.evaluate(four)
    expect(page.locator("input[data-four-colour]")).to_be_checked()
    page.locator("input[data-four-colour]").uncheck()
    page.goto(server + "faq/")
    assert not page.evaluate(four)
