"""Writes that restyle a page are kept to what changes. The browser restyles on any write of an
attribute, even of the value it had, and a class written on the root restyles every element of the
page (Material's `table:not([class])` rules): Material's marks on the root are put there in the
head (partials/javascripts/js-early.html), and the card picker writes only the buttons whose state
changes (picker.js)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harness.browser import ENGINE_TIMEOUT

# Every write of an attribute on the root, in order, with whether the body had been parsed. (The
# script runs before the root element exists: the document is watched, and the root picked out.)
ROOT_WRITES = """
window.__rootWrites = [];
new MutationObserver((records) => {
  for (const record of records) {
    if (record.target !== document.documentElement) continue;
    window.__rootWrites.push({ name: record.attributeName, old: record.oldValue, body: Boolean(document.body) });
  }
}).observe(document, { attributes: true, attributeOldValue: true, subtree: true });
"""

# The writes that changed something once the body had begun: each write's new value is the old
# value of the next write of the same attribute, or the value it has now.
ROOT_CHANGES_AFTER_THE_HEAD = """() => {
  const writes = window.__rootWrites;
  return writes.filter((write, i) => {
    const next = writes.slice(i + 1).find((later) => later.name === write.name);
    const value = next ? next.old : document.documentElement.getAttribute(write.name);
    return write.body && value !== write.old;
  }).map((write) => `${write.name}: ${write.old} -> ...`);
}"""


@pytest.mark.parametrize("path", ["", "scorer/#hand=4C,5D,5S,6H&starter=TC", "table/?seed=4"])
def test_materials_marks_are_on_the_root_before_the_body(warm_page, server, path):
    page = warm_page
    page.add_init_script(ROOT_WRITES)
    page.goto(server + path)
    page.wait_for_function("window.component$ !== undefined", timeout=ENGINE_TIMEOUT)  # Material's bundle has run
    classes = page.evaluate("[...document.documentElement.classList]")
    assert "js" in classes and "js-focus-visible" in classes and "no-js" not in classes, classes
    assert page.evaluate("document.documentElement.hasAttribute('data-js-focus-visible')")
    assert page.evaluate(ROOT_CHANGES_AFTER_THE_HEAD) == []


def test_a_browser_without_scripts_keeps_no_js(browser, server):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "scorer/")
    root = page.locator("html")
    expect(root).to_have_class("no-js")  # Material's styles for a page with no scripts
    assert page.get_attribute("html", "data-js-focus-visible") is None
    context.close()


# Each write of a picker button's state, by attribute.
PICKER_WRITES = """() => {
  window.__pickerWrites = {};
  new MutationObserver((records) => {
    for (const record of records) {
      window.__pickerWrites[record.attributeName] = (window.__pickerWrites[record.attributeName] || 0) + 1;
    }
  }).observe(document.querySelector('[data-show-picker]'),
             { attributes: true, subtree: true, attributeFilter: ['aria-pressed', 'tabindex'] });
}"""


def test_a_card_picked_writes_only_the_buttons_it_changes(warm_page, server):
    page = warm_page
    page.goto(server + "scorer/")
    picker = page.locator("[data-show-picker]")
    expect(page.locator("[data-scorer-page]")).to_have_attribute("data-engine-state", "ready", timeout=ENGINE_TIMEOUT)
    buttons = picker.locator("button[data-card]")
    stops = buttons.evaluate_all("els => els.map((e) => e.getAttribute('tabindex'))")
    assert stops == ["0"] + ["-1"] * 51  # one tab stop, in the page as served
    page.evaluate(PICKER_WRITES)
    picker.locator('button[data-card="5D"]').click()
    expect(picker.locator('button[data-card="5D"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("[data-show-chosen] [data-card='5D']").first).to_be_attached()
    writes = page.evaluate("window.__pickerWrites")
    # the card pressed, and the tab stop moved from the first card to it
    assert writes == {"aria-pressed": 1, "tabindex": 2}, writes
