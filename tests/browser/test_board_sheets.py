"""The score sheets for three players and for two teams: one page each in A4 and US Letter (as
built, and in the browser's own print preview), with the grid and the tally for each side."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

pytestmark = pytest.mark.browser
SHEETS = {"score-sheet-three": ["Player A", "Player B", "Player C", "Dealer (A / B / C)", "Pegging", "Crib"],
          "score-sheet-teams": ["Team A", "Team B", "Hands", "Pegging", "Crib", "partners"]}
SIZES = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}  # points


@pytest.mark.parametrize("paper", SIZES)
@pytest.mark.parametrize("sheet", SHEETS)
def test_each_new_sheet_is_one_page_of_its_paper(site, sheet, paper):
    reader = PdfReader(site / "print" / f"{sheet}-{paper}.pdf")
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - SIZES[paper][0]) < 1.5 and abs(float(box.height) - SIZES[paper][1]) < 1.5
    text = " ".join(reader.pages[0].extract_text().split())
    for phrase in SHEETS[sheet]:
        assert phrase in text, phrase


@pytest.mark.parametrize("sheet", SHEETS)
def test_the_print_preview_is_one_page_and_the_index_links_it(browser, server, tmp_path, sheet):
    page = browser.new_page()
    page.goto(server + f"print/{sheet}/")
    rows = page.locator(".score-sheet tbody tr").count()
    columns = page.locator(".score-sheet tbody tr").first.locator("td").count()
    for paper in ("A4", "Letter"):
        target = tmp_path / f"{paper}.pdf"
        page.pdf(path=str(target), format=paper, print_background=True)
        assert len(PdfReader(target).pages) == 1, paper
    page.goto(server + "print/")
    links = page.locator(".print-index a").evaluate_all("links => links.map((a) => a.href)")
    page.close()
    assert rows == 20
    assert columns == 1 + 4 * (3 if sheet.endswith("three") else 2)
    assert {f"{server}print/{name}" for name in (f"{sheet}/", f"{sheet}-a4.pdf", f"{sheet}-letter.pdf")} <= set(links)
