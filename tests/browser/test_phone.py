"""Phone first: nothing scrolls sideways at 390 and 320 CSS px, and every control is at least
44 x 44 CSS px. Links inside running text keep the size of the text (WCAG's inline exception);
every other control counts, including Material's header buttons and the table's cards."""

from __future__ import annotations

import dataclasses

import pytest
from playwright.sync_api import expect

from harness.browser import NARROW_PHONE, PHONE, module_tab, own_problems
from harness.pagekinds import KINDS, Kind, open_kind

EVERY_PAGE = [Kind(k.name, k.path, k.ready) for k in KINDS] + [
    Kind("scoring", "scoring/"), Kind("faq-all", "faq/"), Kind("disputes", "disputes/"),
    Kind("glossary", "glossary/"), Kind("variants", "variants/"), Kind("score-sheet", "print/score-sheet/"),
    Kind("example-page", "examples/perfect-29/"), Kind("scorer-play", "scorer/#play=TC,9D,7H,go"),
    Kind("strategy", "strategy/"), Kind("deal", "deal/"), Kind("corrections", "corrections/"),
    Kind("sources", "sources/"), Kind("analyser", "analyser/"), Kind("print-index", "print/"),
    Kind("scorer-three-player",
         "scorer/#play=KH,QS,9C,go,AH,go,go,5D,5H,5C,4S,3D,8S,go,go,7H,9D&variant=three-player",
         "[data-play-steps] .play-step:nth-child(17)"),
    Kind("scorer-four-player", "scorer/#play=5H,5S,5C,5D,TH,go,go,go,go,9C,6S&variant=four-player",
         ".play-totals--teams"),
]

SMALL_CONTROLS = """() => {
  const inText = (e) => {
    // A link inside a sentence: its block holds more text than the link itself.
    if (e.tagName !== 'A' || e.closest('nav, .md-header, .md-footer')) return false;
    const block = e.closest('p, li, td, dd, th, figcaption, blockquote');
    return !!block && block.textContent.trim().length > e.textContent.trim().length + 1
      && getComputedStyle(e).display === 'inline';
  };
  const target = (e) => (e.matches('input[type=radio], input[type=checkbox]') && e.closest('label')) || e;
  const found = [];
  for (const e of document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex="0"]')) {
    if (!e.checkVisibility({visibilityProperty: true, opacityProperty: false})) continue;
    const t = target(e);
    const r = t.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;                       // not drawn (skip links, hidden)
    if (r.right <= 0 || r.left >= innerWidth) continue;             // off-canvas drawer
    if (e.closest('.md-sidebar') && !document.querySelector('#__drawer:checked')) continue;
    if (inText(e)) continue;
    if (r.width < 43.5 || r.height < 43.5)
      found.push(`${Math.round(r.width)}x${Math.round(r.height)} ${t.outerHTML.slice(0, 110)}`);
  }
  return found;
}"""


@pytest.fixture(scope="module", params=[PHONE, NARROW_PHONE], ids=lambda v: str(v.width))
def phone_tab(request, warm_contexts):
    """One tab per width for the module's tests."""
    yield from module_tab(warm_contexts, request.param)


@pytest.fixture
def phone(phone_tab):
    """The width's tab, with this test's own list of problems (console errors, other origins): any fails it."""
    yield from own_problems(phone_tab)


@pytest.fixture(scope="module", params=EVERY_PAGE, ids=lambda k: k.name)
def kind(request):
    """A page kind, module-scoped so that pytest runs both checks of a kind one after the other."""
    return request.param


def show_kind(page, server, kind):
    """The kind loaded in the tab, interactive parts and all; not again if the last test left it there."""
    if page.evaluate("window.__kind || ''") != kind.name:
        open_kind(page, server, kind)
        page.evaluate("name => { window.__kind = name; }", kind.name)  # gone with the next page load


def test_nothing_scrolls_sideways(phone, server, kind):
    show_kind(phone, server, kind)
    width = phone.evaluate("document.documentElement.scrollWidth")
    wide = phone.evaluate("""() => [...document.querySelectorAll('.md-content *')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 1 && e.checkVisibility())
        .filter(e => !e.closest('.md-typeset__scrollwrap, pre, .highlight'))
        .slice(0, 5).map(e => e.outerHTML.slice(0, 90))""")
    assert width <= phone.viewport_size["width"], f"{kind.path} is {width}px wide: {wide}"
    assert not phone.problems, phone.problems


def test_every_control_is_44_px(phone, server, kind):
    show_kind(phone, server, kind)
    small = phone.evaluate(SMALL_CONTROLS)
    assert not small, f"{kind.path}: {len(small)} controls under 44x44:\n" + "\n".join(small[:12])


def test_the_score_sheet_fits_a_phone(phone, server):
    phone.goto(server + "print/score-sheet/")
    sheet = phone.locator(".score-sheet").bounding_box()
    assert sheet["x"] >= 0 and sheet["x"] + sheet["width"] <= phone.viewport_size["width"]


# Links set after the text like a list (a glossary entry's "More", its sources, the "Sources:" line
# under an answer, the print index) are not words of a sentence: on a phone each is a 44 px target.
LIST_LINKS = (".glossary dd > a:not(.copy-link):not(.headerlink), .glossary .source-refs a, p.source-refs a, "
              ".print-index a")


@pytest.mark.parametrize("path", ["glossary/", "faq/", "disputes/", "sources/", "corrections/",
                                  "strategy/", "print/"])
def test_list_links_are_44_px_tall_on_a_phone(phone, server, path):
    phone.goto(server + path)
    sizes = phone.evaluate(f"""() => [...document.querySelectorAll({LIST_LINKS!r})]
        .filter(e => e.checkVisibility())
        .map(e => [e.getBoundingClientRect().height, e.getBoundingClientRect().width, e.textContent.trim()])""")
    if path in ("glossary/", "faq/", "print/"):
        assert sizes, f"{path}: no list-style links found: the selector no longer matches the page"
    small = [s for s in sizes if s[0] < 43.5 or s[1] < 43.5]
    assert not small, f"{path}: {len(small)} of {len(sizes)} list links under 44 px: {small[:6]}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_worked_deal_discards_stay_inside_a_320_px_phone(warm_pages, server, scheme):
    page = warm_pages(dataclasses.replace(NARROW_PHONE, scheme=scheme))
    page.goto(server + "deal/")
    boxes = page.evaluate("""() => [...document.querySelectorAll('.worked-deal__discards figure.breakdown')]
        .map(e => e.getBoundingClientRect().right)""")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert boxes, "the worked deal has no discard breakdowns"
    assert max(boxes) <= 320 and width <= 320, f"discards reach {max(boxes)} px, page {width} px"


def test_the_search_clear_button_is_44_px_on_a_phone(phone, server):
    phone.goto(server + "glossary/")
    phone.click("label.md-header__button[for='__search']")
    phone.fill("input.md-search__input", "crib")
    clear = phone.locator("button.md-search__icon[type='reset']")
    clear.wait_for(state="visible")
    box = clear.bounding_box()
    assert box["width"] >= 43.5 and box["height"] >= 43.5, box


def test_the_search_fields_clear_button_is_centred_on_the_field(phone, server):
    """The clear button is a 44 px target; its cross sits level with the query and the back arrow."""
    phone.goto(server + "guide/")
    phone.click('label[for="__search"].md-header__button')
    # typing before the search index is ready is lost: wait for Material's "Type to start searching"
    expect(phone.locator(".md-search-result__meta")).not_to_contain_text("Initializing", timeout=30_000)
    phone.locator(".md-search__input").press_sequentially("nobs")
    phone.wait_for_selector(".md-search-result__meta >> text=matching")
    phone.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")
    field, button, cross = (phone.locator(s).bounding_box() for s in (
        ".md-search__input", ".md-search__options button[type=reset]", ".md-search__options button[type=reset] svg"))
    assert button["height"] >= 43.5 and button["y"] + button["height"] <= field["y"] + field["height"] + 0.5
    middle = field["y"] + field["height"] / 2
    assert abs(cross["y"] + cross["height"] / 2 - middle) <= 2, (field, cross)
    phone.keyboard.press("Escape")
