"""The printable pages as Chromium's print preview makes them: one page each, no site chrome."""

from __future__ import annotations

import pytest
from pypdf import PdfReader


@pytest.mark.parametrize("sheet", ["rules", "score-sheet"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_browser_print_preview_of_the_served_page_is_one_page(warm_page, server, tmp_path, sheet, paper):
    page = warm_page
    page.goto(server + f"print/{sheet}/")
    target = tmp_path / "preview.pdf"
    page.pdf(path=str(target), format=paper, print_background=True)
    assert len(PdfReader(target).pages) == 1


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_print_index_prints_on_one_page_without_the_site_chrome(warm_page, server, tmp_path, paper):
    page = warm_page
    page.goto(server + "print/")
    target = tmp_path / "index.pdf"
    page.pdf(path=str(target), format=paper, print_background=True)
    reader = PdfReader(target)
    text = " ".join(reader.pages[0].extract_text().split())
    assert len(reader.pages) == 1
    assert "Cribbage: the rules on one page" in text and "Cribbage score sheet" in text
    assert "Table of contents" not in text
