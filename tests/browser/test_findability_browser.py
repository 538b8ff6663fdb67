"""Finding a counted example in the browser: the filter narrows the index and the examples."""

from __future__ import annotations

import re


def test_the_filter_narrows_the_index_and_the_examples(warm_page, server):
    page = warm_page
    page.goto(server + "examples/")
    choice = page.get_by_label("Show examples that teach")
    choice.select_option("flush")
    status = page.locator("[data-examples-count]")
    assert re.fullmatch(r"Showing \d+ of \d+ examples\.", status.inner_text())
    shown_rows = page.locator("[data-example-row]:not([data-filtered-out])")
    shown_figures = page.locator("figure[data-example]:not([data-filtered-out])")
    assert 0 < shown_rows.count() < page.locator("[data-example-row]").count()
    assert shown_figures.count() == shown_rows.count()
    for ident in shown_rows.evaluate_all("rows => rows.map(r => r.dataset.exampleRow)"):
        assert "flush" in page.locator(f"figure[data-example='{ident}']").get_attribute("data-teaches")
    assert "teaches=flush" in page.url
    page.reload()
    assert page.get_by_label("Show examples that teach").input_value() == "flush"
    page.get_by_label("Show examples that teach").select_option("")
    assert page.locator("[data-example-row][data-filtered-out]").count() == 0
